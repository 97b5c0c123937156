"""Probability trees: the next cards as branches with exact probabilities that multiply along a path."""

from fractions import Fraction

import streamlit as st

from flip7odds_ui.cache import tree
from flip7odds_ui.shell import chosen, init_widget, page_link, set_page_parameters, start_page, stop_if_vengeance
from flip7odds_ui.teaching import demo_link, show_figure, show_rows, show_tree_key, side_by_side, teaching_sidebar

t, rules = start_page()
stop_if_vengeance(t)

from flip7odds.engine import Termination
from flip7odds.errors import Flip7Error
from flip7odds.i18n import N_
from flip7odds.teaching import (
    FLIP_THREE_DRAWS,
    MAX_CARD_TREE_DRAWS,
    Grouping,
    TreeNode,
    TreeStart,
)
from flip7odds.teaching_charts import ENDING_LABELS, branch_label, tree_figure

STARTS: dict[TreeStart, str] = {
    TreeStart.HIT: N_("If I keep hitting"),
    TreeStart.FLIP_THREE: N_("A Flip Three played on me now"),
}
# Which cards the tree shows, as the page offers it (message ids).
GROUPINGS: dict[Grouping, str] = {
    Grouping.OUTCOME: N_("by what the card does"),
    Grouping.CARD: N_("one per card"),
}
# How the branches are grouped, as the page offers it (message ids).


def path_text(node: TreeNode) -> str:
    """A leaf's path in words."""
    return " → ".join(branch_label(branch, t, rules) for branch in node.path)


link = page_link(t, "trees")
init_widget("start", TreeStart(link.text("start")))
init_widget("draws", int(link.text("cards")))
init_widget("grouping", Grouping(link.text("branches")))

situation_text, choice = teaching_sidebar(t, link)

st.title(t("Probability trees: the next cards"))
st.markdown(t("Each column is one more card, from left to right. A branch's probability is counted from the cards left at that point; along "
              "a path the probabilities **multiply**, and the leaves **add up to exactly 1**."))
columns = st.columns(3)
start: TreeStart = chosen(columns[0].radio(t("Cards"), list(TreeStart), key="start", horizontal=True,
                         format_func=lambda s: t(STARTS[s])))
draws: int = chosen(columns[1].radio(t("How many cards"), [1, 2, 3], key="draws", horizontal=True,
                         disabled=start is TreeStart.FLIP_THREE))
grouping: Grouping = chosen(columns[2].radio(t("Branches"), list(Grouping), key="grouping", horizontal=True,
                            format_func=lambda g: t(GROUPINGS[g])))
shown_draws, shown_grouping = (FLIP_THREE_DRAWS if start is TreeStart.FLIP_THREE else draws), grouping
if grouping is Grouping.CARD and shown_draws > MAX_CARD_TREE_DRAWS:
    if start is TreeStart.FLIP_THREE:
        st.info(t("One branch per card makes too many branches for three cards: showing branches by what the card "
                  "does."))
        shown_grouping = Grouping.OUTCOME
    else:
        st.info(t.ngettext("One branch per card makes too many branches beyond {limit} card: showing {limit}.",
                           "One branch per card makes too many branches beyond {limit} cards: showing {limit}.",
                           MAX_CARD_TREE_DRAWS).format(limit=MAX_CARD_TREE_DRAWS))
        shown_draws = MAX_CARD_TREE_DRAWS

params = situation_text.to_params() | {"start": start.value, "cards": str(draws), "branches": grouping.value}
if st.session_state.present:
    params["present"] = "1"
set_page_parameters(params)

try:
    result = tree(situation_text, shown_draws, start, shown_grouping)
except Flip7Error as error:
    st.error(t.markdown_error(error))
    st.stop()

bust, flip7 = result.probability_of(Termination.BUST), result.probability_of(Termination.FLIP_7)
going = sum((leaf.probability for leaf in result.leaves if leaf.ending is None), Fraction(0))
# On a projector the tree takes the whole width and its table comes below, in the room's type size.
chart, side = side_by_side(3, 2)
with chart:
    show_tree_key(t)
    show_figure("tree", lambda font_size: tree_figure(result, font_size, t, rules))
with side:
    # Side by side as wide as each is (a row that wraps), not three equal columns: a third of the side column
    # at 1280 px is narrower than "55,91 %" in the metrics' type, which then broke onto two lines.
    with st.container(horizontal=True, gap="medium"):
        for label, value in zip((t("P(bust)"), t("P(Flip 7)"), t("P(goes on)")), (bust, flip7, going)):
            st.metric(label, t.percent(float(value), 2), str(value), delta_color="off", delta_arrow="off",
                      width="content")
    st.markdown(t.ngettext("The {count} leaf adds up to exactly **{total}**.",
                           "The {count} leaves add up to exactly **{total}**.", len(result.leaves)).format(
        count=len(result.leaves), total=result.leaf_total))
    show_rows([{
        t("Path"): path_text(leaf),
        t("Probability (exact)"): str(leaf.probability),
        "≈": t.percent(float(leaf.probability), 3),
        t("Round"): t("goes on") if leaf.ending is None else t(ENDING_LABELS[leaf.ending]),
    } for leaf in sorted(result.leaves, key=lambda leaf: -leaf.probability)])
st.caption(demo_link(t, params))

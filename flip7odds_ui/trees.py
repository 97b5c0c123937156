"""The trees page's parts: which tree to draw (the cards, how many, how the branches are grouped), the tree that can
be shown, and the tree beside its numbers and its leaves' table."""

from fractions import Fraction

import streamlit as st

from flip7odds.engine import Termination
from flip7odds.i18n import N_, Translator
from flip7odds.links import Link
from flip7odds.rules import RuleSet
from flip7odds.teaching import FLIP_THREE_DRAWS, MAX_CARD_TREE_DRAWS, Grouping, ProbabilityTree, TreeNode, TreeStart
from flip7odds.teaching_charts import ENDING_LABELS, branch_label, tree_figure
from flip7odds_ui.shell import chosen, init_widget
from flip7odds_ui.teaching import show_figure, show_rows, show_tree_key, side_by_side

STARTS: dict[TreeStart, str] = {
    TreeStart.HIT: N_("If I keep hitting"),
    TreeStart.FLIP_THREE: N_("A Flip Three played on me now"),
}
"""Which cards the tree shows, as the page offers it (message ids)."""
GROUPINGS: dict[Grouping, str] = {
    Grouping.OUTCOME: N_("by what the card does"),
    Grouping.CARD: N_("one per card"),
}
"""How the branches are grouped, as the page offers it (message ids)."""


def choose_tree(t: Translator, rules: RuleSet, link: Link) -> tuple[TreeStart, int, Grouping]:
    """The tree asked for, three choices on one row (first from the page's ``link``): the cards (hits or a Flip
    Three; With a Vengeance hits only, `flip7odds.vengeance.trees`), how many of them (a Flip Three's are three), and
    the branches' grouping."""
    starts = [TreeStart.HIT] if rules.vengeance else list(TreeStart)
    linked = TreeStart(link.text("start"))
    if linked not in starts:
        st.info(t("With a Vengeance the tree shows the next cards if you keep hitting."))
    init_widget("start", linked if linked in starts else TreeStart.HIT)
    init_widget("draws", int(link.text("cards")))
    init_widget("grouping", Grouping(link.text("branches")))
    columns = st.columns(3)
    start: TreeStart = chosen(columns[0].radio(t("Cards"), starts, key="start", horizontal=True,
                                               format_func=lambda s: t(STARTS[s])))
    draws: int = chosen(columns[1].radio(t("How many cards"), [1, 2, 3], key="draws", horizontal=True,
                                         disabled=start is TreeStart.FLIP_THREE))
    grouping: Grouping = chosen(columns[2].radio(t("Branches"), list(Grouping), key="grouping", horizontal=True,
                                                 format_func=lambda g: t(GROUPINGS[g])))
    return start, draws, grouping


def shown_tree(t: Translator, start: TreeStart, draws: int, grouping: Grouping) -> tuple[int, Grouping]:
    """The cards and the grouping of the tree that is drawn: the one asked for, except that one branch per card is
    drawn to `MAX_CARD_TREE_DRAWS` cards at most (beyond, a Flip Three's branches are grouped by what the card does,
    and hits are cut to that many), which the page then says."""
    shown_draws = FLIP_THREE_DRAWS if start is TreeStart.FLIP_THREE else draws
    if grouping is not Grouping.CARD or shown_draws <= MAX_CARD_TREE_DRAWS:
        return shown_draws, grouping
    if start is TreeStart.FLIP_THREE:
        st.info(t("One branch per card makes too many branches for three cards: showing branches by what the card "
                  "does."))
        return shown_draws, Grouping.OUTCOME
    st.info(t.ngettext("One branch per card makes too many branches beyond {limit} card: showing {limit}.",
                       "One branch per card makes too many branches beyond {limit} cards: showing {limit}.",
                       MAX_CARD_TREE_DRAWS).format(limit=MAX_CARD_TREE_DRAWS))
    return MAX_CARD_TREE_DRAWS, grouping


def path_text(t: Translator, rules: RuleSet, node: TreeNode) -> str:
    """A leaf's path in words."""
    return " → ".join(branch_label(branch, t, rules) for branch in node.path)


def show_tree(t: Translator, rules: RuleSet, result: ProbabilityTree) -> None:
    """The tree under its key, and beside it the chances that the round busts, reaches Flip 7 or goes on, and its
    leaves, most likely first, with their exact probabilities (they add up to exactly 1)."""
    bust, flip7 = result.probability_of(Termination.BUST), result.probability_of(Termination.FLIP_7)
    going = sum((leaf.probability for leaf in result.leaves if leaf.ending is None), Fraction(0))
    # On a projector the tree takes the whole width and its table comes below, in the room's type size.
    chart, side = side_by_side(3, 2)
    with chart:
        show_tree_key(t, rules.vengeance)
        if rules.vengeance:
            st.caption(t("With a Vengeance: an action card (orange) ends its branch though your round goes on: what "
                         "follows depends on whom you play it on. A modifier never changes your numbers: the tree goes "
                         "on as if you kept it."))
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
            t("Path"): path_text(t, rules, leaf),
            t("Probability (exact)"): str(leaf.probability),
            "≈": t.percent(float(leaf.probability), 3),
            t("Round"): t("goes on") if leaf.ending is None else t(ENDING_LABELS[leaf.ending]),
        } for leaf in sorted(result.leaves, key=lambda leaf: -leaf.probability)])

"""Probability trees: the next cards as branches with exact probabilities that multiply along a path."""

from fractions import Fraction
from urllib.parse import urlencode

import streamlit as st

from app_support import current_rules, run_through_app, set_page_parameters, teaching_sidebar

run_through_app()

from flip7odds.engine import Termination
from flip7odds.errors import Flip7Error
from flip7odds.teaching import (
    FLIP_THREE_DRAWS,
    MAX_CARD_TREE_DRAWS,
    Grouping,
    PileChoice,
    ProbabilityTree,
    SituationText,
    TreeNode,
    TreeStart,
    probability_tree,
)
from flip7odds.teaching_charts import ENDING_LABELS, EVENT_LABELS, tree_figure

TEXT = {
    "title": "Probability trees: the next cards",
    "intro": "Each ring is one more card. A branch's probability is counted from the cards left at that point; "
             "along a path the probabilities **multiply**, and the leaves **add up to exactly 1**.",
    "present": "Presentation mode",
    "situation": "Situation",
    "pile": "Pile",
    "pile_fresh": "Fresh deck",
    "pile_numbers": "Numbers only (79)",
    "pile_custom": "Custom pile",
    "pile_text": "Pile, in card notation",
    "line": "Your line (empty: a new round)",
    "seen": "Cards seen, out of the pile",
    "alone": "No other player is active (alone)",
    "start": "Cards",
    "start_hit": "If I keep hitting",
    "start_flip_three": "A Flip Three played on me now",
    "draws": "How many cards",
    "grouping": "Branches",
    "grouping_outcome": "by what the card does",
    "grouping_card": "one per card",
    "card_limit": "One branch per card makes too many branches beyond {limit} cards: showing {limit}.",
    "card_limit_flip_three": "One branch per card makes too many branches for three cards: showing branches by "
                             "what the card does.",
    "bust": "P(bust)",
    "flip7": "P(Flip 7)",
    "goes_on": "P(goes on)",
    "sum": "The {count} leaves add up to exactly **{total}**.",
    "col_path": "Path",
    "col_fraction": "Probability (exact)",
    "col_percent": "≈",
    "col_ends": "Round",
    "goes_on_short": "goes on",
    "link": "Link to this demo: {url}",
    "path_separator": " → ",
}


@st.cache_data(show_spinner=False, max_entries=200)
def tree(text: SituationText, draws: int, start: TreeStart, grouping: Grouping) -> ProbabilityTree:
    """The exact tree (remembered for every session)."""
    return probability_tree(text.situation(), draws, start, grouping)


def path_text(node: TreeNode) -> str:
    """A leaf's path in words."""
    return TEXT["path_separator"].join(
        EVENT_LABELS[branch.event] if branch.card is None
        else f"{current_rules().card_name(branch.card)} ({EVENT_LABELS[branch.event]})"
        for branch in node.path)


def init(key: str, value: object) -> None:
    """Give a widget its first value (from the link) once per session."""
    if key not in st.session_state:
        st.session_state[key] = value


query = st.query_params.to_dict()
init("present", query.get("present") == "1")
init("pile_choice", PileChoice.from_text(query.get("pile", ""), current_rules()))
init("pile_text", query.get("pile", ""))
init("line", query.get("line", ""))
init("seen", query.get("seen", ""))
init("alone", query.get("alone") == "1")
init("start", next((s for s in TreeStart if s.value == query.get("start")), TreeStart.HIT))
init("draws", int(query["cards"]) if query.get("cards") in ("1", "2", "3") else 2)
init("grouping", next((g for g in Grouping if g.value == query.get("branches")), Grouping.OUTCOME))

situation_text, choice, font_size = teaching_sidebar(TEXT)

st.title(TEXT["title"])
st.markdown(TEXT["intro"])
columns = st.columns(3)
start = columns[0].radio(TEXT["start"], list(TreeStart), key="start", horizontal=True,
                         format_func=lambda s: TEXT[f"start_{s.value}"])
draws = columns[1].radio(TEXT["draws"], [1, 2, 3], key="draws", horizontal=True,
                         disabled=start is TreeStart.FLIP_THREE)
grouping = columns[2].radio(TEXT["grouping"], list(Grouping), key="grouping", horizontal=True,
                            format_func=lambda g: TEXT[f"grouping_{g.value}"])
shown_draws, shown_grouping = (FLIP_THREE_DRAWS if start is TreeStart.FLIP_THREE else draws), grouping
if grouping is Grouping.CARD and shown_draws > MAX_CARD_TREE_DRAWS:
    if start is TreeStart.FLIP_THREE:
        st.info(TEXT["card_limit_flip_three"])
        shown_grouping = Grouping.OUTCOME
    else:
        st.info(TEXT["card_limit"].format(limit=MAX_CARD_TREE_DRAWS))
        shown_draws = MAX_CARD_TREE_DRAWS

params = situation_text.to_params() | {"start": start.value, "cards": str(draws), "branches": grouping.value}
if st.session_state.present:
    params["present"] = "1"
set_page_parameters(params)

try:
    result = tree(situation_text, shown_draws, start, shown_grouping)
except Flip7Error as error:
    st.error(str(error))
    st.stop()

bust, flip7 = result.probability_of(Termination.BUST), result.probability_of(Termination.FLIP_7)
going = sum((leaf.probability for leaf in result.leaves if leaf.ending is None), Fraction(0))
chart, side = st.columns([3, 2])
chart.plotly_chart(tree_figure(result, font_size), width="stretch", theme=None)
with side:
    for column, label, value in zip(st.columns(3), ("bust", "flip7", "goes_on"), (bust, flip7, going)):
        column.metric(TEXT[label], f"{float(value):.2%}", str(value), delta_color="off", delta_arrow="off")
    st.markdown(TEXT["sum"].format(count=len(result.leaves), total=result.leaf_total))
    st.dataframe([{
        TEXT["col_path"]: path_text(leaf),
        TEXT["col_fraction"]: str(leaf.probability),
        TEXT["col_percent"]: f"{float(leaf.probability):.3%}",
        TEXT["col_ends"]: TEXT["goes_on_short"] if leaf.ending is None else ENDING_LABELS[leaf.ending],
    } for leaf in sorted(result.leaves, key=lambda leaf: -leaf.probability)], hide_index=True, width="stretch")
st.caption(TEXT["link"].format(url=f"{st.context.url or ''}?{urlencode(params)}"))

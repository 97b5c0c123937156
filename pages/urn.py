"""The urn, explained: the pile as N cards of which K bust you, the hypergeometric formula filled in."""

import math
from fractions import Fraction
from urllib.parse import urlencode

import streamlit as st

from app_support import current_rules, run_through_app, set_page_parameters, teaching_sidebar

run_through_app()

from flip7odds.engine import Termination
from flip7odds.errors import Flip7Error
from flip7odds.teaching import (
    FLIP_THREE_DRAWS,
    PileChoice,
    SituationText,
    TreeStart,
    UrnReading,
    probability_tree,
    urn_reading,
)
from flip7odds.teaching_charts import urn_figure

TEXT = {
    "title": "The urn: why a card draw is a counting problem",
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
    "draws": "Draw",
    "draws_1": "1 card (a hit)",
    "draws_3": "3 cards (a Flip Three)",
    "reading": "The pile is an urn of **N = {pile}** cards. **K = {bust}** of them are copies of numbers in your "
               "line ({line}): each of those busts you. You draw **n = {draws}** without putting back.",
    "reading_empty": "Your line holds no number yet, so **K = 0**: no card can bust you.",
    "second_chance": "You hold a Second Chance: the first of these K cards uses it up instead of busting you.",
    "formula_title": "The formula, filled in",
    "formula_one": "P(\\text{{bust}}) = \\frac{{K}}{{N}} = \\frac{{{bust}}}{{{pile}}} {reduced} \\approx {percent}",
    "formula_many": "P(X \\ge 1) = 1 - \\frac{{\\binom{{N-K}}{{n}}}}{{\\binom{{N}}{{n}}}}"
                    " = 1 - \\frac{{\\binom{{{safe}}}{{{draws}}}}}{{\\binom{{{pile}}}{{{draws}}}}}"
                    " = 1 - \\frac{{{safe_ways}}}{{{all_ways}}} = {fraction} \\approx {percent}",
    "formula_note": "X counts the bust cards among the n drawn: it is *hypergeometric*, "
                    "P(X = j) = C(K, j)·C(N−K, n−j) / C(N, n).",
    "scipy_title": "The same number from scipy",
    "scipy": "`scipy.stats.hypergeom(M={pile}, n={bust}, N={draws}).sf(0)` = **{scipy:.15f}**; the exact fraction "
             "as a decimal = **{exact:.15f}**; they differ by {gap:.1e}.",
    "pmf_title": "How many bust cards among the {draws}?",
    "rules_title": "Where the game is not quite an urn",
    "rules": "In a real Flip Three you also bust if two of the three cards are the **same new number**, and a "
             "Second Chance drawn on the way can save you. The exact chance, from the round's rules: "
             "**{exact}** ≈ **{percent}**, against **{urn}** from the urn with the K cards of now.",
    "link": "Link to this demo: {url}",
}


@st.cache_data(show_spinner=False, max_entries=200)
def reading(text: SituationText, draws: int) -> UrnReading:
    """The urn of the situation."""
    return urn_reading(text.situation(), draws)


@st.cache_data(show_spinner=False, max_entries=200)
def flip_three_bust(text: SituationText) -> Fraction:
    """P(bust during a Flip Three on you now), exactly, from the tree of its three cards."""
    return probability_tree(text.situation(), FLIP_THREE_DRAWS, TreeStart.FLIP_THREE).probability_of(Termination.BUST)


def init(key: str, value: object) -> None:
    """Give a widget its first value (from the link) once per session."""
    if key not in st.session_state:
        st.session_state[key] = value


query = st.query_params.to_dict()
init("present", query.get("present") == "1")
init("pile_choice", PileChoice.from_text(query.get("pile", ""), current_rules()))
init("pile_text", query.get("pile", ""))
init("line", query.get("line", "12 11 9"))
init("seen", query.get("seen", ""))
init("alone", query.get("alone") == "1")
init("urn_draws", 3 if query.get("draws") == "3" else 1)

situation_text, choice, font_size = teaching_sidebar(TEXT)

st.title(TEXT["title"])
draws = st.radio(TEXT["draws"], [1, 3], key="urn_draws", horizontal=True, format_func=lambda n: TEXT[f"draws_{n}"])
params = situation_text.to_params() | {"line": situation_text.line, "draws": str(draws)}
if st.session_state.present:
    params["present"] = "1"
set_page_parameters(params)

try:
    urn = reading(situation_text, draws)
    line = situation_text.situation().line
except Flip7Error as error:
    st.error(str(error))
    st.stop()

if line.numbers:
    st.markdown(TEXT["reading"].format(pile=urn.pile_size, bust=urn.bust_cards, draws=draws, line=line))
else:
    st.markdown(TEXT["reading_empty"])
if line.second_chance:
    st.info(TEXT["second_chance"])

st.subheader(TEXT["formula_title"])
probability = urn.at_least_one
fraction_tex = f"\\frac{{{probability.numerator}}}{{{probability.denominator}}}"
percent_tex = f"{float(probability):.2%}".replace("%", "\\%")
if draws == 1:
    reduced = "" if probability.denominator == urn.pile_size else f"= {fraction_tex}"
    st.latex(TEXT["formula_one"].format(bust=urn.bust_cards, pile=urn.pile_size, reduced=reduced,
                                        percent=percent_tex))
else:
    safe = urn.pile_size - urn.bust_cards
    st.latex(TEXT["formula_many"].format(safe=safe, draws=draws, pile=urn.pile_size,
                                         safe_ways=math.comb(safe, draws), all_ways=math.comb(urn.pile_size, draws),
                                         fraction=fraction_tex, percent=percent_tex))
st.markdown(TEXT["formula_note"])

st.subheader(TEXT["scipy_title"])
scipy_value = urn.scipy_at_least_one()
st.markdown(TEXT["scipy"].format(pile=urn.pile_size, bust=urn.bust_cards, draws=draws, scipy=scipy_value,
                                 exact=float(probability), gap=abs(scipy_value - float(probability))))
if draws > 1:
    st.subheader(TEXT["pmf_title"].format(draws=draws))
    st.plotly_chart(urn_figure(urn, font_size), width="stretch", theme=None)
    st.subheader(TEXT["rules_title"])
    exact = flip_three_bust(situation_text)
    st.markdown(TEXT["rules"].format(exact=exact, percent=f"{float(exact):.2%}",
                                     urn=f"{float(probability):.2%}"))
st.caption(TEXT["link"].format(url=f"{st.context.url or ''}?{urlencode(params)}"))

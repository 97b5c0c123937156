"""The urn page's parts: the pile read as an urn (``N`` cards, ``K`` of them bust you, ``n`` drawn), its formula
filled in (LaTeX, the same in every language), scipy's number beside it, and where a Flip Three is not quite an urn.

The classic page composes all of them; With a Vengeance's screen (`flip7odds_ui.urn_vengeance`) shares the formula.
"""

import math

import streamlit as st

from flip7odds.cards import card_name
from flip7odds.i18n import Translator
from flip7odds.markup import escape_markdown
from flip7odds.rules import RuleSet
from flip7odds.situation import Line
from flip7odds.teaching import SituationText, UrnReading
from flip7odds.teaching_charts import urn_figure
from flip7odds_ui.cache import flip_three_bust
from flip7odds_ui.teaching import show_figure

FORMULA_ONE = "P(\\text{{{bust}}}) = \\frac{{K}}{{N}} = \\frac{{{cards}}}{{{pile}}} {reduced} \\approx {percent}"
"""The chance that one card busts you, filled in (LaTeX)."""
# One step a line, aligned on "=": on one line the filled-in formula ran off a phone's screen at "= 1 −".
FORMULA_MANY = ("\\begin{{aligned}} P(X \\ge 1) &= 1 - \\frac{{\\binom{{N-K}}{{n}}}}{{\\binom{{N}}{{n}}}}"
                " \\\\ &= 1 - \\frac{{\\binom{{{safe}}}{{{draws}}}}}{{\\binom{{{pile}}}{{{draws}}}}}"
                " \\\\ &= 1 - \\frac{{{safe_ways}}}{{{all_ways}}} \\\\ &= {fraction} \\approx {percent} \\end{{aligned}}")
"""The chance that at least one of ``n`` cards busts you, filled in (LaTeX)."""


def formula_tex(t: Translator, urn: UrnReading) -> str:
    """``P(X >= 1)`` of ``urn`` as its formula filled in with the urn's numbers, in LaTeX: ``K / N`` for one card
    (and the reduced fraction where it differs), ``1 - C(N - K, n) / C(N, n)`` step by step for several; each ends
    with the percentage in ``t``'s language."""
    probability = urn.at_least_one
    fraction = f"\\frac{{{probability.numerator}}}{{{probability.denominator}}}"
    # In LaTeX a bare comma is punctuation (it adds a space) and % starts a comment.
    percent = t.percent(float(probability), 2).replace(",", "{,}").replace("\xa0", "\\,").replace("%", "\\%")
    if urn.draws == 1:
        reduced = "" if probability.denominator == urn.pile_size else f"= {fraction}"
        return FORMULA_ONE.format(bust=t("bust"), cards=urn.bust_cards, pile=urn.pile_size, reduced=reduced,
                                  percent=percent)
    safe = urn.pile_size - urn.bust_cards
    return FORMULA_MANY.format(safe=safe, draws=urn.draws, pile=urn.pile_size, safe_ways=math.comb(safe, urn.draws),
                               all_ways=math.comb(urn.pile_size, urn.draws), fraction=fraction, percent=percent)


def show_formula(t: Translator, urn: UrnReading) -> None:
    """The formula, filled in (`formula_tex`), under its heading."""
    st.subheader(t("The formula, filled in"))
    st.latex(formula_tex(t, urn))


def show_pile(t: Translator, urn: UrnReading, line: Line, rules: RuleSet) -> None:
    """What ``N``, ``K`` and ``n`` are here: the pile's size, the copies of the numbers in your ``line``, the cards
    drawn; and what a Second Chance held does to the first bust card."""
    if line.numbers:
        st.markdown(t("The pile is an urn of **N = {pile}** cards. **K = {bust}** of them are copies of numbers in "
                      "your line ({line}): each of those busts you. You draw **n = {draws}** without putting "
                      "back.").format(pile=urn.pile_size, bust=urn.bust_cards, draws=urn.draws,
                                      line=escape_markdown(" ".join(card_name(card, t, rules) for card in line.cards))))
    else:
        st.markdown(t("Your line holds no number yet, so **K = 0**: no card can bust you."))
    if line.second_chance:
        st.info(t("You hold a Second Chance: the first of these K cards uses it up instead of busting you."))


def show_scipy(t: Translator, urn: UrnReading) -> None:
    """The same chance from `scipy.stats.hypergeom`, beside the exact fraction as a decimal, and how far apart."""
    st.subheader(t("The same number from scipy"))
    scipy_value, exact = urn.scipy_at_least_one(), float(urn.at_least_one)
    st.markdown(t("`scipy.stats.hypergeom(M={pile}, n={bust}, N={draws}).sf(0)` = **{scipy}**; the exact fraction as a "
                  "decimal = **{exact}**; they differ by {gap}.").format(
        pile=urn.pile_size, bust=urn.bust_cards, draws=urn.draws, scipy=t.number(scipy_value, 15),
        exact=t.number(exact, 15), gap=t.scientific(abs(scipy_value - exact), 1)))


def show_flip_three(t: Translator, text: SituationText, urn: UrnReading) -> None:
    """A draw of several cards: how many bust cards come among them (a chart), and the exact chance that a Flip
    Three on you busts you against the urn's, which counts only the ``K`` cards that bust you now."""
    st.subheader(t("How many bust cards among the {draws}?").format(draws=urn.draws))
    show_figure("urn", lambda font_size: urn_figure(urn, font_size, t))
    st.subheader(t("Where the game is not quite an urn"))
    exact = flip_three_bust(text)
    st.markdown(t("In a real Flip Three you also bust if two of the three cards are the **same new number**, and a "
                  "Second Chance drawn on the way can save you. The exact chance, from the round's rules: **{exact}** "
                  "≈ **{percent}**, against **{urn}** from the urn with the K cards of now.").format(
        exact=exact, percent=t.percent(float(exact), 2), urn=t.percent(float(urn.at_least_one), 2)))

"""The urn, explained: the pile as N cards of which K bust you, the hypergeometric formula filled in."""

import math

import streamlit as st

from flip7odds_ui.cache import flip_three_bust, reading
from flip7odds_ui.shell import init_widget, page_link, set_page_parameters, start_page
from flip7odds_ui.teaching import demo_link, show_figure, teaching_sidebar

t, rules = start_page()

from flip7odds.cards import card_name
from flip7odds.errors import Flip7Error
from flip7odds.markup import escape_markdown
from flip7odds.teaching import vengeance_urn
from flip7odds.teaching_charts import urn_figure

# LaTeX of the filled-in formulas (the same in every language).
FORMULA_ONE = "P(\\text{{{bust}}}) = \\frac{{K}}{{N}} = \\frac{{{cards}}}{{{pile}}} {reduced} \\approx {percent}"
# One step a line, aligned on "=": on one line the filled-in formula ran off a phone's screen at "= 1 −".
FORMULA_MANY = ("\\begin{{aligned}} P(X \\ge 1) &= 1 - \\frac{{\\binom{{N-K}}{{n}}}}{{\\binom{{N}}{{n}}}}"
                " \\\\ &= 1 - \\frac{{\\binom{{{safe}}}{{{draws}}}}}{{\\binom{{{pile}}}{{{draws}}}}}"
                " \\\\ &= 1 - \\frac{{{safe_ways}}}{{{all_ways}}} \\\\ &= {fraction} \\approx {percent} \\end{{aligned}}")


link = page_link(t, "urn")
if rules.vengeance:  # one card: a Vengeance hit (Flip Four's four cards are not an urn: actions and wipes)
    situation_text = teaching_sidebar(t, link, default_line="12 11 9")[0]
    st.title(t("The urn: why a card draw is a counting problem"))
    params = situation_text.to_params() | {"line": situation_text.line}
    set_page_parameters(params)
    urn_text = situation_text.card_notation()  # "12 11 9", not a demo link's "12.11.9"
    try:
        urn = vengeance_urn(urn_text, rules)
    except Flip7Error as error:
        st.error(t.markdown_error(error))
        st.stop()
    st.markdown(t("The pile is an urn of **N = {pile}** cards. **K = {bust}** of them bust you on arrival: copies of "
                  "the numbers in your line ({line}), except that the Unlucky 7 never busts when it is drawn and, "
                  "while you hold one 13, a second 13 is safe if one of the two is the Lucky 13. You draw "
                  "**n = 1**.").format(pile=urn.pile_size, bust=urn.bust_cards, line=escape_markdown(urn_text.line) or "-"))
    probability = urn.at_least_one
    percent_tex = t.percent(float(probability), 2).replace(",", "{,}").replace("\xa0", "\\,").replace("%", "\\%")
    reduced = "" if probability.denominator == urn.pile_size else (
        f"= \\frac{{{probability.numerator}}}{{{probability.denominator}}}")
    st.subheader(t("The formula, filled in"))
    st.latex(FORMULA_ONE.format(bust=t("bust"), cards=urn.bust_cards, pile=urn.pile_size, reduced=reduced,
                                percent=percent_tex))
    st.caption(t("With a Vengeance: a draw of several cards is not an urn (an action drawn is resolved, the Unlucky 7 "
                 "wipes your line), so only the next card is shown here; the Live odds page has its whole table."))
    st.caption(demo_link(t, params))
    st.stop()

init_widget("urn_draws", int(link.text("draws")))

situation_text, choice = teaching_sidebar(t, link, default_line="12 11 9")

st.title(t("The urn: why a card draw is a counting problem"))
draws = st.radio(t("Draw"), [1, 3], key="urn_draws", horizontal=True,
                 format_func=lambda n: t("1 card (a hit)") if n == 1 else t("3 cards (a Flip Three)"))
params = situation_text.to_params() | {"line": situation_text.line, "draws": str(draws)}
if st.session_state.present:
    params["present"] = "1"
set_page_parameters(params)

try:
    urn = reading(situation_text, draws)
    line = situation_text.situation().line
except Flip7Error as error:
    st.error(t.markdown_error(error))
    st.stop()

if line.numbers:
    st.markdown(t("The pile is an urn of **N = {pile}** cards. **K = {bust}** of them are copies of numbers in your "
                  "line ({line}): each of those busts you. You draw **n = {draws}** without putting back.").format(
        pile=urn.pile_size, bust=urn.bust_cards, draws=draws,
        line=escape_markdown(" ".join(card_name(card, t, rules) for card in line.cards))))
else:
    st.markdown(t("Your line holds no number yet, so **K = 0**: no card can bust you."))
if line.second_chance:
    st.info(t("You hold a Second Chance: the first of these K cards uses it up instead of busting you."))

st.subheader(t("The formula, filled in"))
probability = urn.at_least_one
fraction_tex = f"\\frac{{{probability.numerator}}}{{{probability.denominator}}}"
# In LaTeX a bare comma is punctuation (it adds a space) and % starts a comment.
percent_tex = t.percent(float(probability), 2).replace(",", "{,}").replace("\xa0", "\\,").replace("%", "\\%")
if draws == 1:
    reduced = "" if probability.denominator == urn.pile_size else f"= {fraction_tex}"
    st.latex(FORMULA_ONE.format(bust=t("bust"), cards=urn.bust_cards, pile=urn.pile_size, reduced=reduced,
                                percent=percent_tex))
else:
    safe = urn.pile_size - urn.bust_cards
    st.latex(FORMULA_MANY.format(safe=safe, draws=draws, pile=urn.pile_size, safe_ways=math.comb(safe, draws),
                                 all_ways=math.comb(urn.pile_size, draws), fraction=fraction_tex, percent=percent_tex))
st.markdown(t("X counts the bust cards among the n drawn: it is *hypergeometric*, "
              "P(X = j) = C(K, j)·C(N−K, n−j) / C(N, n)."))

st.subheader(t("The same number from scipy"))
scipy_value = urn.scipy_at_least_one()
st.markdown(t("`scipy.stats.hypergeom(M={pile}, n={bust}, N={draws}).sf(0)` = **{scipy}**; the exact fraction as a "
              "decimal = **{exact}**; they differ by {gap}.").format(
    pile=urn.pile_size, bust=urn.bust_cards, draws=draws, scipy=t.number(scipy_value, 15),
    exact=t.number(float(probability), 15), gap=t.scientific(abs(scipy_value - float(probability)), 1)))
if draws > 1:
    st.subheader(t("How many bust cards among the {draws}?").format(draws=draws))
    show_figure("urn", lambda font_size: urn_figure(urn, font_size, t))
    st.subheader(t("Where the game is not quite an urn"))
    exact = flip_three_bust(situation_text)
    st.markdown(t("In a real Flip Three you also bust if two of the three cards are the **same new number**, and a "
                  "Second Chance drawn on the way can save you. The exact chance, from the round's rules: **{exact}** "
                  "≈ **{percent}**, against **{urn}** from the urn with the K cards of now.").format(
        exact=exact, percent=t.percent(float(exact), 2), urn=t.percent(float(probability), 2)))
st.caption(demo_link(t, params))

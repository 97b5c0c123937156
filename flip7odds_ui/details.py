"""The numbers behind the live answer: the metrics (exact, or certified bounds), the charts (built only when
shown; the score distribution only where the exact solver answered), and playing to win the game."""

from __future__ import annotations

import html

import streamlit as st

from flip7odds.analysis import Analysis
from flip7odds.answer import Answer
from flip7odds.cards import card_name
from flip7odds.charts import DistributionText, NextCardText, OutcomeGroup, next_card_figure, score_distribution_figure
from flip7odds.cli import win_report
from flip7odds.endgame import parse_totals
from flip7odds.errors import Flip7Error
from flip7odds.i18n import N_, Translator
from flip7odds.odds import next_card_table
from flip7odds.situation import Situation
from flip7odds.vengeance import VengeanceAnalysis
from flip7odds.win_charts import WinChartText, win_probability_figure
from flip7odds_ui.answer import certified, certified_percent
from flip7odds_ui.cache import win_of
from flip7odds_ui.shell import app_href

CHART_CONFIG = {"displayModeBar": False}
CHARTS_KEY = "live_charts"
WIN_MINE_KEY = "live_win_mine"
WIN_OTHERS_KEY = "live_win_others"
WIN_OPEN_KEY = "live_win_open"
"""Session key of the *Play to win the game* expander's state: its content runs only while it is open."""
FULL_LINE_NAMES: dict[int, tuple[str, str]] = {
    7: (N_("Flip 7"), N_("Chance to end with a Flip 7, playing perfectly")),
    5: (N_("Five numbers"), N_("Chance to end with five different numbers (the +20 bonus), playing perfectly")),
}
"""The chance of ending with a full line, named by how many numbers fill it (`flip7odds.rules.RuleSet.flip7_size`):
a Flip 7 in classic and With a Vengeance, five numbers in the poker adaptation (docs/rules.md), where "Flip 7" is
only the game's name (message ids)."""


def show_numbers(t: Translator, result: Answer) -> None:
    """Stay now, hit once, hit then play best, best play, full line and bust chances: exact, or ``mid ± h`` (certified).

    One Markdown element set out as metrics (the style is `flip7odds_ui.answer.STYLE`'s), not six ``st.metric`` in
    a row: a tap redraws these numbers, and each element is one more message for the server to send and the phone
    to draw (29 -> 23 messages a tap). What a number means shows on tapping (or clicking) it, under the numbers
    (`number_cell`), and on hovering its label. The text is translated messages and numbers, escaped.
    """
    full_line, full_line_explained = FULL_LINE_NAMES[result.situation.rules.flip7_size]
    points = t("points")  # an expected score's unit (a mean: 1.00 points)
    numbers = [(t("Stay now"), str(result.stay_score), "", t.ngettext("point", "points", result.stay_score))
               ] if result.may_stay else []
    if result.hit_once is not None:
        numbers.append((t("Hit once, then stay"), certified(t, result.hit_once),
                        t("Expected round score if you take exactly one more card and then stay"), points))
    if result.hit is not None:
        numbers.append((t("Hit, then play best"), certified(t, result.hit),
                        t("Expected round score if you take a card now and then play perfectly"), points))
    numbers += [(t("Best play"), certified(t, result.optimal), t("Expected round score if you play perfectly from here"),
                 points),
                (t(full_line), certified_percent(t, result.flip7_probability), t(full_line_explained), ""),
                (t("Bust (by the end)"), certified_percent(t, result.bust_final_probability),
                 t("Chance to end this round busted, playing perfectly"), "")]
    cells = "".join(number_cell(label, value, explained, unit) for label, value, explained, unit in numbers)
    st.markdown(f'<div class="f7-numbers">{cells}</div>', unsafe_allow_html=True)
    if not result.exact:
        st.caption(t("Certified bounds: each exact value lies within the ± written beside it (the exact solver would "
                     "take too long here)."))


def number_cell(label: str, value: str, explained: str, unit: str = "") -> str:
    """One number of `show_numbers` as HTML: its label over its value and its ``unit`` (points: a score's "22.15" alone
    read as nothing in particular); when ``explained``, a disclosure (``details``) whose explanation a tap opens under
    the numbers and a second tap closes (one open at a time: they share a ``name``), and which hovering explains too
    (``title``). A phone has no hover: the explanation was out of reach."""
    written = f'<span class="f7-unit">{html.escape(unit)}</span>' if unit else ""
    shown = f'<div class="f7-label">{html.escape(label)}</div><div class="f7-value">{html.escape(value)}</div>{written}'
    if not explained:
        return f'<div class="f7-number">{shown}</div>'
    return (f'<details class="f7-number" name="f7-explained" title="{html.escape(explained)}"><summary>{shown}</summary>'
            f'<div class="f7-explain"><b>{html.escape(label)}</b>: {html.escape(explained)}</div></details>')


def charts_shown(t: Translator) -> bool:
    """The switch of the charts (off at first: a phone at the table needs the answer, not the figures)."""
    return st.toggle(t("Show the charts"), key=CHARTS_KEY)


def show_charts(t: Translator, situation: Situation, result: Answer | None) -> bool:
    """The next card's outcomes and (when the exact solver answered) the final score's distribution, built
    only when the switch is on; whether it is."""
    if not charts_shown(t):
        return False
    rules = situation.rules
    text = NextCardText(title=t("Next card"), card_axis=t("card"), probability_axis=t("chance"), groups={
        OutcomeGroup.BUST: t("Bust"), OutcomeGroup.SAVED: t("Uses your Second Chance"),
        OutcomeGroup.NUMBER: t("Safe number"), OutcomeGroup.MODIFIER: t("Modifier"), OutcomeGroup.ACTION: t("Action")})
    figure = next_card_figure(next_card_table(situation), text, lambda card: card_name(card, t, rules))
    st.plotly_chart(figure.update_layout(separators=t.separators), config=CHART_CONFIG, key="next_card")
    if result is not None and result.analysis is not None:
        show_score_chart(t, result.analysis)
    return True


def show_score_chart(t: Translator, analysis: Analysis | VengeanceAnalysis) -> None:
    """P(final round score = s) under optimal play, from the exact solver's distribution."""
    optimal = float(analysis.optimal_score)
    scores = DistributionText(title=t("Your final score this round, playing perfectly"), score_axis=t("round score"),
                              probability_axis=t("chance"), bust=t("Bust"), score=t("Score"),
                              expected=t("expected {value}").format(value=t.number(optimal, 1)))
    distribution = {score: float(p) for score, p in analysis.distribution.items()}
    figure = score_distribution_figure(distribution, float(analysis.bust_final_probability), optimal, scores)
    st.plotly_chart(figure.update_layout(separators=t.separators), config=CHART_CONFIG, key="scores")


def remembered(key: str, default: int | str) -> None:
    """Keep a widget's value while the page does not draw it (no decision yet, or the section closed)."""
    saved = f"{key}_saved"
    if key not in st.session_state:
        st.session_state[key] = st.session_state.get(saved, default)


def show_endgame(t: Translator, situation: Situation, analysis: Analysis) -> None:
    """Play to win the game: the game totals, both advisers side by side, and P(win) against your round score."""
    # Open at first when totals were given: set through the session, not ``expanded``, which is part of the
    # expander's identity (a changing one would make a new expander, closing the section while it is used).
    if WIN_OPEN_KEY not in st.session_state:
        st.session_state[WIN_OPEN_KEY] = bool(st.session_state.get(f"{WIN_OTHERS_KEY}_saved"))
    section = st.expander(t("Play to win the game"), key=WIN_OPEN_KEY, on_change="rerun")
    if not section.open:  # the totals, both advisers and the chart are computed only while it is open
        return
    remembered(WIN_MINE_KEY, 0)
    remembered(WIN_OTHERS_KEY, "")
    with section:
        st.caption(t("Game totals with the points already banked this round. Future rounds: every player "
                     "plays for points from a fresh deck; two players exact, more simulated "
                     "([the model]({href}))."
                     ).format(href=app_href("models", {"doc": "winprob"})))
        with st.container(horizontal=True, gap="small"):
            mine = st.number_input(t("Your game total"), min_value=0, step=1, key=WIN_MINE_KEY)
            others = st.text_input(t("The others' game totals"), placeholder="195, 150", key=WIN_OTHERS_KEY)
        st.session_state[f"{WIN_MINE_KEY}_saved"] = mine
        st.session_state[f"{WIN_OTHERS_KEY}_saved"] = others
        if not others.strip():
            st.caption(t("Enter the others' totals to compare the two advisers."))
            return
        try:
            totals, me = parse_totals(f"{int(mine)},{others}", 0)
            with st.spinner(t("Computing the chance of winning…"), show_time=True):
                win = win_of(situation, totals, me)
        except Flip7Error as error:
            st.warning(t.markdown_error(error))
            return
        st.markdown("  \n".join(win_report(analysis, win, t).splitlines()))
        text = WinChartText(t("Chance of winning the game by your score this round"), t("Your round score"),
                            t("P(win the game)"), t("Stay now: {value}"))
        figure = win_probability_figure(win.utility, analysis.stay_score if analysis.may_stay else None, text)
        st.plotly_chart(figure, config=CHART_CONFIG, key="win_chart")

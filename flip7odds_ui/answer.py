"""The answer bar: HIT or STAY, what it is worth, the bust count; kept in view on a phone while cards are tapped.

The bar is a container keyed ``answer`` that the page's style makes sticky at the top of the screen, so that
the answer stays visible while the thumb is on the card buttons below it. A sticky box sticks only within its
parent: where the bar is drawn in a fragment with more under it (the classic live page's bust sentence), the
style gives the boxes between the column and the bar (the fragment's, and the place kept for it at the top of the
column) ``display: contents``, so that the bar's parent box is the column (and the bar the space under it that the
fragment's sticky box gave it). Its HTML is built here
from numbers and translated text only (never from text typed by a person). It says exactly what the
library's `flip7odds.answer.Answer` knows: exact, or a value ± h (certified bounds), or too close to call
(the hit and stay intervals overlap), with HIT or STAY by the midpoints.

A certified number reads the same on every page (`certified`, `certified_percent`): its interval's midpoint,
then ``± h`` with ``h`` half the interval's width rounded outward, so that ``value ± h`` as written holds the
whole interval (docs/model.md, "How the app writes a certified number"). The command line's JSON
``error_bound`` stays the full width.
"""

import math

import streamlit as st

from flip7odds.analysis import Decision
from flip7odds.answer import Answer
from flip7odds.bounded import Bounds
from flip7odds.charts import PHONE_SCREEN
from flip7odds.i18n import Translator

HIDE_SCROLLER = '.st-key-scroller, [data-testid="stLayoutWrapper"]:has(> .st-key-scroller) {display: none}'
"""CSS that hides `scroll_to_top`'s script and its box (a visible box would leave a gap at the top of the page)."""

STYLE = """
<style>
[data-testid="stLayoutWrapper"]:has(> .st-key-answer) {position: sticky; top: 3.75rem; z-index: 100;
                                                       background: var(--background-color, #fff); padding-bottom: 0.2rem}
[data-testid="stColumn"] [data-testid="stLayoutWrapper"]:has(.st-key-answer):not(:has(> .st-key-answer)),
[data-testid="stColumn"] [data-testid="stLayoutWrapper"]:has(.st-key-answer):not(:has(> .st-key-answer))
  > [data-testid="stVerticalBlock"] {display: contents}
[data-testid="stLayoutWrapper"]:has(.st-key-answer):not(:has(> .st-key-answer)) > [data-testid="stVerticalBlock"]
  > [data-testid="stLayoutWrapper"]:has(> .st-key-answer) {padding-bottom: 0.4rem}
HIDE_SCROLLER
.f7-banner {border-radius: 0.7rem; padding: 0.3rem 0.8rem; color: #fff; display: flex; align-items: center;
            gap: 0.8rem; margin: 0; container-type: inline-size}
.f7-banner .f7-call {width: min-content}
@container (min-width: 34rem) {.f7-banner .f7-call {width: auto; white-space: nowrap}}
.f7-banner .f7-call {font-size: clamp(1.6rem, min(9vw, 12cqi), 3.6rem); font-weight: 800; line-height: 1.05;
                     letter-spacing: 0.05em}
.f7-banner .f7-sub {font-size: clamp(0.9rem, 2vw, 1.2rem); line-height: 1.3; text-align: left}
.f7-hit {background: #1b7f3b} .f7-stay {background: #1f4e9c} .f7-bust {background: #b3261e}
.f7-flip7 {background: #b8860b} .f7-frozen {background: #4a6b82} .f7-wait {background: #5f6368}
[data-testid="stMainBlockContainer"] {padding-top: 3.8rem}
.st-key-header h1 {font-size: 1.6rem; padding: 0}
.st-key-header [data-testid="stCaptionContainer"] {margin-bottom: -0.6rem}
[data-testid="stMetricValue"] {font-size: 1.6rem}
.f7-numbers {display: flex; flex-wrap: wrap; gap: 0.6rem 1.4rem; margin-bottom: 0.8rem; position: relative}
.f7-number .f7-label {font-size: 0.875rem; line-height: 1.6}
.f7-number[title] .f7-label {text-decoration: underline dotted; text-underline-offset: 0.2em}
.f7-number summary {display: block; list-style: none; cursor: pointer}
.f7-number summary::-webkit-details-marker {display: none}
.f7-number[open] .f7-label {text-decoration-style: solid}
.f7-explain {position: absolute; left: 0; right: 0; top: calc(100% + 0.2rem); z-index: 90; font-size: 0.95rem;
             line-height: 1.4; padding: 0.5rem 0.75rem; border-radius: 0.5rem; color: var(--text-color, #31333f);
             background: var(--secondary-background-color, #f0f2f6); box-shadow: 0 2px 8px rgba(0, 0, 0, 0.2)}
.f7-number .f7-value {font-size: 1.6rem; line-height: 1.35; display: inline}
.f7-number .f7-unit {font-size: 0.95rem; margin-left: 0.3em}
.st-key-picker button {min-width: 3.3rem; padding: 0.15rem 0.45rem; min-height: 2.9rem}
.st-key-picker button p {font-size: 1.15rem; font-weight: 600}
.st-key-moves button {min-height: 2.9rem}
.st-key-moves > [data-testid="stLayoutWrapper"],
.st-key-moves > [data-testid="stLayoutWrapper"] > [data-testid="stVerticalBlock"],
.st-key-picker [data-testid="stHorizontalBlock"] > [data-testid="stLayoutWrapper"],
.st-key-picker [data-testid="stHorizontalBlock"] > [data-testid="stLayoutWrapper"] > [data-testid="stVerticalBlock"] {
  flex: 0 1 auto; width: auto}
.st-key-vlive_target div {flex-wrap: wrap}
PHONE_SCREEN {
  [data-testid="stHorizontalBlock"]:has(.st-key-picker) {gap: 1rem}
  .st-key-header [data-testid="stCaptionContainer"] {display: none}
  .st-key-header h1 {font-size: 1.3rem}
}
</style>
""".replace("PHONE_SCREEN", PHONE_SCREEN).replace("HIDE_SCROLLER", HIDE_SCROLLER)
"""The live pages' style: the sticky bar (sticking within the column, the boxes of a fragment around it given
way), the banner's colours and its word on one line where the bar is wide enough, else hugging its wrapped lines (PIDE CARTA, wrapped in a box of its unwrapped width, left a gap before the
lines beside it), on a phone the numbers 1rem under the picker (the columns' large gap, stacked, left 64 px blank), card buttons at least 44 px tall, the moves and the card buttons sized to their labels (each is a
fragment of its own, whose box would otherwise share the row equally: two cards a row on a phone), the numbers
beside the picker (`flip7odds_ui.details.show_numbers`: one element, set out as metrics are, a dotted label where
tapping or hovering explains it: the explanation opens over what is under the numbers, as wide as they are)."""

SCROLL_TO_TOP = """<script>
document.querySelector('[data-testid="stMain"]')?.scrollTo({top: 0});
window.scrollTo({top: 0});
</script><!-- {marker} -->"""
"""Script that scrolls the page back to its top (the comment makes each request a new element, so it runs)."""


def show_banner(call: str, css: str, *lines: str) -> None:
    """The answer: a word on a coloured band (``css``: f7-hit, f7-stay, ...), a line or two beside it.

    ``lines`` may hold ``<b>`` tags; they come from translated messages filled with numbers.
    """
    sub = "".join(f'<div class="f7-sub">{line}</div>' for line in lines)
    st.markdown(f'<div class="f7-banner {css}"><div class="f7-call">{call}</div><div>{sub}</div></div>',
                unsafe_allow_html=True)


def show_answer_bar(t: Translator, result: Answer, bust: str) -> None:
    """The bar for a line that holds cards: the call, what each choice is worth, how sure, the bust count."""
    hit = result.hit
    if hit is None:  # nothing left to draw
        show_banner(t("STAY"), "f7-stay", t("STAY: no card can be drawn (the pile is empty); you bank {points}").format(
            points=t.counted("{count} point", "{count} points", result.stay_score)))
        return
    # A value keeps its unit (and a label its value) on one line: ``&nbsp;``, where the bar wraps its lines.
    sure = [] if result.exact else [t("Within ±{bound}&nbsp;points (certified bounds)").format(
        bound=half_text(t, hit))]
    if not result.may_stay:
        show_banner(t("HIT"), "f7-hit", t("You hold The Zero: you may not stay (hit ≈ {hit})").format(
            hit=t("{value} points").format(value=mid_text(t, hit))), *sure, bust)
        return
    call = {Decision.HIT: t("HIT"), Decision.STAY: t("STAY")}[result.decision]
    if result.too_close:
        show_banner(call, "f7-wait", t("Too close to call: hit {hit}, stay {stay}; by the midpoints, {decision}").format(
            hit=t("{value} points").format(value=certified(t, hit)),
            stay=t.counted("{count} point", "{count} points", result.stay_score), decision=call), bust)
        return
    mid, _, places = rounded(hit, POINT_DIGITS)  # the margin as the midpoint written minus the stay score
    values = {"hit": t.number(mid, places), "stay": result.stay_score,
              "margin": "+" + t.number(abs(mid - result.stay_score), places)}
    if result.decision is Decision.HIT:
        show_banner(call, "f7-hit", t("Hit ≈&nbsp;{hit} · Stay&nbsp;{stay} · hitting is worth <b>{margin}</b>&nbsp;points")
                    .format(**values), *sure, bust)
    else:
        show_banner(call, "f7-stay", t("Stay&nbsp;{stay} · Hit ≈&nbsp;{hit} · staying is worth <b>{margin}</b>&nbsp;points")
                    .format(**values), *sure, bust)


POINT_DIGITS = 2
"""Decimals of an expected score as the pages write it (more when its certified half-width needs them)."""
PERCENT_DIGITS = 1
"""Decimals of a percentage as the pages write it (more when its certified half-width needs them)."""


def decimals(half: float, digits: int) -> int:
    """How many decimals a value ``± half`` is written with: ``digits``, or as many as give ``half`` two significant
    digits (``0.0017``, never a ``± 0.00`` that hides the bound), at most 6."""
    if half <= 0 or half >= 10.0**-digits:
        return digits
    return min(6, max(digits, 1 - math.floor(math.log10(half))))


def rounded(bounds: Bounds, digits: int) -> tuple[float, float, int]:
    """``bounds`` as written: (the midpoint rounded, the half-width rounded outward from it, their decimals).

    With ``d`` decimals, ``mid`` = the midpoint rounded to ``d`` and ``h`` = ``ceil(max(hi - mid, mid - lo) * 10^d) /
    10^d``, so that ``[mid - h, mid + h]`` holds ``[lo, hi]``: ``h`` is at least half the width, and less than half
    the width plus one and a half units of the last decimal (half a unit from rounding the midpoint, less than one
    from rounding ``h`` up).

    >>> rounded(Bounds(23.436, 23.476), 2)     # 23.46 - 0.024 = 23.436: half the width (0.02) would not hold it
    (23.46, 0.03, 2)
    >>> rounded(Bounds(16.79, 16.88), 2)
    (16.84, 0.05, 2)
    >>> rounded(Bounds(10.0, 10.003), 2)
    (10.0015, 0.0015, 4)
    """
    places = decimals(bounds.width / 2, digits)
    mid = round(bounds.mid, places)
    scale = 10.0**places
    # A hair below a whole unit is float noise in the subtraction, not a unit of the bound.
    half = math.ceil(max(bounds.hi - mid, mid - bounds.lo) * scale - 1e-9) / scale
    return mid, half, places


def mid_text(t: Translator, bounds: Bounds, digits: int = POINT_DIGITS) -> str:
    """An expected score's midpoint, with as many decimals as its certified ``±`` is written with."""
    mid, _, places = rounded(bounds, digits)
    return t.number(mid, places)


def half_text(t: Translator, bounds: Bounds, digits: int = POINT_DIGITS) -> str:
    """An expected score's certified half-width, rounded outward from the midpoint `mid_text` writes."""
    _, half, places = rounded(bounds, digits)
    return t.number(half, places)


def certified(t: Translator, bounds: Bounds, digits: int = POINT_DIGITS) -> str:
    """An expected score the library bounds: one number when exact, else ``mid ± h`` (`rounded`: the written range
    holds the whole interval, however narrow: ``10.0015 ± 0.0015``, not a ``10.00`` that hides the bound)."""
    if bounds.width <= 0:
        return t.number(bounds.mid, digits)
    mid, half, places = rounded(bounds, digits)
    return t("{value} ± {bound}").format(value=t.number(mid, places), bound=t.number(half, places))


def certified_percent(t: Translator, bounds: Bounds) -> str:
    """A probability the library bounds, as a percentage: one when exact (to a tenth), else ``mid % ± h %``, or
    the interval itself (``0.0% to 18.4%``, rounded outward) where ``mid ± h`` would reach 0% or 100% (or pass
    them, which no probability can)."""
    if bounds.width <= 0:
        return t.percent(bounds.mid, PERCENT_DIGITS)
    percents = Bounds(100 * bounds.lo, 100 * bounds.hi)
    mid, half, places = rounded(percents, PERCENT_DIGITS)
    if mid - half <= 0 or mid + half >= 100:
        low, high = percents.outward(places)
        low, high = max(0.0, low), min(100.0, high)
        return t("{lo} to {hi}").format(lo=t.percent(low / 100, places), hi=t.percent(high / 100, places))
    return t("{value} ± {bound}").format(value=t.percent(mid / 100, places), bound=t.percent(half / 100, places))


def bust_sentence(t: Translator, cards: int, pile: int, holds_numbers: bool, second_chance: bool,
                  pile_empty: bool) -> str:
    """P(the next card busts you) as a fraction of counts, and why: ``Bust now: 17/86 = 19.8%. 17 of the 86...``

    ``cards``: the pile's copies of numbers in your line (with a Second Chance they would use it up, and
    the chance shown is 0, exactly).
    """
    if not holds_numbers:
        why = t("You hold no number yet: no card can bust you.")
    elif second_chance:
        why = t("You hold a Second Chance: no card busts you now ({cards} of the {pile} left would use it up).").format(
            cards=cards, pile=pile)
    else:
        why = t.ngettext("{cards} of the {pile} card left would bust you.",
                         "{cards} of the {pile} cards left would bust you.", pile).format(cards=cards, pile=pile)
    if pile_empty:
        why += " " + t("The pile is empty: the next card comes from the reshuffled discards.")
    shown = 0 if second_chance else cards
    return t("Bust now: **{cards}/{pile} = {percent}**. {why}").format(
        cards=shown, pile=pile, percent=t.percent(shown / pile), why=why)


def bust_line(t: Translator, cards: int, pile: int) -> str:
    """The bar's short bust count: ``Bust now 17/86``."""
    return t("Bust now {cards}/{pile}").format(cards=cards, pile=pile)


def scroll_to_top(counter_key: str) -> None:
    """Scroll the page to its top once each time the session counter ``counter_key`` grows (a new round, a
    new question).

    The script is sent only on the run where the counter changed, not on every tap (each element of a rerun
    is one more message to the phone); a page's first run shows its top already.
    """
    marker = st.session_state.get(counter_key, 0)
    shown_key = f"{counter_key}_scrolled"
    if st.session_state.setdefault(shown_key, marker) == marker:
        return
    st.session_state[shown_key] = marker
    with st.container(key="scroller"):
        st.html(SCROLL_TO_TOP.replace("{marker}", str(marker)), unsafe_allow_javascript=True)

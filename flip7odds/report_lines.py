"""The lines of the readable ``analyze`` report that every variant shares (classic, poker, With a Vengeance).

Each takes plain numbers, so a variant's own analysis type only chooses what to pass.
"""

from __future__ import annotations

from fractions import Fraction

from flip7odds.analysis import Decision
from flip7odds.answer import Answer
from flip7odds.bounded import Bounds, round_down
from flip7odds.i18n import Translator

POINT_DIGITS = 2
"""Decimals of the report's expected scores."""
PERCENT_DIGITS = 2
"""Decimals of the report's percentages."""


def headline(t: Translator, decision: Decision, stay: int, hit: float | None, margin: float) -> str:
    """The decision first where you may stay: nothing to draw, or which choice is worth ``margin`` more."""
    if hit is None:
        return t("STAY: no card can be drawn (the pile is empty); you bank {points}").format(points=stay)
    template = (t("HIT: hitting is worth {margin} points more than staying (stay {stay}, hit {hit})")
                if decision is Decision.HIT else
                t("STAY: staying is worth {margin} points more than hitting (stay {stay}, hit {hit})"))
    return template.format(margin=t.number(margin), stay=stay, hit=t.number(hit))


def bust_line(t: Translator, result: Answer, why: str) -> str:
    """The next card's bust chance as a fraction of the pile's cards (``3/94``, ``0/108``, as ``why`` counts them),
    reduced where the pile is not what is drawn from (run out: the discards are), and as a percentage."""
    bust, size = result.bust_probability, result.pile_size
    fraction = (f"{bust.numerator * (size // bust.denominator)}/{size}" if size and size % bust.denominator == 0 else
                f"{bust.numerator}/{bust.denominator}")
    return t("Bust on the next card: {fraction} = {percent} ({why})").format(
        fraction=fraction, percent=t.percent(float(bust)), why=why)


def number_lines(t: Translator, *, bust: str, hit_once: Fraction | None, hit: float | None,
                 stay: int, optimal: float, flip7: float, bust_final: float) -> list[str]:
    """The numbers under the headline: the next card's bust chance (`bust_line`), hitting once, hitting and
    playing best (when a card can be drawn), staying, the optimum and its Flip 7 and bust chances."""
    lines = []
    if hit is not None:
        lines.append(bust)
        assert hit_once is not None
        lines.append(t("Hit once, then stay: {points} points (= {fraction})").format(
            points=t.number(float(hit_once)), fraction=f"{hit_once.numerator}/{hit_once.denominator}"))
        lines.append(t("Hit, then play best: {points} points").format(points=t.number(hit)))
    lines.append(t("Stay now: {points} points").format(points=stay))
    lines.append(t("Optimal expected score: {points}").format(points=t.number(optimal, 4)))
    lines.append(t("Under optimal play: P(Flip 7) {flip7}, P(bust) {bust}").format(
        flip7=t.percent(flip7, 2), bust=t.percent(bust_final, 2)))
    return lines


def answer_lines(t: Translator, result: Answer, why: str, forced: str | None = None) -> list[str]:
    """The whole report of an `Answer` but its variant's notes: the decision, the numbers, exact or within what.

    Exact answers read as before (fractions where they are exact); bounded ones give every number as
    its interval and say so; when the hit and stay intervals overlap the decision says it is too close
    to call. Where you may not stay, the headline is ``forced`` (a template of ``{points}``: With a Vengeance's
    The Zero) or the empty line's, with the hit's value, or its interval where bounded.
    """
    if result.hit is not None and not result.may_stay:
        points = t.number(result.hit.mid) if result.exact else interval_text(t, result.hit)
        first = (forced or t("HIT: your line is empty, you may not stay yet (expected {points})")).format(points=points)
    else:
        first = None
    if result.exact:
        hit = None if result.hit is None else result.hit.mid
        once = result.hit_once_fraction
        if once is None and result.hit_once is not None:
            once = Fraction(result.hit_once.mid)
        lines = [first or headline(t, result.decision, result.stay_score, hit, result.margin),
                 *number_lines(t, bust=bust_line(t, result, why), hit_once=once, hit=hit,
                               stay=result.stay_score, optimal=result.optimal.mid, flip7=result.flip7_probability.mid,
                               bust_final=result.bust_final_probability.mid)]
        return [*lines, t("Exact.")]
    names = {Decision.HIT: t("HIT"), Decision.STAY: t("STAY")}
    if first is not None:
        top = first
    elif result.too_close:
        top = t("Too close to call: hit {hit}, stay {stay}; by the midpoints, {decision}").format(
            hit=interval_text(t, result.hit), stay=result.stay_score, decision=names[result.decision])
    elif result.hit is None:
        top = headline(t, result.decision, result.stay_score, None, result.margin)
    else:
        sure = round_down(max(result.hit.lo - result.stay_score, result.stay_score - result.hit.hi), POINT_DIGITS)
        template = (t("HIT: hitting is worth at least {margin} points more than staying (stay {stay}, hit {hit})")
                    if result.decision is Decision.HIT else
                    t("STAY: staying is worth at least {margin} points more than hitting (stay {stay}, hit {hit})"))
        top = template.format(margin=t.number(sure, POINT_DIGITS), stay=result.stay_score, hit=interval_text(t, result.hit))
    lines = [top]
    if result.hit is not None:
        lines.append(bust_line(t, result, why))
        lines.append(t("Hit once, then stay: {points} points").format(points=interval_text(t, result.hit_once)))
        lines.append(t("Hit, then play best: {points} points").format(points=interval_text(t, result.hit)))
    lines.append(t("Stay now: {points} points").format(points=result.stay_score))
    lines.append(t("Optimal expected score: {points}").format(points=interval_text(t, result.optimal)))
    lines.append(t("Under the play above: P(Flip 7) {flip7}, P(bust) {bust}").format(
        flip7=_percent_interval(t, result.flip7_probability), bust=_percent_interval(t, result.bust_final_probability)))
    scores = [b.outward(POINT_DIGITS) for b in (result.hit_once, result.hit, result.optimal) if b is not None]
    widest = max(hi - lo for lo, hi in scores)
    lines.append(t("Certified bounds: the exact value lies inside every interval above; the widest score interval "
                   "is {width} points wide (the exact solver would take too long here)").format(
        width=t.number(widest, POINT_DIGITS)))
    return lines


def interval_text(t: Translator, bounds: Bounds | None) -> str:
    """An expected score's interval as ``lo to hi`` (`Bounds.outward`), one number where both ends are written the same."""
    assert bounds is not None
    lo, hi = bounds.outward(POINT_DIGITS)
    if lo == hi:
        return t.number(lo, POINT_DIGITS)
    return t("{lo} to {hi}").format(lo=t.number(lo, POINT_DIGITS), hi=t.number(hi, POINT_DIGITS))


def _percent_interval(t: Translator, bounds: Bounds) -> str:
    """A probability's interval as percentages ``lo to hi`` (`Bounds.outward`, within 0% and 100%), one where both ends are
    written the same."""
    lo, hi = Bounds(100 * bounds.lo, 100 * bounds.hi).outward(PERCENT_DIGITS)
    lo, hi = max(0.0, lo), min(100.0, hi)
    if lo == hi:
        return t.percent(lo / 100, PERCENT_DIGITS)
    return t("{lo} to {hi}").format(lo=t.percent(lo / 100, PERCENT_DIGITS), hi=t.percent(hi / 100, PERCENT_DIGITS))

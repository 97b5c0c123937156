"""The lines of the readable ``analyze`` report that every variant shares (classic, poker, With a Vengeance).

Each takes plain numbers, so a variant's own analysis type only chooses what to pass.
"""

from __future__ import annotations

from fractions import Fraction

from flip7odds.analysis import Decision
from flip7odds.i18n import Translator


def headline(t: Translator, decision: Decision, stay: int, hit: float | None, may_stay: bool, margin: float) -> str:
    """The decision first: nothing to draw, a line that may not stay yet, or which choice is worth ``margin`` more."""
    if hit is None:
        return t("STAY: no card can be drawn (the pile is empty); you bank {points}").format(points=stay)
    if not may_stay:
        return t("HIT: your line is empty, you may not stay yet (expected {points})").format(points=t.number(hit))
    template = (t("HIT: hitting is worth {margin} points more than staying (stay {stay}, hit {hit})")
                if decision is Decision.HIT else
                t("STAY: staying is worth {margin} points more than hitting (stay {stay}, hit {hit})"))
    return template.format(margin=t.number(margin), stay=stay, hit=t.number(hit))


def number_lines(t: Translator, *, bust: Fraction, why: str, hit_once: Fraction | None, hit: float | None,
                 stay: int, optimal: float, flip7: float, bust_final: float) -> list[str]:
    """The numbers under the headline: the next card's bust chance (with ``why``), hitting once, hitting and
    playing best (when a card can be drawn), staying, the optimum and its Flip 7 and bust chances."""
    lines = []
    if hit is not None:
        lines.append(t("Bust on the next card: {fraction} = {percent} ({why})").format(
            fraction=f"{bust.numerator}/{bust.denominator}", percent=t.percent(float(bust)), why=why))
        assert hit_once is not None
        lines.append(t("Hit once, then stay: {points} points (= {fraction})").format(
            points=t.number(float(hit_once)), fraction=f"{hit_once.numerator}/{hit_once.denominator}"))
        lines.append(t("Hit, then play best: {points} points").format(points=t.number(hit)))
    lines.append(t("Stay now: {points} points").format(points=stay))
    lines.append(t("Optimal expected score: {points}").format(points=t.number(optimal, 4)))
    lines.append(t("Under optimal play: P(Flip 7) {flip7}, P(bust) {bust}").format(
        flip7=t.percent(flip7, 2), bust=t.percent(bust_final, 2)))
    return lines

"""The Vengeance strategy explorer: the exact best play for several lines of yours, late in the deck.

A fresh 108-card deck is far beyond the exact solver (docs/vengeance.md, "How it is computed"), but
late in the deck, with a dozen cards left, every number of docs/vengeance.md's model is exact and
quick. The explorer fixes one such pile (and the other players' lines, since Steal and Swap depend on
them) and compares your possible lines side by side: when to hit, what each choice is worth.

The discard pile is left unknown, so a pile that runs out ends your round as if you stayed (the model's
rule without known discards): the numbers are those of the last cards before a reshuffle.

Examples
--------
>>> from flip7odds.rules import VENGEANCE
>>> rows = decisions_by_line(VENGEANCE, "12 11 5", others=("9",), lines=("12 3", "7 7"))
>>> rows[0].analysis.decision.value, round(3 * rows[0].analysis.hit_score, 9)  # 0 + 26 + 20, as in analysis.py
('hit', 46.0)
>>> rows[1].analysis is None, rows[1].error.template
(True, 'duplicate number {value} in your line: a second {value} busts you')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from flip7odds.errors import Flip7Error
from flip7odds.i18n import N_
from flip7odds.rules import RuleSet
from flip7odds.vengeance.analysis import VengeanceAnalysis, analyze_vengeance
from flip7odds.vengeance.situation import VengeanceSituation

EXPLORER_MAX_STATES = 20_000
"""The solver's budget for one line (a few seconds at most); a line that needs more says so."""


@dataclass(frozen=True)
class Preset:
    """A late-deck pile to start from, with the other players' lines and the lines of yours to compare."""

    title: str
    """What it shows (a message id)."""
    pile: str
    others: tuple[str, ...]
    lines: tuple[str, ...]


PRESETS: tuple[Preset, ...] = (
    Preset(N_("Copies of your high numbers left, and a Steal"), "12*3 11*2 10*2 4 -4 steal", ("6 2", ""),
           ("12 11", "12 11 10", "12 11 10 /2", "12 11 0", "6 5 3", "13 l13 12", "u7 12")),
    Preset(N_("A Swap left, and a rich line to swap with"), "12*2 11*2 10 6 swap -6", ("13 l13 8",),
           ("12 11", "12 11 10", "12 11 10 9 8", "12 11 10 /2", "12 11 0", "6 5 3")),
    Preset(N_("The Zero and the Unlucky 7 still in the pile"), "0 u7 12*2 11 10 8 jom", ("9",),
           ("12 11", "12 11 10", "12 11 10 8", "13 5", "12 10 7 5 4")),
)
"""The explorer's starting points: piles small enough that every line solves in well under a second, chosen
so that the best play differs from line to line."""


@dataclass(frozen=True)
class LineDecision:
    """One line of yours: its exact analysis, or the error that makes it impossible or too large."""

    line: str
    analysis: VengeanceAnalysis | None
    error: Flip7Error | None


def decisions_by_line(rules: RuleSet, pile: str, others: Sequence[str], lines: Sequence[str], busted: int = 0,
                      max_states: int = EXPLORER_MAX_STATES) -> tuple[LineDecision, ...]:
    """The exact analysis of each line against the same pile and other lines (card notation of ``rules``).

    A line that cannot be (a card the pile and the lines hold too often, a duplicate...) or that needs
    more than ``max_states`` states gets its `Flip7Error` instead of an analysis.
    """
    rows = []
    for line in lines:
        try:
            situation = VengeanceSituation.from_text(rules, line, others=others, pile=pile, busted_others=busted)
            rows.append(LineDecision(line, analyze_vengeance(situation, max_states), None))
        except Flip7Error as error:
            rows.append(LineDecision(line, None, error))
    return tuple(rows)


__all__ = ["EXPLORER_MAX_STATES", "PRESETS", "LineDecision", "Preset", "decisions_by_line"]

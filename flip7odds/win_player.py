"""A simulator player that plays to win the game (`flip7odds.endgame`), for the full-rules study.

`WinPolicy` plugs into `flip7odds.simulator.play_game` like any hit/stay `Policy`. At a decision it
builds the game totals the endgame model expects (every player's total at the start of the round,
plus the line already banked this round by a player whose round is over; an opponent still active
adds a round score from the model's distribution) and asks `flip7odds.endgame.analyze_win`.

Two documented shortcuts keep a study affordable; both fall back to round-EV optimal play
(`flip7odds.simulator.OptimalPolicy`):

* while every total is below ``from_total`` (default 100) the game is far from its end and the two
  objectives almost always agree;
* a round too large for the exact utility solver is played for points: alone with more than
  ``alone_max_pile`` cards in the pile (skipped at once), or any round that would need more than
  ``max_states`` states (`flip7odds.utility.TooLargeError`).

Two players only (the exact model); with more players it plays round-EV.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from flip7odds.analysis import Decision
from flip7odds.endgame import analyze_win
from flip7odds.simulator import OptimalPolicy, Outcome, TableView
from flip7odds.utility import TooLargeError

DEFAULT_FROM_TOTAL = 100


@dataclass
class WinPolicy:
    """Hit or stay to maximise P(win the game) (two players), else round-EV optimal."""

    from_total: int = DEFAULT_FROM_TOTAL
    max_states: int = 100_000
    alone_max_pile: int = 45
    fallback: OptimalPolicy = field(default_factory=OptimalPolicy)
    win_decisions: int = 0
    fallbacks: int = 0

    @property
    def name(self) -> str:
        """``win``."""
        return "win"

    def hits(self, view: TableView, rng: np.random.Generator) -> bool:
        """The win-probability decision when it applies (module docstring), else the round-EV one."""
        totals = banked_totals(view)
        if len(totals) != 2 or max(view.totals) < self.from_total:
            return self.fallback.hits(view, rng)
        if view.others_active == 0 and view.pile_size > self.alone_max_pile:
            self.fallbacks += 1
            return self.fallback.hits(view, rng)
        try:
            win = analyze_win(view.situation, totals, view.seat, max_states=self.max_states)
        except TooLargeError:
            self.fallbacks += 1
            return self.fallback.hits(view, rng)
        self.win_decisions += 1
        return win.decision is Decision.HIT


def banked_totals(view: TableView) -> tuple[int, ...]:
    """Game totals with this round's banked lines of the other players whose round is over."""
    totals = list(view.totals)
    for seat in view.seats:
        if seat.seat != view.seat and seat.outcome is not None and seat.outcome is not Outcome.BUST:
            totals[seat.seat] += seat.line.score(view.rules, seat.outcome is Outcome.FLIP_7)
    return tuple(totals)


__all__ = ["DEFAULT_FROM_TOTAL", "WinPolicy", "banked_totals"]

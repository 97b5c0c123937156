"""The simulator's win-probability player: it plays whole games under the card-conservation check,
uses the win objective near the end, and is exactly the round-EV player when the shortcut covers the game."""

import numpy as np

from flip7odds.rules import CLASSIC
from flip7odds.simulator import OptimalPolicy, RoundStart, play_game
from flip7odds.win_player import WinPolicy


def test_near_the_end_it_plays_for_the_win() -> None:
    player = WinPolicy(max_states=20_000)
    rng = np.random.default_rng(11)
    start = RoundStart.fresh(CLASSIC, 2, rng)
    # a late pile (50 cards already discarded) keeps every round small enough for the exact solve
    start = RoundStart(start.pile[50:], start.pile[:50], start.dealer, (185, 190))
    result = play_game(CLASSIC, (player, OptimalPolicy()), rng, start=start)
    assert result.winner in (0, 1) and max(result.totals) >= CLASSIC.target
    assert player.win_decisions > 0


def test_with_the_shortcut_everywhere_it_is_the_round_ev_player() -> None:
    start_totals = (120, 130)

    def game(first: object) -> tuple[int, ...]:
        rng = np.random.default_rng(5)
        start = RoundStart.fresh(CLASSIC, 2, rng)
        start = RoundStart(start.pile, start.discards, start.dealer, start_totals)
        return play_game(CLASSIC, (first, OptimalPolicy()), rng, start=start).totals  # type: ignore[arg-type]

    never = WinPolicy(from_total=10_000)
    assert game(never) == game(OptimalPolicy())
    assert never.win_decisions == 0

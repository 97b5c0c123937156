"""Study: a win-probability player against a round-EV player in seeded two-player games (full rules).

Run: ``python benchmarks/study_win_vs_ev.py --games 400 --seed 2026`` (prints progress every 10 games,
then the win player's win rate with a 95% confidence interval). Game ``i`` uses the generator
``np.random.default_rng([seed, i])`` and puts the win player in seat ``i % 2``, so the two players sit
in each seat equally often and any game can be replayed alone. The simulator's card-conservation
check is off (``check=False``) for speed; it is on in the tests.
"""

from __future__ import annotations

import argparse
import math
import os
import time

import numpy as np

from flip7odds.rules import CLASSIC
from flip7odds.simulator import OptimalPolicy, Policy, play_game
from flip7odds.win_player import DEFAULT_FROM_TOTAL, WinPolicy

Z_95 = 1.959964


def interval(wins: int, games: int) -> tuple[float, float, float]:
    """The win rate and its 95% Wilson score interval."""
    rate = wins / games
    centre = (rate + Z_95**2 / (2 * games)) / (1 + Z_95**2 / games)
    half = Z_95 * math.sqrt(rate * (1 - rate) / games + Z_95**2 / (4 * games**2)) / (1 + Z_95**2 / games)
    return rate, centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--from-total", type=int, default=DEFAULT_FROM_TOTAL)
    args = parser.parse_args()
    win_player = WinPolicy(from_total=args.from_total)
    round_ev = OptimalPolicy()
    wins = 0
    start = time.perf_counter()
    print(f"load average before: {os.getloadavg()[0]:.2f}", flush=True)
    for game in range(args.games):
        seat = game % 2
        players: tuple[Policy, Policy] = (win_player, round_ev) if seat == 0 else (round_ev, win_player)
        result = play_game(CLASSIC, players, np.random.default_rng([args.seed, game]), check=False)
        wins += result.winner == seat
        if (game + 1) % 10 == 0 or game + 1 == args.games:
            rate, low, high = interval(wins, game + 1)
            print(f"{game + 1} games: win player {wins} wins, {rate:.3f} [{low:.3f}, {high:.3f}]; "
                  f"{win_player.win_decisions} win decisions, {win_player.fallbacks} too large; "
                  f"{time.perf_counter() - start:.0f} s", flush=True)
    rate, low, high = interval(wins, args.games)
    print(f"RESULT games={args.games} seed={args.seed} from_total={args.from_total} wins={wins} "
          f"rate={rate:.4f} ci95=[{low:.4f}, {high:.4f}]", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}", flush=True)


if __name__ == "__main__":
    main()

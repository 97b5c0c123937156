"""Throughput of the With a Vengeance game simulator (`flip7odds.vengeance.game`): whole games per second.

    python benchmarks/bench_vengeance_game.py [--seconds S] [--runs R]

Every player stays at a sum of 25; each line is the median of ``--runs`` runs of ``--seconds`` each.
Numbers for BENCHMARKS.md; nothing here is asserted.
"""

import argparse
import statistics
import time

import numpy as np

from flip7odds.rules import VENGEANCE, VENGEANCE_BRUTAL, RuleSet
from flip7odds.vengeance.game import SumThreshold, play_game


def games_rate(rules: RuleSet, players: int, check: bool, seconds: float, seed: int) -> float:
    """Games of ``players`` "stay at 25" players per second, for about ``seconds``."""
    rng = np.random.default_rng(seed)
    games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        play_game(rules, [SumThreshold(25)] * players, rng, check=check)
        games += 1
    return games / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time spent on each run")
    parser.add_argument("--runs", type=int, default=3, help="runs per line (the median is shown)")
    args = parser.parse_args()
    print("| rules | players | games/s, check on | games/s, check off |")
    print("|---|---|---|---|")
    for rules in (VENGEANCE, VENGEANCE_BRUTAL):
        for players in (2, 4, 8):
            rates = [statistics.median(games_rate(rules, players, check, args.seconds, seed)
                                       for seed in range(args.runs)) for check in (True, False)]
            print(f"| {rules.name} | {players} | {rates[0]:.1f} | {rates[1]:.1f} |", flush=True)


if __name__ == "__main__":
    main()

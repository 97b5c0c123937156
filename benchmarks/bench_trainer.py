"""Throughput of the trainer: quiz situations generated per second (by tier) and simulated games per second.

    python benchmarks/bench_trainer.py [--seconds S]

Numbers for BENCHMARKS.md; nothing here is asserted.
"""

import argparse
import statistics
import time

import numpy as np

from flip7odds.quiz import QuizGenerator, Tier
from flip7odds.rules import CLASSIC
from flip7odds.simulator import OptimalPolicy, SumThreshold, play_game


def quiz_rate(tier: Tier, seconds: float) -> tuple[float, float, float]:
    """(situations per second, median and worst seconds per situation) for one tier."""
    generator = QuizGenerator(tier, np.random.default_rng(1))
    times: list[float] = []
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        before = time.perf_counter()
        next(generator)
        times.append(time.perf_counter() - before)
    return len(times) / sum(times), statistics.median(times), max(times)


def games_rate(players: int, check: bool, seconds: float) -> float:
    """Games of ``players`` "stay at 23" players per second."""
    rng = np.random.default_rng(2)
    games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        play_game(CLASSIC, [SumThreshold(23)] * players, rng, check=check)
        games += 1
    return games / (time.perf_counter() - started)


def optimal_round_rate(seconds: float) -> tuple[float, int, int]:
    """Rounds per second of one optimal player among three "stay at 23" players, with the solver calls it made."""
    optimal = OptimalPolicy()
    rng = np.random.default_rng(3)
    rounds = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        rounds += len(play_game(CLASSIC, [optimal, *[SumThreshold(23)] * 3], rng, check=False, max_rounds=1_000)
                      .rounds)
    return rounds / (time.perf_counter() - started), optimal.solves, optimal.cache_hits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time spent on each measurement")
    seconds = parser.parse_args().seconds
    print("| quiz tier | situations/s | median s | worst s |")
    print("|---|---|---|---|")
    for tier in Tier:
        rate, median, worst = quiz_rate(tier, seconds)
        print(f"| {int(tier)} {tier.name.lower()} | {rate:.1f} | {median:.3f} | {worst:.3f} |")
    print()
    print("| simulated games (stay at 23) | games/s |")
    print("|---|---|")
    for players in (2, 4, 8):
        for check in (True, False):
            print(f"| {players} players, check {'on' if check else 'off'} | {games_rate(players, check, seconds):.1f} |")
    rate, solves, hits = optimal_round_rate(seconds * 3)
    print()
    print(f"optimal player + 3 x sum:23: {rate:.2f} rounds/s ({solves} solver calls, {hits} cache hits)")


if __name__ == "__main__":
    main()

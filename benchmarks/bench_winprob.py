"""Benchmark the win-probability objective: the model's parts and whole endgame analyses.

Run: ``python benchmarks/bench_winprob.py [--repeat 3]``; prints a Markdown table for BENCHMARKS.md.
Each endgame analysis is timed without its caches (the round-score distribution and ``W`` are
solved once per process and cached; the table gives their cost separately).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

from flip7odds.endgame import GameModel, analyze_win, game_values, round_distribution
from flip7odds.rules import CLASSIC
from flip7odds.situation import Situation

CASES: dict[str, tuple[Situation, tuple[int, int]]] = {
    "4 numbers, not alone, 120 vs 195 (must push)": (Situation.from_text(
        CLASSIC, "12 7 3 +4", seen="12 12 5 9 9 8 11 10 freeze 6 6 x2 2"), (120, 195)),
    "4 numbers, not alone, 185 vs 150 (play safe)": (Situation.from_text(
        CLASSIC, "12 7 3 +4", seen="12 12 5 9 9 8 11 10 freeze 6 6 x2 2"), (185, 150)),
    "3 numbers + sc, not alone, 150 vs 160": (Situation.from_text(
        CLASSIC, "10 8 5 sc", seen="12 12 12 11 11 9 9 4 +10 flip3 freeze"), (150, 160)),
    "3 numbers, alone, 170 vs 185 (opponent done)": (Situation.from_text(
        CLASSIC, "11 9 6", seen="12 12 12 11 10 10 8 +6 sc 12*5 11*4 10*3 7*4 flip3", others_active=0), (170, 185)),
    "late pile (30 cards), alone, 120 vs 190": (Situation.from_text(
        CLASSIC, "9 4", pile="12*5 11*4 10*3 9 8 7 7 6 5 3 2 +2 x2 sc freeze flip3 1 0 4 6", others_active=0),
        (120, 190)),
}


def timed(action: Callable[[], object], repeat: int) -> tuple[float, float, float, float]:
    """(median, min, max) wall-clock seconds of ``repeat`` runs, and the median CPU seconds of this process.

    On the shared machine the wall clock includes waiting for a core; the CPU time does not.
    """
    times, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        action()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return statistics.median(times), min(times), max(times), statistics.median(cpu)


def row(name: str, seconds: tuple[float, float, float, float]) -> str:
    median, low, high, cpu = seconds
    return f"| {name} | {median:.3f} ({low:.3f}-{high:.3f}) | {cpu:.3f} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    print("| case | wall-clock s, median (min-max) | CPU s, median |")
    print("|---|---|---|")

    def distribution() -> object:
        round_distribution.cache_clear()
        return round_distribution(CLASSIC)

    print(row("round-score distribution (fresh deck, round-EV optimal, not alone)", timed(distribution, args.repeat)),
          flush=True)
    optimal = round_distribution(CLASSIC)

    def values() -> object:
        game_values.cache_clear()
        return game_values(GameModel(CLASSIC.target, optimal, optimal))

    print(row("two-player game value W (all totals below 200)", timed(values, args.repeat)), flush=True)
    for name, (situation, totals) in CASES.items():
        def analysis(situation: Situation = situation, totals: tuple[int, int] = totals) -> object:
            return analyze_win(situation, totals, 0)

        result = analyze_win(situation, totals, 0)
        label = (f"{name}: stay {result.stay_win:.4f}, hit {result.hit_win:.4f}, "
                 f"{result.decision.value}")
        print(row(f"`analyze_win` {label}", timed(analysis, args.repeat)), flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()

"""Benchmark `analyze` and its parts on named situations: median and spread of repeated runs.

Run: ``python benchmarks/bench_analyze.py [--repeat 5]``; prints a Markdown table for BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from collections.abc import Callable

from flip7odds.analysis import analyze, problem_of
from flip7odds.odds import hit_once_score
from flip7odds.rules import CLASSIC
from flip7odds.situation import Situation
from flip7odds.solver import solve

SITUATIONS: dict[str, Situation] = {
    "mid-round, 4 numbers, not alone": Situation.from_text(
        CLASSIC, "12 7 3 +4", seen="12 12 5 9 9 8 11 10 freeze 6 6 x2 2"),
    "mid-round, 3 numbers + sc, not alone": Situation.from_text(
        CLASSIC, "10 8 5 sc", seen="12 12 12 11 11 9 9 4 +10 flip3 freeze"),
    "mid-round, 3 numbers, alone": Situation.from_text(
        CLASSIC, "11 9 6", seen="12 12 12 11 10 10 8 +6 sc", others_active=0),
    "late pile (30 cards), with discards": Situation.from_text(
        CLASSIC, "9 4", pile="12*5 11*4 10*3 9 8 7 7 6 5 3 2 +2 x2 sc freeze flip3 1 0 4 6",
        discards="12*6 11*6 10*6 9*6 8*6 7*5 6*4"),
    "fresh deck, empty line, not alone": Situation.from_text(CLASSIC, ""),
}


def median_seconds(action: Callable[[], object], repeat: int) -> tuple[float, float, float]:
    """(median, min, max) wall-clock seconds of ``repeat`` runs."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times), min(times), max(times)


def main() -> None:
    """Time each situation and print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"Machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}; "
          f"median (min-max) of {args.repeat} runs, seconds")
    print()
    print("| situation | solve (optimal play) | hit_once_score (exact) | whole analyze |")
    print("|---|---|---|---|")
    for name, situation in SITUATIONS.items():
        cells = []
        actions: list[Callable[[], object]] = [
            lambda s=situation: solve(problem_of(s)),  # type: ignore[misc]
            lambda s=situation: hit_once_score(s),  # type: ignore[misc]
            lambda s=situation: analyze(s),  # type: ignore[misc]
        ]
        for action in actions:
            median, low, high = median_seconds(action, args.repeat)
            cells.append(f"{median:.3f} ({low:.3f}-{high:.3f})")
        print(f"| {name} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()

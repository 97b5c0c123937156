"""Benchmark `flip7odds.lookahead.hit_once_value` (docs/model.md ``hit_once_score``, shown on every tap).

Run from the repository root::

    python benchmarks/bench_lookahead.py            # median of 5 runs per situation
    python benchmarks/bench_lookahead.py --runs 1   # quicker, noisier

Four fixed situations (the two fresh 94-card decks are the slowest there are), then ``--random``
mid-round situations drawn with a fixed seed: a shuffled classic deck, the first 0..44 cards seen,
then a line of 1..5 numbers (with the modifiers and a Second Chance met on the way, each kept with
probability 1/2), 0..2 other players active. Times are wall-clock medians of ``--runs`` runs; the
process CPU time of the whole run is printed too (this machine may be shared).
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Callable
from fractions import Fraction

import numpy as np

from flip7odds.cards import Card, Category
from flip7odds.lookahead import hit_once_value
from flip7odds.rules import CLASSIC
from flip7odds.situation import Situation

FIXED: dict[str, Callable[[], Situation]] = {
    'line "12 7 3 +4", seen "12 12 5 9 9 8 11 10 freeze", not alone': lambda: Situation.from_text(
        CLASSIC, "12 7 3 +4", seen="12 12 5 9 9 8 11 10 freeze", others_active=1),
    "fresh 94-card deck, alone": lambda: Situation.from_text(CLASSIC, "", others_active=0),
    "fresh 94-card deck, not alone": lambda: Situation.from_text(CLASSIC, "", others_active=1),
    'line "5 6", seen "12 12 12 11 x2 +10", alone': lambda: Situation.from_text(
        CLASSIC, "5 6", seen="12 12 12 11 x2 +10", others_active=0),
}


def random_situations(count: int, seed: int) -> list[Situation]:
    """``count`` mid-round situations from a fixed seed (module docstring)."""
    rng = np.random.default_rng(seed)
    deck = list(CLASSIC.deck)
    situations = []
    while len(situations) < count:
        order = [deck[i] for i in rng.permutation(len(deck))]
        seen_count = int(rng.integers(0, 45))
        seen, rest = order[:seen_count], order[seen_count:]
        wanted = int(rng.integers(1, 6))
        line: list[Card] = []
        numbers: set[int] = set()
        second_chance = False
        for card in rest:
            if len(numbers) == wanted:
                break
            if card.category is Category.NUMBER and card.value not in numbers:
                numbers.add(card.value)
                line.append(card)
            elif card.category is Category.MODIFIER and rng.random() < 0.5:
                line.append(card)
            elif card.act is not None and card.act.value == "sc" and not second_chance and rng.random() < 0.5:
                second_chance = True
                line.append(card)
        situations.append(Situation.build(CLASSIC, line, seen=seen, others_active=int(rng.integers(0, 3))))
    return situations


def timed(situation: Situation, runs: int) -> tuple[float, Fraction]:
    """Median wall time of ``runs`` calls, and the value."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        value = hit_once_value(situation)
        times.append(time.perf_counter() - start)
    return statistics.median(times), value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per situation (median reported)")
    parser.add_argument("--random", type=int, default=200, help="how many random mid-round situations")
    parser.add_argument("--seed", type=int, default=7, help="seed of the random situations")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, numpy {np.__version__}, {platform.machine()} {platform.processor()}")
    cpu_start = time.process_time()
    for name, build in FIXED.items():
        seconds, value = timed(build(), args.runs)
        print(f"{seconds * 1000:9.1f} ms  {name}  (= {float(value):.9f})")
    situations = random_situations(args.random, args.seed)
    medians = sorted(timed(situation, args.runs)[0] for situation in situations)
    if medians:
        quantile = medians[int(0.9 * (len(medians) - 1))]
        print(f"{len(medians)} random mid-round situations (seed {args.seed}): median {statistics.median(medians) * 1000:.1f} ms,"
              f" 90th percentile {quantile * 1000:.1f} ms, max {medians[-1] * 1000:.1f} ms,"
              f" total {sum(medians):.2f} s")
    print(f"process CPU time {time.process_time() - cpu_start:.1f} s")


if __name__ == "__main__":
    main()

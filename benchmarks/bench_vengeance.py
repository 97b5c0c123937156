"""Benchmark the exact With a Vengeance analysis (`flip7odds.vengeance.analysis.analyze_vengeance`).

Run from the repository root::

    python benchmarks/bench_vengeance.py             # fixed situations, then random piles of 4..10 cards
    python benchmarks/bench_vengeance.py --limit     # also the worst case: a solve that reaches the state limit

Random situations use a fixed seed: a shuffled 108-card deck; your line is its first 1..3 cards that
fit in a line, one other player holds the next 2 cards that fit, and the pile is the next N cards
(actions and modifiers included as they come). Each time is one wall-clock run (the machine may be
shared: the process CPU time of the whole run is printed too) with the number of states solved.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time

import numpy as np

from flip7odds.cards import Category
from flip7odds.errors import SituationError
from flip7odds.rules import VENGEANCE
from flip7odds.vengeance.analysis import analyze_vengeance
from flip7odds.vengeance.reference import DEFAULT_MAX_STATES
from flip7odds.vengeance.situation import VengeanceLine, VengeanceSituation

FIXED = {
    'line "12 3", other "10 9 -4", pile "12 11 5 0 u7 l13 13 jom steal"':
        ("12 3", ("10 9 -4",), "12 11 5 0 u7 l13 13 jom steal"),
    'line "9 -2", other "11 3", pile "0 u7 l13 13 5 jom steal -4"':
        ("9 -2", ("11 3",), "0 u7 l13 13 5 jom steal -4"),
    'line "9 -2", other "11 3", pile "0 u7 l13 13 5 flip4 swap discard /2"':
        ("9 -2", ("11 3",), "0 u7 l13 13 5 flip4 swap discard /2"),
}


def random_situation(rng: np.random.Generator, pile_size: int) -> VengeanceSituation:
    """One random situation with a pile of ``pile_size`` cards (module docstring)."""
    deck = list(VENGEANCE.deck)
    order = [deck[i] for i in rng.permutation(len(deck))]
    mine, other, rest = VengeanceLine(), VengeanceLine(), []
    wanted = int(rng.integers(1, 4))
    for card in order:
        fits = card.category is not Category.ACTION
        if fits and len(mine.cards) < wanted and (not card.is_number or mine.accepts(card)):
            mine = mine.plus(card)
        elif fits and len(other.cards) < 2 and (not card.is_number or other.accepts(card)):
            other = other.plus(card)
        else:
            rest.append(card)
    return VengeanceSituation.build(VENGEANCE, mine.cards, others=[other.cards], pile=rest[:pile_size])


def timed(situation: VengeanceSituation) -> tuple[float, float, str]:
    """Wall-clock and CPU seconds, and the states solved (or the limit reached)."""
    start, cpu = time.perf_counter(), time.process_time()
    try:
        states = str(analyze_vengeance(situation).states)
    except SituationError:
        states = f"limit {DEFAULT_MAX_STATES} reached"
    return time.perf_counter() - start, time.process_time() - cpu, states


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=5, help="random situations per pile size")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--limit", action="store_true", help="also time a solve that reaches the state limit")
    args = parser.parse_args()
    started = time.process_time()
    print(f"Python {platform.python_version()}, {platform.machine()}")
    for name, (line, others, pile) in FIXED.items():
        seconds, cpu, states = timed(VengeanceSituation.from_text(VENGEANCE, line, others=others, pile=pile))
        print(f"{name}: {seconds:.2f} s (CPU {cpu:.2f} s), states: {states}")
    rng = np.random.default_rng(args.seed)
    for size in (4, 6, 8, 10):
        runs = [timed(random_situation(rng, size)) for _ in range(args.count)]
        seconds, cpus = [run[0] for run in runs], [run[1] for run in runs]
        print(f"random, pile of {size}: median {statistics.median(seconds):.2f} s, max {max(seconds):.2f} s "
              f"(CPU max {max(cpus):.2f} s); states {', '.join(run[2] for run in runs)}")
    if args.limit:
        seconds, cpu, states = timed(VengeanceSituation.from_text(VENGEANCE, "5", others=("9",)))
        print(f"worst case (fresh deck, line 5, other 9): {seconds:.2f} s (CPU {cpu:.2f} s), {states}")
    print(f"process CPU time: {time.process_time() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

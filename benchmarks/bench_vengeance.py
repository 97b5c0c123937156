"""Benchmark the exact With a Vengeance analysis: the reference solver against the fast solver.

Run from the repository root::

    python benchmarks/bench_vengeance.py               # the ladder, the fixed situations, the worst case
    python benchmarks/bench_vengeance.py --repeat 5    # more runs per timing (the median is printed)

Situations use a fixed seed: a shuffled 108-card deck; your line is its first 1..3 cards that fit in
a line, one other player (or none: "alone") holds the next 2 cards that fit, and the pile is the next
N cards (actions and modifiers included as they come). "Late deck" puts all ten actions in the pile
first. Each timing is the median wall clock of ``--repeat`` runs of `analyze_vengeance` (the CPU time of
one run in brackets: the machine may be shared), with the states the solver memoised, or "refused"
with the time the refusal took. The reference solver runs only where it finishes (its 100 000-state
limit takes minutes to reach).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable

import numpy as np

from flip7odds.cards import Category
from flip7odds.errors import SituationError
from flip7odds.rules import VENGEANCE
from flip7odds.vengeance.analysis import analyze_vengeance
from flip7odds.vengeance.fast import estimate_solve_seconds
from flip7odds.vengeance.situation import VengeanceLine, VengeanceSituation

FIXED = {
    'line "12 3", other "10 9 -4", pile "12 11 5 0 u7 l13 13 jom steal"':
        ("12 3", ("10 9 -4",), "12 11 5 0 u7 l13 13 jom steal"),
    'line "9 -2", other "11 3", pile "0 u7 l13 13 5 jom steal -4"':
        ("9 -2", ("11 3",), "0 u7 l13 13 5 jom steal -4"),
    'line "9 -2", other "11 3", pile "0 u7 l13 13 5 flip4 swap discard /2"':
        ("9 -2", ("11 3",), "0 u7 l13 13 5 flip4 swap discard /2"),
}


def random_situation(rng: np.random.Generator, pile_size: int, alone: bool = False,
                     late: bool = False) -> VengeanceSituation:
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
    if late:
        rest.sort(key=lambda card: card.category is not Category.ACTION)
    return VengeanceSituation.build(VENGEANCE, mine.cards, others=[] if alone else [other.cards],
                                    pile=rest[:pile_size])


def timed(situation: VengeanceSituation, repeat: int, reference: bool = False) -> str:
    """The median wall clock of ``repeat`` analyses, the CPU time of one, and the states (or the refusal)."""
    walls, cpus, states = [], [], ""
    for _ in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        try:
            states = f"{analyze_vengeance(situation, reference=reference).states} states"
        except SituationError as error:
            states = "refused" + (" (limit reached)" if "more than" in str(error) else " (estimate)")
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
    return f"{statistics.median(walls):.3f} s (CPU {statistics.median(cpus):.3f} s), {states}"


def ladder(rng: np.random.Generator, count: int, repeat: int, sizes: tuple[int, ...],
           build: Callable[[np.random.Generator, int], VengeanceSituation], reference_up_to: int) -> None:
    """``count`` situations per pile size: the fast solver's timing, the reference's on small piles."""
    for size in sizes:
        for _ in range(count):
            situation = build(rng, size)
            line = f"  {size:3d} cards, estimate {estimate_solve_seconds(situation):9.3g} s: fast " + \
                timed(situation, repeat)
            if size <= reference_up_to:
                line += "; reference " + timed(situation, 1, reference=True)
            print(line, flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=3, help="random situations per pile size")
    parser.add_argument("--repeat", type=int, default=3, help="runs per timing (the median is printed)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, {platform.machine()}, load average "
          f"{os.getloadavg()[0]:.1f} at the start")
    print("fixed situations (fast; reference):")
    for name, (line, others, pile) in FIXED.items():
        situation = VengeanceSituation.from_text(VENGEANCE, line, others=others, pile=pile)
        reference = timed(situation, 1, reference=True) if "flip4" not in pile else "not run (limit)"
        print(f"  {name}: fast {timed(situation, args.repeat)}; reference {reference}", flush=True)
    rng = np.random.default_rng(args.seed)
    sizes = (10, 15, 20, 25, 30, 40)
    print("one other player holding two cards:")
    ladder(rng, args.count, args.repeat, sizes, random_situation, reference_up_to=10)
    print("alone:")
    ladder(rng, args.count, args.repeat, sizes, lambda r, n: random_situation(r, n, alone=True), reference_up_to=10)
    print("late deck, every action in the pile, one other player:")
    ladder(rng, args.count, args.repeat, (6, 8, 10, 12),
           lambda r, n: random_situation(r, n, late=True), reference_up_to=0)
    print("worst case, a fresh deck and an empty line:")
    for others in ((), ("",), ("", "")):
        situation = VengeanceSituation.from_text(VENGEANCE, "", others=others)
        print(f"  {len(others)} other players: {timed(situation, args.repeat)}")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())

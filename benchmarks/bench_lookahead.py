"""Benchmark `flip7odds.lookahead.hit_once_value` (docs/model.md ``hit_once_score``, shown on every tap).

Run from the repository root::

    python benchmarks/bench_lookahead.py            # median of 5 runs per situation
    python benchmarks/bench_lookahead.py --runs 1   # quicker, noisier
    python benchmarks/bench_lookahead.py --taps     # CPU per live tap instead (issue 15)

Four fixed situations (the two fresh 94-card decks are the slowest there are), then ``--random``
mid-round situations drawn with a fixed seed: a shuffled classic deck, the first 0..44 cards seen,
then a line of 1..5 numbers (with the modifiers and a Second Chance met on the way, each kept with
probability 1/2), 0..2 other players active. Times are wall-clock medians of ``--runs`` runs; the
process CPU time of the whole run is printed too (this machine may be shared).

``--taps`` measures what a live table costs the server per tap instead (issue 15): the line ``12 7``,
not alone, on a classic and on a poker pile, with the cards of `TAPS` seen one more at a time (as
``benchmarks/bench_app.py`` taps them). For each tap it reports the process CPU time
(``time.process_time``, robust to load) of `flip7odds.answer.answer` (the app's call, lattice solve and
hit-once together) and of `hit_once_value` alone, as medians of ``--runs`` runs after one warm-up call.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from functools import partial

import numpy as np
from live_taps import CLASSIC_SEEN, LINE, POKER_SEEN

from flip7odds.answer import answer
from flip7odds.cards import Card, Category
from flip7odds.lookahead import hit_once_value
from flip7odds.rules import CLASSIC, POKER, RuleSet
from flip7odds.situation import Situation

FIXED: dict[str, Callable[[], Situation]] = {
    'line "12 7 3 +4", seen "12 12 5 9 9 8 11 10 freeze", not alone': lambda: Situation.from_text(
        CLASSIC, "12 7 3 +4", seen="12 12 5 9 9 8 11 10 freeze", others_active=1),
    "fresh 94-card deck, alone": lambda: Situation.from_text(CLASSIC, "", others_active=0),
    "fresh 94-card deck, not alone": lambda: Situation.from_text(CLASSIC, "", others_active=1),
    'line "5 6", seen "12 12 12 11 x2 +10", alone': lambda: Situation.from_text(
        CLASSIC, "5 6", seen="12 12 12 11 x2 +10", others_active=0),
}


TAPS: dict[str, tuple[RuleSet, float, tuple[str, ...]]] = {
    "classic": (CLASSIC, 0.5, tuple(CLASSIC_SEEN)),
    "poker": (POKER, 1.0, tuple(POKER_SEEN)),
}
"""The live pages' budget of `answer` (``flip7odds_ui.cache``), and the cards seen, one more each tap, beside
the line ``12 7`` (not alone)."""


def cpu_median(call: Callable[[], object], runs: int) -> float:
    """Median process CPU time of ``runs`` calls (seconds)."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        call()
        times.append(time.process_time() - start)
    return statistics.median(times)


def live_taps(runs: int) -> None:
    """Print the CPU of `answer` and of `hit_once_value` per tap of `TAPS` (module docstring)."""
    for name, (rules, budget, seen) in TAPS.items():
        answer(Situation.from_text(rules, LINE, seen=seen[0]), budget)  # warm-up: loops loaded
        answers, hit_onces = [], []
        for count in range(1, len(seen) + 1):
            situation = Situation.from_text(rules, LINE, seen=" ".join(seen[:count]))
            answers.append(cpu_median(partial(answer, situation, budget), runs))
            hit_onces.append(cpu_median(partial(hit_once_value, situation), runs))
        print(f"{name}: answer per tap {' '.join(f'{t * 1000:.0f}' for t in answers)} ms "
              f"(median {statistics.median(answers) * 1000:.1f} ms); hit_once_value "
              f"{' '.join(f'{t * 1000:.0f}' for t in hit_onces)} ms (median {statistics.median(hit_onces) * 1000:.1f} ms)")


def random_situations(count: int, seed: int) -> list[Situation]:
    """``count`` mid-round situations from a fixed seed (module docstring)."""
    rng = np.random.default_rng(seed)
    deck = list(CLASSIC.deck)
    situations: list[Situation] = []
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
    parser.add_argument("--taps", action="store_true", help="CPU per live tap of the app instead (issue 15)")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, numpy {np.__version__}, {platform.machine()} {platform.processor()}")
    if args.taps:
        live_taps(args.runs)
        return
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

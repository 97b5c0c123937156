"""Benchmark the With a Vengeance quiz: how long dealing and grading one question of each tier takes.

Run from the repository root::

    python benchmarks/bench_vengeance_quiz.py              # 10 questions per tier and variant, piles 8..12
    python benchmarks/bench_vengeance_quiz.py --count 30 --piles 10 14

Each question is the `flip7odds.vengeance.quiz.VengeanceQuizGenerator` stream's next one (fixed seed):
deals rejected by the tier's criterion or by the state budget (`QUIZ_MAX_STATES`) are part of its time,
which is what the quiz page waits for. Times are wall clock (the machine may be shared: the process CPU
time of the whole run is printed too).
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time

import numpy as np

from flip7odds.rules import VENGEANCE, VENGEANCE_BRUTAL
from flip7odds.vengeance.quiz import PILE_SIZES, QUIZ_MAX_STATES, VengeanceQuizGenerator, VTier


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10, help="questions per tier and variant (default 10)")
    parser.add_argument("--piles", type=int, nargs=2, default=PILE_SIZES, metavar=("LOW", "HIGH"),
                        help=f"pile sizes, inclusive (default {PILE_SIZES[0]} {PILE_SIZES[1]})")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}, {platform.machine()}, state budget {QUIZ_MAX_STATES}, "
          f"piles {args.piles[0]}..{args.piles[1]}, {args.count} questions per row")
    started_cpu = time.process_time()
    print(f"{'variant':<18} {'tier':<20} {'median s':>9} {'max s':>7} {'states med':>10} {'margin med':>10}")
    for rules in (VENGEANCE, VENGEANCE_BRUTAL):
        for tier in VTier:
            generator = VengeanceQuizGenerator(tier, np.random.default_rng((args.seed, int(tier))), rules,
                                               tuple(args.piles))
            times, states, margins = [], [], []
            for _ in range(args.count):
                start = time.perf_counter()
                question = next(generator)
                times.append(time.perf_counter() - start)
                states.append(question.analysis.states)
                margins.append(question.exact.margin)
            print(f"{rules.name:<18} {tier.name:<20} {statistics.median(times):9.3f} {max(times):7.2f} "
                  f"{statistics.median(states):10.0f} {statistics.median(margins):10.2f}")
    print(f"process CPU time {time.process_time() - started_cpu:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

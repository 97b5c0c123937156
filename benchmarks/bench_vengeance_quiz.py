"""Benchmark the quizzes of every variant: the CPU time to deal and grade one question, per variant and level.

Run from the repository root::

    python benchmarks/bench_vengeance_quiz.py                 # 5 questions per level, every variant
    python benchmarks/bench_vengeance_quiz.py --count 10 --rules poker vengeance

Each question is the next one of the quiz's generator (`flip7odds.quiz.QuizGenerator`,
`flip7odds.vengeance.quiz.VengeanceQuizGenerator`, fixed seed): candidates rejected by the level's
criterion or because their bounds could change a grade are part of its time, which is what the quiz
page waits for (it deals the next one in the background while you read). Times are process CPU seconds
(the machine may be shared: quote the load average beside them). Also printed: the share of questions
graded exactly (the rest on certified bounds), the share whose best play is HIT, and the pile sizes.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Iterator
from typing import Any

import numpy as np

from flip7odds.quiz import QuizGenerator, Tier
from flip7odds.rules import find_rules
from flip7odds.vengeance.quiz import VengeanceQuizGenerator, VTier

VARIANTS = ("classic", "poker", "vengeance", "vengeance-brutal")


def generator(name: str, level: int, seed: int) -> Iterator[Any]:
    """The quiz's stream of questions of ``level`` for the rule set ``name``, as the command line seeds it."""
    rules = find_rules(name, experimental=True)
    if rules.vengeance:
        return VengeanceQuizGenerator(VTier(level), np.random.default_rng((seed, level)), rules)
    return QuizGenerator(Tier(level), np.random.default_rng(seed), rules)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=5, help="questions per level and variant (default 5)")
    parser.add_argument("--rules", nargs="+", default=VARIANTS, choices=VARIANTS)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}, {platform.machine()}, {args.count} questions per row, "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'variant':<17} {'level':>5} {'median s':>9} {'max s':>7} {'exact':>6} {'HIT':>5} {'piles':>16}")
    for name in args.rules:
        for level in (1, 2, 3, 4):
            stream = generator(name, level, args.seed)
            times, exact, hits, piles = [], 0, 0, []
            for _ in range(args.count):
                start = time.process_time()
                question = next(stream)
                times.append(time.process_time() - start)
                exact += question.exact.exact
                hits += question.exact.decision.value == "hit"
                piles.append(question.exact.pile_size)
            print(f"{name:<17} {level:>5} {statistics.median(times):9.2f} {max(times):7.2f} "
                  f"{exact / args.count:6.0%} {hits / args.count:5.0%} "
                  f"{f'{min(piles)}-{statistics.median(piles):.0f}-{max(piles)}':>16}", flush=True)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The quiz's relaxed poker answers: their error_bound and CPU, to compare two versions.

Answers the fresh poker pile with one and three others and ``--count`` situations dealt from simulated poker games
(`bench_bounded.classic_situations`, ``--seed``) as the quiz does (`flip7odds.answer.answer` within
`flip7odds.quiz.QUIZ_CPU_SECONDS`, ``deterministic``), and prints each relaxed answer's pile, others active,
error_bound and the widths of its hit and hit-once intervals, then their median, mean and max and the CPU. Run it from
each checkout (``PYTHONPATH`` at each), one after the other, and say the load average.

    PYTHONPATH=. python benchmarks/quiz_relaxed.py [--count 200] [--seed 7]
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from benchmarks.bench_bounded import classic_situations
from flip7odds.answer import Method, answer
from flip7odds.quiz import QUIZ_CPU_SECONDS
from flip7odds.rules import POKER
from flip7odds.situation import Situation


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    situations = [Situation.build(POKER, (), others_active=others) for others in (1, 3)]
    situations += classic_situations(POKER, args.count, np.random.default_rng(args.seed))
    errors, seconds = [], []
    for situation in situations:
        start = time.process_time()
        result = answer(situation, QUIZ_CPU_SECONDS, deterministic=True)
        spent = time.process_time() - start
        if result.method is not Method.RELAXED or result.hit is None or result.hit_once is None:
            continue
        errors.append(result.error_bound)
        seconds.append(spent)
        print(f"pile {situation.pile.size:2} others {situation.others_active}: error_bound {result.error_bound:.4f} "
              f"(hit {result.hit.width:.4f}, hit once {result.hit_once.width:.4f}), {spent:.2f} s", flush=True)
    print(f"{len(errors)} relaxed of {len(situations)}: error_bound median {statistics.median(errors):.4f}, mean "
          f"{statistics.mean(errors):.4f}, max {max(errors):.4f}; CPU median {statistics.median(seconds):.2f} s, "
          f"max {max(seconds):.2f} s")


if __name__ == "__main__":
    main()

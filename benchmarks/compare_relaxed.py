"""Poker's relaxed decks on situations from simulated games, alone and as dealt: to compare two versions.

Deals ``--count`` poker situations from simulated games (`bench_bounded.classic_situations`, ``--seed``), takes each
as dealt and alone (no other player active: where the exact solver most often does not fit), and answers each with
`flip7odds.answer.answer` (``deterministic``: the relaxed decks are chosen by estimates, not by the clock, so every
version answers the same situations with the same decks). Printed per relaxed answer: the pile's size, others active,
the CPU seconds, the hit interval and its width; then how many were relaxed, their median and mean width, and the CPU
of the relaxed answers. To compare two versions, run it once from each checkout (``PYTHONPATH`` at each), one after
the other, and say the load average.

    PYTHONPATH=. python benchmarks/compare_relaxed.py [--count 60] [--seed 7]
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import time

import numpy as np

from benchmarks.bench_bounded import classic_situations
from flip7odds.answer import Method, answer
from flip7odds.rules import POKER
from flip7odds.situation import Situation


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    dealt = classic_situations(POKER, args.count, np.random.default_rng(args.seed))
    widths, seconds = [], []
    situations = [Situation.build(POKER, (), others_active=0)]
    for situation in dealt:
        assert isinstance(situation, Situation)
        situations += [situation, dataclasses.replace(situation, others_active=0)]
    for situation in situations:
        start = time.process_time()
        result = answer(situation, deterministic=True)
        spent = time.process_time() - start
        if result.method is not Method.RELAXED or result.hit is None:
            continue
        widths.append(result.hit.width)
        seconds.append(spent)
        print(f"pile {situation.pile.size:2} others {situation.others_active}: {spent:5.2f} s, hit "
              f"{result.hit.lo:.4f} to {result.hit.hi:.4f}, width {result.hit.width:.4f}", flush=True)
    print(f"{len(widths)} relaxed of {len(situations)}: median width {statistics.median(widths):.4f}, mean "
          f"{statistics.mean(widths):.4f}, max {max(widths):.4f}; {sum(seconds):.1f} s CPU in all")


if __name__ == "__main__":
    main()

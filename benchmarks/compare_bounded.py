"""The bounded solver on 16 With a Vengeance situations, at one depth or within a CPU budget: to compare two versions.

The fresh deck alone and with 3 others, then 14 situations from simulated games (seed 11):
`study_drift_ceiling.study_situations`. Each is searched by `flip7odds.bounded.solve_bounded` to the depth ``--max-budget``
(``depth``: a deterministic stop, the same ``eps`` for every version) or within ``--cpu-seconds`` of CPU (``time``:
what a user gets, stopping rule included). Printed: per situation the pile's size, the CPU seconds, the gap of the
hit value (the wider of optimal and hit), the widths of P(Flip 7) and P(bust) (percentage points) and the states
expanded; then the total CPU, the median and mean gap, the fresh decks' gaps, how many are within 0.01, the states
expanded in all and the median widths of the two probabilities. To compare two versions, run it once
from each checkout (or with ``PYTHONPATH`` at each), one after the other, and say the load average.

    PYTHONPATH=. python benchmarks/compare_bounded.py depth [--max-budget 320]
    PYTHONPATH=. python benchmarks/compare_bounded.py time [--cpu-seconds 3]
"""

from __future__ import annotations

import argparse
import statistics
import time

from benchmarks.study_drift_ceiling import study_situations
from flip7odds.bounded import paused_cyclic_collection, solve_bounded
from flip7odds.round_models import VengeanceModel


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["depth", "time"])
    parser.add_argument("--max-budget", type=float, default=320.0)
    parser.add_argument("--cpu-seconds", type=float, default=3.0)
    args = parser.parse_args()
    situations = study_situations()
    gaps, total, expanded = [], 0.0, 0
    flip7s, busts = [], []
    for situation in situations:
        start = time.process_time()
        with paused_cyclic_collection():
            if args.mode == "depth":
                result = solve_bounded(VengeanceModel(situation), cpu_seconds=600, max_budget=args.max_budget)
            else:
                result = solve_bounded(VengeanceModel(situation), cpu_seconds=args.cpu_seconds)
        seconds = time.process_time() - start
        gap = max(result.optimal.width, 0.0 if result.hit is None else result.hit.width)
        gaps.append(gap)
        flip7s.append(100 * result.flip7_probability.width)
        busts.append(100 * result.bust_probability.width)
        total += seconds
        expanded += result.expansions
        print(f"  pile {situation.pile.size:3d}  {seconds:5.2f} s  gap {gap:7.3f}  P(Flip 7) {flip7s[-1]:5.2f}  "
              f"P(bust) {busts[-1]:5.2f}  {result.expansions} states", flush=True)
    print(f"CPU {total:.2f} s, median gap {statistics.median(gaps):.4f}, mean {statistics.mean(gaps):.4f}, fresh "
          f"alone {gaps[0]:.2f}, 3 others {gaps[1]:.2f}, within 0.01: {sum(g <= 0.01 for g in gaps)}, "
          f"{expanded} states; median width of P(Flip 7) {statistics.median(flip7s):.2f}, of P(bust) "
          f"{statistics.median(busts):.2f} percentage points")


if __name__ == "__main__":
    main()

"""A study of the drift ceiling (`flip7odds.drift`), not a timing: the bounded solver at one depth, with and without it.

The fresh With a Vengeance deck (alone, 3 others) and 14 situations from simulated games (seed 11), each searched
to the same depth (``--max-budget``: ``1 / eps`` of the last round, `flip7odds.bounded.solve_bounded`) with the
path ceiling alone (hindsight) and with the lower of it and the drift ceiling. At one depth the gaps compare the
bounds, not the machine's speed; the CPU column says what each search cost.

    PYTHONPATH=. python benchmarks/study_drift_ceiling.py [--max-budget 640]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable

import numpy as np

from benchmarks.bench_bounded import fresh, vengeance_situations
from flip7odds import bounded
from flip7odds.answer import AnySituation
from flip7odds.bounded import Path, solve_bounded
from flip7odds.drift import drift_ceiling
from flip7odds.round_models import VengeanceModel
from flip7odds.rules import VENGEANCE


def hindsight_only(path: Path, ceiling: int) -> float:
    """No drift ceiling: the path ceiling alone bounds ``H``."""
    return math.inf


def study_situations() -> list[AnySituation]:
    """The studies' 16 With a Vengeance situations: the fresh deck alone and with 3 others, then 14 from simulated
    games (seed 11)."""
    return [fresh(VENGEANCE, 0), fresh(VENGEANCE, 3)] + vengeance_situations(VENGEANCE, 14, np.random.default_rng(11))


def compare(modes: dict[str, Callable[[], None]], max_budget: float) -> None:
    """Print one Markdown row per situation (`study_situations`) with each mode's CPU and gap at the depth
    ``max_budget``, then each mode's medians; a mode is a function that sets the bounds it uses."""
    situations = study_situations()
    rows: dict[str, list[tuple[float, float]]] = {mode: [] for mode in modes}
    for i, situation in enumerate(situations):
        cells = []
        for mode, use in modes.items():
            use()
            start = time.process_time()
            result = solve_bounded(VengeanceModel(situation), cpu_seconds=120, max_budget=max_budget)
            seconds, gap = time.process_time() - start, result.optimal.hi - result.optimal.lo
            rows[mode].append((seconds, gap))
            cells.append(f"{seconds:.2f} s, gap {gap:.3g}")
        print(f"| {i} | {situation.pile.size} | " + " | ".join(cells) + " |", flush=True)
    for mode, results in rows.items():
        print(f"{mode}: median CPU {statistics.median(r[0] for r in results):.2f} s, median gap "
              f"{statistics.median(r[1] for r in results):.3f}, mean gap {statistics.mean(r[1] for r in results):.3f}")


def use_ceiling(ceiling: Callable[[Path, int], float]) -> Callable[[], None]:
    """A mode of `compare` whose drift ceiling is ``ceiling``."""
    def use() -> None:
        bounded.drift_ceiling = ceiling
    return use


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-budget", type=float, default=640.0)
    args = parser.parse_args()
    compare({"path ceiling": use_ceiling(hindsight_only), "with the drift ceiling": use_ceiling(drift_ceiling)},
            args.max_budget)


if __name__ == "__main__":
    main()

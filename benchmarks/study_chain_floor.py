"""A study of the chain floor (`flip7odds.chain_floor`), not a timing: the bounded solver at one depth, with and without it.

The fresh With a Vengeance deck (alone, 3 others) and 14 situations from simulated games (seed 11), each searched to
the same depth (``--max-budget``) with the floors before it (what staying banks; while draws are owed, the score
held times the chance that every card owed is a new number) and with the chain floor and the forced floor it gives.
The gaps compare the bounds at one depth; the CPU column says what each search cost.

    PYTHONPATH=. python benchmarks/study_chain_floor.py [--max-budget 640]
"""

from __future__ import annotations

import argparse
import math
from typing import Any

from benchmarks.study_drift_ceiling import compare
from flip7odds import bounded
from flip7odds.bounded import LineScores, Path, _Search

_CHAIN_FLOOR = _Search.chain_floor


def staying_floor(search: _Search[Any], path: Path, chain: tuple[LineScores, int] | None, low: int,
                  owed: int = 0) -> float:
    """The floors before the chain floor: none at a free decision (staying), the score held times the chance that
    every card owed is a new number while draws are owed."""
    if not owed or chain is None:
        return -math.inf
    m = min(owed, path.room, path.size)
    ways = [1] + [0] * m
    for copies, _ in path.classes:
        for j in range(m, 0, -1):
            ways[j] += copies * ways[j - 1]
    safe = ways[m] / math.comb(path.size, m)
    return safe * int(chain[0].plain[path.held]) + (1 - safe) * low


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-budget", type=float, default=640.0)
    args = parser.parse_args()

    def before() -> None:
        bounded._Search.chain_floor = staying_floor  # type: ignore[method-assign]

    def after() -> None:
        bounded._Search.chain_floor = _CHAIN_FLOOR  # type: ignore[method-assign]

    compare({"floors before": before, "with the chain floor": after}, args.max_budget)


if __name__ == "__main__":
    main()

"""How much of the bounded solver's gap is the ladder's top? A diagnostic on With a Vengeance, not a timing.

Wherever the drift ceiling's chain cannot follow a rescuer any further (a second Discard, Swap or Steal past the
levels it has, a rescuer after the Unlucky 7, the live cards running out), it ends at ``W``, the ladder's top: the
most any line could still score, some 85 points where a typical hit is worth 20 to 30 (`flip7odds.drift`, module
docstring). This study answers situations dealt from simulated games with more than 20 cards in the pile
(`bench_bounded.vengeance_situations`, seed 7) by `flip7odds.answer.answer` within ``--cpu-seconds`` of CPU (run it on
a quiet machine), once as it is and once for each ``--caps`` value ``c`` with the ceiling handed to the drift ceiling
lowered to ``min(W, held + c)`` (``held``: the sum of the path's numbers). **The capped answers are not
certified**: a cap may fall below what a line can really score. They only say how far the gap would close if what
follows a rescuer were known more closely, which tells the next bound to build (BENCHMARKS.md, stop 48: a cap of 30
closes a quarter to nearly half of the gap). A cap may even fall below a state's floor, and the search then need not
end: a run that takes more than `RAN_ON` budgets of CPU is stopped and shown as ``ran on``.

    PYTHONPATH=. python benchmarks/study_ladder_top.py [--count 12] [--caps 30,20] [--cpu-seconds 3]
"""

from __future__ import annotations

import argparse
import math
import signal
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import flip7odds.bounded
from benchmarks.bench_bounded import vengeance_situations
from flip7odds.answer import answer
from flip7odds.rules import VENGEANCE

UNCAPPED = flip7odds.bounded.drift_ceiling
RAN_ON = 10
"""A run is stopped after this many budgets of CPU (a cap below a floor can keep the search from ending)."""


class RanOn(Exception):
    """A run took more than `RAN_ON` budgets of CPU."""


def _ran_on(signum: int, frame: object) -> None:
    raise RanOn


def width(situation: Any, cpu_seconds: float) -> float:
    """The answer's error_bound, or NaN where it ran on."""
    signal.setitimer(signal.ITIMER_PROF, RAN_ON * cpu_seconds)
    try:
        return answer(situation, cpu_seconds).error_bound
    except RanOn:
        return math.nan
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)


def capped(cap: int | None) -> Callable[..., float]:
    """The drift ceiling with its ``ceiling`` lowered to ``held + cap`` (None: as it is)."""
    if cap is None:
        return UNCAPPED

    def ceiling(path: Any, top: int, known: Any = None, draws: int = 1) -> float:
        return UNCAPPED(path, min(top, path.held + cap), known, draws)

    return ceiling


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=12)
    parser.add_argument("--caps", default="30,20")
    parser.add_argument("--cpu-seconds", type=float, default=3.0)
    args = parser.parse_args()
    signal.signal(signal.SIGPROF, _ran_on)
    caps: list[int | None] = [None, *(int(text) for text in args.caps.split(","))]
    situations = [s for s in vengeance_situations(VENGEANCE, 3 * args.count, np.random.default_rng(7))
                  if s.pile.size > 20][:args.count]
    ratios: dict[int | None, list[float]] = {cap: [] for cap in caps[1:]}
    print("situation  pile  " + "  ".join(f"{'W' if cap is None else f'held+{cap}':>10}" for cap in caps))
    for index, situation in enumerate(situations):
        widths = []
        for cap in caps:
            flip7odds.bounded.drift_ceiling = capped(cap)  # type: ignore[assignment]
            start = time.process_time()
            widths.append(width(situation, args.cpu_seconds))
            print(f"    ({time.process_time() - start:.1f} s)", end="\r", flush=True)
        flip7odds.bounded.drift_ceiling = UNCAPPED
        for cap, found in zip(caps[1:], widths[1:], strict=True):
            if widths[0] > 0 and found > 0:  # neither exact nor ran on (NaN compares false)
                ratios[cap].append(found / widths[0])
        print(f"{index:9}  {situation.pile.size:4}  " + "  ".join(
            "    ran on" if math.isnan(found) else f"{found:10.4f}" for found in widths), flush=True)
    for cap, kept in ratios.items():
        if kept:
            mean = math.exp(statistics.fmean(map(math.log, kept)))
            print(f"held+{cap}: error_bound {mean:.3f} times as wide (geometric mean of {len(kept)}; not certified)")


if __name__ == "__main__":
    main()

"""Benchmark: the drift ceiling's compiled loop (`flip7odds.drift._stopping_values`) on the calls real searches make.

The certified bounds of a With a Vengeance situation early in the deck spend a third or more of their CPU in this loop
(hundreds of calls a second, each over the sets of up to six of the pile's number classes). This records every
``--every``-th call the searches make on the first ``--situations`` situations dealt from simulated games with more
than 60 cards in the pile (`bench_bounded.vengeance_situations`, seed 7; each searched by the work clock, so the same
calls on every machine), then replays the recorded calls ``--repeat`` times through the loop the installation uses
(ahead of time where built, else just in time) and reports the median time of a replay, per call and per set visited.
Its last line digests the loop's outputs, which a change that keeps the same floats in the same order leaves as it was.

    .venv/bin/python benchmarks/bench_drift_loop.py [--situations 4] [--every 25] [--repeat 5]

Run it with ``PYTHONPATH`` set to another checkout (with its own compiled loops) to compare two versions of the loop
on the same calls. Quote the command, the machine and ``uptime``'s load average with the numbers (BENCHMARKS.md).
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from benchmarks.bench_bounded import vengeance_situations
from flip7odds import drift, native
from flip7odds.answer import answer
from flip7odds.rules import VENGEANCE

Call = tuple[Any, ...]
MASKS = list(inspect.signature(drift._stopping_values.python).parameters).index("masks")
"""Where the loop's ``masks`` (the sets a call visits) stand among its arguments."""


class _Recorder:
    """Stands in for the loop while the searches run: passes each call on, and keeps a copy of every ``every``-th
    call's arguments (``out`` zeroed: the loop writes it). Has the loop's ``python`` and ``__name__``, which
    `flip7odds.native` reads to check the compiled loops' source."""

    def __init__(self, loop: Any, every: int) -> None:
        self.loop = loop
        self.python = loop.python
        self.__name__ = loop.__name__
        self.every = every
        self.seen = 0
        self.calls: list[Call] = []

    def __call__(self, *arguments: Any) -> None:
        self.seen += 1
        if self.seen % self.every == 0:
            copied = tuple(a.copy() if isinstance(a, np.ndarray) else a for a in arguments)
            copied[-1][:] = 0.0
            self.calls.append(copied)
        self.loop(*arguments)


def recorded_calls(situations: int, every: int) -> tuple[list[Call], int]:
    """Every ``every``-th call of the loop made by the searches of ``situations`` early dealt situations (3 s each by
    the work clock), and how many calls they made in all."""
    dealt = [s for s in vengeance_situations(VENGEANCE, 60, np.random.default_rng(7)) if s.pile.size > 60]
    loop = drift._stopping_values
    recorder = _Recorder(loop, every)
    drift._stopping_values = recorder  # type: ignore[assignment]
    try:
        for situation in dealt[:situations]:
            answer(situation, 3.0, deterministic=True)
    finally:
        drift._stopping_values = loop
    return recorder.calls, recorder.seen


def replay(function: Callable[..., None], calls: list[Call]) -> float:
    """Seconds of CPU to run ``function`` on every call once."""
    start = time.process_time()
    for arguments in calls:
        function(*arguments)
    return time.process_time() - start


def outputs_digest(function: Callable[..., None], calls: list[Call]) -> str:
    """SHA-256 (16 hex digits) of the loop's outputs on the calls, each on a fresh zeroed ``out``."""
    digest = hashlib.sha256()
    for arguments in calls:
        out = np.zeros_like(arguments[-1])
        function(*arguments[:-1], out)
        digest.update(out.tobytes())
    return digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--situations", type=int, default=4, help="early dealt situations searched (default 4)")
    parser.add_argument("--every", type=int, default=25, help="record every n-th call (default 25)")
    parser.add_argument("--repeat", type=int, default=5, help="replays timed (default 5)")
    options = parser.parse_args()
    calls, seen = recorded_calls(max(1, options.situations), max(1, options.every))
    function = drift._stopping_values.single_threaded
    compiled = "ahead of time" if native.load() is not None else "just in time"
    replay(function, calls)  # warm: the loop loaded (or compiled), its tables in memory
    times = [replay(function, calls) for _ in range(max(1, options.repeat))]
    sets = sum(int(arguments[MASKS].shape[0]) for arguments in calls)
    median = statistics.median(times)
    print(f"{len(calls)} calls recorded of {seen} ({options.situations} situations, every {options.every}th); "
          f"{sets} sets visited; loop compiled {compiled}")
    print(f"replay: median {median:.4f} s (min {min(times):.4f}, max {max(times):.4f}, {len(times)} runs); "
          f"{median / len(calls) * 1e6:.1f} us a call, {median / sets * 1e9:.1f} ns a set")
    print(f"outputs digest {outputs_digest(function, calls)}")


if __name__ == "__main__":
    main()

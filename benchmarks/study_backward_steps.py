"""Where a poker tap's backward pass spends its time: `flip7odds.solver._backward_columns` with each step taken out.

Run from the repository root (numba installed: the variants are compiled just in time)::

    python benchmarks/study_backward_steps.py --taps 5 6 --rounds 15

It answers the bench's poker taps (`flip7odds.answer.answer` on the line ``12 7``, the first ``--taps`` cards of
`live_taps.POKER_SEEN` seen, the live page's budget and call width) once, keeping the arguments of every call of
`_backward_columns` (one a layer), then replays those calls in order (each layer reads the one its previous call
wrote, as in the solve) with the loop's source compiled just in time as it is (``whole``), and with one of its steps
cut out of the source: the runs (``no runs``: Second Chances, saved duplicates), the modifier moves (``no moves``),
the new numbers (``no numbers``) and the choices (``no choices``: the division by the cards left, the hit/stay choice
and the probabilities' scaling). The variants' results are thrown away; only their time counts: each replay on this
thread's CPU clock (`time.thread_time`: not the time the process is switched out), the variants in turn round by
round, this process on CPU 0. Printed: each variant's least and median time for the taps, and what the step cost
(the whole less the variant, by the medians). numba compiles these for this processor, not the ahead-of-time
target, so the ``whole`` row is a little slower than a tap's loops (``native``, the installed ones, shown too).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from typing import Any

import numba
from live_taps import LINE
from live_taps import POKER_SEEN as SEEN

from flip7odds import solver
from flip7odds.answer import answer
from flip7odds.native import load, loop_source
from flip7odds.rules import POKER
from flip7odds.situation import Situation

STEPS = {
    "no runs": ("        for h in range(run_start[level]", "        for h in range(block_start[level]"),
    "no moves": ("        for h in range(block_start[level]", "        if s < top:\n            # the new numbers"),
    "no numbers": ("        if s < top:\n            # the new numbers", "        # decide (or, without"),
    "no choices": ("        # decide (or, without", None),
}
"""Each step's first line in the loop's source, and the first line after it (None: the step ends the loop)."""


def captured_calls(taps: list[int]) -> list[tuple[Any, ...]]:
    """The arguments of every `_backward_columns` call of the taps' answers, in order."""
    calls: list[tuple[Any, ...]] = []
    real = solver._backward_columns
    load()  # the installed loops found first: `flip7odds.native.load` reads the loops' source, then swapped below

    def capture(*arguments: Any) -> None:
        calls.append(arguments)
        real(*arguments)

    solver._backward_columns = capture  # type: ignore[assignment]
    try:
        for count in taps:
            answer(Situation.from_text(POKER, LINE, seen=" ".join(SEEN[:count])), 1.0, call_width=1.0)
    finally:
        solver._backward_columns = real
    return calls


def compiled(source: str) -> Callable[..., None]:
    """``_backward_columns`` compiled just in time from ``source`` (in the solver module's names)."""
    names = dict(vars(solver))
    exec(compile(source, "<study_backward_steps>", "exec"), names)  # noqa: S102 - the loop's own source, edited
    return numba.njit(nogil=True)(names["_backward_columns"])  # type: ignore[no-any-return]


def variants() -> dict[str, Callable[..., None]]:
    """The loop whole and with each of `STEPS` cut out."""
    source = loop_source(solver._backward_columns.python).replace("@compiled_loop\n", "")
    sources = {"whole": source}
    for name, (first, after) in STEPS.items():
        start = source.index(first)
        sources[name] = source[:start] + (source[source.index(after, start):] if after else "")
    return {name: compiled(text) for name, text in sources.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--taps", type=int, nargs="+", default=[5, 6], help="cards seen, one answer each")
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    os.sched_setaffinity(0, {0})
    calls = captured_calls(args.taps)
    loops = variants()
    loops["native"] = solver._backward_columns.single_threaded
    for loop in loops.values():  # compiled, and the buffers touched
        for arguments in calls:
            loop(*arguments)
    times: dict[str, list[float]] = {name: [] for name in loops}
    print(f"load average before: {' '.join(f'{value:.2f}' for value in os.getloadavg())}")
    for _ in range(args.rounds):
        for name, loop in loops.items():
            start = time.thread_time()
            for arguments in calls:
                loop(*arguments)
            times[name].append(1000 * (time.thread_time() - start))
    print(f"load average after: {' '.join(f'{value:.2f}' for value in os.getloadavg())}")
    whole = statistics.median(times["whole"])
    print("| variant | least, ms | median, ms | the step, ms (share of the whole) |")
    print("|---|---|---|---|")
    for name, values in times.items():
        median = statistics.median(values)
        step = "" if name in ("whole", "native") else f"{whole - median:.1f} ({(whole - median) / whole:.0%})"
        print(f"| {name} | {min(values):.1f} | {median:.1f} | {step} |")


if __name__ == "__main__":
    main()

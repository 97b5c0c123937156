"""Benchmark the exact solver on the situations of the speed issue; print a Markdown table.

    python benchmarks/bench_solver.py [--runs 5] [--situations 1000] [--seed 7] [--only CASE ...]

Each case runs in its own subprocess (so its peak memory, ``ru_maxrss`` of the child, is its own):
one untimed warm-up call (it loads the compiled loops from numba's on-disk cache, or compiles them),
then ``--runs`` timed calls; the table gives the median and the spread (min-max) of the wall-clock
times. The random mid-round situations are generated from a fixed seed: 1 to 5 numbers held, with
or without modifiers and a Second Chance, alone, and a pile that is the deck minus 5 to 70 cards
seen (the other players' lines and the discard pile since the last reshuffle). Their value column
is the mean optimal score. The machine's load is printed too: the timings are wall-clock.

The code measured is the checkout this file is in (its root goes first on ``sys.path``). Linux only
(``/proc/cpuinfo``, ``os.wait4``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np

from flip7odds.analysis import analyze, problem_of
from flip7odds.cards import SECOND_CHANCE, Card, Category
from flip7odds.errors import SolverLimitError
from flip7odds.rules import CLASSIC, POKER
from flip7odds.situation import Situation
from flip7odds.solver import solve, solve_cost

FRESH_ALONE = Situation.from_text(CLASSIC, "", others_active=0)
FRESH = Situation.from_text(CLASSIC, "", others_active=1)
# No card of the 6-card pile can bust you, so it may well run out: the 35 discards are reshuffled then.
RUNS_OUT = Situation.from_text(CLASSIC, "4 5", pile="0 1 2 3 +2 flip3",
                               discards="12*6 11*5 10*4 9*3 8*3 7*2 6*2 5*2 4 sc freeze flip3 +4 +6", others_active=0)

POKER_FRESH_ALONE = Situation.from_text(POKER, "", others_active=0)
POKER_FRESH = Situation.from_text(POKER, "", others_active=1)
POKER_MID_ALONE = Situation.from_text(POKER, "K Q 9", seen="2d 3d 4d 5d 6d", others_active=0)
POKER_KQ9_FRESH_ALONE = Situation.from_text(POKER, "K Q 9", others_active=0)


def refused_worst_case() -> float:
    """The poker worst case: its lattice's size in millions of states (the solve itself must refuse it)."""
    problem = problem_of(POKER_FRESH_ALONE)
    try:
        solve(problem)
    except SolverLimitError:
        return solve_cost(problem).states / 1e6
    raise SystemExit("the poker worst case was not refused")


def mid_round_situations(count: int, seed: int) -> Iterator[Situation]:
    """Realistic mid-round situations, alone (see the module docstring)."""
    rng = np.random.default_rng(seed)
    deck = list(CLASSIC.deck)
    modifiers = [card for card in CLASSIC.kinds if card.category is Category.MODIFIER]
    for _ in range(count):
        line = [Card.number(int(value)) for value in rng.choice(13, size=int(rng.integers(1, 6)), replace=False)]
        if rng.random() < 0.5:
            line += [modifiers[i] for i in rng.choice(len(modifiers), size=int(rng.integers(1, 3)), replace=False)]
        if rng.random() < 0.3:
            line.append(SECOND_CHANCE)
        rest = list(deck)
        for card in line:
            rest.remove(card)
        seen = rng.choice(len(rest), size=int(rng.integers(5, 71)), replace=False)
        yield Situation.build(CLASSIC, line, seen=[rest[i] for i in seen], others_active=0)


def timed(call: Callable[[], float], runs: int) -> tuple[float, list[float]]:
    """Warm up once, then time ``runs`` calls: (the value, the wall-clock times)."""
    call()
    times = []
    value = float("nan")
    for _ in range(runs):
        start = time.perf_counter()
        value = call()
        times.append(time.perf_counter() - start)
    return value, times


def run_case(name: str, runs: int, count: int, seed: int) -> dict[str, object]:
    """Run one case in this process and describe it."""
    if name == "fresh94-alone-analyze":
        value, times = timed(lambda: analyze(FRESH_ALONE).optimal_score, runs)
    elif name == "fresh94-alone-solve":
        value, times = timed(lambda: solve(problem_of(FRESH_ALONE)).result().value, runs)
    elif name == "fresh94-analyze":
        value, times = timed(lambda: analyze(FRESH).optimal_score, runs)
    elif name == "fresh94-solve":
        value, times = timed(lambda: solve(problem_of(FRESH)).result().value, runs)
    elif name == "runs-out-solve":
        value, times = timed(lambda: solve(problem_of(RUNS_OUT)).result().value, runs)
    elif name == "runs-out-analyze":
        value, times = timed(lambda: analyze(RUNS_OUT).optimal_score, runs)
    elif name == "poker-fresh-solve":
        value, times = timed(lambda: solve(problem_of(POKER_FRESH)).result().value, runs)
    elif name == "poker-fresh-analyze":
        value, times = timed(lambda: analyze(POKER_FRESH).optimal_score, runs)
    elif name == "poker-mid-alone-analyze":
        value, times = timed(lambda: analyze(POKER_MID_ALONE).optimal_score, runs)
    elif name == "poker-kq9-fresh-alone-solve":
        value, times = timed(lambda: solve(problem_of(POKER_KQ9_FRESH_ALONE)).result().value, runs)
    elif name == "poker-fresh-alone-refused":
        value, times = timed(refused_worst_case, runs)
    elif name in ("mid-round-solve", "mid-round-analyze"):
        situations = list(mid_round_situations(count, seed))
        solve(problem_of(situations[0]))
        times, values = [], []
        for situation in situations:
            start = time.perf_counter()
            if name == "mid-round-solve":
                values.append(solve(problem_of(situation)).result().value)
            else:
                values.append(analyze(situation).optimal_score)
            times.append(time.perf_counter() - start)
        value = statistics.fmean(values)
    else:
        raise SystemExit(f"unknown case {name}")
    return {"value": value, "times": times}


CASES = [
    ("fresh94-alone-solve", "fresh 94-card pile, empty line, alone: `solve`", "20.2970891", "<= 3 s, <= 1 GB"),
    ("fresh94-alone-analyze", "the same, the whole `analyze` (all docs/model.md numbers)", "20.2970891", "<= 3 s, <= 1 GB"),
    ("fresh94-solve", "fresh 94-card pile, empty line, not alone: `solve`", "22.2504034", "<= 1 s, <= 1 GB"),
    ("fresh94-analyze", "the same, the whole `analyze`", "22.2504034", "<= 1 s, <= 1 GB"),
    ("mid-round-solve", "{count} random mid-round situations, alone: `solve` each", "", "median <= 20 ms, p99 <= 300 ms"),
    ("mid-round-analyze", "the same, `analyze` each", "", "median <= 20 ms, p99 <= 300 ms"),
    ("runs-out-solve", "6-card pile that may run out, 35-card discard pile, alone: `solve`", "", "<= 1 s"),
    ("runs-out-analyze", "the same, the whole `analyze`", "", "<= 1 s"),
    ("poker-fresh-solve", "poker: fresh 57-card pile, empty line, not alone: `solve`", "", ""),
    ("poker-fresh-analyze", "the same, the whole `analyze`", "", ""),
    ("poker-mid-alone-analyze", "poker: K Q 9 alone, five penalties seen: `analyze`", "", ""),
    ("poker-kq9-fresh-alone-solve", "poker: K Q 9 alone, fresh pile (3.9 M columns): `solve`", "", ""),
    ("poker-fresh-alone-refused", "poker: fresh pile, empty line, alone: `solve` refuses it (value: million states)",
     "", "a clear refusal, fast"),
]


def child(name: str, runs: int, count: int, seed: int) -> dict[str, object]:
    """Run a case in a fresh subprocess; add its peak memory (``ru_maxrss`` of that child, from ``wait4``)."""
    process = subprocess.Popen([sys.executable, __file__, "--case", name, "--runs", str(runs), "--situations",
                                str(count), "--seed", str(seed)], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise SystemExit(f"case {name} failed with status {process.returncode}")
    result: dict[str, object] = json.loads(output)
    result["peak_mb"] = usage.ru_maxrss / 1024
    return result


def describe_times(name: str, times: list[float]) -> str:
    if name.startswith("mid-round"):
        ordered = sorted(times)
        p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
        return (f"median {statistics.median(times) * 1e3:.1f} ms, p99 {p99 * 1e3:.0f} ms, "
                f"max {ordered[-1] * 1e3:.0f} ms")
    return f"{statistics.median(times):.3f} s ({min(times):.3f}-{max(times):.3f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--situations", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--case", help="run one case in this process and print JSON (used by the subprocesses)")
    parser.add_argument("--only", nargs="*", choices=[name for name, *_ in CASES], help="run only these cases")
    args = parser.parse_args()
    if args.case:
        print(json.dumps(run_case(args.case, args.runs, args.situations, args.seed)))
        return
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor())
    print(f"Machine: {cpu}, {len(os.sched_getaffinity(0))} cores; Python {platform.python_version()}; "
          f"load average before: {os.getloadavg()[0]:.2f}\n")
    print("| case | value | wall-clock | peak memory | target |")
    print("|---|---|---|---|---|")
    for name, label, expected, target in CASES:
        if args.only and name not in args.only:
            continue
        result = child(name, args.runs, args.situations, args.seed)
        times = result["times"]
        assert isinstance(times, list)
        value = f"{result['value']:.7f}" + (f" (docs/model.md {expected})" if expected else "")
        print(f"| {label.format(count=args.situations)} | {value} | {describe_times(name, times)} | "
              f"{result['peak_mb']:.0f} MB | {target} |", flush=True)
    print(f"\nLoad average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()

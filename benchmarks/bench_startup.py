"""Whole-process cost of a ``flip7odds`` command: CPU (user + system) and wall time, over several runs.

    python benchmarks/bench_startup.py [--flip7odds PATH] [--runs N]

``--flip7odds`` is the script to time (default: the one beside this Python, e.g. ``.venv/bin/flip7odds``);
point it at a wheel installed in another virtual environment to time what users run. Each command runs
``--runs`` times as a fresh process; the CPU time is the child's own (``wait4`` resource usage), so other
load on the machine shows in the wall time, not in it. Prints one Markdown row per command: median and
worst CPU, median wall, the load average before the first run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

COMMANDS: dict[str, list[str]] = {
    "--version": ["--version"],
    "refused number (--others 10^9)": ["analyze", "--others", "1000000000"],
    "malformed card (--line zz)": ["analyze", "--line", "zz"],
    "bad policy (bust>=1e-99999999)": ["policy", "--policy", "bust>=1e-99999999"],
    "analyze, mid-round (README)": ["analyze", "--line", "12 7 3 +4", "--seen", "12 12 5 9 9 8 11 10"],
    "analyze --json, poker": ["analyze", "--rules", "poker", "--line", "13 12", "--seen", "13 11 9", "--json"],
    "analyze, With a Vengeance": ["analyze", "--rules", "vengeance", "--line", "12 9", "--pile", "5 6 7 12 -4"],
}


def run_once(command: list[str]) -> tuple[float, float]:
    """CPU seconds (user + system) and wall seconds of one run."""
    started = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(child.pid, 0)
    return usage.ru_utime + usage.ru_stime, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flip7odds", type=Path, default=Path(sys.executable).with_name("flip7odds"))
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    print(f"`{args.flip7odds}`, {args.runs} runs each, load average {os.getloadavg()[0]:.2f} at the start")
    print()
    print("| command | CPU median | CPU worst | wall median |")
    print("|---|---|---|---|")
    for name, arguments in COMMANDS.items():
        runs = [run_once([str(args.flip7odds), *arguments]) for _ in range(args.runs)]
        cpu = [c for c, _ in runs]
        wall = [w for _, w in runs]
        print(f"| {name} | {statistics.median(cpu):.3f} s | {max(cpu):.3f} s | {statistics.median(wall):.3f} s |")


if __name__ == "__main__":
    main()

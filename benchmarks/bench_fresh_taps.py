"""The live page's fresh-deck With a Vengeance taps, the solver alone: each tap's thread CPU, and the answers' digest.

Run from the repository root (its compiled loops built), alone or against another checkout (``git worktree add
--detach /tmp/base <commit>``, its compiled loops built)::

    python benchmarks/bench_fresh_taps.py --base /tmp/base --rounds 10

The taps are those of `bench_app.py`'s row "live Vengeance (fresh deck, certified bounds)": your line ``12 7``, two
other players, the cards of `live_taps.CLASSIC_SEEN` seen one more each tap, each answered by
`flip7odds.answer.answer` with the live page's budget and call width (`flip7odds_ui.cache.LIVE_CPU_SECONDS`,
`LIVE_CALL_WIDTH`), in order and in one process, as the server answers them (what one tap leaves in the tables the
process keeps, the next finds), each timed on its thread's CPU clock (`time.thread_time`). The digest is the SHA-256
of every field of the 8 answers but the CPU seconds: a speed-up must leave it as it was.

Each round runs a process of each checkout, one after the other, the order alternating round by round, so that both
see the same load. Printed: each process's taps (ms) and their median; at the end, per checkout, the median of the
processes' medians and the median of each tap's least time over the rounds (on a shared machine the load only ever
adds to a tap's CPU time).
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from live_taps import CLASSIC_SEEN as SEEN
from live_taps import LINE

OTHERS = ("", "")
"""`bench_app`'s fresh-deck table, ``rules=vengeance&line=12.7&others=2``: two other players, their lines empty."""


def taps() -> tuple[list[float], str]:
    """Answer the 8 taps in this process: each one's thread CPU seconds, and the answers' digest."""
    from flip7odds import native
    from flip7odds.answer import answer
    from flip7odds.rules import VENGEANCE
    from flip7odds.vengeance import VengeanceSituation
    from flip7odds_ui.cache import LIVE_CALL_WIDTH, LIVE_CPU_SECONDS

    if native.load() is None:
        raise SystemExit("the compiled loops are not built for this checkout (flip7odds.native.build)")
    digest = hashlib.sha256()
    seconds = []
    for seen in range(1, len(SEEN) + 1):
        situation = VengeanceSituation.from_text(VENGEANCE, LINE, others=OTHERS, seen=" ".join(SEEN[:seen]))
        start = time.thread_time()
        result = answer(situation, LIVE_CPU_SECONDS, call_width=LIVE_CALL_WIDTH)
        seconds.append(time.thread_time() - start)
        digest.update(repr([getattr(result, f.name) for f in dataclasses.fields(result)
                            if f.name != "cpu_seconds"]).encode())
    return seconds, digest.hexdigest()[:16]


def run(root: Path) -> tuple[list[float], str]:
    """`taps` in a new process of the checkout at ``root`` (``PYTHONPATH`` and the working directory at it)."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child"], cwd=root, env=env,
                         capture_output=True, text=True, check=True).stdout
    seconds, digest = json.loads(out.splitlines()[-1])
    return seconds, digest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", type=Path, help="another checkout, run in turn with this one (its loops built)")
    parser.add_argument("--rounds", type=int, default=5, help="processes per checkout")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(taps()))
        return
    roots = {"branch": Path.cwd().resolve()}
    if args.base is not None:
        roots["base"] = args.base.resolve()
    times: dict[str, list[list[float]]] = {name: [] for name in roots}
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    for turn in range(args.rounds):
        order = list(roots) if turn % 2 == 0 else list(reversed(roots))
        for name in order:
            seconds, digest = run(roots[name])
            times[name].append(seconds)
            taps_ms = " ".join(f"{1000 * s:.1f}" for s in seconds)
            print(f"{name:6s} {taps_ms}  median {1000 * statistics.median(seconds):.1f} ms  {digest}", flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for name, runs in times.items():
        medians = [statistics.median(seconds) for seconds in runs]
        least = [min(seconds[tap] for seconds in runs) for tap in range(len(SEEN))]
        print(f"{name}: median of the processes' medians {1000 * statistics.median(medians):.1f} ms, "
              f"median of each tap's least {1000 * statistics.median(least):.1f} ms ({len(runs)} processes)")


if __name__ == "__main__":
    main()

"""How a poker tap's solve slows with what runs on the other core: nothing, a loop that computes, or one that copies.

Run from the repository root (its compiled loops built)::

    python benchmarks/study_solve_neighbours.py --rounds 5

This process runs on CPU 0 (``sched_setaffinity``), so nothing of this study preempts it. Round by round, for each
neighbour in turn, it starts the neighbour on CPU 1 (``taskset``) and answers the bench's 8 poker taps
(`flip7odds.answer.answer` on the line ``12 7``, the cards of `live_taps.POKER_SEEN` seen one more each tap, with the
live page's budget and call width), timing each on its own thread's CPU clock:

- ``none``: no neighbour;
- ``compute``: a Python loop adding integers (it keeps CPU 1 busy and touches almost no memory);
- ``memory``: numpy copying a 64 MB array into another over and over (it streams memory through the shared L3).

Printed per neighbour: each tap's median over the rounds, and the median of taps 4-8 (the taps that set the app
benchmark's median). A solve that only competed for a core would not slow at all here; one whose working set lives in
the shared cache and memory slows with the ``memory`` neighbour.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

from live_taps import LINE
from live_taps import POKER_SEEN as SEEN

from flip7odds.answer import answer
from flip7odds.rules import POKER
from flip7odds.situation import Situation

BUDGET, CALL_WIDTH = 1.0, 1.0
"""The live page's `answer` arguments (`flip7odds_ui.cache`: ``LIVE_CPU_SECONDS``, ``LIVE_CALL_WIDTH``)."""
NEIGHBOURS = {
    "none": "",
    "compute": "import time\nx = 0\nend = time.monotonic() + {s}\nwhile time.monotonic() < end:\n"
               "    for i in range(100_000):\n        x += i\n",
    "memory": "import numpy as np, time\na = np.ones(8_000_000)\nb = np.empty_like(a)\n"
              "end = time.monotonic() + {s}\nwhile time.monotonic() < end:\n    np.copyto(b, a)\n",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    os.sched_setaffinity(0, {0})
    situations = [Situation.from_text(POKER, LINE, seen=" ".join(SEEN[:count])) for count in range(1, len(SEEN) + 1)]
    answer(situations[0], BUDGET, call_width=CALL_WIDTH)  # the loops loaded
    print(f"load average before: {' '.join(f'{value:.2f}' for value in os.getloadavg())}")
    times: dict[str, list[list[float]]] = {name: [[] for _ in situations] for name in NEIGHBOURS}
    for _ in range(args.rounds):
        for name, code in NEIGHBOURS.items():
            neighbour = None
            if code:
                neighbour = subprocess.Popen(["taskset", "-c", "1", sys.executable, "-c", code.format(s=60)])
                time.sleep(0.5)
            for index, situation in enumerate(situations):
                start = time.thread_time()
                answer(situation, BUDGET, call_width=CALL_WIDTH)
                times[name][index].append(time.thread_time() - start)
            if neighbour is not None:
                neighbour.kill()
                neighbour.wait()
    print(f"load average after: {' '.join(f'{value:.2f}' for value in os.getloadavg())}")
    for name, taps in times.items():
        medians = [1000 * statistics.median(tap) for tap in taps]
        print(f"| {name} | {' '.join(f'{value:.1f}' for value in medians)} | {statistics.median(medians[3:]):.1f} |")


if __name__ == "__main__":
    main()

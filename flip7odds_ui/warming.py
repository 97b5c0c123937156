"""Set the solver up once per server process, when the app first runs: one thread a solve, and
`flip7odds.warm.warm_up` in the background.

A server answers many people at once, so every solve runs on one thread (`flip7odds.solver.share_layers`):
sharing a layer among threads saves a single tap little wall time and costs more CPU in all (a live poker tap
0.165 s of CPU shared against 0.115 s on one thread, BENCHMARKS.md), and the warm-up has no shared loops to compile.

Streamlit runs the app's entry point (`flip7odds_ui.shell.start_app`) when the first visitor connects; the solver's loops then compile
(or load from numba's cache) in a daemon thread while that visitor's page is drawn, instead of on their
first tap. Nothing waits for it: a tap that arrives earlier finds the loops compiling and waits for them
(numba compiles each loop once per process). A warm-up that fails only ends its thread (Python prints the
error in the server's log); the first tap then compiles instead.
"""

import threading

from flip7odds.solver import share_layers
from flip7odds.warm import warm_up

_started = threading.Event()


def start_warm_up() -> None:
    """Solve on one thread and warm the solver up in a background thread, the first time only (later calls do
    nothing)."""
    if not _started.is_set():
        _started.set()
        share_layers(1)
        threading.Thread(target=warm_up, daemon=True).start()

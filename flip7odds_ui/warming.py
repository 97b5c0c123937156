"""Start `flip7odds.warm.warm_up` once per server process, in the background, when the app first runs.

Streamlit runs the app's entry point (`flip7odds_ui.shell.start_app`) when the first visitor connects; the solver's loops then compile
(or load from numba's cache) in a daemon thread while that visitor's page is drawn, instead of on their
first tap. Nothing waits for it: a tap that arrives earlier finds the loops compiling and waits for them
(numba compiles each loop once per process). A warm-up that fails only ends its thread (Python prints the
error in the server's log); the first tap then compiles instead.
"""

import threading

from flip7odds.warm import warm_up

_started = threading.Event()


def start_warm_up() -> None:
    """Warm the solver up in a background thread, the first time only (later calls do nothing)."""
    if not _started.is_set():
        _started.set()
        threading.Thread(target=warm_up, daemon=True).start()

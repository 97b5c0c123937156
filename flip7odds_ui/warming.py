"""Start `flip7odds.warm.warm_up` once per server process, in the background, when the app first runs.

Streamlit runs the app's entry point (`flip7odds_ui.shell.start_app`) when the first visitor connects; the solver's loops then compile
(or load from numba's cache) in a daemon thread while that visitor's page is drawn, instead of on their
first tap. Nothing waits for it: a tap that arrives earlier finds the loops compiling and waits for them
(numba compiles each loop once per process). A warm-up that fails only ends its thread (Python prints the
error in the server's log); the first tap then compiles instead.

Then the thread freezes what the server holds by then (`gc.freeze`): Streamlit, numpy, scipy, plotly and the
solver's tables, objects that live as long as the process, which Python's collector otherwise walks again at each
full collection (about 70 ms each in the server, measured: BENCHMARKS.md, Stop 38); a full collection falls in some
tap now and then. Frozen, they are left out of every collection; what is made later is collected as before.
"""

import gc
import threading

from flip7odds.warm import warm_up

_started = threading.Event()


def _warm_and_freeze() -> None:
    """`warm_up`, then `gc.freeze` (what the process holds by then is left out of later collections)."""
    warm_up()
    gc.freeze()


def start_warm_up() -> None:
    """Warm the solver up in a background thread, the first time only (later calls do nothing)."""
    if not _started.is_set():
        _started.set()
        threading.Thread(target=_warm_and_freeze, daemon=True).start()

"""The strategy explorer page as a visitor opens it: the time until its curves show, per deck and table.

Run from the repository root (the package installed)::

    python benchmarks/bench_strategy_page.py

Each row opens ``pages/strategy.py`` in a fresh Streamlit session (``streamlit.testing.v1.AppTest``, the app's
own script, headless) at a link (``?rules=...&deck=fresh`` and ``alone=1`` or not), and reports the wall time
and the process's CPU time (`time.process_time`) until the page has run through, whether it shows its curves
without asking, and whether it offers the whole grid (a thinned exact grid shown first). Each row is its own
process, so no row reuses another's cache. Nothing is asserted: speed is measured, never tested.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

APP = Path(__file__).resolve().parents[1] / "app.py"
ROWS = (("classic", False), ("classic", True), ("poker", False), ("poker", True))
TIMEOUT = 600.0
"""Seconds one page may take (never unbounded)."""


def open_once(rules: str, alone: bool) -> str:
    """One row, measured in this process."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    at.query_params.update({"rules": rules, "deck": "fresh", **({"alone": "1"} if alone else {})})
    at.run()
    wall, cpu = time.perf_counter(), time.process_time()
    at.switch_page("pages/strategy.py").run()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    charts = len(at.get("plotly_chart"))
    whole = any(button.label == "Compute every threshold" for button in at.button)
    error = "; ".join(str(exception.value) for exception in at.exception) or "-"
    table = "alone" if alone else "1 other"
    return f"| {rules} fresh, {table} | {wall:.1f} | {cpu:.1f} | {charts} | {'yes' if whole else 'no'} | {error} |"


def main() -> None:
    if len(sys.argv) == 3:
        print(open_once(sys.argv[1], sys.argv[2] == "alone"))
        return
    print(f"load average before: {os.getloadavg()}")
    print("| page | wall s | CPU s | charts shown | offers every threshold | errors |\n|---|---:|---:|---:|---|---|")
    for rules, alone in ROWS:
        row = subprocess.run([sys.executable, __file__, rules, "alone" if alone else "other"], check=True,
                             capture_output=True, text=True, timeout=TIMEOUT + 60)
        print(row.stdout.strip().splitlines()[-1], flush=True)
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()

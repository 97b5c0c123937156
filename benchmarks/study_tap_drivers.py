"""Why a fresh poker tap costs the server more from Chromium than from the protocol client: the same taps, traced.

Run from the repository root (Chromium and Playwright as for `bench_app.py`)::

    python benchmarks/study_tap_drivers.py chromium protocol busy pinned chromium protocol

Each driver named gets a new server (``streamlit run app.py``, every answer fresh), warmed up and idle, then taps
the bench's poker cards as seen (`bench_app.POKER_SEEN` on ``rules=poker&line=12.7``), one at a time:

- ``chromium``: a Chromium phone (`bench_app.tap_card`, as the app benchmark taps);
- ``protocol``: a protocol client (`bench_app.ProtocolPhone`, as `bench_tap_pairs.py` taps);
- ``busy``: the protocol client while two other processes copy 64 MB arrays (a load that draws nothing for the
  server: what the browser's drawing is to the server, without the browser);
- ``pinned``: Chromium on CPU 1 and the server on CPU 0 (``taskset``), so that neither preempts the other.

The server here is this script itself (``serve`` as its first argument), which wraps what it measures before
running Streamlit's command line: `flip7odds.answer.answer` (its thread's CPU, wall time, minor page faults and
involuntary context switches), each ``BackMsg`` received (a rerun's widget states and trigger), each ``ForwardMsg``
queued, each HTTP or websocket request, and each script run (its thread's CPU, then every thread's CPU clock). It
wraps Streamlit's internals (`AppSession`, `ScriptRunner`) for this study only: the app does not. One JSON line per
event goes to ``--log``; the driver marks each tap's start and end there, and reads the server's CPU (the kernel's
clock of the process, `bench_app.cpu_seconds`) at the tap's end and 0.25 s later (a tail no driver waits for).
Printed per driver: the taps' server CPU, the answer's thread CPU, its wall time over its CPU (1.0: never
preempted), the script thread's CPU outside `answer`, the event loop's (main thread's) CPU, and the messages.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
QUERY = "rules=poker&line=12.7"
DRIVERS = ("chromium", "protocol", "busy", "pinned")


def serve_instrumented(log_path: str, streamlit_args: list[str]) -> None:
    """Wrap what the study measures (module docstring), then run ``streamlit`` with ``streamlit_args``."""
    import resource

    import starlette.applications
    from streamlit.runtime import app_session
    from streamlit.runtime.scriptrunner import script_runner
    from streamlit.web.cli import main as streamlit_main

    import flip7odds.answer

    output = open(log_path, "a", buffering=1)  # noqa: SIM115 (open for the server's life)
    lock = threading.Lock()

    def log(**fields: Any) -> None:
        fields.update(t=time.monotonic(), thread=threading.current_thread().name)
        with lock:
            output.write(json.dumps(fields) + "\n")

    def threads_cpu() -> dict[str, float]:
        return {thread.name: time.clock_gettime(time.pthread_getcpuclockid(thread.ident))
                for thread in threading.enumerate() if thread.ident is not None}

    solve = flip7odds.answer.answer

    def answer(*args: Any, **kwargs: Any) -> Any:
        before, cpu, wall = resource.getrusage(resource.RUSAGE_THREAD), time.thread_time(), time.perf_counter()
        result = solve(*args, **kwargs)
        after = resource.getrusage(resource.RUSAGE_THREAD)
        log(ev="answer", cpu=time.thread_time() - cpu, wall=time.perf_counter() - wall,
            faults=after.ru_minflt - before.ru_minflt, preempted=after.ru_nivcsw - before.ru_nivcsw)
        return result

    flip7odds.answer.answer = answer  # before the pages import it
    received, queued = app_session.AppSession.handle_backmsg, app_session.AppSession._enqueue_forward_msg
    run, call = script_runner.ScriptRunner._run_script, starlette.applications.Starlette.__call__

    def handle_backmsg(self: Any, message: Any) -> Any:
        kind = message.WhichOneof("type")
        widgets = message.rerun_script.widget_states.widgets if kind == "rerun_script" else []
        log(ev="back", kind=kind, widgets=len(widgets),
            triggers=sum(widget.WhichOneof("value") == "trigger_value" for widget in widgets))
        return received(self, message)

    def enqueue(self: Any, message: Any) -> Any:
        kind = message.WhichOneof("type")
        log(ev="forward", kind=kind, delta=message.delta.WhichOneof("type") if kind == "delta" else "")
        return queued(self, message)

    def run_script(self: Any, rerun_data: Any) -> Any:
        cpu = time.thread_time()
        try:
            return run(self, rerun_data)
        finally:
            log(ev="run", cpu=time.thread_time() - cpu, threads=threads_cpu())

    async def request(self: Any, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            log(ev="request", kind=scope["type"], path=scope.get("path", ""))
        await call(self, scope, receive, send)

    app_session.AppSession.handle_backmsg = handle_backmsg  # type: ignore[method-assign,assignment]
    app_session.AppSession._enqueue_forward_msg = enqueue  # type: ignore[method-assign,assignment]
    script_runner.ScriptRunner._run_script = run_script  # type: ignore[method-assign]
    starlette.applications.Starlette.__call__ = request  # type: ignore[method-assign]
    sys.argv = ["streamlit", *streamlit_args]
    streamlit_main()


def busy(seconds: float) -> None:
    """Copy a 64 MB array over and over for ``seconds`` (the ``busy`` driver's competing load)."""
    import numpy as np

    source = np.ones(8_000_000)
    target = np.empty_like(source)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        np.copyto(target, source)
        time.sleep(0.002)


def mark(log_path: Path, **fields: Any) -> None:
    with log_path.open("a") as output:
        output.write(json.dumps({"ev": "mark", "t": time.monotonic(), **fields}) + "\n")


@contextmanager
def instrumented_server(log_path: Path, cpu: str | None) -> Iterator[Any]:
    from bench_app import Server, free_port, healthy

    port = free_port()
    command = [sys.executable, __file__, "serve", str(log_path), "run", "app.py", "--server.headless", "true",
               "--server.address", "127.0.0.1", "--server.port", str(port), "--server.fileWatcherType", "none",
               "--browser.gatherUsageStats", "false"]
    with (ROOT / "artifacts" / "logs" / "study_tap_drivers.log").open("a") as output:
        process = subprocess.Popen((["taskset", "-c", cpu] if cpu else []) + command, cwd=ROOT,
                                   stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while not healthy(url):
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("the instrumented server did not start (artifacts/logs/study_tap_drivers.log)")
            time.sleep(0.1)
        yield Server(url, process.pid, time.monotonic())
    finally:
        process.terminate()
        process.wait(timeout=10)


async def drive(driver: str, log_path: Path) -> None:
    """One new server, the 8 poker taps by ``driver``, each marked in the log."""
    from bench_app import (
        CHROMIUM_ARGS,
        POKER_SEEN,
        ProtocolPhone,
        choose_place,
        cpu_seconds,
        launcher,
        load_average,
        open_page,
        page_maker,
        tap_card,
        warm_up,
    )
    from playwright.async_api import async_playwright

    pinned = driver == "pinned"
    async with async_playwright() as playwright, launcher(0, "1" if pinned else None) as executable:
        browser = await playwright.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
        with instrumented_server(log_path, "0" if pinned else None) as server:
            await warm_up(server, 120)
            mark(log_path, driver=driver, load=load_average())
            hogs = [await asyncio.create_subprocess_exec(sys.executable, __file__, "busy", "40")
                    for _ in range(2 * (driver == "busy"))]
            if driver in ("chromium", "pinned"):
                page = await open_page(await page_maker(browser, "phone"), f"{server.url}/live?{QUERY}", 60)
                await choose_place(page, "Seen elsewhere", 60)
            else:
                phone = ProtocolPhone(server.url, "live", QUERY)
                await phone.open(60)
                await phone.choose("live_place", "Seen elsewhere", 60)
            await asyncio.sleep(1.0)
            for index, card in enumerate(POKER_SEEN):
                mark(log_path, tap=index, at="start")
                before = cpu_seconds(server.pid)
                if driver in ("chromium", "pinned"):
                    await tap_card(server, page, card, 60)
                else:
                    await phone.tap(f"card-{card}", 60)
                mark(log_path, tap=index, at="end", cpu=cpu_seconds(server.pid) - before)
                await asyncio.sleep(0.25)
                mark(log_path, tap=index, at="tail", cpu=cpu_seconds(server.pid) - before)
            for hog in hogs:
                hog.kill()
                await hog.wait()
        await browser.close()


def report(log_path: Path) -> None:
    """One row per driver's run (module docstring), medians of the 8 taps."""
    print("| run | driver | load | server CPU a tap, ms (0.25 s later) | `answer` thread CPU (taps 4-8) | answer wall / "
          "CPU | script thread outside `answer` | event loop | BackMsg / ForwardMsg / requests a tap |")
    print("|---|---|---|---|---|---|---|---|---|")
    runs: list[tuple[str, str, list[dict[str, Any]]]] = []
    events: list[dict[str, Any]] | None = None
    for event in map(json.loads, log_path.read_text().splitlines()):
        if event["ev"] == "mark" and "driver" in event:
            runs.append((event["driver"], event["load"].split()[0], []))
        elif event["ev"] == "mark" and event["at"] == "start":
            events = []
        elif event["ev"] == "mark" and event["at"] == "end" and events is not None:
            runs[-1][2].append({"cpu": event["cpu"], "events": events})
            events = None
        elif event["ev"] == "mark" and event["at"] == "tail":
            runs[-1][2][-1]["tail"] = event["cpu"]
        elif events is not None:
            events.append(event)
        elif event["ev"] == "run" and runs and runs[-1][2]:  # a run that ended after the driver's mark
            runs[-1][2][-1]["events"].append(event)
    for number, (driver, load, taps) in enumerate(runs, 1):
        def median(values: list[float]) -> float:
            return 1000 * statistics.median(values)

        def of(tap: dict[str, Any], kind: str) -> list[dict[str, Any]]:
            return [event for event in tap["events"] if event["ev"] == kind]

        answers = [of(tap, "answer")[0] for tap in taps]
        runs_cpu = [sum(event["cpu"] for event in of(tap, "run")) for tap in taps]
        loop = [later[-1]["threads"]["MainThread"] - earlier[-1]["threads"]["MainThread"]
                for earlier, later in zip((of(tap, "run") for tap in taps), (of(tap, "run") for tap in taps[1:]))]
        counts = "/".join(str(max(len(of(tap, kind)) for tap in taps)) for kind in ("back", "forward", "request"))
        print(f"| {number} | {driver} | {load} | {median([tap['cpu'] for tap in taps]):.1f} "
              f"({median([tap['tail'] for tap in taps]):.1f}) | {median([a['cpu'] for a in answers]):.1f} "
              f"({median([a['cpu'] for a in answers[3:]]):.1f}) | "
              f"{statistics.median(a['wall'] / a['cpu'] for a in answers):.2f} | "
              f"{median([run - a['cpu'] for run, a in zip(runs_cpu, answers)]):.1f} | {median(loop):.1f} | {counts} |")


def main() -> None:
    if sys.argv[1:2] == ["serve"]:
        serve_instrumented(sys.argv[2], sys.argv[3:])
        return
    if sys.argv[1:2] == ["busy"]:
        busy(float(sys.argv[2]))
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("drivers", nargs="+", choices=DRIVERS)
    parser.add_argument("--log", type=Path, default=ROOT / "artifacts" / "logs" / "study_tap_drivers.jsonl")
    args = parser.parse_args()
    args.log.parent.mkdir(parents=True, exist_ok=True)
    args.log.write_text("")
    sys.path.insert(0, str(ROOT / "benchmarks"))
    for driver in args.drivers:
        asyncio.run(drive(driver, args.log))
    report(args.log)


if __name__ == "__main__":
    main()

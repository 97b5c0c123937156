"""Benchmark the app as people use it: a real Chromium against ``streamlit run app.py``.

Run from the repository root (Debian's Chromium at /usr/bin/chromium, Playwright installed)::

    python benchmarks/bench_app.py                 # everything, about 5-10 minutes on 2 cores
    python benchmarks/bench_app.py --only live quiz --sessions 1 10

What it measures, on a 390x844 phone viewport:

- ``first``: a server started with an empty numba cache (``NUMBA_CACHE_DIR`` pointed at a new folder):
  the page opened as soon as the server answers its health check, then the first card tapped at once, and
  on another fresh server ``--reading`` seconds after the page shows (a person finding their first card).
- ``live``: the Live odds page, for the classic, poker and Vengeance rules (poker also played alone, numbers tapped to
  your line, answered by relaxed decks; Vengeance late in the deck, answered exactly, and on a fresh deck, answered
  with certified bounds within the live budget): a card tapped, timed from the
  click until the page has settled (the tapped card's count changed, the app reports no script running and
  its status widget is hidden), and the server process's CPU time over the same span (the kernel's CPU clock of
  the process, every thread's, exited ones included, in nanoseconds: `cpu_seconds`).
- ``live`` also taps one card and undoes it ``--cached-taps`` times (after once, untimed): every tap and every
  Undo then shows a situation answered before, so its CPU is the server's cost of a tap without the solver.
- ``browser``: what a tap costs the phone: one tab taps 20 cards on the classic live page; per tap, the renderer
  processes' CPU, the tab's main-thread time (Chrome's ``Performance.getMetrics``: tasks, script, layout, style)
  and the websocket messages and bytes received.
- ``quiz``: the quiz, an answer (HIT, until its feedback shows) and *Next situation* (until HIT shows again); then
  ``--quiz-openings`` new sessions open the classic, poker and Vengeance quiz one after another (``--opening-pause``
  apart), each timed until its first situation's HIT shows.
- ``sessions``: N phones at once on the live page (classic), each on its own table (a seeded random line
  and cards seen), each tapping ``--taps`` cards, in two modes (``--think``): ``none``, each tap as soon as
  the page has settled (a stress test: it measures the phones' rendering on this machine as much as the
  server), and ``person``, a seeded random 1-3 s between taps (a player at a table watching the next card
  come up). Reported: per-tap wall time p50/p95, the server's CPU per tap (its total over the run, shared
  out) and the browsers' CPU per tap (every Chromium process of this benchmark, measured the same way; for
  protocol clients alone, this process's CPU, which runs them),
  and the sessions that failed, each with its reason (the page did not open, a tap did not settle within
  ``--tap-timeout``, an error shown, the run's ``--deadline`` passed). Each concurrent run has a server of its
  own (started, warmed up and idle first), so that every run starts from an empty answer cache and runs with
  the same seeded tables do the same work on the server.
- ``--clients``: who the concurrent sessions are. ``chromium``: every session a Chromium tab (on this machine
  the tabs draw on the server's two cores). ``mixed``: ``--chromium-phones`` Chromium tabs, timed as above,
  (a browser context each) among protocol clients (`ProtocolPhone`) for the other sessions: each speaks Streamlit's own websocket
  protocol (``/_stcore/stream``, ``BackMsg``/``ForwardMsg``), opens the page and taps the same buttons with the
  same pauses as a browser would, so the server does the same work per tap, but nothing is drawn here: the load
  of thirty phones that draw on their own CPUs. A protocol client's tap is timed from sending it until the
  server reports its last run finished. ``protocol``: protocol clients only (their server CPU per tap, beside
  the ``chromium`` run's, shows the server does the same work for both). Rows say which kind they time.

The concurrent sessions run in a second Chromium, under ``nice -n 19`` by default (``--browser-nice``; and pinned
to CPUs with ``--browser-cpus``): on this machine the simulated phones share the server's cores, which real
phones do not, and at the same priority their rendering (several times the server's CPU per tap) delays the
server. Their wall times still include the phones' own rendering, now at the lowest priority (an upper bound);
the server's CPU per tap is measured as before. The phones are tabs of one browser context (``--contexts
shared``, the default: each is still its own Streamlit session, and the browsers spend a third of the CPU per
tap); ``--contexts phone`` gives each its own context. The single-phone rows use a Chromium at normal priority. Waits
run inside the page (a check on each DOM mutation), not as a poll from the benchmark every 20 ms. Before the
single-phone rows the benchmark waits for the server to go idle (the solver's background warm-up compiling),
so that their CPU is the taps' own. With ``--pin`` the single-phone rows run the server on CPU 0 and their Chromium
on CPU 1: on this 2-core machine the phone's drawing (2-4 times the server's CPU a tap) otherwise preempts the
solve, whose own thread CPU then grows (the caches refilled), by 5-10 ms on a fresh poker tap
(`study_tap_drivers.py`; BENCHMARKS.md, stop 35); a real phone draws on its own CPU.

Every run is bounded: ``--tap-timeout`` per tap, ``--deadline`` per concurrent run. The load average is
printed before and after (the machine may be shared): quote it with the numbers.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import AsyncExitStack, asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from live_taps import CLASSIC_SEEN, POKER_ALONE_LINE, POKER_SEEN
from playwright.async_api import Browser, Page, ViewportSize, async_playwright
from playwright.async_api import Error as PlaywrightError
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.Element_pb2 import Element
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
PHONE: ViewportSize = {"width": 390, "height": 844}
TICKS = os.sysconf("SC_CLK_TCK")
WAITER_JS = """() => {
  const conditions = {
    settled: () => {
      const app = document.querySelector('[data-testid="stApp"]');
      const status = document.querySelector('[data-testid="stStatusWidget"]');
      return app && app.getAttribute('data-test-script-state') === 'notRunning'
             && (!status || status.offsetParent === null);
    },
    disabled: (selector) => {
      const node = document.querySelector(selector);
      return node && node.disabled;
    },
    changed: ([selector, before]) => {
      const node = document.querySelector(selector);
      return node && node.textContent !== before;  // textContent: innerText would lay the page out
    },
  };
  window.__benchWait = (name, arg, timeoutMs) => new Promise((resolve, reject) => {
    const holds = () => conditions[name](arg);
    if (holds()) { resolve(true); return; }
    const done = (ok) => { observer.disconnect(); clearInterval(slow); clearTimeout(timer);
                           ok ? resolve(true) : reject(new Error(`${name} not met in ${timeoutMs} ms`)); };
    const observer = new MutationObserver(() => { if (holds()) done(true); });
    observer.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
    const slow = setInterval(() => { if (holds()) done(true); }, 250);  // a change no mutation shows
    const timer = setTimeout(() => done(false), timeoutMs);
  });
}"""
"""Waits inside the page: a condition is checked on each DOM mutation (and every 250 ms), not polled from here
every few milliseconds, which on 30 pages costs the browsers and the Playwright driver real CPU. A changed count is
read as ``textContent``: ``innerText`` forces a layout of the page on every check (14 ms of each tab's main thread
per DOM change in a trace of a tap, about 30 ms a tap: the benchmark's cost, not the app's)."""
FLIP_THREES_OUT = "flip3.flip3.flip3"
VENGEANCE_PILE, VENGEANCE_LINE, VENGEANCE_HANDS = "12*3 11*2 9 5 3 -4 steal", "10 7", ("6 2", "")


def vengeance_table() -> str:
    """A late-deck Vengeance table's link (every other card discarded), as tests/browser builds it."""
    from urllib.parse import urlencode

    from flip7odds.cards import parse_cards
    from flip7odds.counts import CardCounts
    from flip7odds.links import write_cards
    from flip7odds.rules import VENGEANCE

    line = parse_cards(VENGEANCE_LINE, VENGEANCE)
    hands = [parse_cards(hand, VENGEANCE) for hand in VENGEANCE_HANDS]
    held = CardCounts.from_cards((*line, *(card for hand in hands for card in hand)))
    discards = tuple(VENGEANCE.deck - CardCounts.from_cards(parse_cards(VENGEANCE_PILE, VENGEANCE)) - held)
    return urlencode({"rules": "vengeance", "line": write_cards(line), "others": "2",
                      "hands": "~".join(write_cards(hand) or "_" for hand in hands), "discards": write_cards(discards)})


PageMaker = Callable[[], Awaitable[Page]]
"""Opens a new phone (a page at the phone's size): each in its own browser context, or all in one."""


def load_average() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process, all threads (exited ones included): Linux's CPU clock of the process
    (the clock id ``clock_getcpuclockid(3)`` gives: ``(~pid << 3) | 2``, read to the nanosecond), else
    ``/proc/<pid>/stat`` fields 14 and 15 (10 ms ticks: a tap of 48 ms reads 40 or 50)."""
    try:
        return time.clock_gettime(((~pid) << 3) | 2)
    except OSError:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS


def browsers_cpu_seconds(server_pid: int) -> float:
    """User + system CPU time of this benchmark's child processes but the server: the Chromium processes."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    total, todo = 0.0, [pid for pid in children.get(os.getpid(), []) if pid != server_pid]
    while todo:
        pid = todo.pop()
        try:
            total += cpu_seconds(pid)
        except OSError:
            continue
        todo += children.get(pid, [])
    return total


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, OSError):
        return False


@asynccontextmanager
async def launcher(nice: int, cpus: str | None) -> AsyncIterator[str]:
    """The Chromium to launch: Debian's, or a wrapper running it under ``nice`` and ``taskset`` (every process
    it starts inherits both)."""
    if not nice and cpus is None:
        yield CHROMIUM
        return
    with tempfile.TemporaryDirectory(prefix="bench-chromium-") as folder:
        wrapper = Path(folder) / "chromium"
        pin = f"taskset -c {cpus} " if cpus is not None else ""
        wrapper.write_text(f'#!/bin/sh\nexec {pin}nice -n {nice} {CHROMIUM} "$@"\n')
        wrapper.chmod(0o755)
        yield str(wrapper)


async def page_maker(browser: Browser, contexts: str) -> PageMaker:
    """New phones: each in a new browser context, or each a new tab of one shared context."""
    if contexts == "phone":
        return lambda: browser.new_page(viewport=PHONE)
    shared = await browser.new_context(viewport=PHONE)
    return shared.new_page


class ProtocolError(Exception):
    """A protocol client's session failed: the server closed it, a run did not finish in time, or showed an error."""


class ProtocolPhone:
    """A phone as the server sees it, without a browser: one Streamlit session on its own websocket
    (``/_stcore/stream``), speaking the protocol the browser speaks (``streamlit.proto``: a ``BackMsg`` up, the
    ``ForwardMsg`` stream down).

    It asks for the page as the browser does (a ``rerun_script`` naming the page, no widget state), keeps what
    the browser keeps of the answer (each widget's id, value and fragment, the page's script hash and address),
    and taps a button as the browser does: a ``rerun_script`` carrying every widget's value, the button's
    ``trigger_value`` and the id of the fragment that holds it. The server cannot tell it from a browser, so it
    does the same work per tap; nothing is drawn, so a tap is timed from sending it until the server reports
    the last run it caused finished (``script_finished``, other than *finished early for a rerun*).
    The page's static files (HTML, JavaScript) are not fetched: a phone has them cached, and opening a page is
    not part of a tap.
    """

    def __init__(self, url: str, page_name: str, query: str) -> None:
        self.url, self.page_name, self.query = url, page_name, query
        self.page_script_hash = ""
        self.values: dict[str, WidgetState] = {}
        """The value the browser would report for each value widget drawn (its default, or what the server set)."""
        self.buttons: dict[str, tuple[str, Element]] = {}
        """Each widget's id -> (the fragment it was drawn in, its element), for taps and labels."""
        self.errors: list[str] = []
        self.socket: ClientConnection | None = None

    async def open(self, timeout_s: float) -> None:
        """Connect and run the page once, as a browser opening its address."""
        host = self.url.split("://", 1)[1]
        self.socket = await connect(f"ws://{host}/_stcore/stream", subprotocols=["streamlit"],  # type: ignore[list-item]
                                    origin=self.url, max_size=None, open_timeout=timeout_s)  # type: ignore[arg-type]
        await self._run(self._rerun(with_widgets=False), timeout_s)

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()

    def widget_id(self, key: str) -> str:
        """The id of the widget with this user key (Streamlit's ids end in ``-<key>``)."""
        found = [widget for widget in self.buttons if widget.endswith(f"-{key}")]
        if len(found) != 1:
            raise ProtocolError(f"no widget keyed {key!r} on the page")
        return found[0]

    def label(self, key: str) -> str:
        element = self.buttons[self.widget_id(key)][1]
        return str(getattr(element, str(element.WhichOneof("type"))).label)

    async def choose(self, key: str, option: str, timeout_s: float) -> float:
        """Pick an option of a segmented control (as a tap on it); the run's wall time."""
        widget = self.widget_id(key)
        state = WidgetState(id=widget)
        state.string_array_value.data.append(option)
        self.values[widget] = state
        return await self._run(self._rerun(fragment_id=self.buttons[widget][0]), timeout_s)

    async def tap(self, key: str, timeout_s: float) -> float:
        """Tap a button; the wall time until the last run it caused has finished."""
        widget = self.widget_id(key)
        message = self._rerun(fragment_id=self.buttons[widget][0])
        message.rerun_script.widget_states.widgets.add(id=widget, trigger_value=True)
        return await self._run(message, timeout_s)

    def _rerun(self, with_widgets: bool = True, fragment_id: str = "") -> BackMsg:
        message = BackMsg()
        state = message.rerun_script
        state.query_string, state.page_name = self.query, self.page_name
        state.page_script_hash, state.fragment_id = self.page_script_hash, fragment_id
        if with_widgets:
            state.widget_states.widgets.extend(self.values.values())
        info = state.context_info
        info.timezone, info.timezone_offset, info.locale = "UTC", 0, "en-US"
        info.url, info.is_embedded, info.color_scheme = f"{self.url}/{self.page_name}", False, "light"
        return message

    async def _run(self, message: BackMsg, timeout_s: float) -> float:
        """Send ``message`` and read the answer until a run finishes (not one stopped early for a rerun)."""
        assert self.socket is not None
        start = time.perf_counter()
        await self.socket.send(message.SerializeToString())
        try:
            async with asyncio.timeout(timeout_s):
                while True:
                    received = ForwardMsg()
                    received.ParseFromString(await self.socket.recv())
                    if self._absorb(received):
                        break
        except TimeoutError:
            raise ProtocolError(f"a run did not finish in {timeout_s:.0f} s") from None
        except WebSocketException as error:
            raise ProtocolError(f"websocket: {type(error).__name__}") from None
        if self.errors:
            raise ProtocolError(f"an error shown: {self.errors[0][:60]}")
        return time.perf_counter() - start

    def _absorb(self, message: ForwardMsg) -> bool:
        """Keep what a browser keeps of a message; whether it ends the run."""
        kind = message.WhichOneof("type")
        if kind == "navigation":  # the page this address runs (``new_session`` names the entry point first)
            self.page_script_hash = message.navigation.page_script_hash
        elif kind == "page_info_changed":
            self.query = message.page_info_changed.query_string
        elif kind == "delta" and message.delta.WhichOneof("type") == "new_element":
            self._element(message.delta.fragment_id, message.delta.new_element)
        elif kind == "script_finished":
            return message.script_finished != ForwardMsg.FINISHED_EARLY_FOR_RERUN
        return False

    def _element(self, fragment_id: str, element: Element) -> None:
        """Record a widget (its fragment, and the value the browser would report), or an error shown."""
        kind = element.WhichOneof("type")
        if kind == "exception":
            self.errors.append(element.exception.message)
            return
        widget = getattr(element, str(kind))
        widget_id = getattr(widget, "id", "")
        if not widget_id:
            return
        self.buttons[widget_id] = (fragment_id, element)
        if widget_id in self.values and not getattr(widget, "set_value", False):
            return  # the browser keeps the value it holds
        state = WidgetState(id=widget_id)
        if kind == "selectbox" and (widget.raw_value or widget.options):
            state.string_value = widget.raw_value or widget.options[widget.default]
        elif kind == "button_group":
            state.string_array_value.data.extend(
                widget.raw_values if widget.set_value else [widget.options[index].content for index in widget.default])
        elif kind == "number_input":
            state.int_value = int(widget.value if widget.set_value else widget.default)
        elif kind == "checkbox":
            state.bool_value = widget.value if widget.set_value else widget.default
        else:
            return  # a button: no value, only a trigger when tapped
        self.values[widget_id] = state


async def quiet(server: Server, limit_s: float = 90.0) -> float:
    """Wait until the server spends under 5% of a core over a second (its background warm-up has finished), so
    that the per-tap figures are the taps' own; how long that took."""
    start = time.monotonic()
    while time.monotonic() - start < limit_s:
        before = cpu_seconds(server.pid)
        await asyncio.sleep(1.0)
        if cpu_seconds(server.pid) - before < 0.05:
            break
    return time.monotonic() - start


@dataclass
class Server:
    url: str
    pid: int
    started: float


@contextmanager
def serve(env: dict[str, str] | None = None, root: Path = ROOT, log: str = "bench_app", cpus: str | None = None
          ) -> Iterator[Server]:
    """``streamlit run app.py`` in the checkout ``root`` on a free port, its output in artifacts/logs/<log>.log;
    pinned to ``cpus`` (``taskset -c``) when given."""
    port = free_port()
    log_path = ROOT / "artifacts" / "logs" / f"{log}.log"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true",
               "--server.address", "127.0.0.1", "--server.port", str(port),
               "--server.fileWatcherType", "none", "--browser.gatherUsageStats", "false"]
    if cpus is not None:
        command = ["taskset", "-c", cpus, *command]
    started = time.monotonic()
    with log_path.open("a") as output:
        process = subprocess.Popen(command, cwd=root, stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT,
                                   env={**os.environ, **(env or {})})
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while not healthy(url):
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"streamlit did not start in {root} (see {log_path})")
            time.sleep(0.1)
        yield Server(url, process.pid, started)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@dataclass
class Tap:
    wall: float
    cpu: float


@dataclass
class Series:
    name: str
    taps: list[Tap] = field(default_factory=list)
    errors: int = 0
    browsers_cpu: float | None = None
    """The browsers' CPU per tap (concurrent runs only)."""
    failures: list[str] = field(default_factory=list)
    """Why each failed session failed."""

    def row(self) -> str:
        browsers = "-" if self.browsers_cpu is None else f"{1000 * self.browsers_cpu:.0f}"
        why = "; ".join(sorted({f"{self.failures.count(reason)}x {reason}" for reason in self.failures}))
        errors = f"{self.errors} ({why})" if why else str(self.errors)
        if not self.taps:
            return f"| {self.name} | - | - | - | - | {browsers} | {errors} |"
        walls = sorted(tap.wall for tap in self.taps)
        cpus = [tap.cpu for tap in self.taps]
        return (f"| {self.name} | {len(walls)} | {statistics.median(walls):.3f} ({walls[0]:.3f}-{walls[-1]:.3f}) | "
                f"{percentile(walls, 95):.3f} | {1000 * statistics.median(cpus):.1f} ({1000 * statistics.mean(cpus):.1f}) | "
                f"{browsers} | {errors} |")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))]


async def wait_in_page(page: Page, condition: str, arg: object, timeout_s: float) -> None:
    """Wait until `WAITER_JS`'s ``condition`` holds in the page."""
    await page.evaluate("([name, arg, ms]) => window.__benchWait(name, arg, ms)", [condition, arg, timeout_s * 1000])


async def settled(page: Page, timeout_s: float) -> None:
    """The app has no script running and its status widget is hidden."""
    await wait_in_page(page, "settled", None, timeout_s)


async def open_page(new_page: PageMaker, url: str, timeout_s: float) -> Page:
    page = await new_page()
    page.set_default_timeout(timeout_s * 1000)
    await page.add_init_script(f"({WAITER_JS})()")
    await page.goto(url)
    await page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')
    await settled(page, timeout_s)
    return page


async def has_error(page: Page) -> bool:
    return bool(await page.locator('[data-testid="stException"]').count())


async def timed(server: Server, page: Page, action: Callable[[], Awaitable[None]],
                done: Callable[[], Awaitable[None]], timeout_s: float) -> Tap:
    """Run ``action`` (a click), wait for ``done`` and for the page to settle; wall and server CPU time."""
    cpu = cpu_seconds(server.pid)
    start = time.perf_counter()
    await action()
    await done()
    await settled(page, timeout_s)
    return Tap(time.perf_counter() - start, cpu_seconds(server.pid) - cpu)


async def tap_card(server: Server, page: Page, card: str, timeout_s: float) -> Tap:
    """Tap a card's button; done when the count on it has changed (the page has drawn the new table)."""
    button = page.locator(f".st-key-card-{css_escape(card)}").get_by_role("button")
    before = await button.text_content()

    async def changed() -> None:
        await wait_in_page(page, "changed", [f".st-key-card-{css_escape(card)} button", before], timeout_s)

    return await timed(server, page, button.click, changed, timeout_s)


def css_escape(card: str) -> str:
    return card.replace("+", "\\+").replace("/", "\\/")


async def choose_place(page: Page, name: str, timeout_s: float) -> None:
    """Point the picker at a place (not timed)."""
    try:  # a segmented control's option (its text), else a radio button
        await page.get_by_text(name, exact=True).first.click(timeout=10_000)
    except PlaywrightError:
        await page.get_by_role("radio", name=name).first.click(force=True)
    await page.wait_for_timeout(200)
    await settled(page, timeout_s)


async def live_series(new_page: PageMaker, server: Server, name: str, query: str, cards: list[str],
                      timeout_s: float, place: str = "Seen elsewhere") -> Series:
    series = Series(name)
    page = await open_page(new_page, f"{server.url}/live?{query}", timeout_s)
    try:
        await choose_place(page, place, timeout_s)
        for card in cards:
            series.taps.append(await tap_card(server, page, card, timeout_s))
        series.errors += int(await has_error(page))
    except PlaywrightError as error:  # a tap that did not settle in time, or a control not found
        series.errors += 1
        print(f"{name}: {type(error).__name__}: {str(error).splitlines()[0]}", file=sys.stderr)
        await page.screenshot(path=str(ROOT / "artifacts" / f"bench-failed-{len(series.taps)}.png"), full_page=True)
    finally:
        await page.close()
    return series


async def quiz_series(new_page: PageMaker, server: Server, rounds: int, timeout_s: float) -> tuple[Series, Series]:
    answer, following = Series("quiz: answer (HIT -> feedback)"), Series("quiz: next situation")
    page = await open_page(new_page, f"{server.url}/quiz", timeout_s)
    try:
        for _ in range(rounds):
            await page.get_by_role("button", name="HIT").first.wait_for()
            answer.taps.append(await timed(
                server, page, page.get_by_role("button", name="HIT").first.click,
                lambda: page.get_by_text("You chose").first.wait_for(), timeout_s))
            following.taps.append(await timed(
                server, page, page.get_by_role("button", name="Next situation").click,
                lambda: page.get_by_role("button", name="HIT").first.wait_for(), timeout_s))
        answer.errors += int(await has_error(page))
    finally:
        await page.close()
    return answer, following


QUIZ_OPENINGS = ("classic", "poker", "vengeance")
"""The variants whose quiz ``quiz`` opens as new sessions, one after another (`quiz_openings`)."""


async def quiz_openings(new_page: PageMaker, server: Server, rules: str, sessions: int, pause_s: float,
                        timeout_s: float) -> Series:
    """``sessions`` new sessions open the quiz of ``rules`` at its first level, one after another, ``pause_s`` apart
    (people arriving): each timed from the page's address entered until HIT shows and the page has settled, with the
    server's CPU over the same span. The first is the server's first request of that level; the following find the
    question the server dealt ahead (`flip7odds_ui.quiz.Deck.stocked`)."""
    series = Series(f"quiz opened ({rules}, {sessions} sessions {pause_s:g} s apart; the first the server's first)")
    for index in range(sessions):
        if index:
            await asyncio.sleep(pause_s)
        page = await new_page()
        page.set_default_timeout(timeout_s * 1000)
        await page.add_init_script(f"({WAITER_JS})()")

        async def opened(page: Page = page) -> None:
            await page.goto(f"{server.url}/quiz?rules={rules}")

        async def dealt(page: Page = page) -> None:
            await page.get_by_role("button", name="HIT").first.wait_for()

        series.taps.append(await timed(server, page, opened, dealt, timeout_s))
        series.errors += int(await has_error(page))
        await page.close()
    return series


BROWSER_TAPS = ["5", "6", "11", "3", "9", "10", "8", "4", "11", "10", "9", "8", "11", "10", "9", "8", "6", "5", "4", "2"]
"""Cards seen elsewhere tapped by the ``browser`` row (numbers with copies left for every tap, beside ``12 7``)."""


def renderers_cpu_seconds() -> float:
    """User + system CPU time of this benchmark's Chromium renderer processes (``--type=renderer``)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                children.setdefault(int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]), []).append(
                    int(entry.name))
            except OSError:
                continue
    total, todo = 0.0, list(children.get(os.getpid(), []))
    while todo:
        pid = todo.pop()
        try:
            if b"--type=renderer" in Path(f"/proc/{pid}/cmdline").read_bytes():
                total += cpu_seconds(pid)
        except OSError:
            continue
        todo += children.get(pid, [])
    return total


async def browser_row(new_page: PageMaker, server: Server, timeout_s: float) -> str:
    """What a tap costs the phone: one tab (normal priority) taps `BROWSER_TAPS` on the classic live page; per tap,
    the renderer processes' CPU (``/proc``), the tab's main-thread task, script, layout and style time (Chrome's
    ``Performance.getMetrics``: TaskDuration, ScriptDuration, LayoutDuration, RecalcStyleDuration; wall time of
    the tasks, so they grow with the machine's load, where CPU time does not) and the websocket messages and bytes
    the page received."""
    received = [0, 0]  # websocket messages, bytes

    def counted(payload: str | bytes) -> None:
        received[0] += 1
        received[1] += len(payload)

    async def listening() -> Page:
        page = await new_page()
        page.on("websocket", lambda socket: socket.on("framereceived", counted))
        return page

    page = await open_page(listening, f"{server.url}/live?rules=classic&line=12.7", timeout_s)
    session = await page.context.new_cdp_session(page)
    await session.send("Performance.enable")

    async def metrics() -> dict[str, float]:
        return {item["name"]: item["value"] for item in (await session.send("Performance.getMetrics"))["metrics"]}

    try:
        await choose_place(page, "Seen elsewhere", timeout_s)
        before, frames, renderers = await metrics(), list(received), renderers_cpu_seconds()
        walls = [(await tap_card(server, page, card, timeout_s)).wall for card in BROWSER_TAPS]
        await page.wait_for_timeout(250)  # the last tap's effects
        after, count = await metrics(), len(BROWSER_TAPS)
        renderer = (renderers_cpu_seconds() - renderers) / count
    finally:
        await page.close()
    per_tap = {name: 1000 * (after[name] - before[name]) / count
               for name in ("TaskDuration", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration")}
    return (f"| the phone's work per tap, live classic ({count} taps, one tab) | renderer CPU {1000 * renderer:.0f} ms | "
            f"main thread: tasks {per_tap['TaskDuration']:.0f} ms, script {per_tap['ScriptDuration']:.0f}, layout "
            f"{per_tap['LayoutDuration']:.1f}, style {per_tap['RecalcStyleDuration']:.1f} | websocket: "
            f"{(received[0] - frames[0]) / count:.1f} messages, {(received[1] - frames[1]) / count:.0f} bytes | "
            f"wall median {statistics.median(walls):.3f} s |")


async def cached_series(new_page: PageMaker, server: Server, taps: int, timeout_s: float) -> tuple[Series, Series]:
    """Live classic, answers from the cache: the same card tapped and undone ``taps`` times (after once untimed),
    so every tap and every Undo shows a situation answered before: the server's cost of a tap but the solver's."""
    tapped, undone = Series("live classic: tap, answer cached (the same card again)"), Series("live classic: Undo")
    page = await open_page(new_page, f"{server.url}/live?rules=classic&line=12.7", timeout_s)
    undo = page.locator(".st-key-undo").get_by_role("button")

    async def undo_done() -> None:
        await wait_in_page(page, "disabled", ".st-key-undo button", timeout_s)

    try:
        await choose_place(page, "Seen elsewhere", timeout_s)
        for index in range(taps + 1):
            tap = await tap_card(server, page, "5", timeout_s)
            back = await timed(server, page, undo.click, undo_done, timeout_s)
            if index:  # the first tap asked the solver
                tapped.taps.append(tap)
                undone.taps.append(back)
        tapped.errors += int(await has_error(page))
    finally:
        await page.close()
    return tapped, undone


async def first_tap(new_page: PageMaker, timeout_s: float, reading_s: float, cpus: str | None = None) -> str:
    """A fresh server with an empty numba cache: open the live page as soon as the server answers, then tap a
    card after ``reading_s`` seconds (0: at once; a person takes a few seconds to find their first card)."""
    with tempfile.TemporaryDirectory(prefix="bench-numba-") as cache, serve({"NUMBA_CACHE_DIR": cache}, cpus=cpus) as server:
        opened = time.perf_counter()
        page = await open_page(new_page, f"{server.url}/live?seen={FLIP_THREES_OUT}", timeout_s)
        load = time.perf_counter() - opened
        await page.wait_for_timeout(reading_s * 1000)
        tap = await tap_card(server, page, "12", timeout_s)
        second = await tap_card(server, page, "7", timeout_s)
        await page.close()
        return (f"| first tap {reading_s:.0f} s after the page shows, empty numba cache | page {load:.2f} s | "
                f"first tap {tap.wall:.2f} s (server CPU {tap.cpu:.2f} s) | second tap {second.wall:.2f} s |")


async def warm_up(server: Server, timeout_s: float) -> None:
    """Open the live page once on a new server (loads the modules and the compiled loops, starts the solver's
    warm-up) and wait until it is idle; a protocol client does it, as a browser would."""
    client = ProtocolPhone(server.url, "live", f"line=12.7&seen={FLIP_THREES_OUT}")
    await client.open(timeout_s)
    await client.close()
    print(f"new server idle after {await quiet(server):.1f} s", flush=True)


def session_table(rng: random.Random) -> tuple[str, list[str]]:
    """A random classic table: two different numbers in your line, three seen; the five cards this session taps,
    all different and none of them in the line or seen, so that each is still in the pile when tapped.

    (Taps drawn among the seen numbers too could tap the 1 after its only copy was seen: a disabled button,
    which hung 4 of the 30 sessions until the run's deadline in every earlier 30-phone run.)
    """
    numbers = [str(value) for value in range(1, 13)]
    line = rng.sample(numbers, 2)
    seen = rng.sample([number for number in numbers if number not in line], 3)
    return f"line={'.'.join(line)}&seen={'.'.join(seen)}", rng.sample(
        [number for number in numbers if number not in line and number not in seen], 5)


async def concurrent(new_page: PageMaker, server: Server, sessions: int, taps: int, seed: int, timeout_s: float,
                     deadline_s: float, think: str, chromium: int | None = None) -> list[Series]:
    """``sessions`` phones at once, each on its own random table, each tapping ``taps`` cards; ``think``:
    ``none`` (the next tap once the page has settled) or ``person`` (a seeded random 1-3 s between taps).

    ``chromium``: how many of them are Chromium tabs (the first ones; all when None); the others are
    `ProtocolPhone` clients on the same tables, tapping the same cards with the same pauses. One series per
    kind; the server's CPU per tap is its total over the run shared out over every tap of both kinds, the
    browsers' over the Chromium taps."""
    rng = random.Random(seed + sessions)
    tables = [session_table(rng) for _ in range(sessions)]
    pauses = [[rng.uniform(1.0, 3.0) if think == "person" else 0.0 for _ in range(taps)] for _ in range(sessions)]
    browsers_count = sessions if chromium is None else min(chromium, sessions)
    clients = sessions - browsers_count
    if clients and browsers_count:
        phones = Series(f"{sessions} sessions at once: the {browsers_count} Chromium phone(s), tap -> page drawn "
                        f"(think time {think})")
        protocol = Series(f"{sessions} sessions at once: the {clients} protocol clients, tap -> server's run "
                          f"finished (think time {think})")
    elif browsers_count:
        phones = protocol = Series(f"{sessions} phone(s) at once, live (classic), think time {think}")
    else:
        phones = protocol = Series(f"{sessions} protocol clients at once (no browser), live (classic), tap -> "
                                   f"server's run finished, think time {think}")
    pages = await asyncio.gather(*(open_page(new_page, f"{server.url}/live?{query}", deadline_s)
                                   for query, _ in tables[:browsers_count]), return_exceptions=True)
    remote = [ProtocolPhone(server.url, "live", query) for query, _ in tables[browsers_count:]]
    opened = await asyncio.gather(*(client.open(deadline_s) for client in remote), return_exceptions=True)
    cpu, browsers, own = cpu_seconds(server.pid), browsers_cpu_seconds(server.pid), time.process_time()
    finished = {"chromium": 0, "protocol": 0}

    async def one(page: Page | BaseException, cards: list[str], waits: list[float]) -> None:
        nonlocal finished
        if isinstance(page, BaseException):
            phones.failures.append(f"page did not open ({type(page).__name__})")
            return
        try:
            await choose_place(page, "Seen elsewhere", timeout_s)
            for card, wait in zip(cards[:taps], waits):
                await asyncio.sleep(wait)
                phones.taps.append(await tap_card(server, page, card, timeout_s))
            if await has_error(page):
                phones.failures.append("an error shown")
            else:
                finished["chromium"] += 1
        except PlaywrightError as error:
            phones.failures.append(f"{type(error).__name__}: {str(error).splitlines()[0][:60]}")

    async def client_taps(client: ProtocolPhone, opening: BaseException | None, cards: list[str],
                          waits: list[float]) -> None:
        nonlocal finished
        if opening is not None:
            protocol.failures.append(f"session did not open ({type(opening).__name__})")
            return
        try:
            await client.choose("live_place", "Seen elsewhere", timeout_s)
            for card, wait in zip(cards[:taps], waits):
                await asyncio.sleep(wait)
                before = client.label(f"card-{card}")
                protocol.taps.append(Tap(await client.tap(f"card-{card}", timeout_s), 0.0))
                if client.label(f"card-{card}") == before:
                    raise ProtocolError(f"the count on {card} did not change")
            finished["protocol"] += 1
        except ProtocolError as error:
            protocol.failures.append(str(error))

    runs = [one(page, cards, waits) for page, (_, cards), waits in zip(pages, tables, pauses)]
    runs += [client_taps(client, opening if isinstance(opening, BaseException) else None, cards, waits)
             for client, opening, (_, cards), waits in zip(remote, opened, tables[browsers_count:],
                                                              pauses[browsers_count:])]
    try:
        await asyncio.wait_for(asyncio.gather(*runs), deadline_s)
    except TimeoutError:
        if browsers_count:
            phones.failures += ["the run's deadline passed"] * (
                browsers_count - finished["chromium"] - len(phones.failures))
        if clients:
            protocol.failures += ["the run's deadline passed"] * (
                clients - finished["protocol"] - len(protocol.failures))
    total_cpu = cpu_seconds(server.pid) - cpu
    every_tap = phones.taps + ([] if protocol is phones else protocol.taps)
    if browsers_count:
        phones.browsers_cpu = (browsers_cpu_seconds(server.pid) - browsers) / max(1, len(phones.taps))
    else:  # the clients' own CPU: this process's (it runs them all)
        protocol.browsers_cpu = (time.process_time() - own) / max(1, len(protocol.taps))
    for page in pages:
        if not isinstance(page, BaseException):
            await page.close()
    await asyncio.gather(*(client.close() for client in remote), return_exceptions=True)
    for tap in every_tap:  # per-tap CPU here: the server's total over the run, shared out
        tap.cpu = total_cpu / max(1, len(every_tap))
    if protocol is phones:
        phones.errors = sessions - sum(finished.values())
        return [phones]
    phones.errors, protocol.errors = len(phones.failures), len(protocol.failures)
    return [phones, protocol]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--only", nargs="*", default=["first", "live", "browser", "quiz", "sessions"],
                        choices=["first", "live", "browser", "quiz", "sessions"])
    parser.add_argument("--sessions", nargs="*", type=int, default=[1, 10, 30])
    parser.add_argument("--taps", type=int, default=5, help="taps per concurrent session")
    parser.add_argument("--quiz-rounds", type=int, default=5)
    parser.add_argument("--quiz-openings", type=int, default=4, help="new sessions opening each variant's quiz")
    parser.add_argument("--opening-pause", type=float, default=3.0, help="seconds between two sessions opening a quiz")
    parser.add_argument("--cached-taps", type=int, default=20,
                        help="live classic: taps of a situation answered before, each then undone")
    parser.add_argument("--tap-timeout", type=float, default=60.0)
    parser.add_argument("--deadline", type=float, default=240.0, help="seconds for one concurrent run")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--think", nargs="*", default=["none", "person"], choices=["none", "person"],
                        help="concurrent sessions: no pause between taps, or 1-3 s like a person")
    parser.add_argument("--reading", nargs="*", type=float, default=[0.0, 5.0],
                        help="seconds between the first page and the first tap, one fresh server each")
    parser.add_argument("--browser-nice", type=int, default=19,
                        help="run the concurrent sessions' Chromium under nice -n N (0: the server's priority): real "
                             "phones are not on the server's cores, so by default the server comes first")
    parser.add_argument("--browser-cpus", default=None,
                        help="pin the concurrent sessions' Chromium to these CPUs (taskset -c, e.g. 1); default: all")
    parser.add_argument("--clients", nargs="*", default=["chromium", "mixed"], choices=["chromium", "mixed", "protocol"],
                        help="the concurrent sessions: all Chromium tabs; --chromium-phones Chromium tabs (timed as "
                             "before) among protocol clients (Streamlit's websocket protocol, no browser: the load of "
                             "phones that draw on their own CPUs); or protocol clients only")
    parser.add_argument("--chromium-phones", type=int, default=3, help="Chromium phones among the sessions (mixed)")
    parser.add_argument("--pin", action="store_true",
                        help="the single-phone rows (first, live, browser, quiz) with the server on CPU 0 and their "
                             "Chromium on CPU 1: a phone draws on its own CPU, and here Chromium's drawing (2-4 times "
                             "the server's CPU a tap) otherwise preempts the solve, whose own CPU then grows by 5-10 ms "
                             "(BENCHMARKS.md, stop 35); the concurrent sessions' servers are not pinned")
    parser.add_argument("--contexts", choices=["phone", "shared"], default="shared",
                        help="the concurrent phones as tabs of one browser context (each still its own Streamlit "
                             "session on its own websocket; a third of the browsers' CPU), or a context each "
                             "(separate cookies and storage, as real phones)")
    args = parser.parse_args()
    setup = (f"the concurrent sessions' browser: nice {args.browser_nice}, CPUs {args.browser_cpus or 'all'}, "
             f"{'a context per phone' if args.contexts == 'phone' else 'one shared context'} (mixed runs: a context "
             f"per timed phone); single phone: {'server on CPU 0, Chromium on CPU 1' if args.pin else 'not pinned'}")
    print(f"load average before: {load_average()}  ({time.strftime('%Y-%m-%d %H:%M:%S %Z')}); {setup}", flush=True)
    rows: list[str] = []
    server_cpus = "0" if args.pin else None
    async with async_playwright() as playwright, AsyncExitStack() as stack:
        single = await stack.enter_async_context(launcher(0, "1" if args.pin else None))
        browser = await playwright.chromium.launch(executable_path=single, headless=True, args=CHROMIUM_ARGS)
        stack.push_async_callback(browser.close)
        new_page = await page_maker(browser, args.contexts)
        try:
            if "first" in args.only:
                for reading in args.reading:
                    rows.append(await first_tap(new_page, args.tap_timeout, reading, server_cpus))
                    print(rows[-1], flush=True)
            if {"live", "browser", "quiz", "sessions"} & set(args.only):
                with serve(cpus=server_cpus) as server:
                    await (await open_page(new_page, server.url, args.tap_timeout)).close()
                    warm = await open_page(new_page, f"{server.url}/live?line=12.7&seen={FLIP_THREES_OUT}",
                                           args.tap_timeout)  # loads the compiled loops and the modules
                    await warm.close()
                    print(f"server idle after {await quiet(server):.1f} s (the solver's warm-up compiled)", flush=True)
                    series: list[Series] = []
                    if "live" in args.only:
                        series.append(await live_series(new_page, server, "live classic: tap a card seen",
                                                        "rules=classic&line=12.7", CLASSIC_SEEN, args.tap_timeout))
                        series.append(await live_series(new_page, server, "live poker: tap a card seen",
                                                        "rules=poker&line=12.7", POKER_SEEN, args.tap_timeout))
                        print(series[-1].row(), flush=True)
                        series.append(await live_series(new_page, server,
                                                        "live poker alone (relaxed decks): tap a number to your line",
                                                        "rules=poker&line=K&others=0", POKER_ALONE_LINE,
                                                        args.tap_timeout, place="Your line"))
                        print(series[-1].row(), flush=True)
                        series.append(await live_series(new_page, server, "live Vengeance (late deck): tap a card",
                                                        vengeance_table(), ["12", "11", "9", "5", "3"],
                                                        args.tap_timeout))
                        print(series[-1].row(), flush=True)
                        series.append(await live_series(new_page, server,
                                                        "live Vengeance (fresh deck, certified bounds): tap a card seen",
                                                        "rules=vengeance&line=12.7&others=2", CLASSIC_SEEN,
                                                        args.tap_timeout))
                        print(series[-1].row(), flush=True)
                        tap, undo = await cached_series(new_page, server, args.cached_taps, args.tap_timeout)
                        series += [tap, undo]
                        print(tap.row(), undo.row(), sep="\n", flush=True)
                    if "browser" in args.only:
                        rows.append(await browser_row(new_page, server, args.tap_timeout))
                        print(rows[-1], flush=True)
                    if "quiz" in args.only:
                        answer, following = await quiz_series(new_page, server, args.quiz_rounds, args.tap_timeout)
                        series += [answer, following]
                        print(answer.row(), following.row(), sep="\n", flush=True)
                        for rules in QUIZ_OPENINGS:
                            series.append(await quiz_openings(new_page, server, rules, args.quiz_openings,
                                                              args.opening_pause, args.tap_timeout))
                            print(series[-1].row(), flush=True)
                    if "sessions" in args.only:
                        executable = await stack.enter_async_context(launcher(args.browser_nice, args.browser_cpus))
                        phones = await playwright.chromium.launch(executable_path=executable, headless=True,
                                                                  args=CHROMIUM_ARGS)
                        stack.push_async_callback(phones.close)
                        many = await page_maker(phones, args.contexts)
                        # The few timed phones among protocol clients: a context each, each the page in front of its
                        # own window (tabs of one context behind the front one drew their taps 3-4 times slower here).
                        timed_phones = await page_maker(phones, "phone")
                        chromium = {"chromium": None, "mixed": args.chromium_phones, "protocol": 0}
                        for think in args.think:
                            for clients in args.clients:
                                for count in args.sessions:
                                    with serve() as fresh:  # every run from a cold answer cache: the same work
                                        await warm_up(fresh, args.tap_timeout)
                                        runs = await concurrent(timed_phones if clients == "mixed" else many,
                                                                fresh, count, args.taps, args.seed,
                                                                args.tap_timeout, args.deadline, think,
                                                                chromium[clients])
                                    series += runs
                                    print(*(run.row() for run in runs), sep="\n", flush=True)
                    rows += [item.row() for item in series]
        finally:
            await stack.aclose()
    print(f"\nload average after: {load_average()}; {setup}")
    print("| what | taps | wall s, median (min-max) | wall p95 | server CPU ms per tap, median (mean) | clients' CPU ms "
          "per tap (Chromium: its processes; protocol clients only: this process) | errors |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        print(row)


if __name__ == "__main__":
    asyncio.run(main())

"""Benchmark the app as people use it: a real Chromium against ``streamlit run app.py``.

Run from the repository root (Debian's Chromium at /usr/bin/chromium, Playwright installed)::

    python benchmarks/bench_app.py                 # everything, about 5-10 minutes on 2 cores
    python benchmarks/bench_app.py --only live quiz --sessions 1 10

What it measures, on a 390x844 phone viewport:

- ``first``: a server started with an empty numba cache (``NUMBA_CACHE_DIR`` pointed at a new folder):
  the page opened as soon as the server answers its health check, then the first card tapped at once, and
  on another fresh server ``--reading`` seconds after the page shows (a person finding their first card).
- ``live``: the Live odds page, for the classic, poker and Vengeance rules: a card tapped, timed from the
  click until the page has settled (the tapped card's count changed, the app reports no script running and
  its status widget is hidden), and the server process's CPU time over the same span (``/proc/<pid>/stat``,
  user + system, 10 ms ticks).
- ``live`` also taps one card and undoes it ``--cached-taps`` times (after once, untimed): every tap and every
  Undo then shows a situation answered before, so its CPU is the server's cost of a tap without the solver.
- ``quiz``: the quiz, an answer (HIT, until its feedback shows) and *Next situation* (until HIT shows again).
- ``sessions``: N phones at once on the live page (classic), each on its own table (a seeded random line
  and cards seen), each tapping ``--taps`` cards, in two modes (``--think``): ``none``, each tap as soon as
  the page has settled (a stress test: it measures the phones' rendering on this machine as much as the
  server), and ``person``, a seeded random 1-3 s between taps (a player at a table watching the next card
  come up). Reported: per-tap wall time p50/p95, the server's CPU per tap (its total over the run, shared
  out) and the browsers' CPU per tap (every Chromium process of this benchmark, measured the same way),
  and the sessions that failed, each with its reason (the page did not open, a tap did not settle within
  ``--tap-timeout``, an error shown, the run's ``--deadline`` passed).

The concurrent sessions run in a second Chromium, under ``nice -n 19`` by default (``--browser-nice``; and pinned
to CPUs with ``--browser-cpus``): on this machine the simulated phones share the server's cores, which real
phones do not, and at the same priority their rendering (several times the server's CPU per tap) delays the
server. Their wall times still include the phones' own rendering, now at the lowest priority (an upper bound);
the server's CPU per tap is measured as before. The phones are tabs of one browser context (``--contexts
shared``, the default: each is still its own Streamlit session, and the browsers spend a third of the CPU per
tap); ``--contexts phone`` gives each its own context. The single-phone rows use a Chromium at normal priority. Waits
run inside the page (a check on each DOM mutation), not as a poll from the benchmark every 20 ms. Before the
single-phone rows the benchmark waits for the server to go idle (the solver's background warm-up compiling),
so that their CPU is the taps' own.

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

from playwright.async_api import Browser, Page, ViewportSize, async_playwright
from playwright.async_api import Error as PlaywrightError

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
      return node && node.innerText !== before;
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
every few milliseconds, which on 30 pages costs the browsers and the Playwright driver real CPU."""
FLIP_THREES_OUT = "flip3.flip3.flip3"
CLASSIC_SEEN = ["5", "6", "11", "3", "2", "4", "9", "10"]
POKER_SEEN = ["5", "6", "11", "4", "8", "9", "10", "13"]
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
    """User + system CPU time of a process, all threads (``/proc/<pid>/stat`` fields 14 and 15)."""
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
def serve(env: dict[str, str] | None = None) -> Iterator[Server]:
    """``streamlit run app.py`` on a free port, its output in artifacts/logs/bench_app.log."""
    port = free_port()
    log_path = ROOT / "artifacts" / "logs" / "bench_app.log"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true",
               "--server.address", "127.0.0.1", "--server.port", str(port),
               "--server.fileWatcherType", "none", "--browser.gatherUsageStats", "false"]
    started = time.monotonic()
    with log_path.open("a") as log:
        process = subprocess.Popen(command, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                   env={**os.environ, **(env or {})})
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while not healthy(url):
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"streamlit did not start (see {log_path})")
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
                f"{percentile(walls, 95):.3f} | {1000 * statistics.median(cpus):.0f} ({1000 * statistics.mean(cpus):.1f}) | "
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
    before = await button.inner_text()

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
                      timeout_s: float) -> Series:
    series = Series(name)
    page = await open_page(new_page, f"{server.url}/live?{query}", timeout_s)
    try:
        await choose_place(page, "Seen elsewhere", timeout_s)
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


async def first_tap(new_page: PageMaker, timeout_s: float, reading_s: float) -> str:
    """A fresh server with an empty numba cache: open the live page as soon as the server answers, then tap a
    card after ``reading_s`` seconds (0: at once; a person takes a few seconds to find their first card)."""
    with tempfile.TemporaryDirectory(prefix="bench-numba-") as cache, serve({"NUMBA_CACHE_DIR": cache}) as server:
        opened = time.perf_counter()
        page = await open_page(new_page, f"{server.url}/live?seen={FLIP_THREES_OUT}", timeout_s)
        load = time.perf_counter() - opened
        await page.wait_for_timeout(reading_s * 1000)
        tap = await tap_card(server, page, "12", timeout_s)
        second = await tap_card(server, page, "7", timeout_s)
        await page.close()
        return (f"| first tap {reading_s:.0f} s after the page shows, empty numba cache | page {load:.2f} s | "
                f"first tap {tap.wall:.2f} s (server CPU {tap.cpu:.2f} s) | second tap {second.wall:.2f} s |")


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
                     deadline_s: float, think: str) -> Series:
    """``sessions`` phones at once, each on its own random table, each tapping ``taps`` cards; ``think``:
    ``none`` (the next tap once the page has settled) or ``person`` (a seeded random 1-3 s between taps)."""
    rng = random.Random(seed + sessions)
    tables = [session_table(rng) for _ in range(sessions)]
    pauses = [[rng.uniform(1.0, 3.0) if think == "person" else 0.0 for _ in range(taps)] for _ in range(sessions)]
    series = Series(f"{sessions} phone(s) at once, live (classic), think time {think}")
    pages = await asyncio.gather(*(open_page(new_page, f"{server.url}/live?{query}", deadline_s)
                                   for query, _ in tables), return_exceptions=True)
    cpu, browsers = cpu_seconds(server.pid), browsers_cpu_seconds(server.pid)
    finished = 0

    async def one(page: Page | BaseException, cards: list[str], waits: list[float]) -> None:
        nonlocal finished
        if isinstance(page, BaseException):
            series.failures.append(f"page did not open ({type(page).__name__})")
            return
        try:
            await choose_place(page, "Seen elsewhere", timeout_s)
            for card, wait in zip(cards[:taps], waits):
                await asyncio.sleep(wait)
                series.taps.append(await tap_card(server, page, card, timeout_s))
            if await has_error(page):
                series.failures.append("an error shown")
            else:
                finished += 1
        except PlaywrightError as error:
            series.failures.append(f"{type(error).__name__}: {str(error).splitlines()[0][:60]}")

    try:
        await asyncio.wait_for(asyncio.gather(*(one(page, cards, waits) for page, (_, cards), waits
                                                in zip(pages, tables, pauses))), deadline_s)
    except TimeoutError:
        series.failures += ["the run's deadline passed"] * (sessions - finished - len(series.failures))
    series.errors = sessions - finished
    total_cpu = cpu_seconds(server.pid) - cpu
    series.browsers_cpu = (browsers_cpu_seconds(server.pid) - browsers) / max(1, len(series.taps))
    for page in pages:
        if not isinstance(page, BaseException):
            await page.close()
    for tap in series.taps:  # per-tap CPU here: the server's total over the run, shared out
        tap.cpu = total_cpu / max(1, len(series.taps))
    return series


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--only", nargs="*", default=["first", "live", "quiz", "sessions"],
                        choices=["first", "live", "quiz", "sessions"])
    parser.add_argument("--sessions", nargs="*", type=int, default=[1, 10, 30])
    parser.add_argument("--taps", type=int, default=5, help="taps per concurrent session")
    parser.add_argument("--quiz-rounds", type=int, default=5)
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
    parser.add_argument("--contexts", choices=["phone", "shared"], default="shared",
                        help="the concurrent phones as tabs of one browser context (each still its own Streamlit "
                             "session on its own websocket; a third of the browsers' CPU), or a context each "
                             "(separate cookies and storage, as real phones)")
    args = parser.parse_args()
    setup = (f"the concurrent sessions' browser: nice {args.browser_nice}, CPUs {args.browser_cpus or 'all'}, "
             f"{'a context per phone' if args.contexts == 'phone' else 'one shared context'}")
    print(f"load average before: {load_average()}  ({time.strftime('%Y-%m-%d %H:%M:%S %Z')}); {setup}", flush=True)
    rows: list[str] = []
    async with async_playwright() as playwright, AsyncExitStack() as stack:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        stack.push_async_callback(browser.close)
        new_page = await page_maker(browser, args.contexts)
        try:
            if "first" in args.only:
                for reading in args.reading:
                    rows.append(await first_tap(new_page, args.tap_timeout, reading))
                    print(rows[-1], flush=True)
            if {"live", "quiz", "sessions"} & set(args.only):
                with serve() as server:
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
                        series.append(await live_series(new_page, server, "live Vengeance (late deck): tap a card",
                                                        vengeance_table(), ["12", "11", "9", "5", "3"],
                                                        args.tap_timeout))
                        print(series[-1].row(), flush=True)
                        tap, undo = await cached_series(new_page, server, args.cached_taps, args.tap_timeout)
                        series += [tap, undo]
                        print(tap.row(), undo.row(), sep="\n", flush=True)
                    if "quiz" in args.only:
                        answer, following = await quiz_series(new_page, server, args.quiz_rounds, args.tap_timeout)
                        series += [answer, following]
                        print(answer.row(), following.row(), sep="\n", flush=True)
                    if "sessions" in args.only:
                        executable = await stack.enter_async_context(launcher(args.browser_nice, args.browser_cpus))
                        phones = await playwright.chromium.launch(executable_path=executable, headless=True,
                                                                  args=CHROMIUM_ARGS)
                        stack.push_async_callback(phones.close)
                        many = await page_maker(phones, args.contexts)
                        for think in args.think:
                            for count in args.sessions:
                                series.append(await concurrent(many, server, count, args.taps, args.seed,
                                                               args.tap_timeout, args.deadline, think))
                                print(series[-1].row(), flush=True)
                    rows += [item.row() for item in series]
        finally:
            await stack.aclose()
    print(f"\nload average after: {load_average()}; {setup}")
    print("| what | taps | wall s, median (min-max) | wall p95 | server CPU ms per tap, median (mean) | browsers' CPU ms "
          "per tap | errors |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        print(row)


if __name__ == "__main__":
    asyncio.run(main())

"""Fixtures for real-browser tests: a live `streamlit run app.py` server and a headless Debian Chromium."""

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import pytest
from browser_helpers import RENDER_TIMEOUT_MS
from playwright.sync_api import Browser, expect, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
SERVER_START_TIMEOUT_S = 60.0

# A web-first assertion waits as long as a page may take to draw (Playwright's default is 5 s: the quiz dealing
# its first poker question on a loaded machine took longer)
expect.set_options(timeout=RENDER_TIMEOUT_MS)


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that is free right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def is_healthy(base_url: str) -> bool:
    """Tell whether the Streamlit server at base_url answers its health check with ok."""
    try:
        with urllib.request.urlopen(f"{base_url}/_stcore/health", timeout=2) as response:
            return bool(response.status == 200 and response.read().strip() == b"ok")
    except (urllib.error.URLError, OSError):
        return False


def log_tail(log_path: Path, lines: int = 40) -> str:
    """Return the last lines of the server log, for failure messages."""
    return "\n".join(log_path.read_text(errors="replace").splitlines()[-lines:])


@contextmanager
def serve(log_name: str, env: Mapping[str, str] | None = None) -> Iterator[str]:
    """Run `streamlit run app.py` on a free local port (extra environment ``env``); yield its base URL.

    The server's output goes to artifacts/logs/<log_name>-<xdist worker>.log; the server is stopped after.
    """
    port = free_port()
    base_url = f"http://127.0.0.1:{port}"
    log_path = ROOT / "artifacts" / "logs" / f"{log_name}-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}.log"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    command = [
        sys.executable, "-m", "streamlit", "run", "app.py",
        "--server.headless", "true",
        "--server.address", "127.0.0.1",
        "--server.port", str(port),
        "--server.fileWatcherType", "none",
        "--browser.gatherUsageStats", "false",
    ]  # fmt: skip
    with log_path.open("w") as log:
        server = subprocess.Popen(command, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                  env={**os.environ, **(env or {})})
    try:
        deadline = time.monotonic() + SERVER_START_TIMEOUT_S
        while not is_healthy(base_url):
            if server.poll() is not None:
                pytest.fail(f"streamlit exited with code {server.returncode}:\n{log_tail(log_path)}")
            if time.monotonic() > deadline:
                pytest.fail(f"streamlit not healthy after {SERVER_START_TIMEOUT_S:.0f} s:\n{log_tail(log_path)}")
            time.sleep(0.25)
        yield base_url
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


@pytest.fixture(scope="session")
def app_url() -> Iterator[str]:
    """The app served for the whole session; yield its base URL."""
    with serve("streamlit") as base_url:
        yield base_url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Launch Debian's headless Chromium through Playwright; skip without it, except under CI where it must exist."""
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"CI is set but {CHROMIUM} is missing: install it with `apt-get install chromium`")
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium); browser tests only run where it exists")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()

"""The quiz in a real Chromium: a session by keyboard and mouse, a server restart that finds the saved
progress, and a corrupt progress file. Each test serves the app with its own FLIP7ODDS_DB."""

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from browser_helpers import VIEWPORTS, assert_no_exception, open_page, screenshot
from conftest import ROOT, SERVER_START_TIMEOUT_S, free_port, is_healthy, log_tail
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser

ANSWER_TIMEOUT_MS = 60_000


@contextmanager
def serve(database: Path, log_name: str) -> Iterator[str]:
    """`streamlit run app.py` with FLIP7ODDS_DB=database on a free port; yield its base URL, stop it after."""
    port = free_port()
    base_url = f"http://127.0.0.1:{port}"
    log_path = ROOT / "artifacts" / "logs" / f"{log_name}-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}.log"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true",
               "--server.address", "127.0.0.1", "--server.port", str(port), "--server.fileWatcherType", "none",
               "--browser.gatherUsageStats", "false"]
    with log_path.open("w") as log:
        server = subprocess.Popen(command, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                  env={**os.environ, "FLIP7ODDS_DB": str(database)})
    try:
        deadline = time.monotonic() + SERVER_START_TIMEOUT_S
        while not is_healthy(base_url):
            if server.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"streamlit did not start:\n{log_tail(log_path)}")
            time.sleep(0.25)
        yield base_url
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def open_quiz(browser: Browser, base_url: str, device: str = "desktop") -> Page:
    """On a desktop, open the app and click the quiz in the menu; on a phone (menu folded), open its URL."""
    if device == "desktop":
        page = open_page(browser, base_url, *VIEWPORTS[device])
        page.get_by_role("link", name="Hit or stay? (quiz)").click()
    else:
        page = open_page(browser, f"{base_url}/quiz", *VIEWPORTS[device])
    expect(page.get_by_role("heading", name="Hit or stay?")).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
    expect(page.get_by_role("button", name="HIT")).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
    return page


def test_a_quiz_session_then_a_restart_finds_the_progress(browser: Browser, tmp_path: Path) -> None:
    database = tmp_path / "progress.sqlite3"
    with serve(database, "quiz-first") as url:
        page = open_quiz(browser, url)
        try:
            page.get_by_role("heading", name="Hit or stay?").click()
            page.keyboard.press("h")  # the HIT shortcut
            expect(page.get_by_text("You chose HIT")).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
            expect(page.get_by_text("cards left would bust you").first).to_be_visible()
            expect(page.get_by_text("Grade:")).to_be_visible()
            assert_no_exception(page)
            page.get_by_text("Grade:").scroll_into_view_if_needed()
            screenshot(page, "quiz-feedback-desktop")
            page.get_by_role("button", name="Next situation").click()
            page.get_by_role("button", name="STAY").click(timeout=ANSWER_TIMEOUT_MS)
            expect(page.get_by_text("You chose STAY")).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
            assert_no_exception(page)
        finally:
            page.close()
    assert database.exists()
    with serve(database, "quiz-restart") as url:
        page = open_quiz(browser, url, "phone")
        try:
            expect(page.get_by_text(f"Progress saved in {database}")).to_be_visible()
            expect(page.get_by_text("Total EV lost").first).to_be_visible()
            expect(page.get_by_role("button", name="Download my history (CSV)")).to_be_visible()
            assert_no_exception(page)
            page.get_by_text("Total EV lost").first.scroll_into_view_if_needed()
            screenshot(page, "quiz-progress-phone")
        finally:
            page.close()


def test_a_corrupt_progress_file_is_reported_and_the_quiz_works(browser: Browser, tmp_path: Path) -> None:
    database = tmp_path / "progress.sqlite3"
    database.write_bytes(b"not a database" * 100)
    with serve(database, "quiz-corrupt") as url:
        page = open_quiz(browser, url)
        try:
            expect(page.get_by_text("was damaged")).to_be_visible()
            page.get_by_role("button", name="STAY").click()
            expect(page.get_by_text("You chose STAY")).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
            assert_no_exception(page)
            screenshot(page, "quiz-corrupt-desktop")
        finally:
            page.close()
    assert any(path.name.startswith("progress.sqlite3.corrupt-") for path in tmp_path.iterdir())

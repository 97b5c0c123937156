"""The quiz in a real Chromium: a session by keyboard and mouse, a server restart that finds the saved
progress, and a corrupt progress file. Each test serves the app with its own FLIP7ODDS_DB."""

from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from browser_helpers import (
    VIEWPORTS,
    assert_in_view,
    assert_no_exception,
    main_scroll_top,
    open_page,
    screenshot,
    scroll_main,
)
from conftest import serve
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser

ANSWER_TIMEOUT_MS = 60_000


def open_quiz(browser: Browser, base_url: str, device: str = "desktop", query: str = "") -> Page:
    """On a desktop, open the app and click the quiz in the menu; on a phone (menu folded), open its URL
    (with ``query``: a private profile link)."""
    if device == "desktop":
        page = open_page(browser, base_url, *VIEWPORTS[device])
        page.get_by_role("link", name="Hit or stay? (quiz)").click()
    else:
        page = open_page(browser, f"{base_url}/quiz{query}", *VIEWPORTS[device])
    expect(page.get_by_role("heading", name="Hit or stay?")).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
    expect(page.get_by_role("button", name="HIT")).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
    return page


def test_a_quiz_session_then_a_restart_finds_the_progress(browser: Browser, tmp_path: Path) -> None:
    database = tmp_path / "progress.sqlite3"
    with serve("quiz-first", {"FLIP7ODDS_DB": str(database)}) as url:
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
            (key,) = parse_qs(urlparse(page.url).query)["profile"]  # the address is the player's way back
        finally:
            page.close()
    assert database.exists()
    with serve("quiz-restart", {"FLIP7ODDS_DB": str(database)}) as url:
        page = open_quiz(browser, url, "phone", f"?profile={key}")
        try:
            expect(page.get_by_text("Progress saved on this server")).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
            expect(page.get_by_text(str(database))).to_have_count(0)  # a player never sees the server's path
            expect(page.get_by_text("Points lost").first).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
            page.get_by_text("Charts and results by category").click()  # the charts, on request
            expect(page.get_by_role("button", name="Download my history (CSV)")).to_be_visible(
                timeout=ANSWER_TIMEOUT_MS)
            assert_no_exception(page)
            page.get_by_text("Points lost").first.scroll_into_view_if_needed()
            screenshot(page, "quiz-progress-phone")
        finally:
            page.close()


def test_a_corrupt_progress_file_is_reported_and_the_quiz_works(browser: Browser, tmp_path: Path) -> None:
    database = tmp_path / "progress.sqlite3"
    database.write_bytes(b"not a database" * 100)
    with serve("quiz-corrupt", {"FLIP7ODDS_DB": str(database)}) as url:
        page = open_quiz(browser, url)
        try:
            said = page.get_by_text("set aside (nothing deleted)")
            expect(said).to_have_count(1)  # said once, in plain words
            expect(said).to_be_visible()
            expect(page.get_by_text(str(tmp_path))).to_have_count(0)  # never the server's paths
            page.get_by_role("button", name="STAY").click()
            expect(page.get_by_text("You chose STAY")).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
            assert_no_exception(page)
            screenshot(page, "quiz-corrupt-desktop")
        finally:
            page.close()
    assert any(path.name.startswith("progress.sqlite3.corrupt-") for path in tmp_path.iterdir())


def test_on_a_phone_the_line_the_answer_and_the_feedback_fit_one_screen(browser: Browser, tmp_path: Path) -> None:
    with serve("quiz-phone", {"FLIP7ODDS_DB": str(tmp_path / "progress.sqlite3")}) as url:
        page = open_quiz(browser, url, "phone")
        try:
            line = page.locator(".st-key-quiz_card h3").first
            for what, locator in (("the line", line), ("HIT", page.get_by_role("button", name="HIT")),
                                  ("STAY", page.get_by_role("button", name="STAY"))):
                assert_in_view(page, locator, what)
            screenshot(page, "quiz-question-phone")
            page.get_by_role("button", name="HIT").click()
            expect(page.get_by_text("You chose HIT")).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
            for what, locator in (("the line", line), ("the choice", page.get_by_text("You chose HIT")),
                                  ("the grade", page.get_by_text("Grade:")),
                                  ("Next situation", page.get_by_role("button", name="Next situation")),
                                  ("EV lost", page.get_by_text("EV lost", exact=True))):
                assert_in_view(page, locator, what)
            screenshot(page, "quiz-feedback-phone")
            scroll_main(page, 500)
            page.get_by_role("button", name="Next situation").click()
            expect(page.get_by_role("button", name="HIT")).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
            page.wait_for_timeout(300)
            assert main_scroll_top(page) == 0, "a new situation starts at the top of the page"
            assert_in_view(page, page.get_by_role("button", name="HIT"), "HIT after Next")
            assert_no_exception(page)
        finally:
            page.close()

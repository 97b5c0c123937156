"""The teaching demos in a real Chromium at projector size (1920x1080), in presentation mode, from their links."""

from urllib.parse import urlencode

import pytest
from browser_helpers import assert_no_exception, open_page, screenshot
from playwright.sync_api import Browser, expect

from flip7odds.teaching import numbers_only_pile

pytestmark = pytest.mark.browser

PROJECTOR = (1920, 1080)
# Each demo as a teacher would prepare it: link parameters, the heading, how many charts.
DEMOS: dict[str, tuple[dict[str, str], str, int]] = {
    "strategy": ({"pile": numbers_only_pile(), "sum": "15-30", "bust": "15-45", "bust_step": "1"},
                 "Why “stay at 23” is almost, but not quite, optimal", 2),
    "simulate": ({"line": "12 11 9", "question": "bust_next", "n": "5000", "seed": "7"},
                 "Exact next to simulated", 1),
    "trees": ({"line": "12 11 9", "cards": "2"}, "Probability trees: the next cards", 1),
    "urn": ({"line": "12 11 9", "draws": "3"}, "The urn: why a card draw is a counting problem", 1),
}


@pytest.mark.parametrize("demo", DEMOS)
def test_demo_on_a_projector(browser: Browser, app_url: str, demo: str) -> None:
    params, heading, charts = DEMOS[demo]
    # Open the app once first: on a server whose very first request is a deep link, Streamlit runs
    # pages/<demo>.py directly (legacy pages/ folder) instead of app.py's navigation (flip7odds_ui.shell.start_page handles it; opening / first keeps this test independent of it).
    open_page(browser, app_url, *PROJECTOR).close()
    page = open_page(browser, f"{app_url}/{demo}?{urlencode(params | {'present': '1'})}", *PROJECTOR)
    try:
        expect(page.get_by_role("heading", name=heading)).to_be_visible()
        expect(page.get_by_test_id("stSidebarNav").get_by_text("Strategy explorer")).to_be_visible()
        expect(page.locator(".js-plotly-plot")).to_have_count(charts)
        assert_no_exception(page)
        # Presentation mode: the page's base type is larger than Streamlit's 16 px.
        assert page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)") >= 20
        page.wait_for_timeout(500)  # let plotly finish drawing before the picture
        screenshot(page, f"teach-{demo}-projector")
        # The whole demo, for review: the same width, as tall as the page.
        height = page.evaluate("document.querySelector('[data-testid=\"stMain\"]').scrollHeight")
        page.set_viewport_size({"width": PROJECTOR[0], "height": max(PROJECTOR[1], int(height))})
        page.wait_for_timeout(800)
        screenshot(page, f"teach-{demo}-projector-full")
    finally:
        page.close()

"""Every page in Spanish on a 390x844 phone: nothing overflows the screen, no label is cut, a screenshot of each.

The screenshots (artifacts/screenshots/es-phone-<page>.png) are for review by eye: collisions inside a
chart are checked in `tests/test_teaching_charts.py` (title and legend in the figure's own corners).
"""

import pytest
from browser_helpers import assert_no_exception, open_page, screenshot
from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

PHONE = (390, 844)
PAGES = ("", "live", "quiz", "strategy", "simulate", "trees", "urn", "models")

CUT_TEXT = """() => [...document.querySelectorAll(
    '[data-testid="stMetricLabel"] p, [data-testid="stMetricValue"] div, [data-testid="stHeading"] h1, '
    + '[data-testid="stPageLink"] p, button p')]
  .filter(node => node.offsetParent !== null && node.scrollWidth > node.clientWidth + 1)
  .map(node => node.innerText)"""
"""Text that does not fit its box (shown with an ellipsis or clipped)."""
OVERFLOW = """() => { const main = document.querySelector('[data-testid="stMain"]');
                     return main.scrollWidth - main.clientWidth; }"""
"""How much wider than the screen the page's main area is (0: nothing to scroll sideways)."""


@pytest.mark.parametrize("name", PAGES, ids=lambda name: name or "home")
def test_every_page_fits_a_spanish_phone(browser: Browser, app_url: str, name: str) -> None:
    open_page(browser, app_url, *PHONE).close()  # the app first: a deep link on a fresh server runs through it
    page = open_page(browser, f"{app_url}/{name}?lang=es", *PHONE)
    try:
        assert_no_exception(page)
        page.wait_for_timeout(800)  # plotly draws after the script run
        overflow = page.evaluate(OVERFLOW)
        assert overflow <= 1, f"the page is {overflow} px wider than the phone"
        assert page.evaluate(CUT_TEXT) == []
        height = page.evaluate("document.querySelector('[data-testid=\"stMain\"]').scrollHeight")
        page.set_viewport_size({"width": PHONE[0], "height": max(PHONE[1], int(height))})
        page.wait_for_timeout(500)
        screenshot(page, f"es-phone-{name or 'home'}")
    finally:
        page.close()

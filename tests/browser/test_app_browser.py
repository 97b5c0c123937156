"""The app in a real Chromium: the home page renders cleanly on a desktop and on a phone."""

import pytest
from browser_helpers import VIEWPORTS, assert_no_exception, open_page, screenshot
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("device", VIEWPORTS)
def test_home_page(browser: Browser, app_url: str, device: str) -> None:
    page = open_page(browser, app_url, *VIEWPORTS[device])
    try:
        expect(page.get_by_role("heading", name="flip7odds")).to_be_visible()
        assert_no_exception(page)
        screenshot(page, f"home-{device}")
    finally:
        page.close()

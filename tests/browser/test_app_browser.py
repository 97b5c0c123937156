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


def test_the_front_door_keeps_the_language_and_the_rules(browser: Browser, app_url: str) -> None:
    page = open_page(browser, f"{app_url}/?lang=es&rules=poker", *VIEWPORTS["phone"])
    try:
        for label in ("En la mesa: probabilidades en vivo", "Practica: ¿pedir o plantarse?",
                      "Enseña: probabilidad con cartas"):
            expect(page.get_by_test_id("stPageLink").get_by_text(label)).to_be_visible()
        page.get_by_test_id("stPageLink").get_by_text("Practica: ¿pedir o plantarse?").click()
        page.wait_for_url("**/quiz?**")
        assert "lang=es" in page.url and "rules=poker" in page.url
        expect(page.get_by_role("heading").first).to_be_visible()
        assert_no_exception(page)
    finally:
        page.close()

"""The poker variant in a real Chromium: chosen in the sidebar on the Live odds page, shown as playing cards."""

import pytest
from browser_helpers import VIEWPORTS, app_page, assert_no_exception, screenshot_whole, settle, tap_card
from playwright.sync_api import Browser, expect

from flip7odds.analysis import analyze
from flip7odds.rules import POKER
from flip7odds.situation import Situation

pytestmark = pytest.mark.browser


def test_choosing_poker_in_the_sidebar_deals_a_poker_table(browser: Browser, app_url: str) -> None:
    with app_page(browser, app_url, "live?rules=classic", *VIEWPORTS["desktop"]) as page:
        tap_card(page, "12", "line=12&")
        variant = page.get_by_test_id("stSidebar").get_by_test_id("stSelectbox").filter(has_text="Rules")
        variant.click()
        page.get_by_role("option", name="Two poker decks").click()
        settle(page, "rules=poker")
        assert_no_exception(page)
        expect(page.get_by_text("Pile 57 · Discards 0 · On the table 0")).to_be_visible()  # a new poker game
        expect(page.locator(".st-key-card-13").get_by_role("button")).to_contain_text("K")
        expect(page.locator(".st-key-card-freeze").get_by_role("button")).to_contain_text("A (Freeze)")

        tap_card(page, "13", "line=13&")
        tap_card(page, "9", "line=13.9&")
        tap_card(page, "Kd", "line=13.9.Kd&")
        analysis = analyze(Situation.from_text(POKER, "K 9 Kd"))
        expect(page.locator(".f7-call")).to_have_text(analysis.decision.value.upper())
        expect(page.locator(".f7-banner")).to_contain_text(f"Stay {analysis.stay_score}")
        expect(page.get_by_text("K♦ (×2)").first).to_be_visible()
        assert_no_exception(page)
        screenshot_whole(page, "live-poker-desktop")


def test_a_certified_poker_answer_on_a_spanish_phone_says_one_plus_minus(browser: Browser, app_url: str) -> None:
    """A lone K on a fresh poker deck is answered within certified bounds: the bar's "±h" is the one written beside
    the hit value below it (midpoint ± half the width, rounded outward), the joker reads "Comodín", and the bar
    stands at the top of the phone's screen."""
    with app_page(browser, app_url, "live?rules=poker&line=13&lang=es", *VIEWPORTS["phone"]) as page:
        banner = page.locator(".f7-banner")
        expect(banner).to_contain_text("(cotas garantizadas)")
        hit = page.locator(".f7-number", has_text="Pedir y jugar lo mejor").locator(".f7-value").inner_text()
        mid, half = hit.split(" ± ")
        expect(banner).to_contain_text(f"Pedir ≈ {mid} ·")
        expect(banner).to_contain_text(f"Con un margen de ±{half} puntos (cotas garantizadas)")
        expect(page.get_by_text("Cotas garantizadas: cada valor exacto está dentro del ±")).to_be_visible()
        expect(page.locator(".st-key-card-0").get_by_role("button")).to_contain_text("Comodín")
        settle(page, "line=13")  # the bar's place once the run has finished (mid-run, elements above may still show)
        box = banner.bounding_box()
        assert box is not None and 0 <= box["y"] <= 200 and box["x"] + box["width"] <= VIEWPORTS["phone"][0]
        assert_no_exception(page)
        screenshot_whole(page, "live-poker-certified-es-phone")


@pytest.mark.parametrize(("language", "name", "other"), [("en", "Five numbers", "Flip 7"),
                                                          ("es", "Cinco números", "Flip 7")])
def test_the_poker_live_page_names_the_five_numbers_as_a_poker_player_does(browser: Browser, app_url: str,
                                                                           language: str, name: str, other: str) -> None:
    """In the poker adaptation five different numbers end the round (+20): its chance was labelled "Flip 7", the
    model's name; the classic page keeps "Flip 7"."""
    with app_page(browser, app_url, f"live?rules=poker&line=13.9.5&lang={language}", *VIEWPORTS["phone"]) as page:
        labels = page.locator(".f7-number .f7-label")
        expect(labels.filter(has_text=name)).to_have_count(1)
        expect(labels.filter(has_text=other)).to_have_count(0)
        assert_no_exception(page)
        screenshot_whole(page, f"live-poker-five-numbers-{language}")
    with app_page(browser, app_url, f"live?rules=classic&line=12.9.5&lang={language}", *VIEWPORTS["phone"]) as page:
        expect(page.locator(".f7-number .f7-label").filter(has_text=other)).to_have_count(1)

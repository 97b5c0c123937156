"""With a Vengeance in a real Chromium: chosen in the sidebar on the Live odds page, other players' lines entered,
and a late-deck table with its exact decision, on a desktop and a 390 px phone (screenshots live-vengeance-*)."""

import re
from urllib.parse import urlencode

import pytest
from browser_helpers import VIEWPORTS, app_page, assert_no_exception, screenshot_whole, settle, tap_card
from playwright.sync_api import Browser, expect
from test_live_browser import open_live

from flip7odds.cards import parse_cards
from flip7odds.counts import CardCounts
from flip7odds.links import write_cards
from flip7odds.rules import VENGEANCE
from flip7odds.vengeance import VengeanceSituation, analyze_vengeance

pytestmark = pytest.mark.browser

PILE, LINE, HANDS = "12*3 11*2 9 5 3 -4 steal", "10 7", ("6 2", "")


def late_deck_query() -> tuple[str, VengeanceSituation]:
    """A late-deck table's link (every other card in the discard pile) and its situation, built independently."""
    line = parse_cards(LINE, VENGEANCE)
    hands = [parse_cards(hand, VENGEANCE) for hand in HANDS]
    held = CardCounts.from_cards((*line, *(card for hand in hands for card in hand)))
    discards = tuple(VENGEANCE.deck - CardCounts.from_cards(parse_cards(PILE, VENGEANCE)) - held)
    query = urlencode({"rules": "vengeance", "line": write_cards(line), "others": "2",
                       "hands": "~".join(write_cards(hand) or "_" for hand in hands), "discards": write_cards(discards)})
    situation = VengeanceSituation.build(VENGEANCE, line, others=hands, pile=parse_cards(PILE, VENGEANCE),
                                         discards=discards)
    return query, situation


def test_choosing_vengeance_in_the_sidebar_and_entering_another_players_line(browser: Browser, app_url: str) -> None:
    with app_page(browser, app_url, "live?rules=classic", *VIEWPORTS["desktop"]) as page:
        tap_card(page, "12", "line=12&")
        variant = page.get_by_test_id("stSidebar").get_by_test_id("stSelectbox").filter(has_text="Rules")
        variant.click()
        page.get_by_role("option", name="With a Vengeance", exact=True).click()
        settle(page, "rules=vengeance")
        assert_no_exception(page)
        expect(page.get_by_text("Pile 108 · Discards 0 · On the table 0")).to_be_visible()
        assert "line=" not in page.url  # the classic table's cards do not follow into the Vengeance game
        expect(page.locator(".st-key-card-steal").get_by_role("button")).to_contain_text("Steal")
        expect(page.get_by_text("Other players", exact=True)).to_be_visible()
        expect(page.get_by_text("Busted players")).to_have_count(0)  # they count only in Brutal mode

        tap_card(page, "12", "line=12&")
        tap_card(page, "5", "line=12.5&")
        page.locator(".st-key-vlive_target").get_by_text("Player 2").click()
        expect(page.get_by_role("radio", name="Player 2")).to_be_checked()
        tap_card(page, "9", "hands=9&")
        expect(page.get_by_text("15 of the 105 cards left would bust you.")).to_be_visible()
        # Early in the deck the bar still calls it, within certified bounds, and stays in view.
        expect(page.locator(".f7-banner .f7-call")).to_have_text(re.compile("^(HIT|STAY)$"))
        expect(page.locator(".f7-banner")).to_contain_text(re.compile(r"\(certified bounds\)|Too close to call at ±"))
        assert_no_exception(page)
        screenshot_whole(page, "live-vengeance-desktop-fresh")


@pytest.mark.parametrize("device", VIEWPORTS)
def test_a_late_deck_vengeance_table_shows_the_exact_decision(browser: Browser, app_url: str, device: str) -> None:
    query, situation = late_deck_query()
    analysis = analyze_vengeance(situation)
    page = open_live(browser, app_url, device, query)
    try:
        assert_no_exception(page)
        expect(page.locator(".f7-call")).to_have_text(analysis.decision.value.upper())
        expect(page.locator(".f7-banner")).to_contain_text(f"Stay {analysis.stay_score}")
        expect(page.get_by_text("Pile 10 · Discards 94 · On the table 4")).to_be_visible()
        expect(page.get_by_text("the other players' future draws", exact=False)).to_be_visible()
        assert not page.locator(".js-plotly-plot").count()  # the charts are built only when asked for
        page.get_by_text("Show the charts").click()
        expect(page.locator(".js-plotly-plot .main-svg").first).to_be_visible(timeout=30_000)
        page.wait_for_timeout(1000)  # let both charts draw before the screenshot
        screenshot_whole(page, f"live-vengeance-{device}")
    finally:
        page.close()


def test_the_vengeance_urn_reads_a_demo_link_s_line(browser: Browser, app_url: str) -> None:
    """A demo's link writes its line with dots (``line=12.11.9``, as the classic urn and the trees read it); the urn
    under Venganza said "Carta desconocida '12.11.9'" instead of its urn. It reads the line as the classic one does."""
    with app_page(browser, app_url, "urn?rules=vengeance&line=12.11.9&lang=es", *VIEWPORTS["phone"]) as page:
        expect(page.get_by_text("El mazo es una urna de").first).to_be_visible()
        expect(page.get_by_text("copias de los números de tu línea (12 11 9)")).to_be_visible()
        screenshot_whole(page, "es-phone-urn-vengeance")
        assert page.get_by_test_id("stAlert").count() == 0
        assert_no_exception(page)

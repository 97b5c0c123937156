"""With a Vengeance's own demos (the late-deck strategy explorer, the simulated games) in a real Chromium: on a
projector in presentation mode, as the other demos are, and on a 390 px phone (screenshots vengeance-demo-*)."""

from urllib.parse import urlencode

import pytest
from browser_helpers import (
    app_page,
    assert_no_exception,
    chart_text_collisions,
    cut_text,
    screenshot,
    screenshot_whole,
    tables_off_screen,
)
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser

PROJECTOR, PHONE = (1920, 1080), (390, 844)
DEMOS: dict[str, tuple[dict[str, str], str, int]] = {
    "strategy": ({}, "Explorador de estrategias", 1),  # the first preset: a pile, two other lines, seven of yours
    "simulate": ({"players": "4", "policy": "sum:25", "games": "40", "seed": "7"}, "Partidas simuladas: Venganza", 0),
}
"""Each demo's link (in Spanish, With a Vengeance), its heading and how many charts it draws."""
SHOWN = "node => node.closest('.js-plotly-plot').offsetParent !== null"
"""A chart's part on the screen (presentation mode sends a projector's and a phone's drawing of each chart)."""


@pytest.mark.parametrize("demo", DEMOS)
def test_a_vengeance_demo_on_a_projector_is_in_the_projector_s_type(browser: Browser, app_url: str, demo: str) -> None:
    """The Vengeance explorer and simulation had no *Presentation mode* switch: a projector link (``present=1``) showed
    them in the laptop's 16 px type, tables and chart included, and their address dropped ``present=1``."""
    params, heading, charts = DEMOS[demo]
    query = urlencode(params | {"rules": "vengeance", "lang": "es", "present": "1"})
    with app_page(browser, app_url, f"{demo}?{query}", *PROJECTOR) as page:
        expect(page.get_by_role("heading", name=heading)).to_be_visible()
        expect(page.locator(".js-plotly-plot:visible")).to_have_count(charts)
        expect(page.locator('[data-testid="stTable"]').first).to_be_visible()
        assert_no_exception(page)
        page.wait_for_function("parseFloat(getComputedStyle(document.documentElement).fontSize) >= 28")
        paragraphs = page.evaluate("""[...document.querySelectorAll('[data-testid="stMain"] p')]
                                      .filter(node => node.offsetParent !== null && node.innerText.trim())
                                      .map(node => [parseFloat(getComputedStyle(node).fontSize), node.innerText])""")
        small = [text for size, text in paragraphs if size < 28]
        assert paragraphs and not small, small  # the text, the captions, the labels, the tables' cells
        boxes = page.evaluate("""[...document.querySelectorAll('[data-testid="stMain"] :is(input, textarea)')]
                                 .filter(node => node.offsetParent !== null)
                                 .map(node => parseFloat(getComputedStyle(node).fontSize))""")
        assert boxes and min(boxes) >= 28, boxes  # what is typed or chosen, as large as its label (it was 24.5 px)
        ticks = page.evaluate(f"""[...document.querySelectorAll('.js-plotly-plot .xtick text, .js-plotly-plot .ytick text')]
                                  .filter({SHOWN}).map(node => parseFloat(node.style.fontSize))""")
        assert len(ticks) >= 2 * charts and min(ticks, default=28) >= 28, ticks
        assert "present=1" in page.url  # the address (and so the page's link) keeps the mode
        rows = page.evaluate("""[...document.querySelectorAll('[data-testid="stMain"] textarea')]
                                .map(node => node.clientHeight / parseFloat(getComputedStyle(node).lineHeight))""")
        assert all(shown >= 5 for shown in rows), rows  # the explorer's lines: it showed two and a half at 28 px
        page.get_by_test_id("stExpandSidebarButton").click()
        expect(page.get_by_test_id("stSidebar").get_by_role("switch", name="Modo presentación")).to_be_checked()
        page.get_by_test_id("stSidebarCollapseButton").click()
        page.wait_for_timeout(800)  # let the chart redraw at the canvas's width
        assert chart_text_collisions(page) == []
        assert tables_off_screen(page) == []
        assert cut_text(page) == []
        screenshot_whole(page, f"vengeance-demo-{demo}-projector")


LINE_HEIGHTS = """() => [...document.querySelectorAll('.st-key-vstrat_table tbody th p')]
  .map(node => [node.innerText, node.getBoundingClientRect().height / parseFloat(getComputedStyle(node).lineHeight)])"""
"""Each line of the explorer's table, and how many lines of type it takes."""


def test_the_vengeance_explorer_on_a_phone_keeps_each_line_whole(browser: Browser, app_url: str) -> None:
    """On a 390 px phone the lines' table reads like the lines typed: each on one row (``12 11 10 /2``, not a card a
    row), ``12*1 11*1`` as typed (a table's cell is Markdown: it was ``12`` *``1 11``* ``1``), and the chart's words
    clear of each other (its score axis's title ran into the chart's title)."""
    params = {"rules": "vengeance", "lang": "es", "pile": "12*3 11*2 10*2 4 -4 steal", "hands": "6 2~_",
              "lines": "12*1 11*1~12 11 10 /2~6 5 3"}
    with app_page(browser, app_url, f"strategy?{urlencode(params)}", *PHONE, touch=True) as page:
        expect(page.locator(".js-plotly-plot")).to_have_count(1)
        # the table's rows too: CI once read them before they showed, with the chart already drawn
        expect(page.locator(".st-key-vstrat_table tbody th p")).to_have_count(3)
        assert_no_exception(page)
        lines = page.evaluate(LINE_HEIGHTS)
        assert [line for line, _ in lines] == ["12*1 11*1", "12 11 10 /2", "6 5 3"], lines
        assert all(rows < 1.5 for _, rows in lines), lines
        page.wait_for_timeout(800)  # let plotly finish drawing
        assert chart_text_collisions(page) == []
        screenshot_whole(page, "vengeance-demo-strategy-phone")


def test_the_vengeance_games_on_a_phone_name_each_seat(browser: Browser, app_url: str) -> None:
    """The wins' table shows each seat's number beside its policy and its wins (a static table dropped the seats,
    numbers, as an index it took for a row count); in Spanish the -15 a Flip 7 gives away is "regalados", as the
    modifiers are ("dados", next to a number, read as dice)."""
    params = {"rules": "vengeance", "lang": "es", "players": "3", "policy": "sum:25,bust:0.3", "games": "20",
              "seed": "7"}
    with app_page(browser, app_url, f"simulate?{urlencode(params)}", *PHONE, touch=True) as page:
        wins = page.locator('[data-testid="stTable"]').first
        expect(wins).to_contain_text("Asiento")
        seats = wins.locator("tbody th")
        expect(seats).to_have_text(["1", "2", "3"])
        expect(wins.locator("tbody tr").nth(1)).to_contain_text("bust:0.3")
        events = page.locator('[data-testid="stTable"]').last
        expect(events).to_contain_text("modificadores regalados")
        expect(events).to_contain_text("-15 regalados por un Flip 7")
        assert_no_exception(page)
        assert tables_off_screen(page) == []
        screenshot(page, "vengeance-demo-simulate-phone")

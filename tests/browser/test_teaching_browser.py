"""The teaching demos in a real Chromium at projector size (1920x1080), in presentation mode, from their links."""

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

PROJECTOR = (1920, 1080)
# Each demo as a teacher would prepare it: link parameters, the heading, how many charts, the situation shown.
DEMOS: dict[str, tuple[dict[str, str], str, int, str]] = {
    "strategy": ({"sum": "15-30", "bust": "15-45", "bust_step": "1"},  # it opens on the 79 number cards
                 "Why “stay at 23” is almost, but not quite, optimal", 2,
                 "Your line: no card yet · number cards only, 79 cards"),
    "simulate": ({"line": "12 11 9", "question": "bust_next", "n": "5000", "seed": "7"},
                 "Exact next to simulated", 1, "Your line: 9 11 12 · fresh deck, 91 cards"),
    "trees": ({"line": "12.11.9", "cards": "2"}, "Probability trees: the next cards", 1,  # a live link's separator
              "Your line: 9 11 12 · fresh deck, 91 cards"),
    "urn": ({"line": "12 11 9", "draws": "3"}, "The urn: why a card draw is a counting problem", 1,
            "Your line: 9 11 12 · fresh deck, 91 cards"),
}


@pytest.mark.parametrize("demo", DEMOS)
def test_demo_on_a_projector(browser: Browser, app_url: str, demo: str) -> None:
    params, heading, charts, situation = DEMOS[demo]
    with app_page(browser, app_url, f"{demo}?{urlencode(params | {'present': '1'})}", *PROJECTOR) as page:
        expect(page.get_by_role("heading", name=heading)).to_be_visible()
        # A projector link opens with the sidebar folded away, and the situation is written on the canvas.
        main = page.get_by_test_id("stMain").bounding_box()
        assert main is not None and main["x"] < 10, f"the sidebar is open: the canvas starts at x={main}"
        expect(page.get_by_test_id("stMain").get_by_text(situation)).to_be_visible()
        expect(page.locator(".js-plotly-plot")).to_have_count(charts, timeout=30_000)  # a busy machine draws late
        assert_no_exception(page)
        # Presentation mode: text for the back row, at least 28 px: the page, its tables and the charts.
        root_size = "parseFloat(getComputedStyle(document.documentElement).fontSize)"
        # The style comes with the run's elements: a busy machine may still be sending them (fails after 30 s).
        page.wait_for_function(f"{root_size} >= 28", timeout=30_000)
        assert page.evaluate(root_size) >= 28
        chart_sizes = page.evaluate("""[...document.querySelectorAll('.js-plotly-plot .xtick text, '
                                    + '.js-plotly-plot .ytick text, .js-plotly-plot .slicetext')]
                                    .map(node => parseFloat(node.style.fontSize || getComputedStyle(node).fontSize))""")
        assert chart_sizes and min(chart_sizes) >= 28, chart_sizes
        cells = page.evaluate("""[...document.querySelectorAll('[data-testid="stTable"] td')]
                                 .map(node => parseFloat(getComputedStyle(node).fontSize))""")
        assert min(cells, default=28) >= 28, cells
        paragraphs = page.evaluate("""[...document.querySelectorAll('[data-testid="stMain"] p')]
                                      .filter(node => node.offsetParent !== null && node.innerText.trim())
                                      .map(node => [parseFloat(getComputedStyle(node).fontSize), node.innerText])""")
        small = [text for size, text in paragraphs if size < 28]
        assert paragraphs and not small, small  # the text, the captions, the metrics' and the widgets' labels
        values = page.evaluate("""[...document.querySelectorAll('[data-testid="stMetricValue"], '
                                  + '[data-testid="stMetricValue"] p')]
                                  .map(node => parseFloat(getComputedStyle(node).fontSize))""")
        assert min(values, default=56) >= 56, values  # a metric's value stands out: twice the text
        page.wait_for_timeout(500)  # let plotly finish drawing before the pictures and the checks
        screenshot(page, f"teach-{demo}-projector")  # looked at: nothing cut, the tree labelled where it fits
        screenshot_whole(page, f"teach-{demo}-projector-full")  # the whole demo, for review
        # Nothing cut or overlapping: the charts' words, the tables' columns, the labels.
        assert chart_text_collisions(page) == []
        assert tables_off_screen(page) == []
        assert cut_text(page) == []


def test_the_strategy_demo_in_spanish_on_a_projector_cuts_no_word(browser: Browser, app_url: str) -> None:
    """The Spanish names of the rules are longer: the metrics' labels and notes wrap instead of ending in "…"."""
    with app_page(browser, app_url, "strategy?present=1&lang=es", *PROJECTOR) as page:
        expect(page.get_by_text("Mejor regla: plantarse con P(eliminado) ≥ θ")).to_be_visible()
        page.wait_for_function("parseFloat(getComputedStyle(document.documentElement).fontSize) >= 28", timeout=30_000)
        page.wait_for_timeout(500)
        assert_no_exception(page)
        screenshot(page, "teach-strategy-projector-es")
        assert cut_text(page) == []

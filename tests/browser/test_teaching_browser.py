"""The teaching demos in a real Chromium at projector size (1920x1080), in presentation mode, from their links."""

import contextlib
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
from playwright.sync_api import TimeoutError as PlaywrightTimeout

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


SHOWN = "node => node.closest('.js-plotly-plot').offsetParent !== null"
"""A chart's part on the screen: presentation mode sends each chart twice, a projector's and a phone's, and the page's
style hides the other screen's (`flip7odds_ui.teaching.show_figure`)."""


@pytest.mark.parametrize("demo", DEMOS)
def test_demo_on_a_projector(browser: Browser, app_url: str, demo: str) -> None:
    params, heading, charts, situation = DEMOS[demo]
    with app_page(browser, app_url, f"{demo}?{urlencode(params | {'present': '1'})}", *PROJECTOR) as page:
        expect(page.get_by_role("heading", name=heading)).to_be_visible()
        # A projector link opens with the sidebar folded away, and the situation is written on the canvas.
        main = page.get_by_test_id("stMain").bounding_box()
        assert main is not None and main["x"] < 10, f"the sidebar is open: the canvas starts at x={main}"
        expect(page.get_by_test_id("stMain").get_by_text(situation)).to_be_visible()
        expect(page.locator(".js-plotly-plot:visible")).to_have_count(charts, timeout=30_000)  # a busy machine draws late
        assert_no_exception(page)
        # Presentation mode: text for the back row, at least 28 px: the page, its tables and the charts.
        root_size = "parseFloat(getComputedStyle(document.documentElement).fontSize)"
        # The style comes with the run's elements: a busy machine may still be sending them (fails after 30 s).
        page.wait_for_function(f"{root_size} >= 28", timeout=30_000)
        assert page.evaluate(root_size) >= 28
        chart_sizes = page.evaluate(f"""[...document.querySelectorAll('.js-plotly-plot .xtick text, '
                                    + '.js-plotly-plot .ytick text, .js-plotly-plot .slicetext')].filter({SHOWN})
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
        scales = page.evaluate(f"""[...document.querySelectorAll('.js-plotly-plot .colorbar')].filter({SHOWN})
                                  .map(bar => [...bar.querySelectorAll('text:not([class])')]
                                                 .filter(node => node.getBoundingClientRect().width > 0)
                                                 .map(node => node.textContent))""")
        # plotly hides (display: none) a tick label that would pass the figure's edge: the scale must end labelled
        assert all(scale[-1] == "100%" for scale in scales), f"a colour scale's end is not labelled: {scales}"


METRIC_PLACES = """() => [...document.querySelectorAll('[data-testid="stMetric"]')].map(metric => [
  metric.querySelector('[data-testid="stMetricLabel"]').getBoundingClientRect().height,
  metric.querySelector('[data-testid="stMetricValue"]').getBoundingClientRect().top])"""
"""Each metric's label height and its value's top, in page order."""


@pytest.mark.parametrize(("query", "size"), [("present=1&", PROJECTOR), ("", (1280, 900))], ids=["projector", "laptop"])
def test_the_strategy_demo_in_spanish_cuts_no_word_and_lines_up_its_values(browser: Browser, app_url: str, query: str,
                                                                         size: tuple[int, int]) -> None:
    """The Spanish names of the rules are longer: the metrics' labels and notes wrap instead of ending in "…", and a
    label on two lines (three at 1280) set its value 30 px (15) lower than the optimum's beside it."""
    with app_page(browser, app_url, f"strategy?{query}lang=es", *size) as page:
        expect(page.get_by_text("Mejor regla: plantarse con P(eliminado) ≥ θ")).to_be_visible()
        if query:
            page.wait_for_function("parseFloat(getComputedStyle(document.documentElement).fontSize) >= 28",
                                   timeout=30_000)
        # The heading comes before the metrics: a busy machine may still be sending the fourth (fails after 30 s).
        expect(page.get_by_test_id("stMetric")).to_have_count(4, timeout=30_000)
        page.wait_for_timeout(500)
        assert_no_exception(page)
        screenshot(page, f"teach-strategy-{'projector' if query else 'laptop'}-es")
        assert cut_text(page) == []
        places = page.evaluate(METRIC_PLACES)
        assert len(places) == 4 and max(height for height, _ in places) > min(height for height, _ in places) + 10
        tops = [top for _, top in places]
        assert max(tops) - min(tops) <= 2, f"the metrics' values stand at {tops}"


LAPTOP = (1280, 800)


@pytest.mark.parametrize(("language", "button"), [("en", "New seed"), ("es", "Semilla nueva")])
def test_the_simulation_demo_on_a_laptop_projector_shows_its_button_whole(browser: Browser, app_url: str,
                                                                         language: str, button: str) -> None:
    """In presentation mode at 1280 px (a laptop driving a projector) the seed button is as wide as its words: in a
    fifth of the row its label was cut to "Ne…"; it sits on the row of the rounds and the seed, inside the screen."""
    params = {"line": "12 11 9", "question": "bust_next", "n": "2000", "seed": "7", "present": "1", "lang": language}
    with app_page(browser, app_url, f"simulate?{urlencode(params)}", *LAPTOP) as page:
        page.wait_for_function("parseFloat(getComputedStyle(document.documentElement).fontSize) >= 28", timeout=30_000)
        seed_button = page.get_by_role("button", name=button, exact=True)
        expect(seed_button).to_be_visible()
        label = seed_button.locator("p")
        assert label.evaluate("node => node.scrollWidth <= node.clientWidth + 1"), "the button's words are cut"
        assert label.inner_text() == button
        box, seed = seed_button.bounding_box(), page.get_by_test_id("stNumberInput").nth(1).bounding_box()
        assert box is not None and seed is not None
        assert box["x"] >= seed["x"] + seed["width"] and box["x"] + box["width"] <= LAPTOP[0]  # right of the seed
        assert abs((box["y"] + box["height"]) - (seed["y"] + seed["height"])) <= 4  # on the inputs' line
        assert_no_exception(page)
        screenshot(page, f"teach-simulate-laptop-{language}")
        assert cut_text(page) == []


def test_the_tree_on_a_projector_has_its_key_under_it(browser: Browser, app_url: str) -> None:
    """The icicle's colours are explained by a key drawn with the chart (its legend), under the boxes, in the room's
    type size, with one entry per colour the boxes use; a line above says how to read the tree."""
    params = {"line": "12.11.9", "cards": "2", "present": "1", "lang": "es"}
    with app_page(browser, app_url, f"trees?{urlencode(params)}", *PROJECTOR) as page:
        expect(page.get_by_text("Cómo leerlo:")).to_be_visible()
        entries = page.locator(".js-plotly-plot:visible .legend .traces")
        expect(entries.first).to_be_visible(timeout=30_000)
        names = [entries.nth(i).locator('.legendtext').text_content() for i in range(entries.count())]
        assert names[:2] == ["número nuevo", "eliminado"] and "Congelar" in names, names
        boxes_bottom = page.evaluate(f"""Math.max(...[...document.querySelectorAll('.js-plotly-plot .slice path')]
                                        .filter({SHOWN}).map(node => node.getBoundingClientRect().bottom))""")
        legend = page.locator(".js-plotly-plot:visible .legend").first.bounding_box()
        assert legend is not None
        assert legend["y"] >= boxes_bottom - 1, (legend, boxes_bottom)  # under the boxes, not over them
        sizes = page.evaluate(f"""[...document.querySelectorAll('.js-plotly-plot .legendtext')].filter({SHOWN})
                                 .map(node => parseFloat(node.style.fontSize || getComputedStyle(node).fontSize))""")
        assert sizes and min(sizes) >= 28, sizes
        assert chart_text_collisions(page) == []
        screenshot_whole(page, "teach-trees-projector-es-key")


def test_the_tree_s_chances_on_a_laptop_in_spanish_stay_on_one_line(browser: Browser, app_url: str) -> None:
    """Outside presentation mode at 1280 px the three chances sit beside the tree, each value on one line: in three
    equal columns "55,91 %" was wider than its third and broke before the "%"."""
    params = {"line": "12.11.9", "cards": "2", "lang": "es"}
    with app_page(browser, app_url, f"trees?{urlencode(params)}", *LAPTOP) as page:
        values = page.get_by_test_id("stMetricValue")
        expect(values.nth(2)).to_be_visible()
        texts = [values.nth(i).inner_text() for i in range(3)]
        assert texts == ["55,91\xa0%", "0,00\xa0%", "44,09\xa0%"], texts
        lines = values.evaluate_all("""nodes => nodes.map(node => { const size = parseFloat(getComputedStyle(node).fontSize);
                                       return Math.round(node.getBoundingClientRect().height / (1.6 * size)); })""")
        assert lines == [1, 1, 1], lines
        screenshot(page, "teach-trees-laptop-es")
        assert cut_text(page) == []
        assert_no_exception(page)


def test_the_tree_s_choices_on_a_laptop_in_spanish_start_level(browser: Browser, app_url: str) -> None:
    """The choices of cards (and of branches) wrap onto two lines beside a one-line group (how many cards): Streamlit
    centred each group in its box, so the one-line group's choices stood 9 px below the others' first ones."""
    params = {"line": "12.11.9", "cards": "2", "lang": "es"}
    with app_page(browser, app_url, f"trees?{urlencode(params)}", *LAPTOP) as page:
        expect(page.get_by_text("Si sigo pidiendo")).to_be_visible()
        # The demos' style (its RADIO_ROWS rule) comes in an element of its own: measure once it applies to all
        # three groups (a busy machine drew the choices before it, and may still be sending the third group)
        expect(page.locator('[data-testid="stMain"] [role="radiogroup"]')).to_have_count(3, timeout=30_000)
        page.wait_for_function("""() => [...document.querySelectorAll('[data-testid="stMain"] [role="radiogroup"]')]
          .every(group => getComputedStyle(group).alignItems === 'flex-start')""", timeout=30_000)
        page.wait_for_timeout(300)
        assert_no_exception(page)
        groups = page.evaluate("""() => [...document.querySelectorAll('[data-testid="stMain"] [role="radiogroup"]')]
          .map(group => [...group.querySelectorAll('label')].map(label => label.getBoundingClientRect().top))""")
        assert len(groups) == 3 and len(set(groups[0])) == 2, groups  # the cards' choices on two lines
        firsts = [min(tops) for tops in groups]
        assert max(firsts) - min(firsts) <= 2, f"the groups' first choices stand at {firsts}"


@pytest.mark.parametrize("language", ["en", "es"])
def test_on_a_projector_the_seed_s_help_stands_beside_its_label_as_large_as_its_words(browser: Browser, app_url: str,
                                                                                       language: str) -> None:
    """The seed's (?) help was 16 px, about half its label's 28 px words, at the far end of the label's row (some 900 px
    right of "Seed" on a 1920 px projector): it now follows the word, about as tall as its letters."""
    params = {"line": "12 11 9", "question": "bust_next", "n": "2000", "seed": "7", "present": "1", "lang": language}
    with app_page(browser, app_url, f"simulate?{urlencode(params)}", *PROJECTOR) as page:
        page.wait_for_function("parseFloat(getComputedStyle(document.documentElement).fontSize) >= 28", timeout=30_000)
        label = page.get_by_test_id("stNumberInput").nth(1).get_by_test_id("stWidgetLabel")
        icon = label.get_by_test_id("stTooltipIcon").locator("svg")
        expect(icon).to_be_visible()
        words, help_icon = label.locator("p").bounding_box(), icon.bounding_box()
        assert words is not None and help_icon is not None
        assert 0 <= help_icon["x"] - (words["x"] + words["width"]) <= 20, (words, help_icon)
        assert help_icon["height"] >= 20, help_icon
        assert abs((help_icon["y"] + help_icon["height"] / 2) - (words["y"] + words["height"] / 2)) <= 6
        assert_no_exception(page)
        screenshot(page, f"teach-simulate-seed-help-{language}")


PROSE_WIDTHS = """() => [...document.querySelectorAll('[data-testid="stMain"] [data-testid="stMarkdown"] :is(p, li)')]
  .filter(node => node.offsetParent !== null).map(node => Math.round(node.getBoundingClientRect().width))"""
"""The width of every paragraph and list item of the models page's document."""


@pytest.mark.parametrize("language", ["en", "es"])
def test_on_a_projector_the_models_prose_lines_are_short_enough_to_read(browser: Browser, app_url: str,
                                                                        language: str) -> None:
    """On a 1920 px projector the models' paragraphs ran about 1300 px (some 180 characters a line); each paragraph
    and list item is now at most about 80 characters wide (70ch: 620 px of 16 px type), tables keep the page's width."""
    with app_page(browser, app_url, f"models?doc=model&lang={language}", *PROJECTOR) as page:
        expect(page.locator('[data-testid="stMarkdown"] h1').first).to_be_visible()
        with contextlib.suppress(PlaywrightTimeout):  # the style may land a moment after the words on a fresh server
            page.wait_for_function(f"() => Math.max(...({PROSE_WIDTHS})()) <= 700", timeout=10_000)
        widths = page.evaluate(PROSE_WIDTHS)
        assert len(widths) > 10 and max(widths) <= 700, widths
        tables = page.evaluate("""() => [...document.querySelectorAll('[data-testid="stMarkdown"] table')]
                                  .map(node => Math.round(node.getBoundingClientRect().width))""")
        assert tables and max(tables) > 700, tables  # a table is not squeezed into the prose's measure
        assert_no_exception(page)
        screenshot(page, f"models-projector-{language}")


def test_on_a_projector_the_urn_s_scale_ends_labelled(browser: Browser, app_url: str) -> None:
    """The urn's scale ended at 75%: "100%", centred on the axis's end in the projector's type, would have passed the
    figure's edge, and plotly drops such a tick label. The figure keeps room for it."""
    params = {"line": "12 11 9", "draws": "3", "present": "1"}
    with app_page(browser, app_url, f"urn?{urlencode(params)}", *PROJECTOR) as page:
        expect(page.locator(".js-plotly-plot:visible")).to_have_count(1, timeout=30_000)
        page.wait_for_timeout(500)
        ticks = page.evaluate(f"""[...document.querySelectorAll('.js-plotly-plot .xtick text')].filter({SHOWN})
                                  .filter(node => node.getBoundingClientRect().width > 0).map(node => node.textContent)""")
        assert ticks[-1] == "100%", ticks
        assert chart_text_collisions(page) == []

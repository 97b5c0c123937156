"""Every page in Spanish on a 390x844 phone: nothing wider than the screen, no label cut, no chart's words over each
other or over its edge, every table inside the screen (a wide one scrolls in its frame), and a screenshot of each.

The screenshots (artifacts/screenshots/es-phone-<page>.png) are for review by eye. The Live odds page is shown with
its charts (they are built on request), the quiz after a few answers with its progress charts.
"""

import contextlib
from collections.abc import Callable

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
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytestmark = pytest.mark.browser

PHONE = (390, 844)
ANSWER_TIMEOUT_MS = 60_000
OVERFLOW = """() => { const main = document.querySelector('[data-testid="stMain"]');
                     return main.scrollWidth - main.clientWidth; }"""
"""How much wider than the screen the page's main area is (0: nothing to scroll sideways)."""


def show_live_charts(page: Page) -> None:
    """A table mid-round, with the charts asked for."""
    page.get_by_text("Ver los gráficos").click()
    expect(page.locator(".js-plotly-plot .main-svg").first).to_be_visible(timeout=ANSWER_TIMEOUT_MS)


def answer_quiz(page: Page) -> None:
    """Three answers, then the progress charts opened."""
    for _ in range(3):
        page.get_by_role("button", name="PIDE CARTA").click(timeout=ANSWER_TIMEOUT_MS)
        expect(page.get_by_role("button", name="Siguiente situación")).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
        page.get_by_role("button", name="Siguiente situación").click()
    expect(page.get_by_role("button", name="PIDE CARTA")).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
    page.get_by_text("Gráficos y resultados por categoría").click()
    expect(page.locator(".js-plotly-plot .main-svg").first).to_be_visible(timeout=ANSWER_TIMEOUT_MS)


PAGES: dict[str, tuple[str, Callable[[Page], None] | None]] = {
    "home": ("", None),
    "live": ("live?line=12.7&seen=5.flip3.flip3.flip3", show_live_charts),
    "quiz": ("quiz", answer_quiz),
    "strategy": ("strategy", None),
    "simulate": ("simulate", None),
    "trees": ("trees?line=12.11.9&cards=2", None),
    "urn": ("urn?line=12.11.9&draws=3", None),
    "models": ("models", None),
}
"""Each page as the phone test opens it (its link in Spanish, then what a player does first)."""


@pytest.mark.parametrize("name", PAGES)
def test_every_page_fits_a_spanish_phone(browser: Browser, app_url: str, name: str) -> None:
    path, then = PAGES[name]
    with app_page(browser, app_url, path + ("&" if "?" in path else "?") + "lang=es", *PHONE) as page:
        assert_no_exception(page)
        if then is not None:
            then(page)
        page.wait_for_timeout(800)  # plotly draws after the script run
        screenshot_whole(page, f"es-phone-{name}")  # first: a failure below leaves its picture
        overflow = page.evaluate(OVERFLOW)
        assert overflow <= 1, f"the page is {overflow} px wider than the phone"
        assert cut_text(page) == []
        assert tables_off_screen(page) == []
        assert chart_text_collisions(page) == []
        assert_no_exception(page)


SMALL_CONTROLS = """() => [...document.querySelectorAll(
    '[data-testid="stMain"] button, [data-testid="stMain"] summary, [data-testid="stMain"] [data-testid="stCheckbox"] label, '
    + '[data-testid="stMain"] [data-testid="stNumberInput"] input, [data-testid="stExpandSidebarButton"]')]
  .filter(node => node.offsetParent !== null && !node.closest('.js-plotly-plot, [data-testid="stHeadingActionElements"]'))
  .filter(node => !(node.getAttribute('aria-label') || '').startsWith('Help for'))  // Streamlit's (?) hover help
  .map(node => [node.innerText.trim().slice(0, 40) || node.getAttribute('aria-label') || node.tagName,
                Math.round(node.getBoundingClientRect().height)])
  .filter(([, height]) => height < 44)"""
"""Every control a thumb uses on the main screen (buttons, the segmented switches, the steppers, the sections'
headers, the switches with their labels, the menu's button, the select boxes, the tables' tool bars) that is under 44 px
tall. Streamlit's small (?) help icons are left out: their tip opens on a tap too (Streamlit 1.67, checked by hand in a
touch context), and what players need is also written on the page or opens on a tap (the live numbers)."""


@pytest.mark.parametrize("path", ["live?line=12.7&seen=5.flip3.flip3.flip3", "quiz", "simulate",
                                  "trees?line=12.11.9&cards=2", "strategy?rules=vengeance"])
def test_every_control_on_a_spanish_phone_is_a_thumb_high(browser: Browser, app_url: str, path: str) -> None:
    """On a touch phone: the simulation's question (a select box) and New seed were 38 and 40 px, a table's tool bar's
    buttons 24 px. Measured once the run has finished and the app's style is in force (the menu's button 44 px: on a
    loaded machine the Vengeance strategy was once measured before, every control at Streamlit's own size)."""
    with app_page(browser, app_url, path + ("&" if "?" in path else "?") + "lang=es", *PHONE, touch=True) as page:
        # a control drawn (the trees' choices: its table on a phone is a static one, without a tool bar's buttons)
        expect(page.locator('[data-testid="stMain"] :is(button, [role="radiogroup"]):visible').first
               ).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
        page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')
        page.wait_for_selector('[data-testid="stStatusWidget"]', state="hidden")
        page.wait_for_function("""() => (document.querySelector('[data-testid="stExpandSidebarButton"]')
                                         ?.getBoundingClientRect().height ?? 0) >= 44""")
        page.wait_for_timeout(500)
        assert_no_exception(page)
        assert page.evaluate(SMALL_CONTROLS) == []


SIDEBAR_CONTROLS = """() => [...document.querySelectorAll(
    '[data-testid="stSidebar"] :is(a, button, [data-testid="stCheckbox"] label, [data-testid="stSelectbox"] [role="group"]), '
    + '[data-testid="stTextInputRootElement"]')]
  .filter(node => node.offsetParent !== null && !node.closest('[data-testid="stSelectbox"] [role="group"] button'))
  .map(node => [node.innerText.trim().replace(/\\s+/g, ' ').slice(0, 40) || node.getAttribute('aria-label') || node.tagName,
                Math.round(node.getBoundingClientRect().height)])
  .filter(([, height]) => height < 44)"""
"""Every control a thumb uses in the sidebar (the pages' links, its close button, the select boxes, the switches with
their labels) and every text box, in the sidebar or on the page, that is under 44 px tall."""


@pytest.mark.parametrize("path", ["simulate?", "strategy?rules=vengeance&"])
def test_the_menu_and_the_text_boxes_on_a_spanish_phone_are_a_thumb_high(browser: Browser, app_url: str,
                                                                         path: str) -> None:
    """The menu is a phone's way from page to page: its pages' links were 28 px tall, its close button 28, the language,
    the rules and the pile 40, the switches 21 to 24, a line's or a pile's text box 40 (the sidebar's style was written
    for select boxes Streamlit 1.67 no longer draws)."""
    with app_page(browser, app_url, f"{path}lang=es", *PHONE, touch=True) as page:
        # measured once the app's style is in force (on a loaded machine the page may be drawn before it)
        page.wait_for_function("""() => (document.querySelector('[data-testid="stExpandSidebarButton"]')
                                         ?.getBoundingClientRect().height ?? 0) >= 44""")
        page.get_by_test_id("stExpandSidebarButton").click()
        expect(page.get_by_test_id("stSidebar").get_by_role("link", name="Los modelos")).to_be_in_viewport()
        page.wait_for_timeout(500)  # the sidebar slides open
        assert_no_exception(page)
        assert page.evaluate(SIDEBAR_CONTROLS) == []
        screenshot(page, f"es-phone-menu-{path.split('?')[0]}")


TOOLBARS_OVER = """() => [...document.querySelectorAll('[data-testid="stMain"] [data-testid="stElementToolbar"]')]
  .filter(bar => bar.offsetParent !== null && getComputedStyle(bar).opacity !== '0')
  .map(bar => { const own = bar.closest('[data-testid="stElementContainer"]');
                let above = own.previousElementSibling; while (above && !above.offsetHeight) above = above.previousElementSibling;
                return [bar.getBoundingClientRect().top, above ? above.getBoundingClientRect().bottom : -Infinity,
                        above ? above.innerText.slice(0, 40) : '']; })
  .filter(([top, bottom]) => top < bottom - 1)
  .map(([, , text]) => text)"""
"""What a table's tool bar (search, full screen), shown all the time on a touch screen, is drawn over."""
TOOLBARS_IN = """() => [...document.querySelectorAll('[data-testid="stMain"] [data-testid="stDataFrame"]')]
  .map(table => [table.querySelector('[data-testid="stElementToolbar"]'), table])
  .filter(([bar]) => bar && bar.offsetParent !== null && getComputedStyle(bar).opacity !== '0')
  .map(([bar, table]) => Math.round(bar.getBoundingClientRect().bottom - table.getBoundingClientRect().top))
  .filter(depth => depth > 1)"""
"""How far into its table (over its header) each table's tool bar reaches, where it does."""


@pytest.mark.parametrize("path", ["trees?line=12.11.9&cards=2", "simulate?rules=vengeance", "strategy?rules=vengeance"])
def test_on_a_spanish_touch_phone_no_table_tool_bar_covers_what_is_above_or_its_header(browser: Browser, app_url: str,
                                                                                        path: str) -> None:
    """A table's tool bar, 64 px tall with its 44 px buttons, stood 44 px above the table: 20 px of it over the
    header (in the Vengeance explorer, "Plantarse ahora" half hidden). It stands on the table's top edge, in room of its
    own."""
    with app_page(browser, app_url, f"{path}&lang=es", *PHONE, touch=True) as page:
        # the demos' tables are static ones (`flip7odds_ui.teaching.show_rows`), without a tool bar; an interactive
        # table anywhere must keep its bar off what is above it and off its header
        expect(page.locator('[data-testid="stDataFrame"]:visible, [data-testid="stTable"]:visible').first
               ).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
        page.wait_for_timeout(500)
        assert_no_exception(page)
        assert page.evaluate(TOOLBARS_OVER) == []
        assert page.evaluate(TOOLBARS_IN) == []


PLAYER_LINES = """() => [...document.querySelectorAll('[data-testid="stMarkdownContainer"] table')].flatMap(table =>
  [...table.querySelectorAll('td:first-child')].map(cell => { const text = document.createRange();
    text.selectNodeContents(cell);
    return [cell.innerText, new Set([...text.getClientRects()].map(box => Math.round(box.top))).size]; }))"""
"""Each player's name in the quiz's tables, with how many lines it takes."""
TABLES_SCROLL = """() => [...document.querySelectorAll('[data-testid="stMarkdownContainer"]:has(> table)')]
  .map(box => box.scrollWidth - box.clientWidth)"""
"""How much wider than its box each static table is (0: it fits, nothing to scroll sideways)."""


def test_on_a_spanish_phone_the_quiz_table_writes_each_player_on_one_line(browser: Browser, app_url: str) -> None:
    """"Jugador 2" took two lines in its column, and the table was 8 px wider than its box; each name now has one
    line, the table fits, and a question dealt after an answer (other cards, other players) too."""
    with app_page(browser, app_url, "quiz?lang=es", *PHONE) as page:
        for _ in range(2):
            expect(page.get_by_role("button", name="PIDE CARTA")).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
            page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')
            page.wait_for_timeout(300)
            names = page.evaluate(PLAYER_LINES)
            assert ["Tú", 1] in names and any(name.startswith("Jugador ") for name, _ in names), names
            assert all(lines == 1 for _, lines in names), names
            assert all(extra <= 1 for extra in page.evaluate(TABLES_SCROLL))
            assert_no_exception(page)
            screenshot(page, "es-phone-quiz-table")
            page.get_by_role("button", name="PIDE CARTA").click()
            page.get_by_role("button", name="Siguiente situación").click(timeout=ANSWER_TIMEOUT_MS)


def test_on_a_spanish_phone_the_seed_s_label_is_level_with_the_rounds(browser: Browser, app_url: str) -> None:
    """The seed's label has a (?) help; the phone's 44 px rule for a number input's buttons made that one 44 px tall
    too, and "Semilla" stood 10 px higher than "Rondas a simular" beside it."""
    with app_page(browser, app_url, "simulate?lang=es", *PHONE) as page:
        labels = [page.get_by_test_id("stWidgetLabel").filter(has_text=name).locator("p")
                  for name in ("Rondas a simular", "Semilla")]
        expect(labels[1]).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
        page.wait_for_timeout(300)
        assert_no_exception(page)
        (rounds, seed) = (label.bounding_box() for label in labels)
        assert rounds is not None and seed is not None
        assert seed["x"] > rounds["x"] + rounds["width"], "the two inputs are side by side"
        assert abs(seed["y"] - rounds["y"]) <= 2, f"Semilla at y={seed['y']:.0f}, Rondas a simular at {rounds['y']:.0f}"


STACKED_CHOICES = """() => [...document.querySelectorAll('[data-testid="stMain"] [role="radiogroup"]')].flatMap(group => {
  const boxes = [...group.querySelectorAll('label')].map(label => [label.getBoundingClientRect(),
    label.querySelector('[data-testid="stMarkdownContainer"]').getBoundingClientRect()]);
  return boxes.slice(1).filter(([option], i) => option.top >= boxes[i][0].bottom - 1)
    .map(([, words], i) => [Math.round(words.top - boxes[i][1].bottom), Math.round(boxes[i][0].height)]); })"""
"""For each choice (radio option) that stands under the one before it: the space between the two options' words, and
the upper option's height."""


def test_on_a_spanish_phone_stacked_choices_are_evenly_spaced(browser: Browser, app_url: str) -> None:
    """The models' documents are four choices, one of two lines: each was at least 44 px tall with a 16 px gap, its
    words at the top, so one-line options stood 38 px apart, words to words, and the two-line one 16 px above the
    next. Each is still a thumb high, and they now stand the same distance apart."""
    with app_page(browser, app_url, "models?lang=es", *PHONE) as page:
        expect(page.locator('[data-testid="stMain"] [role="radiogroup"]').first).to_be_visible()
        page.wait_for_timeout(300)
        stacked = page.evaluate(STACKED_CHOICES)
        assert len(stacked) >= 3, stacked
        spaces = [space for space, _ in stacked]
        assert max(spaces) - min(spaces) <= 2 and max(spaces) <= 24, stacked
        assert all(height >= 44 for _, height in stacked), stacked
        assert_no_exception(page)
        screenshot(page, "es-phone-models-choices")


FRONT_DOOR = """() => [...document.querySelectorAll('.st-key-front [data-testid="stPageLink"]')].map(link => {
  const label = link.querySelector('p'), style = getComputedStyle(label);
  return [label.innerText, parseFloat(style.lineHeight) / parseFloat(style.fontSize),
          Math.round(link.querySelector('a').getBoundingClientRect().height)]; })"""
"""Each of the home page's big links: its label, the label's line height in font sizes, the link's height."""


def test_on_a_spanish_phone_the_front_door_s_labels_keep_their_lines_together(browser: Browser, app_url: str) -> None:
    """Two of the three Spanish labels wrap on a phone: their lines stood a whole line apart (a line height of twice
    the font, Streamlit's one-line link height). They now read as one label, each link still a thumb high."""
    with app_page(browser, app_url, "?lang=es", *PHONE) as page:
        expect(page.locator('.st-key-front [data-testid="stPageLink"]')).to_have_count(3)
        # The page's style comes with the run's elements: a busy machine may draw the links before it
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function(f"() => ({FRONT_DOOR})().every(([, spacing]) => spacing <= 1.5)", timeout=10_000)
        links = page.evaluate(FRONT_DOOR)
        assert all(spacing <= 1.5 for _, spacing, _ in links), links
        assert all(height >= 44 for _, _, height in links), links
        assert_no_exception(page)
        screenshot(page, "es-phone-home-front-door")


def test_the_quiz_names_its_keys_only_where_there_is_a_keyboard(browser: Browser, app_url: str) -> None:
    """A touch phone has no H or S key to press: the quiz's line of keyboard shortcuts is hidden there, as the
    buttons' key hints are, and shown on a laptop."""
    for size, touch, shown in ((PHONE, True, False), ((1280, 800), False, True)):
        with app_page(browser, app_url, "quiz?lang=es", *size, touch=touch) as page:
            expect(page.get_by_role("button", name="PIDE CARTA")).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
            keys = page.get_by_text("Teclas: H pedir")
            expect(keys).to_have_count(1)
            if shown:
                expect(keys).to_be_visible()
            else:
                expect(keys).to_be_hidden()
            assert_no_exception(page)


TEXT_LINES = """(selector) => [...document.querySelectorAll(selector)].map(cell => {
  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT), tops = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const range = document.createRange(); range.selectNodeContents(node);
    for (const box of range.getClientRects()) if (box.width > 0) tops.add(Math.round(box.top));
  }
  return [cell.innerText.trim(), tops.size]; })"""
"""Each element's text (the elements ``selector`` finds) with how many lines its words take."""


@pytest.mark.parametrize("language", ["es", "en"])
def test_on_a_phone_the_strategy_table_s_headers_keep_p_flip_7_on_one_line(browser: Browser, app_url: str,
                                                                            language: str) -> None:
    """The rules' table's header "P(Flip 7)" broke after "P(Flip", "7)" alone under it, in both languages; it now
    takes one line, and the table still fits the phone."""
    with app_page(browser, app_url, f"strategy?lang={language}", *PHONE) as page:
        headers = page.locator(".st-key-rules_table th")
        expect(headers.first).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
        page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')
        page.wait_for_timeout(300)
        page.locator(".st-key-rules_table").scroll_into_view_if_needed()
        screenshot(page, f"{language}-phone-strategy-table-header")
        lines = dict(page.evaluate(TEXT_LINES, ".st-key-rules_table th"))
        flip7 = next(name for name in lines if name.startswith("P(Flip"))
        assert lines[flip7] == 1, lines
        assert tables_off_screen(page) == []
        assert page.evaluate(OVERFLOW) <= 1
        assert_no_exception(page)

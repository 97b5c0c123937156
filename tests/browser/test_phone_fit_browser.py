"""What a person needs on a 390x844 touch phone is on its screen, in Spanish (the longer language): the quiz's
predict-first feedback and its endgame's buttons, the tables' numbers, the live numbers with their unit; and the live
page and the quiz have a presentation mode as the demos do."""

import contextlib
import re

import pytest
from browser_helpers import (
    app_page,
    assert_in_view,
    assert_no_exception,
    chart_text_collisions,
    screenshot,
    screenshot_whole,
    scroll_main,
    tap_card,
)
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytestmark = pytest.mark.browser

PHONE = (390, 844)
ANSWER_TIMEOUT_MS = 60_000


def quiz_ready(page: Page) -> None:
    """Wait until the quiz's question is drawn with its answer buttons, the run finished."""
    expect(page.locator(".st-key-quiz_hit button")).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')


def test_on_a_spanish_phone_the_predict_first_feedback_fits_one_screen(browser: Browser, app_url: str) -> None:
    """Predict first: the estimate's feedback came under the grade, the reasons and the bust sentence, below the
    screen; it now stands in the estimate's place, with the line, the choice and Next on the same screen."""
    with app_page(browser, app_url, "quiz?lang=es", *PHONE, touch=True) as page:
        quiz_ready(page)
        page.get_by_text("Primero predice").click()  # under the question: the tap scrolled down to it
        slider = page.get_by_role("slider")
        expect(slider).to_be_visible()
        page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')
        scroll_main(page, -10_000)
        line = page.locator(".st-key-quiz_card h3").first
        for what, locator in (("the line", line), ("the estimate", slider),
                              ("PIDE CARTA", page.locator(".st-key-quiz_hit button")),
                              ("PLÁNTATE", page.locator(".st-key-quiz_stay button"))):
            assert_in_view(page, locator, what)
        page.locator(".st-key-quiz_stay button").click()
        estimate = page.get_by_text("Estimaste un 25")
        expect(estimate).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
        page.wait_for_timeout(300)
        screenshot(page, "es-phone-quiz-predict-feedback")
        for what, locator in (("the line", line), ("the estimate's feedback", estimate),
                              ("the choice", page.get_by_text("Elegiste PLÁNTATE")),
                              ("Next", page.get_by_role("button", name="Siguiente situación"))):
            assert_in_view(page, locator, what)
        assert_no_exception(page)


def test_on_a_spanish_phone_the_endgame_s_buttons_stand_side_by_side(browser: Browser, app_url: str) -> None:
    """Two columns stacked the endgame's PIDE CARTA over PLÁNTATE on a phone; they are side by side, as the quiz's."""
    with app_page(browser, app_url, "quiz?lang=es", *PHONE, touch=True) as page:
        quiz_ready(page)
        page.get_by_text("Final de partida: jugar para ganar").click()
        hit, stay = (page.locator(f".st-key-endgame_{action} button") for action in ("hit", "stay"))
        expect(stay).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
        stay.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        screenshot(page, "es-phone-quiz-endgame")
        (hit_box, stay_box) = (hit.bounding_box(), stay.bounding_box())
        assert hit_box is not None and stay_box is not None
        assert abs(hit_box["y"] - stay_box["y"]) <= 1 and stay_box["x"] >= hit_box["x"] + hit_box["width"], (
            hit_box, stay_box)
        assert_no_exception(page)


def test_on_a_spanish_phone_the_quiz_writes_the_pile_s_count_once(browser: Browser, app_url: str) -> None:
    """"Mazo 83" under the line, and a metric "Cartas en el mazo 83" under the table: the same number twice."""
    with app_page(browser, app_url, "quiz?lang=es", *PHONE, touch=True) as page:
        quiz_ready(page)
        expect(page.get_by_text("Mazo ", exact=False).first).to_be_visible()
        expect(page.get_by_test_id("stMetricLabel").filter(has_text="Cartas en el mazo")).to_have_count(0)
        assert_no_exception(page)


HEADER_RIGHT = """(name) => { const cells = [...document.querySelectorAll('[data-testid="stTable"] th')]
  .filter(cell => cell.offsetParent !== null && cell.innerText.trim() === name);
  return cells.map(cell => Math.round(cell.getBoundingClientRect().right)); }"""
"""Where each shown static table's column headed ``name`` ends (px from the screen's left)."""


@pytest.mark.parametrize(("path", "column"), [("trees?line=12.11.9&cards=2", "≈"),
                                              ("strategy", "% del óptimo")])
def test_on_a_spanish_phone_a_demo_table_s_numbers_are_on_the_screen(browser: Browser, app_url: str, path: str,
                                                                    column: str) -> None:
    """The interactive table's first column (a tree's path, a rule's name) took the phone's width and pushed the
    numbers past its edge; a phone shows a static table whose columns wrap, the rule's command-line name last."""
    with app_page(browser, app_url, f"{path}{'&' if '?' in path else '?'}lang=es", *PHONE, touch=True) as page:
        table = page.locator('[data-testid="stTable"]').filter(has_text=column)
        expect(table).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
        expect(page.locator('[data-testid="stDataFrame"]')).to_have_count(0)
        table.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        screenshot(page, f"es-phone-table-{path.split('?')[0]}")
        (right,) = page.evaluate(HEADER_RIGHT, column)
        assert right <= PHONE[0], f"the column {column} ends at {right} px, the screen at {PHONE[0]}"
        assert_no_exception(page)


SHOWN_HEADERS = """() => [...document.querySelectorAll('[data-testid="stTable"] thead th')]
  .filter(cell => cell.offsetParent !== null).map(cell => [cell.innerText.trim(), cell.getBoundingClientRect().right])"""
"""Each shown static table's header: its words and where its column ends (px from the screen's left)."""


@pytest.mark.parametrize(("lang", "command_line"), [("en", "Command line"), ("es", "Línea de órdenes")])
def test_on_a_phone_the_strategy_table_fits_the_screen(browser: Browser, app_url: str, lang: str,
                                                       command_line: str) -> None:
    """The rules' six columns took 479 px of a 390 px phone's 358 in Spanish: P(Flip 7), the command-line names and
    part of P(eliminado) needed a sideways scroll. A phone hides the command-line names (for typing a rule on a
    computer; the rule's name says it in words) and the Spanish headers are shorter: every number is on the screen."""
    with app_page(browser, app_url, f"strategy?lang={lang}", *PHONE, touch=True) as page:
        table = page.locator('[data-testid="stTable"]')
        expect(table).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
        table.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        screenshot(page, f"{lang}-phone-strategy-table")
        headers = dict(page.evaluate(SHOWN_HEADERS))
        assert command_line not in headers, headers
        # "P(Flip 7)" with a no-break space: it stays on one line
        assert "P(Flip\N{NO-BREAK SPACE}7)" in headers and max(headers.values()) <= PHONE[0] - 15, headers
        assert_no_exception(page)
    with app_page(browser, app_url, f"strategy?lang={lang}", *PROJECTOR) as page:  # a wide screen keeps them
        expect(page.locator('[data-testid="stTable"]')).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
        assert command_line in dict(page.evaluate(SHOWN_HEADERS))


FRAME_RIGHT = """() => Math.round(document.querySelector('.st-key-rows').getBoundingClientRect().right)"""
"""Where the frame a long demo table scrolls in ends (px from the screen's left)."""


@pytest.mark.parametrize(("size", "path"), [((1920, 1080), "trees?cards=3&lang=es"),
                                            ((1280, 900), "trees?line=12.11.9&cards=2&lang=es"),
                                            ((1440, 900), "trees?cards=2&branches=card&rules=poker&lang=es")],
                         ids=["1920", "1280", "1440-poker"])
def test_on_a_wide_screen_the_spanish_tree_s_table_fits_its_frame(browser: Browser, app_url: str,
                                                                  size: tuple[int, int], path: str) -> None:
    """The interactive table beside the Spanish tree sized its path column to the longest path and cut its last
    column ("Ronda") on a 1920 px screen; the static table, the phone's, wraps its words and fits, on every screen,
    sent once. Where the side column would be too narrow for it (1280 px, the sidebar open) it goes under the tree."""
    with app_page(browser, app_url, path, *size) as page:
        table = page.locator('[data-testid="stTable"]')
        expect(table).to_have_count(1, timeout=ANSWER_TIMEOUT_MS)
        expect(page.locator('[data-testid="stDataFrame"]')).to_have_count(0)
        page.wait_for_timeout(300)
        screenshot(page, f"es-{size[0]}-trees-table")
        (right,) = page.evaluate(HEADER_RIGHT, "Ronda")
        frame = page.evaluate(FRAME_RIGHT)
        assert right <= frame, f"the column Ronda ends at {right} px, its frame at {frame}"
        assert_no_exception(page)


UNITS = """() => [...document.querySelectorAll('.f7-number')].map(number => {
  const value = number.querySelector('.f7-value'), unit = number.querySelector('.f7-unit');
  return [number.querySelector('.f7-label').innerText, unit ? unit.innerText : '',
          unit ? Math.abs(unit.getBoundingClientRect().bottom - value.getBoundingClientRect().bottom) : 0]; })"""
"""Each live number's label, its unit's word, and how far the unit's foot is from its value's (0: on its line)."""


def test_on_a_spanish_phone_the_live_scores_say_their_unit(browser: Browser, app_url: str) -> None:
    """The live numbers read "19", "21,02", "22,15" under their labels: a score now says "puntos" beside it."""
    with app_page(browser, app_url, "live?line=12.7&seen=5.flip3.flip3.flip3&lang=es", *PHONE, touch=True) as page:
        expect(page.locator(".f7-number").first).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
        # The page's style comes with the run's elements: a busy machine may draw the numbers before it
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function(f"() => ({UNITS})().every(([, , gap]) => gap <= 6)", timeout=10_000)
        units = {label: (unit, gap) for label, unit, gap in page.evaluate(UNITS)}
        assert {label for label, (unit, _) in units.items() if unit == "puntos"} == {
            "Plantarse ahora", "Pedir una y plantarse", "Pedir y jugar lo mejor", "Mejor jugada"}, units
        assert all(gap <= 6 for _, gap in units.values()), units
        assert units["Flip 7"][0] == "" and units["Eliminación (al final)"][0] == "", units  # a percentage says its own
        assert_no_exception(page)


ROOT_FONT = "() => parseFloat(getComputedStyle(document.documentElement).fontSize)"
PROJECTOR = (1920, 1080)


@pytest.mark.parametrize("path", ["live?line=12.7&seen=5.flip3.flip3.flip3", "quiz"])
def test_the_live_page_and_the_quiz_have_a_presentation_mode(browser: Browser, app_url: str, path: str) -> None:
    """The demos had a presentation mode (the sidebar's switch, ``present=1``); the live odds and the quiz had none.
    A projector link opens them in its large type, and the address keeps it after a tap (a card, an answer)."""
    url = f"{path}{'&' if '?' in path else '?'}lang=es&present=1"
    with app_page(browser, app_url, url, *PROJECTOR) as page:
        page.wait_for_function(f"() => ({ROOT_FONT})() >= 28")
        if path == "quiz":
            quiz_ready(page)
            page.locator(".st-key-quiz_stay button").click()
            expect(page.get_by_role("button", name="Siguiente situación")).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
            expect(page).to_have_url(re.compile(r"profile=.*present=1|present=1.*profile="))
        else:
            tap_card(page, "9", "line=12.7.9")
            expect(page).to_have_url(re.compile("present=1"))
        page.wait_for_timeout(300)
        screenshot(page, f"es-projector-{path.split('?')[0]}")
        assert page.evaluate(ROOT_FONT) >= 28
        assert_no_exception(page)
    with app_page(browser, app_url, path, *PROJECTOR) as page:  # without the link's flag: the app's own type
        page.get_by_test_id("stExpandSidebarButton").or_(page.get_by_test_id("stSidebar")).first.wait_for()
        expect(page.get_by_test_id("stSidebar").get_by_text("Presentation mode")).to_have_count(1)
        assert page.evaluate(ROOT_FONT) < 28


FRONT_DOOR = """() => [...document.querySelectorAll('.st-key-front [data-testid="stPageLink"]')].map(link =>
  [link.querySelector('a').getAttribute('href'), parseFloat(getComputedStyle(link.querySelector('p')).fontSize)])"""
"""The home page's big links: each one's address and its label's size (px)."""


def test_a_projector_link_opens_the_home_page_in_the_projector_s_type(browser: Browser, app_url: str) -> None:
    """The home page had no presentation mode: ``present=1`` left it in its normal type on a projector. It opens in
    the projector's type, its big links' labels larger than its paragraphs, and the links keep the mode."""
    with app_page(browser, app_url, "?lang=es&present=1", *PROJECTOR) as page:
        expect(page.locator(".st-key-front")).to_be_visible()
        page.wait_for_function(f"() => ({ROOT_FONT})() >= 28")
        expect(page.locator(".st-key-front [data-testid='stPageLink']")).to_have_count(3, timeout=30_000)
        screenshot(page, "es-projector-home")
        links = page.evaluate(FRONT_DOOR)
        assert len(links) == 3 and all("present=1" in href and size >= 1.3 * 28 for href, size in links), links
        assert_no_exception(page)
    with app_page(browser, app_url, "?lang=es&present=1", *PHONE, touch=True) as page:  # a phone keeps its page
        expect(page.locator(".st-key-front")).to_be_visible()
        assert page.evaluate(ROOT_FONT) < 28


FORMULA_FONT = """() => parseFloat(getComputedStyle(document.querySelector('.katex-display > .katex')).fontSize)"""
"""The urn's formula's type size (px)."""


def test_on_a_projector_the_urn_s_formula_is_larger_than_its_text(browser: Browser, app_url: str) -> None:
    """In the projector's type the urn's formula was KaTeX's 1.21em of the text's 1rem: about the words around it, small
    under the headings. It is 1.5rem on a projector; a phone's and a desktop's keep KaTeX's size."""
    with app_page(browser, app_url, "urn?lang=es&draws=3&present=1", *PROJECTOR) as page:
        formula = page.locator(".katex-display").first
        expect(formula).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
        page.wait_for_function(f"() => ({ROOT_FONT})() >= 28")
        formula.scroll_into_view_if_needed()
        screenshot(page, "es-projector-urn-formula")
        assert page.evaluate(FORMULA_FONT) >= 1.5 * 28
        assert_no_exception(page)
    with app_page(browser, app_url, "urn?lang=es&draws=3&present=1", *PHONE, touch=True) as page:
        expect(page.locator(".katex-display").first).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
        assert page.evaluate(FORMULA_FONT) < 1.5 * 16


def test_a_projector_link_opened_on_a_phone_keeps_the_phone_s_page(browser: Browser, app_url: str) -> None:
    """A teacher's projector link (``present=1``) opened on a student's phone set the page in the projector's 28 px
    type in a column 3rem in from each edge: the answer bar's numbers were cut at its right. The projector's type is
    for screens wider than a phone; the phone keeps its own page, the switch still on."""
    with app_page(browser, app_url, "live?lang=es&line=12.7&present=1", *PHONE, touch=True) as page:
        banner = page.locator(".f7-banner")
        expect(banner).to_contain_text("Plantarse 19", timeout=ANSWER_TIMEOUT_MS)
        page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')
        page.wait_for_timeout(300)
        screenshot(page, "es-phone-live-projector-link")
        assert page.evaluate(ROOT_FONT) < 28
        box = banner.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE[0], box
        words = page.locator(".f7-banner").get_by_text("Eliminación ahora 17/92")
        assert_in_view(page, words, "the bar's bust count")
        words_box = words.bounding_box()
        assert words_box is not None and words_box["x"] + words_box["width"] <= PHONE[0], words_box
        expect(page).to_have_url(re.compile("present=1"))
        assert_no_exception(page)


SHOWN_CHART_TEXT = """() => [...document.querySelectorAll('.js-plotly-plot')].filter(plot => plot.offsetParent !== null)
  .flatMap(plot => [...plot.querySelectorAll('text')].filter(node => node.getBoundingClientRect().width > 0)
  .map(node => parseFloat(node.style.fontSize || getComputedStyle(node).fontSize)))"""
"""The font size of every word of the charts on the screen (a hidden drawing left out)."""
PROJECTOR_LINKS = {"trees": ("trees?line=12.11.9&cards=2", 1), "urn": ("urn?line=12.11.9&draws=3", 1),
                   "simulate": ("simulate?line=9.3&question=policy_score&policy=sum>=20&n=2000&seed=7", 2),
                   "strategy": ("strategy", 2)}
"""A demo's projector link (``present=1`` is added) and how many charts it shows."""


@pytest.mark.parametrize("demo", PROJECTOR_LINKS)
def test_a_demo_s_projector_link_opened_on_a_phone_draws_its_charts_for_the_phone(browser: Browser, app_url: str,
                                                                                   demo: str) -> None:
    """The server does not know the screen's width: a projector's link drew the charts in the projector's 30 px type on
    a student's phone too, the tree's key and the panels' titles cut at the screen's edge. A phone shows the charts
    drawn for it (14 px type, words wrapped for its width); a projector still shows its own (`test_teaching_browser`)."""
    path, charts = PROJECTOR_LINKS[demo]
    with app_page(browser, app_url, f"{path}{'&' if '?' in path else '?'}lang=es&present=1", *PHONE, touch=True) as page:
        expect(page.locator(".js-plotly-plot:visible")).to_have_count(charts, timeout=ANSWER_TIMEOUT_MS)
        page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')
        page.wait_for_timeout(500)  # let plotly finish drawing
        screenshot_whole(page, f"es-phone-{demo}-projector-link")
        sizes = page.evaluate(SHOWN_CHART_TEXT)
        assert sizes and max(sizes) < 20, sorted(set(sizes))
        assert chart_text_collisions(page) == []
        assert_no_exception(page)


@pytest.mark.parametrize("path", ["live?line=12.7", "live?rules=vengeance"])
def test_on_a_projector_the_live_page_s_count_of_players_shows_its_buttons(browser: Browser, app_url: str,
                                                                            path: str) -> None:
    """The count of other players is 170 px wide: in the projector's 28 px type its label broke in two ("Otros aún /
    activos") and its − and + were hidden (Streamlit hides them in a box under 7.5rem); it is as wide in that type."""
    with app_page(browser, app_url, f"{path}&lang=es&present=1", *PROJECTOR) as page:
        page.wait_for_function(f"() => ({ROOT_FONT})() >= 28")
        number = page.get_by_test_id("stNumberInput").first
        expect(number).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
        page.wait_for_timeout(300)
        screenshot(page, f"es-projector-{path.split('=')[-1]}-players")
        expect(number.get_by_test_id("stNumberInputStepUp")).to_be_visible()
        expect(number.get_by_test_id("stNumberInputStepDown")).to_be_visible()
        label = number.locator('[data-testid="stWidgetLabel"] p').first
        height = label.evaluate("node => node.getBoundingClientRect().height / parseFloat(getComputedStyle(node).fontSize)")
        assert height < 2, f"the label {label.inner_text()!r} is {height:.1f} of its type tall: on two lines"
        assert_no_exception(page)


def test_the_home_page_has_a_presentation_switch_and_the_next_page_keeps_it(browser: Browser, app_url: str) -> None:
    """The demos' sidebar has the *Presentation mode* switch; the home page had none (only a projector link,
    ``present=1``, set its type). Its switch now turns the projector's type on, the address and the front door's links
    say ``present=1``, and the page a link opens has its own switch on; turned off there, it is off back home."""
    with app_page(browser, app_url, "?lang=es", *PROJECTOR) as page:
        switch = page.get_by_test_id("stSidebar").get_by_role("switch", name="Modo presentación")
        expect(switch).to_have_count(1)
        expect(switch).not_to_be_checked()
        assert page.evaluate(ROOT_FONT) < 28
        page.get_by_test_id("stSidebar").get_by_text("Modo presentación").click()
        page.wait_for_function(f"() => ({ROOT_FONT})() >= 28")
        expect(page).to_have_url(re.compile("present=1"))
        expect(switch).to_be_checked()
        page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')
        links = page.evaluate(FRONT_DOOR)
        assert len(links) == 3 and all("present=1" in href for href, _ in links), links
        screenshot(page, "es-projector-home-switch")
        page.locator(".st-key-front [data-testid='stPageLink'] a").nth(2).click()  # the demos: the probability trees
        expect(page).to_have_url(re.compile(r"/trees\?.*present=1"))
        page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')
        expect(page.get_by_test_id("stSidebar").get_by_role("switch", name="Modo presentación")).to_be_checked()
        assert page.evaluate(ROOT_FONT) >= 28
        # Turned off there, the mode is off back home (the home's switch kept its own state: it came back on)
        page.get_by_test_id("stSidebar").get_by_role("switch", name="Modo presentación").evaluate("input => input.click()")
        page.wait_for_function(f"() => ({ROOT_FONT})() < 28")
        page.get_by_test_id("stSidebar").get_by_role("link", name="Inicio").evaluate("link => link.click()")
        expect(page.locator(".st-key-front")).to_be_visible()
        page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')
        expect(switch).not_to_be_checked()
        assert page.evaluate(ROOT_FONT) < 28
        assert "present=1" not in page.url
        assert_no_exception(page)


URN_SCIPY = """() => { const text = [...document.querySelectorAll('[data-testid="stMain"] p')]
    .find(node => node.innerText.startsWith('scipy.stats.hypergeom'));
  const code = text.querySelector('code'), gap = [...text.childNodes].at(-1), at = gap.textContent.search(/\\d\\S*e\\S\\d+/);
  const range = document.createRange(); range.setStart(gap, at); range.setEnd(gap, gap.textContent.length - 1);
  return [parseFloat(getComputedStyle(code).fontSize), parseFloat(getComputedStyle(text).fontSize),
          range.toString(), new Set([...range.getClientRects()].map(box => Math.round(box.top))).size]; }"""
"""The urn's scipy sentence: its code's type size and its words' (px), the gap at its end and how many lines it takes."""


def test_on_a_projector_the_urn_s_scipy_line_reads_as_its_text(browser: Browser, app_url: str) -> None:
    """In the projector's type the scipy call was Streamlit's 0.75em of its sentence (21 px of 28), the gap at the end
    broke after "1,1e-" with "16" alone on the next line, and the chart's standing title ran past its top and bottom.
    The call is 0.9em of its words, the gap one number on one line (a minus sign), the title in two lines."""
    with app_page(browser, app_url, "urn?lang=es&line=12.11.9&draws=3&present=1", *PROJECTOR) as page:
        expect(page.get_by_text("scipy.stats.hypergeom(M=91").first).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
        page.wait_for_function(f"() => ({ROOT_FONT})() >= 28")
        expect(page.locator(".js-plotly-plot .main-svg").first).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
        page.wait_for_timeout(800)  # plotly draws after the script run
        screenshot_whole(page, "es-projector-urn-scipy")
        code_size, text_size, gap, gap_lines = page.evaluate(URN_SCIPY)
        assert code_size >= 0.85 * text_size, (code_size, text_size)
        assert gap_lines == 1, gap
        assert chart_text_collisions(page) == []
        assert_no_exception(page)


SIDEBAR_CUT = """() => [...document.querySelectorAll('[data-testid="stSidebar"] *')]
  .filter(node => node.offsetParent !== null && getComputedStyle(node).textOverflow === 'ellipsis'
                  && node.scrollWidth > node.clientWidth + 1)
  .map(node => node.innerText)"""
"""The sidebar's words cut with an ellipsis (its pages' names)."""


@pytest.mark.parametrize("path", ["trees?line=12.11.9&cards=2", ""])
def test_on_a_projector_the_sidebar_opens_in_presentation_mode(browser: Browser, app_url: str, path: str) -> None:
    """A projector link (``present=1``) opens with the sidebar folded away, and the projector's style hid Streamlit's
    whole toolbar, where the button that opens the sidebar is: the switch and the demo's situation were out of reach
    (only editing the address left presentation mode). The button is there; it opens the sidebar with its switch on,
wide enough for the pages' names in the projector's type (12.5rem cut "Probabilidades en vivo" and four others)."""
    with app_page(browser, app_url, f"{path}{'&' if '?' in path else '?'}lang=es&present=1", *PROJECTOR) as page:
        page.wait_for_function(f"() => ({ROOT_FONT})() >= 28")
        opener = page.get_by_test_id("stExpandSidebarButton")
        expect(opener).to_be_visible()
        opener.click()
        switch = page.get_by_test_id("stSidebar").get_by_role("switch", name="Modo presentación")
        expect(switch).to_be_visible()
        expect(switch).to_be_checked()
        page.wait_for_timeout(300)
        screenshot(page, f"es-projector-sidebar-{path.split('?')[0] or 'home'}")
        assert page.evaluate(SIDEBAR_CUT) == []
        assert_no_exception(page)

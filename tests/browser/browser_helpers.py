"""Helpers for real-browser tests of the Streamlit app: open a page, tap, check it, take screenshots.

Every browser test opens its pages through `app_page` (or `open_page` for a server of its own) and takes
its pictures with `screenshot` or `screenshot_whole`; the checks that a screen fits (`chart_text_collisions`,
`tables_off_screen`, `cut_text`) are shared by the phone and projector tests.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Locator, Page

SCREENSHOT_DIR = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
RENDER_TIMEOUT_MS = 30_000

# Viewport (width, height) of each device the app must look right on.
VIEWPORTS: dict[str, tuple[int, int]] = {"desktop": (1280, 900), "phone": (390, 844)}


def open_page(browser: Browser, url: str, width: int, height: int, touch: bool = False) -> Page:
    """Open url in a fresh page of that viewport size (a phone's touch screen, without hover, when ``touch``) and wait
    until Streamlit has finished running; close it after."""
    page = browser.new_page(viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch)
    page.set_default_timeout(RENDER_TIMEOUT_MS)
    page.goto(url)
    page.wait_for_selector('[data-testid="stApp"]')
    # The app root reports "initial" until the first script run starts, then "running" until it ends.
    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')
    page.wait_for_selector('[data-testid="stStatusWidget"]', state="hidden")
    return page


@contextmanager
def app_page(browser: Browser, app_url: str, path: str, width: int, height: int, touch: bool = False) -> Iterator[Page]:
    """A page of the served app (``path``: ``live?line=12``) in a fresh browser page (a touch screen when ``touch``),
    closed after.

    The app's home is opened once first: on a server whose very first request is a deep link, Streamlit
    may run ``pages/<page>.py`` directly (legacy pages/ folder) instead of app.py's navigation
    (`flip7odds_ui.shell.start_page` handles it, and `test_a_link_opened_first_runs_in_the_app` checks it;
    opening the home first keeps every other test independent of that).
    """
    open_page(browser, app_url, width, height, touch).close()
    page = open_page(browser, f"{app_url}/{path}", width, height, touch)
    try:
        yield page
    finally:
        page.close()


def settle(page: Page, url_has: str) -> None:
    """Wait until the page's address holds ``url_has`` (the run has started) and the run has finished."""
    page.wait_for_function(f"() => decodeURIComponent(location.search).includes({url_has!r})")
    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')
    page.wait_for_selector('[data-testid="stStatusWidget"]', state="hidden")


def tap_card(page: Page, card: str, url_after: str) -> None:
    """Tap a card of the picker and wait for the run it starts (the address then holds ``url_after``)."""
    page.locator(f".st-key-card-{card}").get_by_role("button").click()
    settle(page, url_after)


def assert_no_exception(page: Page) -> None:
    """Fail, showing their text, if the page displays any Streamlit exception box."""
    boxes = page.locator('[data-testid="stException"]')
    texts = [boxes.nth(i).inner_text() for i in range(boxes.count())]
    assert not texts, "the app shows an exception:\n" + "\n---\n".join(texts)


def assert_in_view(page: Page, locator: Locator, what: str) -> None:
    """Fail unless the element's whole box lies inside the viewport as the page is scrolled now."""
    box = locator.bounding_box()
    height = page.viewport_size["height"]  # type: ignore[index]
    assert box is not None, f"{what}: not drawn"
    assert box["y"] >= 0 and box["y"] + box["height"] <= height, f"{what}: at y={box['y']:.0f}-{box['y'] + box['height']:.0f}, the screen is 0-{height}"


def scroll_main(page: Page, pixels: int) -> None:
    """Scroll the app's main area (Streamlit scrolls an inner element, not the window) down by ``pixels``."""
    page.evaluate(f"() => document.querySelector('[data-testid=\"stMain\"]').scrollBy(0, {pixels})")
    page.wait_for_timeout(200)


def main_scroll_top(page: Page) -> int:
    """How far the app's main area is scrolled down, in pixels."""
    top: int = page.evaluate("() => Math.round(document.querySelector('[data-testid=\"stMain\"]').scrollTop)")
    return top


def screenshot(page: Page, name: str) -> Path:
    """Save a PNG of the screen as it is as artifacts/screenshots/<name>.png and return its path."""
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOT_DIR / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def screenshot_whole(page: Page, name: str) -> Path:
    """Screenshot the whole page: Streamlit scrolls an inner element, so the viewport grows to its height for the
    picture (the charts redraw at the same width), then shrinks back."""
    width, height = page.viewport_size["width"], page.viewport_size["height"]  # type: ignore[index]
    full = page.evaluate("() => document.querySelector('[data-testid=\"stMain\"]').scrollHeight")
    page.set_viewport_size({"width": width, "height": max(height, int(full))})
    page.wait_for_timeout(800)  # let the charts resize
    path = screenshot(page, name)
    page.set_viewport_size({"width": width, "height": height})
    return path


CHART_TEXT_COLLISIONS = """() => {
  const found = [];
  const box = (node) => node.getBoundingClientRect();
  const shown = [...document.querySelectorAll('.js-plotly-plot')].filter(plot => plot.offsetParent !== null);
  for (const [index, plot] of shown.entries()) {
    const frame = box(plot.querySelector('.main-svg'));
    const words = [...plot.querySelectorAll('text')].filter(node => node.closest('.cbtitle')
      || /^(gtitle|annotation-text|[xy]\\d*title|legendtext)$/.test(node.getAttribute('class') || ''));
    const items = [...words, ...plot.querySelectorAll('.cbfills')]
      .map(node => ({node, text: node.textContent || '(colour bar)', r: box(node)}))
      .filter(item => item.r.width > 0 && item.r.height > 0);
    for (const {text, r} of items) {
      if (r.left < frame.left - 1 || r.right > frame.right + 1 || r.top < frame.top - 1 || r.bottom > frame.bottom + 1)
        found.push(`chart ${index + 1}: "${text}" is cut by the chart's edge`);
    }
    for (let i = 0; i < items.length; i++) for (let j = i + 1; j < items.length; j++) {
      if (items[i].node.closest('.legend') && items[j].node.closest('.legend')) continue;
      const a = items[i].r, b = items[j].r;
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 1 && h > 1) found.push(`chart ${index + 1}: "${items[i].text}" overlaps "${items[j].text}"`);
    }
  }
  return found;
}"""
"""Every shown chart's words (title, panel titles, labels, axis titles, legend, colour bar) that run over the chart's
edge or over each other; tick numbers are left to plotly, which spaces them itself. A chart the page's style hides
(presentation mode sends a phone's and a projector's drawing) is not on the screen."""


def chart_text_collisions(page: Page) -> list[str]:
    """What `CHART_TEXT_COLLISIONS` finds on the page (nothing, when every chart's words are clear)."""
    found: list[str] = page.evaluate(CHART_TEXT_COLLISIONS)
    return found


TABLES_OFF_SCREEN = """() => [...document.querySelectorAll(
    '[data-testid="stDataFrame"], [data-testid="stTable"], [data-testid="stMarkdownContainer"] table')]
  .filter(node => node.offsetParent !== null)
  .filter(node => { const r = node.getBoundingClientRect();
                    return r.left < -1 || r.right > document.documentElement.clientWidth + 1; })
  .map(node => node.innerText.slice(0, 60))"""
"""Tables that reach past the screen's edge: a wide table must scroll inside its frame instead (the interactive
one does; a static one wraps its columns)."""


def tables_off_screen(page: Page) -> list[str]:
    """The first words of every table `TABLES_OFF_SCREEN` finds."""
    found: list[str] = page.evaluate(TABLES_OFF_SCREEN)
    return found


CUT_TEXT = """() => { const wider = (node) => { const range = document.createRange(); range.selectNodeContents(node);
    return Math.max(node.scrollWidth, range.getBoundingClientRect().width) > node.clientWidth + 1; };
  return [...document.querySelectorAll(
    '[data-testid="stMetricLabel"] p, [data-testid="stMetricLabel"] [data-testid="stMarkdownContainer"], '
    + '[data-testid="stMetricDelta"] [data-testid="stMarkdownContainer"], [data-testid="stMetricValue"] div, '
    + '[data-testid="stHeading"] h1, [data-testid="stPageLink"] p, [data-testid="stWidgetLabel"] p, button p')]
  .filter(node => node.offsetParent !== null && node.clientWidth > 0 && wider(node))
  .map(node => node.innerText); }"""
"""Labels that do not fit their box (shown with an ellipsis or clipped): a metric's label and its note (delta) are
measured on the box that cuts them (Streamlit's markdown box inside), by their laid-out text's width."""


def cut_text(page: Page) -> list[str]:
    """The labels `CUT_TEXT` finds cut."""
    found: list[str] = page.evaluate(CUT_TEXT)
    return found

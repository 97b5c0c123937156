"""Helpers for real-browser tests of the Streamlit app: open a page, check it, take screenshots."""

from pathlib import Path

from playwright.sync_api import Browser, Locator, Page

SCREENSHOT_DIR = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
RENDER_TIMEOUT_MS = 30_000

# Viewport (width, height) of each device the app must look right on.
VIEWPORTS: dict[str, tuple[int, int]] = {"desktop": (1280, 900), "phone": (390, 844)}


def open_page(browser: Browser, url: str, width: int, height: int) -> Page:
    """Open url in a fresh page of that viewport size and wait until Streamlit has finished running; close it after."""
    page = browser.new_page(viewport={"width": width, "height": height})
    page.set_default_timeout(RENDER_TIMEOUT_MS)
    page.goto(url)
    page.wait_for_selector('[data-testid="stApp"]')
    # The app root reports "initial" until the first script run starts, then "running" until it ends.
    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')
    page.wait_for_selector('[data-testid="stStatusWidget"]', state="hidden")
    return page


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
    """Save a full-page PNG as artifacts/screenshots/<name>.png and return its path."""
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOT_DIR / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path

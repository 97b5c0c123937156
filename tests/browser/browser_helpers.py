"""Helpers for real-browser tests of the Streamlit app: open a page, check it, take screenshots."""

from pathlib import Path

from playwright.sync_api import Browser, Page

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


def screenshot(page: Page, name: str) -> Path:
    """Save a full-page PNG as artifacts/screenshots/<name>.png and return its path."""
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOT_DIR / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path

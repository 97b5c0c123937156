"""The models page (the project's documents) in a real Chromium: its links between documents, and on a projector."""

import pytest
from browser_helpers import app_page, assert_no_exception, screenshot
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("language", "title"), [("en", "The rules of Flip 7, as flip7odds plays them"),
                                                 ("es", "Las reglas de Flip 7, tal como las juega flip7odds")])
def test_a_document_s_link_to_another_opens_it_in_the_app(browser: Browser, app_url: str, language: str,
                                                          title: str) -> None:
    """The decision model's ``rules.md`` link led to ``/rules.md``, a page the app does not have: it opens the rules on
    the models page, in the same language and rules."""
    with app_page(browser, app_url, f"models?doc=model&lang={language}&rules=poker", 1280, 900) as page:
        link = page.get_by_test_id("stMain").get_by_role("link", name="rules.md")
        expect(link).to_have_attribute("href", f"/models?lang={language}&rules=poker&doc=rules")
        with page.context.expect_page() as opened:  # a Markdown link opens in a tab of its own
            link.click()
        rules = opened.value
        try:
            rules.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')
            expect(rules.get_by_role("heading", name=title)).to_be_visible()
            assert_no_exception(rules)
        finally:
            rules.close()



@pytest.mark.parametrize(("language", "heading"), [
    ("en", "Every situation answered: exact, or certified bounds"),
    ("es", "Cada situación respondida: exacta o con cotas certificadas")])
def test_a_link_to_a_heading_of_another_document_opens_it_at_that_heading(browser: Browser, app_url: str,
                                                                          language: str, heading: str) -> None:
    """The With a Vengeance document's link to the model's bounded method opened the model at its top: the page
    rewrote the address (adding ``doc=model``) and dropped the heading, and in Spanish the anchor kept its accents
    where the app's heading ids drop them."""
    with app_page(browser, app_url, f"models?doc=vengeance&lang={language}&rules=vengeance", 390, 844) as page:
        link = page.get_by_test_id("stMain").get_by_role("link", name="model.md")
        with page.context.expect_page() as opened:
            link.click()
        model = opened.value
        try:
            model.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')
            target = model.get_by_role("heading", name=heading)
            expect(target).to_be_in_viewport()
            assert "#" in model.url
            assert_no_exception(model)
        finally:
            model.close()

def test_on_a_projector_the_models_are_in_the_projector_s_type(browser: Browser, app_url: str) -> None:
    """The models page had no *Presentation mode* switch: a projector link (``present=1``), or a teacher coming from a
    demo in presentation mode, showed the documents in 16 px type, and the address dropped the mode."""
    with app_page(browser, app_url, "models?doc=vengeance&lang=es&present=1", 1920, 1080) as page:
        expect(page.locator('[data-testid="stMarkdown"] h1').first).to_be_visible()
        page.wait_for_function("parseFloat(getComputedStyle(document.documentElement).fontSize) >= 28")
        sizes = page.evaluate("""[...document.querySelectorAll('.st-key-document p')]
                                 .map(node => parseFloat(getComputedStyle(node).fontSize))""")
        assert sizes and min(sizes) >= 28, sizes
        assert "present=1" in page.url
        page.get_by_test_id("stExpandSidebarButton").click()
        expect(page.get_by_test_id("stSidebar").get_by_role("switch", name="Modo presentación")).to_be_checked()
        assert_no_exception(page)
        page.wait_for_timeout(800)  # the sidebar slides open
        screenshot(page, "models-projector-presenting")

"""The Live odds page in Spanish in a real Chromium (``?lang=es``): tap cards, read the answer, on desktop and phone.

Screenshots: ``artifacts/screenshots/live-es-desktop.png`` and ``live-es-phone.png``.
"""

import pytest
from browser_helpers import (
    RENDER_TIMEOUT_MS,
    VIEWPORTS,
    assert_no_exception,
    open_page,
    screenshot,
    screenshot_whole,
    tap_card,
)
from playwright.sync_api import Browser, expect
from test_live_browser import FLIP_THREES_OUT, open_live

from flip7odds.analysis import Decision, analyze
from flip7odds.i18n import translator
from flip7odds.rules import CLASSIC
from flip7odds.situation import Situation

pytestmark = pytest.mark.browser

PROJECTOR = (1920, 1080)
BANNER_FIT = """() => { const box = (selector) => document.querySelector(selector).getBoundingClientRect();
  const banner = box('.f7-banner'), call = box('.f7-banner .f7-call'), sub = box('.f7-banner .f7-sub');
  const lineHeight = parseFloat(getComputedStyle(document.querySelector('.f7-banner .f7-call')).lineHeight);
  return {over: call.right - banner.right, gap: sub.left - call.right, lines: Math.round(call.height / lineHeight)}; }"""
"""How the bar's word sits in it: how far it runs past the bar, the gap before the lines beside it, its lines."""


@pytest.mark.parametrize("device", VIEWPORTS)
def test_live_odds_in_spanish(browser: Browser, app_url: str, device: str) -> None:
    page = open_live(browser, app_url, device, f"lang=es&{FLIP_THREES_OUT}")
    try:
        expect(page.get_by_role("heading", name="Probabilidades en vivo")).to_be_visible()
        expect(page.locator(".f7-call")).to_have_text("PIDE CARTA")  # an empty line must hit
        # The picker may still be drawing on a loaded machine: wait as long as for a page to render.
        freeze, second_chance = (page.locator(f".st-key-card-{card}").get_by_role("button") for card in ("freeze", "sc"))
        expect(freeze).to_contain_text("Congelar", timeout=RENDER_TIMEOUT_MS)
        expect(second_chance).to_contain_text("Segunda oportunidad", timeout=RENDER_TIMEOUT_MS)
        tap_card(page, "12", "line=12&")
        tap_card(page, "7", "line=12.7&")
        page.get_by_role("radio", name="Vistas en otras líneas").click()
        tap_card(page, "5", "seen=5.flip3")
        tap_card(page, "6", "seen=5.6.flip3")

        es = translator("es")
        analysis = analyze(Situation.from_text(CLASSIC, "12 7", seen="5 6 flip3*3"))
        word = "PIDE CARTA" if analysis.decision is Decision.HIT else "PLÁNTATE"
        expect(page.locator(".f7-call")).to_have_text(word)
        margin = ("+" if analysis.margin >= 0 else "") + es.number(analysis.margin)
        expect(page.locator(".f7-banner")).to_contain_text(margin)
        # 12 and 7 held: 11 + 6 copies left among 94 - 3 - 4 = 87 cards.
        expect(page.get_by_text("17 de las 87 cartas que quedan te eliminarían.")).to_be_visible()
        expect(page.get_by_text(f"17/87 = {es.percent(17 / 87)}")).to_be_visible()
        # The bar and the sentence under it name the bust chance with the same words.
        expect(page.locator(".f7-banner")).to_contain_text("Eliminación ahora 17/87")
        expect(page.get_by_text(f"Eliminación ahora: 17/87 = {es.percent(17 / 87)}")).to_be_visible()
        expect(page.get_by_text("Mazo 87 · Descartes 0 · En la mesa 7")).to_be_visible()
        expect(page.get_by_role("button", name="Siguiente ronda ➜")).to_be_visible()
        fit = page.evaluate(BANNER_FIT)
        assert fit["over"] <= 1, f"PIDE CARTA runs {fit['over']:.0f} px past the bar"
        assert fit["gap"] <= 20, f"a gap of {fit['gap']:.0f} px between PIDE CARTA and the lines beside it"
        assert_no_exception(page)
        screenshot_whole(page, f"live-es-{device}")
    finally:
        page.close()


def test_on_a_projector_the_spanish_call_is_one_line(browser: Browser, app_url: str) -> None:
    page = open_page(browser, f"{app_url}/live?lang=es&line=12.7&{FLIP_THREES_OUT}", *PROJECTOR)
    try:
        expect(page.locator(".f7-call")).to_have_text("PIDE CARTA")
        fit = page.evaluate(BANNER_FIT)
        assert fit["lines"] == 1 and fit["over"] <= 1 and fit["gap"] <= 20, fit
        screenshot(page, "live-es-projector")
    finally:
        page.close()


UNIT_APART = """() => { const value = document.querySelector('.f7-banner .f7-sub b');
  const unit = document.createRange(); unit.selectNodeContents(value.nextSibling);
  return Math.round(unit.getClientRects()[0].top - value.getBoundingClientRect().top); }"""
"""How far below the bar's margin (+3,17) its unit (puntos) starts: 0 when they share a line."""


@pytest.mark.parametrize("query", ["line=12.7", "line=12.11&present=1"])
def test_the_bars_margin_keeps_its_unit_on_its_line(browser: Browser, app_url: str, query: str) -> None:
    """From a phone to a projector (sidebar shown or folded away: ``present=1``) the bar's lines wrap at many widths:
    "puntos" was left alone on a line at 470-520, 710-1380 and 1800-1900 px (and on the projector's 1920 for
    some lines); the unit now stays beside its value."""
    page = open_page(browser, f"{app_url}/live?lang=es&{query}", *PROJECTOR)
    try:
        expect(page.locator(".f7-banner .f7-sub b")).to_be_visible()
        apart = {}
        for width in [390, *range(420, 1921, 30)]:
            page.set_viewport_size({"width": width, "height": PROJECTOR[1]})
            page.wait_for_timeout(50)
            apart[width] = page.evaluate(UNIT_APART)
        assert {width: gap for width, gap in apart.items() if gap} == {}
        screenshot(page, f"live-es-projector-{query.split('&')[-1].replace('=', '-')}")
    finally:
        page.close()

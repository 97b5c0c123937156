"""The Streamlit app shell runs headless (AppTest): every page renders without an exception."""

import subprocess
import sys
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "app.py"
PAGE_FILES = sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "pages").glob("*.py"))


def run_app() -> AppTest:
    """Run the app's entrypoint once, as a fresh session, and return the test handle."""
    return AppTest.from_file(APP, default_timeout=30).run()


def test_home_page_is_the_default() -> None:
    at = run_app()
    assert not at.exception, [exception.value for exception in at.exception]
    assert [title.value for title in at.title] == ["flip7odds"]


@pytest.mark.parametrize("page", PAGE_FILES)
def test_every_page_renders_without_exception(page: str) -> None:
    at = run_app()
    at.switch_page(page).run()
    assert not at.exception, [exception.value for exception in at.exception]


def test_language_and_variant_come_from_the_link_and_stay_in_it_across_pages() -> None:
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params.update({"lang": "es", "rules": "poker"})
    at.run()
    language, variant = at.sidebar.selectbox[0], at.sidebar.selectbox[1]
    assert (language.value, variant.value) == ("es", "poker")
    assert variant.label == "Reglas" and variant.options == ["Flip 7 (clásico)", "Dos barajas de póker", "Venganza",
                                                       "Venganza (modo brutal)"]
    at.switch_page("pages/trees.py").run()
    assert not at.exception, [exception.value for exception in at.exception]
    assert (at.query_params["lang"], at.query_params["rules"]) == ("es", "poker")


def test_without_a_link_the_language_is_english_and_the_rules_classic() -> None:
    at = run_app()
    assert (at.sidebar.selectbox[0].value, at.sidebar.selectbox[1].value) == ("en", "classic")
    assert at.query_params == {"lang": "en", "rules": "classic"}


def test_on_a_projector_the_page_s_own_text_is_in_the_projector_s_type() -> None:
    from flip7odds_ui.shell import PRESENTATION_CSS

    assert PRESENTATION_CSS.strip().startswith("<style>") and "html { font-size: 28px; }" in PRESENTATION_CSS


def test_the_shell_every_page_starts_with_leaves_scipy_to_the_pages_that_use_it() -> None:
    """The first page a new server draws imported scipy.stats (2.5 s) through the shell's projector style, kept
    with the teaching charts: every first visit waited for it."""
    code = "import sys, flip7odds_ui.shell; print('scipy.stats' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"

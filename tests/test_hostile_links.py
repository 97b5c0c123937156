"""Every page of the app opened with hostile values of every parameter of its link (AppTest).

A link is anyone's text. Each page of `flip7odds.links.PAGES` is loaded with garbage, huge numbers,
unicode digits, Markdown links and images, raw HTML, a path traversal and a 10 kB string, in both
languages and every variant it serves, and must: raise nothing; render nothing of that text as markup (no
link or image to the planted host, no ``<img`` tag: only escaped text); say, escaped, why each value was not
used (the page's own parameters; the live page's table has its own codec); and load within the AppTest
timeout (the parsers are bounded: nothing slow runs from a link).

Every parameter meets every kind of hostile value: in the page's ``j``-th load, its ``p``-th parameter gets
kind ``(j + p) mod K`` (a Latin square over the K kinds), the language and the variant going round too. The
app-wide parameters (``lang``, ``rules``) get every kind on every page in loads of their own, since a bad
variant falls back to the classic one and would hide the others.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from flip7odds.i18n import LANGUAGES, translator
from flip7odds.links import APP, LANG, PAGES, RULES, PageLink, read_link
from flip7odds.markup import unescape_markdown
from flip7odds.rules import ALL_RULESETS
from flip7odds_ui import details, live, live_vengeance, progress

ROOT = Path(__file__).resolve().parents[1]
APP_FILE = ROOT / "app.py"
TIMEOUT_S = 60
"""A page load's bound: a link that started unbounded work (a huge number read, a slow policy) fails it."""

HOST = "http://e.example"
HOSTILE: dict[str, str] = {
    "garbage": "zz%q#;",
    "huge": "9" * 400,
    "unicode digits": "²٣",
    "markdown link": f"[Click here to restore]({HOST}/restore)",
    "markdown image": f"![x]({HOST}/pixel.png)",
    "html": "<img src=x onerror=alert(1)>",
    "path traversal": "../../etc/passwd",
    "10 kB": (f"[x]({HOST}) <img src=x> " * 400)[:10_000],
}
KINDS = tuple(HOSTILE)
MARKUP = (re.compile(r"(?<!\\)\]\(" + re.escape(HOST)), re.compile(r"(?<!\\)<img"))
"""What hostile text looks like once it is markup: a link or image to the planted host, an HTML image tag."""
pytestmark = pytest.mark.usefixtures("database")  # the quiz's progress goes to a file of each test

APP_NAMES = tuple(parameter.name for parameter in APP)
VENGEANCE_RULES = tuple(name for name, rules in ALL_RULESETS.items() if rules.vengeance)
OTHER_RULES = tuple(name for name, rules in ALL_RULESETS.items() if not rules.vengeance)
OPEN_SECTIONS = (live.TYPING_OPEN_KEY, live.GAME_OPEN_KEY, live_vengeance.TYPING_OPEN_KEY,
                 live_vengeance.GAME_OPEN_KEY, details.WIN_OPEN_KEY, progress.PROFILE_OPEN_KEY)
"""The keys of the expanders that run their content only while open (``on_change="rerun"``)."""


def base_page(spec: PageLink) -> str:
    return spec.page.partition(":")[0]


def variants(spec: PageLink) -> tuple[str, ...]:
    """The variants whose page body reads this spec."""
    if spec.page.endswith(":vengeance"):
        return VENGEANCE_RULES
    if f"{spec.page}:vengeance" in PAGES:
        return OTHER_RULES
    return tuple(ALL_RULESETS)


def page_loads() -> list[pytest.param]:
    """One load per (spec, j): every page parameter hostile, kinds in a Latin square."""
    loads = []
    for spec in PAGES.values():
        names = [name for name in spec.names if name not in APP_NAMES]
        if not names:
            continue
        rules = variants(spec)
        for j in range(len(KINDS)):
            params = {name: HOSTILE[KINDS[(j + p) % len(KINDS)]] for p, name in enumerate(names)}
            language = tuple(LANGUAGES)[j % len(LANGUAGES)]
            params |= {LANG: language, RULES: rules[j % len(rules)]}
            loads.append(pytest.param(base_page(spec), params, id=f"{spec.page}-{j}-{language}-{params[RULES]}"))
    return loads


def app_loads() -> list[pytest.param]:
    """Every page with every kind of hostile language and variant."""
    pages = sorted({base_page(spec) for spec in PAGES.values()})
    return [pytest.param(page, {LANG: HOSTILE[kind], RULES: HOSTILE[kind]}, id=f"{page}-app-{kind}")
            for page in pages for kind in KINDS]


def load(page: str, params: dict[str, str]) -> AppTest:
    at = AppTest.from_file(APP_FILE, default_timeout=TIMEOUT_S)
    at.query_params.update(params)
    for key in OPEN_SECTIONS:  # a section draws its content only while open: open them all to check it too
        at.session_state[key] = True
    at.switch_page(f"pages/{page}.py").run()
    return at


def rendered_texts(at: AppTest) -> list[str]:
    """Every text the page renders as Markdown or HTML."""
    texts: list[str] = []
    for kind in ("markdown", "caption", "warning", "error", "info", "success", "title", "header", "subheader",
                 "latex", "toast", "html"):
        texts.extend(str(element.value) for element in at.get(kind))
    for metric in at.metric:
        texts.extend((str(metric.label), str(metric.value)))
    for expander in at.expander:
        texts.append(str(expander.label))
    return texts


def assert_safe(at: AppTest) -> None:
    assert not at.exception, [exception.value for exception in at.exception]
    for text in rendered_texts(at):
        for pattern in MARKUP:
            assert not pattern.search(text), f"hostile markup rendered: {text[:300]!r}"


@pytest.mark.parametrize(("page", "params"), page_loads())
def test_hostile_page_parameters(page: str, params: dict[str, str]) -> None:
    at = load(page, params)
    assert_safe(at)
    if page == "live":
        return  # the live page's table is read by its own codec (flip7odds.links.decode), checked by its tests
    t = translator(params[LANG])
    expected = [problem.markdown(t) for problem in read_link(page, params, ALL_RULESETS[params[RULES]]).problems]
    assert expected, "every value planted is hostile: each is refused"
    shown = [warning.value for warning in at.warning]
    for message in expected:
        assert message in shown, (unescape_markdown(message), shown)


@pytest.mark.parametrize(("page", "params"), app_loads())
def test_hostile_language_and_variant(page: str, params: dict[str, str]) -> None:
    at = load(page, params)
    assert_safe(at)
    assert at.query_params[RULES] == "classic"
    assert at.query_params[LANG] in LANGUAGES
    shown = [unescape_markdown(warning.value) for warning in at.warning]
    shown_value = params[RULES] if len(params[RULES]) <= 40 else params[RULES][:39] + "…"
    assert any(f"The link's rules ({shown_value!r})" in text or "longer than" in text for text in shown), shown

"""No hard-coded text reaches the screen: the pages, the app and the chart modules pass every word through t().

The checker (`text_check`) is tested first on planted sources, so that a check that passes means something.
"""

from pathlib import Path

import pytest
from text_check import check_files, check_source

ROOT = Path(__file__).resolve().parents[1]
SHOWN_SOURCES = [
    ROOT / "app.py",
    *sorted((ROOT / "flip7odds_ui").glob("*.py")),
    *sorted((ROOT / "pages").glob("*.py")),
    ROOT / "flip7odds" / "charts.py",
    ROOT / "flip7odds" / "trainer_charts.py",
    ROOT / "flip7odds" / "teaching_charts.py",
    ROOT / "flip7odds" / "vengeance" / "charts.py",
]


SCRIPTS = frozenset([ROOT / "app.py", *(ROOT / "pages").glob("*.py")])


def test_no_page_chart_or_app_module_shows_untranslated_text() -> None:
    findings = check_files(SHOWN_SOURCES, SCRIPTS)
    assert not findings, "wrap these in t(...) (or N_(...) in a table):\n" + "\n".join(map(str, findings))


@pytest.mark.parametrize(
    ("source", "planted"),
    [
        ('st.title("Live odds")', "Live odds"),
        ('st.sidebar.toggle(t("Presentation mode"), help="Bigger type")', "Bigger type"),
        ('columns[0].metric(t("Exact"), f"{value} points")', "{} points"),
        ('st.markdown(t("Why: {x}").format(x="because"))', "because"),
        ('st.dataframe([{"Path": path, t("Round"): round}])', "Path"),
        ('st.Page("pages/home.py", title="Home", icon="🏠")', "Home"),
        ('figure.update_layout(title="Next card", xaxis_title=t("card"))', "Next card"),
        ('figure.update_layout(xaxis={"title": {"text": "card"}})', "card"),
        ('go.Bar(x=xs, name=f"{group} cards")', "{} cards"),
        ('TEXT = {"title": "Hit or stay?"}', "Hit or stay?"),
        ('class Text:\n    TITLE = "Live odds"', "Live odds"),
    ],
)
def test_the_checker_finds_a_planted_string(source: str, planted: str) -> None:
    assert [finding.literal for finding in check_source(source, "planted.py")] == [planted]


def test_in_a_page_a_bare_string_is_shown_but_the_module_docstring_is_not() -> None:
    page = '"""The page."""\nNAMES = {1: N_("one")}\n"""The names of the numbers."""\n'
    assert [finding.literal for finding in check_source(page, "page.py", script=True)] == ["The names of the numbers."]
    assert check_source(page, "module.py") == []  # an imported module's docstrings are not shown


@pytest.mark.parametrize(
    "source",
    [
        'st.button(t("Add"), key="typed_add", type="primary", icon="🏠")',
        'st.markdown(f\'<div class="f7-banner {css}"><div class="f7-call">{call}</div></div>\', unsafe_allow_html=True)',
        'st.button(f"{card_name(card, t)} :small[:gray[{left[card]}]]", key=f"card-{card}")',
        'st.caption(t("Computed: {sum}").format(sum=results["sum>=23"].expected_score))',
        'figure.add_bar(name=t(GROUPS[group]), hovertemplate="%{x}: %{y:.1%}<extra></extra>", marker_color="#d62728")',
        'st.Page("pages/live.py", title=t("Live odds"), icon="🃏", url_path="live")',
        'LABELS = {Event.BUST: N_("bust")}',
        'class Group(enum.Enum):\n    BUST = "bust"',
        'st.selectbox("Language · Idioma", list(LANGUAGES), key="lang")',
        'st.text_input(t("Line"), value=query.get("line", "12 11"))',
    ],
)
def test_the_checker_lets_markup_keys_and_translated_text_through(source: str) -> None:
    assert check_source(source, "clean.py") == []

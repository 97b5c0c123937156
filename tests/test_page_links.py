"""Every page's link (flip7odds.links.read_link / write_link): hostile values never raise, valid ones round-trip."""

from __future__ import annotations

import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flip7odds.i18n import LANGUAGES, translator
from flip7odds.links import PAGES, Kind, Parameter, read_link, write_cards, write_link
from flip7odds.markup import escape_markdown, unescape_markdown
from flip7odds.rules import ALL_RULESETS

HOSTILE = (
    "abc", "²", "١٢", "１２", "12²", "-1", "+5", "1e9", "0x10", "9" * 5000, "nan", "inf", "\x00", "\u202e12",
    "[Click here to restore](http://evil.example)", "![x](http://evil.example/a.png)", ":red[alarm]", "`code`",
    "<script>alert(1)</script>", "<http://evil.example>", "**bold** _it_ ~~s~~ $x^2$ | a | # h",
    "../../etc/passwd", "/etc/passwd", "..%2F..%2Fetc%2Fpasswd", "model/../../../etc/passwd", "C:\\Windows",
    "bust>=0/0", "bust:1e-10000000", "12*99999", "zz" * 400,
)
"""Values no parameter of any page accepts (but `CARD_LIKE`, some of which are cards)."""
CARD_LIKE = frozenset({"-1", "+5"})
"""Modifier cards in some variant's notation (a card list reads them; whether the deck holds them is the table's check)."""

SPECS = [(page, parameter) for page, spec in PAGES.items() for parameter in spec.parameters]


def _rules_for(page: str) -> list[str]:
    return [name for name, rules in ALL_RULESETS.items() if rules.vengeance == page.endswith(":vengeance")]


def _page_name(page: str) -> str:
    return page.split(":")[0]


@pytest.mark.parametrize(("page", "parameter"), SPECS, ids=[f"{p}-{q.name}" for p, q in SPECS])
def test_every_hostile_value_gives_the_default_and_one_escaped_problem(page: str, parameter: Parameter) -> None:
    for rules in _rules_for(page):
        for value in HOSTILE:
            if parameter.kind in (Kind.CARDS, Kind.CARD_LINES) and value in CARD_LIKE:
                continue
            params = {"rules": rules, parameter.name: value} if parameter.name != "rules" else {"rules": value}
            link = read_link(_page_name(page), params)
            assert link[parameter.name] == parameter.default, (parameter.name, value)
            named = [problem for problem in link.problems if problem.parameter == parameter.name]
            assert len(named) == 1, (parameter.name, value, link.problems)
            for language in LANGUAGES:
                t = translator(language)
                shown = named[0].markdown(t)
                assert unescape_markdown(shown) == named[0].text(t)  # reads the same as the plain text
                quoted = value if len(value) <= 40 else value[:39] + "…"
                if "{value}" in named[0].template:  # the link's value is only ever quoted escaped
                    assert escape_markdown(repr(quoted)) in shown
                else:
                    assert len(value) > parameter.max_length and quoted not in shown


@pytest.mark.parametrize("page", sorted(PAGES))
@given(params=st.dictionaries(st.sampled_from(["rules", "lang", "line", "pile", "n", "seed", "sum", "policy", "doc",
                                               "hands", "busted", "profile", "others", "x"]),
                              st.text(max_size=60), max_size=6))
def test_random_links_never_raise(page: str, params: dict[str, str]) -> None:
    link = read_link(_page_name(page), params)
    for problem in link.problems:
        assert unescape_markdown(problem.markdown()) == problem.text()
    assert set(dict(link.values)) == set(PAGES[link.page].names)


CARD_TEXTS = ("12.7.p4", "12 11 9", "0", "", "x2.sc")
VENGEANCE_CARDS = ("13.l13", "9./2", "12.u7", "")


def _values(parameter: Parameter, vengeance: bool) -> st.SearchStrategy[object]:
    kind = parameter.kind
    if kind is Kind.WHOLE:
        return st.integers(parameter.low, parameter.high)
    if kind is Kind.SPAN:
        return st.tuples(st.integers(parameter.low, parameter.high - 1), st.integers(1, parameter.high)).filter(
            lambda pair: pair[0] < pair[1])
    if kind is Kind.FLAG:
        return st.booleans()
    if kind is Kind.CHOICE:
        return st.sampled_from(parameter.choices)
    if kind is Kind.TOKEN:
        return st.text(string.ascii_letters + string.digits + "_-", min_size=8, max_size=64)
    if kind is Kind.CARDS:
        return st.sampled_from(VENGEANCE_CARDS if vengeance else CARD_TEXTS)
    if kind is Kind.CARD_LINES:
        return st.lists(st.sampled_from(("_", "x", "12.7", "5")), min_size=1, max_size=3).map("~".join)
    if kind is Kind.POLICY:
        return st.sampled_from(("sum>=23", "bust>=0.26", "bust>=1/3", "cards>=3", "lookahead", "always", "optimal"))
    return st.sampled_from(("sum:25", "bust:0.3,sum:20", "cards:3", "random:0.5"))


@pytest.mark.parametrize("page", sorted(PAGES))
@settings(deadline=None)  # the first policy read imports the policy module: speed is for benchmarks, not tests
@given(data=st.data())
def test_valid_values_round_trip(page: str, data: st.DataObject) -> None:
    vengeance = page.endswith(":vengeance")
    values = {parameter.name: data.draw(_values(parameter, vengeance), label=parameter.name)
              for parameter in PAGES[page].parameters}
    values["rules"] = data.draw(st.sampled_from(_rules_for(page)))
    link = read_link(_page_name(page), write_link(page, values))
    assert link.page == page
    assert link.problems == ()
    assert link.as_dict() == {name: (value.strip() if isinstance(value, str) else value)
                              for name, value in values.items()}


def test_the_issues_links_are_refused_with_a_message() -> None:
    for params in ({"sum": "abc"}, {"sum": "5"}, {"sum": "23"}, {"sum": "40-10"}, {"cards": "1-99"},
                   {"cards": "0-9"}, {"bust": "50-10"}, {"bust_step": "x"}):
        link = read_link("strategy", params)
        assert len(link.problems) == 1 and link.problems[0].parameter == next(iter(params))
    assert read_link("strategy", {"sum": "20-30"}).span("sum") == (20, 30)
    assert read_link("simulate", {"seed": "²"}).whole("seed") == 7
    assert read_link("simulate", {"question": "policy_score", "policy": "optimal"}).text("policy") == "optimal"
    vengeance = read_link("simulate", {"rules": "vengeance", "policy": "optimal"})  # its solver: small piles only
    assert vengeance.text("policy") == "sum:25" and vengeance.problems[0].parameter == "policy"
    assert read_link("simulate", {"rules": "vengeance", "games": "²"}).whole("games") == 40
    assert read_link("strategy", {"rules": "vengeance", "busted": "²", "pile": "5 6"}).whole("busted") == 0
    quiz = read_link("quiz", {"rules": "[Click here to restore](http://evil.example)"})
    assert quiz.text("rules") == "classic"
    assert "\\[Click here to restore\\]\\(http\\:" in quiz.problems[0].markdown(translator("es"))


def test_documents_are_a_fixed_list_of_files_in_docs() -> None:
    from pathlib import Path

    docs = Path(__file__).resolve().parents[1] / "docs"
    for name in PAGES["models"].parameter("doc").choices:
        assert (docs / f"{name}.md").is_file()
    assert read_link("models", {"doc": "../README"}).text("doc") == "model"


def test_card_texts_are_read_in_the_links_rules() -> None:
    assert read_link("urn", {"rules": "vengeance", "line": "13.l13"}).text("line") == "13.l13"
    link = read_link("urn", {"line": "13.l13"})
    assert link.text("line") == "" and link.problems[0].parameter == "line"
    assert write_cards(()) == ""


def test_a_one_card_pile_from_a_link_draws_its_decision_map() -> None:
    from flip7odds.i18n import ENGLISH
    from flip7odds.teaching import SituationText, optimal_decision_map
    from flip7odds.teaching_charts import decision_heatmap_figure

    link = read_link("strategy", {"pile": "12"})
    decisions = optimal_decision_map(SituationText(pile=link.text("pile")).situation())
    empty = [point for point in decisions.points if point.pile_size == 0]
    assert empty and all(point.bust_probability == 0 for point in empty)  # the line holds the only card
    decision_heatmap_figure(decisions.cells(), 23, 14, ENGLISH)


def test_the_teaching_deck_choices_are_the_pile_choices() -> None:
    from flip7odds.links import PILE_CHOICES
    from flip7odds.teaching import PileChoice

    assert PILE_CHOICES == tuple(choice.value for choice in PileChoice)
    assert read_link("trees", {"deck": "numbers"}).text("deck") == "numbers"
    assert read_link("trees", {"deck": "../../etc/passwd"}).problems[0].parameter == "deck"

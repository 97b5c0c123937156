"""The quiz page with the With a Vengeance variants chosen, driven headless (streamlit AppTest).

The sidebar offers the variants of `flip7odds.rules.RULESETS`; these tests add the Vengeance ones to it
(as the app's variant switch does once it offers them) and choose one the way the sidebar's callback does.
"""

from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from flip7odds.progress import open_store
from flip7odds.rules import RULESETS, VENGEANCE, VENGEANCE_BRUTAL, RuleSet
from flip7odds.vengeance.quiz import VengeanceQuestion, VengeanceQuizGenerator, VTier
from flip7odds_ui.shell import RULES_CHOSEN_KEY

APP = Path(__file__).resolve().parents[1] / "app.py"


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("FLIP7ODDS_DB", str(path))
    for rules in (VENGEANCE, VENGEANCE_BRUTAL):
        monkeypatch.setitem(RULESETS, rules.name, rules)
    return path


def open_quiz(rules: RuleSet, lang: str = "en", by_link: bool = True) -> AppTest:
    """A new session on the quiz page with ``rules`` chosen, its situations from seeded small-pile generators.

    ``by_link``: the variant comes from the address (``?rules=vengeance``), else it is chosen after the first
    run the way the sidebar's callback does.
    """
    at = AppTest.from_file(APP, default_timeout=180)
    at.query_params.update({"lang": lang, **({"rules": rules.name} if by_link else {})})
    at.run()
    if not by_link:
        at.session_state[RULES_CHOSEN_KEY] = rules.name
    at.session_state["vquiz_generators"] = {
        (rules.name, tier): VengeanceQuizGenerator(tier, np.random.default_rng(3), rules, pile_sizes=(6, 8))
        for tier in VTier}
    at.switch_page("pages/quiz.py").run()
    assert_clean(at)
    return at


def assert_clean(at: AppTest) -> None:
    assert not at.exception, [exception.value for exception in at.exception]


def texts(at: AppTest) -> str:
    return "\n".join(element.value for element in [*at.markdown, *at.caption, *at.info, *at.success, *at.warning,
                                                   *at.error])


def tap(at: AppTest, key: str) -> None:
    at.button(key=key).click().run()
    assert_clean(at)


def test_a_vengeance_question_answered_shows_the_exact_numbers_and_the_caveat(database: Path) -> None:
    at = open_quiz(VENGEANCE)
    question: VengeanceQuestion = at.session_state["vquiz_question"]
    assert question.situation.rules is VENGEANCE and question.situation.tier is VTier.ZERO_AND_UNLUCKY_7
    shown = texts(at)
    assert "The Zero or the Unlucky 7 is in the pile" in shown and "**The pile** (" in shown
    tap(at, "vquiz_hit")
    exact = question.exact
    shown = texts(at)
    best = "HIT" if exact.decision.value == "hit" else "STAY"
    assert f"You chose **HIT**; the best play is **{best}**." in shown
    assert f"**{exact.bust_cards}/{exact.pile_size}**" in shown
    assert "With a Vengeance model:" in shown and "(/models?lang=en&rules=vengeance&doc=vengeance)" in shown
    metrics = {metric.label: metric.value for metric in at.metric}
    assert metrics["Stay"] == f"{exact.stay_score} points"
    assert metrics["Hit (then play on optimally)"] == f"{exact.hit_score:.2f} points"
    [saved] = open_store(database).store.answers(at.session_state["quiz_progress"].profile.key)
    assert saved.categories["variant"] == "With a Vengeance" and saved.answer == "hit"
    assert saved.situation_key == question.situation.key
    tap(at, "vquiz_next")
    assert "You chose" not in texts(at)
    assert at.session_state["vquiz_question"] != question


def test_brutal_mode_in_spanish_tier_4_and_a_replayed_mistake(database: Path) -> None:
    at = open_quiz(VENGEANCE_BRUTAL, lang="es", by_link=False)
    at.button_group(key="vquiz_tier").set_value(VTier.PENALTIES).run()
    assert_clean(at)
    assert "Modo brutal: hay un ÷2 o una penalización en el mazo" in texts(at)
    assert "Jugadores eliminados" in [metric.label for metric in at.metric]
    for _ in range(10):  # answer wrongly until an answer loses enough to be a mistake to replay
        question: VengeanceQuestion = at.session_state["vquiz_question"]
        assert question.situation.tier is VTier.PENALTIES and question.situation.rules is VENGEANCE_BRUTAL
        tap(at, "vquiz_stay" if question.exact.decision.value == "hit" else "vquiz_hit")
        assert "Modelo de Venganza" in texts(at) and "Nota: **" in texts(at)
        if "quiz_replay" in [button.key for button in at.button]:
            break
        tap(at, "vquiz_next")
    answers = open_store(database).store.answers(at.session_state["quiz_progress"].profile.key)
    assert {answer.categories["variant"] for answer in answers} == {"With a Vengeance (Brutal mode)"}
    assert answers[-1].is_error and answers[-1].situation_key == question.situation.key
    tap(at, "quiz_replay")
    assert at.session_state["vquiz_question"].situation == question.situation
    assert at.session_state["vquiz_is_replay"] and "Repites una situación" in texts(at)

"""The quizzes deal from every depth of the deck and grade on bounds only when the bounds cannot change a grade.

Oracles: the grade of every value inside a certified interval, recomputed from `grade_of` (a property
test); for deep situations, where no exact solver fits, a second and longer bounded answer (both intervals
hold the exact value, so they must meet, and where the longer one grades it must give the same grades);
the exact solvers where they fit (tests/test_quiz.py, tests/test_vengeance_quiz.py).
"""

import argparse
import json
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flip7odds.analysis import Decision, analyze
from flip7odds.answer import answer
from flip7odds.bounded import Bounds
from flip7odds.quiz import GRADE_WIDTH, Exact, grade_answer, grade_of, graded, graded_answer
from flip7odds.rules import CLASSIC, POKER, VENGEANCE, VENGEANCE_BRUTAL, RuleSet
from flip7odds.situation import Situation
from flip7odds.trainer_cli import add_quiz_arguments, quiz_command
from flip7odds.vengeance.quiz import VengeanceQuizGenerator, VTier

BASE = answer(Situation.from_text(CLASSIC, "12 11 10 9", seen="12 11 11 5"))
"""A real exact answer whose hit interval and stay score the property test replaces."""


def grades_at(hit: float, stay: int) -> dict[Decision, object]:
    """Each action's grade if the hit value were exactly ``hit`` (docs/model.md: the loss against the best)."""
    best = max(hit, stay)
    return {Decision.HIT: grade_of(best - hit), Decision.STAY: grade_of(best - stay)}


def grades_of(numbers: Exact) -> dict[Decision, object]:
    return {action: grade_answer(numbers, action).grade for action in Decision}


@settings(max_examples=400, deadline=None)
@given(stay=st.integers(0, 60), low=st.floats(-10, 80, allow_nan=False),
       width=st.floats(0, 0.3, allow_nan=False), inside=st.lists(st.floats(0, 1), min_size=1, max_size=6))
def test_a_grade_on_bounds_is_the_grade_of_every_value_inside(stay: int, low: float, width: float,
                                                              inside: list[float]) -> None:
    hit = Bounds(low, low + width)
    numbers = graded(replace(BASE, exact=False, hit=hit, stay_score=stay))
    values = [hit.lo, hit.hi, *(hit.lo + share * (hit.hi - hit.lo) for share in inside)]
    if numbers is None:
        # dealt again only for a reason: too wide, the best play unknown, or a grade that changes inside
        assert hit.width > GRADE_WIDTH or stay in hit or grades_at(hit.lo, stay) != grades_at(hit.hi, stay)
        return
    assert numbers.error_bound <= GRADE_WIDTH
    for value in values:
        assert grades_of(numbers) == grades_at(value, stay)
        assert abs(numbers.hit_score - value) <= numbers.error_bound / 2 + 1e-12


def test_an_exact_answer_is_graded_as_it_is() -> None:
    numbers = graded(BASE)
    assert numbers is not None and numbers.exact and numbers.error_bound == 0.0
    assert BASE.hit is not None and numbers.hit_score == BASE.hit.mid and numbers.decision is BASE.decision


def check_against_a_longer_answer(numbers: Exact, situation: object) -> None:
    """Both intervals hold the exact hit value, so they meet; a longer answer that grades gives the same grades."""
    longer = answer(situation, 3.0)  # type: ignore[arg-type]
    assert longer.hit is not None
    assert abs(longer.hit.mid - numbers.hit_score) <= (longer.hit.width + numbers.error_bound) / 2 + 1e-9
    again = graded(longer)
    if again is not None:
        assert grades_of(again) == grades_of(numbers) and again.decision is numbers.decision


@pytest.mark.parametrize("rules", (VENGEANCE, VENGEANCE_BRUTAL), ids=lambda rules: rules.name)
def test_vengeance_deals_deep_piles_graded_on_certified_bounds(rules: RuleSet) -> None:
    """Piles of 40 to 100 cards, far beyond the exact solver (fixed seed); each question's grades are certain."""
    generator = VengeanceQuizGenerator(VTier.ZERO_AND_UNLUCKY_7, np.random.default_rng(3), rules, (40, 100))
    question = next(generator)
    situation = question.situation.situation
    assert 40 <= situation.pile.size <= 100 and situation.line.number_count >= 2
    assert question.exact.error_bound <= GRADE_WIDTH
    check_against_a_longer_answer(question.exact, situation)


def test_vengeance_deals_from_every_depth_by_default() -> None:
    """Without ``pile_sizes`` the piles range from 1 to 100 cards: late and early positions both come up."""
    generator = VengeanceQuizGenerator(VTier.PENALTIES, np.random.default_rng(8), VENGEANCE)
    sizes = [next(generator).situation.situation.pile.size for _ in range(4)]
    assert all(1 <= size <= 100 for size in sizes) and max(sizes) > 20


def test_poker_alone_on_a_full_pile_is_graded() -> None:
    """Alone with 53 cards left (the quiz refused it before: more than 45 cards alone, above 256 MB)."""
    situation = Situation.from_text(POKER, "K Q J 10", others_active=0)
    numbers = graded_answer(situation)
    assert numbers is not None and numbers.pile_size == 53 and numbers.exact  # the lattice's estimate fits
    solved = analyze(situation)
    assert solved.hit_score is not None and numbers.hit_score == pytest.approx(solved.hit_score, abs=1e-9)
    assert numbers.decision is solved.decision
    assert grade_answer(numbers, Decision.STAY).grade is grade_of(max(0.0, solved.hit_score - solved.stay_score))


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="flip7odds quiz")
    add_quiz_arguments(parser)
    return quiz_command(parser.parse_args(argv))


@pytest.mark.parametrize(("rules", "level"), [("classic", 4), ("poker", 3), ("vengeance", 1),
                                              ("vengeance-brutal", 4)])
def test_the_command_line_quiz_runs_for_each_rule_set(rules: str, level: int,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--rules", rules, "--level", str(level), "--count", "1", "--seed", "2", "--json"]) == 0
    [shown] = json.loads(capsys.readouterr().out)["situations"]
    assert shown["error_bound"] <= GRADE_WIDTH and shown["exact"] is (shown["error_bound"] == 0)
    assert shown["decision"] in ("hit", "stay") and shown["stay_score"] >= 0
    assert run(["--rules", rules, "--level", str(level), "--count", "1", "--seed", "2", "--lang", "en"]) == 0
    text = capsys.readouterr().out
    assert "best: HIT" in text or "best: STAY" in text

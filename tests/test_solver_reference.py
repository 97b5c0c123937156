"""The fast solver against independent oracles: published values, the brute-force reference, identities."""

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, note, settings

from flip7odds.analysis import analyze, problem_of
from flip7odds.reference import reference_solve
from flip7odds.rules import CLASSIC
from flip7odds.situation import Situation
from flip7odds.solver import solve
from tests.strategies import small_situations

NUMBERS_ONLY = " ".join(f"{value}*{max(value, 1)}" for value in range(13))
MODIFIERS = "+2 +4 +6 +8 +10 x2"


def fresh(pile: str, others: int = 1) -> Situation:
    return Situation.from_text(CLASSIC, "", pile=pile, others_active=others)


# docs/model.md, "Reference values (fresh deck, empty line, classic, round-EV)", published by an independent
# exact C++ solver: numbers only 18.5652176 with P(bust) 0.3134965 and P(Flip 7) 0.0028113.
def test_numbers_only_deck_matches_the_published_values() -> None:
    result = analyze(fresh(NUMBERS_ONLY))
    assert result.optimal_score == pytest.approx(18.5652176, abs=5e-8)
    assert result.bust_final_probability == pytest.approx(0.3134965, abs=5e-8)
    assert result.flip7_probability == pytest.approx(0.0028113, abs=5e-8)


def test_numbers_only_deck_matches_the_reference_solver_exactly() -> None:
    situation = fresh(NUMBERS_ONLY)
    reference = reference_solve(situation).optimal
    result = analyze(situation)
    assert result.optimal_score == pytest.approx(float(reference.value), abs=1e-12)
    assert result.flip7_probability == pytest.approx(float(reference.flip7_probability), abs=1e-12)


# docs/model.md reference values: numbers + modifiers (85 cards) 20.2291; + Second Chance (88 cards) 22.2504.
@pytest.mark.parametrize("pile, published", [
    (f"{NUMBERS_ONLY} {MODIFIERS}", 20.2291),
    (f"{NUMBERS_ONLY} {MODIFIERS} sc*3", 22.2504),
])
def test_published_values_with_modifiers_and_second_chances(pile: str, published: float) -> None:
    assert analyze(fresh(pile)).optimal_score == pytest.approx(published, abs=5e-5)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_situations())
def test_fast_solver_agrees_with_brute_force(situation: Situation) -> None:
    note(repr(situation))
    reference = reference_solve(situation)
    solution = solve(problem_of(situation))
    assert solution.stay_score == reference.stay_score
    if reference.hit is None:
        assert solution.draw is None
        return
    assert solution.draw is not None
    assert solution.draw.value == pytest.approx(float(reference.hit.value), abs=1e-12)
    assert solution.draw.flip7_probability == pytest.approx(float(reference.hit.flip7_probability), abs=1e-12)
    assert solution.draw.bust_probability == pytest.approx(float(reference.hit.bust_probability), abs=1e-12)
    expected = {score: float(p) for score, p in reference.hit.distribution}
    assert solution.draw.distribution.keys() == expected.keys()
    for score, probability in expected.items():
        assert solution.draw.distribution[score] == pytest.approx(probability, abs=1e-12)
    assert solution.result().value == pytest.approx(float(reference.optimal.value), abs=1e-12)


@settings(max_examples=60, deadline=None)
@given(small_situations(max_pile=14, max_discards=0))
def test_identities(situation: Situation) -> None:
    result = analyze(situation)
    assert sum(result.distribution.values()) == pytest.approx(1.0, abs=1e-12)
    mean = sum(score * p for score, p in result.distribution.items())
    assert mean == pytest.approx(result.optimal_score, abs=1e-9)
    assert result.optimal_score >= result.stay_score - 1e-12 or not result.may_stay
    if result.hit_score is not None:
        assert result.optimal_score >= result.hit_score - 1e-12
        assert result.hit_once_score is not None
        assert isinstance(result.bust_probability, Fraction)

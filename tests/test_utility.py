"""The exact utility solver against independent oracles: the brute-force reference given the same
utility, the fast round-EV solver for ``u(s) = s``, and its stated limit."""

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, example, given, note, settings

from flip7odds.analysis import problem_of
from flip7odds.reference import reference_solve
from flip7odds.rules import CLASSIC
from flip7odds.situation import Situation
from flip7odds.solver import solve
from flip7odds.utility import TooLargeError, solve_utility
from tests.strategies import small_situations


def steep(score: int) -> Fraction:
    """A utility far from linear: worthless below 20, then a step, then slowly growing."""
    return Fraction(0) if score < 20 else Fraction(1, 2) + Fraction(min(score, 60), 200)


def capped(score: int) -> Fraction:
    """Concave: a safe score is worth more than a gamble with the same mean."""
    return Fraction(min(score, 30), 30)


def far(score: int) -> Fraction:
    """All or nothing at 40 points: most branches cannot get there (the pruning bound is tight)."""
    return Fraction(int(score >= 40))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_situations(max_pile=8))
@example(Situation.from_text(CLASSIC, "2", pile="", discards="0 1 2 freeze", others_active=1))  # blanks in the discards
def test_matches_the_reference_with_a_nonlinear_utility(situation: Situation) -> None:
    note(repr(situation))
    for utility in (steep, capped, far):
        reference = reference_solve(situation, utility)
        result = solve_utility(problem_of(situation), utility)
        if result.may_stay:
            assert result.stay_utility == pytest.approx(float(utility(situation.line.score(CLASSIC))), abs=1e-12)
        assert result.optimal_utility == pytest.approx(float(reference.optimal.value), abs=1e-9)
        if reference.hit is None:
            assert result.hit_utility is None
            continue
        assert result.hit_utility == pytest.approx(float(reference.hit.value), abs=1e-9)
        if not result.may_stay or abs(float(reference.hit.value) - result.stay_utility) > 1e-9:
            assert result.hits_now == reference.decision_is_hit


def falling(score: int) -> Fraction:
    """Less is better (a bust, scoring 0, is best): banking 0 on your own Freeze can beat drawing on."""
    return Fraction(max(0, 10 - score), 10)


@pytest.mark.parametrize("pile", ["5 freeze", "5 7 freeze freeze flip3", "3 4 5 freeze flip3 +4"])
def test_with_no_card_yet_a_freeze_may_bank_on_yourself(pile: str) -> None:
    # "5 freeze", one other player active, empty line: drawing the 5 leaves 5 (worth 1/2; the Freeze after it
    # is given away or banks 5), drawing the Freeze first banks 0 (worth 1) instead of drawing the 5: 3/4.
    situation = Situation.from_text(CLASSIC, "", pile=pile, others_active=1)
    reference = reference_solve(situation, falling)
    result = solve_utility(problem_of(situation), falling)
    assert reference.hit is not None and result.hit_utility == pytest.approx(float(reference.hit.value), abs=1e-12)
    if pile == "5 freeze":
        assert reference.hit.value == Fraction(3, 4)


@pytest.mark.parametrize(("line", "seen", "pile", "others"), [
    ("12 11 10 9", "12 11 11 5", None, 1),
    ("12 7 3 +4", "12 12 5 9 9 8 11 10 freeze", None, 1),
    ("9 10 x2", None, "12*3 11*2 10 8*4 7*3 6*2 5 3 2 +4 freeze flip3 flip3 sc", 0),
    ("4 6 sc", None, "12*2 11*3 8*2 7 6 5*2 4 2 +10 freeze freeze flip3 sc", 0),
])
def test_identity_utility_is_the_round_ev_optimum(line: str, seen: str | None, pile: str | None, others: int) -> None:
    problem = problem_of(Situation.from_text(CLASSIC, line, seen=seen, pile=pile, others_active=others))
    fast = solve(problem, 1e-9)
    result = solve_utility(problem, float)
    assert result.stay_utility == fast.stay_score
    assert result.hit_utility == pytest.approx(fast.hit_score, abs=1e-9)
    assert result.hits_now == fast.hits_now


def test_a_round_too_large_says_so() -> None:
    problem = problem_of(Situation.from_text(CLASSIC, "7", others_active=0))
    with pytest.raises(TooLargeError, match="too large"):
        solve_utility(problem, float, max_states=1000)

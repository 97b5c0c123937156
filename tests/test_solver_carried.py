"""P(Flip 7) and P(bust) carried through the backward pass (`flip7odds.solver.solve` with ``distribution=False``).

The forward pass pushes probability through the chosen policy; the backward pass can carry the same two
probabilities beside the values, under the same choices (ties stay). Both ways must agree to 1e-12 on every
situation, classic and poker, alone or not, with a reshuffle or not, optimal or under a policy; the values and
choices themselves are the same computation either way (equal, not close).
"""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from flip7odds import solver
from flip7odds.analysis import Decision, analyze, problem_of
from flip7odds.answer import answer
from flip7odds.cards import Card, Category
from flip7odds.rules import CLASSIC, POKER, RuleSet
from flip7odds.situation import Situation
from flip7odds.solver import Policy, Solution, solve
from tests.strategies import small_situations
from tests.test_solver_fast import Threshold

CLOSE = 1e-12


def assert_agree(forward: Solution, carried: Solution) -> None:
    """The same solve without the forward pass: equal values and choices, the same probabilities to `CLOSE`."""
    assert (carried.stay_score, carried.may_stay, carried.hits_now, carried.states) == (
        forward.stay_score, forward.may_stay, forward.hits_now, forward.states)
    assert carried.draw_then_stay == forward.draw_then_stay
    assert (carried.draw is None) == (forward.draw is None)
    for one, other in ((forward.draw, carried.draw), (forward.result(), carried.result())):
        if one is None or other is None:
            continue
        assert other.value == one.value
        assert other.flip7_probability == pytest.approx(one.flip7_probability, abs=CLOSE)
        assert other.bust_probability == pytest.approx(one.bust_probability, abs=CLOSE)
    if carried.draw is not None and forward.draw is not None and carried.draw.distribution is not None:
        # only where no lattice was solved (nothing plain left to draw: the distribution is known outright) or
        # where it was too large to carry (the forward pass ran): the same distribution
        assert carried.states == 0 or carried.states > solver.CARRY_STATES
        assert carried.draw.distribution == forward.draw.distribution


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([CLASSIC, POKER]).flatmap(lambda rules: small_situations(rules=rules, max_pile=9,
                                                                                   max_discards=3)))
def test_small_situations_with_reshuffles_agree(situation: Situation) -> None:
    note(repr(situation))
    problem = problem_of(situation)
    assert_agree(solve(problem, with_draw_then_stay=True), solve(problem, with_draw_then_stay=True, distribution=False))


@st.composite
def mid_round_situations(draw: st.DrawFn) -> Situation:
    """Classic or poker: a line of 1 to 4 numbers (maybe a modifier, a Second Chance), at least 8 cards left."""
    rules: RuleSet = draw(st.sampled_from([CLASSIC, POKER]))
    kinds = [card for card in rules.kinds if card.is_number]
    numbers = draw(st.lists(st.sampled_from(kinds), min_size=1, max_size=4, unique=True))
    line: list[Card] = list(numbers)
    modifiers = [card for card in rules.kinds if card.category is Category.MODIFIER]
    line += draw(st.lists(st.sampled_from(modifiers), max_size=1))
    if draw(st.booleans()):
        line.append(Card.from_text("sc"))
    rest = list(rules.deck)
    for card in line:
        rest.remove(card)
    low = 15 if rules is CLASSIC else 20  # the poker deck has 57 cards: fewer left to see, a bigger lattice each
    seen = draw(st.lists(st.integers(0, len(rest) - 1), min_size=low, max_size=min(60, len(rest) - 8), unique=True))
    return Situation.build(rules, line, seen=[rest[i] for i in seen], others_active=draw(st.integers(0, 2)))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mid_round_situations())
def test_mid_round_situations_agree(situation: Situation) -> None:
    note(repr(situation))
    problem = problem_of(situation)
    assert_agree(solve(problem, memory_limit=None), solve(problem, memory_limit=None, distribution=False))


def test_the_live_pages_taps_agree() -> None:
    # benchmarks/bench_app.py's taps: ``12 7`` not alone, cards seen one more at a time.
    for rules, seen in ((CLASSIC, "5 6 11 3 2 4 9 10"), (POKER, "5 6 11 4 8 9 10 13")):
        cards = seen.split()
        for count in (1, len(cards)):
            problem = problem_of(Situation.from_text(rules, "12 7", seen=" ".join(cards[:count])))
            assert_agree(solve(problem), solve(problem, distribution=False))


@pytest.mark.parametrize("rules, seen", [(CLASSIC, "5 6 11 3 2 4 9 10"), (POKER, "5 6 11 4 8 9 10 13")])
def test_the_carried_layers_column_by_column_give_the_same_bits(monkeypatch: pytest.MonkeyPatch, rules: RuleSet,
                                                                seen: str) -> None:
    # `solver._backward_columns` adds the same terms in the same order as the loops row by row: equal floats.
    cards = seen.split()
    problems = [problem_of(Situation.from_text(rules, "12 7", seen=" ".join(cards[:count]), others_active=others))
                for count, others in ((0, 0), (1, 1), (4, 2), (len(cards), 1))]
    by_columns = [solve(problem, with_draw_then_stay=True, distribution=False) for problem in problems]
    monkeypatch.setattr(solver, "CARRIED_COLUMNS", False)
    assert by_columns == [solve(problem, with_draw_then_stay=True, distribution=False) for problem in problems]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mid_round_situations())
def test_mid_round_situations_column_by_column_give_the_same_bits(situation: Situation) -> None:
    note(repr(situation))
    problem = problem_of(situation)
    by_columns = solve(problem, memory_limit=None, distribution=False)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(solver, "CARRIED_COLUMNS", False)
        assert solve(problem, memory_limit=None, distribution=False) == by_columns


def test_a_tie_stays_both_ways() -> None:
    # tests/test_poker.py: hit = 38 = stay exactly; staying, the round ends with 38 (no Flip 7, no bust).
    problem = problem_of(Situation.from_text(POKER, "10 9 Jd", pile="Qd 10"))
    forward, carried = solve(problem), solve(problem, distribution=False)
    assert not carried.hits_now
    assert_agree(forward, carried)
    assert carried.draw is not None and carried.draw.bust_probability == pytest.approx(0.5, abs=CLOSE)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mid_round_situations(), st.integers(10, 40))
def test_a_policy_agrees(situation: Situation, limit: int) -> None:
    problem = problem_of(situation)
    policy: Policy = Threshold(limit)
    assert_agree(solve(problem, policy=policy, memory_limit=None),
                 solve(problem, policy=policy, memory_limit=None, distribution=False))


def test_an_analysis_without_the_distribution_works_it_out_when_read() -> None:
    situation = Situation.from_text(POKER, "12 7", seen="5 6 11 4")
    full, lazy = analyze(situation), analyze(situation, distribution=False)
    assert lazy.solved_distribution is None
    assert (lazy.decision, lazy.hit_score, lazy.optimal_score) == (full.decision, full.hit_score, full.optimal_score)
    assert lazy.flip7_probability == pytest.approx(full.flip7_probability, abs=CLOSE)
    assert lazy.distribution == full.distribution
    assert full.decision is Decision.HIT
    live = answer(situation, 0.5)
    assert live.analysis is not None and live.distribution == full.distribution


def test_a_lattice_above_the_carrying_size_runs_the_forward_pass_and_keeps_its_distribution(
        monkeypatch: pytest.MonkeyPatch) -> None:
    problem = problem_of(Situation.from_text(POKER, "12 7", seen="5 6 11 4"))
    forward = solve(problem, with_draw_then_stay=True)
    monkeypatch.setattr(solver, "CARRY_STATES", forward.states - 1)
    large = solve(problem, with_draw_then_stay=True, distribution=False)
    assert large.draw is not None and forward.draw is not None
    assert large.draw == forward.draw and large.draw_then_stay == forward.draw_then_stay
    monkeypatch.setattr(solver, "CARRY_STATES", forward.states)
    carried = solve(problem, with_draw_then_stay=True, distribution=False)
    assert carried.draw is not None and carried.draw.distribution is None
    assert_agree(forward, carried)


def test_values_only_skip_the_forward_pass_above_the_carrying_size(monkeypatch: pytest.MonkeyPatch) -> None:
    # ``probabilities=False``: the same values and choices, no distribution, and P(Flip 7) and P(bust) not worked out
    # where they are not carried (NaN), below the carrying size carried as before; alone and not.
    for others in (0, 1):
        problem = problem_of(Situation.from_text(POKER, "12 7", seen="5 6 11 4", others_active=others))
        forward = solve(problem, with_draw_then_stay=True)
        monkeypatch.setattr(solver, "CARRY_STATES", forward.states - 1)
        values = solve(problem, with_draw_then_stay=True, distribution=False, probabilities=False)
        assert values.draw is not None and forward.draw is not None
        assert (values.draw.value, values.stay_score, values.hits_now, values.draw_then_stay) == (
            forward.draw.value, forward.stay_score, forward.hits_now, forward.draw_then_stay)
        assert values.draw.distribution is None and math.isnan(values.draw.flip7_probability)
        monkeypatch.setattr(solver, "CARRY_STATES", forward.states)
        assert_agree(forward, solve(problem, with_draw_then_stay=True, distribution=False, probabilities=False))

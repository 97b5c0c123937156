"""Modifier-blind rules on the counted game (`flip7odds.counted_modifiers`) against the exact solver.

Oracle: the exact lattice solver on the real pile (`flip7odds.policies.evaluate_policy`), which names every
modifier. A rule that never looks at any modifier scores exactly the same from the counted game's outcomes
(to 1e-9, with the same P(bust), P(Flip 7) and choice now): random small classic piles (every modifier kind,
sometimes discards, alone or not) and poker piles with several penalties and x2 figures (the royal flush
within reach), and the cases where the counted game must not be used.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings

from flip7odds.analysis import problem_of
from flip7odds.cards import Card, ModifierKind
from flip7odds.counted_modifiers import ModifierMeans, counted_policy_value
from flip7odds.policies import HitStayPolicy, StayAtSum, evaluate_policy, parse_policy
from flip7odds.rules import CLASSIC, POKER
from flip7odds.situation import Situation
from tests.strategies import blind_policies as blind_policies_of
from tests.strategies import small_situations
from tests.test_relaxation import penalty_situations

TOLERANCE = 1e-9

blind_policies = blind_policies_of(7)


def assert_exact(situation: Situation, policy: HitStayPolicy) -> bool:
    """The counted game gives the rule's real results; False where it does not apply."""
    counted = counted_policy_value(problem_of(situation), policy)
    if counted is None:
        return False
    real = evaluate_policy(situation, policy)
    assert counted.exact
    assert counted.expected_score == pytest.approx(real.expected_score, abs=TOLERANCE)
    assert counted.bust_probability == pytest.approx(real.bust_probability, abs=TOLERANCE)
    assert counted.flip7_probability == pytest.approx(real.flip7_probability, abs=TOLERANCE)
    assert counted.hits_now == real.hits_now
    return True


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_situations(max_pile=11), blind_policies)
def test_classic_rules_score_exactly_their_real_value(situation: Situation, policy: HitStayPolicy) -> None:
    assert_exact(situation, policy)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(penalty_situations(max_pile=10), blind_policies)
def test_poker_rules_score_exactly_their_real_value(situation: Situation, policy: HitStayPolicy) -> None:
    assert_exact(situation, policy)


@pytest.mark.parametrize("others", [0, 1])
@pytest.mark.parametrize("text", ["sum>=20", "bust>=0.2", "cards>=3", "always"])
def test_a_royal_flush_within_reach_is_paid_as_often_as_in_the_real_game(others: int, text: str) -> None:
    # Every card of the royal flush in a short pile with two numbers: the +20 is paid on some deals.
    situation = Situation.from_text(POKER, "K", pile="9 7 Ad 10d Jd Qd Kd 5d 3", others_active=others)
    assert assert_exact(situation, parse_policy(text))


def test_a_fresh_poker_pile_not_alone_is_counted() -> None:
    situation = Situation.from_text(POKER, "", others_active=1)
    counted = counted_policy_value(problem_of(situation), StayAtSum(25))
    assert counted is not None and counted.exact
    assert counted.states < 2_000_000  # far below the mean-merged deck's lattice


def test_the_means_are_the_royal_flush_and_the_doubling_by_hand() -> None:
    # Pile x2 and +4 (classic), line +2: m = 0 -> x1, +2; m = 1 -> x1.5, +4; m = 2 -> x2, +6.
    means = ModifierMeans.of(CLASSIC, (Card.plus(2),), {Card.times(2): 1, Card.plus(4): 1})
    assert means.multiplier == (1, 1.5, 2)
    assert means.plus == (2, 4, 6)


def test_it_declines_where_the_counted_game_does_not_apply() -> None:
    floored = problem_of(Situation.from_text(CLASSIC, "5", pile="3 4 7 +2"))
    assert counted_policy_value(replace(floored, rules=replace(CLASSIC, score_floor=0)), StayAtSum(9)) is None
    runs_out = Situation.from_text(CLASSIC, "5", pile="3 4 +2", discards="7 8")
    assert counted_policy_value(problem_of(runs_out), StayAtSum(9)) is None
    # Not alone with an empty line where drawing on is worth less than 0: the rule banks on a Freeze.
    losing = Situation.from_text(POKER, "", pile="10d 9d 8d 0 A A", others_active=1)
    assert counted_policy_value(problem_of(losing), parse_policy("always")) is None
    with pytest.raises(ValueError):
        counted_policy_value(problem_of(runs_out), parse_policy("lookahead"))
    assert all(card.modifier is not ModifierKind.DIVIDE for card in POKER.kinds)

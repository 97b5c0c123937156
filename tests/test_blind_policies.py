"""Penalty-blind rules on merged decks (`flip7odds.relaxation.blind_policy_value`) against the exact solver.

Oracle: the exact lattice solver on the real poker pile (`flip7odds.policies.evaluate_policy`). A rule that
never looks at which penalty came scores exactly the same on the deck whose minor penalties are merged into
cards of their mean (to 1e-9, with the same P(bust), P(Flip 7) and choice now); with the royal flush merged
too (alone) the real value lies inside the two bounds. Random small poker piles with several penalties
(Hypothesis, the suite's seed), and piles built to reach the one choice such a rule makes by values.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from flip7odds.analysis import problem_of
from flip7odds.policies import HitStayPolicy, evaluate_policy, parse_policy
from flip7odds.relaxation import BLIND_GROUPING, ROYAL_MERGED, Grouping, blind_policy_value, relaxed_problem
from flip7odds.rules import CLASSIC, POKER
from flip7odds.situation import Situation
from flip7odds.teaching import DecisionPoint, explorer_merges, merged_decision_map, optimal_decision_map
from tests.strategies import blind_policies as blind_policies_of
from tests.test_relaxation import penalty_situations

TOLERANCE = 1e-9

blind_policies = blind_policies_of(5)


def assert_same(merged_policy: HitStayPolicy, situation: Situation, grouping: Grouping) -> None:
    """The rule on the merged deck of ``grouping`` scores exactly its real value."""
    real = evaluate_policy(situation, merged_policy)
    merged = blind_policy_value(problem_of(situation), merged_policy, grouping)
    assert merged.exact
    assert merged.expected_score == pytest.approx(real.expected_score, abs=TOLERANCE)
    assert merged.bust_probability == pytest.approx(real.bust_probability, abs=TOLERANCE)
    assert merged.flip7_probability == pytest.approx(real.flip7_probability, abs=TOLERANCE)
    assert merged.hits_now == real.hits_now


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(penalty_situations(), blind_policies, st.integers(1, 3))
def test_a_blind_rule_scores_exactly_its_real_value_on_the_mean_merged_deck(
        situation: Situation, policy: HitStayPolicy, groups: int) -> None:
    assert_same(policy, situation, Grouping(True, groups))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(penalty_situations(), blind_policies)
def test_with_the_royal_flush_merged_the_real_value_lies_inside_the_bounds(
        situation: Situation, policy: HitStayPolicy) -> None:
    alone = Situation(situation.rules, situation.line, situation.pile, situation.discards, 0)
    real = evaluate_policy(alone, policy)
    merged = blind_policy_value(problem_of(alone), policy, ROYAL_MERGED)
    assert merged.low <= real.expected_score <= merged.high
    assert merged.bust_probability == pytest.approx(real.bust_probability, abs=TOLERANCE)
    assert merged.flip7_probability == pytest.approx(real.flip7_probability, abs=TOLERANCE)


def test_the_bounds_are_strict_where_a_royal_flush_can_come() -> None:
    # The whole royal flush, two minor penalties and numbers to Flip 5 or bust on: the bonus is paid in some rounds.
    situation = Situation.from_text(POKER, "K", pile="Ad 10d Jd Qd Kd 2d 9d Q 5 7 9 K", others_active=0)
    real = evaluate_policy(situation, parse_policy("always"))
    merged = blind_policy_value(problem_of(situation), parse_policy("always"), ROYAL_MERGED)
    assert merged.low < real.expected_score < merged.high
    kept = blind_policy_value(problem_of(situation), parse_policy("always"))
    assert kept.exact and kept.expected_score == pytest.approx(real.expected_score, abs=TOLERANCE)


@pytest.mark.parametrize("pile", ["A 2d 9d 7", "A A 3d 8d 4d K", "A 3 5d 6d 9d Q 0"])
@pytest.mark.parametrize("policy", ["sum>=20", "bust>=0.3", "cards>=2", "always"])
def test_the_empty_line_freeze_choice_is_the_same_on_the_merged_deck(pile: str, policy: str) -> None:
    # Not alone with nothing in front of you, a Freeze banks the empty line when drawing on is worth less than 0:
    # the one choice a blind rule makes by values; penalties make it go either way on these piles.
    situation = Situation.from_text(POKER, "", pile=pile, others_active=1)
    assert_same(parse_policy(policy), situation, BLIND_GROUPING)


def test_the_merged_deck_is_much_smaller_on_a_fresh_poker_pile() -> None:
    problem = problem_of(Situation.from_text(POKER, "", others_active=1))
    relaxed, scale = relaxed_problem(problem, BLIND_GROUPING, upper=False)
    assert scale == 2  # the eight minor penalties -2..-9 have mean -11/2
    assert relaxed.pile.size == problem.pile.size


def test_rules_that_read_the_penalties_have_no_merged_deck() -> None:
    problem = problem_of(Situation.from_text(POKER, "K", pile="2d 9d 7 Q", others_active=1))
    for text in ("lookahead", "optimal"):
        with pytest.raises(ValueError, match="penalties"):
            blind_policy_value(problem, parse_policy(text))
    with pytest.raises(ValueError, match="alone"):
        blind_policy_value(problem, parse_policy("always"), ROYAL_MERGED)


def test_explorer_merges_only_large_decks_with_penalties() -> None:
    assert explorer_merges(Situation.from_text(POKER, "", others_active=1))
    assert not explorer_merges(Situation.from_text(POKER, "", pile="K Q 9 2d 5d", others_active=1))
    assert not explorer_merges(Situation.from_text(CLASSIC, "", others_active=0))  # no penalties: never merged


def test_the_merged_decision_map_hits_only_where_the_optimum_hits() -> None:
    situation = Situation.from_text(POKER, "", pile="K K Q J 9 9 7 5 2d 4d 6d 9d Kd", others_active=1)
    merged, real = merged_decision_map(situation), optimal_decision_map(situation)
    assert merged.optimum is None

    def hits_by_line(points: tuple[DecisionPoint, ...]) -> Counter[tuple[int, int, int, int]]:
        return Counter((p.number_sum, p.numbers_held, p.bust_cards, p.pile_size) for p in points for _ in range(p.hits))

    def lines(points: tuple[DecisionPoint, ...]) -> Counter[tuple[int, int, int, int]]:
        return Counter((p.number_sum, p.numbers_held, p.bust_cards, p.pile_size) for p in points)

    assert lines(merged.points) == lines(real.points)
    # At a line of numbers nothing is hidden: hitting then playing the merged deck's way is a real policy, worth
    # at most hitting then playing best, so wherever the merged play hits, the optimum hits too.
    merged_hits, real_hits = hits_by_line(merged.points), hits_by_line(real.points)
    assert all(merged_hits[key] <= real_hits[key] for key in merged_hits)
    assert sum(merged_hits.values()) > 0

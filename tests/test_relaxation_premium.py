"""The upper deck's information premium (`flip7odds.relaxation`, "The information premium"): shaded upper decks plus
their premium hold the exact value, every time; without the premium they do not.

Oracles: the exact lattice solver on the real pile (`flip7odds.analysis.analyze`) on random small poker piles with
several penalties (Hypothesis, the suite's seed), every shading step of every grouping (not only the one the answer
picks); and, for the premium itself, a walk over the remaining values of each group (not over subsets of cards).
"""

from __future__ import annotations

import functools
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from flip7odds.analysis import analyze, problem_of
from flip7odds.relaxation import (
    Grouping,
    Shading,
    grouped,
    information_premium,
    minors,
    reachable_penalties,
    relaxed_problem,
    solve_relaxed,
    upper_shading,
)
from flip7odds.rules import POKER
from flip7odds.situation import Situation
from flip7odds.solver import Problem, solve
from tests.test_relaxation import groupings, penalty_situations

TOLERANCE = 1e-9


def walked_premium(groups: list[list[int]], values: list[int]) -> Fraction:
    """`information_premium` by a different walk: the state is the drawn sum less the values and the multiset of
    unseen values of each group; the walker stops (``max(0, D)``) or draws from a group of its choice."""

    @functools.cache
    def best(drawn: int, unseen: tuple[tuple[int, ...], ...]) -> Fraction:
        result = Fraction(max(0, drawn))
        for at, left in enumerate(unseen):
            if not left:
                continue
            total = Fraction(0)
            for i, value in enumerate(left):
                rest = (*unseen[:at], left[:i] + left[i + 1:], *unseen[at + 1:])
                total += best(drawn + value - values[at], rest)
            result = max(result, total / len(left))
        return result

    return best(0, tuple(tuple(group) for group in groups))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(-10, -1), min_size=1, max_size=4), min_size=1, max_size=3), st.data())
def test_premium_is_the_walk_over_values(groups: list[list[int]], data: st.DataObject) -> None:
    values = [data.draw(st.integers(min(group) - 1, max(group) + 1)) for group in groups]
    premium = information_premium(groups, values)
    assert premium == walked_premium(groups, values)
    one_step = max(Fraction(sum(max(0, v - w) for v in group), len(group)) for group, w in zip(groups, values))
    assert premium >= one_step  # stopping after one card is one walk
    if all(w >= max(group) for group, w in zip(groups, values)):
        assert premium == 0  # at the least penalties nothing is gained: the old upper deck


def test_premium_of_the_fresh_pile() -> None:
    # The ten penalties in one group at -4 (the mean is -5.5): 3991/5040 points.
    assert information_premium([list(range(-10, 0))], [-4]) == Fraction(3991, 5040)
    assert information_premium([[-1, -3]], [-2]) == Fraction(1, 2)  # stop at +1, or draw on to 0


def shadings(problem: Problem, grouping: Grouping) -> list[Shading]:
    """Every shading step of ``grouping``'s groups, each with its premium."""
    groups = [group for values in minors(problem, grouping) for group in grouped(values, grouping.groups)]
    if not groups:
        return []
    result = []
    for step in range(max(map(len, groups))):
        values = tuple(sorted(group, reverse=True)[min(step, len(group) - 1)] for group in groups)
        result.append(Shading(values, information_premium(groups, values)))
    return result


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(penalty_situations())
def test_every_shaded_upper_deck_plus_its_premium_holds_the_exact_value(situation: Situation) -> None:
    exact = analyze(situation)
    if exact.hit_score is None:
        return
    problem = problem_of(situation)
    for grouping in groupings(problem):
        for shading in shadings(problem, grouping):
            high, scale = relaxed_problem(problem, grouping, upper=True, shading=shading)
            draw = solve(high, 0.0, memory_limit=None, distribution=False).draw
            assert draw is not None and scale == 1
            assert exact.hit_score <= draw.value + float(shading.premium) + TOLERANCE
        result = solve_relaxed(problem, grouping)
        assert result.hit is not None
        assert result.hit[0] <= exact.hit_score <= result.hit[1]
        assert result.optimal[0] <= exact.optimal_score <= result.optimal[1]


def test_a_shaded_deck_without_its_premium_is_not_an_upper_bound() -> None:
    # The planted wrong bound: with the two penalties at -9, knowing which one came is worth more than the
    # shading, and the deck alone falls below the exact value (27.7 < 32.75); its premium (7) restores it.
    situation = Situation.from_text(POKER, "K", pile="Q 9 7 2d 9d", others_active=0)
    problem = problem_of(situation)
    exact = analyze(situation).hit_score
    assert exact is not None
    grouping = Grouping(True, 1)
    shading = shadings(problem, grouping)[1]
    assert shading.values == (-9,) and shading.premium == 7
    high, _ = relaxed_problem(problem, grouping, upper=True, shading=shading)
    draw = solve(high, 0.0, memory_limit=None, distribution=False).draw
    assert draw is not None
    assert draw.value < exact - 1 < exact <= draw.value + float(shading.premium)


def test_the_answer_shades_the_fresh_pile() -> None:
    problem = problem_of(Situation.build(POKER, (), others_active=0))
    shading = upper_shading(problem, Grouping(False, 1))
    assert shading is not None and shading.values == (-4,) and shading.premium == Fraction(3991, 5040)
    assert upper_shading(problem_of(Situation.from_text(POKER, "K", pile="Q 9 7 2d 9d")), Grouping(True, 1)) is None


def test_no_shading_where_a_round_can_hardly_reach_the_penalties() -> None:
    # Alone, four Freezes and no bust card on a fresh pile: each of the eight minor penalties comes before them with
    # chance 1/5. Over a pile of four holding two Freezes the merged penalties are all in the discards, which the round
    # does not reach: shading could only cost its premium (it made this answer 0.58 points wide instead of 0.04).
    fresh = problem_of(Situation.build(POKER, (), others_active=0))
    assert reachable_penalties(fresh, Grouping(True, 1)) == Fraction(8, 5)
    blocked = problem_of(Situation.from_text(
        POKER, "9 10d 9d 2", pile="10 A A 3", others_active=0,
        discards="joker joker 4 5 5 6 6 7 7 8 8 9 9 10 10 J J J J Q Q Q K K K 8d 7d 6d 5d 4d 3d 2d Ad Jd Kd Qd A 3 3 3 2 "
                 "2 2"))
    assert reachable_penalties(blocked, Grouping(True, 1)) == 0
    assert upper_shading(blocked, Grouping(True, 1)) is None

"""The fast solver against independent oracles: the brute-force reference, published values, identities.

* `flip7odds.reference.reference_solve` (exact fractions, literal states) on hundreds of random small
  situations, alone and not alone, with and without a known discard pile (so that the pile runs out
  and is reshuffled mid-round);
* the reference values of docs/model.md (an independent exact C++ solver);
* identities that hold for any situation: the score distribution sums to 1 and its mean (forward pass)
  equals the value of drawing (backward pass); no policy beats the optimum; staying is never worth more.
"""

from __future__ import annotations

import itertools
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from numpy.typing import NDArray

from flip7odds import solver as solver_module
from flip7odds.analysis import problem_of
from flip7odds.cards import Card, Category
from flip7odds.counts import CardCounts
from flip7odds.odds import hit_once_score
from flip7odds.reference import Evaluation, reference_solve
from flip7odds.rules import CLASSIC, POKER, RuleSet
from flip7odds.situation import Situation
from flip7odds.solver import DecisionContext, DrawResult, Solution, modifier_groups, modifier_score_parts, solve

EXACT = 1e-12
DECK = tuple(CLASSIC.deck)
MODIFIERS = tuple(card for card in CLASSIC.kinds if card.category is Category.MODIFIER)


@st.composite
def small_situations(draw: st.DrawFn, max_pile: int = 9, others: tuple[int, ...] = (0, 1)) -> Situation:
    """A random classic situation: a line, a pile of at most ``max_pile`` cards, maybe a discard pile."""
    numbers = draw(st.sets(st.integers(0, 12), max_size=3))
    line = [Card.number(value) for value in sorted(numbers)]
    line += sorted(draw(st.sets(st.sampled_from(MODIFIERS), max_size=2)))
    if draw(st.booleans()):
        line.append(Card.from_text("sc"))
    rest = list(DECK)
    for card in line:
        rest.remove(card)
    pile_at = draw(st.lists(st.integers(0, len(rest) - 1), min_size=1, max_size=max_pile, unique=True))
    pile = [rest[i] for i in pile_at]
    left = [card for i, card in enumerate(rest) if i not in set(pile_at)]
    discards = None
    if draw(st.booleans()):
        discards = [left[i] for i in draw(st.lists(st.integers(0, len(left) - 1), max_size=4, unique=True))]
    return Situation.build(CLASSIC, line, pile=pile, discards=discards, others_active=draw(st.sampled_from(others)))


def assert_same(fast: DrawResult, exact: Evaluation) -> None:
    """Every number of a result agrees with the exact one to ``EXACT``."""
    assert fast.value == pytest.approx(float(exact.value), abs=EXACT)
    assert fast.flip7_probability == pytest.approx(float(exact.flip7_probability), abs=EXACT)
    assert fast.bust_probability == pytest.approx(float(exact.bust_probability), abs=EXACT)
    reference = dict(exact.distribution)
    for score in set(fast.distribution) | set(reference):
        assert fast.distribution.get(score, 0.0) == pytest.approx(float(reference.get(score, 0)), abs=EXACT), score


# Frozen after a Flip Three when the pile runs out: the reshuffled problem starts in that phase.
RESHUFFLED_FROZEN = Situation.from_text(CLASSIC, "0 +2 +4", pile="1 freeze flip3", discards="2", others_active=0)


@settings(max_examples=300, deadline=None)
@given(small_situations())
@example(RESHUFFLED_FROZEN)
def test_agrees_with_the_reference_solver(situation: Situation) -> None:
    exact = reference_solve(situation)
    solution = solve(problem_of(situation))
    assert solution.stay_score == exact.stay_score
    assert (solution.draw is None) == (exact.hit is None)
    if exact.hit is not None:
        assert solution.draw is not None
        assert_same(solution.draw, exact.hit)
    assert_same(solution.result(), exact.optimal)
    assert solution.hits_now == exact.decision_is_hit


@settings(max_examples=60, deadline=None)
@given(small_situations(max_pile=8, others=(0,)))
@example(RESHUFFLED_FROZEN)
def test_draw_then_stay_is_the_exact_hit_once_score_when_alone(situation: Situation) -> None:
    # Alone nothing is chosen after the draw, so the engine's exact hit-once score is the same number.
    exact = hit_once_score(situation)
    solution = solve(problem_of(situation), with_draw_then_stay=True)
    assert solution.draw_then_stay == pytest.approx(float(exact), abs=EXACT)


# ----------------------------------------------------------------------------------------------
# docs/model.md, "Reference values (fresh deck, empty line, classic, round-EV)": published by an
# independent exact C++ solver; the 94-card alone value under docs/rules.md's reading of nested Flip Threes.

ACTIONS = "freeze*3 flip3*3"


def fresh(seen: str, others_active: int) -> Solution:
    return solve(problem_of(Situation.from_text(CLASSIC, "", seen=seen, others_active=others_active)))


def optimal_of(solution: Solution) -> DrawResult:
    # An empty line must hit, so the optimum is drawing now.
    assert solution.hits_now and not solution.may_stay
    return solution.result()


def test_numbers_only_deck_matches_model() -> None:
    result = optimal_of(fresh(f"+2 +4 +6 +8 +10 x2 sc*3 {ACTIONS}", 1))
    assert result.value == pytest.approx(18.5652176, abs=1e-7)
    assert result.bust_probability == pytest.approx(0.3134965, abs=1e-7)
    assert result.flip7_probability == pytest.approx(0.0028113, abs=1e-7)


def test_numbers_and_modifiers_deck_matches_model() -> None:
    assert optimal_of(fresh(f"sc*3 {ACTIONS}", 1)).value == pytest.approx(20.2291, abs=1e-4)


def test_numbers_modifiers_and_second_chance_deck_matches_model() -> None:
    assert optimal_of(fresh(ACTIONS, 1)).value == pytest.approx(22.2504034, abs=1e-7)


def test_full_deck_not_alone_is_the_deck_without_freeze_and_flip_three() -> None:
    # Not alone, Freeze and Flip Three are blanks (solver docstring, reduction 3): docs/model.md's 88-card value.
    full, without_blanks = optimal_of(fresh("", 1)), optimal_of(fresh(ACTIONS, 1))
    assert full.value == pytest.approx(22.2504034, abs=1e-7)
    assert full.value == pytest.approx(without_blanks.value, abs=1e-9)


def test_full_deck_alone_matches_model() -> None:
    assert optimal_of(fresh("", 0)).value == pytest.approx(20.2970891, abs=1e-7)


# ----------------------------------------------------------------------------------------------
# Identities on mid-round situations, too big for the reference.


@st.composite
def mid_round_situations(draw: st.DrawFn) -> Situation:
    """A line of 1 to 5 numbers (maybe modifiers, a Second Chance) and the deck minus 20 to 80 seen cards."""
    numbers = draw(st.sets(st.integers(0, 12), min_size=1, max_size=5))
    line = [Card.number(value) for value in sorted(numbers)]
    line += sorted(draw(st.sets(st.sampled_from(MODIFIERS), max_size=2)))
    if draw(st.booleans()):
        line.append(Card.from_text("sc"))
    rest = list(DECK)
    for card in line:
        rest.remove(card)
    seen = draw(st.lists(st.integers(0, len(rest) - 1), min_size=20, max_size=80, unique=True))
    return Situation.build(CLASSIC, line, seen=[rest[i] for i in seen], others_active=draw(st.integers(0, 1)))


@settings(max_examples=40, deadline=None)
@given(mid_round_situations())
def test_distribution_sums_to_one_and_its_mean_is_the_value(situation: Situation) -> None:
    solution = solve(problem_of(situation))
    assert solution.draw is not None
    for result in (solution.draw, solution.result()):
        assert sum(result.distribution.values()) == pytest.approx(1.0, abs=1e-9)
        assert sum(score * p for score, p in result.distribution.items()) == pytest.approx(result.value, abs=1e-9)
        assert result.distribution.get(0, 0.0) >= result.bust_probability - 1e-12
        assert 0.0 <= result.flip7_probability <= 1.0 - result.bust_probability + 1e-12
    assert solution.result().value >= solution.stay_score - 1e-12


class Threshold:
    """Hit while the sum of your numbers is below ``limit`` (a simple policy from docs/model.md)."""

    needs_hit_once = False

    def __init__(self, limit: int) -> None:
        self.limit = limit

    def hits(self, context: DecisionContext) -> NDArray[np.bool_]:
        return np.broadcast_to(context.number_sum < self.limit, context.stay.shape)


class Optimal:
    """The optimal rule, written as a policy: hit when hitting beats staying by more than 1e-9."""

    needs_hit_once = False

    def hits(self, context: DecisionContext) -> NDArray[np.bool_]:
        return context.hit > context.stay + 1e-9


class OneMore:
    """Hit when one more card and then staying is worth more than staying (reads ``hit_once``)."""

    needs_hit_once = True

    def hits(self, context: DecisionContext) -> NDArray[np.bool_]:
        assert context.hit_once is not None
        return context.hit_once > context.stay


@settings(max_examples=15, deadline=None)
@given(mid_round_situations())
def test_policies_never_beat_the_optimum(situation: Situation) -> None:
    problem = problem_of(situation)
    optimal = solve(problem)
    assert solve(problem, policy=Optimal()).result().value == pytest.approx(optimal.result().value, abs=1e-9)
    for policy in (Threshold(23), OneMore()):
        result = solve(problem, policy=policy).result()
        assert result.value <= optimal.result().value + 1e-9
        assert sum(result.distribution.values()) == pytest.approx(1.0, abs=1e-9)
        assert sum(score * p for score, p in result.distribution.items()) == pytest.approx(result.value, abs=1e-9)


def test_threshold_policy_on_the_numbers_only_deck_matches_model() -> None:
    # docs/model.md: "stay once the sum of your numbers is at least 23" earns 18.5212 on the 79-card deck.
    situation = Situation.from_text(CLASSIC, "", seen=f"+2 +4 +6 +8 +10 x2 sc*3 {ACTIONS}")
    result = solve(problem_of(situation), policy=Threshold(23)).result()
    assert result.value == pytest.approx(18.5212, abs=1e-4)


def test_a_pile_that_runs_out_is_reshuffled_once() -> None:
    # Two cards left, three in the discard pile: the third draw comes from the reshuffled discards.
    situation = Situation.from_text(CLASSIC, "3", pile="5 7", discards="3 9 11", others_active=0)
    exact = reference_solve(situation)
    solution = solve(problem_of(situation))
    assert exact.hit is not None and solution.draw is not None
    assert_same(solution.draw, exact.hit)
    assert Fraction(exact.hit.value) > 0


def test_solves_running_at_once_give_the_same_results() -> None:
    # The app solves for several sessions at once; the solver's threads are shared between them.
    situations = [Situation.from_text(CLASSIC, line, seen=seen, others_active=0)
                  for line, seen in (("7", "12*6 11*5 3"), ("2 9 +4", "sc freeze"), ("11 sc", "flip3 10*4"))]
    alone = [solve(problem_of(situation)).result() for situation in situations]
    with ThreadPoolExecutor(3) as pool:
        together = list(pool.map(lambda situation: solve(problem_of(situation)).result(), situations))
    for one, other in zip(alone, together):
        assert other.value == pytest.approx(one.value, abs=1e-12)
        assert other.distribution == pytest.approx(one.distribution, abs=1e-12)


VARIANT_MODIFIERS = {rules.name: tuple(card for card in rules.kinds if card.category is Category.MODIFIER)
                     for rules in (CLASSIC, POKER)}


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([CLASSIC, POKER]), st.data())
def test_modifier_score_parts_are_the_rules_scores(rules: RuleSet, data: st.DataObject) -> None:
    """The vectorised score of every modifier combination is `RuleSet.score`, royal flush and stacked x2 included."""
    kinds = VARIANT_MODIFIERS[rules.name]
    line = tuple(sorted(data.draw(st.sets(st.sampled_from(kinds), max_size=4))))
    pile = CardCounts.from_mapping({card: 1 for card in kinds if card not in line})
    groups = modifier_groups(rules, pile, line)
    digits = np.array(list(itertools.product(*[range(len(group) + 1) for group in groups])),
                      dtype=np.int64).reshape(-1, len(groups))
    multiplier, plus = modifier_score_parts(rules, line, groups, digits)
    for row, m, b in zip(digits.tolist(), multiplier.tolist(), plus.tolist()):
        drawn = line + tuple(card for group, count in zip(groups, row) for card in group[:count])
        for number_sum in (0, 1, 37):
            assert m * number_sum + b == rules.score(number_sum, drawn, False)


@pytest.mark.parametrize(("rules", "line", "seen", "more"), [
    (CLASSIC, "12 7", "5 6", "11 3"), (CLASSIC, "12 7 x2 sc", "5 flip3", "6 11"), (POKER, "12 7", "5 6", "11 4"),
])
def test_columns_remembered_from_another_pile_give_the_same_solution(rules: RuleSet, line: str, seen: str,
                                                                     more: str) -> None:
    """Two taps of a live table share their columns (`_column_key`): the second solve equals one from scratch."""
    first = problem_of(Situation.from_text(rules, line, seen=seen))
    second = problem_of(Situation.from_text(rules, line, seen=f"{seen} {more}"))
    fresh = []
    for problem in (first, second):
        solver_module._COLUMN_CACHE.clear()
        fresh.append(solve(problem))
    assert solver_module._column_key(first.stripped(), solver_module._modifier_groups(first.stripped()), False) == \
        solver_module._column_key(second.stripped(), solver_module._modifier_groups(second.stripped()), False)
    assert [solve(first), solve(second)] == fresh  # each from the other's columns

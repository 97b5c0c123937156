"""Relaxed decks (`flip7odds.relaxation`): the exact value lies inside their bounds, every time.

Oracles: the exact lattice solver on the real pile (`flip7odds.analysis.analyze`), and, for the lower
bound's claim that it is the real value of a policy, a brute-force walk of the real game's literal chance
tree (`flip7odds.engine`) that plays the relaxed game's optimal policy (found by the naive reference
solver, `flip7odds.reference`, on the relaxed game) and must score exactly the relaxed value, with the same
P(Flip 7) and P(bust). Random small poker piles with several penalties (Hypothesis, the suite's seed).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from flip7odds.analysis import analyze, problem_of
from flip7odds.answer import Method, answer
from flip7odds.cards import Card, Category, ModifierKind
from flip7odds.counts import CardCounts
from flip7odds.engine import Choice, Node, RoundRules, RoundState, Terminal, Termination
from flip7odds.lookahead import hit_once_value
from flip7odds.reference import ReferenceSolver
from flip7odds.relaxation import (
    HIT_ONCE_LOWER,
    Grouping,
    Relaxation,
    _hit_once,
    choose_grouping,
    choose_relaxation,
    coarsest_relaxation,
    estimated_cost,
    grouped,
    hit_once_bounds,
    minors,
    relaxed_problem,
    solve_relaxed,
    walks,
)
from flip7odds.rules import POKER
from flip7odds.situation import Line, Situation
from flip7odds.solver import Problem, solve, solve_cost

TOLERANCE = 1e-9
PENALTIES = [card for card in POKER.kinds if card.modifier is ModifierKind.PLUS]
OTHERS = [card for card, n in POKER.deck.items_ for _ in range(n) if card.modifier is not ModifierKind.PLUS]


@st.composite
def penalty_situations(draw: st.DrawFn, max_pile: int = 9) -> Situation:
    """A poker situation with a small pile holding several penalties, sometimes a discard pile with some."""
    penalties = draw(st.permutations(PENALTIES))
    others = draw(st.permutations(OTHERS))
    in_line, in_pile = draw(st.integers(0, 2)), draw(st.integers(2, 5))
    line: list[Card] = []
    for card in others[:draw(st.integers(0, 3))]:
        if card.category is Category.NUMBER and all(card.value != held.value for held in line):
            line.append(card)
    rest = list((Counter(others) - Counter(line)).elements())
    rest = [rest[i] for i in draw(st.permutations(range(len(rest))))[:max_pile + 2]]
    pile = penalties[in_line:in_line + in_pile] + rest[:max_pile - in_pile]
    discards = None
    if draw(st.booleans()):
        first = in_line + in_pile
        discards = penalties[first:first + draw(st.integers(0, 3))] + rest[max_pile - in_pile:]
    return Situation.build(POKER, line + penalties[:in_line], pile=pile, discards=discards,
                           others_active=draw(st.sampled_from([0, 1])))


def groupings(problem: Problem) -> list[Grouping]:
    """Every relaxation of ``problem`` short of exact."""
    result = []
    for royal in (True, False):
        most = max(map(len, minors(problem, Grouping(royal, 1))))
        result += [Grouping(royal, g) for g in range(1, max(1, most))]
    return result


def test_grouped_cuts_contiguous_runs() -> None:
    values = [-9, -8, -7, -6, -5, -4, -3, -2]
    assert grouped(values, 1) == [values]
    assert grouped(values, 4) == [[-9, -8], [-7, -6], [-5, -4], [-3, -2]]
    for groups in range(1, 10):
        cut = grouped(values, groups)
        assert [v for group in cut for v in group] == values
        assert len(cut) == min(groups, len(values))
        assert max(map(len, cut)) - min(map(len, cut)) <= 1
    assert grouped([], 3) == []


def test_relaxed_deck_merges_the_minors_and_keeps_the_royal_flush() -> None:
    situation = Situation.from_text(POKER, "K", others_active=1)
    problem = problem_of(situation)
    high, scale = relaxed_problem(problem, Grouping(True, 2), upper=True)
    assert scale == 1
    assert high.pile[Card.plus(-6)] == 4 and high.pile[Card.plus(-2)] == 4
    assert high.pile[Card.plus(-1)] == 1 and high.pile[Card.plus(-10)] == 1
    assert high.pile.size == problem.pile.size
    low, scale = relaxed_problem(problem, Grouping(True, 2), upper=False)
    assert scale == 2  # means -7.5 and -3.5: scores doubled
    assert low.pile[Card.plus(-15)] == 4 and low.pile[Card.plus(-7)] == 4
    assert low.numbers == frozenset({26}) and low.rules.flip7_bonus == 40
    assert set(low.rules.royal_flush) == {Card.plus(-2), Card.plus(-20), *(c for c in POKER.royal_flush
                                                                           if c.modifier is ModifierKind.TIMES)}
    merged, _ = relaxed_problem(problem, Grouping(False, 1), upper=False)
    assert merged.rules.royal_flush_bonus == 0 and merged.pile[Card.plus(-11)] == 10  # mean -5.5, doubled


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(penalty_situations())
def test_exact_values_inside_every_relaxation(situation: Situation) -> None:
    exact = analyze(situation)
    problem = problem_of(situation)
    for grouping in groupings(problem):
        result = solve_relaxed(problem, grouping)
        assert result.stay_score == exact.stay_score
        if exact.hit_score is None:
            assert result.hit is None
            continue
        assert result.hit is not None and result.hit_once is not None
        assert result.hit[0] <= exact.hit_score <= result.hit[1]
        assert result.hit_once[0] <= float(exact.hit_once_score or 0) <= result.hit_once[1]
        assert result.optimal[0] <= exact.optimal_score <= result.optimal[1]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(penalty_situations())
def test_exact_values_inside_decks_merged_differently(situation: Situation) -> None:
    # The lower and upper decks need not merge alike: each bound holds for any grouping of its own.
    exact = analyze(situation)
    problem = problem_of(situation)
    every = groupings(problem)
    if exact.hit_score is None or not every:
        return
    for lower, upper in ((every[0], every[-1]), (every[-1], every[0])):
        result = solve_relaxed(problem, Relaxation(lower, upper))
        assert (result.lower, result.grouping) == (lower, upper)
        assert result.hit is not None
        assert result.hit[0] <= exact.hit_score <= result.hit[1]
        assert result.optimal[0] <= exact.optimal_score <= result.optimal[1]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(penalty_situations())
def test_hit_once_is_exact_alone_and_bounded_otherwise(situation: Situation) -> None:
    # Alone hitting once makes no choice: its mean-merged value is the real one (a penalty-blind rule).
    if not situation.pile.size and not (situation.discards and situation.discards.size):
        return
    # Not alone over a pile the walk values, the real deck is valued: exact, timed or not.
    exact = float(analyze(situation).hit_once_score or 0)
    problem = problem_of(situation)
    for seconds, timed in ((0.0, True), (1.0, True), (1.0, False)):
        lo, hi = hit_once_bounds(problem, seconds, timed)
        assert lo <= exact <= hi
        if situation.alone or walks(problem):
            assert hi - lo <= 3e-9


def test_hit_once_not_alone_is_the_real_decks_value() -> None:
    # Not alone a Flip Three's set-aside Flip Threes are taken after seeing the penalties: the mean-merged value,
    # exact alone, is only a lower bound here (a planted "merged is exact" fails), the one-group least-penalty
    # deck the quiz used is far above, and the real deck's value is what the bounds give, deterministic too.
    situation = Situation.from_text(POKER, "Kd 9", others_active=1)
    problem = problem_of(situation)
    real = float(hit_once_value(situation))
    merged = float(_hit_once(problem, HIT_ONCE_LOWER, upper=False))
    one_group = float(_hit_once(problem, HIT_ONCE_LOWER, upper=True))
    assert walks(problem) and merged < real - 1e-7 and one_group > real + 0.1
    lo, hi = hit_once_bounds(problem, 0.15, timed=False)
    assert lo <= real <= hi and hi - lo <= 3e-9
    result = answer(situation, 0.3, deterministic=True)  # at 0.5 s the exact solver fits
    assert result.method is Method.RELAXED and result.hit_once is not None
    assert result.hit_once.lo <= real <= result.hit_once.hi and result.hit_once.width <= 3e-9


def test_small_budgets_still_get_relaxed_decks() -> None:
    # The hit-once reserve is a share of the budget: at the live page's 0.5 s the relaxed decks fit.
    problem = problem_of(Situation.from_text(POKER, "K 7", others_active=0))
    relaxation = choose_relaxation(problem, 0.5, 768 * 1024**2)
    assert relaxation is not None
    assert choose_relaxation(problem, 3.0, 768 * 1024**2) != relaxation  # more budget, finer decks
    fresh = problem_of(Situation.from_text(POKER, "", others_active=0))
    assert choose_relaxation(fresh, 0.5, 768 * 1024**2) is None
    assert coarsest_relaxation(fresh, 0.5, 768 * 1024**2) is None
    assert coarsest_relaxation(fresh, 3.0, 768 * 1024**2) == Relaxation(Grouping(False, 1), Grouping(False, 1))


def _relaxed_situation(problem: Problem) -> Situation:
    line = Line(problem.numbers, problem.modifiers, problem.second_chance)
    return Situation(problem.rules, line, problem.pile, problem.discards, 0 if problem.alone else 1)


class _Coarse:
    """The relaxed game's optimal policy (by the reference solver), played in the real game's literal tree."""

    def __init__(self, situation: Situation, grouping: Grouping) -> None:
        problem = problem_of(situation)
        self.relaxed, self.scale = relaxed_problem(problem, grouping, upper=False)
        self.rules = situation.rules
        self.root_modifiers = Counter(situation.line.modifiers)
        pile_values, discard_values = minors(problem, grouping)
        self.card_of: dict[int, Card] = {}
        for group in grouped(pile_values, grouping.groups) + grouped(discard_values, grouping.groups):
            for value in group:  # poker penalties are single cards: a value names one
                self.card_of[value] = Card.plus(int(Fraction(sum(group) * self.scale, len(group))))
        self.real = RoundRules(situation.rules, situation.alone)
        self.reference = ReferenceSolver(RoundRules(self.relaxed.rules, situation.alone))
        self.grouping = grouping
        self.memo: dict[RoundState, tuple[Fraction, Fraction, Fraction]] = {}

    def relax_card(self, card: Card) -> Card:
        if card.modifier is ModifierKind.PLUS and card.value < 0 and card.value in self.card_of and not (
                self.grouping.royal and card in self.rules.royal_flush):
            return self.card_of[card.value]
        if card.category is Category.NUMBER:
            return Card.number(card.value * self.scale)
        if card.modifier is ModifierKind.PLUS:
            return Card.plus(card.value * self.scale)
        return card

    def relax_counts(self, counts: CardCounts | None) -> CardCounts | None:
        if counts is None:
            return None
        return CardCounts.from_cards(self.relax_card(card) for card in counts)

    def relax(self, node: Node) -> Node:
        if isinstance(node, Terminal):
            return Terminal(node.reason, node.score * self.scale)
        if isinstance(node, Choice):
            return Choice(tuple((option, self.relax(child)) for option, child in node.options))
        drawn = Counter(node.line.modifiers) - self.root_modifiers
        modifiers = [Card.plus(c.value * self.scale) if c.modifier is ModifierKind.PLUS else c
                     for c in self.root_modifiers.elements()]
        modifiers += [self.relax_card(c) for c in drawn.elements()]
        line = Line(frozenset(v * self.scale for v in node.line.numbers), tuple(sorted(modifiers)),
                    node.line.second_chance)
        pile = self.relax_counts(node.pile)
        assert pile is not None
        return RoundState(line, pile, self.relax_counts(node.discards), node.forced, node.pending_flip_threes,
                          node.aside_freezes, node.aside_flip_threes)

    def play(self, node: Node) -> tuple[Fraction, Fraction, Fraction]:
        """(expected score, P(Flip 7), P(bust)) of the coarse policy from a real node."""
        if isinstance(node, Terminal):
            return (Fraction(node.score), Fraction(node.reason is Termination.FLIP_7),
                    Fraction(node.reason is Termination.BUST))
        if isinstance(node, Choice):
            values = [self.reference.evaluate(self.relax(child)).value for _, child in node.options]
            return self.play(node.options[values.index(max(values))][1])
        if node.at_decision:
            if not node.can_draw:
                return (Fraction(node.line.score(self.rules)), Fraction(0), Fraction(0))
            stay, hit = self.reference.decide(self.relax(node))  # type: ignore[arg-type]
            if not node.line.is_empty and (hit is None or hit.value <= stay.value):
                return (Fraction(node.line.score(self.rules)), Fraction(0), Fraction(0))
        return self.draw(node)

    def draw(self, state: RoundState) -> tuple[Fraction, Fraction, Fraction]:
        known = self.memo.get(state)
        if known is None:
            known = self.memo[state] = self._draw(state)
        return known

    def _draw(self, state: RoundState) -> tuple[Fraction, Fraction, Fraction]:
        size, outcomes = self.real.draw_outcomes(state)
        total = [Fraction(0)] * 3
        for outcome in outcomes:
            for i, part in enumerate(self.play(outcome.node)):
                total[i] += Fraction(outcome.count, size) * part
        return total[0], total[1], total[2]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(penalty_situations(max_pile=6))
def test_lower_bound_is_the_real_value_of_a_coarse_policy(situation: Situation) -> None:
    problem = problem_of(situation)
    if not situation.pile.size:
        return
    for grouping in groupings(problem)[:3]:
        coarse = _Coarse(situation, grouping)
        real_root = coarse.real.start(situation)
        value, flip7, bust = coarse.draw(real_root)
        relaxed = coarse.reference.draw(coarse.relax(real_root))  # type: ignore[arg-type]
        assert value == relaxed.value / coarse.scale  # exchangeability: exactly, in fractions
        assert (flip7, bust) == (relaxed.flip7_probability, relaxed.bust_probability)
        result = solve_relaxed(problem, grouping)
        assert result.hit is not None
        assert abs(result.hit[0] + 1e-9 - float(value)) <= TOLERANCE


@pytest.mark.parametrize(("line", "others"), [("K 9", 0), ("", 0)])
def test_answer_uses_the_relaxation_where_the_exact_solver_does_not_fit(line: str, others: int) -> None:
    situation = Situation.from_text(POKER, line, others_active=others)
    problem = problem_of(situation)
    grouping = choose_grouping(problem, 3.0, 768 * 1024**2)
    assert grouping is not None
    result = answer(situation)
    assert result.method is Method.RELAXED and not result.exact
    assert 0 < result.error_bound < 1.0  # a fresh pile within a point, where the ladder left hundreds
    assert result.hit is not None and result.stay_score not in result.hit or result.too_close
    data = result.to_json()
    assert data["exact"] is False and data["bounds"]["optimal_score"][0] <= data["optimal_score"]


def test_an_empty_pile_relaxes_the_discards_it_reshuffles() -> None:
    situation = Situation.from_text(POKER, "8 2", pile="", discards="joker 4 5 6 7 9 10d 9d 8d 5d 3d 3",
                                    others_active=0)
    exact = analyze(situation)
    problem = problem_of(situation)
    assert minors(problem, Grouping(True, 1))[0] == [-9, -8, -5, -3]
    for grouping in groupings(problem):
        result = solve_relaxed(problem, grouping)
        assert result.hit is not None and exact.hit_score is not None
        assert result.hit[0] <= exact.hit_score <= result.hit[1]
        assert result.hit[1] - result.hit[0] > 1e-6  # merged: a true relaxation, not the exact solve again


LONG_DISCARDS = [  # four cards over a long discard pile, from random deals (a slow-answer scan, 2026-12-02)
    ("6", "7 9 3 3", ("joker joker 4 5 5 6 7 7 8 8 8 9 9 10 10 10 10 J J J J Q Q Q Q K K K K 10d 9d 7d 5d 4d 3d 2d Ad "
     "Jd Kd Qd A A A 3 3 2 2 2"), 1),
    ("joker", "6 K A 2", ("joker 5 5 6 7 7 7 8 8 9 9 9 10 10 10 10 J J J J Q Q Q K K 10d 9d 8d 7d 6d 5d 4d 3d 2d Ad Jd "
     "Kd Qd A A A 3 3 3 3 2 2 2"), 2),
    ("9 10 K", "J 2d Ad 3", ("joker joker 4 5 5 6 6 7 7 8 8 8 9 9 10 10 10 J J J Q Q Q K K K 10d 9d 8d 7d 6d 5d 4d 3d "
     "Kd Qd A A A 3 3 3 2 2 2 2"), 0),
]


@pytest.mark.parametrize(("line", "pile", "discards", "others"), LONG_DISCARDS)
def test_estimated_cost_counts_the_reshuffled_sub_problems(line: str, pile: str, discards: str, others: int,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # Oracle: the states of every lattice the solver builds, the reshuffled sub-problems included.
    import flip7odds.solver as solver_module

    problem = problem_of(Situation.from_text(POKER, line, pile=pile, discards=discards, others_active=others))
    solved: list[int] = []
    real_solve = solver_module.solve

    def recording(sub: Problem, *args: object, **kwargs: object) -> object:
        solved.append(solver_module.solve_cost(sub).states)
        return real_solve(sub, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(solver_module, "solve", recording)
    root = real_solve(problem, memory_limit=None)
    actual = root.states + sum(solved)
    assert solved, "the pile runs out onto the discards"
    estimate = estimated_cost(problem).states
    assert actual <= estimate <= 2 * actual
    assert solver_module.solve_cost(problem).states > 5 * actual  # what the one-lattice count said


def test_estimated_cost_of_an_empty_pile_is_its_reshuffled_discards() -> None:
    # solve_cost counts an empty pile as nothing to solve; the solver solves the discards reshuffled.
    situation = Situation.from_text(POKER, "8 K", pile="", discards="joker 4 5 6 7 9 10d 9d 8d 5d 3d 3 2 A Q",
                                    others_active=0)
    problem = problem_of(situation)
    solved = solve(problem, memory_limit=None).states
    assert solve_cost(problem).states == 0 < solved <= estimated_cost(problem).states

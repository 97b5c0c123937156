"""The upper deck's refunds (`flip7odds.relaxation`, "Refunds"): a shaded upper deck whose endings with few merged
penalties give its premium back, plus the premium, holds the exact value at every state checked; refunding more
than ``r(k)`` does not.

Oracle: the exact lattice solver on the real pile (`flip7odds.analysis.analyze`), on random small poker piles with
several penalties and no discards (a fixed seed), at each situation dealt and at every situation one card later
(each card of the pile that can join the line), for every grouping and every shading step with a premium.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction

from flip7odds.analysis import analyze, problem_of
from flip7odds.cards import FREEZE, Card, Category
from flip7odds.counts import CardCounts
from flip7odds.relaxation import Grouping, Shading, refunded_problem, relaxed_problem, solve_relaxed
from flip7odds.rules import POKER
from flip7odds.situation import Situation
from flip7odds.solver import Problem, ScoreOffsets, solve
from tests.test_relaxation import OTHERS, PENALTIES, groupings
from tests.test_relaxation_premium import shadings

TOLERANCE = 1e-9
SEED = 46
DEALS = 80


def dealt(rng: random.Random) -> Situation:
    """A small poker pile (7-9 cards, 3-5 of them penalties), a line of up to two numbers, alone or with one other."""
    penalties = rng.sample(PENALTIES, len(PENALTIES))
    others = rng.sample(OTHERS, len(OTHERS))
    line: list[Card] = []
    for card in others[:rng.randint(0, 2)]:
        if card.category is Category.NUMBER and all(card.value != held.value for held in line):
            line.append(card)
    rest = list((Counter(others) - Counter(line)).elements())
    pile = penalties[:rng.randint(3, 5)] + rest[:rng.randint(4, 5)]
    return Situation.build(POKER, line, pile=pile, others_active=rng.choice([0, 1]))


def states(situation: Situation) -> Iterator[Situation]:
    """``situation`` and every situation one card later that does not end the round: each number of the pile you do
    not hold, each modifier, in your line and out of the pile."""
    yield situation
    for card, _ in situation.pile.items_:
        if card.category is Category.ACTION or (card.category is Category.NUMBER
                                                and card.value in situation.line.numbers):
            continue
        line = [*(Card.number(v) for v in sorted(situation.line.numbers)), *situation.line.modifiers, card]
        if len([c for c in line if c.category is Category.NUMBER]) >= POKER.flip7_size:
            continue
        yield Situation.build(POKER, line, pile=situation.pile - CardCounts.from_mapping({card: 1}),
                              others_active=situation.others_active)


def bounds(problem: Problem, grouping: Grouping, shading: Shading,
           offsets: ScoreOffsets | None = None) -> tuple[float, float]:
    """The upper bound on hitting from ``grouping``'s deck shaded by ``shading`` plus its premium: refunded, and not.
    ``offsets`` replaces the refunds (a planted error)."""
    refunded, scale = refunded_problem(problem, grouping, shading)
    if offsets is not None:
        refunded = dataclasses.replace(refunded, offsets=offsets)
    plain, _ = relaxed_problem(problem, grouping, upper=True, shading=shading)
    values = []
    for game, factor in ((refunded, scale), (plain, 1)):
        draw = solve(game, 0.0, memory_limit=None, distribution=False).draw
        assert draw is not None
        values.append(draw.value / factor + float(shading.premium))
    return values[0], values[1]


def test_refunded_upper_decks_hold_the_exact_value_at_every_state() -> None:
    rng = random.Random(SEED)
    situations = checked = narrower = 0
    for _ in range(DEALS):
        for situation in states(dealt(rng)):
            exact = analyze(situation).hit_score
            if exact is None:
                continue
            situations += 1
            problem = problem_of(situation)
            for grouping in groupings(problem):
                for shading in shadings(problem, grouping):
                    if not shading.premium:
                        continue
                    refunded, plain = bounds(problem, grouping, shading)
                    assert exact <= refunded + TOLERANCE <= plain + 2 * TOLERANCE
                    checked += 1
                    narrower += refunded < plain - TOLERANCE
            result = solve_relaxed(problem, groupings(problem)[-1])
            assert result.hit is not None and result.hit[0] <= exact <= result.hit[1]
    print(f"{checked} shaded decks checked at {situations} states, {narrower} narrower with their refunds")
    assert situations >= 450 and checked >= 3000 and narrower >= 2800  # 467 states, 3024 decks, 2840 narrower


def test_refunding_the_premium_whatever_was_drawn_is_not_an_upper_bound() -> None:
    # The planted wrong bound: ``Psi(empty)`` given back at every ending, not ``r(k)``. An empty line over
    # ``9 -8 -7 -6 -2`` and four Freezes, with one other player: the four penalties at -6 cost a premium of 5/2, which
    # a round holding a -2 must keep (``r(k) = 0`` there). The refunds hold the exact value, the planted ones do not.
    cards = [Card.number(9), *(Card.plus(-v) for v in (8, 7, 6, 2)), *[FREEZE] * 4]
    situation = Situation.build(POKER, [], pile=cards, others_active=1)
    problem = problem_of(situation)
    exact = analyze(situation).hit_score
    assert exact is not None
    grouping = Grouping(True, 1)
    shading = shadings(problem, grouping)[1]
    assert shading.values == (-6,) and shading.premium == Fraction(5, 2)
    refunded, scale = refunded_problem(problem, grouping, shading)
    assert refunded.offsets is not None
    counts = tuple((k,) for k in range(5))
    wrong = ScoreOffsets(refunded.offsets.cards, counts, (-math.floor(scale * shading.premium),) * len(counts))
    right, plain = bounds(problem, grouping, shading)
    planted, _ = bounds(problem, grouping, shading, wrong)
    assert planted < exact - 0.4 < exact <= right + TOLERANCE < plain

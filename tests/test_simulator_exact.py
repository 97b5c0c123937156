"""The simulator against exact values: a lone optimal player's mean round score from a fresh pile.

Monte-Carlo within 4 standard errors with fixed seeds. The optimal policy calls the exact solver at
each new decision (cached). The full 94-card deck alone costs about 2 s per simulated round (a solve
at each decision of a fresh pile), too long for the suite, so the lone-player check runs on the
published sub-decks of docs/model.md and on a small deck with every action card, whose exact value the
solver gives in milliseconds.
"""

import numpy as np
import pytest

from flip7odds.analysis import TOLERANCE
from flip7odds.cards import Category, parse_cards
from flip7odds.counts import CardCounts
from flip7odds.rules import CLASSIC, RuleSet
from flip7odds.simulator import OptimalPolicy, RoundStart, play_round
from flip7odds.solver import Problem, solve

NUMBERS_ONLY = RuleSet("numbers", CardCounts.from_mapping({c: n for c, n in CLASSIC.deck.items_ if c.is_number}))
WITH_MODIFIERS = RuleSet("modifiers", CardCounts.from_mapping(
    {c: n for c, n in CLASSIC.deck.items_ if c.category is not Category.ACTION}))
# Every rule of the classic deck on 21 cards: Flip 7 becomes "4 distinct numbers" so rounds end early.
SMALL = RuleSet("small", CardCounts.from_cards(parse_cards("1 2*2 3*3 4*4 5*5 +4 x2 freeze*2 flip3*2 sc*2")),
                flip7_size=4)


def lone_round_scores(rules: RuleSet, rounds: int, seed: int) -> np.ndarray:
    """Scores of ``rounds`` solo rounds, each from a freshly shuffled pile, played optimally."""
    rng = np.random.default_rng(seed)
    optimal = OptimalPolicy()
    scores = []
    for _ in range(rounds):
        start = RoundStart.fresh(rules, 1, rng, dealer=0)
        scores.append(play_round(rules, (optimal,), start, int(rng.integers(2**63))).scores[0])
    return np.array(scores, dtype=float)


def exact_fresh_value(rules: RuleSet) -> float:
    """The solver's optimal expected score of a lone player's round from the fresh pile (an empty line must hit)."""
    solution = solve(Problem(rules, frozenset(), (), False, rules.deck, CardCounts(), alone=True), TOLERANCE)
    assert solution.hit_score is not None
    return solution.hit_score


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "exact", "rounds"), [
    # docs/model.md, reference values (independent exact C++ solver): numbers only 18.5652176; with modifiers 20.2291.
    (NUMBERS_ONLY, 18.5652176, 4000),
    (WITH_MODIFIERS, 20.2291, 300),
    (SMALL, None, 2000),
], ids=["numbers-79", "modifiers-85", "small-with-actions"])
def test_lone_optimal_player_matches_the_exact_value(rules: RuleSet, exact: float | None, rounds: int) -> None:
    target = exact_fresh_value(rules) if exact is None else exact
    scores = lone_round_scores(rules, rounds, seed=20240)
    standard_error = scores.std(ddof=1) / np.sqrt(rounds)
    assert abs(scores.mean() - target) < 4 * standard_error, (scores.mean(), target, standard_error)


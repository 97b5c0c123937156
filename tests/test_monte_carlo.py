"""Monte-Carlo: single rounds played by the solver's own policy average to `optimal_score`.

Each round is sampled from the literal engine (`flip7odds.engine`), an independent statement of the
rules; at every decision the solver is asked again from the literal state. With a fixed seed the
sample mean must fall within 4 standard errors of the exact value.
"""

import numpy as np
import pytest

from flip7odds.analysis import analyze
from flip7odds.engine import Choice, Node, Option, RoundRules, RoundState, Terminal
from flip7odds.rules import CLASSIC
from flip7odds.situation import Situation
from flip7odds.solver import Problem, solve

ROUNDS = 4000


class SolverPolicy:
    """Hit while the solver says so, asking it once per literal state."""

    def __init__(self, round_rules: RoundRules) -> None:
        self.round_rules = round_rules
        self.known: dict[RoundState, bool] = {}

    def hits(self, state: RoundState) -> bool:
        if state not in self.known:
            self.known[state] = self._solve(state)
        return self.known[state]

    def _solve(self, state: RoundState) -> bool:
        line = state.line
        problem = Problem(self.round_rules.rules, line.numbers, line.modifiers, line.second_chance, state.pile,
                          state.discards, self.round_rules.alone)
        return solve(problem).hits_now


def play_round(policy: SolverPolicy, start: RoundState, rng: np.random.Generator) -> int:
    """One round from ``start``, drawing first; Flip Threes and Freezes given away when not alone."""
    round_rules = policy.round_rules
    node: Node = start
    first = True
    while True:
        if isinstance(node, Terminal):
            return node.score
        if isinstance(node, Choice):
            node = dict(node.options)[Option.CARRY_ON]
            continue
        if node.at_decision and not first and not policy.hits(node):
            return node.line.score(round_rules.rules)
        first = False
        size, outcomes = round_rules.draw_outcomes(node)
        counts = np.array([o.count for o in outcomes])
        node = outcomes[rng.choice(len(outcomes), p=counts / size)].node


@pytest.mark.parametrize("line, pile, discards, others, seed", [
    ("12 7", "12*4 11*3 7*2 5 6 8 9 +4 x2 sc freeze flip3", None, 1, 1),
    ("3 +2", "3 4 5 6 8 9 10 11 12*3 sc flip3*2 freeze", None, 0, 2),
    ("9", "9*3 10 11 4 flip3 sc", "5 6 7 x2 +10", 0, 3),
])
def test_simulated_rounds_average_to_the_hit_value(line: str, pile: str, discards: str | None, others: int,
                                                    seed: int) -> None:
    situation = Situation.from_text(CLASSIC, line, pile=pile, discards=discards, others_active=others)
    result = analyze(situation)
    assert result.hit_score is not None
    policy = SolverPolicy(RoundRules(CLASSIC, situation.alone))
    rng = np.random.default_rng(seed)
    start = policy.round_rules.start(situation)
    scores = np.array([play_round(policy, start, rng) for _ in range(ROUNDS)])
    standard_error = scores.std(ddof=1) / np.sqrt(ROUNDS)
    assert abs(scores.mean() - result.hit_score) < 4 * standard_error

"""The reference solver: plain memoised recursion over literal round states, in exact fractions.

For small piles only! It walks `flip7odds.engine`'s chance tree with no cleverness at all: the state
is the whole literal pile, discard pile and line, every choice is tried, every number is a
`fractions.Fraction`. It exists to check the fast solver (`flip7odds.solver`), never to serve the app.

Policy: at a decision, hit only if hitting is worth strictly more than staying (ties stay, docs/model.md);
at a `Choice`, the first of the best options in `Option` order.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction

from flip7odds.engine import Node, RoundRules, RoundState, Termination
from flip7odds.situation import Situation
from flip7odds.tree import Choice, Terminal


@dataclass(frozen=True)
class Evaluation:
    """Exact results of playing on from a node: expected score, P(Flip 7), P(bust), score distribution."""

    value: Fraction
    flip7_probability: Fraction
    bust_probability: Fraction
    distribution: tuple[tuple[int, Fraction], ...]

    @classmethod
    def terminal(cls, terminal: Terminal[Termination]) -> Evaluation:
        """A finished round."""
        return cls(
            Fraction(terminal.score),
            Fraction(terminal.reason is Termination.FLIP_7),
            Fraction(terminal.reason is Termination.BUST),
            ((terminal.score, Fraction(1)),),
        )

    @classmethod
    def mixture(cls, weighted: list[tuple[Fraction, Evaluation]]) -> Evaluation:
        """The evaluation of a lottery over evaluations (weights sum to 1)."""
        distribution: defaultdict[int, Fraction] = defaultdict(Fraction)
        for weight, evaluation in weighted:
            for score, probability in evaluation.distribution:
                distribution[score] += weight * probability
        return cls(
            sum((w * e.value for w, e in weighted), Fraction(0)),
            sum((w * e.flip7_probability for w, e in weighted), Fraction(0)),
            sum((w * e.bust_probability for w, e in weighted), Fraction(0)),
            tuple(sorted(distribution.items())),
        )

    @staticmethod
    def best(candidates: Iterable[Evaluation]) -> Evaluation:
        """The first of the candidates with the highest value: a choice's evaluation, its options tried in order
        (the reference solvers of every variant take the first of the best options). There must be one."""
        best: Evaluation | None = None
        for candidate in candidates:
            if best is None or candidate.value > best.value:
                best = candidate
        assert best is not None
        return best


@dataclass(frozen=True)
class ReferenceResult:
    """The reference solver's answer for a situation."""

    stay_score: int
    hit: Evaluation | None
    optimal: Evaluation

    @property
    def decision_is_hit(self) -> bool:
        """True when hitting is strictly better (or staying is not allowed)."""
        return self.optimal is self.hit


class ReferenceSolver:
    """Memoised exact recursion over literal `RoundState`s for one `RoundRules`."""

    def __init__(self, round_rules: RoundRules, utility: Callable[[int], Fraction] | None = None) -> None:
        self.round_rules = round_rules
        self.utility = utility
        self._memo: dict[RoundState, tuple[Evaluation, Evaluation | None]] = {}

    def evaluate(self, node: Node) -> Evaluation:
        """The optimal evaluation of any node."""
        if isinstance(node, Terminal):
            return self.terminal(node)
        if isinstance(node, Choice):
            return Evaluation.best(self.evaluate(option) for _, option in node.options)
        if node.at_decision:
            stay, hit = self.decide(node)
            return hit if hit is not None and (stay is None or hit.value > stay.value) else stay
        return self.draw(node)

    def terminal(self, terminal: Terminal[Termination]) -> Evaluation:
        """A finished round; with a utility, its value is ``utility(score)`` instead of the score."""
        evaluation = Evaluation.terminal(terminal)
        if self.utility is None:
            return evaluation
        return Evaluation(self.utility(terminal.score), evaluation.flip7_probability, evaluation.bust_probability,
                          evaluation.distribution)

    def decide(self, state: RoundState) -> tuple[Evaluation, Evaluation | None]:
        """(evaluation of staying, evaluation of hitting or None if you cannot draw) at a decision."""
        if state not in self._memo:
            reason = Termination.STAYED if state.can_draw else Termination.PILE_EXHAUSTED
            stay = self.terminal(self.round_rules.bank(state, reason))
            hit = self.draw(state) if state.can_draw else None
            if state.line.is_empty and hit is not None:
                stay = hit  # an empty line may not stay
            self._memo[state] = (stay, hit)
        return self._memo[state]

    def draw(self, state: RoundState) -> Evaluation:
        """The evaluation of drawing one card now and playing on optimally."""
        size, outcomes = self.round_rules.draw_outcomes(state)
        return Evaluation.mixture([(Fraction(o.count, size), self.evaluate(o.node)) for o in outcomes])


def reference_solve(situation: Situation, utility: Callable[[int], Fraction] | None = None) -> ReferenceResult:
    """Solve ``situation`` exactly by brute force (small piles only); values are ``utility(score)`` if given."""
    round_rules = RoundRules(situation.rules, situation.alone)
    solver = ReferenceSolver(round_rules, utility)
    state = round_rules.start(situation)
    _, hit = solver.decide(state)
    optimal = solver.evaluate(state)
    return ReferenceResult(situation.line.score(situation.rules), hit, optimal)

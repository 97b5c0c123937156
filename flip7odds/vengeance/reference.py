"""The reference Vengeance solver: memoised recursion over literal round states, in exact fractions.

It walks `flip7odds.vengeance.engine`'s chance tree with no cleverness: every choice is tried, every
number is a `fractions.Fraction`. Policy (docs/vengeance.md): at a decision, hit only if hitting is
worth strictly more than staying (ties stay); at a choice, the first of the best options.

The number of states grows quickly with the pile; ``max_states`` stops a solve that would take too
long with a clear `SituationError` instead of running for hours.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from flip7odds.errors import SituationError
from flip7odds.reference import Evaluation
from flip7odds.tree import Choice, Terminal
from flip7odds.vengeance.engine import VengeanceRound, VengeanceState, VNode, VTermination
from flip7odds.vengeance.situation import VengeanceSituation

DEFAULT_MAX_STATES = 100_000
"""The most decision and forced-draw states a solve may visit before it gives up."""


def terminal_evaluation(terminal: Terminal[VTermination]) -> Evaluation:
    """A finished round as an evaluation."""
    return Evaluation(Fraction(terminal.score), Fraction(terminal.reason is VTermination.FLIP_7),
                      Fraction(terminal.reason is VTermination.BUST), ((terminal.score, Fraction(1)),))


@dataclass(frozen=True)
class VengeanceResult:
    """The reference solver's answer: stay score, hitting now (None if no card can be drawn), optimal play."""

    stay_score: int
    may_stay: bool
    hit: Evaluation | None
    optimal: Evaluation
    hit_once: Evaluation | None
    decision_is_hit: bool
    states: int


class VengeanceReferenceSolver:
    """Memoised exact recursion over literal `VengeanceState`s.

    ``stay_after_first_draw`` evaluates "hit once, then stay": every decision after the first draw
    banks (the forced draws of a card you take still happen).
    """

    def __init__(self, round_rules: VengeanceRound, max_states: int = DEFAULT_MAX_STATES,
                 stay_after_first_draw: bool = False) -> None:
        self.round_rules = round_rules
        self.max_states = max_states
        self.stay_after_first_draw = stay_after_first_draw
        self._memo: dict[VengeanceState, Evaluation] = {}

    @property
    def states(self) -> int:
        """How many states have been solved so far."""
        return len(self._memo)

    def evaluate(self, node: VNode) -> Evaluation:
        """The optimal evaluation of any node."""
        if isinstance(node, Terminal):
            return terminal_evaluation(node)
        if isinstance(node, Choice):
            return Evaluation.best(self.evaluate(option) for _, option in node.options)
        known = self._memo.get(node)
        if known is None:
            if len(self._memo) >= self.max_states:
                raise SituationError("this table is too large to work out exactly: give a smaller pile "
                                     "(fewer cards left to draw)", limit=self.max_states)
            known = self._memo[node] = self._solve(node)
        return known

    def _solve(self, state: VengeanceState) -> Evaluation:
        if not state.at_decision:
            return self.draw(state)
        stay = terminal_evaluation(self.round_rules.bank(
            state, VTermination.STAYED if state.can_draw else VTermination.PILE_EXHAUSTED))
        if self.stay_after_first_draw or not state.can_draw:
            return stay
        hit = self.draw(state)
        return hit if not state.may_stay or hit.value > stay.value else stay

    def draw(self, state: VengeanceState) -> Evaluation:
        """The evaluation of drawing one card now and playing on optimally."""
        size, outcomes = self.round_rules.draw_outcomes(state)
        return Evaluation.mixture([(Fraction(o.count, size), self.evaluate(o.node)) for o in outcomes])


def reference_solve(situation: VengeanceSituation, max_states: int | None = None) -> VengeanceResult:
    """Solve ``situation`` exactly (small piles only; `SituationError` beyond ``max_states`` states,
    `DEFAULT_MAX_STATES` when None)."""
    max_states = DEFAULT_MAX_STATES if max_states is None else max_states
    round_rules = VengeanceRound(situation.rules)
    state = round_rules.start(situation)
    solver = VengeanceReferenceSolver(round_rules, max_states)
    stay_score = situation.line.score(situation.rules)
    if not state.can_draw:
        banked = terminal_evaluation(round_rules.bank(state, VTermination.PILE_EXHAUSTED))
        return VengeanceResult(stay_score, state.may_stay, None, banked, None, False, 0)
    hit = solver.draw(state)
    stay = terminal_evaluation(round_rules.bank(state, VTermination.STAYED))
    hits = not state.may_stay or hit.value > stay.value
    once = VengeanceReferenceSolver(round_rules, max_states, stay_after_first_draw=True).draw(state)
    return VengeanceResult(stay_score, state.may_stay, hit, hit if hits else stay, once, hits, solver.states)

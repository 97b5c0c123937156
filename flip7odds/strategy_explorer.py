"""The strategy explorer's computations: the rules it compares, each evaluated exactly, and how many at once.

Every rule is evaluated exactly from the situation (`rule_value`):

* a modifier-blind rule (``sum``, ``bust``, ``cards``, ``always``) on a deck the page merges, not alone: the
  mean-merged deck (exact there, and cheaper than the counted game);
* else on the counted game (`flip7odds.counted_modifiers`: one solve whose lattice counts the modifiers drawn),
  where it applies;
* else, on a deck the page merges (`flip7odds.teaching.explorer_merges`), the mean-merged deck
  (`flip7odds.relaxation.blind_policy_value`: exact, or certified bounds alone on a large pile);
* else the real deck (`flip7odds.policies.evaluate_policy`).

The curves are exact at every point they show. Where even the counted game is slow (a fresh pile played alone:
about 0.4 s a rule for poker, 0.8 s for the classic deck) the grid is *thinned* (`thinned`): every
``stride``-th threshold of the sum and bust families, their ends and the rules of the table kept, so that
the page answers within `CURVES_SECONDS`; the page says so and offers the whole grid.

Examples
--------
>>> grid = explorer_grid((20, 22), (20, 30), 5, (2, 3), merged=False)
>>> [str(policy) for policy in grid.everything]  # doctest: +NORMALIZE_WHITESPACE
['sum>=20', 'sum>=21', 'sum>=22', 'bust>=0.2', 'bust>=0.25', 'bust>=0.3', 'cards>=2', 'cards>=3',
 'sum>=23', 'bust>=0.26', 'lookahead', 'always']
>>> [str(policy) for policy in thinned(grid, 2).everything]  # doctest: +NORMALIZE_WHITESPACE
['sum>=20', 'sum>=22', 'bust>=0.2', 'bust>=0.3', 'cards>=2', 'cards>=3', 'sum>=23', 'bust>=0.26',
 'lookahead', 'always']
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from flip7odds.analysis import problem_of
from flip7odds.counted_modifiers import counted_policy_value
from flip7odds.policies import HitStayPolicy, PolicyResult, evaluate_policy, parse_policy
from flip7odds.relaxation import BlindValue, blind_policy_value
from flip7odds.situation import Situation
from flip7odds.teaching import PolicyFamily

EXTRA_RULES = ("sum>=23", "bust>=0.26", "cards>=3", "lookahead", "always")
"""The rules the table shows besides each curve's best (the usual advice, docs/model.md)."""
CURVES_SECONDS = 8.0
"""The curves' time budget: above it (estimated) the grid is thinned until it fits."""
MAX_STRIDE = 5
"""The thinnest grid keeps every fifth threshold."""

RuleValue = PolicyResult | BlindValue
"""A rule's exact results (a `BlindValue` from a counted or merged deck may hold certified bounds)."""


@dataclass(frozen=True)
class ExplorerGrid:
    """The rules of the explorer: each family's thresholds, in order, and the table's extra rules."""

    families: dict[PolicyFamily, tuple[HitStayPolicy, ...]]
    extras: tuple[HitStayPolicy, ...]

    @property
    def everything(self) -> tuple[HitStayPolicy, ...]:
        """Every rule to evaluate, each once, curves first."""
        rules = [policy for policies in self.families.values() for policy in policies] + list(self.extras)
        return tuple(dict.fromkeys(rules))


def explorer_grid(sums: tuple[int, int], bust: tuple[int, int], bust_step: int, cards: tuple[int, int],
                  merged: bool) -> ExplorerGrid:
    """The rules for these threshold ranges (``bust`` in percent); with merged decks only those that never look
    at the penalties you hold are exact there, so ``lookahead`` is left out."""
    families = {
        PolicyFamily.SUM: PolicyFamily.SUM.policies(Fraction(sums[0]), Fraction(sums[1]), Fraction(1)),
        PolicyFamily.BUST: PolicyFamily.BUST.policies(Fraction(bust[0], 100), Fraction(bust[1], 100),
                                                      Fraction(bust_step, 100)),
        PolicyFamily.CARDS: PolicyFamily.CARDS.policies(Fraction(cards[0]), Fraction(cards[1]), Fraction(1)),
    }
    extras = tuple(policy for policy in map(parse_policy, EXTRA_RULES) if not merged or policy.penalty_blind)
    return ExplorerGrid(families, extras)


def thinned(grid: ExplorerGrid, stride: int) -> ExplorerGrid:
    """Every ``stride``-th threshold of the sum and bust curves, with both ends (the count curve is short)."""
    def every(policies: tuple[HitStayPolicy, ...]) -> tuple[HitStayPolicy, ...]:
        kept = policies[::stride]
        return kept if not policies or kept[-1] == policies[-1] else (*kept, policies[-1])

    families = {family: policies if family is PolicyFamily.CARDS else every(policies)
                for family, policies in grid.families.items()}
    return ExplorerGrid(families, grid.extras)


def grid_stride(grid: ExplorerGrid, seconds_each: float, budget: float = CURVES_SECONDS) -> int:
    """The smallest stride (at most `MAX_STRIDE`) whose thinned grid is estimated within ``budget`` seconds."""
    for stride in range(1, MAX_STRIDE):
        if len(thinned(grid, stride).everything) * seconds_each <= budget:
            return stride
    return MAX_STRIDE


def rule_value(situation: Situation, policy: HitStayPolicy, merged: bool) -> RuleValue:
    """One rule's exact results from ``situation`` (module docstring); ``merged``: the page merges this deck."""
    problem = problem_of(situation)
    if policy.penalty_blind:
        if merged and not problem.alone:
            return blind_policy_value(problem, policy)  # exact here, and cheaper than the counted game
        counted = counted_policy_value(problem, policy)
        if counted is not None:
            return counted
        if merged:
            return blind_policy_value(problem, policy)
    return evaluate_policy(situation, policy)


__all__ = ["CURVES_SECONDS", "EXTRA_RULES", "MAX_STRIDE", "ExplorerGrid", "RuleValue", "explorer_grid",
           "grid_stride", "rule_value", "thinned"]

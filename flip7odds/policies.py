"""Simple hit/stay policies, their text form, and their exact evaluation from any situation.

A *policy* says, at each of your free decisions, whether to hit or stay. The solver
(`flip7odds.solver.solve`) evaluates any policy exactly through its policy hook: it calls
``policy.hits(context)`` on blocks of decision states (`DecisionContext`) and forces a hit where
your line is empty or a Flip Three owes you cards. So every number here is as exact as the optimum
(floats that agree with exact arithmetic to 1e-9), not a simulation.

The families, with their text form (`parse_policy` reads it, ``str(policy)`` writes it):

==================  ========================================================================
``sum>=T``          stay once the **sum of your number cards** is at least ``T`` (modifiers and
                    the Flip 7 bonus are not counted; ``x2`` does not double it).
``bust>=θ``         stay once the next card's bust chance is at least ``θ`` (``0.26``, ``26%`` or
                    ``13/50``). The chance is ``B / N``: ``B`` copies left of numbers you hold (0
                    while you hold a Second Chance), ``N`` cards left; when you are not alone,
                    Freeze and Flip Three are left out of ``N`` (you give them away: with a card
                    in front of you they never change your round, `flip7odds.solver` reduction 3),
                    so ``N`` is then smaller than the pile size `flip7odds.odds.bust_probability`
                    divides by.
``cards>=k``        stay once you hold ``k`` distinct numbers (modifiers and Second Chance not counted).
``lookahead``       one-card lookahead: hit while hitting once and then staying is worth more than
                    staying (``context.hit_once > stay``). Not alone, the one card is drawn from the
                    pile without Freeze and Flip Three (as for ``bust>=θ``).
``always``          always hit: the round ends on a bust, a Flip 7, a Freeze when alone, or an
                    exhausted pile.
``optimal``         the optimum of docs/model.md: hit when that is worth more than staying (beyond 1e-9).
==================  ========================================================================

Alone, every policy plays out the Freezes and Flip Threes it must take. Not alone it gives a Flip
Three away (the families are hit/stay rules, not targeting rules; under optimal play giving it away
is never worse, `flip7odds.solver` reduction 3). It gives a Freeze away too when a card is in front of
you: banking is the same as giving it away and then staying, which the policy decides at its next
decision. With no card in front of you a Freeze is the only way to bank that empty line (0: it
may not stay): the policy banks it exactly when drawing on, under the policy's own play, is worth less
than 0 (beyond 1e-9), which only poker's penalty cards can make happen (reduction 3b). So ``optimal``
evaluates to the optimum of docs/model.md everywhere, and every other policy gets the better of the two at
that Freeze.

*Penalty-blind rules.* ``sum``, ``bust``, ``cards`` and ``always`` never look at which penalty you hold
(``penalty_blind``): the sum, the bust chance and the count depend on the numbers and the pile's size only.
So their exact value on a poker deck is their value on the smaller deck whose minor penalties are merged into
one card valued at their mean (`flip7odds.relaxation.blind_policy_value`, which says why). ``lookahead`` and
``optimal`` compare scores that hold the penalties, so they are not blind.

Examples
--------
>>> policy = parse_policy("sum >= 23")
>>> policy, str(policy)
(StayAtSum(threshold=23), 'sum>=23')
>>> parse_policy("bust>=26%")
StayAtBust(threshold=Fraction(13, 50))
>>> from flip7odds.rules import CLASSIC
>>> from flip7odds.situation import Situation
>>> from flip7odds.teaching import numbers_only_pile
>>> result = evaluate_policy(Situation.from_text(CLASSIC, pile=numbers_only_pile(CLASSIC)), policy)
>>> round(result.expected_score, 4)  # docs/model.md: 18.5212 on the 79 number cards
18.5212
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

import numpy as np
from numpy.typing import NDArray

from flip7odds.analysis import TOLERANCE, problem_of
from flip7odds.errors import Flip7Error, Term
from flip7odds.number_text import NumberTextError, parse_ratio
from flip7odds.policy_text import POLICY_HELP
from flip7odds.situation import Situation
from flip7odds.solver import DecisionContext, solve


class PolicyError(Flip7Error):
    """A policy could not be read from its text."""


@dataclass(frozen=True)
class StayAtSum:
    """Stay once the sum of your number cards is at least ``threshold``; hit below it."""

    threshold: int
    needs_hit_once: ClassVar[bool] = False
    penalty_blind: ClassVar[bool] = True

    def hits(self, context: DecisionContext) -> NDArray[np.bool_]:
        """Hit where ``number_sum < T``."""
        return np.broadcast_to(context.number_sum < self.threshold, context.stay.shape)

    def __str__(self) -> str:
        return f"sum>={self.threshold}"


@dataclass(frozen=True)
class StayAtBust:
    """Stay once the next card's bust chance ``B / N`` is at least ``threshold``; hit below it.

    The comparison is exact, in integers: hit where ``B * q < p * N`` for ``threshold = p / q``.
    """

    threshold: Fraction
    needs_hit_once: ClassVar[bool] = False
    penalty_blind: ClassVar[bool] = True

    def hits(self, context: DecisionContext) -> NDArray[np.bool_]:
        """Hit where ``bust_cards / pile_size < θ``."""
        below = context.bust_cards * self.threshold.denominator < self.threshold.numerator * context.pile_size
        return np.broadcast_to(below, context.stay.shape)

    def __str__(self) -> str:
        return f"bust>={_decimal_text(self.threshold)}"


@dataclass(frozen=True)
class StayAtCount:
    """Stay once you hold ``count`` distinct numbers; hit with fewer."""

    count: int
    needs_hit_once: ClassVar[bool] = False
    penalty_blind: ClassVar[bool] = True

    def hits(self, context: DecisionContext) -> NDArray[np.bool_]:
        """Hit where ``numbers_held < k``."""
        return np.full(context.stay.shape, context.numbers_held < self.count)

    def __str__(self) -> str:
        return f"cards>={self.count}"


@dataclass(frozen=True)
class OneCardLookahead:
    """Hit while one more card, then staying, is worth more than staying now (beyond 1e-9)."""

    needs_hit_once: ClassVar[bool] = True
    penalty_blind: ClassVar[bool] = False

    def hits(self, context: DecisionContext) -> NDArray[np.bool_]:
        """Hit where ``hit_once > stay``."""
        assert context.hit_once is not None, "the solver computes hit_once when needs_hit_once is True"
        return context.hit_once > context.stay + TOLERANCE

    def __str__(self) -> str:
        return "lookahead"


@dataclass(frozen=True)
class AlwaysHit:
    """Hit at every decision."""

    needs_hit_once: ClassVar[bool] = False
    penalty_blind: ClassVar[bool] = True

    def hits(self, context: DecisionContext) -> NDArray[np.bool_]:
        """Hit everywhere."""
        return np.ones(context.stay.shape, dtype=np.bool_)

    def __str__(self) -> str:
        return "always"


@dataclass(frozen=True)
class Optimal:
    """The optimum (docs/model.md): hit where hitting and playing on optimally beats staying (beyond 1e-9)."""

    needs_hit_once: ClassVar[bool] = False
    penalty_blind: ClassVar[bool] = False

    def hits(self, context: DecisionContext) -> NDArray[np.bool_]:
        """Hit where ``hit > stay``: the solver's own rule, so this evaluates to the optimal value."""
        return context.hit > context.stay + TOLERANCE

    def __str__(self) -> str:
        return "optimal"


HitStayPolicy = StayAtSum | StayAtBust | StayAtCount | OneCardLookahead | AlwaysHit | Optimal
"""Every policy family this module defines."""


def scaled_policy(policy: HitStayPolicy, scale: int) -> HitStayPolicy:
    """The same rule on a deck whose number values are all multiplied by ``scale`` (`flip7odds.relaxation`
    scales a deck so that its merged penalties are whole): ``sum>=T`` becomes ``sum>=scale*T`` (``s * sum < s * T``
    exactly when ``sum < T``); the other rules read counts and chances, which scaling does not change."""
    return StayAtSum(policy.threshold * scale) if isinstance(policy, StayAtSum) else policy

_INTEGER = r"([0-9]{1,3})"
_RATIO = r"([0-9./%eE+-]{1,80})"
"""The shape of a bust threshold; `flip7odds.number_text.parse_ratio` reads it (bounded: no ``1e-99999999``)."""
_PATTERNS: tuple[tuple[str, str], ...] = (("sum", _INTEGER), ("bust", _RATIO), ("cards", _INTEGER))
_MAX_POLICY_TEXT = 100
_WORDS: dict[str, HitStayPolicy] = {"lookahead": OneCardLookahead(), "always": AlwaysHit(), "optimal": Optimal()}


def parse_policy(text: str) -> HitStayPolicy:
    """Read a policy: ``sum>=T``, ``bust>=θ``, ``cards>=k``, ``lookahead``, ``always`` or ``optimal``.

    Case and spaces do not matter. Raises `PolicyError` with a message naming the accepted forms.

    Examples
    --------
    >>> parse_policy("Cards >= 3"), parse_policy("bust>=1/3"), parse_policy("optimal")
    (StayAtCount(count=3), StayAtBust(threshold=Fraction(1, 3)), Optimal())
    >>> try:
    ...     parse_policy("sum>23")
    ... except PolicyError as error:
    ...     print(error)  # doctest: +ELLIPSIS
    unknown policy 'sum>23': write sum>=T (e.g. sum>=23), ...
    """
    compact = re.sub(r"\s+", "", text[:_MAX_POLICY_TEXT + 1]).lower()
    if compact in _WORDS:
        return _WORDS[compact]
    for family, argument in _PATTERNS:
        match = re.fullmatch(rf"{family}>={argument}", compact)
        if match:
            return _build(family, match.group(1), text)
    raise PolicyError("unknown policy {text!r}: {help}", text=text.strip(), help=Term(POLICY_HELP))


def _build(family: str, argument: str, text: str) -> HitStayPolicy:
    """The policy of one family from its checked argument text."""
    if family == "sum":
        return StayAtSum(int(argument))
    if family == "cards":
        if int(argument) < 1:
            raise PolicyError("bad policy {text!r}: cards>=k needs k of 1 or more", text=text.strip())
        return StayAtCount(int(argument))
    try:
        threshold = parse_ratio(argument)
    except NumberTextError:
        raise PolicyError("bad policy {text!r}: {help}", text=text.strip(), help=Term(POLICY_HELP)) from None
    if threshold > 1:
        raise PolicyError("bad policy {text!r}: a bust chance θ is between 0 and 1 (or 0% and 100%)", text=text.strip())
    return StayAtBust(threshold)


def _decimal_text(value: Fraction) -> str:
    """``0.26`` for 13/50; ``1/3`` when the decimal does not end."""
    denominator = value.denominator
    for factor in (2, 5):
        while denominator % factor == 0:
            denominator //= factor
    if denominator != 1:
        return f"{value.numerator}/{value.denominator}"
    digits = 0
    while (value * 10**digits).denominator != 1:
        digits += 1
    text = str(int(value * 10**digits)).rjust(digits + 1, "0")
    return f"{text[:-digits]}.{text[-digits:]}" if digits else text


@dataclass(frozen=True)
class PolicyResult:
    """Exact results of following a policy from a situation to the end of your round.

    ``distribution`` maps each final round score to its probability (bust scores 0); ``hits_now``
    is the policy's choice at the situation itself.
    """

    policy: HitStayPolicy
    expected_score: float
    bust_probability: float
    flip7_probability: float
    distribution: dict[int, float]
    hits_now: bool

    @property
    def standard_deviation(self) -> float:
        """The standard deviation of the round score, ``sqrt(E[X^2] - E[X]^2)``."""
        second = sum(score * score * p for score, p in self.distribution.items())
        return float(max(0.0, second - self.expected_score**2) ** 0.5)

    def to_json(self, optimal_score: float) -> dict[str, Any]:
        """The command line's JSON object, with the share of ``optimal_score`` this policy earns."""
        return {
            "policy": str(self.policy),
            "decision": "hit" if self.hits_now else "stay",
            "expected_score": self.expected_score,
            "bust_probability": self.bust_probability,
            "flip7_probability": self.flip7_probability,
            "distribution": {str(score): p for score, p in self.distribution.items()},
            "optimal_score": optimal_score,
            "fraction_of_optimal": fraction_of_optimal(self.expected_score, optimal_score),
        }


def fraction_of_optimal(expected_score: float, optimal_score: float) -> float | None:
    """``expected_score / optimal_score``; None when the optimum is not positive.

    A share of 0 means nothing, and of a negative optimum (poker's penalties) it would read upside down:
    a policy losing twice as much as the optimum would earn "200%".
    """
    return None if optimal_score <= 0 else expected_score / optimal_score


def evaluate_policy(situation: Situation, policy: HitStayPolicy) -> PolicyResult:
    """The exact expected round score, P(bust), P(Flip 7) and score distribution of ``policy`` from ``situation``.

    One exact solve (`flip7odds.solver.solve` with the policy hook): milliseconds mid-round, seconds
    on a fresh 94-card deck.
    """
    solution = solve(problem_of(situation), TOLERANCE, policy=policy)
    result = solution.result()
    assert result.distribution is not None  # `solve` computes it unless told not to
    return PolicyResult(policy, result.value, result.bust_probability, result.flip7_probability,
                        result.distribution, solution.hits_now)


__all__ = [
    "POLICY_HELP",
    "AlwaysHit",
    "HitStayPolicy",
    "OneCardLookahead",
    "Optimal",
    "PolicyError",
    "PolicyResult",
    "StayAtBust",
    "StayAtCount",
    "StayAtSum",
    "evaluate_policy",
    "fraction_of_optimal",
    "parse_policy",
    "scaled_policy",
]

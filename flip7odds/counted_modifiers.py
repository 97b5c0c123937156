"""Modifier-blind rules, exactly, on a lattice that counts the modifiers drawn instead of naming them.

The threshold rules of `flip7odds.policies` that are ``penalty_blind`` (``sum>=T``, ``bust>=θ``, ``cards>=k``,
``always``) never look at *any* modifier: the sum and the count are of numbers, and the bust chance ``B / N``
counts the cards left, not which ones. So every modifier of the pile can be replaced by one card of a single
kind, and the lattice (`flip7odds.solver`, reduction 6) keeps one count ``m`` of modifiers drawn instead of a
combination per group: 14 columns instead of 144 for the poker deck's 13 modifiers, 7 instead of 64 for the
classic deck's 6.

Why it is exact
---------------
*Coupling.* Shuffle the counted deck and, each time a modifier comes, name it uniformly among the pile's
modifiers not yet named. The named order is a uniform shuffle of the real pile, and the counted order is the
real one with the modifiers' names forgotten. A modifier-blind rule makes the same choices on both (it reads
neither names nor values of modifiers), modifiers never bust and never count toward a Flip 7, so the rule's
trajectory (numbers drawn, Second Chances, Flip Threes, Freezes, how many modifiers, bust or Flip 7) has
the same law in both games, and P(bust) and P(Flip 7) are the counted game's own.

*The score.* Given that trajectory, the ``m`` modifiers drawn are a uniformly random ``m``-subset of the
pile's ``M`` modifiers (the naming is independent of the order of kinds). A line that did not bust scores
``score(n, L + D, f) = n * mult(L + D) + plus(L + D) + bonus * f`` (`flip7odds.rules.RuleSet.score`: ``n`` the
sum of numbers, ``L`` the line's modifiers, ``D`` those drawn, ``f`` a Flip 7; the royal flush bonus is part of
``plus``), affine in ``n`` whenever there is no floor and no ``/N`` card. So::

    E[score | n, m, f] = n * A(m) + P(m) + bonus * f,
    A(m) = sum over m-subsets D of mult(L + D) / C(M, m),   P(m) = the same with plus(L + D),

exact rationals from a sum over the sub-multisets of the pile's modifiers (at most 2^13 for poker), and the
rule's expected score is ``sum P(n, m, f) * E[score | n, m, f]`` over the counted game's outcomes.

*Reading (n, m, f) off one solve.* The counted game is solved with every number value times ``E = 2(M + 1)``,
each modifier a ``+1`` and a Flip 7 worth ``C = M + 1`` (no royal flush): a final score ``E n + C f + m`` with
``0 <= C f + m < E`` names its outcome uniquely, so the solver's score distribution *is* the law of
``(n, m, f)`` (a bust scores 0: its probability is taken off the score 0). ``sum>=T`` is played as
``sum>=E*T`` (`flip7odds.policies.scaled_policy`); the other rules read counts only.

Where it does not apply (`counted_policy_value` returns None): a floor or a ``/N`` card (With a Vengeance:
the score is not affine), an empty pile, a pile that could run out onto known discards (a reshuffle draws
modifiers from another set), and, not alone with no card in front of you, a round worth less than 0 on the
counted game (the rule would then bank the empty line on a Freeze, a choice by value, `flip7odds.policies`;
every counted score is at least 0, so the counted game never banks there, which is the rule's own choice
exactly when drawing on is worth at least 0).

Examples
--------
>>> from flip7odds.analysis import problem_of
>>> from flip7odds.policies import StayAtSum, evaluate_policy
>>> from flip7odds.rules import POKER
>>> from flip7odds.situation import Situation
>>> situation = Situation.from_text(POKER, "K 9", pile="Q J 7 5 2d 5d 8d 9d Kd 3 A")
>>> counted = counted_policy_value(problem_of(situation), StayAtSum(25))
>>> real = evaluate_policy(situation, StayAtSum(25))
>>> counted is not None and abs(counted.expected_score - real.expected_score) < 1e-9
True
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, replace
from fractions import Fraction

from flip7odds.analysis import TOLERANCE
from flip7odds.cards import FLIP_THREE, FREEZE, SECOND_CHANCE, Card, Category, ModifierKind
from flip7odds.counts import CardCounts
from flip7odds.policies import HitStayPolicy, scaled_policy
from flip7odds.relaxation import BlindValue
from flip7odds.rules import RuleSet
from flip7odds.solver import Problem, solve

MAX_SUBMULTISETS = 1 << 16
"""The sum over the pile's sub-multisets of modifiers is skipped (None) above this many (poker: 2^13)."""


@dataclass(frozen=True)
class ModifierMeans:
    """``A(m)`` and ``P(m)`` of the module docstring: the mean multiplier and the mean ``plus`` (royal flush
    bonus included) of a line whose modifiers are its own and a uniformly random ``m`` of the pile's."""

    multiplier: tuple[Fraction, ...]
    plus: tuple[Fraction, ...]

    @classmethod
    def of(cls, rules: RuleSet, line: tuple[Card, ...], pile: dict[Card, int]) -> ModifierMeans:
        """Sum ``mult`` and ``plus`` over the sub-multisets of ``pile``, each weighted by its ``prod C(n_c, k_c)``."""
        cards = sorted(pile)
        total = sum(pile.values())
        multiplier = [0] * (total + 1)
        plus = [0] * (total + 1)
        for taken in itertools.product(*(range(pile[card] + 1) for card in cards)):
            weight = math.prod(math.comb(pile[card], k) for card, k in zip(cards, taken))
            drawn = line + tuple(card for card, k in zip(cards, taken) for _ in range(k))
            base = rules.score(0, drawn, False)
            multiplier[sum(taken)] += weight * (rules.score(1, drawn, False) - base)
            plus[sum(taken)] += weight * base
        return cls(tuple(Fraction(multiplier[m], math.comb(total, m)) for m in range(total + 1)),
                   tuple(Fraction(plus[m], math.comb(total, m)) for m in range(total + 1)))


def _submultisets(pile: dict[Card, int]) -> int:
    return math.prod(n + 1 for n in pile.values())


def _may_run_out(problem: Problem) -> bool:
    """True unless the round surely ends before the pile does: at most ``new + saves + 1`` numbers can be drawn
    (new numbers up to a Flip 7, duplicates saved by Second Chances, one that busts), plus every other card."""
    pile = problem.pile
    numbers = sum(n for card, n in pile.items_ if card.category is Category.NUMBER)
    saves = pile[SECOND_CHANCE] + int(problem.second_chance)
    new = problem.rules.flip7_size - len(problem.numbers)
    return min(numbers, new + saves + 1) + pile.size - numbers >= pile.size


def counted_policy_value(problem: Problem, policy: HitStayPolicy) -> BlindValue | None:
    """A modifier-blind rule's exact results on ``problem`` from one solve of the counted game (module docstring);
    None where that does not apply. Raises ValueError for a rule that is not blind."""
    if not policy.penalty_blind:
        raise ValueError(f"{policy} looks at the modifiers you hold: it has no counted game")
    rules, pile = problem.rules, problem.pile
    modifiers = {card: n for card, n in pile.items_ if card.category is Category.MODIFIER}
    every = (*problem.modifiers, *modifiers)
    if (rules.score_floor is not None or any(card.modifier is ModifierKind.DIVIDE for card in every)
            or pile.size == 0 or _submultisets(modifiers) > MAX_SUBMULTISETS
            or (problem.discards is not None and _may_run_out(problem))):
        return None
    total = sum(modifiers.values())
    flip_code = total + 1
    number_scale = 2 * flip_code
    counted_pile: dict[Card, int] = {Card.plus(1): total} if total else {}
    for card, n in pile.items_:
        if card.category is Category.NUMBER:
            counted_pile[Card.number(card.value * number_scale)] = n
        elif card.category is not Category.MODIFIER:
            counted_pile[card] = n
    counted = replace(problem, rules=replace(rules, flip7_bonus=flip_code, royal_flush=(), royal_flush_bonus=0),
                      numbers=frozenset(value * number_scale for value in problem.numbers),
                      modifiers=(Card.plus(0),) if problem.modifiers else (), pile=CardCounts.from_mapping(counted_pile),
                      discards=None)
    solution = solve(counted, TOLERANCE, policy=scaled_policy(policy, number_scale))
    result = solution.result()
    means = ModifierMeans.of(rules, problem.modifiers, modifiers)
    value = 0.0
    assert result.distribution is not None  # `solve` computes it unless told not to
    for score, probability in result.distribution.items():
        if score == 0:
            probability -= result.bust_probability
        number_sum, code = divmod(score, number_scale)
        flip7, drawn = (True, code - flip_code) if code >= flip_code else (False, code)
        value += probability * float(number_sum * means.multiplier[drawn] + means.plus[drawn]
                                     + (rules.flip7_bonus if flip7 else 0))
    empty_line = not (problem.numbers or problem.modifiers or problem.second_chance)
    plain = any(card not in (FREEZE, FLIP_THREE) for card in pile)
    if not problem.alone and empty_line and (value < 0 or not plain):
        return None
    return BlindValue(policy, value, value, result.bust_probability, result.flip7_probability, solution.hits_now,
                      solution.states)


__all__ = ["MAX_SUBMULTISETS", "ModifierMeans", "counted_policy_value"]

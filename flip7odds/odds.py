"""Exact next-card odds, as fractions of counts: the numbers a player or a teacher reads.

Examples
--------
>>> from flip7odds.rules import CLASSIC
>>> from flip7odds.situation import Situation
>>> situation = Situation.from_text(CLASSIC, "12 11", pile="12*2 11 5 6 +4")
>>> bust_probability(situation)
Fraction(1, 2)
>>> hit_once_score(situation)  # (0*3 + 28 + 29 + 27) / 6 = 14
Fraction(14, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from flip7odds.cards import Card, Category
from flip7odds.counts import CardCounts
from flip7odds.engine import Event, RoundRules
from flip7odds.lookahead import hit_once_value
from flip7odds.situation import Situation


@dataclass(frozen=True)
class NextCard:
    """One kind of next card: its count in the pile, its exact probability, and what it does to you."""

    card: Card
    count: int
    probability: Fraction
    event: Event


class Piles(Protocol):
    """A situation's piles, in any variant: the pile and the discard pile (None when it is not known)."""

    @property
    def pile(self) -> CardCounts: ...
    @property
    def discards(self) -> CardCounts | None: ...


def drawing_pile(situation: Piles) -> CardCounts:
    """The cards the next card is drawn from: the pile, or the reshuffled discards if the pile is empty."""
    if situation.pile.size == 0 and situation.discards is not None:
        return situation.discards
    return situation.pile


def drawing_pile_size(situation: Piles) -> int:
    """How many cards the next card is drawn from (`drawing_pile`)."""
    return drawing_pile(situation).size


def next_card_table(situation: Situation) -> tuple[NextCard, ...]:
    """Every possible next card with its exact probability ``count / pile size``, in card order."""
    round_rules = RoundRules(situation.rules, situation.alone)
    size, outcomes = round_rules.draw_outcomes(round_rules.start(situation))
    return tuple(NextCard(o.card, o.count, Fraction(o.count, size), o.event) for o in outcomes)


def bust_cards(situation: Situation) -> int:
    """How many cards in the (drawing) pile are numbers you already hold."""
    return sum(count for card, count in drawing_pile(situation).items_ if card.category is Category.NUMBER
               and card.value in situation.line.numbers)


def bust_probability(situation: Situation) -> Fraction:
    """P(the next card busts you) = (copies in the pile of numbers you hold) / (pile size); 0 with a Second Chance."""
    if situation.line.second_chance:
        return Fraction(0)
    return Fraction(bust_cards(situation), drawing_pile_size(situation))


def hit_once_score(situation: Situation) -> Fraction:
    """E[round score if you hit exactly once, then stay], forced follow-ups included (docs/model.md).

    See `flip7odds.lookahead.hit_once_value` for the rules of the follow-ups and the exact method.
    """
    return hit_once_value(situation)

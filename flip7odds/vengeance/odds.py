"""Exact next-card odds for With a Vengeance, as fractions of counts (docs/rules.md section 3).

What busts you on the next card: a copy of a number you hold, except that

* the Unlucky 7 never busts on arrival (it wipes your other cards instead);
* while you hold exactly one 13, another 13 is safe if one of the two is the Lucky 13;
* a third 13 always busts.

P(Flip 7 on the next card): with six number cards, every number card that does not bust you and is
not the Unlucky 7 (which leaves you one number) makes your seventh. Cards that could bring a number
through a choice (Steal, Swap) are not counted: this is the card itself.

Examples
--------
>>> from flip7odds.rules import VENGEANCE
>>> from flip7odds.vengeance.situation import VengeanceSituation
>>> s = VengeanceSituation.from_text(VENGEANCE, "13 7 5", pile="13*2 l13 u7 7 5 2 -4")
>>> bust_cards(s), bust_probability(s)  # 13 13, 7, 5 bust; l13 would be your Lucky second 13; u7 never busts
(4, Fraction(1, 2))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from flip7odds.cards import Card
from flip7odds.odds import drawing_pile
from flip7odds.rules import UNLUCKY_7
from flip7odds.vengeance.engine import VengeanceRound, VEvent
from flip7odds.vengeance.situation import FLIP_7_CARDS, VengeanceSituation


@dataclass(frozen=True)
class VengeanceNextCard:
    """One kind of next card: its count, its exact probability, and what it does to you."""

    card: Card
    count: int
    probability: Fraction
    event: VEvent


def bust_cards(situation: VengeanceSituation) -> int:
    """How many cards of the drawing pile bust you if they come next."""
    line = situation.line
    return sum(count for card, count in drawing_pile(situation).items_
               if card.is_number and card != UNLUCKY_7 and not line.accepts(card))


def bust_probability(situation: VengeanceSituation) -> Fraction:
    """P(the next card busts you) = bust cards / drawing pile size."""
    return Fraction(bust_cards(situation), drawing_pile(situation).size)


def flip7_next_probability(situation: VengeanceSituation) -> Fraction:
    """P(the next card is your seventh number card)."""
    line = situation.line
    if line.number_count != FLIP_7_CARDS - 1:
        return Fraction(0)
    pile = drawing_pile(situation)
    sevenths = sum(count for card, count in pile.items_
                   if card.is_number and card != UNLUCKY_7 and line.accepts(card))
    return Fraction(sevenths, pile.size)


def next_card_table(situation: VengeanceSituation) -> tuple[VengeanceNextCard, ...]:
    """Every possible next card with its exact probability ``count / pile size``, in card order."""
    round_rules = VengeanceRound(situation.rules)
    size, outcomes = round_rules.draw_outcomes(round_rules.start(situation))
    return tuple(VengeanceNextCard(o.card, o.count, Fraction(o.count, size), o.event) for o in outcomes)


__all__ = ["VengeanceNextCard", "bust_cards", "bust_probability", "drawing_pile", "flip7_next_probability",
           "next_card_table"]

"""Rule sets as data (RULES.md). Each variant is one immutable, hashable `RuleSet`, found by name.

Examples
--------
>>> rules = find_rules("classic")
>>> rules.deck.size, rules.flip7_size, rules.flip7_bonus, rules.target
(94, 7, 15, 200)
>>> find_rules("uno")
Traceback (most recent call last):
...
flip7odds.errors.Flip7Error: unknown rules 'uno': choose one of classic
"""

from __future__ import annotations

from dataclasses import dataclass

from flip7odds.cards import FLIP_THREE, FREEZE, SECOND_CHANCE, Card, ModifierKind
from flip7odds.counts import CardCounts
from flip7odds.errors import Flip7Error


@dataclass(frozen=True)
class RuleSet:
    """One variant of Flip 7: its deck and the numbers and options that make it different.

    Attributes
    ----------
    name : the name used on the command line and in the app (``classic``).
    deck : every card of one deck and how many copies it has.
    flip7_size : how many distinct numbers make a Flip 7 and end the round.
    flip7_bonus : points added for a Flip 7.
    target : game total that ends the game (checked at the end of a round).
    initial_deal : each player gets one face-up card before the first choice (official rules).
    busted_target_passes_actions : a busted Flip Three target plays its set-aside actions on another
        player (seed 000) instead of discarding them (official, seed 002). Only the simulator uses it.
    multipliers_stack : two xN modifiers multiply together; otherwise only one applies.
    """

    name: str
    deck: CardCounts
    flip7_size: int = 7
    flip7_bonus: int = 15
    target: int = 200
    initial_deal: bool = True
    busted_target_passes_actions: bool = False
    multipliers_stack: bool = False

    @property
    def kinds(self) -> tuple[Card, ...]:
        """The card kinds of the deck, in canonical order."""
        return tuple(card for card, _ in self.deck.items_)

    @property
    def number_values(self) -> tuple[int, ...]:
        """The values of the number cards in this deck."""
        return tuple(card.value for card in self.kinds if card.is_number)

    def score(self, number_sum: int, modifiers: tuple[Card, ...], flip7: bool) -> int:
        """The round score of a line that did not bust (RULES.md, scoring; order matters).

        Sum the numbers, apply the multiplier(s) to that sum only, add the ``+N`` cards, then the Flip 7
        bonus. With ``multipliers_stack`` every ``xN`` applies; otherwise only the largest one.

        >>> CLASSIC.score(36, (Card.times(2), Card.plus(10)), flip7=False)  # seed 000's example
        82
        """
        factors = [card.value for card in modifiers if card.modifier is ModifierKind.TIMES]
        multiplier = 1
        if self.multipliers_stack:
            for factor in factors:
                multiplier *= factor
        elif factors:
            multiplier = max(factors)
        plus = sum(card.value for card in modifiers if card.modifier is ModifierKind.PLUS)
        return number_sum * multiplier + plus + (self.flip7_bonus if flip7 else 0)


def _classic_deck() -> CardCounts:
    # RULES.md section 1: one 0, one 1, two 2s ... twelve 12s; one of each modifier; three of each action.
    counts = {Card.number(0): 1}
    counts.update({Card.number(value): value for value in range(1, 13)})
    counts.update({Card.plus(amount): 1 for amount in (2, 4, 6, 8, 10)})
    counts[Card.times(2)] = 1
    counts.update({FREEZE: 3, FLIP_THREE: 3, SECOND_CHANCE: 3})
    return CardCounts.from_mapping(counts)


CLASSIC = RuleSet(name="classic", deck=_classic_deck())

RULESETS: dict[str, RuleSet] = {rules.name: rules for rules in (CLASSIC,)}


def find_rules(name: str) -> RuleSet:
    """The `RuleSet` called ``name`` (case-insensitive); a clear `Flip7Error` for an unknown one."""
    try:
        return RULESETS[name.strip().lower()]
    except KeyError:
        raise Flip7Error(f"unknown rules {name!r}: choose one of {', '.join(RULESETS)}") from None

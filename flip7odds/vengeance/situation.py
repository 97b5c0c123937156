"""A With a Vengeance situation: your line, the other players' lines, the exact pile (docs/rules.md section 3).

Unlike classic, the other players' lines are part of the situation: Steal and Swap take cards from
them, and modifiers and actions may be given to them while they are not busted (stayed or not).

Examples
--------
>>> from flip7odds.rules import VENGEANCE
>>> situation = VengeanceSituation.from_text(VENGEANCE, "13 l13 5 -4", others=("12 9 /2",), seen="0 3")
>>> situation.pile.size, situation.line.number_count, situation.line.score(VENGEANCE)  # 108 - 4 - 3 - 2; 31 - 4
(99, 3, 27)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from flip7odds.cards import Card, Category, format_cards, parse_cards
from flip7odds.counts import CardCounts
from flip7odds.errors import Plural, SituationError
from flip7odds.i18n import N_
from flip7odds.rules import LUCKY_13, RuleSet
from flip7odds.situation import check_a_card_to_draw, pile_and_discards

THE_ZERO = Card.number(0)
"""The Zero: the only 0 of the deck. While you hold it you must hit, and it scores 0 unless you Flip 7."""
FLIP_7_CARDS = 7
"""Seven number cards (two 13s with the Lucky 13 count as two) make a Flip 7."""


@dataclass(frozen=True, order=True)
class VengeanceLine:
    """The face-up cards in front of one player: number cards (sorted, a 13 may appear twice) and modifiers."""

    numbers: tuple[Card, ...] = ()
    modifiers: tuple[Card, ...] = ()

    @classmethod
    def of(cls, numbers: Iterable[Card], modifiers: Iterable[Card] = ()) -> VengeanceLine:
        """The line with these cards, stored sorted (canonical, so equal lines are equal)."""
        return cls(tuple(sorted(numbers)), tuple(sorted(modifiers)))

    @classmethod
    def from_cards(cls, cards: Iterable[Card], mine: bool = True) -> VengeanceLine:
        """Check and build a line (``mine``: yours, else another player's, for the messages)."""
        line = cls()
        for card in cards:
            if card.category is Category.ACTION:
                raise SituationError("{card} cannot be in a line: an action is resolved as soon as it is drawn",
                                     card=str(card))
            if card.is_number and not line.accepts(card) and mine:
                raise SituationError("duplicate number {value} in your line: a second {value} busts you",
                                     value=card.value)
            if card.is_number and not line.accepts(card):
                raise SituationError("duplicate number {value} in another player's line: it would have busted them",
                                     value=card.value)
            line = line.plus(card)
        return line

    @property
    def cards(self) -> tuple[Card, ...]:
        """Numbers (ascending), then modifiers."""
        return self.numbers + self.modifiers

    @property
    def is_empty(self) -> bool:
        """No card at all in front of the player (the classic `flip7odds.situation.Line.is_empty`)."""
        return not (self.numbers or self.modifiers)

    @property
    def number_count(self) -> int:
        """How many number cards (toward the seven of a Flip 7)."""
        return len(self.numbers)

    @property
    def has_zero(self) -> bool:
        """True while the line holds The Zero: you must hit, and it scores 0 unless you Flip 7."""
        return THE_ZERO in self.numbers

    def accepts(self, card: Card) -> bool:
        """True when receiving the number ``card`` does not bust this line (the Unlucky 7's draw aside).

        A value you do not hold is safe. A second 13 is safe when the Lucky 13 is one of the two; a
        third 13, or a second of any other value, busts.
        """
        held = [number for number in self.numbers if number.value == card.value]
        if not held:
            return True
        return card.value == 13 and len(held) == 1 and LUCKY_13 in (held[0], card)

    def plus(self, card: Card) -> VengeanceLine:
        """The line with one more card (no checks)."""
        if card.is_number:
            return VengeanceLine.of((*self.numbers, card), self.modifiers)
        return VengeanceLine.of(self.numbers, (*self.modifiers, card))

    def minus(self, card: Card) -> VengeanceLine:
        """The line without one copy of ``card`` (which it holds)."""
        cards = list(self.cards)
        cards.remove(card)
        return VengeanceLine.of([c for c in cards if c.is_number], [c for c in cards if not c.is_number])

    def score(self, rules: RuleSet, flip7: bool = False) -> int:
        """The round score of this line if it does not bust: 0 with The Zero unless Flip 7 (docs/rules.md 3)."""
        if self.has_zero and not flip7:
            return 0
        return rules.score(sum(card.value for card in self.numbers), self.modifiers, flip7)

    def __str__(self) -> str:
        return format_cards(self.cards)


@dataclass(frozen=True)
class VengeanceSituation:
    """Everything the Vengeance odds depend on.

    ``others`` are the lines of the other players who are not busted (stayed or still playing: both
    can be targeted). ``busted_others`` counts busted players, who matter only in Brutal mode (they may
    be given modifiers). ``discards`` as in classic: the discard pile, reshuffled once if the pile runs
    out, or None when unknown (then a pile that runs out ends your round as if you stayed).
    """

    rules: RuleSet
    line: VengeanceLine
    others: tuple[VengeanceLine, ...]
    pile: CardCounts
    discards: CardCounts | None = None
    busted_others: int = 0

    @property
    def alone(self) -> bool:
        """No other player can be targeted: every action and modifier must go to you."""
        return not self.others and not (self.rules.brutal and self.busted_others)

    @classmethod
    def build(
        cls,
        rules: RuleSet,
        line: Iterable[Card] = (),
        *,
        others: Sequence[Iterable[Card]] = (),
        seen: Iterable[Card] | None = None,
        pile: Iterable[Card] | None = None,
        discards: Iterable[Card] | None = None,
        busted_others: int = 0,
    ) -> VengeanceSituation:
        """Check a situation and derive the pile: the deck minus every line, the seen cards and the discards.

        Raises `SituationError` naming what makes it impossible.
        """
        if not rules.vengeance:
            raise SituationError("the {rules} rules are not With a Vengeance: use the classic analysis",
                                 rules=rules.name)
        if seen is not None and pile is not None:
            raise SituationError("give either the seen cards or the pile, not both")
        if busted_others < 0:
            raise SituationError("busted players must be 0 or more, not {count}", count=busted_others)
        line_cards = tuple(line)
        other_cards = [tuple(cards) for cards in others]
        lines = {N_("your line"): line_cards, N_("other lines"): tuple(c for cards in other_cards for c in cards)}
        pile_counts, discard_counts = pile_and_discards(rules, lines, seen=seen, pile=pile, discards=discards)
        the_line = VengeanceLine.from_cards(line_cards)
        other_lines = tuple(VengeanceLine.from_cards(cards, mine=False) for cards in other_cards)
        for one in (the_line, *other_lines):
            if one.number_count >= FLIP_7_CARDS:
                raise SituationError(Plural("a line already holds {size} number: that is a Flip 7, the round is over",
                                            "a line already holds {size} numbers: that is a Flip 7, the round is over",
                                            "size"), size=FLIP_7_CARDS)
        check_a_card_to_draw(pile_counts, discard_counts)
        return cls(rules, the_line, tuple(sorted(other_lines)), pile_counts, discard_counts, busted_others)

    @classmethod
    def from_text(
        cls,
        rules: RuleSet,
        line: str = "",
        *,
        others: Sequence[str] = (),
        seen: str | None = None,
        pile: str | None = None,
        discards: str | None = None,
        busted_others: int = 0,
    ) -> VengeanceSituation:
        """`build` from card notation strings (one string per other player)."""
        return cls.build(
            rules,
            parse_cards(line, rules),
            others=[parse_cards(text, rules) for text in others],
            seen=None if seen is None else parse_cards(seen, rules),
            pile=None if pile is None else parse_cards(pile, rules),
            discards=None if discards is None else parse_cards(discards, rules),
            busted_others=busted_others,
        )

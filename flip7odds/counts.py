"""`CardCounts`: an immutable multiset of cards, used for the deck, the pile and the discard pile."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from flip7odds.cards import Card, format_cards


@dataclass(frozen=True)
class CardCounts:
    """A multiset of cards, stored canonically (sorted, no zero counts) so that it is hashable.

    Examples
    --------
    >>> from flip7odds.cards import parse_cards
    >>> pile = CardCounts.from_cards(parse_cards("12*3 5 +4"))
    >>> pile.size, pile[Card.number(12)], pile[Card.number(3)]
    (5, 3, 0)
    >>> str(pile - CardCounts.from_cards(parse_cards("12")))
    '5 12 12 +4'
    """

    items_: tuple[tuple[Card, int], ...] = ()

    @classmethod
    def from_mapping(cls, counts: Mapping[Card, int]) -> CardCounts:
        """Build from a card -> count mapping; negative counts are a bug in the caller."""
        if any(count < 0 for count in counts.values()):
            raise ValueError("CardCounts cannot hold a negative count")
        return cls(tuple(sorted(((card, count) for card, count in counts.items() if count > 0), key=_card_order)))

    @classmethod
    def from_cards(cls, cards: Iterable[Card]) -> CardCounts:
        """Count a sequence of cards."""
        return cls.from_mapping(Counter(cards))

    def __getitem__(self, card: Card) -> int:
        for known, count in self.items_:
            if known == card:
                return count
        return 0

    def __iter__(self) -> Iterator[Card]:
        """Every card, repeated as often as it is counted."""
        for card, count in self.items_:
            for _ in range(count):
                yield card

    def __len__(self) -> int:
        return self.size

    @property
    def size(self) -> int:
        """How many cards in all."""
        return sum(count for _, count in self.items_)

    def as_dict(self) -> dict[Card, int]:
        """A fresh mutable dict card -> count."""
        return dict(self.items_)

    def minus_one(self, card: Card) -> CardCounts:
        """Without one copy of ``card`` (which it holds): the canonical order is kept, nothing re-sorted."""
        return CardCounts(tuple((kind, count - (kind == card)) for kind, count in self.items_
                                if kind != card or count > 1))

    def plus_one(self, card: Card) -> CardCounts:
        """With one more copy of ``card``."""
        items = self.items_
        for index, (kind, count) in enumerate(items):
            if kind == card:
                return CardCounts((*items[:index], (kind, count + 1), *items[index + 1:]))
        return CardCounts(tuple(sorted((*items, (card, 1)))))

    def __add__(self, other: CardCounts) -> CardCounts:
        total = Counter(self.as_dict())
        total.update(other.as_dict())
        return CardCounts.from_mapping(total)

    def __sub__(self, other: CardCounts) -> CardCounts:
        """Remove ``other``; raises `ValueError` if it holds a card more often than ``self``.

        What is left of a canonical (sorted) multiset is in the same order: nothing is re-sorted (a live table
        takes its pile from the deck on every tap).
        """
        if not other.items_:
            return self
        held = dict(self.items_)
        for card, count in other.items_:
            if held.get(card, 0) < count:
                raise ValueError(f"cannot remove {count} x {card}: only {held.get(card, 0)} left")
        removed = dict(other.items_)
        return CardCounts(tuple((card, count - removed.get(card, 0)) for card, count in self.items_
                                if count > removed.get(card, 0)))

    def __str__(self) -> str:
        return format_cards(self)


def _card_order(item: tuple[Card, int]) -> tuple[int, int, int, str]:
    """The canonical order of a multiset's entries: by card (`Card.sort_key`)."""
    return item[0].sort_key


def onto_known(discards: CardCounts | None, *cards: Card) -> CardCounts | None:
    """Add cards to a known discard pile; an unknown one (None) stays unknown."""
    if discards is None:
        return None
    for card in cards:
        discards = discards.plus_one(card)
    return discards

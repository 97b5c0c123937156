"""What every variant's tracked table shares: the pile it leaves, and the moves that begin a round again.

A table (`flip7odds.shoe.Table`, `flip7odds.vengeance.table.VengeanceTable`) says where the cards out of
the pile are: in front of players this round (``on_table``) or in the discard pile since the last
reshuffle. Every card of the deck is in exactly one place, so (docs/rules.md, "The shoe")

    pile = deck - discards - on_table

and the next card comes from the pile, or from the discards, which are reshuffled into a new pile
when it is empty. `CardTable` derives both from a table's ``rules``, ``discards`` and ``on_table``;
`ClearRound` and `NextRound` are the moves every tracker (`flip7odds.history.Tracker`) has.

>>> from flip7odds.cards import parse_cards
>>> from flip7odds.rules import CLASSIC
>>> from flip7odds.shoe import Place, Table
>>> table = Table.new(CLASSIC).with_cards(parse_cards("12 7"), Place.LINE)
>>> table.pile.size, NextRound().apply(table).pile.size, ClearRound().apply(table).pile.size
(92, 92, 94)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, Self, TypeVar

from flip7odds.counts import CardCounts
from flip7odds.rules import RuleSet


class CardTable:
    """The pile a table leaves (module docstring): a base for a frozen dataclass with ``rules`` and ``discards``."""

    rules: RuleSet
    discards: CardCounts

    @property
    def on_table(self) -> CardCounts:
        """Every card out of the pile this round, in front of a player or seen."""
        raise NotImplementedError

    @property
    def pile(self) -> CardCounts:
        """The draw pile: the deck minus the discards and the cards on the table."""
        return self.rules.deck - self.discards - self.on_table

    @property
    def drawing_pile(self) -> CardCounts:
        """What the next card comes from: the pile, or the discards that are reshuffled when it is empty."""
        pile = self.pile
        return pile if pile.size else self.discards


class RoundTable(Protocol):
    """A table whose round can be taken back or ended."""

    def cleared(self) -> Self:
        """Every card of this round back into the pile."""

    def next_round(self) -> Self:
        """Every card out this round goes to the discard pile; the pile carries on."""


T = TypeVar("T", bound=RoundTable)


@dataclass(frozen=True)
class ClearRound:
    """Take this round's cards back into the pile."""

    def apply(self, table: T) -> T:
        """See the table's ``cleared``."""
        return table.cleared()


@dataclass(frozen=True)
class NextRound:
    """The round is over: every card out this round goes to the discard pile."""

    def apply(self, table: T) -> T:
        """See the table's ``next_round``."""
        return table.next_round()


__all__ = ["CardTable", "ClearRound", "NextRound", "RoundTable"]

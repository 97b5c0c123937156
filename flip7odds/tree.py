"""The nodes of a round's chance tree, shared by every variant's engine (`flip7odds.engine`, classic and poker;
`flip7odds.vengeance.engine`, With a Vengeance).

A round is a tree: from a state, the engine lists the next card's `Outcome`\\ s with their exact counts in the
pile; each leads to a `Terminal` (your round is over: why, and your round score), a `Choice` (the card gives you
options, each leading to a node) or the next state. What differs between the variants is data: the reasons a
round ends, the events a card causes, the options a card gives and the state itself (each engine's enums and
state class); the shape of the tree is this module's. `DrawingState` holds what every variant's state answers
the same way.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Generic, TypeVar

from flip7odds.cards import Card
from flip7odds.counts import CardCounts

ReasonT = TypeVar("ReasonT", bound=enum.Enum)
EventT = TypeVar("EventT", bound=enum.Enum)
OptionT = TypeVar("OptionT")
NodeT = TypeVar("NodeT")


@dataclass(frozen=True)
class Terminal(Generic[ReasonT]):
    """The end of your round: its reason (the variant's enum) and your round score."""

    reason: ReasonT
    score: int


@dataclass(frozen=True)
class Choice(Generic[OptionT, NodeT]):
    """A drawn card gives you options; each leads to a node. Listed in the order ties are broken (first wins)."""

    options: tuple[tuple[OptionT, NodeT], ...]


@dataclass(frozen=True)
class Outcome(Generic[EventT, NodeT]):
    """One kind of next card: how many copies of it are in the pile, what it does, and where it leads."""

    card: Card
    count: int
    event: EventT
    node: NodeT


class DrawingState:
    """What a state of any variant answers from its pile, its discard pile and the draws it owes.

    A mixin of the engines' frozen state dataclasses, which define the three fields.
    """

    pile: CardCounts
    discards: CardCounts | None
    forced: int

    @property
    def at_decision(self) -> bool:
        """True when it is your free choice to hit or stay (no draws owed)."""
        return self.forced == 0

    @property
    def can_draw(self) -> bool:
        """True when a card can still be drawn (from the pile or a reshuffled discard pile)."""
        return self.pile.size > 0 or (self.discards is not None and self.discards.size > 0)

"""An undoable history of moves on a table: what every variant's card tracker is made of.

A table is an immutable value (`flip7odds.shoe.Table`, `flip7odds.vengeance.table.VengeanceTable`) and a
move a small frozen value whose ``apply`` returns the table after it. `Tracker` keeps the current table
and every step taken, each with the table it was taken on, so that `Tracker.undo` returns exactly there.
A move that cannot happen raises `flip7odds.errors.SituationError` and changes nothing; the table after a
move is checked (``check``) before it is kept.

>>> from flip7odds.rules import CLASSIC
>>> from flip7odds.shoe import NextRound, Shoe
>>> shoe = Shoe.new(CLASSIC).play(NextRound())
>>> shoe.last_move, shoe.undo() == Shoe.new(CLASSIC)
(NextRound(), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, Protocol, Self, TypeVar

from flip7odds.errors import SituationError


class Checked(Protocol):
    """A table: it can tell whether it is possible."""

    def check(self) -> None:
        """Raise `SituationError` if this table cannot happen."""


T = TypeVar("T", bound=Checked)


class Move(Protocol[T]):
    """A move: the table after it (raises `SituationError` when it is impossible)."""

    def apply(self, table: T, /) -> T:
        """The table after the move."""


M = TypeVar("M", bound=Move[Any])


@dataclass(frozen=True)
class Step(Generic[T, M]):
    """One move in the history, with the table it was made on (what `Tracker.undo` returns to)."""

    move: M
    before: T


@dataclass(frozen=True)
class Tracker(Generic[T, M]):
    """The current table and the history of moves; each method returns a new tracker of the same class."""

    table: T
    history: tuple[Step[T, M], ...] = ()

    def play(self, move: M) -> Self:
        """Make a move; raises `SituationError` (and changes nothing) if the move is impossible."""
        after: T = move.apply(self.table)
        after.check()
        return type(self)(after, (*self.history, Step(move, self.table)))

    @property
    def last_move(self) -> M | None:
        """The move `undo` would take back, if any."""
        return self.history[-1].move if self.history else None

    def undo(self) -> Self:
        """The tracker before the last move; raises `SituationError` when there is nothing to undo."""
        if not self.history:
            raise SituationError("nothing to undo")
        return type(self)(self.history[-1].before, self.history[:-1])

"""The shoe across rounds: where every card of the deck is, as the cards come up at a real table.

docs/rules.md, "The shoe": cards used in a round go to a discard pile and are *not* shuffled back; the rest
of the pile carries on into the next round; when the pile runs out, only the discard pile is shuffled
into a new pile, and the cards still in front of players stay out. Every card comes up face up, so
the pile's composition is known at every moment.

A `Table` is the state: your line (in the order the cards came), the other cards seen this round,
the discard pile since the last reshuffle, and how many other players are still active. Every card
of the deck is in exactly one place, so

    pile = deck - discards - (your line + seen elsewhere)

holds at all times, before and after a reshuffle: a reshuffle turns the discards into the pile, so
the pile becomes ``deck - table`` and the discards become empty, which is the same equation. A
`Shoe` is a `Table` plus the history of moves that led to it, so that any move can be undone.

Cards in your line follow the rules as they are drawn (docs/rules.md section 1):

* a number you hold busts you, unless you hold a Second Chance: then the duplicate and the Second
  Chance go to the discard pile and your line is kept;
* a seventh distinct number (``flip7_size``) is a Flip 7 and ends your round;
* a Freeze in your line means you froze yourself: you bank and your round is over;
* a Flip Three in your line means you took it: the next cards you draw are forced, your round goes on.

Examples
--------
>>> from flip7odds.cards import parse_cards
>>> from flip7odds.rules import CLASSIC
>>> shoe = Shoe.new(CLASSIC).add(parse_cards("12 7"), Place.LINE).add(parse_cards("12 12"), Place.SEEN)
>>> shoe.table.pile.size, shoe.table.status
(90, <RoundStatus.PLAYING: 'playing'>)
>>> shoe = shoe.next_round()
>>> shoe.table.pile.size, shoe.table.discards.size, shoe.table.line
(90, 4, ())
>>> shoe.undo().table.line
(Card.number(12), Card.number(7))
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from flip7odds.card_table import CardTable, ClearRound, NextRound
from flip7odds.cards import FLIP_THREE, FREEZE, SECOND_CHANCE, Card, Category
from flip7odds.counts import CardCounts
from flip7odds.errors import Counted, Plural, SituationError, Term
from flip7odds.history import Step as HistoryStep
from flip7odds.history import Tracker
from flip7odds.i18n import N_
from flip7odds.rules import RuleSet
from flip7odds.situation import Situation, check_against_deck

MAX_OTHERS_ACTIVE = 17
"""docs/rules.md: above 18 players a second deck is needed, so one deck has at most 17 other players."""


class Place(enum.Enum):
    """Where a card goes when it comes up (or where a mistake is taken back from)."""

    LINE = "line"
    """Your line: the cards in front of you this round."""
    SEEN = "seen"
    """Seen elsewhere this round: other players' lines, actions given away, busted lines."""
    DISCARDS = "discards"
    """The discard pile: only to fix a mistake (a card of an earlier round that was never entered)."""


class RoundStatus(enum.Enum):
    """Whether your round goes on, and if not, why it ended (from the cards in your line)."""

    PLAYING = "playing"
    """You may still hit or stay."""
    BUST = "bust"
    """Your last card is a number you already held, with no Second Chance: you score 0 this round."""
    FLIP_7 = "flip7"
    """Your line holds ``flip7_size`` distinct numbers: the round is over for everyone."""
    FROZEN = "frozen"
    """You froze yourself with a Freeze: you bank your line."""


STATUS_NAMES: dict[RoundStatus, str] = {
    RoundStatus.PLAYING: N_("playing"),
    RoundStatus.BUST: N_("bust"),
    RoundStatus.FLIP_7: N_("Flip 7"),
    RoundStatus.FROZEN: N_("frozen"),
}
"""How a round status is named in a message (message ids)."""

@dataclass(frozen=True)
class Table(CardTable):
    """Where the cards are: your line (in order), seen elsewhere, discards; the pile is the rest of the deck.

    Build one with `Table.new` or `Table.build` (which checks it); the moves return new tables.
    """

    rules: RuleSet
    line: tuple[Card, ...] = ()
    seen: CardCounts = field(default_factory=CardCounts)
    discards: CardCounts = field(default_factory=CardCounts)
    others_active: int = 1

    @classmethod
    def new(cls, rules: RuleSet, others_active: int = 1) -> Table:
        """A fresh deck: everything in the pile."""
        return cls.build(rules, others_active=others_active)

    @classmethod
    def build(
        cls,
        rules: RuleSet,
        line: Iterable[Card] = (),
        seen: Iterable[Card] = (),
        discards: Iterable[Card] = (),
        others_active: int = 1,
    ) -> Table:
        """A checked table; raises `SituationError` naming what makes it impossible.

        Every card must be in the deck, no kind may be out more often than the deck holds it, your line
        must be one the rules can produce (see `round_status`), and ``others_active`` must be between 0
        and `MAX_OTHERS_ACTIVE`.
        """
        table = cls(rules, tuple(line), CardCounts.from_cards(seen), CardCounts.from_cards(discards), others_active)
        table.check()
        return table

    def check(self) -> None:
        """Raise `SituationError` if this table cannot happen (see `build`)."""
        if not 0 <= self.others_active <= MAX_OTHERS_ACTIVE:
            raise SituationError("others active must be from 0 to {most}, not {others}", most=MAX_OTHERS_ACTIVE,
                                 others=self.others_active)
        # A classic table names a card in the base notation (str), not by the variant's own names.
        check_against_deck(self.rules, {N_("your line"): tuple(CardCounts.from_cards(self.line)),
                                        N_("seen"): tuple(self.seen), N_("discards"): tuple(self.discards)}, str)
        round_status(self.rules, self.line)

    @property
    def on_table(self) -> CardCounts:
        """Every card in front of a player this round: your line and the cards seen elsewhere."""
        return CardCounts.from_cards(self.line) + self.seen

    @property
    def status(self) -> RoundStatus:
        """Whether your round goes on (`RoundStatus`)."""
        return round_status(self.rules, self.line)

    @property
    def second_chance(self) -> bool:
        """True when you hold a Second Chance."""
        return SECOND_CHANCE in self.line

    @property
    def line_score(self) -> int:
        """What your line scores this round if it ended now: 0 when bust, the Flip 7 bonus included.

        >>> from flip7odds.cards import parse_cards
        >>> from flip7odds.rules import CLASSIC
        >>> [Table.build(CLASSIC, parse_cards(line)).line_score for line in ("12 x2 +4", "5 7 5", "0 1 2 3 4 5 6")]
        [28, 0, 36]
        """
        status = self.status
        if status is RoundStatus.BUST:
            return 0
        numbers = {card.value for card in self.line if card.category is Category.NUMBER}
        modifiers = tuple(card for card in self.line if card.category is Category.MODIFIER)
        return self.rules.score(sum(numbers), modifiers, flip7=status is RoundStatus.FLIP_7)

    def situation(self) -> Situation:
        """The situation at your decision, for `flip7odds.analysis.analyze`.

        A Flip Three you took is resolving or resolved, not part of your line: it counts as seen.
        Raises `SituationError` when your round is over or no card is left to draw.
        """
        status = self.status
        if status is not RoundStatus.PLAYING:
            raise SituationError("your round is over ({status}): there is no decision to make",
                                 status=Term(STATUS_NAMES[status]))
        kept = tuple(card for card in self.line if card != FLIP_THREE)
        taken = tuple(card for card in self.line if card == FLIP_THREE)
        return Situation.build(
            self.rules,
            kept,
            seen=tuple(self.seen) + taken,
            discards=tuple(self.discards),
            others_active=self.others_active,
        )

    def with_cards(self, cards: Iterable[Card], place: Place) -> Table:
        """The table after ``cards`` come up one by one and go to ``place``.

        Each card is drawn from the pile, reshuffling the discards first if the pile is empty (for
        `Place.DISCARDS`, the card is taken from the pile into the discard pile with no reshuffle).
        Raises `SituationError` for a card that is not left or that your line cannot take.
        """
        table = self
        for card in cards:
            table = table._with_card(card, place)
        return table

    def _with_card(self, card: Card, place: Place) -> Table:
        table = self
        if place is not Place.DISCARDS and self.pile.size == 0:
            table = self.reshuffled()
        if table.pile[card] == 0:
            raise SituationError("no {card} left in the pile: {where}", card=card, where=_where_they_are(table, card))
        if place is Place.SEEN:
            return replace(table, seen=table.seen + CardCounts.from_cards((card,)))
        if place is Place.DISCARDS:
            return replace(table, discards=table.discards + CardCounts.from_cards((card,)))
        return table._into_line(card)

    def _into_line(self, card: Card) -> Table:
        """Your line receives ``card`` (docs/rules.md: a Second Chance saves a duplicate and is discarded with it)."""
        status = self.status
        if status is not RoundStatus.PLAYING:
            raise SituationError("your round is over ({status}): put the {card} under seen elsewhere",
                                 status=Term(STATUS_NAMES[status]), card=card)
        if card == SECOND_CHANCE and self.second_chance:
            raise SituationError("you already hold a Second Chance: a second one goes to another player (seen)")
        held = {held.value for held in self.line if held.category is Category.NUMBER}
        if card.category is Category.NUMBER and card.value in held and self.second_chance:
            line = list(self.line)
            line.remove(SECOND_CHANCE)
            return replace(
                self, line=tuple(line), discards=self.discards + CardCounts.from_cards((card, SECOND_CHANCE))
            )
        return replace(self, line=self.line + (card,))

    def without_cards(self, cards: Iterable[Card], place: Place) -> Table:
        """The table with ``cards`` taken back from ``place`` into the pile (to fix a mistake).

        From your line the latest copy goes first. Raises `SituationError` for a card that is not there.
        """
        line, seen, discards = list(self.line), self.seen, self.discards
        for card in cards:
            if place is Place.LINE:
                if card not in line:
                    raise SituationError("there is no {card} in your line", card=card)
                del line[len(line) - 1 - line[::-1].index(card)]
            elif place is Place.SEEN:
                seen = _minus(seen, card, Term("seen elsewhere"))
            else:
                discards = _minus(discards, card, Term("the discard pile"))
        return replace(self, line=tuple(line), seen=seen, discards=discards)

    def cleared(self) -> Table:
        """Every card of this round back into the pile (the round is entered again from scratch)."""
        return replace(self, line=(), seen=CardCounts())

    def next_round(self) -> Table:
        """Every card on the table goes to the discard pile; the pile is *not* reset (docs/rules.md, the shoe)."""
        return replace(self, line=(), seen=CardCounts(), discards=self.discards + self.on_table)

    def reshuffled(self) -> Table:
        """The pile ran out: the discards become the new pile; the cards on the table stay out."""
        if self.pile.size:
            raise SituationError(Plural("the pile still has {size} card: it is reshuffled only when empty",
                                        "the pile still has {size} cards: it is reshuffled only when empty", "size"),
                                 size=self.pile.size)
        if self.discards.size == 0:
            raise SituationError("no card left: the pile and the discard pile are both empty")
        return replace(self, discards=CardCounts())

    def with_others_active(self, others_active: int) -> Table:
        """The same table with another count of other active players (0: you are alone)."""
        table = replace(self, others_active=others_active)
        table.check()
        return table


def round_status(rules: RuleSet, line: Iterable[Card]) -> RoundStatus:
    """Replay your line card by card and say whether your round goes on; raise `SituationError` if impossible.

    Nothing can follow the card that ended your round (a duplicate number, the Flip 7 number, a
    Freeze); a duplicate cannot stand beside a Second Chance (it would have used it); you hold at most
    one Second Chance.

    >>> from flip7odds.cards import parse_cards
    >>> from flip7odds.rules import CLASSIC
    >>> round_status(CLASSIC, parse_cards("5 7 5")), round_status(CLASSIC, parse_cards("0 1 2 3 4 5 6"))
    (<RoundStatus.BUST: 'bust'>, <RoundStatus.FLIP_7: 'flip7'>)
    """
    status = RoundStatus.PLAYING
    numbers: set[int] = set()
    second_chance = False
    for card in line:
        if status is not RoundStatus.PLAYING:
            raise SituationError("{card} cannot follow in your line: your round was already over ({status})", card=card,
                                 status=Term(STATUS_NAMES[status]))
        if card.category is Category.NUMBER:
            if card.value in numbers:
                if second_chance:
                    raise SituationError("a second {card} beside your Second Chance: it would have saved you",
                                         card=card)
                status = RoundStatus.BUST
            numbers.add(card.value)
            if status is RoundStatus.PLAYING and len(numbers) >= rules.flip7_size:
                status = RoundStatus.FLIP_7
        elif card == SECOND_CHANCE:
            if second_chance:
                raise SituationError("two Second Chances in your line: you may hold only one")
            second_chance = True
        elif card == FREEZE:
            status = RoundStatus.FROZEN
    return status


def _minus(counts: CardCounts, card: Card, where: Term) -> CardCounts:
    if counts[card] == 0:
        raise SituationError("there is no {card} in {where}", card=card, where=where)
    return counts - CardCounts.from_cards((card,))


def _where_they_are(table: Table, card: Card) -> SituationError:
    """Say where the copies of ``card`` are, to help fix a mistake (a message inside the message)."""
    line = sum(1 for held in table.line if held == card)
    return SituationError("the deck has {deck}: {where}", deck=table.rules.deck[card],
                          where=Counted(((N_("your line"), line), (N_("seen"), table.seen[card]),
                                         (N_("discards"), table.discards[card]))))


@dataclass(frozen=True)
class AddCards:
    """Cards came up, one by one, and went to a place."""

    cards: tuple[Card, ...]
    place: Place

    def apply(self, table: Table) -> Table:
        """See `Table.with_cards`."""
        return table.with_cards(self.cards, self.place)


@dataclass(frozen=True)
class RemoveCards:
    """Cards entered by mistake go back into the pile."""

    cards: tuple[Card, ...]
    place: Place

    def apply(self, table: Table) -> Table:
        """See `Table.without_cards`."""
        return table.without_cards(self.cards, self.place)


@dataclass(frozen=True)
class Reshuffle:
    """The pile is empty: the discards become the new pile."""

    def apply(self, table: Table) -> Table:
        """See `Table.reshuffled`."""
        return table.reshuffled()


@dataclass(frozen=True)
class NewGame:
    """A new game with a fresh deck of these rules; the count of other players is kept."""

    rules: RuleSet

    def apply(self, table: Table) -> Table:
        """A fresh `Table`."""
        return Table.new(self.rules, table.others_active)


@dataclass(frozen=True)
class SetOthersActive:
    """Another player stayed or busted (or joined): how many others are still active."""

    others_active: int

    def apply(self, table: Table) -> Table:
        """See `Table.with_others_active`."""
        return table.with_others_active(self.others_active)


Move = AddCards | RemoveCards | ClearRound | NextRound | Reshuffle | NewGame | SetOthersActive


Step = HistoryStep[Table, Move]
"""One move in the history, with the table it was made on (what `Shoe.undo` returns to)."""


@dataclass(frozen=True)
class Shoe(Tracker[Table, Move]):
    """The card tracker: the current `Table` and the history of moves, each method returning a new `Shoe`."""

    @classmethod
    def new(cls, rules: RuleSet, others_active: int = 1) -> Shoe:
        """A fresh deck and no history."""
        return cls(Table.new(rules, others_active))

    def add(self, cards: Iterable[Card], place: Place) -> Shoe:
        """Cards came up and went to ``place`` (one move: one undo takes them all back)."""
        return self.play(AddCards(tuple(cards), place))

    def remove(self, cards: Iterable[Card], place: Place) -> Shoe:
        """Take cards entered by mistake back from ``place`` into the pile."""
        return self.play(RemoveCards(tuple(cards), place))

    def clear_round(self) -> Shoe:
        """Take this round's cards back into the pile."""
        return self.play(ClearRound())

    def next_round(self) -> Shoe:
        """Move every card on the table to the discard pile."""
        return self.play(NextRound())

    def reshuffle(self) -> Shoe:
        """Turn the discards into the new pile (only when the pile is empty)."""
        return self.play(Reshuffle())

    def new_game(self, rules: RuleSet | None = None) -> Shoe:
        """Start again with a fresh deck (of ``rules``, or the same rules); undo can bring the old game back."""
        return self.play(NewGame(rules or self.table.rules))

    def set_others_active(self, others_active: int) -> Shoe:
        """Set how many other players are still active (0: alone)."""
        return self.play(SetOthersActive(others_active))


__all__ = [
    "MAX_OTHERS_ACTIVE",
    "AddCards",
    "ClearRound",
    "Move",
    "NewGame",
    "NextRound",
    "Place",
    "RemoveCards",
    "Reshuffle",
    "RoundStatus",
    "SetOthersActive",
    "Shoe",
    "Step",
    "Table",
    "round_status",
]

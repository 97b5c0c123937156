"""The With a Vengeance table across rounds, as the live page tracks it (docs/rules.md "The shoe" and section 3).

As in classic (`flip7odds.shoe`), cards used in a round go to a discard pile and are not shuffled back;
only when the pile runs out are the discards shuffled into a new pile. What Vengeance adds is that the
other players' lines matter (Steal, Swap and Discard act on them, modifiers may be given to them), and
that cards move between lines. A `VengeanceTable` holds

* your line, in the order the cards came;
* the line of every other player who is not busted (stayed or still playing: both can be targeted);
* the other cards out of the pile this round (busted players' cards, anything else seen);
* the discard pile since the last reshuffle, and how many players are busted (Brutal mode uses it).

Every card of the deck is in exactly one place, so ``pile = deck - discards - lines - seen`` at all
times. What the cards do when they arrive (docs/rules.md section 3):

* a number a line already holds busts it (the Lucky 13 allows one second 13); a busted other player's
  cards go to *seen*, their seat is marked busted until the next round (the other seats keep their
  numbers) and the busted count goes up; your own duplicate stays last in your line (bust);
* the Unlucky 7 *drawn* into a line sends that line's other cards to the discard pile (moved by Steal
  or Swap, `MoveCards`, it is a plain 7);
* an action card is played as soon as it is drawn: whoever it is tapped to, it goes to the discard pile.

Examples
--------
>>> from flip7odds.cards import parse_cards
>>> from flip7odds.rules import VENGEANCE
>>> shoe = VengeanceShoe.new(VENGEANCE, others=2).add(parse_cards("12 5", VENGEANCE), Place.LINE)
>>> shoe = shoe.add(parse_cards("9 -4"), Other(0)).add(parse_cards("steal", VENGEANCE), Place.LINE)
>>> shoe = shoe.play(MoveCards(parse_cards("9"), Other(0), Place.LINE))  # the Steal took their 9
>>> shoe.table.line, shoe.table.others, shoe.table.discards.size, shoe.table.pile.size
((Card.number(12), Card.number(5), Card.number(9)), ((Card.plus(-4),), ()), 1, 103)
>>> shoe.undo().table.line
(Card.number(12), Card.number(5))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from flip7odds.card_table import CardTable, ClearRound, NextRound
from flip7odds.cards import Card, Category
from flip7odds.counts import CardCounts
from flip7odds.errors import Plural, SituationError, Term
from flip7odds.history import Step, Tracker
from flip7odds.i18n import N_
from flip7odds.rules import UNLUCKY_7, RuleSet
from flip7odds.shoe import MAX_OTHERS_ACTIVE, STATUS_NAMES, Place, RoundStatus
from flip7odds.situation import check_against_deck
from flip7odds.vengeance.situation import FLIP_7_CARDS, VengeanceLine, VengeanceSituation


@dataclass(frozen=True, order=True)
class Other:
    """Another player's line as a place for cards: ``index`` counts from 0 (the page shows player 2 onwards)."""

    index: int


Target = Place | Other
"""Where a card goes or comes from: your line, another player's line, seen this round, the discard pile."""


@dataclass(frozen=True)
class VengeanceTable(CardTable):
    """Where every card is. Build one with `new` or `build` (which checks it); the moves return new tables."""

    rules: RuleSet
    line: tuple[Card, ...] = ()
    others: tuple[tuple[Card, ...], ...] = ((),)
    seen: CardCounts = field(default_factory=CardCounts)
    discards: CardCounts = field(default_factory=CardCounts)
    busted: int = 0
    out: tuple[int, ...] = ()
    """The seats (indices of ``others``) busted this round: their lines are empty and no card goes there."""

    @classmethod
    def new(cls, rules: RuleSet, others: int = 1) -> VengeanceTable:
        """A fresh deck with ``others`` other players holding no card yet."""
        return cls.build(rules, others=((),) * others)

    @classmethod
    def build(cls, rules: RuleSet, line: Iterable[Card] = (), others: Iterable[Iterable[Card]] = ((),),
              seen: Iterable[Card] = (), discards: Iterable[Card] = (), busted: int = 0,
              out: Iterable[int] = ()) -> VengeanceTable:
        """A checked table; raises `SituationError` naming what makes it impossible (see `check`)."""
        table = cls(rules, tuple(line), tuple(tuple(cards) for cards in others), CardCounts.from_cards(seen),
                    CardCounts.from_cards(discards), busted, tuple(sorted(set(out))))
        table.check()
        return table

    def check(self) -> None:
        """Raise `SituationError` unless the rules are Vengeance, every card fits the deck, your line is one
        the rules can produce (`line_status`), no other line holds a duplicate or an action, the
        player counts are between 0 and `MAX_OTHERS_ACTIVE`, and busted seats are empty and counted."""
        if not self.rules.vengeance:
            raise SituationError("the {rules} rules are not With a Vengeance: use the classic analysis",
                                 rules=self.rules.name)
        if len(self.others) > MAX_OTHERS_ACTIVE or not 0 <= self.busted <= MAX_OTHERS_ACTIVE:
            raise SituationError("other players must be from 0 to {most}", most=MAX_OTHERS_ACTIVE)
        if any(not 0 <= seat < len(self.others) or self.others[seat] for seat in self.out):
            raise SituationError("a busted player holds no card this round")
        if self.busted < len(self.out):
            raise SituationError(Plural("at least {count} player is busted this round",
                                        "at least {count} players are busted this round", "count"), count=len(self.out))
        check_against_deck(self.rules, {
            N_("your line"): tuple(CardCounts.from_cards(self.line)),
            N_("other lines"): tuple(CardCounts.from_cards(card for cards in self.others for card in cards)),
            N_("seen"): tuple(self.seen), N_("discards"): tuple(self.discards)})
        line_status(self.line)
        for cards in self.others:
            VengeanceLine.from_cards(cards, mine=False)

    @property
    def active_lines(self) -> tuple[tuple[Card, ...], ...]:
        """The lines of the other players who are not busted (the targets of Steal, Swap and Discard)."""
        return tuple(cards for seat, cards in enumerate(self.others) if seat not in self.out)

    @property
    def on_table(self) -> CardCounts:
        """Every card out of the pile this round: the lines and the cards seen."""
        return CardCounts.from_cards((*self.line, *(card for cards in self.others for card in cards))) + self.seen

    @property
    def status(self) -> RoundStatus:
        """Whether your round goes on (playing, bust or Flip 7)."""
        return line_status(self.line)

    @property
    def line_score(self) -> int:
        """What your line scores this round if it ended now: 0 when bust, the Flip 7 bonus included."""
        status = self.status
        if status is RoundStatus.BUST:
            return 0
        return VengeanceLine.from_cards(self.line).score(self.rules, flip7=status is RoundStatus.FLIP_7)

    def cards_at(self, target: Target) -> tuple[Card, ...]:
        """The cards at a place, in order (a pile of cards in canonical order)."""
        if isinstance(target, Other):
            return self.others[self._seat(target)]
        if target is Place.LINE:
            return self.line
        return tuple(self.seen if target is Place.SEEN else self.discards)

    def situation(self) -> VengeanceSituation:
        """The situation at your decision, for `flip7odds.vengeance.analyze_vengeance` and the next-card odds.

        Raises `SituationError` when your round is over, another line made a Flip 7, or no card is left.
        """
        status = self.status
        if status is not RoundStatus.PLAYING:
            raise SituationError("your round is over ({status}): there is no decision to make",
                                 status=Term(STATUS_NAMES[status]))
        return VengeanceSituation.build(self.rules, self.line, others=self.active_lines, pile=tuple(self.pile),
                                        discards=tuple(self.discards), busted_others=self.busted)

    def with_cards(self, cards: Iterable[Card], target: Target) -> VengeanceTable:
        """The table after ``cards`` are drawn one by one and go to ``target`` (see the module's rules).

        Each card comes from the pile (the discards are reshuffled first if it is empty; to the discard
        pile itself there is no reshuffle). Raises `SituationError` for a card that is not left.
        """
        table = self
        for card in cards:
            if target is not Place.DISCARDS and table.pile.size == 0:
                if table.discards.size == 0:
                    raise SituationError("no card left: the pile and the discard pile are both empty")
                table = replace(table, discards=CardCounts())
            if table.pile[card] == 0:
                raise SituationError("no {card} left in the pile", card=self.rules.card_name(card))
            table = table._receive(card, target, drawn=True)
        return table

    def without_cards(self, cards: Iterable[Card], source: Target) -> VengeanceTable:
        """The table with ``cards`` taken back from ``source`` into the pile (to fix a mistake)."""
        table = self
        for card in cards:
            table = table._take(card, source)
        return table

    def moved(self, cards: Iterable[Card], source: Target, target: Target) -> VengeanceTable:
        """``cards`` move from ``source`` to ``target`` (Steal, Swap, Discard): no Unlucky 7 wipe on the way."""
        table = self
        for card in cards:
            table = table._take(card, source)._receive(card, target, drawn=False)
        return table

    def next_round(self) -> VengeanceTable:
        """Every card out this round goes to the discard pile; the pile carries on; the lines are empty."""
        return replace(self, line=(), others=((),) * len(self.others), seen=CardCounts(),
                       discards=self.discards + self.on_table, busted=0, out=())

    def cleared(self) -> VengeanceTable:
        """Every card of this round back into the pile (the round is entered again from scratch)."""
        return replace(self, line=(), others=((),) * len(self.others), seen=CardCounts(), busted=0, out=())

    def with_others(self, count: int) -> VengeanceTable:
        """``count`` other players who are not busted: new ones hold no card; only empty lines can leave."""
        if not 0 <= count <= MAX_OTHERS_ACTIVE:
            raise SituationError("other players must be from 0 to {most}", most=MAX_OTHERS_ACTIVE)
        if any(self.others[count:]):
            raise SituationError("a player who leaves must hold no card: move or take back their cards first")
        out = tuple(seat for seat in self.out if seat < count)
        return replace(self, others=self.others[:count] + ((),) * (count - len(self.others)), out=out,
                       busted=self.busted - (len(self.out) - len(out)))

    def with_busted(self, busted: int) -> VengeanceTable:
        """Another count of busted players (they matter in Brutal mode: modifiers may be given to them)."""
        if not 0 <= busted <= MAX_OTHERS_ACTIVE:
            raise SituationError("busted players must be from 0 to {most}", most=MAX_OTHERS_ACTIVE)
        if busted < len(self.out):
            raise SituationError(Plural("at least {count} player is busted this round",
                                        "at least {count} players are busted this round", "count"), count=len(self.out))
        return replace(self, busted=busted)

    def _seat(self, other: Other) -> int:
        if not 0 <= other.index < len(self.others):
            raise SituationError("there is no player {number}", number=other.index + 2)
        if other.index in self.out:
            raise SituationError("player {number} is busted this round", number=other.index + 2)
        return other.index

    def _take(self, card: Card, source: Target) -> VengeanceTable:
        """``card`` leaves ``source`` (the latest copy of a line first)."""
        if isinstance(source, Other):
            seat = self._seat(source)
            return replace(self, others=_replaced(self.others, seat, _without(self.others[seat], card,
                                                                              Term(N_("that player's line")))))
        if source is Place.LINE:
            return replace(self, line=_without(self.line, card, Term(N_("your line"))))
        counts, where = (self.seen, N_("seen elsewhere")) if source is Place.SEEN else (self.discards,
                                                                                        N_("the discard pile"))
        if counts[card] == 0:
            raise SituationError("there is no {card} in {where}", card=self.rules.card_name(card), where=Term(where))
        rest = counts - CardCounts.from_cards((card,))
        return replace(self, seen=rest) if source is Place.SEEN else replace(self, discards=rest)

    def _receive(self, card: Card, target: Target, drawn: bool) -> VengeanceTable:
        """``card`` (out of any place) arrives at ``target``."""
        if target is Place.SEEN:
            return replace(self, seen=self.seen + CardCounts.from_cards((card,)))
        if target is Place.DISCARDS or card.category is Category.ACTION:
            return replace(self, discards=self.discards + CardCounts.from_cards((card,)))  # an action is played
        cards = self.cards_at(target)
        wiped: tuple[Card, ...] = ()
        if drawn and card == UNLUCKY_7:
            wiped, cards = cards, ()
        if target is Place.LINE:
            status = self.status
            if status is not RoundStatus.PLAYING:
                raise SituationError("your round is over ({status}): put the {card} under seen elsewhere",
                                     status=Term(STATUS_NAMES[status]), card=self.rules.card_name(card))
            return replace(self, line=(*cards, card), discards=self.discards + CardCounts.from_cards(wiped))
        seat = self._seat(target)
        held = VengeanceLine.from_cards(cards, mine=False)
        if card.is_number and not held.accepts(card):  # they bust: their cards are out for this round
            return replace(self, others=_replaced(self.others, seat, ()), out=tuple(sorted((*self.out, seat))),
                           seen=self.seen + CardCounts.from_cards((*cards, card)), busted=self.busted + 1)
        return replace(self, others=_replaced(self.others, seat, (*cards, card)),
                       discards=self.discards + CardCounts.from_cards(wiped))


def line_status(cards: Iterable[Card]) -> RoundStatus:
    """Replay your line and say whether your round goes on; raise `SituationError` for an impossible line.

    A duplicate number (see `VengeanceLine.accepts`) busts you, seven numbers are a Flip 7, and nothing
    can follow either; an action card is never in a line.

    >>> from flip7odds.cards import parse_cards
    >>> from flip7odds.rules import VENGEANCE
    >>> [line_status(parse_cards(text, VENGEANCE)).value for text in ("13 l13 5", "13 13", "1 2 3 4 5 6 l13")]
    ['playing', 'bust', 'flip7']
    """
    line = VengeanceLine()
    status = RoundStatus.PLAYING
    for card in cards:
        if status is not RoundStatus.PLAYING:
            raise SituationError("{card} cannot follow in your line: your round was already over ({status})",
                                 card=str(card), status=Term(STATUS_NAMES[status]))
        if card.category is Category.ACTION:
            raise SituationError("{card} cannot be in a line: an action is resolved as soon as it is drawn",
                                 card=str(card))
        if card.is_number and not line.accepts(card):
            status = RoundStatus.BUST
        line = line.plus(card)
        if status is RoundStatus.PLAYING and line.number_count >= FLIP_7_CARDS:
            status = RoundStatus.FLIP_7
    return status


def _without(cards: tuple[Card, ...], card: Card, where: Term) -> tuple[Card, ...]:
    if card not in cards:
        raise SituationError("there is no {card} in {where}", card=str(card), where=where)
    index = len(cards) - 1 - cards[::-1].index(card)
    return cards[:index] + cards[index + 1:]


def _replaced(others: tuple[tuple[Card, ...], ...], seat: int, cards: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    return others[:seat] + (cards,) + others[seat + 1:]


@dataclass(frozen=True)
class AddCards:
    """Cards were drawn, one by one, and went to a place."""

    cards: tuple[Card, ...]
    target: Target

    def apply(self, table: VengeanceTable) -> VengeanceTable:
        """See `VengeanceTable.with_cards`."""
        return table.with_cards(self.cards, self.target)


@dataclass(frozen=True)
class RemoveCards:
    """Cards entered by mistake go back into the pile."""

    cards: tuple[Card, ...]
    source: Target

    def apply(self, table: VengeanceTable) -> VengeanceTable:
        """See `VengeanceTable.without_cards`."""
        return table.without_cards(self.cards, self.source)


@dataclass(frozen=True)
class MoveCards:
    """Cards moved between places: a Steal, a Swap (two moves), a Discard."""

    cards: tuple[Card, ...]
    source: Target
    target: Target

    def apply(self, table: VengeanceTable) -> VengeanceTable:
        """See `VengeanceTable.moved`."""
        return table.moved(self.cards, self.source, self.target)


@dataclass(frozen=True)
class NewGame:
    """A new game with a fresh deck of these rules; the count of other players is kept."""

    rules: RuleSet

    def apply(self, table: VengeanceTable) -> VengeanceTable:
        """A fresh `VengeanceTable`."""
        return VengeanceTable.new(self.rules, len(table.others))


@dataclass(frozen=True)
class SetOthers:
    """How many other players are not busted (their lines are kept)."""

    count: int

    def apply(self, table: VengeanceTable) -> VengeanceTable:
        """See `VengeanceTable.with_others`."""
        return table.with_others(self.count)


@dataclass(frozen=True)
class SetBusted:
    """How many players are busted this round."""

    count: int

    def apply(self, table: VengeanceTable) -> VengeanceTable:
        """See `VengeanceTable.with_busted`."""
        return table.with_busted(self.count)


VengeanceMove = AddCards | RemoveCards | MoveCards | ClearRound | NextRound | NewGame | SetOthers | SetBusted


VengeanceStep = Step[VengeanceTable, VengeanceMove]
"""One move in the history, with the table it was made on (what `VengeanceShoe.undo` returns to)."""


@dataclass(frozen=True)
class VengeanceShoe(Tracker[VengeanceTable, VengeanceMove]):
    """The card tracker: the current `VengeanceTable` and the moves that led to it, so any can be undone."""

    @classmethod
    def new(cls, rules: RuleSet, others: int = 1) -> VengeanceShoe:
        """A fresh deck and no history."""
        return cls(VengeanceTable.new(rules, others))

    def add(self, cards: Iterable[Card], target: Target) -> VengeanceShoe:
        """Cards were drawn and went to ``target`` (one move: one undo takes them all back)."""
        return self.play(AddCards(tuple(cards), target))


__all__ = [
    "AddCards",
    "ClearRound",
    "MoveCards",
    "NewGame",
    "NextRound",
    "Other",
    "Place",
    "RemoveCards",
    "RoundStatus",
    "SetBusted",
    "SetOthers",
    "Target",
    "VengeanceMove",
    "VengeanceShoe",
    "VengeanceStep",
    "VengeanceTable",
    "line_status",
]

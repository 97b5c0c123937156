"""How a round is played at the table, whatever the variant: the shoe's draws, the deal, the turns.

Both simulators, `flip7odds.simulator` (classic and poker) and `flip7odds.vengeance.game` (With a
Vengeance), play a round the same way (docs/rules.md, "A round" and "The shoe"); what a card does when
it arrives, who an action targets and how a line scores are the variant's. `RoundPlay` holds what is
the same:

* **the persistent shoe**: a draw takes the top card of the pile and puts it *in play* (drawn, not yet
  resolved); an empty pile is first replaced by the discard pile, shuffled with the round's
  ``rng.permutation``; the cards in front of the players stay where they are. A card only ever moves
  between the pile, the discard pile, in play and the tables (the lists `RoundPlay` keeps);
* **the order of play**: from the dealer's left; with ``rules.initial_deal`` each player still active
  gets one card; then turns go round, each active player hitting (forced, or its policy's choice after
  the observer has seen its view) or staying, until a Flip 7 ends the round or nobody is active.

The table is the same too: one deck per 18 players, up to `MAX_PLAYERS` (`table_rules`). `play_rounds` is
the game loop of every variant: rounds until `game_winners` names someone; `play_table_game` plays a whole
game with it. The values a game is made of have the same fields in every variant (`RoundStartBase`,
`RoundResultBase`, `GameResultBase`): each variant's ``RoundStart``, ``RoundResult`` and ``GameResult`` is
one of them, with its own cards, outcomes and policies; a start is shuffled or stacked the same way
(`RoundStartBase.shuffled`, `stacked_pile`).

A variant subclasses `RoundPlay` with its seat (a `Seat`), its view, what a drawn card does
(`_draw_for`), when a hit is forced (`_must_hit`), how a player stays (`_stay`), how the pile is counted
(`_may_reshuffle`, `_count_pile`, `_uncount`), its checks (`_checkpoint`) and the end of the round
(`_finish`: scoring).
"""

from __future__ import annotations

import enum
import math
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Generic, Protocol, Self, TypeVar

import numpy as np

from flip7odds.cards import Card
from flip7odds.counts import CardCounts
from flip7odds.rules import RuleSet
from flip7odds.simple_policies import SimulationError

PLAYERS_PER_DECK = 18
MAX_PLAYERS = 36

CardT = TypeVar("CardT")
"""A card as a simulator moves it: a kind code (classic) or the `flip7odds.cards.Card` itself (Vengeance)."""
ViewT = TypeVar("ViewT")
"""What a player sees when it decides (the variant's table view)."""
ViewT_contra = TypeVar("ViewT_contra", contravariant=True)
OutcomeT = TypeVar("OutcomeT")
"""Why a player's round ended (the variant's ``Outcome`` enum)."""
ResultT = TypeVar("ResultT")
"""A played round (the variant's ``RoundResult``)."""


class InvariantError(AssertionError):
    """The simulator lost or created a card, or broke a rule it checks: always a bug in the simulator."""


class Player(Protocol[ViewT_contra]):
    """A hit/stay rule as a round asks it (each variant's ``Policy`` is one)."""

    def hits(self, view: ViewT_contra, rng: np.random.Generator, /) -> bool:
        """True to hit, False to stay."""


class RoundEnd(enum.Enum):
    """Why a round ended (docs/rules.md, round step 6)."""

    NOBODY_ACTIVE = "nobody_active"
    """Every player stayed, was frozen, busted or ran out of cards."""
    FLIP_7 = "flip7"
    """A player made Flip 7: the round ended at once for everyone."""


def decks_for(players: int) -> int:
    """How many decks the shoe holds: one per 18 players (docs/rules.md: above 18 add a second deck)."""
    return math.ceil(players / PLAYERS_PER_DECK)


def check_players(players: int) -> None:
    """A table seats 1 to `MAX_PLAYERS` players (else `SimulationError`)."""
    if not 1 <= players <= MAX_PLAYERS:
        raise SimulationError(f"players must be from 1 to {MAX_PLAYERS}, not {players}")


def table_rules(rules: RuleSet, players: int) -> RuleSet:
    """``rules`` with the deck multiplied for the number of players (`check_players` first)."""
    check_players(players)
    decks = decks_for(players)
    if decks == 1:
        return rules
    deck = CardCounts.from_mapping({card: count * decks for card, count in rules.deck.items_})
    return replace(rules, name=f"{rules.name}x{decks}", deck=deck)


def stacked_pile(rules: RuleSet, players: int, top: Sequence[Card], discards: Sequence[Card]) -> tuple[Card, ...]:
    """A hand-built pile, top first: ``top`` in order, then the rest of the table's shoe not in ``discards``,
    in card order (for tests that force a rule)."""
    rest = table_rules(rules, players).deck - CardCounts.from_cards(top) - CardCounts.from_cards(discards)
    return (*top, *rest)


@dataclass(frozen=True)
class RoundStartBase(Generic[CardT]):
    """Everything a round starts from: the pile in order (top first), the discard pile, the dealer's seat, the totals.

    ``round_number`` counts the game's rounds from 1 and ``reshuffles`` the reshuffles before this round.
    """

    pile: tuple[CardT, ...]
    discards: tuple[CardT, ...]
    dealer: int
    totals: tuple[int, ...]
    round_number: int = 1
    reshuffles: int = 0

    @classmethod
    def shuffled(cls, shoe: Sequence[CardT], players: int, rng: np.random.Generator, dealer: int | None) -> Self:
        """A new game's first round: ``shoe`` shuffled with ``rng.permutation``, then the dealer drawn at random
        (``rng.integers``) unless given; no discards, every total 0."""
        order = rng.permutation(len(shoe))
        chosen = int(rng.integers(players)) if dealer is None else dealer
        return cls(tuple(shoe[i] for i in order), (), chosen, (0,) * players)


StartT = TypeVar("StartT", bound=RoundStartBase[Any])


@dataclass(frozen=True)
class RoundResultBase(Generic[StartT, OutcomeT, CardT]):
    """A played round: how it started, its seed, each player's outcome and score, and the shoe after it."""

    start: StartT
    seed: int
    outcomes: tuple[OutcomeT, ...]
    scores: tuple[int, ...]
    end: RoundEnd
    reshuffles: int
    cards_drawn: int
    pile_after: tuple[CardT, ...]
    discards_after: tuple[CardT, ...]

    @property
    def totals_after(self) -> tuple[int, ...]:
        """Game totals after this round."""
        return tuple(total + score for total, score in zip(self.start.totals, self.scores))


PlayedT = TypeVar("PlayedT", bound=RoundResultBase[Any, Any, Any])
PolicyT = TypeVar("PolicyT")


@dataclass(frozen=True)
class GameResultBase(Generic[PolicyT, PlayedT]):
    """A finished game: its players, rounds, final totals and the winners' seats.

    ``winners`` has one seat, or several when the rules share the victory of a tie (poker);
    ``winner`` is the first of them.
    """

    players: tuple[PolicyT, ...]
    rounds: tuple[PlayedT, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def winner(self) -> int:
        """The winner's seat (the first winner's, when the victory is shared)."""
        return self.winners[0]


@dataclass
class Seat(Generic[CardT, ViewT, OutcomeT]):
    """A player during a round (mutable; a simulator's own bookkeeping): its cards in the order received."""

    index: int
    policy: Player[ViewT]
    total: int
    table: list[CardT] = field(default_factory=list)
    outcome: OutcomeT | None = None

    @property
    def active(self) -> bool:
        """Still in the round: no outcome yet."""
        return self.outcome is None


SeatT = TypeVar("SeatT", bound=Seat[Any, Any, Any])


class RoundPlay(ABC, Generic[CardT, SeatT, ViewT, ResultT]):
    """One round being played (module docstring): the shoe's lists, the seats, and the order of play."""

    rules: RuleSet
    """The table's rules (the deck multiplied for the players): set by the variant."""
    expected: Counter[CardT]
    """Every card of the table's shoe (`_check_accounted`): set by the variant."""

    def __init__(self, players: Sequence[Player[ViewT]], start: RoundStartBase[CardT], rng: np.random.Generator,
                 check: bool, observer: Callable[[ViewT], None] | None) -> None:
        if len(players) != len(start.totals):
            raise SimulationError(f"{len(players)} players but {len(start.totals)} totals")
        self.dealer = start.dealer
        self.rng = rng
        self.check = check
        self.observer = observer
        self.pile = list(reversed(start.pile))  # top of the pile last, so that a draw is a pop
        self.discards = list(start.discards)
        self.in_play: list[CardT] = []
        self.seats = [self._seat(i, policy, total) for i, (policy, total) in enumerate(zip(players, start.totals))]
        self.flip7 = False
        self.reshuffles = 0
        self.cards_drawn = 0

    # -- what the variant says ---------------------------------------------------------------

    @abstractmethod
    def _seat(self, index: int, policy: Player[ViewT], total: int) -> SeatT:
        """A new seat of the variant."""

    @abstractmethod
    def view(self, seat: SeatT) -> ViewT:
        """What ``seat`` sees."""

    @abstractmethod
    def _draw_for(self, seat: SeatT) -> None:
        """``seat`` draws a card (the deal or a hit) and it is resolved; no card left: the seat's outcome says so."""

    @abstractmethod
    def _must_hit(self, seat: SeatT) -> bool:
        """True when ``seat`` may not stay (no policy is asked)."""

    @abstractmethod
    def _stay(self, seat: SeatT) -> None:
        """``seat`` chose to stay."""

    @abstractmethod
    def _finish(self, seed: int) -> ResultT:
        """The round is over: score it, clear the tables (`_clear_tables`), say what happened."""

    @abstractmethod
    def _checkpoint(self) -> None:
        """With ``check``: every card of the shoe is in exactly one place and every line is legal (else `InvariantError`)."""

    @abstractmethod
    def _may_reshuffle(self) -> bool:
        """True when the discard pile may become the new pile (else the draw finds no card)."""

    @abstractmethod
    def _count_pile(self) -> None:
        """The pile was just made from the shuffled discards: count it."""

    @abstractmethod
    def _uncount(self, card: CardT) -> None:
        """``card`` left the pile."""

    # -- the shoe ----------------------------------------------------------------------------

    def _draw(self) -> CardT | None:
        """The top card, put in play; an empty pile is first replaced by the shuffled discard pile."""
        if not self.pile:
            if not self._may_reshuffle():
                return None
            order = self.rng.permutation(len(self.discards))
            self.pile = [self.discards[i] for i in order]
            self.discards = []
            self._count_pile()
            self.reshuffles += 1
        card = self.pile.pop()
        self._uncount(card)
        self.in_play.append(card)
        self.cards_drawn += 1
        return card

    def _place(self, seat: SeatT, card: CardT) -> None:
        self.in_play.remove(card)
        seat.table.append(card)

    def _discard(self, card: CardT) -> None:
        self.in_play.remove(card)
        self.discards.append(card)

    def _check_accounted(self, held: Counter[CardT], name: Callable[[CardT], str]) -> None:
        """With ``held`` every card found in the pile, the discard pile, in play and on the tables: it is the
        shoe, `expected`, exactly (else `InvariantError`, naming the cards with ``name``)."""
        if held != self.expected:
            missing = {name(card): n for card, n in (self.expected - held).items()}
            extra = {name(card): n for card, n in (held - self.expected).items()}
            raise InvariantError(f"cards not accounted for: missing {missing}, extra {extra}")

    def _clear_tables(self) -> None:
        """The end of the round: every card in front of a player goes to the discard pile (none may be in play)."""
        if self.in_play:
            raise InvariantError(f"cards still in play at the end of the round: {self.in_play}")
        for seat in self.seats:
            self.discards.extend(seat.table)
            seat.table.clear()

    # -- the order of play -------------------------------------------------------------------

    def _nearest_left(self, chooser: SeatT, seat: SeatT) -> int:
        """Tie-break key: larger for players nearer to the chooser's left."""
        return -((seat.index - chooser.index) % len(self.seats))

    def _decides_to_hit(self, seat: SeatT) -> bool:
        view = self.view(seat)
        if self.observer is not None:
            self.observer(view)
        return seat.policy.hits(view, self.rng)

    def play(self, seed: int) -> ResultT:
        """Play the round (``seed`` is the one its ``rng`` was made from, kept in the result)."""
        self._play_turns()
        return self._finish(seed)

    def _play_turns(self) -> None:
        """The deal, then the turns, until a Flip 7 or nobody is active (module docstring)."""
        count = len(self.seats)
        order = [self.seats[(self.dealer + 1 + i) % count] for i in range(count)]
        if self.rules.initial_deal:
            for seat in order:
                if self.flip7:
                    break
                if seat.active:
                    self._draw_for(seat)
        while not self.flip7 and any(seat.active for seat in self.seats):
            for seat in order:
                if self.flip7:
                    break
                if not seat.active:
                    continue
                if self._must_hit(seat) or self._decides_to_hit(seat):
                    self._draw_for(seat)
                else:
                    self._stay(seat)
                self._checkpoint()


def game_winners(totals: Sequence[int], rules: RuleSet) -> tuple[int, ...]:
    """The seats that have won after a round (docs/rules.md, end of game), or () if the game goes on.

    Someone must have ``rules.target`` or more. The highest total wins; a tie for it plays another
    round, unless the rules share the victory (``shared_victory``: every tied player wins).

    >>> from flip7odds.rules import CLASSIC, POKER
    >>> game_winners((201, 150), CLASSIC), game_winners((205, 205, 10), CLASSIC), game_winners((199, 0), CLASSIC)
    ((0,), (), ())
    >>> game_winners((125, 125, 10), POKER), game_winners((119, -3), POKER)
    ((0, 1), ())
    """
    best = max(totals)
    leaders = tuple(seat for seat, total in enumerate(totals) if total == best)
    if best < rules.target or (len(leaders) > 1 and not rules.shared_victory):
        return ()
    return leaders


def play_rounds(rules: RuleSet, start: StartT, rng: np.random.Generator, max_rounds: int,
                play: Callable[[StartT, int], PlayedT]) -> tuple[tuple[PlayedT, ...], tuple[int, ...]]:
    """The game loop of every variant: ``play(start, seed)`` rounds until `game_winners` names someone.

    Each round's seed is drawn from ``rng``; the next round starts from the shoe the last one left, the deal
    passed left, the new totals. Returns the rounds and the winners' seats.
    """
    rounds: list[PlayedT] = []
    while len(rounds) < max_rounds:
        result = play(start, int(rng.integers(2**63)))
        rounds.append(result)
        winners = game_winners(result.totals_after, rules)
        if winners:
            return tuple(rounds), winners
        start = replace(start, pile=result.pile_after, discards=result.discards_after,
                        dealer=(start.dealer + 1) % len(start.totals), totals=result.totals_after,
                        round_number=start.round_number + 1, reshuffles=start.reshuffles + result.reshuffles)
    raise SimulationError(f"no winner after {max_rounds} rounds: do the policies ever score?")


GameT = TypeVar("GameT", bound=GameResultBase[Any, Any])


def play_table_game(game: Callable[[tuple[PolicyT, ...], tuple[PlayedT, ...], tuple[int, ...], tuple[int, ...]], GameT],
                    rules: RuleSet, players: Sequence[PolicyT], rng: np.random.Generator, start: StartT | None,
                    fresh: Callable[[RuleSet, int, np.random.Generator], StartT], max_rounds: int,
                    play: Callable[[StartT, int], PlayedT]) -> GameT:
    """A whole game of any variant: `play_rounds` from ``start`` (None: ``fresh(rules, len(players), rng)``),
    returned as the variant's ``game`` result (players, rounds, final totals, winners).

    The players are counted first (`check_players`).
    """
    check_players(len(players))
    if start is None:
        start = fresh(rules, len(players), rng)
    rounds, winners = play_rounds(rules, start, rng, max_rounds, play)
    return game(tuple(players), rounds, rounds[-1].totals_after, winners)


__all__ = ["MAX_PLAYERS", "PLAYERS_PER_DECK", "GameResultBase", "InvariantError", "Player", "RoundEnd", "RoundPlay",
           "RoundResultBase", "RoundStartBase", "Seat", "check_players", "decks_for", "game_winners", "play_rounds",
           "play_table_game", "stacked_pile", "table_rules"]

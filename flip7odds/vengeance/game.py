"""A full-rules game simulator for Flip 7: With a Vengeance (docs/rules.md section 3, seed 003), several players.

It follows the classic simulator (`flip7odds.simulator`), whose shoe and order of play it shares
(`flip7odds.round_play`): a `RoundStart` (the pile in order, top first, so that tests can stack the
top cards), rounds replayable from their seed, an injected
``np.random.Generator``, a persistent shoe (cards used in a round go to the discard pile, which is
shuffled into a new pile only when the pile runs out; cards in front of players stay there), the
game to ``rules.target`` (200) with the tie rule (`flip7odds.round_play.game_winners`), and with
``check=True`` every card of the shoe accounted for after every step (`InvariantError` otherwise).

What it plays, literally (docs/rules.md section 3):

* The deal: with ``rules.initial_deal`` (the `VENGEANCE` rule sets keep the official deal of
  section 1) each player still active gets one face-up card from the dealer's left; an action card
  is resolved at once. Then turns go round: an active player stays (with at least one card) or hits.
  **The Zero** forces a hit while it is held (no policy is asked).
* Numbers: a number the line cannot hold busts (`VengeanceLine.accepts`: a second 13 is safe next to
  the Lucky 13, a third busts). **The Unlucky 7**, when it is drawn from the pile (a hit, the deal,
  a forced draw), sends every other card of the drawer's line to the discard pile and never busts;
  moved by Steal or Swap it is a plain 7. Seven number cards (two 13s count as two) are a **Flip 7**:
  +15, and the round ends at once for everyone.
* **Stayed players stay in the round**: every action and modifier may target any player who is not
  busted, stayed or not. A stayed player forced to draw can bust or make a Flip 7; a stayed player
  given The Zero keeps it and scores 0 (it does not play again).
* An action card goes to the discard pile as soon as it is played (a reshuffle during its own
  forced draws already contains it). **Just One More!**: the target draws one card, then must stay
  (outcome `Outcome.MADE_TO_STAY`; with The Zero it banks 0). **Flip Four!**: the target draws four
  cards, stopping on a bust or a Flip 7; numbers act at once, action and modifier cards are set
  aside and resolved after the four, one after another in the order drawn, by the target (each
  completely, a set-aside Flip Four! with its own four, before the next); if the target busted or
  someone made a Flip 7 they are discarded. **Steal**: the drawer takes one face-up card of another
  player who is not busted (a duplicate busts it). **Swap**: two face-up cards of two different
  players who are not busted change places (yours and another's, or two others'); anyone left
  holding a duplicate busts (both can), anyone reaching seven numbers makes a Flip 7. **Discard**:
  one face-up card of any player who is not busted (yourself included) goes to the discard pile.
  Steal, Swap and Discard with no card they could act on are discarded.
* Modifiers (``/2``, ``-2`` .. ``-10``) are kept or given to another player who is not busted;
  scoring is `flip7odds.rules.RuleSet.score` (sum, halved, penalties, floor 0, +15 for a Flip 7),
  and The Zero makes a line score 0 unless it made a Flip 7. A bust scores 0.
* **Brutal mode** (``rules.brutal``, `VENGEANCE_BRUTAL`): round scores may be negative; modifiers may
  also be given to busted players (docs/rules.md does not say what they do there: a bust still scores 0,
  so the modifier is only got rid of); on a Flip 7 the player takes +15 or gives -15 to another
  player (any player, busted ones included).
* If a player must draw and there is no card to draw, or the discard pile to be reshuffled holds no
  number card (only numbers can end a forced hitting; a pile of actions alone could cycle forever),
  the draw finds nothing: an active player banks (`Outcome.NO_CARDS`), forced draws stop.

Choices (deterministic, the same for every player; documented for the tests). The *value* of a
line is its round score if the round ended now: 0 when busted, 0 with The Zero unless it is a Flip
7 (then with the bonus). The drawer of a card is its *chooser*; a set-aside card's chooser is the
Flip Four! target.

* **Steal, Swap, Discard**: the option that maximises *the chooser's gain minus the sum of every
  other player's gain* in value (a bust is a loss of the whole value). Options are tried in a fixed
  order and the first best one wins, unless a later one as good does not bust the chooser: players from the chooser (itself first, where it may act on
  itself) round to its left, cards in the order they came to a player; a Swap lists for each first
  card every second card of a later player. So the chooser steals the card worth the most to it
  (taking a number from another line counts twice), swaps its Zero or worst card away, busts two
  opponents with one swap when it can, discards its own Zero, ``/2`` or worst penalty when that is
  worth more than an opponent's best card.
* **Modifiers**: given to the other player whose value it lowers most (ties: the highest game total,
  then nearest to the chooser's left; Brutal: a busted player only when nobody else can take it);
  kept only when nobody else can take it.
* **Just One More!, Flip Four!**: given to the other non-busted player with the highest exact chance
  of busting on the next card (counted from the pile), then the highest value, the highest game
  total, nearest left; alone (nobody else is not busted) the chooser must take it.
* **Brutal Flip 7**: -15 to the other player with the highest game total if that total is higher
  than the chooser's own, else +15 for itself.

Players are a hit/stay `Policy` each (the simple rules of `flip7odds.simple_policies`, read by
`policy_from_text`); the exact optimum is not available (`flip7odds.vengeance.reference` solves
small piles only).

Examples
--------
>>> from flip7odds.rules import VENGEANCE
>>> rng = np.random.default_rng(7)
>>> game = play_game(VENGEANCE, (SumThreshold(25), SumThreshold(25), SumThreshold(25)), rng)
>>> max(game.totals) >= VENGEANCE.target and game.totals.count(max(game.totals)) == 1
True
>>> game.rounds[0] == play_round(VENGEANCE, game.players, game.rounds[0].start, game.rounds[0].seed)
True
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Protocol

import numpy as np

from flip7odds.cards import Action, Card, Category
from flip7odds.counts import CardCounts
from flip7odds.round_play import (
    MAX_PLAYERS,
    GameResultBase,
    InvariantError,
    Player,
    RoundEnd,
    RoundPlay,
    RoundResultBase,
    RoundStartBase,
    Seat,
    play_table_game,
    stacked_pile,
    table_rules,
)
from flip7odds.rules import UNLUCKY_7, RuleSet
from flip7odds.simple_policies import (
    SIMPLE_NAMES,
    BustThreshold,
    CardCount,
    RandomPolicy,
    SimulationError,
    SumThreshold,
    read_simple_policy,
)
from flip7odds.vengeance.situation import FLIP_7_CARDS, THE_ZERO, VengeanceLine

FORCED_DRAWS = {Action.JUST_ONE_MORE: 1, Action.FLIP_FOUR: 4}
"""How many cards the target of each forcing action draws."""
MAX_DRAWS_PER_ROUND = 5_000
"""A round drawing more cards than this is stuck in a loop: a bug, reported as `SimulationError`."""
BRUTAL_FLIP7_PENALTY = 15


class Outcome(enum.Enum):
    """How a player's round ended. Every outcome but `BUST` banks the line."""

    STAYED = "stayed"
    """The player chose to stay; it could still be targeted until the round ended."""
    MADE_TO_STAY = "made_to_stay"
    """Just One More! was played on the player: after its card it had to stay."""
    BUST = "bust"
    """A number the line could not hold (drawn, stolen or swapped to it): round score 0."""
    FLIP_7 = "flip7"
    """Seven number cards: the round ended at once for everyone; +15 (Brutal: or -15 to another)."""
    CUT_SHORT = "cut_short"
    """Still active when another player's Flip 7 ended the round: it banks its line."""
    NO_CARDS = "no_cards"
    """It had to draw with no card to draw (module docstring): it banks."""


# ----------------------------------------------------------------------------------------------
# What a player sees, and the policies that decide from it.


@dataclass(frozen=True, eq=False)
class VengeanceView:
    """The table as the player at ``seat`` sees it when deciding to hit or stay (perfect memory).

    ``tables[i]`` lists the face-up cards in front of player ``i`` in the order received,
    ``outcomes[i]`` is None while it is active; ``pile_counts`` is the pile's exact composition (never
    its order) and ``discard_cards`` the discard pile since the last shuffle.
    """

    rules: RuleSet
    seat: int
    tables: tuple[tuple[Card, ...], ...]
    outcomes: tuple[Outcome | None, ...]
    totals: tuple[int, ...]
    pile_counts: Mapping[Card, int]
    discard_cards: tuple[Card, ...]

    @cached_property
    def line(self) -> VengeanceLine:
        """The deciding player's line."""
        return _line_of(self.tables[self.seat])

    @cached_property
    def pile(self) -> CardCounts:
        """The pile's exact composition."""
        return CardCounts.from_mapping(self.pile_counts)

    @cached_property
    def discards(self) -> CardCounts:
        """The discard pile since the last shuffle."""
        return CardCounts.from_cards(self.discard_cards)

    @property
    def number_sum(self) -> int:
        """The sum of your number cards (two 13s count 26: `flip7odds.simple_policies`)."""
        return sum(card.value for card in self.line.numbers)

    @property
    def numbers_held(self) -> int:
        """How many number cards you hold."""
        return self.line.number_count

    def bust_probability(self) -> Fraction:
        """P(the next card busts you): numbers your line cannot hold (the Unlucky 7 never busts).

        Counted from the pile, or from the discard pile that would be reshuffled when the pile is empty.
        """
        return _bust_chance(self.line, self.pile_counts, self.discard_cards)


def _bust_chance(line: VengeanceLine, pile: Mapping[Card, int], discards: Sequence[Card]) -> Fraction:
    counts = pile if any(pile.values()) else Counter(discards)
    size = sum(counts.values())
    if not size:
        return Fraction(0)
    busting = sum(n for card, n in counts.items() if card.is_number and card != UNLUCKY_7 and not line.accepts(card))
    return Fraction(busting, size)


class Policy(Protocol):
    """A hit/stay rule, asked only when staying is allowed (a card in the line, no Zero)."""

    @property
    def name(self) -> str:
        """A short name that `policy_from_text` reads back."""

    def hits(self, view: VengeanceView, rng: np.random.Generator) -> bool:
        """True to hit, False to stay."""


POLICY_NAMES = SIMPLE_NAMES


def policy_from_text(text: str) -> Policy:
    """Read a policy name as the classic simulator does (`flip7odds.simulator.policy_from_text`).

    >>> policy_from_text("sum:27"), policy_from_text("bust:30%").name
    (SumThreshold(threshold=27), 'bust:0.3')
    >>> policy_from_text("optimal")
    Traceback (most recent call last):
    ...
    flip7odds.simple_policies.SimulationError: the optimal policy cannot play With a Vengeance games (its exact solver is for small piles only): use sum:T, bust:θ, cards:k, random[:p]
    """
    simple = read_simple_policy(text)
    if simple is None:
        raise SimulationError("the optimal policy cannot play With a Vengeance games (its exact solver is for "
                              "small piles only): use {names}", names=POLICY_NAMES)
    return simple


# ----------------------------------------------------------------------------------------------
# Rounds.


@dataclass(frozen=True)
class RoundStart(RoundStartBase[Card]):
    """Everything a round starts from: the pile in order (top first), the discard pile, the dealer, the totals."""

    @classmethod
    def fresh(cls, rules: RuleSet, players: int, rng: np.random.Generator, dealer: int | None = None) -> RoundStart:
        """A new game's first round: the whole shoe shuffled, the dealer at random unless given."""
        return cls.shuffled(list(table_rules(rules, players).deck), players, rng, dealer)

    @classmethod
    def build(cls, rules: RuleSet, players: int, top: Sequence[Card] = (), discards: Sequence[Card] = (),
              dealer: int = 0, totals: Sequence[int] | None = None) -> RoundStart:
        """A hand-built start: ``top`` are the first cards drawn, in order; the rest of the shoe not in
        ``discards`` lies below them in card order. For tests that force a rule."""
        return cls(stacked_pile(rules, players, top, discards), tuple(discards), dealer,
                   tuple(totals) if totals is not None else (0,) * players)


@dataclass(frozen=True)
class RoundResult(RoundResultBase[RoundStart, Outcome, Card]):
    """A played round: its start, seed, outcomes and scores, the shoe after it, and what happened.

    ``lines`` are the players' final face-up cards (a busted player's included); ``events`` counts
    what happened (`EVENTS`), as sorted (name, count) pairs.
    """

    lines: tuple[tuple[Card, ...], ...]
    events: tuple[tuple[str, int], ...]

    def event(self, name: str) -> int:
        """How many times ``name`` (one of `EVENTS`) happened this round."""
        return dict(self.events).get(name, 0)


EVENTS = ("steal", "swap", "discard", "just_one_more", "flip_four", "modifier_given", "on_stayed", "unlucky_7",
          "busted_by_swap", "brutal_minus_15")
"""What `RoundResult.events` counts: each action played with a use, modifiers given away, actions and
modifiers that hit a stayed player, Unlucky 7 wipes, players busted by a Swap, Brutal -15s given."""


def _line_of(cards: Sequence[Card]) -> VengeanceLine:
    return VengeanceLine.of([c for c in cards if c.is_number], [c for c in cards if c.category is Category.MODIFIER])


@dataclass
class _Seat(Seat[Card, VengeanceView, Outcome]):
    """A player during a round (`flip7odds.round_play.Seat`): its face-up cards in the order received."""

    @property
    def busted(self) -> bool:
        return self.outcome is Outcome.BUST

    def line(self) -> VengeanceLine:
        return _line_of(self.table)


def _value(line: VengeanceLine, rules: RuleSet) -> int:
    """A line's round score if the round ended now (module docstring); the caller handles busts."""
    return line.score(rules, flip7=line.number_count >= FLIP_7_CARDS)


@dataclass(frozen=True)
class _Change:
    """One option of Steal, Swap or Discard: the new table of every seat it touches, and who busts."""

    tables: dict[int, list[Card]]
    busts: frozenset[int]
    discarded: Card | None
    score: int


Observer = Callable[[VengeanceView], None]


class _Round(RoundPlay[Card, _Seat, VengeanceView, RoundResult]):
    """One round being played (`flip7odds.round_play.RoundPlay`): cards are `Card` values."""

    def __init__(self, rules: RuleSet, players: Sequence[Policy], start: RoundStart, rng: np.random.Generator,
                 check: bool, observer: Observer | None) -> None:
        super().__init__(players, start, rng, check, observer)
        if not rules.vengeance:
            raise SimulationError(f"the {rules.name} rules are not With a Vengeance: use flip7odds.simulator")
        self.rules = table_rules(rules, len(players))
        self.start = start
        self._count_pile()
        self.events: Counter[str] = Counter()
        self.minus_15: dict[int, int] = {}
        self.expected = Counter(dict(self.rules.deck.items_))
        self._checkpoint()

    def _seat(self, index: int, policy: Player[VengeanceView], total: int) -> _Seat:
        return _Seat(index, policy, total)

    # -- the shoe ----------------------------------------------------------------------------

    def _draw(self) -> Card | None:
        if self.cards_drawn >= MAX_DRAWS_PER_ROUND:
            raise SimulationError(f"a round drew {MAX_DRAWS_PER_ROUND} cards: the simulator is stuck in a loop")
        return super()._draw()

    def _may_reshuffle(self) -> bool:
        """Only numbers can end a forced hitting: a discard pile without one could cycle (module docstring)."""
        return any(card.is_number for card in self.discards)

    def _count_pile(self) -> None:
        self.pile_counts: Counter[Card] = Counter(self.pile)

    def _uncount(self, card: Card) -> None:
        self.pile_counts[card] -= 1

    def _checkpoint(self) -> None:
        """Every card of the shoe is in exactly one place, and every line is one the rules allow."""
        if not self.check:
            return
        if +self.pile_counts != Counter(self.pile):
            raise InvariantError(f"pile counts {dict(+self.pile_counts)} disagree with the pile")
        held = Counter(self.pile) + Counter(self.discards) + Counter(self.in_play)
        for seat in self.seats:
            held.update(seat.table)
            if any(card.category is Category.ACTION for card in seat.table):
                raise InvariantError(f"seat {seat.index}: an action card in its line {seat.table}")
            if not seat.busted:
                legal = VengeanceLine()
                for card in seat.table:
                    if card.is_number and not legal.accepts(card):
                        raise InvariantError(f"seat {seat.index} is not busted but holds a duplicate: {seat.table}")
                    legal = legal.plus(card)
                if legal.number_count > FLIP_7_CARDS or (legal.number_count == FLIP_7_CARDS
                                                         and seat.outcome is not Outcome.FLIP_7):
                    raise InvariantError(f"seat {seat.index}: seven numbers without a Flip 7: {seat.table}")
        self._check_accounted(held, str)

    # -- views and helpers --------------------------------------------------------------------

    def view(self, seat: _Seat) -> VengeanceView:
        """What ``seat`` sees."""
        return VengeanceView(self.rules, seat.index, tuple(tuple(s.table) for s in self.seats),
                             tuple(s.outcome for s in self.seats), tuple(s.total for s in self.seats),
                             +self.pile_counts, tuple(self.discards))

    def _from_left(self, chooser: _Seat) -> Iterator[_Seat]:
        """Every seat, the chooser first, then round to its left."""
        count = len(self.seats)
        return (self.seats[(chooser.index + step) % count] for step in range(count))

    def _seat_value(self, seat: _Seat, table: Sequence[Card] | None = None) -> int:
        if seat.busted:
            return 0
        return _value(_line_of(seat.table if table is None else table), self.rules)

    def _note_target(self, chooser: _Seat, target: _Seat) -> None:
        if target is not chooser and target.outcome in (Outcome.STAYED, Outcome.MADE_TO_STAY, Outcome.NO_CARDS):
            self.events["on_stayed"] += 1

    # -- receiving cards ----------------------------------------------------------------------

    def _flip_number(self, seat: _Seat, card: Card) -> None:
        """A number flipped from the pile by ``seat`` (the card is in play)."""
        if card == UNLUCKY_7:
            self.discards.extend(seat.table)
            seat.table.clear()
            self._place(seat, card)
            self.events["unlucky_7"] += 1
            return
        accepts = seat.line().accepts(card)
        self._place(seat, card)
        self._after_number(seat, accepts)

    def _after_number(self, seat: _Seat, accepted: bool) -> None:
        if not accepted:
            seat.outcome = Outcome.BUST
        elif seat.line().number_count >= FLIP_7_CARDS:
            seat.outcome = Outcome.FLIP_7
            self.flip7 = True

    def _play(self, chooser: _Seat, card: Card) -> None:
        """Resolve a modifier or an action card that ``chooser`` drew (the card is in play)."""
        if card.category is Category.MODIFIER:
            target = self._modifier_target(chooser, card)
            if target is not chooser:
                self.events["modifier_given"] += 1
                self._note_target(chooser, target)
            self._place(target, card)
            return
        act = card.act
        assert act is not None, card
        self._discard(card)  # an action goes to the discard pile as soon as it is played
        if act in FORCED_DRAWS:
            target = self._forcing_target(chooser)
            self.events["flip_four" if act is Action.FLIP_FOUR else "just_one_more"] += 1
            self._note_target(chooser, target)
            self._forced(target, FORCED_DRAWS[act], then_stay=act is Action.JUST_ONE_MORE)
            return
        options = {Action.STEAL: self._steal_options, Action.SWAP: self._swap_options,
                   Action.DISCARD: self._discard_options}[act](chooser)
        best: _Change | None = None
        for option in options:
            if best is None or (option.score, chooser.index not in option.busts) > (best.score, chooser.index
                                                                                     not in best.busts):
                best = option
        if best is None:
            return  # no card to act on: the action is only discarded
        self.events[act.value] += 1
        self._apply(chooser, best, act)

    def _forced(self, target: _Seat, draws: int, then_stay: bool) -> None:
        """``target`` draws ``draws`` cards; action and modifier cards wait until the draws are done."""
        aside: list[Card] = []
        for _ in range(draws):
            if self.flip7 or target.busted:
                break
            card = self._draw()
            if card is None:
                if target.active:
                    target.outcome = Outcome.NO_CARDS
                break
            if card.is_number:
                self._flip_number(target, card)
            else:
                aside.append(card)
            self._checkpoint()
        for card in aside:
            if self.flip7 or target.busted:
                self._discard(card)
            else:
                self._play(target, card)
            self._checkpoint()
        if then_stay and target.active:
            target.outcome = Outcome.MADE_TO_STAY

    # -- choices (module docstring) ------------------------------------------------------------

    def _modifier_target(self, chooser: _Seat, card: Card) -> _Seat:
        candidates = [seat for seat in self.seats if seat is not chooser and (self.rules.brutal or not seat.busted)]
        if not candidates:
            return chooser

        def key(seat: _Seat) -> tuple[int, bool, int, int]:
            loss = self._seat_value(seat) - self._seat_value(seat, [*seat.table, card])
            return loss, not seat.busted, seat.total, self._nearest_left(chooser, seat)

        return max(candidates, key=key)

    def _forcing_target(self, chooser: _Seat) -> _Seat:
        others = [seat for seat in self.seats if seat is not chooser and not seat.busted]
        if not others:
            return chooser
        return max(others, key=lambda seat: (_bust_chance(seat.line(), self.pile_counts, self.discards), self._seat_value(seat), seat.total,
                                             self._nearest_left(chooser, seat)))

    def _option(self, chooser: _Seat, tables: dict[int, list[Card]], discarded: Card | None = None) -> _Change:
        """Score an option: the chooser's gain minus the others' gains in value (bust: value 0)."""
        busts: set[int] = set()
        score = 0
        for index, table in tables.items():
            seat = self.seats[index]
            legal = VengeanceLine()
            busted = False
            for card in table:
                if card.is_number and not legal.accepts(card):
                    busted = True
                legal = legal.plus(card)
            after = 0 if busted else _value(legal, self.rules)
            gain = after - self._seat_value(seat)
            score += gain if seat is chooser else -gain
            if busted:
                busts.add(index)
        return _Change(tables, frozenset(busts), discarded, score)

    def _steal_options(self, chooser: _Seat) -> Iterator[_Change]:
        for victim in self._from_left(chooser):
            if victim is chooser or victim.busted:
                continue
            for position, card in enumerate(victim.table):
                left = victim.table[:position] + victim.table[position + 1:]
                yield self._option(chooser, {chooser.index: [*chooser.table, card], victim.index: left})

    def _swap_options(self, chooser: _Seat) -> Iterator[_Change]:
        order = [seat for seat in self._from_left(chooser) if not seat.busted]
        for first_index, first in enumerate(order):
            for second in order[first_index + 1:]:
                for i, mine in enumerate(first.table):
                    for j, theirs in enumerate(second.table):
                        one = [*first.table[:i], *first.table[i + 1:], theirs]
                        two = [*second.table[:j], *second.table[j + 1:], mine]
                        yield self._option(chooser, {first.index: one, second.index: two})

    def _discard_options(self, chooser: _Seat) -> Iterator[_Change]:
        for seat in self._from_left(chooser):
            if seat.busted:
                continue
            for position, card in enumerate(seat.table):
                left = seat.table[:position] + seat.table[position + 1:]
                yield self._option(chooser, {seat.index: left}, card)

    def _apply(self, chooser: _Seat, change: _Change, act: Action) -> None:
        """Carry out a Steal, Swap or Discard: cards move, then busts and Flip 7s are settled."""
        for index, table in change.tables.items():
            seat = self.seats[index]
            self._note_target(chooser, seat)
            seat.table[:] = table
        if change.discarded is not None:
            self.discards.append(change.discarded)
        for index in change.tables:
            seat = self.seats[index]
            if index in change.busts:
                seat.outcome = Outcome.BUST
                if act is Action.SWAP:
                    self.events["busted_by_swap"] += 1
            elif seat.line().number_count >= FLIP_7_CARDS:
                seat.outcome = Outcome.FLIP_7
                self.flip7 = True

    # -- the round ---------------------------------------------------------------------------

    def _draw_for(self, seat: _Seat) -> None:
        card = self._draw()
        if card is None:
            seat.outcome = Outcome.NO_CARDS
        elif card.is_number:
            self._flip_number(seat, card)
        else:
            self._play(seat, card)
        self._checkpoint()

    def _must_hit(self, seat: _Seat) -> bool:
        return not seat.table or THE_ZERO in seat.table

    def _stay(self, seat: _Seat) -> None:
        seat.outcome = Outcome.STAYED

    def _brutal_flip7(self, scorer: _Seat) -> int | None:
        """Brutal mode: the seat that takes -15 instead of the scorer's +15, or None."""
        others = [seat for seat in self.seats if seat is not scorer]
        if not self.rules.brutal or not others:
            return None
        leader = max(others, key=lambda seat: (seat.total, self._nearest_left(scorer, seat)))
        return leader.index if leader.total > scorer.total else None

    def _finish(self, seed: int) -> RoundResult:
        scores = []
        penalties: Counter[int] = Counter()
        for seat in self.seats:
            if seat.outcome is None:
                seat.outcome = Outcome.CUT_SHORT
            if seat.busted:
                scores.append(0)
                continue
            flip7 = seat.outcome is Outcome.FLIP_7
            score = seat.line().score(self.rules, flip7=flip7)
            victim = self._brutal_flip7(seat) if flip7 else None
            if victim is not None:
                score -= self.rules.flip7_bonus
                penalties[victim] += BRUTAL_FLIP7_PENALTY
                self.events["brutal_minus_15"] += 1
            scores.append(score)
        scores = [score - penalties[index] for index, score in enumerate(scores)]
        lines = tuple(tuple(seat.table) for seat in self.seats)
        self._clear_tables()
        self._checkpoint()
        outcomes = tuple(seat.outcome for seat in self.seats if seat.outcome is not None)
        end = RoundEnd.FLIP_7 if Outcome.FLIP_7 in outcomes else RoundEnd.NOBODY_ACTIVE
        return RoundResult(self.start, seed, outcomes, tuple(scores), end, self.reshuffles, self.cards_drawn,
                           tuple(reversed(self.pile)), tuple(self.discards), lines, tuple(sorted(self.events.items())))


def play_round(rules: RuleSet, players: Sequence[Policy], start: RoundStart, seed: int, *, check: bool = True,
               observer: Observer | None = None) -> RoundResult:
    """Play one round from ``start``; the same start and seed always give the same round.

    ``observer`` is called with the `VengeanceView` of every hit/stay decision before the policy answers.
    """
    return _Round(rules, players, start, np.random.default_rng(seed), check, observer).play(seed)


@dataclass(frozen=True)
class GameResult(GameResultBase[Policy, RoundResult]):
    """A finished game: its rounds, final totals and the winner's seat (`flip7odds.round_play.GameResultBase`)."""


def play_game(rules: RuleSet, players: Sequence[Policy], rng: np.random.Generator, *, check: bool = True,
              observer: Observer | None = None, max_rounds: int = 10_000, start: RoundStart | None = None
              ) -> GameResult:
    """Play a whole game: rounds until someone has ``rules.target`` or more with the unique highest total.

    Each round's seed is drawn from ``rng``; `play_round` replays it from its `RoundResult.start`.
    """
    return play_table_game(GameResult, rules, players, rng, start, RoundStart.fresh, max_rounds,
                           lambda begin, seed: play_round(rules, players, begin, seed, check=check, observer=observer))


__all__ = [
    "EVENTS",
    "MAX_PLAYERS",
    "POLICY_NAMES",
    "BustThreshold",
    "CardCount",
    "GameResult",
    "InvariantError",
    "Outcome",
    "Policy",
    "RandomPolicy",
    "RoundEnd",
    "RoundResult",
    "RoundStart",
    "SumThreshold",
    "VengeanceView",
    "play_game",
    "play_round",
    "policy_from_text",
]

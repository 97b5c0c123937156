"""A full-rules Flip 7 game simulator (docs/rules.md sections 1 and 2: any `RuleSet`) with pluggable players.

What it plays, literally:

* 1 to 36 players; one deck per 18 players (docs/rules.md: above 18 add a second deck). One player is the
  solo case (everything targets you), used to check the simulator against the exact solver.
* The dealer is chosen at random for round 1, then the deal passes left. With ``initial_deal`` every
  player still active when the deal reaches them gets one face-up card, starting left of the dealer;
  an action card is resolved at once, then the deal goes on.
* Turns go round from the dealer's left: each active player stays (with at least one card) or hits.
* Freeze, Flip Three (with set-aside Freeze / Flip Three cards, assigned when the three are done),
  Second Chance (kept, passed to an active player without one, or discarded), Flip 7 ending the
  round at once, scoring (a round score may be negative: poker's penalties), and the game's end at
  ``rules.target`` with the tie rule (another round, or a shared victory with ``shared_victory``).
* **The persistent shoe.** Cards used in a round go to the discard pile at the end of the round (a
  resolved Flip Three, a used Second Chance and its duplicate, a wasted action go there at once).
  The pile passes on to the next round; only when it runs out is the discard pile shuffled into a
  new pile, while the cards in front of players (busted ones included) stay where they are.
* If a player must draw and no card is left anywhere (pile and discard pile both empty, every card
  on the table), it banks its line: outcome `Outcome.NO_CARDS`. docs/rules.md is silent; this is the
  only reading under which the round can go on.

The shoe's draws and the order of play are `flip7odds.round_play`'s, which the With a Vengeance
simulator shares. Players are a hit/stay `Policy` each; the targeting choices follow one documented heuristic for
everyone (`Targeting heuristics` below). All randomness comes from an injected
``np.random.Generator``: a game draws one seed per round, and `play_round` replays any round from its
`RoundStart` and seed. With ``check=True`` every card of the shoe is accounted for (pile, discard
pile, in front of a player, or in play) after every step; a violation raises `InvariantError`.

Targeting heuristics (simple, deterministic, documented for the tests):

* **Freeze**: freeze yourself if your policy would stay now (your line is not empty); otherwise the
  active opponent with the highest game total ("freeze the leader"); alone you freeze yourself.
* **Flip Three**: to the active opponent most likely to bust on the next card (exact count from the
  pile); alone you take it. You never take it by choice: for your own round, giving it away is
  never worse under optimal play (`flip7odds.solver`, reduction 3).
* **Second Chance** you cannot keep: to the active opponent without one with the lowest game total.
* Ties go to the player nearest to the chooser's left. When set-aside cards are assigned, a Flip
  Three avoids players given a Freeze in the same batch when it can (it would be discarded).

Examples
--------
>>> from flip7odds.rules import CLASSIC
>>> rng = np.random.default_rng(7)
>>> game = play_game(CLASSIC, (SumThreshold(23), SumThreshold(23), SumThreshold(23)), rng)
>>> max(game.totals) >= CLASSIC.target and game.totals.count(max(game.totals)) == 1
True
>>> game.rounds[0] == play_round(CLASSIC, game.players, game.rounds[0].start, game.rounds[0].seed)
True
"""

from __future__ import annotations

import enum
import functools
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Protocol

import numpy as np

from flip7odds.analysis import TOLERANCE, problem_of
from flip7odds.cards import FLIP_THREE, FREEZE, SECOND_CHANCE, Card, Category
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
    decks_for,
    game_winners,
    play_rounds,
    play_table_game,
    stacked_pile,
    table_rules,
)
from flip7odds.rules import RuleSet
from flip7odds.simple_policies import (
    BustThreshold,
    CardCount,
    RandomPolicy,
    SimulationError,
    SumThreshold,
    read_simple_policy,
)
from flip7odds.situation import Line, Situation
from flip7odds.solver import Problem, solve

FLIP_THREE_DRAWS = 3


class Outcome(enum.Enum):
    """Why a player's round ended. Every outcome but `BUST` banks the line."""

    STAYED = "stayed"
    """The player chose to stay (docs/rules.md, round step 3) and banks its line."""
    FROZEN = "frozen"
    """A Freeze targeted the player: it stays at once and banks its line; the Freeze stays in front of it."""
    BUST = "bust"
    """A number the player already held, with no Second Chance: round score 0 (docs/rules.md step 4)."""
    FLIP_7 = "flip7"
    """The player's line reached seven distinct numbers: the round ends for everyone, +15 (step 5)."""
    CUT_SHORT = "cut_short"
    """Still active when another player's Flip 7 ended the round: it banks its line (step 5)."""
    NO_CARDS = "no_cards"
    """It had to draw with no card left in the pile or the discard pile: it banks (module docstring)."""


# ----------------------------------------------------------------------------------------------
# What a player sees, and the policies that decide from it.


@dataclass(frozen=True)
class Kinds:
    """The card kinds of a shoe, numbered ``0 .. n-1`` in `RuleSet.kinds` order (the simulator moves codes, not cards)."""

    cards: tuple[Card, ...]
    number_code: tuple[int, ...]
    """``number_code[v]`` is the code of the number card ``v``, or -1."""
    freeze: int
    flip_three: int
    second_chance: int

    @staticmethod
    @functools.lru_cache(maxsize=16)
    def of(rules: RuleSet) -> Kinds:
        """The kinds of ``rules``' deck."""
        cards = rules.kinds
        values = [card.value for card in cards if card.is_number]
        number_code = [-1] * (max(values, default=-1) + 1)
        for code, card in enumerate(cards):
            if card.is_number:
                number_code[card.value] = code

        def code_of(card: Card) -> int:
            return cards.index(card) if card in cards else -1

        return Kinds(cards, tuple(number_code), code_of(FREEZE), code_of(FLIP_THREE), code_of(SECOND_CHANCE))

    def number(self, value: int) -> int:
        """The code of the number ``value`` (-1 if the deck has none)."""
        return self.number_code[value] if 0 <= value < len(self.number_code) else -1


@dataclass(frozen=True)
class SeatView:
    """One player as everyone sees it: every card in front of it, its line, how its round stands, its game total."""

    seat: int
    cards: tuple[Card, ...]
    line: Line
    outcome: Outcome | None
    total: int

    @property
    def active(self) -> bool:
        """Still in the round (not stayed, frozen, busted...)."""
        return self.outcome is None


@dataclass(frozen=True, eq=False)
class TableView:
    """The table as the player at ``seat`` sees it when deciding, with perfect memory of the cards.

    Cards are kind codes (`Kinds`): ``tables[i]`` lists the cards in front of player ``i`` in the order
    received, ``pile_counts[code]`` is the exact number of cards of that kind in the pile (every card
    was seen face up, docs/rules.md "the shoe"; never its order), ``discard_codes`` is the discard pile
    since the last shuffle. ``line`` is the deciding player's line.
    """

    rules: RuleSet
    kinds: Kinds
    seat: int
    line: Line
    tables: tuple[tuple[int, ...], ...]
    outcomes: tuple[Outcome | None, ...]
    totals: tuple[int, ...]
    pile_counts: tuple[int, ...]
    discard_codes: tuple[int, ...]
    dealer: int
    round_number: int
    reshuffles: int

    @cached_property
    def seats(self) -> tuple[SeatView, ...]:
        """Every player as everyone sees it."""
        views = []
        for index, (codes, outcome, total) in enumerate(zip(self.tables, self.outcomes, self.totals)):
            cards = tuple(self.kinds.cards[code] for code in codes)
            line = Line(frozenset(card.value for card in cards if card.is_number),
                        tuple(sorted(card for card in cards if card.category is Category.MODIFIER)),
                        SECOND_CHANCE in cards)
            views.append(SeatView(index, cards, line, outcome, total))
        return tuple(views)

    @property
    def others_active(self) -> int:
        """How many other players are still active."""
        return sum(1 for index, outcome in enumerate(self.outcomes) if outcome is None and index != self.seat)

    @property
    def pile_size(self) -> int:
        """Cards left in the pile."""
        return sum(self.pile_counts)

    @cached_property
    def pile(self) -> CardCounts:
        """The pile's exact composition."""
        return CardCounts.from_mapping(dict(zip(self.kinds.cards, self.pile_counts)))

    @cached_property
    def discard_cards(self) -> tuple[Card, ...]:
        """The discard pile since the last shuffle, in the order discarded."""
        return tuple(self.kinds.cards[code] for code in self.discard_codes)

    @cached_property
    def discards(self) -> CardCounts:
        """The discard pile since the last shuffle."""
        return CardCounts.from_cards(self.discard_cards)

    @cached_property
    def situation(self) -> Situation:
        """The deciding player's `Situation` (docs/model.md): its line, the exact pile and discards, others active."""
        return Situation(self.rules, self.line, self.pile, self.discards, self.others_active)

    def bust_cards(self, line: Line) -> int:
        """Cards in the pile that would bust ``line`` (numbers it holds)."""
        return sum(self.pile_counts[self.kinds.number(value)] for value in line.numbers)

    @property
    def number_sum(self) -> int:
        """The sum of the deciding player's numbers (`flip7odds.simple_policies`)."""
        return sum(self.line.numbers)

    @property
    def numbers_held(self) -> int:
        """How many numbers the deciding player holds."""
        return len(self.line.numbers)

    def bust_probability(self) -> Fraction:
        """P(the next card busts the deciding player): 0 with a Second Chance or with no card left anywhere.

        Counted from the pile, or from the discard pile that will be shuffled into the next pile when the pile
        is empty.
        """
        line = self.line
        if line.second_chance:
            return Fraction(0)
        if self.pile_size:
            return Fraction(self.bust_cards(line), self.pile_size)
        size = len(self.discard_cards)
        busting = sum(1 for card in self.discard_cards if card.is_number and card.value in line.numbers)
        return Fraction(busting, size) if size else Fraction(0)


class Policy(Protocol):
    """A hit/stay rule. The simulator asks it only when staying is allowed (the line is not empty)."""

    @property
    def name(self) -> str:
        """A short name that `policy_from_text` reads back."""

    def hits(self, view: TableView, rng: np.random.Generator) -> bool:
        """True to hit, False to stay."""


@dataclass
class OptimalPolicy:
    """Optimal round-EV play (docs/model.md): hit when the exact solver says hitting beats staying.

    One `flip7odds.solver.solve` call per new situation (ms to seconds on fresh piles, minutes for a
    lone player on a nearly full 94-card pile); answers are cached by the solver's input, and
    ``solves`` / ``cache_hits`` count both for measurements.
    """

    cache_size: int = 200_000
    cache: dict[Problem, bool] = field(default_factory=dict, repr=False)
    solves: int = 0
    cache_hits: int = 0

    @property
    def name(self) -> str:
        """``optimal``."""
        return "optimal"

    def hits(self, view: TableView, rng: np.random.Generator) -> bool:
        """The solver's decision at the root (ties stay)."""
        return self.decide(view.situation)

    def decide(self, situation: Situation) -> bool:
        """True if hitting beats staying in ``situation`` by more than `TOLERANCE`."""
        problem = problem_of(situation)
        cached = self.cache.get(problem)
        if cached is not None:
            self.cache_hits += 1
            return cached
        self.solves += 1
        decision = solve(problem, TOLERANCE, distribution=False).hits_now
        if len(self.cache) >= self.cache_size:
            self.cache.clear()
        self.cache[problem] = decision
        return decision


POLICY_NAMES = "optimal, sum:T, bust:θ, cards:k, random[:p]"


def policy_from_text(text: str) -> Policy:
    """Read a policy name: ``optimal``, ``sum:23``, ``bust:0.26`` (or ``bust:26%``), ``cards:3``, ``random[:p]``.

    >>> policy_from_text("bust:26%")
    BustThreshold(threshold=Fraction(13, 50))
    """
    simple = read_simple_policy(text, POLICY_NAMES)
    return OptimalPolicy() if simple is None else simple


# ----------------------------------------------------------------------------------------------
# Rounds.


@dataclass(frozen=True)
class RoundStart(RoundStartBase[int]):
    """Everything a round starts from: the pile in order (top first) and the discard pile, as codes of
    `Kinds.of(rules)`, the dealer's seat and the game totals (`flip7odds.round_play.RoundStartBase`)."""

    @classmethod
    def fresh(cls, rules: RuleSet, players: int, rng: np.random.Generator, dealer: int | None = None) -> RoundStart:
        """A new game's first round: the whole shoe shuffled, dealer at random unless given."""
        shoe = table_rules(rules, players).deck
        return cls.shuffled([code for code, (_, count) in enumerate(shoe.items_) for _ in range(count)], players, rng,
                            dealer)

    @classmethod
    def build(cls, rules: RuleSet, players: int, top: Sequence[Card] = (), discards: Sequence[Card] = (),
              dealer: int = 0, totals: Sequence[int] | None = None) -> RoundStart:
        """A hand-built start: ``top`` are the first cards drawn (in order); the rest of the shoe not in
        ``discards`` lies below them in card order. For tests that force a rule."""
        kinds = Kinds.of(table_rules(rules, players))
        pile = stacked_pile(rules, players, top, discards)
        return cls(tuple(kinds.cards.index(card) for card in pile), tuple(kinds.cards.index(card) for card in discards),
                   dealer, tuple(totals) if totals is not None else (0,) * players)


@dataclass(frozen=True)
class RoundResult(RoundResultBase[RoundStart, Outcome, int]):
    """A played round: how it started, its seed, each player's outcome and score, and the shoe after it (as codes)."""


@dataclass
class _Seat(Seat[int, TableView, Outcome]):
    """A player during a round (`flip7odds.round_play.Seat`): cards are kind codes; its line as sets."""

    numbers: set[int] = field(default_factory=set)
    modifiers: list[Card] = field(default_factory=list)
    second_chance: bool = False

    @property
    def line_is_empty(self) -> bool:
        return not (self.numbers or self.modifiers or self.second_chance)

    def line(self) -> Line:
        return Line(frozenset(self.numbers), tuple(sorted(self.modifiers)), self.second_chance)


Observer = Callable[[TableView], None]


class _Round(RoundPlay[int, _Seat, TableView, RoundResult]):
    """One round being played (`flip7odds.round_play.RoundPlay`): cards are kind codes of `Kinds`."""

    def __init__(self, rules: RuleSet, players: Sequence[Policy], start: RoundStart, rng: np.random.Generator,
                 check: bool, observer: Observer | None) -> None:
        super().__init__(players, start, rng, check, observer)
        self.rules = table_rules(rules, len(players))
        self.kinds = Kinds.of(self.rules)
        cards = self.kinds.cards
        self.value = [card.value if card.is_number else -1 for card in cards]
        self.modifier = [card.category is Category.MODIFIER for card in cards]
        self.start = start
        self.pile_counts = [0] * len(cards)
        self._count_pile()
        self.expected = Counter({code: count for code, (_, count) in enumerate(self.rules.deck.items_)})
        self._checkpoint()

    def _seat(self, index: int, policy: Player[TableView], total: int) -> _Seat:
        return _Seat(index, policy, total)

    # -- the shoe ----------------------------------------------------------------------------

    def _may_reshuffle(self) -> bool:
        return bool(self.discards)

    def _count_pile(self) -> None:
        for code in self.pile:
            self.pile_counts[code] += 1

    def _uncount(self, code: int) -> None:
        self.pile_counts[code] -= 1

    def _checkpoint(self) -> None:
        """Every card of the shoe is in exactly one place, and every line matches the cards in front of it."""
        if not self.check:
            return
        held = Counter(self.pile)
        if list(self.pile_counts) != [held.get(code, 0) for code in range(len(self.pile_counts))]:
            raise InvariantError(f"pile counts {self.pile_counts} disagree with the pile")
        held.update(self.discards)
        held.update(self.in_play)
        for seat in self.seats:
            held.update(seat.table)
            numbers = Counter(self.value[code] for code in seat.table if self.value[code] >= 0)
            duplicates = max(numbers.values(), default=1) > 1
            if set(numbers) != seat.numbers or (duplicates and seat.outcome is not Outcome.BUST):
                raise InvariantError(f"seat {seat.index}: numbers {sorted(seat.numbers)} but cards {seat.table}")
            if seat.second_chance != (self.kinds.second_chance in seat.table):
                raise InvariantError(f"seat {seat.index}: Second Chance flag disagrees with its cards")
        self._check_accounted(held, lambda code: str(self.kinds.cards[code]))

    # -- views -------------------------------------------------------------------------------

    def view(self, seat: _Seat) -> TableView:
        """What ``seat`` sees."""
        seats = self.seats
        return TableView(self.rules, self.kinds, seat.index, seat.line(), tuple(tuple(s.table) for s in seats),
                         tuple(s.outcome for s in seats), tuple(s.total for s in seats), tuple(self.pile_counts),
                         tuple(self.discards), self.start.dealer, self.start.round_number,
                         self.start.reshuffles + self.reshuffles)

    def _active(self) -> list[_Seat]:
        return [seat for seat in self.seats if seat.active]

    def _would_stay(self, seat: _Seat) -> bool:
        return not seat.line_is_empty and not seat.policy.hits(self.view(seat), self.rng)

    def _bust_chance(self, seat: _Seat) -> Fraction:
        if seat.second_chance or not self.pile:
            return Fraction(0)
        busting = sum(self.pile_counts[self.kinds.number(value)] for value in seat.numbers)
        return Fraction(busting, len(self.pile))

    # -- targeting (module docstring) ----------------------------------------------------------

    def _freeze_target(self, chooser: _Seat, taken: set[int]) -> _Seat | None:
        active = self._active()
        others = [seat for seat in active if seat is not chooser]
        if chooser.active and (not others or self._would_stay(chooser)):
            return chooser
        fresh = [seat for seat in others if seat.index not in taken] or others
        if not fresh:
            return None
        return max(fresh, key=lambda seat: (seat.total, self._nearest_left(chooser, seat)))

    def _flip_three_target(self, chooser: _Seat, frozen: set[int]) -> _Seat | None:
        others = [seat for seat in self._active() if seat is not chooser]
        free = [seat for seat in others if seat.index not in frozen]
        if free:
            return max(free, key=lambda seat: (self._bust_chance(seat), seat.total, self._nearest_left(chooser, seat)))
        if others:
            return others[0]  # frozen in the same batch: the Flip Three will be discarded
        return chooser if chooser.active else None

    def _second_chance_target(self, giver: _Seat) -> _Seat | None:
        candidates = [seat for seat in self._active() if seat is not giver and not seat.second_chance]
        if not candidates:
            return None
        return max(candidates, key=lambda seat: (-seat.total, self._nearest_left(giver, seat)))

    # -- resolving cards ---------------------------------------------------------------------

    def _receive(self, seat: _Seat, code: int) -> None:
        """Resolve a number, modifier or Second Chance that ``seat`` drew (the card is in play)."""
        value = self.value[code]
        if value >= 0:
            if value not in seat.numbers:
                self._place(seat, code)
                seat.numbers.add(value)
                if len(seat.numbers) >= self.rules.flip7_size:
                    seat.outcome = Outcome.FLIP_7
                    self.flip7 = True
            elif seat.second_chance:
                # The duplicate and the Second Chance are discarded; the line is kept (docs/rules.md).
                self._discard(code)
                seat.table.remove(self.kinds.second_chance)
                self.discards.append(self.kinds.second_chance)
                seat.second_chance = False
            else:
                self._place(seat, code)  # the busting card stays in front of the player until the round ends
                seat.outcome = Outcome.BUST
        elif self.modifier[code]:
            self._place(seat, code)
            seat.modifiers.append(self.kinds.cards[code])
        else:
            assert code == self.kinds.second_chance, self.kinds.cards[code]
            receiver = seat if not seat.second_chance else self._second_chance_target(seat)
            if receiver is None:
                self._discard(code)
            else:
                self._place(receiver, code)
                receiver.second_chance = True

    def _resolve(self, seat: _Seat, code: int) -> None:
        """Resolve a card drawn by ``seat`` outside a Flip Three (a deal card or a hit)."""
        if code == self.kinds.freeze:
            target = self._freeze_target(seat, set())
            assert target is not None, "the drawer of a Freeze is active"
            self._freeze(target, code)
        elif code == self.kinds.flip_three:
            target = self._flip_three_target(seat, set())
            assert target is not None, "the drawer of a Flip Three is active"
            self._flip_three(target, code)
        else:
            self._receive(seat, code)
        self._checkpoint()

    def _freeze(self, target: _Seat, code: int) -> None:
        self._place(target, code)
        if target.active:
            target.outcome = Outcome.FROZEN

    def _flip_three(self, target: _Seat, code: int) -> None:
        """``target`` takes three cards; set-aside Freeze / Flip Three cards are assigned afterwards (docs/rules.md)."""
        aside: list[int] = []
        for _ in range(FLIP_THREE_DRAWS):
            if self.flip7 or not target.active:
                break
            drawn = self._draw()
            if drawn is None:
                target.outcome = Outcome.NO_CARDS
                break
            if drawn in (self.kinds.freeze, self.kinds.flip_three):
                aside.append(drawn)
            else:
                self._receive(target, drawn)
            self._checkpoint()
        self._discard(code)
        if self.flip7 or (target.outcome is Outcome.BUST and not self.rules.busted_target_passes_actions):
            for wasted in aside:
                self._discard(wasted)
        else:
            self._assign(target, aside)
        self._checkpoint()

    def _assign(self, chooser: _Seat, aside: list[int]) -> None:
        """Assign set-aside cards in the order drawn; none takes effect until all are assigned."""
        frozen: set[int] = set()
        plan: list[tuple[int, _Seat | None]] = []
        for code in aside:
            if code == self.kinds.freeze:
                target = self._freeze_target(chooser, frozen)
                if target is not None:
                    frozen.add(target.index)
            else:
                target = self._flip_three_target(chooser, frozen)
            plan.append((code, target))
        for code, target in plan:
            if code == self.kinds.freeze:
                if target is None:
                    self._discard(code)
                else:
                    self._freeze(target, code)
        for code, target in plan:
            if code == self.kinds.flip_three:
                if target is None or self.flip7 or not target.active:
                    self._discard(code)  # a Flip Three assigned to a frozen (or gone) player is discarded
                else:
                    self._flip_three(target, code)

    # -- the round ---------------------------------------------------------------------------

    def _draw_for(self, seat: _Seat) -> None:
        code = self._draw()
        if code is None:
            seat.outcome = Outcome.NO_CARDS
            return
        self._resolve(seat, code)

    def _must_hit(self, seat: _Seat) -> bool:
        return seat.line_is_empty

    def _stay(self, seat: _Seat) -> None:
        seat.outcome = Outcome.STAYED

    def _finish(self, seed: int) -> RoundResult:
        scores = []
        for seat in self.seats:
            if seat.outcome is None:
                seat.outcome = Outcome.CUT_SHORT
            if seat.outcome is Outcome.BUST:
                scores.append(0)
            else:
                scores.append(seat.line().score(self.rules, flip7=seat.outcome is Outcome.FLIP_7))
        self._clear_tables()
        for seat in self.seats:
            seat.numbers.clear()
            seat.modifiers.clear()
            seat.second_chance = False
        self._checkpoint()
        outcomes = tuple(seat.outcome for seat in self.seats if seat.outcome is not None)
        end = RoundEnd.FLIP_7 if Outcome.FLIP_7 in outcomes else RoundEnd.NOBODY_ACTIVE
        return RoundResult(self.start, seed, outcomes, tuple(scores), end, self.reshuffles, self.cards_drawn,
                           tuple(reversed(self.pile)), tuple(self.discards))


def play_round(rules: RuleSet, players: Sequence[Policy], start: RoundStart, seed: int, *, check: bool = True,
               observer: Observer | None = None) -> RoundResult:
    """Play one round from ``start``; the same start and seed always give the same round.

    ``observer`` is called with the `TableView` of every hit/stay decision before the policy answers.
    """
    return _Round(rules, players, start, np.random.default_rng(seed), check, observer).play(seed)


@dataclass(frozen=True)
class GameResult(GameResultBase[Policy, RoundResult]):
    """A finished game: its rounds, final totals and the winners' seats (`flip7odds.round_play.GameResultBase`).

    ``winners`` has one seat, or several when the rules share the victory of a tie (poker);
    ``winner`` is the first of them.
    """


def play_game(rules: RuleSet, players: Sequence[Policy], rng: np.random.Generator, *, check: bool = True,
              observer: Observer | None = None, max_rounds: int = 10_000, start: RoundStart | None = None
              ) -> GameResult:
    """Play a whole game: rounds until someone has ``rules.target`` or more with the highest total (`game_winners`).

    Each round's seed is drawn from ``rng``; `play_round` replays it from its `RoundResult.start`.
    ``start`` (default: a fresh shuffled shoe) lets a test begin from given totals and piles;
    ``max_rounds`` only guards against policies that never score.
    """
    return play_table_game(GameResult, rules, players, rng, start, RoundStart.fresh, max_rounds,
                           lambda begin, seed: play_round(rules, players, begin, seed, check=check, observer=observer))


__all__ = [
    "MAX_PLAYERS",
    "POLICY_NAMES",
    "BustThreshold",
    "CardCount",
    "GameResult",
    "InvariantError",
    "OptimalPolicy",
    "Outcome",
    "Policy",
    "RandomPolicy",
    "RoundEnd",
    "RoundResult",
    "RoundStart",
    "SeatView",
    "SimulationError",
    "SumThreshold",
    "TableView",
    "decks_for",
    "game_winners",
    "play_game",
    "play_round",
    "play_rounds",
    "policy_from_text",
    "table_rules",
]

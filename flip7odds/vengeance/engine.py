"""One player's With a Vengeance round as an explicit chance tree, under the decision model of docs/vengeance.md.

A `VengeanceState` is the literal state: your line, the other players' lines, the exact pile, the
discard pile (when known) and, while a Flip Four! or Just One More! is resolving on you, the draws
still owed, the cards set aside and the cards waiting to be resolved. `VengeanceRound.draw_outcomes`
lists the next card's outcomes with their exact counts; each leads to a `flip7odds.tree.Terminal` (your round
is over), a `flip7odds.tree.Choice` (the card gives you options) or the next state.

The model, in short (docs/vengeance.md says it in full):

* every choice a card gives is made to maximise *your* expected round score; the other players'
  future draws and actions are not modelled, their lines change only through your cards;
* a modifier is kept or given to another player who is not busted (any other player in Brutal mode);
* Just One More! and Flip Four! are taken (1 or 4 forced draws; after Just One More! you must stay)
  or given away (no effect on you); if nobody else can be targeted you must take them;
* Steal takes any face-up card of another player; Swap exchanges one of your cards with one of
  another player's, or swaps two other players' cards (modelled as changing nothing you can use);
  Discard removes any one face-up card; with no legal use they are discarded;
* during forced draws, action and modifier cards are set aside and resolved one after another, in
  the order drawn, once the draws are done (if you did not bust and nobody made a Flip 7);
* The Unlucky 7 wipes your other cards when it is drawn (moved by Steal or Swap it is a plain 7);
  the Lucky 13 lets you hold two 13s; while you hold The Zero you may not stay.
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass, replace

from flip7odds.cards import Action, Card, Category
from flip7odds.counts import CardCounts
from flip7odds.counts import onto_known as _plus
from flip7odds.rules import UNLUCKY_7, RuleSet
from flip7odds.tree import Choice, DrawingState, Outcome, Terminal
from flip7odds.vengeance.situation import FLIP_7_CARDS, THE_ZERO, VengeanceLine, VengeanceSituation

FORCED_DRAWS = {Action.JUST_ONE_MORE: 1, Action.FLIP_FOUR: 4}
"""How many cards the target of each forcing action must draw."""


class VTermination(enum.Enum):
    """Why your round ended."""

    STAYED = "stayed"
    MADE_TO_STAY = "made_to_stay"
    """Just One More! was resolved on you: after its card you must stay."""
    BUST = "bust"
    FLIP_7 = "flip7"
    ROUND_ENDED = "round_ended"
    """Another player reached seven numbers through your Swap: the round ends, you bank your line."""
    PILE_EXHAUSTED = "pile_exhausted"


class VEvent(enum.Enum):
    """What a drawn card does to you, for the next-card table."""

    NEW_NUMBER = "new_number"
    ZERO = "zero"
    LUCKY_SECOND_13 = "lucky_second_13"
    UNLUCKY_7 = "unlucky_7"
    FLIP_7 = "flip7"
    BUST = "bust"
    MODIFIER = "modifier"
    ACTION = "action"
    SET_ASIDE = "set_aside"


class MoveKind(enum.Enum):
    """A choice a card gives you. Options are listed neutral first: ties go to the first one."""

    GIVE = "give"
    """Give the modifier, Just One More! or Flip Four! to another player."""
    KEEP = "keep"
    """Keep the modifier in your line."""
    TAKE = "take"
    """Take Just One More! or Flip Four! yourself."""
    SWAP_OTHERS = "swap_others"
    STEAL = "steal"
    SWAP = "swap"
    DISCARD_OWN = "discard_own"
    DISCARD_OTHER = "discard_other"


@dataclass(frozen=True)
class Move:
    """One option: its kind, the cards it moves (yours first), and which other player (index) it concerns."""

    kind: MoveKind
    cards: tuple[Card, ...] = ()
    other: int = -1


@dataclass(frozen=True)
class VengeanceState(DrawingState):
    """Your round, literally. ``forced > 0``: a Flip Four! or Just One More! owes that many draws."""

    line: VengeanceLine
    others: tuple[VengeanceLine, ...]
    pile: CardCounts
    discards: CardCounts | None
    busted_others: int = 0
    forced: int = 0
    aside: tuple[Card, ...] = ()
    queue: tuple[Card, ...] = ()
    then_stay: bool = False

    def __hash__(self) -> int:
        return self._hash

    @functools.cached_property
    def _hash(self) -> int:
        """The hash, computed once: states are dictionary keys of the solvers, looked up many times.

        (Stored in the instance: such a state must not be pickled to another process, where hashes differ.)
        """
        return hash((self.line, self.others, self.pile, self.discards, self.busted_others, self.forced,
                     self.aside, self.queue, self.then_stay))

    @property
    def may_stay(self) -> bool:
        """You may stay with at least one card, unless you hold The Zero."""
        return bool(self.line.cards) and not self.line.has_zero


VNode = Terminal[VTermination] | Choice[Move, "VNode"] | VengeanceState
"""A node of the With a Vengeance chance tree (`flip7odds.tree`)."""


@dataclass(frozen=True)
class VengeanceRound:
    """The rules of a Vengeance round for the chance tree."""

    rules: RuleSet

    def start(self, situation: VengeanceSituation) -> VengeanceState:
        """The state at your decision in ``situation``."""
        return VengeanceState(situation.line, situation.others, situation.pile, situation.discards,
                              situation.busted_others if self.rules.brutal else 0)

    def bank(self, state: VengeanceState, reason: VTermination) -> Terminal[VTermination]:
        """End your round keeping your line (0 with The Zero)."""
        return Terminal(reason, state.line.score(self.rules))

    def draw_outcomes(self, state: VengeanceState) -> tuple[int, tuple[Outcome[VEvent, VNode], ...]]:
        """The pile size and every possible next card with its count; call only when ``state.can_draw``."""
        state = _reshuffled(state)
        return state.pile.size, tuple(self._draw(state, card, count) for card, count in state.pile.items_)

    def draw_card(self, state: VengeanceState, card: Card) -> Outcome[VEvent, VNode]:
        """The outcome of drawing this one ``card`` (for samplers)."""
        state = _reshuffled(state)
        assert state.pile[card] > 0, f"no {card} left to draw"
        return self._draw(state, card, state.pile[card])

    def _draw(self, state: VengeanceState, card: Card, count: int) -> Outcome[VEvent, VNode]:
        drawn = replace(state, pile=state.pile.minus_one(card))
        if card.is_number:
            event, node = self._receive_number(drawn, card, flipped=True)
            if isinstance(node, VengeanceState):
                node = self.settle(replace(node, forced=max(0, node.forced - 1)))
            return Outcome(card, count, event, node)
        if not state.at_decision:
            return Outcome(card, count, VEvent.SET_ASIDE,
                           self.settle(replace(drawn, aside=(*drawn.aside, card), forced=drawn.forced - 1)))
        event = VEvent.MODIFIER if card.category is Category.MODIFIER else VEvent.ACTION
        return Outcome(card, count, event, self.play(drawn, card))

    def _receive_number(self, state: VengeanceState, card: Card, flipped: bool) -> tuple[VEvent, VNode]:
        """A number card joins your line: flipped from the pile, stolen or swapped to you."""
        line = state.line
        if flipped and card == UNLUCKY_7:
            wiped = _plus(state.discards, *line.cards)
            return VEvent.UNLUCKY_7, replace(state, line=VengeanceLine.of((card,)), discards=wiped)
        if not line.accepts(card):
            return VEvent.BUST, Terminal(VTermination.BUST, 0)
        grown = line.plus(card)
        if grown.number_count >= FLIP_7_CARDS:
            return VEvent.FLIP_7, Terminal(VTermination.FLIP_7, grown.score(self.rules, flip7=True))
        event = (VEvent.ZERO if card == THE_ZERO else
                 VEvent.LUCKY_SECOND_13 if any(n.value == card.value for n in line.numbers) else VEvent.NEW_NUMBER)
        return event, replace(state, line=grown)

    def settle(self, state: VengeanceState) -> VNode:
        """After a card is resolved: draw on, resolve the next set-aside card, stay if made to, or decide."""
        if state.forced > 0:
            return state if state.can_draw else self.bank(state, VTermination.PILE_EXHAUSTED)
        if state.aside:
            state = replace(state, aside=(), queue=state.aside + state.queue)
        if state.queue:
            return self.play(replace(state, queue=state.queue[1:]), state.queue[0])
        if state.then_stay:
            return self.bank(state, VTermination.MADE_TO_STAY)
        return state

    def play(self, state: VengeanceState, card: Card) -> VNode:
        """Resolve a modifier or an action card now (it is out of the pile, not yet placed)."""
        if card.category is Category.MODIFIER:
            options = self._modifier_options(state, card)
        else:
            assert card.act is not None
            if card.act in FORCED_DRAWS:
                options = self._forcing_options(state, card, card.act)
            else:
                spent = replace(state, discards=_plus(state.discards, card))
                options = {Action.STEAL: self._steal_options, Action.SWAP: self._swap_options,
                           Action.DISCARD: self._discard_options}[card.act](spent)
                if not options:
                    return self.settle(spent)  # no legal use: the card is discarded
        first: dict[VNode, Move] = {}
        for move, node in options:
            first.setdefault(node, move)  # options that lead to the same node are one option
        unique = tuple((move, node) for node, move in first.items())
        return unique[0][1] if len(unique) == 1 else Choice(unique)

    def _modifier_options(self, state: VengeanceState, card: Card) -> list[tuple[Move, VNode]]:
        options = [(Move(MoveKind.GIVE, (card,), index), self.settle(_with_other(state, index, other.plus(card))))
                   for index, other in enumerate(state.others)]
        if self.rules.brutal and state.busted_others:
            options.append((Move(MoveKind.GIVE, (card,)), self.settle(state)))
        options.append((Move(MoveKind.KEEP, (card,)), self.settle(replace(state, line=state.line.plus(card)))))
        return options

    def _forcing_options(self, state: VengeanceState, card: Card, act: Action) -> list[tuple[Move, VNode]]:
        spent = replace(state, discards=_plus(state.discards, card))
        options: list[tuple[Move, VNode]] = []
        if state.others:
            options.append((Move(MoveKind.GIVE, (card,)), self.settle(spent)))
        taken = replace(spent, forced=FORCED_DRAWS[act], then_stay=state.then_stay or act is Action.JUST_ONE_MORE)
        options.append((Move(MoveKind.TAKE, (card,)), self.settle(taken)))
        return options

    def _steal_options(self, state: VengeanceState) -> list[tuple[Move, VNode]]:
        options: list[tuple[Move, VNode]] = []
        for index, other in enumerate(state.others):
            for card in dict.fromkeys(other.cards):
                robbed = _with_other(state, index, other.minus(card))
                options.append((Move(MoveKind.STEAL, (card,), index), self._receive(robbed, card)))
        return options

    def _swap_options(self, state: VengeanceState) -> list[tuple[Move, VNode]]:
        options: list[tuple[Move, VNode]] = []
        if sum(1 for other in state.others if other.cards) >= 2:
            options.append((Move(MoveKind.SWAP_OTHERS), self.settle(state)))
        for mine in dict.fromkeys(state.line.cards):
            kept = replace(state, line=state.line.minus(mine))
            for index, other in enumerate(state.others):
                for theirs in dict.fromkeys(other.cards):
                    move = Move(MoveKind.SWAP, (mine, theirs), index)
                    options.append((move, self._swap(kept, index, other.minus(theirs), mine, theirs)))
        return options

    def _swap(self, state: VengeanceState, index: int, other: VengeanceLine, given: Card, taken: Card) -> VNode:
        """Your ``given`` card goes to other player ``index``, their ``taken`` card comes to you."""
        if given.is_number and not other.accepts(given):
            busted = state.others[:index] + state.others[index + 1:]
            after = replace(state, others=busted, busted_others=state.busted_others + self.rules.brutal)
        else:
            after = _with_other(state, index, other.plus(given))
        if given.is_number and other.accepts(given) and other.number_count + 1 >= FLIP_7_CARDS:
            # They reach seven numbers: the round ends for everyone, and you bank what you hold then.
            if taken.is_number and not state.line.accepts(taken):
                return Terminal(VTermination.BUST, 0)
            receiving = state.line.plus(taken)
            if receiving.number_count >= FLIP_7_CARDS:
                return Terminal(VTermination.FLIP_7, receiving.score(self.rules, flip7=True))
            return Terminal(VTermination.ROUND_ENDED, receiving.score(self.rules))
        return self._receive(after, taken)

    def _discard_options(self, state: VengeanceState) -> list[tuple[Move, VNode]]:
        options: list[tuple[Move, VNode]] = []
        for card in dict.fromkeys(state.line.cards):
            gone = replace(state, line=state.line.minus(card), discards=_plus(state.discards, card))
            options.append((Move(MoveKind.DISCARD_OWN, (card,)), self.settle(gone)))
        for index, other in enumerate(state.others):
            for card in dict.fromkeys(other.cards):
                gone = replace(_with_other(state, index, other.minus(card)), discards=_plus(state.discards, card))
                options.append((Move(MoveKind.DISCARD_OTHER, (card,), index), self.settle(gone)))
        return options

    def _receive(self, state: VengeanceState, card: Card) -> VNode:
        """A card taken from another player joins your line (a number may bust you or make your Flip 7)."""
        if not card.is_number:
            return self.settle(replace(state, line=state.line.plus(card)))
        _, node = self._receive_number(state, card, flipped=False)
        return self.settle(node) if isinstance(node, VengeanceState) else node


def _with_other(state: VengeanceState, index: int, line: VengeanceLine) -> VengeanceState:
    """``state`` with other player ``index``'s line replaced (the others kept sorted: canonical)."""
    others = list(state.others)
    others[index] = line
    return replace(state, others=tuple(sorted(others)))


def _reshuffled(state: VengeanceState) -> VengeanceState:
    """An empty pile is replaced by the reshuffled discard pile, once (docs/model.md)."""
    if state.pile.size == 0:
        assert state.discards is not None and state.discards.size > 0, "draw from an exhausted pile"
        return replace(state, pile=state.discards, discards=None)
    return state


"""The rules of one player's round as an explicit chance tree (docs/rules.md section 1, docs/model.md).

A `RoundState` is the literal state of your round: your line, the exact pile, the discard pile (when
known) and, during a Flip Three, the forced draws still owed and the action cards set aside. The
engine lists the next card's outcomes with their exact counts (`draw_outcomes`); each outcome leads
to a `Terminal` (your round is over, with its score and the reason), a `Choice` (a drawn card gives
you options: bank or carry on, take a Flip Three or give it away), or the next `RoundState`.

Everything that needs the rules of a round uses this one engine: the reference solver, the exact
next-card odds, and the single-round simulator. The fast solver (`flip7odds.solver`) is a vectorised
re-statement of the same rules and is tested against the reference solver built on this module.

Other players are not modelled (docs/model.md, round-EV): a Freeze or Flip Three you give away leaves the
game for you, except that a Flip Three resolved on someone goes to the discard pile.
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass, replace

from flip7odds.cards import FLIP_THREE, FREEZE, SECOND_CHANCE, Card, Category
from flip7odds.counts import CardCounts
from flip7odds.counts import onto_known as _plus
from flip7odds.rules import RuleSet
from flip7odds.situation import Line, Situation
from flip7odds.tree import Choice, DrawingState, Outcome, Terminal

FLIP_THREE_DRAWS = 3


class Termination(enum.Enum):
    """Why your round ended."""

    STAYED = "stayed"
    """You chose to stay and banked your line."""
    FROZEN = "frozen"
    """A Freeze made you stay (alone you must freeze yourself); you bank your line."""
    BUST = "bust"
    """You drew a number you already held without a Second Chance: round score 0."""
    FLIP_7 = "flip7"
    """Your line reached the Flip 7 size: the round ends for everyone, bonus added."""
    PILE_EXHAUSTED = "pile_exhausted"
    """The pile ran out with no known discard pile to reshuffle: you bank as if you stayed (docs/model.md)."""


class Option(enum.Enum):
    """A choice a drawn card gives you. Listed in the order ties are broken (first wins)."""

    CARRY_ON = "carry_on"
    """Give the Freeze / Flip Three to another active player and carry on."""
    BANK = "bank"
    """Freeze yourself: bank your line now."""
    TAKE = "take"
    """Take the Flip Three yourself."""


class Event(enum.Enum):
    """What a drawn card does to you, for tables and explanations."""

    NEW_NUMBER = "new_number"
    FLIP_7 = "flip7"
    BUST = "bust"
    SAVED = "saved"
    MODIFIER = "modifier"
    SECOND_CHANCE_KEPT = "second_chance_kept"
    SECOND_CHANCE_PASSED = "second_chance_passed"
    FREEZE = "freeze"
    FLIP_THREE = "flip_three"
    SET_ASIDE = "set_aside"


@dataclass(frozen=True)
class RoundState(DrawingState):
    """Your round, literally. ``forced > 0`` means a Flip Three is resolving and owes that many draws."""

    line: Line
    pile: CardCounts
    discards: CardCounts | None
    forced: int = 0
    pending_flip_threes: int = 0
    aside_freezes: int = 0
    aside_flip_threes: int = 0

    def __hash__(self) -> int:
        return self._hash

    @functools.cached_property
    def _hash(self) -> int:
        """The hash, computed once: states are dictionary keys of the solvers, looked up many times.

        (Stored in the instance: such a state must not be pickled to another process, where hashes differ.)
        """
        return hash((self.line, self.pile, self.discards, self.forced, self.pending_flip_threes,
                     self.aside_freezes, self.aside_flip_threes))


Node = Terminal[Termination] | Choice[Option, "Node"] | RoundState
"""A node of the classic chance tree (`flip7odds.tree`)."""


@dataclass(frozen=True)
class RoundRules:
    """The rules of a round as the engine needs them: the rule set and whether you are alone."""

    rules: RuleSet
    alone: bool

    def start(self, situation: Situation) -> RoundState:
        """The state at your decision in ``situation``."""
        return RoundState(situation.line, situation.pile, situation.discards)

    def bank(self, state: RoundState, reason: Termination) -> Terminal[Termination]:
        """End the round keeping the line."""
        return Terminal(reason, state.line.score(self.rules))

    def draw_outcomes(self, state: RoundState) -> tuple[int, tuple[Outcome[Event, Node], ...]]:
        """The pile size and every possible next card, with its count, when you (must) draw.

        The probability of an outcome is ``count / pile size``. A pile that is empty is first
        replaced by the reshuffled discard pile; call only when ``state.can_draw``.
        """
        if state.pile.size == 0:
            assert state.discards is not None and state.discards.size > 0, "draw from an exhausted pile"
            # One reshuffle at most: after it, a pile that runs out again ends your round (docs/model.md).
            state = replace(state, pile=state.discards, discards=None)
        outcomes = tuple(self._resolve(state, card, count) for card, count in state.pile.items_)
        return state.pile.size, outcomes

    def draw_card(self, state: RoundState, card: Card) -> Outcome[Event, Node]:
        """What drawing one ``card`` now leads to: the outcome of `draw_outcomes` for that card alone.

        For samplers, which pick the card from the pile's counts themselves and need not resolve the
        others. The card must be in the drawing pile (the reshuffled discards if the pile is empty).
        """
        if state.pile.size == 0:
            assert state.discards is not None and state.discards.size > 0, "draw from an exhausted pile"
            state = replace(state, pile=state.discards, discards=None)
        assert state.pile[card] > 0, f"no {card} left to draw"
        return self._resolve(state, card, state.pile[card])

    def _resolve(self, state: RoundState, card: Card, count: int) -> Outcome[Event, Node]:
        """What drawing ``card`` from ``state`` leads to."""
        drawn = replace(state, pile=state.pile.minus_one(card))
        line = drawn.line
        if card.category is Category.NUMBER:
            if card.value not in line.numbers:
                grown = Line(line.numbers | {card.value}, line.modifiers, line.second_chance)
                if len(grown.numbers) >= self.rules.flip7_size:
                    return Outcome(card, count, Event.FLIP_7, Terminal(Termination.FLIP_7, grown.score(self.rules, True)))
                return Outcome(card, count, Event.NEW_NUMBER, self._after_card(replace(drawn, line=grown)))
            if not line.second_chance:
                return Outcome(card, count, Event.BUST, Terminal(Termination.BUST, 0))
            saved = replace(
                drawn,
                line=Line(line.numbers, line.modifiers, False),
                discards=_plus(drawn.discards, card, SECOND_CHANCE),
            )
            return Outcome(card, count, Event.SAVED, self._after_card(saved))
        if card.category is Category.MODIFIER:
            grown = Line(line.numbers, tuple(sorted(line.modifiers + (card,))), line.second_chance)
            return Outcome(card, count, Event.MODIFIER, self._after_card(replace(drawn, line=grown)))
        if card == SECOND_CHANCE:
            if not line.second_chance:
                kept = replace(drawn, line=Line(line.numbers, line.modifiers, True))
                return Outcome(card, count, Event.SECOND_CHANCE_KEPT, self._after_card(kept))
            # A second one goes to another active player, or to the discard pile when you are alone.
            passed = replace(drawn, discards=_plus(drawn.discards, card)) if self.alone else drawn
            return Outcome(card, count, Event.SECOND_CHANCE_PASSED, self._after_card(passed))
        if not state.at_decision:
            # During a Flip Three, Freeze and Flip Three are set aside until the three are done.
            if card == FREEZE:
                aside = replace(drawn, aside_freezes=drawn.aside_freezes + 1)
            else:
                aside = replace(drawn, aside_flip_threes=drawn.aside_flip_threes + 1)
            return Outcome(card, count, Event.SET_ASIDE, self._after_card(aside))
        if card == FREEZE:
            frozen = self.bank(drawn, Termination.FROZEN)
            if self.alone:
                return Outcome(card, count, Event.FREEZE, frozen)
            return Outcome(card, count, Event.FREEZE, Choice(((Option.CARRY_ON, drawn), (Option.BANK, frozen))))
        assert card == FLIP_THREE
        taken = self._start_three(drawn)
        if self.alone:
            return Outcome(card, count, Event.FLIP_THREE, taken)
        given = replace(drawn, discards=_plus(drawn.discards, card))
        return Outcome(card, count, Event.FLIP_THREE, Choice(((Option.CARRY_ON, given), (Option.TAKE, taken))))

    def _start_three(self, state: RoundState) -> Node:
        """A Flip Three takes effect on you: three forced draws, unless the pile has run out."""
        if not state.can_draw:
            return self.bank(state, Termination.PILE_EXHAUSTED)
        return replace(state, forced=FLIP_THREE_DRAWS)

    def _after_card(self, state: RoundState) -> Node:
        """Count a forced draw, and resolve the set-aside cards when the three are done."""
        if state.at_decision:
            return state
        owed = replace(state, forced=state.forced - 1)
        if owed.forced > 0 and owed.can_draw:
            return owed
        if owed.forced > 0:
            return self.bank(owed, Termination.PILE_EXHAUSTED)
        return self._end_of_three(owed)

    def _end_of_three(self, state: RoundState) -> Node:
        """The three are done: discard the resolved Flip Three, then assign the set-aside cards.

        None takes effect until all are assigned; a frozen player's Flip Threes are discarded; the
        Flip Threes you take then resolve one after another (docs/rules.md, Flip Three).
        """
        freezes, flip_threes = state.aside_freezes, state.aside_flip_threes
        cleared = replace(state, aside_freezes=0, aside_flip_threes=0, discards=_plus(state.discards, FLIP_THREE))

        def taking(taken: int, frozen: bool) -> Node:
            given_away = flip_threes - taken
            after = replace(cleared, discards=_plus(cleared.discards, *[FLIP_THREE] * given_away))
            if frozen:
                wasted = taken + after.pending_flip_threes
                discarded = replace(after, discards=_plus(after.discards, *[FLIP_THREE] * wasted), pending_flip_threes=0)
                return self.bank(discarded, Termination.FROZEN)
            pending = after.pending_flip_threes + taken
            if pending == 0:
                return after
            return self._start_three(replace(after, pending_flip_threes=pending - 1))

        if self.alone:
            return taking(flip_threes, frozen=freezes > 0)
        options: list[tuple[Option, Node]] = [(Option.CARRY_ON, taking(0, frozen=False))]
        if freezes:
            options.append((Option.BANK, taking(0, frozen=True)))
        options.extend((Option.TAKE, taking(taken, frozen=False)) for taken in range(1, flip_threes + 1))
        return options[0][1] if len(options) == 1 else Choice(tuple(options))


"""The fast exact Vengeance solver: the reference's model on integer-coded states, in floats.

It solves exactly the chance tree of `flip7odds.vengeance.engine` (docs/vengeance.md) with the same
policy as `flip7odds.vengeance.reference`: at a decision hit only if hitting is worth strictly more
than staying (ties stay; an empty line or a line holding The Zero may not stay); at a choice the
first of the best options, in the engine's option order. What changes is only how the states are
written down and how much work each one costs.

States as small integers
------------------------
Every card kind of the deck gets an index ``k`` in the deck's canonical card order. A line (yours or
another player's) holds at most one card of each kind (a second copy of a number busts; the Lucky
13 and a plain 13 are two kinds; the deck has one of each modifier), so a line is the bit mask of
its kinds. The pile and a known discard pile are multisets of kinds, written in mixed radix:
``code = sum count_k * weight_k`` with ``weight_k = prod_{j<k} radix_j``, where ``radix_j`` is one
more than the copies of kind ``j`` in the situation's pile, discards and lines (no pile or discard
pile can ever hold more: cards only move between those places), so that taking one card of kind
``k`` out is ``code - weight_k``. A state is the tuple (pile code, pile size, your mask, the other
masks (sorted like `VengeanceLine`s: the engine's order), discard code or -1, discard size, busted
players, draws owed, set-aside kinds, queued kinds, made-to-stay flag): the engine's
`VengeanceState` field for field, so two states are equal exactly when the engine's are (until the
merge of the other lines below). `Round` works on these tuples (the bounded solver reads their fields); the exact
solver's memo and its commonest transitions pack each one into a single integer (`flip7odds.vengeance.packed`), so
that a lookup hashes and compares one int: the same states, one to one.
A finished round is one integer ``4 * score + reason`` (reason 0 banked, 1 Flip 7, 2 bust) and a
choice a list of nodes.

Value first, then the distribution
----------------------------------
`_Values` computes only the optimal expected value of every state, memoised (one float per state).
The policy is a function of those values, so a forward pass (`distribution`) carries the probability
from the root along the policy's choices to the terminals, through only the states the policy reaches
(P(Flip 7) and P(bust) are the mass of the Flip 7 and bust terminals). Floats round, so two options
whose exact values are equal could differ in the last bits and the policy would pick a different one
than the reference (same value, possibly another distribution): values within ``TIE = 1e-9`` are
treated as equal (the first one is kept, and a decision stays). That is the reference's exact tie
rule whenever distinct exact values differ by more than 1e-9, which holds on small piles (exact
values are fractions whose denominators divide a product of a few pile sizes; the agreement tests
check it). On large piles two options closer than 1e-9 but not equal may be taken as a tie: every
value still agrees with the exact one to 1e-9, and the distribution is that of an option worth less
than 1e-9 less.

Hit once, then stay, is computed exactly (`fractions.Fraction`) by the same `_Values` code on the
small tree of one draw and the forced draws it may bring.

Other lines that no longer matter
---------------------------------
When no Steal, Swap or Discard can come any more (none in the pile, none in a known discard pile
that may be reshuffled, none set aside or queued), the other lines can change your round only as
somewhere to give a modifier, a Just One More! or a Flip Four! to: nothing can take a card from them
or put one of theirs into your line, and no Swap can bust them or end the round. So every other
line is replaced by an empty one and only whether there is one matters (and, in Brutal mode,
whether there is a busted player): `Round.canonical`. Proof that this keeps values, the policy and the
distribution: in such a state the engine's tree below is, option for option, the same tree with the
other lines' contents relabelled (a "give to player i" option leads to the same subtree for every
i, and the order keep/give is unchanged), so every value and every distribution is the same and the
first best option differs at most between equivalent "give" options.

A Steal or Swap that can take nothing
-------------------------------------
Both take only another player's card. When no other line holds a card and none can be given one (no
other player, or no modifier left to come: `can_take_from_others`), every Steal and Swap of the round
is a card to discard, whenever it comes: a Swap is then written as a Steal (`with_dead_cards_merged`,
the same tree relabelled), and the size estimate counts them as cards that rearrange no line. A
Discard is never dead that way: it can take one of your own cards.

The size check
--------------
`estimate_states` estimates the number of states from the situation alone, in microseconds, without
solving: a log-linear formula in a few counts of the cards that can still come (`size_features`),
fitted on random situations (`_FIT`). A situation estimated beyond the state limit is refused at once
(`check_size`); the app asks `can_solve_within` on every tap. The estimate can be low (by up to a
factor 10 on the calibration set), so the solver also stops at the limit itself: the worst case is
then the time to reach it (`DEFAULT_MAX_STATES`), never more; or, given ``cpu_seconds``, at that CPU time
(the time a state costs varies with the machine's load and the situation: quartiles 12 and 21 microseconds
measured at a load average of 6 on 2 cores, `SECONDS_PER_STATE`).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Generic, TypeVar

from flip7odds.cards import Action, Card, Category
from flip7odds.counts import CardCounts
from flip7odds.errors import SituationError
from flip7odds.rules import UNLUCKY_7, RuleSet
from flip7odds.vengeance.packed import PackedNode, PackedRound, choice_of
from flip7odds.vengeance.situation import FLIP_7_CARDS, THE_ZERO, VengeanceLine, VengeanceSituation

TIE = 1e-9
"""Float values closer than this are equal for the policy (ties stay; the first best option)."""

BANKED, FLIP_7, BUST = 0, 1, 2
"""How a round ended, in a terminal node ``4 * score + reason``."""

State = tuple[Any, ...]
"""(pile, pile size, your mask, other masks, discards or -1, discard size, busted, forced, aside, queue, then
stay): ints, except the other masks, the set-aside and the queued kinds (tuples of ints) and the flag (bool).
Typed loosely: the solver builds states by slicing, which a precise tuple type cannot follow."""
Node = int | State | list["Node"]
"""A terminal ``4 * score + reason``, a state, or a choice (the options in the engine's order)."""

_PILE, _PSIZE, _LINE, _OTHERS, _DISC, _DSIZE, _BUSTED, _FORCED, _ASIDE, _QUEUE, _STAY = range(11)

N = TypeVar("N", float, Fraction)


@dataclass(frozen=True)
class Deck:
    """The card kinds of a rule set as small integers, with the tables the solver looks up.

    ``radix``: one more than the most copies of each kind a pile or discard pile can hold in the
    situation being solved (every copy in its pile, discards and lines), so that codes stay small.
    """

    rules: RuleSet
    kinds: tuple[Card, ...]
    radix: tuple[int, ...]
    weight: tuple[int, ...]
    """Mixed-radix weight of each kind in a pile or discard code."""
    conflict: tuple[int, ...]
    """For a number kind: the mask of kinds that bust a line receiving it (its value; a 13 only itself)."""
    numbers: int
    """Mask of the number kinds."""
    zero: int
    """Bit of The Zero (0 if the deck has none)."""
    unlucky: int
    """Kind index of the Unlucky 7 (-1 if none)."""
    acts: tuple[Action | None, ...]
    """The action of each kind (None for numbers and modifiers)."""

    @classmethod
    def of(cls, situation: VengeanceSituation) -> Deck:
        """The tables for ``situation``: its rules' card kinds, its own radix."""
        rules = situation.rules
        kinds = rules.kinds
        most = dict.fromkeys(kinds, 0)
        for cards in (situation.pile, situation.discards or CardCounts()):
            for card, count in cards.items_:
                most[card] += count
        for line in (situation.line, *situation.others):
            for card in line.cards:
                most[card] += 1
        radix = tuple(most[card] + 1 for card in kinds)
        return cls._of(rules, radix)

    @classmethod
    def _of(cls, rules: RuleSet, radix: tuple[int, ...]) -> Deck:
        kinds = rules.kinds
        weights, weight = [], 1
        for base in radix:
            weights.append(weight)
            weight *= base
        conflict = []
        for card in kinds:
            if not card.is_number:
                conflict.append(0)
            elif card.value == 13:  # 13 and Lucky 13: only a second copy of the same kind busts
                conflict.append(1 << kinds.index(card))
            else:
                conflict.append(sum(1 << j for j, other in enumerate(kinds)
                                    if other.is_number and other.value == card.value))
        numbers = sum(1 << k for k, card in enumerate(kinds) if card.is_number)
        return cls(rules, kinds, radix, tuple(weights), tuple(conflict), numbers,
                   1 << kinds.index(THE_ZERO) if THE_ZERO in kinds else 0,
                   kinds.index(UNLUCKY_7) if UNLUCKY_7 in kinds else -1, tuple(card.act for card in kinds))

    def present(self, code: int) -> tuple[tuple[int, int], ...]:
        """Every kind in a pile or discard code with its count (counts above 0, in kind order)."""
        out = []
        for k, base in enumerate(self.radix):
            if base > 1:
                code, here = divmod(code, base)
                if here:
                    out.append((k, here))
        return tuple(out)

    def code(self, cards: CardCounts) -> int:
        """The code of a pile or discard pile."""
        return sum(self.weight[self.kinds.index(card)] * count for card, count in cards.items_)

    def mask(self, line: VengeanceLine) -> int:
        """The bit mask of a line."""
        return sum(1 << self.kinds.index(card) for card in line.cards)


_HOSTILE = (Action.STEAL, Action.SWAP, Action.DISCARD)
_STEAL, _SWAP = Card.action(Action.STEAL), Card.action(Action.SWAP)
_FORCED_DRAWS = {Action.JUST_ONE_MORE: 1, Action.FLIP_FOUR: 4}
_JUST_ONE_MORE_DRAWS = _FORCED_DRAWS[Action.JUST_ONE_MORE]


class Round:
    """The engine's transitions (`flip7odds.vengeance.engine.VengeanceRound`) on integer-coded states."""

    def __init__(self, situation: VengeanceSituation) -> None:
        self.deck = Deck.of(situation)
        self.rules = rules = situation.rules
        self.brutal = rules.brutal
        self._scores: dict[int, int] = {}
        self._flip7_scores: dict[int, int] = {}
        self._line_keys: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        self._line_cards: dict[int, tuple[int, ...]] = {}
        self._present: dict[int, tuple[tuple[int, int], ...]] = {}
        self._hostile_cache: dict[int, bool] = {}
        self._hostile_kinds = tuple(k for k, act in enumerate(self.deck.acts) if act in _HOSTILE)
        deck = self.deck
        self._weight, self._conflict, self._numbers, self._unlucky = deck.weight, deck.conflict, deck.numbers, deck.unlucky
        self._bits = tuple(1 << k for k in range(len(deck.kinds)))
        self._acts = deck.acts
        self._hostile_set = frozenset(self._hostile_kinds)
        self._draws_owed = tuple(_FORCED_DRAWS.get(act, 0) if act is not None else 0 for act in deck.acts)
        """For a Just One More! or Flip Four! kind: the draws it forces (0 for the other kinds)."""
        self._replaced: dict[tuple[tuple[int, ...], int, int], tuple[int, ...]] = {}
        self._values = tuple(card.value for card in self.deck.kinds)
        self._scored: dict[tuple[int, int, bool], int] = {}
        """`RuleSet.score` by (number sum, modifiers' mask, Flip 7)."""
        self._followed: dict[int, tuple[tuple[int, int], ...]] = {}
        """The kinds of each pile code whose next piles' kinds `_present` holds already."""

    def entries(self) -> int:
        """The entries of the tables the transitions remember (by line)."""
        return (len(self._scores) + len(self._flip7_scores) + len(self._line_keys) + len(self._line_cards) + len(self._present)
                + len(self._hostile_cache) + len(self._replaced) + len(self._followed) + len(self._scored))

    # --- lines -------------------------------------------------------------------------------------

    def score(self, line: int, flip7: bool = False) -> int:
        """`VengeanceLine.score` of a mask."""
        scores = self._flip7_scores if flip7 else self._scores
        known = scores.get(line)
        if known is None:
            deck = self.deck
            if line & deck.zero and not flip7:
                known = 0
            else:  # many lines share their number sum and modifiers: score each such pair once
                numbers = line & deck.numbers
                key = (sum(self._values[k] for k in self._kinds_of(numbers)), line ^ numbers, flip7)
                known = self._scored.get(key)
                if known is None:
                    known = self._scored[key] = self.rules.score(
                        key[0], tuple(deck.kinds[k] for k in self._kinds_of(line ^ numbers)), flip7)
            scores[line] = known
        return known

    @staticmethod
    def _kinds_of(mask: int) -> list[int]:
        """The kinds of a mask, in kind order."""
        kinds = []
        while mask:
            low = mask & -mask
            kinds.append(low.bit_length() - 1)
            mask ^= low
        return kinds

    def cards(self, line: int) -> tuple[int, ...]:
        """The kinds of a line in `VengeanceLine.cards` order: numbers ascending, then modifiers."""
        known = self._line_cards.get(line)
        if known is None:
            numbers = line & self.deck.numbers
            known = self._line_cards[line] = (*self._kinds_of(numbers), *self._kinds_of(line ^ numbers))
        return known

    def number_count(self, line: int) -> int:
        """How many number cards a line holds."""
        return (line & self.deck.numbers).bit_count()

    def _key(self, line: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        known = self._line_keys.get(line)
        if known is None:
            cards = self.cards(line)
            known = (tuple(k for k in cards if self.deck.kinds[k].is_number),
                     tuple(k for k in cards if not self.deck.kinds[k].is_number))
            self._line_keys[line] = known
        return known

    def sorted_others(self, others: list[int]) -> tuple[int, ...]:
        """Other lines in `VengeanceLine` order (the engine keeps them sorted)."""
        return tuple(sorted(others, key=self._key))

    # --- states --------------------------------------------------------------------------------------

    def start(self, situation: VengeanceSituation) -> State:
        """The state at your decision in ``situation`` (`VengeanceRound.start`)."""
        deck = self.deck
        discards = situation.discards
        return self.canonical((deck.code(situation.pile), situation.pile.size, deck.mask(situation.line),
                               self.sorted_others([deck.mask(line) for line in situation.others]),
                               -1 if discards is None else deck.code(discards),
                               0 if discards is None else discards.size,
                               situation.busted_others if self.brutal else 0, 0, (), (), False))

    def canonical(self, state: State) -> State:
        """Forget what the other lines hold once no Steal, Swap or Discard can come (module docstring)."""
        others = state[_OTHERS]
        if (not others or others == (0,)) and state[_BUSTED] <= 1:  # canonical already
            return state
        if self._hostile_left(state):
            return state
        return (state[_PILE], state[_PSIZE], state[_LINE], (0,) if others else (), state[_DISC], state[_DSIZE],
                min(state[_BUSTED], 1), state[_FORCED], state[_ASIDE], state[_QUEUE], state[_STAY])

    def _hostile_left(self, state: State) -> bool:
        known = self._hostile_cache.get(state[_PILE])
        if known is None:
            known = self._holds_hostile(state[_PILE])
        hostile = self._hostile_set
        if known or not (hostile.isdisjoint(state[_ASIDE]) and hostile.isdisjoint(state[_QUEUE])):
            return True
        if state[_DISC] < 0:
            return False
        known = self._hostile_cache.get(state[_DISC])
        return self._holds_hostile(state[_DISC]) if known is None else known

    def _holds_hostile(self, code: int) -> bool:
        known = self._hostile_cache.get(code)
        if known is None:  # the count of kind k in a code is its mixed-radix digit
            deck = self.deck
            known = self._hostile_cache[code] = any(code // deck.weight[k] % deck.radix[k]
                                                    for k in self._hostile_kinds)
        return known

    def present(self, code: int) -> tuple[tuple[int, int], ...]:
        """`Deck.present`, remembered per code (many states share a pile)."""
        known = self._present.get(code)
        if known is None:
            known = self._present[code] = self.deck.present(code)
        return known

    def bank(self, state: State, reason: int = BANKED) -> int:
        """End your round keeping your line."""
        return 4 * self.score(state[_LINE]) + reason

    def can_draw(self, state: State) -> bool:
        """True when a card can still be drawn (from the pile or a reshuffled known discard pile)."""
        return bool(state[_PSIZE] > 0 or state[_DSIZE] > 0)

    def may_stay(self, state: State) -> bool:
        """You may stay with at least one card, unless you hold The Zero."""
        line = state[_LINE]
        return line != 0 and not line & self.deck.zero

    def outcomes(self, state: State) -> tuple[int, list[tuple[int, Node]]]:
        """The drawing pile's size and every next card's count with the node it leads to.

        A number other than the Unlucky 7 (most draws) is resolved here, as `_draw` would: it busts you, makes
        your Flip 7, or joins your line; so is any other card drawn while draws are owed: it is set aside. The
        state either leads to is canonical as it stands (`settle` would return it unchanged when draws are still
        owed): this state is, and whether a Steal, Swap or Discard can still come (`canonical`) is unchanged, since
        a number that leaves the pile is none of them, and any other card moves from the pile to the set-aside
        cards, which `canonical` counts alike. `Round._draw` is the general transition, and the tests check that
        both give the same nodes.
        """
        if state[_PSIZE] == 0:  # the known discard pile is reshuffled, once
            state = (state[_DISC], state[_DSIZE], state[_LINE], state[_OTHERS], -1, 0, *state[_BUSTED:])
        pile, size, line, forced = state[_PILE], state[_PSIZE], state[_LINE], state[_FORCED]
        present = self.follow(pile)
        weight = self._weight
        conflict, bits, numbers, unlucky = self._conflict, self._bits, self._numbers, self._unlucky
        rest = state[_OTHERS:] if not forced else (*state[_OTHERS:_FORCED], forced - 1, *state[_ASIDE:])
        last_draw = forced == 1 or (size == 1 and state[_DSIZE] == 0)  # draws end: `settle` the state
        nodes: list[tuple[int, Node]] = []
        for k, count in present:
            clash = conflict[k]
            if forced and not clash:  # set aside until the draws are done
                kept = (pile - weight[k], size - 1, line, *rest[:_ASIDE - _OTHERS], state[_ASIDE] + (k,),
                         *rest[_QUEUE - _OTHERS:])
                nodes.append((count, self.settle(kept) if last_draw else kept))
            elif not clash or k == unlucky:
                nodes.append((count, self._draw(state, k)))
            elif line & clash:
                nodes.append((count, 4 * 0 + BUST))
            else:
                grown = line | bits[k]
                if (grown & numbers).bit_count() >= FLIP_7_CARDS:
                    nodes.append((count, 4 * self.score(grown, flip7=True) + FLIP_7))
                elif forced and last_draw:
                    nodes.append((count, self.settle((pile - weight[k], size - 1, grown, *rest))))
                else:
                    nodes.append((count, (pile - weight[k], size - 1, grown, *rest)))
        return size, nodes

    def follow(self, pile: int) -> tuple[tuple[int, int], ...]:
        """`present` of a pile about to be drawn from, remembering each next pile's kinds on the way."""
        present = self._followed.get(pile)
        if present is None:
            present = self._followed[pile] = self.present(pile)
            known, weight = self._present, self._weight
            for i, (k, count) in enumerate(present):  # each next pile's kinds, without decoding its code
                after = pile - weight[k]
                if after not in known:
                    known[after] = present[:i] + present[i + 1:] if count == 1 else \
                        (*present[:i], (k, count - 1), *present[i + 1:])
        return present

    def _draw(self, state: State, k: int) -> Node:
        deck = self.deck
        drawn: State = (state[_PILE] - deck.weight[k], state[_PSIZE] - 1, *state[_LINE:])
        if deck.conflict[k]:
            node = self._receive_number(drawn, k, flipped=True)
            if isinstance(node, tuple):
                forced = node[_FORCED]
                node = self.settle((*node[:_FORCED], forced - 1, *node[_ASIDE:]) if forced else node)
            return node
        if state[_FORCED]:
            return self.settle((*drawn[:_FORCED], drawn[_FORCED] - 1, (*drawn[_ASIDE], k), *drawn[_QUEUE:]))
        return self.play(drawn, k)

    def _receive_number(self, state: State, k: int, flipped: bool) -> Node:
        deck = self.deck
        line = state[_LINE]
        if flipped and k == deck.unlucky:
            disc, dsize = state[_DISC], state[_DSIZE]
            if disc >= 0:
                cards = self.cards(line)
                disc += sum(deck.weight[j] for j in cards)
                dsize += len(cards)
            return (*state[:_LINE], 1 << k, state[_OTHERS], disc, dsize, *state[_BUSTED:])
        if line & deck.conflict[k]:
            return 4 * 0 + BUST
        grown = line | 1 << k
        if self.number_count(grown) >= FLIP_7_CARDS:
            return 4 * self.score(grown, flip7=True) + FLIP_7
        return (*state[:_LINE], grown, *state[_OTHERS:])

    def settle(self, state: State) -> Node:
        """After a card is resolved: draw on, resolve the next set-aside card, stay if made to, or decide."""
        if state[_FORCED] > 0:
            return self.canonical(state) if state[_PSIZE] > 0 or state[_DSIZE] > 0 else self.bank(state)
        aside, queue = state[_ASIDE], state[_QUEUE]
        if aside or queue:
            queue = aside + queue
            return self.play(state[:_ASIDE] + ((), queue[1:], state[_STAY]), queue[0])
        if state[_STAY]:
            return self.bank(state)
        return self.canonical(state)

    def _spent(self, state: State, k: int) -> State:
        """``state`` with card ``k`` put on a known discard pile."""
        if state[_DISC] < 0:
            return state
        return (*state[:_DISC], state[_DISC] + self._weight[k], state[_DSIZE] + 1, *state[_BUSTED:])

    def play(self, state: State, k: int) -> Node:
        """Resolve a modifier or an action card now (`VengeanceRound.play`)."""
        act = self._acts[k]
        if act is None:
            options = self._modifier_options(state, k)
        elif self._draws_owed[k]:
            options = self._forcing_options(state, k)
        else:
            spent = self._spent(state, k)
            options = (self._steal_options(spent) if act is Action.STEAL else
                       self._swap_options(spent) if act is Action.SWAP else self._discard_options(spent))
            if not options:
                return self.settle(spent)
        return choice_of(options)

    def _with_other(self, state: State, index: int, line: int) -> State:
        """``state`` with the other line at ``index`` replaced by ``line`` (the others sorted again)."""
        others = state[_OTHERS]
        if len(others) == 1:
            return state[:_OTHERS] + ((line,),) + state[_DISC:]
        key = (others, index, line)
        replaced = self._replaced.get(key)
        if replaced is None:
            lines = list(others)
            lines[index] = line
            replaced = self._replaced[key] = self.sorted_others(lines)
        return state[:_OTHERS] + (replaced,) + state[_DISC:]

    def _modifier_options(self, state: State, k: int) -> list[Node]:
        bit = 1 << k
        settle = self.settle
        options = [settle(self._with_other(state, index, other | bit)) for index, other in enumerate(state[_OTHERS])]
        if self.brutal and state[_BUSTED]:
            options.append(settle(state))
        options.append(settle(state[:_LINE] + (state[_LINE] | bit,) + state[_OTHERS:]))
        return options

    def _forcing_options(self, state: State, k: int) -> list[Node]:
        spent = self._spent(state, k)
        options: list[Node] = []
        if state[_OTHERS]:
            options.append(self.settle(spent))
        draws = self._draws_owed[k]
        stay = spent[_STAY] or draws == _JUST_ONE_MORE_DRAWS
        options.append(self.settle(spent[:_FORCED] + (draws,) + spent[_ASIDE:_STAY] + (stay,)))
        return options

    def _steal_options(self, state: State) -> list[Node]:
        options: list[Node] = []
        for index, other in enumerate(state[_OTHERS]):
            for card in self.cards(other):
                robbed = self._with_other(state, index, other & ~(1 << card))
                options.append(self._receive(robbed, card))
        return options

    def _swap_options(self, state: State) -> list[Node]:
        options: list[Node] = []
        others = state[_OTHERS]
        if sum(1 for other in others if other) >= 2:
            options.append(self.settle(state))
        line = state[_LINE]
        for mine in self.cards(line):
            kept: State = (*state[:_LINE], line & ~(1 << mine), *state[_OTHERS:])
            for index, other in enumerate(others):
                for theirs in self.cards(other):
                    options.append(self._swap(kept, index, other & ~(1 << theirs), mine, theirs))
        return options

    def _swap(self, state: State, index: int, other: int, given: int, taken: int) -> Node:
        deck = self.deck
        number = deck.conflict[given] != 0
        fits = not other & deck.conflict[given]
        if number and not fits:
            others = state[_OTHERS]
            after: State = (*state[:_OTHERS], others[:index] + others[index + 1:], state[_DISC], state[_DSIZE],
                            state[_BUSTED] + self.brutal, *state[_FORCED:])
        else:
            after = self._with_other(state, index, other | 1 << given)
        if number and fits and self.number_count(other) + 1 >= FLIP_7_CARDS:
            line = state[_LINE]
            if deck.conflict[taken] and line & deck.conflict[taken]:
                return 4 * 0 + BUST
            receiving = line | 1 << taken
            if self.number_count(receiving) >= FLIP_7_CARDS:
                return 4 * self.score(receiving, flip7=True) + FLIP_7
            return 4 * self.score(receiving) + BANKED
        return self._receive(after, taken)

    def _discard_options(self, state: State) -> list[Node]:
        options: list[Node] = []
        line = state[_LINE]
        for card in self.cards(line):
            gone = self._spent((*state[:_LINE], line & ~(1 << card), *state[_OTHERS:]), card)
            options.append(self.settle(gone))
        for index, other in enumerate(state[_OTHERS]):
            for card in self.cards(other):
                gone = self._spent(self._with_other(state, index, other & ~(1 << card)), card)
                options.append(self.settle(gone))
        return options

    def _receive(self, state: State, k: int) -> Node:
        if not self.deck.conflict[k]:
            return self.settle((*state[:_LINE], state[_LINE] | 1 << k, *state[_OTHERS:]))
        node = self._receive_number(state, k, flipped=False)
        return self.settle(node) if isinstance(node, tuple) else node


_CLOCK_EVERY = 256
"""The solver reads the CPU clock (against its deadline) whenever the number of states it holds is a multiple of
this: a read costs about a microsecond, a state 11."""


class _Values(Generic[N]):
    """Optimal expected values of nodes, memoised per packed state (`flip7odds.vengeance.packed`), in floats or
    exact fractions.

    ``once``: hit once, then stay (every decision after the first draw banks; forced draws still happen).
    `value` and `draw` take `Round`'s nodes; the solver works on packed ones (`packed_value`, `packed_draw`).
    """

    def __init__(self, game: Round, one: N, tie: N, max_states: int, once: bool = False,
                 deadline: float = math.inf, packed: PackedRound | None = None) -> None:
        self.game: Round = game
        self.packed: PackedRound = PackedRound(game) if packed is None else packed
        self.one: N = one
        self.tie: N = tie
        self.max_states: int = max_states
        self.once: bool = once
        self.deadline: float = deadline
        """The process CPU time (`time.process_time`) past which no new state is solved."""
        self.memo: dict[int, N] = {}
        self._least = self.packed.least
        self._zero = game.deck.zero

    def value(self, node: Node) -> N:
        """The optimal value of any `Round` node."""
        return self.packed_value(self.packed.node(node))

    def draw(self, state: State) -> N:
        """The value of drawing one card now at a `Round` state and playing on optimally."""
        return self.packed_draw(self.packed.pack(state))

    def packed_value(self, node: PackedNode) -> N:
        """The optimal value of any packed node."""
        least = self._least
        if type(node) is int:
            if node < least:
                return self.one * (node >> 2)
            known = self.memo.get(node)
            return self._solve(node) if known is None else known
        assert isinstance(node, list)
        memo, one, tie = self.memo, self.one, self.tie
        best: N | None = None
        for option in node:  # the first best option: `packed_value` of each, its two commonest cases inlined
            if type(option) is int:
                if option < least:
                    candidate = one * (option >> 2)
                else:
                    known = memo.get(option)
                    candidate = self._solve(option) if known is None else known
            else:
                candidate = self.packed_value(option)
            if best is None or candidate > best + tie:
                best = candidate
        assert best is not None
        return best

    def _solve(self, state: int) -> N:
        """The value of a packed state not memoised yet, now memoised."""
        memo = self.memo
        if len(memo) >= self.max_states:
            raise SituationError("this table is too large to work out exactly: give a smaller pile "
                                 "(fewer cards left to draw)", limit=self.max_states)
        if len(memo) % _CLOCK_EVERY == 0 and time.process_time() > self.deadline:
            raise SituationError("this table could not be worked out exactly within its CPU time: give a "
                                 "smaller pile (fewer cards left to draw)")
        packed = self.packed
        if state >> packed.forced_shift & packed.forced_mask:
            known = self.packed_draw(state)
        else:
            line = state >> packed.line_shift & packed.line_mask
            score = self.game._scores.get(line)
            stay = self.one * (self.game.score(line) if score is None else score)
            if self.once or not packed.can_draw(state):
                known = stay
            else:
                hit = self.packed_draw(state)  # `Round.may_stay`: a card, and not The Zero
                known = hit if not line or line & self._zero or hit > stay + self.tie else stay
        memo[state] = known
        return known

    def packed_draw(self, state: int) -> N:
        """The value of drawing one card now at a packed state and playing on optimally.

        The commonest draw, no draws owed from a pile that is not empty, is `PackedRound.outcomes` fused with the
        sum: a number is resolved in place, a bust adds nothing (its terminal is worth 0, and adding ``0.0`` to a
        sum that started at ``0.0`` leaves it bit for bit: the sum is never ``-0.0``), the other terms are added
        in the same order, so the value is the same float.
        """
        packed, memo, one, least = self.packed, self.memo, self.one, self._least
        size = state >> packed.size_shift & packed.count_mask
        total = one * 0
        solve = self._solve
        if size == 0 or state >> packed.forced_shift & packed.forced_mask:
            size, outcomes = packed.outcomes(state)
            for count, node in outcomes:  # `packed_value`, its two commonest cases inlined
                if type(node) is not int:
                    total += count * self.packed_value(node)
                elif node < least:
                    total += count * (one * (node >> 2))
                else:
                    known = memo.get(node)
                    total += count * (solve(node) if known is None else known)
            return total / size
        game = self.game
        line = state >> packed.line_shift & packed.line_mask
        flip7 = (line & game._numbers).bit_count() + 1 >= FLIP_7_CARDS
        flip7_scores = game._flip7_scores
        conflict, grow, unlucky = game._conflict, packed.grow, game._unlucky
        pile = state & packed.code_mask
        present = game._followed.get(pile)
        for k, count in game.follow(pile) if present is None else present:
            clash = conflict[k]
            if not clash or k == unlucky:
                node = packed.draw_card(state, k)
                if type(node) is not int:
                    total += count * self.packed_value(node)
                elif node < least:
                    total += count * (one * (node >> 2))
                else:
                    known = memo.get(node)
                    total += count * (solve(node) if known is None else known)
            elif line & clash:
                continue
            elif flip7:
                score = flip7_scores.get(line | 1 << k)
                total += count * (one * (game.score(line | 1 << k, flip7=True) if score is None else score))
            else:
                child = state + grow[k]
                known = memo.get(child)
                total += count * (solve(child) if known is None else known)
        return total / size


Distribution = dict[int, float]
"""Probability of each terminal ``4 * score + reason``."""


def distribution(values: _Values[float], root: State) -> Distribution:
    """The terminal distribution of hitting at ``root`` and then following the policy of ``values``.

    A forward pass: probability mass flows from the root along the policy's choices, level by level
    (each draw takes one card from the pile, so a state is processed after every state that can
    lead to it: first the states whose known discard pile may still be reshuffled, by decreasing
    pile size, then the others). Only the current levels are kept in memory.
    """
    game, packed = values.game, values.packed
    levels: dict[tuple[bool, int], dict[int, float]] = {}
    terminals: Distribution = {}

    def flow(node: PackedNode, mass: float) -> None:
        while isinstance(node, list):
            best, best_value = node[0], values.packed_value(node[0])
            for option in node[1:]:
                candidate = values.packed_value(option)
                if candidate > best_value + values.tie:
                    best, best_value = option, candidate
            node = best
        if node < packed.least:
            terminals[node] = terminals.get(node, 0.0) + mass
        else:
            here = levels.setdefault((not packed.has_discards(node), -packed.size(node)), {})
            here[node] = here.get(node, 0.0) + mass

    def draw(state: int, mass: float) -> None:
        size, outcomes = packed.outcomes(state)
        for count, node in outcomes:
            flow(node, mass * count / size)

    draw(packed.pack(root), 1.0)
    while levels:
        states = levels.pop(min(levels))
        for state, mass in states.items():
            if not packed.forced(state):
                stay = game.score(packed.line(state))
                if not packed.can_draw(state) or (packed.may_stay(state) and not values.packed_value(state) > stay):
                    terminals[4 * stay] = terminals.get(4 * stay, 0.0) + mass  # the solved decision stays
                    continue
            draw(state, mass)
    return terminals


DEFAULT_MAX_STATES = 140_000
"""The most states the fast solver may memoise (about 1.5 s of CPU at `SECONDS_PER_STATE`); a situation estimated
to need more is refused before solving (`check_size`), and a solve that reaches it stops."""


@dataclass(frozen=True)
class FastResult:
    """The fast solver's answer (floats, except the exact hit-once score)."""

    stay_score: int
    may_stay: bool
    hit_score: float | None
    optimal_score: float
    hit_once_score: Fraction | None
    decision_is_hit: bool
    flip7_probability: float
    bust_probability: float
    distribution: dict[int, float]
    states: int


def fast_solve(situation: VengeanceSituation, max_states: int | None = None,
               cpu_seconds: float = math.inf) -> FastResult:
    """Solve ``situation`` exactly under docs/vengeance.md's model (`SituationError` when too large: more than
    ``max_states`` states, or more than ``cpu_seconds`` of CPU).

    >>> from flip7odds.rules import VENGEANCE
    >>> result = fast_solve(VengeanceSituation.from_text(VENGEANCE, "12 3", pile="12 11 5"))
    >>> result.decision_is_hit, result.hit_once_score, result.distribution  # 12: bust; 11: 26; 5: 20
    (True, Fraction(46, 3), {0: 0.3333333333333333, 20: 0.3333333333333333, 26: 0.3333333333333333})
    """
    max_states = DEFAULT_MAX_STATES if max_states is None else max_states
    check_size(situation, max_states)
    situation = with_dead_cards_merged(situation)
    game = Round(situation)
    state = game.start(situation)
    stay_score = situation.line.score(situation.rules)
    may_stay = game.may_stay(state)
    if not game.can_draw(state):
        banked = game.score(state[_LINE])
        return FastResult(stay_score, may_stay, None, float(banked), None, False, 0.0, 0.0, {banked: 1.0}, 0)
    deadline = time.process_time() + cpu_seconds
    values = _Values(game, 1.0, TIE, max_states, deadline=deadline)
    hit = values.draw(state)
    hits = not may_stay or hit > stay_score + TIE
    once = _Values(game, Fraction(1), Fraction(0), max_states, once=True, deadline=deadline,
                   packed=values.packed).draw(state)
    terminals = distribution(values, state) if hits else {4 * stay_score: 1.0}
    scores: dict[int, float] = {}
    for terminal, probability in terminals.items():
        scores[terminal >> 2] = scores.get(terminal >> 2, 0.0) + probability
    return FastResult(
        stay_score=stay_score,
        may_stay=may_stay,
        hit_score=hit,
        optimal_score=hit if hits else float(stay_score),
        hit_once_score=once,
        decision_is_hit=hits,
        flip7_probability=sum(p for terminal, p in terminals.items() if terminal & 3 == FLIP_7),
        bust_probability=sum(p for terminal, p in terminals.items() if terminal & 3 == BUST),
        distribution=dict(sorted(scores.items())),
        states=len(values.memo),
    )


def size_features(situation: VengeanceSituation) -> tuple[float, ...]:
    """The numbers that drive the state count, from the situation alone (microseconds to compute).

    From the cards that can still come (the pile, and a known discard pile when `may_run_out`):

    * ``numbers``: the log of how many sets of number cards your line can collect: distinct values, at
      most seven, one kind per value (two for the two 13s);
    * ``unlucky``: ``numbers`` again when the Unlucky 7 can come (after it wipes your line, a second
      such set can be collected);
    * ``others``: the log of how many sub-multisets of the modifiers and actions can be drawn;
    * ``hostile``: the Steal, Swap and Discard cards times the log of three plus the cards in every
      line: each such card multiplies the ways the lines can be arranged. A Steal or Swap that can take
      nothing (`can_take_from_others`) rearranges no line: it counts as if the lines held no card
      (``log 3``), for its place among the cards set aside during forced draws;
    * ``forcing``: the Just One More! and Flip Four! cards (their set-aside cards and forced draws).
    """
    situation = with_dead_cards_merged(situation)
    pool = situation.pile.as_dict()
    if situation.discards is not None and may_run_out(situation):
        for card, count in situation.discards.items_:
            pool[card] = pool.get(card, 0) + count
    movable = len(situation.line.cards) + sum(len(line.cards) for line in situation.others)
    live = can_take_from_others(situation)
    kinds_per_value: dict[int, int] = {}
    others = hostile = 0.0
    forcing = 0
    for card, count in pool.items():
        if card.is_number:
            kinds_per_value[card.value] = kinds_per_value.get(card.value, 0) + 1
        else:
            others += math.log(count + 1)
            if card.act in _HOSTILE:
                hostile += count * math.log(3 + (movable if live or card.act is Action.DISCARD else 0))
            forcing += count if card.act in _FORCED_DRAWS else 0
    sets = [1.0] + [0.0] * FLIP_7_CARDS  # sets[j]: sets of j numbers
    for value, kinds in kinds_per_value.items():
        for factor in ((1, 1) if value == 13 and kinds == 2 else (kinds,)):
            for j in range(FLIP_7_CARDS, 0, -1):
                sets[j] += factor * sets[j - 1]
    numbers = math.log(sum(sets))
    return numbers, numbers * (UNLUCKY_7 in pool), others, hostile, float(forcing)


def can_take_from_others(situation: VengeanceSituation) -> bool:
    """Whether a Steal or a Swap can ever take a card in this round (False: each one drawn is discarded).

    Both take a card only from another player's line, never from your own (a Swap gives one of yours
    in exchange; docs/vengeance.md, the engine's `_steal_options` and `_swap_options`). The other lines
    change only through your cards: a modifier you give them, or a Swap, which needs a card of theirs
    already. So unless another line holds a card now, or there is another player and a modifier can
    still come to be given, every other line stays empty for the whole round, alone there is none, and
    a Steal or Swap has no legal use whenever it is drawn. A modifier can come from the pile, from the
    known discards, and, when the discards are known, from your own line: a Discard or the Unlucky 7
    sends it to the discard pile, and the reshuffle brings it back (for ``12 -2`` against one empty
    line, pile ``unlucky7 swap 3 steal``, the Swap and the Steal are not alike). A Discard can always
    take one of your own cards once you hold one.
    """
    if any(line.cards for line in situation.others):
        return True
    coming = [card for card, _ in situation.pile.items_]
    if situation.discards is not None:  # else a pile that runs out ends the round: only the pile's can come
        coming += [card for card, _ in situation.discards.items_] + list(situation.line.cards)
    return bool(situation.others) and any(card.category is Category.MODIFIER for card in coming)


def with_dead_cards_merged(situation: VengeanceSituation) -> VengeanceSituation:
    """``situation`` with every Swap written as a Steal when neither can take a card (`can_take_from_others`).

    Then each of them has no legal use whenever it is drawn or resolved, before or after a reshuffle: it
    is set aside like any action during forced draws and discarded when played. The engine's tree of the
    situation is, option for option, the tree of the relabelled one, so every value and distribution is
    the same; states that differ only in which of the two cards were drawn become one (the solver's
    states for ``1 5 8 10 11 /2 jom steal swap discard`` alone over the discards ``7 9 flip4``: 3 065
    instead of 4 494). The deck's counts are not checked again: four Steals are fine here.
    """
    if can_take_from_others(situation):
        return situation

    def merged(counts: CardCounts) -> CardCounts:
        swaps = counts[_SWAP]
        if not swaps:
            return counts
        return counts - CardCounts.from_mapping({_SWAP: swaps}) + CardCounts.from_mapping({_STEAL: swaps})

    discards = situation.discards
    return replace(situation, pile=merged(situation.pile), discards=None if discards is None else merged(discards))


def may_run_out(situation: VengeanceSituation) -> bool:
    """False when your round surely ends before the pile runs out, so the discard pile is never reshuffled.

    Every number drawn joins your line (or busts you), and only the Unlucky 7, Discard and a Swap that can
    take a card (`can_take_from_others`) take a number out of it. Without them in the pile, drawing the
    whole pile means holding your numbers and all of the pile's at once: if they include a duplicate that
    busts, or seven numbers or more (a Flip 7 ends the round), the last card is never drawn. (A bound for
    the estimate only: True says nothing.)
    """
    pile = situation.pile
    takers = (Action.DISCARD, Action.SWAP) if can_take_from_others(situation) else (Action.DISCARD,)
    if any(pile[card] for card in (UNLUCKY_7, *(Card.action(act) for act in takers))):
        return True
    line = situation.line
    for card, count in pile.items_:
        if card.is_number:
            for _ in range(count):
                if not line.accepts(card):
                    return False
                line = line.plus(card)
    return line.number_count < FLIP_7_CARDS


_FIT = (-0.35, 0.93, 0.57, 1.52, 0.18, 0.23)
"""``log(states) = a + b . size_features``, fitted on 395 random situations (piles of 4 to 27 cards, 0 to 2
other lines with 0 to 3 cards, standard and Brutal, a third of them with every action left in the pile):
least squares on the 237 solved within 60 000 states, and for the 158 stopped at that limit a penalty
only when the estimate falls below it. The estimate's error is about a factor 3 (standard deviation of
the log: 1.0), at worst a factor 10 too low on those situations. Kept as fitted when a Steal or Swap that
can take nothing stopped counting as one that rearranges the lines (`size_features`):
``benchmarks/study_vengeance_estimate.py 1 40 30000`` solves 40 new random situations, and on the 17 solved
where no Steal or Swap can take a card, log(states / estimate) has mean -0.08 and standard deviation 0.35
(at worst a factor 1.5 too low); on the 7 where one can, mean -0.02 and standard deviation 0.80."""
SECONDS_PER_STATE = 11e-6
"""CPU seconds per memoised state: over 91 situations from simulated games (bench_bounded's, estimated at 2 000
to 60 000 states; solved in 500 to 370 000), the packed solver (branch vexact) took 0.71 times main's time per
situation (median, interleaved in one process, each the faster of two runs; 0.61 times main's instructions per state
under callgrind), and main's had been calibrated at 15.2 microseconds (16e-6): about 10.8 (BENCHMARKS.md, Stop 27,
branch vexact). It was 25e-6 before branch vengefast, 16e-6 before vexact."""


def estimate_states(situation: VengeanceSituation) -> float:
    """A cheap estimate of how many states the fast solver memoises for ``situation``.

    ``exp(a + b . features)`` with `size_features` and the fitted `_FIT`: computed in microseconds
    from the pile's composition and the lines, never by solving.
    """
    log_states = _FIT[0] + sum(b * x for b, x in zip(_FIT[1:], size_features(situation), strict=True))
    return math.exp(min(log_states, 700.0))


def estimate_solve_seconds(situation: VengeanceSituation) -> float:
    """The estimated CPU seconds of the exact analysis: `estimate_states` times `SECONDS_PER_STATE`."""
    return estimate_states(situation) * SECONDS_PER_STATE


def check_size(situation: VengeanceSituation, max_states: int = DEFAULT_MAX_STATES) -> None:
    """Refuse at once (`SituationError`) a situation estimated to need more than ``max_states`` states."""
    states = estimate_states(situation)
    if states > max_states:
        raise SituationError("this table is too large to work out exactly: give a smaller pile "
                             "(fewer cards left to draw)", states=f"10^{math.log10(states):.0f}",
                             limit=max_states)


def can_solve_within(situation: VengeanceSituation, seconds: float = 2.0) -> bool:
    """True when the exact analysis of ``situation`` is expected to take at most about ``seconds`` of CPU
    (`estimate_solve_seconds`) and to stay within the solver's state limit; cheap enough to ask on every tap."""
    return estimate_solve_seconds(situation) <= seconds and estimate_states(situation) <= DEFAULT_MAX_STATES

"""`flip7odds.vengeance.fast.Round`'s states packed into one integer each, for the exact solver's memo.

A `Round` state is a tuple of eleven fields, three of them tuples; the exact solver looks up several such
states per state it solves, and hashing or comparing a tuple visits every field. Here a state is one Python
integer, so a lookup hashes and compares one int, and the commonest transitions are one or two additions.

Layout, from the lowest bit (widths fixed per `Round`, so that no field can overflow into the next):

=========  ===============================================================================================
pile       the pile code (``< prod radix``: ``code_bits`` bits)
size       the pile size (``count_bits``: enough for every card of the situation)
line       your mask (one bit per card kind)
discards   the discard code plus one (0: no known discard pile; at most ``prod radix``: ``code_bits`` bits)
dsize      the discard size (``count_bits``)
forced     the draws owed (``forced_bits``: enough for the most a card forces)
stay       the made-to-stay flag (1 bit)
rest       one plus the index of (other masks, busted, set-aside kinds, queued kinds) in a table of the
           distinct ones met (unbounded: the top field)
=========  ===============================================================================================

Every field is the tuple's own value (or an index of the table, which holds each distinct rest once), so two
packed states are equal exactly when the tuples are: the memo holds the same states, and `PackedRound.unpack`
gives the tuple back. Since the rest field is at least one, a packed state is at least ``1 << rest_shift``
(beyond ``2**30``), far above every terminal ``4 * score + reason``: a node that is an int below `PackedRound.
least` is a terminal, one at or above it a state. Drawing a number of kind ``k`` into your line is then
``state + grow[k]`` with ``grow[k] = (1 << k) << line_shift - weight[k] - (1 << size_shift)``.

The transitions that most states go through are written here on packed states, as `Round` writes them on
tuples: a number drawn (`PackedRound.outcomes`), a card set aside while draws are owed, a modifier played,
`settle` and `canonical`, and playing every modifier and action. The Unlucky 7 alone unpacks the state, calls
`Round`'s own transition, and packs the nodes it returns (`PackedRound.node`): the same nodes in the same order,
which the tests check node for node against `Round.outcomes`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING, TypeVar

from flip7odds.cards import Action
from flip7odds.vengeance.situation import FLIP_7_CARDS

if TYPE_CHECKING:
    from flip7odds.vengeance.fast import Node, Round, State

PackedNode = int | list["PackedNode"]
"""A terminal ``4 * score + reason`` (below `PackedRound.least`), a packed state, or a choice."""

Rest = tuple[tuple[int, ...], int, tuple[int, ...], tuple[int, ...]]
"""(other masks, busted, set-aside kinds, queued kinds): the tuple fields of a state that rarely change."""

_BANKED, _FLIP_7, _BUST = 0, 1, 2
N = TypeVar("N")


def choice_of(options: Iterable[N]) -> N | list[N]:
    """The node of a choice between ``options``, in their order without repeats (equal nodes are one option):
    the option itself when only one is left."""
    unique: list[N] = []
    for node in options:
        if node not in unique:
            unique.append(node)
    return unique[0] if len(unique) == 1 else unique

_JUST_ONE_MORE_DRAWS = 1
"""The draws a Just One More! forces (`Round._draws_owed`); it also makes you stay once they are drawn."""


class PackedRound:
    """`Round`'s transitions on packed states (module docstring)."""

    def __init__(self, game: Round) -> None:
        self.game = game
        deck = game.deck
        code_bits = math.prod(deck.radix).bit_length()
        count_bits = sum(base - 1 for base in deck.radix).bit_length()
        forced_bits = max(game._draws_owed).bit_length()
        self.size_shift = code_bits
        self.line_shift = self.size_shift + count_bits
        self.discard_shift = self.line_shift + len(deck.kinds)
        self.dsize_shift = self.discard_shift + code_bits
        self.forced_shift = self.dsize_shift + count_bits
        self.stay_shift = self.forced_shift + forced_bits
        self.rest_shift = self.stay_shift + 1
        self.least = 1 << self.rest_shift
        """Every packed state is at least this; every terminal is below it."""
        self.code_mask = (1 << code_bits) - 1
        self.count_mask = (1 << count_bits) - 1
        self.line_mask = (1 << len(deck.kinds)) - 1
        self.forced_mask = (1 << forced_bits) - 1
        self._forced_one = 1 << self.forced_shift
        self._take = tuple(weight + (1 << self.size_shift) for weight in deck.weight)
        """Subtracted from a state: one card of each kind leaves the pile."""
        self.grow = tuple((1 << k << self.line_shift) - take for k, take in enumerate(self._take))
        """Added to a state: a number of each kind leaves the pile and joins your line."""
        self._line_bits = tuple(1 << k << self.line_shift for k in range(len(deck.kinds)))
        self._discarded = tuple((weight << self.discard_shift) + (1 << self.dsize_shift) for weight in deck.weight)
        """Added to a state with a known discard pile: one card of each kind joins it."""
        self._rests: list[Rest] = []
        self._rest_ids: dict[Rest, int] = {}
        self._queued: list[bool] = []
        """Per rest: whether a card is set aside or queued."""
        self._rest_hostile: list[bool] = []
        """Per rest: whether a Steal, Swap or Discard is set aside or queued."""
        self._canonical_rest: list[int] = []
        """Per rest: the rest `Round.canonical` gives when no Steal, Swap or Discard can come (itself if canonical)."""
        self._set_aside: dict[tuple[int, int], int] = {}
        self._given: dict[tuple[int, int, int], int] = {}
        self._modifier_deltas: dict[tuple[int, int, bool], tuple[int, ...]] = {}
        self._dequeued: dict[int, tuple[int, int]] = {}
        self._busted: dict[tuple[int, int], int] = {}
        """Per rest with a card set aside or queued: the rest field change of taking the first one out, and its kind."""

    # --- packing -------------------------------------------------------------------------------------

    def _rest_id(self, rest: Rest) -> int:
        known = self._rest_ids.get(rest)
        if known is None:
            others, busted, aside, queue = rest
            forgotten: Rest = ((0,) if others else (), min(busted, 1), aside, queue)
            canonical = None if forgotten == rest else self._rest_id(forgotten)  # its own entry first
            known = self._rest_ids[rest] = len(self._rests) + 1
            self._rests.append(rest)
            self._queued.append(bool(aside or queue))
            self._rest_hostile.append(not (self.game._hostile_set.isdisjoint(aside)
                                           and self.game._hostile_set.isdisjoint(queue)))
            self._canonical_rest.append(known if canonical is None else canonical)
        return known

    def pack(self, state: State) -> int:
        """The packed form of a `Round` state."""
        pile, size, line, others, discards, dsize, busted, forced, aside, queue, stay = state
        rest = self._rest_id((others, busted, aside, queue))
        packed: int = (pile | size << self.size_shift | line << self.line_shift | (discards + 1) << self.discard_shift
                | dsize << self.dsize_shift | forced << self.forced_shift | int(stay) << self.stay_shift
                | rest << self.rest_shift)
        return packed

    def unpack(self, packed: int) -> State:
        """The `Round` state of a packed one."""
        others, busted, aside, queue = self._rests[(packed >> self.rest_shift) - 1]
        return (packed & self.code_mask, packed >> self.size_shift & self.count_mask,
                packed >> self.line_shift & self.line_mask, others,
                (packed >> self.discard_shift & self.code_mask) - 1, packed >> self.dsize_shift & self.count_mask,
                busted, packed >> self.forced_shift & self.forced_mask, aside, queue,
                bool(packed >> self.stay_shift & 1))

    def node(self, node: Node) -> PackedNode:
        """The packed form of a `Round` node."""
        if isinstance(node, int):
            return node
        if isinstance(node, tuple):
            return self.pack(node)
        return [self.node(option) for option in node]

    def unpacked(self, node: PackedNode) -> Node:
        """The `Round` node of a packed one."""
        if isinstance(node, list):
            return [self.unpacked(option) for option in node]
        return self.unpack(node) if node >= self.least else node

    # --- fields ----------------------------------------------------------------------------------------

    def line(self, packed: int) -> int:
        """Your mask."""
        return packed >> self.line_shift & self.line_mask

    def size(self, packed: int) -> int:
        """The pile size."""
        return packed >> self.size_shift & self.count_mask

    def has_discards(self, packed: int) -> bool:
        """Whether a known discard pile may still be reshuffled."""
        return bool(packed >> self.discard_shift & self.code_mask)

    def forced(self, packed: int) -> int:
        """The draws owed."""
        return packed >> self.forced_shift & self.forced_mask

    def can_draw(self, packed: int) -> bool:
        """`Round.can_draw`."""
        return bool(packed >> self.size_shift & self.count_mask or packed >> self.dsize_shift & self.count_mask)

    def may_stay(self, packed: int) -> bool:
        """`Round.may_stay`."""
        line = packed >> self.line_shift & self.line_mask
        return line != 0 and not line & self.game.deck.zero

    # --- transitions -----------------------------------------------------------------------------------

    def outcomes(self, packed: int) -> tuple[int, list[tuple[int, PackedNode]]]:
        """`Round.outcomes` on packed states: the same counts and nodes, in the same order."""
        game = self.game
        count_mask = self.count_mask
        size = packed >> self.size_shift & count_mask
        if size == 0:  # the known discard pile is reshuffled, once
            size = packed >> self.dsize_shift & count_mask
            code_mask = self.code_mask
            discards = (packed >> self.discard_shift & code_mask) - 1
            packed += (discards - (packed & code_mask) + (size << self.size_shift)
                       - ((discards + 1) << self.discard_shift) - (size << self.dsize_shift))
        pile = packed & self.code_mask
        line = packed >> self.line_shift & self.line_mask
        forced = packed >> self.forced_shift & self.forced_mask
        present = game.follow(pile)
        conflict, take, grow, unlucky = game._conflict, self._take, self.grow, game._unlucky
        after = packed - self._forced_one if forced else packed
        last_draw = forced == 1 or (size == 1 and not packed >> self.dsize_shift & count_mask)
        flip7 = (line & game._numbers).bit_count() + 1 >= FLIP_7_CARDS
        nodes: list[tuple[int, PackedNode]] = []
        for k, count in present:
            clash = conflict[k]
            if forced and not clash:  # set aside until the draws are done
                kept = after - take[k] + (self._aside(packed >> self.rest_shift, k) << self.rest_shift)
                nodes.append((count, self.settle(kept) if last_draw else kept))
            elif not clash or k == unlucky:
                nodes.append((count, self.draw_card(packed, k)))
            elif line & clash:
                nodes.append((count, 4 * 0 + _BUST))
            elif flip7:
                nodes.append((count, 4 * game.score(line | 1 << k, flip7=True) + _FLIP_7))
            elif forced and last_draw:
                nodes.append((count, self.settle(after + grow[k])))
            else:
                nodes.append((count, after + grow[k]))
        return size, nodes

    def _aside(self, rest: int, k: int) -> int:
        """The rest field change of setting kind ``k`` aside."""
        key = (rest, k)
        known = self._set_aside.get(key)
        if known is None:
            others, busted, aside, queue = self._rests[rest - 1]
            known = self._set_aside[key] = self._rest_id((others, busted, (*aside, k), queue)) - rest
        return known

    def draw_card(self, packed: int, k: int) -> PackedNode:
        """`Round._draw` of a modifier or an action drawn with no draws owed, or of the Unlucky 7 (``packed``: the
        state drawing it, the pile reshuffled if it was empty)."""
        if self.game._conflict[k]:
            return self.node(self.game._draw(self.unpack(packed), k))
        if self.game._acts[k] is None and not packed >> self.stay_shift & 1 \
                and not self._queued[(packed >> self.rest_shift) - 1]:
            return self._modifier_drawn(packed, k)
        return self.play(packed - self._take[k], k)

    def _modifier_drawn(self, packed: int, k: int) -> PackedNode:
        """`play` of a modifier drawn at ``packed`` (no draws owed, nothing set aside or queued, not made to stay),
        the options' changes to the rest field remembered.

        Each option is `settle`d, which is `canonical` here (no draws owed, nothing to play, no stay flag). A
        modifier is not a Steal, Swap or Discard: whether one can still come (`Round._hostile_left`) is the same
        for every option as for ``packed``, and decides alone what `canonical` does to an option's rest (kept,
        or `_canonical_rest`); the rest field of keeping the modifier is ``packed``'s own.
        """
        rest = packed >> self.rest_shift
        game = self.game
        hostile = game._hostile_cache
        code_mask = self.code_mask
        pile = packed & code_mask
        known = hostile.get(pile)
        left = known if known is not None else game._holds_hostile(pile)
        if not left:
            discards = (packed >> self.discard_shift & code_mask) - 1
            if discards >= 0:
                known = hostile.get(discards)
                left = known if known is not None else game._holds_hostile(discards)
        key = (rest, k, left)
        deltas = self._modifier_deltas.get(key)
        if deltas is None:
            deltas = self._modifier_deltas[key] = self._deltas(rest, k, left)
        drawn = packed - self._take[k]
        kept = drawn | self._line_bits[k]
        if not left and self._canonical_rest[rest - 1] != rest:
            kept += (self._canonical_rest[rest - 1] - rest) << self.rest_shift
        if not deltas:
            return kept
        return choice_of((*(drawn + delta for delta in deltas), kept))

    def _deltas(self, rest: int, k: int, left: bool) -> tuple[int, ...]:
        """The changes to a state of giving modifier ``k`` to each other line, then to a busted player (Brutal),
        settled (`_modifier_drawn`)."""
        others, busted, _, _ = self._rests[rest - 1]
        deltas = []
        for index, other in enumerate(others):
            given = rest + self._give(rest, index, other | 1 << k)
            if not left:
                given = self._canonical_rest[given - 1]
            deltas.append((given - rest) << self.rest_shift)
        if self.game.brutal and busted:
            deltas.append(((rest if left else self._canonical_rest[rest - 1]) - rest) << self.rest_shift)
        return tuple(deltas)

    def play(self, packed: int, k: int) -> PackedNode:
        """`Round.play` on a packed state: a modifier, a Steal, a Discard, a Just One More! or a Flip Four! here,
        a Swap by `Round.play` itself."""
        act = self.game._acts[k]
        if act is None:
            options = self._modifier_options(packed, k)
        elif self.game._draws_owed[k]:
            options = self._forcing_options(packed, k)
        else:
            spent = self._spent(packed, k)
            options = (self._steal_options(spent) if act is Action.STEAL else
                       self._swap_options(spent) if act is Action.SWAP else self._discard_options(spent))
            if not options:
                return self.settle(spent)
        return choice_of(options)

    def _spent(self, packed: int, k: int) -> int:
        """`Round._spent`: card ``k`` put on a known discard pile."""
        if not packed >> self.discard_shift & self.code_mask:
            return packed
        return packed + self._discarded[k]

    def _modifier_options(self, packed: int, k: int) -> list[PackedNode]:
        """`Round._modifier_options`: give it to another line, to a busted player (Brutal), or keep it."""
        rest = packed >> self.rest_shift
        others, busted, _, _ = self._rests[rest - 1]
        settle = self.settle
        options = [settle(packed + (self._give(rest, index, other | 1 << k) << self.rest_shift))
                   for index, other in enumerate(others)]
        if self.game.brutal and busted:
            options.append(settle(packed))
        options.append(settle(packed | self._line_bits[k]))
        return options

    def _forcing_options(self, packed: int, k: int) -> list[PackedNode]:
        """`Round._forcing_options`: give the draws to another player (then it leaves your round) or take them."""
        spent = self._spent(packed, k)
        options: list[PackedNode] = []
        if self._rests[(packed >> self.rest_shift) - 1][0]:
            options.append(self.settle(spent))
        draws = self.game._draws_owed[k]
        owed = spent >> self.forced_shift & self.forced_mask
        stay = int(draws == _JUST_ONE_MORE_DRAWS) << self.stay_shift
        options.append(self.settle((spent | stay) + ((draws - owed) << self.forced_shift)))
        return options

    def _steal_options(self, packed: int) -> list[PackedNode]:
        """`Round._steal_options`: take any card of another line into yours."""
        options: list[PackedNode] = []
        rest = packed >> self.rest_shift
        for index, other in enumerate(self._rests[rest - 1][0]):
            for card in self.game.cards(other):
                robbed = packed + (self._give(rest, index, other & ~(1 << card)) << self.rest_shift)
                options.append(self._receive(robbed, card))
        return options

    def _swap_options(self, packed: int) -> list[PackedNode]:
        """`Round._swap_options`: no swap (with two other lines holding cards), or any of your cards for any of
        theirs."""
        options: list[PackedNode] = []
        rest = packed >> self.rest_shift
        others = self._rests[rest - 1][0]
        if sum(1 for other in others if other) >= 2:
            options.append(self.settle(packed))
        game = self.game
        for mine in game.cards(packed >> self.line_shift & self.line_mask):
            kept = packed - self._line_bits[mine]
            for index, other in enumerate(others):
                for theirs in game.cards(other):
                    options.append(self._swap(kept, rest, index, other & ~(1 << theirs), mine, theirs))
        return options

    def _swap(self, packed: int, rest: int, index: int, other: int, given: int, taken: int) -> PackedNode:
        """`Round._swap`: ``given`` goes to the other line at ``index`` (``other`` without ``taken``): a number
        there may bust that player (out of the round) or make its Flip 7 (the round ends, you bank with
        ``taken``); then ``taken`` joins your line."""
        game = self.game
        conflict = game._conflict
        number = conflict[given] != 0
        fits = not other & conflict[given]
        if number and not fits:
            after = packed + (self._busted_other(rest, index) << self.rest_shift)
        else:
            after = packed + (self._give(rest, index, other | 1 << given) << self.rest_shift)
        if number and fits and (other & game._numbers).bit_count() + 1 >= FLIP_7_CARDS:
            line = packed >> self.line_shift & self.line_mask
            if conflict[taken] and line & conflict[taken]:
                return 4 * 0 + _BUST
            receiving = line | 1 << taken
            if (receiving & game._numbers).bit_count() >= FLIP_7_CARDS:
                return 4 * game.score(receiving, flip7=True) + _FLIP_7
            return 4 * game.score(receiving) + _BANKED
        return self._receive(after, taken)

    def _busted_other(self, rest: int, index: int) -> int:
        """The rest field change of the other line at ``index`` busting (it leaves; Brutal counts it)."""
        key = (rest, index)
        known = self._busted.get(key)
        if known is None:
            others, busted, aside, queue = self._rests[rest - 1]
            known = self._busted[key] = self._rest_id(
                (others[:index] + others[index + 1:], busted + self.game.brutal, aside, queue)) - rest
        return known

    def _receive(self, packed: int, k: int) -> PackedNode:
        """`Round._receive`: card ``k`` joins your line (a number may bust you or make your Flip 7)."""
        game = self.game
        clash = game._conflict[k]
        line = packed >> self.line_shift & self.line_mask
        if clash:
            if line & clash:
                return 4 * 0 + _BUST
            if (line & game._numbers).bit_count() + 1 >= FLIP_7_CARDS:
                return 4 * game.score(line | 1 << k, flip7=True) + _FLIP_7
        return self.settle(packed | self._line_bits[k])

    def _discard_options(self, packed: int) -> list[PackedNode]:
        """`Round._discard_options`: put any card of any line on the discard pile."""
        options: list[PackedNode] = []
        line = packed >> self.line_shift & self.line_mask
        for card in self.game.cards(line):
            options.append(self.settle(self._spent(packed - self._line_bits[card], card)))
        rest = packed >> self.rest_shift
        for index, other in enumerate(self._rests[rest - 1][0]):
            for card in self.game.cards(other):
                gone = packed + (self._give(rest, index, other & ~(1 << card)) << self.rest_shift)
                options.append(self.settle(self._spent(gone, card)))
        return options

    def _give(self, rest: int, index: int, line: int) -> int:
        """The rest field change of replacing the other line at ``index`` by ``line`` (`Round._with_other`)."""
        key = (rest, index, line)
        known = self._given.get(key)
        if known is None:
            others, busted, aside, queue = self._rests[rest - 1]
            if len(others) == 1:
                lines: tuple[int, ...] = (line,)
            else:
                replaced = list(others)
                replaced[index] = line
                lines = self.game.sorted_others(replaced)
            known = self._given[key] = self._rest_id((lines, busted, aside, queue)) - rest
        return known

    def settle(self, packed: int) -> PackedNode:
        """`Round.settle` on a packed state."""
        if packed >> self.forced_shift & self.forced_mask:
            return self.canonical(packed) if self.can_draw(packed) else self.bank(packed)
        rest = packed >> self.rest_shift
        if self._queued[rest - 1]:  # play the first card set aside or queued, the others queued after it
            known = self._dequeued.get(rest)
            if known is None:
                others, busted, aside, queue = self._rests[rest - 1]
                queue = aside + queue
                known = self._dequeued[rest] = (self._rest_id((others, busted, (), queue[1:])) - rest, queue[0])
            change, k = known
            return self.play(packed + (change << self.rest_shift), k)
        if packed >> self.stay_shift & 1:
            return self.bank(packed)
        return self.canonical(packed)

    def bank(self, packed: int) -> int:
        """`Round.bank`: end your round keeping your line."""
        return 4 * self.game.score(packed >> self.line_shift & self.line_mask) + _BANKED

    def canonical(self, packed: int) -> int:
        """`Round.canonical` on a packed state."""
        rest = packed >> self.rest_shift
        canonical = self._canonical_rest[rest - 1]
        if canonical == rest or self._rest_hostile[rest - 1]:
            return packed
        game = self.game
        hostile = game._hostile_cache
        code_mask = self.code_mask
        pile = packed & code_mask
        known = hostile.get(pile)
        if known if known is not None else game._holds_hostile(pile):
            return packed
        discards = (packed >> self.discard_shift & code_mask) - 1
        if discards >= 0:
            known = hostile.get(discards)
            if known if known is not None else game._holds_hostile(discards):
                return packed
        return packed + ((canonical - rest) << self.rest_shift)

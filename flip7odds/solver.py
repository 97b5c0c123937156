"""The fast exact solver: optimal stopping for one player's round, over a lattice graded by cards drawn.

The literal state of a round (line, exact pile, discards) is far larger than what the future depends
on. This solver uses a reduced state and proves each reduction (tested against `flip7odds.reference`):

1. **New numbers as a subset.** From the starting situation, the numbers you can still draw without
   busting are the values ``U`` you do not hold; the pile of each is untouched until you draw it. So
   the numbers drawn since the start are a subset ``S`` of ``U``.
2. **Bust cards as one count.** Every copy in the pile of a number you hold busts you (or uses your
   Second Chance); *which* held number it is never matters again (the line's score depends on the
   set of values, not on the leftover copies). So the pile's bust cards are one count
   ``B = B0 + sum_{u in S} (p_u - 1) - d`` where ``d`` counts duplicates saved by a Second Chance.
3. **Not alone, Freeze and Flip Three are blanks.** Call them *blanks* and every other card *plain*
   (a number, a modifier, a Second Chance). Not alone, a Freeze banks your line or goes to another
   player, and a Flip Three is taken (three forced draws) or given away (to the discard pile).

   a. *With a card in front of you, giving a blank away is never worse.* You may stay at every
      decision, and the line never empties again (numbers and modifiers stay; a Second Chance leaves
      only with a duplicate of a number you hold). Banking on a Freeze is giving it away and staying.
      A player who gives a Flip Three away can draw the taker's cards one at a time (couple the two
      shuffles), give every blank away and stay where the taker banks: the same score on every deal
      (a reshuffle during the three only adds to the giver's new pile the Flip Threes still in flight,
      which it draws and gives away). So a blank leaves you at the same decision with one card fewer,
      and ``V_hit(P) = f V(P - blank) + (1 - f) V_hit(P - blank)`` with ``V >= V_hit`` shows by
      induction that ``V(P) = V(P without blanks)``: blanks are removed from the pile and the discards.
   b. *With no card in front of you* you may not stay, but a Freeze may bank the empty line (0) on
      yourself. The first plain card ``c`` ends the empty line; from there (a) holds and the round is
      worth ``w(c)``, the stripped problem's value after ``c``. A shuffle orders the plain cards
      independently of where the blanks fall, so whatever blanks you have seen, ``c`` is uniform over
      the plain cards of its pile and reaching it is worth ``D = E[w(c)]``: the stripped problem's draw
      value, from the pile, or from the reshuffled discards when the pile holds only blanks (then the
      empty line lives on into the new pile, with the discards' Freezes); the round's end (0) when no
      plain card is left. This is optimal stopping with payoff 0 at a Freeze and ``D`` at ``c``: bank
      at every Freeze if ``D < 0``, never if ``D >= 0`` (ties give it away), which with ``n`` plain
      cards and ``f`` Freezes is worth ``D`` or ``n D / (n + f)`` (`empty_line_value`). Flip Threes
      given away are skipped and change nothing. Taking one is never better: by (a) the taker is worth
      at most ``w(c)`` once it reaches ``c``, it reaches ``c`` whatever plain card ``c`` is, and it can
      bank only on a Freeze drawn before ``c``; so taking is worth at most ``P(reach c) D``, which is at
      most ``D`` if ``D >= 0`` and at most ``P(no Freeze before c) D = n D / (n + f)`` if ``D < 0``
      (with no Freeze before ``c`` the taker cannot bank).

   So giving a Flip Three away is never worse, and giving a Freeze away is never worse except on an
   empty line when drawing on is worth less than 0 (``D < 0``), which needs a reachable negative score
   (the poker penalties). Where every reachable score is >= 0 (classic) blanks are simply removed.
   The same holds for any utility of the final score (`flip7odds.utility`), banking being worth u(0).
4. **Flip Three owed draws as one number.** Alone, set-aside Flip Threes all come back to you, so
   the forced draws still owed are ``R = r + 3 q`` (``r`` in the current three, ``q`` Flip Threes
   waiting); a set-aside Freeze means "draw the ``r`` left, then bank".
5. **Flip Threes in flight only matter for a reshuffle.** The count of Flip Three cards not yet
   discarded is kept only when the pile can run out with a known discard pile. Then, frozen after a
   Flip Three, a Flip Three and a Freeze both only use up one of the last draws: phases that differ
   only in which of the two were drawn are merged (`_canonical`).
6. **Interchangeable modifiers as one count.** The score depends on the modifiers only through the
   multiset of (kind, value) and, with a royal flush, on whether the line holds all of its cards.
   Modifiers of one kind and value outside the royal flush are one group; so are royal-flush cards
   of one kind and value that are single copies in the pile and not in the line (the poker x2
   figures J, Q, K of diamonds): the line holds the whole group exactly when all of it was drawn. Two
   states that differ only in *which* ``c`` cards of a group were drawn have the same score and piles
   that differ only by a renaming of interchangeable cards, so by induction on the cards left they
   have the same value and the same future distribution under any policy that reads only the
   state (every `Policy` here): the drawn modifiers are counts per group (`_modifier_groups`). For
   the poker deck this halves the modifier combinations (2^10 subsets of penalties x 4 figure
   counts instead of 2^13). The penalties themselves cannot be merged: their sum makes the score,
   but which ones are left changes what the next draws can bring, and an optimal player reacts to
   the score it sees (its value is not a function of the penalties' sum and count alone).
7. **Only reachable Second Chance states.** A column's Second Chance state is ``(j, h, d)``: drawn,
   held, duplicates saved. Drawing one makes you hold one (``h = 1``), and only a save lets go of it, so
   ``h = 0`` means that none was ever held (``j = d = 0`` and none at the start) or that one was used
   (``d >= 1``); with ``d + h <= h0 + j`` that is every state a round reaches (`second_chance_states`).
   For the poker deck's four that is 21 states of 25 (with one held at the start, 30 of 35).

The state is then a *row* (the subset ``S``) and a *column* (modifiers drawn, Second Chance state
``(j, h, d)`` = drawn / held / used, Flip Threes and Freezes drawn, and the forced-draw phase).

**The lattice is graded by cards drawn.** Every draw adds exactly one card, so the state graph is
layered by ``t = |S| + level``, where a column's level counts its modifiers, Second Chances, saved
duplicates, Flip Threes and Freezes; the pile then holds ``N = size - t`` cards in every state of
layer ``t``. Layer ``t`` is a list of dense blocks ``(|S| = s, level = t - s)`` (rows x columns, a
row's columns contiguous); a number leads to block ``(s + 1, level)`` of layer ``t + 1`` (the column
only moves on in its forced phase), any other card to block ``(s, level + 1)``. Only two layers are
ever in memory: for the whole 94-card deck alone (89 M states) that is under 250 MB, where rows by
``|S|`` with every column needed 700 MB.

Exact forms (``N`` = cards left, ``n_c`` = copies of card ``c``; all values are expectations)::

    V(x)      = max(stay(x), H(x))                     at a decision (ties stay; an empty line hits)
    H(x)      = sum_c n_c / N * W(x after c)           W: terminal score, or V / forced value after c
    stay(x)   = (sum of numbers) * multiplier + plus   docs/rules.md scoring; Flip 7 adds the bonus

The backward pass computes ``V`` layer by layer (``t`` descending) and keeps the hit/stay choice of
every state; the forward pass pushes probability mass from the root through those choices to get the
score distribution and the Flip 7 and bust probabilities. Asked for no distribution, the backward pass carries
the two probabilities itself, beside the values and under the same choices, and there is no forward pass
(`_Solver`). The sum over ``c`` is split by how the column moves (`_Tables`), so that most of it runs over
contiguous memory:

* new numbers: ``sum_u p_u V(S + u, plain(col))`` is summed over whole rows of the next layer first
  and then read through the forced phase, which moves whole chunks of columns by one shift;
* a Second Chance, a saved duplicate, a Flip Three or a Freeze moves a whole run of columns (the same
  modifiers) by one shift; only a modifier is a gather, read through per-factor tables: a modifier
  moves the modifier combination and, by one draw, the forced phase, never the Second Chance state,
  so the columns of one Second Chance state and one forced phase at one level (every combination of
  one count of modifiers drawn) go as a block to one block of the next level, and where in it each
  combination lands is a table over the combinations alone (`_Columns`). The tables cost a few bytes
  per combination and per block instead of one entry per column and modifier group (1.4 kB a column
  for the poker deck before, about 200 bytes now, most of it the column attributes). Since they do not
  depend on the row, the backward pass reads a combination's moves (only the groups it can still draw
  from) once for a few rows of a block (`_backward_others`). Carried (no distribution, no policy), each
  block is laid out column by column instead, the rows of a column side by side, so that a move, a run
  and a column's new numbers read one run of memory for every row of the block (`_backward_columns`);
* every card after which you bank (a Freeze alone, the last forced draw after a Freeze, a Flip 7)
  adds an affine function of the row's sums, e.g. ``mult * sum_u p_u (sum + u) + plus * sum_u p_u``.

The loops over a layer are compiled (numba) and may run on several cores, each thread taking pieces of rows (the
column-major carried layers run on one);
the forward pass gathers into each row of the next layer, so no two threads write the same place, and
sums a row's endings per score class (multiplier, plus) before spreading them over scores.

A pile that runs out with a known discard pile is continued exactly by solving the reshuffled pile
(discards plus the cards discarded during your round) as a new problem; with no known discard pile,
the round ends for you as if you stayed (docs/model.md).
"""

from __future__ import annotations

import enum
import functools
import itertools
import math
import os
import threading
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import Any, Protocol, cast

import numpy as np
from numpy.typing import NDArray

from flip7odds import native
from flip7odds.cards import FLIP_THREE, FREEZE, SECOND_CHANCE, Card, Category, ModifierKind
from flip7odds.counts import CardCounts
from flip7odds.errors import SolverLimitError
from flip7odds.native import native_loop
from flip7odds.rules import RuleSet

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.int64]
RankArray = NDArray[np.uint32]
ByteArray = NDArray[np.uint8]

FLIP_THREE_DRAWS = 3


class Phase(enum.Enum):
    """Where you are in your round: free to decide, owing Flip Three draws, or frozen after them."""

    DECISION = "decision"
    FORCED = "forced"
    FROZEN_AFTER = "frozen_after"


_PHASES = tuple(Phase)
"""The phases in `ForcedState.phase_order`'s order."""


@dataclass(frozen=True, order=True)
class ForcedState:
    """The forced-draw phase of a column.

    ``flip_threes`` and ``freezes`` count the cards of each kind drawn since the start; ``owed`` is
    ``R = r + 3q`` (FORCED) or the ``r`` draws left before banking (FROZEN_AFTER); ``in_flight``
    counts Flip Three cards resolving, waiting or set aside (not yet discarded), for reshuffles.
    """

    phase_order: int
    flip_threes: int = 0
    freezes: int = 0
    owed: int = 0
    in_flight: int = 0

    @property
    def phase(self) -> Phase:
        """The phase as an enum."""
        return _PHASES[self.phase_order]

    @property
    def in_batch(self) -> int:
        """Draws left in the current three, ``r``."""
        if self.phase is Phase.FORCED:
            return (self.owed - 1) % FLIP_THREE_DRAWS + 1
        return self.owed

    @staticmethod
    def decision(flip_threes: int = 0, in_flight: int = 0) -> ForcedState:
        """Free to hit or stay."""
        return ForcedState(0, flip_threes, 0, 0, in_flight)


@dataclass(frozen=True)
class Start:
    """Where a problem starts: a decision, or in the middle of a Flip Three (used after a reshuffle)."""

    phase: Phase = Phase.DECISION
    owed: int = 0
    in_flight: int = 0


@dataclass(frozen=True)
class ScoreOffsets:
    """Integers added to the score of every ending that is not a bust, by how many of each of ``cards`` the round
    drew from the pile: ``offsets[i]`` for the counts ``counts[i]`` (in the order of ``cards``), 0 for counts not
    listed. `flip7odds.relaxation` refunds its information premium this way ("Refunds" there); each card must be a
    modifier of the pile outside the royal flush, one group of interchangeable cards (module docstring, 6).
    """

    cards: tuple[Card, ...]
    counts: tuple[tuple[int, ...], ...]
    offsets: tuple[int, ...]

    def of(self, drawn: IntArray) -> IntArray:
        """The offset of each row of ``drawn`` (how many of each of ``cards`` it drew)."""
        table = dict(zip(self.counts, self.offsets, strict=True))
        return np.array([table.get(tuple(row), 0) for row in drawn.tolist()], dtype=np.int64)


@dataclass(frozen=True)
class Problem:
    """A solver input: the rules, your line, the exact pile, the discards (or None), alone or not.

    ``offsets``: added to the score of every ending that is not a bust (`ScoreOffsets`); only without discards
    (a reshuffled round's sub-problems do not carry them).
    """

    rules: RuleSet
    numbers: frozenset[int]
    modifiers: tuple[Card, ...]
    second_chance: bool
    pile: CardCounts
    discards: CardCounts | None
    alone: bool
    start: Start = Start()
    offsets: ScoreOffsets | None = None

    def __post_init__(self) -> None:
        if self.offsets is not None and self.discards is not None and self.discards.size:
            raise ValueError("score offsets are only for a pile that cannot run out onto known discards")

    def stripped(self) -> Problem:
        """Not alone, Freeze and Flip Three are blanks (module docstring, reduction 3): remove them."""

        def strip(counts: CardCounts) -> CardCounts:
            return CardCounts.from_mapping({c: n for c, n in counts.items_ if c not in (FREEZE, FLIP_THREE)})

        discards = None if self.discards is None else strip(self.discards)
        return Problem(self.rules, self.numbers, self.modifiers, self.second_chance, strip(self.pile), discards,
                       self.alone, self.start, self.offsets)


@dataclass(frozen=True)
class DrawResult:
    """Float results of drawing now and then playing optimally (or of a forced start).

    ``distribution`` is None when the solve was asked for none (`solve`'s ``distribution``).
    """

    value: float
    flip7_probability: float
    bust_probability: float
    distribution: dict[int, float] | None


@dataclass(frozen=True)
class Solution:
    """The solver's answer at the root.

    ``draw`` is the result of drawing now and then following the policy (None: no card can be drawn);
    ``hits_now`` is the policy's own choice at the root; ``draw_then_stay`` is E[score if you draw now
    and stay at your next decision] when it was asked for (forced draws are played out either way).
    ``states`` counts the states of the lattice.
    """

    stay_score: int
    draw: DrawResult | None
    may_stay: bool
    hits_now: bool
    states: int
    draw_then_stay: float | None = None

    @property
    def hit_score(self) -> float | None:
        """E[score] if you hit now and then follow the policy."""
        return None if self.draw is None else self.draw.value

    def result(self) -> DrawResult:
        """Results of following the policy from here (staying is a sure score)."""
        if self.draw is not None and self.hits_now:
            return self.draw
        return DrawResult(float(self.stay_score), 0.0, 0.0, {self.stay_score: 1.0})


@dataclass(frozen=True)
class DecisionContext:
    """What a `Policy` sees at a block of decision states: rows are subsets of new numbers, columns side states.

    ``bust_cards`` counts the cards that would bust you (0 where you hold a Second Chance); not alone,
    Freeze and Flip Three are not counted in ``pile_size`` (a policy decides only with a card in front of
    you, and then they never change your round: reduction 3).
    """

    number_sum: IntArray
    numbers_held: int
    bust_cards: IntArray
    pile_size: int
    stay: FloatArray
    hit: FloatArray
    hit_once: FloatArray | None


class Policy(Protocol):
    """A hit/stay rule the solver can evaluate exactly (``None`` means the optimal policy)."""

    @property
    def needs_hit_once(self) -> bool:
        """True if `hits` reads ``context.hit_once`` (it costs a second pass)."""

    def hits(self, context: DecisionContext) -> NDArray[np.bool_]:
        """Where to hit, as a boolean array shaped like ``context.stay``."""


# ----------------------------------------------------------------------------------------------
# The forced phases (alone): a small graph walked once per problem.


def _root_forced_state(start: Start) -> ForcedState:
    """The forced phase a problem starts in."""
    return ForcedState(_PHASES.index(start.phase), 0, 0, start.owed, start.in_flight)


def _canonical(state: ForcedState, f3_total: int, freeze_total: int, track_flight: bool) -> ForcedState:
    """The representative of ``state``'s class of equivalent phases (module docstring, reduction 5).

    Without ``track_flight`` the ``in_flight`` count is dropped: it never changes any other field's
    transition. Then frozen-after phases with as many action cards drawn are merged too: there a Flip
    Three and a Freeze both only use up one of the last draws, so only their total left in the pile
    matters; the representative has as many Flip Threes drawn as the pile had, the rest Freezes.
    """
    if track_flight:
        return state
    if state.phase is not Phase.FROZEN_AFTER:
        return replace(state, in_flight=0)
    drawn = state.flip_threes + state.freezes
    flip_threes = min(f3_total, drawn)
    return ForcedState(state.phase_order, flip_threes, drawn - flip_threes, state.owed, 0)


@functools.lru_cache(maxsize=256)
def _forced_states(start: Start, f3_total: int, freeze_total: int, track_flight: bool) -> tuple[ForcedState, ...]:
    """Every forced phase reachable from ``start`` (a breadth-first walk of the graph of `_canonical` phases).

    Canonical phases have the same transitions as the phases they stand for, so the walk of the
    representatives is the representatives of the walk. Remembered: `solve_cost` asks for the same few walks
    again and again (a deck's every merge has the same Flip Threes and Freezes: 34 estimates a tap on a
    poker pile alone, 2 ms each).
    """
    root = _canonical(_root_forced_state(start), f3_total, freeze_total, track_flight)
    seen = {root}
    frontier = [root]
    while frontier:
        nxt = []
        for state in frontier:
            for target in _forced_targets(state, f3_total, freeze_total):
                if target is None:
                    continue
                target = _canonical(target, f3_total, freeze_total, track_flight)
                if target not in seen:
                    seen.add(target)
                    nxt.append(target)
        frontier = nxt
    return tuple(sorted(seen))


def _forced_targets(state: ForcedState, f3_total: int,
                    freeze_total: int) -> tuple[ForcedState | None, ForcedState | None, ForcedState | None]:
    """The phase after a plain card, a Flip Three and a Freeze (None: you bank)."""
    return _after_plain(state), _after_flip_three(state, f3_total), _after_freeze(state, freeze_total)


def _after_plain(state: ForcedState) -> ForcedState | None:
    """After a card that is neither Freeze nor Flip Three; None means you bank."""
    if state.phase is Phase.DECISION:
        return state
    if state.phase is Phase.FROZEN_AFTER:
        return None if state.owed == 1 else ForcedState(2, state.flip_threes, state.freezes, state.owed - 1, state.in_flight)
    owed = state.owed - 1
    if owed == 0:
        return ForcedState.decision(state.flip_threes, 0)
    in_flight = state.in_flight - 1 if owed % FLIP_THREE_DRAWS == 0 else state.in_flight
    return ForcedState(1, state.flip_threes, state.freezes, owed, in_flight)


def _after_flip_three(state: ForcedState, total: int) -> ForcedState | None:
    """After drawing a Flip Three (alone: you take it, or set it aside during a three)."""
    if state.flip_threes >= total:
        return None
    k = state.flip_threes + 1
    if state.phase is Phase.DECISION:
        return ForcedState(1, k, state.freezes, FLIP_THREE_DRAWS, 1)
    if state.phase is Phase.FORCED:
        raised = ForcedState(1, k, state.freezes, state.owed + FLIP_THREE_DRAWS, state.in_flight + 1)
        return _after_plain(raised)
    if state.owed == 1:
        return None
    return ForcedState(2, k, state.freezes, state.owed - 1, state.in_flight + 1)


def _after_freeze(state: ForcedState, total: int) -> ForcedState | None:
    """After drawing a Freeze (alone): at a decision you bank; during a three it waits for the end."""
    if state.freezes >= total or state.phase is Phase.DECISION:
        return None
    r = state.in_batch
    if r == 1:
        return None
    return ForcedState(2, state.flip_threes, state.freezes + 1, r - 1, state.in_flight)


# ----------------------------------------------------------------------------------------------
# The column space: modifiers drawn x Second Chance state x forced phase, sorted by level.


@dataclass(frozen=True)
class _Columns:
    """Every column (side state), sorted by level, with its attributes; the transitions per factor.

    Targets are column ids (-1: you bank). ``plain`` is the column after a number (same level);
    ``saved`` after a duplicate saved by your Second Chance; `others` gives the columns after a
    Second Chance, a Flip Three and a Freeze, from the per-factor tables ``sc_drawn`` and
    ``phase_next`` (after a plain card, a Flip Three, a Freeze) and ``position`` (the column id of
    each triple). Columns ``start[L]:start[L + 1]`` have level ``L``.

    A modifier moves only the modifier factor (and the forced phase on by one draw), so its
    transitions are never listed per column: within a level, the columns of one Second Chance state
    and one forced phase are a *block*, every modifier combination of one count ``m`` of modifiers
    drawn in a row (the sort order is level, forced phase, Second Chance state, combination). A
    modifier of group ``i`` leads from the combination of rank ``k`` among those of ``m`` modifiers
    to the one of rank ``mod_next[k0 + k, i]`` among those of ``m + 1`` (``k0 = mod_first[m]``),
    ``mod_left[k0 + k, i]`` cards of the group being left; that combination's columns of the same
    Second Chance state and the next forced phase are again one block of the next level, which
    starts at ``block_target`` (a position in that level; -1 where you bank after the card). Block
    ``b`` of level ``L`` (``block_start[L] <= b < block_start[L + 1]``) covers positions
    ``block_low[b]:block_low[b] + block_size[b]`` of its level, combinations ``block_first[b]`` on.
    So the modifier tables take a few bytes per combination and per block, not per column.

    The backward pass reads the same tables compressed, its *moves*: the groups a combination can still
    draw from (``mod_next >= 0``; about half of them for the poker deck), in group order, combination
    ``k0 + k``'s at ``move_start[k0 + k]:move_start[k0 + k + 1]`` of ``move_rank`` (``mod_next``) and
    ``move_left`` (``mod_left``, as floats): no branch per group, and fewer bytes.
    """

    mult: IntArray
    plus: IntArray
    held: IntArray
    saves: IntArray
    decision: NDArray[np.bool_]
    has_cards: NDArray[np.bool_]
    plain: IntArray
    saved: IntArray
    position: IntArray
    sc_drawn: IntArray
    sc_left: IntArray
    phase_next: IntArray
    phase_left: IntArray
    start: IntArray
    mod_index: IntArray
    sc_index: IntArray
    forced_index: IntArray
    mod_digits: IntArray
    mod_parts: IntArray
    mod_combination: IntArray
    mod_first: IntArray
    mod_next: IntArray
    mod_left: IntArray
    move_start: IntArray
    move_rank: RankArray
    move_left: FloatArray
    block_start: IntArray
    block_low: IntArray
    block_size: IntArray
    block_first: IntArray
    block_target: IntArray
    sc_states: list[tuple[int, int, int]]
    forced_states: tuple[ForcedState, ...]
    root: int

    @property
    def levels(self) -> int:
        """How many levels there are."""
        return len(self.start) - 1

    def width(self, level: int) -> int:
        """How many columns have this level (0 outside the range)."""
        if level < 0 or level >= self.levels:
            return 0
        return int(self.start[level + 1] - self.start[level])

    def ident(self, m: IntArray, s: IntArray, f: IntArray) -> IntArray:
        """The column id of each (combination, Second Chance state, forced phase); -1 where one is -1."""
        n_sc, n_f = len(self.sc_states), len(self.forced_states)
        return np.where((m < 0) | (s < 0) | (f < 0), -1,
                        self.position[(np.maximum(m, 0) * n_sc + np.maximum(s, 0)) * n_f + np.maximum(f, 0)])

    def others(self, low: int, high: int) -> tuple[IntArray, IntArray]:
        """For columns ``low:high``: the column after a Second Chance, a Flip Three and a Freeze (-1: you
        bank), and the count of each left in the pile (two arrays, one row per column)."""
        mi, si, fi = self.mod_index[low:high], self.sc_index[low:high], self.forced_index[low:high]
        plain_f = self.phase_next[fi, 0]
        target = np.stack([self.ident(mi, self.sc_drawn[si], plain_f), self.ident(mi, si, self.phase_next[fi, 1]),
                           self.ident(mi, si, self.phase_next[fi, 2])], axis=1)
        count = np.stack([self.sc_left[si], self.phase_left[fi, 0], self.phase_left[fi, 1]], axis=1)
        return target, count


def _modifier_groups(problem: Problem) -> list[tuple[Card, ...]]:
    """The pile's modifiers in groups of interchangeable cards, each group listing its copies (module docstring, 6).

    Two modifier cards are interchangeable when every line scores the same with either: the same
    kind and value, and both outside the royal flush; or both in the royal flush, each the only copy
    in the pile and not in the line (then a line holds all of the group exactly when all of its cards
    were drawn). Drawing ``c`` cards of a group is then one state whichever ``c`` they are: the
    score and the rest of the pile's future are the same (the ``c`` first copies stand for them).
    """
    return modifier_groups(problem.rules, problem.pile, problem.modifiers)


def second_chance_states(in_pile: int, held: bool) -> list[tuple[int, int, int]]:
    """The Second Chance states ``(j, h, d)`` a round reaches (module docstring, reduction 7), in the columns' order.

    ``j`` of the ``in_pile`` Second Chances drawn, ``h`` one held, ``d`` duplicates saved; ``held``: one held at
    the start (``h0``). A draw leads to ``(j + 1, 1, d)``, a save to ``(j, 0, d + 1)``: every save uses one held,
    so ``d + h <= h0 + j``, and ``h = 0`` after holding one needs a save (``d >= 1``). The successors of each
    state listed are listed (a draw holds one; a save makes ``d >= 1``), and the round starts at ``(0, h0, 0)``.

    >>> second_chance_states(2, False)
    [(0, 0, 0), (1, 0, 1), (1, 1, 0), (2, 0, 1), (2, 0, 2), (2, 1, 0), (2, 1, 1)]
    """
    h0 = int(held)
    return [(j, h, d) for j in range(in_pile + 1) for h in (0, 1) for d in range(h0 + j + 1)
            if d + h <= h0 + j and (h == 1 or d >= 1 or (j == 0 and h0 == 0))]


def modifier_groups(rules: RuleSet, pile: CardCounts, line_modifiers: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """`_modifier_groups` of a pile and the modifiers of a line (for `flip7odds.lookahead` too)."""
    royal = set(rules.royal_flush)
    groups: dict[tuple[object, ...], list[Card]] = {}
    for card, count in pile.items_:
        if card.category is not Category.MODIFIER:
            continue
        key: tuple[object, ...] = (card.modifier, card.value, card in royal)
        if card in royal and (count > 1 or card in line_modifiers):
            key += (card,)
        groups.setdefault(key, []).extend([card] * count)
    return [tuple(cards) for cards in groups.values()]


def compressed_moves(targets: IntArray, copies: IntArray,
                     live: NDArray[np.bool_]) -> tuple[IntArray, IntArray, FloatArray]:
    """Each row's live moves (``live``), in column order, as compressed rows: row ``i``'s are at
    ``start[i]:start[i + 1]`` of the returned targets and copies (as floats). A loop over a row's moves then reads
    no dead entry and tests nothing (`_backward_others`, `flip7odds.lookahead`)."""
    start = np.concatenate([[0], np.cumsum(live.sum(axis=1))]).astype(np.int64)
    return start, targets[live], copies[live].astype(np.float64)


def modifier_score_parts(rules: RuleSet, line_modifiers: tuple[Card, ...], groups: list[tuple[Card, ...]],
                         digits: IntArray) -> tuple[IntArray, IntArray]:
    """The score of every modifier combination as ``multiplier * number_sum + plus`` (`RuleSet.score`, no Flip 7).

    Row ``r`` of ``digits`` draws the first ``digits[r, g]`` cards of each group ``g`` on top of
    ``line_modifiers``. Vectorised over the combinations when the score is affine in the number sum
    (no ``/N`` card, no floor): the multiplier is the product of the ``xN`` factors (``multipliers_stack``)
    or the largest one, ``plus`` the sum of the ``+N`` cards plus the royal flush bonus where every card
    of the royal flush is in the line or among the drawn; otherwise `RuleSet.score` per combination.
    """
    cards = [card for group in groups for card in group] + list(line_modifiers)
    if rules.score_floor is not None or any(card.modifier is ModifierKind.DIVIDE for card in cards):
        def parts(row: IntArray) -> tuple[int, int]:
            drawn = line_modifiers + tuple(card for group, c in zip(groups, row.tolist()) for card in group[:c])
            plus = rules.score(0, drawn, False)
            return rules.score(1, drawn, False) - plus, plus

        table = np.array([parts(row) for row in digits], dtype=np.int64).reshape(len(digits), 2)
        return table[:, 0], table[:, 1]
    line_factors = [card.value for card in line_modifiers if card.modifier is ModifierKind.TIMES]
    plus = np.full(len(digits), sum(card.value for card in line_modifiers if card.modifier is ModifierKind.PLUS),
                   dtype=np.int64)
    multiplier = np.ones(len(digits), dtype=np.int64)
    if rules.multipliers_stack:
        multiplier *= math.prod(line_factors)
    elif line_factors:
        multiplier[:] = max(line_factors)
    royal = np.full(len(digits), bool(rules.royal_flush))
    for card in rules.royal_flush:
        held = np.full(len(digits), card in line_modifiers)
        for g, group in enumerate(groups):
            if card in group:
                held |= digits[:, g] > group.index(card)
        royal &= held
    for g, group in enumerate(groups):
        for index, card in enumerate(group):
            drawn = digits[:, g] > index
            if card.modifier is ModifierKind.PLUS:
                plus += drawn * card.value
            elif rules.multipliers_stack:
                multiplier = np.where(drawn, multiplier * card.value, multiplier)
            else:
                multiplier = np.where(drawn, np.maximum(multiplier, card.value), multiplier)
    return multiplier, plus + royal * rules.royal_flush_bonus


def _columns(problem: Problem, mod_groups: list[tuple[Card, ...]], track_flight: bool) -> _Columns:
    """Enumerate the columns and their transitions for ``problem`` (already stripped), vectorised.

    A column is a triple (modifier combination, Second Chance state, forced phase); each card kind
    moves one factor (and the forced phase on by one draw), so every table is a broadcast of small
    per-factor tables, and the modifiers' stay per factor (`_Columns`). A modifier combination counts
    the cards drawn of each of ``mod_groups``.
    """
    pile, rules = problem.pile, problem.rules
    mod_caps = [len(group) for group in mod_groups]
    # Modifiers: mixed-radix combinations of how many of each kind were drawn.
    digits = np.array(list(itertools.product(*[range(cap + 1) for cap in mod_caps])), dtype=np.int64)
    digits = digits.reshape(len(digits), len(mod_caps))
    caps = np.array(mod_caps, dtype=np.int64)
    strides = np.array([int(np.prod(caps[i + 1:] + 1)) for i in range(len(mod_caps))], dtype=np.int64)

    mod_mult, mod_plus = modifier_score_parts(rules, problem.modifiers, mod_groups, digits)
    if problem.offsets is not None:
        at = [next(g for g, group in enumerate(mod_groups) if group[0] == card) for card in problem.offsets.cards]
        mod_plus = mod_plus + problem.offsets.of(digits[:, at])
    parts = np.stack([mod_mult, mod_plus], axis=1)
    mod_level = digits.sum(axis=1)
    grown = np.where(digits >= caps[None, :], -1, np.arange(len(digits))[:, None] + strides[None, :])
    # The combinations by count drawn, then in their own order; each one's rank among those of its count.
    combination = np.lexsort((np.arange(len(digits)), mod_level))
    mod_first = np.searchsorted(mod_level[combination], np.arange(int(mod_level.max()) + 2)).astype(np.int64)
    rank = np.empty(len(digits), dtype=np.int64)
    rank[combination] = np.arange(len(digits)) - mod_first[mod_level[combination]]
    mod_next = np.where(grown < 0, -1, rank[np.maximum(grown, 0)])[combination]
    mod_left = (caps[None, :] - digits)[combination]
    move_start, move_rank, move_left = compressed_moves(mod_next, mod_left, mod_next >= 0)

    # Second Chance: (j drawn, h held, d used), h0 held at the start.
    sc_total, h0 = pile[SECOND_CHANCE], int(problem.second_chance)
    sc_states = second_chance_states(sc_total, bool(h0))
    sc_pos = {state: i for i, state in enumerate(sc_states)}
    sc_j, sc_h, sc_d = (np.array([state[k] for state in sc_states], dtype=np.int64) for k in range(3))
    sc_drawn = np.array([sc_pos.get((j + 1, 1, d), -1) for (j, h, d) in sc_states], dtype=np.int64)
    sc_used = np.array([sc_pos.get((j, 0, d + 1), -1) if h else -1 for (j, h, d) in sc_states], dtype=np.int64)

    # Forced phases.
    f3_total, freeze_total = pile[FLIP_THREE], pile[FREEZE]
    forced = _forced_states(problem.start, f3_total, freeze_total, track_flight)
    f_pos = {state: i for i, state in enumerate(forced)}

    def project(state: ForcedState | None) -> int:
        return -1 if state is None else f_pos[_canonical(state, f3_total, freeze_total, track_flight)]

    f_next = np.array([[project(target) for target in _forced_targets(state, f3_total, freeze_total)]
                       for state in forced], dtype=np.int64).reshape(len(forced), 3)
    f_plain = f_next[:, 0]
    f_k = np.array([state.flip_threes for state in forced], dtype=np.int64)
    f_fr = np.array([state.freezes for state in forced], dtype=np.int64)
    f_decision = np.array([state.phase is Phase.DECISION for state in forced])

    n_mod, n_sc, n_f = len(digits), len(sc_states), len(forced)
    # Sorted by level, forced phase, Second Chance state, then combination: the order of `_Columns`.
    side_level = (sc_j + sc_d)[None, :] + (f_k + f_fr)[:, None]
    block_level = side_level[:, :, None] + np.arange(len(mod_first) - 1)[None, None, :]
    block_order = np.lexsort((np.arange(block_level.size), block_level.ravel()))
    block_f, block_s, block_m = np.unravel_index(block_order, block_level.shape)
    block_size = np.diff(mod_first)[block_m]
    block_column = np.concatenate([[0], np.cumsum(block_size)]).astype(np.int64)
    fi = np.repeat(block_f, block_size)
    si = np.repeat(block_s, block_size)
    mi = combination[mod_first[np.repeat(block_m, block_size)] + np.arange(len(fi)) - np.repeat(block_column[:-1],
                                                                                                  block_size)]
    level = mod_level[mi] + sc_j[si] + sc_d[si] + f_k[fi] + f_fr[fi]
    start = np.searchsorted(level, np.arange(int(level.max()) + 2)).astype(np.int64)
    # Where each (forced phase, Second Chance state, count drawn) block starts, as a column id.
    first_column = np.full((n_f, n_sc, len(mod_first)), -1, dtype=np.int64)
    first_column[block_f, block_s, block_m] = block_column[:-1]
    position = np.empty(n_mod * n_sc * n_f, dtype=np.int64)
    position[(mi * n_sc + si) * n_f + fi] = np.arange(len(mi))

    def ident(m: IntArray, s: IntArray, f: IntArray) -> IntArray:
        return np.where((m < 0) | (s < 0) | (f < 0), -1,
                        position[(np.maximum(m, 0) * n_sc + np.maximum(s, 0)) * n_f + np.maximum(f, 0)])

    plain_f = f_plain[fi]
    block_levels = block_level.ravel()[block_order]
    target_f = f_plain[block_f]
    target_first = first_column[np.maximum(target_f, 0), block_s, np.minimum(block_m + 1, len(mod_first) - 1)]
    block_target = np.where((target_f < 0) | (block_m + 1 >= len(mod_first) - 1), -1,
                            target_first - start[np.minimum(block_levels + 1, len(start) - 1)])
    line_cards = bool(problem.numbers) or bool(problem.modifiers)
    root = int(ident(np.zeros(1, np.int64), np.array([sc_pos[(0, h0, 0)]]),
                     np.array([project(_root_forced_state(problem.start))]))[0])
    return _Columns(
        mult=mod_mult[mi],
        plus=mod_plus[mi],
        held=sc_h[si],
        saves=sc_d[si],
        decision=f_decision[fi],
        has_cards=line_cards | (mod_level[mi] > 0) | (sc_h[si] == 1),
        plain=ident(mi, si, plain_f),
        saved=ident(mi, sc_used[si], plain_f),
        position=position,
        sc_drawn=sc_drawn,
        sc_left=sc_total - sc_j,
        phase_next=f_next,
        phase_left=np.stack([f3_total - f_k, freeze_total - f_fr], axis=1),
        start=start,
        mod_index=mi,
        sc_index=si,
        forced_index=fi,
        mod_digits=digits,
        mod_parts=parts,
        mod_combination=combination,
        mod_first=mod_first,
        mod_next=np.ascontiguousarray(mod_next),
        mod_left=np.ascontiguousarray(mod_left),
        move_start=move_start,
        move_rank=move_rank.astype(np.uint32),
        move_left=move_left,
        block_start=np.searchsorted(block_levels, np.arange(len(start))).astype(np.int64),
        block_low=block_column[:-1] - start[block_levels],
        block_size=block_size,
        block_first=mod_first[block_m],
        block_target=block_target,
        sc_states=sc_states,
        forced_states=forced,
        root=root,
    )


# ----------------------------------------------------------------------------------------------
# The row space: subsets of new numbers, by size.


@dataclass(frozen=True)
class _Rows:
    """The subsets ``S`` (bit masks over the new values) with ``|S| <= top``, sorted by size.

    Rows ``start[s]:start[s + 1]`` have size ``s``; a row's *local* index counts within its size.
    ``successor[g, i]`` is the local row of ``S + {u_i}`` (-1 if ``u_i`` is in ``S`` or ``|S|`` is the
    top) and ``predecessor[g, i]`` the local row of ``S - {u_i}`` (-1 if ``u_i`` is not in ``S``).
    """

    mask: IntArray
    number_sum: IntArray
    bust_base: IntArray
    successor: IntArray
    predecessor: IntArray
    start: IntArray

    def count(self, size: int) -> int:
        """How many rows have this size."""
        return int(self.start[size + 1] - self.start[size])


def _rows(problem: Problem, values: IntArray, counts: IntArray, top: int) -> _Rows:
    """Every subset of the drawable new numbers up to size ``top``, vectorised over bit masks."""
    n = len(values)
    masks = np.arange(1 << n, dtype=np.int64)
    flags = np.left_shift(1, np.arange(n, dtype=np.int64))
    bits = (masks[:, None] & flags[None, :]) > 0
    sizes = bits.sum(axis=1)
    order = np.lexsort((masks, sizes))
    order = order[sizes[order] <= top]
    mask, size, bits = masks[order], sizes[order], bits[order].astype(np.int64)
    start = np.searchsorted(size, np.arange(top + 2)).astype(np.int64)
    local = np.full(1 << n, -1, dtype=np.int64)
    local[mask] = np.arange(len(mask)) - start[size]
    held_copies = sum(problem.pile[Card.number(v)] for v in problem.numbers)
    return _Rows(
        mask=mask,
        number_sum=sum(problem.numbers) + bits @ values,
        bust_base=held_copies + bits @ (counts - 1),
        successor=np.ascontiguousarray(np.where(bits == 0, local[mask[:, None] | flags[None, :]], -1)),
        predecessor=np.ascontiguousarray(np.where(bits == 1, local[mask[:, None] & ~flags[None, :]], -1)),
        start=start,
    )


# ----------------------------------------------------------------------------------------------
# The lattice: layers by cards drawn, each a list of dense blocks (rows of one size x columns of one level).


@dataclass(frozen=True)
class _Layer:
    """Layer ``t``: blocks ``(s, t - s)`` laid out one after another in a flat array.

    ``offset[b]`` is where block ``b`` (rows of size ``sizes[b]``) starts; ``row_count[b]`` its rows;
    ``by_size[s]`` the offset of the block of size ``s`` (-1 if none).
    """

    t: int
    sizes: IntArray
    offset: IntArray
    row_count: IntArray
    by_size: IntArray
    total: int

    @property
    def cumulative_rows(self) -> IntArray:
        """Where each block's rows start when all the layer's rows are counted in a row."""
        return np.concatenate([[0], np.cumsum(self.row_count)]).astype(np.int64)


def _layer(t: int, rows: _Rows, cols: _Columns, top: int) -> _Layer:
    """The blocks of layer ``t``."""
    sizes = [s for s in range(top + 1) if cols.width(t - s) > 0]
    row_count = [rows.count(s) for s in sizes]
    cells = [count * cols.width(t - s) for s, count in zip(sizes, row_count)]
    offset = np.concatenate([[0], np.cumsum(cells)[:-1]]).astype(np.int64) if sizes else np.zeros(0, np.int64)
    by_size = np.full(top + 2, -1, dtype=np.int64)
    by_size[sizes] = offset
    return _Layer(t, np.array(sizes, dtype=np.int64), offset, np.array(row_count, dtype=np.int64), by_size,
                  int(sum(cells)))


# ----------------------------------------------------------------------------------------------
# Compiled loops over the rows of one layer, and the tables they read.


@dataclass(frozen=True)
class _Tables:
    """The transitions in the form the compiled loops read them, with every banking outcome folded.

    Positions count within a level. A new number leads to the same level (``plain_pos``, by chunks:
    see `_chunks`). A Second Chance, a saved duplicate, a Flip Three or a Freeze moves a whole run of
    columns (the same modifiers) by one shift into the next level: ``run_*``, per level
    ``run_start[L]:run_start[L + 1]``, weighted by a count or, for duplicates, by the row's bust cards
    minus ``run_saves``. A modifier moves a whole block of columns through the per-factor tables of
    `_Columns`. Cards that bank are summed into the affine term ``bank_mult * number_sum +
    bank_plus``; for the forward pass, which needs each score, ``own_bank`` counts the cards after
    which a column banks its own line (a Second Chance, Flip Three or Freeze that ends the round) and
    ``mod_class`` is the score class of the line a modifier completes (by combination and group, as
    ``_Columns.mod_next``). New numbers that bank sum to ``mult * (sum * left + left_value) + plus *
    left`` with ``left`` (``left_value``) the count (value-weighted count) of new numbers left in the
    pile. ``float_mult``, ``float_plus`` and ``float_saves`` are the columns' ``mult``, ``plus`` and ``saves`` as
    floats: whole numbers far below 2^53, so that the backward pass's sums of products of them are exact in
    floats (the integers' own values), and vectorise.
    """

    plain_pos: IntArray
    plain_bank: FloatArray
    saved_live: FloatArray
    saved_bank: FloatArray
    run_start: IntArray
    run_low: IntArray
    run_high: IntArray
    run_shift: IntArray
    run_weight: FloatArray
    run_saves: IntArray
    own_bank: FloatArray
    mod_class: IntArray
    bank_mult: FloatArray
    bank_plus: FloatArray
    float_mult: FloatArray
    float_plus: FloatArray
    float_saves: FloatArray
    score_class: IntArray
    class_mult: IntArray
    class_plus: IntArray
    left: IntArray
    left_value: IntArray
    chunk_start: IntArray
    chunk_low: IntArray
    chunk_high: IntArray
    chunk_shift: IntArray
    chunk_live: NDArray[np.bool_]


def _runs(levels: int, level: IntArray, own: IntArray, target: IntArray, weight: IntArray,
          saves: IntArray) -> tuple[IntArray, IntArray, IntArray, IntArray, FloatArray, IntArray]:
    """Group one-per-column transitions into runs of consecutive columns with one shift and one weight."""
    shift = target - own
    order = np.lexsort((own, saves, weight, shift, level))
    level, own, shift, weight, saves = level[order], own[order], shift[order], weight[order], saves[order]
    new = np.ones(len(own), dtype=np.bool_)
    new[1:] = ((level[1:] != level[:-1]) | (shift[1:] != shift[:-1]) | (weight[1:] != weight[:-1])
               | (saves[1:] != saves[:-1]) | (own[1:] != own[:-1] + 1))
    first = np.flatnonzero(new)
    last = np.concatenate([first[1:], [len(own)]]).astype(np.int64)[:len(first)] - 1
    return (np.searchsorted(level[first], np.arange(levels + 1)).astype(np.int64), own[first], own[last] + 1,
            shift[first], weight[first].astype(np.float64), saves[first])


def _chunks(cols: _Columns, plain_pos: IntArray,
            plain_live: NDArray[np.bool_]) -> tuple[IntArray, IntArray, IntArray, IntArray, NDArray[np.bool_]]:
    """Split each level's columns into runs of at most ``_CHUNK`` whose number draws lead to one shifted run.

    Returns ``start`` (the chunks of level ``L`` are ``start[L]:start[L + 1]``) and per chunk its
    columns ``low:high`` (positions in the level), the shift to its target run, and whether it has one.
    """
    low, high, shift, live, start = [], [], [], [], [0]
    for level in range(cols.levels):
        c0, c1 = int(cols.start[level]), int(cols.start[level + 1])
        own = np.arange(c1 - c0)
        moved = np.where(plain_live[c0:c1], plain_pos[c0:c1] - own, 0)
        breaks = np.flatnonzero((np.diff(moved) != 0) | (np.diff(plain_live[c0:c1]) != 0)) + 1
        for run_low, run_high in zip(np.concatenate([[0], breaks]), np.concatenate([breaks, [c1 - c0]])):
            for chunk_low in range(int(run_low), int(run_high), _CHUNK):
                low.append(chunk_low)
                high.append(min(chunk_low + _CHUNK, int(run_high)))
                shift.append(int(moved[run_low]))
                live.append(bool(plain_live[c0 + run_low]))
        start.append(len(low))
    return (np.array(start, dtype=np.int64), np.array(low, dtype=np.int64), np.array(high, dtype=np.int64),
            np.array(shift, dtype=np.int64), np.array(live, dtype=np.bool_))


_TABLE_BATCH = 1 << 18
"""Columns whose transition lists `_tables` builds at once (whole levels; more if one level is bigger)."""


def _tables(cols: _Columns, rows: _Rows, values: IntArray, counts: IntArray) -> _Tables:
    """Derive the compiled loops' tables from the columns and rows."""
    level = np.repeat(np.arange(cols.levels), np.diff(cols.start))
    own_start = cols.start[level]
    next_start = cols.start[np.minimum(level + 1, cols.levels)]
    plain_live = cols.plain >= 0
    plain_pos = np.where(plain_live, cols.plain - own_start, 0)
    saved_live = (cols.held == 1) & (cols.saved >= 0)
    own_bank = np.zeros(len(cols.mult), dtype=np.int64)

    # Second Chance, Flip Three, Freeze and saved duplicates: runs, a few levels at a time (a run stays
    # in its level), so that the per-column lists never exist for more than `_TABLE_BATCH` columns.
    level_runs = []
    bounds, previous = [0], 0
    for level_end in cols.start[1:].tolist():
        if level_end - bounds[-1] > _TABLE_BATCH and previous > bounds[-1]:
            bounds.append(previous)
        previous = level_end
    bounds.append(previous)
    for c0, c1 in itertools.pairwise(bounds):
        other_target, other_count = cols.others(c0, c1)
        live = (other_count > 0) & (other_target >= 0)
        own_bank[c0:c1] = np.where((other_count > 0) & (other_target < 0), other_count, 0).sum(axis=1)
        source = np.concatenate([c0 + np.nonzero(live)[0], c0 + np.flatnonzero(saved_live[c0:c1])])
        target = np.concatenate([other_target[live], cols.saved[c0:c1][saved_live[c0:c1]]])
        weight = np.concatenate([other_count[live], np.zeros(int(saved_live[c0:c1].sum()), dtype=np.int64)])
        saves = np.concatenate([np.full(int(live.sum()), -1, dtype=np.int64), cols.saves[c0:c1][saved_live[c0:c1]]])
        level_runs.append(_runs(cols.levels, level[source], source - own_start[source], target - next_start[source],
                                weight, saves))
    runs = tuple(np.concatenate([part[k] for part in level_runs]) for k in range(1, 6))
    run_start = np.sum([part[0] for part in level_runs], axis=0).astype(np.int64)

    # Score classes: the distinct (multiplier, plus) pairs a line can bank with, one integer key each.
    # Every line banks the parts of a modifier combination: its own, or the one a modifier completes.
    mults, pluses = cols.mod_parts[:, 0], cols.mod_parts[:, 1]
    low_plus = int(pluses.min())
    span = int(pluses.max()) - low_plus + 1
    keys, class_of = np.unique(mults * span + (pluses - low_plus), return_inverse=True)
    class_of = class_of.reshape(-1)
    # A modifier drawn where the forced phase banks (the last draw after a Freeze): the grown line.
    count_drawn = np.repeat(np.arange(len(cols.mod_first) - 1), np.diff(cols.mod_first))
    grown = np.where(cols.mod_next < 0, 0,
                     cols.mod_first[np.minimum(count_drawn + 1, len(cols.mod_first) - 1)][:, None] + cols.mod_next)
    grown_mi = cols.mod_combination[np.minimum(grown, len(cols.mod_combination) - 1)]
    left = np.where(cols.mod_next < 0, 0, cols.mod_left)
    mod_bank = np.zeros((len(cols.mod_parts), 2), dtype=np.int64)
    mod_bank[cols.mod_combination] = np.stack([(left * cols.mod_parts[grown_mi, 0]).sum(axis=1),
                                               (left * cols.mod_parts[grown_mi, 1]).sum(axis=1)], axis=1)
    banks_mods = (cols.plain < 0).astype(np.int64)
    left, left_value = _numbers_left(rows, values, counts)
    chunk_start, chunk_low, chunk_high, chunk_shift, chunk_live = _chunks(cols, plain_pos, plain_live)
    return _Tables(
        plain_pos=plain_pos,
        plain_bank=(~plain_live).astype(np.float64),
        saved_live=saved_live.astype(np.float64),
        saved_bank=((cols.held == 1) & (cols.saved < 0)).astype(np.float64),
        run_start=run_start,
        run_low=runs[0],
        run_high=runs[1],
        run_shift=runs[2],
        run_weight=runs[3],
        run_saves=runs[4],
        own_bank=own_bank.astype(np.float64),
        mod_class=np.ascontiguousarray(np.where(cols.mod_next < 0, 0, class_of[grown_mi])),
        bank_mult=(banks_mods * mod_bank[cols.mod_index, 0] + own_bank * cols.mult).astype(np.float64),
        bank_plus=(banks_mods * mod_bank[cols.mod_index, 1] + own_bank * cols.plus).astype(np.float64),
        float_mult=cols.mult.astype(np.float64),
        float_plus=cols.plus.astype(np.float64),
        float_saves=cols.saves.astype(np.float64),
        score_class=class_of[cols.mod_index],
        class_mult=keys // span,
        class_plus=keys % span + low_plus,
        left=left,
        left_value=left_value,
        chunk_start=chunk_start,
        chunk_low=chunk_low,
        chunk_high=chunk_high,
        chunk_shift=chunk_shift,
        chunk_live=chunk_live,
    )


def _numbers_left(rows: _Rows, values: IntArray, counts: IntArray) -> tuple[IntArray, IntArray]:
    """Per row, the copies of the new numbers not in it, and those copies weighted by their values."""
    if not len(values):
        return np.zeros(len(rows.mask), np.int64), np.zeros(len(rows.mask), np.int64)
    bits = (rows.mask[:, None] >> np.arange(len(values))[None, :]) & 1
    return (1 - bits) @ counts, (1 - bits) @ (counts * values)


_COLUMN_CACHE: dict[tuple[object, ...], tuple[_Columns, _Tables]] = {}
"""The columns and their tables of the last solves, by `_column_key` (oldest first)."""
_COLUMN_CACHE_SIZE = 2
_COLUMN_CACHE_MOST = 1 << 18
"""Only lattices of at most this many columns are remembered (about 200 bytes each, `COLUMN_BYTES`: 50 MB)."""
_COLUMN_LOCK = threading.Lock()


def _column_key(problem: Problem, mod_groups: list[tuple[Card, ...]], track_flight: bool) -> tuple[object, ...]:
    """Everything `_columns` and the column part of `_tables` read of a problem: not the numbers in the pile.

    A live table mostly sees numbers from one tap to the next, so its columns stay the same.
    """
    pile = problem.pile
    return (problem.rules, problem.modifiers, tuple(mod_groups), pile[SECOND_CHANCE], problem.second_chance,
            pile[FLIP_THREE], pile[FREEZE], problem.start, bool(problem.numbers), track_flight, problem.offsets)


def _lattice_columns(problem: Problem, mod_groups: list[tuple[Card, ...]], track_flight: bool, rows: _Rows,
                     values: IntArray, counts: IntArray) -> tuple[_Columns, _Tables]:
    """`_columns` and `_tables`, the columns' part remembered for the last `_COLUMN_CACHE_SIZE` keys
    (`_column_key`; the arrays are only read) of at most `_COLUMN_CACHE_MOST` columns; only the per-row counts
    of numbers left are made anew."""
    key = _column_key(problem, mod_groups, track_flight)
    with _COLUMN_LOCK:
        cached = _COLUMN_CACHE.pop(key, None)
        if cached is not None:
            _COLUMN_CACHE[key] = cached
    if cached is None:
        cols = _columns(problem, mod_groups, track_flight)
        tables = _tables(cols, rows, values, counts)
        if len(cols.mult) <= _COLUMN_CACHE_MOST:
            with _COLUMN_LOCK:
                _COLUMN_CACHE[key] = (cols, tables)
                while len(_COLUMN_CACHE) > _COLUMN_CACHE_SIZE:
                    del _COLUMN_CACHE[next(iter(_COLUMN_CACHE))]
        return cols, tables
    cols, tables = cached
    left, left_value = _numbers_left(rows, values, counts)
    return cols, replace(tables, left=left, left_value=left_value)


class _Loop:
    """One of the solver's loops over a layer, as machine code: compiled ahead of time with the wheel
    (`flip7odds.native`: no numba to import, nothing to compile) or, where the installation has none and
    for layers shared among threads, by numba just in time (cached on disk, releasing the GIL).

    ``python`` is the loop's source (what both compilers compile).
    """

    def __init__(self, python: Callable[..., None]) -> None:
        self.python = python
        self.__name__ = python.__name__
        self.__doc__ = python.__doc__
        self._jit: Callable[..., None] | None = None
        self._found: tuple[object, Callable[..., None]] | None = None
        """`single_threaded`, with the compiled loops it was found for (`flip7odds.native.load`)."""

    @property
    def jit(self) -> Callable[..., None]:
        """The just-in-time compiled loop (numba is imported, and the loop compiled or loaded, on first use)."""
        if self._jit is None:
            import numba

            self._jit = cast(Callable[..., None], numba.njit(cache=True, nogil=True)(self.python))
        return self._jit

    @property
    def shared_ready(self) -> bool:
        """True when the loop can be shared among threads without waiting: compiled just in time already,
        or there is no ahead-of-time loop to use instead (then the just-in-time loop is compiled anyway)."""
        return native_loop(self.__name__) is None or (self._jit is not None and bool(getattr(self._jit, "signatures", ())))

    @property
    def single_threaded(self) -> Callable[..., None]:
        """The fastest loop to start for a layer done on one thread: ahead of time if installed."""
        return native_loop(self.__name__) or self.jit

    def __call__(self, *arguments: Any) -> None:
        """`single_threaded`, found again only where the compiled loops are no longer those it was found for (a
        test replaces them): the drift ceiling calls its loops hundreds of times a tap, and finding the loop by
        name took a microsecond a call."""
        found, compiled = self._found, native.load()
        if found is None or found[0] is not compiled:
            found = self._found = (compiled, self.single_threaded)
        found[1](*arguments)


def compiled_loop(function: Callable[..., None]) -> _Loop:
    """A loop compiled to machine code (`_Loop`)."""
    return _Loop(function)


_ROW_TILE = 8
"""Rows of one block whose modifier draws `_backward_others` does together, reading each combination's moves
once for all of them (tiles of 2, 4 and 8 rows took the same time, 8 the fewest instructions: BENCHMARKS.md,
Stop 26)."""
_CARRY_TILE = 64
"""Rows of one block whose modifier draws `_backward_others` does together where P(Flip 7) and P(bust) are carried
(records, `_RECORD`): the next level's records of the tile's rows are copied side by side first, so that a move adds
one run of ``3 x rows`` floats (vector instructions) where it added three floats a row at scattered places (the
whole top block of a poker tap in one tile, 36 rows: 29% fewer instructions in `_backward_others`, BENCHMARKS.md,
Stop 30)."""
_ONE, _TWO, _THREE, _FOUR = np.uint64(1), np.uint64(2), np.uint64(3), np.uint64(4)
"""Small unsigned indices (numba types an unsigned plus a signed 64-bit integer as a float)."""
_RECORD = 3
"""Floats per state where P(Flip 7) and P(bust) are carried (`_Solver.carry`): a record of the value and the two
probabilities, side by side, so that a modifier move reads one place rather than two arrays (the backward pass of a
poker tap about a fifth faster than with the probabilities in an array of their own; a record padded to 32 bytes,
which never straddles two cache lines, moved a third more memory and was slower: BENCHMARKS.md, Stop 27)."""
_RECORD_U = np.uint64(_RECORD)
_CHUNK = 64
"""Columns handled together by the number draws: the next layer's matching columns of every row
(``rows x _CHUNK`` floats) stay in cache while all the rows that need them are done."""


@compiled_loop
def _backward_others(first: int, stop: int, t: int, sizes: IntArray, offset: IntArray, cumulative: IntArray,
                     side_offset: IntArray, row_start: IntArray, row_sum: IntArray, row_bust: IntArray,
                     left: IntArray, left_value: IntArray, top: int, flip7_at_top: bool, bonus: int,
                     col_start: IntArray, mult: FloatArray, plus: FloatArray, saves: FloatArray, plain_bank: FloatArray,
                     saved_bank: FloatArray, run_start: IntArray, run_low: IntArray, run_high: IntArray,
                     run_shift: IntArray, run_weight: FloatArray, run_saves: IntArray,
                     block_start: IntArray, block_low: IntArray, block_size: IntArray, block_first: IntArray,
                     block_target: IntArray, move_start: IntArray, move_rank: RankArray, move_left: FloatArray,
                     bank_mult: FloatArray, bank_plus: FloatArray, upper: FloatArray, out: FloatArray,
                     carry: bool, saved_live: FloatArray, n_left: int, decision: NDArray[np.bool_],
                     has_cards: NDArray[np.bool_], tolerance: float, optimal: bool, hitting: ByteArray) -> None:
    """``sum_c n_c W(x after c)`` over every card but the new numbers that lead on, rows ``first:stop`` of layer ``t``.

    Cards that bank are affine in the row's sums: side cards ``bank_mult * sum + bank_plus``; new
    numbers ``mult * sum_u p_u (sum + u) + plus * sum_u p_u`` (plus the bonus on a Flip 7), with the columns'
    ``mult``, ``plus`` and ``saves`` as floats (`_Tables.float_mult`: exact, and vectorised). The rest
    read the same row of layer ``t + 1``: whole runs of columns (`_Tables`), then each modifier, block by
    block through the modifier moves (`_Columns`). The moves depend on the combination, not on the row,
    so the rows go `_ROW_TILE` at a time (of one block) and each combination's moves are read once for
    all of them; every state still adds its terms in the same order (runs, then modifiers by group).

    With ``carry`` ``upper`` and ``out`` hold records (`_RECORD`: value, P(Flip 7), P(bust) by the end) and
    the same sums are taken of the two probabilities, lane by lane. Then the tiles are `_CARRY_TILE` rows, and a
    block's modifier draws first copy the target block's records of the tile's rows side by side (``near``: a
    combination's records of every row in one run) and a state's sums into ``sums``, so that a move adds one run of
    ``3 x rows`` floats; each state still adds the same terms in the same order. A Flip 7 counts ``sum_u p_u`` at
    the top row, a duplicate that neither a held Second Chance saves busts (``1 - saved_live - saved_bank`` of the
    row's bust cards), every other ending counts 0 (`_Solver._backward`). A row's banked values are first summed
    apart, then written into its records.

    The top rows (``|S| = top``) draw no new number that leads on, so their sums are whole here: each block of
    them is finished at once, while it is in cache, as `_backward_numbers` finishes the others (the same
    operations: divide by ``N``, and with ``optimal`` decide; ``hitting`` gets the choice), rather than read
    back from memory by it.
    """
    scratch = np.empty(np.max(col_start[1:] - col_start[:-1]) if carry else 0)
    near = np.empty(_RECORD * _CARRY_TILE * (np.int64(np.max(move_rank)) + 1) if carry and len(move_rank) else 0)
    sums = np.empty(_RECORD * _CARRY_TILE)
    span = _RECORD if carry else 1  # floats per state
    tile = _CARRY_TILE if carry else _ROW_TILE
    inverse = 1.0 / n_left  # probabilities are not compared: no need to divide
    q = first
    while q < stop:
        b = 0
        while q >= cumulative[b + 1]:
            b += 1
        s = sizes[b]
        tile_stop = min(stop, cumulative[b + 1], q + tile)
        level = t - s
        c0, c1 = col_start[level], col_start[level + 1]
        width = c1 - c0
        width1 = col_start[level + 2] - c1 if level + 2 < len(col_start) else 0
        m, pl, bm, bp = mult[c0:c1], plus[c0:c1], bank_mult[c0:c1], bank_plus[c0:c1]
        sv, sb = saves[c0:c1], saved_bank[c0:c1]
        for r in range(q - cumulative[b], tile_stop - cumulative[b]):
            g = row_start[s] + r
            row = row_sum[g]
            bust_cards = row_bust[g]
            drawn = row * left[g] + left_value[g]  # sum over the new numbers u left of p_u (sum + u)
            numbers_left = left[g]
            row_at = offset[b] + r * width
            total = scratch[:width] if carry else out[row_at:row_at + width]
            # banking after a side card, and after a duplicate saved on the last forced draw
            if s < top:
                pb = plain_bank[c0:c1]
                for k in range(width):
                    total[k] = (bm[k] * row + bp[k] + sb[k] * (bust_cards - sv[k]) * (row * m[k] + pl[k])
                                + pb[k] * (m[k] * drawn + pl[k] * numbers_left))
            elif flip7_at_top:  # the seventh number: Flip 7 ends the round
                for k in range(width):
                    total[k] = (bm[k] * row + bp[k] + sb[k] * (bust_cards - sv[k]) * (row * m[k] + pl[k])
                                + m[k] * drawn + (pl[k] + bonus) * numbers_left)
            else:
                for k in range(width):
                    total[k] = bm[k] * row + bp[k] + sb[k] * (bust_cards - sv[k]) * (row * m[k] + pl[k])
            if carry:
                records = out[_RECORD * row_at:_RECORD * (row_at + width)]
                sl = saved_live[c0:c1]
                flip7_ends = float(numbers_left) if s == top and flip7_at_top else 0.0
                for k in range(width):
                    records[_RECORD * k] = total[k]
                    records[_RECORD * k + 1] = flip7_ends
                    records[_RECORD * k + 2] = (1.0 - sl[k] - sb[k]) * (bust_cards - sv[k])
            if width1 == 0:
                continue
            next_at = side_offset[b] + r * width1
            following = upper[span * next_at:span * (next_at + width1)]
            moving_all = out[span * row_at:span * (row_at + width)]
            for h in range(run_start[level], run_start[level + 1]):
                low, high, shift = run_low[h], run_high[h], run_shift[h]
                weight = run_weight[h] if run_saves[h] < 0 else bust_cards - run_saves[h]
                moving, target = moving_all[span * low:span * high], following[span * (low + shift):span * (high + shift)]
                for k in range(span * (high - low)):
                    moving[k] += weight * target[k]
        r0, r1 = q - cumulative[b], tile_stop - cumulative[b]
        q = tile_stop
        along, step = np.uint64(width), np.uint64(width1)
        lanes = _RECORD_U * np.uint64(r1 - r0)  # floats of one column across the tile's rows (carried)
        for h in range(block_start[level], block_start[level + 1]):
            base = block_target[h]
            low, k0, size = block_low[h], block_first[h], block_size[h]
            if carry and width1 > 0 and base >= 0 and move_start[k0 + size] > move_start[k0]:
                # the records of the target block, of every row of the tile side by side (`_CARRY_TILE`)
                reach = np.uint64(np.max(move_rank[move_start[k0]:move_start[k0 + size]])) + _ONE
                into = np.uint64(0)
                for rr in range(r0, r1):
                    at, spot = _RECORD_U * np.uint64(side_offset[b] + rr * width1 + base), into
                    for _ in range(reach):
                        near[spot], near[spot + _ONE], near[spot + _TWO] = upper[at], upper[at + _ONE], upper[at + _TWO]
                        at += _RECORD_U
                        spot += lanes
                    into += _RECORD_U
                for k in range(size):
                    here = _RECORD_U * np.uint64(offset[b] + r0 * width + low + k)
                    at, spot = here, np.uint64(0)
                    for _ in range(r0, r1):
                        sums[spot], sums[spot + _ONE], sums[spot + _TWO] = out[at], out[at + _ONE], out[at + _TWO]
                        at += _RECORD_U * along
                        spot += _RECORD_U
                    for e in range(np.uint64(move_start[k0 + k]), np.uint64(move_start[k0 + k + 1])):
                        weight, source = move_left[e], np.uint64(move_rank[e]) * lanes
                        for x in range(lanes):
                            sums[x] += weight * near[source + x]
                    at, spot = here, np.uint64(0)
                    for _ in range(r0, r1):
                        out[at], out[at + _ONE], out[at + _TWO] = sums[spot], sums[spot + _ONE], sums[spot + _TWO]
                        at += _RECORD_U * along
                        spot += _RECORD_U
            elif not carry:
                for k in range(size if width1 > 0 and base >= 0 else 0):
                    ranks = move_rank[move_start[k0 + k]:move_start[k0 + k + 1]]
                    copies = move_left[move_start[k0 + k]:move_start[k0 + k + 1]]
                    # unsigned: these indices are never negative, and numba checks only signed ones for that
                    here = np.uint64(offset[b] + r0 * width + low + k)
                    there = np.uint64(side_offset[b] + r0 * width1 + base)
                    for _ in range(r0, r1):
                        value = out[here]
                        for e in range(len(ranks)):
                            value += copies[e] * upper[there + ranks[e]]
                        out[here] = value
                        here += along
                        there += step
            if s < top:
                continue
            # the top rows draw no number that leads on: their sums are whole, so decide (as `_backward_numbers`
            # would, the same operations) while the block is in cache
            must_draw = s == 0  # (with an empty line)
            mb, pb = m[low:low + size], pl[low:low + size]
            free, line = decision[c0 + low:c0 + low + size], has_cards[c0 + low:c0 + low + size]
            for rr in range(r0, r1):
                row = row_sum[row_start[s] + rr]
                start = offset[b] + rr * width + low
                choice = hitting[start:start + size]
                total = out[span * start:span * (start + size)]
                if optimal and not carry:
                    for k in range(size):
                        hit = total[k] / n_left
                        stay = row * mb[k] + pb[k]
                        hits = (not free[k]) | ((not line[k]) & must_draw) | (hit > stay + tolerance)
                        total[k] = hit if hits else stay
                        choice[k] = hits
                elif optimal:
                    for k in range(size):
                        hit = total[_RECORD * k] / n_left
                        stay = row * mb[k] + pb[k]
                        hits = (not free[k]) | ((not line[k]) & must_draw) | (hit > stay + tolerance)
                        total[_RECORD * k] = hit if hits else stay
                        choice[k] = hits
                        drawn = hits * inverse
                        total[_RECORD * k + 1] *= drawn
                        total[_RECORD * k + 2] *= drawn
                elif not carry:
                    for k in range(size):
                        total[k] = total[k] / n_left
                else:
                    for k in range(size):
                        total[_RECORD * k] = total[_RECORD * k] / n_left
                        total[_RECORD * k + 1] *= inverse
                        total[_RECORD * k + 2] *= inverse


@compiled_loop
def _backward_columns(t: int, n_left: int, sizes: IntArray, offset: IntArray, row_count: IntArray,
                      side_offset: IntArray, number_offset: IntArray, row_start: IntArray, row_sum: IntArray,
                      row_bust: IntArray, row_mask: IntArray, successor: IntArray, number_counts: IntArray,
                      left: IntArray, left_value: IntArray, top: int, flip7_at_top: bool, bonus: int,
                      col_start: IntArray, mult: FloatArray, plus: FloatArray, saves: FloatArray,
                      saved_live: FloatArray, saved_bank: FloatArray, plain_bank: FloatArray, run_start: IntArray,
                      run_low: IntArray, run_high: IntArray, run_shift: IntArray, run_weight: FloatArray,
                      run_saves: IntArray, block_start: IntArray, block_low: IntArray, block_size: IntArray,
                      block_first: IntArray, block_target: IntArray, move_start: IntArray, move_rank: RankArray,
                      move_left: FloatArray, bank_mult: FloatArray, bank_plus: FloatArray, chunk_start: IntArray,
                      chunk_low: IntArray, chunk_high: IntArray, chunk_shift: IntArray,
                      chunk_live: NDArray[np.bool_], decision: NDArray[np.bool_], has_cards: NDArray[np.bool_],
                      tolerance: float, optimal: bool, upper: FloatArray, out: FloatArray, hitting: ByteArray) -> None:
    """Layer ``t`` carried (records, `_RECORD`) and column-major: ``V`` (or ``H`` without ``optimal``) of every state.

    The same sums as `_backward_others` then `_backward_numbers`, term by term in the same order (so the same bits),
    on another layout: each block ``(s, level)`` goes column by column, the rows of a column side by side (state
    ``(r, k)`` at ``offset[b] + k rows + r``, its choice there in ``hitting`` unless that is empty: only the root's
    layer keeps its choices, the only ones a carried solve reads), and so do the blocks of layer
    ``t + 1`` it reads: the same rows one level on (``side_offset``) and the rows one number on (``number_offset``).
    So a run of columns and a modifier move each read one run of ``3 x rows`` floats for every row of the block at
    once, with nothing to copy (`_CARRY_TILE`), and a column's new numbers read the one successor column: each
    row's sum ``sum_u p_u V(S + u, plain(k))`` adds, lane by lane, the records of its successors there.

    A block goes through its columns once for each step (long runs of memory, which the processor fetches ahead):
    its banked sums, the runs (`_Tables`), its modifier moves (four at a time: each adds its term to the column in
    turn, as one at a time would, but the column is read and written once for the four), its new numbers, then its
    choices (BENCHMARKS.md, Stop 31: a column taken through every step at once was slower, a modifier block no
    faster).
    """
    must_draw_at = 0  # an empty line must draw (with no card in front of you, ``s == 0``)
    inverse = 1.0 / n_left  # probabilities are not compared: no need to divide
    keep = len(hitting) > 0  # the choices are kept only where they are read (`_Solver._backward`: the root's layer)
    most_rows = np.max(row_count) if len(row_count) else 0
    unkept = np.empty(0 if keep else most_rows, dtype=np.uint8)  # a column's choices, overwritten by the next
    number_sum, busts, drawn, numbers = np.empty(most_rows), np.empty(most_rows), np.empty(most_rows), np.empty(most_rows)
    duplicates = np.empty(_RECORD * most_rows)
    pair_start = np.zeros(most_rows + 1, dtype=np.int64)
    pair_at = np.empty(most_rows * number_counts.shape[0], dtype=np.uint64)
    pair_copies = np.empty(most_rows * number_counts.shape[0])
    for b in range(len(sizes)):
        s, rows = sizes[b], row_count[b]
        level = t - s
        c0, c1 = col_start[level], col_start[level + 1]
        width = c1 - c0
        width1 = col_start[level + 2] - c1 if level + 2 < len(col_start) else 0
        lanes = _RECORD_U * np.uint64(rows)  # floats of one column
        # each row's number sum, bust cards, copies of the new numbers left and sum over them of p_u (sum + u)
        for r in range(rows):
            g = row_start[s] + r
            number_sum[r], busts[r], numbers[r] = row_sum[g], row_bust[g], left[g]
            drawn[r] = row_sum[g] * left[g] + left_value[g]
        m, pl, bm, bp = mult[c0:c1], plus[c0:c1], bank_mult[c0:c1], bank_plus[c0:c1]
        sv, sb, sl, pb = saves[c0:c1], saved_bank[c0:c1], saved_live[c0:c1], plain_bank[c0:c1]
        block = out[_RECORD * offset[b]:_RECORD * (offset[b] + rows * width)]
        # banking after a side card, after a duplicate saved on the last forced draw, and after a new number
        ends = s == top and flip7_at_top  # the seventh number: Flip 7 ends the round
        for k in range(width):
            column = block[np.uint64(k) * lanes:np.uint64(k + 1) * lanes]
            bmk, bpk, sbk, svk, mk, plk, pbk = bm[k], bp[k], sb[k], sv[k], m[k], pl[k], pb[k]
            lost = 1.0 - sl[k] - sbk  # a duplicate busts unless a held Second Chance saves it
            if s < top:
                for r in range(rows):
                    row, bust_cards = number_sum[r], busts[r]
                    column[_RECORD * r] = (bmk * row + bpk + sbk * (bust_cards - svk) * (row * mk + plk)
                                           + pbk * (mk * drawn[r] + plk * numbers[r]))
                    column[_RECORD * r + 1] = 0.0
                    column[_RECORD * r + 2] = lost * (bust_cards - svk)
            elif ends:
                for r in range(rows):
                    row, bust_cards = number_sum[r], busts[r]
                    column[_RECORD * r] = (bmk * row + bpk + sbk * (bust_cards - svk) * (row * mk + plk)
                                           + mk * drawn[r] + (plk + bonus) * numbers[r])
                    column[_RECORD * r + 1] = numbers[r]
                    column[_RECORD * r + 2] = lost * (bust_cards - svk)
            else:
                for r in range(rows):
                    row, bust_cards = number_sum[r], busts[r]
                    column[_RECORD * r] = bmk * row + bpk + sbk * (bust_cards - svk) * (row * mk + plk)
                    column[_RECORD * r + 1] = 0.0
                    column[_RECORD * r + 2] = lost * (bust_cards - svk)
        following = (upper[_RECORD * side_offset[b]:_RECORD * (side_offset[b] + rows * width1)] if width1 > 0
                     else upper[:0])
        for h in range(run_start[level], run_start[level + 1] if width1 > 0 else run_start[level]):
            low, high = np.uint64(run_low[h]), np.uint64(run_high[h])
            moving = block[low * lanes:high * lanes]
            target = following[np.uint64(run_low[h] + run_shift[h]) * lanes:np.uint64(run_high[h] + run_shift[h]) * lanes]
            if run_saves[h] < 0:
                weight = run_weight[h]
                for x in range((high - low) * lanes):
                    moving[x] += weight * target[x]
                continue
            for x in range(lanes):  # a duplicate saved: each row's bust cards less the saves, lane by lane
                duplicates[x] = busts[x // _RECORD_U] - run_saves[h]
            at = np.uint64(0)
            for _ in range(high - low):
                for x in range(lanes):
                    moving[at + x] += duplicates[x] * target[at + x]
                at += lanes
        for h in range(block_start[level], block_start[level + 1] if width1 > 0 else block_start[level]):
            base = block_target[h]
            if base < 0:
                continue
            low, k0, size = block_low[h], block_first[h], block_size[h]
            for k in range(size):
                column = block[np.uint64(low + k) * lanes:np.uint64(low + k + 1) * lanes]
                e, last = np.uint64(move_start[k0 + k]), np.uint64(move_start[k0 + k + 1])
                while e + _THREE < last:  # four moves at a time: the column read and written once for them
                    w0, s0 = move_left[e], np.uint64(base + np.int64(move_rank[e])) * lanes
                    w1, s1 = move_left[e + _ONE], np.uint64(base + np.int64(move_rank[e + _ONE])) * lanes
                    w2, s2 = move_left[e + _TWO], np.uint64(base + np.int64(move_rank[e + _TWO])) * lanes
                    w3, s3 = move_left[e + _THREE], np.uint64(base + np.int64(move_rank[e + _THREE])) * lanes
                    for x in range(lanes):
                        column[x] = (column[x] + w0 * following[s0 + x] + w1 * following[s1 + x]
                                     + w2 * following[s2 + x] + w3 * following[s3 + x])
                    e += _FOUR
                while e + _ONE < last:
                    w0, s0 = move_left[e], np.uint64(base + np.int64(move_rank[e])) * lanes
                    w1, s1 = move_left[e + _ONE], np.uint64(base + np.int64(move_rank[e + _ONE])) * lanes
                    for x in range(lanes):
                        column[x] = column[x] + w0 * following[s0 + x] + w1 * following[s1 + x]
                    e += _TWO
                if e < last:
                    w0, s0 = move_left[e], np.uint64(base + np.int64(move_rank[e])) * lanes
                    for x in range(lanes):
                        column[x] += w0 * following[s0 + x]
        if s < top:
            # the new numbers: each row's successors in the next layer's rows one number on (record offsets in a
            # column of them), summed apart and then added
            for r in range(rows):
                g, pairs = row_start[s] + r, pair_start[r]
                for i in range(number_counts.shape[0]):
                    if not (row_mask[g] >> i) & 1:
                        pair_at[pairs], pair_copies[pairs] = _RECORD_U * np.uint64(successor[g, i]), number_counts[i]
                        pairs += 1
                pair_start[r + 1] = pairs
            lanes1 = _RECORD_U * np.uint64(row_start[s + 2] - row_start[s + 1])  # floats of a successor column
            for h in range(chunk_start[level], chunk_start[level + 1]):
                if not chunk_live[h]:
                    continue
                for k in range(chunk_low[h], chunk_high[h]):
                    source = np.uint64(_RECORD * number_offset[b]) + np.uint64(k + chunk_shift[h]) * lanes1
                    column = block[np.uint64(k) * lanes:np.uint64(k + 1) * lanes]
                    at = np.uint64(0)
                    for r in range(rows):
                        first, second, third = 0.0, 0.0, 0.0
                        for p in range(pair_start[r], pair_start[r + 1]):
                            there, copies = source + pair_at[p], pair_copies[p]
                            first += copies * upper[there]
                            second += copies * upper[there + _ONE]
                            third += copies * upper[there + _TWO]
                        column[at] += first
                        column[at + _ONE] += second
                        column[at + _TWO] += third
                        at += _RECORD_U
        # decide (or, without ``optimal``, divide): every sum is whole
        at = np.uint64(0)
        for k in range(width):
            forced, empty = not decision[c0 + k], (not has_cards[c0 + k]) & (s == must_draw_at)
            if optimal:
                choice = hitting[offset[b] + k * rows:offset[b] + (k + 1) * rows] if keep else unkept[:rows]
                for r in range(rows):
                    hit = block[at] / n_left
                    stay = number_sum[r] * m[k] + pl[k]
                    hits = forced | empty | (hit > stay + tolerance)
                    block[at] = hit if hits else stay
                    choice[r] = hits
                    drawn_now = hits * inverse
                    block[at + _ONE] *= drawn_now
                    block[at + _TWO] *= drawn_now
                    at += _RECORD_U
            else:
                for r in range(rows):
                    block[at] = block[at] / n_left
                    block[at + _ONE] *= inverse
                    block[at + _TWO] *= inverse
                    at += _RECORD_U


@compiled_loop
def _backward_numbers(first: int, stop: int, t: int, n_left: int, sizes: IntArray, offset: IntArray,
                      cumulative: IntArray, number_offset: IntArray, row_start: IntArray, row_mask: IntArray,
                      row_sum: IntArray, successor: IntArray, number_counts: IntArray, top: int,
                      col_start: IntArray, chunk_start: IntArray, chunk_low: IntArray, chunk_high: IntArray,
                      chunk_shift: IntArray, chunk_live: NDArray[np.bool_], mult: FloatArray, plus: FloatArray,
                      decision: NDArray[np.bool_], has_cards: NDArray[np.bool_], tolerance: float, optimal: bool,
                      upper: FloatArray, out: FloatArray, hitting: ByteArray, carry: bool) -> None:
    """Add the new numbers that lead on, ``sum_u p_u V(S + u, plain(c))``, then ``H = total / N`` (rows below the top:
    `_backward_others` finishes the top rows).

    Chunk by chunk of columns (a forced phase moves a chunk as a whole: ``chunk_shift``), all rows
    ``first:stop`` in turn, so the next layer's chunk is read from cache. With ``optimal`` it then
    decides (hit iff forced, the line is empty, or ``H > stay + tolerance``) and writes ``V`` and the
    choice; otherwise ``out`` gets ``H``. It divides by ``N`` (rather than multiplying by ``1 / N``)
    so that a value that is a whole multiple comes out exact: a policy comparing values strictly
    sees the same exact ties as before. The stay ``sum * mult + plus`` is taken in floats (``mult`` and
    ``plus`` are `_Tables.float_mult` and ``float_plus``: every step is exact and gives the integer score) and
    the choice without branches, so that vector instructions divide and decide several states at once.

    With ``carry`` ``upper`` and ``out`` hold records (`_RECORD`): P(Flip 7) and P(bust) by the end are summed
    beside the values, lane by lane, and multiplied by ``1 / N``; with ``optimal``, a state that stays gets 0 for
    both (it banks), by the same choice as its value, ties included.
    """
    span = _RECORD if carry else 1  # floats per state
    gathered = np.empty(span * _CHUNK)
    inverse = 1.0 / n_left  # probabilities are not compared: no need to divide
    for b in range(len(sizes)):
        low_row = max(first, cumulative[b]) - cumulative[b]
        high_row = min(stop, cumulative[b + 1]) - cumulative[b]
        s = sizes[b]
        if s == top:  # decided by `_backward_others`
            continue
        level = t - s
        c0 = col_start[level]
        width = col_start[level + 1] - c0
        for h in range(chunk_start[level], chunk_start[level + 1]):
            low, high = chunk_low[h], chunk_high[h]
            n = high - low
            grows = chunk_live[h]
            m, pl = mult[c0 + low:c0 + high], plus[c0 + low:c0 + high]
            free, line = decision[c0 + low:c0 + high], has_cards[c0 + low:c0 + high]
            must_draw = s == 0  # (with an empty line)
            acc = gathered[:span * n]
            for r in range(low_row, high_row):
                g = row_start[s] + r
                base = offset[b] + r * width
                total = out[span * (base + low):span * (base + high)]
                if grows:
                    acc[:] = 0.0
                    for i in range(number_counts.shape[0]):
                        if not (row_mask[g] >> i) & 1:
                            up = number_offset[b] + successor[g, i] * width + chunk_shift[h] + low
                            source = upper[span * up:span * (up + n)]
                            count = number_counts[i]
                            for k in range(span * n):
                                acc[k] += count * source[k]
                    for k in range(span * n):
                        total[k] += acc[k]
                if optimal:
                    row = row_sum[g]
                    choice = hitting[base + low:base + high]
                    if not carry:
                        for k in range(n):
                            hit = total[k] / n_left
                            stay = row * m[k] + pl[k]
                            hits = (not free[k]) | ((not line[k]) & must_draw) | (hit > stay + tolerance)
                            total[k] = hit if hits else stay
                            choice[k] = hits
                    else:
                        for k in range(n):
                            hit = total[_RECORD * k] / n_left
                            stay = row * m[k] + pl[k]
                            hits = (not free[k]) | ((not line[k]) & must_draw) | (hit > stay + tolerance)
                            total[_RECORD * k] = hit if hits else stay
                            choice[k] = hits
                            drawn = hits * inverse
                            total[_RECORD * k + 1] *= drawn
                            total[_RECORD * k + 2] *= drawn
                elif not carry:
                    for k in range(n):
                        total[k] = total[k] / n_left
                else:
                    for k in range(n):
                        total[_RECORD * k] = total[_RECORD * k] / n_left
                        total[_RECORD * k + 1] *= inverse
                        total[_RECORD * k + 2] *= inverse


@compiled_loop
def _forward_rows(first: int, stop: int, t: int, n_left: int, sizes: IntArray, offset: IntArray,
                  cumulative: IntArray, side_offset: IntArray, row_start: IntArray, row_mask: IntArray,
                  row_sum: IntArray, row_bust: IntArray, left: IntArray, number_values: IntArray,
                  number_counts: IntArray, top: int, flip7_at_top: bool, bonus: int, col_start: IntArray,
                  saves: IntArray, score_class: IntArray, plain_bank: FloatArray, saved_live: FloatArray,
                  saved_bank: FloatArray, own_bank: FloatArray, mod_class: IntArray,
                  class_mult: IntArray, class_plus: IntArray, run_start: IntArray, run_low: IntArray,
                  run_high: IntArray, run_shift: IntArray, run_weight: FloatArray, run_saves: IntArray,
                  block_start: IntArray, block_low: IntArray, block_size: IntArray, block_first: IntArray,
                  block_target: IntArray, mod_next: IntArray, mod_left: IntArray, score_low: int,
                  mass: FloatArray, hitting: ByteArray, following: FloatArray,
                  tally: FloatArray, flip7: FloatArray, bust: FloatArray) -> None:
    """Move the mass of rows ``first:stop`` of layer ``t``, except the new numbers (`_forward_numbers`).

    Stays, busts, Flip 7s and banks go to the row's tallies, first summed per score class (multiplier
    and plus of the line), then spread over scores once per class. ``mass`` is left holding
    ``mass / N`` where the state draws (0 where it stays). Then the same row of layer ``t + 1``
    receives what a card other than a new number brings it: each modifier block by block through the
    per-factor tables (only this row is written, so spreading is safe), then whole runs of columns.
    That writes every state of the row (`_forward_numbers` adds).
    """
    banked = np.zeros(len(class_mult))
    ending_draws = np.zeros(len(class_mult))
    inverse = 1.0 / n_left
    for q in range(first, stop):
        b = 0
        while q >= cumulative[b + 1]:
            b += 1
        s = sizes[b]
        r = q - cumulative[b]
        level = t - s
        c0, c1 = col_start[level], col_start[level + 1]
        width = c1 - c0
        g = row_start[s] + r
        ends = s == top and flip7_at_top
        numbers_end = 1.0 if ends else 0.0
        bust_cards = row_bust[g]
        here = mass[offset[b] + r * width:offset[b] + (r + 1) * width]
        draws = hitting[offset[b] + r * width:offset[b] + (r + 1) * width]
        classes, sv, sl, sb, pb = score_class[c0:c1], saves[c0:c1], saved_live[c0:c1], saved_bank[c0:c1], plain_bank[c0:c1]
        ob = own_bank[c0:c1]
        banked[:] = 0.0
        ending_draws[:] = 0.0
        busted = 0.0
        for k in range(width):
            weight = draws[k] * here[k] * inverse
            duplicates = bust_cards - sv[k]
            # staying, or a duplicate saved by the Second Chance that ends the round, banks the line
            banked[classes[k]] += here[k] - draws[k] * here[k] + sb[k] * duplicates * weight
            busted += (1.0 - sl[k] - sb[k]) * duplicates * weight
            ending_draws[classes[k]] += max(numbers_end, pb[k]) * weight
            here[k] = weight
        for k in range(width):
            banked[classes[k]] += ob[k] * here[k]
        for h in range(block_start[level], block_start[level + 1]):
            if block_target[h] >= 0:
                continue
            low, k0 = block_low[h], block_first[h]
            for k in range(block_size[h]):
                weight = here[low + k]
                if weight != 0.0:
                    for i in range(mod_next.shape[1]):
                        if mod_next[k0 + k, i] >= 0:
                            banked[mod_class[k0 + k, i]] += mod_left[k0 + k, i] * weight
        row = row_sum[g]
        tally[g, -score_low] += busted
        bust[g] += busted
        for h in range(len(class_mult)):
            if banked[h] != 0.0:
                tally[g, row * class_mult[h] + class_plus[h] - score_low] += banked[h]
            if ending_draws[h] != 0.0:
                for i in range(number_counts.shape[0]):
                    if not (row_mask[g] >> i) & 1:
                        score = (row + number_values[i]) * class_mult[h] + class_plus[h] + (bonus if ends else 0)
                        tally[g, score - score_low] += number_counts[i] * ending_draws[h]
                if ends:
                    flip7[g] += left[g] * ending_draws[h]
        if side_offset[b] < 0:
            continue
        width1 = col_start[level + 2] - c1
        arriving = following[side_offset[b] + r * width1:side_offset[b] + (r + 1) * width1]
        arriving[:] = 0.0
        for h in range(block_start[level], block_start[level + 1]):
            base = block_target[h]
            if base < 0:
                continue
            low, k0 = block_low[h], block_first[h]
            for k in range(block_size[h]):
                weight = here[low + k]
                if weight != 0.0:
                    for i in range(mod_next.shape[1]):
                        rank = mod_next[k0 + k, i]
                        if rank >= 0:
                            arriving[base + rank] += mod_left[k0 + k, i] * weight
        for h in range(run_start[level], run_start[level + 1]):
            low, high, shift = run_low[h], run_high[h], run_shift[h]
            moved = run_weight[h] if run_saves[h] < 0 else bust_cards - run_saves[h]
            source, target = here[low:high], arriving[low + shift:high + shift]
            for k in range(high - low):
                target[k] += moved * source[k]


@compiled_loop
def _forward_numbers(first: int, stop: int, t: int, sizes: IntArray, offset: IntArray,
                     target_cumulative: IntArray, number_offset: IntArray, row_start: IntArray,
                     row_mask: IntArray, predecessor: IntArray, number_counts: IntArray, col_start: IntArray,
                     chunk_start: IntArray, chunk_low: IntArray, chunk_high: IntArray, chunk_shift: IntArray,
                     chunk_live: NDArray[np.bool_], weight: FloatArray, following: FloatArray) -> None:
    """Number draws from layer ``t`` into rows ``first:stop`` of the next sizes in layer ``t + 1``.

    ``weight`` is ``mass / N`` where a state draws (`_forward_ends` leaves it so). Chunk by chunk of
    columns, each target row ``S`` gathers from every ``S - {u}`` (so no two threads write one row)
    and adds the sum where the chunk's forced phase sends it (``chunk_shift``).
    """
    gathered = np.empty(_CHUNK)
    for b in range(len(sizes)):
        low_row = max(first, target_cumulative[b]) - target_cumulative[b]
        high_row = min(stop, target_cumulative[b + 1]) - target_cumulative[b]
        s = sizes[b]
        level = t - s
        c0 = col_start[level]
        width = col_start[level + 1] - c0
        for h in range(chunk_start[level], chunk_start[level + 1]):
            if not chunk_live[h]:
                continue
            low, high = chunk_low[h], chunk_high[h]
            n = high - low
            acc = gathered[:n]
            for r in range(low_row, high_row):
                g = row_start[s + 1] + r
                acc[:] = 0.0
                for i in range(number_counts.shape[0]):
                    if (row_mask[g] >> i) & 1:
                        start = offset[b] + predecessor[g, i] * width + low
                        source = weight[start:start + n]
                        count = number_counts[i]
                        for k in range(n):
                            acc[k] += count * source[k]
                start = number_offset[b] + r * width + low + chunk_shift[h]
                arriving = following[start:start + n]
                for k in range(n):
                    arriving[k] += acc[k]


_CORES = max(1, min(len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1, 8))
"""The cores this process may use (at most 8): the most threads a layer is shared among."""
_threads = 1
"""Threads a large layer is shared among now: one unless more are asked for (`share_layers`)."""
_PIECES_PER_WORKER = 4
_SHARED_WORK = 1 << 16
"""Below this many cells a layer runs in the calling thread: handing it out costs more than it saves."""
CARRY_STATES = 8_000_000
"""The largest lattice (states) whose P(Flip 7) and P(bust) are carried through the backward pass when no
distribution is asked for; a larger one runs the forward pass instead. Carrying saves the forward pass on the
small lattices of live taps (a poker tap of 3.2 million states 76 -> 62 ms, classic with one other on a fresh
pile, 3.4 million, 0.174 -> 0.155 s) but costs more than it on large ones, shared among threads, with twice the
memory (poker with 3 others after a K, 15 million: 0.65 -> 0.72 s; poker fresh with one other, 48 million:
1.48 -> 2.33 s and 204 -> 402 MB; the classic fresh deck alone, 89 million: 2.6 -> 3.7-5.0 s and 339 -> 742 MB;
quiet machine, 2026-12-03)."""
CARRIED_COLUMNS = True
"""Whether a carried backward pass lays each block of a layer out column by column (`_backward_columns`: a poker tap's
backward pass in about 0.55 of the time row by row, BENCHMARKS.md, Stop 31); the same results, bit for bit."""
_POOL: list[ThreadPoolExecutor] = []
_POOL_LOCK = threading.Lock()


def share_layers(threads: int) -> None:
    """Share each large layer among at most ``threads`` threads, at least 1 and at most the cores (1, the
    default: every layer on the calling thread).

    Sharing shortens one solve on an idle machine a little but costs more CPU in all: the modifier gathers wait on
    memory, and two threads slow each other down. Measured on 2 cores, quiet machine, 2026-12-03 (CPU / wall):
    the fresh classic deck alone 3.2-3.3 / 1.7-1.8 s shared against 2.0 / 2.0 s on one thread; a live poker tap
    (3.96 million states) 0.165 / 0.104-0.115 s against 0.115-0.119 / the same. So one thread is the default: a
    server answering many people at once (the app) runs out of CPU, not of one tap's wall time, and an answer's
    budget is CPU time (`flip7odds.answer`).
    """
    global _threads
    _threads = max(1, min(threads, _CORES))


def layer_threads() -> int:
    """Threads a large layer is shared among now (`share_layers`)."""
    return _threads


def _in_parallel(loop: _Loop, cells_before: IntArray, *arguments: Any) -> None:
    """Run ``loop(first, stop, *arguments)`` over all rows, in pieces of about equal cells, on several threads.

    The compiled loops release the GIL. The calling thread works too, and every thread takes the next
    piece when it is done with one, so a core busy with something else slows the layer down only a
    little (and concurrent solves, one per app session, cannot starve each other).
    """
    rows = len(cells_before) - 1
    total = int(cells_before[-1])
    threads = _threads
    if threads == 1 or total < _SHARED_WORK or not loop.shared_ready:
        # (until `flip7odds.warm` has compiled the shared loop, the ahead-of-time loop does the layer alone)
        loop.single_threaded(0, rows, *arguments)
        return
    shared = loop.jit
    with _POOL_LOCK:
        if not _POOL:
            _POOL.append(ThreadPoolExecutor(_CORES - 1, thread_name_prefix="flip7odds-solver"))
    bounds = np.searchsorted(cells_before, np.linspace(0, total, threads * _PIECES_PER_WORKER + 1)).tolist()
    bounds[0], bounds[-1] = 0, rows
    pieces = iter(list(itertools.pairwise(bounds)))
    taking = threading.Lock()

    def work() -> None:
        while True:
            with taking:
                piece = next(pieces, None)
            if piece is None:
                return
            shared(piece[0], piece[1], *arguments)

    helpers = [_POOL[0].submit(work) for _ in range(threads - 1)]
    work()
    for helper in helpers:
        helper.result()


# ----------------------------------------------------------------------------------------------
# The solver.


def _top(problem: Problem) -> int:
    """The most new numbers a state can hold: one more ends the round (Flip 7) or there are no more."""
    new_numbers = sum(1 for c, _ in problem.pile.items_ if c.category is Category.NUMBER and c.value not in problem.numbers)
    return min(new_numbers, problem.rules.flip7_size - 1 - len(problem.numbers))


def tracks_flight(problem: Problem) -> bool:
    """Whether Flip Threes in flight must be counted (module docstring, reduction 5): the pile may run out."""
    pile = problem.pile
    # Every card of a round but the numbers is a modifier, a Second Chance (drawn, or a duplicate it
    # saves, one more with the one held), a Flip Three or a Freeze: a bigger pile cannot run out.
    modifiers = sum(n for c, n in pile.items_ if c.category is Category.MODIFIER)
    most_draws = _top(problem) + 1 + modifiers + 2 * pile[SECOND_CHANCE] + 1 + pile[FLIP_THREE] + pile[FREEZE]
    return problem.discards is not None and pile.size <= most_draws


COLUMN_BYTES = 200
"""Peak memory per column of the lattice (`SolveCost`), in bytes."""
COLUMN_SECONDS = 400e-9
"""CPU seconds per column of the lattice (`SolveCost.seconds`), beside its states' own: building a column's tables
costs as much as hundreds of states. Measured on lines of three or four numbers of a poker pile alone, where nearly
every state is a column (relaxed decks of 35 000 to 1 million columns, 360-590 ns a column with their states; the
exact ``K 9 4 5``, 3.3 million columns and as many states, 1.0-2.3 s; BENCHMARKS.md, stop 47); elsewhere it is a few
milliseconds."""


@dataclass(frozen=True)
class SolveCost:
    """How big a solve's lattice is, computed from the pile's counts before building anything.

    ``states`` counts the lattice's states (one byte each for the hit/stay choices), ``largest_layer``
    the states of its largest layer (two float buffers of that size, four when the draw-then-stay
    values are kept), ``columns`` its side states (their attributes, the per-column tables and the
    arrays that build them: about 200 bytes per column since the modifier transitions are kept per
    factor, `_Columns`; measured 177 bytes on the 3.9 million columns of ``K Q 9`` alone on a fresh
    poker pile, where listing them per column took 1.4 kB). A pile that may run out onto a known discard
    pile adds the reshuffled sub-problems, each a lattice of its own (`solve_cost` counts them).
    """

    states: int
    largest_layer: int
    columns: int

    @property
    def memory_bytes(self) -> int:
        """An estimate of the solve's peak memory beyond the interpreter's own (bytes)."""
        return self.states + 32 * self.largest_layer + COLUMN_BYTES * self.columns

    def seconds(self, per_state: float) -> float:
        """An estimate of the solve's CPU seconds at ``per_state`` seconds a state, its columns at `COLUMN_SECONDS`."""
        return self.states * per_state + self.columns * COLUMN_SECONDS


def solve_cost(problem: Problem) -> SolveCost:
    """The size of `solve`'s lattice for ``problem`` (no solving; milliseconds even for billions of states).

    Rows of size ``s``: ``C(u, s)`` subsets of the ``u`` new numbers, ``s <= top``. Columns of level
    ``L``: the coefficient of ``x^L`` in the product of one polynomial per factor of a column,
    ``1 + x + ... + x^c`` per modifier group of ``c`` cards, ``sum x^(j + d)`` over the Second Chance
    states and ``sum x^(flip threes + freezes)`` over the forced phases. Layer ``t`` holds
    ``sum_s rows(s) * columns(t - s)`` states, for ``t`` up to the last layer `_Solver` builds.

    A pile that may run out onto a known discard pile (`tracks_flight`) is continued by reshuffled
    sub-problems, one per way the round can reach the bottom of the pile, solved one after the other.
    They are estimated by the largest of them, counted once: your line on the discards and the whole pile
    reshuffled together (more numbers in the line, or fewer cards, only shrink a lattice). An estimate,
    not a bound: a pile of four cards onto 45 poker discards is 44 states of its own and seven reshuffled
    solves of 4 s in all, estimated at 72 million states (about 10 s); without them it was estimated at 44.
    """
    if not problem.alone:
        problem = problem.stripped()
    if problem.pile.size == 0:
        return SolveCost(0, 0, 0)
    own = _lattice_cost(problem)
    if not tracks_flight(problem) or problem.discards is None or problem.discards.size == 0:
        return own
    reshuffled = _lattice_cost(replace(problem, pile=problem.pile + problem.discards, discards=None,
                                       start=Start()))
    return SolveCost(own.states + reshuffled.states, max(own.largest_layer, reshuffled.largest_layer),
                     max(own.columns, reshuffled.columns))


def _lattice_cost(problem: Problem) -> SolveCost:
    """`solve_cost` of one lattice, its reshuffled sub-problems aside."""
    pile = problem.pile
    new_numbers = sum(1 for c, _ in pile.items_ if c.category is Category.NUMBER and c.value not in problem.numbers)
    top = _top(problem)
    rows = np.array([math.comb(new_numbers, s) for s in range(top + 1)], dtype=object)
    widths = np.ones(1, dtype=object)
    for group in _modifier_groups(problem):
        widths = np.convolve(widths, np.ones(len(group) + 1, dtype=object))
    sc_total, h0 = pile[SECOND_CHANCE], int(problem.second_chance)
    sc = Counter(j + d for j, _, d in second_chance_states(sc_total, bool(h0)))
    forced = Counter(state.flip_threes + state.freezes
                     for state in _forced_states(problem.start, pile[FLIP_THREE], pile[FREEZE], tracks_flight(problem)))
    for factor in (sc, forced):
        widths = np.convolve(widths, np.array([factor[level] for level in range(max(factor) + 1)], dtype=object))
    last = min(top + len(widths) - 1, pile.size)
    layers = [sum(int(rows[s]) * int(widths[t - s]) for s in range(top + 1) if 0 <= t - s < len(widths))
              for t in range(last + 1)]
    return SolveCost(sum(layers), max(layers), int(sum(widths)))


MEMORY_LIMIT = 2 * 1024**3
"""`solve` refuses a lattice whose estimated memory (`SolveCost.memory_bytes`) is above this (bytes)."""


def solve(problem: Problem, tolerance: float = 1e-9, policy: Policy | None = None,
          with_draw_then_stay: bool = False, memory_limit: int | None = MEMORY_LIMIT,
          distribution: bool = True, probabilities: bool = True) -> Solution:
    """Solve a round exactly: the value of staying and of drawing now, with its score distribution.

    ``policy`` None plays optimally: hitting must beat staying by more than ``tolerance`` (ties stay,
    docs/model.md). ``with_draw_then_stay`` also computes E[score if you hit once, then stay]. A lattice
    whose estimated memory (`solve_cost`) is above ``memory_limit`` bytes raises `SolverLimitError`
    before any work (None: no limit); the answer is never approximated. ``distribution`` False says the
    score distribution is not needed: on a lattice of at most `CARRY_STATES` states it is left out
    (``DrawResult.distribution`` None), P(Flip 7) and P(bust) are carried through the backward pass, and the
    forward pass (a third to a half of a solve) is not run; a larger lattice runs the forward pass, faster
    there, and keeps the distribution. ``probabilities`` False (with ``distribution`` False) says only the values are
    needed: no forward pass on any lattice, and P(Flip 7) and P(bust) of drawing now are NaN where they are not carried
    (a relaxed upper deck, `flip7odds.relaxation`: its score range, scaled for its refunds, would size the forward
    pass's tally).
    """
    if problem.pile.size == 0 and problem.discards is not None and problem.discards.size > 0:
        problem = replace(problem, pile=problem.discards, discards=None)
    if not problem.alone:
        stripped = _solve_without_blanks(problem.stripped(), tolerance, policy, with_draw_then_stay, memory_limit,
                                         distribution, probabilities)
        return _with_blanks(problem, stripped, tolerance)
    return _solve_without_blanks(problem, tolerance, policy, with_draw_then_stay, memory_limit, distribution,
                                 probabilities)


def _solve_without_blanks(problem: Problem, tolerance: float, policy: Policy | None, once: bool,
                          memory_limit: int | None, distribution: bool, probabilities: bool = True) -> Solution:
    """`solve` for a problem alone, or not alone with Freeze and Flip Three removed."""
    if problem.pile.size == 0:
        if problem.discards is None or problem.discards.size == 0:
            decision = problem.start.phase is Phase.DECISION
            may_stay = decision and bool(problem.numbers or problem.modifiers or problem.second_chance)
            stay = problem.rules.score(sum(problem.numbers), problem.modifiers, False)
            return Solution(stay, None, may_stay, False, 0, None)
        problem = replace(problem, pile=problem.discards, discards=None)
    if memory_limit is not None:
        cost = solve_cost(problem)
        if cost.memory_bytes > memory_limit:
            raise SolverLimitError(
                "this situation is too big to work out exactly here: it needs more memory than this computer may "
                "use (fewer cards in the pile, more cards in your line or other players still active make it "
                "smaller)",
                states=round(cost.states / 1e6), needed=round(cost.memory_bytes / 1024**3, 1),
                limit=round(memory_limit / 1024**3, 1))
    return _Solver(problem, tolerance, policy, once, distribution, probabilities).solution()


def _with_blanks(problem: Problem, stripped: Solution, tolerance: float) -> Solution:
    """Put the blanks back (module docstring, reduction 3): the value is unchanged, drawing now is not.

    With a card in front of you and ``b`` blanks among ``N`` cards, ``H(P) = b/N V(P') + (N-b)/N H(P')``
    where ``P'`` is the pile without blanks: a blank leaves you at the same decision with one card fewer.
    Likewise drawing once and staying is worth ``b/N stay + (N-b)/N`` of the same without blanks. With no
    card in front of you, see `_empty_line_with_blanks` (the same for the optimum and for every policy).
    """
    blanks = problem.pile[FREEZE] + problem.pile[FLIP_THREE]
    if blanks == 0:
        return stripped
    if not stripped.may_stay and problem.start.phase is Phase.DECISION:
        return _empty_line_with_blanks(problem, stripped, tolerance)
    size = problem.pile.size
    share = blanks / size
    parts = [(share, stripped.result())]
    if stripped.draw is not None and share < 1:
        parts.append((1 - share, stripped.draw))
    total = sum(weight for weight, _ in parts)
    distribution: dict[int, float] | None = {}
    for weight, part in parts:
        if part.distribution is None or distribution is None:
            distribution = None
            continue
        for score, probability in part.distribution.items():
            distribution[score] = distribution.get(score, 0.0) + weight / total * probability
    draw = DrawResult(
        sum(weight * part.value for weight, part in parts) / total,
        sum(weight * part.flip7_probability for weight, part in parts) / total,
        sum(weight * part.bust_probability for weight, part in parts) / total,
        None if distribution is None else dict(sorted(distribution.items())),
    )
    once = stripped.draw_then_stay
    if once is not None or stripped.draw is None:
        once = share * stripped.stay_score + (1 - share) * (once if once is not None else stripped.stay_score)
    return replace(stripped, draw=draw, draw_then_stay=once, hits_now=stripped.hits_now or not stripped.may_stay)


def reshuffled_problem(problem: Problem, numbers: frozenset[int], drawn: tuple[Card, ...], *, second_chances: int,
                       held: bool, saved: int, flip_threes: int, start: Start) -> Problem:
    """The round on from an exhausted pile: its new pile is the discards plus the cards discarded this round.

    ``numbers`` are held now, ``drawn`` the modifiers drawn this round; ``second_chances`` Second Chances were
    drawn, ``held`` says whether one is held now, ``saved`` duplicates were saved (each discards the
    duplicate, any held number as far as totals go, and a Second Chance); ``flip_threes`` Flip Threes were
    drawn and ``start`` is where the round stands (``start.in_flight`` of them not yet discarded). Alone, the
    Second Chances and Flip Threes used up are discarded too; not alone they were given away (blanks).
    """
    discarded: Counter[Card] = Counter()
    if saved:
        discarded[Card.number(min(numbers))] += saved  # any held number: only their total matters
    discarded[SECOND_CHANCE] += saved
    if problem.alone:
        discarded[SECOND_CHANCE] += int(problem.second_chance) + second_chances - saved - int(held)
        discarded[FLIP_THREE] += problem.start.in_flight + flip_threes - start.in_flight
    assert problem.discards is not None
    return Problem(problem.rules, numbers, tuple(sorted(problem.modifiers + drawn)), held,
                   problem.discards + CardCounts.from_mapping(discarded), None, problem.alone, start)


def _plain_cards(counts: CardCounts) -> int:
    """How many cards of ``counts`` are not blanks (numbers, modifiers, Second Chances)."""
    return counts.size - counts[FREEZE] - counts[FLIP_THREE]


def empty_line_value(draw: float, bank: float, problem: Problem, tolerance: float) -> tuple[float, float]:
    """Drawing with no card in front of you, not alone, the blanks put back (module docstring, reduction 3b).

    ``draw`` is ``D``, the value of drawing the first plain card: the stripped problem's draw, from the pile,
    or from the reshuffled discards when the pile holds only blanks (the value of the round's end when no
    plain card is left to draw); ``bank`` is the value of banking the empty line on a Freeze. With ``n``
    plain cards and ``f`` Freezes in a pile, banking at every Freeze is best if ``D < bank`` (beyond
    ``tolerance``; ties give the Freeze away), and then the first plain card comes before every Freeze with
    chance ``n / (n + f)``::

        V = D                          if D >= bank
        V = (f bank + n D) / (n + f)   otherwise

    When the pile holds only blanks, its Freezes come first and ``D`` is the reshuffled discards' own
    ``V`` (their Freezes and plain cards). Flip Threes change nothing: given away, they are skipped.
    Returns ``V`` and the chance ``W`` of reaching the first plain card (``1 - W``: banking on a Freeze).
    """
    piles = [problem.pile]
    if problem.discards is not None and _plain_cards(problem.pile) == 0:
        piles.append(problem.discards)  # the empty line goes on into the reshuffled discards
    value, reach = draw, 1.0
    for counts in reversed(piles):
        freezes, plain = counts[FREEZE], _plain_cards(counts)
        if freezes and value < bank - tolerance:
            value = (freezes * bank + plain * value) / (freezes + plain)
            reach *= plain / (freezes + plain)
    return value, reach


def _empty_line_with_blanks(problem: Problem, stripped: Solution, tolerance: float) -> Solution:
    """`_with_blanks` with no card in front of you: a Freeze may bank the empty line (`empty_line_value`).

    The score distribution is ``W D + (1 - W)`` at the empty line's score, with ``D`` the stripped draw's
    distribution (the stripped problem's end when nothing can be drawn).
    """
    base = stripped.draw if stripped.draw is not None else stripped.result()
    value, reach = empty_line_value(base.value, float(stripped.stay_score), problem, tolerance)
    distribution = None
    if base.distribution is not None:
        distribution = {score: reach * p for score, p in base.distribution.items() if reach * p > 0}
        if reach < 1:
            distribution[stripped.stay_score] = distribution.get(stripped.stay_score, 0.0) + 1 - reach
        distribution = dict(sorted(distribution.items()))
    draw = DrawResult(value, reach * base.flip7_probability, reach * base.bust_probability, distribution)
    return replace(stripped, draw=draw, hits_now=True)


class _Solver:
    """One solve: a backward pass for values and the policy, a forward pass for probabilities.

    Without the score distribution (``distribution`` False, `CARRY_STATES`) the backward pass carries P(Flip 7) and
    P(bust) by the end beside the values, and there is no forward pass. Both are expectations of a
    0/1 ending under the same choices as the values: at each state ``F = sum_c n_c / N F(x after c)``
    where it draws, 0 where it stays (ties stay: the choice is the values' own, `_backward_numbers`),
    a Flip 7 counting 1 in ``F`` and a bust 1 in ``B``. So they are the forward pass's sums of the
    probabilities of the paths that end so, summed in another order (equal to rounding).
    """

    def __init__(self, problem: Problem, tolerance: float, policy: Policy | None, once: bool,
                 distribution: bool = True, probabilities: bool = True) -> None:
        self.problem = problem
        self.tolerance = tolerance
        self.policy = policy
        self.distribution = distribution
        self.probabilities = probabilities or distribution
        self.track_once = once or (policy is not None and policy.needs_hit_once)
        rules, pile = problem.rules, problem.pile
        numbers = [(c.value, n) for c, n in pile.items_ if c.category is Category.NUMBER and c.value not in problem.numbers]
        self.values = np.array([v for v, _ in numbers], dtype=np.int64)
        self.counts = np.array([n for _, n in numbers], dtype=np.int64)
        self.top = _top(problem)
        self.flip7_at_top = len(problem.numbers) + self.top + 1 == rules.flip7_size
        self.bonus = rules.flip7_bonus
        self.size = pile.size
        self.mod_groups = _modifier_groups(problem)
        self.rows = _rows(problem, self.values, self.counts, self.top)
        self.cols, self.tables = _lattice_columns(problem, self.mod_groups, tracks_flight(problem), self.rows,
                                                  self.values, self.counts)
        self.last = min(self.top + self.cols.levels - 1, self.size)
        self.layers = [_layer(t, self.rows, self.cols, self.top) for t in range(self.last + 1)]
        self.carry = not distribution and sum(layer.total for layer in self.layers) <= CARRY_STATES
        # carried layers column by column (`_backward_columns`): only where no choice but the root's is read again
        # (no policy, no forward pass) and no layer is filled by `_exhausted` (row by row)
        self.column_major = CARRIED_COLUMNS and self.carry and policy is None and self.last < self.size
        self.hitting: list[ByteArray] = []
        self.root_once: float | None = None
        self.root_hit = float("nan")
        self.root_flip7 = self.root_bust = float("nan")
        self.reshuffles: dict[tuple[int, int, int], Solution] = {}
        self._backward()

    # -- the compiled loops' arguments

    def _next_offsets(self, layer: _Layer) -> tuple[IntArray, IntArray]:
        """Offsets in layer ``t + 1`` of each block's number successor ``(s + 1, L)`` and side successor ``(s, L + 1)``.

        -1 where there is none (the compiled loops never read it then).
        """
        if layer.t == self.last:
            none = np.full(len(layer.sizes), -1, dtype=np.int64)
            return none, none
        by_size = self.layers[layer.t + 1].by_size
        return by_size[layer.sizes + 1], by_size[layer.sizes]

    def _blocks(self, layer: _Layer) -> list[tuple[int, int, slice, IntArray]]:
        """Each block of a layer: (size s, its first global row, its slice of the flat array, its column ids)."""
        blocks = []
        for s, offset, count in zip(layer.sizes.tolist(), layer.offset.tolist(), layer.row_count.tolist()):
            level = layer.t - s
            columns = np.arange(self.cols.start[level], self.cols.start[level + 1])
            blocks.append((s, int(self.rows.start[s]), slice(offset, offset + count * len(columns)), columns))
        return blocks

    def stay(self, first_row: int, count: int, columns: IntArray) -> FloatArray:
        """Score of banking now for ``count`` rows from global row ``first_row`` and these columns."""
        number_sum = self.rows.number_sum[first_row:first_row + count]
        return (number_sum[:, None] * self.cols.mult[columns][None, :] + self.cols.plus[columns][None, :]).astype(
            np.float64)

    # -- backward pass

    def _backward(self) -> None:
        """Values layer by layer, most cards drawn first; keeps every state's hit/stay choice (column by column, only
        the root layer's: no other is read again).

        Two float buffers of the largest layer's size take turns (fresh memory costs page faults). Where
        P(Flip 7) and P(bust) are carried they hold records (`_RECORD` floats a state).
        """
        most = max(layer.total for layer in self.layers)
        span = _RECORD if self.carry else 1
        self.buffers = (np.empty(span * most), np.empty(span * most))
        after_buffers = (np.empty(most), np.empty(most)) if self.track_once else None
        if self.column_major:  # `_backward_columns` writes no choice into an empty array
            self.hitting = [np.zeros(layer.total if layer.t == 0 else 0, dtype=np.uint8) for layer in self.layers]
        else:
            choices = np.zeros(sum(layer.total for layer in self.layers), dtype=np.uint8)
            ends = np.cumsum([layer.total for layer in self.layers])
            self.hitting = [choices[end - layer.total:end] for layer, end in zip(self.layers, ends.tolist())]
        upper = self.buffers[1][:0]
        upper_after = upper
        for t in reversed(range(len(self.layers))):
            layer = self.layers[t]
            n_left = self.size - t
            out = self.buffers[t % 2][:span * layer.total]
            records = out.reshape(-1, span)
            hitting = self.hitting[t]
            once: FloatArray | None = None
            if n_left == 0:
                once = self._exhausted(layer, records, hitting)
            else:
                optimal = self.policy is None
                self._expect(layer, n_left, upper, out, hitting, optimal, self.carry)
                if after_buffers is not None:
                    once = after_buffers[t % 2][:layer.total]
                    self._expect(layer, n_left, upper_after, once, hitting, False, False)
                if t == 0:
                    hit = np.empty(span * layer.total)
                    self._expect(layer, n_left, upper, hit, hitting.copy(), False, self.carry)
                    self.root_hit = float(hit[span * self.cols.root])
                    if self.carry:
                        self.root_flip7, self.root_bust = hit[span * self.cols.root + 1:span * self.cols.root + 3].tolist()
                if not optimal:
                    self._apply_policy(layer, n_left, records, once, hitting)
            if once is not None and after_buffers is not None:
                if t == 0:
                    self.root_once = float(once[self.cols.root])
                after = after_buffers[t % 2][:layer.total]
                after[:] = once  # the same memory unless the pile ran out here
                for s, first_row, cells, columns in self._blocks(layer):
                    block = after[cells].reshape(-1, len(columns))
                    deciding = self.cols.decision[columns]
                    block[:, deciding] = self.stay(first_row, block.shape[0], columns[deciding])
                upper_after = after
            upper = out

    def _expect(self, layer: _Layer, n_left: int, upper: FloatArray, out: FloatArray, hitting: ByteArray,
                optimal: bool, carry: bool) -> None:
        """Run `_backward_others` then `_backward_numbers` over layer ``t``.

        With ``carry`` ``upper`` and ``out`` hold records (`_RECORD`): P(Flip 7) and P(bust) by the end are carried
        beside the values.
        """
        rows, cols, tables = self.rows, self.cols, self.tables
        number_offset, side_offset = self._next_offsets(layer)
        if carry and self.column_major:
            _backward_columns(layer.t, n_left, layer.sizes, layer.offset, layer.row_count, side_offset, number_offset,
                              rows.start, rows.number_sum, rows.bust_base, rows.mask, rows.successor, self.counts,
                              tables.left, tables.left_value, self.top, self.flip7_at_top, self.bonus, cols.start,
                              tables.float_mult, tables.float_plus, tables.float_saves, tables.saved_live,
                              tables.saved_bank, tables.plain_bank, tables.run_start, tables.run_low, tables.run_high,
                              tables.run_shift, tables.run_weight, tables.run_saves, *self._modifier_blocks(),
                              cols.move_start, cols.move_rank, cols.move_left, tables.bank_mult, tables.bank_plus,
                              tables.chunk_start, tables.chunk_low, tables.chunk_high, tables.chunk_shift,
                              tables.chunk_live, cols.decision, cols.has_cards, self.tolerance, optimal, upper, out,
                              hitting)
            return
        cells = self._cells_before(layer)
        _in_parallel(_backward_others, cells, *self._others_arguments(layer, n_left, upper, out, hitting, optimal, carry))
        _in_parallel(_backward_numbers, cells, layer.t, n_left, layer.sizes, layer.offset, layer.cumulative_rows,
                     number_offset, rows.start, rows.mask, rows.number_sum, rows.successor, self.counts, self.top,
                     cols.start, tables.chunk_start, tables.chunk_low, tables.chunk_high, tables.chunk_shift,
                     tables.chunk_live, tables.float_mult, tables.float_plus, cols.decision, cols.has_cards,
                     self.tolerance, optimal, upper, out, hitting, carry)

    def _others_arguments(self, layer: _Layer, n_left: int, upper: FloatArray, out: FloatArray, hitting: ByteArray,
                          optimal: bool, carry: bool) -> tuple[Any, ...]:
        """`_backward_others`'s arguments after its rows ``first, stop``, for layer ``t``."""
        rows, cols, tables = self.rows, self.cols, self.tables
        _, side_offset = self._next_offsets(layer)
        return (layer.t, layer.sizes, layer.offset, layer.cumulative_rows, side_offset, rows.start, rows.number_sum,
                rows.bust_base, tables.left, tables.left_value, self.top, self.flip7_at_top, self.bonus, cols.start,
                tables.float_mult, tables.float_plus, tables.float_saves, tables.plain_bank, tables.saved_bank,
                tables.run_start, tables.run_low, tables.run_high, tables.run_shift, tables.run_weight,
                tables.run_saves, *self._modifier_blocks(), cols.move_start, cols.move_rank, cols.move_left,
                tables.bank_mult, tables.bank_plus, upper, out, carry, tables.saved_live, n_left, cols.decision,
                cols.has_cards, self.tolerance, optimal, hitting)

    def _modifier_blocks(self) -> tuple[IntArray, ...]:
        """The modifier blocks (`_Columns`), in the compiled loops' argument order."""
        cols = self.cols
        return cols.block_start, cols.block_low, cols.block_size, cols.block_first, cols.block_target

    def _blocks_and_modifiers(self) -> tuple[IntArray, ...]:
        """The modifier blocks and per-factor tables (`_Columns`), in the forward pass's argument order."""
        return *self._modifier_blocks(), self.cols.mod_next, self.cols.mod_left

    def _cells_before(self, layer: _Layer, sizes_shift: int = 0) -> IntArray:
        """Cells of the layer's rows (or, shifted, of the rows one size up) counted before each row."""
        widths = [self.cols.width(layer.t - s) for s in layer.sizes.tolist()]
        counts = [self.rows.count(s + sizes_shift) if s + sizes_shift <= self.top else 0 for s in layer.sizes.tolist()]
        per_row = np.repeat(widths, counts)
        return np.concatenate([[0], np.cumsum(per_row)]).astype(np.int64)

    def _apply_policy(self, layer: _Layer, n_left: int, records: FloatArray, once: FloatArray | None,
                      hitting: ByteArray) -> None:
        """``records`` (one row a state: the value, then, when carried, P(Flip 7) and P(bust) by the end) holds
        ``H``: let the policy choose per block, then keep ``V`` and the choice (and 0 for the probabilities where it
        stays)."""
        values = records[:, 0]
        for s, first_row, cells, columns in self._blocks(layer):
            hit = values[cells].reshape(-1, len(columns))
            stay = self.stay(first_row, hit.shape[0], columns)
            block_once = None if once is None else once[cells].reshape(hit.shape)
            choice = self._choose(s, first_row, columns, stay, hit, block_once, n_left)
            values[cells] = np.where(choice, hit, stay).ravel()
            hitting[cells] = choice.ravel()
            if self.carry:
                records[cells, 1:3] = np.where(choice.ravel()[:, None], records[cells, 1:3], 0.0)

    def _choose(self, s: int, first_row: int, columns: IntArray, stay: FloatArray, hit: FloatArray,
                once: FloatArray | None, n_left: int) -> NDArray[np.bool_]:
        """Where to draw: always in a forced phase or with an empty line, else as the policy says."""
        cols = self.cols
        can_draw = ~np.isnan(hit)
        must = ~cols.decision[columns][None, :] | ~(cols.has_cards[columns] | (s > 0))[None, :]
        if self.policy is None:
            chosen = hit > stay + self.tolerance
        else:
            bust_base = self.rows.bust_base[first_row:first_row + hit.shape[0]]
            bust = bust_base[:, None] - cols.saves[columns][None, :]
            context = DecisionContext(
                number_sum=self.rows.number_sum[first_row:first_row + hit.shape[0]][:, None],
                numbers_held=s + len(self.problem.numbers),
                bust_cards=np.where(cols.held[columns][None, :] == 1, 0, bust),
                pile_size=n_left,
                stay=stay,
                hit=hit,
                hit_once=once,
            )
            chosen = self.policy.hits(context)
        hit[~can_draw] = stay[~can_draw]
        return (must | chosen) & can_draw

    def _exhausted(self, layer: _Layer, records: FloatArray, hitting: ByteArray) -> FloatArray | None:
        """Drawing from an empty pile: the reshuffled discards (a new problem), or nothing to draw.

        Fills ``records`` (one row a state: the value, then, when carried, P(Flip 7) and P(bust) by the end)
        and ``hitting``; returns the draw-then-stay values when they are tracked.
        """
        cols = self.cols
        values = records[:, 0]
        once_all = np.empty(layer.total) if self.track_once else None
        for s, first_row, cells, columns in self._blocks(layer):
            stay = self.stay(first_row, (cells.stop - cells.start) // len(columns), columns)
            hit = np.full(stay.shape, np.nan)
            forced = ~cols.decision[columns]
            hit[:, forced] = stay[:, forced]  # a forced phase with nothing to draw banks
            once = hit.copy() if self.track_once else None
            carried = np.zeros(stay.shape + (2,))
            if self.problem.discards is not None:
                bust = self.rows.bust_base[first_row:first_row + stay.shape[0]][:, None] - cols.saves[columns][None, :]
                for r, b in zip(*np.nonzero(bust == 0)):  # other states are not real: the counts do not add up
                    sub = self._reshuffle(s, int(r), int(columns[b]))
                    if sub.draw is not None:
                        hit[r, b] = sub.draw.value
                        carried[r, b] = sub.draw.flip7_probability, sub.draw.bust_probability
                        if once is not None:
                            assert sub.draw_then_stay is not None
                            once[r, b] = sub.draw_then_stay
            choice = self._choose(s, first_row, columns, stay, hit, once, 0)
            values[cells] = np.where(choice, hit, stay).ravel()
            hitting[cells] = choice.ravel()
            if self.carry:
                records[cells, 1:3] = np.where(choice[:, :, None], carried, 0.0).reshape(-1, 2)
            if once_all is not None and once is not None:
                once_all[cells] = once.ravel()
        return once_all

    def _reshuffle(self, s: int, row: int, col: int) -> Solution:
        """Solve the round on from an exhausted pile: the discards plus the cards discarded this round."""
        key = (s, row, col)
        if key not in self.reshuffles:
            self.reshuffles[key] = solve(self._reshuffled_problem(s, row, col), self.tolerance, self.policy,
                                         self.track_once, None, self.distribution, self.probabilities)
        return self.reshuffles[key]

    def _reshuffled_problem(self, s: int, row: int, col: int) -> Problem:
        problem, cols = self.problem, self.cols
        assert problem.discards is not None
        drawn_mods = cols.mod_digits[cols.mod_index[col]].tolist()
        j, h, d = cols.sc_states[int(cols.sc_index[col])]
        forced = cols.forced_states[int(cols.forced_index[col])]
        mask = int(self.rows.mask[self.rows.start[s] + row])
        numbers = problem.numbers | {int(v) for i, v in enumerate(self.values) if mask >> i & 1}
        drawn = tuple(card for group, n in zip(self.mod_groups, drawn_mods) for card in group[:n])
        return reshuffled_problem(problem, frozenset(numbers), drawn, second_chances=j, held=bool(h), saved=d,
                                  flip_threes=forced.flip_threes, start=Start(forced.phase, forced.owed, forced.in_flight))

    # -- forward pass

    def solution(self) -> Solution:
        """Package the root's results, running the forward pass for the draw-now distribution (unless carried, or
        only the values are wanted: ``probabilities`` False)."""
        root = self.cols.root
        stay = int(self.rows.number_sum[0] * self.cols.mult[root] + self.cols.plus[root])
        may_stay = bool(self.cols.has_cards[root]) and bool(self.cols.decision[root])
        states = sum(layer.total for layer in self.layers)
        hits_now = bool(self.hitting[0][root])
        carried = self.carry or not self.probabilities
        draw = DrawResult(self.root_hit, self.root_flip7, self.root_bust, None) if carried else self._forward()
        return Solution(stay, draw, may_stay, hits_now, states, self.root_once)

    def _score_range(self) -> tuple[int, int]:
        """Bounds on every score a state can bank (interval arithmetic on sums, multipliers and plus)."""
        cols = self.cols
        sums = (int(self.rows.number_sum.min()), int(self.rows.number_sum.max()) + int(self.values.max(initial=0)))
        mults, pluses = cols.mod_parts[:, 0], cols.mod_parts[:, 1]
        corners = [a * int(m) for a in sums for m in (mults.min(), mults.max())]
        return min(0, min(corners) + int(pluses.min())), max(0, max(corners) + int(pluses.max()) + self.bonus)

    def _forward(self) -> DrawResult:
        """Push probability mass from the root (drawing now) through the chosen policy to the end."""
        low, high = self._score_range()
        n_rows = len(self.rows.mask)
        tally = np.zeros((n_rows, high - low + 1))
        flip7, bust = np.zeros(n_rows), np.zeros(n_rows)
        merged = _Merged()
        mass = self.buffers[0][:self.layers[0].total]
        mass[:] = 0.0
        mass[self.cols.root] = 1.0
        self.hitting[0][self.cols.root] = 1  # the draw-now result: the root draws whatever the policy says
        rows, cols, tables = self.rows, self.cols, self.tables
        for layer in self.layers:
            n_left = self.size - layer.t
            hitting = self.hitting[layer.t]
            if n_left == 0:
                self._forward_exhausted(layer, mass, hitting, tally, low, merged)
                continue
            following_layer = self.layers[layer.t + 1] if layer.t < self.last else None
            following = self.buffers[(layer.t + 1) % 2][:following_layer.total if following_layer else 0]
            number_offset, side_offset = self._next_offsets(layer)
            if following_layer is not None:
                for s, _, cells, _ in self._blocks(following_layer):
                    if s == following_layer.t:  # no modifier, Second Chance or action drawn yet: nothing arrives aside
                        following[cells] = 0.0
            _in_parallel(_forward_rows, self._cells_before(layer), layer.t, n_left, layer.sizes, layer.offset,
                         layer.cumulative_rows, side_offset, rows.start, rows.mask, rows.number_sum, rows.bust_base,
                         tables.left, self.values, self.counts, self.top, self.flip7_at_top, self.bonus, cols.start,
                         cols.saves, tables.score_class, tables.plain_bank, tables.saved_live, tables.saved_bank,
                         tables.own_bank, tables.mod_class, tables.class_mult, tables.class_plus,
                         tables.run_start, tables.run_low, tables.run_high, tables.run_shift, tables.run_weight,
                         tables.run_saves, *self._blocks_and_modifiers(), low, mass,
                         hitting, following, tally, flip7, bust)
            if following_layer is None:
                continue
            growing = [self.rows.count(s + 1) if s < self.top else 0 for s in layer.sizes.tolist()]
            target_cumulative = np.concatenate([[0], np.cumsum(growing)]).astype(np.int64)
            _in_parallel(_forward_numbers, self._cells_before(layer, 1), layer.t, layer.sizes, layer.offset,
                         target_cumulative, number_offset, rows.start, rows.mask, rows.predecessor, self.counts,
                         cols.start, tables.chunk_start, tables.chunk_low, tables.chunk_high, tables.chunk_shift,
                         tables.chunk_live, mass, following)
            mass = following
        distribution = {low + i: float(p) for i, p in enumerate(tally.sum(axis=0)) if p > 0}
        for score, p in merged.distribution.items():
            distribution[score] = distribution.get(score, 0.0) + p
        scores = dict(sorted((score, p) for score, p in distribution.items() if p > 0))
        return DrawResult(self.root_hit, float(flip7.sum()) + merged.flip7, float(bust.sum()) + merged.bust, scores)

    def _forward_exhausted(self, layer: _Layer, mass: FloatArray, hitting: ByteArray, tally: FloatArray, low: int,
                           merged: _Merged) -> None:
        """Mass at an empty pile: it banks, or goes on in the reshuffled problem's own results."""
        for s, first_row, cells, columns in self._blocks(layer):
            here = mass[cells].reshape(-1, len(columns))
            chosen = hitting[cells].reshape(here.shape)
            stay = self.stay(first_row, here.shape[0], columns)
            for r, b in zip(*np.nonzero(here)):
                weight = float(here[r, b])
                draw = None
                if chosen[r, b] and self.problem.discards is not None:
                    draw = self._reshuffle(s, int(r), int(columns[b])).draw
                if draw is None:
                    tally[first_row + r, int(stay[r, b]) - low] += weight
                else:
                    merged.add(draw, weight)


class _Merged:
    """Results of reshuffled sub-problems, weighted by the probability of reaching them."""

    def __init__(self) -> None:
        self.distribution: dict[int, float] = {}
        self.flip7 = 0.0
        self.bust = 0.0

    def add(self, draw: DrawResult, weight: float) -> None:
        """Record a sub-result reached with probability ``weight``."""
        assert draw.distribution is not None  # the forward pass solves the reshuffled piles with theirs
        for score, probability in draw.distribution.items():
            self.distribution[score] = self.distribution.get(score, 0.0) + weight * probability
        self.flip7 += weight * draw.flip7_probability
        self.bust += weight * draw.bust_probability

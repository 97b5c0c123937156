"""Exact value of hitting exactly once and then staying (`hit_once_score`), fast.

Hitting once is one draw, but a Flip Three you take (alone you must) forces three more, and a Flip
Three set aside during them three more again: at most ``T = 1 + 3 f`` draws with ``f`` Flip Threes in
the pile. Piles of at most ``T`` cards may run out during the draws (reshuffle); they are small, so
the literal engine (`flip7odds.engine`, `_literal`) walks them up to the reshuffle, and the walk below
takes over from there (the reshuffled pile cannot run out again). Larger piles use the walk throughout.

**Reduced state.** As in `flip7odds.solver`, the future depends on the literal state only through:

* the *row*: the new numbers drawn, a subset ``S`` of the numbers you do not hold, and the modifier
  cards drawn, a multiset ``M`` (a count per group of interchangeable modifiers, at most the group's
  size: `flip7odds.solver.modifier_groups`, the solver's reduction 6; the poker x2 figures are one group). The number sum is
  ``s = s0 + sum(S)`` and the score of staying is ``m(M) s + b(M)`` (`RuleSet.score` is linear in the
  number sum). The row's *level* is ``k = |S| + |M|``; rows of one level are dense arrays.
* the *column*: Second Chance held ``h``, Second Chances drawn ``j``, duplicates saved ``d``, Flip
  Threes drawn ``g``, Freezes drawn ``z`` and the Flip Three phase: draws ``r`` left in the current
  three (0: the free hit), Flip Threes ``w`` waiting, ``a`` set aside, and ``frozen`` (a Freeze set
  aside). Alone every set-aside Flip Three comes back to you, so ``w`` and ``a`` merge into one count
  of threes still owed, and once frozen it no longer matters. Not alone, ``frozen`` only matters when
  threes are waiting (without them you may bank anyway).

The cards drawn so far are ``t = k + j + d + g + z`` and the pile holds ``N - t``. Every held number
behaves alike (it busts you, or uses your Second Chance), so the pile's bust cards are one count
``B = B0 + sum_{u in S} (p_u - 1) - d`` (``p_u`` copies of ``u`` in the pile at the start).

**Recurrence.** ``v(x) = sum_c n_c W(x + c) / (N - t)`` over the card kinds ``c`` with ``n_c`` copies
left, where ``W`` is a terminal score (bust 0; Flip 7 ``m (s + u) + b + bonus``; bank ``m s + b``),
the next forced draw, or a choice (take a Flip Three or give it away, bank with a set-aside Freeze,
take any number of the set-aside Flip Threes) whose value is the best option. Only the free hit and
the end of a three offer choices. A new number or a modifier moves the row to level ``k + 1`` and
every other card keeps the row, so a column is one pass over the rows of its level: a new number ``u``
leads from ``(S, M)`` to ``(S + u, M)`` (the same multiset: a run of rows per subset), a modifier to
``(S, M + i)``, and the other cards read the same row of their column. The recursion over columns does
not depend on the rows: it is listed once per set of action cards in the pile (`_Planner`, a `_Plan` of
nodes: columns, choices between two options, banking) and a single compiled loop (`_walk`, compiled
ahead of time with the solver's, `flip7odds.native`) computes every node in turn, each over all the
rows of its level, keeping a node's values only until the last node that reads them is done.
Rows are every ``(S, M)`` of the level, some of them unreachable in a given column; their values are
never used. When the card after a draw always banks (the last draw of a three with nothing to
follow) the sum over new numbers and modifiers is closed::

    sum_{u not in S} p_u (m (s + u) + b) + sum_i n_i (m(M + i) s + b(M + i))
        = m (s P + U) + b P + s MM(M) + MP(M),   P = sum p_u,  U = sum p_u u,

with ``MM(M) = sum_i n_i m(M + i)`` and ``MP(M) = sum_i n_i b(M + i)`` tabled once per multiset
(``n_i`` copies of modifier kind ``i`` left); a row one number short of Flip 7 adds ``bonus P``.

**Exact arithmetic.** With ``D_t = (N - t)(N - t - 1)...(N - T + 1)`` the integer ``num(x) = v(x) D_t``
satisfies ``num(x) = sum_c n_c num(x + c)`` (terminal scores times ``D_{t+1}``): no division. Those
integers exceed 64 bits, so each is kept modulo a few (at least two) pairwise coprime moduli ``m`` of
at most ``2**45``, as float64 numbers (a residue is an integer below ``2**53``, so a float holds it
exactly, and sums of such integers that stay below ``2**53`` are exact: one vector operation adds a
whole run of rows). The moduli are chosen so that nothing leaves those ranges: a column adds at most
``N`` residues times copies (the copies of the cards left sum to at most ``N``), below ``N m``; the
terminal integer (below ``N`` times the score bound) times ``D_{t+1} mod m`` is formed in int64 (below
``2**63``) and brought below ``2 m`` in magnitude by a quotient estimated in floats (off by at most one);
the sum, below ``(N + 2) m``, is reduced by a float quotient off by at most one and one correction, every
step an integer below ``(N + 3) m <= 2**53``. The product of the moduli exceeds ``2 max |num|``, so the Chinese
remainder theorem rebuilds ``num`` exactly, and the value is ``Fraction(num, D_0)``.

**Closed columns.** A column from which no choice can be met (every card it draws leads to banking, the
end of the round or such a column; typically the last Flip Three, once no Flip Three is left to set aside) is
linear in its rows, and its rows factor: along a path of draws a new number's weight ``p_u`` and a saved
duplicate's ``B - d`` depend on ``S`` alone, a modifier's ``n_i`` on ``M`` alone, and every terminal score is
``m(M) s + b(M)`` (a Flip 7 adds ``bonus``). So with the *atoms* ``g = G^j m, G^j b, G^j 1`` (``j`` up to the
most draws ``delta`` from the column, ``(G g)(M) = sum_i n_i g(M + i)``, tabled once per multiset:
`_modifier_atoms`; ``G m = MM``, ``G b = MP``)::

    num(S, M) = D_r sum_g C[S, g] g(M),      r = t + delta,

where the integer table ``C`` over the subsets alone follows the recurrence: a new number sums ``p_u C'[S + u]``
of the next column's table, a modifier shifts it by one ``G`` (``C[S, G g] += C'[S, g]``), a card that keeps
the row adds its column's ``C[S]`` times its copies, and a terminal adds its score's coefficients, each part
scaled by ``D_{r'} / D_r`` (`_ratios`). Its entries are not negative and ``|num| / D_r`` is below ``D_t / D_r``
times the score bound, kept below ``2**61``, so the table is exact in int64. A closed column then costs its
table (tens of subsets times ``3 (delta + 1)`` atoms) instead of its rows (tens of thousands of multisets in
the poker deck), and only the closed columns that another node reads have rows at all: ``num`` there is the sum
above, reduced modulo each modulus and multiplied by ``D_r``, and the float is ``sum_g C g / (D_t / D_r)`` (one
rounding, closer than the draw-by-draw floats). Where the tables would cost more than the rows (the classic
deck's few modifiers) the columns stay rows.

A choice needs the order of exact values, which residues do not give. Floats computed alongside
decide it when the options differ by more than ``1e-9`` times the score bound: each draw adds a
relative rounding error of about ``1e-16`` per card kind, so over at most ``T`` draws the floats are
off by less than ``1e-12`` of it. Options closer than that are exactly equal when their residues
agree (two integers below half the moduli's product with the same residues are equal; either choice
gives the same value), and otherwise are compared exactly by their mixed-radix digits (Garner's
algorithm, in the compiled loop: `_walk`). So every choice, and the result, are exact. Alone there are no
choices (the floats are computed but never read).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from fractions import Fraction
from functools import cache, lru_cache
from math import gcd, prod
from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from flip7odds.cards import FLIP_THREE, FREEZE, SECOND_CHANCE, Card, Category
from flip7odds.engine import FLIP_THREE_DRAWS, Node, RoundRules, RoundState
from flip7odds.rules import RuleSet
from flip7odds.situation import Situation
from flip7odds.solver import compiled_loop, compressed_moves, modifier_groups, modifier_score_parts
from flip7odds.tree import Choice, Terminal

IntArray = NDArray[np.int64]
FloatArray = NDArray[np.float64]

_MAX_MODULUS_BITS = 45
_TOLERANCE = 1e-9
"""Floats closer than ``_TOLERANCE * (1 + largest score)`` are compared exactly."""


def hit_once_value(situation: Situation) -> Fraction:
    """E[round score if you hit exactly once, then stay], exactly (docs/model.md ``hit_once_score``).

    Forced follow-ups are played out (docs/rules.md, docs/model.md): a Flip Three you take (alone you must;
    not alone only if that is worth more than giving it away) forces three draws. Flip Threes set
    aside during them come back to you alone; not alone you take any number of them or none,
    whichever is worth more. A Freeze banks you when alone; set aside during a Flip Three it freezes
    you at the end of the three alone, and lets you bank there not alone. A Second Chance saves a
    duplicate during the three and the three go on; Flip 7 ends the round with the bonus.

    >>> from flip7odds.rules import CLASSIC
    >>> hit_once_value(Situation.from_text(CLASSIC, "12 11", pile="12*2 11 5 6 +4"))  # (0*3 + 28 + 29 + 27) / 6
    Fraction(14, 1)
    """
    pile = situation.pile
    most_draws = 1 + FLIP_THREE_DRAWS * pile[FLIP_THREE]
    if pile.size <= most_draws:
        return _literal(situation)
    return _Walk(situation, most_draws).value()


def _literal(situation: Situation, *, continue_by_walk: bool = True) -> Fraction:
    """The same value by the literal chance tree (small piles, where the pile may run out).

    Once the pile can no longer be refilled (no discard pile left to reshuffle) and holds more cards than
    the forced draws still owed can take, the rest of a Flip Three is continued by the walk (`_forced_value`):
    a pile that ran out onto a long discard pile would otherwise be walked literally, card by card, over
    every multiset of up to ``1 + 3 f`` cards of it (minutes). ``continue_by_walk=False`` walks everything
    literally (the tests' oracle).
    """
    round_rules = RoundRules(situation.rules, situation.alone)

    @cache
    def value(node: Node) -> Fraction:
        if isinstance(node, Terminal):
            return Fraction(node.score)
        if isinstance(node, Choice):
            return max(value(option) for _, option in node.options)
        if node.at_decision:
            return Fraction(node.line.score(situation.rules))
        return draw(node)

    def draw(state: RoundState) -> Fraction:
        if not state.can_draw:
            return Fraction(state.line.score(situation.rules))
        if continue_by_walk and state.discards is None and not state.at_decision:
            owed = state.forced + FLIP_THREE_DRAWS * (state.pending_flip_threes + state.aside_flip_threes
                                                      + state.pile[FLIP_THREE])
            if state.pile.size > owed:
                return _forced_value(situation, state, owed)
        size, outcomes = round_rules.draw_outcomes(state)
        return sum((Fraction(o.count, size) * value(o.node) for o in outcomes), Fraction(0))

    return draw(round_rules.start(situation))


def _forced_value(situation: Situation, state: RoundState, owed: int) -> Fraction:
    """The value of ``state``, in the middle of a Flip Three with at most ``owed`` draws to come, by the walk.

    The walk's column for the literal state: ``left`` is the draws owed; not alone, the Flip Threes
    waiting are the literal pending ones, the set-aside ones stay aside, and a set-aside Freeze matters
    only with threes waiting; alone, every set-aside Flip Three is owed too, unless a Freeze set aside ends
    it all (module docstring, "Reduced state"). The pile holds more than ``owed`` cards: it cannot run out.
    """
    if situation.alone:
        frozen = int(state.aside_freezes > 0)
        waiting, aside = (0, 0) if frozen else (state.pending_flip_threes + state.aside_flip_threes, 0)
    else:
        waiting, aside = state.pending_flip_threes, state.aside_flip_threes
        frozen = int(state.aside_freezes > 0 and waiting > 0)
    rest = Situation(situation.rules, state.line, state.pile, None, situation.others_active)
    column = _Column(0, int(state.line.second_chance), 0, 0, 0, 0, state.forced, waiting, aside, frozen)
    return _Walk(rest, owed).value_from(column)


class _Column(NamedTuple):
    """The column of a reduced state and the level of its rows (module docstring)."""

    level: int
    held: int
    sc_drawn: int
    saves: int
    flip_threes: int
    freezes: int
    left: int = 0
    waiting: int = 0
    aside: int = 0
    frozen: int = 0


_TABLE_COST = 1.0
"""Closed columns are computed by tables where their entries are fewer than this times their rows (`_Walk._closed`)."""
_BANK = -1
"""A plan's source that banks: the terminal score (`_Planner`)."""
_ABSENT = -2
"""A plan's source that is not there (an empty term slot)."""
_TERMS = 4
"""Cards that keep the row, at most: a duplicate saved, a Second Chance, a Flip Three, a Freeze."""
_FIELDS = 5 + 3 * _TERMS
"""Fields of a plan's node (`_Plan.nodes`)."""


class _Kind(IntEnum):
    """What a node of a plan computes for every row of its level."""

    COLUMN = 0
    """Drawing the next card: the next level's node (or banking), then up to `_TERMS` cards that keep the row."""
    CHOOSE = 1
    """The better of two nodes in each row (exactly)."""
    BANK = 2
    """The score of staying, as ``num`` at its depth."""


@dataclass(frozen=True)
class _Plan:
    """The walk from one column, as nodes in the order they are computed (each after the nodes it reads).

    It depends on the columns only, not on the rows: one plan serves every situation with the same action
    cards (`_plan`). ``nodes[n]`` holds the kind (`_Kind`), level, depth (cards drawn), then for a column
    the next level's node (`_BANK` when the next new number or modifier banks) and, for a choice, its
    two options (the one kept on a tie first); then the terms' sources (a node, `_BANK` or `_ABSENT`),
    copies and saves (`_Planner.value`'s terms, read by `_walk`). A node's values are kept in a slot of
    its level, reused once every node that reads them is done.
    """

    nodes: IntArray
    slots: IntArray
    """The slot of each node, among its level's."""
    slot_counts: IntArray
    """Slots per level."""
    degrees: IntArray
    """Per node, the most draws from it to the end of the round when no choice is met on the way, else -1: a column
    whose next level and terms are such columns or bank (`_Walk`'s closed columns)."""
    reads: IntArray
    """Every (node read, node reading it), a row each."""


class _Planner:
    """Lists the nodes of the walk from a column: the recursion of the module docstring, memoized by column."""

    def __init__(self, alone: bool, second_chances: int, flip_threes: int, freezes: int) -> None:
        self.alone = alone
        self.second_chances, self.flip_threes, self.freezes = second_chances, flip_threes, freezes
        self.nodes: list[list[int]] = []
        self.memo: dict[_Column, int] = {}
        self.bank_memo: dict[tuple[int, int], int] = {}

    def _add(self, kind: _Kind, level: int, depth: int, first: int = _BANK, second: int = _BANK,
             terms: tuple[tuple[int, int, int], ...] = ()) -> int:
        padded = list(terms) + [(_ABSENT, 0, -1)] * (_TERMS - len(terms))
        self.nodes.append([kind, level, depth, first, second] + [source for source, _, _ in padded]
                          + [copies for _, copies, _ in padded] + [saves for _, _, saves in padded])
        return len(self.nodes) - 1

    def value(self, column: _Column) -> int:
        """The node of a column: drawing the next card (the free hit when ``left == 0``)."""
        if column in self.memo:
            return self.memo[column]
        level, held, sc, saves, flip_threes, freezes, left, waiting, aside, frozen = column
        depth = level + sc + saves + flip_threes + freezes
        terms: list[tuple[int, int, int]] = []  # (source, copies, saves): copies -1 counts the row's bust cards
        if held:
            terms.append((self._after(
                _Column(level, 0, sc, saves + 1, flip_threes, freezes, left, waiting, aside, frozen)), -1, saves))
        if self.second_chances > sc:
            terms.append((self._after(_Column(level, 1, sc + 1, saves, flip_threes, freezes, left, waiting, aside,
                                              frozen)), self.second_chances - sc, -1))
        if self.flip_threes > flip_threes:
            copies = self.flip_threes - flip_threes
            if left == 0:
                taken = self.value(_Column(level, held, sc, saves, flip_threes + 1, freezes, FLIP_THREE_DRAWS))
                terms.append((taken if self.alone else self._choose([_BANK, taken], level, depth + 1), copies, -1))
            elif self.alone:
                owed = 0 if frozen else waiting + 1
                terms.append((self._after(_Column(level, held, sc, saves, flip_threes + 1, freezes, left, owed, 0,
                                                  frozen)), copies, -1))
            else:
                terms.append((self._after(_Column(level, held, sc, saves, flip_threes + 1, freezes, left, waiting,
                                                  aside + 1, frozen)), copies, -1))
        if self.freezes > freezes:
            copies = self.freezes - freezes
            if left == 0:
                terms.append((_BANK, copies, -1))
            elif self.alone:
                terms.append((self._after(_Column(level, held, sc, saves, flip_threes, freezes + 1, left, 0, 0, 1)),
                              copies, -1))
            else:
                terms.append((self._after(_Column(level, held, sc, saves, flip_threes, freezes + 1, left, waiting,
                                                  aside, 1 if waiting else 0)), copies, -1))
        # A new number or a modifier: the next level's rows.
        after = self._after(_Column(level + 1, held, sc, saves, flip_threes, freezes, left, waiting, aside, frozen))
        node = self._add(_Kind.COLUMN, level, depth, after, terms=tuple(terms))
        self.memo[column] = node
        return node

    def _after(self, column: _Column) -> int:
        """After a card that did not end the round (``column``: fields after it, ``left`` before it)."""
        level, held, sc, saves, flip_threes, freezes, left, waiting, aside, frozen = column
        if left == 0:
            return _BANK
        if left > 1:
            return self.value(_Column(level, held, sc, saves, flip_threes, freezes, left - 1, waiting, aside, frozen))
        # The three are done; alone the set-aside Flip Threes are already counted in ``waiting``.
        if self.alone:
            if frozen or waiting == 0:
                return _BANK
            return self.value(_Column(level, held, sc, saves, flip_threes, freezes, FLIP_THREE_DRAWS, waiting - 1))
        options = [_BANK] if waiting == 0 or frozen else []
        for taken in range(1 if waiting == 0 else 0, aside + 1):
            options.append(self.value(
                _Column(level, held, sc, saves, flip_threes, freezes, FLIP_THREE_DRAWS, waiting + taken - 1)))
        return self._choose(options, level, level + sc + saves + flip_threes + freezes)

    def _choose(self, options: list[int], level: int, depth: int) -> int:
        """The best option in each row (module docstring), option by option; ties keep the earlier option."""
        if len(options) == 1:
            return options[0]
        nodes = [self._bank(level, depth) if option == _BANK else option for option in options]
        best = nodes[0]
        for other in nodes[1:]:
            best = self._add(_Kind.CHOOSE, level, depth, best, other)
        return best

    def _bank(self, level: int, depth: int) -> int:
        key = (level, depth)
        if key not in self.bank_memo:
            self.bank_memo[key] = self._add(_Kind.BANK, level, depth)
        return self.bank_memo[key]

    def plan(self, column: _Column) -> _Plan:
        """The plan from ``column``: its node is the last."""
        root = self.value(column)
        nodes = np.array(self.nodes, dtype=np.int64).reshape(len(self.nodes), _FIELDS)
        assert root == len(nodes) - 1
        reads = [[source for source in node[3:5 + _TERMS] if source >= 0] for node in self.nodes]
        last_read = list(range(len(nodes)))
        for node, sources in enumerate(reads):
            for source in sources:
                last_read[source] = node
        levels = int(nodes[:, 1].max()) + 1
        free: list[list[int]] = [[] for _ in range(levels)]
        slot_counts = [0] * levels
        slots = np.zeros(len(nodes), dtype=np.int64)
        for node, sources in enumerate(reads):
            level = self.nodes[node][1]
            if free[level]:
                slots[node] = free[level].pop()
            else:
                slots[node] = slot_counts[level]
                slot_counts[level] += 1
            for source in set(sources):
                if last_read[source] == node:
                    free[self.nodes[source][1]].append(int(slots[source]))
        degrees = np.full(len(nodes), -1, dtype=np.int64)
        for node, sources in enumerate(reads):
            if nodes[node, 0] == _Kind.COLUMN and all(degrees[source] >= 0 for source in sources):
                degrees[node] = 1 + max((int(degrees[source]) for source in sources), default=0)
        edges = np.array([(source, node) for node, sources in enumerate(reads) for source in sources],
                         dtype=np.int64).reshape(-1, 2)
        return _Plan(nodes, slots, np.array(slot_counts, dtype=np.int64), degrees, edges)


@lru_cache(maxsize=64)
def _plan(alone: bool, second_chances: int, flip_threes: int, freezes: int, column: _Column) -> _Plan:
    """The plan of the walk from ``column`` with these action cards in the pile (cached: the app's taps share it)."""
    return _Planner(alone, second_chances, flip_threes, freezes).plan(column)


@compiled_loop
def _walk(nodes: IntArray, offsets: IntArray, level_size: IntArray, block_offset: IntArray, most_new: int,
          subsets: IntArray, subset_start: IntArray, subset_rank: IntArray, subset_sum: IntArray, subset_bust: IntArray,
          unheld_copies: IntArray, unheld_weighted: IntArray, number_copies: IntArray, multisets: IntArray,
          multiset_start: IntArray, stay_multiplier: IntArray, stay_plus: IntArray, then_multiplier: IntArray,
          then_plus: IntArray, modifier_pointers: IntArray, modifier_targets: IntArray, modifier_left: FloatArray,
          flip7_bonus: int, cards: int, moduli: IntArray, reciprocals: FloatArray, scale: IntArray,
          inverses: IntArray, half: IntArray, tolerance: float, values: FloatArray, terms: IntArray,
          digits: IntArray, closed: IntArray, reach: IntArray, shown: IntArray, ratio: IntArray, atoms: IntArray,
          tables: IntArray) -> None:
    """Every node of a plan (`_Plan`) in turn, each over all the rows of its level, into ``values`` from
    ``offsets[node]`` on: row by row, the residues of ``num`` modulo each modulus (at least two), then the float
    (``width + 1`` lanes a row; ``modifier_targets`` come multiplied by it).

    The rows of level ``k`` are blocks by ``a = |S|`` from ``block_offset[k, a]``: the subsets of size ``a``
    (``subsets[subset_start[a]:]``, in rank order), each with a run of rows, the multisets of ``k - a`` modifiers
    (``multisets[multiset_start[k - a]:]``). A column's row sums ``n_c num(x + c)`` over the cards: a new
    number ``u`` leads to the row of ``S + u`` in the next level's block ``a + 1``, whose multisets are the
    same, so the whole run of ``S`` reads the run of ``S + u``; a card that keeps the row reads the same run
    of its node, or banks; a modifier leads to ``M + i`` in block ``a`` (``modifier_*``, per multiset: the
    rank of ``M + i`` among its size and the copies left); unless the next card banks, then the closed form
    (module docstring); a Flip 7 at ``a = most_new``. The terminal integer times ``D_{t+1}`` (``scale``)
    is added last and each residue reduced; the floats are divided by the cards left. Residues are summed
    in floats: every sum is an integer below ``2**53``, so exact (`_Walk`).

    A choice keeps the better option in each row by the floats, and where they are within ``tolerance``
    with different residues, by the exact integers: Garner's mixed-radix digits (``digits``, base the moduli:
    ``x = d_0 + d_1 m_0 + d_2 m_0 m_1 + ...``, ``inverses[j, i]`` is ``m_j``'s inverse modulo ``m_i``) order
    ``x`` in ``[0, prod m)``, and ``x`` stands for a negative ``num`` when its digits exceed ``half``'s (the
    digits of ``(prod m - 1) // 2``). Products of residues go by 15-bit pieces, so that nothing exceeds
    ``2**61`` (moduli below ``2**45``).

    A closed column (``closed[n] >= 0``, module docstring "Closed columns") fills its table instead: the rows
    ``closed[n] * len(subsets) + s`` of ``tables``, one per subset in the order of ``subsets``, its coefficients of
    the atoms (``atoms``, a row per multiset code) in units of ``D_r`` (``r = reach[n]``, ``ratio[t, r] = D_t / D_r``),
    from its next column's and terms' tables; then, if ``shown[n]``, its rows from the table.
    """
    width = moduli.shape[0]
    lanes = width + 1
    lanes_ = np.uint64(lanes)
    bits = number_copies.shape[0]
    sizes = multiset_start.shape[0] - 1
    atom_count, subset_count = atoms.shape[1], subsets.shape[0]
    for n in range(nodes.shape[0]):
        kind, level, depth, out = nodes[n, 0], nodes[n, 1], nodes[n, 2], offsets[n]
        rows = level_size[level]
        bank_copies, bank_saves, saves_banked = 0, 0, 0  # a column's cards that bank: copies, or bust cards minus saves
        for q in range(4):
            if nodes[n, 5 + q] == -1:
                if nodes[n, 13 + q] < 0:
                    bank_copies += nodes[n, 9 + q]
                else:
                    bank_saves, saves_banked = 1, nodes[n, 13 + q]
        if closed[n] >= 0:
            x, r, after = closed[n], reach[n], nodes[n, 3]
            stay = ratio[depth + 1, r]  # a terminal score times D_{t+1}, in units of D_r
            for a in range(most_new + 1):
                last = a == most_new
                for s in range(subset_start[a], subset_start[a + 1]):
                    subset = subsets[s]
                    number_sum, bust = subset_sum[subset], subset_bust[subset]
                    copies, weighted = unheld_copies[subset], unheld_weighted[subset]
                    banking = bank_copies + bank_saves * max(bust - saves_banked, 0)
                    multiplier_part, plus_part = banking * number_sum, banking
                    if last or after < 0:
                        multiplier_part += number_sum * copies + weighted
                        plus_part += copies
                    for i in range(atom_count):
                        tables[x * subset_count + s, i] = 0
                    tables[x * subset_count + s, 0] = stay * multiplier_part
                    tables[x * subset_count + s, 1] = stay * plus_part
                    if last:
                        tables[x * subset_count + s, 2] = stay * flip7_bonus * copies
                    if after < 0:
                        tables[x * subset_count + s, 3] = stay * number_sum
                        tables[x * subset_count + s, 4] = stay
                    else:
                        y, factor = closed[after], ratio[reach[after], r]
                        for i in range(atom_count - 3):  # a modifier: G of each atom
                            tables[x * subset_count + s, i + 3] += factor * tables[y * subset_count + s, i]
                        if not last:
                            for bit in range(bits):
                                if not (subset >> bit) & 1:
                                    child = subset_start[a + 1] + subset_rank[subset | (1 << bit)]
                                    weight = number_copies[bit] * factor
                                    for i in range(atom_count):
                                        tables[x * subset_count + s, i] += weight * tables[y * subset_count + child, i]
                    for q in range(4):
                        source = nodes[n, 5 + q]
                        if source < 0:
                            continue
                        weight = nodes[n, 9 + q] if nodes[n, 13 + q] < 0 else max(bust - nodes[n, 13 + q], 0)
                        weight *= ratio[reach[source], r]
                        y = closed[source]
                        for i in range(atom_count):
                            tables[x * subset_count + s, i] += weight * tables[y * subset_count + s, i]
            if shown[n] == 0:
                continue
            sizes_ratio = float(ratio[depth, r])
            for a in range(min(level, most_new) + 1):
                mods = level - a
                if mods >= sizes:
                    continue
                count = multiset_start[mods + 1] - multiset_start[mods]
                for s in range(subset_start[a], subset_start[a + 1]):
                    run = block_offset[level, a] + (s - subset_start[a]) * count
                    for m in range(count):
                        code = multisets[multiset_start[mods] + m]
                        total = 0
                        for i in range(atom_count):
                            total += tables[x * subset_count + s, i] * atoms[code, i]
                        row = out + (run + m) * lanes
                        for k in range(width):
                            modulus = moduli[k]
                            remainder = total - int(np.floor(total * reciprocals[k])) * modulus
                            if remainder < 0:
                                remainder += modulus
                            elif remainder >= modulus:
                                remainder -= modulus
                            # remainder * D_r mod m: the product modulo 2**64 less an estimated multiple of m (the
                            # quotient off by at most one, so the difference is below 2 m in magnitude)
                            quotient = int(float(remainder) * float(scale[r, k]) * reciprocals[k])
                            scaled = np.int64(np.uint64(remainder) * np.uint64(scale[r, k])
                                              - np.uint64(quotient) * np.uint64(modulus))
                            if scaled < 0:
                                scaled += modulus
                            elif scaled >= modulus:
                                scaled -= modulus
                            values[row + k] = float(scaled)
                        values[row + width] = total / sizes_ratio
            continue
        if kind == 1:
            best, other = offsets[nodes[n, 3]], offsets[nodes[n, 4]]
            for r in range(rows):
                gap = values[other + r * lanes + width] - values[best + r * lanes + width]
                take = gap > tolerance
                if not take and gap >= -tolerance:
                    differ = False
                    for k in range(width):
                        differ = differ or values[other + r * lanes + k] != values[best + r * lanes + k]
                    if differ:
                        for side in range(2):
                            source = other + r * lanes if side == 0 else best + r * lanes
                            for i in range(width):
                                digit = int(values[source + i])
                                for j in range(i):
                                    digit = (digit - digits[side, j]) % moduli[i]
                                    product = 0
                                    for piece in range(2, -1, -1):
                                        product = (product * 32768
                                                   + digit * ((inverses[j, i] >> (15 * piece)) & 32767)) % moduli[i]
                                    digit = product
                                digits[side, i] = digit
                        order = np.zeros(3, dtype=np.int64)  # other vs best, other vs half, best vs half
                        for pair in range(3):
                            for i in range(width - 1, -1, -1):
                                left = digits[0, i] if pair < 2 else digits[1, i]
                                right = digits[1, i] if pair == 0 else half[i]
                                if left != right:
                                    order[pair] = 1 if left > right else -1
                                    break
                        other_negative, best_negative = order[1] > 0, order[2] > 0
                        take = best_negative if other_negative != best_negative else order[0] > 0
                source = np.uint64((other if take else best) + r * lanes)
                target = np.uint64(out + r * lanes)
                for k in range(lanes_):
                    values[target + k] = values[source + k]
            continue
        after = nodes[n, 3]
        modulus0, modulus1, reciprocal0, reciprocal1 = moduli[0], moduli[1], reciprocals[0], reciprocals[1]
        float_modulus0, float_modulus1 = float(modulus0), float(modulus1)
        scale0, scale1 = scale[depth + 1, 0], scale[depth + 1, 1]
        per_card = 1.0 / (cards - depth)  # the floats are divided by the cards left (one more rounding)
        for q in range(4):  # source (an offset, -1 bank, -2 absent), copies, saves
            terms[q, 0] = offsets[nodes[n, 5 + q]] if nodes[n, 5 + q] >= 0 else nodes[n, 5 + q]
            terms[q, 1], terms[q, 2] = nodes[n, 9 + q], nodes[n, 13 + q]
        for a in range(min(level, most_new) + 1):
            mods = level - a
            if mods >= sizes:
                continue
            count = multiset_start[mods + 1] - multiset_start[mods]
            above = multiset_start[mods + 2] - multiset_start[mods + 1] if mods + 1 < sizes else 0
            last = a == most_new
            length = np.uint64(count * lanes)
            for s in range(subset_start[a], subset_start[a + 1]):
                subset = subsets[s]
                number_sum, bust = subset_sum[subset], subset_bust[subset]
                copies, weighted = unheld_copies[subset], unheld_weighted[subset]
                run = block_offset[level, a] + (s - subset_start[a]) * count
                if kind == 2:
                    for m in range(count):
                        code = multisets[multiset_start[mods] + m]
                        bank = stay_multiplier[code] * number_sum + stay_plus[code]
                        row = out + (run + m) * lanes
                        for k in range(width):
                            residue = bank * scale[depth, k]
                            residue -= int(residue * reciprocals[k]) * moduli[k]
                            values[row + k] = residue % moduli[k]
                        values[row + width] = bank
                    continue
                start = np.uint64(out + run * lanes)  # unsigned indices: no test for negative ones
                values[start:start + length] = 0.0
                if after >= 0 and not last:
                    for bit in range(bits):
                        if not (subset >> bit) & 1:
                            weight = float(number_copies[bit])
                            origin = np.uint64(offsets[after] + (block_offset[level + 1, a + 1]
                                                                 + subset_rank[subset | (1 << bit)] * count) * lanes)
                            for i in range(length):
                                values[start + i] += weight * values[origin + i]
                for q in range(4):
                    if terms[q, 0] < 0:
                        continue
                    weight = float(terms[q, 1] if terms[q, 2] < 0 else max(bust - terms[q, 2], 0))
                    origin = np.uint64(terms[q, 0] + run * lanes)
                    for i in range(length):
                        values[start + i] += weight * values[origin + i]
                modifier_base = np.uint64(offsets[after] + (block_offset[level + 1, a]
                                                            + (s - subset_start[a]) * above) * lanes)
                for m in range(count):
                    code = multisets[multiset_start[mods] + m]
                    bank = stay_multiplier[code] * number_sum + stay_plus[code]
                    row = start + np.uint64(m) * lanes_
                    first, second, value = values[row], values[row + np.uint64(1)], values[row + np.uint64(width)]
                    if after >= 0:
                        for e in range(np.uint64(modifier_pointers[code]), np.uint64(modifier_pointers[code + 1])):
                            weight, target = modifier_left[e], modifier_base + np.uint64(modifier_targets[e])
                            first += weight * values[target]
                            second += weight * values[target + np.uint64(1)]
                            value += weight * values[target + np.uint64(width)]
                            for k in range(2, width):
                                values[row + np.uint64(k)] += weight * values[target + np.uint64(k)]
                    then_numbers = stay_multiplier[code] * (number_sum * copies + weighted) + stay_plus[code] * copies
                    terminal = then_numbers + flip7_bonus * copies if last else 0
                    if after < 0:
                        terminal += (0 if last else then_numbers) + number_sum * then_multiplier[code] + then_plus[code]
                    terminal += bank_copies * bank + bank_saves * max(bust - saves_banked, 0) * bank
                    # residue = (first + terminal * D_{t+1}) mod m: the integer part exact in int64, the sum in floats
                    residue = terminal * scale0
                    first += float(residue - int(residue * reciprocal0) * modulus0)
                    first -= np.floor(first * reciprocal0) * float_modulus0
                    if first < 0.0:  # rare (the quotient rounded up): branches, off the critical path
                        first += float_modulus0
                    elif first >= float_modulus0:
                        first -= float_modulus0
                    residue = terminal * scale1
                    second += float(residue - int(residue * reciprocal1) * modulus1)
                    second -= np.floor(second * reciprocal1) * float_modulus1
                    if second < 0.0:
                        second += float_modulus1
                    elif second >= float_modulus1:
                        second -= float_modulus1
                    values[row], values[row + np.uint64(1)] = first, second
                    for k in range(2, width):
                        residue = terminal * scale[depth + 1, k]
                        total = values[row + np.uint64(k)] + (residue - int(residue * reciprocals[k]) * moduli[k])
                        total -= np.floor(total * reciprocals[k]) * moduli[k]
                        if total < 0.0:
                            total += moduli[k]
                        elif total >= moduli[k]:
                            total -= moduli[k]
                        values[row + np.uint64(k)] = total
                    values[row + np.uint64(width)] = (value + terminal) * per_card


@dataclass(frozen=True)
class _Multisets:
    """Per multiset ``M`` of modifiers (mixed radix code over the groups of interchangeable cards,
    `flip7odds.solver.modifier_groups`): ``m``, ``b``, ``MM``, ``MP``; the multisets by size in rank order, and
    each one's modifier moves (compressed rows: the rank of ``M + i`` among its size, the copies of group ``i``
    left)."""

    stay_multiplier: IntArray
    stay_plus: IntArray
    then_multiplier: IntArray
    then_plus: IntArray
    counts: tuple[int, ...]
    """Multisets of each size."""
    codes: IntArray
    """The codes by size, in rank order within a size."""
    start: IntArray
    """Where each size starts in ``codes``."""
    pointers: IntArray
    targets: IntArray
    left: FloatArray


@lru_cache(maxsize=64)
def _multisets(rules: RuleSet, line_modifiers: tuple[Card, ...], modifiers: tuple[tuple[Card, ...], ...]) -> _Multisets:
    """The `_Multisets` of a line's modifiers and the pile's (cached: a tap that shows a number keeps them)."""
    radix = [1]
    for group in modifiers:
        radix.append(radix[-1] * (len(group) + 1))
    modifier_radix = np.array(radix[:-1], dtype=np.int64)
    codes = np.arange(radix[-1], dtype=np.int64)
    digits = [(codes // r) % (len(group) + 1) for r, group in zip(radix, modifiers)]
    modifier_digits = np.array(digits, dtype=np.int64).reshape(len(modifiers), len(codes))
    multiplier, plus = modifier_score_parts(rules, line_modifiers, list(modifiers), modifier_digits.T)
    stay_multiplier, stay_plus = np.ascontiguousarray(multiplier), np.ascontiguousarray(plus)
    then_multiplier = np.zeros_like(codes)
    then_plus = np.zeros_like(codes)
    for i, group in enumerate(modifiers):
        left = len(group) - modifier_digits[i]
        grown = np.where(left > 0, codes + radix[i], 0)
        then_multiplier += left * stay_multiplier[grown]
        then_plus += left * stay_plus[grown]
    size = modifier_digits.sum(axis=0) if modifiers else np.zeros_like(codes)
    by_size, rank = _ranked(codes, size)
    counts = tuple(len(group) for group in by_size)
    copies = np.array([len(group) for group in modifiers], dtype=np.int64)
    left = copies[:, None] - modifier_digits
    pointers, targets, copies_left = compressed_moves(rank[np.where(left > 0, codes + modifier_radix[:, None], 0)].T,
                                                      left.T, (left > 0).T)
    return _Multisets(stay_multiplier, stay_plus, then_multiplier, then_plus, counts, np.concatenate(by_size),
                      np.cumsum((0,) + counts, dtype=np.int64), pointers, targets, copies_left)


@lru_cache(maxsize=64)
def _ratios(cards: int, score_bound: int, limit: int) -> IntArray:
    """``ratio[t, r] = D_t / D_r = (N - t)(N - t - 1)...(N - r + 1)`` for ``t <= r < limit``, where it times the score
    bound is below ``2**61`` (0 elsewhere): the integers of a closed column from depth ``t`` scaled to ``D_r``."""
    ratio = np.zeros((limit, limit), dtype=np.int64)
    for t in range(limit):
        product = 1
        for r in range(t, limit):
            if product * score_bound >= 1 << 61:
                break
            ratio[t, r] = product
            product *= cards - r
    return ratio


@lru_cache(maxsize=64)
def _modifier_atoms(rules: RuleSet, line_modifiers: tuple[Card, ...], modifiers: tuple[tuple[Card, ...], ...],
                    deepest: int) -> IntArray:
    """The modifier atoms of closed columns (module docstring): per multiset code, ``G^j m``, ``G^j b`` and ``G^j 1``
    side by side for ``j = 0..deepest``, with ``(G g)(M) = sum_i n_i g(M + i)``."""
    multisets = _multisets(rules, line_modifiers, modifiers)
    radix = [1]
    for group in modifiers:
        radix.append(radix[-1] * (len(group) + 1))
    codes = np.arange(radix[-1], dtype=np.int64)
    moves = []
    for i, group in enumerate(modifiers):
        left = len(group) - (codes // radix[i]) % (len(group) + 1)
        moves.append((left, np.where(left > 0, codes + radix[i], 0)))
    atoms = np.zeros((len(codes), 3 * (deepest + 1)), dtype=np.int64)
    atoms[:, 0], atoms[:, 1], atoms[:, 2] = multisets.stay_multiplier, multisets.stay_plus, 1
    for j in range(1, deepest + 1):
        for left, grown in moves:
            atoms[:, 3 * j:3 * j + 3] += left[:, None] * atoms[grown, 3 * j - 3:3 * j]
    return atoms


class _Walk:
    """The exact walk over reduced states (module docstring): the rows' tables of one situation, and `_walk`."""

    def __init__(self, situation: Situation, most_draws: int) -> None:
        rules, pile, line = situation.rules, situation.pile, situation.line
        self.alone = situation.alone
        self.size = pile.size
        self.start_held = int(line.second_chance)
        self.flip7_bonus = rules.flip7_bonus
        self.second_chances, self.flip_threes, self.freezes = pile[SECOND_CHANCE], pile[FLIP_THREE], pile[FREEZE]
        numbers = [(c.value, n) for c, n in pile.items_ if c.category is Category.NUMBER]
        unheld = [(value, n) for value, n in numbers if value not in line.numbers]
        self.bust_start = sum(n for value, n in numbers if value in line.numbers)
        self.most_new = rules.flip7_size - 1 - len(line.numbers)
        """``L``: rows hold at most this many new numbers; one more is a Flip 7."""
        self.number_copies = np.array([n for _, n in unheld], dtype=np.int64)
        self._subset_tables(unheld, sum(line.numbers))
        self.modifier_key = (rules, line.modifiers, tuple(modifier_groups(rules, pile, line.modifiers)))
        self.multisets = _multisets(*self.modifier_key)

        # Score bound, moduli and the scale D_t.
        score_bound = int(np.abs(self.multisets.stay_multiplier).max()) * (sum(line.numbers) + sum(v for v, _ in unheld))
        score_bound += int(np.abs(self.multisets.stay_plus).max()) + abs(rules.flip7_bonus) + 1
        self.score_bound = score_bound
        self.tolerance = _TOLERANCE * score_bound
        # A column sums at most N residues times copies in floats, exactly below 2**53 (N + 3 residues, with the
        # terminal residue and the reduction), and a terminal integer below N * score_bound times a residue in int64.
        bits = min(_MAX_MODULUS_BITS, 62 - (self.size * score_bound).bit_length(), 53 - (self.size + 3).bit_length())
        scale = [1] * (most_draws + 1)
        for t in reversed(range(most_draws)):
            scale[t] = scale[t + 1] * (self.size - t)
        self.denominator = scale[0]
        moduli: list[int] = []
        candidate = 1 << bits
        while prod(moduli) <= 2 * score_bound * scale[0] or len(moduli) < 2:  # `_walk` keeps two in registers
            if all(gcd(candidate, modulus) == 1 for modulus in moduli):
                moduli.append(candidate)
            candidate -= 1
        self.moduli = moduli
        self.moduli_row = np.array(moduli, dtype=np.int64)
        self.scale = np.array([[d % modulus for modulus in moduli] for d in scale], dtype=np.int64)
        self.inverses = np.array([[pow(mj, -1, mi) if j < i else 0 for i, mi in enumerate(moduli)]
                                  for j, mj in enumerate(moduli)], dtype=np.int64)
        half, digits = (prod(moduli) - 1) // 2, []
        for modulus in moduli:
            half, digit = divmod(half, modulus)
            digits.append(digit)
        self.half = np.array(digits, dtype=np.int64)

    # ----- row tables -------------------------------------------------------------------------

    def _subset_tables(self, unheld: list[tuple[int, int]], start_sum: int) -> None:
        """Per subset ``S`` of the unheld numbers (a bit mask): size, sum, bust cards, ``P``, ``U``, rank; the
        subsets by size (up to ``L``) in rank order."""
        masks = np.arange(1 << len(unheld), dtype=np.int64)
        self.subset_size = np.zeros_like(masks)
        self.subset_sum = np.full_like(masks, start_sum)
        self.subset_bust = np.full_like(masks, self.bust_start)
        self.unheld_copies = np.zeros_like(masks)
        self.unheld_weighted = np.zeros_like(masks)
        for bit, (value, copies) in enumerate(unheld):
            drawn = masks >> bit & 1
            self.subset_size += drawn
            self.subset_sum += drawn * value
            self.subset_bust += drawn * (copies - 1)
            self.unheld_copies += (1 - drawn) * copies
            self.unheld_weighted += (1 - drawn) * copies * value
        by_size, self.subset_rank = _ranked(masks, self.subset_size)
        self.subsets_by_size = [by_size[a] if a < len(by_size) else masks[:0] for a in range(self.most_new + 1)]
        self.subsets = np.concatenate(self.subsets_by_size)
        self.subset_start = np.cumsum([0] + [len(group) for group in self.subsets_by_size], dtype=np.int64)

    def _block_offsets(self, levels: int) -> IntArray:
        """``block_offset[k, a]``: the first row of the block of ``a`` new numbers in level ``k``; ``a = L + 1``
        (and the column after) the level's size."""
        subsets = [len(group) for group in self.subsets_by_size]
        offsets = np.zeros((levels, self.most_new + 3), dtype=np.int64)
        for level in range(levels):
            for a in range(self.most_new + 1):
                mods = level - a
                counts = self.multisets.counts
                rows = subsets[a] * counts[mods] if 0 <= mods < len(counts) else 0
                offsets[level, a + 1] = offsets[level, a] + rows
            offsets[level, -1] = offsets[level, -2]
        return offsets

    # ----- the walk -----------------------------------------------------------------------------

    def value(self) -> Fraction:
        """hit_once_score for the situation."""
        return self.value_from(_Column(0, self.start_held, 0, 0, 0, 0))

    def value_from(self, column: _Column) -> Fraction:
        """The exact value of the situation's own line (the empty row) in ``column`` of level 0."""
        plan = _plan(self.alone, self.second_chances, self.flip_threes, self.freezes, column)
        levels = len(plan.slot_counts)
        block_offset = self._block_offsets(levels + 1)
        level_size = np.ascontiguousarray(block_offset[:, -1])
        width = len(self.moduli)
        pools = level_size[:levels] * plan.slot_counts * (width + 1)
        pool_start = np.concatenate([[0], np.cumsum(pools)]).astype(np.int64)
        node_levels = plan.nodes[:, 1]
        offsets = pool_start[node_levels] + plan.slots * level_size[node_levels] * (width + 1)
        values = np.empty(int(pool_start[-1]))
        multisets = self.multisets
        closed, reach, shown, ratio, atoms = self._closed(plan, level_size)
        tables = np.empty(((int(closed.max()) + 1) * len(self.subsets), atoms.shape[1]), dtype=np.int64)
        _walk(plan.nodes, offsets, level_size, block_offset, self.most_new, self.subsets, self.subset_start,
              self.subset_rank, self.subset_sum, self.subset_bust, self.unheld_copies, self.unheld_weighted,
              self.number_copies, multisets.codes, multisets.start, multisets.stay_multiplier, multisets.stay_plus,
              multisets.then_multiplier, multisets.then_plus, multisets.pointers, multisets.targets * (width + 1),
              multisets.left, self.flip7_bonus, self.size, self.moduli_row, 1.0 / self.moduli_row, self.scale,
              self.inverses, self.half, self.tolerance, values, np.empty((_TERMS, 3), dtype=np.int64),
              np.empty((2, width), dtype=np.int64), closed, reach, shown, ratio, atoms, tables)
        return Fraction(self._rebuild(values[offsets[-1]:][:width].astype(np.int64)), self.denominator)

    def _closed(self, plan: _Plan, level_size: IntArray) -> tuple[IntArray, IntArray, IntArray, IntArray, IntArray]:
        """The plan's closed columns (module docstring, "Closed columns"): per node its table (-1: not closed), the
        depth ``r`` its integers are scaled to, and whether `_walk` writes its rows (a node that is not closed reads
        it, or it is the root); ``ratio[t, r] = D_t / D_r`` (`_ratios`); the modifier atoms (`_modifier_atoms`).

        A column is closed when it meets no choice (`_Plan.degrees`), its integers stay below ``2**61``
        (``D_t / D_r`` times the score bound) and its tables cost less than its rows would."""
        depths, degrees = plan.nodes[:, 2], plan.degrees
        ratio = _ratios(self.size, self.score_bound, len(self.scale))
        reach = np.where(degrees >= 0, depths + degrees, 0)
        closable = (degrees >= 0) & (ratio[depths, reach] > 0)
        deepest = int(degrees[closable].max(initial=0))
        table_cost = int(closable.sum()) * len(self.subsets) * 3 * (deepest + 1)
        if table_cost >= _TABLE_COST * int(level_size[plan.nodes[closable, 1]].sum()):
            nothing = np.full(len(depths), -1, dtype=np.int64)
            return nothing, reach, np.zeros_like(nothing), ratio, np.zeros((1, 3), dtype=np.int64)
        closed = np.where(closable, np.cumsum(closable) - 1, -1)
        read_open = np.bincount(plan.reads[~closable[plan.reads[:, 1]], 0], minlength=len(closable)) > 0
        read_open[-1] = True  # the root
        shown = (closable & read_open).astype(np.int64)
        return closed, reach, shown, ratio, _modifier_atoms(*self.modifier_key, deepest)

    def _rebuild(self, residues: IntArray) -> int:
        """The integer with these residues and absolute value below half the moduli's product (CRT)."""
        total = prod(self.moduli)
        number = 0
        for residue, modulus in zip(residues, self.moduli):
            rest = total // modulus
            number += int(residue) * rest * pow(rest, -1, modulus)
        number %= total
        return number - total if 2 * number > total else number


def _ranked(codes: IntArray, sizes: IntArray) -> tuple[list[IntArray], IntArray]:
    """Codes grouped by size (ascending within a size), and each code's rank within its size."""
    groups = [codes[sizes == size] for size in range(int(sizes.max()) + 1)]
    rank = np.zeros_like(codes)
    for group in groups:
        rank[group] = np.arange(len(group))
    return groups, rank

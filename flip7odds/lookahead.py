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
every other card keeps the row, so a column is one pass over the rows of its level (`_walk_column`, a
compiled loop): a sparse matrix product (copies of each new number / modifier, level ``k`` to ``k + 1``,
in compressed rows built by `_walk_children`) plus the cards that keep the row. Choices between two
options go row by row too (`_walk_choose`). The three loops are compiled ahead of time with the solver's
(`flip7odds.native`).
Rows are every ``(S, M)`` of the level, some of them unreachable in a given column; their values are
never used. When the card after a draw always banks (the last draw of a three with nothing to
follow) the sum over new numbers and modifiers is closed::

    sum_{u not in S} p_u (m (s + u) + b) + sum_i n_i (m(M + i) s + b(M + i))
        = m (s P + U) + b P + s MM(M) + MP(M),   P = sum p_u,  U = sum p_u u,

with ``MM(M) = sum_i n_i m(M + i)`` and ``MP(M) = sum_i n_i b(M + i)`` tabled once per multiset
(``n_i`` copies of modifier kind ``i`` left); a row one number short of Flip 7 adds ``bonus P``.

**Exact arithmetic.** With ``D_t = (N - t)(N - t - 1)...(N - T + 1)`` the integer ``num(x) = v(x) D_t``
satisfies ``num(x) = sum_c n_c num(x + c)`` (terminal scores times ``D_{t+1}``): no division. Those
integers exceed 64 bits, so each is kept modulo a few pairwise coprime moduli of at most ``2**45``
in int64 numpy arithmetic. The moduli are chosen so that nothing overflows: a column adds at most
``N`` residues times copies and terminal integers below ``N`` times the score bound, times one
residue, all below ``2**63``. The product of the moduli exceeds ``2 max |num|``, so the Chinese
remainder theorem rebuilds ``num`` exactly, and the value is ``Fraction(num, D_0)``.

A choice needs the order of exact values, which residues do not give. Floats computed alongside
decide it when the options differ by more than ``1e-9`` times the score bound: each draw adds a
relative rounding error of about ``1e-16`` per card kind, so over at most ``T`` draws the floats are
off by less than ``1e-12`` of it. Options closer than that are exactly equal when their residues
agree (two integers below half the moduli's product with the same residues are equal; either choice
gives the same value), and otherwise are compared exactly after rebuilding their integers. So every
choice, and the result, are exact. Alone there are no choices and no floats.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import gcd, prod
from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from flip7odds.cards import FLIP_THREE, FREEZE, SECOND_CHANCE, Card, Category
from flip7odds.engine import FLIP_THREE_DRAWS, Choice, Node, RoundRules, RoundState, Terminal
from flip7odds.rules import RuleSet
from flip7odds.situation import Situation
from flip7odds.solver import compiled_loop, modifier_groups, modifier_score_parts

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


@dataclass(frozen=True)
class _Values:
    """Values of the rows of one level: residues of ``num`` (rows x moduli) and floats (read only not alone).

    Every array has one extra trailing slot, always 0, that invalid gathers point to.
    """

    exact: IntArray
    approx: FloatArray


class _Children(NamedTuple):
    """`_Walk._children`: the sparse matrix of copies from one level's rows to the next's, in compressed rows."""

    pointers: IntArray
    """Row ``r``'s entries are ``pointers[r]:pointers[r + 1]``."""
    rows: IntArray
    """The row of the next level each entry leads to."""
    copies: IntArray


class _Bank:
    """The card is followed by banking: a terminal score, summed in integers."""


_BANK = _Bank()


class _Term(NamedTuple):
    """A card that keeps the row: its ``copies`` (or, with ``saves >= 0``, the row's bust cards minus ``saves``)
    and what follows it."""

    copies: int
    saves: int
    after: _Values | _Bank


_TERMS = 4
"""Cards that keep the row, at most: a duplicate saved, a Second Chance, a Flip Three, a Freeze."""


@compiled_loop
def _walk_column(moduli: IntArray, scale: IntArray, cards_left: float, flip7: IntArray, bank: IntArray,
                 bust: IntArray, then_bank: IntArray, grows: bool, pointers: IntArray, targets: IntArray,
                 copies: IntArray, next_exact: IntArray, next_approx: FloatArray, kinds: IntArray,
                 weights: IntArray, saves: IntArray, exact0: IntArray, approx0: FloatArray, exact1: IntArray,
                 approx1: FloatArray, exact2: IntArray, approx2: FloatArray, exact3: IntArray,
                 approx3: FloatArray, exact: IntArray, approx: FloatArray) -> None:
    """One column of the walk, row by row: ``num(x) = sum_c n_c num(x + c)`` modulo each modulus, and the floats.

    A new number or a modifier leads to the next level's row (the compressed rows ``pointers``, ``targets``,
    ``copies``) when ``grows``, else banks (``then_bank``); a Flip 7 adds ``flip7``. Term ``q`` (`_Term`) is
    absent (``kinds[q] == 0``), banks (1) or reads the same row of ``exact_q`` and ``approx_q`` (2), with
    ``weights[q]`` copies, or the row's bust cards minus ``saves[q]`` where that is at least 0. The terminal
    integer times ``scale`` (``D_{t+1}`` modulo each modulus) is added last; the floats are divided by the
    cards left.

    The sums go term by term over all the rows (``exact`` holds the integers until the last pass reduces them),
    so that each term's arrays are picked once, not once a row; each row's floats are added in the same order
    as row by row (the next level, then the terms in turn), and integers in any order. With two moduli (the
    moduli of every table a person plays, `_Walk`) the next level's sums are kept in two integers.
    """
    width = moduli.shape[0]
    rows = flip7.shape[0]
    terminal = flip7.copy()
    for r in range(rows):
        value = 0.0
        for k in range(width):
            exact[r, k] = 0
        if grows and width == 2:  # every table a person plays: the sums stay in registers
            first, second = 0, 0
            for p in range(pointers[r], pointers[r + 1]):
                count, target = copies[p], targets[p]
                first += count * next_exact[target, 0]
                second += count * next_exact[target, 1]
                value += count * next_approx[target]
            exact[r, 0], exact[r, 1] = first, second
        elif grows:
            for p in range(pointers[r], pointers[r + 1]):
                count, target = copies[p], targets[p]
                for k in range(width):
                    exact[r, k] += count * next_exact[target, k]
                value += count * next_approx[target]
        else:
            terminal[r] += then_bank[r]
        approx[r] = value
    for q in range(kinds.shape[0]):
        if kinds[q] == 0:
            continue
        if kinds[q] == 1:
            for r in range(rows):
                terminal[r] += (weights[q] if saves[q] < 0 else max(bust[r] - saves[q], 0)) * bank[r]
            continue
        source_exact = exact0 if q == 0 else exact1 if q == 1 else exact2 if q == 2 else exact3
        source_approx = approx0 if q == 0 else approx1 if q == 1 else approx2 if q == 2 else approx3
        for r in range(rows):
            weight = weights[q] if saves[q] < 0 else max(bust[r] - saves[q], 0)
            for k in range(width):
                exact[r, k] += weight * source_exact[r, k]
            approx[r] += weight * source_approx[r]
    for r in range(rows):
        for k in range(width):
            exact[r, k] = (exact[r, k] + terminal[r] * scale[k]) % moduli[k]
        approx[r] = (approx[r] + terminal[r]) / cards_left


@compiled_loop
def _walk_choose(tolerance: float, best_exact: IntArray, best_approx: FloatArray, other_exact: IntArray,
                 other_approx: FloatArray, exact: IntArray, approx: FloatArray, close: IntArray) -> None:
    """The better of two options in each row by the floats, where they differ by more than ``tolerance``.

    Rows where the floats are within ``tolerance`` but the residues differ are left with ``best`` and listed
    for an exact comparison: ``close[0]`` counts them, ``close[1:]`` holds them.
    """
    close[0] = 0
    width = best_exact.shape[1]
    for r in range(best_approx.shape[0]):
        gap = other_approx[r] - best_approx[r]
        take = gap > tolerance
        if not take and gap >= -tolerance:
            for k in range(width):
                if other_exact[r, k] != best_exact[r, k]:
                    close[0] += 1
                    close[close[0]] = r
                    break
        for k in range(width):
            exact[r, k] = other_exact[r, k] if take else best_exact[r, k]
        approx[r] = other_approx[r] if take else best_approx[r]


@compiled_loop
def _walk_children(level: int, most_new: int, subset: IntArray, multiset: IntArray, subset_size: IntArray,
                   subset_rank: IntArray, multiset_rank: IntArray, modifier_digits: IntArray,
                   modifier_radix: IntArray, number_copies: IntArray, modifier_copies: IntArray, block: IntArray,
                   width: IntArray, pointers: IntArray, targets: IntArray, copies: IntArray) -> None:
    """`_Walk._children` in compressed rows: each row's new numbers, then its modifiers, that have a copy left.

    A new number ``u`` (bit ``i``) leads from ``(S, M)`` to ``(S + u, M)``, at ``block[|S| + 1]`` plus the
    rank of ``S + u`` among its size times the multisets of ``|M|`` modifiers, plus the rank of ``M``; a
    modifier of group ``i`` to ``(S, M + i)`` likewise. ``pointers`` has a trailing row with no entry.
    """
    entries = 0
    pointers[0] = 0
    for r in range(subset.shape[0]):
        new = subset_size[subset[r]]
        mods = level - new
        if new < most_new:
            for bit in range(number_copies.shape[0]):
                if not (subset[r] >> bit) & 1 and number_copies[bit] > 0:
                    targets[entries] = (block[new + 1] + subset_rank[subset[r] | (1 << bit)] * width[mods]
                                        + multiset_rank[multiset[r]])
                    copies[entries] = number_copies[bit]
                    entries += 1
        for i in range(modifier_copies.shape[0]):
            left = modifier_copies[i] - modifier_digits[i, multiset[r]]
            if left > 0:
                targets[entries] = (block[new] + subset_rank[subset[r]] * width[mods + 1]
                                    + multiset_rank[multiset[r] + modifier_radix[i]])
                copies[entries] = left
                entries += 1
        pointers[r + 1] = entries
    pointers[subset.shape[0] + 1] = entries


@dataclass(frozen=True)
class _Level:
    """The rows of one level ``k`` and what a column needs of them (arrays have a trailing 0 slot)."""

    size: int
    bank: IntArray
    """``m s + b``: the score of staying."""
    bust: IntArray
    """``B0 + sum_{u in S} (p_u - 1)``: bust cards before subtracting the saves."""
    then_bank: IntArray
    """Sum over new numbers and modifiers of copies times the score of banking after it (no Flip 7)."""
    flip7: IntArray
    """Sum over new numbers of copies times the Flip 7 score, for rows one number short of it."""


class _Walk:
    """The vectorised exact walk over reduced states (module docstring)."""

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
        modifiers = modifier_groups(rules, pile, line.modifiers)
        self.modifier_copies = np.array([len(group) for group in modifiers], dtype=np.int64)
        self._subset_tables(unheld, sum(line.numbers))
        self._multiset_tables(rules, line.modifiers, modifiers)
        self.levels: dict[int, _Level] = {}
        self.children: dict[int, _Children] = {}
        self.memo: dict[_Column, _Values] = {}
        self.bank_memo: dict[tuple[int, int], _Values] = {}

        # Score bound, moduli and the scale D_t.
        score_bound = int(np.abs(self.stay_multiplier).max()) * (sum(line.numbers) + sum(v for v, _ in unheld))
        score_bound += int(np.abs(self.stay_plus).max()) + abs(rules.flip7_bonus) + 1
        self.tolerance = _TOLERANCE * score_bound
        # A column sums at most N residues and a terminal integer below N * score_bound times a residue.
        bits = min(_MAX_MODULUS_BITS, 62 - (self.size * score_bound).bit_length())
        scale = [1] * (most_draws + 1)
        for t in reversed(range(most_draws)):
            scale[t] = scale[t + 1] * (self.size - t)
        self.denominator = scale[0]
        moduli: list[int] = []
        candidate = 1 << bits
        while prod(moduli) <= 2 * score_bound * scale[0]:
            if all(gcd(candidate, modulus) == 1 for modulus in moduli):
                moduli.append(candidate)
            candidate -= 1
        self.moduli = moduli
        self.moduli_row = np.array(moduli, dtype=np.int64)
        self.no_values = _Values(np.zeros((1, len(moduli)), dtype=np.int64), np.zeros(1))
        """What an absent term reads (never read)."""
        none = np.zeros(1, dtype=np.int64)
        self.no_children = _Children(none, none, none)
        self.scale = np.array([[d % modulus for modulus in moduli] for d in scale], dtype=np.int64)

    # ----- row tables -------------------------------------------------------------------------

    def _subset_tables(self, unheld: list[tuple[int, int]], start_sum: int) -> None:
        """Per subset ``S`` of the unheld numbers (a bit mask): size, sum, bust cards, ``P``, ``U``, rank."""
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
        self.subsets_by_size, self.subset_rank = _ranked(masks, self.subset_size)

    def _multiset_tables(self, rules: RuleSet, line_modifiers: tuple[Card, ...],
                         modifiers: list[tuple[Card, ...]]) -> None:
        """Per multiset ``M`` of modifiers (mixed radix code over the groups of interchangeable cards,
        `flip7odds.solver.modifier_groups`): ``m``, ``b``, ``MM``, ``MP``, level, rank."""
        radix = [1]
        for group in modifiers:
            radix.append(radix[-1] * (len(group) + 1))
        self.modifier_radix = np.array(radix[:-1], dtype=np.int64)
        codes = np.arange(radix[-1], dtype=np.int64)
        digits = [(codes // r) % (len(group) + 1) for r, group in zip(radix, modifiers)]
        self.modifier_digits = np.array(digits, dtype=np.int64).reshape(len(modifiers), len(codes))
        self.stay_multiplier, self.stay_plus = modifier_score_parts(rules, line_modifiers, modifiers,
                                                                    self.modifier_digits.T)
        self.then_multiplier = np.zeros_like(codes)
        self.then_plus = np.zeros_like(codes)
        for i, group in enumerate(modifiers):
            left = len(group) - self.modifier_digits[i]
            grown = np.where(left > 0, codes + radix[i], 0)
            self.then_multiplier += left * self.stay_multiplier[grown]
            self.then_plus += left * self.stay_plus[grown]
        size = self.modifier_digits.sum(axis=0) if modifiers else np.zeros_like(codes)
        self.multisets_by_size, self.multiset_rank = _ranked(codes, size)

    def _block_sizes(self, level: int) -> list[tuple[int, int, int]]:
        """``(new numbers a, modifiers level - a, offset)`` of each block of rows of a level."""
        blocks, offset = [], 0
        for new in range(min(level, self.most_new) + 1):
            mods = level - new
            if new < len(self.subsets_by_size) and mods < len(self.multisets_by_size):
                blocks.append((new, mods, offset))
                offset += len(self.subsets_by_size[new]) * len(self.multisets_by_size[mods])
        return blocks

    def _rows(self, level: int) -> tuple[IntArray, IntArray]:
        """The rows of a level: subset masks and multiset codes, blocks by ``|S|``, then ``S``, then ``M``."""
        subsets, multisets = [], []
        for new, mods, _ in self._block_sizes(level):
            subset, multiset = self.subsets_by_size[new], self.multisets_by_size[mods]
            subsets.append(np.repeat(subset, len(multiset)))
            multisets.append(np.tile(multiset, len(subset)))
        empty = np.zeros(0, dtype=np.int64)
        return np.concatenate(subsets or [empty]), np.concatenate(multisets or [empty])

    def _level(self, level: int) -> _Level:
        if level in self.levels:
            return self.levels[level]
        subset, multiset = self._rows(level)
        new = self.subset_size[subset]
        number_sum = self.subset_sum[subset]
        multiplier, plus = self.stay_multiplier[multiset], self.stay_plus[multiset]
        copies, weighted = self.unheld_copies[subset], self.unheld_weighted[subset]
        then_numbers = multiplier * (number_sum * copies + weighted) + plus * copies
        last = new == self.most_new
        table = _Level(
            size=len(subset),
            bank=_padded(multiplier * number_sum + plus),
            bust=_padded(self.subset_bust[subset]),
            then_bank=_padded(np.where(last, 0, then_numbers) + number_sum * self.then_multiplier[multiset]
                              + self.then_plus[multiset]),
            flip7=_padded(np.where(last, then_numbers + self.flip7_bonus * copies, 0)),
        )
        self.levels[level] = table
        return table

    def _children(self, level: int) -> _Children:
        """Copies of each new number / modifier kind, from the rows of ``level`` to the rows they lead to.

        A sparse matrix in compressed rows (rows of ``level`` x rows of ``level + 1``, trailing zero slots included):
        moves to a number already drawn, to a Flip 7, or to a modifier with no copy left are absent.
        """
        if level in self.children:
            return self.children[level]
        subset, multiset = self._rows(level)
        offsets = {new: offset for new, _, offset in self._block_sizes(level + 1)}
        block = np.array([offsets.get(a, 0) for a in range(self.most_new + 2)], dtype=np.int64)
        width = np.array([len(s) for s in self.multisets_by_size] + [0], dtype=np.int64)
        kinds = len(self.number_copies) + len(self.modifier_copies)
        pointers = np.empty(len(subset) + 2, dtype=np.int64)
        targets = np.empty(len(subset) * kinds, dtype=np.int64)
        copies = np.empty(len(subset) * kinds, dtype=np.int64)
        _walk_children(level, self.most_new, subset, multiset, self.subset_size, self.subset_rank, self.multiset_rank,
                       self.modifier_digits, self.modifier_radix, self.number_copies, self.modifier_copies, block,
                       width, pointers, targets, copies)
        matrix = _Children(pointers, targets[:pointers[-1]], copies[:pointers[-1]])
        self.children[level] = matrix
        return matrix

    # ----- the walk -----------------------------------------------------------------------------

    def value(self) -> Fraction:
        """hit_once_score for the situation."""
        return self.value_from(_Column(0, self.start_held, 0, 0, 0, 0))

    def value_from(self, column: _Column) -> Fraction:
        """The exact value of the situation's own line (the empty row) in ``column`` of level 0."""
        root = self._value(column)
        return Fraction(self._rebuild(root.exact[0]), self.denominator)

    def _value(self, column: _Column) -> _Values:
        """Values of the rows of a column: drawing the next card (the free hit when ``left == 0``).

        The cards are listed here (`_Term`: copies, what follows) and summed row by row by `_walk_column`.
        """
        if column in self.memo:
            return self.memo[column]
        level, held, sc, saves, flip_threes, freezes, left, waiting, aside, frozen = column
        depth = level + sc + saves + flip_threes + freezes
        terms: list[_Term] = []
        if held:
            terms.append(_Term(-1, saves, self._after(
                _Column(level, 0, sc, saves + 1, flip_threes, freezes, left, waiting, aside, frozen))))
        if self.second_chances > sc:
            terms.append(_Term(self.second_chances - sc, -1, self._after(
                _Column(level, 1, sc + 1, saves, flip_threes, freezes, left, waiting, aside, frozen))))
        if self.flip_threes > flip_threes:
            copies = self.flip_threes - flip_threes
            if left == 0:
                taken = self._value(_Column(level, held, sc, saves, flip_threes + 1, freezes, FLIP_THREE_DRAWS))
                terms.append(_Term(copies, -1, taken if self.alone else self._choose([_BANK, taken], level, depth + 1)))
            elif self.alone:
                owed = 0 if frozen else waiting + 1
                terms.append(_Term(copies, -1, self._after(
                    _Column(level, held, sc, saves, flip_threes + 1, freezes, left, owed, 0, frozen))))
            else:
                terms.append(_Term(copies, -1, self._after(
                    _Column(level, held, sc, saves, flip_threes + 1, freezes, left, waiting, aside + 1, frozen))))
        if self.freezes > freezes:
            copies = self.freezes - freezes
            if left == 0:
                terms.append(_Term(copies, -1, _BANK))
            elif self.alone:
                terms.append(_Term(copies, -1, self._after(
                    _Column(level, held, sc, saves, flip_threes, freezes + 1, left, 0, 0, 1))))
            else:
                terms.append(_Term(copies, -1, self._after(_Column(level, held, sc, saves, flip_threes, freezes + 1,
                                                                   left, waiting, aside, 1 if waiting else 0))))
        # A new number or a modifier: the next level's rows.
        after = self._after(_Column(level + 1, held, sc, saves, flip_threes, freezes, left, waiting, aside, frozen))
        result = self._sum(level, depth, after, terms)
        self.memo[column] = result
        return result

    def _sum(self, level: int, depth: int, after: _Values | _Bank, terms: list[_Term]) -> _Values:
        """`_walk_column` for the rows of ``level`` at ``depth`` cards drawn: the next level's ``after``, then ``terms``."""
        rows = self._level(level)
        width = len(self.moduli)
        kinds = np.zeros(_TERMS, dtype=np.int64)
        weights = np.zeros(_TERMS, dtype=np.int64)
        saves = np.full(_TERMS, -1, dtype=np.int64)
        sources: list[IntArray | FloatArray] = []
        for slot in range(_TERMS):
            if slot < len(terms):
                term = terms[slot]
                weights[slot], saves[slot] = term.copies, term.saves
                if isinstance(term.after, _Values):
                    kinds[slot] = 2
                    sources += [term.after.exact, term.after.approx]
                    continue
                kinds[slot] = 1
            sources += [self.no_values.exact, self.no_values.approx]
        if isinstance(after, _Values):
            children = self._children(level)
            next_exact, next_approx = after.exact, after.approx
        else:
            children, next_exact, next_approx = self.no_children, self.no_values.exact, self.no_values.approx
        exact = np.empty((rows.size + 1, width), dtype=np.int64)
        approx = np.empty(rows.size + 1)
        _walk_column(self.moduli_row, self.scale[depth + 1], float(self.size - depth), rows.flip7, rows.bank,
                     rows.bust, rows.then_bank, isinstance(after, _Values), children.pointers, children.rows,
                     children.copies, next_exact, next_approx, kinds, weights, saves, *sources, exact, approx)
        return _Values(exact, approx)

    def _after(self, column: _Column) -> _Values | _Bank:
        """After a card that did not end the round (``column``: fields after it, ``left`` before it)."""
        level, held, sc, saves, flip_threes, freezes, left, waiting, aside, frozen = column
        if left == 0:
            return _BANK
        if left > 1:
            return self._value(_Column(level, held, sc, saves, flip_threes, freezes, left - 1, waiting, aside, frozen))
        # The three are done; alone the set-aside Flip Threes are already counted in ``waiting``.
        if self.alone:
            if frozen or waiting == 0:
                return _BANK
            return self._value(_Column(level, held, sc, saves, flip_threes, freezes, FLIP_THREE_DRAWS, waiting - 1))
        options: list[_Values | _Bank] = [_BANK] if waiting == 0 or frozen else []
        for taken in range(1 if waiting == 0 else 0, aside + 1):
            options.append(self._value(
                _Column(level, held, sc, saves, flip_threes, freezes, FLIP_THREE_DRAWS, waiting + taken - 1)))
        return self._choose(options, level, level + sc + saves + flip_threes + freezes)

    def _bank_values(self, level: int, depth: int) -> _Values:
        key = (level, depth)
        if key not in self.bank_memo:
            bank = self._level(level).bank
            exact = bank[:, None] * self.scale[depth] % self.moduli_row
            self.bank_memo[key] = _Values(exact, bank.astype(np.float64))
        return self.bank_memo[key]

    def _choose(self, options: list[_Values | _Bank], level: int, depth: int) -> _Values | _Bank:
        """The best option in each row, exactly (module docstring); ties keep the earlier option."""
        if len(options) == 1:
            return options[0]
        best = self._bank_values(level, depth) if isinstance(options[0], _Bank) else options[0]
        for option in options[1:]:
            other = self._bank_values(level, depth) if isinstance(option, _Bank) else option
            exact, approx = np.empty_like(best.exact), np.empty_like(best.approx)
            close = np.empty(len(approx) + 1, dtype=np.int64)
            _walk_choose(self.tolerance, best.exact, best.approx, other.exact, other.approx, exact, approx, close)
            for row in close[1:close[0] + 1].tolist():
                if self._rebuild(other.exact[row]) > self._rebuild(best.exact[row]):
                    exact[row], approx[row] = other.exact[row], other.approx[row]
            best = _Values(exact, approx)
        return best

    def _rebuild(self, residues: IntArray) -> int:
        """The integer with these residues and absolute value below half the moduli's product (CRT)."""
        total = prod(self.moduli)
        number = 0
        for residue, modulus in zip(residues, self.moduli):
            rest = total // modulus
            number += int(residue) * rest * pow(rest, -1, modulus)
        number %= total
        return number - total if 2 * number > total else number


def _padded(values: IntArray) -> IntArray:
    """The array with a trailing 0 slot."""
    return np.append(values, 0).astype(np.int64)


def _ranked(codes: IntArray, sizes: IntArray) -> tuple[list[IntArray], IntArray]:
    """Codes grouped by size (ascending within a size), and each code's rank within its size."""
    groups = [codes[sizes == size] for size in range(int(sizes.max()) + 1)]
    rank = np.zeros_like(codes)
    for group in groups:
        rank[group] = np.arange(len(group))
    return groups, rank

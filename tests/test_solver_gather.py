"""The backward pass's modifier draws (`flip7odds.solver._backward_others`) against a straightforward sum.

The compiled loop reads each modifier combination's moves compressed (`_Columns.move_start`, ``move_rank``,
``move_left``) once for a tile of rows, with unsigned indices; carrying P(Flip 7) and P(bust), it first copies the
next level's records of a tile's rows side by side. Here the same sums are taken state by state from
the per-factor tables (``mod_next``, ``mod_left``), every group in order, as Python floats: the loop must give
the same bits (the same terms added in the same order), for values and for the carried P(Flip 7) and P(bust),
whatever rows a thread's piece starts and stops at.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

import numpy as np
import pytest
from numpy.typing import NDArray

from flip7odds.analysis import problem_of
from flip7odds.cards import Card, Category
from flip7odds.rules import POKER
from flip7odds.situation import Situation
from flip7odds.solver import _CARRY_TILE, _RECORD, _ROW_TILE, _backward_others, _Layer, _Solver

FloatArray = NDArray[np.float64]


def poker_situations(count: int, seed: int, numbers: tuple[int, ...] = (12, 7), new: int = 5) -> list[Situation]:
    """Poker situations holding ``numbers`` with 14 to 20 cards in the pile, alone or not, and at least ``new`` new
    numbers to draw. Holding 12 and 7, five new numbers make ten pairs of them, so that some block has more rows than
    a tile (`_ROW_TILE`); holding 12 alone, nine make 84 triples, more than a tile where the probabilities are carried
    (`_CARRY_TILE`)."""
    rng = np.random.default_rng(seed)
    line = [Card.number(number) for number in numbers]
    deck = list(POKER.deck)
    for card in line:
        deck.remove(card)
    situations: list[Situation] = []
    while len(situations) < count:
        pile = [deck[i] for i in sorted(rng.choice(len(deck), size=int(rng.integers(14, 21)), replace=False))]
        if len({card.value for card in pile if card.category is Category.NUMBER} - set(numbers)) >= new:
            situations.append(Situation.build(POKER, line, pile=pile,
                                              others_active=int(rng.integers(0, 2))))
    return situations


def run_others(solver: _Solver, layer: _Layer, upper: FloatArray, upper_ends: FloatArray, pieces: list[int],
               carry: bool) -> tuple[FloatArray, FloatArray]:
    """`_backward_others` over every row of ``layer``, in pieces cut at ``pieces`` (row indices): the values, and
    the carried P(Flip 7) and P(bust) (two per state), read from and written to records (`_RECORD`) when carried."""
    span = _RECORD if carry else 1
    out = np.full(span * layer.total, np.nan)
    if carry:
        upper = np.column_stack([upper, upper_ends.reshape(-1, 2)]).ravel()
    arguments = solver._others_arguments(layer, 1, upper, out, np.zeros(layer.total, dtype=np.uint8), False, carry)
    for first, stop in itertools.pairwise(pieces):
        _backward_others.single_threaded(first, stop, *arguments)
    records = out.reshape(-1, span)
    return records[:, 0].copy(), records[:, 1:].ravel() if carry else np.empty(0)


def add_modifiers(solver: _Solver, layer: _Layer, upper: FloatArray, upper_ends: FloatArray, out: FloatArray,
                  ends: FloatArray, carry: bool) -> None:
    """Add every modifier draw that leads on to ``out`` (and ``ends``), state by state, group by group."""
    cols = solver.cols
    assert len(cols.block_start) and cols.block_start[-1] > 0
    _, side_offset = solver._next_offsets(layer)
    for b, (s, offset, count) in enumerate(zip(layer.sizes.tolist(), layer.offset.tolist(),
                                               layer.row_count.tolist())):
        level = layer.t - s
        width = cols.width(level)
        width1 = cols.width(level + 1)
        if width1 == 0:
            continue
        for r in range(count):
            following = int(side_offset[b]) + r * width1
            for h in range(int(cols.block_start[level]), int(cols.block_start[level + 1])):
                base = int(cols.block_target[h])
                if base < 0:
                    continue
                low, k0 = int(cols.block_low[h]), int(cols.block_first[h])
                for k in range(int(cols.block_size[h])):
                    here = offset + r * width + low + k
                    value, flip7, bust = float(out[here]), 0.0, 0.0
                    if carry:
                        flip7, bust = float(ends[2 * here]), float(ends[2 * here + 1])
                    for rank, copies in zip(cols.mod_next[k0 + k].tolist(), cols.mod_left[k0 + k].tolist()):
                        if rank < 0:
                            continue
                        there = following + base + rank
                        value += copies * float(upper[there])
                        if carry:
                            flip7 += copies * float(upper_ends[2 * there])
                            bust += copies * float(upper_ends[2 * there + 1])
                    out[here] = value
                    if carry:
                        ends[2 * here], ends[2 * here + 1] = flip7, bust


def same_bits(one: FloatArray, other: FloatArray) -> bool:
    """Equal as bit patterns (so -0.0 differs from 0.0)."""
    return one.shape == other.shape and bool(np.array_equal(one.view(np.int64), other.view(np.int64)))


@pytest.mark.parametrize("situation", poker_situations(4, seed=15) + poker_situations(2, seed=30, numbers=(12,), new=9),
                         ids=str)
def test_modifier_draws_are_the_straightforward_sums(situation: Situation) -> None:
    rng = np.random.default_rng(19)
    solver = _Solver(problem_of(situation).stripped(), 1e-9, None, False, distribution=False)
    without_modifiers = replace(solver.cols, block_start=np.zeros_like(solver.cols.block_start))
    with_modifiers = solver.cols
    tiled = 0  # layers with a block of more rows than a tile (where the probabilities are carried, if one number held)
    tile = _CARRY_TILE if len(situation.line.numbers) == 1 else _ROW_TILE
    for layer in solver.layers[:-1]:
        upper_total = solver.layers[layer.t + 1].total
        # values of both signs, and exact zeros of both signs, in the next layer
        upper = rng.choice([-0.0, 0.0, 1.0, -2.5, 0.1], size=upper_total) * rng.random(upper_total)
        upper_ends = rng.random(2 * upper_total)
        rows = int(layer.cumulative_rows[-1])
        cuts = sorted({0, rows, *rng.integers(0, rows + 1, size=3).tolist()})
        for carry in (False, True):
            solver.cols = with_modifiers
            out, ends = run_others(solver, layer, upper, upper_ends, cuts, carry)
            solver.cols = without_modifiers
            expected, expected_ends = run_others(solver, layer, upper, upper_ends, [0, rows], carry)
            solver.cols = with_modifiers
            add_modifiers(solver, layer, upper, upper_ends, expected, expected_ends, carry)
            assert same_bits(out, expected)
            assert same_bits(ends, expected_ends)
        tiled += int(layer.row_count.max() > tile)
    assert tiled > 0

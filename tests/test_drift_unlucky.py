"""The drift ceiling after the Unlucky 7 (`flip7odds.drift`, "After the Unlucky 7") against its chain and exact values.

The bound ``A_k`` the compiled loop gives for the chain after an Unlucky 7 drawn after ``k`` live cards must be at
least the martingale bound ``A(K)`` of that chain with the copies really left, for every set ``K`` of ``k`` classes
drawn before it (here each ``A(K)`` is summed state by state with the chance of each state found by walking the chain
forward); and on random small With a Vengeance situations whose piles hold the Unlucky 7, the ceiling must hold the
exact value of hitting (the fast solver's value recursion) at every state a search meets, and be lower than the
ceiling with the Unlucky 7 ending the chain at ``W`` at some of them.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections import defaultdict

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from flip7odds.cards import Action, Card
from flip7odds.drift import _UNLUCKY_ROWS, ROOM_AFTER_UNLUCKY, _after_unlucky, _unlucky_rows, drift_ceiling
from flip7odds.errors import SituationError
from flip7odds.rules import UNLUCKY_7, VENGEANCE, VENGEANCE_BRUTAL
from flip7odds.vengeance.situation import VengeanceSituation
from tests.strategies import drawing_states, seeded_small_pile

TOLERANCE = 1e-9
BONUS = 15


def _chain_bound(copies: list[int], values: list[int], bust: int, rescue: int, top: int) -> float:
    """The martingale bound of the chain after the Unlucky 7, on the live cards left (``copies`` of each class with
    ``values``, ``bust`` 7s, ``rescue`` rescuers ending at ``top``; the line holds 7): ``7`` plus every state's
    positive drift times the chance that the chain reaches it, found by walking the chain forward."""
    live = bust + rescue + sum(copies)
    reached: defaultdict[int, float] = defaultdict(float)
    reached[0] = 1.0
    bound = 7.0
    for held in sorted(range(1 << len(copies)), key=int.bit_count):
        chance = reached.get(held, 0.0)
        joined = held.bit_count()
        if not chance or joined >= live:
            continue
        score = 7 + sum(v for c, v in enumerate(values) if held >> c & 1)
        left = live - joined  # every live card of the chain not drawn yet
        drift = rescue * (top - score) - (bust + sum(copies[c] - 1 for c in range(len(copies)) if held >> c & 1)) * score
        for c, (n, v) in enumerate(zip(copies, values, strict=True)):
            if held >> c & 1 or not n:
                continue
            if joined + 1 == ROOM_AFTER_UNLUCKY:
                end = score + v + BONUS
            elif joined + 1 == live:
                end = top
            else:
                end = score + v
                reached[held | 1 << c] += chance * n / left
            drift += n * (end - score)
        bound += chance * max(drift / left, 0.0)
    return bound


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 3), st.integers(0, 13)), min_size=1, max_size=4), st.integers(0, 3),
       st.integers(2, 3), st.integers(30, 91))
def test_the_bound_after_the_unlucky_7_holds_its_chain_for_every_set_drawn_before(
        classes: list[tuple[int, int]], bust: int, rescue: int, top: int) -> None:
    copies = [c for c, _ in classes]
    values = [v for _, v in classes]
    live = bust + rescue + sum(copies)  # before the Unlucky 7, which is one of the rescuers
    firsts = min(ROOM_AFTER_UNLUCKY + 1, live)
    bounds = _after_unlucky(tuple(classes), bust, 7, BONUS, rescue, live, top, firsts, 3)
    kinds = range(len(classes) + 1)  # the last: the 7s
    for row, (level, k) in enumerate(itertools.product((0, 1, 2), range(firsts))):
        extra = 0 if level == 0 else 1  # the Discard, Swap or Steal before it
        for drawn in itertools.combinations(kinds, k):  # one of each class of K (the 7s' too, a superset)
            for forgiven in (kinds if level == 2 else [None]):  # level 2: one card more, of any class
                taken = [*drawn, *([] if forgiven is None else [forgiven])]
                left = [n - taken.count(c) for c, n in enumerate(copies)]
                sevens = bust - taken.count(len(classes))
                if min(left) < 0 or sevens < 0:
                    continue
                if live - len(taken) - extra - 1 <= 0:
                    assert bounds[row] == top
                    continue
                exact = _chain_bound(left, values, sevens, rescue - 1 - extra, top)
                assert bounds[row] >= min(exact, top) - TOLERANCE, (level, taken, bounds[row], exact)



@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 12), st.integers(0, 12)), min_size=1, max_size=13), st.integers(0, 6),
       st.integers(2, 4), st.integers(20, 95), st.integers(7, 91))
def test_each_row_after_the_unlucky_7_is_the_same_alone_or_remembered(
        classes: list[tuple[int, int]], bust: int, rescue: int, live: int, top: int) -> None:
    """`_after_unlucky` computes only the rows it has not met (`_UNLUCKY_ROWS`): a row computed alone is the row
    computed among the others, bit for bit, and a call answered from remembered rows is the call computed afresh."""
    fresh = tuple(classes)
    rows = [(max(live - k - level - 1, 0), k, spread, rescue - 1 - level)
            for level, spread in ((0, 1), (1, 1), (1, 2)) for k in range(ROOM_AFTER_UNLUCKY + 1)]
    together = _unlucky_rows(fresh, bust, 7, BONUS, top, rows)
    for row, value in zip(rows, together):
        assert _unlucky_rows(fresh, bust, 7, BONUS, top, [row])[0].hex() == value.hex(), row
    calls = [(live - shift, firsts, levels) for shift in (0, 1) for firsts in (3, ROOM_AFTER_UNLUCKY + 1)
             for levels in (1, 3)]
    alone: dict[tuple[int, int, int], bytes] = {}
    for here, firsts, levels in calls:  # the rows of one call in one pass of the loop, as before the table
        plan = [(k, 0, 1, rescue - 1) for k in range(firsts)] + ([] if levels == 1 else [
            (k, 1, 1, rescue - 2) for k in range(firsts)] + [(k + 1, 1, 2, rescue - 2) for k in range(firsts)])
        call_rows = [(max(here - k - level - 1, 0), k, spread, left) for k, level, spread, left in plan]
        alone[here, firsts, levels] = np.array(_unlucky_rows(fresh, bust, 7, BONUS, top, call_rows)).tobytes()
    _UNLUCKY_ROWS.clear()
    for call in [*calls, *reversed(calls)]:  # each call meets rows the calls before it remembered
        assert _after_unlucky.__wrapped__(fresh, bust, 7, BONUS, rescue, call[0], top, *call[1:]).tobytes() == \
            alone[call], call


def _row_alone(fresh: tuple[tuple[int, int], ...], bust: int, top: int, row: tuple[int, int, int, int]) -> float:
    """One row of `_unlucky_sums` (``min(A, W)``, module docstring of `flip7odds.drift`, "After the Unlucky 7") summed
    in Python as the loop summed it before it did the rows side by side: the sets of classes as bit masks in
    increasing order, each set's positive drift added where its chain is alive, one row at a time."""
    left, drawn, spread, rescuers = row
    if left <= 0:
        return float(top)
    held, room = 7, ROOM_AFTER_UNLUCKY
    all_cards, all_worth = sum(c for c, _ in fresh), sum(c * v for c, v in fresh)
    total = 0.0
    for mask in range(1 << len(fresh)):
        chosen = [fresh[c] for c in range(len(fresh)) if mask >> c & 1]
        j = len(chosen)
        if j > min(room, left) - 1:
            continue
        score = float(held + sum(v for _, v in chosen))
        left_cards = all_cards - sum(c for c, _ in chosen)
        left_points = all_worth - sum(c * v for c, v in chosen)
        if j + 1 == room:
            onward = float(left_cards * BONUS + left_points)
        elif j + 1 == left:
            onward = left_cards * max(top - score, 0.0)
        else:
            onward = float(left_points)
        losing = max(bust + sum(c for c, _ in chosen) - j - min(drawn, j + spread), 0)
        drift = (onward - losing * score + rescuers * (top - score)) / (left - j)
        if drift > 0.0:
            total += float(np.prod([c for c, _ in chosen], dtype=np.float64)) / math.comb(left, j) * drift
    return min(held + total, float(top))


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 12), st.integers(0, 12)), min_size=1, max_size=11), st.integers(0, 6),
       st.integers(2, 4), st.integers(1, 95), st.integers(7, 91))
def test_the_rows_done_side_by_side_are_each_row_summed_alone(
        classes: list[tuple[int, int]], bust: int, rescue: int, live: int, top: int) -> None:
    """`_unlucky_sums` does a call's rows side by side without a branch (a row not reached divides by 1 and adds 0.0):
    each row is, bit for bit, the row summed alone in Python, set by set in the loop's order (short piles included,
    where ``L`` is 0, or where the next live card is the last)."""
    fresh = tuple(classes)
    rows = [(max(live - k - level - 1, 0), k, spread, rescue - 1 - level)
            for level, spread in ((0, 1), (1, 1), (1, 2)) for k in range(ROOM_AFTER_UNLUCKY + 1)]
    for row, value in zip(rows, _unlucky_rows(fresh, bust, 7, BONUS, top, rows)):
        assert value.hex() == _row_alone(fresh, bust, top, row).hex(), row


def _situation(rng: random.Random) -> VengeanceSituation:
    """A small pile from the whole deck with the Unlucky 7 and up to two of a Discard, a Swap and a Steal, your line and
    up to two other lines holding some of the rest, sometimes a known discard pile."""
    rules = rng.choice([VENGEANCE, VENGEANCE_BRUTAL])
    deck = [card for card, count in rules.deck.items_ for _ in range(count)]
    rng.shuffle(deck)
    actions = [Card.action(Action.DISCARD), Card.action(Action.SWAP), Card.action(Action.STEAL)]
    chosen = [UNLUCKY_7, *rng.sample(actions, rng.randint(0, 2))]
    for card in chosen:
        deck.remove(card)
    return seeded_small_pile(rng, rules, deck, chosen, most_dealt=9, fewest_others=0)


def test_the_bound_after_the_unlucky_7_holds_the_exact_hit_value_of_every_state_met() -> None:
    rng = random.Random(7)
    checked = lower = both = 0
    for _ in range(16):
        situation = _situation(rng)
        try:
            for state, path, top, exact in drawing_states(situation):
                if not path.unlucky:
                    continue
                ceiling = drift_ceiling(path, top)
                assert ceiling >= exact() - TOLERANCE, (situation, state, path)
                wide = drift_ceiling(dataclasses.replace(path, unlucky=0), top)
                assert ceiling <= wide + TOLERANCE
                checked += 1
                lower += ceiling < wide - TOLERANCE
                both += bool(path.second or path.steals)
        except SituationError:  # a discard pile that makes the exact table too large
            continue
    assert checked > 8000 and lower > 3000 and both > 4000, (checked, lower, both)

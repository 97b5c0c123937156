"""The drift ceiling: a bound on the value of hitting that credits only the draws worth taking one at a time.

The path ceiling (`flip7odds.bounded`, "The path ceiling") bounds the value of hitting by the score at the best
place to stop on the always-hit path, seen in hindsight: every play stops somewhere on that path and scores
there at most ``Z``, so ``H <= E[max_k Z_k]``. Hindsight knows when the bust comes; a player does not. This
module bounds the same plays by what a player can know, with a martingale (the duality of optimal stopping:
Davis and Karatzas 1994, Rogers 2002, Haugh and Kogan 2004).

The path and its ceiling
------------------------
As in `flip7odds.bounded.Path`: of the pile's ``N`` cards, ``live`` change the path when they come (a bust card,
a rescuer, a card of a number class you do not hold, The Zero) and ``F = N - live`` add nothing to your score. The
order of the live cards among themselves is uniformly random and independent of where the others fall, so the
path is a chain over the live cards alone: after ``k`` of them, all of different classes (a set ``K``) and no
bust, you hold ``S_K = held + sum_{c in K} v_c`` in numbers, and a play that stops there scores at most

    Z(K) = 0 if you hold The Zero (it was in K, or held before) else S_K

(no modifier of the variant raises a score; with The Zero your score is 0 unless you make a Flip 7). The chain
ends at a bust card or a second card of a class of ``K`` (score 0), at a rescuer or when the live cards run out
(at most ``W``, the ladder's top: anything can follow), or at the ``room``-th class, a Flip 7
(``S_K + v + bonus``). Those are its terminal values.

The bound
---------
Let ``Z_j`` be the chain's ceiling after ``j`` live cards (its terminal value once it has ended) and
``M_j = sum_{i<j} (Z_{i+1} - E[Z_{i+1} | first i cards])``: a martingale with ``M_0 = 0``. A play stops at a
(possibly randomised: the neutral cards' places are independent of the chain) stopping time ``s`` of the chain, so
by optional stopping

    E[score] <= E[Z_s] = E[Z_s - M_s] = Z_0 + E[sum_{i<s} d_i] <= Z_0 + E[sum_i max(0, d_i)]

with ``d_i = E[Z_{i+1} - Z_i | first i cards]`` the chain's drift, a function of where it is: at ``K`` (alive,
``k = |K|`` below ``room`` and below ``live``, ``m = live - k`` live cards left, ``B + r_K`` bust cards with
``r_K = sum_{c in K} (n_c - 1)``, ``R`` rescuers)::

    m d(K) = sum_{c not in K} n_c (Z(K + c) - Z(K)) - (B + r_K) Z(K) + R (W - Z(K))

and the chain is at ``K`` with probability ``P(K) = prod_{c in K} n_c / C(live, k)`` (its first ``k`` live cards are
one of each class of ``K``, in any of ``k!`` orders). Hitting draws one card first: a neutral one (probability
``F / N``) leaves the chain where it is, a live one moves it, so

    H <= Z_0 + (F / N) max(0, d(empty)) + (live / N) d(empty) + sum_{K not empty} P(K) max(0, d(K)).

Where every drift is at most 0 (the bust cards outweigh what the next card adds, as late in a line) this is at
most ``Z_0``, so hitting cannot beat staying with that score: the bound closes such a state, which hindsight never
does. Each sum runs over the sets of at most ``min(room, live) - 1`` classes (a few thousand for a fresh With a
Vengeance pile), in one compiled loop (`_drift_sums`); every quantity is an integer or a product of integers below
``2^53`` until one division per set, so the float result is within a few units in the last place of the exact
rational bound, and a drift's sign is exact (closing compares exactly).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from flip7odds.solver import FloatArray, IntArray, compiled_loop

if TYPE_CHECKING:
    from flip7odds.bounded import Path

MAX_CLASSES = 16
"""Sets of classes are enumerated as bit masks, ``2^classes`` of them: at most this many classes (With a Vengeance
has 14 with The Zero)."""


def drift_ceiling(path: Path, ceiling: int) -> float:
    """The drift ceiling of ``H`` (module docstring) for the path ``path`` and the ladder's top ``ceiling``."""
    top = max(0, ceiling)
    copies = [c for c, _ in path.classes] + ([path.zeros] if path.zeros else [])
    values = [v for _, v in path.classes] + ([0] if path.zeros else [])
    live = path.bust + path.rescue + sum(copies)
    if live == 0:
        return float(top)  # nothing changes the path before the pile runs out
    if path.room <= 0 or len(copies) > MAX_CLASSES:
        return math.inf
    deepest = min(path.room, live) - 1  # the chain is alive and not ended at sets of at most this size
    ways = np.array([math.comb(live, j) for j in range(deepest + 1)], dtype=np.float64)
    out = np.zeros(2)
    _drift_sums(np.array(copies, dtype=np.int64), np.array(values, dtype=np.int64), path.zeros > 0, path.holds_zero,
                path.held, path.room, path.bonus, path.bust, path.rescue, live, float(top), ways, out)
    first, later = float(out[0]), float(out[1])
    start = 0.0 if path.holds_zero else float(path.held)
    neutral = path.size - live
    return start + (neutral * max(first, 0.0) + live * first) / path.size + later


@compiled_loop
def _drift_sums(copies: IntArray, values: IntArray, zero_last: bool, holds_zero: bool, held: int, room: int, bonus: int,
                bust: int, rescue: int, live: int, top: float, ways: FloatArray, out: FloatArray) -> None:
    """``out = (d(empty), sum_{K not empty} P(K) max(0, d(K)))`` over the sets ``K`` of at most ``len(ways) - 1``
    classes (module docstring), ``P(K) = prod_{c in K} copies_c / ways[|K|]``.

    Every set is a bit mask; its sums are its mask without the lowest bit's, plus that class's (one pass over
    the masks of at most ``deepest`` bits in increasing order: past a mask with more, the next with at most as many
    is found by adding its lowest bit, since every mask in between keeps its bits; the sums of a mask without its
    lowest bit were made before it). The Zero, when ``zero_last``, is the last class. Every sum of a set is an
    integer below ``2^53`` (exact in a float) until the drift's division and the weight's.
    """
    classes = copies.shape[0]
    count = 1 << classes
    deepest = ways.shape[0] - 1
    size = np.empty(count, dtype=np.int64)  # only the masks visited are written, and read after
    points = np.empty(count, dtype=np.int64)  # S_K - held: the set's values
    cards = np.empty(count, dtype=np.int64)  # copies of the set's classes
    worth = np.empty(count, dtype=np.int64)  # their values times copies
    product = np.empty(count, dtype=np.float64)  # prod of copies
    size[0] = points[0] = cards[0] = worth[0] = 0
    product[0] = 1.0
    all_cards = 0
    all_worth = 0
    for c in range(classes):
        all_cards += copies[c]
        all_worth += copies[c] * values[c]
    zero_bit = 1 << (classes - 1) if zero_last else 0
    later = 0.0
    mask = 0
    while mask < count:
        if mask:
            low = mask & -mask
            c = 0
            while (1 << c) != low:
                c += 1
            rest = mask ^ low
            size[mask] = size[rest] + 1
            points[mask] = points[rest] + values[c]
            cards[mask] = cards[rest] + copies[c]
            worth[mask] = worth[rest] + copies[c] * values[c]
            product[mask] = product[rest] * copies[c]
        k = size[mask]
        total = held + points[mask]  # S_K
        zero_in = holds_zero or (mask & zero_bit) != 0
        score = 0.0 if zero_in else float(total)  # Z(K)
        left_cards = all_cards - cards[mask]
        left_points = all_worth - worth[mask]
        if k + 1 == room:  # the next new class is a Flip 7
            onward = left_cards * (total + bonus - score) + left_points
        elif k + 1 == live:  # the next card is the last that changes the path
            onward = left_cards * (top - score)
        elif zero_in:
            onward = 0.0
        else:
            zeros_left = copies[classes - 1] if zero_last and (mask & zero_bit) == 0 else 0
            onward = left_points - zeros_left * score
        repeats = cards[mask] - k
        drift = (onward - (bust + repeats) * score + rescue * (top - score)) / (live - k)
        if mask == 0:
            out[0] = drift
        elif drift > 0.0:
            later += product[mask] / ways[k] * drift
        mask += 1
        while mask < count:  # skip the masks of more than deepest classes
            bits = 0
            rest = mask
            while rest:
                rest &= rest - 1
                bits += 1
            if bits <= deepest:
                break
            mask += mask & -mask
    out[1] = later


__all__ = ["MAX_CLASSES", "drift_ceiling"]

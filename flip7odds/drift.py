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
Vengeance pile), vectorised; every quantity is an integer or a product of integers below ``2^53`` until one
division per set, so the float result is within a few units in the last place of the exact rational bound.
"""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

if TYPE_CHECKING:
    from flip7odds.bounded import Path

FloatArray = NDArray[np.float64]
MAX_CLASSES = 16
"""Sets of classes are enumerated as bit masks: at most this many classes (With a Vengeance has 14 with The Zero)."""


@functools.lru_cache(maxsize=MAX_CLASSES * 8)
def _sets(classes: int, largest: int) -> tuple[FloatArray, NDArray[np.int64]]:
    """Every set of at most ``largest`` of ``classes`` classes: membership (sets x classes, 0 or 1) and size,
    the empty set first."""
    masks = np.arange(1 << classes, dtype=np.int64)
    member = (masks[:, None] >> np.arange(classes, dtype=np.int64)) & 1
    size = member.sum(axis=1)
    keep = size <= largest
    return member[keep].astype(np.float64), size[keep]


def drift_ceiling(path: Path, ceiling: int) -> float:
    """The drift ceiling of ``H`` (module docstring) for the path ``path`` and the ladder's top ``ceiling``."""
    top = float(max(0, ceiling))
    copies = [c for c, _ in path.classes] + ([path.zeros] if path.zeros else [])
    values = [v for _, v in path.classes] + ([0] if path.zeros else [])
    live = path.bust + path.rescue + sum(copies)
    if live == 0:
        return top  # nothing changes the path before the pile runs out
    if path.room <= 0 or len(copies) > MAX_CLASSES:
        return math.inf
    deepest = min(path.room, live) - 1  # the chain is alive and not ended at sets of at most this size
    member, k = _sets(len(copies), deepest)
    n = np.array(copies, dtype=np.float64)
    v = np.array(values, dtype=np.float64)
    # Per set: its numbers' sum, its copies, their points, its repeats, log of the product of its copies.
    sums = member @ np.stack([v, n, n * v, n - 1, np.log(n)], axis=1)
    held = path.held + sums[:, 0]  # S_K
    zero_in = (member[:, -1] > 0) | path.holds_zero if path.zeros else np.full(len(k), path.holds_zero)
    zeros_left = path.zeros - path.zeros * member[:, -1] if path.zeros else 0.0
    score = np.where(zero_in, 0.0, held)  # Z(K)
    left_copies = n.sum() - sums[:, 1]  # cards of the classes not in K (The Zero's too)
    left_points = float(n @ v) - sums[:, 2]  # their values, times copies
    flip7 = k + 1 == path.room
    runs_out = (k + 1 == live) & ~flip7
    # sum over the classes c not in K of n_c (Z(K + c) - Z(K)), by how the chain goes on after c:
    onward = np.where(zero_in, 0.0, left_points - zeros_left * held)
    onward = np.where(flip7, left_copies * (held + path.bonus - score) + left_points,
                      np.where(runs_out, left_copies * (top - score), onward))
    drift = (onward - (path.bust + sums[:, 3]) * score + path.rescue * (top - score)) / (live - k)
    ways = np.array([math.comb(live, j) for j in range(deepest + 1)], dtype=np.float64)
    weight = np.rint(np.exp(sums[1:, 4])) / ways[k[1:]]  # prod n_c (an integer below 2^53) / C(live, k)
    first = float(drift[0])
    later = float(weight @ np.maximum(drift[1:], 0.0))
    neutral = path.size - live
    return float(score[0]) + (neutral * max(first, 0.0) + live * first) / path.size + later


__all__ = ["MAX_CLASSES", "drift_ceiling"]

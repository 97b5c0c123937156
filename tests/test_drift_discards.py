"""The drift ceiling's second level after a Discard where a Swap may bring a number (`flip7odds.drift`, "After a
Discard or a Swap"), against the exact solver.

Where another line holds a number and the pile holds a Swap, every Discard and Swap counted as bringing up to that
number (``lift``): the relaxed line after a Discard held ``S + lift``. A Discard brings none (`Path.drops`), so its
levels 1, 2 and a now hold your numbers alone, while a Swap's keep ``lift``. On random small piles holding a Discard
and a Swap (at times a second of either, a Steal, the Unlucky 7, The Zero; standard and Brutal; one or two other lines
holding numbers), at every state a full search meets with such a path the exact value of hitting (the fast solver's)
is at most the ceiling, which is below the ceiling with every Discard read as a Swap at many of them. A deliberately
wrong reading must fall below the exact value somewhere: every Swap read as a Discard.
"""

from __future__ import annotations

import dataclasses
import random

from flip7odds.cards import Action, Card
from flip7odds.drift import drift_ceiling
from flip7odds.rules import UNLUCKY_7
from flip7odds.vengeance.situation import VengeanceSituation
from tests.strategies import exact_paths, pile_among_others

TOLERANCE = 1e-9
DISCARD, SWAP, STEAL = Card.action(Action.DISCARD), Card.action(Action.SWAP), Card.action(Action.STEAL)
EXTRA = [DISCARD, SWAP, STEAL, UNLUCKY_7, Card.number(0)]


def _situation(rng: random.Random) -> VengeanceSituation:
    """A pile of 7 to 9 cards holding a Discard, a Swap and at times up to two more of `EXTRA`, the rest numbers and
    modifiers (an action now and then); your line up to four numbers; one or two other lines, the first holding one or
    two numbers."""
    return pile_among_others(rng, lambda rng: [DISCARD, SWAP, *rng.sample(EXTRA, rng.randint(0, 2))], (7, 9))


def test_a_discard_brings_no_number_and_the_exact_hit_value_stays_below_the_ceiling() -> None:
    rng = random.Random(4901)
    checked = lower = wrong = 0  # 15 822, 955 and 190 at seed 4901
    for path, top, hit in exact_paths((_situation(rng) for _ in range(70)), lambda path: bool(path.drops)):
        ceiling = drift_ceiling(path, top)
        assert ceiling >= hit - TOLERANCE, (path, top)
        checked += 1
        lower += ceiling < drift_ceiling(dataclasses.replace(path, drops=0), top) - TOLERANCE
        wrong += drift_ceiling(dataclasses.replace(path, drops=path.second), top) < hit - TOLERANCE
    assert checked > 15000 and lower > 900 and wrong > 40, (checked, lower, wrong)

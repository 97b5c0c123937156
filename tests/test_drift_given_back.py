"""The drift ceiling's level 1 lets through only the cards of the one class a Discard or Swap can have taken
(`flip7odds.drift`, "After a Discard or a Swap"), against the exact solver.

After a Discard or a Swap your line has lost at most one number, of a class it held, and a card of that class is then
the only card of your classes it lives through. Level 1 let the first card of any of your classes through; it now lets
through at most `Path.most` of them (the most copies the pile holds of one of your classes, or one fewer of a class
joined since), and the rest bust it. On random small piles holding a Discard or a Swap (at times a second, a Steal, a
Flip Four!, the Unlucky 7, The Zero; standard and Brutal; other lines holding numbers, so that a Swap may bring one, or
a modifier), at every state a full search meets with such a path the exact value of hitting (the fast solver's) is at
most the ceiling, which is below the ceiling letting any card of your classes through (``most = -1``) at many of them.
A deliberately wrong count must fall below the exact value somewhere: none of your line's classes let through
(``most = 0``).
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
DISCARD, SWAP = Card.action(Action.DISCARD), Card.action(Action.SWAP)
EXTRA = [DISCARD, SWAP, Card.action(Action.STEAL), Card.action(Action.FLIP_FOUR), UNLUCKY_7, Card.number(0)]


def _situation(rng: random.Random) -> VengeanceSituation:
    """A pile of 7 to 9 cards holding a Discard or a Swap and at times up to two more of `EXTRA`, the rest numbers and
    modifiers (an action now and then); your line up to four numbers; one or two other lines, the first holding one or
    two numbers."""
    return pile_among_others(rng, lambda rng: [rng.choice([DISCARD, SWAP]), *rng.sample(EXTRA, rng.randint(0, 2))],
                             (7, 9))


def test_only_the_card_given_comes_back_and_the_exact_hit_value_stays_below_the_ceiling() -> None:
    rng = random.Random(5001)
    checked = lower = wrong = 0  # 25 415, 1 780 and 4 968 at seed 5001
    for path, top, hit in exact_paths((_situation(rng) for _ in range(70)), lambda path: bool(path.second)):
        ceiling = drift_ceiling(path, top)
        assert ceiling >= hit - TOLERANCE, (path, top)
        checked += 1
        lower += ceiling < drift_ceiling(dataclasses.replace(path, most=-1), top) - TOLERANCE
        wrong += drift_ceiling(dataclasses.replace(path, most=0), top) < hit - TOLERANCE
    assert checked > 20000 and lower > 1500 and wrong > 4000, (checked, lower, wrong)

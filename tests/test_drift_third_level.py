"""The drift ceiling past a second Discard or Swap (`flip7odds.drift`, "After a second Discard or Swap") against the
exact solver.

Where no number can come in (``lift = -1``), a second Discard or Swap drawn at level 1 or 2 goes on at levels 3, 4
and 5 (a relaxed line keeping every class, forgiving up to two cards of them) instead of ending the chain at the
ladder's top. On random small With a Vengeance piles holding two Discards or more (at times Swaps, a Steal, the
Unlucky 7, a Flip Four!; standard and Brutal; alone and with other lines, their numbers few), at every state a full
search meets with such a path the exact value of hitting (the fast solver's) is at most the ceiling, which is below
the ceiling without the third levels at many of them. A planted error (the second Discard or Swap forgiving no card
more: level 1 going on at level 4's budget, level 2 at level 5's) is no bound: it falls below the exact value
somewhere (counted, on the paths without The Zero, by `tests.test_drift_second_level`'s recursion over the chain).
"""

from __future__ import annotations

import dataclasses
import random

from flip7odds.cards import Action, Card
from flip7odds.drift import drift_ceiling
from flip7odds.rules import UNLUCKY_7, VENGEANCE, VENGEANCE_BRUTAL
from flip7odds.vengeance.situation import VengeanceSituation
from tests.strategies import drawing_states, seeded_small_pile
from tests.test_drift_second_level import _stopping_value

TOLERANCE = 1e-9
DISCARD = Card.action(Action.DISCARD)
EXTRA = [Card.action(Action.SWAP), Card.action(Action.STEAL), UNLUCKY_7, Card.action(Action.FLIP_FOUR)]


def _situation(rng: random.Random) -> VengeanceSituation:
    """A small pile with both Discards and at times one or two more cards of `EXTRA`; your line and up to two other
    lines dealt a few of the rest (so that the other lines often hold no number)."""
    rules = rng.choice([VENGEANCE, VENGEANCE_BRUTAL])
    deck = [card for card, count in rules.deck.items_ for _ in range(count)]
    rng.shuffle(deck)
    chosen = [DISCARD, DISCARD] + rng.sample(EXTRA, rng.randint(0, 2))
    for card in chosen:
        deck.remove(card)
    return seeded_small_pile(rng, rules, deck, chosen, most_dealt=rng.randint(1, 5), fewest_others=0)


def test_the_third_levels_hold_the_exact_hit_value_of_every_state_met() -> None:
    rng = random.Random(40)
    checked = lower = planted = caught = 0  # 24 686, 1 985, 22 267 and 1 212 at seed 40
    for _ in range(120):
        situation = _situation(rng)
        for state, path, top, exact in drawing_states(situation):
            if not (path.second > 1 and path.lift < 0):
                continue
            value = exact()
            ceiling = drift_ceiling(path, top)
            assert ceiling >= value - TOLERANCE, (situation, state, path)
            checked += 1
            lower += ceiling < drift_ceiling(dataclasses.replace(path, second=1), top) - TOLERANCE
            if not (path.zeros or path.holds_zero):  # the recursion knows no The Zero; its Unlucky 7 ends at top
                assert _stopping_value(dataclasses.replace(path, unlucky=0), top) >= value - TOLERANCE
                planted += 1
                caught += _stopping_value(path, top, wrong=True) < value - TOLERANCE
    assert checked > 20000 and lower > 1500 and planted > 18000 and caught > 1000, (checked, lower, planted, caught)

"""The drift ceiling holding The Zero at a Discard or a Swap (`flip7odds.drift`, "Holding The Zero at a Discard or a
Swap"), against the exact solver.

Holding The Zero, a Discard or a Swap drawn at level 0 goes on at the better of level 1 with The Zero kept (scoring 0
but at a Flip 7) and level a, The Zero discarded or swapped away (your numbers' sum, no card forgiven); a Steal's level
scores 0 holding The Zero but at a Flip 7; and level 1's ``room``-th class is a Flip 7 or six numbers and one draw more.
On random small piles holding The Zero and Discards, Swaps or Steals (at times the Unlucky 7; other lines, standard and
Brutal, at times a known discard pile), every state a full search meets where The Zero is yours or still to come and a
Discard, Swap or Steal may change the path keeps the exact value of hitting (the fast solver's) at or below the
ceiling, and the ceiling is lower than with the Discard or Swap going on at level 1 alone at many of them.
"""

from __future__ import annotations

import random

from flip7odds.bounded import Path
from flip7odds.cards import Action, Card
from flip7odds.drift import _chain_ends, _class_columns, drift_ceiling
from flip7odds.rules import UNLUCKY_7, VENGEANCE, VENGEANCE_BRUTAL
from flip7odds.vengeance.situation import VengeanceSituation
from tests.strategies import drawing_states, seeded_small_pile

TOLERANCE = 1e-9
DISCARD, SWAP, STEAL = Card.action(Action.DISCARD), Card.action(Action.SWAP), Card.action(Action.STEAL)
THE_ZERO = Card.number(0)


def _unsplit(path: Path, top: int) -> float:
    """The ceiling with a Discard or Swap met holding The Zero going on at level 1 alone (The Zero a class of value
    0 there), as `drift_ceiling` combines its chain's two values."""
    copies, values, total = _class_columns(path.classes, path.zeros)
    live = path.bust + path.rescue + total
    onward, stop, *_ = _chain_ends(path, max(0, top), copies, values, live, split=False)
    return ((path.size - live) * stop + live * onward) / path.size


def _situation(rng: random.Random) -> VengeanceSituation:
    """A small pile holding The Zero and one or two Discards or Swaps (at times a Steal, the Unlucky 7), your line and up
    to two other lines holding some of the rest, sometimes a known discard pile."""
    rules = rng.choice([VENGEANCE, VENGEANCE_BRUTAL])
    deck = [card for card, count in rules.deck.items_ for _ in range(count)]
    rng.shuffle(deck)
    chosen = [THE_ZERO, *rng.sample([DISCARD, DISCARD, SWAP, SWAP], rng.randint(1, 2))] + (
        [STEAL] if rng.random() < 0.3 else []) + ([UNLUCKY_7] if rng.random() < 0.3 else [])
    for card in chosen:
        deck.remove(card)
    return seeded_small_pile(rng, rules, deck, chosen, most_dealt=7, fewest_others=rng.randint(0, 1))


def test_holding_the_zero_the_ceiling_keeps_the_exact_hit_value_of_every_state_met() -> None:
    rng = random.Random(44)
    checked = holding = lower = 0
    for _ in range(40):
        for _, path, top, exact in drawing_states(_situation(rng)):
            if not (path.holds_zero or path.zeros) or not (path.second or path.steals):
                continue
            ceiling = drift_ceiling(path, top)
            assert ceiling >= exact() - TOLERANCE, path
            unsplit = _unsplit(path, top)
            assert ceiling <= unsplit + TOLERANCE, path
            checked += 1
            holding += path.holds_zero
            lower += ceiling < unsplit - TOLERANCE
    assert checked > 10000 and holding > 5000 and lower > 1000, (checked, holding, lower)

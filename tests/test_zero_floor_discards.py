"""The Zero floor's Discards and Unlucky 7s (`flip7odds.chain_floor`, "Holding The Zero"), against the exact solver.

While you hold The Zero the Zero floor's policy draws until the Flip 7, and a Discard or the Unlucky 7 counted ``L``
(any play at all may follow). The policy now plays a Discard on your own line, discards The Zero and stays (where a
card is left), and stays after the Unlucky 7 with that 7 alone. On random small piles holding The Zero and a Discard
(at times two, at times the Unlucky 7; alone and with other lines, standard and Brutal, at times a known discard pile),
every state a full search meets holding The Zero with no draws owed keeps the exact value of hitting (the fast
solver's) at or above the floor, and the floor is higher than before (the Discards given away where the other lines
could take them, or counted ``L``) at many of them, lower at none (the Zero floor takes the better of its two
policies). Two deliberately wrong readings must rise above the exact value somewhere: the Unlucky 7 keeping your
numbers (a 7 added to your line), and the Discards the other lines could take counted twice (given away and played on
your own line).
"""

from __future__ import annotations

import random
from typing import cast

from flip7odds.cards import Action, Card
from flip7odds.chain_floor import _zero_floor, zero_floor
from flip7odds.round_models import VengeanceModel
from flip7odds.rules import UNLUCKY_7, VENGEANCE, VENGEANCE_BRUTAL
from flip7odds.vengeance.fast import State
from tests.strategies import drawing_states, seeded_small_pile

TOLERANCE = 1e-9
DISCARD = Card.action(Action.DISCARD)
THE_ZERO = Card.number(0)


def test_every_state_holding_the_zero_keeps_the_exact_value_above_the_floor() -> None:
    rng = random.Random(41)
    checked = higher = lower = wrong_unlucky = wrong_twice = 0
    for round_number in range(40):
        rules = rng.choice([VENGEANCE, VENGEANCE_BRUTAL])
        deck = [card for card, count in rules.deck.items_ for _ in range(count)]
        rng.shuffle(deck)
        chosen = [THE_ZERO, DISCARD] + ([DISCARD] if rng.random() < 0.3 else []) + (
            [UNLUCKY_7] if rng.random() < 0.5 else [])
        for card in chosen:
            deck.remove(card)
        situation = seeded_small_pile(rng, rules, deck, chosen, 5, 0 if round_number % 2 else 1)
        model = VengeanceModel(situation)
        for state, path, _, exact in drawing_states(situation):
            if not path.holds_zero or model.forced(cast(State, state)):
                continue
            hit = exact()
            scores, given, _, _, stays = model.chain(state)
            low = model.reach(state)[0]
            floor = zero_floor(path, scores, low, given, stays=stays)
            assert floor <= hit + TOLERANCE, (situation, state, path, given, stays)
            before = zero_floor(path, scores, low, given)  # the Discards given away, or counted L
            higher += floor > before + TOLERANCE
            lower += floor < before - TOLERANCE
            if stays.unlucky:  # the Unlucky 7 read as a 7 joining your line: not a bound
                planted = stays._replace(unlucky_score=int(scores.plain[path.held + 7]))
                wrong_unlucky += zero_floor(path, scores, low, given, stays=planted) > hit + TOLERANCE
            if stays.played:  # the Discards the other lines could take counted twice, given away and played on
                twice = _zero_floor(path, scores, low, given, None, stays.discards, stays.unlucky,
                                    stays.unlucky_score, stays.lined)  # your line
                wrong_twice += twice > hit + TOLERANCE
            checked += 1
    assert checked > 15000 and higher > 8000 and not lower, (checked, higher, lower)
    assert wrong_unlucky > 1000 and wrong_twice > 20, (wrong_unlucky, wrong_twice)

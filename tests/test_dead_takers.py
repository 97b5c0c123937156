"""A Steal or Swap with nobody to take from or swap with: neutral in the ceilings, a card to pass in the chain floor.

Where no other player is in the round, every Steal and Swap is discarded unused when it comes
(`flip7odds.vengeance.fast.can_take_from_others`), so `flip7odds.round_models.VengeanceModel.path` counts the Swaps as
cards that change nothing (they were rescuers ending the drift ceiling's chain at ``W``) and `VengeanceModel.chain`
counts the Steals and Swaps among the cards the chain floor's policy passes over; a modifier, which you must keep, is a
card after which that policy stays (`flip7odds.bounded.Kept`). On random small piles played alone with Steals, Swaps,
a Discard and sometimes the Unlucky 7, every state a full search meets must keep the exact value of
hitting (the fast solver's) between the chain floor and the ceilings, and the two must be narrower than before at
some of them. A Discard is not such a card (alone it takes one of your own): counting it as one, a deliberately wrong
bound, must fall on the wrong side of the exact value somewhere; so must a floor that counts a modifier you must keep as
one you could give away.
"""

from __future__ import annotations

import dataclasses
import random
from typing import cast

from flip7odds.bounded import _path_ceiling
from flip7odds.cards import Action, Card, Category
from flip7odds.chain_floor import chain_floor
from flip7odds.drift import drift_ceiling
from flip7odds.round_models import VengeanceModel
from flip7odds.rules import UNLUCKY_7, VENGEANCE, VENGEANCE_BRUTAL
from flip7odds.vengeance.fast import State
from flip7odds.vengeance.situation import VengeanceLine, VengeanceSituation
from tests.strategies import drawing_states

TOLERANCE = 1e-9
STEAL, SWAP, DISCARD = Card.action(Action.STEAL), Card.action(Action.SWAP), Card.action(Action.DISCARD)


def _alone(rng: random.Random) -> VengeanceSituation:
    """A pile of 7 to 9 cards holding a Steal, a Swap and a Discard (sometimes a second Swap, sometimes the Unlucky 7)
    under the first of a shuffled deck; up to four of the rest dealt to your line (numbers only where they fit, never
    an action); no other player; at times a known discard pile."""
    rules = rng.choice([VENGEANCE, VENGEANCE_BRUTAL])
    deck = [card for card, count in rules.deck.items_ for _ in range(count)]
    rng.shuffle(deck)
    chosen = [STEAL, SWAP, DISCARD] + ([SWAP] if rng.random() < 0.5 else []) + (
        [UNLUCKY_7] if rng.random() < 0.3 else [])
    for card in chosen:
        deck.remove(card)
    size = rng.randint(7, 9)
    pile, rest = deck[:size - len(chosen)] + chosen, deck[size - len(chosen):]
    line = VengeanceLine()
    for card in rest[:rng.randint(0, 4)]:
        if card.category is not Category.ACTION and (
                not card.is_number or (line.accepts(card) and line.number_count < 5)):
            line = line.plus(card)
    discards = rest[20:20 + rng.randint(0, 3)] if rng.random() < 0.3 else None
    return VengeanceSituation.build(rules, line.cards, others=[], pile=pile, discards=discards)


def _copies(model: VengeanceModel, state: State, card: Card) -> int:
    """The copies of ``card`` in the pile a state draws from."""
    deck = model.game.deck
    k = deck.kinds.index(card)
    pile = state[0] if state[1] else state[4]
    return int(pile // deck.weight[k] % deck.radix[k])


def test_alone_every_state_keeps_the_exact_value_between_the_narrower_bounds() -> None:
    rng = random.Random(37)
    checked = lower = higher = kept_higher = wrong_ceiling = wrong_floor = wrong_kept = 0
    for _ in range(14):
        situation = _alone(rng)
        model = VengeanceModel(situation)
        for state, path, top, exact in drawing_states(situation):
            hit = exact()
            swaps, steals = _copies(model, state, SWAP), _copies(model, state, STEAL)
            discards = _copies(model, state, DISCARD)
            ceiling = drift_ceiling(path, top)
            assert ceiling >= hit - TOLERANCE, (situation, state, path)
            assert _path_ceiling(path, top) >= hit - TOLERANCE, (situation, state, path)
            before = dataclasses.replace(path, rescue=path.rescue + swaps)  # the Swaps as rescuers, as before
            lower += ceiling < drift_ceiling(before, top) - TOLERANCE
            if discards:  # a Discard counted as a card that changes nothing: not a bound
                wrong = dataclasses.replace(path, rescue=path.rescue - discards, second=path.second - discards)
                wrong_ceiling += drift_ceiling(wrong, top) < hit - TOLERANCE
            if model.forced(cast(State, state)):
                continue
            scores, given, passed, kept, _ = model.chain(state)
            low = model.reach(state)[0]
            floor = chain_floor(path, scores, low, given, steals=passed, kept=kept)
            assert floor <= hit + TOLERANCE, (situation, state, path)
            higher += floor > chain_floor(path, scores, low, given - swaps - steals, steals=passed) + TOLERANCE
            kept_higher += floor > chain_floor(path, scores, low, given, steals=passed) + TOLERANCE
            if discards:
                wrong_floor += chain_floor(path, scores, low, given + discards, steals=passed) > hit + TOLERANCE
            if kept.count:  # the modifiers you must keep counted as cards you give away: not a bound
                wrong_kept += chain_floor(path, scores, low, given + kept.count, steals=passed) > hit + TOLERANCE
            checked += 1
    assert checked > 8000 and lower > 1000 and higher > 5000 and kept_higher > 1000, (checked, lower, higher, kept_higher)
    assert wrong_ceiling > 100 and wrong_floor > 100 and wrong_kept > 100, (wrong_ceiling, wrong_floor, wrong_kept)

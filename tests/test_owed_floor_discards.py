"""The forced floor's Discards played on your own line (`flip7odds.chain_floor`, "Draws owed"), against the exact solver.

While draws are owed, a Discard drawn with nobody else's card to take (alone, or the other lines holding too few) is
set aside and played after the draws; one already set aside or queued when the state is met ruled the forced floor out
(no path). The policy plays it on your own line: it discards your smallest number and stays, where a card is left
(`VengeanceModel._owed_stays`, `owed_path`). On random small piles holding a Flip Four! and one or two Discards, at
times a Just One More! (standard and Brutal, alone and with other lines, at times a known discard pile), at every state
a full search meets owing draws with a Discard to play on your line (in the pile or waiting), the exact value is at or
above the forced floor, and the floor is above the one with those Discards at ``L`` at many of them. The Discard read
as taking a card worth nothing, a deliberately wrong bound, must rise above the exact value somewhere.
"""

from __future__ import annotations

import random

from flip7odds.cards import Action, Card
from flip7odds.chain_floor import owed_floor
from flip7odds.round_models import VengeanceModel
from flip7odds.rules import VENGEANCE, VENGEANCE_BRUTAL
from flip7odds.vengeance.fast import TIE, _Values
from tests.strategies import met_states, seeded_small_pile

TOLERANCE = 1e-9
DISCARD = Card.action(Action.DISCARD)


def test_every_state_owing_draws_keeps_the_exact_value_above_the_floor_with_its_discards() -> None:
    rng = random.Random(4202)
    checked = waiting = higher = wrong = 0
    for round_number in range(90):
        rules = rng.choice([VENGEANCE, VENGEANCE_BRUTAL])
        deck = [card for card, count in rules.deck.items_ for _ in range(count)]
        rng.shuffle(deck)
        chosen = [Card.action(Action.FLIP_FOUR), DISCARD, *([DISCARD] if rng.random() < 0.3 else []),
                  *([Card.action(Action.JUST_ONE_MORE)] if rng.random() < 0.3 else [])]
        for card in chosen:
            deck.remove(card)
        situation = seeded_small_pile(rng, rules, deck, chosen, 5, round_number % 2)
        model = VengeanceModel(situation)
        values = _Values(model.game, 1.0, TIE, 10**6)
        for state in met_states(model):
            draws = model.owed(state)
            if not draws or not model.can_draw(state):
                continue
            scores, given, _, kept, stays = model.chain(state)
            if not (stays.discards or stays.waiting):
                continue
            path = model.path(state) or model.owed_path(state)
            assert path is not None
            low = model.reach(state)[0]
            value = values.value(state)
            floor = owed_floor(path, scores, low, draws, neutral=given, kept=kept, stays=stays)
            assert floor <= value + TOLERANCE, (situation, state, path, given, kept, stays)
            before = low if stays.waiting else owed_floor(path, scores, low, draws, neutral=given, kept=kept)
            higher += floor > before + TOLERANCE
            waiting += stays.waiting
            free = stays._replace(smallest=0, cards=2)  # the Discard taking a card worth nothing: not a bound
            wrong += owed_floor(path, scores, low, draws, neutral=given, kept=kept, stays=free) > value + TOLERANCE
            checked += 1
    assert checked > 40000 and waiting > 30000 and higher > 33000 and wrong > 2500, (checked, waiting, higher, wrong)

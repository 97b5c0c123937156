"""The cards after which the chain floor's policy stays (`flip7odds.bounded.Stays`), against the exact solver.

A Just One More! you must take (nobody else in the round), a Discard you play on your own line and the Unlucky 7 end
the chain floor's say: they counted ``L`` (any play at all may follow). The policy now plays them and stays: the Just
One More!'s one card (a new number counts), your smallest number drawn on the chain discarded, the Unlucky 7's 7 alone.
On random small piles holding them (alone and with other lines, standard and Brutal, at times a known discard pile),
every state a full search meets at a free decision keeps the exact value of hitting (the fast solver's) at or above
the floor, and the floor is higher than before at many of them. Each card counted as one given away (the chain goes on
with your line as it was), a deliberately wrong bound, must rise above the exact value somewhere.

Cards drawn while draws are owed are set aside; the ones you can then give away (or discard unused) take a draw and
leave your line as it was, where the forced floor counted them ``L``: at every state owing draws, the exact value
stays at or above it, and every other card counted so (The Zero, a modifier you keep, a rescuer), a deliberately
wrong bound, rises above the exact value somewhere.
"""

from __future__ import annotations

import random
from typing import cast

from flip7odds.cards import Action, Card
from flip7odds.chain_floor import chain_floor, owed_floor
from flip7odds.round_models import VengeanceModel
from flip7odds.rules import UNLUCKY_7, VENGEANCE, VENGEANCE_BRUTAL
from flip7odds.vengeance.fast import TIE, State, _Values
from tests.strategies import drawing_states, seeded_small_pile

TOLERANCE = 1e-9
JUST_ONE_MORE, DISCARD = Card.action(Action.JUST_ONE_MORE), Card.action(Action.DISCARD)
FLIP_FOUR = Card.action(Action.FLIP_FOUR)


def test_every_state_keeps_the_exact_value_above_the_floor_that_stays_after_them() -> None:
    rng = random.Random(38)
    checked = higher = owed_checked = owed_higher = owed_wrong = 0
    wrong = {"forced": 0, "discards": 0, "unlucky": 0}
    for round_number in range(24):
        rules = rng.choice([VENGEANCE, VENGEANCE_BRUTAL])
        deck = [card for card, count in rules.deck.items_ for _ in range(count)]
        rng.shuffle(deck)
        chosen = [JUST_ONE_MORE, DISCARD] + ([UNLUCKY_7] if rng.random() < 0.6 else []) + (
            [JUST_ONE_MORE] if rng.random() < 0.3 else [])
        for card in chosen:
            deck.remove(card)
        situation = seeded_small_pile(rng, rules, deck, chosen, 5, 0 if round_number % 2 else 1)
        model = VengeanceModel(situation)
        values = _Values(model.game, 1.0, TIE, 10**6)
        for state, path, _, exact in drawing_states(situation):
            draws = model.owed(state)
            if draws:  # the forced floor: cards set aside and then given away took a draw and nothing else
                scores, given, _, kept, _ = model.chain(state)
                low = model.reach(state)[0]
                value = values.value(state)
                owed = owed_floor(path, scores, low, draws, neutral=given, kept=kept)
                assert owed <= value + TOLERANCE, (situation, state, path, given)
                owed_higher += owed > owed_floor(path, scores, low, draws) + TOLERANCE
                others = path.size - path.bust - path.zeros - sum(copies for copies, _ in path.classes)
                if others > given:  # every other card counted as one given away: not a bound
                    owed_wrong += owed_floor(path, scores, low, draws, neutral=others) > value + TOLERANCE
                owed_checked += 1
            if model.forced(cast(State, state)):
                continue
            hit = exact()
            scores, given, steals, kept, stays = model.chain(state)
            low = model.reach(state)[0]
            floor = chain_floor(path, scores, low, given, steals=steals, kept=kept, stays=stays)
            assert floor <= hit + TOLERANCE, (situation, state, path, stays)
            higher += floor > chain_floor(path, scores, low, given, steals=steals, kept=kept) + TOLERANCE
            for field in wrong:  # the card counted as given away: not a bound
                count = getattr(stays, field)
                if count:
                    planted = chain_floor(path, scores, low, given + count, steals=steals, kept=kept,
                                          stays=stays._replace(**{field: 0}))
                    wrong[field] += planted > hit + TOLERANCE
            checked += 1
    assert checked > 20000 and higher > 4000, (checked, higher)
    assert min(wrong.values()) > 200, wrong
    assert owed_checked > 15000 and owed_higher > 5000 and owed_wrong > 3000, (owed_checked, owed_higher, owed_wrong)


def test_a_flip_four_you_must_take_keeps_the_exact_value_above_the_floor() -> None:
    """A Flip Four! you must take (nobody else in the round): the chain floor's policy draws its four cards and stays
    (`flip7odds.chain_floor`, "Cards after which the policy stays"). On random small piles holding one or two, at every
    free-decision state a full search meets the exact value of hitting lies at or above the floor, the floor is
    higher than with the Flip Four!s at ``L`` at a third of them (the piles hold four classes to draw). Wrong
    variants of the Flip Four!'s term are caught card by card (`tests/test_chain_floor.py`)."""
    rng = random.Random(3805)
    checked = higher = 0
    for _ in range(16):
        rules = rng.choice([VENGEANCE, VENGEANCE_BRUTAL])
        deck = [card for card, count in rules.deck.items_ for _ in range(count)]
        rng.shuffle(deck)
        numbers = sorted({card for card in deck if card.is_number}, key=str)
        chosen = [FLIP_FOUR] + ([FLIP_FOUR] if rng.random() < 0.4 else []) + (
            [JUST_ONE_MORE] if rng.random() < 0.3 else []) + rng.sample(numbers, 4)  # four classes to draw
        for card in chosen:
            deck.remove(card)
        situation = seeded_small_pile(rng, rules, deck, chosen, 3, 0)
        model = VengeanceModel(situation)
        for state, path, _, exact in drawing_states(situation):
            if model.forced(cast(State, state)):
                continue
            scores, given, steals, kept, stays = model.chain(state)
            if not stays.flip4:
                continue
            hit = exact()
            low = model.reach(state)[0]
            floor = chain_floor(path, scores, low, given, steals=steals, kept=kept, stays=stays)
            assert floor <= hit + TOLERANCE, (situation, state, path, stays)
            higher += floor > chain_floor(path, scores, low, given, steals=steals, kept=kept,
                                          stays=stays._replace(flip4=0)) + TOLERANCE
            checked += 1
    assert checked > 50 and higher > 15, (checked, higher)

"""The forced floor's modifiers you must keep (`flip7odds.chain_floor`, "Draws owed"), against the exact solver.

While draws are owed (a Flip Four! or a Just One More! you take), a modifier drawn is set aside and, with nobody to give
it to, joins your line once the draws are done; it counted ``L``. The forced floor now counts the first one so: your
score with it where the draws end (a stay), the pile runs out or the Flip 7 comes (no bonus counted there); a second
one still counts ``L``. On random small piles played alone holding a Flip Four! or a Just One More! and modifiers
(standard and Brutal, at times a known discard pile), every state a full search meets owing draws keeps the exact value
at or above the floor, and the floor is higher than with the modifiers at ``L`` at many of them. The modifiers read as
cards that change nothing (your score without them), a deliberately wrong bound, must rise above the exact value
somewhere. Cards set aside that change none of your numbers and owe no draw (modifiers; a Just One More! or Flip
Four! given to another player) no longer rule the forced floor out: the second test checks it where they wait.
"""

from __future__ import annotations

import random

from flip7odds.bounded import Kept
from flip7odds.cards import Action, Card, Category
from flip7odds.chain_floor import owed_floor
from flip7odds.round_models import VengeanceModel
from flip7odds.rules import VENGEANCE, VENGEANCE_BRUTAL
from flip7odds.vengeance.fast import TIE, _Values
from tests.strategies import drawing_states, seeded_small_pile

TOLERANCE = 1e-9
FORCING = (Card.action(Action.FLIP_FOUR), Card.action(Action.JUST_ONE_MORE))


def test_every_state_owing_draws_keeps_the_exact_value_above_the_floor_with_its_modifiers() -> None:
    rng = random.Random(4107)
    checked = higher = wrong = 0
    for _ in range(150):
        rules = rng.choice([VENGEANCE, VENGEANCE_BRUTAL])
        deck = [card for card, count in rules.deck.items_ for _ in range(count)]
        rng.shuffle(deck)
        modifiers = sorted({card for card in deck if card.category is Category.MODIFIER}, key=str)
        chosen = [rng.choice(FORCING), *rng.sample(modifiers, rng.randint(1, 3))]
        for card in chosen:
            deck.remove(card)
        situation = seeded_small_pile(rng, rules, deck, chosen, 5, 0)
        model = VengeanceModel(situation)
        values = _Values(model.game, 1.0, TIE, 10**6)
        for state, path, _, _ in drawing_states(situation):
            draws = model.owed(state)
            if not draws or state[3]:
                continue
            scores, given, _, kept, _ = model.chain(state)
            if not kept.count:
                continue
            low = model.reach(state)[0]
            value = values.value(state)
            floor = owed_floor(path, scores, low, draws, neutral=given, kept=kept)
            assert floor <= value + TOLERANCE, (situation, state, path, given, kept)
            higher += floor > owed_floor(path, scores, low, draws, neutral=given) + TOLERANCE
            unchanged = Kept(kept.count, kept.count * scores.plain)  # the modifiers changing nothing: not a bound
            wrong += owed_floor(path, scores, low, draws, neutral=given, kept=unchanged) > value + TOLERANCE
            checked += 1
    assert checked > 3500 and higher > 2000 and wrong > 1000, (checked, higher, wrong)


def test_a_state_with_modifiers_or_forcing_cards_set_aside_keeps_the_exact_value_above_its_forced_floor() -> None:
    """Cards set aside while draws are owed that change none of your numbers and owe no draw (a modifier, given away
    after the draws or joining your line; a Just One More! or Flip Four! given to another player) no longer rule the
    forced floor out (`VengeanceModel.owed`): the floor counts your line's scores with the modifiers that join it
    (`VengeanceModel.chain`). On random small piles holding a Flip Four!, modifiers and at times a Just One More! or a
    second Flip Four! (alone and with other lines), at every such state a full search meets the exact value is at or
    above the floor; your line's scores without the modifiers set aside, a deliberately wrong bound, rise above it
    somewhere."""
    rng = random.Random(4108)
    checked = higher = alone = wrong = 0
    for round_number in range(60):
        rules = rng.choice([VENGEANCE, VENGEANCE_BRUTAL])
        deck = [card for card, count in rules.deck.items_ for _ in range(count)]
        rng.shuffle(deck)
        modifiers = sorted({card for card in deck if card.category is Category.MODIFIER}, key=str)
        chosen = [FORCING[0], *rng.sample(modifiers, rng.randint(1, 3))] + (
            [rng.choice(FORCING)] if rng.random() < 0.4 else [])
        for card in chosen:
            deck.remove(card)
        situation = seeded_small_pile(rng, rules, deck, chosen, 4, round_number % 2)
        model = VengeanceModel(situation)
        values = _Values(model.game, 1.0, TIE, 10**6)
        for state, path, _, _ in drawing_states(situation):
            draws = model.owed(state)
            if not draws or not (state[8] or state[9]):
                continue
            scores, given, _, kept, _ = model.chain(state)
            low = model.reach(state)[0]
            value = values.value(state)
            floor = owed_floor(path, scores, low, draws, neutral=given, kept=kept)
            assert floor <= value + TOLERANCE, (situation, state, path, given, kept)
            higher += floor > low + TOLERANCE  # it was L there
            line_only = model.chain((*state[:8], (), (), *state[10:]))[0]  # the modifiers set aside left out
            if line_only is not scores:
                alone += 1
                wrong += owed_floor(path, line_only, low, draws, neutral=given, kept=kept) > value + TOLERANCE
            checked += 1
    assert checked > 30000 and higher > 25000 and alone > 1500 and wrong > 500, (checked, higher, alone, wrong)

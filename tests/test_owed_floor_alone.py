"""The forced floor where you play alone with cards set aside (`VengeanceModel.owed`, `path`), against the exact solver.

With no other player in the round, a Steal or Swap set aside while draws are owed has no legal use and is discarded
unused when it resolves: it no longer rules the path (and so the forced floor and the path ceilings) out. A Just One
More! or Flip Four! set aside is played on you when it resolves, after the draws owed: the policy "draw what is owed,
then stay" draws its one or four cards more, and the forced floor is that of all the draws together (it counted ``L``
there). On random small piles played alone holding a Flip Four! and Steals, Swaps, Just One More!s or a second Flip
Four! (standard and Brutal, at times a known discard pile), at every state a full search meets owing draws with such a
card waiting, the exact value is at or above the forced floor, and the path and drift ceilings at or above the exact
value of drawing. Two deliberately wrong floors must rise above the exact value somewhere: the forcing cards read as
owing no draw (stay once the draws owed now are done), and one draw owed fewer where a Steal or Swap waits.
"""

from __future__ import annotations

import random

from flip7odds.bounded import _path_ceiling
from flip7odds.cards import Action, Card, Category
from flip7odds.chain_floor import owed_floor
from flip7odds.drift import drift_ceiling
from flip7odds.round_models import VengeanceModel
from flip7odds.rules import VENGEANCE, VENGEANCE_BRUTAL
from flip7odds.vengeance.fast import TIE, _Values
from flip7odds.vengeance.situation import VengeanceSituation
from tests.strategies import drawing_states

TOLERANCE = 1e-9
FLIP_FOUR = Card.action(Action.FLIP_FOUR)
JUST_ONE_MORE = Card.action(Action.JUST_ONE_MORE)
WAITING = (Card.action(Action.STEAL), Card.action(Action.SWAP), JUST_ONE_MORE, FLIP_FOUR)


def _alone(rng: random.Random, chosen: list[Card]) -> VengeanceSituation:
    """A pile of 6 to 8 cards played alone: the ``chosen`` cards under the first of a shuffled deck (at times a
    modifier or two among those); up to three numbers and modifiers of the rest in your line; at times a known discard
    pile."""
    rules = rng.choice([VENGEANCE, VENGEANCE_BRUTAL])
    deck = [card for card, count in rules.deck.items_ for _ in range(count)]
    rng.shuffle(deck)
    for card in chosen:
        deck.remove(card)
    size = rng.randint(6, 8)
    pile, rest = deck[:size - len(chosen)] + chosen, deck[size - len(chosen):]
    line: list[Card] = []
    for card in rest[:rng.randint(0, 3)]:
        if card.category is not Category.ACTION and card not in line and not (
                card.is_number and any(held.is_number and held.value == card.value for held in line)):
            line.append(card)
    discards = rest[20:20 + rng.randint(0, 3)] if rng.random() < 0.3 else None
    return VengeanceSituation.build(rules, tuple(line), others=[], pile=pile, discards=discards)


def test_alone_a_card_set_aside_keeps_the_exact_value_inside_the_forced_floor_and_the_path_ceilings() -> None:
    rng = random.Random(4201)
    checked = stealing = forcing = wrong_forcing = wrong_stealing = 0
    for _ in range(120):
        situation = _alone(rng, [FLIP_FOUR, *rng.sample(WAITING, rng.randint(1, 2))])
        model = VengeanceModel(situation)
        deck = model.game.deck
        values = _Values(model.game, 1.0, TIE, 10**6)
        for state, path, top, draw in drawing_states(situation):
            waiting = [deck.acts[k] for k in (*state[8], *state[9])]
            takers = sum(act in (Action.STEAL, Action.SWAP) for act in waiting)
            extra = sum({Action.JUST_ONE_MORE: 1, Action.FLIP_FOUR: 4}.get(act, 0) for act in waiting if act)
            draws = model.owed(state)
            if not draws or not (takers or extra):
                continue
            scores, given, _, kept, _ = model.chain(state)
            low = model.reach(state)[0]
            value = values.value(state)
            floor = owed_floor(path, scores, low, draws, neutral=given, kept=kept)
            assert floor <= value + TOLERANCE, (situation, state, path, draws)
            hit = draw()
            assert _path_ceiling(path, top) >= hit - TOLERANCE, (situation, state, path)
            assert drift_ceiling(path, top) >= hit - TOLERANCE, (situation, state, path)
            if extra:
                forcing += floor > low + TOLERANCE  # it was L there
                wrong_forcing += owed_floor(path, scores, low, draws - extra, neutral=given, kept=kept) > (
                    value + TOLERANCE)
            if takers:
                stealing += floor > low + TOLERANCE  # no path, so no forced floor, there
                if draws > 1:
                    wrong_stealing += owed_floor(path, scores, low, draws - 1, neutral=given, kept=kept) > (
                        value + TOLERANCE)
            checked += 1
    assert checked > 15000 and forcing > 6000 and stealing > 6000, (checked, forcing, stealing)
    assert wrong_forcing > 1500 and wrong_stealing > 1000, (wrong_forcing, wrong_stealing)


def test_alone_a_just_one_more_drawn_while_draws_are_owed_keeps_the_exact_value_above_the_forced_floor() -> None:
    """A Just One More! drawn while draws are owed, with nobody else in the round, is set aside and played on you after
    them: the policy draws one card more (`_owed_values`'s ``X(K, j)``; it counted ``L``). On random piles played alone
    with a Flip Four! and one or two Just One More!s (at times a Steal, Swap or second Flip Four! too), at every state
    owing draws with a Just One More! in the pile the exact value is at least the forced floor, above the floor with the
    Just One More!s at ``L`` at many; read as given away (no draw more), it rises above the exact value somewhere."""
    rng = random.Random(4203)
    checked = higher = wrong = 0
    for _ in range(80):
        situation = _alone(rng, [FLIP_FOUR, *[JUST_ONE_MORE] * rng.randint(1, 2),
                                 *rng.sample([WAITING[0], WAITING[1], FLIP_FOUR], rng.randint(0, 1))])
        model = VengeanceModel(situation)
        values = _Values(model.game, 1.0, TIE, 10**6)
        for state, path, _, _ in drawing_states(situation):
            draws = model.owed(state)
            if not draws:
                continue
            scores, given, _, kept, stays = model.chain(state)
            if not stays.forced:
                continue
            low = model.reach(state)[0]
            value = values.value(state)
            floor = owed_floor(path, scores, low, draws, neutral=given, kept=kept, stays=stays)
            assert floor <= value + TOLERANCE, (situation, state, path, draws, stays)
            higher += floor > owed_floor(path, scores, low, draws, neutral=given, kept=kept,
                                         stays=stays._replace(forced=0)) + TOLERANCE
            wrong += owed_floor(path, scores, low, draws, neutral=given + stays.forced, kept=kept,
                                stays=stays._replace(forced=0)) > value + TOLERANCE
            checked += 1
    assert checked > 10000 and higher > 5000 and wrong > 1500, (checked, higher, wrong)

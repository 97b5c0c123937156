"""The drift ceiling forced through the draws owed (`flip7odds.drift`, "Draws owed"), against the exact solver.

While a Flip Four! or Just One More! owes you ``d`` draws (`VengeanceModel.draws_owed`), no play stops before ``d``
cards of the drawing pile have come, so the drift ceiling's chain is forced through them: the value forced through the
``j`` live cards among them, ``j`` hypergeometric. On 100 random small piles holding one or two Flip Four!s or Just
One More!s and at times a Steal, Swap or Discard (standard and Brutal, alone or with others whose lines at times hold
numbers, at times a known discard pile: `tests.strategies.seeded_small_pile`), at every state a full search meets
owing two draws or more with a path (about 83 000: the states met vary a little with the search's order from run to
run), the exact value of drawing is at most the forced ceiling, which is below the ceiling forcing one card at about
12 000. Forced through one draw more than owed (a deliberately wrong ceiling), it falls below the exact value at about
400.
"""

from __future__ import annotations

import random

from flip7odds.cards import Action, Card
from flip7odds.drift import drift_ceiling
from flip7odds.round_models import VengeanceModel
from flip7odds.rules import VENGEANCE, VENGEANCE_BRUTAL
from tests.strategies import drawing_states, seeded_small_pile, shuffled_deck

TOLERANCE = 1e-9
FORCING = (Card.action(Action.FLIP_FOUR), Card.action(Action.JUST_ONE_MORE))
OTHERS = (Card.action(Action.STEAL), Card.action(Action.SWAP), Card.action(Action.DISCARD))


def test_the_drift_ceiling_forced_through_the_draws_owed_holds_the_exact_value() -> None:
    rng = random.Random(4401)
    checked = tighter = wrong = 0
    for _ in range(100):
        rules = rng.choice([VENGEANCE, VENGEANCE_BRUTAL])
        chosen = [rng.choice(FORCING) for _ in range(rng.randint(1, 2))] + rng.sample(OTHERS, rng.randint(0, 1))
        situation = seeded_small_pile(rng, rules, shuffled_deck(rng, rules, chosen), chosen, 7, 0)
        model = VengeanceModel(situation)
        for state, path, top, draw in drawing_states(situation):
            draws = model.draws_owed(state)
            if draws < 2:
                continue
            hit = draw()
            ceiling = drift_ceiling(path, top, draws=draws)
            assert ceiling >= hit - TOLERANCE, (situation, state, path, draws)
            tighter += ceiling < drift_ceiling(path, top) - TOLERANCE
            wrong += drift_ceiling(path, top, draws=draws + 1) < hit - TOLERANCE
            checked += 1
    assert checked > 60000 and tighter > 8000 and wrong > 200, (checked, tighter, wrong)


ZERO_TAKERS = (Card.action(Action.DISCARD), Card.action(Action.SWAP))


def test_forced_through_the_draws_owed_holding_the_zero_a_discard_or_swap_keeps_the_better_of_kept_and_dropped() -> None:
    """Where The Zero is held and a Discard or Swap may come during the draws owed, the forced chain's Discard or Swap
    goes on at the better of The Zero kept and discarded or swapped away, as the unforced chain's does ("Holding The
    Zero at a Discard or a Swap"): on 60 small piles holding The Zero, a Discard or Swap and one or two Flip Four!s or
    Just One More!s, the exact value of drawing is at most the forced ceiling at every state owing two draws or more."""
    rng = random.Random(4402)
    checked = holding = 0
    for _ in range(60):
        rules = rng.choice([VENGEANCE, VENGEANCE_BRUTAL])
        chosen = [Card.number(0), *(rng.choice(FORCING) for _ in range(rng.randint(1, 2))),
                  *rng.sample(ZERO_TAKERS, rng.randint(1, 2))]
        situation = seeded_small_pile(rng, rules, shuffled_deck(rng, rules, chosen), chosen, 7, 0)
        model = VengeanceModel(situation)
        for state, path, top, draw in drawing_states(situation):
            draws = model.draws_owed(state)
            if draws < 2 or not path.second:
                continue
            assert drift_ceiling(path, top, draws=draws) >= draw() - TOLERANCE, (situation, state, path, draws)
            checked += 1
            holding += path.holds_zero
    assert checked > 3000 and holding > 1000, (checked, holding)

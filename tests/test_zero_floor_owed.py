"""The Zero floor while draws are owed (`VengeanceModel.chain`, `_zero_forced`), against the exact solver.

Holding The Zero you must hit, so the draws a Flip Four! owes are draws the Zero floor's policy ("give away what you
can and draw until the Flip 7") makes anyway; a card drawn meanwhile is set aside and resolves after them. Where the
draws do not end in a stay (a Just One More!'s do) and nothing waiting can change your numbers or make you stay, the
search now bounds such a state below by that policy's value, counting only the cards you can give away (no Steal, no
Discard, no Swap: they resolve too late for the policy to count them), where it took ``L`` before.

On random small piles holding a Flip Four! or a Just One More! and The Zero (in your line or in the pile; standard and
Brutal; alone or with one or two other lines), at every state a full search meets owing draws while you hold The Zero,
the exact value of drawing (the fast solver's) is at or above that floor, and the floor is above ``L`` at many of them.
A deliberately wrong reading must rise above the exact value somewhere: the floor taken after a Just One More!'s draw
too, as if you could then draw on.
"""

from __future__ import annotations

import random

from flip7odds.cards import Action, Card
from flip7odds.chain_floor import zero_floor
from flip7odds.vengeance.situation import VengeanceSituation
from tests.strategies import pile_among_others, seeded_drawing_states

TOLERANCE = 1e-9
FLIP_FOUR, JUST_ONE_MORE = Card.action(Action.FLIP_FOUR), Card.action(Action.JUST_ONE_MORE)
THE_ZERO = Card.number(0)


def _situation(rng: random.Random) -> VengeanceSituation:
    """A pile of 6 to 8 cards holding a Flip Four! or a Just One More! (at times both) and at times The Zero, the rest
    numbers and modifiers (an action now and then); your line The Zero where the pile does not hold it, and up to
    three numbers; no other line, or one or two holding up to two numbers."""
    in_pile = rng.random() < 0.4

    def choose(rng: random.Random) -> list[Card]:
        return [*rng.sample([FLIP_FOUR, JUST_ONE_MORE], rng.randint(1, 2)), *([THE_ZERO] if in_pile else [])]

    return pile_among_others(rng, choose, (6, 8), held=None if in_pile else THE_ZERO, most_mine=3, fewest_others=0)


def test_holding_the_zero_while_draws_are_owed_keeps_the_exact_value_above_the_zero_floor() -> None:
    checked = higher = wrong = 0  # 12 876, 4 718 and 1 067 at seed 5102
    for model, state, path, exact in seeded_drawing_states(5102, 150, _situation):
        if not (model.forced(state) and path.holds_zero):
            continue
        low = model.reach(state)[0]
        chain = model.chain(state)
        if chain is None:
            drawing_on = model.chain(state[:10] + (False,)) if state[10] else None
            if drawing_on is not None:  # after a Just One More!'s draw you must stay: the floor there is wrong
                wrong += zero_floor(path, drawing_on[0], low, drawing_on[1]) > exact() + TOLERANCE
            continue
        scores, given, steals, _, stays = chain
        floor = zero_floor(path, scores, low, given, stays=stays, steals=steals)
        assert floor <= exact() + TOLERANCE, (state, path)
        higher += floor > low + TOLERANCE
        checked += 1
    assert checked > 12000 and higher > 4000 and wrong > 900, (checked, higher, wrong)

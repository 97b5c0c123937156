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

from flip7odds.cards import Action, Card, Category
from flip7odds.chain_floor import zero_floor
from flip7odds.round_models import VengeanceModel
from flip7odds.vengeance.situation import VengeanceLine, VengeanceSituation
from tests.strategies import chosen_deck, drawing_states

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

    rules, deck, chosen = chosen_deck(rng, choose)
    if not in_pile:
        deck.remove(THE_ZERO)
    deck = [card for card in deck if card.category is not Category.ACTION or rng.random() < 0.1]
    size = rng.randint(6, 8)
    pile, rest = deck[:size - len(chosen)] + chosen, deck[size - len(chosen):]
    numbers = [card for card in rest if card.is_number]
    lines = [VengeanceLine() if in_pile else VengeanceLine().plus(THE_ZERO)] + [VengeanceLine() for _ in range(2)]
    for where, count in ((0, rng.randint(0, 3)), (1, rng.randint(1, 2)), (2, rng.randint(0, 2))):
        for card in numbers[:count]:
            if lines[where].accepts(card):
                lines[where] = lines[where].plus(card)
        numbers = numbers[count:]
    others = [line.cards for line in lines[1:1 + rng.randint(0, 2)]]
    return VengeanceSituation.build(rules, lines[0].cards, others=others, pile=pile)


def test_holding_the_zero_while_draws_are_owed_keeps_the_exact_value_above_the_zero_floor() -> None:
    rng = random.Random(5102)
    checked = higher = wrong = 0  # 12 876, 4 718 and 1 067 at seed 5102
    for _ in range(150):
        situation = _situation(rng)
        model = VengeanceModel(situation)
        for state, path, _, exact in drawing_states(situation):
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
            assert floor <= exact() + TOLERANCE, (situation, state, path)
            higher += floor > low + TOLERANCE
            checked += 1
    assert checked > 12000 and higher > 4000 and wrong > 900, (checked, higher, wrong)

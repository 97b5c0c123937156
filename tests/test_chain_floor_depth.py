"""The chain floor as deep as the Flip 7 where it is a few numbers away (`flip7odds.chain_floor.chain_depth`).

Where your line is at most `FULL_ROOM` numbers short of the Flip 7, the chain floor's policy may draw every one of
them, and elsewhere it chooses for `DEPTH` (2) numbers, then draws up to `MORE` cards more without a choice. On random
small With a Vengeance piles (a fixed seed; your line holding two to four numbers, alone or with another player,
standard and Brutal), at every free state a full search meets with a path and no The Zero, the exact value of hitting
(the fast solver's) is at least the floor, and the floor is above the one that chooses for one number only at many of
them. A deliberately wrong floor, whose Flip 7 scores one point more, must rise above the exact value somewhere where
the policy draws as deep as the Flip 7. The bounded search's reported bounds
hold the exact values of the same piles.
"""

from __future__ import annotations

import random
from typing import cast

from flip7odds.bounded import LineScores, RoundModel, solve_bounded
from flip7odds.cards import Category
from flip7odds.chain_floor import DEPTH, FULL_ROOM, chain_depth, chain_floor
from flip7odds.round_models import VengeanceModel
from flip7odds.rules import VENGEANCE, VENGEANCE_BRUTAL
from flip7odds.vengeance.fast import TIE, State, _Values
from flip7odds.vengeance.situation import VengeanceLine, VengeanceSituation
from tests.strategies import drawing_states

TOLERANCE = 1e-9
SHALLOW = 1
"""A chain floor that chooses for fewer numbers than `DEPTH` (2)."""


def _near_the_flip_7(rng: random.Random) -> VengeanceSituation:
    """A pile of 8 to 10 cards of a shuffled deck, most of them numbers; your line two to four numbers of the rest (at
    times a modifier too), at times another player's line a number or two; at times a known discard pile."""
    rules = rng.choice([VENGEANCE, VENGEANCE_BRUTAL])
    deck = [card for card, count in rules.deck.items_ for _ in range(count)]
    rng.shuffle(deck)
    numbers = [card for card in deck if card.is_number and card.value != 0]
    others = [card for card in deck if not card.is_number or card.value == 0]
    size = rng.randint(8, 10)
    specials = rng.randint(0, 2)
    pile = numbers[:size - specials] + others[:specials]
    rest = numbers[size - specials:]
    mine, theirs = VengeanceLine(), VengeanceLine()
    for card in rest:
        if mine.number_count < rng.randint(2, 4) and mine.accepts(card):
            mine = mine.plus(card)
        elif theirs.number_count < 2 and theirs.accepts(card):
            theirs = theirs.plus(card)
    modifier = next(card for card in others[specials:] if card.category is Category.MODIFIER)
    if rng.random() < 0.3:
        mine = mine.plus(modifier)
    discards = rest[-3:] if rng.random() < 0.2 else None
    lines = [theirs.cards] if rng.random() < 0.5 else []
    return VengeanceSituation.build(rules, mine.cards, others=lines, pile=pile, discards=discards)


def test_the_floor_as_deep_as_the_flip_7_is_below_the_exact_value_and_above_the_shallow_one() -> None:
    rng = random.Random(4401)
    checked = deeper = tighter = wrong = 0
    for _ in range(200):
        situation = _near_the_flip_7(rng)
        model = VengeanceModel(situation)
        for state, path, _, draw in drawing_states(situation):
            if model.forced(state) or not model.may_stay(state) or path.holds_zero:
                continue
            scores, given, steals, kept, stays = model.chain(state)
            low = model.reach(state)[0]
            floor = chain_floor(path, scores, low, given, steals=steals, kept=kept, stays=stays)
            hit = draw()
            assert floor <= hit + TOLERANCE, (situation, state, path)
            checked += 1
            if path.room <= SHALLOW:
                continue
            deeper += 1
            tighter += floor > chain_floor(path, scores, low, given, SHALLOW, steals=steals, kept=kept,
                                           stays=stays) + TOLERANCE
            if chain_depth(path.room) == path.room:  # only the levels as deep as the Flip 7 read its score
                raised = LineScores(scores.plain, scores.flip7 + 1)
                wrong += chain_floor(path, raised, low, given, steals=steals, kept=kept, stays=stays) > hit + TOLERANCE
    assert SHALLOW < DEPTH < FULL_ROOM
    assert checked > 15000 and deeper > 12000 and tighter > 1800 and wrong > 2000, (checked, deeper, tighter, wrong)


def test_the_search_with_the_deeper_floor_holds_the_exact_values() -> None:
    rng = random.Random(4402)
    checked = narrow = 0
    for _ in range(20):
        situation = _near_the_flip_7(rng)
        model = VengeanceModel(situation)
        values = _Values(model.game, 1.0, TIE, 10**6)
        hit, optimal = values.draw(model.root()), values.value(model.root())
        for budget in (10.0, 40.0, 160.0):
            result = solve_bounded(cast(RoundModel[State], model), 60.0, max_budget=budget)
            assert result.hit is not None, situation
            assert result.hit.lo - TOLERANCE <= hit <= result.hit.hi + TOLERANCE, (situation, budget, result.hit, hit)
            assert result.optimal.lo - TOLERANCE <= optimal <= result.optimal.hi + TOLERANCE, (
                situation, budget, result.optimal, optimal)
            checked += 1
            narrow += not result.exact
    assert checked == 60 and narrow > 12, narrow

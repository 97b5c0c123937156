"""The drift ceiling with the modifiers your line holds (`flip7odds.drift`, "The modifiers you hold") against the exact
solver.

Before any rescuer comes, your line keeps every modifier it holds, and every modifier of With a Vengeance (the minus
cards, the ÷2) only lowers a score: the chain's score at level 0 is your score with them (`Path.scores`), not the
numbers' sum. On random small piles where your line holds one or two modifiers (the pile at times holding more, a
Discard, a Swap, a Steal, the Unlucky 7, The Zero, a Flip Four! or a Just One More!; standard and Brutal; alone and
with other lines), at every state a full search meets with such a path the exact value of hitting (the fast
solver's) is at most the ceiling, which is below the ceiling with the modifiers ignored at most of them. A planted
error (each of your line's modifiers counted twice) is no bound: it falls below the exact value somewhere. After a
Steal (level S) the same, on piles that each hold a Steal with another line holding a number.
"""

from __future__ import annotations

import dataclasses
import random

import numpy as np

from flip7odds.bounded import LineScores
from flip7odds.cards import Action, Card, Category
from flip7odds.drift import drift_ceiling
from flip7odds.round_models import VengeanceModel
from flip7odds.rules import UNLUCKY_7, VENGEANCE, VENGEANCE_BRUTAL
from flip7odds.vengeance.fast import State
from flip7odds.vengeance.situation import VengeanceLine, VengeanceSituation
from tests.strategies import drawing_states

TOLERANCE = 1e-9
STEAL = Card.action(Action.STEAL)
EXTRA = [Card.action(Action.DISCARD), Card.action(Action.SWAP), STEAL, UNLUCKY_7, Card.number(0),
         Card.action(Action.FLIP_FOUR), Card.action(Action.JUST_ONE_MORE)]


def _situation(rng: random.Random, steal: bool = False) -> VengeanceSituation:
    """A pile of 6 to 8 cards, numbers and modifiers with up to two cards of `EXTRA` (``steal``: a Steal and up to two);
    your line one to four numbers and one or two modifiers; up to two other lines, a number or a modifier at times
    (``steal``: one or two, the first a number)."""
    rules = rng.choice([VENGEANCE, VENGEANCE_BRUTAL])
    deck = [card for card, count in rules.deck.items_ for _ in range(count)]
    chosen = [STEAL] * steal + rng.sample(EXTRA[:-3] if steal else EXTRA, rng.randint(0, 2))
    for card in chosen:
        deck.remove(card)
    deck = [card for card in deck if card.category is not Category.ACTION]
    rng.shuffle(deck)
    modifiers = [card for card in deck if card.category is Category.MODIFIER]
    held = modifiers[:rng.randint(1, 2)]
    for card in held:
        deck.remove(card)
    size = rng.randint(6, 8)
    pile, rest = deck[:size - len(chosen)] + chosen, deck[size - len(chosen):]
    line = VengeanceLine()
    for card in [card for card in rest if card.is_number][:rng.randint(1, 4)]:
        if line.accepts(card):
            line = line.plus(card)
    others = [tuple(rest[20 + at:21 + at]) if rng.random() < 0.5 else () for at in range(rng.randint(steal, 2))]
    if steal:
        others[0] = (next(card for card in rest[5:] if card.is_number and card not in line.cards),)
    return VengeanceSituation.build(rules, (*line.cards, *held), others=others, pile=pile)


def _twice(model: VengeanceModel, state: State) -> LineScores:
    """The planted error: your scores with each of your line's modifiers counted twice."""
    rules = model.situation.rules
    cards = tuple(model.kinds[k] for k in model.game.cards(state[2] & ~model._numbers)) * 2
    most = sum(card.value for card in model.kinds if card.is_number)
    plain = np.array([rules.score(total, cards, False) for total in range(most + 1)], dtype=np.int64)
    return LineScores(plain, plain + rules.flip7_bonus)


def test_the_modifiers_you_hold_keep_the_exact_hit_value_below_the_ceiling() -> None:
    rng = random.Random(42)
    checked = lower = caught = 0  # 7 795, 6 746 and 5 153 at seed 42
    for _ in range(150):
        situation = _situation(rng)
        model = VengeanceModel(situation)
        for state, path, top, exact in drawing_states(situation):
            if path.scores is None:
                continue
            hit = exact()
            ceiling = drift_ceiling(path, top)
            assert ceiling >= hit - TOLERANCE, (situation, state, path)
            checked += 1
            lower += ceiling < drift_ceiling(dataclasses.replace(path, scores=None), top) - TOLERANCE
            caught += drift_ceiling(dataclasses.replace(path, scores=_twice(model, state)), top) < hit - TOLERANCE
    assert checked > 5000 and lower > 2000 and caught > 100, (checked, lower, caught)


def test_after_a_steal_the_modifiers_you_hold_keep_the_exact_hit_value_below_the_ceiling() -> None:
    """A Steal takes no card off your line: at level S too your score is counted with your line's modifiers, on the
    numbers' sum with the largest number it can take. Here a Steal is in every pile and another line holds a number.
    What the Steal takes ignored (``grab`` 0) is no bound: it falls below the exact value somewhere."""
    rng = random.Random(43)
    checked = caught = 0  # 7 171 and 2 435 at seed 43
    for _ in range(150):
        situation = _situation(rng, steal=True)
        for _state, path, top, exact in drawing_states(situation):
            if path.scores is None or not path.steals:
                continue
            hit = exact()
            assert drift_ceiling(path, top) >= hit - TOLERANCE, (situation, path)
            checked += 1
            caught += drift_ceiling(dataclasses.replace(path, grab=0), top) < hit - TOLERANCE
    assert checked > 2000 and caught > 50, (checked, caught)

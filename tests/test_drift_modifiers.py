"""The drift ceiling with the modifiers your line holds (`flip7odds.drift`, "The modifiers you hold") against the exact
solver.

Before any rescuer comes, your line keeps every modifier it holds, and every modifier of With a Vengeance (the minus
cards, the ÷2) only lowers a score: the chain's score at level 0 is your score with them (`Path.scores`), not the
numbers' sum. On random small piles where your line holds one or two modifiers (the pile at times holding more, a
Discard, a Swap, a Steal, the Unlucky 7, The Zero, a Flip Four! or a Just One More!; standard and Brutal; alone and
with other lines), at every state a full search meets with such a path the exact value of hitting (the fast
solver's) is at most the ceiling, which is below the ceiling with the modifiers ignored at most of them. A planted
error (each of your line's modifiers counted twice) is no bound: it falls below the exact value somewhere.
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
EXTRA = [Card.action(Action.DISCARD), Card.action(Action.SWAP), Card.action(Action.STEAL), UNLUCKY_7,
         Card.number(0), Card.action(Action.FLIP_FOUR), Card.action(Action.JUST_ONE_MORE)]


def _situation(rng: random.Random) -> VengeanceSituation:
    """A pile of 6 to 8 cards, numbers and modifiers with up to two cards of `EXTRA`; your line one to four numbers
    and one or two modifiers; up to two other lines, a number or a modifier at times."""
    rules = rng.choice([VENGEANCE, VENGEANCE_BRUTAL])
    deck = [card for card, count in rules.deck.items_ for _ in range(count)]
    chosen = rng.sample(EXTRA, rng.randint(0, 2))
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
    others = [tuple(rest[20 + at:21 + at]) if rng.random() < 0.5 else () for at in range(rng.randint(0, 2))]
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
    checked = lower = caught = 0  # 8 353, 7 247 and 5 310 at seed 42
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

"""The chain floor's Discards on the other lines take first what no Steal or Swap would (`flip7odds.chain_floor`).

Where the other lines hold enough cards for the pile's Discards, the chain floor's policy plays each Discard on them
and draws on; a Steal or Swap later takes the largest of their numbers that fits. The floor passed over as many of
those numbers as there are Discards (each may have taken one). The policy now discards first a card of theirs that no
Steal or Swap of it takes: a modifier, The Zero, a number of a class your line holds
(`flip7odds.round_models.VengeanceModel._steals`). Only the Discards beyond those cards pass a number over.

On random small piles holding a Discard (at times two) and a Steal or a Swap, with other lines holding such cards, at
every free state a full search meets (no The Zero, no draws owed) the exact value of hitting (the fast solver's) is at
or above the floor, and the floor is higher than with every Discard passing a number over at many of them, lower at
none. A deliberately wrong reading must rise above the exact value somewhere: no number passed over even where the
Discards outnumber the cards no Steal takes. Holding The Zero, the Zero floor's policy that gives the Discards away
plays them the same way (`flip7odds.chain_floor.zero_floor`), checked the same way.
"""

from __future__ import annotations

import dataclasses
import random

from flip7odds.cards import Action, Card, Category
from flip7odds.chain_floor import chain_floor, zero_floor
from flip7odds.vengeance.situation import VengeanceLine, VengeanceSituation
from tests.strategies import chosen_deck, free_chain_states, seeded_drawing_states

TOLERANCE = 1e-9
SWAP, STEAL, DISCARD = Card.action(Action.SWAP), Card.action(Action.STEAL), Card.action(Action.DISCARD)


def _situation(rng: random.Random) -> VengeanceSituation:
    """A pile of 6 to 8 cards holding one or two Discards and a Steal or a Swap (at times both), the rest numbers and
    modifiers; your line up to three numbers; one or two other lines, each with up to two numbers and at times a
    modifier, The Zero or a number of a class of your line."""
    def choose(rng: random.Random) -> list[Card]:
        return [DISCARD] * rng.randint(1, 2) + rng.sample([STEAL, SWAP], rng.randint(1, 2))

    rules, deck, chosen = chosen_deck(rng, choose)
    deck = [card for card in deck if card.category is not Category.ACTION]
    size = rng.randint(6, 8)
    pile, rest = deck[:size - len(chosen)] + chosen, deck[size - len(chosen):]
    numbers = [card for card in rest if card.is_number and card.value]
    mine = VengeanceLine()
    for card in numbers[:rng.randint(1, 3)]:
        if mine.accepts(card):
            mine = mine.plus(card)
    numbers = numbers[3:]
    held = {card.value for card in mine.numbers}
    spare = [card for card in numbers if card.value in held][:3]  # each card of the deck used once
    spare += [card for card in rest if card.category is Category.MODIFIER or card == Card.number(0)]
    numbers = [card for card in numbers if card.value not in held]
    rng.shuffle(spare)
    others = []
    for _ in range(rng.randint(1, 2)):
        line = VengeanceLine()
        for card in numbers[:rng.randint(0, 2)]:
            if line.accepts(card):
                line = line.plus(card)
        numbers = numbers[2:]
        for _ in range(rng.randint(0, 2)):
            if spare and (not spare[-1].is_number or line.accepts(spare[-1])):
                line = line.plus(spare.pop())
        others.append(line.cards)
    return VengeanceSituation.build(rules, mine.cards, others=others, pile=pile)


def test_discards_on_the_other_lines_take_the_cards_no_steal_takes_first() -> None:
    checked = higher = lower = wrong = 0  # 56 593, 9 972, 0 and 38 at seed 5101
    for model, state, path, chain, low, exact in free_chain_states(5101, 80, _situation):
        scores, given_away, steals, kept, stays = chain
        if not steals.values.shape[0]:
            continue
        hit = exact()
        floor = chain_floor(path, scores, low, given_away, steals=steals, kept=kept, stays=stays)
        assert floor <= hit + TOLERANCE, (state, path, stays, steals)
        discards = model._copies(state[0] if state[1] else state[4], model.kinds.index(DISCARD))
        union = 0
        for other in state[3]:
            union |= other
        played = discards if discards and union.bit_count() >= discards else 0
        before = chain_floor(path, scores, low, given_away, steals=dataclasses.replace(steals, passed=played),
                             kept=kept, stays=stays)
        higher += floor > before + TOLERANCE
        lower += floor < before - TOLERANCE
        none_passed = chain_floor(path, scores, low, given_away, steals=dataclasses.replace(steals, passed=0),
                                  kept=kept, stays=stays)
        wrong += none_passed > hit + TOLERANCE
        checked += 1
    assert checked > 50000 and higher > 9000 and not lower and wrong > 30, (checked, higher, lower, wrong)


def test_holding_the_zero_the_discards_given_away_take_the_cards_no_steal_takes_first() -> None:
    """The Zero floor's second policy gives the Discards away the same way: holding The Zero (your line's or drawn), at
    every state a full search meets with no draws owed the exact value of hitting is at or above the floor, which is
    higher than with every Discard passing a number over at some of them, lower at none."""
    checked = higher = lower = 0  # 5 877, 901 and 0 at seed 5105
    for model, state, path, exact in seeded_drawing_states(5105, 120, _situation):
        if not path.holds_zero or model.forced(state):
            continue
        chain = model.chain(state)
        assert chain is not None
        scores, given_away, steals, _, stays = chain
        if not stays.played or not steals.values.shape[0]:
            continue
        low = model.reach(state)[0]
        floor = zero_floor(path, scores, low, given_away, stays=stays, steals=steals)
        assert floor <= exact() + TOLERANCE, (state, path, stays, steals)
        before = zero_floor(path, scores, low, given_away, stays=stays,
                            steals=dataclasses.replace(steals, passed=stays.played))
        higher += floor > before + TOLERANCE
        lower += floor < before - TOLERANCE
        checked += 1
    assert checked > 5000 and higher > 800 and not lower, (checked, higher, lower)

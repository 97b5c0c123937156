"""The Zero floor's Steals and Swaps (`flip7odds.chain_floor`, "Holding The Zero"), against the exact solver.

While you hold The Zero the Zero floor's policy counted a Steal or a Swap ``L``. With another player in the round
holding a number you could take, a Swap now gives The Zero for the largest such number and the policy stays, and a
Steal takes the largest such number of a class the pile holds and the policy draws on. On random small piles holding
The Zero and a Steal or a Swap (at times both, a Discard, the Unlucky 7; with other lines, standard and Brutal, at times
a known discard pile), every state a full search meets holding The Zero with no draws owed keeps the exact value of
hitting (the fast solver's) at or above the floor, and the floor is higher than with those cards at ``L`` at many of
them, lower at none. Two deliberately wrong readings must rise above the exact value somewhere: a Steal read as a Swap
(taking a number and staying, though you still hold The Zero), and a Swap that may take a number of a class you drew.
A card-by-card brute force over literal piles checks the recursion is its policy.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from flip7odds.bounded import LineScores, Path, Stays, Steals
from flip7odds.cards import Action, Card
from flip7odds.chain_floor import _zero_floor, zero_floor
from flip7odds.errors import SituationError
from flip7odds.round_models import VengeanceModel
from flip7odds.rules import UNLUCKY_7
from tests.strategies import chosen_deck, drawing_states, seeded_small_pile
from tests.test_chain_floor import zero_policy_value

TOLERANCE = 1e-9
STEAL, SWAP, DISCARD = Card.action(Action.STEAL), Card.action(Action.SWAP), Card.action(Action.DISCARD)
FLIP_FOUR, JUST_ONE_MORE = Card.action(Action.FLIP_FOUR), Card.action(Action.JUST_ONE_MORE)
THE_ZERO = Card.number(0)


ZeroState = tuple[Path, LineScores, int, Steals, Stays, int, float]


def zero_states(rng: random.Random, choose: Callable[[random.Random], list[Card]], most_dealt: int,
                fewest_others: int, alone: bool = False) -> Iterator[ZeroState]:
    """A random small pile holding the cards ``choose`` picks (`seeded_small_pile`; played ``alone`` only, or none),
    and every state a full search meets there holding The Zero with no draws owed: its path, the chain's scores, cards
    given away, Steals and Stays, its least score ``L`` and the exact value of hitting (none past a state whose exact
    table a known discard pile makes too large)."""
    rules, deck, chosen = chosen_deck(rng, choose)
    situation = seeded_small_pile(rng, rules, deck, chosen, most_dealt, fewest_others)
    if alone and not situation.alone:
        return
    model = VengeanceModel(situation)
    for state, path, _, exact in drawing_states(situation):
        if not path.holds_zero or model.forced(state):
            continue
        scores, given_away, steals, _, stays = model.chain(state)
        try:
            hit = exact()
        except SituationError:  # a known discard pile makes the exact table too large
            return
        yield path, scores, given_away, steals, stays, model.reach(state)[0], hit


def test_every_state_holding_the_zero_keeps_the_exact_value_above_the_floor_with_steals_and_swaps() -> None:
    rng = random.Random(43)
    checked = higher = lower = wrong_steal = wrong_swap = 0

    def takers(rng: random.Random) -> list[Card]:
        return [THE_ZERO, *rng.sample([STEAL, STEAL, SWAP, SWAP], rng.randint(1, 2))] + (
            [DISCARD] if rng.random() < 0.3 else []) + ([UNLUCKY_7] if rng.random() < 0.3 else [])

    for _ in range(35):
        for path, scores, given_away, steals, stays, low, hit in zero_states(rng, takers, 7, 1):
            floor = zero_floor(path, scores, low, given_away, stays=stays, steals=steals)
            assert floor <= hit + TOLERANCE, (path, given_away, stays, steals)
            before = zero_floor(path, scores, low, given_away, stays=stays._replace(swaps=0))
            higher += floor > before + TOLERANCE
            lower += floor < before - TOLERANCE
            if steals.count:  # a Steal read as a Swap: it takes a number and stays, though The Zero is still yours
                as_swaps = stays._replace(swaps=stays.swaps + steals.count)
                no_steals = Steals(0, steals.values, steals.classes, 0)
                wrong_steal += zero_floor(path, scores, low, given_away, stays=as_swaps, steals=no_steals) > (
                    hit + TOLERANCE)
            if stays.swaps and steals.values.shape[0]:  # a Swap that may take a number of a class you drew
                blind = Steals(steals.count, steals.values, np.zeros_like(steals.classes), steals.passed)
                wrong_swap += zero_floor(path, scores, low, given_away, stays=stays, steals=blind) > hit + TOLERANCE
            checked += 1
    assert checked > 50000 and higher > 25000 and not lower, (checked, higher, lower)
    assert wrong_steal > 7000 and wrong_swap > 2000, (wrong_steal, wrong_swap)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 3), st.integers(1, 13)), max_size=3), st.integers(0, 2), st.integers(0, 2),
       st.integers(0, 2), st.integers(0, 2), st.integers(0, 1), st.lists(st.integers(-1, 2), max_size=3),
       st.booleans(), st.integers(0, 30), st.integers(1, 4), st.integers(-12, 0))
def test_the_zero_floor_with_steals_and_swaps_is_its_policy_card_by_card(
        classes: list[tuple[int, int]], bust: int, other: int, steals: int, swaps: int, discards: int,
        owners: list[int], lined: bool, held: int, room: int, low: int) -> None:
    """Each number of the other lines belongs to one of the path's classes (its index) or to none (-1); values fall."""
    kept = bust + other + steals + swaps + discards + sum(copies for copies, _ in classes)
    if not kept or kept > 8:
        return
    owners = [index for index in dict.fromkeys(owners) if index < len(classes)]
    taken = [(20 - 2 * i if index < 0 else classes[index][1], index) for i, index in enumerate(owners)]
    taken.sort(reverse=True)
    path = Path(held, room, 15, tuple(classes), bust, 0, kept, holds_zero=True)
    sums = np.arange(200, dtype=np.int64)
    scores = LineScores(sums - 4, sums // 2 + 11)
    view = Steals(steals, np.array([v for v, _ in taken], dtype=np.int64),
                  np.array([0 if i < 0 else 1 << i for _, i in taken], dtype=np.int64), 0)
    stays = Stays(0, discards, 0, 0, lined, swaps=swaps)
    expected = zero_policy_value(path, scores.flip7.tolist(), low, 0, scores.plain.tolist(), stays, steals,
                                 tuple(taken))
    assert abs(zero_floor(path, scores, low, 0, stays=stays, steals=view) - float(expected)) <= TOLERANCE


def test_alone_a_flip_four_passed_over_keeps_the_exact_value_above_the_zero_floor() -> None:
    """Alone, holding The Zero, a Flip Four! you must take draws four cards you would draw anyway: a third policy passes
    it over (its numbers join your line at once; a Discard, an Unlucky 7 or any other card, set aside or not, counts
    ``L``). On random small piles played alone with one or two Flip Four!s (at times a Discard, the Unlucky 7, a Just One
    More!), the exact value stays above the floor and the floor rises at many states; with the Discards and the Unlucky
    7 still ending the policy with a stay where a Flip Four! was passed over (a Discard drawn during its four resolves
    after them, a bust may come first), the floor rises above the exact value somewhere."""
    rng = random.Random(47)
    checked = higher = wrong = 0

    def flip_fours(rng: random.Random) -> list[Card]:
        return [THE_ZERO, *[FLIP_FOUR] * rng.randint(1, 2)] + ([DISCARD] if rng.random() < 0.5 else []) + (
            [UNLUCKY_7] if rng.random() < 0.5 else []) + ([JUST_ONE_MORE] if rng.random() < 0.3 else [])

    for _ in range(40):
        for path, scores, given_away, steals, stays, low, hit in zero_states(rng, flip_fours, 5, 0, alone=True):
            floor = zero_floor(path, scores, low, given_away, stays=stays, steals=steals)
            assert floor <= hit + TOLERANCE, (path, given_away, stays)
            higher += floor > zero_floor(path, scores, low, given_away, stays=stays._replace(flip4=0)) + TOLERANCE
            if stays.flip4 and (stays.discards or stays.unlucky):
                wrong += _zero_floor(path, scores, low, given_away + stays.flip4, None, stays.discards, stays.unlucky,
                                     stays.unlucky_score, stays.lined) > hit + TOLERANCE
            checked += 1
    assert checked > 2000 and higher > 150 and wrong > 250, (checked, higher, wrong)

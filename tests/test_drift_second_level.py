"""The drift ceiling's second level (after a Discard, a Swap or a Steal: `flip7odds.drift`) against its chain and exact values.

The compiled loop must be the optimal stopping value of the relaxed chain it describes, found here by recursion over the
chain's moves, and at most its martingale bound, summed state by state with the chance of each state found by walking
the chain forward (not by the closed forms ``P_1`` and ``P_2``); and on random
small With a Vengeance situations whose piles hold Discards, Swaps and Steals, with numbers on the other lines, the ceiling
must hold the exact value of hitting (the fast solver's value recursion) at every state a search meets, and be lower
than the ceiling without the second level at some of them.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import random
from collections import defaultdict

from hypothesis import given, settings
from hypothesis import strategies as st

from flip7odds.bounded import Path
from flip7odds.cards import Action, Card
from flip7odds.drift import drift_ceiling
from flip7odds.rules import VENGEANCE, VENGEANCE_BRUTAL
from flip7odds.vengeance.situation import VengeanceSituation
from tests.strategies import drawing_states, seeded_small_pile

TOLERANCE = 1e-9

Step = tuple[float, tuple[int, int] | None, float]
"""A move of the relaxed chain: its chance, the next state ``(level, classes as a bit mask)`` or None where the chain
ends, and the value it ends with (unused otherwise)."""


THIRD_LEVELS = (4, 5, 6)
"""The levels of `_chain` after a second Discard, Swap or Steal (`flip7odds.drift`'s levels 3, 4 and 5: two, one and no
cards of ``H`` still forgivable)."""


def _third(path: Path) -> bool:
    """Whether the chain goes on past a second Discard, Swap or Steal (`flip7odds.drift`, "After a second Discard, Swap
    or Steal")."""
    return path.second + path.steals > 1


def _brought(path: Path) -> tuple[int, int]:
    """At the levels after a second Discard, Swap or Steal: the most the two bring in numbers, and how many numbers more
    than the relaxed line's the real one may hold (each may bring one without taking one away)."""
    bring = max(path.lift if path.second > path.drops else -1, path.grab if path.steals else -1)
    return 2 * max(bring, 0), 2 if bring >= 0 else 0


def _chain(path: Path, top: float, level: int, held: int, wrong: bool = False, third: bool = True,
           brought: bool = True) -> tuple[float, list[Step]]:
    """The relaxed chain at ``level`` on the set of classes ``held`` (module docstring of `flip7odds.drift`; no The
    Zero): its value ``Z`` and its moves. ``wrong``: a planted error, the second Discard, Swap or Steal forgiving no
    card more (levels 1 and S go on at level 5, level 2 at level 6); ``third`` False: that card ends the chain at
    ``top`` (the chain before the levels past it); ``brought`` False: a planted error, the levels past it count no
    number brought (the relaxed line's sum alone, the bonus at its own Flip 7 only)."""
    classes = path.classes
    joined = [index for index in range(len(classes)) if held >> index & 1]
    k = len(joined)
    total = path.held + sum(classes[index][1] for index in joined)
    repeats = sum(classes[index][0] - 1 for index in joined)
    lift = max(path.lift, 0)
    extra, lead = _brought(path) if brought else (0, 0)
    six = k + 1 == path.room
    live = path.bust + path.rescue + sum(copies for copies, _ in classes)
    back = max([path.most if path.most >= 0 else live] + [classes[index][0] - 1 for index in joined])
    if level == 0:
        value, spare, rescuers = float(total), path.bust + repeats, path.rescue
    elif level == 1:  # at six a Swap may have given a modifier for a number: the Flip 7 made
        value = float(total + lift + (path.bonus if six and path.lift >= 0 else 0))
        spare, rescuers = path.bust + repeats, path.rescue - 1
    elif level == 3:  # after a Steal
        value = float(total + path.grab + (path.bonus if six else 0))
        spare, rescuers = path.bust + repeats, path.rescue - 1
    elif level in THIRD_LEVELS:  # 0, 1 or 2 cards of H come; the real line may hold ``lead`` numbers more
        value = float(total + extra + (path.bonus if k + lead >= path.room else 0))
        spare, rescuers = path.bust + repeats - (level - 4), path.rescue - 2
    else:
        value = float(total + lift + (path.bonus if six and path.lift >= 0 else 0))
        spare, rescuers = path.bust + repeats - 1, path.rescue - 1
    new = [(index, copies, worth) for index, (copies, worth) in enumerate(classes) if not held >> index & 1]
    left = sum(copies for _, copies, _ in new) + spare + rescuers
    if left == 0:
        return value, [(1.0, None, top)]
    steps: list[Step] = []
    for index, copies, worth in new:
        chance = copies / left
        if left == 1:
            steps.append((chance, None, top))
        elif six and level == 1:
            steps.append((chance, None, _one_draw_more(path, top, total + lift + worth, new, index,
                                                       min(spare, back), rescuers, left)))
        elif six:
            added = (0, lift, lift, path.grab, extra, extra, extra)[level]
            end = top if level in (4, 5) else float(total + added + worth + path.bonus)
            steps.append((chance, None, end))
        else:
            steps.append((chance, (level, held | 1 << index), 0.0))
    if spare and level == 1 and left > 1:  # at most ``back`` of them are the card given, come back; the rest bust
        if min(spare, back):
            steps.append((min(spare, back) / left, (2, held), 0.0))
        if spare > back:
            steps.append(((spare - back) / left, None, 0.0))
    elif spare and level in (4, 5) and left > 1:  # two of the cards given, then one, come back: at most as many
        through = min(spare, back * (6 - level))
        if through:
            steps.append((through / left, (level + 1, held), 0.0))
        if spare > through:
            steps.append(((spare - through) / left, None, 0.0))
    elif spare:
        if level in (1, 4, 5):
            steps.append((spare / left, (level + 1, held) if left > 1 else None, top))
        else:
            steps.append((spare / left, None, 0.0))
    if level == 0:
        if path.rescue - path.second - path.steals:
            steps.append(((path.rescue - path.second - path.steals) / left, None, top))
        if path.second:
            steps.append((path.second / left, (1, held) if left > 1 else None, top))
        if path.steals:
            steps.append((path.steals / left, (3, held) if left > 1 else None, top))
    elif level in (1, 2, 3) and third and _third(path):
        again = path.second + path.steals - 1  # Discards, Swaps and Steals left
        if rescuers - again:
            steps.append(((rescuers - again) / left, None, top))
        after = (4 if level == 3 else level + 3) + (1 if wrong else 0)
        steps.append((again / left, (after, held) if left > 1 else None, top))
    elif rescuers:
        steps.append((rescuers / left, None, top))
    return value, steps


def _one_draw_more(path: Path, top: float, reach: int, new: list[tuple[int, int, int]], index: int, spare: int,
                   rescuers: int, left: int) -> float:
    """Level 1's ``room``-th class (index ``index``), the numbers' sum ``reach`` with it: a Flip 7, or six numbers where
    the card given is missing, and one draw more: a new class or one of the ``spare`` cards of ``H`` that can be the one
    given, back, makes the Flip 7, a rescuer ends at ``top``; ``left`` live cards were left before it."""
    if left == 1:
        return top
    flips = sum(copies * (reach + worth + path.bonus) for other, copies, worth in new if other != index)
    onward = (flips + spare * (reach + path.bonus) + rescuers * top) / (left - 1)
    return min(max(float(reach + path.bonus), float(reach), onward), top)


def _chain_bound(path: Path, top: float) -> float:
    """``Z_0`` plus the first card's drift (a neutral card leaves the chain where it is) plus every later state's
    positive drift times the chance that the chain reaches it, found by walking the chain forward."""
    reached: defaultdict[tuple[int, int], float] = defaultdict(float)
    reached[0, 0] = 1.0
    states = sorted(((level, held) for level in range(7) for held in range(1 << len(path.classes))),
                    key=lambda state: (state[1].bit_count(), state[0]))
    live = path.bust + path.rescue + sum(copies for copies, _ in path.classes)
    bound = 0.0
    for state in states:
        chance = reached.get(state, 0.0)
        if not chance:
            continue
        value, steps = _chain(path, top, *state)
        drift = sum(step * ((end if after is None else _chain(path, top, *after)[0]) - value)
                    for step, after, end in steps)
        if state == (0, 0):
            neutral = path.size - live
            bound += value + (neutral * max(drift, 0.0) + live * drift) / path.size
        else:
            bound += chance * max(drift, 0.0)
        for step, after, _ in steps:
            if after is not None:
                reached[after] += chance * step
    return bound


def _stopping_value(path: Path, top: float, wrong: bool = False, third: bool = True, brought: bool = True) -> float:
    """The chain's optimal stopping value (module docstring of `flip7odds.drift`, "The chain's optimal stopping
    value"), by memoised recursion over the states of `_chain`: ``V = max(Z, sum of each move's chance times what it
    leads to)``, level 0 moving on to levels 1 and S, and levels 1, 2 and S to the levels after a second Discard, Swap
    or Steal, with the lower of their ``V`` and ``top``, the first card forced (a neutral one leaves the chain where it
    is). ``wrong``, ``third``, ``brought``: `_chain`'s."""

    @functools.cache
    def onward(level: int, held: int) -> float:
        _, steps = _chain(path, top, level, held, wrong, third, brought)
        return sum(chance * (end if after is None else min(value(*after), top) if capped(level, after[0])
                             else value(*after)) for chance, after, end in steps)

    def capped(level: int, after: int) -> bool:  # a move to a level whose value is taken no higher than top
        return (level == 0 and after in (1, 3)) or (level in (1, 2, 3) and after in THIRD_LEVELS)

    @functools.cache
    def value(level: int, held: int) -> float:
        return max(_chain(path, top, level, held, wrong, third, brought)[0], onward(level, held))

    live = path.bust + path.rescue + sum(copies for copies, _ in path.classes)
    neutral = path.size - live
    return (neutral * value(0, 0) + live * onward(0, 0)) / path.size


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 3), st.integers(1, 13)), max_size=5), st.integers(0, 3),
       st.integers(1, 3), st.integers(0, 3), st.integers(-1, 13), st.integers(0, 2), st.integers(0, 30),
       st.integers(1, 7), st.integers(0, 3), st.integers(30, 91), st.integers(-1, 3))
def test_the_drift_loop_is_the_optimal_stopping_value_of_its_relaxed_chain(
        classes: list[tuple[int, int]], bust: int, rescue: int, second: int, lift: int, steals: int, held: int,
        room: int, neutral: int, top: int, most: int) -> None:
    """The compiled loop against the recursion over the chain's moves, with and without the second level; and never
    above the martingale bound of either (the derivation it replaces)."""
    second = min(second, rescue)
    steals = min(steals, rescue - second)
    size = bust + rescue + neutral + sum(copies for copies, _ in classes)
    path = Path(held, room, 15, tuple(classes), bust, rescue, size, second=second, lift=lift, steals=steals,
                grab=max(lift, 0), most=most)
    plain = dataclasses.replace(path, second=0, steals=0)
    assert math.isclose(drift_ceiling(plain, top), _stopping_value(plain, top), abs_tol=TOLERANCE)
    assert math.isclose(drift_ceiling(path, top), _stopping_value(path, top), abs_tol=TOLERANCE)
    assert drift_ceiling(path, top) <= min(_chain_bound(path, top), _chain_bound(plain, top)) + TOLERANCE


def _situation(rng: random.Random) -> VengeanceSituation:
    """A small pile from the whole deck with a Discard, a Swap and a Steal, your line and up to two other lines holding
    some of the rest (numbers on them more often than not), sometimes a known discard pile."""
    rules = rng.choice([VENGEANCE, VENGEANCE_BRUTAL])
    deck = [card for card, count in rules.deck.items_ for _ in range(count)]
    rng.shuffle(deck)
    chosen = [Card.action(Action.DISCARD), Card.action(Action.SWAP), Card.action(Action.STEAL)]
    for card in chosen:
        deck.remove(card)
    return seeded_small_pile(rng, rules, deck, chosen, most_dealt=7, fewest_others=1)


def test_the_second_level_holds_the_exact_hit_value_of_every_state_met() -> None:
    rng = random.Random(19)
    checked = lower = stolen = caught = 0  # caught: states where a deliberately wrong bound falls below
    for _ in range(20):
        situation = _situation(rng)
        for state, path, top, exact in drawing_states(situation):
            if not (path.second or path.steals):
                continue
            ceiling = drift_ceiling(path, top)
            assert ceiling >= exact() - TOLERANCE, (situation, state, path)
            checked += 1
            lower += ceiling < drift_ceiling(dataclasses.replace(path, second=0, steals=0), top) - TOLERANCE
            stolen += path.steals > 0
            if path.size > path.bust + path.rescue + path.zeros + sum(copies for copies, _ in path.classes):
                wrong = dataclasses.replace(path, bust=path.bust + 1)  # a neutral card counted as a bust card
                caught += drift_ceiling(wrong, top) < exact() - TOLERANCE
    assert checked > 10000 and lower > 1000 and stolen > 5000 and caught > 100, (checked, lower, stolen, caught)

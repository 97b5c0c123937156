"""The static ceilings of the bounded solver against exact values, state by state.

Every state the bounded search meets on random small With a Vengeance situations (Hypothesis, standard
and Brutal) is solved exactly by the fast solver's value recursion; the hit ceiling (ladder, hazard and
survival by classes), the path ceiling and the drift ceiling must each be at least the exact value of hitting
there, and the forced floor at most the exact value of a state owing draws (the chain floor and the Zero floor at
most the exact value of hitting). The probabilities a leaf is given (P(Flip 7) and P(bust) by the end) must hold
those of every play that can be made from it, and P(bust) of the optimal play where it draws. The survival bound
and the path ceiling's generating polynomials are also checked against brute forces over every order of tiny piles,
and their compiled loop against their Python integers.
"""

from __future__ import annotations

import itertools
import math
import time
from fractions import Fraction
from typing import cast

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from flip7odds.bounded import (
    BUST,
    FLIP_7,
    LineScores,
    Path,
    RoundModel,
    _class_sums,
    _class_sums_compiled,
    _hit_ceiling,
    _path_ceiling,
    _path_terms,
    _Search,
    _survival,
)
from flip7odds.chain_floor import chain_floor, class_arrays, owed_floor, zero_floor
from flip7odds.drift import drift_ceiling
from flip7odds.round_models import VengeanceModel
from flip7odds.rules import VENGEANCE
from flip7odds.vengeance.fast import TIE, State, _Values
from flip7odds.vengeance.situation import VengeanceSituation
from tests.strategies import vengeance_situations

TOLERANCE = 1e-9


def _searched(situation: VengeanceSituation, budget: float) -> tuple[VengeanceModel, _Search[State], list[State]]:
    """A search of ``situation`` to ``budget`` (``1 / eps``): its model, the search and every state it met (none
    where no card can be drawn)."""
    model = VengeanceModel(situation)
    search = _Search[State](cast(RoundModel[State], model), time.process_time() + 60.0)
    if not model.can_draw(model.root()):
        return model, search, []
    search.hit(model.root(), budget)
    return model, search, cast(list[State], list(search.known))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(vengeance_situations(max_pile=9, max_discards=3, max_line_cards=4))
def test_every_ceiling_holds_the_exact_hit_value_of_every_state_met(situation: VengeanceSituation) -> None:
    model, _, states = _searched(situation, 1e6)
    values = _Values(model.game, 1.0, TIE, 10**6)
    for state in states:
        if not model.can_draw(state):
            continue
        hit = values.draw(state)
        low, ladder = model.reach(state)
        assert _hit_ceiling(ladder, *model.hazard(state)) >= hit - TOLERANCE
        path = model.path(state)
        if path is not None:
            assert _path_ceiling(path, max(ladder)) >= hit - TOLERANCE, (state, path)
            assert drift_ceiling(path, max(ladder)) >= hit - TOLERANCE, (state, path)
            draws = model.draws_owed(state)
            assert drift_ceiling(path, max(ladder), draws=draws) >= hit - TOLERANCE, (state, path, draws)
            if not model.forced(state):
                scores, given, steals, kept, stays = model.chain(state)
                assert chain_floor(path, scores, low, given, steals=steals, kept=kept, stays=stays) <= hit + TOLERANCE, (
                    state, path)
                assert zero_floor(path, scores, low, given, stays=stays) <= hit + TOLERANCE, (state, path)
        if model.forced(state) or not model.may_stay(state):
            assert low <= values.value(state) + TOLERANCE
        draws = model.owed(state)
        if path is not None and draws:
            scores, given, _, kept, _ = model.chain(state)
            floor = owed_floor(path, scores, low, draws, neutral=given, kept=kept)
            assert floor <= values.value(state) + TOLERANCE, (state, path, draws)


def _most_likely(model: VengeanceModel, node: object, reason: int, memo: dict[object, float]) -> float:
    """The largest chance, over every play from ``node``, that the round ends by ``reason`` (a Flip 7 or a bust):
    a choice takes its best option, and a state where a card can be drawn draws it (staying ends the round with
    neither)."""
    if isinstance(node, int):
        return float(node & 3 == reason)
    if isinstance(node, list):
        return max(_most_likely(model, option, reason, memo) for option in node)
    state = cast(State, node)
    key = model.key(state)
    known = memo.get(key)
    if known is None:
        known = 0.0
        if model.can_draw(state):
            size, outcomes = model.outcomes(state)
            known = sum(count * _most_likely(model, child, reason, memo) for count, child in outcomes) / size
        memo[key] = known
    return known


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(vengeance_situations(max_pile=7, max_discards=2, max_line_cards=4))
def test_every_leaf_probability_holds_every_play_from_it(situation: VengeanceSituation) -> None:
    model, search, states = _searched(situation, 30.0)
    values = _Values(model.game, 1.0, TIE, 10**6)
    flip7_memo: dict[object, float] = {}
    bust_memo: dict[object, float] = {}
    for state in states:
        static = search.static(state)
        if static[6] == math.inf:
            continue
        assert _most_likely(model, state, FLIP_7, flip7_memo) <= static[3] + TOLERANCE, state
        assert _most_likely(model, state, BUST, bust_memo) <= static[5] + TOLERANCE, state
        if static[4] > 0:  # the optimal play draws here, and the next card busts you that often
            must = model.forced(state) or not model.may_stay(state)
            assert must or values.draw(state) > model.banked(state) + TIE, state
            size, outcomes = model.outcomes(state)
            first = sum(count for count, child in outcomes if isinstance(child, int) and child & 3 == BUST) / size
            assert static[4] <= first + TOLERANCE, state


def _survival_by_orders(cards: list[str], held: set[str], depth: int) -> list[Fraction]:
    """P(the first j cards leave you alive while no rescuer came first), j = 0..depth, over every order.

    A card is ``"r"`` (a rescuer), ``"f"`` (adds no number) or a class name; alive means no class twice
    and none in ``held`` before the first rescuer (any order after one counts as alive)."""
    orders = list(itertools.permutations(range(len(cards))))
    out = []
    for j in range(depth + 1):
        alive = 0
        for order in orders:
            seen = set(held)
            for index in order[:j]:
                card = cards[index]
                if card == "r":
                    break
                if card != "f":
                    if card in seen:
                        alive -= 1
                        break
                    seen.add(card)
            alive += 1
        out.append(Fraction(alive, len(orders)))
    return out


@given(st.lists(st.sampled_from(["r", "f", "a", "b", "c"]), min_size=1, max_size=6), st.sets(st.sampled_from("abc")))
def test_survival_by_classes_bounds_the_brute_force(cards: list[str], held: set[str]) -> None:
    depth = len(cards) + 1
    classes = tuple(cards.count(name) for name in "abc" if name not in held and cards.count(name))
    bust = sum(1 for card in cards if card in held)
    rescue = cards.count("r")
    bound = _survival(classes, bust, rescue, len(cards), depth)
    exact = _survival_by_orders(cards, held, depth)
    for j in range(depth + 1):
        assert bound[j] >= float(exact[j]) - TOLERANCE
        if rescue == 0 and j <= len(cards):  # no rescuer: the count is exact
            assert math.isclose(bound[j], float(exact[j]), abs_tol=TOLERANCE)


def test_the_path_ceiling_is_below_the_ladder_and_above_the_exact_value() -> None:
    """``12 5`` alone over ten cards: hitting is worth 23.91; the ladder says 54.8, the path 43.69."""
    model = VengeanceModel(VengeanceSituation.from_text(VENGEANCE, "12 5", pile="12 11 10 9 8 6 4 3 -4 jom"))
    root = model.root()
    _, ladder = model.reach(root)
    path = model.path(root)
    assert path is not None
    exact = _Values(model.game, 1.0, TIE, 10**6).draw(root)
    assert exact - TOLERANCE <= _path_ceiling(path, max(ladder)) < _hit_ceiling(ladder, *model.hazard(root)) - 10


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(vengeance_situations(max_pile=12, max_discards=4, max_line_cards=4))
def test_the_ladder_on_bit_masks_is_the_ladder_on_lists(situation: VengeanceSituation) -> None:
    model = VengeanceModel(situation)
    search = _Search[State](cast(RoundModel[State], model), time.process_time() + 60.0)
    if model.can_draw(model.root()):
        search.hit(model.root(), 300.0)
    for state in [model.root(), *cast(list[State], list(search.known))]:
        assert model.reach(state) == model.reference_reach(state)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(vengeance_situations(max_pile=12, max_discards=4, max_line_cards=4))
def test_a_pile_seen_from_the_pile_it_came_from_is_seen_from_its_cards(situation: VengeanceSituation) -> None:
    """`VengeanceModel._pile_path`, `_mask` and `_split` of each next pile, found from the pile before it, against a
    model that found none that way (its own search not run: it has no pile before any)."""
    model = VengeanceModel(situation)
    search = _Search[State](cast(RoundModel[State], model), time.process_time() + 60.0)
    if model.can_draw(model.root()):
        search.hit(model.root(), 300.0)
    fresh = VengeanceModel(situation)
    for pile, view in model._paths.items():
        assert fresh._pile_path(pile) == view
    for code, mask in model._masks.items():
        assert fresh._mask(code) == mask
    for (pile, line), split in model._splits.items():
        assert fresh._split(pile, fresh._pile_path(pile), line) == split


def _path_by_orders(path: Path, ceiling: int, neutral: int) -> Fraction:
    """The path ceiling's quantity over every order of a tiny pile, card by card (module docstring of
    `flip7odds.bounded`): the sum you hold where the path ends (what you held before The Zero came, 0 when you
    hold it from the start, 0 for a bust on the very first card), the sum and the bonus at a Flip 7, the ceiling
    after a rescuer or when the pile runs out."""
    cards = ["b"] * path.bust + ["r"] * path.rescue + ["n"] * neutral + ["z"] * path.zeros
    cards += [str(index) for index, (copies, _) in enumerate(path.classes) for _ in range(copies)]
    total, orders = Fraction(0), 0
    for order in itertools.permutations(cards):
        orders += 1
        held, seen, zero, before = path.held, set[str](), path.holds_zero, path.held
        value: int | None = None
        for position, card in enumerate(order):
            if len(seen) == path.room:
                value = held + path.bonus
                break
            if card == "r":
                value = ceiling
                break
            if card == "b" or card in seen:
                value = 0 if path.holds_zero or position == 0 else before
                break
            if card == "z":
                seen.add(card)
                zero = True
            elif card != "n":
                seen.add(card)
                held += path.classes[int(card)][1]
                before = held if not zero else before
        if value is None:
            value = held + path.bonus if len(seen) == path.room else ceiling
        total += value
    return total / orders


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 2), st.integers(1, 13)), max_size=3), st.integers(0, 2), st.integers(0, 1),
       st.integers(0, 1), st.integers(0, 1), st.booleans(), st.integers(0, 30), st.integers(1, 4),
       st.integers(0, 60))
def test_the_path_ceiling_is_its_quantity_over_every_order(
        classes: list[tuple[int, int]], bust: int, rescue: int, neutral: int, zeros: int, holds_zero: bool,
        held: int, room: int, ceiling: int) -> None:
    zeros = 0 if holds_zero else zeros
    size = bust + rescue + neutral + zeros + sum(copies for copies, _ in classes)
    if not size or size > 7:
        return
    path = Path(held, room, 15, tuple(classes), bust, rescue, size, zeros, holds_zero)
    assert math.isclose(_path_ceiling(path, ceiling), float(_path_by_orders(path, ceiling, neutral)),
                        abs_tol=TOLERANCE)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 12), st.integers(0, 13)), max_size=14), st.integers(0, 7))
def test_the_compiled_class_sums_are_the_python_ones(classes: list[tuple[int, int]], depth: int) -> None:
    """`_class_sums_compiled` gives `_class_sums`' integers, as Python ints (the path ceiling divides them)."""
    compiled = _class_sums_compiled(depth, tuple(classes), class_arrays(tuple(classes)))
    assert compiled == _class_sums(depth, tuple(classes))
    assert all(type(number) is int for coefficients in compiled for number in coefficients)


def test_class_sums_too_large_for_64_bits_are_summed_on_python_integers() -> None:
    classes = tuple((10**6, 13) for _ in range(14))
    assert _class_sums_compiled(7, classes, class_arrays(classes)) == _class_sums(7, classes)
    assert _class_sums(7, classes)[3][7] >= 1 << 63


def _ends_by_orders(path: Path, neutral: int) -> tuple[Fraction, Fraction]:
    """`_path_terms`' probabilities over every order of a tiny pile: the chance that the path ends with a Flip 7
    or a bust, each plus the chance that it ends on a rescuer or runs out."""
    cards = ["b"] * path.bust + ["r"] * path.rescue + ["n"] * neutral + ["z"] * path.zeros
    cards += [str(index) for index, (copies, _) in enumerate(path.classes) for _ in range(copies)]
    ends = {"flip7": 0, "bust": 0, "open": 0}
    orders = 0
    for order in itertools.permutations(cards):
        orders += 1
        seen = set[str]()
        end = "open"
        for card in order:
            if len(seen) == path.room:
                end = "flip7"
                break
            if card == "r":
                break
            if card == "b" or card in seen:
                end = "bust"
                break
            if card != "n":
                seen.add(card)
        else:
            end = "flip7" if len(seen) == path.room else "open"
        ends[end] += 1
    return Fraction(ends["flip7"] + ends["open"], orders), Fraction(ends["bust"] + ends["open"], orders)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 2), st.integers(1, 13)), max_size=3), st.integers(0, 2), st.integers(0, 1),
       st.integers(0, 1), st.integers(0, 1), st.booleans(), st.integers(1, 4))
def test_the_path_probabilities_are_their_quantities_over_every_order(
        classes: list[tuple[int, int]], bust: int, rescue: int, neutral: int, zeros: int, holds_zero: bool,
        room: int) -> None:
    zeros = 0 if holds_zero else zeros
    size = bust + rescue + neutral + zeros + sum(copies for copies, _ in classes)
    if not size or size > 7:
        return
    path = Path(0, room, 15, tuple(classes), bust, rescue, size, zeros, holds_zero)
    flip7, busted = _ends_by_orders(path, neutral)
    terms = _path_terms(path)
    assert math.isclose(terms.flip7, min(1.0, float(flip7)), abs_tol=TOLERANCE)
    assert math.isclose(terms.bust, min(1.0, float(busted)), abs_tol=TOLERANCE)


def test_the_zero_lowers_the_path_ceiling_and_the_forced_floor_lifts_the_floor() -> None:
    """``12 5 0`` must hit: a bust scores 0, so the path ceiling is below the same line without The Zero's rule;
    ``12 5`` owing draws: at least 17 and the numbers drawn whenever the draws owed are new numbers (an 11 and a 10
    here)."""
    with_zero = Path(17, 4, 15, ((11, 11), (10, 10)), 17, 1, 40, 0, True)
    without = Path(17, 4, 15, ((11, 11), (10, 10), (1, 0)), 17, 1, 40, 0, False)
    assert _path_ceiling(with_zero, 60) < _path_ceiling(without, 60) - 5
    path = Path(17, 5, 15, ((11, 11), (10, 10)), 17, 1, 40)
    sums = np.arange(120, dtype=np.int64)
    scores = LineScores(sums, sums + 15)
    assert owed_floor(path, scores, 0, 4) == 0.0  # four new numbers cannot come from two classes
    assert math.isclose(owed_floor(path, scores, 0, 2), (17 + 11 + 10) * (11 * 10) / math.comb(40, 2))

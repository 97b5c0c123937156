"""The bounded solver's shortcuts on static bounds: what they remember gives what computing them afresh gives.

* The leaf key (`RoundModel.leaf_key`): two With a Vengeance states with equal leaf keys have equal inputs to the
  static bounds. Checked on every state a search meets on random small situations (Hypothesis, standard and
  Brutal), and on variants of each that keep its leaf key but not its key: the other lines' cards dealt out
  differently between them, other busted players (Brutal: more of them), the made-to-stay flag flipped; and on variants that change it
  (the other lines emptied, each card of theirs taken away in turn), so that a key too coarse would be caught.
* The static bounds a search remembers, by leaf key, are those computed afresh for every state it met.
* The path ceiling from remembered terms and class sums (`_Search.path_ceiling`: terms by path, linear in the
  ceiling; class sums by ``(room, classes)``, linear in ``held``) is the one computed afresh, in any order of
  paths that share classes, and afresh it is the brute force over every order of a tiny pile
  (tests/test_bounded_ceilings_exact.py).
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from typing import Any, cast

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from flip7odds.bounded import Path, RoundModel, _path_ceiling, _Search
from flip7odds.drift import drift_ceiling
from flip7odds.round_models import VengeanceModel
from flip7odds.rules import VENGEANCE
from flip7odds.vengeance.fast import State
from flip7odds.vengeance.situation import VengeanceSituation
from tests.strategies import vengeance_situations


def inputs(model: VengeanceModel, state: State) -> tuple[Any, ...]:
    """Everything the static bounds of ``state`` read from the model."""
    return (model.forced(state), model.may_stay(state), model.can_draw(state), model.banked(state),
            model.reach(state), model.hazard(state), model.path(state), model.owed(state), model.chain(state))


def variants(state: State, brutal: bool, zero: int) -> list[State]:
    """States with the leaf key of ``state`` (module docstring): other lines redealt, busted players (Brutal: only
    where one already is, since a busted player can take a modifier), the made-to-stay flag (but where you hold The
    Zero, the deck's ``zero`` bit, while draws are owed: the Zero floor reads it there)."""
    others: tuple[int, ...] = state[3]
    union = 0
    for other in others:
        union |= other
    zero_forced = state[7] and state[2] & zero
    found = [(*state[:6], state[6] + (1 if state[6] or not brutal else 0), *state[7:10],
              state[10] if zero_forced else not state[10])]
    if len(others) >= 2:
        found.append((*state[:3], (union, *[0] * (len(others) - 1)), *state[4:]))
        found.append((*state[:3], (*[0] * (len(others) - 1), union), *state[4:]))
    bits = [1 << k for k in range(union.bit_length()) if union >> k & 1]
    if len(others) >= 2 and len(bits) >= 2:  # each of the union's cards on another line, in turn
        for shift in range(len(others)):
            lines = [0] * len(others)
            for i, bit in enumerate(bits):
                lines[(i + shift) % len(others)] |= bit
            found.append((*state[:3], tuple(lines), *state[4:]))
    return found


def others_changed(state: State) -> list[State]:
    """States that differ from ``state`` in what the other lines hold between them: emptied, or one card fewer."""
    others: tuple[int, ...] = state[3]
    found = [(*state[:3], (0,) * len(others), *state[4:])]
    for i, other in enumerate(others):
        for k in range(other.bit_length()):
            if other >> k & 1:
                found.append((*state[:3], (*others[:i], other & ~(1 << k), *others[i + 1:]), *state[4:]))
    return found


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(vengeance_situations(max_pile=9, max_discards=3, max_line_cards=5))
def test_states_with_one_leaf_key_have_the_same_static_inputs(situation: VengeanceSituation) -> None:
    model = VengeanceModel(situation)
    if not model.can_draw(model.root()):
        return
    search = _Search[State](cast(RoundModel[State], model), time.process_time() + 60.0)
    search.hit(model.root(), 300.0)
    seen: dict[Hashable, tuple[Any, ...]] = {}
    for state in [model.root(), *cast(list[State], list(search.known))]:
        same_key = variants(state, situation.rules.brutal, model.game.deck.zero)
        for each in same_key:
            assert model.leaf_key(each) == model.leaf_key(state)
        for each in (state, *same_key, *others_changed(state)):
            found = inputs(model, each)
            assert seen.setdefault(model.leaf_key(each), found) == found, (state, each)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(vengeance_situations(max_pile=9, max_discards=3, max_line_cards=5))
def test_remembered_static_bounds_are_those_computed_afresh(situation: VengeanceSituation) -> None:
    model = VengeanceModel(situation)
    if not model.can_draw(model.root()):
        return
    for once in (False, True):
        search = _Search[State](cast(RoundModel[State], model), time.process_time() + 60.0, once)
        search.hit(model.root(), 300.0)
        fresh = _Search[State](cast(RoundModel[State], VengeanceModel(situation)), time.process_time() + 60.0, once)
        for state in cast(list[State], list(search.known)):
            assert search.static(state) == fresh.compute_static(state), state


@st.composite
def paths_sharing_classes(draw: st.DrawFn) -> list[tuple[Path, int]]:
    """Paths drawn from a few class tuples and rooms, with every other field drawn afresh, and a ceiling each."""
    classes = draw(st.lists(st.lists(st.tuples(st.integers(1, 13), st.integers(0, 13)), max_size=8).map(tuple),
                            min_size=1, max_size=3))
    found = []
    for _ in range(draw(st.integers(1, 12))):
        chosen = draw(st.sampled_from(classes))
        bust, rescue, zeros = draw(st.integers(0, 20)), draw(st.integers(0, 6)), draw(st.integers(0, 1))
        size = bust + rescue + zeros + sum(copies for copies, _ in chosen) + draw(st.integers(0, 10))
        if not size:
            continue
        holds_zero = not zeros and draw(st.booleans())
        path = Path(draw(st.integers(0, 3)) * 10, draw(st.integers(1, 3)), 15, chosen, bust, rescue, size, zeros,
                    holds_zero)
        found.append((path, draw(st.integers(-10, 120))))
    return found


@given(paths_sharing_classes())
def test_remembered_path_ceilings_are_those_computed_afresh(paths: list[tuple[Path, int]]) -> None:
    model = VengeanceModel(VengeanceSituation.from_text(VENGEANCE, "12 5", pile="12 11 10"))
    search = _Search[State](cast(RoundModel[State], model), time.process_time() + 60.0)
    for path, ceiling in paths + paths:
        fresh = min(_path_ceiling(path, ceiling), drift_ceiling(path, ceiling))
        assert abs(search.path_ceiling(path, ceiling) - fresh) <= 1e-12 * max(1.0, abs(fresh)), path

"""Answers keep to their CPU budget: the exact With a Vengeance solver stops at a CPU deadline, the bounded
search reserves time to free the model's own tables, and the cyclic collector stays paused while they live."""

from __future__ import annotations

import gc
from typing import Any, cast

import pytest

from flip7odds.answer import answer
from flip7odds.bounded import RoundModel, paused_cyclic_collection, solve_bounded
from flip7odds.errors import SituationError
from flip7odds.round_models import EngineModel, VengeanceModel
from flip7odds.rules import CLASSIC, VENGEANCE
from flip7odds.situation import Situation
from flip7odds.vengeance.fast import fast_solve
from flip7odds.vengeance.situation import VengeanceSituation

# 2 047 states: well past the clock readings at 256 states and after.
MIDDLING = VengeanceSituation.from_text(VENGEANCE, "12 5", pile="1 2 3 4 6 8 9 10 11 12 /2 -4 jom")


def test_the_exact_vengeance_solver_stops_at_its_cpu_deadline_and_not_before() -> None:
    with pytest.raises(SituationError, match="could not be worked out exactly within its CPU time"):
        fast_solve(MIDDLING, cpu_seconds=0.0)
    result = fast_solve(MIDDLING)  # no deadline: the same situation is solved
    assert result.states > 256


def test_a_deadline_not_reached_changes_nothing() -> None:
    with_deadline, without = fast_solve(MIDDLING, cpu_seconds=60.0), fast_solve(MIDDLING)
    assert with_deadline == without


def test_models_count_their_tables_and_the_search_fills_them() -> None:
    vengeance = VengeanceModel(VengeanceSituation.build(VENGEANCE, (), others=[()]))
    engine = EngineModel(Situation.from_text(CLASSIC, "12 7", seen="12 12 5"))
    for model in (vengeance, engine):
        before = model.entries()
        solve_bounded(cast(RoundModel[Any], model), cpu_seconds=0.3)
        assert model.entries() > before


def test_paused_collection_nests_and_restores() -> None:
    assert gc.isenabled()
    with paused_cyclic_collection():
        with paused_cyclic_collection():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the inner pause leaves the outer one in force
    assert gc.isenabled()


def test_an_answer_that_falls_back_to_bounds_leaves_the_collector_as_it_was() -> None:
    result = answer(VengeanceSituation.build(VENGEANCE, (), others=[()]), 0.3)
    assert not result.exact and gc.isenabled()

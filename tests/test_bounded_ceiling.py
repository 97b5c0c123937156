"""The bounded solver's hit ceiling by running products agrees with the big-integer binomials it replaces."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from flip7odds.bounded import _hit_ceiling, _hit_ceiling_by_binomials


@st.composite
def hazards(draw: st.DrawFn) -> tuple[list[int], int, int, int, int]:
    size = draw(st.integers(1, 108))
    bust = draw(st.integers(0, size))
    rescue = draw(st.integers(-1, size - bust))
    ladder = sorted(draw(st.lists(st.integers(-30, 400), min_size=1, max_size=14)))
    return ladder, bust, rescue, draw(st.integers(0, 1)), size


@given(hazards())
def test_running_products_match_binomials(hazard: tuple[list[int], int, int, int, int]) -> None:
    fast, slow = _hit_ceiling(*hazard), _hit_ceiling_by_binomials(*hazard)
    assert abs(fast - slow) <= 1e-12 * max(1.0, abs(slow))

"""How the app writes a certified value (`flip7odds_ui.answer.certified`): the interval's midpoint ± half its width,
rounded outward, the same on the live bar, the live numbers and the quiz (docs/model.md, "How the app writes a
certified number").

Oracle: the written range ``[mid - h, mid + h]`` must hold the whole interval (the exact value is somewhere in it),
and be tight: ``h`` under half the width plus one and a half units of its last decimal (half a unit from
rounding the midpoint, less than one from rounding ``h`` up).
"""

import random

import pytest

from flip7odds.bounded import Bounds
from flip7odds.i18n import translator
from flip7odds_ui.answer import certified, certified_percent, half_text, mid_text, rounded


def parse(text: str) -> tuple[float, float, int]:
    """``mid ± h`` written in English: the two numbers and the decimals they are written with."""
    value, bound = text.replace("%", "").split(" ± ")
    places = len(bound.split(".")[1])
    assert len(value.split(".")[1]) == places, text  # the value to the decimals of its bound
    return float(value), float(bound), places


def random_bounds(rng: random.Random, scale: float) -> Bounds:
    lo = rng.uniform(-20, 80) * scale
    return Bounds(lo, lo + scale * 10 ** rng.uniform(-7, 1.5))


@pytest.mark.parametrize("seed", range(5))
def test_the_written_range_holds_the_interval_and_is_tight(seed: int) -> None:
    rng = random.Random(seed)
    english = translator("en")
    for _ in range(400):
        bounds = random_bounds(rng, 1.0)
        mid, half, places = parse(certified(english, bounds))
        unit = 10.0**-places
        assert mid - half <= bounds.lo + 1e-9 and mid + half >= bounds.hi - 1e-9, (bounds, mid, half)
        assert bounds.width / 2 - 1e-9 <= half <= bounds.width / 2 + 1.5 * unit + 1e-9, (bounds, mid, half)
        assert places >= 2 and half > 0
        # Two significant digits in the bound whenever it is below the second decimal (never "± 0.00").
        assert half >= 10 * unit or places == 2 or places == 6
        assert (mid_text(english, bounds), half_text(english, bounds)) == (f"{mid:.{places}f}", f"{half:.{places}f}")


@pytest.mark.parametrize("seed", range(3))
def test_a_probability_is_written_as_percent_plus_minus_percent(seed: int) -> None:
    rng = random.Random(seed)
    english = translator("en")
    for _ in range(300):
        lo = rng.uniform(0, 0.9)
        bounds = Bounds(lo, min(1.0, lo + 10 ** rng.uniform(-6, -0.5)))
        text = certified_percent(english, bounds)
        assert text.count("%") == 2, text
        if " to " in text:  # mid ± h would pass 0% or 100%: the interval itself, rounded outward
            low, high = (float(part.rstrip("%")) for part in text.split(" to "))
            assert 0 <= low <= 100 * bounds.lo + 1e-7 and 100 * bounds.hi - 1e-7 <= high <= 100, (bounds, text)
            continue
        mid, half, places = parse(text)
        assert 0 < mid - half <= 100 * bounds.lo + 1e-7 and 100 * bounds.hi - 1e-7 <= mid + half < 100, (bounds, text)
        assert half <= 50 * bounds.width + 1.5 * 10.0**-places + 1e-9 and places >= 1


def test_a_probability_interval_reaching_0_or_100_percent_is_written_as_the_interval() -> None:
    """A fresh With a Vengeance deck's P(Flip 7) can be bounded by 0% to 17.3%: ``8.6% ± 8.7%`` would reach below 0%
    and ``8.7% ± 8.7%`` reads oddly, so the interval itself is written, rounded outward."""
    assert certified_percent(translator("en"), Bounds(0.0, 0.1729)) == "0.0% to 17.3%"
    assert certified_percent(translator("en"), Bounds(0.0, 0.17312)) == "0.0% to 17.4%"
    assert certified_percent(translator("es"), Bounds(0.0, 0.17312)) == "de 0,0\xa0% a 17,4\xa0%"
    assert certified_percent(translator("en"), Bounds(0.9, 1.0)) == "90.0% to 100.0%"


def test_exact_values_are_one_number_and_spanish_uses_its_separators() -> None:
    spanish = translator("es")
    assert certified(spanish, Bounds.point(38.815)) == "38,82" or certified(spanish, Bounds.point(38.815)) == "38,81"
    assert certified(spanish, Bounds(38.75, 38.88)) == "38,81 ± 0,07"  # 38.74 to 38.88 holds 38.75 to 38.88
    assert certified_percent(spanish, Bounds(0.4551, 0.4632)) == "45,9\xa0% ± 0,5\xa0%"
    assert certified_percent(spanish, Bounds.point(0.459)) == "45,9\xa0%"
    # A narrow interval keeps its bound: two significant digits, and the value to the same decimals.
    assert rounded(Bounds(10.0, 10.003), 2) == (10.0015, 0.0015, 4)
    assert certified(translator("en"), Bounds(10.0, 10.003)) == "10.0015 ± 0.0015"

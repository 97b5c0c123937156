"""The drift ceiling (`flip7odds.drift`) against exact values: the chain's optimal stopping value by brute force over
every order of tiny piles, an identity where no drift is negative, a deliberately wrong ceiling caught, and what it
adds to the path ceiling (it closes states that hindsight cannot), and the lattice of sets its loops visit. The fast With a Vengeance solver checks it on every state the bounded search meets, beside the other ceilings
(`tests/test_bounded_ceilings_exact.py`)."""

from __future__ import annotations

import dataclasses
import functools
from collections import Counter
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from flip7odds.bounded import Path, _path_ceiling
from flip7odds.drift import FORCED_ROWS, _set_lattice, drift_ceiling

TOLERANCE = 1e-9
Card = tuple[str, int]
"""A card of the chain: ``("bust", 0)``, ``("rescue", 0)``, ``("neutral", 0)``, ``("zero", 0)`` or
``("class<i>", value)``."""


def chain_value(path: Path, ceiling: int, draws: int = 1) -> Fraction:
    """The value of hitting on the path's chain, by brute force: the best stopping rule that knows only the cards
    seen (the first ``draws`` cards of the pile forced), over every order of the pile (module docstring of
    `flip7odds.drift`)."""
    top = max(0, ceiling)
    pile: Counter[Card] = Counter({("bust", 0): path.bust, ("rescue", 0): path.rescue, ("zero", 0): path.zeros,
                                   ("neutral", 0): path.size - path.bust - path.rescue - path.zeros
                                   - sum(c for c, _ in path.classes)})
    for i, (copies, value) in enumerate(path.classes):
        pile[(f"class{i}", value)] = copies

    @functools.cache
    def after(left: tuple[tuple[Card, int], ...], drawn: frozenset[str], held: int, zero: bool,
              owed: int) -> Fraction:
        """The value of the chain after a card: stop (``Z``) or draw on; draw on while ``owed`` draws are left."""
        onward = draw(left, drawn, held, zero, owed)
        return onward if owed else max(Fraction(0 if zero else held), onward)

    def draw(left: tuple[tuple[Card, int], ...], drawn: frozenset[str], held: int, zero: bool, owed: int) -> Fraction:
        owed = max(owed - 1, 0)  # this card is drawn
        cards = dict(left)
        total = sum(cards.values())
        if total == cards.get(("neutral", 0), 0):
            return Fraction(top)  # the live cards ran out: anything up to the ceiling may follow
        value = Fraction(0)
        for card, count in cards.items():
            if not count:
                continue
            rest = dict(cards)
            rest[card] -= 1
            remaining = tuple(sorted(rest.items()))
            kind, points = card
            if kind == "bust" or kind in drawn:
                outcome = Fraction(0)
            elif kind == "rescue":
                outcome = Fraction(top)
            elif kind == "neutral":
                outcome = after(remaining, drawn, held, zero, owed)
            else:
                if len(drawn) + 1 == path.room:
                    outcome = Fraction(held + points + path.bonus)
                elif all(count == 0 for other, count in rest.items() if other[0] != "neutral"):
                    outcome = Fraction(top)
                else:
                    outcome = after(remaining, drawn | {kind}, held + points, zero or kind == "zero", owed)
            value += count * outcome
        return value / total

    return draw(tuple(sorted(pile.items())), frozenset(), path.held, path.holds_zero, draws)


@st.composite
def tiny_paths(draw: st.DrawFn, busts: bool = True) -> Path:
    copies = st.integers(1, 3) if busts else st.just(1)  # a second copy of a class busts you
    classes = tuple(draw(st.lists(st.tuples(copies, st.integers(1, 13)), max_size=3)))
    bust = draw(st.integers(0, 2)) if busts else 0
    rescue = draw(st.integers(0, 1))
    zeros = draw(st.integers(0, 1)) if busts else 0
    neutral = draw(st.integers(0, 2))
    size = bust + rescue + zeros + neutral + sum(c for c, _ in classes)
    if size == 0 or size > 8:
        return Path(5, 2, 15, ((1, 4),), 1, 0, 3)
    return Path(draw(st.integers(0, 30)), draw(st.integers(1, 4)), 15, classes, bust, rescue, size, zeros,
                busts and draw(st.booleans()))


@settings(max_examples=300, deadline=None)
@given(tiny_paths(), st.integers(40, 90))
def test_the_drift_ceiling_is_the_chain_value_by_brute_force(path: Path, ceiling: int) -> None:
    """Without a second level or an Unlucky 7 the ceiling is the chain's optimal stopping value (module docstring of
    `flip7odds.drift`, "The chain's optimal stopping value"), here found over every order of the pile."""
    assert abs(drift_ceiling(path, ceiling) - float(chain_value(path, ceiling))) <= TOLERANCE


@settings(max_examples=300, deadline=None)
@given(tiny_paths(), st.integers(40, 90), st.integers(2, 9))
def test_the_ceiling_forced_through_draws_is_the_chain_value_by_brute_force(path: Path, ceiling: int,
                                                                           draws: int) -> None:
    """The chain forced through the first ``draws`` cards of the pile (module docstring of `flip7odds.drift`, "Draws
    owed": the hypergeometric mixture of the values forced through ``j`` live cards) is the brute force's optimal
    stopping value with those cards forced, also where more are owed than the pile holds; never above the chain
    forced through fewer."""
    forced = drift_ceiling(path, ceiling, draws=draws)
    assert abs(forced - float(chain_value(path, ceiling, draws))) <= TOLERANCE
    assert forced <= drift_ceiling(path, ceiling, draws=draws - 1) + TOLERANCE


def test_past_the_rows_computed_the_forced_ceiling_forces_fewer_live_cards() -> None:
    """With room for six numbers more, the chain is forced through at most `FORCED_ROWS` live cards: exact up to
    there, above the brute force's value past it (holding 30, six new classes and three bust cards among ten)."""
    path = Path(30, 6, 15, ((1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6)), 3, 0, 10)
    for draws in range(1, FORCED_ROWS + 1):
        assert abs(drift_ceiling(path, 60, draws=draws) - float(chain_value(path, 60, draws))) <= TOLERANCE
    for draws in range(FORCED_ROWS + 1, 11):
        assert drift_ceiling(path, 60, draws=draws) >= float(chain_value(path, 60, draws)) - TOLERANCE
    assert drift_ceiling(path, 60, draws=8) > float(chain_value(path, 60, 8)) + 0.1


def test_a_ceiling_forced_through_one_draw_more_than_owed_is_caught() -> None:
    """Holding 20 with two bust cards among six, two draws owed: the chain forced through three (one more than owed,
    a deliberately wrong bound) is below the brute force's value with two forced."""
    path = Path(20, 3, 15, ((1, 2), (1, 3)), 2, 0, 6)
    assert drift_ceiling(path, 60, draws=3) < float(chain_value(path, 60, 2)) - 0.1


def test_a_wrong_ceiling_is_caught() -> None:
    """The brute force tells a ceiling that counts one neutral card as a bust card (a deliberately wrong bound) from
    the true one: below the chain's value."""
    path = Path(20, 3, 15, ((2, 9), (1, 11), (1, 12)), 1, 1, 8)
    wrong = dataclasses.replace(path, bust=path.bust + 1)
    assert drift_ceiling(wrong, 60) < float(chain_value(path, 60)) - 0.1


@settings(max_examples=150, deadline=None)
@given(tiny_paths(busts=False), st.integers(80, 120))
def test_where_no_drift_is_negative_the_ceiling_is_the_chain_value(path: Path, ceiling: int) -> None:
    """No bust card, one copy of each class, no The Zero and a ceiling above every score: every card can only raise ``Z``, so drawing to the
    end is optimal and the bound loses nothing (``max(0, d) = d`` everywhere): equal to the brute force."""
    assert abs(drift_ceiling(path, ceiling) - float(chain_value(path, ceiling))) <= TOLERANCE


def test_late_in_a_line_the_drift_ceiling_closes_what_hindsight_cannot() -> None:
    """Holding 30, of 40 cards 6 bust you and 15 add 9 to 12 (156 points): the next card adds 3.9 on average and
    costs 30 * 6 / 40 = 4.5, and every safe card makes the next one riskier, so every drift is negative and hitting is
    worth at most staying (30). Hindsight still credits the runs of safe cards: above 41."""
    path = Path(30, 3, 15, ((4, 9), (4, 10), (4, 11), (3, 12)), 6, 0, 40)
    assert drift_ceiling(path, 100) <= 30
    assert _path_ceiling(path, 100) > 41


def test_a_fresh_pile_gets_a_lower_ceiling_than_hindsight() -> None:
    """The With a Vengeance numbers 1..13 (n copies of n), The Zero, five rescuers, 108 cards, an empty line."""
    path = Path(0, 7, 15, tuple((n, n) for n in range(1, 14)), 0, 5, 108, zeros=1)
    ceiling = drift_ceiling(path, 85)
    assert type(ceiling) is float  # not a numpy scalar: bounds go into JSON and compare with ``is``
    assert ceiling < _path_ceiling(path, 85) - 5


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10), st.integers(-1, 7))
def test_the_set_lattice_is_every_small_set_with_its_links(classes: int, deepest: int) -> None:
    """`_set_lattice` against its definition, set by set: the masks of at most ``deepest`` bits in increasing order,
    each one's lowest class and the place of the mask without it, and the one-larger sets it lists, by class in
    increasing order."""
    masks, lows, rests, starts, grown_class, grown_at = (a.tolist() for a in _set_lattice(classes, deepest))
    expected = [mask for mask in range(1 << classes) if mask.bit_count() <= deepest]
    assert masks == expected
    place = {mask: at for at, mask in enumerate(expected)}
    for at, mask in enumerate(expected):
        if mask:
            low = (mask & -mask).bit_length() - 1
            assert (lows[at], rests[at]) == (low, place[mask ^ 1 << low])
        larger = [(c, place[mask | 1 << c]) for c in range(classes) if not mask >> c & 1 and mask | 1 << c in place]
        assert list(zip(grown_class[starts[at]:starts[at + 1]], grown_at[starts[at]:starts[at + 1]])) == larger
    assert starts[-1] == len(grown_class) == len(grown_at)

"""The chain floor (`flip7odds.chain_floor`) against independent values.

* Where the pile holds only numbers and you play alone, the game *is* the chain: the floor as deep as a Flip 7
  is the exact value of hitting, as the fast With a Vengeance solver computes it.
* On any path, the floor is the value of its policy computed card by card in exact fractions (a recursion over
  the literal pile, not over sets of classes); so are the forced floor and the Zero floor.
* Holding The Zero with a pile of numbers only, alone, you must draw until you bust or make the Flip 7: the Zero
  floor is the exact value (where no penalty puts the least reachable score below the 0 a run-out pile banks).
* On every state the bounded search meets, the floor is at most the exact value of hitting
  (`tests/test_bounded_ceilings_exact.py`); here, a fresh pile's floor lifts the search's lower bound above
  what staying banks.
"""

from __future__ import annotations

import functools
import time
from collections import Counter
from fractions import Fraction
from typing import cast

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from flip7odds.bounded import NO_STAYS, Kept, LineScores, Path, RoundModel, Stays, Steals, _Search
from flip7odds.chain_floor import MORE, chain_floor, owed_floor, zero_floor
from flip7odds.round_models import VengeanceModel
from flip7odds.rules import VENGEANCE, VENGEANCE_BRUTAL, RuleSet
from flip7odds.vengeance.fast import TIE, State, _Values
from flip7odds.vengeance.situation import VengeanceSituation

TOLERANCE = 1e-9


@st.composite
def number_tables(draw: st.DrawFn) -> tuple[RuleSet, str, str]:
    """Rules, a line and a pile of numbers only (plain numbers, the 13s, the Lucky 13; no Unlucky 7, no The Zero)."""
    rules = draw(st.sampled_from([VENGEANCE, VENGEANCE_BRUTAL]))
    values = draw(st.lists(st.integers(1, 13), min_size=1, max_size=9, unique=True))
    split = draw(st.integers(0, min(3, len(values) - 1)))
    line = [str(v) for v in values[:split]]
    if line and draw(st.booleans()):
        line.append(draw(st.sampled_from(["/2", "-2", "-4"])))
    pile = []
    for v in values[split:]:
        copies = draw(st.integers(1, min(3, v - 1 if v == 7 else v - 1 if v == 13 else v)))
        pile += [str(v)] * copies
    if "13" not in values[:split] and draw(st.booleans()):
        pile.append("l13")
    return rules, " ".join(line), " ".join(pile)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(number_tables())
def test_with_numbers_alone_the_floor_is_the_exact_value_of_hitting(table: tuple[RuleSet, str, str]) -> None:
    rules, line, pile = table
    model = VengeanceModel(VengeanceSituation.from_text(rules, line, pile=pile))
    root = model.root()
    path = model.path(root)
    assert path is not None
    low, _ = model.reach(root)
    exact = _Values(model.game, 1.0, TIE, 10**6).draw(root)
    scores, given, *_ = model.chain(root)
    assert abs(chain_floor(path, scores, low, given, depth=path.room) - exact) <= TOLERANCE
    assert chain_floor(path, scores, low, given) <= exact + TOLERANCE  # the search's depth: a floor all the same


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(number_tables())
def test_holding_the_zero_with_numbers_alone_the_zero_floor_is_exact(table: tuple[RuleSet, str, str]) -> None:
    rules, line, pile = table
    model = VengeanceModel(VengeanceSituation.from_text(rules, f"0 {line}", pile=pile))
    root = model.root()
    path = model.path(root)
    assert path is not None and path.holds_zero and not model.may_stay(root)
    low, _ = model.reach(root)
    scores, given, *_ = model.chain(root)
    floor, exact = zero_floor(path, scores, low, given), _Values(model.game, 1.0, TIE, 10**6).draw(root)
    assert floor <= exact + TOLERANCE
    if low == 0:  # the pile running out banks 0 with The Zero, which the floor counts as L (Brutal: a penalty lower)
        assert abs(floor - exact) <= TOLERANCE


def literal_pile(path: Path, given: int, steals: int = 0, stays: Stays = NO_STAYS) -> tuple[tuple[str, int], ...]:
    """The path's pile card by card, as the brute forces read it: its bust cards, the ``given`` cards you can give
    away, its ``steals``, the Just One More!s, Discards, Unlucky 7s, Flip Four!s and Swaps after which the policy
    ``stays``, The Zero's copies (``path.zeros``), each number
    class (``class0``, ...) and the other cards, with their counts."""
    staying = stays.forced + stays.discards + stays.unlucky + stays.flip4 + stays.swaps
    pile: Counter[str] = Counter({"bust": path.bust, "give": given, "steal": steals, "jom": stays.forced,
                                  "discard": stays.discards, "unlucky": stays.unlucky, "flip4": stays.flip4,
                                  "swap": stays.swaps, "zero": path.zeros,
                                  "other": path.size - given - steals - staying - path.bust - path.zeros
                                  - sum(c for c, _ in path.classes)})
    for i, (copies, _) in enumerate(path.classes):
        pile[f"class{i}"] = copies
    return tuple(sorted(pile.items()))


def zero_policy_value(path: Path, flip7: list[int], low: int, given: int, plain: list[int] | None = None,
                      stays: Stays = NO_STAYS, steals: int = 0, numbers: tuple[tuple[int, int], ...] = ()) -> Fraction:
    """The Zero floor's policy over the literal pile in fractions: draw, give away each of the ``given`` cards and
    draw on, until the ``room``-th new number (``flip7`` of the sum); a bust card or a repeat scores 0, any other
    card ``low``, and so does the pile running out; a Discard of ``stays`` discards The Zero and stays (``plain`` of
    the sum, where a card is left: a number drawn, or ``stays.lined``; else ``low``), an Unlucky 7 stays with that 7
    alone (``stays.unlucky_score``). Of the other lines' ``numbers`` (value, index of its class in the path or -1,
    largest first), a Swap of ``stays`` gives The Zero for the first whose class is not drawn and stays (``plain`` of
    the sum with it), and each of the ``steals`` takes the first whose class the pile holds and is not drawn, and
    draws on (``low`` where there is none)."""
    @functools.cache
    def draw(left: tuple[tuple[str, int], ...], drawn: frozenset[int], held: int) -> Fraction:
        size = sum(count for _, count in left)
        if not size:
            return Fraction(low)
        total = Fraction(0)
        fits = [(value, index) for value, index in numbers if index not in drawn]
        pick = next(((value, index) for value, index in fits if index >= 0), None)
        for card, count in left:
            if not count:
                continue
            rest = tuple((c, n - 1 if c == card else n) for c, n in left)
            if card == "give":
                total += count * draw(rest, drawn, held)
            elif card == "other":
                total += count * low
            elif card == "discard":
                total += count * (plain[held] if plain is not None and (drawn or stays.lined) else low)
            elif card == "unlucky":
                total += count * stays.unlucky_score
            elif card == "swap":
                total += count * (plain[held + fits[0][0]] if plain is not None and fits else low)
            elif card == "steal":
                grown = drawn if pick is None else drawn | {pick[1]}
                total += count * (low if pick is None else flip7[held + pick[0]] if len(grown) == path.room else
                                  draw(rest, grown, held + pick[0]))
            elif card != "bust" and int(card[5:]) not in drawn:
                index = int(card[5:])
                now, taken = held + path.classes[index][1], drawn | {index}
                total += count * (flip7[now] if len(taken) == path.room else draw(rest, taken, now))
        return total / size

    return draw(literal_pile(path, given, steals, stays), frozenset(), path.held)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 3), st.integers(1, 13)), max_size=4), st.integers(0, 3), st.integers(0, 3),
       st.integers(0, 2), st.integers(0, 30), st.integers(1, 4), st.integers(-12, 0))
def test_the_zero_floor_is_its_policy_card_by_card(classes: list[tuple[int, int]], bust: int, other: int, given: int,
                                                   held: int, room: int, low: int) -> None:
    kept = bust + other + sum(copies for copies, _ in classes)
    if not kept or kept + given > 8:
        return
    path = Path(held, room, 15, tuple(classes), bust, 0, kept + given, holds_zero=True)
    sums = np.arange(200, dtype=np.int64)
    scores = LineScores(sums - 4, sums // 2 + 11)
    expected = zero_policy_value(path, scores.flip7.tolist(), low, given)
    assert abs(zero_floor(path, scores, low, given) - float(expected)) <= TOLERANCE


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 3), st.integers(1, 13)), max_size=3), st.integers(0, 2), st.integers(0, 2),
       st.integers(0, 2), st.integers(0, 2), st.integers(0, 1), st.integers(0, 2), st.booleans(), st.integers(0, 30),
       st.integers(1, 4), st.integers(-12, 0))
def test_the_zero_floor_with_discards_and_unlucky_7s_is_its_policy_card_by_card(
        classes: list[tuple[int, int]], bust: int, other: int, given: int, discards: int, unlucky: int, played: int,
        lined: bool, held: int, room: int, low: int) -> None:
    """Holding The Zero, a Discard played on your own line discards it and the policy stays; the Unlucky 7 leaves that
    7 alone and it stays; of the Discards, the ``played`` ones the other lines could take are also among the cards
    given away, and the floor is the better of the two policies (each in fractions over its literal pile)."""
    played = min(played, discards)
    kept = bust + other + discards + unlucky + sum(copies for copies, _ in classes)
    if not kept or kept + given > 8:
        return
    path = Path(held, room, 15, tuple(classes), bust, 0, kept + given, holds_zero=True)
    sums = np.arange(200, dtype=np.int64)
    scores = LineScores(sums - 4, sums // 2 + 11)
    stays = Stays(0, discards, unlucky, 7, lined, 0, played)
    plain, flip7 = scores.plain.tolist(), scores.flip7.tolist()
    expected = zero_policy_value(path, flip7, low, given, plain, stays)  # the Discards played on your line
    if played:  # or the ``played`` ones given away
        expected = max(expected, zero_policy_value(path, flip7, low, given + played, plain,
                                                   stays._replace(discards=discards - played)))
    assert abs(zero_floor(path, scores, low, given + played, stays=stays) - float(expected)) <= TOLERANCE


def policy_value(path: Path, scores: LineScores, low: int, given: int, depth: int, forced: int = 1,
                 steals: int = 0, stealable: tuple[tuple[int, int], ...] = (), passed: int = 0,
                 stays: Stays = NO_STAYS, more: int = MORE) -> Fraction:
    """The chain floor's policy over the literal pile in fractions: hit, give away each of the ``given`` cards that can
    be and draw on, after each new number stay or draw on (before ``forced`` numbers: draw on), at most ``depth``
    numbers, after which it stays or draws up to ``more`` cards more, whichever number is best, and stays (a new number
    joins the line, a card you can give away is given, The Zero as below, a bust card or a repeat scores 0, any other
    card ``low``); a bust card or a repeat scores 0, a Steal takes the largest of ``stealable`` ``(value, class or -1)``
    whose class is not drawn, past ``passed`` of them, then stays; of the cards after which it ``stays``, a Just One
    More! draws one card of what is left (a new number scores, a bust card or a repeat 0, any other card ``low``) and
    stays, a Discard takes the smallest number drawn and stays where a card is left (``stays.lined``, or two numbers
    drawn; else ``low``), the Unlucky 7 scores ``stays.unlucky_score``, a Flip Four! draws four cards of what is left (a
    new number joins the line, a bust card or a repeat scores 0, any other card or the pile run out ``low``) and stays;
    The Zero, where ``more`` or the policy may reach the Flip 7 after it (``room - 1 <= depth + 1``), before at most
    ``forced = 1`` numbers, draws on until the Flip 7 (a new number joins the line, a bust card or a repeat scores 0, a
    card you can give away is given, any other card or the pile run out ``low``), else scores ``low``; any other card
    scores ``low``; a pile run out banks."""
    @functools.cache
    def after_zero(left: tuple[tuple[str, int], ...], drawn: frozenset[int], held: int) -> Fraction:
        if len(drawn) + 1 == path.room:
            return Fraction(int(scores.flip7[held]))
        size = sum(count for _, count in left)
        if not size - dict(left)["give"]:
            return Fraction(low)
        total = Fraction(0)
        for card, count in left:
            if not count or card == "bust":
                continue
            rest = tuple((c, n - 1 if c == card else n) for c, n in left)
            if card == "give":
                total += count * after_zero(rest, drawn, held)
            elif not card.startswith("class"):
                total += count * low
            elif int(card[5:]) not in drawn:
                index = int(card[5:])
                total += count * after_zero(rest, drawn | {index}, held + path.classes[index][1])
        return total / size

    def past(left: tuple[tuple[str, int], ...], drawn: frozenset[int], held: int) -> Fraction:
        """At the last choice: stay, or draw ``j`` cards more (up to ``more``) and stay, whichever is best."""
        cards = sum(count for card, count in left if card != "give")
        return max(drawing(left, drawn, held, j, drawn) for j in range(min(more, path.room - len(drawn), cards) + 1))

    @functools.cache
    def drawing(left: tuple[tuple[str, int], ...], drawn: frozenset[int], held: int, draws: int,
                chosen: frozenset[int]) -> Fraction:
        """``draws`` cards more from the set ``chosen`` at the last choice: a Steal or Swap after ``i`` of them takes
        the ``passed + i``-th of the numbers of classes not ``chosen`` (at most the largest one left), a Discard your
        smallest number of ``chosen``, each then stays."""
        if not draws:
            return Fraction(int(scores.flip7[held] if len(drawn) == path.room else scores.plain[held]))
        fits = [value for value, index in stealable if index not in chosen]
        at = passed + len(drawn) - len(chosen)
        mine = min((path.classes[i][1] for i in chosen), default=-1)
        given = mine if stays.smallest < 0 or mine < stays.smallest else stays.smallest
        total = Fraction(0)
        for card, count in left:
            rest = tuple((c, n - 1 if c == card else n) for c, n in left)
            if card.startswith("class") and count and int(card[5:]) not in drawn:
                index = int(card[5:])
                total += count * drawing(rest, drawn | {index}, held + path.classes[index][1], draws - 1, chosen)
            elif card == "zero":
                total += count * after_zero(rest, drawn, held)
            elif card == "steal" and at < len(fits):
                now = held + fits[at]
                total += count * max(low, int(scores.flip7[now] if len(drawn) + 1 == path.room else scores.plain[now]))
            elif card == "swap" and at < len(fits):
                total += count * max(low, int(scores.plain[held - given + fits[at]]))
            elif card == "unlucky":
                total += count * stays.unlucky_score
            elif card == "discard" and (len(drawn) >= 2 or stays.lined):
                total += count * max(low, int(scores.plain[held - mine]))
            elif card not in ("bust", "give") and not card.startswith("class"):
                total += count * low
        return total / sum(count for card, count in left if card != "give")

    def just_one_more(left: tuple[tuple[str, int], ...], drawn: frozenset[int], held: int) -> Fraction:
        size = sum(count for _, count in left)
        if not size:
            return Fraction(low)
        total = Fraction(0)
        for card, count in left:
            if card.startswith("class") and int(card[5:]) not in drawn:
                now = held + path.classes[int(card[5:])][1]
                total += count * int(scores.flip7[now] if len(drawn) + 1 == path.room else scores.plain[now])
            elif card != "bust" and not card.startswith("class"):
                total += count * low
        return total / size

    def flip_four(left: tuple[tuple[str, int], ...], drawn: frozenset[int], held: int, owed: int) -> Fraction:
        if len(drawn) == path.room:
            return Fraction(int(scores.flip7[held]))
        if not owed:
            return Fraction(int(scores.plain[held]))
        size = sum(count for _, count in left)
        if not size:
            return Fraction(low)
        total = Fraction(0)
        for card, count in left:
            if not count or card == "bust":
                continue
            if card.startswith("class") and int(card[5:]) not in drawn:
                index = int(card[5:])
                rest = tuple((c, n - 1 if c == card else n) for c, n in left)
                total += count * flip_four(rest, drawn | {index}, held + path.classes[index][1], owed - 1)
            elif not card.startswith("class"):
                total += count * low
        return total / size

    @functools.cache
    def hit(left: tuple[tuple[str, int], ...], drawn: frozenset[int], held: int) -> Fraction:
        size = sum(count for _, count in left)
        keep = size - dict(left)["give"]  # cards not given away: a draw ends on one of them
        total = Fraction(0)
        for card, count in left:
            if not count:
                continue
            rest = tuple((c, n - 1 if c == card else n) for c, n in left)
            if card == "give":
                total += count * hit(rest, drawn, held)
            elif card == "steal":
                fits = [value for value, index in stealable if index not in drawn]
                if len(fits) > passed:
                    now = held + fits[passed]
                    total += count * int(scores.flip7[now] if len(drawn) + 1 == path.room else scores.plain[now])
                else:
                    total += count * low
            elif card == "swap":  # your smallest number for the one a Steal would take, then stay
                fits = [value for value, index in stealable if index not in drawn]
                mine = min((path.classes[i][1] for i in drawn), default=-1)
                given_up = mine if drawn and (stays.smallest < 0 or mine < stays.smallest) else stays.smallest
                total += count * (max(low, int(scores.plain[held - given_up + fits[passed]]))
                                  if given_up >= 0 and len(fits) > passed else low)
            elif card == "other":
                total += count * low
            elif card == "zero":
                total += count * (after_zero(rest, drawn, held) if forced == 1 and (more or path.room - 1 <= depth + 1)
                                  else low)
            elif card == "jom":
                total += count * just_one_more(rest, drawn, held)
            elif card == "discard":
                smallest = min((path.classes[i][1] for i in drawn), default=0)
                total += count * (int(scores.plain[held - smallest]) if len(drawn) >= 2 or (drawn and stays.lined)
                                  else low)
            elif card == "unlucky":
                total += count * stays.unlucky_score
            elif card == "flip4":
                total += count * flip_four(rest, drawn, held, 4)
            elif card == "bust" or int(card[5:]) in drawn:
                continue
            else:
                index = int(card[5:])
                now, taken = held + path.classes[index][1], drawn | {index}
                if len(taken) == path.room:
                    total += count * int(scores.flip7[now])
                elif keep == 1 or (len(taken) >= forced and len(taken) == depth and not more):
                    total += count * int(scores.plain[now])
                elif len(taken) >= forced and len(taken) == depth:
                    total += count * past(rest, taken, now)
                elif len(taken) < forced:
                    total += count * hit(rest, taken, now)
                else:
                    total += count * max(Fraction(int(scores.plain[now])), hit(rest, taken, now))
        return total / size

    return hit(literal_pile(path, given, steals, stays), frozenset(), path.held)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 3), st.integers(1, 13)), max_size=4), st.integers(0, 3), st.integers(0, 3),
       st.integers(0, 2), st.integers(0, 30), st.integers(1, 4), st.integers(-12, 0), st.integers(1, 7), st.booleans(),
       st.integers(0, 2), st.lists(st.tuples(st.integers(1, 13), st.integers(-1, 3)), max_size=3), st.integers(0, 1),
       st.integers(0, 1))
def test_the_floor_is_its_policy_card_by_card(classes: list[tuple[int, int]], bust: int, other: int, given: int,
                                               held: int, room: int, low: int, depth: int, halved: bool, steals: int,
                                               taken: list[tuple[int, int]], passed: int, zeros: int) -> None:
    kept = bust + other + steals + zeros + sum(copies for copies, _ in classes)
    if not kept or kept + given > 8:
        return
    path = Path(held, room, 15, tuple(classes), bust, 0, kept + given, zeros)
    sums = np.arange(200, dtype=np.int64)
    plain = sums // 2 - 3 if halved else sums
    scores = LineScores(plain, plain + 15)
    found = tuple(sorted(((v, i if i < len(classes) else -1) for v, i in taken), reverse=True))
    view = Steals(steals, np.array([v for v, _ in found], dtype=np.int64),
                  np.array([1 << i if i >= 0 else 0 for _, i in found], dtype=np.int64), passed)
    expected = policy_value(path, scores, low, given, min(depth, room, len(classes)), steals=steals, stealable=found,
                            passed=passed)
    floor = chain_floor(path, scores, low, given, depth, steals=view)
    assert floor <= float(expected) + TOLERANCE
    if not halved:  # past the last choice the floor reads the scores by a line under them: exact for a plain sum
        assert abs(floor - float(expected)) <= TOLERANCE


def test_a_fresh_pile_floor_is_well_above_staying() -> None:
    """``12 5`` with a fresh pile and another player: staying banks 17; hitting is worth 21.6 to 23.1 (the bounded
    search at 3 s); the static floor the search starts from is 19.7, where staying said 17."""
    situation = VengeanceSituation.from_text(VENGEANCE, "12 5", others=["9"])
    model = VengeanceModel(situation)
    root = model.root()
    search = _Search[State](cast(RoundModel[State], model), time.process_time() + 60.0)
    lower, upper = search.compute_static(root)[:2]
    assert model.banked(root) == 17
    assert 19.5 < lower < upper


def test_the_zero_in_your_line_gets_no_chain_floor() -> None:
    model = VengeanceModel(VengeanceSituation.from_text(VENGEANCE, "0 12", pile="11 10 9 8"))
    root = model.root()
    path = model.path(root)
    assert path is not None and path.holds_zero
    assert chain_floor(path, *model.chain(root)[:1], 0) == -np.inf
    assert zero_floor(Path(12, 5, 15, ((1, 11),), 0, 0, 1), *model.chain(root)[:1], 0) == -np.inf  # no The Zero


def test_a_discard_is_played_on_another_line_while_they_hold_enough_cards() -> None:
    """With a Discard to come and a 3 on another line, the policy discards the 3 and draws on: its floor counts the
    Discard as a card that changes nothing for you, and stays below the exact value of hitting. With the other line
    empty the Discard must take one of your cards, and ends the policy's say."""
    floors = []
    for other in ("3", ""):
        model = VengeanceModel(VengeanceSituation.from_text(VENGEANCE, "12", others=[other],
                                                            pile="11 10 9 8 discard 12 -4"))
        root = model.root()
        path = model.path(root)
        assert path is not None
        low, _ = model.reach(root)
        scores, given, *_ = model.chain(root)
        assert given == (2 if other else 1)  # the -4 is given away either way
        floors.append(chain_floor(path, scores, low, given))
        assert floors[-1] <= _Values(model.game, 1.0, TIE, 10**6).draw(root) + TOLERANCE
    assert floors[0] > floors[1] + 1


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 3), st.integers(1, 13)), max_size=4), st.integers(0, 3), st.integers(0, 3),
       st.integers(0, 30), st.integers(1, 5), st.integers(-12, 0), st.integers(1, 4))
def test_the_forced_floor_is_its_policy_card_by_card(classes: list[tuple[int, int]], bust: int, other: int, held: int,
                                                     room: int, low: int, draws: int) -> None:
    size = bust + other + sum(copies for copies, _ in classes)
    if not size or size > 8:
        return
    path = Path(held, room, 15, tuple(classes), bust, 0, size)
    sums = np.arange(200, dtype=np.int64)
    scores = LineScores(sums - 4, sums + 11)
    expected = policy_value(path, scores, low, 0, draws, forced=draws, more=0)
    assert abs(owed_floor(path, scores, low, draws) - float(expected)) <= TOLERANCE


def test_a_steal_takes_the_largest_number_in_sight_that_fits() -> None:
    """With a Steal to come and an 11 on another line, the policy takes the 11 and stays: its floor is higher than
    with the Steal left to any play at all, and stays below the exact value of hitting. A 12 on the other line would
    bust you: it is never the one taken."""
    model = VengeanceModel(VengeanceSituation.from_text(VENGEANCE, "12", others=["12 11"],
                                                        pile="10 9 8 steal 12"))
    root = model.root()
    path = model.path(root)
    assert path is not None
    low, _ = model.reach(root)
    scores, given, steals, *_ = model.chain(root)
    assert (steals.count, steals.values.tolist(), steals.passed) == (1, [11], 0)
    with_steal = chain_floor(path, scores, low, given, steals=steals)
    assert with_steal > chain_floor(path, scores, low, given) + 1
    assert with_steal <= _Values(model.game, 1.0, TIE, 10**6).draw(root) + TOLERANCE


def test_a_steal_passes_over_what_the_discards_may_have_taken() -> None:
    """``12`` with an 11 and a 3 on another line, a Discard and a Steal to come: the Discard is played on the other
    line (it may take the 11), so the Steal is counted for the 3 only."""
    model = VengeanceModel(VengeanceSituation.from_text(VENGEANCE, "12", others=["11 3"],
                                                        pile="10 9 8 discard steal 12"))
    root = model.root()
    path = model.path(root)
    assert path is not None
    low, _ = model.reach(root)
    scores, given, steals, *_ = model.chain(root)
    assert (given, steals.values.tolist(), steals.passed) == (1, [11, 3], 1)
    assert chain_floor(path, scores, low, given, steals=steals) <= _Values(model.game, 1.0, TIE, 10**6).draw(root) + \
        TOLERANCE


def stays_case(classes: list[tuple[int, int]], bust: int, kept: int, given: int, held: int, room: int,
               halved: bool) -> tuple[Path, LineScores]:
    """The path and line scores of the floors' tests with cards the policy stays after: ``kept`` cards kept and
    ``given`` to give away; a line scores its sum, or half of it plus 1 (``halved``), with 15 more for a Flip 7."""
    sums = np.arange(200, dtype=np.int64)
    plain = sums // 2 + 1 if halved else sums
    return Path(held, room, 15, tuple(classes), bust, 0, kept + given), LineScores(plain, plain + 15)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 2), st.integers(1, 13)), min_size=1, max_size=4), st.integers(0, 2),
       st.integers(0, 1), st.integers(0, 2), st.integers(0, 30), st.integers(2, 4), st.integers(-12, 0),
       st.integers(2, 4), st.booleans(), st.integers(0, 2), st.integers(0, 2), st.integers(0, 1), st.integers(0, 9),
       st.booleans())
def test_the_floor_with_the_cards_it_stays_after_is_its_policy(classes: list[tuple[int, int]], bust: int, other: int,
                                                              given: int, held: int, room: int, low: int, depth: int,
                                                              halved: bool, jom: int, discards: int, unlucky: int,
                                                              unlucky_score: int, lined: bool) -> None:
    """With Just One More!s, Discards and Unlucky 7s the policy stays after, the floor is its policy's value card by
    card where nothing is given away (a Just One More!'s draw then comes from exactly the cards left), and at most it
    where cards are (the floor divides by the most cards that can be left: given-away cards already drawn are not)."""
    stays = Stays(jom, discards, unlucky, unlucky_score, lined)
    kept = bust + other + jom + discards + unlucky + sum(copies for copies, _ in classes)
    if not kept or kept + given > 8:
        return
    path, scores = stays_case(classes, bust, kept, given, held, room, halved)
    expected = policy_value(path, scores, low, given, min(depth, room, len(classes)), stays=stays)
    floor = chain_floor(path, scores, low, given, depth, stays=stays)
    if given:
        assert floor <= float(expected) + TOLERANCE
    else:
        assert abs(floor - float(expected)) <= TOLERANCE


def owed_policy_value(path: Path, scores: LineScores, low: int, neutral: int, draws: int) -> Fraction:
    """The forced floor's policy over the literal pile in fractions: draw the ``draws`` owed, then stay; a new number
    joins your line (the ``room``-th makes a Flip 7), a bust card or a repeat scores 0, each of the ``neutral`` cards
    takes a draw and leaves your line as it is, any other card scores ``low``; a pile run out banks."""
    @functools.cache
    def draw(left: tuple[tuple[str, int], ...], drawn: frozenset[int], held: int, owed: int) -> Fraction:
        size = sum(count for _, count in left)
        if not owed or not size:
            return Fraction(int(scores.plain[held]))
        total = Fraction(0)
        for card, count in left:
            if not count:
                continue
            rest = tuple((c, n - 1 if c == card else n) for c, n in left)
            if card == "give":
                total += count * draw(rest, drawn, held, owed - 1)
            elif card == "other":
                total += count * low
            elif card != "bust" and int(card[5:]) not in drawn:
                index = int(card[5:])
                now, taken = held + path.classes[index][1], drawn | {index}
                total += count * (int(scores.flip7[now]) if len(taken) == path.room else draw(rest, taken, now, owed - 1))
        return total / size

    return draw(literal_pile(path, neutral), frozenset(), path.held, draws)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 3), st.integers(1, 13)), max_size=4), st.integers(0, 2), st.integers(0, 2),
       st.integers(1, 3), st.integers(0, 30), st.integers(1, 5), st.integers(-12, 0), st.integers(1, 4))
def test_the_forced_floor_with_cards_set_aside_and_given_away_is_its_policy(
        classes: list[tuple[int, int]], bust: int, other: int, neutral: int, held: int, room: int, low: int,
        draws: int) -> None:
    """Cards drawn while draws are owed are set aside; the ones you then give away (or discard unused) took a draw
    and left your line as it was: the forced floor counts them so, card by card."""
    size = bust + other + neutral + sum(copies for copies, _ in classes)
    if size > 8:
        return
    path = Path(held, room, 15, tuple(classes), bust, 0, size)
    sums = np.arange(200, dtype=np.int64)
    scores = LineScores(sums - 4, sums + 11)
    expected = owed_policy_value(path, scores, low, neutral, draws)
    assert abs(owed_floor(path, scores, low, draws, neutral=neutral) - float(expected)) <= TOLERANCE


def kept_policy_value(path: Path, scores: LineScores, low: int, neutral: int, draws: int,
                      modifiers: dict[str, tuple[int, list[int]]], discards: int = 0, waiting: bool = False,
                      smallest: int = -1, cards: int = 0, joms: int = 0) -> Fraction:
    """The forced floor's policy with modifiers you must keep and Discards played on your own line, over the literal
    pile in fractions: as `owed_policy_value`, and each kind of ``modifiers`` (its copies, your scores with it by sum)
    is set aside when drawn and joins your line after the draws: the first one drawn scores with it where the draws
    end, the pile runs out or the Flip 7 comes (no bonus counted), a second one scores ``low``;
    each of the ``discards`` Discards is set aside when drawn and played on your line after the draws, as one already
    ``waiting`` is: it discards your smallest number (of ``smallest``, your line's, -1 for none, and those drawn) and
    the policy stays, where your line held two cards (``cards`` and those drawn), else the ending scores ``low``; where
    the pile runs out or the Flip 7 comes first it is never played; each of the ``joms`` Just One More!s is set aside
    when drawn and played on you after the draws: one draw more. Of the modifiers to keep, the Discards and the Just
    One More!s, the first one drawn counts as said, and any drawn after it scores ``low``."""
    pile = dict(literal_pile(path, neutral))
    pile["other"] -= sum(copies for copies, _ in modifiers.values()) + discards + joms
    pile.update({name: copies for name, (copies, _) in modifiers.items()})
    pile["discard"] = discards
    pile["jom"] = joms
    values = [value for _, value in path.classes]

    def score(held: int, kept: str) -> int:
        return int(scores.plain[held]) if not kept else modifiers[kept][1][held]

    @functools.cache
    def draw(left: tuple[tuple[str, int], ...], drawn: frozenset[int], held: int, owed: int, kept: str,
             dropped: bool, more: bool) -> Fraction:
        size = sum(count for _, count in left)
        if not owed:
            if not (dropped or waiting):
                return Fraction(score(held, kept))
            least = min([values[index] for index in drawn] + ([smallest] if smallest >= 0 else []), default=-1)
            return Fraction(score(held - least, kept) if least >= 0 and cards + len(drawn) >= 2 else low)
        if not size:
            return Fraction(score(held, kept))
        total = Fraction(0)
        for card, count in left:
            if not count:
                continue
            rest = tuple((c, n - 1 if c == card else n) for c, n in left)
            first = not (kept or dropped or more)
            if card == "give":
                total += count * draw(rest, drawn, held, owed - 1, kept, dropped, more)
            elif card in modifiers:
                total += count * (draw(rest, drawn, held, owed - 1, card, dropped, more) if first else low)
            elif card == "discard":
                total += count * (draw(rest, drawn, held, owed - 1, kept, True, more) if first else low)
            elif card == "jom":  # takes this draw and owes one more
                total += count * (draw(rest, drawn, held, owed, kept, dropped, True) if first else low)
            elif card == "other":
                total += count * low
            elif card != "bust" and int(card[5:]) not in drawn:
                index = int(card[5:])
                now, taken = held + path.classes[index][1], drawn | {index}
                done = len(taken) == path.room
                total += count * (draw(rest, taken, now, owed - 1, kept, dropped, more) if not done else
                                  int(scores.flip7[now]) if not kept else modifiers[kept][1][now])
        return total / size

    return draw(tuple(sorted(pile.items())), frozenset(), path.held, draws, "", False, False)


def modifiers_case(halves: int, penalties: int) -> tuple[LineScores, Kept, dict[str, tuple[int, list[int]]]]:
    """The line scores of the forced floor's tests with modifiers to keep: a line scores its sum less 4 (15 more for a
    Flip 7); ``halves`` modifiers halve it, ``penalties`` take 6 more: the `Kept` of them, and by name their copies and
    your scores with each, as `kept_policy_value` reads them."""
    sums = np.arange(200, dtype=np.int64)
    halved, lowered = sums // 2 - 4, sums - 10
    kept = Kept(halves + penalties, halves * halved + penalties * lowered)
    return LineScores(sums - 4, sums + 11), kept, {"halve": (halves, halved.tolist()),
                                                   "penalty": (penalties, lowered.tolist())}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 3), st.integers(1, 13)), max_size=3), st.integers(0, 2), st.integers(0, 2),
       st.integers(0, 2), st.integers(0, 2), st.integers(0, 2), st.integers(0, 30), st.integers(1, 5),
       st.integers(-12, 0), st.integers(1, 4))
def test_the_forced_floor_with_modifiers_you_must_keep_is_its_policy(
        classes: list[tuple[int, int]], bust: int, other: int, neutral: int, halves: int, penalties: int, held: int,
        room: int, low: int, draws: int) -> None:
    """A modifier drawn while draws are owed, with nobody to give it to, is set aside and joins your line after them:
    the forced floor counts the first one so (the sum over the modifiers of your score with it), card by card."""
    size = bust + other + neutral + halves + penalties + sum(copies for copies, _ in classes)
    if not size or size > 8:
        return
    path = Path(held, room, 15, tuple(classes), bust, 0, size)
    scores, kept, modifiers = modifiers_case(halves, penalties)
    expected = kept_policy_value(path, scores, low, neutral, draws, modifiers)
    assert abs(owed_floor(path, scores, low, draws, neutral=neutral, kept=kept) - float(expected)) <= TOLERANCE


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 2), st.integers(1, 13)), min_size=1, max_size=5), st.integers(0, 2),
       st.integers(0, 1), st.integers(0, 2), st.integers(0, 30), st.integers(2, 5), st.integers(-12, 0),
       st.integers(2, 4), st.booleans(), st.integers(1, 2), st.integers(0, 1))
def test_the_floor_with_flip_fours_is_at_most_its_policy(classes: list[tuple[int, int]], bust: int, other: int,
                                                         given: int, held: int, room: int, low: int, depth: int,
                                                         halved: bool, flip4: int, jom: int) -> None:
    """A Flip Four! you must take: the policy draws up to four cards and stays. The floor credits the four new numbers
    (or fewer, to the Flip 7) in a row and a bust on the first card, dividing by the most cards that can be left; a
    bust later scores 0 >= ``low``: so it is the policy's value card by card where ``low`` is 0 and nothing is given
    away, and at most it otherwise."""
    stays = Stays(jom, 0, 0, 0, False, flip4)
    kept = bust + other + jom + flip4 + sum(copies for copies, _ in classes)
    if kept + given > 9:
        return
    path, scores = stays_case(classes, bust, kept, given, held, room, halved)
    expected = policy_value(path, scores, low, given, min(depth, room, len(classes)), stays=stays)
    floor = chain_floor(path, scores, low, given, depth, stays=stays)
    assert floor <= float(expected) + TOLERANCE
    if not given and not low:
        assert abs(floor - float(expected)) <= TOLERANCE
    assert floor >= chain_floor(path, scores, low, given, depth, stays=stays._replace(flip4=0)) - TOLERANCE


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 3), st.integers(1, 13)), max_size=3), st.integers(0, 2), st.integers(0, 2),
       st.integers(0, 2), st.integers(0, 1), st.integers(0, 2), st.integers(0, 2), st.booleans(), st.integers(0, 30),
       st.integers(-1, 6), st.integers(0, 3), st.integers(1, 5), st.integers(-12, 0), st.integers(1, 5),
       st.integers(0, 2))
def test_the_forced_floor_with_discards_and_just_one_mores_is_its_policy(
        classes: list[tuple[int, int]], bust: int, other: int, neutral: int, halves: int, penalties: int,
        discards: int, waiting: bool, held: int, smallest: int, cards: int, room: int, low: int, draws: int,
        joms: int) -> None:
    """A Discard drawn while draws are owed that you play on your own line, or one already waiting, discards your
    smallest number after the draws, and the policy stays where a card is left: the forced floor counts it so (the
    modifiers to keep and the Discards, one of them at most), card by card; so is a Just One More! drawn then, played on
    you after the draws (one draw more)."""
    discards, joms = (0, 0) if waiting else (discards, joms)
    size = bust + other + neutral + halves + penalties + discards + joms + sum(copies for copies, _ in classes)
    if not size or size > 8 or smallest > held:
        return
    path = Path(held, room, 15, tuple(classes), bust, 0, size)
    scores, kept, modifiers = modifiers_case(halves, penalties)
    expected = kept_policy_value(path, scores, low, neutral, draws, modifiers, discards, waiting, smallest, cards,
                                 joms)
    stays = Stays(forced=joms, discards=discards, waiting=waiting, smallest=smallest, cards=cards)
    assert abs(owed_floor(path, scores, low, draws, neutral=neutral, kept=kept, stays=stays) - float(expected)) <= \
        TOLERANCE

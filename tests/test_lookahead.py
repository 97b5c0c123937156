"""`flip7odds.lookahead.hit_once_value` (docs/model.md ``hit_once_score``): the fast exact walk against oracles.

Oracles: the literal chance tree of the round engine (`_literal`, in fractions) on random small piles,
hand derivations on tiny piles, and the independent float solver (`flip7odds.solver`) on the fresh deck.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from flip7odds import lookahead
from flip7odds.analysis import problem_of
from flip7odds.cards import FLIP_THREE, FREEZE, SECOND_CHANCE, Card, Category
from flip7odds.engine import FLIP_THREE_DRAWS
from flip7odds.lookahead import _literal, hit_once_value
from flip7odds.rules import CLASSIC, POKER, RuleSet
from flip7odds.situation import Situation
from flip7odds.solver import solve

PLAIN = [card for card in CLASSIC.deck if card.category is not Category.ACTION]
"""The 85 number and modifier cards of the classic deck, one entry per copy."""


@st.composite
def small_situations(draw: st.DrawFn) -> Situation:
    """A classic situation with a pile of 12..25 cards (12..19 with three Flip Threes), rich in action cards."""
    numbers = draw(st.sets(st.integers(0, 12), max_size=6))
    modifiers = draw(st.sets(st.sampled_from([c for c in CLASSIC.kinds if c.category is Category.MODIFIER])))
    held = draw(st.booleans())
    line = [Card.number(v) for v in sorted(numbers)] + sorted(modifiers) + ([SECOND_CHANCE] if held else [])
    flip_threes = draw(st.integers(0, 3))
    actions = ([FLIP_THREE] * flip_threes + [FREEZE] * draw(st.integers(0, 3))
               + [SECOND_CHANCE] * draw(st.integers(0, 3 - held)))
    rest = list(PLAIN)
    for card in line:
        if card in rest:
            rest.remove(card)
    # The literal tree grows fast with nested Flip Threes: the more of them, the smaller the pile.
    size = draw(st.integers(12, 25 - 2 * flip_threes))
    chosen = draw(st.lists(st.integers(0, len(rest) - 1), min_size=size - len(actions),
                           max_size=size - len(actions), unique=True))
    pile = actions + [rest[i] for i in chosen]
    return Situation.build(CLASSIC, line, pile=pile, others_active=draw(st.integers(0, 2)))


@settings(max_examples=100, deadline=None)
@given(small_situations())
def test_equals_the_literal_chance_tree(situation: Situation) -> None:
    # Piles of 12+ cards exceed the 1 + 3 * 3 = 10 draws a hit can take: the fast walk runs, not `_literal`.
    assert situation.pile.size > 1 + FLIP_THREE_DRAWS * situation.pile[FLIP_THREE]
    assert hit_once_value(situation) == _literal(situation, continue_by_walk=False)


POKER_PLAIN = [card for card in POKER.deck if card.category is not Category.ACTION]
POKER_MODIFIERS = [card for card in POKER.kinds if card.category is Category.MODIFIER]


@st.composite
def poker_situations(draw: st.DrawFn) -> Situation:
    """A poker situation with a pile of 10..16 cards, often holding the x2 figures and the royal flush's cards."""
    numbers = draw(st.sets(st.sampled_from([0, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]), max_size=3))
    modifiers = draw(st.sets(st.sampled_from(POKER_MODIFIERS), max_size=3))
    line = [Card.number(v) for v in sorted(numbers)] + sorted(modifiers)
    flip_threes = draw(st.integers(0, 2))
    actions = ([FLIP_THREE] * flip_threes + [FREEZE] * draw(st.integers(0, 2))
               + [SECOND_CHANCE] * draw(st.integers(0, 2)))
    rest = list(POKER_PLAIN)
    for card in line:
        rest.remove(card)
    wanted = [card for card in POKER_MODIFIERS if card not in line and draw(st.booleans())]
    wanted = wanted[:16 - 2 * flip_threes - len(actions)]  # the pile stays small enough for the literal tree
    for card in wanted:
        rest.remove(card)
    size = draw(st.integers(max(10, len(actions) + len(wanted)), 16 - 2 * flip_threes))
    chosen = draw(st.lists(st.integers(0, len(rest) - 1), min_size=size - len(actions) - len(wanted),
                           max_size=size - len(actions) - len(wanted), unique=True))
    pile = actions + wanted + [rest[i] for i in chosen]
    return Situation.build(POKER, line, pile=pile, others_active=draw(st.integers(0, 1)))


@settings(max_examples=60, deadline=None)
@given(poker_situations())
def test_poker_equals_the_literal_chance_tree(situation: Situation) -> None:
    """Interchangeable modifiers merged (the x2 figures, with or without the royal flush), penalties, stacked x2."""
    assume(situation.pile.size > 1 + FLIP_THREE_DRAWS * situation.pile[FLIP_THREE])
    assert hit_once_value(situation) == _literal(situation, continue_by_walk=False)


@pytest.mark.parametrize(
    ("line", "pile", "others_active"),
    [
        # Not alone, two Flip Threes taken at once: after the first three the second must be played
        # (banking needs a set-aside Freeze). An earlier version let you bank here.
        ("4 7 9 sc", "6 10 11 11 12 12 12 flip3 flip3 flip3 sc", 1),
        ("4 7 9 11 sc", "6 10 11 11 12 12 12 flip3 flip3 flip3 sc", 2),
        # A duplicate saved by a Second Chance during a Flip Three, then a Flip 7.
        ("1 2 3 4 sc", "4 4 5 6 7 flip3 flip3 freeze sc +2 x2 8", 0),
        ("1 2 3 4 sc", "4 4 5 6 7 flip3 flip3 freeze sc +2 x2 8", 1),
    ],
)
def test_regressions_equal_the_literal_chance_tree(line: str, pile: str, others_active: int) -> None:
    situation = Situation.from_text(CLASSIC, line, pile=pile, others_active=others_active)
    assert situation.pile.size > 1 + FLIP_THREE_DRAWS * situation.pile[FLIP_THREE]
    assert hit_once_value(situation) == _literal(situation, continue_by_walk=False)


@pytest.mark.parametrize(
    ("line", "pile", "others_active", "expected"),
    [
        # 12 12 11 bust (0); 5 -> 28; 6 -> 29; +4 -> 27: (0*3 + 28 + 29 + 27) / 6 = 14.
        ("12 11", "12*2 11 5 6 +4", 1, Fraction(14)),
        # 3 -> 13, 5 -> 15, +2 -> 12, +4 -> 14. Flip Three: three of {3, 5, +2, +4}, no bust, no Flip 7:
        # 10 + 3 + 5 + 2 + 4 = 24 minus the card left out (mean 14/4): 20.5, better than giving it away
        # (10). (13 + 15 + 12 + 14 + 20.5) / 5 = 149/10, alone or not.
        ("10", "flip3 3 5 +2 +4", 0, Fraction(149, 10)),
        ("10", "flip3 3 5 +2 +4", 1, Fraction(149, 10)),
        # 3 3 bust; 5 -> 18; +4 -> 17. Flip Three: three of {3, 3, 5, +4} always include a 3: bust.
        # Alone you must take it: (0 + 0 + 18 + 17 + 0) / 5 = 7. Not alone you give it away and stay
        # on 13: (18 + 17 + 13) / 5 = 48/5.
        ("10 3", "flip3 3 3 5 +4", 0, Fraction(7)),
        ("10 3", "flip3 3 3 5 +4", 1, Fraction(48, 5)),
        # Modifiers only, so no bust; mods M = {+2 +4 +6 +8 +10 x2}. A modifier first: 9 11 13 15 17 14
        # (sum 79). A Flip Three first: the other Flip Three is among the three with probability 3/7,
        # set aside and taken: 5 of the 6 modifiers drawn, else 3. With k random modifiers of M the
        # mean score is 7 (1 + k/6) + 5 k: k = 5 -> 227/6, k = 3 -> 51/2; 3/7 227/6 + 4/7 51/2 = 431/14.
        # (79 + 2 * 431/14) / 8 = 123/7. Not alone taking every Flip Three is best: the same.
        ("7", "flip3 flip3 +2 +4 +6 +8 +10 x2", 0, Fraction(123, 7)),
        ("7", "flip3 flip3 +2 +4 +6 +8 +10 x2", 1, Fraction(123, 7)),
        # Alone, a Freeze set aside with the other Flip Three freezes you: that Flip Three is lost.
        # First card +2..+10 -> 9 11 13 15 17 (65), Freeze -> 7, Flip Three (2 of 8): three of the 7
        # others X. Flip Three and Freeze in X (1/7): 1 modifier. Flip Three in X, Freeze not (2/7):
        # 2 modifiers, then three of {Freeze, 3 modifiers}: 2 + 9/4. Flip Three not in X (4/7): 3 of
        # {Freeze, 5 modifiers}: 5/2. E[modifiers] = 1/7 + 17/14 + 10/7 = 39/14, each worth 6 on
        # average: 7 + 6 * 39/14 = 166/7. (65 + 7 + 2 * 166/7) / 8 = 209/14.
        ("7", "flip3 flip3 freeze +2 +4 +6 +8 +10", 0, Fraction(209, 14)),
    ],
)
def test_hand_derived_values(line: str, pile: str, others_active: int, expected: Fraction) -> None:
    assert hit_once_value(Situation.from_text(CLASSIC, line, pile=pile, others_active=others_active)) == expected


@pytest.mark.slow
@pytest.mark.parametrize("others_active", [0, 1])
def test_fresh_deck_against_the_solver(others_active: int) -> None:
    situation = Situation.from_text(CLASSIC, "", others_active=others_active)
    hit_once = hit_once_value(situation)
    draw_then_stay = solve(problem_of(situation), with_draw_then_stay=True).draw_then_stay
    assert draw_then_stay is not None
    if situation.alone:
        # Alone there are no choices: the solver computes the same expectation in floats.
        assert float(hit_once) == pytest.approx(draw_then_stay, abs=1e-9)
    else:
        # Not alone the solver always gives a Flip Three away: one of the choices hit_once_score maximises over.
        assert float(hit_once) >= draw_then_stay - 1e-9


def test_mid_round_situation_against_the_solver_alone() -> None:
    situation = Situation.from_text(CLASSIC, "5 6", seen="12 12 12 11 x2 +10", others_active=0)
    draw_then_stay = solve(problem_of(situation), with_draw_then_stay=True).draw_then_stay
    assert draw_then_stay is not None
    assert float(hit_once_value(situation)) == pytest.approx(draw_then_stay, abs=1e-9)


@pytest.mark.parametrize(
    ("line", "seen", "others_active"),
    [("12 7 3 +4", "12 12 5 9 9 8 11 10 freeze", 1), ("9 2", "12 12 11 sc x2", 2), ("", "12*8 11*9 10*5", 1)],
)
def test_choices_made_exactly_give_the_same_value(monkeypatch: pytest.MonkeyPatch, line: str, seen: str,
                                                  others_active: int) -> None:
    # Floats only steer the choices: with an infinite tolerance every choice compares rebuilt integers.
    situation = Situation.from_text(CLASSIC, line, seen=seen, others_active=others_active)
    steered = hit_once_value(situation)
    monkeypatch.setattr(lookahead, "_TOLERANCE", float("inf"))
    assert hit_once_value(situation) == steered


@st.composite
def reshuffling_situations(draw: st.DrawFn) -> Situation:
    """A pile of 1..4 cards that a hit can exhaust, onto a known discard pile of 6..14 cards (Flip Threes in both)."""
    numbers = draw(st.sets(st.integers(0, 12), max_size=5))
    held = draw(st.booleans())
    line = [Card.number(v) for v in sorted(numbers)] + ([SECOND_CHANCE] if held else [])
    rest = [card for card in PLAIN if card not in line]
    actions = [FLIP_THREE] * 3 + [FREEZE] * 3 + [SECOND_CHANCE] * (3 - held)
    cards = draw(st.permutations(actions + [rest[i] for i in draw(
        st.lists(st.integers(0, len(rest) - 1), min_size=14, max_size=14, unique=True))]))
    if draw(st.booleans()):  # often a Flip Three in the pile: the reshuffle then comes during its three
        cards.remove(FLIP_THREE)
        cards.insert(0, FLIP_THREE)
    size, discards = draw(st.integers(1, 4)), draw(st.integers(6, 14))
    return Situation.build(CLASSIC, line, pile=cards[:size], discards=cards[size:size + discards],
                           others_active=draw(st.integers(0, 2)))


@settings(max_examples=60, deadline=None)
@given(reshuffling_situations())
def test_a_reshuffle_during_a_flip_three_continued_by_the_walk_equals_the_literal_tree(situation: Situation) -> None:
    # The literal tree up to the reshuffle, the walk after it (the fast path), against the literal tree all along.
    assert _literal(situation) == _literal(situation, continue_by_walk=False)


def test_a_flip_three_onto_a_long_discard_pile_against_the_solver() -> None:
    # Found in the bounded benchmark (a classic game, seed 7): the pile's last card is a Flip Three and 75 cards
    # wait in the discards; taking it costs three forced draws from the reshuffled pile. The literal tree took
    # 110 s here; the walk continues after the reshuffle. Oracle: the float solver's draw-then-stay value.
    situation = Situation.from_text(
        CLASSIC, "6 10 12 +10", pile="flip3",
        discards="0 1 2 2 3 3 4 4 4 5 5 5 5 6 6 6 6 6 7 7 7 7 7 7 8 8 8 8 8 8 9 9 9 9 9 9 9 10 10 10 10 10 10 10 "
                 "10 10 11 11 11 11 11 11 11 11 11 12 12 12 12 12 12 12 12 12 +2 +4 +8 x2 freeze freeze flip3 flip3 "
                 "sc sc sc", others_active=1)
    oracle = solve(problem_of(situation), with_draw_then_stay=True).draw_then_stay
    assert oracle is not None
    assert float(hit_once_value(situation)) == pytest.approx(oracle, abs=1e-9)


@settings(max_examples=40, deadline=None)
@given(st.one_of(small_situations(), poker_situations()), st.sampled_from([20, 30]))
def test_many_moduli_and_every_choice_exact_equal_the_literal_chance_tree(situation: Situation, bits: int) -> None:
    # Small moduli: three to six of them (the walk keeps two in registers, the others in memory), and every
    # choice between options compared by Garner's digits (infinite tolerance), against the literal tree.
    assume(situation.pile.size > 1 + FLIP_THREE_DRAWS * situation.pile[FLIP_THREE])
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(lookahead, "_MAX_MODULUS_BITS", bits)
        patch.setattr(lookahead, "_TOLERANCE", float("inf"))
        assert hit_once_value(situation) == _literal(situation, continue_by_walk=False)


@pytest.mark.parametrize("rules", [CLASSIC, POKER])
@pytest.mark.parametrize("seen", ["", "5 6 11 4", "5 6 11 4 8 9 10"])
def test_the_live_taps_agree_with_many_moduli_and_exact_choices(monkeypatch: pytest.MonkeyPatch, rules: RuleSet,
                                                                seen: str) -> None:
    # The app's benchmark taps (line 12 7, not alone): the fast path (two moduli, floats steering the choices)
    # against four or more small moduli with every choice made on the exact integers.
    situation = Situation.from_text(rules, "12 7", seen=seen)
    fast = hit_once_value(situation)
    monkeypatch.setattr(lookahead, "_MAX_MODULUS_BITS", 24)
    monkeypatch.setattr(lookahead, "_TOLERANCE", float("inf"))
    assert hit_once_value(situation) == fast


@settings(max_examples=60, deadline=None)
@given(st.one_of(small_situations(), poker_situations()), st.sampled_from([20, 45]))
def test_closed_columns_everywhere_equal_the_literal_chance_tree(situation: Situation, bits: int) -> None:
    # Closed columns by their subset tables wherever no choice follows (module docstring, "Closed columns"), however
    # small the pile (the tables' cost ignored), with two or more moduli: against the literal tree.
    assume(situation.pile.size > 1 + FLIP_THREE_DRAWS * situation.pile[FLIP_THREE])
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(lookahead, "_TABLE_COST", float("inf"))
        patch.setattr(lookahead, "_MAX_MODULUS_BITS", bits)
        assert hit_once_value(situation) == _literal(situation, continue_by_walk=False)


@pytest.mark.parametrize(("rules", "line", "seen", "others_active"), [
    (POKER, "12 7", "5 6 11 4 8", 1), (POKER, "12 7", "5 6", 0), (POKER, "", "", 1), (POKER, "4 2 10d", "12 12 3", 0),
    (CLASSIC, "12 7", "5 6 11 4 8", 1), (CLASSIC, "12 7", "5 6", 0), (CLASSIC, "3 +4 sc", "12 12 flip3", 0),
])
def test_closed_columns_equal_their_rows(monkeypatch: pytest.MonkeyPatch, rules: RuleSet, line: str, seen: str,
                                         others_active: int) -> None:
    # Live-sized piles, alone (every column closed up to the int64 limit on D_t / D_r) and not: the tables
    # everywhere, where they pay, and nowhere give the same fraction.
    situation = Situation.from_text(rules, line, seen=seen, others_active=others_active)
    values = []
    for cost in (float("inf"), 1.0, 0.0):
        monkeypatch.setattr(lookahead, "_TABLE_COST", cost)
        values.append(hit_once_value(situation))
    assert values[0] == values[1] == values[2]


def test_modifier_atoms_are_the_closed_forms_sums() -> None:
    # G m and G b are the last draw's MM and MP (module docstring), and G 1 counts the modifiers left: from the
    # empty multiset, the pile's nine penalties and two x2 figures.
    situation = Situation.from_text(POKER, "12 7 kd", seen="5 ad")
    walk = lookahead._Walk(situation, 1 + FLIP_THREE_DRAWS * situation.pile[FLIP_THREE])
    atoms, multisets = lookahead._modifier_atoms(*walk.modifier_key, 2), walk.multisets
    assert (atoms[:, 3] == multisets.then_multiplier).all()
    assert (atoms[:, 4] == multisets.then_plus).all()
    assert atoms[0, 5] == 11
    assert atoms[0, 8] == 11 * 10

"""Exact next-card odds: fractions from counts, the outcome table, and hitting once."""

from fractions import Fraction

from hypothesis import given, settings

from flip7odds.engine import Event
from flip7odds.lookahead import _literal
from flip7odds.odds import bust_probability, hit_once_score, next_card_table
from flip7odds.rules import CLASSIC
from flip7odds.situation import Situation
from tests.strategies import small_situations


def test_bust_probability_counts_copies_of_held_numbers() -> None:
    situation = Situation.from_text(CLASSIC, "12 7 3 +4", seen="12 12 5")
    # 12: 12 - 3 = 9 left, 7: 6 left, 3: 2 left -> 17 of the 87 cards.
    assert bust_probability(situation) == Fraction(17, 87)


def test_second_chance_means_no_bust() -> None:
    assert bust_probability(Situation.from_text(CLASSIC, "12 sc")) == 0


def test_empty_pile_draws_from_the_reshuffled_discards() -> None:
    situation = Situation.from_text(CLASSIC, "5", pile="", discards="5 6 7")
    assert bust_probability(situation) == Fraction(1, 3)


def test_outcome_table() -> None:
    table = next_card_table(Situation.from_text(CLASSIC, "12 11", pile="12*2 11 5 6 +4 freeze", others_active=0))
    events = {str(row.card): (row.count, row.probability, row.event) for row in table}
    assert events["12"] == (2, Fraction(2, 7), Event.BUST)
    assert events["5"] == (1, Fraction(1, 7), Event.NEW_NUMBER)
    assert events["+4"][2] is Event.MODIFIER
    assert events["freeze"][2] is Event.FREEZE
    assert sum(row.probability for row in table) == 1


def test_hit_once_by_hand() -> None:
    # 12 11 against 12 12 11 5 6 +4: three busts score 0; 5 -> 28, 6 -> 29, +4 -> 27: (28 + 29 + 27) / 6 = 14.
    assert hit_once_score(Situation.from_text(CLASSIC, "12 11", pile="12*2 11 5 6 +4")) == 14


def test_hit_once_with_a_flip_three_alone() -> None:
    # Alone, 10 against {flip3, 2, 3, 4, 5}. A number (4 of 5) scores 10 + n: (12 + 13 + 14 + 15) / 5.
    # The Flip Three (1 of 5) forces three of the four numbers: each triple of {2, 3, 4, 5} is equally likely,
    # the mean sum of three of them is 3/4 * 14 = 10.5, so 20.5. Total = (54 + 20.5) / 5 = 14.9.
    situation = Situation.from_text(CLASSIC, "10", pile="flip3 2 3 4 5 12*5 " , others_active=0)
    assert hit_once_score(Situation.from_text(CLASSIC, "10", pile="flip3 2 3 4 5", others_active=0)) == Fraction(149, 10)
    assert hit_once_score(situation) > 0


@settings(max_examples=60, deadline=None)
@given(small_situations(max_pile=12, max_discards=3))
def test_hit_once_agrees_with_the_literal_chance_tree(situation: Situation) -> None:
    assert hit_once_score(situation) == _literal(situation)

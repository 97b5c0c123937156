"""Situations: the derived pile, and every kind of impossible input named clearly."""

import pytest

from flip7odds.cards import Card, parse_cards
from flip7odds.errors import Flip7Error, SituationError
from flip7odds.rules import CLASSIC, find_rules
from flip7odds.situation import Line, Situation


def test_pile_is_the_deck_minus_everything_seen() -> None:
    situation = Situation.from_text(CLASSIC, "12 7 +4 sc", seen="12 12 freeze", discards="3 3 x2")
    assert situation.pile.size == 94 - 4 - 3 - 3
    assert situation.pile[Card.number(12)] == 12 - 3
    assert situation.pile[Card.times(2)] == 0
    assert situation.line == Line(frozenset({12, 7}), (Card.plus(4),), True)


def test_explicit_pile_is_taken_as_given() -> None:
    situation = Situation.from_text(CLASSIC, "5", pile="5 6 6 +2", others_active=0)
    assert str(situation.pile) == "5 6 6 +2"
    assert situation.alone


def test_scoring_follows_the_rules_order() -> None:
    # Seed 000's example: numbers summing to 36 with x2 and +10 make 82, not 92.
    line = Line.from_cards(parse_cards("12 11 8 5 x2 +10"))
    assert line.score(CLASSIC) == 82
    assert line.score(CLASSIC, flip7=True) == 97


@pytest.mark.parametrize("kwargs, message", [
    ({"line": "7 7"}, "duplicate number 7 in your line"),
    ({"line": "sc 5 sc"}, "two Second Chances"),
    ({"line": "freeze 5"}, "freeze cannot be in your line"),
    ({"line": "13"}, "card 13 is not in the classic deck"),
    ({"line": "1", "seen": "1"}, "too many 1 cards: your line 1, seen 1 make 2, but the classic deck has 1"),
    ({"line": "x2", "discards": "x2"}, "too many x2 cards"),
    ({"line": "5", "seen": "12", "pile": "12"}, "either the seen cards or the pile"),
    ({"line": "5", "pile": ""}, "the pile is empty and there is no discard pile"),
    ({"line": "0 1 2 3 4 5 6"}, "already holds 7 numbers"),
    ({"line": "5", "others_active": -1}, "others active must be 0 or more"),
])
def test_impossible_situations_are_named(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(SituationError, match=message):
        Situation.from_text(CLASSIC, **kwargs)  # type: ignore[arg-type]


def test_unknown_rules_are_named() -> None:
    with pytest.raises(Flip7Error, match="unknown rules 'uno'"):
        find_rules("uno")


def test_an_empty_pile_with_discards_is_fine() -> None:
    situation = Situation.from_text(CLASSIC, "5", pile="", discards="6 7")
    assert situation.pile.size == 0

"""Card notation: examples, round trips, and garbage that must fail with the project's own error."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from flip7odds.cards import Action, Card, format_cards, parse_cards
from flip7odds.errors import CardError, Flip7Error
from flip7odds.rules import CLASSIC


def test_every_kind_of_card_reads() -> None:
    assert parse_cards("0 12 +2 +10 x2 freeze flip3 flip_three sc second_chance") == (
        Card.number(0), Card.number(12), Card.plus(2), Card.plus(10), Card.times(2),
        Card.action(Action.FREEZE), Card.action(Action.FLIP_THREE), Card.action(Action.FLIP_THREE),
        Card.action(Action.SECOND_CHANCE), Card.action(Action.SECOND_CHANCE),
    )


def test_case_commas_and_repeats() -> None:
    assert parse_cards(" FREEZE,12*3 ,X2;Sc ") == parse_cards("freeze 12 12 12 x2 sc")


def test_repr_round_trips() -> None:
    for card in CLASSIC.kinds:
        assert eval(repr(card), {"Card": Card, "Action": Action}) == card


@pytest.mark.parametrize("text, fragment", [
    ("13x", "unknown card '13x'"),
    ("+", "unknown card '+'"),
    ("7*0", "bad count in '7*0'"),
    ("7*-1", "bad count in '7*-1'"),
    ("7*", "bad count"),
    ("flip4", "unknown card 'flip4'"),
])
def test_malformed_cards_say_which(text: str, fragment: str) -> None:
    with pytest.raises(CardError, match=fragment.replace("*", r"\*").replace("+", r"\+")):
        parse_cards(text)


@given(st.lists(st.sampled_from(list(CLASSIC.kinds)), max_size=30))
def test_format_then_parse_gives_the_same_cards(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == tuple(cards)


@given(st.text(max_size=40))
def test_garbage_raises_only_our_error(text: str) -> None:
    try:
        parse_cards(text)
    except Flip7Error:
        pass

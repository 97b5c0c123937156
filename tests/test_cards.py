"""Card notation: examples, round trips, and garbage that must fail with the project's own error."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from flip7odds.cards import Action, Card, format_cards, parse_cards
from flip7odds.counts import CardCounts
from flip7odds.errors import CardError, Flip7Error
from flip7odds.rules import CLASSIC, find_rules


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


@given(st.sampled_from(["classic", "poker", "vengeance"]), st.data())
def test_a_multiset_less_another_is_the_counts_subtracted_in_the_canonical_order(name: str, data: st.DataObject) -> None:
    """`CardCounts.__sub__` keeps the remaining entries in place (no re-sort): the same multiset, equal and in the
    same order as one built from the subtracted counts; removing a card more often than held still raises."""
    deck = find_rules(name, experimental=True).deck
    kept = {card: data.draw(st.integers(0, count)) for card, count in deck.items_}
    taken = {card: data.draw(st.integers(0, count)) for card, count in kept.items()}
    pile = CardCounts.from_mapping(kept)
    removed = CardCounts.from_mapping(taken)
    left = pile - removed
    assert left == CardCounts.from_mapping({card: kept[card] - taken[card] for card in kept})
    assert list(left.items_) == sorted(left.items_)
    assert pile - CardCounts() is pile
    extra = next((card for card, count in deck.items_ if kept[card] < count), None)
    if extra is not None:
        with pytest.raises(ValueError, match="cannot remove"):
            pile - CardCounts.from_mapping({extra: kept[extra] + 1})

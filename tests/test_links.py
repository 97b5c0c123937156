"""Tables in links (flip7odds.links): round trips through a real query string, and clear errors for bad links."""

from urllib.parse import parse_qsl, quote_plus, urlencode

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flip7odds.cards import Card, parse_cards
from flip7odds.errors import CardError, Flip7Error, SituationError
from flip7odds.links import PARAMETERS, decode, encode, read_cards, write_cards
from flip7odds.rules import CLASSIC, RULESETS
from flip7odds.shoe import MAX_OTHERS_ACTIVE, Place, Shoe, Table

KINDS = CLASSIC.kinds


@st.composite
def tables(draw: st.DrawFn) -> Table:
    """Tables a player can reach: random cards to random places over random rounds (impossible moves skipped)."""
    shoe = Shoe.new(RULESETS[draw(st.sampled_from(sorted(RULESETS)))], draw(st.integers(0, MAX_OTHERS_ACTIVE)))
    for _ in range(draw(st.integers(0, 8))):
        for card, place in draw(st.lists(st.tuples(st.sampled_from(KINDS), st.sampled_from(list(Place))), max_size=30)):
            try:
                shoe = shoe.add([card], place)
            except SituationError:
                pass
        if draw(st.booleans()):
            shoe = shoe.next_round()
    return shoe.table


def through_a_url(params: dict[str, str]) -> dict[str, str]:
    """What a browser gives back after the parameters went through a real query string."""
    return dict(parse_qsl(urlencode(params), keep_blank_values=True))


@settings(max_examples=200, deadline=None)
@given(tables())
def test_a_table_survives_a_round_trip_through_a_url(table: Table) -> None:
    params = encode(table)
    assert all(quote_plus(value, safe=".") == value for value in params.values()), params  # readable, nothing escaped
    assert decode(through_a_url(params)) == table


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(PARAMETERS + ("embed", "other")), st.text(max_size=40)))
def test_any_link_gives_a_table_or_one_clear_error(params: dict[str, str]) -> None:
    try:
        table = decode(params)
    except Flip7Error as error:
        assert str(error)
    else:
        table.check()


@given(st.lists(st.sampled_from(KINDS), max_size=20))
def test_card_lists_read_back(cards: list[Card]) -> None:
    assert read_cards(write_cards(cards)) == tuple(cards)


def test_hand_written_card_lists_are_read_too() -> None:
    assert (
        read_cards("12 +4, x2;sc")
        == read_cards("12.p4.x2.sc")
        == read_cards("12.P4.X2.SC")
        == parse_cards("12 +4 x2 sc")
    )
    assert read_cards("12*3.5") == parse_cards("12 12 12 5")
    assert read_cards("") == read_cards(" . ") == ()


def test_an_empty_link_is_a_fresh_deck_and_unknown_parameters_are_ignored() -> None:
    assert decode({}) == Table.new(CLASSIC)
    assert decode({"embed": "true", "utm_source": "x", "others": ""}) == Table.new(CLASSIC)


def test_the_link_of_a_fresh_deck_is_short() -> None:
    assert encode(Table.new(CLASSIC)) == {"rules": "classic", "others": "1"}


@pytest.mark.parametrize(
    ("params", "error", "message"),
    [({"rules": "uno"}, Flip7Error, "unknown rules 'uno'"),
     ({"line": "12.13"}, SituationError, "card 13 is not in the classic deck"),
     ({"seen": "12.banana"}, CardError, "in the link's seen: unknown card 'banana'"),
     ({"discards": "1*0"}, CardError, "in the link's discards: bad count"),
     ({"seen": "1", "discards": "1"}, SituationError, "too many 1 cards: seen 1, discards 1 make 2"),
     ({"line": "5.5.7"}, SituationError, "impossible: 7 cannot follow in your line"),
     ({"others": "-1"}, Flip7Error, "others: '-1' is not a whole number from 0 to 17"),
     ({"others": "18"}, Flip7Error, "not a whole number"),
     ({"others": "two"}, Flip7Error, "not a whole number")],
)  # fmt: skip
def test_bad_links_say_what_is_wrong(params: dict[str, str], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        decode(params)

"""The With a Vengeance table across rounds, its links and its next-card chart (flip7odds.vengeance.table, links, charts).

Oracles: card conservation (every card of the deck in exactly one place, counted independently of the
table's own `pile`), the rules of docs/rules.md section 3 on hand-made tables, round trips through a real
query string, and the chart's groups against `bust_probability`.
"""

from collections import Counter
from fractions import Fraction
from urllib.parse import parse_qsl, urlencode

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flip7odds.cards import parse_cards
from flip7odds.counts import CardCounts
from flip7odds.errors import Flip7Error, SituationError
from flip7odds.rules import LUCKY_13, UNLUCKY_7, VENGEANCE, VENGEANCE_BRUTAL, RuleSet
from flip7odds.vengeance import VengeanceSituation, analyze_vengeance, bust_probability, next_card_table
from flip7odds.vengeance.charts import (
    LineDecisionsText,
    VengeanceNextCardText,
    VGroup,
    line_decisions_figure,
    vengeance_groups,
    vengeance_next_card_figure,
)
from flip7odds.vengeance.explorer import PRESETS, decisions_by_line
from flip7odds.vengeance.links import PARAMETERS, decode, encode
from flip7odds.vengeance.table import (
    AddCards,
    MoveCards,
    NextRound,
    Other,
    Place,
    RemoveCards,
    RoundStatus,
    SetBusted,
    SetOthers,
    VengeanceMove,
    VengeanceShoe,
    VengeanceTable,
)

KINDS = VENGEANCE.kinds


def cards(text: str) -> tuple:  # type: ignore[type-arg]
    return parse_cards(text, VENGEANCE)


def everywhere(table: VengeanceTable) -> Counter:  # type: ignore[type-arg]
    """Every card counted place by place (lines, seen, discards, and the pile as the deck's complement)."""
    total: Counter = Counter(table.line)  # type: ignore[type-arg]
    for hand in table.others:
        total.update(hand)
    total.update(dict(table.seen.items_))
    total.update(dict(table.discards.items_))
    total.update(dict(table.pile.items_))
    return total


@st.composite
def shoes(draw: st.DrawFn) -> VengeanceShoe:
    """Shoes a player can reach: random draws, moves, players and rounds (impossible moves skipped)."""
    rules = draw(st.sampled_from([VENGEANCE, VENGEANCE_BRUTAL]))
    shoe = VengeanceShoe.new(rules, draw(st.integers(0, 3)))
    targets = st.one_of(st.sampled_from(list(Place)), st.builds(Other, st.integers(0, 3)))
    moves: st.SearchStrategy[VengeanceMove] = st.one_of(
        st.builds(AddCards, st.lists(st.sampled_from(KINDS), min_size=1, max_size=3).map(tuple), targets),
        st.builds(RemoveCards, st.lists(st.sampled_from(KINDS), min_size=1, max_size=2).map(tuple), targets),
        st.builds(MoveCards, st.lists(st.sampled_from(KINDS), min_size=1, max_size=2).map(tuple), targets, targets),
        st.builds(SetOthers, st.integers(0, 4)), st.builds(SetBusted, st.integers(0, 2)), st.just(NextRound()))
    for move in draw(st.lists(moves, max_size=60)):
        try:
            shoe = shoe.play(move)
        except SituationError:
            pass
    return shoe


@settings(max_examples=150, deadline=None)
@given(shoes())
def test_every_card_is_in_exactly_one_place_and_the_table_is_legal(shoe: VengeanceShoe) -> None:
    table = shoe.table
    assert everywhere(table) == Counter(dict(VENGEANCE.deck.items_))
    table.check()
    for step in shoe.history:  # undo gives back each earlier table
        assert everywhere(step.before) == Counter(dict(VENGEANCE.deck.items_))


@settings(max_examples=150, deadline=None)
@given(shoes())
def test_a_table_survives_a_round_trip_through_a_url(shoe: VengeanceShoe) -> None:
    params = encode(shoe.table)
    assert decode(dict(parse_qsl(urlencode(params), keep_blank_values=True))) == shoe.table


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(PARAMETERS + ("embed",)), st.text(max_size=30)))
def test_any_link_gives_a_table_or_one_clear_error(params: dict[str, str]) -> None:
    try:
        table = decode(params)
    except Flip7Error as error:
        assert str(error)
    else:
        table.check()


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"line": "12.zz"}, "in the link's line: unknown card 'zz'"),
        ({"hands": "5.5"}, "duplicate number 5 in another player's line"),
        ({"others": "1", "hands": "5~6"}, "in the link's hands: 2 lines for 1 other player"),
        ({"busted": "x"}, "in the link's busted: 'x' is not a whole number"),
        ({"line": "5.5.7"}, "7 cannot follow in your line"),
        ({"rules": "classic"}, "the classic rules are not With a Vengeance"),
        ({"line": "0", "hands": "0"}, "too many 0 cards"),
    ],
)
def test_a_bad_link_says_what_is_wrong(params: dict[str, str], message: str) -> None:
    with pytest.raises(Flip7Error) as raised:
        decode({"rules": "vengeance", **params})
    assert message in str(raised.value)


def test_the_unlucky_7_drawn_wipes_a_line_but_moved_it_is_a_plain_7() -> None:
    table = VengeanceTable.build(VENGEANCE, cards("12 5 -4"), others=[cards("9 u7")])
    drawn = VengeanceTable.build(VENGEANCE, cards("12 5 -4")).with_cards(cards("u7"), Place.LINE)
    assert drawn.line == (UNLUCKY_7,) and drawn.discards == CardCounts.from_cards(cards("12 5 -4"))
    stolen = table.moved(cards("u7"), Other(0), Place.LINE)
    assert stolen.line == cards("12 5 -4 u7") and stolen.others == (cards("9"),) and not stolen.discards.size


def test_the_lucky_13_allows_a_second_13_but_not_a_third() -> None:
    table = VengeanceTable.build(VENGEANCE, cards("13"))
    lucky = table.with_cards([LUCKY_13], Place.LINE)
    assert lucky.status is RoundStatus.PLAYING and lucky.line_score == 26
    assert lucky.with_cards(cards("13"), Place.LINE).status is RoundStatus.BUST
    assert table.with_cards(cards("13"), Place.LINE).status is RoundStatus.BUST


def test_a_duplicate_busts_another_player_whose_cards_stay_out_this_round() -> None:
    table = VengeanceTable.build(VENGEANCE, cards("12"), others=[cards("9 -4"), cards("3")])
    after = table.with_cards(cards("9"), Other(0))
    assert after.others == ((), cards("3")) and after.out == (0,) and after.busted == 1
    assert after.seen == CardCounts.from_cards(cards("9 -4 9")) and after.pile == table.pile - CardCounts.from_cards(
        cards("9"))
    assert after.next_round().discards == CardCounts.from_cards(cards("12 9 -4 9 3"))


def test_an_action_is_played_at_once_and_seven_numbers_are_a_flip_7() -> None:
    table = VengeanceTable.build(VENGEANCE, cards("1 2 3 4 5 6")).with_cards(cards("steal"), Place.LINE)
    assert table.line == cards("1 2 3 4 5 6") and table.discards == CardCounts.from_cards(cards("steal"))
    flip7 = table.with_cards(cards("l13"), Place.LINE)
    assert flip7.status is RoundStatus.FLIP_7 and flip7.line_score == 21 + 13 + 15
    with pytest.raises(SituationError, match="your round is over"):
        flip7.with_cards(cards("7"), Place.LINE)


def test_an_empty_pile_is_reshuffled_from_the_discards_only() -> None:
    line = cards("12")
    out = VENGEANCE.deck - CardCounts.from_cards(line)
    table = VengeanceTable.build(VENGEANCE, line, discards=tuple(out))
    assert table.pile.size == 0 and table.drawing_pile == out
    after = table.with_cards(cards("5"), Place.SEEN)
    assert after.discards.size == 0 and after.pile == out - CardCounts.from_cards(cards("5"))
    assert after.situation().pile == after.pile


def test_the_situation_is_the_table_seen_by_the_analysis() -> None:
    table = VengeanceTable.build(VENGEANCE_BRUTAL, cards("10 7 /2"), others=[cards("6 2"), ()], seen=cards("4 4"),
                                 discards=cards("11 -8"), busted=2)
    situation = table.situation()
    expected = VengeanceSituation.from_text(VENGEANCE_BRUTAL, "10 7 /2", others=("6 2", ""), seen="4 4", discards="11 -8",
                                            busted_others=2)
    assert situation.pile == expected.pile and situation.pile.size == 108 - 3 - 2 - 2 - 2 == 99
    assert (situation.line, situation.others, situation.busted_others) == (expected.line, expected.others, 2)


def test_players_come_and_go_only_with_empty_lines_and_undo_restores() -> None:
    shoe = VengeanceShoe.new(VENGEANCE, others=1).play(SetOthers(3)).add(cards("9"), Other(2))
    assert shoe.table.others == ((), (), cards("9"))
    with pytest.raises(SituationError, match="must hold no card"):
        shoe.play(SetOthers(2))
    with pytest.raises(SituationError, match="there is no player 5"):
        shoe.add(cards("9"), Other(3))
    assert shoe.undo().table.others == ((), (), ()) and shoe.undo().undo().table.others == ((),)


def test_the_chart_groups_are_exact_and_the_bust_group_is_p_bust() -> None:
    situation = VengeanceSituation.from_text(VENGEANCE, "13 7 0", others=("5",), pile="13 l13 u7 7 5 -4 steal 9")
    rows = next_card_table(situation)
    groups = vengeance_groups(rows)
    assert sum(groups.values()) == 1 and groups[VGroup.BUST] == bust_probability(situation) == Fraction(2, 8)
    text = VengeanceNextCardText("Next card", "card", "chance", {group: group.value for group in VGroup})
    figure = vengeance_next_card_figure(rows, text)
    assert [trace.name for trace in figure.data] == ["bust 2/8", "special 2/8", "number 2/8", "modifier 1/8",
                                                     "action 1/8"]


@pytest.mark.parametrize("rules", [VENGEANCE, VENGEANCE_BRUTAL])
def test_every_preset_line_is_solved_and_equals_its_own_analysis(rules: RuleSet) -> None:
    for preset in PRESETS:
        rows = decisions_by_line(rules, preset.pile, preset.others, preset.lines, busted=1)
        assert [row.line for row in rows] == list(preset.lines) and all(row.error is None for row in rows)
        for row in rows[:2]:
            situation = VengeanceSituation.from_text(rules, row.line, others=preset.others, pile=preset.pile,
                                                     busted_others=1)
            assert row.analysis == analyze_vengeance(situation)
        decisions = {row.analysis.decision for row in rows if row.analysis is not None}
        assert len(decisions) == 2  # each preset shows lines that hit and lines that stay


def test_a_line_too_large_for_the_budget_says_so() -> None:
    (row,) = decisions_by_line(VENGEANCE, "12*3 11*2 10*2 4 -4 steal", ("6 2",), ("6 5 3",), max_states=10)
    assert row.analysis is None and row.error is not None and row.error.values["limit"] == 10


def test_the_line_chart_draws_stay_and_hit_for_each_line() -> None:
    text = LineDecisionsText("title", "line", "score", "hit", "stay")
    figure = line_decisions_figure(["12 11", "6 5 3"], [23.0, 14.0], [14.5, 30.2], text)
    assert [trace.name for trace in figure.data] == ["stay", "hit"]
    assert list(figure.data[0].y) == [23.0, 14.0] and list(figure.data[1].x) == ["12 11", "6 5 3"]


def test_a_busted_seat_keeps_its_place_until_the_next_round() -> None:
    table = VengeanceTable.build(VENGEANCE_BRUTAL, cards("12"), others=[cards("9"), cards("3")])
    after = table.with_cards(cards("9"), Other(0))
    assert after.others == ((), cards("3")) and after.out == (0,) and after.busted == 1
    assert after.situation().others == VengeanceSituation.from_text(VENGEANCE_BRUTAL, "12", others=("3",)).others
    assert after.situation().busted_others == 1
    with pytest.raises(SituationError, match="player 2 is busted this round"):
        after.with_cards(cards("5"), Other(0))
    with pytest.raises(SituationError, match="at least 1 player is busted"):
        after.with_busted(0)
    assert encode(after)["hands"] == "x~3" and decode(encode(after)) == after
    assert after.next_round().out == () and after.next_round().others == ((), ())

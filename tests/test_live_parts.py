"""What a move on the live page redraws (`flip7odds_ui.live.parts_changed`), and the per-table lookups it uses.

A tap reruns only the fragments whose content it changed; a round start reruns the whole page. These tests pin
that choice down move by move (the browser tests check the screen it draws).
"""


from typing import Any

from flip7odds.cards import Card, parse_cards
from flip7odds.rules import CLASSIC, POKER, VENGEANCE, VENGEANCE_BRUTAL
from flip7odds.shoe import Place, Table
from flip7odds.vengeance.table import Other, VengeanceTable
from flip7odds_ui.live import LIVE
from flip7odds_ui.live_screen import WHOLE_PAGE, LiveScreen, drawing_pile_of, situation_of
from flip7odds_ui.live_screen import parts_changed as screen_parts_changed
from flip7odds_ui.live_vengeance import VLIVE

ANSWER_PART, NEXT_PART, CLEAR_PART, PLAYERS_PART, TOOLS_PART = (
    LIVE.answer_part, LIVE.next_part, LIVE.clear_part, LIVE.players_part, LIVE.tools_part)


def card_part(card: Card, screen: LiveScreen = LIVE) -> str:
    return screen.card_part(card)


def parts_changed(before: Any, after: Any, place_moved: bool, round_started: bool, tools_open: bool = False,
                  screen: LiveScreen = LIVE) -> str | list[str]:
    return screen_parts_changed(screen, before, after, place_moved, round_started, tools_open)


EVERY_TAP = {ANSWER_PART}
"""The part every possible move changes: the answer and the bust sentence, what Undo says, the table, the numbers
(one fragment)."""


def card(text: str, rules: Any = CLASSIC) -> Card:
    (parsed,) = parse_cards(text, rules)
    return parsed


def table(line: str = "12 7", seen: str = "flip3 flip3 flip3") -> Table:
    return Table.build(CLASSIC, parse_cards(line), parse_cards(seen))


def test_a_card_seen_elsewhere_redraws_the_answer_and_that_card_only() -> None:
    before = table()
    after = before.with_cards([card("5")], Place.SEEN)
    assert set(parts_changed(before, after, place_moved=False, round_started=False)) == EVERY_TAP | {card_part(card("5"))}


def test_a_card_in_your_line_redraws_its_button_too() -> None:
    before = table()
    after = before.with_cards([card("9")], Place.LINE)
    assert set(parts_changed(before, after, False, False)) == EVERY_TAP | {card_part(card("9"))}


def test_the_first_card_on_an_empty_table_enables_next_round_and_clear_round() -> None:
    before = Table.new(CLASSIC)
    after = before.with_cards([card("12")], Place.LINE)
    assert set(parts_changed(before, after, False, False)) == EVERY_TAP | {card_part(card("12")), NEXT_PART, CLEAR_PART}


def test_a_round_start_reruns_the_whole_page() -> None:
    before = table()
    assert parts_changed(before, before.next_round(), False, round_started=True) == WHOLE_PAGE
    poker = Table.new(POKER)
    assert parts_changed(before, poker, False, round_started=False) == WHOLE_PAGE  # the rules changed


def test_an_impossible_move_redraws_only_its_message() -> None:
    before = table()
    assert parts_changed(before, before, False, False) == [ANSWER_PART]


def test_the_open_sections_are_redrawn_when_one_is_open() -> None:
    before = table()
    after = before.with_cards([card("5")], Place.SEEN)
    assert set(parts_changed(before, after, False, False, True)) == EVERY_TAP | {card_part(card("5"))} | {TOOLS_PART}


def test_where_cards_go_changing_reruns_the_whole_page() -> None:
    before = table()
    after = before.with_cards([card("5")], Place.SEEN)
    assert parts_changed(before, after, True, False) == WHOLE_PAGE  # a fragment's rerun would not show the new place


def test_the_players_are_redrawn_when_the_others_or_your_second_chance_change() -> None:
    before = table()
    fewer = Table.build(CLASSIC, before.line, before.seen, before.discards, others_active=0)
    assert set(parts_changed(before, fewer, False, False)) == EVERY_TAP | {PLAYERS_PART}
    second_chance = before.with_cards(parse_cards("sc"), Place.LINE)
    assert PLAYERS_PART in parts_changed(before, second_chance, False, False)


def test_the_remembered_lookups_are_the_tables_own() -> None:
    before = table()
    after = before.with_cards([card("5")], Place.SEEN)
    for shown in (before, after, table()):  # an equal table built again is the same key
        assert situation_of(shown) == shown.situation()
        assert drawing_pile_of(shown) == shown.drawing_pile


def vengeance_table(line: str = "12 7", others: tuple[str, ...] = ("6 2", "")) -> VengeanceTable:
    return VengeanceTable.build(VENGEANCE, parse_cards(line, VENGEANCE),
                                [parse_cards(cards, VENGEANCE) for cards in others])


def test_vengeance_a_card_seen_or_in_another_line_redraws_the_answer_and_that_card_only() -> None:
    before = vengeance_table()
    five = card("5", VENGEANCE)
    for where in (Place.SEEN, Other(1)):
        after = before.with_cards([five], where)
        assert set(parts_changed(before, after, False, False, screen=VLIVE)) == {VLIVE.answer_part,
                                                                              card_part(five, VLIVE)}


def test_vengeance_the_first_card_in_another_line_enables_next_round_and_clear_round() -> None:
    before = VengeanceTable.new(VENGEANCE, others=2)
    nine = card("9", VENGEANCE)
    after = before.with_cards([nine], Other(0))
    assert set(parts_changed(before, after, False, False, screen=VLIVE)) == {
        VLIVE.answer_part, card_part(nine, VLIVE), VLIVE.next_part, VLIVE.clear_part}


def test_vengeance_a_player_who_busts_or_comes_changes_the_places_and_reruns_the_whole_page() -> None:
    before = vengeance_table()
    busted = before.with_cards([card("6", VENGEANCE)], Other(0))  # a second 6: Player 2 is out of the round
    assert busted.out == (0,)
    assert parts_changed(before, busted, False, False, screen=VLIVE) == WHOLE_PAGE
    assert parts_changed(before, before.with_others(3), False, False, screen=VLIVE) == WHOLE_PAGE


def test_vengeance_busted_players_redraw_the_players() -> None:
    before = VengeanceTable.build(VENGEANCE_BRUTAL, parse_cards("12 7", VENGEANCE_BRUTAL), [(), ()])
    after = before.with_busted(1)
    assert set(parts_changed(before, after, False, False, screen=VLIVE)) == {VLIVE.answer_part, VLIVE.players_part}

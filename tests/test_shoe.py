"""The shoe across rounds (flip7odds.shoe) against a physical deck, the rules of a line, and Situation.build."""

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flip7odds.cards import Card, parse_cards
from flip7odds.counts import CardCounts
from flip7odds.errors import SituationError
from flip7odds.rules import CLASSIC
from flip7odds.shoe import (
    MAX_OTHERS_ACTIVE,
    AddCards,
    NextRound,
    Place,
    RoundStatus,
    Shoe,
    Table,
    round_status,
)
from flip7odds.situation import Situation

DECK = CLASSIC.deck
KINDS = CLASSIC.kinds


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def counts(text: str) -> CardCounts:
    return CardCounts.from_cards(parse_cards(text))


def accounted(table: Table) -> Counter[Card]:
    """Every card of the table's four places, counted independently of `Table.pile`'s arithmetic."""
    total: Counter[Card] = Counter(table.line)
    for place in (table.seen, table.discards, table.pile):
        total.update(place.as_dict())
    return total


# --- A physical deck as the oracle: real cards shuffled with a seeded generator, rounds dealt face up. ---


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_pile_matches_a_physical_shoe_dealt_over_many_rounds(seed: int) -> None:
    """Deal a real shuffled deck for 25 rounds; at every card the tracked pile is the physical pile.

    The physical shoe follows docs/rules.md literally: the table goes to the discard pile at the end of a
    round, and only when the pile is empty is the discard pile shuffled into a new pile.
    """
    rng = np.random.default_rng(seed)
    pile = list(DECK)
    rng.shuffle(pile)
    discards: list[Card] = []
    shoe = Shoe.new(CLASSIC)
    reshuffles = 0
    for _ in range(25):
        on_table: list[Card] = []
        for _ in range(int(rng.integers(5, 31))):
            if not pile:
                pile, discards = discards, []
                rng.shuffle(pile)
                reshuffles += 1
            card = pile.pop()
            on_table.append(card)
            shoe = shoe.add([card], Place.SEEN)
            assert shoe.table.pile == CardCounts.from_cards(pile)
            assert shoe.table.discards == CardCounts.from_cards(discards)
        discards += on_table
        shoe = shoe.next_round()
        assert shoe.table.pile == CardCounts.from_cards(pile)
        assert shoe.table.discards == CardCounts.from_cards(discards)
    assert reshuffles >= 3, "the test must go through several reshuffles"


# --- Invariants of random play (hypothesis). ---

MOVES = st.one_of(
    st.tuples(st.just("add"), st.sampled_from(KINDS), st.sampled_from(list(Place))),
    st.tuples(st.just("remove"), st.sampled_from(KINDS), st.sampled_from(list(Place))),
    st.tuples(st.just("next_round")),
    st.tuples(st.just("clear_round")),
    st.tuples(st.just("reshuffle")),
    st.tuples(st.just("others"), st.integers(-1, MAX_OTHERS_ACTIVE + 1)),
    st.tuples(st.just("undo")),
)


def play(shoe: Shoe, move: tuple[object, ...]) -> Shoe:
    """Apply one random move; an impossible move must raise SituationError and change nothing."""
    name = move[0]
    try:
        if name == "add":
            return shoe.add([move[1]], move[2])  # type: ignore[list-item, arg-type]
        if name == "remove":
            return shoe.remove([move[1]], move[2])  # type: ignore[list-item, arg-type]
        if name == "others":
            return shoe.set_others_active(move[1])  # type: ignore[arg-type]
        return getattr(shoe, str(name))()  # type: ignore[no-any-return]
    except SituationError:
        return shoe


@settings(max_examples=150, deadline=None)
@given(st.lists(MOVES, max_size=120))
def test_every_card_is_in_exactly_one_place_and_undo_walks_back(moves: list[tuple[object, ...]]) -> None:
    shoe = Shoe.new(CLASSIC)
    tables = [shoe.table]
    for move in moves:
        before = shoe
        shoe = play(shoe, move)
        table = shoe.table
        assert accounted(table) == Counter(DECK.as_dict())
        Table.build(CLASSIC, table.line, table.seen, table.discards, table.others_active)  # still a possible table
        if shoe is not before and move[0] != "undo":
            tables.append(table)
        elif move[0] == "undo" and shoe is not before:
            tables.pop()
        assert table == tables[-1]
    while shoe.history:
        shoe = shoe.undo()
    assert shoe.table == Table.new(CLASSIC)


# --- Rounds: next round, clear, reshuffle, new game. ---


def test_next_round_keeps_the_pile_and_discards_the_table() -> None:
    shoe = Shoe.new(CLASSIC).add(cards("12 7 +4"), Place.LINE).add(cards("12 12 5 freeze"), Place.SEEN)
    pile = shoe.table.pile
    after = shoe.next_round().table
    assert after.pile == pile
    assert after.pile.size == 94 - 7
    assert after.discards == counts("12 7 +4 12 12 5 freeze")
    assert after.line == () and after.seen.size == 0


def test_clear_round_puts_this_rounds_cards_back_into_the_pile() -> None:
    shoe = Shoe.new(CLASSIC).add(cards("3 4"), Place.LINE).next_round().add(cards("12 +2"), Place.LINE)
    cleared = shoe.add(cards("11"), Place.SEEN).clear_round().table
    assert cleared.line == () and cleared.seen.size == 0
    assert cleared.discards == counts("3 4")
    assert cleared.pile == DECK - counts("3 4")


def test_when_the_pile_runs_out_only_the_discards_are_reshuffled() -> None:
    # docs/rules.md: the discards become the pile; cards in front of players stay where they are.
    discards = counts("12*12 11*11 10*10")
    on_table = DECK - discards
    table = Table.build(CLASSIC, seen=on_table, discards=discards)
    assert table.pile.size == 0
    assert table.drawing_pile == discards
    drawn = table.with_cards(cards("12"), Place.LINE)
    assert drawn.pile == discards - counts("12")
    assert drawn.discards.size == 0
    assert drawn.seen == on_table
    assert Shoe(table).reshuffle().table.pile == discards


def test_reshuffle_only_when_the_pile_is_empty_and_something_is_discarded() -> None:
    with pytest.raises(SituationError, match="still has 94 cards"):
        Shoe.new(CLASSIC).reshuffle()
    everything_out = Table.build(CLASSIC, seen=DECK)
    with pytest.raises(SituationError, match="both empty"):
        everything_out.reshuffled()
    with pytest.raises(SituationError, match="both empty"):
        everything_out.with_cards(cards("5"), Place.SEEN)


def test_new_game_resets_the_deck_and_can_be_undone() -> None:
    shoe = Shoe.new(CLASSIC, others_active=3).add(cards("12 11"), Place.LINE).next_round()
    fresh = shoe.new_game()
    assert fresh.table == Table.new(CLASSIC, others_active=3)
    assert fresh.undo().table == shoe.table


def test_undo_takes_back_a_whole_entry_and_says_what_it_undoes() -> None:
    shoe = Shoe.new(CLASSIC).add(cards("12 7 +4"), Place.LINE)
    assert shoe.last_move == AddCards(cards("12 7 +4"), Place.LINE)
    assert shoe.undo().table == Table.new(CLASSIC)
    assert shoe.next_round().last_move == NextRound()
    with pytest.raises(SituationError, match="nothing to undo"):
        Shoe.new(CLASSIC).undo()


# --- Your line follows the rules as the cards come. ---


def test_a_second_chance_saves_a_duplicate_and_both_are_discarded() -> None:
    table = Table.new(CLASSIC).with_cards(cards("5 sc 9 5"), Place.LINE)
    assert table.line == cards("5 9")
    assert table.discards == counts("5 sc")
    assert table.status is RoundStatus.PLAYING and not table.second_chance


def test_a_duplicate_without_second_chance_busts_and_ends_your_round() -> None:
    table = Table.new(CLASSIC).with_cards(cards("5 7 5"), Place.LINE)
    assert table.status is RoundStatus.BUST
    with pytest.raises(SituationError, match="round is over"):
        table.with_cards(cards("3"), Place.LINE)
    with pytest.raises(SituationError, match="no decision"):
        table.situation()
    assert table.with_cards(cards("3"), Place.SEEN).seen == counts("3")


def test_the_seventh_number_is_a_flip_7_and_a_freeze_freezes_you() -> None:
    assert Table.new(CLASSIC).with_cards(cards("0 1 2 +4 3 4 5 6"), Place.LINE).status is RoundStatus.FLIP_7
    assert Table.new(CLASSIC).with_cards(cards("8 freeze"), Place.LINE).status is RoundStatus.FROZEN


def test_a_flip_three_you_took_is_out_of_the_pile_but_not_in_your_line() -> None:
    table = Table.new(CLASSIC, others_active=0).with_cards(cards("8 flip3 2"), Place.LINE)
    assert table.status is RoundStatus.PLAYING
    situation = table.situation()
    assert situation == Situation.from_text(CLASSIC, "8 2", seen="flip3", discards="", others_active=0)


def test_one_second_chance_at_a_time() -> None:
    with pytest.raises(SituationError, match="already hold a Second Chance"):
        Table.new(CLASSIC).with_cards(cards("sc sc"), Place.LINE)


@pytest.mark.parametrize(
    ("line", "status"),
    [("", RoundStatus.PLAYING), ("12 +4 sc flip3", RoundStatus.PLAYING), ("5 7 5", RoundStatus.BUST),
     ("0 1 2 3 4 5 6", RoundStatus.FLIP_7), ("3 freeze", RoundStatus.FROZEN)],
)  # fmt: skip
def test_round_status_of_possible_lines(line: str, status: RoundStatus) -> None:
    assert round_status(CLASSIC, cards(line)) is status


@pytest.mark.parametrize(
    ("line", "message"),
    [("5 5 7", "already over"), ("sc 5 5", "would have saved"), ("sc sc", "only one"), ("freeze 5", "already over"),
     ("0 1 2 3 4 5 6 7", "already over")],
)  # fmt: skip
def test_impossible_lines_are_refused(line: str, message: str) -> None:
    with pytest.raises(SituationError, match=message):
        Table.build(CLASSIC, cards(line))


# --- The situation and the checks. ---


def test_the_situation_is_what_situation_build_derives_from_the_same_cards() -> None:
    table = (
        Shoe.new(CLASSIC, others_active=2)
        .add(cards("12 12 11 3 4"), Place.SEEN)
        .next_round()
        .add(cards("12 7 3 +4"), Place.LINE)
        .add(cards("12 12 5"), Place.SEEN)
        .table
    )
    expected = Situation.from_text(CLASSIC, "12 7 3 +4", seen="12 12 5", discards="12 12 11 3 4", others_active=2)
    assert table.situation() == expected
    assert table.situation().pile.size == 94 - 12


def test_a_card_that_is_not_left_is_refused_with_where_its_copies_are() -> None:
    table = Table.new(CLASSIC).with_cards(cards("1"), Place.SEEN)
    with pytest.raises(SituationError, match="no 1 left in the pile: the deck has 1: your line 0, seen 1, discards 0"):
        table.with_cards(cards("1"), Place.LINE)


def test_removing_a_card_that_is_not_there_is_refused() -> None:
    table = Table.new(CLASSIC).with_cards(cards("5 7"), Place.LINE)
    assert table.without_cards(cards("5"), Place.LINE).line == cards("7")
    for place, where in [(Place.LINE, "your line"), (Place.SEEN, "seen elsewhere"), (Place.DISCARDS, "discard pile")]:
        with pytest.raises(SituationError, match=where):
            table.without_cards(cards("9"), place)


@pytest.mark.parametrize(
    ("line", "seen", "discards", "message"),
    [("12", "12*6", "12*6", "too many 12 cards: your line 1, seen 6, discards 6 make 13, but the classic deck has 12"),
     ("+3", "", "", "card \\+3 is not in the classic deck")],
)  # fmt: skip
def test_impossible_tables_are_refused(line: str, seen: str, discards: str, message: str) -> None:
    with pytest.raises(SituationError, match=message):
        Table.build(CLASSIC, cards(line), cards(seen), cards(discards))


@pytest.mark.parametrize("others", [-1, MAX_OTHERS_ACTIVE + 1])
def test_others_active_must_be_a_possible_count(others: int) -> None:
    with pytest.raises(SituationError, match="others active"):
        Shoe.new(CLASSIC).set_others_active(others)


def test_cards_go_to_the_discard_pile_directly_only_to_fix_a_mistake() -> None:
    table = Table.new(CLASSIC).with_cards(cards("12 freeze"), Place.DISCARDS)
    assert table.discards == counts("12 freeze") and table.pile.size == 92
    assert table.without_cards(cards("freeze"), Place.DISCARDS).discards == counts("12")


@pytest.mark.parametrize("line", ["", "12 x2 +4", "3 flip3 +10 sc", "0 1"])
def test_the_line_score_of_a_round_in_play_is_what_staying_banks(line: str) -> None:
    table = Table.build(CLASSIC, cards(line), seen=cards("flip3 flip3"))
    assert table.line_score == table.situation().line.score(CLASSIC)


def test_the_line_score_of_a_round_that_ended() -> None:
    assert Table.build(CLASSIC, cards("12 x2 5 12")).line_score == 0  # bust
    assert Table.build(CLASSIC, cards("12 x2 freeze")).line_score == 24  # frozen: you bank
    # Flip 7 (docs/rules.md scoring): 0+1+...+5+12 = 27, x2 = 54, +4 = 58, +15 bonus = 73
    assert Table.build(CLASSIC, cards("0 1 2 x2 3 4 +4 5 12")).line_score == 73

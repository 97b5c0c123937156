"""The Live odds page driven headless (streamlit AppTest): taps change the numbers to what the library computes.

Situations keep the three Flip Three cards out of the pile (seen or discarded): `hit_once_score` is
still slow with Flip Threes left (being optimised), and these tests are about the page, not speed.
"""

import re
from fractions import Fraction
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from flip7odds.analysis import Decision, analyze, drawing_pile_size
from flip7odds.cards import parse_cards
from flip7odds.links import decode, encode
from flip7odds.markup import unescape_markdown
from flip7odds.rules import CLASSIC
from flip7odds.shoe import Place, Table
from flip7odds.situation import Situation
from tests.live_numbers import shown_numbers

APP = Path(__file__).resolve().parents[1] / "app.py"
FLIP_THREES_OUT = "flip3.flip3.flip3"


def open_live(params: dict[str, str] | None = None) -> AppTest:
    """Open the Live odds page in a fresh session, at the link with these query parameters."""
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params.update(params or {})
    at.run()
    at.switch_page("pages/live.py").run()
    assert_clean(at)
    return at


def assert_clean(at: AppTest) -> None:
    assert not at.exception, [exception.value for exception in at.exception]


def tap(at: AppTest, key: str, whole: bool = True) -> AppTest:
    """Click a button, then (``whole``) read the whole screen: its callback reruns only the parts it changed
    (keyed fragments), and AppTest's element tree then holds those parts alone (the browser tests check the
    redraw). A move's message shows once: read it without the second run."""
    at.button(key=key).click().run()
    assert_clean(at)
    if whole:
        at.run()
    assert_clean(at)
    return at


def tap_cards(at: AppTest, cards: str, place: Place = Place.LINE) -> AppTest:
    """Choose where the cards go, then tap a button per card."""
    at.segmented_control(key="live_place").set_value(place).run()
    for card in cards.split():
        tap(at, f"card-{card}")
    return at


def banner(at: AppTest) -> tuple[str, str]:
    """The banner's big word and the line under it (HTML tags dropped)."""
    (html,) = [markdown.value for markdown in at.markdown if "f7-call" in markdown.value]
    call = re.search(r'f7-call">([^<]+)<', html)
    assert call is not None
    return call.group(1), re.sub(r"<[^>]+>", " ", html.split("f7-call", 1)[1].split("</div>", 1)[1])


def text(at: AppTest) -> str:
    """Every markdown and caption shown, joined."""
    return "\n".join(element.value for element in [*at.markdown, *at.caption])


def table_counts(at: AppTest) -> tuple[int, int, int]:
    """Pile, discards and cards on the table, as the page states them."""
    found = re.search(r"Pile \*\*(\d+)\*\* · Discards \*\*(\d+)\*\* · On the table \*\*(\d+)\*\*", text(at))
    assert found is not None, text(at)
    pile, discards, on_table = (int(group) for group in found.groups())
    return pile, discards, on_table


def left_on_button(at: AppTest, card: str) -> int:
    """The count of cards left that the card's button shows."""
    label = at.button(key=f"card-{card}").label
    numbers = re.findall(r"\d+", label.split(maxsplit=1)[1])
    assert len(numbers) == 1, label
    return int(numbers[0])


def assert_shows(at: AppTest, situation: Situation) -> None:
    """The banner, the why line and the numbers are the library's, for this situation."""
    analysis = analyze(situation)
    call, sub = banner(at)
    assert call == analysis.decision.value.upper()
    assert f"{analysis.margin:+.2f}" in sub
    assert f"{analysis.hit_score:.2f}" in sub and str(analysis.stay_score) in sub
    shown = shown_numbers(at)
    assert shown["Stay now"] == str(analysis.stay_score)
    assert analysis.hit_once_score is not None
    assert shown["Hit once, then stay"] == f"{float(analysis.hit_once_score):.2f}"
    assert shown["Best play"] == f"{analysis.optimal_score:.2f}"
    assert shown["Flip 7"] == f"{analysis.flip7_probability:.1%}"
    assert shown["Bust (by the end)"] == f"{analysis.bust_final_probability:.1%}"
    pile = drawing_pile_size(situation)
    bust_cards = 0 if situation.line.second_chance else analysis.bust_cards
    assert Fraction(bust_cards, pile) == analysis.bust_probability
    assert f"Bust now: **{bust_cards}/{pile} = {float(analysis.bust_probability):.1%}**" in text(at)


def test_tapping_cards_changes_the_numbers_to_the_librarys() -> None:
    at = open_live({"seen": FLIP_THREES_OUT})
    assert banner(at)[0] == "HIT" and not shown_numbers(at)  # an empty line must hit: nothing to compute
    tap_cards(at, "12")
    assert_shows(at, Situation.from_text(CLASSIC, "12", seen="flip3*3"))
    tap_cards(at, "7")
    tap_cards(at, "5 6 11", Place.SEEN)
    situation = Situation.from_text(CLASSIC, "12 7", seen="5 6 11 flip3*3")
    assert_shows(at, situation)
    assert "17 of the 86 cards left would bust you." in text(at)
    assert (left_on_button(at, "12"), left_on_button(at, "11"), left_on_button(at, "7")) == (11, 10, 6)
    assert table_counts(at) == (86, 0, 8)


def test_the_page_says_stay_when_staying_is_better() -> None:
    params = {"line": "12.11.10.9", "seen": "12.11.11.5", "discards": FLIP_THREES_OUT + ".8*8"}
    at = open_live(params)
    situation = Situation.from_text(CLASSIC, "12 11 10 9", seen="12 11 11 5", discards="flip3*3 8*8")
    assert analyze(situation).decision is Decision.STAY
    assert_shows(at, situation)
    assert "35 of the 75 cards left would bust you." in text(at)


def test_next_round_keeps_the_pile_and_the_link_follows() -> None:
    at = open_live({"line": "12.7.p4", "seen": "12.12.5." + FLIP_THREES_OUT})
    pile, discards, on_table = table_counts(at)
    assert (pile, discards, on_table) == (85, 0, 9)
    tap(at, "next_round")
    assert table_counts(at) == (85, 9, 0)
    assert at.query_params == {"lang": "en", "rules": "classic", "discards": "5.7.12.12.12.p4.flip3.flip3.flip3", "others": "1"}
    assert left_on_button(at, "12") == 9
    tap_cards(at, "12")
    assert table_counts(at) == (84, 9, 1)
    assert_shows(at, Situation.from_text(CLASSIC, "12", discards="5 7 12 12 12 +4 flip3*3"))


def test_undo_and_clear() -> None:
    at = open_live({"seen": FLIP_THREES_OUT})
    tap_cards(at, "12 7")
    tap(at, "undo")
    assert at.query_params["line"] == "12"
    tap_cards(at, "9")
    tap(at, "clear")
    assert "line" not in at.query_params and "seen" not in at.query_params
    assert table_counts(at) == (94, 0, 0)  # the whole round, seen cards included, is back in the pile
    tap(at, "undo")
    assert at.query_params["line"] == "12.9"


def test_a_link_reproduces_the_table() -> None:
    at = open_live({"seen": FLIP_THREES_OUT})
    tap_cards(at, "12 +4 3")
    tap_cards(at, "3 3 10", Place.SEEN)
    link = dict(at.query_params)
    again = open_live(link)
    assert banner(again) == banner(at)
    assert shown_numbers(again) == shown_numbers(at)
    assert decode(link) == Table.build(CLASSIC, parse_cards("12 +4 3"), seen=parse_cards("3 3 10 flip3*3"))


def test_second_chance_and_others_active_are_one_tap_each() -> None:
    at = open_live({"line": "12.7", "seen": "5.6.11." + FLIP_THREES_OUT})
    at.toggle(key="live_second_chance").set_value(True).run()
    assert_clean(at)
    assert at.query_params["line"] == "12.7.sc"
    assert_shows(at, Situation.from_text(CLASSIC, "12 7 sc", seen="5 6 11 flip3*3"))
    assert "You hold a Second Chance: no card busts you now (17 of the 85 left would use it up)." in text(at)
    at.number_input(key="live_others").set_value(0).run()
    assert_clean(at)
    assert at.query_params["others"] == "0"
    assert_shows(at, Situation.from_text(CLASSIC, "12 7 sc", seen="5 6 11 flip3*3", others_active=0))


def test_a_second_chance_saves_a_duplicate() -> None:
    at = open_live({"line": "12.7.sc", "seen": FLIP_THREES_OUT})
    tap_cards(at, "7")
    assert at.query_params["line"] == "12.7"
    assert at.query_params["discards"] == "7.sc"
    assert_shows(at, Situation.from_text(CLASSIC, "12 7", seen="flip3*3", discards="7 sc"))


def test_a_bust_ends_your_round_and_the_next_taps_go_to_seen_elsewhere() -> None:
    at = open_live({"line": "12.7", "seen": FLIP_THREES_OUT})
    tap_cards(at, "7")
    call, sub = banner(at)
    assert call == "BUST" and "A second 7" in sub
    assert not shown_numbers(at)
    assert at.segmented_control(key="live_place").value is Place.SEEN
    tap(at, "card-3")
    assert at.query_params["seen"] == "3." + FLIP_THREES_OUT and at.query_params["line"] == "12.7.7"


def test_a_flip_7_and_a_freeze_end_your_round() -> None:
    at = open_live({"line": "0.1.2.3.4.5", "seen": FLIP_THREES_OUT})
    tap_cards(at, "6")
    assert banner(at)[0] == "FLIP 7!" and "You score 36 this round" in banner(at)[1]
    at = open_live({"line": "10.p4", "seen": FLIP_THREES_OUT})
    tap_cards(at, "freeze")
    assert banner(at)[0] == "FROZEN" and "bank 14 points" in banner(at)[1]


def open_typing(at: AppTest, key: str = "live_typing_open") -> AppTest:
    """Open the *Type cards* expander (its widgets are drawn only while it is open)."""
    at.session_state[key] = True
    at.run()
    assert_clean(at)
    return at


def test_typing_is_drawn_only_while_its_expander_is_open() -> None:
    at = open_live({"seen": FLIP_THREES_OUT})
    assert not at.text_input and [expander.label for expander in at.expander][:2] == ["Type cards", "Game"]
    open_typing(at)
    assert [text_input.key for text_input in at.text_input] == ["live_typed"]


def test_typed_cards_are_a_second_way_in() -> None:
    at = open_typing(open_live({"seen": FLIP_THREES_OUT}))
    at.text_input(key="live_typed").input("12 7, +4").run().run()  # the entry reran its part: read the whole screen
    tap(at, "typed_add")
    assert at.query_params["line"] == "12.7.p4"
    assert at.text_input(key="live_typed").value == ""
    at.text_input(key="live_typed").input("12 banana").run().run()  # the entry reran its part: read the whole screen
    tap(at, "typed_add", whole=False)
    assert at.query_params["line"] == "12.7.p4"
    assert "Unknown card 'banana'" in unescape_markdown(at.error[0].value)
    at.run()
    at.text_input(key="live_typed").input("+4").run().run()  # the entry reran its part: read the whole screen
    tap(at, "typed_remove")
    assert at.query_params["line"] == "12.7"


def test_a_tap_redraws_only_the_parts_it_changed() -> None:
    """Each element a tap redraws is one more message for the phone to draw: a card seen elsewhere redraws
    Undo and that card's button, not the other cards, not Next round and Clear round (cards were on the table
    already) nor the closed sections under the numbers; those come back when they change or are open."""
    at = open_live({"line": "12.7", "seen": FLIP_THREES_OUT})
    at.segmented_control(key="live_place").set_value(Place.SEEN).run()
    tap(at, "card-5", whole=False)
    assert {button.key for button in at.button} == {"undo", "card-5"}
    assert shown_numbers(at) and "Type cards" not in [expander.label for expander in at.expander]
    at.run()
    at.toggle(key="live_charts").set_value(True).run()
    tap(at, "card-6", whole=False)
    assert "Type cards" in [expander.label for expander in at.expander] and at.get("plotly_chart")
    empty = open_live({"discards": FLIP_THREES_OUT})
    tap(empty, "card-5", whole=False)  # the first card on an empty table enables Next round and Clear round
    assert {"undo", "next_round", "clear", "card-5"} <= {button.key for button in empty.button}


def test_an_impossible_tap_says_why_and_changes_nothing() -> None:
    at = open_typing(open_live({"line": "1", "seen": FLIP_THREES_OUT}))
    at.text_input(key="live_typed").input("1").run().run()  # the entry reran its part: read the whole screen
    tap(at, "typed_add", whole=False)
    assert "No 1 left in the pile" in unescape_markdown(at.error[0].value)
    assert at.query_params["line"] == "1"


@pytest.mark.parametrize(
    ("params", "message"),
    [({"line": "12.banana"}, "unknown card 'banana'"),
     ({"line": "12", "seen": "12*12"}, "too many 12 cards"),
     ({"others": "many"}, "others"),
     ({"line": "5.5.7"}, "7 cannot follow in your line"),
     ({"line": "%%%", "discards": "1*0"}, "unknown card")],
)  # fmt: skip
def test_a_bad_link_shows_a_clear_message_and_an_empty_table(params: dict[str, str], message: str) -> None:
    at = open_live(params)
    (error,) = at.error
    shown = unescape_markdown(error.value)
    assert "does not describe a possible table" in shown and message in shown
    assert table_counts(at) == (94, 0, 0)
    assert at.query_params == {"lang": "en", **encode(Table.new(CLASSIC))}
    tap_cards(at, "5", Place.SEEN)
    assert not at.error  # the message was about the link; the table now works


def test_an_unknown_variant_in_the_link_is_named_and_the_classic_rules_are_used() -> None:
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["rules"] = "uno"
    at.run()
    known = "classic, poker, vengeance, vengeance-brutal"
    assert [unescape_markdown(warning.value) for warning in at.warning] == [
        f"The link's rules ('uno') is not one of {known}: it was ignored."]
    at.switch_page("pages/live.py").run()
    assert_clean(at)
    assert table_counts(at) == (94, 0, 0)
    assert at.query_params == {"lang": "en", **encode(Table.new(CLASSIC))}

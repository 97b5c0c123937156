"""Every page of the app with a With a Vengeance variant chosen (``?rules=vengeance``), in English and Spanish.

The live page is checked against the library: its next-card fractions against `bust_probability` and
`flip7_next_probability` of the table's situation, its decision and numbers against `analyze_vengeance`
(a late-deck table, small enough for the exact solver).
"""

import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from flip7odds.answer import Method, answer
from flip7odds.cards import parse_cards
from flip7odds.counts import CardCounts
from flip7odds.errors import SituationError
from flip7odds.i18n import translator
from flip7odds.links import write_cards
from flip7odds.markup import unescape_markdown
from flip7odds.rules import VENGEANCE, VENGEANCE_BRUTAL, RuleSet
from flip7odds.vengeance import VengeanceSituation, analyze_vengeance, bust_probability
from flip7odds.vengeance.explorer import PRESETS
from flip7odds.vengeance.links import decode
from flip7odds.vengeance.table import Other, Place
from flip7odds_ui.shell import RULES_CHOSEN_KEY
from tests.live_numbers import shown_numbers, written_range

APP = Path(__file__).resolve().parents[1] / "app.py"
PAGES = ("home", "live", "quiz", "strategy", "simulate", "trees", "urn", "models")
NOT_AVAILABLE = {"en": "This page is not available for the", "es": "Esta página aún no está disponible para la variante"}
EXACTLY_1 = {"en": "add up to exactly **1**", "es": "suman exactamente **1**"}
ENDS_ITS_BRANCH = {"en": "for an action card, ends its branch", "es": "si es una carta de acción, termina su rama"}
FROZEN = {"en": "frozen", "es": "congelado"}


def open_page(page: str, params: dict[str, str]) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params.update(params)
    at.run()
    at.switch_page(f"pages/{page}.py").run()
    assert_clean(at)
    return at


def assert_clean(at: AppTest) -> None:
    assert not at.exception, [exception.value for exception in at.exception]


def shown_text(at: AppTest) -> str:
    return "\n".join(element.value for element in [*at.title, *at.markdown, *at.caption, *at.info, *at.warning,
                                                    *at.error])


def tap(at: AppTest, key: str, whole: bool = True) -> AppTest:
    """Click a button, then (``whole``) read the whole screen: its callback reruns only the parts it changed
    (keyed fragments), and AppTest's element tree then holds those parts alone. A move's message shows once: read
    it without the second run."""
    at.button(key=key).click().run()
    assert_clean(at)
    if whole:
        at.run()
        assert_clean(at)
    return at


def target(at: AppTest, where: Place | Other) -> None:
    at.segmented_control(key="vlive_target").set_value(where).run()


def late_deck(rules: RuleSet, pile: str, line: str, hands: tuple[str, ...]
              ) -> tuple[dict[str, str], VengeanceSituation]:
    """A link to a table late in the deck (every card not in the pile or a line is in the discard pile),
    and the situation it describes, built independently of the page's table."""
    held = parse_cards(line, rules) + tuple(card for hand in hands for card in parse_cards(hand, rules))
    discards = tuple(rules.deck - CardCounts.from_cards(parse_cards(pile, rules)) - CardCounts.from_cards(held))
    params = {"rules": rules.name, "line": write_cards(parse_cards(line, rules)), "others": str(len(hands)),
              "hands": "~".join(write_cards(parse_cards(hand, rules)) or "_" for hand in hands),
              "discards": write_cards(discards)}
    situation = VengeanceSituation.build(rules, parse_cards(line, rules),
                                         others=[parse_cards(hand, rules) for hand in hands],
                                         pile=parse_cards(pile, rules), discards=discards)
    return params, situation


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("rules", ["vengeance", "vengeance-brutal"])
@pytest.mark.parametrize("page", PAGES)
def test_every_page_works(page: str, rules: str, language: str, tmp_path: Path,
                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FLIP7ODDS_DB", str(tmp_path / "progress.sqlite3"))
    at = open_page(page, {"rules": rules, "lang": language})
    assert at.query_params["rules"] == rules and at.query_params["lang"] == language
    text = shown_text(at)
    assert all(message not in text for message in NOT_AVAILABLE.values())  # the message pages once gave
    if page == "trees":
        assert EXACTLY_1[language] in text  # the tree's leaves, in the page's language
        assert ENDS_ITS_BRANCH[language] in text and FROZEN[language] not in text  # no Freeze in With a Vengeance


def test_live_page_tracks_lines_and_shows_the_exact_next_card_odds() -> None:
    at = open_page("live", {"rules": "vengeance"})
    for card in ("12", "5"):
        tap(at, f"card-{card}")
    target(at, Other(0))
    for card in ("9", "-4"):
        tap(at, f"card-{card}")
    assert at.query_params["line"] == "12.5" and at.query_params["hands"] == "9.-4"
    situation = VengeanceSituation.from_text(VENGEANCE, "12 5", others=("9 -4",))
    # 11 twelves and 4 fives are left among 104 cards: 15/104.
    assert bust_probability(situation) * 104 == 15
    assert "Bust now: **15/104 = 14.4%**" in shown_text(at) and "Flip 7 on the next card: **0/104" in shown_text(at)
    # A fresh deck is out of the exact solver's reach: the bar still calls it, with certified bounds.
    call = re.search(r'f7-call">([^<]+)<', shown_text(at))
    assert call is not None and call.group(1) in ("HIT", "STAY")
    assert "Within ±" in shown_text(at) and "(certified bounds)" in shown_text(at)
    best = written_range(shown_numbers(at)["Best play"])
    assert 17 <= best[1] and best[0] < best[1]  # staying banks 17: the optimum is at least that
    tap(at, "card-steal")  # a Steal is played: it goes to the discard pile whoever it is tapped to
    at.session_state["vlive_typing_open"] = True  # the typing expander draws its widgets only while open
    at.run()
    at.text_input(key="vlive_typed").input("9").run()
    at.selectbox(key="vlive_from").set_value(Other(0)).run()
    at.selectbox(key="vlive_to").set_value(Place.LINE).run()
    tap(at, "typed_move")  # ... and takes player 2's 9
    assert at.query_params["line"] == "12.5.9" and at.query_params["hands"] == "-4"
    assert at.query_params["discards"] == "steal"
    assert "**Your line** (26 points)" in shown_text(at) and "Bust now: **23/103 = 22.3%**" in shown_text(at)
    tap(at, "undo")
    assert at.query_params["line"] == "12.5" and at.query_params["hands"] == "9.-4"


def test_live_page_gives_the_exact_decision_late_in_the_deck_with_the_other_lines() -> None:
    params, situation = late_deck(VENGEANCE, "12*3 11*2 9 5 3 -4 steal", "10 7", ("6 2", ""))
    at = open_page("live", params)
    analysis = analyze_vengeance(situation)
    metrics = shown_numbers(at)
    assert metrics["Best play"] == f"{float(analysis.optimal_score):.2f}"
    assert metrics["Stay now"] == str(analysis.stay_score)
    assert metrics["Hit once, then stay"] == f"{float(analysis.hit_once_score or 0):.2f}"
    assert metrics["Flip 7"] == f"{float(analysis.flip7_probability):.1%}"
    call = re.search(r'f7-call">([^<]+)<', shown_text(at))
    assert call is not None and call.group(1) == analysis.decision.value.upper()
    assert "the other players' future draws" in shown_text(at)  # the model's caveat
    assert "[the With a Vengeance model](/models?lang=en&rules=vengeance&doc=vengeance)" in shown_text(at)


def test_live_page_other_players_change_the_answer() -> None:
    """A Steal late in the deck is worth more with a 12 on the table to take: the decision numbers say so."""
    values = []
    for hands in (("",), ("12",)):
        params, situation = late_deck(VENGEANCE, "11*2 steal 5 3", "10 9", hands)
        at = open_page("live", params)
        expected = analyze_vengeance(situation)
        metrics = shown_numbers(at)
        assert metrics["Hit, then play best"] == f"{float(expected.hit_score or 0):.2f}"
        values.append(expected.hit_score or 0)
    assert values[1] > values[0]


def test_live_page_duplicates_bust_you_or_another_player() -> None:
    at = open_page("live", {"rules": "vengeance-brutal", "others": "2", "hands": "9~_"})
    target(at, Other(0))
    tap(at, "card-9")  # player 2 busts: their seat is marked, player 3 keeps their number
    assert at.query_params["busted"] == "1" and at.query_params["others"] == "2" and at.query_params["hands"] == "x~_"
    assert at.number_input(key="vlive_busted").value == 1 and "**Player 2:** busted this round" in shown_text(at)
    assert [option for option in at.segmented_control(key="vlive_target").options] == ["Your line", "Player 3", "Seen elsewhere",
                                                                          "Discards"]
    target(at, Place.LINE)
    for card in ("7", "7"):
        tap(at, f"card-{card}")
    assert 'f7-call">BUST<' in shown_text(at)
    assert at.segmented_control(key="vlive_target").value == Place.SEEN  # your round is over: the next cards are seen


def test_live_page_says_what_is_wrong_with_a_typed_card_and_a_bad_link() -> None:
    at = open_page("live", {"rules": "vengeance"})
    at.session_state["vlive_typing_open"] = True  # the typing expander draws its widgets only while open
    at.run()
    at.text_input(key="vlive_typed").input("12 banana").run()
    tap(at, "typed_add", whole=False)
    assert unescape_markdown(at.error[0].value).startswith("Unknown card 'banana'")
    assert "line" not in at.query_params
    corrupt = open_page("live", {"rules": "vengeance", "line": "5.5.7", "hands": "3"})
    assert unescape_markdown(corrupt.error[0].value).startswith("This link does not describe a possible table")
    assert "Pile **108** · Discards **0** · On the table **0**" in shown_text(corrupt)


def test_live_page_in_spanish_names_the_vengeance_cards() -> None:
    at = open_page("live", {"rules": "vengeance", "lang": "es"})
    labels = {button.key: button.label for button in at.button}
    assert labels["card-jom"].startswith("Una más") and labels["card-flip4"].startswith("Robar cuatro")
    assert labels["card-steal"].startswith("Quitar") and labels["card-swap"].startswith("Intercambiar")
    assert labels["card-discard"].startswith("Descartar")
    tap(at, "card-12")
    assert "Eliminación ahora: **11/107 = 10,3\u00a0%**" in shown_text(at)
    assert "Otros jugadores" in [widget.label for widget in at.number_input]


def test_switching_from_classic_to_vengeance_starts_a_vengeance_table() -> None:
    at = open_page("live", {"rules": "classic"})
    tap(at, "card-12")
    at.session_state[RULES_CHOSEN_KEY] = "vengeance-brutal"
    at.run()
    assert_clean(at)
    assert at.query_params["rules"] == "vengeance-brutal" and "line" not in at.query_params
    assert "Pile **108**" in shown_text(at)
    assert decode(dict(at.query_params)).rules is VENGEANCE_BRUTAL


def test_strategy_explorer_compares_lines_exactly_late_in_the_deck() -> None:
    at = open_page("strategy", {"rules": "vengeance"})
    preset = PRESETS[0]
    table = at.table[0].value.reset_index()
    lines = [unescape_markdown(line) for line in table["Your line"]]  # a table's cells are Markdown
    assert lines == list(preset.lines)
    for line, decision, hit in zip(lines, table["Best play"], table["Hit, then play best"], strict=True):
        expected = analyze_vengeance(VengeanceSituation.from_text(VENGEANCE, line, others=preset.others,
                                                                  pile=preset.pile))
        assert decision == expected.decision.value and hit == f"{float(expected.hit_score or 0):.2f}"
    assert set(table["Best play"]) == {"hit", "stay"}  # the preset was chosen so that lines differ
    assert at.query_params["pile"] == preset.pile and at.query_params["lines"] == "~".join(preset.lines)


def test_strategy_explorer_link_and_a_bad_line_in_spanish() -> None:
    at = open_page("strategy", {"rules": "vengeance-brutal", "lang": "es", "pile": "12 11 5", "hands": "9~_",
                                "lines": "12 3~7 7", "busted": "1"})
    assert [unescape_markdown(warning.value) for warning in at.warning] == [
        "Línea 7 7: número repetido 7 en tu línea: un segundo 7 te elimina"]
    expected = analyze_vengeance(VengeanceSituation.from_text(VENGEANCE_BRUTAL, "12 3", others=("9", ""),
                                                              pile="12 11 5", busted_others=1))
    row = at.table[0].value.reset_index().iloc[0]
    assert row["Tu línea"] == "12 3" and row["Plantarse ahora"] == str(expected.stay_score)
    assert row["Pedir y jugar lo mejor"] == translator("es").number(float(expected.hit_score or 0))


def test_urn_page_counts_the_vengeance_bust_cards() -> None:
    at = open_page("urn", {"rules": "vengeance-brutal", "line": "13 l13 7", "pile": "13 u7 7 5 2"})
    situation = VengeanceSituation.from_text(VENGEANCE_BRUTAL, "13 l13 7", pile="13 u7 7 5 2")
    # A third 13 and a second plain 7 bust; the Unlucky 7 never does when drawn: K = 2 of N = 5.
    assert bust_probability(situation) == Fraction(2, 5)
    assert "**N = 5**" in shown_text(at) and "**K = 2**" in shown_text(at)
    assert "\\frac{2}{5}" in at.latex[0].value
    fresh = open_page("urn", {"rules": "vengeance", "lang": "es"})
    # 12 11 9 held, 105 cards left: 11 twelves, 10 elevens and 8 nines bust.
    assert "**N = 105**" in shown_text(fresh) and "**K = 29**" in shown_text(fresh)
    assert "El mazo es una urna" in shown_text(fresh)
    bad = open_page("urn", {"rules": "vengeance", "line": "7 7"})
    assert [unescape_markdown(error.value) for error in bad.error] == ["Duplicate number 7 in your line: a second 7 busts you"]


def test_live_page_answers_a_table_too_large_for_the_exact_solver_with_its_reshuffle() -> None:
    # An Unlucky 7 and a Discard could run the pile out; with its discards reshuffled the table is too large
    # for the exact solver (it refuses it). Without the reshuffle (a round that empties the pile ends as if you
    # stayed) it is solved exactly: a lower bound, since a reshuffle only adds choices. The bounded search settles
    # the table exactly within seconds (every state it leaves closes), so the page answers with its value: exactly
    # where the live budget sufficed, else within certified bounds that hold it, and says which.
    params, situation = late_deck(VENGEANCE, "12*3 11 9 5 u7 discard -4", "10 7", ("6 2",))
    with pytest.raises(SituationError):
        analyze_vengeance(situation, 10**7)
    settled = answer(situation, 10.0)
    assert settled.exact and settled.method is Method.BOUNDED
    value = settled.optimal.mid
    without = float(analyze_vengeance(replace(situation, discards=None)).optimal_score)
    assert without <= value
    at = open_page("live", params)
    low, high = written_range(shown_numbers(at)["Best play"])
    assert low - 0.005 <= value <= high + 0.005  # written to two decimals, a certified range rounded outward
    certified = "Certified bounds: each exact value lies within the ± written beside it" in shown_text(at)
    assert certified == (low < high)

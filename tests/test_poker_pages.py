"""Every page of the app with the poker variant chosen (``?rules=poker``), driven headless (streamlit AppTest)."""

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from flip7odds.analysis import analyze
from flip7odds.cards import card_name
from flip7odds.engine import Termination
from flip7odds.i18n import translator
from flip7odds.policies import evaluate_policy, parse_policy
from flip7odds.rules import POKER
from flip7odds.situation import Situation
from flip7odds.teaching import Grouping, SituationText, TreeStart, probability_tree
from flip7odds_ui.shell import RULES_CHOSEN_KEY
from tests.live_numbers import shown_numbers, written_range

APP = Path(__file__).resolve().parents[1] / "app.py"


def open_page(page: str, params: dict[str, str] | None = None) -> AppTest:
    """Open a page of the app in a fresh session at a link with these query parameters (poker by default)."""
    at = AppTest.from_file(APP, default_timeout=180)
    at.query_params.update({"rules": "poker", **(params or {})})
    at.run()
    at.switch_page(f"pages/{page}.py").run()
    assert_clean(at)
    return at


def assert_clean(at: AppTest) -> None:
    assert not at.exception, [exception.value for exception in at.exception]


def shown_text(at: AppTest) -> str:
    """Every markdown, caption, info, warning and error shown, joined."""
    return "\n".join(element.value for element in [*at.markdown, *at.caption, *at.info, *at.warning, *at.error])


def table_counts(at: AppTest) -> tuple[int, int, int]:
    found = re.search(r"Pile \*\*(\d+)\*\* · Discards \*\*(\d+)\*\* · On the table \*\*(\d+)\*\*", shown_text(at))
    assert found is not None, shown_text(at)
    pile, discards, on_table = (int(group) for group in found.groups())
    return pile, discards, on_table


def tap(at: AppTest, key: str) -> AppTest:
    at.button(key=key).click().run()
    at.run()  # the callback reran only the parts it changed
    assert_clean(at)
    return at


def test_live_page_opens_the_poker_table_with_playing_card_names() -> None:
    at = open_page("live")
    assert table_counts(at) == (57, 0, 0)
    assert at.query_params["rules"] == "poker"
    labels = {button.key: button.label for button in at.button if button.key and button.key.startswith("card-")}
    assert labels["card-13"].startswith("K ") and labels["card-0"].startswith("Joker ")
    assert labels["card-Kd"].startswith("K♦ (×2)") and labels["card--3"].startswith("3♦ (-3)")
    assert labels["card-freeze"].startswith("A (Freeze)") and labels["card-flip3"].startswith("3 (Flip Three)")
    assert "card-12" in labels and "card-1" not in labels and "card-+4" not in labels  # no 1, no +4 in this deck
    tap(at, "card-13")
    tap(at, "card-9")
    tap(at, "card-Kd")
    # K 9 and the K of diamonds: (13 + 9) x 2 = 44, the line as playing cards.
    assert "K" in shown_text(at) and "K♦ (×2)" in shown_text(at)
    analysis = analyze(Situation.from_text(POKER, "K 9 Kd"))
    metrics = shown_numbers(at)
    assert metrics["Stay now"] == "44" == str(analysis.stay_score)
    assert metrics["Best play"] == f"{analysis.optimal_score:.2f}"
    assert at.query_params["line"] and at.query_params["rules"] == "poker"


def test_changing_the_sidebar_variant_starts_a_new_game_with_its_rules() -> None:
    at = open_page("live", {"rules": "classic"})
    tap(at, "card-12")
    assert table_counts(at) == (93, 0, 1)
    # AppTest does not list app.py's sidebar widgets once a page is switched to: make the choice the
    # sidebar's callback makes (the browser test clicks the real one).
    at.session_state[RULES_CHOSEN_KEY] = "poker"
    at.run()
    assert_clean(at)
    assert table_counts(at) == (57, 0, 0)
    assert at.query_params["rules"] == "poker" and "line" not in at.query_params
    tap(at, "card-13")
    assert table_counts(at) == (56, 0, 1)


def test_a_poker_link_reproduces_the_poker_table() -> None:
    at = open_page("live", {"line": "13.9", "seen": "0.-3.Kd"})
    assert table_counts(at) == (52, 0, 5)
    assert "Joker" in shown_text(at) and "3♦ (-3)" in shown_text(at) and "K♦ (×2)" in shown_text(at)


def test_typed_playing_card_names_are_read_with_the_poker_notation() -> None:
    at = open_page("live")
    at.session_state["live_typing_open"] = True  # the typing expander draws its widgets only while open
    at.run()
    at.text_input(key="live_typed").set_value("K joker 10d").run()
    tap(at, "typed_add")
    assert table_counts(at) == (54, 0, 3)


def test_a_poker_situation_too_big_to_solve_in_a_tap_is_answered_within_certified_bounds() -> None:
    at = open_page("live", {"others": "0", "line": "13"})
    assert not at.warning
    assert "Certified bounds: each exact value lies within the ± written beside it" in shown_text(at)
    # A lone K on a whole deck: the bar calls it by the midpoints (staying banks 13; hitting is worth more), and
    # the best play is the larger of the two, so its interval starts at 13 at least.
    assert re.search(r'f7-call">HIT<', shown_text(at))
    metrics = shown_numbers(at)
    # Each written "mid ± h": the bar's words and the numbers' agree (the hit's ± in the bar is the number's).
    best, hit = written_range(metrics["Best play"]), written_range(metrics["Hit, then play best"])
    assert " ± " in metrics["Best play"] and " ± " in metrics["Hit, then play best"]
    assert metrics["Stay now"] == "13" and best[0] >= 13 - 0.01 and abs(best[1] - hit[1]) <= 0.011
    half = metrics["Hit, then play best"].split(" ± ")[1]
    assert f"Within ±{half}&nbsp;points (certified bounds)" in shown_text(at)
    assert f"Hit ≈&nbsp;{metrics['Hit, then play best'].split(' ± ')[0]} ·" in shown_text(at)


def test_quiz_deals_poker_situations_in_playing_card_notation(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FLIP7ODDS_DB", str(tmp_path / "progress.sqlite3"))
    at = open_page("quiz")
    question = at.session_state["quiz_question"]
    situation = question.situation
    assert situation.rules is POKER
    shown = " ".join(card_name(card, translator("en"), POKER) for card in situation.players[situation.you].cards)
    assert f"`{shown}`" in shown_text(at)
    assert f"Pile **{situation.pile.size}**" in shown_text(at) and situation.pile.size <= POKER.deck.size
    assert "Cards in the pile" not in [metric.label for metric in at.metric]  # the pile's count is written once
    tap(at, "quiz_hit")
    metrics = {metric.label: metric.value for metric in at.metric}
    assert metrics["Stay"] == f"{situation.line.score(POKER)} points" == f"{question.exact.stay_score} points"
    # The answer is kept with its variant: the saved situation reads back as a poker one.
    progress = at.session_state["quiz_progress"]
    (answer,) = progress.store.answers(progress.profile.key)
    saved = progress.store.situation(answer.situation_key)
    assert saved.rules is POKER and saved == situation


def test_strategy_explorer_solves_the_poker_pile() -> None:
    pile = "K*4 Q*2 9*3 5*2 joker*2 Kd 3d sc"
    at = open_page("strategy", {"pile": pile})
    expected = evaluate_policy(SituationText(pile=pile, rules="poker").situation(), parse_policy("optimal"))
    metrics = {metric.label: metric.value for metric in at.metric}
    assert metrics["Optimal play"] == f"{expected.expected_score:.4f}"
    classic = evaluate_policy(SituationText(pile="12*4 11*2 9*3 5*2 0 +2 sc").situation(), parse_policy("optimal"))
    assert metrics["Optimal play"] != f"{classic.expected_score:.4f}"


def test_simulate_page_counts_from_the_poker_deck() -> None:
    at = open_page("simulate")
    metrics = {metric.label: metric.value for metric in at.metric}
    # 12 11 9 held; the 57-card deck keeps 3 queens, 3 jacks and 2 nines among its 54 cards: 8/54 = 4/27.
    assert metrics["Exact"].startswith("4/27")


def test_trees_page_uses_the_poker_deck() -> None:
    at = open_page("trees")
    tree = probability_tree(SituationText(rules="poker").situation(), 2, TreeStart.HIT, Grouping.OUTCOME)
    bust = tree.probability_of(Termination.BUST)
    p_bust = next(metric for metric in at.metric if metric.label == "P(bust)")
    assert p_bust.value == f"{float(bust):.2%}"


def test_urn_page_uses_the_poker_deck() -> None:
    at = open_page("urn")
    # The default line 12 11 9 leaves 54 of the 57 cards; 3 + 3 + 2 of them bust.
    assert "**N = 54**" in shown_text(at) and "**K = 8**" in shown_text(at)


def test_home_page_shows_the_poker_variant_chosen_in_the_link() -> None:
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params.update({"rules": "poker"})
    at.run()
    assert_clean(at)
    variant = at.sidebar.selectbox(key="rules")
    assert variant.value == "poker" and variant.format_func("poker") == "Two poker decks"
    assert at.query_params["rules"] == "poker"


def test_the_urn_names_a_poker_line_as_its_players_read_it() -> None:
    at = open_page("urn", {"line": "13.11.9.0", "draws": "3"})
    assert_clean(at)
    assert "copies of numbers in your line (Joker 9 J K)" in shown_text(at)


def test_a_replayed_poker_mistake_is_listed_with_playing_card_names() -> None:
    """The progress store keeps a line in the base notation (``0 9 13 -3 Kd``); the list of mistakes reads it back in
    the poker notation: ``Joker 9 K 3♦ (-3) K♦ (×2)``, not ``0 9 13``."""
    from flip7odds_ui.progress import line_text

    stored = str(Situation.from_text(POKER, "K joker Kd 3d 9").line)
    assert line_text(translator("en"), stored, POKER) == "Joker 9 K 3♦ (-3) K♦ (×2)"
    assert line_text(translator("es"), stored, POKER).startswith("Comodín 9 K")
    assert line_text(translator("en"), "not a line", POKER) == "not a line"  # another version's text, as it was

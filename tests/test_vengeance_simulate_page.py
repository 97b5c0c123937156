"""The simulate page with With a Vengeance chosen (``?rules=vengeance``): whole simulated games, in both languages."""

from fractions import Fraction
from pathlib import Path

from streamlit.testing.v1 import AppTest

from flip7odds.i18n import translator
from flip7odds.rules import VENGEANCE, VENGEANCE_BRUTAL
from flip7odds.trainer_cli import EVENT_WORDS, simulate
from flip7odds.vengeance.game import EVENTS, BustThreshold, SumThreshold

APP = Path(__file__).resolve().parents[1] / "app.py"


def open_page(params: dict[str, str]) -> AppTest:
    """Open the simulate page at a link with these query parameters (``rules`` names a Vengeance variant:
    the sidebar's switch reads it, as a player's link would)."""
    at = AppTest.from_file(APP, default_timeout=180)
    at.query_params.update(params)
    at.run()
    at.switch_page("pages/simulate.py").run()
    assert not at.exception, [exception.value for exception in at.exception]
    return at


def test_the_page_shows_the_simulators_summary_of_the_linked_games() -> None:
    at = open_page({"rules": "vengeance", "players": "3", "policy": "sum:25,bust:30%", "games": "6", "seed": "4"})
    assert at.title[0].value == "Simulated games: With a Vengeance"
    expected = simulate(VENGEANCE, [SumThreshold(25), BustThreshold(Fraction(3, 10)), SumThreshold(25)], 6, 4)
    metrics = {metric.label: metric.value for metric in at.metric}
    assert metrics["Mean round score"] == f"{expected.mean_round_score:.2f}"
    assert metrics["Rounds per game"] == f"{expected.rounds_per_game:.2f}"
    wins, outcomes, events = (table.value.reset_index() for table in at.table)
    assert list(wins["Policy"]) == ["sum:25", "bust:0.3", "sum:25"]
    assert list(wins["Wins"]) == [f"{100 * rate:.1f}%" for rate in expected.win_rate_by_seat]
    assert len(outcomes) == len(expected.outcomes)
    assert list(events["Event"]) == [EVENT_WORDS[name] for name in EVENTS]
    assert list(events["Per game"]) == [f"{expected.events_per_game[name]:.2f}" for name in EVENTS]
    assert {key: at.query_params[key] for key in ("players", "policy", "games", "seed")} == {
        "players": "3", "policy": "sum:25,bust:30%", "games": "6", "seed": "4"}


def test_the_brutal_variant_in_spanish() -> None:
    at = open_page({"lang": "es", "rules": "vengeance-brutal", "players": "4", "games": "3", "seed": "1"})
    t = translator("es")
    assert at.title[0].value == "Partidas simuladas: Venganza (modo brutal)"
    expected = simulate(VENGEANCE_BRUTAL, [SumThreshold(25)] * 4, 3, 1)
    metrics = {metric.label: metric.value for metric in at.metric}
    assert metrics["Puntuación media por ronda"] == t.number(expected.mean_round_score, 2)
    events = at.table[2].value.reset_index()
    assert list(events["Suceso"])[:5] == ["Quitar", "Intercambiar", "Descartar", "Una más", "Robar cuatro"]


def test_a_bad_policy_is_one_clear_message() -> None:
    at = open_page({"rules": "vengeance", "games": "3"})
    at.text_input(key="v_policy").set_value("sum:25,optimal").run()
    assert not at.exception, [exception.value for exception in at.exception]
    assert len(at.error) == 1 and "optimal policy cannot play With a Vengeance games" in at.error[0].value
    assert not at.table


def test_a_linked_bad_policy_is_one_warning_and_the_default_plays() -> None:
    at = open_page({"rules": "vengeance", "policy": "sum:25,optimal", "games": "3"})
    assert not at.error and len(at.warning) == 1
    assert "optimal policy cannot play With a Vengeance games" in at.warning[0].value
    assert at.text_input(key="v_policy").value == "sum:25" and at.table

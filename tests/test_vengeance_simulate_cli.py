"""``flip7odds simulate --rules vengeance`` (and ``vengeance-brutal``): the classic summary, events, one-line errors."""

import argparse
import json
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from flip7odds.rules import VENGEANCE
from flip7odds.trainer_cli import add_simulate_arguments, simulate, simulate_command
from flip7odds.vengeance.game import EVENTS, BustThreshold, SumThreshold, play_game


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="flip7odds simulate")
    add_simulate_arguments(parser)
    return simulate_command(parser.parse_args(argv))


@pytest.mark.parametrize("rules", ["vengeance", "vengeance-brutal"])
def test_simulate_json_has_the_classic_keys(rules: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--players", "2", "--games", "2", "--json"]) == 0
    classic = json.loads(capsys.readouterr().out)
    argv = ["--rules", rules, "--players", "4", "--policy", "sum:25,bust:30%", "--games", "6", "--seed", "3"]
    assert run([*argv, "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert set(summary) == set(classic) and classic["events_per_game"] == {}
    assert summary["policies"] == ["sum:25", "bust:0.3", "sum:25", "bust:0.3"]
    assert sum(summary["win_rate_by_seat"]) == pytest.approx(1.0)
    assert sum(summary["outcomes"].values()) == pytest.approx(1.0)
    assert list(summary["events_per_game"]) == list(EVENTS)


def test_the_summary_counts_what_the_games_did() -> None:
    players = [SumThreshold(25), BustThreshold(Fraction(3, 10)), SumThreshold(20)]
    summary = simulate(VENGEANCE, players, games=4, seed=9)
    assert simulate(VENGEANCE, players, games=4, seed=9, check=False) == summary  # the check changes only speed
    rng = np.random.default_rng(9)
    events: Counter[str] = Counter()
    rounds = 0
    for _ in range(4):
        game = play_game(VENGEANCE, players, rng)
        rounds += len(game.rounds)
        for result in game.rounds:
            events.update(dict(result.events))
    assert summary.rounds == rounds
    assert summary.events_per_game == {name: events[name] / 4 for name in EVENTS}


def test_simulate_text_in_english_and_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--rules", "vengeance", "--players", "3", "--games", "3", "--seed", "2"]
    assert run(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("3 games, 3 players (sum:23, sum:23, sum:23), seed 2\n")
    assert "\nper game: Steal " in out and "cards played on a stayed player" in out
    assert run([*argv, "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("3 partidas, 3 jugadores (sum:23, sum:23, sum:23), semilla 2\n")
    assert "\npor partida: Quitar " in out and "Intercambiar" in out and "Robar cuatro" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["--rules", "vengeance", "--policy", "optimal"], "the optimal policy cannot play With a Vengeance games"),
    (["--rules", "vengeance-brutal", "--policy", "sum:23,greedy"], "unknown policy 'greedy'"),
    (["--rules", "vengance"], "unknown rules 'vengance': choose one of classic, poker, vengeance, vengeance-brutal"),
    (["--rules", "vengeance", "--players", "0"], "players must be from 1 to 36"),
])
def test_bad_input_is_one_line_and_exit_2(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run([*argv, "--games", "2"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and message.lower() in captured.err.lower()


def test_bad_input_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--rules", "vengeance", "--policy", "optimal", "--lang", "es"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "La estrategia óptima no puede jugar partidas de Venganza" in err

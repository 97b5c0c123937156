"""``flip7odds simulate``: summary statistics, a progress bar on stderr, one-line errors."""

import argparse
import io
import json

import pytest

from flip7odds.rules import CLASSIC
from flip7odds.simulator import Outcome, SumThreshold
from flip7odds.trainer_cli import OUTCOME_WORDS, add_simulate_arguments, simulate, simulate_command


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="flip7odds simulate")
    add_simulate_arguments(parser)
    return simulate_command(parser.parse_args(argv))


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--players", "3", "--policy", "sum:23,cards:3", "--games", "20", "--seed", "5", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 20 and summary["policies"] == ["sum:23", "cards:3", "sum:23"]
    assert sum(summary["win_rate_by_seat"]) == pytest.approx(1.0)
    assert sum(summary["win_rate_by_policy"].values()) == pytest.approx(1.0)
    assert sum(summary["outcomes"].values()) == pytest.approx(1.0)
    assert summary["rounds_per_game"] >= 1 and summary["mean_round_score"] > 0


def test_the_summary_adds_up_the_games() -> None:
    summary = simulate(CLASSIC, [SumThreshold(20)] * 2, games=10, seed=1)
    again = simulate(CLASSIC, [SumThreshold(20)] * 2, games=10, seed=1, check=False)
    assert summary == again  # the check changes nothing but speed
    assert summary.rounds == pytest.approx(summary.rounds_per_game * 10)


def test_a_progress_bar_for_long_runs() -> None:
    stream = io.StringIO()
    simulate(CLASSIC, [SumThreshold(20)] * 3, games=12, seed=2, progress=stream, progress_after=0.0)
    assert "12/12 games" in stream.getvalue() and stream.getvalue().endswith("\n")
    quiet = io.StringIO()
    simulate(CLASSIC, [SumThreshold(20)] * 3, games=2, seed=2, progress=quiet, progress_after=60.0)
    assert quiet.getvalue() == ""


def test_simulate_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--players", "4", "--games", "5", "--seed", "2"]) == 0
    assert "5 games, 4 players" in capsys.readouterr().out


@pytest.mark.parametrize(("argv", "message"), [
    (["--players", "0"], "players must be from 1 to 36"),
    (["--players", "37"], "players must be from 1 to 36"),
    (["--policy", "greedy"], "unknown policy 'greedy'"),
    (["--games", "0"], "games must be from 1"),
    (["--rules", "uno"], "unknown rules 'uno'"),
])
def test_simulate_bad_input_is_one_line_and_exit_2(argv: list[str], message: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert run(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and message.lower() in captured.err.lower()


def test_simulate_text_in_spanish_shows_the_json_numbers_with_a_decimal_comma(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--players", "3", "--games", "5", "--seed", "2"]
    assert run([*argv, "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert run([*argv, "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("5 partidas, 3 jugadores (sum:23, sum:23, sum:23), semilla 2\n")
    mean = f"{summary['mean_round_score']:.3f}".replace(".", ",")
    assert f"puntuación media por ronda {mean} ± " in out
    share = f"{100 * summary['outcomes']['bust']:.1f}".replace(".", ",")
    assert f"eliminado {share}\u00a0%" in out


def test_simulate_bad_input_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--games", "0", "--lang", "es"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "flip7odds simulate: error: Las partidas deben ser de 1 a 1000000, no 0\n"


def test_every_outcome_has_a_readable_name() -> None:
    from flip7odds.vengeance.game import Outcome as VengeanceOutcome

    assert set(OUTCOME_WORDS) == {outcome.value for outcome in (*Outcome, *VengeanceOutcome)}

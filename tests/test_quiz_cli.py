"""``flip7odds quiz``: JSON situations with the numbers the page grades against; one-line errors."""

import argparse
import json

import pytest

from flip7odds.analysis import TOLERANCE, problem_of
from flip7odds.quiz import QuizSituation
from flip7odds.solver import solve
from flip7odds.trainer_cli import add_quiz_arguments, quiz_command


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="flip7odds quiz")
    add_quiz_arguments(parser)
    return quiz_command(parser.parse_args(argv))


def test_quiz_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--level", "2", "--count", "3", "--seed", "7", "--json"]) == 0
    output = json.loads(capsys.readouterr().out)
    assert output["level"] == 2 and len(output["situations"]) == 3
    for item in output["situations"]:
        assert {"line", "pile", "others_active", "stay_score", "hit_score", "decision"} <= set(item)
        situation = QuizSituation.from_json(item)
        assert str(situation.line) == item["line"] and situation.others_active == item["others_active"]
        assert sum(item["pile"].values()) == situation.pile.size
        solution = solve(problem_of(situation.situation), TOLERANCE)
        assert item["stay_score"] == solution.stay_score
        assert item["hit_score"] == pytest.approx(solution.hit_score, abs=1e-9)
        assert item["decision"] == ("hit" if solution.hits_now else "stay")


def test_quiz_text_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--level", "1", "--count", "2", "--seed", "3"]) == 0
    first = capsys.readouterr().out
    assert run(["--level", "1", "--count", "2", "--seed", "3"]) == 0
    assert capsys.readouterr().out == first and "best:" in first


@pytest.mark.parametrize(("argv", "message"), [
    (["--level", "5"], "level must be 1, 2, 3 or 4"),
    (["--count", "0"], "count must be from 1"),
    (["--seed", "-1"], "seed must be 0 or more"),
])
def test_quiz_bad_input_is_one_line_and_exit_2(argv: list[str], message: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert run(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and message.lower() in captured.err.lower()


def test_quiz_text_in_spanish_shows_the_json_numbers_with_a_decimal_comma(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--level", "3", "--count", "3", "--seed", "3"]
    assert run([*argv, "--json"]) == 0
    situations = json.loads(capsys.readouterr().out)["situations"]
    assert run([*argv, "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert out.count("tu línea:") == 3 and "your line" not in out
    for item in situations:
        hit = f"{item['hit_score']:.4f}".replace(".", ",")
        best = "PIDE CARTA" if item["decision"] == "hit" else "PLÁNTATE"
        assert f"plantarse {item['stay_score']}   pedir carta {hit}   mejor: {best}\n" in out


def test_quiz_language_defaults_to_the_locale(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("LC_ALL", "es_ES.UTF-8")
    assert run(["--count", "1", "--seed", "3"]) == 0
    assert "tu línea:" in capsys.readouterr().out
    assert run(["--count", "1", "--seed", "3", "--lang", "en"]) == 0
    assert "your line:" in capsys.readouterr().out


def test_quiz_bad_input_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--level", "5", "--lang", "es"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == "flip7odds quiz: error: El nivel debe ser 1, 2, 3 o 4, no 5\n"

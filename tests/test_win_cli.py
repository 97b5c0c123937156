"""`flip7odds analyze --objective win`: the added JSON keys, the report in both languages, bad totals."""

import io
import json

import pytest

from flip7odds.cli import main
from flip7odds.endgame import analyze_win
from flip7odds.rules import CLASSIC
from flip7odds.situation import Situation

LINE, SEEN = "12 7 3 +4", "12 12 5 9 9 8 11 10"


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(argv), out=out, stdin=io.StringIO(""))
    return status, out.getvalue()


def test_json_adds_the_win_keys_to_the_round_ev_keys() -> None:
    status, text = run("analyze", "--line", LINE, "--seen", SEEN, "--scores", "120,195", "--me", "0",
                       "--objective", "win", "--json")
    assert status == 0
    data = json.loads(text)
    assert {"stay_score", "decision", "optimal_score", "win_probability_stay", "win_probability_hit",
            "decision_win"} <= set(data)
    expected = analyze_win(Situation.from_text(CLASSIC, LINE, seen=SEEN), (120, 195), 0)
    assert data["win_probability_stay"] == expected.stay_win
    assert data["win_probability_hit"] == expected.hit_win
    assert data["decision_win"] == "hit" and data["decision"] == "hit"


def test_report_names_both_advisers_in_english_and_spanish() -> None:
    status, text = run("analyze", "--line", LINE, "--seen", SEEN, "--scores", "185,150", "--me", "0",
                       "--objective", "win", "--lang", "en")
    assert status == 0
    assert "Round-EV says HIT, win-probability says STAY" in text
    status, text = run("analyze", "--line", LINE, "--seen", SEEN, "--scores", "185,150", "--me", "0",
                       "--objective", "win", "--lang", "es")
    assert "la probabilidad de ganar dice PLÁNTATE" in text


@pytest.mark.parametrize(("argv", "message"), [
    (["--scores", "120,x", "--me", "0", "--objective", "win"], "whole numbers"),
    (["--scores", "120,195", "--me", "5", "--objective", "win"], "seat from 0 to 1"),
    (["--scores", "120,195", "--objective", "win"], "seat from 0 to 1"),
    (["--objective", "win"], "--scores"),
    (["--scores", "120,195", "--me", "0"], "--objective win"),
    (["--scores", "120,195", "--me", "0", "--objective", "win", "--rules", "poker"], "classic rules only"),
])
def test_bad_totals_give_one_line_and_status_2(argv: list[str], message: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    status, _ = run("analyze", "--line", "12 7", "--lang", "en", *argv)
    error = capsys.readouterr().err
    assert status == 2
    assert message.lower() in error.lower() and error.count("\n") == 1 and "Traceback" not in error

"""``flip7odds analyze --rules vengeance``: the classic JSON keys plus the model's caveat, the report, bad input."""

import io
import json
from fractions import Fraction

import pytest

from flip7odds.cli import main
from flip7odds.rules import VENGEANCE
from flip7odds.vengeance.analysis import CAVEAT, analyze_vengeance
from flip7odds.vengeance.situation import VengeanceSituation
from tests.test_cli import MODEL_KEYS


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def test_json_has_the_classic_keys_plus_the_caveat() -> None:
    status, text = run("analyze", "--rules", "vengeance", "--line", "5", "--other", "12 -4", "--pile", "steal 3 5",
                       "--json")
    assert status == 0
    data = json.loads(text)
    assert set(data) == MODEL_KEYS | {"caveat", "flip7_next_probability"}
    assert data["exact"] is True and data["error_bound"] == 0
    assert data["caveat"] == CAVEAT
    expected = analyze_vengeance(VengeanceSituation.from_text(VENGEANCE, "5", others=("12 -4",), pile="steal 3 5"))
    assert data["optimal_score"] == float(expected.optimal_score)
    assert data["bust_probability"] == {"fraction": "1/3", "value": 1 / 3}  # the 5
    assert data["decision"] == expected.decision.value == "hit"
    assert sum(data["distribution"].values()) == pytest.approx(1)
    # Hit once, then stay: steal (1/3) takes the 12 -> 17, 3 (1/3) -> 8, 5 (1/3) busts: (17 + 8) / 3.
    assert Fraction(data["hit_once_score"]["fraction"]) == Fraction(25, 3)


def test_others_count_and_alone_give_empty_handed_players() -> None:
    # Alone, the -4 must be kept: 10 - 4 = 6; one empty-handed other player takes it: stay 10 (ties stay).
    alone = json.loads(run("analyze", "--rules", "vengeance", "--line", "10", "--pile", "-4", "--alone", "--json")[1])
    other = json.loads(run("analyze", "--rules", "vengeance", "--line", "10", "--pile", "-4", "--json")[1])
    assert (alone["hit_score"], alone["decision"]) == (6, "stay")
    assert (other["hit_score"], other["decision"]) == (10, "stay")


def test_a_fresh_deck_is_answered_within_certified_bounds() -> None:
    status, text = run("analyze", "--rules", "vengeance", "--line", "12 5", "--other", "10 9", "--cpu-seconds", "0.5")
    assert status == 0 and "Certified bounds" in text and "too large" not in text
    assert text.splitlines()[-1] == CAVEAT


@pytest.mark.parametrize("position", [["--line", "", "--alone"], ["--line", "0 5 9", "--other", "10 12"]],
                         ids=["empty line", "The Zero held"])
@pytest.mark.parametrize(("lang", "expected", "hit_line"),
                         [("en", "expected", "Hit, then play best"), ("es", "esperado", "Pedir carta y jugar lo mejor")])
def test_a_line_that_may_not_stay_within_bounds_gives_its_expected_score_as_the_interval(
        position: list[str], lang: str, expected: str, hit_line: str) -> None:
    """An empty line, or one holding The Zero, may not stay: where the answer is bounded, the headline's expected score
    is the hit interval the lines below give, not its midpoint written as if it were exact."""
    status, text = run("analyze", "--rules", "vengeance", *position, "--cpu-seconds", "0.3", "--lang", lang)
    lines = text.splitlines()
    hit = next(line for line in lines if line.startswith(hit_line + ": "))
    interval = hit.split(": ", 1)[1].rsplit(" ", 1)[0]  # "17.16 to 20.97" / "de 17,16 a 20,97", less "points"
    assert status == 0 and " " in interval and lines[0].endswith(f"({expected} {interval})"), (lines[0], hit)


def test_the_report_says_the_zero_forces_a_hit_and_shows_the_caveat() -> None:
    status, text = run("analyze", "--rules", "vengeance", "--line", "0 1 2 3 4 5", "--pile", "6 5", "--alone")
    assert status == 0
    assert text.splitlines()[0] == "HIT: you hold The Zero, you may not stay (expected 18.00)"
    assert text.splitlines()[-1] == CAVEAT


@pytest.mark.parametrize("argv, message", [
    (["--rules", "vengeance", "--line", "banana"], "unknown card 'banana': use 0-13, u7, l13"),
    (["--rules", "vengeance", "--line", "13 13"], "duplicate number 13 in your line"),
    (["--rules", "vengeance", "--line", "5", "--other", "9 9"], "duplicate number 9 in another player's line"),
    (["--line", "5", "--other", "9"], "--other and --busted describe With a Vengeance situations"),
    (["--rules", "vengeance", "--line", "5", "--busted", "-1"], "-1 is negative"),
])
def test_bad_input_is_one_line_and_exit_2(argv: list[str], message: str, capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("flip7odds.vengeance.fast.DEFAULT_MAX_STATES", 20)
    try:
        status = main(["analyze", *argv], out=io.StringIO())
    except SystemExit as stop:
        status = int(stop.code or 0)
    error = capsys.readouterr().err
    assert status == 2
    assert message.lower() in error.lower()  # messages are shown capitalised
    assert error.count("\n") == 1 and "Traceback" not in error


def test_a_batch_mixes_classic_and_vengeance_lines_and_keeps_going() -> None:
    """With a Vengeance batch lines take ``other_lines`` and ``busted``; each answer is the single analysis's."""
    lines = [
        {"rules": "vengeance", "line": "12 3", "pile": "12 11 5", "alone": True},
        {"rules": "vengeance", "line": "12 3", "pile": "12 11 5", "other_lines": ["9 -4"]},
        {"rules": "vengeance-brutal", "line": "5", "pile": "-2 5 6", "busted": 1, "alone": True},
        {"line": "12 7", "other_lines": ["3"]},
        {"rules": "vengeance", "line": "12 3", "pile": "12 11 5", "other_lines": "9 -4"},
        {"rules": "vengeance", "line": "12 3", "pile": "12 11 5", "busted": -1},
        {"rules": "vengeance", "line": "12 12", "pile": "11"},
    ]
    out = io.StringIO()
    status = main(["analyze", "--batch"], out=out, stdin=io.StringIO("\n".join(json.dumps(line) for line in lines)))
    results = [json.loads(line) for line in out.getvalue().splitlines()]
    assert status == 0 and len(results) == len(lines)
    single = io.StringIO()
    main(["analyze", "--rules", "vengeance", "--line", "12 3", "--pile", "12 11 5", "--alone", "--json"], out=single)
    assert results[0] == json.loads(single.getvalue())
    assert results[0]["hit_score"] == pytest.approx(46 / 3)  # (bust 0 + 12+3+11 + 12+3+5) / 3, as the module doctest
    assert results[1]["caveat"] == results[0]["caveat"]
    assert results[2]["stay_score"] == 5 and "distribution" in results[2]
    assert "With a Vengeance" in results[3]["error"]
    assert "other_lines must be a list" in results[4]["error"]
    assert "busted must be a whole number" in results[5]["error"]
    assert "duplicate number 12" in results[6]["error"]

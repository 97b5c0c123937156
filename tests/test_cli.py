"""The command line: JSON keys, the readable report, batch mode, and bad input (one line, exit 2)."""

import io
import json
import re
import subprocess
import sys

import pytest

from flip7odds.analysis import analyze
from flip7odds.answer import answer
from flip7odds.cli import main
from flip7odds.i18n import translator
from flip7odds.report_lines import answer_lines
from flip7odds.rules import CLASSIC, POKER
from flip7odds.situation import Situation

MODEL_KEYS = {"stay_score", "bust_probability", "hit_once_score", "optimal_score", "hit_score", "decision",
              "flip7_probability", "bust_final_probability", "distribution", "pile_size",
              "exact", "error_bound", "too_close", "bounds"}


def run(*argv: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(argv), out=out, stdin=io.StringIO(stdin))
    return status, out.getvalue()


def test_json_has_exactly_the_model_keys() -> None:
    status, text = run("analyze", "--line", "12 7 3 +4", "--seen", "12 12 5", "--json")
    assert status == 0
    data = json.loads(text)
    assert set(data) == MODEL_KEYS
    expected = analyze(Situation.from_text(CLASSIC, "12 7 3 +4", seen="12 12 5"))
    assert data["bust_probability"] == {"fraction": "17/87", "value": 17 / 87}
    assert data["optimal_score"] == expected.optimal_score
    assert data["decision"] == expected.decision.value
    assert data["pile_size"] == 87
    assert data["exact"] is True and data["error_bound"] == 0 and data["too_close"] is False
    assert sum(data["distribution"].values()) == pytest.approx(1)


def test_report_puts_the_decision_first() -> None:
    status, text = run("analyze", "--line", "12 11 10 9 8", "--alone")
    assert status == 0
    first, *rest = text.splitlines()
    assert first.startswith("STAY: staying is worth")
    assert any("of the 89 cards left would bust you" in line for line in rest)


@pytest.mark.parametrize("argv, fraction", [
    (["--line", ""], "0/94 = 0.0% (0 of the 94 cards"),
    (["--line", "5 6 sc"], "0/91 = 0.0% (you hold a Second Chance)"),
    (["--line", "12 10"], "20/92 = 21.7% (20 of the 92 cards"),
    (["--rules", "vengeance", "--line", "", "--alone"], "0/108 = 0.0% (0 of the 108 cards"),
])
def test_the_next_cards_bust_chance_is_counted_in_cards(argv: list[str], fraction: str) -> None:
    """Not reduced (``20/92``, not ``5/23``; ``0/94``, not ``0/1``): the counts the reason beside it gives."""
    status, text = run("analyze", *argv)
    assert status == 0 and f"Bust on the next card: {fraction}" in text


@pytest.mark.parametrize("argv, message", [
    (["analyze", "--line", "7 7"], "duplicate number 7"),
    (["analyze", "--line", "banana"], "unknown card 'banana': use 0-12, +2"),
    (["analyze", "--rules", "poker", "--line", "banana"], "unknown card 'banana': use 4-10, J, Q, K, joker, A (Freeze)"),
    (["analyze", "--rules", "poker", "--line", "K", "--seen", "1"], "card 1 is not in the poker deck"),
    (["analyze", "--rules", "poker", "--line", "K 5 K"], "duplicate number K in your line: a second K busts you"),
    (["analyze", "--line", "13 13 13"], "card 13 is not in the classic deck"),  # not "duplicate number 13"
    (["analyze", "--rules", "poker", "--line", "1 1"], "card 1 is not in the poker deck"),
    (["analyze", "--line", "0 0"], "duplicate number 0 in your line"),  # the deck's one 0: a duplicate, not "too many"
    (["analyze", "--line", "5", "--seen", "12*13"], "too many 12 cards"),
    (["analyze", "--line", "5", "--pile", ""], "the pile is empty and there is no discard pile"),
    (["analyze", "--line", "5", "--others", "-2"], "-2 is negative"),
    (["analyze", "--line", "5", "--others", "36"], "36 is out of range: use a whole number from 0 to 35"),
    (["analyze", "--line", "5", "--others", "two"], "'two' is not a whole number"),
    (["analyze", "--rules", "uno"], "unknown rules 'uno'"),
])
def test_bad_input_is_one_line_and_exit_2(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = main(argv, out=io.StringIO())
    except SystemExit as stop:  # argparse exits itself
        status = int(stop.code or 0)
    error = capsys.readouterr().err
    assert status == 2
    assert message.lower() in error.lower()  # messages are shown capitalised
    assert error.count("\n") == 1 and "Traceback" not in error


def test_batch_keeps_going_after_a_bad_line() -> None:
    lines = "\n".join([
        json.dumps({"line": "12 7", "seen": "12 12"}),
        "not json",
        json.dumps({"line": "5 5"}),
        json.dumps({"line": "3", "pile": ["3", "4 5"], "alone": True}),
        json.dumps({"line": "3", "colour": "red"}),
    ])
    status, text = run("analyze", "--batch", stdin=lines)
    results = [json.loads(line) for line in text.splitlines()]
    assert status == 0
    assert len(results) == 5
    assert set(results[0]) == MODEL_KEYS
    assert results[1]["error"].startswith("not JSON")
    assert "duplicate number 5" in results[2]["error"]
    assert results[3]["bust_probability"]["fraction"] == "1/3"
    assert "unknown key 'colour'" in results[4]["error"]


def test_python_dash_m_runs_the_same_command() -> None:
    completed = subprocess.run([sys.executable, "-m", "flip7odds", "analyze", "--line", "7 7"],
                               capture_output=True, text=True, check=False)
    assert completed.returncode == 2
    assert completed.stderr.strip() == "flip7odds: error: Duplicate number 7 in your line: a second 7 busts you"


def test_a_poker_pile_alone_is_answered_with_certified_bounds_not_refused() -> None:
    status, text = run("analyze", "--rules", "poker", "--line", "K", "--alone", "--json", "--cpu-seconds", "0.5")
    data = json.loads(text)
    assert status == 0 and data["exact"] is False and data["error_bound"] > 0
    low, high = data["bounds"]["hit_score"]
    assert low <= data["hit_score"] <= high and data["distribution"] is None
    status, text = run("analyze", "--rules", "poker", "--line", "K", "--alone", "--cpu-seconds", "0.5")
    assert status == 0 and "Certified bounds" in text and "GB" not in text


def test_a_bounded_report_writes_each_interval_outward_and_the_widest_width_it_shows() -> None:
    """Every score interval of the report holds the solver's interval (lo rounded down, hi up), the closing line's
    width is the widest written one's, and the margin said to be "at least" is no more than the true one."""
    result = answer(Situation.from_text(POKER, "K", others_active=0), cpu_seconds=0.5)
    assert not result.exact and result.hit is not None and result.hit_once is not None
    lines = answer_lines(translator("en"), result, "why")
    written = {}
    for name, bounds in (("Hit once, then stay", result.hit_once), ("Hit, then play best", result.hit),
                         ("Optimal expected score", result.optimal)):
        found = re.search(re.escape(name) + r": ([\d.]+) to ([\d.]+)", "\n".join(lines))
        assert found is not None, name
        low, high = float(found[1]), float(found[2])
        assert low <= bounds.lo and bounds.hi <= high and high - low <= bounds.width + 0.02 + 1e-9
        written[name] = high - low
    widest = re.search(r"the widest score interval is ([\d.]+) points wide", lines[-1])
    assert widest is not None and float(widest[1]) == pytest.approx(max(written.values()))
    margin = re.search(r"at least ([\d.]+) points", lines[0])
    assert margin is not None or result.too_close
    assert margin is None or float(margin[1]) <= max(result.hit.lo - result.stay_score, result.stay_score - result.hit.hi)

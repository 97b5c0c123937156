"""No input breaks the command line: hostile arguments and batch lines get one clear line, never a traceback.

The property tests draw, for every subcommand, an option and a value that no reading can accept (a
number far out of range or of thousands of digits, ``inf``, ``1e-99999999``, ``0/0``, a card list of
thousands of characters, text with a character no notation uses...) among otherwise ordinary options,
and assert exit status 2 with exactly one line on standard error. The batch tests feed lines that
are not situations (too long, not UTF-8, nested a thousand deep, huge numbers) and assert one error
object per line while the batch goes on. A few cases run the installed script in a subprocess: the
same answers at once, and Ctrl-C ends quietly with status 130.
"""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Self

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import flip7odds
from flip7odds.arguments import MAX_CARD_TEXT
from flip7odds.cli import MAX_BATCH_LINE, main

NEVER_A_CARD = "§"
"""A character that no card notation, rule name or policy uses."""
NOT_NUMBERS = st.one_of(
    st.integers(min_value=-(10**40), max_value=-1).map(str),
    st.integers(min_value=30, max_value=5000).map(lambda digits: "9" * digits),
    st.sampled_from(["inf", "-inf", "nan", "1e309", "1e-30", "1e-99999999", "0x10", "1_000", "٣", "", " ",
                     "10**30", "--", "-0.0001", "1e5000", "0.0000001"]),
)
"""Texts no numeric option accepts."""
HUGE_NUMBERS = st.one_of(st.integers(min_value=10**9, max_value=10**22).map(str), NOT_NUMBERS)
"""Texts no numeric option but ``--seed`` accepts (every other range ends below a billion)."""
HOSTILE_TEXTS = st.one_of(
    st.text(max_size=40).map(lambda text: text + NEVER_A_CARD),
    st.integers(min_value=MAX_CARD_TEXT + 1, max_value=20_000).map(lambda size: "12 " * (size // 3 + 1)),
    st.sampled_from(["12*99999999999", "13*999", "\x00", "\ud800" + NEVER_A_CARD, "%s%d%(x)s" + NEVER_A_CARD]),
)
"""Texts that no card list, rule set or policy reads."""
HOSTILE_POLICIES = st.one_of(
    st.sampled_from(["bust>=1e-99999999", "bust>=0/0", "bust>=1/0", "bust>=" + "9" * 5000, "bust>=0." + "0" * 5000 + "1",
                     "bust>=inf", "bust>=nan", "sum>=99999999999999999999", "cards>=0", "bust>=2",
                     "bust:1e-99999999", "bust:0/0", "bust:1/0", "random:nan", "random:1e-99999",
                     "sum:" + "9" * 5000, "cards:99", "optimal:3", "sum>=23,"]),
    HOSTILE_TEXTS,
)
NUMERIC = {
    "analyze": ["--others", "--busted", "--me", "--memory-limit"],
    "quiz": ["--level", "--count", "--seed"],
    "simulate": ["--players", "--games", "--seed"],
    "policy": [],
}
TEXTS = {
    "analyze": ["--line", "--seen", "--pile", "--discards", "--rules", "--other", "--lang"],
    "quiz": ["--rules", "--lang"],
    "simulate": ["--rules", "--lang"],
    "policy": ["--line", "--seen", "--pile", "--discards", "--rules", "--lang"],
}
POLICY_OPTIONS = {"analyze": "--model-policy", "simulate": "--policy", "policy": "--policy"}
ORDINARY = {
    "analyze": ["--line", "12 11 10 9 8", "--seen", "12 12 12 11 11"],
    "quiz": ["--count", "1"],
    "simulate": ["--games", "1", "--players", "2"],
    "policy": ["--policy", "sum>=20", "--line", "12 11", "--pile", "5 6 +4"],
}
"""Cheap valid options to mix the hostile one with (the hostile one must still be refused)."""


def run_in_process(argv: list[str], capsys: pytest.CaptureFixture[str], stdin: str = "") -> tuple[int, str, str]:
    """``flip7odds argv...`` in this process: its status, standard output and standard error."""
    out = io.StringIO()
    try:
        status = main(argv, out=out, stdin=io.StringIO(stdin))
    except SystemExit as stop:  # argparse's own exits
        status = stop.code if isinstance(stop.code, int) else 2
    captured = capsys.readouterr()
    return status, out.getvalue() + captured.out, captured.err


def assert_one_line_refusal(status: int, err: str, argv: list[str]) -> None:
    lines = err.splitlines()
    assert status == 2, (argv, status, err)
    assert len(lines) == 1, (argv, err)
    assert "Traceback" not in err and lines[0].startswith("flip7odds"), (argv, err)
    assert len(lines[0]) <= 400, "a huge argument is not echoed whole"


@st.composite
def hostile_arguments(draw: st.DrawFn) -> list[str]:
    """A subcommand, some ordinary options, and one option whose value nothing accepts."""
    command = draw(st.sampled_from(sorted(NUMERIC)))
    kinds = ["text"] + (["number"] if NUMERIC[command] else []) + (["policy"] if command in POLICY_OPTIONS else [])
    kind = draw(st.sampled_from(kinds))
    if kind == "number":
        option = draw(st.sampled_from(NUMERIC[command]))
        value = draw(NOT_NUMBERS if option == "--seed" else HUGE_NUMBERS)
    elif kind == "policy":
        option, value = POLICY_OPTIONS[command], draw(HOSTILE_POLICIES)
    else:
        option, value = draw(st.sampled_from(TEXTS[command])), draw(HOSTILE_TEXTS)
    ordinary = [item for item in ORDINARY[command]]
    if option in ordinary:  # the hostile value replaces the ordinary one
        index = ordinary.index(option)
        del ordinary[index:index + 2]
    extra = ["--objective", "win", "--scores", "120,150", "--me", "0"] if option == "--model-policy" else []
    if option in ("--other", "--busted"):
        extra = ["--rules", "vengeance"]
    if option == "--me":
        extra = ["--objective", "win", "--scores", "120,150"]
    return [command, *ordinary, *[item for item in extra if item not in (option,)], option, value]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_arguments())
def test_a_hostile_argument_is_one_line_and_exit_2(argv: list[str]) -> None:
    capture = _Capture()
    with capture:
        try:
            status = main(argv, out=io.StringIO(), stdin=io.StringIO())
        except SystemExit as stop:
            status = stop.code if isinstance(stop.code, int) else 2
    assert_one_line_refusal(status, capture.err, argv)


class _Capture:
    """Standard error captured around one call (capsys does not reset between Hypothesis examples)."""

    def __enter__(self) -> Self:
        self.saved, self.buffer = sys.stderr, io.StringIO()
        sys.stderr = self.buffer
        return self

    def __exit__(self, *exc: object) -> None:
        sys.stderr = self.saved
        self.err = self.buffer.getvalue()


@pytest.mark.parametrize("argv", [
    ["analyze", "--rules", "vengeance", "--line", "12", "--pile", "5 6 7", "--others", "1000000000"],
    ["analyze", "--rules", "vengeance", "--line", "12", "--pile", "5 6 7", "--others", str(10**12)],
    ["analyze", "--rules", "vengeance", "--line", "12", "--pile", "5 6 7", "--others", str(10**30)],
    ["analyze", "--memory-limit", "inf"],
    ["analyze", "--memory-limit", "1e-30"],
    ["analyze", "--memory-limit", "nan"],
    ["analyze", "--memory-limit", "²"],
    ["analyze", "--memory-limit", "1e-99999999"],
    ["analyze", "--cpu-seconds", "٣"],
    ["analyze", "--cpu-seconds", "1e-99999999"],
    ["analyze", "--cpu-seconds", "0/0"],
    ["policy", "--policy", "bust>=1e-99999999"],
    ["policy", "--policy", "bust>=0/0"],
    ["policy", "--policy", "bust>=1/0"],
    ["policy", "--policy", "bust>=0." + "0" * 400 + "1"],
    ["policy", "--policy", "bust>=0." + "1" * 4300],
    ["simulate", "--policy", "bust:1e-99999999"],
    ["simulate", "--policy", "bust:0/0"],
    ["simulate", "--games", "0"],
    ["simulate", "--players", "37"],
    ["quiz", "--count", "1001"],
    ["quiz", "--level", "5"],
    ["analyze", "--line", "12 " * 5000],
])
def test_the_fuzzers_findings_are_one_line_and_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run_in_process(argv, capsys)
    assert_one_line_refusal(status, err, argv)


def test_memory_limit_zero_is_no_limit_and_a_tiny_one_gives_bounds(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_in_process(["analyze", "--line", "12 11 10 9 8", "--pile", "12 11", "--memory-limit", "0"],
                                    capsys)
    assert status == 0 and out.startswith("STAY")
    # 1 MB is too little for the exact solver on the fresh poker pile alone: certified bounds instead, never
    # "no limit" (a tiny limit used to read as 0).
    status, out, _ = run_in_process(["analyze", "--alone", "--rules", "poker", "--memory-limit", "0.001",
                                     "--cpu-seconds", "0.3", "--json"], capsys)
    assert status == 0 and json.loads(out)["exact"] is False


BAD_LINES = [
    ("[" * 1000 + "]" * 1000, "nested too deeply"),
    ('{"line": ' + "[" * 100_000 + "]" * 100_000 + "}", "longer than"),
    ('{"others": ' + "9" * 5000 + "}", "a number too long to read"),
    ('{"others": 1e999}', "others must be a whole number from 0 to 35"),
    ('{"others": 1000000000000, "rules": "vengeance", "line": "12", "pile": "5 6 7"}', "from 0 to 35"),
    ('{"busted": 99, "rules": "vengeance", "line": "12", "pile": "5 6 7"}', "busted must be"),
    ('{"other_lines": ' + json.dumps([""] * 100) + ', "rules": "vengeance", "line": "12", "pile": "5 6 7"}',
     "other_lines must be"),
    ('{"line": "' + "z" * 60_000 + '"}', "line is too long"),
    ("not json", "not JSON"),
    ('{"nope": 1}', "unknown key 'nope'"),
]


@pytest.mark.parametrize("line, message", BAD_LINES)
def test_a_bad_batch_line_is_an_error_line_and_the_batch_goes_on(line: str, message: str,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    good = '{"line": "12 11 10 9 8", "pile": "5 6"}'
    status, out, err = run_in_process(["analyze", "--batch"], capsys, stdin=f"{good}\n{line}\n{good}\n")
    results = [json.loads(item) for item in out.splitlines()]
    assert status == 0 and err == ""
    assert [("error" in result) for result in results] == [False, True, False]
    assert message in results[1]["error"] and len(results[1]["error"]) < 400


def test_a_batch_line_longer_than_the_limit_is_skipped_in_bounded_memory(capsys: pytest.CaptureFixture[str]) -> None:
    huge = "x" * (5 * MAX_BATCH_LINE + 17)
    status, out, _ = run_in_process(["analyze", "--batch"], capsys, stdin=f"{huge}\n" + '{"line": "5", "pile": "5"}\n')
    results = [json.loads(item) for item in out.splitlines()]
    assert status == 0 and len(results) == 2
    assert "longer than" in results[0]["error"] and results[1]["decision"] == "stay"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.binary(max_size=200), min_size=1, max_size=6))
def test_any_bytes_on_stdin_give_one_answer_per_line(lines: list[bytes]) -> None:
    payload = b"\n".join(line.replace(b"\n", b" ").replace(b"\r", b" ") for line in lines) + b"\n"
    stdin = io.TextIOWrapper(io.BytesIO(payload), encoding="utf-8", errors="strict")
    out = io.StringIO()
    status = main(["analyze", "--batch"], out=out, stdin=stdin)
    expected = sum(1 for line in payload.split(b"\n") if _undecodable(line) or line.decode("utf-8").strip())
    answers = [json.loads(item) for item in out.getvalue().splitlines()]
    assert status == 0 and len(answers) == expected


def _undecodable(line: bytes) -> bool:
    try:
        line.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


# A few cases through the installed script, as a user runs it.

SCRIPT = [str(Path(sys.executable).with_name("flip7odds"))]
"""The installed ``flip7odds`` script of this environment."""


def run_script(*argv: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([*SCRIPT, *argv], input=stdin, capture_output=True, timeout=120, check=False,
                          env=os.environ | {"PYTHONUNBUFFERED": "1"})


@pytest.mark.parametrize("argv", [
    ["analyze", "--others", str(10**30)],
    ["policy", "--policy", "bust>=1e-99999999"],
    ["quiz", "--count", "-5"],
])
def test_the_script_refuses_in_one_line(argv: list[str]) -> None:
    done = run_script(*argv)
    assert done.returncode == 2 and len(done.stderr.decode().splitlines()) == 1
    assert b"Traceback" not in done.stderr


def test_the_script_reads_invalid_utf8_as_an_error_line() -> None:
    done = run_script("analyze", "--batch", stdin=b'\xff\xfe{"line": "5"}\n{"line": "5", "pile": "5"}\n')
    answers = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert done.returncode == 0 and "not UTF-8" in answers[0]["error"] and answers[1]["decision"] == "stay"


@pytest.mark.parametrize("delay", [0.15, 0.5, 2.5])
def test_ctrl_c_is_quiet_with_status_130(delay: float) -> None:
    """Ctrl-C while the command loads or works (games with optimal players take minutes): one line, 130."""
    child = subprocess.Popen([*SCRIPT, "simulate", "--policy", "optimal", "--games", "100000"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(delay)
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert out == b""
    guarded = re.search(rb'__main__\.py", line \d+, in run\b', err) or b"flip7odds: interrupted" in err
    if not guarded:
        # The signal landed before `flip7odds.__main__.run` set its guard: in Python's own start-up (site, encodings)
        # or while the script imports the package, as a Python program does: Python ends as it always does
        # (killed by SIGINT before it handles Ctrl-C; else its KeyboardInterrupt, then status 1 or SIGINT again).
        # Python's behaviour, not ours to change, and a few milliseconds wide.
        assert child.returncode in (1, -signal.SIGINT), err
        assert err == b"" or err.rstrip().endswith(b"KeyboardInterrupt"), err
    else:
        assert child.returncode == 130, err
        assert err.decode().strip() == "flip7odds: interrupted"


def test_no_module_of_the_library_names_a_character() -> None:
    """A ``\\N{...}`` escape makes the compiler import `unicodedata`; a Ctrl-C in that import, while a module is
    compiled (no cached bytecode), came out as a SyntaxError with a traceback instead of the quiet "interrupted"
    (`flip7odds.i18n.MINUS_SIGN`)."""
    library = Path(flip7odds.__file__).parent
    named = [path.name for path in library.rglob("*.py") if re.search(r"(?<!\\)\\N\{", path.read_text("utf-8"))]
    assert named == []


IGNORED_INTERRUPT = """
import sys, weakref
from flip7odds.__main__ import _end_on_ignored_interrupt
sys.unraisablehook = _end_on_ignored_interrupt  # as `run` sets it (test below)


class Held:
    pass


def callback(reference):
    raise {error}


held = Held()
reference = weakref.ref(held, callback)
del held  # the callback runs here, and Python ignores what it raises
print("ran on")
"""


@pytest.mark.parametrize(("error", "status", "stdout", "stderr"), [
    ("KeyboardInterrupt", 130, "", "flip7odds: interrupted"),
    ("ValueError('kept as Python reports it')", 0, "ran on", "kept as Python reports it"),
])
def test_a_ctrl_c_python_would_ignore_ends_the_command(error: str, status: int, stdout: str, stderr: str) -> None:
    """A Ctrl-C landing in a weak reference's callback (the import system's module locks have one) was printed as
    ignored and the command ran on, deaf to it (1 in about 300 Ctrl-Cs while the command loads); it now ends the
    command, and any other ignored exception is still reported as Python reports it."""
    done = subprocess.run([sys.executable, "-c", IGNORED_INTERRUPT.format(error=error)], capture_output=True,
                          timeout=60, check=False, text=True)
    assert (done.returncode, done.stdout.strip()) == (status, stdout)
    assert (done.stderr.strip() == stderr) if status else ("Exception ignored" in done.stderr and stderr in done.stderr)


SHOW_THE_HOOK = """
import sys
import flip7odds.cli
from flip7odds.__main__ import run
flip7odds.cli.run = lambda: print(sys.unraisablehook.__name__)  # the command line, stood in for
run()
"""


def test_the_script_sets_the_hook_for_ignored_interrupts() -> None:
    done = subprocess.run([sys.executable, "-c", SHOW_THE_HOOK], capture_output=True, timeout=60, check=False,
                          text=True)
    assert done.stdout.strip() == "_end_on_ignored_interrupt", done.stderr

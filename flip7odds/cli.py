"""The ``flip7odds`` command line.

``flip7odds analyze --line "12 7 3 +4" [--seen ...] [--pile ...] [--discards ...] [--others N | --alone]
[--rules classic] [--json]`` prints the decision and the odds; ``--batch`` reads one JSON situation a
line from standard input and writes one JSON result a line. Bad input: one line on stderr, exit 2.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, BinaryIO, TextIO

from flip7odds.arguments import (
    DEFAULT_CPU_SECONDS,
    EXIT_BAD_INPUT,
    EXIT_INTERRUPTED,
    MAX_CARD_TEXT,
    MAX_CPU_SECONDS,
    MAX_OTHERS,
    MEMORY_LIMIT_GB,
    Parser,
    card_text,
    cpu_seconds,
    gigabytes,
    short_text,
    shortened,
    whole_number,
)
from flip7odds.errors import Flip7Error
from flip7odds.i18n import DEFAULT_LANGUAGE, Translator, add_language_argument, language_from_environment, translator
from flip7odds.rules import RULESETS, RuleSet, find_rules

if TYPE_CHECKING:
    import subprocess

    from flip7odds.analysis import Analysis
    from flip7odds.answer import Answer, AnySituation
    from flip7odds.endgame import WinAnalysis
    from flip7odds.situation import Situation
    from flip7odds.vengeance.situation import VengeanceSituation

BATCH_KEYS = frozenset({"line", "seen", "pile", "discards", "others", "alone", "rules", "other_lines", "busted"})
"""A batch line's keys; ``other_lines`` (one string per other player) and ``busted`` are With a Vengeance's."""
MAX_BATCH_LINE = 65_536
"""The longest batch line read, in bytes (a situation takes a few hundred); a longer one is an error line."""
_count = whole_number(0, MAX_OTHERS)


def build_parser() -> argparse.ArgumentParser:
    """The parser of every subcommand (importing nothing heavy: each command loads what it needs when it runs)."""
    from flip7odds.policy_cli import add_policy_arguments
    from flip7odds.trainer_cli import add_quiz_arguments, add_simulate_arguments
    from flip7odds.vengeance.cli import add_vengeance_arguments

    parser = Parser(prog="flip7odds", description="Exact odds and optimal hit/stay play for Flip 7. "
                    "The rules: docs/rules.md; what every number means: docs/model.md.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {package_version()}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    analyze_parser = commands.add_parser("analyze", help="odds and the optimal decision for a situation")
    add_situation_arguments(analyze_parser)
    analyze_parser.add_argument("--json", action="store_true", help="print one JSON object (docs/model.md names)")
    analyze_parser.add_argument("--batch", action="store_true",
                                help="read JSON situations from stdin, one a line; write one JSON result a line")
    analyze_parser.add_argument("--memory-limit", type=gigabytes, default=MEMORY_LIMIT_GB,
                                help="use the exact solver only within this memory, in GB, else certified bounds "
                                     f"(default {MEMORY_LIMIT_GB:g}; 0: always solve exactly, however long)")
    analyze_parser.add_argument("--cpu-seconds", type=cpu_seconds, default=DEFAULT_CPU_SECONDS,
                                help="CPU budget of one answer: beyond it, certified bounds "
                                     f"(default {DEFAULT_CPU_SECONDS:g}, at most {MAX_CPU_SECONDS:g})")
    add_vengeance_arguments(analyze_parser, _count)
    add_win_arguments(analyze_parser)
    analyze_parser.set_defaults(run=_run_analyze)
    quiz_parser = commands.add_parser("quiz", help="hit/stay situations from simulated games, with exact grades")
    add_quiz_arguments(quiz_parser)
    quiz_parser.set_defaults(run=_run_quiz)
    simulate_parser = commands.add_parser("simulate", help="simulate whole games with hit/stay policies")
    add_simulate_arguments(simulate_parser)
    simulate_parser.set_defaults(run=_run_simulate)
    policy_parser = commands.add_parser("policy", help="exact results of a simple hit/stay policy")
    add_policy_arguments(policy_parser)
    policy_parser.set_defaults(run=_run_policy)
    app_parser = commands.add_parser("app", help="start the app in your browser (Streamlit)", add_help=False,
                                     description="Start the flip7odds app. Every option goes to `streamlit run`, "
                                     "e.g. flip7odds app --server.port 8502 --server.headless true")
    app_parser.set_defaults(run=_run_app, lang=DEFAULT_LANGUAGE, streamlit_options=[])
    return parser


def package_version() -> str:
    """The installed distribution's version (package metadata), or ``unknown`` in a bare checkout."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("flip7odds")
    except PackageNotFoundError:
        return "unknown"


def add_situation_arguments(parser: argparse.ArgumentParser) -> None:
    """The options that describe a situation (shared by every subcommand that takes one)."""
    parser.add_argument("--line", type=card_text, default="", help='your cards, e.g. "12 7 3 +4 sc"')
    parser.add_argument("--seen", type=card_text, default=None,
                        help="every other card known out of the pile (other lines)")
    parser.add_argument("--pile", type=card_text, default=None,
                        help="exactly the cards left in the draw pile (instead of --seen)")
    parser.add_argument("--discards", type=card_text, default=None,
                        help="the discard pile since the last shuffle (for reshuffles)")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--others", type=_count, default=1,
                       help=f"other players still active, 0-{MAX_OTHERS} (default 1)")
    group.add_argument("--alone", action="store_true", help="no other player is active (same as --others 0)")
    parser.add_argument("--rules", type=short_text, default="classic", help=f"rule set: {', '.join(RULESETS)}")
    add_language_argument(parser)


def add_win_arguments(parser: argparse.ArgumentParser) -> None:
    """``--objective win`` with the game totals (docs/winprob.md)."""
    parser.add_argument("--objective", choices=("round", "win"), default="round",
                        help="round: maximise this round's expected score (default); win: P(win the game)")
    parser.add_argument("--scores", type=short_text, default=None,
                        help='with --objective win: every player\'s game total with this round banked so far, "120,195"')
    parser.add_argument("--me", type=_count, default=None, help="with --objective win: which of --scores is yours (0 = first)")
    parser.add_argument("--model-policy", type=short_text, default="optimal",
                        help="with --objective win: how players play future rounds (default optimal; e.g. sum>=23)")


def situation_from_arguments(args: argparse.Namespace) -> Situation:
    """Build the situation the options describe (raises `Flip7Error`)."""
    from flip7odds.situation import Situation

    return Situation.from_text(
        find_rules(args.rules), args.line, seen=args.seen, pile=args.pile, discards=args.discards,
        others_active=0 if args.alone else args.others,
    )


def _memory_limit(args: argparse.Namespace) -> int | None:
    """The ``--memory-limit`` in bytes (None: no limit)."""
    return None if args.memory_limit == 0 else max(1, int(args.memory_limit * 1024**3))


def _run_analyze(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    if args.batch:
        for line in batch_lines(stdin):
            reply = line if isinstance(line, dict) else analyze_json_line(line, _memory_limit(args), args.cpu_seconds)
            out.write(json.dumps(reply) + "\n")
            out.flush()
        return 0
    rules = find_rules(args.rules, experimental=True)
    if rules.vengeance:
        from flip7odds.vengeance.cli import run_vengeance

        return run_vengeance(args, rules, out, translator(args.lang), answer_of)
    if args.other is not None or args.busted:
        raise Flip7Error("--other and --busted describe With a Vengeance situations: add --rules vengeance")
    situation = situation_from_arguments(args)
    if args.objective == "round":
        if args.scores is not None or args.me is not None:
            raise Flip7Error("--scores and --me go with --objective win")
        result = answer_of(situation, args)
        out.write(json.dumps(result.to_json()) + "\n" if args.json else report(result, translator(args.lang)))
        return 0
    if args.scores is None:
        raise Flip7Error('--objective win needs every game total and yours: --scores "120,195" --me 0')
    from flip7odds.endgame import analyze_win, parse_totals
    from flip7odds.policies import parse_policy

    totals, me = parse_totals(args.scores, args.me)
    parse_policy(args.model_policy)
    win = analyze_win(situation, totals, me, args.model_policy)
    result = answer_of(situation, args)
    if args.json:
        out.write(json.dumps(result.to_json() | win.to_json()) + "\n")
    else:
        t = translator(args.lang)
        out.write(report(result, t) + win_report(result, win, t))
    return 0


def answer_of(situation: AnySituation, args: argparse.Namespace) -> Answer:
    """`flip7odds.answer.answer` under ``--cpu-seconds`` and ``--memory-limit`` (0: the exact solver, however long)."""
    return _answer_within(situation, _memory_limit(args), args.cpu_seconds)


def _answer_within(situation: AnySituation, memory_limit: int | None, cpu_budget: float) -> Answer:
    """Exact within ``memory_limit`` and ``cpu_budget``, else certified bounds; no limit: exact, however long."""
    from flip7odds.answer import answer, answer_exactly

    if memory_limit is None:
        from flip7odds.vengeance.situation import VengeanceSituation

        if isinstance(situation, VengeanceSituation):
            from flip7odds.vengeance.analysis import analyze_vengeance

            return answer_exactly(analyze_vengeance(situation, 10**9))
        from flip7odds.analysis import analyze

        return answer_exactly(analyze(situation, memory_limit=None))
    return answer(situation, cpu_budget, memory_limit=memory_limit)


def win_report(result: Answer | Analysis, win: WinAnalysis, t: Translator | None = None) -> str:
    """The win-probability lines of the readable report: both advisers side by side."""
    from flip7odds.analysis import Decision
    from flip7odds.endgame import Method

    t = t or ENGLISH
    names = {Decision.HIT: t("HIT"), Decision.STAY: t("STAY")}
    margin = t.number(100 * win.margin, 1)
    if win.decision is result.decision:
        headline = t("Round-EV and win-probability agree: {decision} (+{margin} points of winning chance)").format(
            decision=names[win.decision], margin=margin)
    else:
        headline = t("Round-EV says {round}, win-probability says {win}: +{margin} points of winning chance").format(
            round=names[result.decision], win=names[win.decision], margin=margin)
    lines = [headline]
    if win.stay_win is not None:
        lines.append(t("P(win the game) if you stay: {percent}").format(percent=t.percent(win.stay_win)))
    if win.hit_win is not None:
        lines.append(t("P(win the game) if you hit, then play to win: {percent}").format(percent=t.percent(win.hit_win)))
    if win.method is Method.EXACT:
        lines.append(t("Win model: two players, exact; future rounds from a fresh deck (docs/winprob.md)"))
    else:
        lines.append(t("Win model: {players}, a Monte-Carlo approximation over {games}").format(
            players=t.counted("{count} player", "{count} players", len(win.totals)),
            games=t.counted("{count} simulated game", "{count} simulated games", win.games or 0)))
    return "\n".join(lines) + "\n"


def batch_lines(stdin: TextIO | BinaryIO) -> Iterator[str | dict[str, str]]:
    """The non-blank lines of a batch, each read in bounded memory; a line longer than `MAX_BATCH_LINE` bytes
    or not UTF-8 comes out as its error object instead (the batch goes on with the next line)."""
    source: Any = getattr(stdin, "buffer", stdin)
    while True:
        raw = source.readline(MAX_BATCH_LINE + 1)
        if not raw:
            return
        if len(raw) > MAX_BATCH_LINE and not _ends_line(raw):
            rest = raw
            while rest and not _ends_line(rest):
                rest = source.readline(MAX_BATCH_LINE)
            yield {"error": f"line longer than {MAX_BATCH_LINE:,} bytes"}
            continue
        if isinstance(raw, bytes):
            try:
                raw = raw.decode("utf-8")
            except UnicodeDecodeError as error:
                yield {"error": f"not UTF-8 text (byte {error.start + 1})"}
                continue
        if raw.strip():
            yield raw


def _ends_line(chunk: str | bytes) -> bool:
    return chunk.endswith(b"\n") if isinstance(chunk, bytes) else chunk.endswith("\n")


def analyze_json_line(raw: str, memory_limit: int | None = int(MEMORY_LIMIT_GB * 1024**3),
                      cpu_budget: float = DEFAULT_CPU_SECONDS) -> dict[str, Any]:
    """Answer one batch line (as ``analyze --json``); a bad line gives ``{"error": ...}`` instead of stopping
    the batch."""
    if len(raw) > MAX_BATCH_LINE:
        return {"error": f"line longer than {MAX_BATCH_LINE:,} bytes"}
    try:
        fields = json.loads(raw)
    except json.JSONDecodeError as error:
        return {"error": f"not JSON: {error.msg} at column {error.colno}"}
    except ValueError:  # an integer of thousands of digits
        return {"error": "not a situation: a number too long to read"}
    except RecursionError:
        return {"error": "not a situation: JSON nested too deeply"}
    if not isinstance(fields, dict):
        return {"error": "each line must be a JSON object"}
    unknown = sorted(set(fields) - BATCH_KEYS)
    if unknown:
        return {"error": shortened(f"unknown key {unknown[0]!r}: use {', '.join(sorted(BATCH_KEYS))}")}
    try:
        others = fields.get("others", 1)
        if isinstance(others, bool) or not isinstance(others, int) or not 0 <= others <= MAX_OTHERS:
            raise Flip7Error("others must be a whole number from 0 to {maximum}, not {others}",
                             maximum=MAX_OTHERS, others=shortened(repr(others), 40))
        alone = fields.get("alone", False)
        if not isinstance(alone, bool):
            raise Flip7Error("alone must be true or false, not {alone}", alone=shortened(repr(alone), 40))
        rules = find_rules(_text(fields, "rules", "classic"), experimental=True)
        if rules.vengeance:
            vengeance = _vengeance_batch_situation(fields, rules, 0 if alone else others)
            return _answer_within(vengeance, memory_limit, cpu_budget).to_json()
        if "other_lines" in fields or "busted" in fields:
            raise Flip7Error("other_lines and busted describe With a Vengeance situations: add \"rules\": \"vengeance\"")
        from flip7odds.situation import Situation

        situation = Situation.from_text(
            rules, _text(fields, "line", ""),
            seen=_optional_text(fields, "seen"), pile=_optional_text(fields, "pile"),
            discards=_optional_text(fields, "discards"), others_active=0 if alone else others,
        )
        return _answer_within(situation, memory_limit, cpu_budget).to_json()
    except Flip7Error as error:
        return {"error": shortened(str(error))}


def _vengeance_batch_situation(fields: dict[str, Any], rules: RuleSet, others: int) -> VengeanceSituation:
    """A With a Vengeance batch line: ``other_lines`` (else ``others`` players with no card) and ``busted``."""
    from flip7odds.vengeance.situation import VengeanceSituation

    lines = fields.get("other_lines")
    if lines is None:
        lines = [""] * others
    if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines) or len(lines) > MAX_OTHERS:
        raise Flip7Error("other_lines must be a list of lines in card notation, one string per other player "
                         "(at most {maximum})", maximum=MAX_OTHERS)
    busted = fields.get("busted", 0)
    if isinstance(busted, bool) or not isinstance(busted, int) or not 0 <= busted <= MAX_OTHERS:
        raise Flip7Error("busted must be a whole number from 0 to {maximum}, not {busted}", maximum=MAX_OTHERS,
                         busted=shortened(repr(busted), 40))
    return VengeanceSituation.from_text(rules, _text(fields, "line", ""), others=lines,
                                        seen=_optional_text(fields, "seen"), pile=_optional_text(fields, "pile"),
                                        discards=_optional_text(fields, "discards"), busted_others=busted)


def _optional_text(fields: dict[str, Any], key: str) -> str | None:
    return None if fields.get(key) is None else _text(fields, key, "")


def _text(fields: dict[str, Any], key: str, default: str) -> str:
    value = fields.get(key, default)
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        value = " ".join(value)
    if not isinstance(value, str):
        raise Flip7Error("{key} must be cards in notation, as a string or a list of strings", key=key)
    if len(value) > MAX_CARD_TEXT:
        raise Flip7Error("{key} is too long: at most {maximum} characters", key=key, maximum=MAX_CARD_TEXT)
    return value


ENGLISH = Translator(DEFAULT_LANGUAGE)


def report(result: Answer, t: Translator = ENGLISH) -> str:
    """The readable report in ``t``'s language: the decision first, the numbers, then exact or within what."""
    from flip7odds.odds import drawing_pile_size
    from flip7odds.report_lines import answer_lines
    from flip7odds.situation import Situation

    situation = result.situation
    assert isinstance(situation, Situation)
    left = drawing_pile_size(situation)
    why = (t("you hold a Second Chance") if situation.line.second_chance else
           t.ngettext("{bust} of the {left} card left would bust you", "{bust} of the {left} cards left would bust you",
                      left).format(bust=result.bust_cards, left=left))
    return "\n".join([*answer_lines(t, result, why), _pile_note(result, t)]) + "\n"


def _pile_note(result: Answer, t: Translator) -> str:
    discards = result.situation.discards
    if discards is None:
        return t.ngettext("Pile: {pile} card (discards unknown: if the pile runs out, your round ends as if you stayed)",
                          "Pile: {pile} cards (discards unknown: if the pile runs out, your round ends as if you stayed)",
                          result.pile_size).format(pile=result.pile_size)
    return t.ngettext("Pile: {pile} card, discards {discards} (reshuffled once if the pile runs out)",
                      "Pile: {pile} cards, discards {discards} (reshuffled once if the pile runs out)",
                      result.pile_size).format(pile=result.pile_size, discards=discards.size)


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, stdin: TextIO | None = None) -> int:
    """Run the command line; returns the exit status (2: bad input, one line on stderr; 130: interrupted)."""
    try:
        arguments = list(sys.argv[1:] if argv is None else argv)
        if arguments[:1] == ["app"]:  # every option after it is Streamlit's, --help included
            args = argparse.Namespace(command="app", run=_run_app, lang=DEFAULT_LANGUAGE,
                                      streamlit_options=arguments[1:])
        else:
            args = build_parser().parse_args(arguments)
        if getattr(args, "lang", None) is None:
            args.lang = language_from_environment()
        try:
            return int(args.run(args, out or sys.stdout, stdin or sys.stdin))
        except Flip7Error as error:
            t = translator(args.lang)
            message = shortened(t.error(error))
            line = (t("flip7odds: error: {message}").format(message=message) if args.command in ("analyze", "app")
                    else t("flip7odds {command}: error: {message}").format(command=args.command, message=message))
            sys.stderr.write(line + "\n")
            return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        sys.stderr.write("flip7odds: interrupted\n")
        return EXIT_INTERRUPTED


def _run_quiz(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    from flip7odds.trainer_cli import quiz_command

    return quiz_command(args)


def _run_simulate(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    from flip7odds.trainer_cli import simulate_command

    return simulate_command(args)


def _run_policy(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    from flip7odds.policy_cli import policy_command

    return policy_command(args)


def _run_app(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    """``flip7odds app [streamlit options]``: ``python -m streamlit run <the installed app.py> [options]``.

    The library never imports streamlit; the app runs in a child process, which gets Ctrl-C too (same
    terminal), and its exit status is this command's. A SIGTERM or SIGHUP to this command (``kill``, a service
    manager, a closed terminal) is passed on to it, so the server stops with the command (`_forwarding_stops`).
    """
    import importlib.util
    import subprocess

    from flip7odds.resources import app_script

    if importlib.util.find_spec("streamlit") is None:
        raise Flip7Error("the app needs Streamlit: pip install streamlit")
    options = list(args.streamlit_options)
    if options[:1] in (["-h"], ["--help"]):
        out.write(APP_HELP)
        return 0
    script = app_script()
    command = [sys.executable, "-m", "streamlit", "run", str(script), *options]
    # Streamlit reads .streamlit/config.toml from its working folder: the app's own settings ship beside app.py.
    child = subprocess.Popen(command, cwd=script.parent)
    with _forwarding_stops(child):
        try:
            return child.wait()
        except KeyboardInterrupt:
            child.wait()
            raise


STOP_SIGNALS = ("SIGTERM", "SIGHUP")
"""The signals `flip7odds app` passes on to the app's process (those this platform has)."""


@contextlib.contextmanager
def _forwarding_stops(child: subprocess.Popen[bytes]) -> Iterator[None]:
    """Pass `STOP_SIGNALS` on to ``child`` while it runs (without this, stopping the command left the Streamlit
    server running on its own), then restore the handlers as they were."""
    import signal

    def forward(number: int, frame: object) -> None:
        child.send_signal(number)

    numbers = [getattr(signal, name) for name in STOP_SIGNALS if hasattr(signal, name)]
    previous = {number: signal.signal(number, forward) for number in numbers}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


APP_HELP = ("usage: flip7odds app [streamlit run options]\n\n"
            "Start the flip7odds app (Streamlit) and open it in your browser. Every option goes to\n"
            "`streamlit run`, e.g. --server.port 8502, --server.headless true (see streamlit run --help).\n")


def run() -> None:
    """The ``flip7odds`` script and ``python -m flip7odds``: `main`, then exit with its status.

    Ctrl-C ends at once and quietly (status 130), even while a solve runs on the solver's threads; an
    output pipe closed early (``| head``) ends quietly too.
    """
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        status = 0
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    if status == EXIT_INTERRUPTED:
        sys.stderr.flush()
        os._exit(EXIT_INTERRUPTED)
    sys.exit(status)


if __name__ == "__main__":
    run()

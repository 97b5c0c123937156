"""The ``flip7odds`` command line.

``flip7odds analyze --line "12 7 3 +4" [--seen ...] [--pile ...] [--discards ...] [--others N | --alone]
[--rules classic] [--json]`` prints the decision and the odds; ``--batch`` reads one JSON situation a
line from standard input and writes one JSON result a line. Bad input: one line on stderr, exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from flip7odds.analysis import Decision, analyze
from flip7odds.answer import (
    DEFAULT_CPU_SECONDS,
    EXACT_MEMORY,
    MAX_CPU_SECONDS,
    Answer,
    AnySituation,
    answer,
    answer_exactly,
)
from flip7odds.endgame import EndgameError, Method, WinAnalysis, analyze_win, parse_totals
from flip7odds.errors import Flip7Error
from flip7odds.i18n import DEFAULT_LANGUAGE, Translator, add_language_argument, language_from_environment, translator
from flip7odds.odds import drawing_pile_size
from flip7odds.policy_cli import add_policy_arguments, policy_command
from flip7odds.report_lines import answer_lines
from flip7odds.rules import RULESETS, RuleSet, find_rules
from flip7odds.situation import Situation
from flip7odds.trainer_cli import add_quiz_arguments, add_simulate_arguments, quiz_command, simulate_command
from flip7odds.vengeance.analysis import analyze_vengeance
from flip7odds.vengeance.cli import add_vengeance_arguments, run_vengeance
from flip7odds.vengeance.situation import VengeanceSituation

EXIT_BAD_INPUT = 2
BATCH_KEYS = frozenset({"line", "seen", "pile", "discards", "others", "alone", "rules", "other_lines", "busted"})
"""A batch line's keys; ``other_lines`` (one string per other player) and ``busted`` are With a Vengeance's."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and exit status 2."""

    def error(self, message: str) -> Any:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    """The parser of every subcommand."""
    parser = _Parser(prog="flip7odds", description="Exact odds and optimal hit/stay play for Flip 7.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    analyze_parser = commands.add_parser("analyze", help="odds and the optimal decision for a situation")
    add_situation_arguments(analyze_parser)
    analyze_parser.add_argument("--json", action="store_true", help="print one JSON object (MODEL.md names)")
    analyze_parser.add_argument("--batch", action="store_true",
                                help="read JSON situations from stdin, one a line; write one JSON result a line")
    analyze_parser.add_argument("--memory-limit", type=_gigabytes, default=EXACT_MEMORY / 1024**3,
                                help="use the exact solver only within this memory, in GB, else certified bounds "
                                     f"(default {EXACT_MEMORY / 1024**3:g}; 0: always solve exactly, however long)")
    analyze_parser.add_argument("--cpu-seconds", type=_seconds, default=DEFAULT_CPU_SECONDS,
                                help="CPU budget of one answer: beyond it, certified bounds "
                                     f"(default {DEFAULT_CPU_SECONDS:g}, at most {MAX_CPU_SECONDS:g})")
    add_vengeance_arguments(analyze_parser, _count)
    add_win_arguments(analyze_parser)
    analyze_parser.set_defaults(run=_run_analyze)
    quiz_parser = commands.add_parser("quiz", help="hit/stay situations from simulated games, with exact grades")
    add_quiz_arguments(quiz_parser)
    quiz_parser.set_defaults(run=lambda args, out, stdin: quiz_command(args))
    simulate_parser = commands.add_parser("simulate", help="simulate whole games with hit/stay policies")
    add_simulate_arguments(simulate_parser)
    simulate_parser.set_defaults(run=lambda args, out, stdin: simulate_command(args))
    policy_parser = commands.add_parser("policy", help="exact results of a simple hit/stay policy")
    add_policy_arguments(policy_parser)
    policy_parser.set_defaults(run=lambda args, out, stdin: policy_command(args))
    return parser


def add_situation_arguments(parser: argparse.ArgumentParser) -> None:
    """The options that describe a situation (shared by every subcommand that takes one)."""
    parser.add_argument("--line", default="", help='your cards, e.g. "12 7 3 +4 sc"')
    parser.add_argument("--seen", default=None, help="every other card known out of the pile (other lines)")
    parser.add_argument("--pile", default=None, help="exactly the cards left in the draw pile (instead of --seen)")
    parser.add_argument("--discards", default=None, help="the discard pile since the last shuffle (for reshuffles)")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--others", type=_count, default=1, help="other players still active (default 1)")
    group.add_argument("--alone", action="store_true", help="no other player is active (same as --others 0)")
    parser.add_argument("--rules", default="classic", help=f"rule set: {', '.join(RULESETS)}")
    add_language_argument(parser)


def add_win_arguments(parser: argparse.ArgumentParser) -> None:
    """``--objective win`` with the game totals (docs/winprob.md)."""
    parser.add_argument("--objective", choices=("round", "win"), default="round",
                        help="round: maximise this round's expected score (default); win: P(win the game)")
    parser.add_argument("--scores", default=None,
                        help='with --objective win: every player\'s game total with this round banked so far, "120,195"')
    parser.add_argument("--me", type=_count, default=None, help="with --objective win: which of --scores is yours (0 = first)")
    parser.add_argument("--model-policy", default="optimal",
                        help="with --objective win: how players play future rounds (default optimal; e.g. sum>=23)")


def situation_from_arguments(args: argparse.Namespace) -> Situation:
    """Build the situation the options describe (raises `Flip7Error`)."""
    return Situation.from_text(
        find_rules(args.rules), args.line, seen=args.seen, pile=args.pile, discards=args.discards,
        others_active=0 if args.alone else args.others,
    )


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative")
    return value


def _gigabytes(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of gigabytes") from None
    if not value >= 0:
        raise argparse.ArgumentTypeError(f"{text} is not 0 or more")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value <= MAX_CPU_SECONDS:
        raise argparse.ArgumentTypeError(f"{text} is not between 0 and {MAX_CPU_SECONDS:g} seconds")
    return value


def _memory_limit(args: argparse.Namespace) -> int | None:
    """The ``--memory-limit`` in bytes (None: no limit)."""
    return int(args.memory_limit * 1024**3) or None


def answer_of(situation: AnySituation, args: argparse.Namespace) -> Answer:
    """`answer` under ``--cpu-seconds`` and ``--memory-limit`` (0: the exact solver, however long)."""
    limit = _memory_limit(args)
    if limit is None:
        if isinstance(situation, VengeanceSituation):
            return answer_exactly(analyze_vengeance(situation, 10**9))
        return answer_exactly(analyze(situation, memory_limit=None))
    return answer(situation, args.cpu_seconds, memory_limit=limit)


def _run_analyze(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    if args.batch:
        for raw in stdin:
            if raw.strip():
                out.write(json.dumps(analyze_json_line(raw, _memory_limit(args), args.cpu_seconds)) + "\n")
                out.flush()
        return 0
    rules = find_rules(args.rules, experimental=True)
    if rules.vengeance:
        return run_vengeance(args, rules, out, translator(args.lang), answer_of)
    if args.other is not None or args.busted:
        raise Flip7Error("--other and --busted describe With a Vengeance situations: add --rules vengeance")
    situation = situation_from_arguments(args)
    if args.objective == "round":
        if args.scores is not None or args.me is not None:
            raise EndgameError("--scores and --me go with --objective win")
        result = answer_of(situation, args)
        out.write(json.dumps(result.to_json()) + "\n" if args.json else report(result, translator(args.lang)))
        return 0
    if args.scores is None:
        raise EndgameError('--objective win needs every game total and yours: --scores "120,195" --me 0')
    totals, me = parse_totals(args.scores, args.me)
    win = analyze_win(situation, totals, me, args.model_policy)
    result = answer_of(situation, args)
    if args.json:
        out.write(json.dumps(result.to_json() | win.to_json()) + "\n")
    else:
        t = translator(args.lang)
        out.write(report(result, t) + win_report(result, win, t))
    return 0


def win_report(result: Answer, win: WinAnalysis, t: Translator | None = None) -> str:
    """The win-probability lines of the readable report: both advisers side by side."""
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
        lines.append(t("Win model: {players} players, a Monte-Carlo approximation over {games} simulated games").format(
            players=len(win.totals), games=win.games))
    return "\n".join(lines) + "\n"


def analyze_json_line(raw: str, memory_limit: int | None = EXACT_MEMORY,
                      cpu_seconds: float = DEFAULT_CPU_SECONDS) -> dict[str, Any]:
    """Answer one batch line (`answer`, as ``analyze --json``); a bad line gives ``{"error": ...}`` instead of
    stopping the batch."""
    try:
        fields = json.loads(raw)
    except json.JSONDecodeError as error:
        return {"error": f"not JSON: {error.msg} at column {error.colno}"}
    if not isinstance(fields, dict):
        return {"error": "each line must be a JSON object"}
    unknown = sorted(set(fields) - BATCH_KEYS)
    if unknown:
        return {"error": f"unknown key {unknown[0]!r}: use {', '.join(sorted(BATCH_KEYS))}"}
    try:
        others = fields.get("others", 1)
        if isinstance(others, bool) or not isinstance(others, int) or others < 0:
            raise Flip7Error("others must be a whole number of 0 or more, not {others!r}", others=others)
        alone = fields.get("alone", False)
        if not isinstance(alone, bool):
            raise Flip7Error("alone must be true or false, not {alone!r}", alone=alone)
        rules = find_rules(_text(fields, "rules", "classic"), experimental=True)
        if rules.vengeance:
            vengeance = _vengeance_batch_situation(fields, rules, 0 if alone else others)
            return _answer_within(vengeance, memory_limit, cpu_seconds).to_json()
        if "other_lines" in fields or "busted" in fields:
            raise Flip7Error("other_lines and busted describe With a Vengeance situations: add \"rules\": \"vengeance\"")
        situation = Situation.from_text(
            rules, _text(fields, "line", ""),
            seen=_optional_text(fields, "seen"), pile=_optional_text(fields, "pile"),
            discards=_optional_text(fields, "discards"), others_active=0 if alone else others,
        )
        return _answer_within(situation, memory_limit, cpu_seconds).to_json()
    except Flip7Error as error:
        return {"error": str(error)}


def _answer_within(situation: AnySituation, memory_limit: int | None, cpu_seconds: float) -> Answer:
    if memory_limit is None:
        if isinstance(situation, VengeanceSituation):
            return answer_exactly(analyze_vengeance(situation, 10**9))
        return answer_exactly(analyze(situation, memory_limit=None))
    return answer(situation, cpu_seconds, memory_limit=memory_limit)


def _vengeance_batch_situation(fields: dict[str, Any], rules: RuleSet, others: int) -> VengeanceSituation:
    """A With a Vengeance batch line: ``other_lines`` (else ``others`` players with no card) and ``busted``."""
    lines = fields.get("other_lines")
    if lines is None:
        lines = [""] * others
    if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
        raise Flip7Error("other_lines must be a list of lines in card notation, one string per other player")
    busted = fields.get("busted", 0)
    if isinstance(busted, bool) or not isinstance(busted, int) or busted < 0:
        raise Flip7Error("busted must be a whole number of 0 or more, not {busted!r}", busted=busted)
    return VengeanceSituation.from_text(rules, _text(fields, "line", ""), others=lines,
                                        seen=_optional_text(fields, "seen"), pile=_optional_text(fields, "pile"),
                                        discards=_optional_text(fields, "discards"), busted_others=busted)


def _optional_text(fields: dict[str, Any], key: str) -> str | None:
    return None if fields.get(key) is None else _text(fields, key, "")


def _text(fields: dict[str, Any], key: str, default: str) -> str:
    value = fields.get(key, default)
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return " ".join(value)
    if not isinstance(value, str):
        raise Flip7Error("{key} must be cards in notation, as a string or a list of strings", key=key)
    return value


ENGLISH = Translator(DEFAULT_LANGUAGE)


def report(result: Answer, t: Translator = ENGLISH) -> str:
    """The readable report in ``t``'s language: the decision first, the numbers, then exact or within what."""
    situation = result.situation
    assert isinstance(situation, Situation)
    why = (t("you hold a Second Chance") if situation.line.second_chance else
           t("{bust} of the {left} cards left would bust you").format(bust=result.bust_cards,
                                                                       left=drawing_pile_size(situation)))
    return "\n".join([*answer_lines(t, result, why), _pile_note(result, t)]) + "\n"


def _pile_note(result: Answer, t: Translator) -> str:
    discards = result.situation.discards
    if discards is None:
        return t("Pile: {pile} cards (discards unknown: if the pile runs out, your round ends as if you stayed)").format(
            pile=result.pile_size)
    return t("Pile: {pile} cards, discards {discards} (reshuffled once if the pile runs out)").format(
        pile=result.pile_size, discards=discards.size)


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, stdin: TextIO | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "lang", None) is None:
        args.lang = language_from_environment()
    try:
        return int(args.run(args, out or sys.stdout, stdin or sys.stdin))
    except Flip7Error as error:
        t = translator(args.lang)
        sys.stderr.write(t("flip7odds: error: {message}").format(message=t.error(error)) + "\n")
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        sys.stderr.write("flip7odds: interrupted\n")
        return 130


if __name__ == "__main__":
    sys.exit(main())

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

from flip7odds.analysis import Analysis, Decision, analyze
from flip7odds.errors import Flip7Error
from flip7odds.rules import RULESETS, find_rules
from flip7odds.situation import Situation

EXIT_BAD_INPUT = 2
BATCH_KEYS = frozenset({"line", "seen", "pile", "discards", "others", "alone", "rules"})


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
    analyze_parser.set_defaults(run=_run_analyze)
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


def _run_analyze(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    if args.batch:
        for raw in stdin:
            if raw.strip():
                out.write(json.dumps(analyze_json_line(raw)) + "\n")
                out.flush()
        return 0
    result = analyze(situation_from_arguments(args))
    out.write(json.dumps(result.to_json()) + "\n" if args.json else report(result))
    return 0


def analyze_json_line(raw: str) -> dict[str, Any]:
    """Analyze one batch line; a bad line gives ``{"error": ...}`` instead of stopping the batch."""
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
            raise Flip7Error(f"others must be a whole number of 0 or more, not {others!r}")
        alone = fields.get("alone", False)
        if not isinstance(alone, bool):
            raise Flip7Error(f"alone must be true or false, not {alone!r}")
        situation = Situation.from_text(
            find_rules(_text(fields, "rules", "classic")), _text(fields, "line", ""),
            seen=_optional_text(fields, "seen"), pile=_optional_text(fields, "pile"),
            discards=_optional_text(fields, "discards"), others_active=0 if alone else others,
        )
    except Flip7Error as error:
        return {"error": str(error)}
    return analyze(situation).to_json()


def _optional_text(fields: dict[str, Any], key: str) -> str | None:
    return None if fields.get(key) is None else _text(fields, key, "")


def _text(fields: dict[str, Any], key: str, default: str) -> str:
    value = fields.get(key, default)
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return " ".join(value)
    if not isinstance(value, str):
        raise Flip7Error(f"{key} must be cards in notation, as a string or a list of strings")
    return value


def report(result: Analysis) -> str:
    """The readable report: the decision first, then the numbers with their fractions."""
    lines = [_headline(result)]
    if result.hit_score is not None:
        bust = result.bust_probability
        why = ("you hold a Second Chance" if result.situation.line.second_chance else
               f"{result.bust_cards} of the {_drawing(result)} cards left would bust you")
        lines.append(f"Bust on the next card: {bust.numerator}/{bust.denominator} = {float(bust):.1%} ({why})")
        assert result.hit_once_score is not None
        once = result.hit_once_score
        lines.append(f"Hit once, then stay:   {float(once):.2f} points (= {once.numerator}/{once.denominator})")
        lines.append(f"Hit, then play best:   {result.hit_score:.2f} points")
    lines.append(f"Stay now:              {result.stay_score} points")
    lines.append(f"Optimal expected score: {result.optimal_score:.4f}")
    lines.append(f"Under optimal play: P(Flip 7) {result.flip7_probability:.2%}, "
                 f"P(bust) {result.bust_final_probability:.2%}")
    lines.append(f"Pile: {result.pile_size} cards" + _discard_note(result))
    return "\n".join(lines) + "\n"


def _headline(result: Analysis) -> str:
    if result.hit_score is None:
        return f"STAY: no card can be drawn (the pile is empty); you bank {result.stay_score}"
    if not result.may_stay:
        return f"HIT: your line is empty, you may not stay yet (expected {result.hit_score:.2f})"
    better, worse = ("hitting", "staying") if result.decision is Decision.HIT else ("staying", "hitting")
    return (f"{result.decision.value.upper()}: {better} is worth {result.margin:.2f} points more than {worse} "
            f"(stay {result.stay_score}, hit {result.hit_score:.2f})")


def _drawing(result: Analysis) -> int:
    situation = result.situation
    if situation.pile.size == 0 and situation.discards is not None:
        return situation.discards.size
    return situation.pile.size


def _discard_note(result: Analysis) -> str:
    discards = result.situation.discards
    if discards is None:
        return " (discards unknown: if the pile runs out, your round ends as if you stayed)"
    return f", discards {discards.size} (reshuffled once if the pile runs out)"


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, stdin: TextIO | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args, out or sys.stdout, stdin or sys.stdin))
    except Flip7Error as error:
        sys.stderr.write(f"flip7odds: error: {error}\n")
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        sys.stderr.write("flip7odds: interrupted\n")
        return 130


if __name__ == "__main__":
    sys.exit(main())

"""The ``flip7odds policy`` subcommand: the exact results of a simple hit/stay policy from a situation.

The lead's `flip7odds.cli` wires it: ``add_policy_arguments(subparsers.add_parser("policy"))`` and
``policy_command(args)`` as its handler. Bad input prints one line on stderr and returns 2. The readable
output and the error line follow ``--lang`` (default: the environment's locale); ``--json`` is the same in
every language.

Examples
--------
>>> import argparse
>>> parser = argparse.ArgumentParser(prog="flip7odds policy")
>>> add_policy_arguments(parser)
>>> policy_command(parser.parse_args(["--policy", "cards>=2", "--line", "12", "--pile", "12 5 +4", "--lang", "en"]))
policy           cards>=2
decision now     hit
expected score   9.1667  (76.39% of optimal 12.0000)
P(bust)          50.00%
P(Flip 7)        0.00%
distribution     0: 50.00%, 17: 33.33%, 21: 16.67%
0
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from flip7odds.arguments import card_text, escaped, short_text
from flip7odds.errors import Flip7Error
from flip7odds.i18n import Translator, add_language_argument, command_translator
from flip7odds.policy_text import POLICY_HELP
from flip7odds.rules import RULESETS, find_rules

if TYPE_CHECKING:
    from flip7odds.policies import PolicyResult


def add_policy_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ``policy`` subcommand's options to ``parser``."""
    parser.add_argument("--policy", required=True, type=short_text, help=escaped("the policy to evaluate: " + POLICY_HELP))
    parser.add_argument("--line", type=card_text, default="", help="your line in card notation, e.g. '12 7 +4 sc' "
                        "(default: empty, a new round)")
    parser.add_argument("--pile", type=card_text, default=None, help="the exact pile in card notation (default: the deck minus "
                        "your line, --seen and --discards)")
    parser.add_argument("--seen", type=card_text, default=None, help="cards known to be out of the pile (other lines, discards "
                        "since the last reshuffle)")
    parser.add_argument("--discards", type=card_text, default=None, help="the discard pile, reshuffled if the pile runs out")
    parser.add_argument("--alone", action="store_true", help="no other player is active: Freeze and Flip Three "
                        "must target you")
    parser.add_argument("--rules", type=short_text, default="classic", help="the rules: " + ", ".join(RULESETS))
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    add_language_argument(parser)


def _table(rows: list[tuple[str, str]]) -> str:
    """Labels in one column, padded to the longest label and three spaces, then the values."""
    width = max(len(label) for label, _ in rows) + 3
    return "".join(f"{label.ljust(width)}{value}\n" for label, value in rows)


def report(result: PolicyResult, optimal: float, t: Translator) -> str:
    """The readable results of a policy whose situation's optimum is ``optimal``, in ``t``'s language."""
    from flip7odds.policies import fraction_of_optimal

    share = fraction_of_optimal(result.expected_score, optimal)
    return _table([
        (t("policy"), str(result.policy)),
        (t("decision now"), t("hit") if result.hits_now else t("stay")),
        (t("expected score"), t("{score}  ({share} of optimal {optimal})").format(
            score=t.number(result.expected_score, 4), share=t("n/a") if share is None else t.percent(share, 2),
            optimal=t.number(optimal, 4))),
        (t("P(bust)"), t.percent(result.bust_probability, 2)),
        (t("P(Flip 7)"), t.percent(result.flip7_probability, 2)),
        (t("distribution"), ", ".join(f"{score}: {t.percent(p, 2)}" for score, p in result.distribution.items())),
    ])


def policy_command(args: argparse.Namespace) -> int:
    """Evaluate ``args.policy`` exactly and print its results; 2 with one line on stderr for bad input."""
    t = command_translator(args.lang)
    from flip7odds.situation import Situation

    try:
        situation = Situation.from_text(find_rules(args.rules), args.line, seen=args.seen, pile=args.pile,
                                        discards=args.discards, others_active=0 if args.alone else 1)
        from flip7odds.policies import Optimal, evaluate_policy, parse_policy

        policy = parse_policy(args.policy)
    except Flip7Error as error:
        print(t("flip7odds policy: error: {message}").format(message=t.error(error)), file=sys.stderr)
        return 2
    result = evaluate_policy(situation, policy)
    optimum = result if isinstance(policy, Optimal) else evaluate_policy(situation, Optimal())
    if args.json:
        print(json.dumps(result.to_json(optimum.expected_score), indent=2))
        return 0
    sys.stdout.write(report(result, optimum.expected_score, t))
    return 0


__all__ = ["add_policy_arguments", "policy_command", "report"]

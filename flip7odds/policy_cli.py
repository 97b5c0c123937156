"""The ``flip7odds policy`` subcommand: the exact results of a simple hit/stay policy from a situation.

The lead's `flip7odds.cli` wires it: ``add_policy_arguments(subparsers.add_parser("policy"))`` and
``policy_command(args)`` as its handler. Bad input prints one line on stderr and returns 2.

Examples
--------
>>> import argparse
>>> parser = argparse.ArgumentParser(prog="flip7odds policy")
>>> add_policy_arguments(parser)
>>> policy_command(parser.parse_args(["--policy", "cards>=2", "--line", "12", "--pile", "12 5 +4"]))
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

from flip7odds.errors import Flip7Error
from flip7odds.policies import POLICY_HELP, Optimal, evaluate_policy, fraction_of_optimal, parse_policy
from flip7odds.rules import RULESETS, find_rules
from flip7odds.situation import Situation

TEXT = {
    "policy": "the policy to evaluate: " + POLICY_HELP,
    "line": "your line in card notation, e.g. '12 7 +4 sc' (default: empty, a new round)",
    "pile": "the exact pile in card notation (default: the deck minus your line, --seen and --discards)",
    "seen": "cards known to be out of the pile (other lines, discards since the last reshuffle)",
    "discards": "the discard pile, reshuffled if the pile runs out",
    "alone": "no other player is active: Freeze and Flip Three must target you",
    "rules": "the rules: " + ", ".join(RULESETS),
    "json": "print one JSON object instead of text",
    "error": "flip7odds policy: error: {message}",
    "out_policy": "policy           {policy}",
    "out_decision": "decision now     {decision}",
    "out_score": "expected score   {score:.4f}  ({share} of optimal {optimal:.4f})",
    "out_bust": "P(bust)          {value:.2%}",
    "out_flip7": "P(Flip 7)        {value:.2%}",
    "out_distribution": "distribution     {items}",
    "no_share": "n/a",
}


def add_policy_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ``policy`` subcommand's options to ``parser``."""
    parser.add_argument("--policy", required=True, help=TEXT["policy"])
    parser.add_argument("--line", default="", help=TEXT["line"])
    parser.add_argument("--pile", default=None, help=TEXT["pile"])
    parser.add_argument("--seen", default=None, help=TEXT["seen"])
    parser.add_argument("--discards", default=None, help=TEXT["discards"])
    parser.add_argument("--alone", action="store_true", help=TEXT["alone"])
    parser.add_argument("--rules", default="classic", help=TEXT["rules"])
    parser.add_argument("--json", action="store_true", help=TEXT["json"])


def policy_command(args: argparse.Namespace) -> int:
    """Evaluate ``args.policy`` exactly and print its results; 2 with one line on stderr for bad input."""
    try:
        policy = parse_policy(args.policy)
        situation = Situation.from_text(find_rules(args.rules), args.line, seen=args.seen, pile=args.pile,
                                        discards=args.discards, others_active=0 if args.alone else 1)
    except Flip7Error as error:
        print(TEXT["error"].format(message=error), file=sys.stderr)
        return 2
    result = evaluate_policy(situation, policy)
    optimum = result if isinstance(policy, Optimal) else evaluate_policy(situation, Optimal())
    if args.json:
        print(json.dumps(result.to_json(optimum.expected_score), indent=2))
        return 0
    share = fraction_of_optimal(result.expected_score, optimum.expected_score)
    print(TEXT["out_policy"].format(policy=policy))
    print(TEXT["out_decision"].format(decision="hit" if result.hits_now else "stay"))
    print(TEXT["out_score"].format(score=result.expected_score, optimal=optimum.expected_score,
                                   share=TEXT["no_share"] if share is None else f"{share:.2%}"))
    print(TEXT["out_bust"].format(value=result.bust_probability))
    print(TEXT["out_flip7"].format(value=result.flip7_probability))
    print(TEXT["out_distribution"].format(
        items=", ".join(f"{score}: {p:.2%}" for score, p in result.distribution.items())))
    return 0


__all__ = ["add_policy_arguments", "policy_command"]

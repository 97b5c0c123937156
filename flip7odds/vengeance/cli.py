"""``flip7odds analyze --rules vengeance``: the With a Vengeance situation from the options, and its report.

The other players' lines are given one ``--other`` each (``--other "12 9 -4" --other ""``); without
any, ``--others N`` counts other players with no card yet (``--alone``: none). ``--busted N`` counts
busted players (Brutal mode: they may be given modifiers).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

from flip7odds.arguments import MAX_OTHERS, card_text
from flip7odds.errors import Flip7Error, Plural
from flip7odds.i18n import Translator
from flip7odds.rules import RuleSet

if TYPE_CHECKING:
    from flip7odds.answer import Answer
    from flip7odds.vengeance.situation import VengeanceSituation


def add_vengeance_arguments(parser: argparse.ArgumentParser, count: Callable[[str], int]) -> None:
    """``--other`` (repeatable) and ``--busted``, used only with the Vengeance rules."""
    parser.add_argument("--other", action="append", default=None, type=card_text,
                        help='With a Vengeance: one other player\'s line (repeat it), e.g. --other "12 9 -4"')
    parser.add_argument("--busted", type=count, default=0,
                        help="With a Vengeance, Brutal mode: busted players (they may be given modifiers)")


def vengeance_situation(args: argparse.Namespace, rules: RuleSet) -> VengeanceSituation:
    """The situation the options describe (raises `flip7odds.errors.Flip7Error`)."""
    from flip7odds.vengeance.situation import VengeanceSituation

    others = args.other if args.other is not None else [""] * (0 if args.alone else args.others)
    if len(others) > MAX_OTHERS:
        raise Flip7Error(Plural("at most {maximum} other player (--other)", "at most {maximum} other players (--other)",
                                "maximum"), maximum=MAX_OTHERS)
    return VengeanceSituation.from_text(rules, args.line, others=others, seen=args.seen, pile=args.pile,
                                        discards=args.discards, busted_others=args.busted)


def run_vengeance(args: argparse.Namespace, rules: RuleSet, out: TextIO, t: Translator,
                  answer_of: Callable[[VengeanceSituation, argparse.Namespace], Answer]) -> int:
    """Answer and print (JSON or the readable report); the situation is read before the solver loads, and
    ``answer_of`` applies the budget options."""
    result = answer_of(vengeance_situation(args, rules), args)
    out.write(json.dumps(result.to_json()) + "\n" if args.json else vengeance_report(result, t))
    return 0


def vengeance_report(result: Answer, t: Translator) -> str:
    """The readable report: the decision first, then the numbers, exact or within what, then the caveat."""
    from flip7odds.report_lines import answer_lines
    from flip7odds.vengeance.analysis import CAVEAT
    from flip7odds.vengeance.odds import drawing_pile
    from flip7odds.vengeance.situation import VengeanceSituation

    situation = result.situation
    assert isinstance(situation, VengeanceSituation)
    forced = t("HIT: you hold The Zero, you may not stay (expected {points})") if situation.line.has_zero else None
    left = drawing_pile(situation).size
    why = t.ngettext("{bust} of the {left} card left would bust you", "{bust} of the {left} cards left would bust you",
                     left).format(bust=result.bust_cards, left=left)
    return "\n".join([*answer_lines(t, result, why, forced), t(CAVEAT)]) + "\n"

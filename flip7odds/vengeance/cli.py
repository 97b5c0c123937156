"""``flip7odds analyze --rules vengeance``: the With a Vengeance situation from the options, and its report.

The other players' lines are given one ``--other`` each (``--other "12 9 -4" --other ""``); without
any, ``--others N`` counts other players with no card yet (``--alone``: none). ``--busted N`` counts
busted players (Brutal mode: they may be given modifiers).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import TextIO

from flip7odds.analysis import Decision
from flip7odds.i18n import Translator
from flip7odds.rules import RuleSet
from flip7odds.vengeance.analysis import CAVEAT, VengeanceAnalysis, analyze_vengeance
from flip7odds.vengeance.odds import drawing_pile
from flip7odds.vengeance.situation import VengeanceSituation


def add_vengeance_arguments(parser: argparse.ArgumentParser, count: Callable[[str], int]) -> None:
    """``--other`` (repeatable) and ``--busted``, used only with the Vengeance rules."""
    parser.add_argument("--other", action="append", default=None,
                        help='With a Vengeance: one other player\'s line (repeat it), e.g. --other "12 9 -4"')
    parser.add_argument("--busted", type=count, default=0,
                        help="With a Vengeance, Brutal mode: busted players (they may be given modifiers)")


def vengeance_situation(args: argparse.Namespace, rules: RuleSet) -> VengeanceSituation:
    """The situation the options describe (raises `flip7odds.errors.Flip7Error`)."""
    others = args.other if args.other is not None else [""] * (0 if args.alone else args.others)
    return VengeanceSituation.from_text(rules, args.line, others=others, seen=args.seen, pile=args.pile,
                                        discards=args.discards, busted_others=args.busted)


def run_vengeance(args: argparse.Namespace, rules: RuleSet, out: TextIO, t: Translator) -> int:
    """Analyse and print (JSON or the readable report)."""
    result = analyze_vengeance(vengeance_situation(args, rules))
    out.write(json.dumps(result.to_json()) + "\n" if args.json else vengeance_report(result, t))
    return 0


def vengeance_report(result: VengeanceAnalysis, t: Translator) -> str:
    """The readable report: the decision first, then the numbers with their fractions, then the caveat."""
    lines = [_headline(result, t)]
    if result.hit_score is not None:
        bust = result.bust_probability
        why = t("{bust} of the {left} cards left would bust you").format(
            bust=result.bust_cards, left=drawing_pile(result.situation).size)
        lines.append(t("Bust on the next card: {fraction} = {percent} ({why})").format(
            fraction=f"{bust.numerator}/{bust.denominator}", percent=t.percent(float(bust)), why=why))
        assert result.hit_once_score is not None
        once = result.hit_once_score
        lines.append(t("Hit once, then stay: {points} points (= {fraction})").format(
            points=t.number(float(once)), fraction=f"{once.numerator}/{once.denominator}"))
        lines.append(t("Hit, then play best: {points} points").format(points=t.number(float(result.hit_score))))
    lines.append(t("Stay now: {points} points").format(points=result.stay_score))
    lines.append(t("Optimal expected score: {points}").format(points=t.number(float(result.optimal_score), 4)))
    lines.append(t("Under optimal play: P(Flip 7) {flip7}, P(bust) {bust}").format(
        flip7=t.percent(float(result.flip7_probability), 2), bust=t.percent(float(result.bust_final_probability), 2)))
    lines.append(t(CAVEAT))
    return "\n".join(lines) + "\n"


def _headline(result: VengeanceAnalysis, t: Translator) -> str:
    if result.hit_score is None:
        return t("STAY: no card can be drawn (the pile is empty); you bank {points}").format(points=result.stay_score)
    if not result.may_stay and result.situation.line.has_zero:
        return t("HIT: you hold The Zero, you may not stay (expected {points})").format(
            points=t.number(float(result.hit_score)))
    if not result.may_stay:
        return t("HIT: your line is empty, you may not stay yet (expected {points})").format(
            points=t.number(float(result.hit_score)))
    template = (t("HIT: hitting is worth {margin} points more than staying (stay {stay}, hit {hit})")
                if result.decision is Decision.HIT else
                t("STAY: staying is worth {margin} points more than hitting (stay {stay}, hit {hit})"))
    margin = abs(float(result.hit_score) - result.stay_score)
    return template.format(margin=t.number(margin), stay=result.stay_score, hit=t.number(float(result.hit_score)))

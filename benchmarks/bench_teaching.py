"""Timings of the teaching library: policy evaluations, strategy curves, the decision map, trees, simulations.

Run from the repository root (the package installed, or ``PYTHONPATH=.``)::

    python benchmarks/bench_teaching.py            # everything, including the full curves on 94 cards
    python benchmarks/bench_teaching.py --quick    # without the full curves on 94 cards (minutes)

It prints a markdown table (seconds, best of ``--repeat`` runs for the short ones) and the load
average, since a shared machine slows every number down. Nothing here is asserted: speed is measured,
never tested.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from fractions import Fraction

import numpy as np

from flip7odds.policies import HitStayPolicy, evaluate_policy, parse_policy
from flip7odds.rules import CLASSIC
from flip7odds.situation import Situation
from flip7odds.teaching import (
    Grouping,
    PolicyFamily,
    Question,
    TreeStart,
    exact_value,
    numbers_only_pile,
    optimal_decision_map,
    probability_tree,
    simulate,
)

NUMBERS_ONLY = Situation.from_text(CLASSIC, pile=numbers_only_pile())
FRESH = Situation.from_text(CLASSIC)
MID_ROUND = Situation.from_text(CLASSIC, "12 11 9")
EARLY = Situation.from_text(CLASSIC, "7 3")
PILES = {"79 numbers only": NUMBERS_ONLY, "94 fresh deck": FRESH}
RULES = ("optimal", "sum>=23", "bust>=0.26", "cards>=3", "lookahead", "always")
EXTRA_RULES = ("sum>=23", "bust>=0.26", "cards>=3", "lookahead", "always")
SIMULATED_ROUNDS = 2000


def default_curve_policies() -> list[HitStayPolicy]:
    """The strategy page's default curves: T 10..35, θ 10%..50% by 2%, k 1..7, and its five extra rules."""
    policies: list[HitStayPolicy] = [
        *PolicyFamily.SUM.policies(Fraction(10), Fraction(35), Fraction(1)),
        *PolicyFamily.BUST.policies(Fraction(10, 100), Fraction(50, 100), Fraction(2, 100)),
        *PolicyFamily.CARDS.policies(Fraction(1), Fraction(7), Fraction(1)),
    ]
    return policies + [parse_policy(text) for text in EXTRA_RULES]


def timed(action: Callable[[], object], repeat: int) -> float:
    """The best wall-clock time of ``repeat`` runs, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the full curves on the 94-card deck")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each short measurement (best is kept)")
    args = parser.parse_args()
    rows: list[tuple[str, str, float]] = []

    def measure(what: str, where: str, action: Callable[[], object], repeat: int = args.repeat) -> None:
        seconds = timed(action, repeat)
        rows.append((what, where, seconds))
        print(f"  {what} [{where}]: {seconds:.3f} s", flush=True)

    for where, situation in PILES.items():
        for text in RULES:
            measure(f"evaluate_policy {text}", where, lambda s=situation, t=text: evaluate_policy(s, parse_policy(t)),
                    repeat=1 if situation is FRESH else args.repeat)
        measure("optimal_decision_map (heat map, one solve)", where, lambda s=situation: optimal_decision_map(s),
                repeat=1 if situation is FRESH else args.repeat)
    curves = default_curve_policies()
    measure(f"strategy curves, {len(curves)} solves", "79 numbers only",
            lambda: [evaluate_policy(NUMBERS_ONLY, p) for p in curves], repeat=1)
    if not args.quick:
        measure(f"strategy curves, {len(curves)} solves", "94 fresh deck",
                lambda: [evaluate_policy(FRESH, p) for p in curves], repeat=1)

    for draws in (1, 2, 3):
        measure(f"probability_tree {draws} card(s), by outcome", "94 fresh deck",
                lambda d=draws: probability_tree(FRESH, d))
    measure("probability_tree 2 cards, one branch per card", "94 fresh deck",
            lambda: probability_tree(FRESH, 2, grouping=Grouping.CARD))
    measure("probability_tree Flip Three", "12 11 9, 91 cards",
            lambda: probability_tree(MID_ROUND, 3, TreeStart.FLIP_THREE))

    questions = [(Question.BUST_NEXT, "always"), (Question.BUST_IN_FLIP_THREE, "always"),
                 (Question.FLIP7_ALWAYS_HIT, "always"), (Question.POLICY_SCORE, "sum>=23"),
                 (Question.POLICY_SCORE, "lookahead")]
    for question, text in questions:
        label = question.value + ("" if question is not Question.POLICY_SCORE else f" {text}")
        # Busting questions from a line of 12 11 9; playing on from an early line of 7 3.
        busting = question in (Question.BUST_NEXT, Question.BUST_IN_FLIP_THREE)
        situation, where = (MID_ROUND, "12 11 9, 91 cards") if busting else (EARLY, "7 3, 92 cards")
        measure(f"exact_value {label}", where,
                lambda s=situation, q=question, t=text: exact_value(s, q, parse_policy(t)), repeat=1)
        measure(f"simulate {SIMULATED_ROUNDS} rounds, {label}", where,
                lambda s=situation, q=question, t=text: simulate(s, q, SIMULATED_ROUNDS, np.random.default_rng(1),
                                                                 parse_policy(t)), repeat=1)
    for text in ("sum>=23", "lookahead"):
        measure(f"simulate {SIMULATED_ROUNDS} rounds, policy_score {text}", "94 fresh deck",
                lambda t=text: simulate(FRESH, Question.POLICY_SCORE, SIMULATED_ROUNDS, np.random.default_rng(1),
                                        parse_policy(t)), repeat=1)

    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"\nLoad average (1, 5, 15 min): {load} on {os.cpu_count()} cores\n")
    print("| measurement | situation | seconds |\n|---|---|---:|")
    for what, where, seconds in rows:
        print(f"| {what} | {where} | {seconds:.3f} |")


if __name__ == "__main__":
    main()

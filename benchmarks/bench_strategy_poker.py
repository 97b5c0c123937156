"""The poker strategy explorer's computations, before (real deck) and after (merged decks), on a fresh pile.

Run from the repository root (the package installed, or ``PYTHONPATH=.``)::

    python benchmarks/bench_strategy_poker.py           # after, whole; before, one solve of each kind
    python benchmarks/bench_strategy_poker.py --alone   # the same played alone (no "before": 2.2 billion states)

"After" is what the page computes (`pages/strategy.py` with ``?rules=poker&deck=fresh``): the optimum's certified
bounds (`flip7odds.answer.answer`, 3 s budget), the merged decision map and the default grid's 58 penalty-blind
rules on the mean-merged deck (`flip7odds.relaxation.blind_policy_value`). "Before" is one exact solve of the
real deck per kind (decision map, one rule), since the page then needed 59 of them. CPU seconds
(`time.process_time`), with the load average. Nothing is asserted: speed is measured, never tested.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from fractions import Fraction
from typing import TypeVar

from flip7odds.analysis import problem_of
from flip7odds.answer import answer
from flip7odds.policies import HitStayPolicy, evaluate_policy, parse_policy
from flip7odds.relaxation import blind_policy_value
from flip7odds.rules import POKER
from flip7odds.situation import Situation
from flip7odds.teaching import PolicyFamily, merged_decision_map, optimal_decision_map

T = TypeVar("T")
PAGE_BUDGET = 3.0
"""The page's CPU budget for the optimum (`flip7odds_ui.cache.STRATEGY_CPU_SECONDS`)."""


def timed(run: Callable[[], T]) -> tuple[float, T]:
    """CPU seconds of ``run()``, and its result."""
    start = time.process_time()
    result = run()
    return time.process_time() - start, result


def grid() -> list[HitStayPolicy]:
    """The page's default grid (T 10..35, θ 10..50% by 2, k 1..7) and its blind extra rules."""
    policies = [*PolicyFamily.SUM.policies(Fraction(10), Fraction(35), Fraction(1)),
                *PolicyFamily.BUST.policies(Fraction(10, 100), Fraction(50, 100), Fraction(2, 100)),
                *PolicyFamily.CARDS.policies(Fraction(1), Fraction(7), Fraction(1))]
    return policies + [parse_policy(text) for text in ("sum>=23", "bust>=0.26", "cards>=3", "always")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--alone", action="store_true", help="play the fresh pile alone")
    arguments = parser.parse_args()
    situation = Situation.from_text(POKER, "", others_active=0 if arguments.alone else 1)
    problem = problem_of(situation)
    print(f"load average before: {os.getloadavg()}")
    print("| step | CPU seconds | result |\n|---|---:|---|")
    seconds, bounds = timed(lambda: answer(situation, PAGE_BUDGET))
    print(f"| after: optimum, certified bounds | {seconds:.2f} | {bounds.optimal.lo:.4f}..{bounds.optimal.hi:.4f} |")
    seconds, _ = timed(lambda: merged_decision_map(situation))
    print(f"| after: merged decision map | {seconds:.2f} | |")
    policies = grid()
    seconds, values = timed(lambda: [blind_policy_value(problem, policy) for policy in policies])
    best = max(values, key=lambda value: value.expected_score)
    print(f"| after: {len(policies)} blind rules | {seconds:.2f} | best {best.policy} {best.low:.4f}..{best.high:.4f} |")
    if not arguments.alone:
        seconds, real = timed(lambda: evaluate_policy(situation, best.policy))
        print(f"| before: one rule on the real deck | {seconds:.2f} | {real.expected_score:.4f} "
              f"(merged: {best.expected_score:.4f}) |")
        seconds, _ = timed(lambda: optimal_decision_map(situation))
        print(f"| before: exact decision map (= optimum) | {seconds:.2f} | |")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()

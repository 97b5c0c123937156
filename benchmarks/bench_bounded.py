"""Benchmark: `flip7odds.answer.answer` on every variant, fresh decks and situations from simulated games.

For each variant (classic, poker, vengeance, vengeance-brutal):

* the fresh deck with an empty line, alone and with 1 and 3 other players (With a Vengeance: other
  players with empty lines): CPU time, peak memory (resident set growth of this process, ru_maxrss),
  the achieved ``error_bound`` and whether it is exact;
* ``--count`` situations (default 200) taken from simulated games at every depth of the deck (every
  hit/stay decision a simple table of players met, sampled uniformly): median, p95 and max CPU time,
  the largest and the median ``error_bound``, the share answered exactly, within 0.01 and decided (exact,
  or the hit and stay intervals do not overlap: not ``too_close``), and the bounded solver's nodes expanded
  per CPU second (its expansions over the CPU time of its searches, summed over the situations it answered).

    .venv/bin/python benchmarks/bench_bounded.py [--count 200] [--seed 7] [--cpu-seconds 3]
        [--variants vengeance,vengeance-brutal] [--no-fresh] [--rows]

Quote the command, the machine and ``uptime``'s load average with the numbers (BENCHMARKS.md).
"""

from __future__ import annotations

import argparse
import collections
import resource
import statistics
import time
from fractions import Fraction
from typing import Any

import numpy as np

import flip7odds.answer
from flip7odds.answer import AnySituation, answer
from flip7odds.bounded import BoundedResult, RoundModel, solve_bounded
from flip7odds.quiz import QuizSituation, Tier, _player_lines
from flip7odds.rules import CLASSIC, POKER, VENGEANCE, VENGEANCE_BRUTAL, RuleSet
from flip7odds.simulator import BustThreshold, SumThreshold, TableView, play_game
from flip7odds.situation import Situation
from flip7odds.vengeance import game as vgame
from flip7odds.vengeance.situation import VengeanceSituation


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def fresh(rules: RuleSet, others: int) -> AnySituation:
    if rules.vengeance:
        return VengeanceSituation.build(rules, (), others=[()] * others)
    return Situation.build(rules, (), others_active=others)


def classic_situations(rules: RuleSet, count: int, rng: np.random.Generator) -> list[AnySituation]:
    found: list[AnySituation] = []
    while len(found) < 20 * count:
        views: list[TableView] = []
        players = [SumThreshold(int(rng.integers(14, 33))) if rng.random() < 0.6 else
                   BustThreshold(Fraction(int(rng.integers(15, 40)), 100)) for _ in range(int(rng.integers(2, 6)))]
        play_game(rules, players, rng, check=False, observer=views.append)
        for view in views:
            quiz = QuizSituation(Tier(1), rules, view.seat, _player_lines(view), view.pile, view.discards,
                                 view.round_number)
            if quiz.line.cards:
                found.append(quiz.situation)
    return [found[int(i)] for i in rng.choice(len(found), count, replace=False)]


def vengeance_situations(rules: RuleSet, count: int, rng: np.random.Generator) -> list[AnySituation]:
    found: list[AnySituation] = []
    while len(found) < 20 * count:
        views: list[vgame.VengeanceView] = []
        players = [vgame.SumThreshold(int(rng.integers(14, 33))) for _ in range(int(rng.integers(2, 6)))]
        vgame.play_game(rules, players, rng, check=False, observer=views.append)
        for view in views:
            others = tuple(sorted(vgame._line_of(cards) for seat, cards in enumerate(view.tables)
                                  if seat != view.seat and view.outcomes[seat] is not vgame.Outcome.BUST))
            busted = sum(1 for outcome in view.outcomes if outcome is vgame.Outcome.BUST)
            if not view.line.cards or (view.pile.size == 0 and view.discards.size == 0):
                continue
            found.append(VengeanceSituation(rules, view.line, others, view.pile, view.discards, busted))
    return [found[int(i)] for i in rng.choice(len(found), count, replace=False)]


SEARCHES: list[tuple[int, float]] = []
"""(expansions, CPU seconds) of every bounded search run, recorded by `counted`."""


def counted(model: RoundModel[object], cpu_seconds: float = 3.0, **options: Any) -> BoundedResult:
    """`flip7odds.answer`'s `solve_bounded` (its other arguments passed on), recording its expansions and CPU time in
    `SEARCHES`."""
    start = time.process_time()
    result = solve_bounded(model, cpu_seconds, **options)
    SEARCHES.append((result.expansions, time.process_time() - start))
    return result


vars(flip7odds.answer)["solve_bounded"] = counted  # the name `flip7odds.answer.answer` calls it by


def timed(situation: AnySituation, seconds: float) -> tuple[float, float, bool, float, str, bool]:
    start = time.process_time()
    result = answer(situation, seconds)
    return (time.process_time() - start, result.error_bound, result.exact, situation.pile.size, result.method.value,
            not result.too_close)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--cpu-seconds", type=float, default=3.0)
    parser.add_argument("--variants", default="classic,poker,vengeance,vengeance-brutal")
    parser.add_argument("--fresh", action=argparse.BooleanOptionalAction, default=True,
                        help="also answer the fresh deck alone and with 1 and 3 others")
    parser.add_argument("--rows", action="store_true",
                        help="also print one row per dealt situation (index, CPU s, error_bound, exact, pile), to "
                             "compare two checkouts run at the same time row by row")
    args = parser.parse_args()
    variants = {rules.name: rules for rules in (CLASSIC, POKER, VENGEANCE, VENGEANCE_BRUTAL)}
    answer(Situation.from_text(CLASSIC, "12 5", pile="12 11 3"))  # load the compiled solver once
    for name in args.variants.split(","):
        rules = variants[name]
        for others in (0, 1, 3) if args.fresh else ():
            before = rss_mb()
            seconds, error, exact, _, method, _ = timed(fresh(rules, others), args.cpu_seconds)
            print(f"{name:17} fresh deck, {others} others: {seconds:6.2f} s CPU, peak RSS {rss_mb():6.0f} MB "
                  f"(+{rss_mb() - before:4.0f}), error_bound {error:.4g}, exact {exact} ({method})", flush=True)
        rng = np.random.default_rng(args.seed)
        deal = vengeance_situations if rules.vengeance else classic_situations
        SEARCHES.clear()
        rows = []
        for index, situation in enumerate(deal(rules, args.count, rng)):
            rows.append(timed(situation, args.cpu_seconds))
            if args.rows:
                seconds, error, exact, pile = rows[-1][:4]
                print(f"{name} {index:4d} {seconds:6.2f} s {error:10.4g} exact {exact!s:5} pile {pile:3.0f}", flush=True)
        expanded, searching = sum(e for e, _ in SEARCHES), sum(s for _, s in SEARCHES)
        times = sorted(row[0] for row in rows)
        bounded = [row for row in rows if not row[2]]
        print(f"{name:17} {len(rows)} situations from simulated games (piles {min(r[3] for r in rows):.0f}-"
              f"{max(r[3] for r in rows):.0f} cards): median {statistics.median(times):.3f} s, "
              f"p95 {times[int(0.95 * (len(times) - 1))]:.3f} s, max {times[-1]:.3f} s; "
              f"exact {100 * (len(rows) - len(bounded)) / len(rows):.1f}%, max error_bound "
              f"{max((r[1] for r in rows), default=0):.4g}, within 0.01: "
              f"{100 * sum(r[1] <= 0.01 for r in rows) / len(rows):.1f}%, decided "
              f"{100 * sum(r[5] for r in rows) / len(rows):.1f}%, median error_bound "
              f"{statistics.median(r[1] for r in rows):.4g} (of the others "
              f"{statistics.median([r[1] for r in bounded]) if bounded else 0:.4g}); "
              f"{expanded / searching if searching else 0:.0f} nodes expanded per CPU second; methods "
              f"{dict(collections.Counter(r[4] for r in rows))}; peak RSS {rss_mb():.0f} MB", flush=True)


if __name__ == "__main__":
    main()

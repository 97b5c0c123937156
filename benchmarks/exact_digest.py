"""A SHA-256 over the exact answers of many classic and poker situations: equal before and after a change that should
only make them faster (BENCHMARKS.md, the speed-ups of the live tap).

The situations: the live benchmark's taps (`bench_app.py`: classic ``12 7`` and ``5 6 11 3 2 4 9 10``, poker ``12 7``
and ``5 6 11 4 8 9 10 13``, 0 to 8 seen one more a tap) and ``--count`` random situations (seeded:
either rule set, a line of one to four numbers with a modifier or a Second Chance at times, cards seen, at times a
discard pile and a small pile that reshuffles, alone or not), those the exact solver answers within
the live budget. For each, the hash takes ``float.hex`` of `flip7odds.answer.answer`'s numbers
(its method, the decision, every bound and the exact hit-once fraction: the live page's carried solve, no
distribution) and `flip7odds.solver.solve`'s with the distribution (value, P(Flip 7), P(bust), ``hits_now``, states,
the distribution's items)::

    python benchmarks/exact_digest.py --count 150
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time

from flip7odds.analysis import TOLERANCE, problem_of
from flip7odds.answer import Answer, answer, exact_fits
from flip7odds.cards import SECOND_CHANCE, Card, Category
from flip7odds.rules import CLASSIC, POKER, RuleSet
from flip7odds.situation import Situation
from flip7odds.solver import DrawResult, solve

LIVE_BUDGET = 0.5
"""Only situations the exact solver answers within the live page's budget (`flip7odds_ui.cache.LIVE_CPU_SECONDS`)."""
TAPS = {CLASSIC: "5 6 11 3 2 4 9 10", POKER: "5 6 11 4 8 9 10 13"}


def tap_situations() -> list[Situation]:
    """The live benchmark's taps (not alone, as the page's first table)."""
    return [Situation.from_text(rules, "12 7", seen=" ".join(seen.split()[:k])) for rules, seen in TAPS.items()
            for k in range(9)]


def random_situation(rng: random.Random, rules: RuleSet | None = None, most_seen: int = 30,
                     discard_chance: float = 0.25) -> Situation:
    """One random situation of ``rules`` (None: classic or poker, drawn first), up to ``most_seen`` cards seen and a
    discard pile with probability ``discard_chance`` (see the module's docstring)."""
    if rules is None:
        rules = rng.choice([CLASSIC, POKER])
    deck = [card for card, count in rules.deck.items_ for _ in range(count)]
    rng.shuffle(deck)
    numbers = [card for card in deck if card.category is Category.NUMBER]
    line: list[Card] = []
    for card in numbers:
        if len(line) < rng.randint(1, 4) and all(card.value != held.value for held in line):
            line.append(card)
    extras = [card for card in deck if card.category is not Category.NUMBER]
    if rng.random() < 0.3:
        line.append(next(card for card in extras if card.category is Category.MODIFIER))
    if rng.random() < 0.15:
        line.append(SECOND_CHANCE)
    rest = list(deck)
    for card in line:
        rest.remove(card)
    seen_count = rng.randint(0, most_seen)
    seen, rest = rest[:seen_count], rest[seen_count:]
    discards = None
    if rng.random() < discard_chance:
        small = rng.randint(2, 12)
        discards, rest = rest[:len(rest) - small], rest[len(rest) - small:]
    return Situation.build(rules, tuple(line), seen=tuple(seen), discards=None if discards is None else tuple(discards),
                           others_active=rng.choice([0, 1, 1, 2]))


def floats(*values: float | None) -> str:
    return ",".join("None" if value is None else float(value).hex() for value in values)


def draw_text(result: DrawResult | None) -> str:
    if result is None:
        return "None"
    items = "" if result.distribution is None else ";".join(
        f"{score}:{float(p).hex()}" for score, p in sorted(result.distribution.items()))
    return f"{floats(result.value, result.flip7_probability, result.bust_probability)}|{items}"


def answer_text(result: Answer) -> str:
    """Every number of an answer (``float.hex`` of every bound; an exact answer's bounds are points)."""
    bounds = [result.hit, result.hit_once, result.optimal, result.flip7_probability, result.bust_final_probability]
    return (f"{result.method.value} {result.exact} {result.decision.value} {result.stay_score} {result.may_stay} "
            f"{result.pile_size} {result.bust_cards} {result.bust_probability} {result.hit_once_fraction} "
            + " ".join("None" if b is None else floats(b.lo, b.hi) for b in bounds))


def digest(situation: Situation) -> str:
    """Everything compared for one situation."""
    parts = [repr(situation), answer_text(answer(situation))]
    problem = problem_of(situation)
    solution = solve(problem, TOLERANCE, memory_limit=None, distribution=True)
    parts.append(f"{solution.stay_score} {solution.may_stay} {solution.hits_now} {solution.states} "
                 f"{floats(solution.draw_then_stay)} {draw_text(solution.draw)}")
    return "\n".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=150, help="random situations (those the exact solver answers)")
    parser.add_argument("--seed", type=int, default=32)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    situations = tap_situations()
    while len(situations) < len(tap_situations()) + args.count:
        situation = random_situation(rng)
        if exact_fits(situation, LIVE_BUDGET):
            situations.append(situation)
    whole = hashlib.sha256()
    start = time.process_time()
    for situation in situations:
        whole.update(digest(situation).encode())
    alone = sum(situation.alone for situation in situations)
    print(f"{len(situations)} situations ({alone} alone): sha256 {whole.hexdigest()} "
          f"({time.process_time() - start:.1f} s CPU)")


if __name__ == "__main__":
    main()

"""A SHA-256 over the live poker page's answers on many poker situations: equal before and after a change that should
only make a poker tap faster (BENCHMARKS.md, stop 36).

`exact_digest.py` covers classic and poker alike; this one is the poker live page's states only, and many of them:
lines of one to four numbers (at times a modifier or a Second Chance), 0 to 40 cards seen, alone or not, at times a
discard pile and a small pile, each answered as the live page answers (`flip7odds.answer.answer` with
`flip7odds_ui.cache`'s ``LIVE_CPU_SECONDS`` and ``LIVE_CALL_WIDTH``), kept where the exact solver answers (the carried,
column-major solve of a tap: `flip7odds.solver._backward_columns`). The hash takes ``float.hex`` of every number of
the answer (hit, hit once, optimal, P(Flip 7), P(bust) by the end, the decision, the exact hit-once fraction)::

    python benchmarks/poker_digest.py --count 300
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time

from flip7odds.answer import Answer, Method, answer, exact_fits
from flip7odds.cards import SECOND_CHANCE, Card, Category
from flip7odds.rules import POKER
from flip7odds.situation import Situation

LIVE_CPU_SECONDS, LIVE_CALL_WIDTH = 0.5, 1.0
"""The live page's `answer` arguments (`flip7odds_ui.cache`)."""


def poker_situation(rng: random.Random) -> Situation:
    """One random poker situation of a live table (see the module's docstring)."""
    deck = [card for card, count in POKER.deck.items_ for _ in range(count)]
    rng.shuffle(deck)
    line: list[Card] = []
    wanted = rng.randint(1, 4)
    for card in deck:
        if card.category is Category.NUMBER and len(line) < wanted and all(card.value != held.value for held in line):
            line.append(card)
    if rng.random() < 0.3:
        line.append(next(card for card in deck if card.category is Category.MODIFIER))
    if rng.random() < 0.15:
        line.append(SECOND_CHANCE)
    rest = list(deck)
    for card in line:
        rest.remove(card)
    seen_count = rng.randint(0, 40)
    seen, rest = rest[:seen_count], rest[seen_count:]
    discards = None
    if rng.random() < 0.15:
        small = rng.randint(2, 12)
        discards, rest = rest[:len(rest) - small], rest[len(rest) - small:]
    return Situation.build(POKER, tuple(line), seen=tuple(seen), discards=None if discards is None else tuple(discards),
                           others_active=rng.choice([0, 1, 1, 2]))


def answer_text(result: Answer) -> str:
    """Every number of an answer, as ``float.hex`` (the bounds of an exact answer are points)."""
    bounds = [result.hit, result.hit_once, result.optimal, result.flip7_probability, result.bust_final_probability]
    parts = ["None" if b is None else f"{b.lo.hex()},{b.hi.hex()}" for b in bounds]
    return (f"{result.method.value}|{result.decision.value}|{result.stay_score}|{'|'.join(parts)}|"
            f"{result.hit_once_fraction}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=300, help="random poker situations to try")
    parser.add_argument("--seed", type=int, default=36)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    digest = hashlib.sha256()
    kept = 0
    start = time.process_time()
    for _ in range(args.count):
        situation = poker_situation(rng)
        if not exact_fits(situation, LIVE_CPU_SECONDS):
            continue
        result = answer(situation, LIVE_CPU_SECONDS, call_width=LIVE_CALL_WIDTH)
        if result.method is not Method.EXACT:
            continue
        digest.update(f"{situation!r}={answer_text(result)}\n".encode())
        kept += 1
    print(f"{kept} exact poker answers of {args.count} tried, {time.process_time() - start:.1f} s CPU")
    print(digest.hexdigest())


if __name__ == "__main__":
    main()

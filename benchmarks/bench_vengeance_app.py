"""Benchmark what the app's With a Vengeance pages compute: what a tap on the live page waits for.

Run from the repository root::

    python benchmarks/bench_vengeance_app.py

1. The next-card odds the live page always shows (`next_card_table`, `bust_probability`) on a fresh deck.
2. The live page's answer on random late-deck tables, by pile size, as `flip7odds_ui.cache.answer_of`
   makes it (`answer(situation, LIVE_CPU_SECONDS, call_width=LIVE_CALL_WIDTH)`): how many are answered exactly,
   how many within certified bounds (and the widest bound), and how long a tap waits.
3. The strategy explorer's presets (`decisions_by_line`), every line of each.

Random tables use a fixed seed: a shuffled 108-card deck; your line is its first 2 cards that fit in a line,
one other player holds the next 2 that fit, the pile is the next N cards and the rest are the discards.
Times are single wall-clock runs (the machine may be shared).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the app's modules live at the repository root
from flip7odds.answer import answer
from flip7odds.cards import Card, Category
from flip7odds.rules import VENGEANCE, VENGEANCE_BRUTAL
from flip7odds.vengeance import bust_probability, next_card_table
from flip7odds.vengeance.explorer import PRESETS, decisions_by_line
from flip7odds.vengeance.situation import VengeanceLine, VengeanceSituation
from flip7odds_ui.cache import LIVE_CALL_WIDTH, LIVE_CPU_SECONDS

SIZES = (8, 12, 16, 20, 24, 30, 40)
TABLES = 8
SEED = 7


def fits(line: list[Card], card: Card) -> bool:
    """``card`` may join ``line`` (a number or modifier that does not bust it)."""
    if card.category is Category.ACTION:
        return False
    return not card.is_number or VengeanceLine.from_cards(line).accepts(card)


def late_table(rng: np.random.Generator, size: int) -> VengeanceSituation:
    deck = list(VENGEANCE.deck)
    order = rng.permutation(len(deck))
    cards = [deck[index] for index in order]
    line: list[Card] = []
    other: list[Card] = []
    rest: list[Card] = []
    for card in cards:
        if len(line) < 2 and fits(line, card):
            line.append(card)
        elif len(other) < 2 and fits(other, card):
            other.append(card)
        else:
            rest.append(card)
    return VengeanceSituation.build(VENGEANCE, line, others=[other], pile=rest[:size], discards=rest[size:])


def main() -> None:
    fresh = VengeanceSituation.from_text(VENGEANCE, "12 5", others=("9 -4",))
    start = time.perf_counter()
    for _ in range(100):
        next_card_table(fresh)
        bust_probability(fresh)
    print(f"next-card odds, fresh deck: {(time.perf_counter() - start) * 10:.2f} ms a call")

    rng = np.random.default_rng(SEED)
    print(f"the live page's answer (answer within {LIVE_CPU_SECONDS} s), {TABLES} random late-deck tables a size:")
    for size in SIZES:
        exact = 0
        bounds = [0.0]
        times = []
        for _ in range(TABLES):
            situation = late_table(rng, size)
            start = time.perf_counter()
            result = answer(situation, LIVE_CPU_SECONDS, call_width=LIVE_CALL_WIDTH)
            times.append(time.perf_counter() - start)
            if result.exact:
                exact += 1
            else:
                bounds.append(result.error_bound)
        print(f"  pile {size:2d}: {exact} exact, {TABLES - exact} within certified bounds (widest ±{max(bounds):.2f}); "
              f"tap median {np.median(times):.3f} s, worst {max(times):.2f} s")

    for rules in (VENGEANCE, VENGEANCE_BRUTAL):
        for preset in PRESETS:
            start = time.perf_counter()
            rows = decisions_by_line(rules, preset.pile, preset.others, preset.lines)
            states = max(row.analysis.states for row in rows if row.analysis is not None)
            print(f"explorer {rules.name}, {preset.title!r}: {len(rows)} lines in "
                  f"{time.perf_counter() - start:.2f} s (at most {states} states a line)")


if __name__ == "__main__":
    main()

"""How honest is the Vengeance size estimate (`flip7odds.vengeance.fast.estimate_states`)? A study, not a timing.

Random situations with a fixed seed, of three kinds: like the fit's calibration set (0 to 2 other lines
with 0 to 3 cards, a third of them with every action still in the pile), alone with every action in the
pile, and with other lines that are empty and no modifier to give them (every action in the pile). In
the last two a Steal or Swap can take nothing (`can_take_from_others`). Each is solved up to ``limit``
states; the line printed per situation is: kind, pile size, other lines, estimate, states (-1: the limit
was reached). The summary gives log(states / estimate) per group: a mean near 0 is an unbiased estimate.

    python benchmarks/study_vengeance_estimate.py [seed] [situations] [limit]
"""

from __future__ import annotations

import math
import sys

import numpy as np

from flip7odds.cards import Category
from flip7odds.errors import SituationError
from flip7odds.rules import VENGEANCE, VENGEANCE_BRUTAL
from flip7odds.vengeance import fast
from flip7odds.vengeance.situation import VengeanceLine, VengeanceSituation


def situations(rng: np.random.Generator):  # type: ignore[no-untyped-def]
    """An endless stream of (kind, situation)."""
    while True:
        rules = VENGEANCE if rng.random() < 0.5 else VENGEANCE_BRUTAL
        deck = [card for card, count in rules.deck.items_ for _ in range(count)]
        rng.shuffle(deck)
        kind = int(rng.integers(3))  # 0: like the fit; 1: alone; 2: empty other lines, no modifier to give
        n_others = 0 if kind == 1 else int(rng.integers(0, 3))
        if kind == 2:
            n_others = max(1, n_others)
        lines = [VengeanceLine() for _ in range(1 + n_others)]
        wanted = [int(rng.integers(0, 4))] + [0 if kind == 2 else int(rng.integers(0, 4)) for _ in range(n_others)]
        rest = []
        for card in deck:
            for i, line in enumerate(lines):
                if (card.category is not Category.ACTION and len(line.cards) < wanted[i]
                        and (not card.is_number or (line.accepts(card) and line.number_count < 5))):
                    lines[i] = line.plus(card)
                    break
            else:
                rest.append(card)
        size = int(rng.integers(4, 28))
        if kind == 2:
            rest = [card for card in rest if card.category is not Category.MODIFIER]
        pile = rest[:size]
        if kind in (1, 2) or rng.random() < 1 / 3:
            actions = [card for card, count in rules.deck.items_ if card.category is Category.ACTION
                       for _ in range(count)]
            pile = [card for card in pile if card.category is not Category.ACTION][:max(0, size - 10)] + actions
        try:
            yield kind, VengeanceSituation.build(rules, lines[0].cards, others=[line.cards for line in lines[1:]],
                                                 pile=pile)
        except SituationError:
            continue


def states(situation: VengeanceSituation, limit: int) -> int:
    """The fast solver's states for ``situation`` (merged as `fast_solve` does), or -1 at the limit."""
    merged = fast.with_dead_cards_merged(situation)
    game = fast.Round(merged)
    values = fast._Values(game, 1.0, fast.TIE, limit)
    try:
        values.draw(game.start(merged))
    except SituationError:
        return -1
    return len(values.memo)


def main(seed: int = 1, count: int = 60, limit: int = 60_000) -> None:
    groups: dict[str, list[float]] = {"a Steal or Swap can take a card": [], "none can": []}
    rows = 0
    for kind, situation in situations(np.random.default_rng(seed)):
        if rows == count:
            break
        estimate = fast.estimate_states(situation)
        if estimate > 50 * limit:
            continue
        rows += 1
        solved = states(situation, limit)
        print(kind, situation.pile.size, len(situation.others), f"{estimate:.3g}", solved, flush=True)
        if solved > 0:
            live = fast.can_take_from_others(situation) or not any(
                situation.pile[card] for card in (fast._STEAL, fast._SWAP))
            groups["a Steal or Swap can take a card" if live else "none can"].append(math.log(solved / estimate))
    for name, errors in groups.items():
        if errors:
            mean = sum(errors) / len(errors)
            spread = (sum((e - mean) ** 2 for e in errors) / len(errors)) ** 0.5
            print(f"{name}: {len(errors)} solved, log(states / estimate) mean {mean:.2f}, sd {spread:.2f}, "
                  f"worst {max(errors):.2f} (a factor {math.exp(max(errors)):.1f} too low)")


if __name__ == "__main__":
    main(*(int(argument) for argument in sys.argv[1:]))

"""A SHA-256 over the live poker page's answers on many poker situations: equal before and after a change that should
only make a poker tap faster (BENCHMARKS.md, stop 36).

`exact_digest.py` covers classic and poker alike; this one is the poker live page's states only, and many of them
(`exact_digest.random_situation` with the poker deck, 0 to 40 cards seen, a discard pile and a small pile at times),
each answered as the live page answers (`flip7odds.answer.answer` with
`flip7odds_ui.cache`'s ``LIVE_CPU_SECONDS`` and ``LIVE_CALL_WIDTH``), kept where the exact solver answers (the carried,
column-major solve of a tap: `flip7odds.solver._backward_columns`). The hash takes ``float.hex`` of every number of
the answer (hit, hit once, optimal, P(Flip 7), P(bust) by the end, the decision, the exact hit-once fraction)::

    PYTHONPATH=. python benchmarks/poker_digest.py --count 300
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time

from benchmarks.exact_digest import answer_text, random_situation
from flip7odds.answer import Method, answer, exact_fits
from flip7odds.rules import POKER

LIVE_CPU_SECONDS, LIVE_CALL_WIDTH = 0.5, 1.0
"""The live page's `answer` arguments (`flip7odds_ui.cache`)."""


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
        situation = random_situation(rng, POKER, most_seen=40, discard_chance=0.15)
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

"""Get the solver's compiled loops ready before anyone asks: `warm_up` solves tiny rounds of every variant.

The exact solver's inner loops are compiled to machine code by numba the first time they run in a
process (several seconds on an empty cache, `NUMBA_CACHE_DIR`; a few tenths of a second to load them
from the cache later). A server calls `warm_up` when it starts, in the background, so that the first
person to tap a card gets the solver's speed instead of the compiler's. The rounds solved are tiny
(piles of a dozen cards) but go through every compiled loop: with another player active and alone,
with modifiers, a Second Chance and actions left, in the classic deck and the poker deck (whose
figures are counted by other tables of the same loops), then, where layers are shared among threads
(`flip7odds.solver.share_layers`; one thread is the default), compiles the shared just-in-time loops.
"""

from __future__ import annotations

from flip7odds import native, solver
from flip7odds.analysis import analyze
from flip7odds.rules import CLASSIC, POKER, RuleSet
from flip7odds.situation import Situation

WARM_ROUNDS: tuple[tuple[RuleSet, str, str], ...] = (
    (CLASSIC, "12 7", "1 2 3 4 5 6 8 +4 x2 sc flip3 freeze"),
    (POKER, "12 7", "4 5 6 8 9 -3 Kd sc flip3 freeze"),
)
"""(rules, your line, the pile) of each round solved: small piles holding every kind of card."""


def warm_up() -> None:
    """Solve each of `WARM_ROUNDS` alone and with another player active (compiles or loads every loop), then,
    where large layers are shared among threads (`flip7odds.solver.share_layers`), get their loops ready
    (`compile_shared_loops`)."""
    for rules, line, pile in WARM_ROUNDS:
        for others_active in (0, 1):
            analyze(Situation.from_text(rules, line, pile=pile, others_active=others_active))
    if solver.layer_threads() > 1:
        compile_shared_loops()


def compile_shared_loops() -> None:
    """Compile (or load from numba's cache) the just-in-time loops that large layers share among threads.

    Where the installation has the loops compiled ahead of time (`flip7odds.native`), the tiny rounds run
    those only; the solver does large layers with them on one thread until this is done, so no solve
    waits for the compiler meanwhile.
    """
    for name in native.SIGNATURES:
        if native.LOOP_MODULES[name] == solver.__name__:  # the hit-once walk's loops run on one thread only
            getattr(solver, name).jit.compile(native.jit_signature(name))

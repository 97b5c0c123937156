"""Which bound to tighten next? The bounded solver's leaves against exact values, on With a Vengeance, not a timing.

`study_bounded_gap.py` splits the leaves' gaps by the parts of the ceiling; this study asks the exact solver. It
deals situations from simulated games (seed 5) that the fast exact solver can solve (14 cards or more in the pile),
runs the hit search of `flip7odds.bounded` on each to one depth (``--max-budget``, as `solve_bounded`'s
``max_budget``), walks the tree it built from the root down to the states it left unexpanded
(`study_bounded_gap.leaves`), and solves each such leaf exactly
(`flip7odds.vengeance.fast._Values`). A leaf's gap ``hi - lo``, times the chance of the cards that lead to it, splits
into the ceiling's slack ``hi - V`` and the floor's ``V - lo``, by the kind of leaf: ``free`` (you may stay),
``owed`` (draws owed), ``zero`` (you hold The Zero), ``empty`` (an empty line); ``nopath`` where the model gives no
path; ``V=stay`` where the exact best play there is to stay. At a free leaf with a path the ceiling's slack is split
further into ``rescue`` (what the rescuers add to the ceiling: the ceiling less the same with the rescuers counted
as cards that change nothing, `study_bounded_gap.rescue_share`) and ``other``.

    PYTHONPATH=. python benchmarks/study_leaf_slack.py [--count 30] [--max-budget 2560]
"""

from __future__ import annotations

import argparse
import collections
from typing import Any

import numpy as np

from benchmarks.bench_bounded import vengeance_situations
from benchmarks.study_bounded_gap import leaf_kind, leaves, rescue_share
from flip7odds import bounded
from flip7odds.bounded import _Search, _Shared
from flip7odds.round_models import VengeanceModel
from flip7odds.rules import VENGEANCE
from flip7odds.vengeance.fast import TIE, _Values, can_solve_within
from flip7odds.vengeance.situation import VengeanceSituation


def search(situation: VengeanceSituation, max_budget: float) -> tuple[VengeanceModel, _Search[Any], _Shared, float]:
    """The hit search of `bounded._solve`, rounds of shrinking ``eps`` up to ``max_budget``; its gap."""
    model = VengeanceModel(situation)
    shared = _Shared()
    walker = _Search[Any](model, float("inf"), shared=shared)
    budget = bounded.FIRST_BUDGET
    entry = walker.hit(model.root(), budget)
    while budget * bounded.REFINE <= max_budget and entry[6] != float("inf"):
        budget *= bounded.REFINE
        entry = walker.hit(model.root(), budget)
    return model, walker, shared, entry[1] - entry[0]


def slack(model: VengeanceModel, walker: _Search[Any], shared: _Shared) -> dict[str, float]:
    """The probability-weighted slacks of the leaves, by kind (module docstring)."""
    values = _Values(model.game, 1.0, TIE, 10**7)
    shares: collections.defaultdict[str, float] = collections.defaultdict(float)
    for child, chance, low, high in leaves(model, walker, shared):
        exact = values.value(child)
        kind = leaf_kind(model, child)
        path = model.path(child)
        tag = kind + (":nopath" if path is None else "")
        tag += ":V=stay" if kind == "free" and exact <= model.banked(child) + TIE else ":V=hit"
        if path is not None and kind == "free":
            rescue = min(high - exact, max(0.0, rescue_share(walker, path, max(model.reach(child)[1]))))
            shares[f"{tag} ceiling:rescue"] += chance * rescue
            shares[f"{tag} ceiling:other"] += chance * (high - exact - rescue)
        else:
            shares[f"{tag} ceiling"] += chance * (high - exact)
        shares[f"{tag} floor"] += chance * (exact - low)
    return dict(shares)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--max-budget", type=float, default=2560.0)
    args = parser.parse_args()
    dealt = vengeance_situations(VENGEANCE, 400, np.random.default_rng(5))
    situations = [s for s in dealt if isinstance(s, VengeanceSituation) and s.pile.size >= 14
                  and can_solve_within(s, 3.0)][:args.count]
    total: collections.defaultdict[str, float] = collections.defaultdict(float)
    for situation in situations:
        model, walker, shared, gap = search(situation, args.max_budget)
        shares = slack(model, walker, shared)
        print(f"pile {situation.pile.size:3}: gap {gap:6.3f}, {walker.expansions} expansions, leaves' weighted "
              f"gaps {sum(shares.values()):6.3f}", flush=True)
        for kind, share in shares.items():
            total[kind] += share
    whole = sum(total.values())
    print(f"{len(situations)} situations, leaves' weighted gaps {whole:.3f} in all:")
    for kind, share in sorted(total.items(), key=lambda item: -item[1]):
        print(f"    {kind:32} {share:7.3f}  {100 * share / whole:5.1f}%")


if __name__ == "__main__":
    main()

"""A SHA-256 over everything the bounded solver computes on With a Vengeance situations: equal before and after a change
that should only make a search cheaper (BENCHMARKS.md, "Stop 35, branch vsearch7").

The 16 study situations (`benchmarks.study_drift_ceiling.study_situations`: the fresh deck alone and with 3 others, 14
from simulated games), each searched by `flip7odds.bounded.solve_bounded` to the depth ``--max-budget`` (a
deterministic stop), or with ``--work`` within 0.5 s of the work clock (``by_work``: the quiz's counted budget, which
also reads how many entries the search's and the model's tables hold). Two hashes, of ``float.hex``:

* *results*: every bound reported (hit, hit once, optimal, P(Flip 7), P(bust)), the decision, ``exact`` and the states
  expanded;
* *tables*: every static bound (`_Search.statics`, by leaf key) and every state's bounds (`_Search.known`, by key) of
  both searches, sorted by the key's ``repr`` (the order in which they were met is not compared);
* *counts*: at every expansion, in order, the entries the work clock counts (`_Shared.entries`, the model's
  `entries`, the search's ``known`` and ``statics``): a change that remembers more or less in the counted tables
  moves it, and would move the quiz's answers on another situation even where ``--work`` gives the same results
  (BENCHMARKS.md, "Stop 36, branch vstatic4").

Run from a checkout, with ``PYTHONPATH`` at it (a base checkout the same way)::

    PYTHONHASHSEED=0 PYTHONPATH=. python benchmarks/bounded_digest.py --max-budget 320
"""

from __future__ import annotations

import argparse
import hashlib
import time
from collections.abc import Iterable
from typing import Any, cast

from benchmarks.study_drift_ceiling import study_situations
from flip7odds import bounded
from flip7odds.bounded import Bounds, RoundModel, solve_bounded
from flip7odds.round_models import VengeanceModel
from flip7odds.vengeance.situation import VengeanceSituation


def _hex(values: Iterable[float]) -> str:
    return ",".join(float(value).hex() for value in values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-budget", type=float, default=80.0)
    parser.add_argument("--work", action="store_true", help="within 0.5 s of the work clock instead of a depth")
    args = parser.parse_args()
    searches: list[bounded._Search[Any]] = []
    made = bounded._Search.__init__

    def remembered(search: bounded._Search[Any], *arguments: Any, **keywords: Any) -> None:
        made(search, *arguments, **keywords)
        searches.append(search)

    bounded._Search.__init__ = remembered  # type: ignore[method-assign, assignment]
    results, tables, counts = hashlib.sha256(), hashlib.sha256(), hashlib.sha256()
    expand = bounded._Search.expand

    def counted(search: bounded._Search[Any], state: Any, key: Any, budget: float) -> bounded.Entry:
        counts.update(f"{search.shared.entries()},{search.model.entries()},{len(search.known)},"
                      f"{len(search.statics)};".encode())
        return expand(search, state, key, budget)

    bounded._Search.expand = counted  # type: ignore[method-assign, assignment]
    expansions = statics = 0
    cpu = 0.0
    for situation in study_situations():
        searches.clear()
        start = time.process_time()
        model = cast(RoundModel[Any], VengeanceModel(cast(VengeanceSituation, situation)))
        result = (solve_bounded(model, cpu_seconds=0.5, by_work=True) if args.work else
                  solve_bounded(model, cpu_seconds=1e9, max_budget=args.max_budget))
        cpu += time.process_time() - start
        expansions += result.expansions
        bounds: list[Bounds | None] = [result.hit, result.hit_once, result.optimal, result.flip7_probability,
                                       result.bust_probability]
        for bound in bounds:
            results.update(("none" if bound is None else _hex((bound.lo, bound.hi))).encode())
        results.update(f"{result.hits}{result.exact}{result.expansions}".encode())
        for search in searches:
            statics += len(search.statics)
            for table in (search.statics, search.known):
                for key, entry in sorted(table.items(), key=lambda item: repr(item[0])):
                    tables.update((repr(key) + _hex(entry)).encode())
    depth = "work clock 0.5 s" if args.work else f"max_budget {args.max_budget:g}"
    print(f"{depth}: results {results.hexdigest()[:16]}, tables {tables.hexdigest()[:16]}, counts "
          f"{counts.hexdigest()[:16]}; {statics} static bounds, "
          f"{expansions} states expanded, {cpu:.2f} s of CPU ({expansions / cpu:.0f} expanded per CPU second)")


if __name__ == "__main__":
    main()

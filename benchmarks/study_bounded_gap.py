"""Where does the bounded solver's gap come from? A study of its static bounds on With a Vengeance, not a timing.

Runs the hit search of `flip7odds.bounded` on a situation as `solve_bounded` does (rounds of shrinking ``eps``,
the CPU budget and the stopping rule), then walks the tree it built from the root: through every state it
expanded, weighting each card by its count over the pile (at a choice, into the option with the highest
ceiling), down to the states it left unexpanded. Each such leaf's static gap ``hi - lo``, times the chance of
the cards that lead to it, is attributed to a kind of leaf: ``free`` (you may stay), ``owed`` (draws owed),
``zero`` (you hold The Zero), ``empty`` (an empty line); and to the part of its ceiling: ``ladder`` (no path:
the ladder and hazard ceiling), ``deferred`` (no path, one Discard, Swap or Steal set aside: the lower of that and the
drift ceiling started at level 1 or S, `flip7odds.round_models.VengeanceModel.deferred_path`), ``path:rescue`` (what the rescuers add to the state's ceiling, the lower of the
path and drift ceilings: the ceiling less the same ceiling with the rescuers counted as cards that change
nothing), ``path:other`` (the rest of the gap: the other terms of the ceiling, and the floor). The sum is close to
the root's gap (a choice's maximum and a decision's ``max(stay, H)`` are not sums), so the shares say which bound
to tighten. It also gives the share of the leaves' gaps the chain floor closed (``floor lift``: the leaves' lower
bounds above what staying, or ``L``, gives).

    python benchmarks/study_bounded_gap.py [--cpu-seconds 3] [--others 0,3] [--rules vengeance]
"""

from __future__ import annotations

import argparse
import collections
import math
import time
from collections.abc import Iterator
from typing import Any

from flip7odds import bounded
from flip7odds.bounded import Path, _Search, _Shared
from flip7odds.round_models import VengeanceModel
from flip7odds.rules import VENGEANCE, VENGEANCE_BRUTAL
from flip7odds.vengeance.situation import VengeanceSituation


def rescue_share(walker: _Search[Any], path: Path, ceiling: int) -> float:
    """What the rescuers add to the state's ceiling (module docstring): the search's ceiling of ``path`` less the
    same with its rescuers counted as cards that change nothing (a diagnostic, not a bound)."""
    calm = Path(path.held, path.room, path.bonus, path.classes, path.bust, 0, path.size, path.zeros, path.holds_zero,
                scores=path.scores)
    return walker.path_ceiling(path, ceiling) - walker.path_ceiling(calm, ceiling)


def search(situation: VengeanceSituation, seconds: float) -> tuple[VengeanceModel, _Search[Any], _Shared, bounded.Entry]:
    """The hit search of `bounded._solve`, one mode, with its stopping rule."""
    model = VengeanceModel(situation)
    shared = _Shared()
    deadline = time.process_time() + seconds
    walker = _Search[Any](model, deadline, shared=shared)
    budget, rounds = bounded.FIRST_BUDGET, [time.process_time()]
    while True:
        entry = walker.hit(model.root(), budget)
        budget *= bounded.REFINE
        rounds.append(time.process_time())
        if entry[6] == math.inf or entry[1] - entry[0] <= bounded.TARGET or walker.stopped:
            return model, walker, shared, entry
        if rounds[-1] + bounded._next_round(rounds) > deadline:  # full rounds only: no shorter last step
            return model, walker, shared, entry


Leaf = tuple[Any, float, float, float]
"""A state the search left unexpanded with a gap: (the state, the chance of the cards that lead to it, its bounds)."""


def leaves(model: VengeanceModel, walker: _Search[Any], shared: _Shared) -> Iterator[Leaf]:
    """The search's tree walked from the root through every state it expanded, each card weighted by its count over
    the pile (at a choice, into the option with the highest ceiling), down to the states it left unexpanded with
    ``hi > lo``."""

    def terminal(node: Any) -> bool:
        return isinstance(node, int) or (isinstance(node, tuple) and len(node) == 7 and isinstance(node[0], float))

    def bounds(node: Any) -> tuple[float, float]:
        if isinstance(node, int):
            return float(node >> 2), float(node >> 2)
        if terminal(node):  # a terminal's entry
            return node[0], node[1]
        if isinstance(node, list):
            options = [bounds(option) for option in node]
            return max(o[0] for o in options), max(o[1] for o in options)
        entry = walker.known.get(model.key(node)) or walker.static(node)
        return entry[0], entry[1]

    def hit(state: Any, chance: float) -> Iterator[Leaf]:
        for weight, child, _ in shared.outcomes[model.key(state)]:
            yield from node(child, chance * weight)

    def node(child: Any, chance: float) -> Iterator[Leaf]:
        if terminal(child):
            return
        if isinstance(child, list):
            yield from node(max(child, key=lambda option: bounds(option)[1]), chance)
            return
        key = model.key(child)
        known = walker.known.get(key)
        if known is not None and (known[0] == known[1] or key in shared.outcomes):
            if known[0] != known[1]:
                yield from hit(child, chance)
            return
        low, high = bounds(child)
        if high > low:
            yield child, chance, low, high

    yield from hit(model.root(), 1.0)


def leaf_kind(model: VengeanceModel, state: Any) -> str:
    """``free`` (you may stay), ``owed`` (draws owed), ``zero`` (you hold The Zero) or ``empty`` (an empty line)."""
    if model.forced(state):
        return "owed"
    if model.may_stay(state):
        return "free"
    return "zero" if state[2] & model.game.deck.zero else "empty"


def attribute(model: VengeanceModel, walker: _Search[Any], shared: _Shared) -> dict[str, float]:
    """The probability-weighted static gaps of the leaves, by kind (module docstring), and the floor lift."""
    shares: collections.defaultdict[str, float] = collections.defaultdict(float)
    for child, chance, low, high in leaves(model, walker, shared):
        kind = leaf_kind(model, child)
        base = float(model.banked(child)) if kind == "free" else float(model.reach(child)[0])
        shares["floor lift"] += chance * max(0.0, low - base)
        path = model.path(child)
        if path is None:
            ceiling = "deferred" if model.deferred_path(child) is not None else "ladder"
            shares[f"{kind}:{ceiling}"] += chance * (high - low)
            continue
        rescue = min(high - low, max(0.0, rescue_share(walker, path, max(model.reach(child)[1]))))
        shares[f"{kind}:path:rescue"] += chance * rescue
        shares[f"{kind}:path:other"] += chance * (high - low - rescue)
    return dict(shares)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpu-seconds", type=float, default=3.0)
    parser.add_argument("--others", default="0,3")
    parser.add_argument("--rules", default="vengeance", choices=["vengeance", "vengeance-brutal"])
    args = parser.parse_args()
    rules = VENGEANCE if args.rules == "vengeance" else VENGEANCE_BRUTAL
    for others in (int(text) for text in args.others.split(",")):
        situation = VengeanceSituation.build(rules, (), others=[()] * others)
        model, walker, shared, entry = search(situation, args.cpu_seconds)
        shares = attribute(model, walker, shared)
        lift = shares.pop("floor lift", 0.0)
        total = sum(shares.values())
        print(f"{rules.name} fresh deck, {others} others: hit [{entry[0]:.3f}, {entry[1]:.3f}], gap "
              f"{entry[1] - entry[0]:.3f}, {walker.expansions} expansions; leaves' weighted gaps {total:.3f}:")
        for kind, share in sorted(shares.items(), key=lambda item: -item[1]):
            print(f"    {kind:20} {share:7.3f}  {100 * share / total:5.1f}%")
        print(f"    the chain floor closed {lift:.3f} more (the leaves' floors above staying)")


if __name__ == "__main__":
    main()

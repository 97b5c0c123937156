"""`answer`: one entry point for any situation of any variant, exact where the exact solver fits, certified elsewhere.

It picks the solver (docs/model.md, "Every situation answered"):

* classic and poker: the exact lattice solver (`flip7odds.analysis.analyze`) when its size
  (`flip7odds.solver.solve_cost`) fits `EXACT_MEMORY` and its estimated CPU time fits the budget;
* With a Vengeance: the fast exact solver (`flip7odds.vengeance.analysis.analyze_vengeance`) when
  its size estimate (`flip7odds.vengeance.fast.can_solve_within`) fits, under a state limit that keeps it
  within the budget;
* poker, when that does not fit: the exact lattice solver on two relaxed decks whose minor penalties
  are merged into groups (`flip7odds.relaxation`), the finest that fit: certified intervals;
* otherwise, or when an exact solve stops at its limit, the bounded solver (`flip7odds.bounded`) with
  what is left of the budget: certified intervals.

Every result is an `Answer`: exact or within ``error_bound`` points, with the decision by the bounds'
midpoints and ``too_close`` when the hit and stay intervals overlap (the two are within the bound of
each other). The input is a frozen, hashable situation, so a page can cache ``answer(situation)``.

Examples
--------
>>> from flip7odds.rules import CLASSIC
>>> from flip7odds.situation import Situation
>>> result = answer(Situation.from_text(CLASSIC, "12 11 10 9", seen="12 11 11 5"))
>>> result.exact, result.error_bound, result.decision.value, result.stay_score
(True, 0.0, 'stay', 42)
"""

from __future__ import annotations

import enum
import functools
import math
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

from flip7odds.analysis import Analysis, Decision, analyze, fraction_json, problem_of
from flip7odds.bounded import BoundedResult, Bounds, RoundModel, paused_cyclic_collection, solve_bounded
from flip7odds.errors import SituationError, SolverLimitError
from flip7odds.odds import bust_cards, bust_probability
from flip7odds.relaxation import (
    HIT_ONCE_SHARE,
    Relaxation,
    RelaxedBounds,
    choose_relaxation,
    coarsest_relaxation,
    estimated_cost,
    mergeable,
    settling_relaxation,
    solve_relaxed,
)
from flip7odds.round_models import EngineModel, VengeanceModel
from flip7odds.situation import Situation
from flip7odds.solver import Problem
from flip7odds.vengeance import odds as vengeance_odds
from flip7odds.vengeance.analysis import CAVEAT, VengeanceAnalysis, analyze_vengeance
from flip7odds.vengeance.fast import SECONDS_PER_STATE, can_solve_within
from flip7odds.vengeance.situation import VengeanceSituation

DEFAULT_CPU_SECONDS = 3.0
"""The CPU budget of one answer."""
EXACT_MEMORY = 768 * 1024**2
"""The exact lattice solver is used only when its estimated memory is at most this (bytes): with the
interpreter and the app, a process stays under 1 GB."""
LATTICE_SECONDS_PER_STATE = {"classic": 40e-9, "poker": 50e-9}
"""CPU seconds per lattice state of the exact solver, its columns counted apart (`flip7odds.solver.COLUMN_SECONDS`):
the slowest per-state rates measured on the BENCHMARKS.md machine, 36 ns classic alone; poker 26-28 ns with others
(4-48 million states), 17-50 ns for ``K 9 4`` alone (29 million states, 3.3 million columns, 1.8-2.8 s; stop 47),
where 150 ns a state without a column term had counted its columns too but put ``K 9 4 5`` alone (3.3 million
columns) at 0.5 s for 1.0-2.3 s."""
MAX_CPU_SECONDS = 600.0
"""The largest budget the command line accepts (never unbounded work from an argument)."""
EXACT_STRETCH = 1.5
"""An exact solve estimated within this many budgets is preferred to a bounded answer (the fresh
classic deck alone: 3.9 s exact, where bounds would still be wide)."""
CALLED_EXACT_STRETCH = 3.0
"""On the live page (``call_width``), where no relaxed decks can stand in (no penalties to merge: classic), the exact
solver is preferred up to this many budgets: the bounded search is far wider there (classic, `12` alone on a fresh
deck at 0.5 s: hit within 17.7 to 40.0 points, where the exact solve takes 0.86 s; BENCHMARKS.md, stop 47)."""
RELAXED_STRETCH = 1.5
"""Likewise, when no relaxation fits the budget, the coarsest one estimated within this many budgets is preferred
to the bounded search (``K`` alone on a fresh poker pile at the live page's 0.5 s: the relaxed decks within 2.6
points in about 0.5 s, where the bounded search gives 251 points in 0.8 s)."""


class Method(enum.Enum):
    """Which solver answered."""

    EXACT = "exact"
    """An exact solver (the lattice solver, or the fast Vengeance solver)."""
    BOUNDED = "bounded"
    """The bounded solver (exact too when it expanded everything: see `Answer.exact`)."""
    RELAXED = "relaxed"
    """The exact lattice solver on two relaxed decks (`flip7odds.relaxation`): certified intervals."""


AnySituation = Situation | VengeanceSituation


@dataclass(frozen=True)
class Answer:
    """MODEL.md's numbers for a situation, each as a certified interval (a point when exact).

    ``hit`` (hit now, then play best) and ``hit_once`` (hit once, then stay) are None when no card can
    be drawn. ``flip7_probability`` and ``bust_final_probability`` are P(Flip 7) and P(bust) by the end
    under the policy played (optimal when exact; docs/model.md says what the bounds mean otherwise).
    ``analysis`` is the exact solver's full answer when it answered (its score distribution worked out when read).
    """

    situation: AnySituation
    method: Method
    exact: bool
    stay_score: int
    may_stay: bool
    pile_size: int
    bust_cards: int
    bust_probability: Fraction
    """P(the next card busts you), exact."""
    hit: Bounds | None
    hit_once: Bounds | None
    optimal: Bounds
    flip7_probability: Bounds
    bust_final_probability: Bounds
    decision: Decision
    analysis: Analysis | VengeanceAnalysis | None = None
    cpu_seconds: float = 0.0

    @property
    def error_bound(self) -> float:
        """The largest gap of any value reported: points for scores, a probability for P's (0 when exact)."""
        if self.exact:
            return 0.0
        bounds = [self.optimal, self.flip7_probability, self.bust_final_probability, self.hit, self.hit_once]
        return max(b.width for b in bounds if b is not None)

    @property
    def too_close(self) -> bool:
        """True when the hit and stay intervals overlap: the two are within the bound of each other."""
        if self.exact or self.hit is None or not self.may_stay:
            return False
        return self.stay_score in self.hit

    @property
    def margin(self) -> float:
        """How many expected points the better action is worth over the other, by the midpoints."""
        if self.hit is None or not self.may_stay:
            return 0.0
        return abs(self.hit.mid - self.stay_score)

    @property
    def hit_once_fraction(self) -> Fraction | None:
        """Hit once, then stay, as an exact fraction when the exact solver answered."""
        return None if self.analysis is None else self.analysis.hit_once_score

    @property
    def distribution(self) -> dict[int, float] | None:
        """P(final round score = s) under optimal play, when the exact solver answered."""
        return None if self.analysis is None else self.analysis.distribution

    def ev_loss(self, action: Decision) -> Bounds:
        """Bounds on ``optimal`` minus the value of ``action`` (MODEL.md's ``ev_loss``)."""
        if action is Decision.HIT:
            if self.hit is None:
                raise ValueError("no card can be drawn: hitting is not possible")
            value = self.hit
        else:
            if not self.may_stay:
                raise ValueError("an empty line may not stay")
            value = Bounds.point(float(self.stay_score))
        return Bounds(max(0.0, self.optimal.lo - value.hi), max(0.0, self.optimal.hi - value.lo))

    def to_json(self) -> dict[str, Any]:
        """The command line's JSON: MODEL.md's names (midpoints), ``exact``, ``error_bound`` and the intervals."""
        once = self.hit_once_fraction
        data: dict[str, Any] = {
            "stay_score": self.stay_score,
            "bust_probability": fraction_json(self.bust_probability),
            "hit_once_score": (fraction_json(once) if once is not None else
                               None if self.hit_once is None else {"value": self.hit_once.mid}),
            "optimal_score": self.optimal.mid,
            "hit_score": None if self.hit is None else self.hit.mid,
            "decision": self.decision.value,
            "too_close": self.too_close,
            "flip7_probability": self.flip7_probability.mid,
            "bust_final_probability": self.bust_final_probability.mid,
            "distribution": None if self.distribution is None else
            {str(score): p for score, p in self.distribution.items()},
            "pile_size": self.pile_size,
            "exact": self.exact,
            "error_bound": self.error_bound,
            "bounds": {name: None if value is None else [value.lo, value.hi] for name, value in (
                ("hit_score", self.hit), ("hit_once_score", self.hit_once), ("optimal_score", self.optimal),
                ("flip7_probability", self.flip7_probability),
                ("bust_final_probability", self.bust_final_probability))},
        }
        if isinstance(self.situation, VengeanceSituation):
            next_flip7 = vengeance_odds.flip7_next_probability(self.situation) if self.hit is not None else Fraction(0)
            data["flip7_next_probability"] = fraction_json(next_flip7)
            data["caveat"] = CAVEAT
        return data


def answer(situation: AnySituation, cpu_seconds: float = DEFAULT_CPU_SECONDS,
           memory_limit: int = EXACT_MEMORY, *, deterministic: bool = False, call_width: float = 0.0) -> Answer:
    """Answer ``situation`` (any variant) within about ``cpu_seconds`` of CPU: exact if it fits, else bounded.

    ``memory_limit``: the exact lattice solver (classic, poker) is used only within this many bytes.

    ``deterministic``: the budget is counted, not timed (the quiz: the same situation gets the same numbers, bit for
    bit, however loaded the machine). No solver reads the clock: which one answers is chosen by estimates as
    always, the Vengeance solver stops at its state limit only (``cpu_seconds / 2`` at `SECONDS_PER_STATE`), the
    relaxed decks are chosen for ``cpu_seconds`` (`flip7odds.relaxation.solve_relaxed`'s ``timed``), and the bounded
    search reads its deadline on its work clock (`flip7odds.bounded.solve_bounded`'s ``by_work``), with
    ``cpu_seconds`` less what an exact solve that stopped at its limit counted (half of it).

    ``call_width`` (the live page): the bounded search also stops once it settles the call and knows the hit
    value within this width (`flip7odds.bounded.solve_bounded`); relaxed decks are first tried with a cheaper upper
    deck expected to do as much (`_relaxed`); and where nothing can be merged (classic) the exact solver may take
    `CALLED_EXACT_STRETCH` budgets. 0, the default, refines until the target or the budget.
    """
    start = time.process_time()
    timed = not deterministic
    fits = exact_fits(situation, cpu_seconds, memory_limit, _stretch(situation, call_width))
    exact = _exact(situation, cpu_seconds, timed) if fits else None
    if exact is not None:
        return _from_analysis(exact, time.process_time() - start)
    if timed:
        left = max(0.1, cpu_seconds - (time.process_time() - start))
    else:  # an exact Vengeance solve that stopped at its state limit counted half the budget
        left = cpu_seconds / 2 if fits and isinstance(situation, VengeanceSituation) else cpu_seconds
    if isinstance(situation, Situation):
        problem = problem_of(situation)
        relaxation = (choose_relaxation(problem, left, memory_limit)
                      or coarsest_relaxation(problem, RELAXED_STRETCH * left, memory_limit))
        if relaxation is not None:
            relaxed = _relaxed(problem, relaxation, left, timed, call_width, memory_limit)
            return _from_relaxed(situation, relaxed, time.process_time() - start)
    result = _bounded(situation, left, by_work=not timed, call_width=call_width)
    return _from_bounded(situation, result, time.process_time() - start)


@functools.lru_cache(maxsize=256)
def cached_answer(situation: AnySituation, cpu_seconds: float = DEFAULT_CPU_SECONDS) -> Answer:
    """`answer`, remembered for the last 256 situations asked in this process (situations are hashable)."""
    return answer(situation, cpu_seconds)


def answer_exactly(result: Analysis | VengeanceAnalysis) -> Answer:
    """An exact solver's answer as an `Answer` (for callers that ran it themselves, however long)."""
    return _from_analysis(result, 0.0)


def exact_fits(situation: AnySituation, cpu_seconds: float = DEFAULT_CPU_SECONDS,
               memory_limit: int = EXACT_MEMORY, stretch: float = EXACT_STRETCH) -> bool:
    """True when the exact solver is expected to answer within ``stretch`` budgets (microseconds to seconds)."""
    if isinstance(situation, VengeanceSituation):
        return can_solve_within(situation, cpu_seconds / 2)
    cost = estimated_cost(problem_of(situation))
    per_state = LATTICE_SECONDS_PER_STATE.get(situation.rules.name, max(LATTICE_SECONDS_PER_STATE.values()))
    return cost.memory_bytes <= memory_limit and cost.seconds(per_state) <= stretch * cpu_seconds


def _stretch(situation: AnySituation, call_width: float) -> float:
    """How many budgets an exact solve may be estimated at: `CALLED_EXACT_STRETCH` for the live page where nothing
    can be merged (`flip7odds.relaxation.mergeable`), else `EXACT_STRETCH`."""
    if call_width > 0 and isinstance(situation, Situation) and not mergeable(problem_of(situation)):
        return CALLED_EXACT_STRETCH
    return EXACT_STRETCH


def _exact(situation: AnySituation, cpu_seconds: float, timed: bool = True) -> Analysis | VengeanceAnalysis | None:
    """The exact solver's answer, for a situation `exact_fits` the budget, or None where it reached its limit
    (``timed``: the Vengeance solver is also stopped by the clock; else by its state limit alone)."""
    if isinstance(situation, VengeanceSituation):
        try:
            return analyze_vengeance(situation, max(1000, math.floor(cpu_seconds / 2 / SECONDS_PER_STATE)),
                                     cpu_seconds=cpu_seconds / 2 if timed else math.inf)
        except SituationError:
            return None  # reached its state limit: the bounded solver answers with the time left
    try:
        # `exact_fits` checked the memory by `estimated_cost`: the solver's own check counts a reshuffle as the
        # whole pile and discards together (a line over four cards and 48 discards: 1.8 GB for 60 MB). The score
        # distribution is worked out only if read (`Analysis.distribution`: the charts).
        return analyze(situation, memory_limit=None, distribution=False)
    except SolverLimitError:
        return None


def _relaxed(problem: Problem, relaxation: Relaxation, cpu_seconds: float, timed: bool, call_width: float,
             memory_limit: int) -> RelaxedBounds:
    """`solve_relaxed` on ``relaxation``; for the live page (``call_width``), first on a cheaper upper deck expected
    to settle the call within ``call_width`` (`flip7odds.relaxation.settling_relaxation`), kept where it does."""
    settling = settling_relaxation(problem, relaxation, call_width, memory_limit) if call_width > 0 else None
    if settling is not None:
        relaxed = solve_relaxed(problem, settling, HIT_ONCE_SHARE * cpu_seconds, timed)
        if relaxed.settles(call_width):
            return relaxed
    return solve_relaxed(problem, relaxation, HIT_ONCE_SHARE * cpu_seconds, timed)


def _bounded(situation: AnySituation, cpu_seconds: float, by_work: bool = False,
             call_width: float = 0.0) -> BoundedResult:
    """The bounded solver on the model of ``situation``'s variant, the cyclic collector paused until the model's
    tables are freed too (`flip7odds.bounded.paused_cyclic_collection`: resumed while they live, its first
    collection walked them all, 0.2-0.3 s past the budget)."""
    with paused_cyclic_collection():
        return _solve_model(situation, cpu_seconds, by_work, call_width)


def _solve_model(situation: AnySituation, cpu_seconds: float, by_work: bool, call_width: float) -> BoundedResult:
    """`solve_bounded` on a model made here, freed on return."""
    # mypy cannot solve the recursive node type of the protocol against the adapters' own node types
    model = VengeanceModel(situation) if isinstance(situation, VengeanceSituation) else EngineModel(situation)
    return solve_bounded(cast(RoundModel[Any], model), cpu_seconds, by_work=by_work, call_width=call_width)


def _from_analysis(result: Analysis | VengeanceAnalysis, seconds: float) -> Answer:
    hit = None if result.hit_score is None else Bounds.point(float(result.hit_score))
    once = None if result.hit_once_score is None else Bounds.point(float(result.hit_once_score))
    return Answer(
        situation=result.situation,
        method=Method.EXACT,
        exact=True,
        stay_score=result.stay_score,
        may_stay=result.may_stay,
        pile_size=result.pile_size,
        bust_cards=result.bust_cards,
        bust_probability=result.bust_probability,
        hit=hit,
        hit_once=once,
        optimal=Bounds.point(float(result.optimal_score)),
        flip7_probability=Bounds.point(float(result.flip7_probability)),
        bust_final_probability=Bounds.point(float(result.bust_final_probability)),
        decision=result.decision,
        analysis=result,
        cpu_seconds=seconds,
    )


def _from_relaxed(situation: Situation, result: RelaxedBounds, seconds: float) -> Answer:
    def bounds(pair: tuple[float, float] | None) -> Bounds | None:
        return None if pair is None else Bounds(*pair)

    can_draw = result.hit is not None
    optimal = bounds(result.optimal)
    assert optimal is not None
    return Answer(
        situation=situation,
        method=Method.RELAXED,
        exact=False,
        stay_score=result.stay_score,
        may_stay=result.may_stay,
        pile_size=situation.pile.size,
        bust_cards=bust_cards(situation) if can_draw else 0,
        bust_probability=bust_probability(situation) if can_draw else Fraction(0),
        hit=bounds(result.hit),
        hit_once=bounds(result.hit_once),
        optimal=optimal,
        flip7_probability=Bounds.point(result.flip7),
        bust_final_probability=Bounds.point(result.bust),
        decision=Decision.HIT if result.hits else Decision.STAY,
        cpu_seconds=seconds,
    )


def _from_bounded(situation: AnySituation, result: BoundedResult, seconds: float) -> Answer:
    can_draw = result.hit is not None
    if isinstance(situation, VengeanceSituation):
        cards = vengeance_odds.bust_cards(situation) if can_draw else 0
        bust = vengeance_odds.bust_probability(situation) if can_draw else Fraction(0)
        size = situation.pile.size
    else:
        cards = bust_cards(situation) if can_draw else 0
        bust = bust_probability(situation) if can_draw else Fraction(0)
        size = situation.pile.size
    return Answer(
        situation=situation,
        method=Method.BOUNDED,
        exact=result.exact,
        stay_score=result.stay_score,
        may_stay=result.may_stay,
        pile_size=size,
        bust_cards=cards,
        bust_probability=bust,
        hit=result.hit,
        hit_once=result.hit_once,
        optimal=result.optimal,
        flip7_probability=result.flip7_probability,
        bust_final_probability=result.bust_probability,
        decision=Decision.HIT if result.hits else Decision.STAY,
        cpu_seconds=seconds,
    )


__all__ = [
    "DEFAULT_CPU_SECONDS",
    "EXACT_MEMORY",
    "Answer",
    "AnySituation",
    "Bounds",
    "Method",
    "answer",
    "answer_exactly",
    "cached_answer",
    "exact_fits",
]

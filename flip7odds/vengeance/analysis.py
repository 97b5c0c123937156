"""`analyze_vengeance`: docs/model.md's numbers for a With a Vengeance situation, under docs/vengeance.md's model.

The numbers have the classic names and meanings (`flip7odds.analysis`), computed exactly by the
fast solver (`flip7odds.vengeance.fast`; ``reference=True``: by the simple reference solver,
`flip7odds.vengeance.reference`, the tests' oracle), plus the model's caveat: the other players'
future draws and actions against you are not modelled.

Examples
--------
>>> from flip7odds.rules import VENGEANCE
>>> from flip7odds.vengeance.situation import VengeanceSituation
>>> result = analyze_vengeance(VengeanceSituation.from_text(VENGEANCE, "12 3", pile="12 11 5"))
>>> result.decision.value, result.stay_score, result.bust_probability, result.hit_score  # (0 + 26 + 20) / 3
('hit', 15, Fraction(1, 3), 15.333333333333334)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from flip7odds.analysis import Decision, fraction_json, model_json
from flip7odds.errors import SituationError
from flip7odds.i18n import N_
from flip7odds.vengeance.fast import FastResult, can_solve_within, fast_solve
from flip7odds.vengeance.odds import bust_cards, bust_probability, drawing_pile, flip7_next_probability
from flip7odds.vengeance.reference import reference_solve
from flip7odds.vengeance.situation import VengeanceSituation

CAVEAT = N_("With a Vengeance model: every card you draw is used to maximise your own expected round score; "
            "the other players' future draws and their actions against you (Steal, Swap, Discard, penalties, "
            "Flip Four!) are not modelled, so the numbers are what you can expect if nobody targets you.")
"""The model's caveat, shown with every Vengeance result (a message id)."""


@dataclass(frozen=True)
class VengeanceAnalysis:
    """docs/model.md's numbers for a Vengeance situation: exact fractions where docs/model.md asks for them, the
    solver's values and probabilities as floats (exact to 1e-9), like the classic `flip7odds.analysis.Analysis`."""

    situation: VengeanceSituation
    stay_score: int
    may_stay: bool
    bust_cards: int
    pile_size: int
    bust_probability: Fraction
    flip7_next_probability: Fraction
    hit_once_score: Fraction | None
    hit_score: float | None
    optimal_score: float
    decision: Decision
    flip7_probability: float
    bust_final_probability: float
    distribution: dict[int, float]
    states: int

    def to_json(self) -> dict[str, Any]:
        """The classic command line's JSON keys (`flip7odds.analysis.model_json`), plus ``flip7_next_probability``
        and the model's ``caveat``."""
        return {**model_json(self), "flip7_next_probability": fraction_json(self.flip7_next_probability),
                "caveat": CAVEAT}


def analyze_vengeance(situation: VengeanceSituation, max_states: int | None = None, *,
                      reference: bool = False, cpu_seconds: float = math.inf) -> VengeanceAnalysis:
    """Exact odds and optimal play for ``situation`` under docs/vengeance.md's model.

    Raises `flip7odds.errors.SituationError` when the situation needs more than ``max_states`` states
    (`flip7odds.vengeance.fast.DEFAULT_MAX_STATES` when None): at once when it is estimated to need
    many more (`flip7odds.vengeance.fast.check_size`), else when the solver reaches the limit, or has
    spent ``cpu_seconds`` of CPU (the fast solver).
    ``reference``: solve with the reference solver instead (small piles; its own default limit).
    """
    result = (_reference_result(situation, max_states) if reference
              else fast_solve(situation, max_states, cpu_seconds))
    can_draw = result.hit_score is not None
    return VengeanceAnalysis(
        situation=situation,
        stay_score=result.stay_score,
        may_stay=result.may_stay,
        bust_cards=bust_cards(situation) if can_draw else 0,
        pile_size=situation.pile.size,
        bust_probability=bust_probability(situation) if can_draw else Fraction(0),
        flip7_next_probability=flip7_next_probability(situation) if can_draw else Fraction(0),
        hit_once_score=result.hit_once_score,
        hit_score=result.hit_score,
        optimal_score=result.optimal_score,
        decision=Decision.HIT if result.decision_is_hit else Decision.STAY,
        flip7_probability=result.flip7_probability,
        bust_final_probability=result.bust_probability,
        distribution=result.distribution,
        states=result.states,
    )


def quick_analysis(situation: VengeanceSituation, seconds: float) -> VengeanceAnalysis | None:
    """`analyze_vengeance` for a page that must answer within about ``seconds`` of CPU, or None.

    The size estimate (`can_solve_within`) decides first. A known discard pile is what most often makes a
    late-deck table too large: if your round could run the pile out, its reshuffle opens a whole new deck
    of possibilities. Then the same table is tried with the discards unknown, the model's other reading
    (a pile that runs out ends your round as if you stayed: exact for every round that does not run the
    pile out). The answer's ``situation`` says which was solved: compare its ``discards`` with yours.
    None when neither is estimated to fit, or when each solve tried reaches the solver's state limit.
    """
    candidates = [situation]
    if situation.discards is not None and situation.pile.size > 0:
        candidates.append(replace(situation, discards=None))
    for candidate in candidates:
        if can_solve_within(candidate, seconds):
            try:
                return analyze_vengeance(candidate)
            except SituationError:
                continue
    return None


def _reference_result(situation: VengeanceSituation, max_states: int | None) -> FastResult:
    """The reference solver's answer in the fast solver's form."""
    result = reference_solve(situation, max_states)
    optimal = result.optimal
    return FastResult(
        stay_score=result.stay_score,
        may_stay=result.may_stay,
        hit_score=None if result.hit is None else float(result.hit.value),
        optimal_score=float(optimal.value),
        hit_once_score=None if result.hit_once is None else result.hit_once.value,
        decision_is_hit=result.decision_is_hit,
        flip7_probability=float(optimal.flip7_probability),
        bust_probability=float(optimal.bust_probability),
        distribution={score: float(p) for score, p in optimal.distribution},
        states=result.states,
    )


__all__ = ["CAVEAT", "VengeanceAnalysis", "analyze_vengeance", "drawing_pile", "quick_analysis"]

"""`analyze`: every number of docs/model.md for a situation, exact where a person reads it.

Examples
--------
>>> from flip7odds.rules import CLASSIC
>>> from flip7odds.situation import Situation
>>> result = analyze(Situation.from_text(CLASSIC, "12 11 10 9", seen="12 11 11 5"))
>>> result.decision, result.stay_score, result.bust_probability  # 35 = 10 + 8 + 9 + 8 copies left of 12, 11, 10, 9
(<Decision.STAY: 'stay'>, 42, Fraction(35, 86))
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from flip7odds.odds import bust_cards, bust_probability, drawing_pile_size, hit_once_score
from flip7odds.situation import Situation
from flip7odds.solver import MEMORY_LIMIT, Problem, Solution, solve

TOLERANCE = 1e-9
"""Hit is chosen only when it beats staying by more than this (docs/model.md: ties stay)."""


class Decision(enum.Enum):
    """The two choices at your turn."""

    HIT = "hit"
    STAY = "stay"

    @classmethod
    def from_text(cls, text: str) -> Decision:
        """``hit`` or ``stay`` (case-insensitive)."""
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise ValueError(f"unknown decision {text!r}: say hit or stay") from None


@dataclass(frozen=True)
class Analysis:
    """The numbers of docs/model.md for one situation. ``hit_score`` is None when no card can be drawn.

    ``distribution`` is the solve's own when `analyze` was asked for it; otherwise it is worked out the first
    time it is read (one more solve, with the forward pass) and kept.
    """

    situation: Situation
    stay_score: int
    may_stay: bool
    bust_cards: int
    pile_size: int
    bust_probability: Fraction
    hit_once_score: Fraction | None
    hit_score: float | None
    optimal_score: float
    decision: Decision
    flip7_probability: float
    bust_final_probability: float
    solved_distribution: dict[int, float] | None = field(default=None, repr=False, compare=False)
    """The score distribution when the solve computed it, else None (`distribution` computes it when read)."""

    @functools.cached_property
    def distribution(self) -> dict[int, float]:
        """P(final round score = s) under optimal play (docs/model.md)."""
        if self.solved_distribution is not None:
            return self.solved_distribution
        solved = analyze(self.situation, memory_limit=None, distribution=True).solved_distribution
        assert solved is not None
        return solved

    @property
    def margin(self) -> float:
        """How many expected points the better action is worth over the other (0 if only one is allowed)."""
        if self.hit_score is None or not self.may_stay:
            return 0.0
        return abs(self.hit_score - self.stay_score)

    def ev_loss(self, action: Decision) -> float:
        """``optimal_score`` minus the value of ``action`` (docs/model.md)."""
        if action is Decision.HIT:
            if self.hit_score is None:
                raise ValueError("no card can be drawn: hitting is not possible")
            return max(0.0, self.optimal_score - self.hit_score)
        if not self.may_stay:
            raise ValueError("an empty line may not stay")
        return max(0.0, self.optimal_score - self.stay_score)

    def to_json(self) -> dict[str, Any]:
        """The JSON object of the command line: exactly docs/model.md's names plus ``pile_size`` (`model_json`)."""
        return model_json(self)


class ModelNumbers(Protocol):
    """docs/model.md's numbers of one situation, as the analysis of every variant holds them (`model_json`): each
    means what the field of `Analysis` of that name means."""

    @property
    def stay_score(self) -> int: ...
    @property
    def bust_probability(self) -> Fraction: ...
    @property
    def hit_once_score(self) -> Fraction | None: ...
    @property
    def optimal_score(self) -> float: ...
    @property
    def hit_score(self) -> float | None: ...
    @property
    def decision(self) -> Decision: ...
    @property
    def flip7_probability(self) -> float: ...
    @property
    def bust_final_probability(self) -> float: ...
    @property
    def distribution(self) -> dict[int, float]: ...
    @property
    def pile_size(self) -> int: ...


def model_json(numbers: ModelNumbers) -> dict[str, Any]:
    """docs/model.md's numbers as the command line's JSON object, with its names, plus ``pile_size``: exact fractions
    as `fraction_json`, the solver's values and probabilities as floats (any variant: `ModelNumbers`)."""
    return {
        "stay_score": numbers.stay_score,
        "bust_probability": fraction_json(numbers.bust_probability),
        "hit_once_score": None if numbers.hit_once_score is None else fraction_json(numbers.hit_once_score),
        "optimal_score": float(numbers.optimal_score),
        "hit_score": None if numbers.hit_score is None else float(numbers.hit_score),
        "decision": numbers.decision.value,
        "flip7_probability": float(numbers.flip7_probability),
        "bust_final_probability": float(numbers.bust_final_probability),
        "distribution": {str(score): float(p) for score, p in numbers.distribution.items()},
        "pile_size": numbers.pile_size,
    }


def fraction_json(value: Fraction) -> dict[str, Any]:
    """A fraction as ``{"fraction": "17/62", "value": 0.274...}``."""
    return {"fraction": f"{value.numerator}/{value.denominator}", "value": float(value)}


def problem_of(situation: Situation) -> Problem:
    """The solver's input for a situation."""
    line = situation.line
    return Problem(situation.rules, line.numbers, line.modifiers, line.second_chance, situation.pile,
                   situation.discards, situation.alone)


def analyze(situation: Situation, memory_limit: int | None = MEMORY_LIMIT, distribution: bool = True) -> Analysis:
    """Exact odds and optimal play for ``situation`` (docs/model.md, round-EV model).

    Raises `flip7odds.errors.SolverLimitError` if the exact solve would need more than ``memory_limit``
    bytes (`flip7odds.solver.solve_cost`; None: no limit). ``distribution`` False leaves the score
    distribution to the first read of `Analysis.distribution` (the solve is a fifth to a third cheaper without
    it: `flip7odds.solver.solve`); every other number is the same.
    """
    solution: Solution = solve(problem_of(situation), TOLERANCE, memory_limit=memory_limit, distribution=distribution)
    optimal = solution.result()
    can_draw = solution.draw is not None
    return Analysis(
        situation=situation,
        stay_score=solution.stay_score,
        may_stay=solution.may_stay,
        bust_cards=bust_cards(situation) if can_draw else 0,
        pile_size=situation.pile.size,
        bust_probability=bust_probability(situation) if can_draw else Fraction(0),
        hit_once_score=hit_once_score(situation) if can_draw else None,
        hit_score=solution.hit_score,
        optimal_score=optimal.value,
        decision=Decision.HIT if solution.hits_now else Decision.STAY,
        flip7_probability=optimal.flip7_probability,
        bust_final_probability=optimal.bust_probability,
        solved_distribution=optimal.distribution,
    )


__all__ = ["Analysis", "Decision", "ModelNumbers", "analyze", "drawing_pile_size", "fraction_json", "model_json",
           "problem_of"]

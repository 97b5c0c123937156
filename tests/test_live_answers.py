"""What a live tap solves (`flip7odds.answer.answer` with the live page's ``call_width``).

Poker played alone: a cheaper upper deck where it settles the call (`flip7odds.answer._relaxed`,
`flip7odds.relaxation.settling_relaxation`), and solve times estimated with the lattice's columns
(`flip7odds.solver.SolveCost.seconds`), where a line of four numbers alone is nearly all columns. The bounds of every
relaxed deck hold the exact value (`tests/test_relaxation.py`, every grouping). Classic played alone: the exact solver
where the bounded search would be far wider (`flip7odds.answer.CALLED_EXACT_STRETCH`), checked against it.
"""

from __future__ import annotations

import pytest

from flip7odds import answer as answer_module
from flip7odds.analysis import analyze, problem_of
from flip7odds.answer import Method, answer, exact_fits
from flip7odds.relaxation import (
    SETTLING_SHARE,
    Relaxation,
    RelaxedBounds,
    choose_relaxation,
    relaxed_cost,
    settling_relaxation,
    solve_relaxed,
    upper_excess,
)
from flip7odds.rules import CLASSIC, POKER
from flip7odds.situation import Situation
from flip7odds.solver import COLUMN_SECONDS, solve_cost

LIVE_SECONDS, LIVE_WIDTH, MEMORY = 0.5, 1.0, 768 * 1024**2


def _alone(line: str) -> Situation:
    return Situation.from_text(POKER, line, others_active=0)


def _recorded(monkeypatch: pytest.MonkeyPatch, settles: bool | None = None) -> list[Relaxation]:
    """Record the decks `answer` solves (and, with ``settles``, force what `RelaxedBounds.settles` says)."""
    solved: list[Relaxation] = []

    def recording(problem: object, relaxation: Relaxation, *args: object) -> RelaxedBounds:
        solved.append(relaxation)
        return solve_relaxed(problem, relaxation, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(answer_module, "solve_relaxed", recording)
    if settles is not None:
        monkeypatch.setattr(RelaxedBounds, "settles", lambda self, width: settles)
    return solved


def test_a_three_number_line_alone_is_settled_on_a_cheaper_upper_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    situation = _alone("K 9 4")
    problem = problem_of(situation)
    chosen = choose_relaxation(problem, LIVE_SECONDS, MEMORY)
    settling = settling_relaxation(problem, chosen, LIVE_WIDTH, MEMORY) if chosen else None
    assert chosen is not None and settling is not None
    assert settling.lower == chosen.lower
    assert relaxed_cost(problem, settling.upper, True)[0] <= SETTLING_SHARE * relaxed_cost(problem, chosen.upper, True)[0]
    assert upper_excess(problem, settling.upper) <= LIVE_WIDTH

    solved = _recorded(monkeypatch)
    result = answer(situation, LIVE_SECONDS, call_width=LIVE_WIDTH)
    assert solved == [settling]
    assert result.method is Method.RELAXED and result.hit is not None
    assert result.hit.width <= LIVE_WIDTH and result.stay_score not in result.hit
    full = solve_relaxed(problem, chosen)  # both intervals hold the exact value: they meet
    assert full.hit is not None and max(full.hit[0], result.hit.lo) <= min(full.hit[1], result.hit.hi)


def test_the_chosen_decks_are_solved_where_the_cheaper_one_does_not_settle(monkeypatch: pytest.MonkeyPatch) -> None:
    problem = problem_of(_alone("K 9 4"))
    chosen = choose_relaxation(problem, LIVE_SECONDS, MEMORY)
    solved = _recorded(monkeypatch, settles=False)
    answer(_alone("K 9 4"), LIVE_SECONDS, call_width=LIVE_WIDTH)
    assert len(solved) == 2 and solved[-1] == chosen and solved[0] != chosen


def test_answers_that_do_not_ask_for_a_call_solve_the_chosen_decks_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    solved = _recorded(monkeypatch)
    answer(_alone("K 9 4"), LIVE_SECONDS)
    assert solved == [choose_relaxation(problem_of(_alone("K 9 4")), LIVE_SECONDS, MEMORY)]


def test_no_cheaper_deck_is_tried_where_none_is_expected_to_settle() -> None:
    problem = problem_of(_alone("K"))  # one number: no deck within the budget is expected within a point
    chosen = choose_relaxation(problem, LIVE_SECONDS, MEMORY)
    assert chosen is not None and settling_relaxation(problem, chosen, LIVE_WIDTH, MEMORY) is None


@pytest.mark.parametrize(("hit", "may_stay", "width", "settled"), [
    ((30.0, 30.9), True, 1.0, True),
    ((30.0, 31.1), True, 1.0, False),  # too wide
    ((19.5, 20.4), True, 1.0, False),  # staying's 20 inside
    ((19.5, 20.4), False, 1.0, True),  # you must hit
    (None, True, 1.0, True),  # nothing to draw
])
def test_settles(hit: tuple[float, float] | None, may_stay: bool, width: float, settled: bool) -> None:
    bounds = RelaxedBounds(20, may_stay, hit, None, (20.0, 20.0), False, 0.0, 0.0, None, None, 0)  # type: ignore[arg-type]
    assert bounds.settles(width) is settled


def test_four_numbers_alone_are_estimated_by_their_columns() -> None:
    # ``K 9 4 5`` alone: 3.3 million states, nearly all columns; the exact solve measured 1.0-2.3 s (BENCHMARKS.md,
    # stop 47), too long for a tap of the live page, within the command line's 3 s.
    situation = _alone("K 9 4 5")
    cost = solve_cost(problem_of(situation))
    assert cost.columns > 0.9 * cost.states
    assert cost.seconds(0.0) == cost.columns * COLUMN_SECONDS
    assert not exact_fits(situation, LIVE_SECONDS) and exact_fits(situation, 3.0)
    result = answer(situation, LIVE_SECONDS, call_width=LIVE_WIDTH)
    assert result.method is Method.RELAXED and result.error_bound <= LIVE_WIDTH


def test_one_number_alone_in_classic_is_exact_on_the_live_page() -> None:
    # Nothing to merge, and the bounded search at 0.5 s put hitting between 17.7 and 40.0 points; the exact solve is
    # estimated at 1.4 s (0.86 s measured), within the live page's stretch, not within an answer's usual 1.5 budgets.
    situation = Situation.from_text(CLASSIC, "12", others_active=0)
    exact = analyze(situation, distribution=False)
    live = answer(situation, LIVE_SECONDS, call_width=LIVE_WIDTH)
    assert live.method is Method.EXACT and live.hit is not None and exact.hit_score is not None
    assert live.hit.lo == live.hit.hi == float(exact.hit_score)
    bounded = answer(situation, 0.2)  # no call asked: the usual stretch, certified bounds around the same value
    assert bounded.method is Method.BOUNDED and bounded.hit is not None
    assert bounded.hit.lo <= float(exact.hit_score) <= bounded.hit.hi

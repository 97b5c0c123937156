"""The bounded solver and `answer`: the exact value lies inside the bounds, every time.

Oracles: the exact lattice solver (`flip7odds.analysis.analyze`), the naive reference solver on the
literal engine (`flip7odds.reference`), and the exact With a Vengeance solver (`flip7odds.vengeance.fast`),
on random small situations (Hypothesis, the suite's fixed seed) and fixed cases; plus identities.
"""

from __future__ import annotations

import itertools
import json
import math
import signal
import time

import pytest
from hypothesis import HealthCheck, given, settings

from flip7odds import bounded
from flip7odds.analysis import Decision, analyze
from flip7odds.answer import Method, answer
from flip7odds.bounded import (
    FIRST_BUDGET,
    REFINE,
    BoundedResult,
    Bounds,
    _intersected,
    _next_round,
    _next_step,
    solve_bounded,
)
from flip7odds.reference import reference_solve
from flip7odds.round_models import model_of
from flip7odds.rules import CLASSIC, POKER, VENGEANCE, VENGEANCE_BRUTAL
from flip7odds.situation import Situation
from flip7odds.vengeance.analysis import analyze_vengeance
from flip7odds.vengeance.situation import VengeanceSituation
from tests.strategies import small_situations, vengeance_situations

TOLERANCE = 1e-9
BUDGETS = (10.0, 300.0, math.inf)
"""Deterministic stops of the refinement (``max_budget``): coarse, finer, until exact or the target."""
WIDTH_ROUNDING = 1e-12
"""How far a width may grow from one budget to the next by rounding alone (a few units in the last place of a width
of about 1: a Brutal case found 0.19761904762104757 at budget 10, 0.19761904762104762 at 300)."""


def inside(value: float, bounds: Bounds | None) -> bool:
    assert bounds is not None
    return bounds.lo - TOLERANCE <= value <= bounds.hi + TOLERANCE


def check_identities(result: BoundedResult) -> None:
    for p in (result.flip7_probability, result.bust_probability):
        assert 0.0 <= p.lo <= p.hi <= 1.0
    for b in (result.hit, result.hit_once, result.optimal):
        assert b is None or b.lo <= b.hi
    assert result.optimal.lo >= (result.stay_score if result.may_stay else -math.inf) - TOLERANCE
    assert (result.error_bound == 0.0) is result.exact or result.error_bound <= 2e-9


def check_against(situation: Situation | VengeanceSituation, hit: float | None, once: float | None,
                  optimal: float, flip7: float, bust: float) -> None:
    widths = []
    for budget in BUDGETS:
        result = solve_bounded(model_of(situation), cpu_seconds=60.0, max_budget=budget)
        check_identities(result)
        if hit is None:
            assert result.hit is None and result.exact
            continue
        assert inside(hit, result.hit) and inside(optimal, result.optimal)
        assert once is not None and inside(once, result.hit_once)
        if result.exact:
            assert result.optimal.width == 0 or result.optimal.width <= 2e-9
            assert result.hits == (optimal > result.stay_score + TOLERANCE or not result.may_stay)
            if abs(hit - result.stay_score) > 1e-6:  # no tie: the same policy, the same probabilities
                assert flip7 == pytest.approx(result.flip7_probability.mid, abs=TOLERANCE)
                assert bust == pytest.approx(result.bust_probability.mid, abs=TOLERANCE)
        widths.append(result.error_bound)
    # Narrower or equal, to the last bits: the same interval summed in another order (a choice's options refined at
    # one budget, read as they are at the next) may round a few units in the last place apart.
    assert all(later <= earlier + WIDTH_ROUNDING for earlier, later in itertools.pairwise(widths)), \
        f"the bounds narrow as the budget grows: {widths}"


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_situations(max_pile=9, max_discards=3))
def test_bounds_hold_the_exact_values_classic(situation: Situation) -> None:
    exact = analyze(situation)
    check_against(situation, exact.hit_score, None if exact.hit_once_score is None else float(exact.hit_once_score),
                  exact.optimal_score, exact.flip7_probability, exact.bust_final_probability)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_situations(max_pile=8, max_discards=3, rules=POKER))
def test_bounds_hold_the_reference_values_poker(situation: Situation) -> None:
    """Poker against the literal engine's brute force (negative scores, stacked multipliers, royal flush)."""
    exact = reference_solve(situation)
    hit = None if exact.hit is None else float(exact.hit.value)
    once = None
    if hit is not None:
        once = float(answer(situation).hit_once.mid)  # type: ignore[union-attr]
    check_against(situation, hit, once, float(exact.optimal.value), float(exact.optimal.flip7_probability),
                  float(exact.optimal.bust_probability))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(vengeance_situations(max_pile=7, max_discards=3, max_line_cards=4))
def test_bounds_hold_the_exact_values_vengeance(situation: VengeanceSituation) -> None:
    """Standard and Brutal rules, every action, other lines, discards (the strategy draws both rule sets)."""
    exact = analyze_vengeance(situation, 10**6)
    check_against(situation, exact.hit_score, None if exact.hit_once_score is None else float(exact.hit_once_score),
                  exact.optimal_score, exact.flip7_probability, exact.bust_final_probability)


@pytest.mark.parametrize("situation", [
    Situation.from_text(CLASSIC, "12 11 10", pile="12 11 9 8 5 +4 x2 freeze flip3 sc 3 2", others_active=0),
    Situation.from_text(CLASSIC, "12 11 10", pile="12 11 9 8 5 +4 x2 freeze flip3 sc 3 2", others_active=1),
    Situation.from_text(CLASSIC, "9 +10 sc", pile="9 9 12 11 x2 flip3 flip3 freeze", discards="5 6 sc",
                        others_active=0),
    Situation.from_text(POKER, "K 9", pile="K Q J 10 9 8 7 5d 3 A 2 kd", others_active=0),
    Situation.from_text(POKER, "Q", pile="K Q 10d ad jd qd kd 3 2 9", others_active=2),
])
def test_fixed_classic_and_poker_cases(situation: Situation) -> None:
    exact = analyze(situation)
    check_against(situation, exact.hit_score, float(exact.hit_once_score or 0), exact.optimal_score,
                  exact.flip7_probability, exact.bust_final_probability)


@pytest.mark.parametrize("situation", [
    VengeanceSituation.from_text(VENGEANCE, "12 5", others=("10 9",), pile="12 11 10 5 3 u7 l13 13 -4 jom flip4 steal"),
    VengeanceSituation.from_text(VENGEANCE_BRUTAL, "12 5", others=("10 9",), pile="12 11 10 5 3 u7 l13 13 -4 -10 swap",
                                 busted_others=1),
    VengeanceSituation.from_text(VENGEANCE, "0 3", others=("",), pile="3 4 5 6 7 8 9 flip4 discard /2"),
    VengeanceSituation.from_text(VENGEANCE, "13", pile="13 l13 13 12 jom flip4"),
])
def test_fixed_vengeance_cases(situation: VengeanceSituation) -> None:
    exact = analyze_vengeance(situation, 10**6)
    check_against(situation, exact.hit_score, None if exact.hit_once_score is None else float(exact.hit_once_score),
                  exact.optimal_score, exact.flip7_probability, exact.bust_final_probability)


def test_a_search_stopped_once_the_call_is_settled_holds_the_exact_values_and_makes_the_exact_call() -> None:
    """``call_width`` (the live page): the search stops at the first round whose hit interval is that narrow and
    leaves staying outside, well before the bounds close; the bounds still hold the exact values."""
    situation = VengeanceSituation.from_text(VENGEANCE, "12 5", others=("10 9",),
                                             pile="12 11 10 5 3 u7 l13 13 -4 jom flip4 steal")
    exact = analyze_vengeance(situation, 10**6)
    assert exact.hit_score is not None
    coarse, fine = (solve_bounded(model_of(situation), cpu_seconds=60.0, call_width=width) for width in (6.0, 3.0))
    for called, width in ((coarse, 6.0), (fine, 3.0)):
        assert called.hit is not None and 0.1 < called.hit.width <= width and not called.exact
        assert called.stay_score < called.hit.lo and called.hits
        assert inside(exact.hit_score, called.hit) and inside(exact.optimal_score, called.optimal)
        check_identities(called)
    assert coarse.expansions < fine.expansions and exact.hit_score > exact.stay_score


def test_a_call_settled_a_little_too_wide_is_narrowed_by_a_short_step() -> None:
    """Where the first round settles the call but its hit interval is a hair wider than ``call_width``, the next round
    takes a short step (`flip7odds.bounded._narrowing_step`): it reaches the width and expands fewer states than the
    full step's round, and its bounds still hold the exact values."""
    situation = VengeanceSituation.from_text(VENGEANCE, "12 5", others=("10 9",), pile="12 11 10 9 8 7 6 4 3 2 1 u7 -4 /2")
    exact = analyze_vengeance(situation, 10**6)
    assert exact.hit_score is not None
    first, full = (solve_bounded(model_of(situation), cpu_seconds=60.0, max_budget=budget)
                   for budget in (FIRST_BUDGET, FIRST_BUDGET * REFINE))
    assert first.hit is not None and full.hit is not None
    width = first.hit.width * 0.99
    narrowed = solve_bounded(model_of(situation), cpu_seconds=60.0, call_width=width)
    assert narrowed.hit is not None and full.hit.width < narrowed.hit.width <= width
    assert first.expansions < narrowed.expansions < full.expansions
    assert inside(exact.hit_score, narrowed.hit) and inside(exact.optimal_score, narrowed.optimal)
    check_identities(narrowed)


def test_the_classic_reference_value_is_inside_the_bounds_of_a_fresh_deck() -> None:
    """MODEL.md: the fresh 94-card deck alone is worth 20.2970891 under RULES.md's reading."""
    result = solve_bounded(model_of(Situation.from_text(CLASSIC, "", others_active=0)), cpu_seconds=0.5)
    assert inside(20.2970891, result.hit) and not result.exact


def test_answer_uses_the_exact_solver_where_it_fits_and_says_so() -> None:
    situation = Situation.from_text(CLASSIC, "12 7 3 +4", seen="12 12 5")
    result = answer(situation)
    exact = analyze(situation)
    assert (result.method, result.exact, result.error_bound) == (Method.EXACT, True, 0.0)
    assert result.optimal == Bounds.point(exact.optimal_score) and result.decision is exact.decision
    data = result.to_json()
    assert data["exact"] is True and data["error_bound"] == 0 and data["optimal_score"] == exact.optimal_score


def test_a_fresh_vengeance_deck_is_answered_with_certified_bounds() -> None:
    result = answer(VengeanceSituation.from_text(VENGEANCE, "12 5", others=("10 9",)), cpu_seconds=0.5)
    assert result.method is Method.BOUNDED and not result.exact
    assert result.hit is not None and result.hit.lo <= result.hit.hi and result.error_bound > 0
    data = json.loads(json.dumps(result.to_json()))
    assert data["exact"] is False and data["error_bound"] == result.error_bound
    assert data["decision"] == ("hit" if result.hit.mid > result.stay_score else "stay")


def test_the_decision_is_by_midpoints_and_too_close_when_the_intervals_overlap() -> None:
    situation = Situation.from_text(POKER, "K 9", others_active=0)
    coarse = answer(situation, cpu_seconds=0.2)
    assert coarse.too_close == (coarse.hit is not None and coarse.stay_score in coarse.hit)
    assert coarse.decision is (Decision.HIT if coarse.hit.mid > coarse.stay_score else Decision.STAY)  # type: ignore[union-attr]
    assert coarse.ev_loss(coarse.decision).lo == 0.0


def test_a_shorter_step_takes_the_time_a_full_one_would_overrun() -> None:
    """Rounds that took 1 s then 2 s (growth 2): a full step (eps / 4) is predicted at 4 s, eps / 2 at 2 * 2^(1/2)
    = 2.83 s, eps / sqrt(2) at 2 * 2^(1/4) = 2.38 s; each is taken when it fits the time left, the largest first,
    and none when even the shortest would overrun."""
    rounds = [0.0, 1.0, 3.0]
    full = [REFINE, REFINE]
    assert _next_round(rounds) == _next_round(rounds, full) == 4.0
    assert _next_step(rounds, full, 7.0) == REFINE
    assert _next_step(rounds, full, 6.9) == 2.0
    assert _next_step(rounds, full, 5.5) == math.sqrt(2.0)
    assert _next_step(rounds, full, 5.3) is None


def test_the_time_left_when_no_round_is_predicted_to_fit_is_spent_unless_a_call_width_is_asked(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Where no round after the first is predicted to fit (`_next_step` None), a search given CPU time to narrow
    spends it all the same on short rounds, the last cut by the deadline (module docstring, "Stopping"): more states
    expanded and narrower bounds, still holding the exact values; the live page's search (``call_width``) and a search
    on the work clock stop."""
    monkeypatch.setattr(bounded, "_next_step", lambda rounds, steps, deadline: None)
    situation = VengeanceSituation.from_text(VENGEANCE, "12 5", others=("10 9",),
                                             pile="12 11 10 5 3 u7 l13 13 -4 jom flip4 steal")
    exact = analyze_vengeance(situation, 10**6)
    spent, called = (solve_bounded(model_of(situation), 0.2, call_width=width) for width in (0.0, 1e-9))
    counted = solve_bounded(model_of(situation), 0.2, by_work=True)
    for stopped in (called, counted):
        assert stopped.expansions * 10 < spent.expansions
        assert spent.hit is not None and stopped.hit is not None and spent.hit.width < stopped.hit.width
    for result in (spent, called, counted):
        assert not result.exact and inside(exact.hit_score, result.hit)
        assert inside(exact.optimal_score, result.optimal)
        check_identities(result)


def _wide_rounds(monkeypatch: pytest.MonkeyPatch, expands: bool) -> None:
    """Make every round of a search take some CPU and give the same wide bounds, never meeting the deadline inside (as
    rounds that find no state worth expanding do); ``expands``: each still counts an expansion."""
    def wide_round(self: bounded._Search[object], root: object, budget: float) -> tuple[float, ...]:
        start = time.process_time()
        while time.process_time() - start < 0.002:
            pass
        self.expansions += int(expands)
        return (10.0, 15.0, 0.0, 1.0, 0.0, 1.0, budget)

    monkeypatch.setattr(bounded._Search, "hit", wide_round)


def _solved_before_the_timer(by_work: bool) -> bounded.BoundedResult:
    """`solve_bounded` on a small With a Vengeance pile within 0.05 s, failed by a CPU timer after 5 s (a search that runs
    on fails the test instead of hanging it)."""
    def ran_on(signum: int, frame: object) -> None:
        raise AssertionError("the search ran on")

    situation = VengeanceSituation.from_text(VENGEANCE, "12 5", others=("10 9",),
                                             pile="12 11 10 5 3 u7 l13 13 -4 jom flip4 steal")
    previous = signal.signal(signal.SIGPROF, ran_on)
    signal.setitimer(signal.ITIMER_PROF, 5.0)
    try:
        return solve_bounded(model_of(situation), 0.05, by_work=by_work)
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0.0)
        signal.signal(signal.SIGPROF, previous)


def test_rounds_that_narrow_nothing_end_at_the_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where rounds stop narrowing, the time left is spent on them only until the deadline: no round starts after it. A
    ceiling cut below a floor (`benchmarks/study_ladder_top.py`'s uncertified caps) made rounds find nothing to expand,
    and the search ran for minutes on a budget of 0.3 s."""
    _wide_rounds(monkeypatch, expands=True)
    result = _solved_before_the_timer(by_work=False)
    assert result.hit is not None and not result.exact and result.hit.lo <= 10.0 and result.hit.hi >= 15.0


def test_rounds_that_expand_nothing_end_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """On the work clock (the quiz) a round that expands nothing costs nothing, so the next is always predicted to fit:
    the search ends after `IDLE_ROUNDS` of them in a row."""
    _wide_rounds(monkeypatch, expands=False)
    result = _solved_before_the_timer(by_work=True)
    assert result.hit is not None and not result.exact and result.expansions == 0
    assert result.hit.lo <= 10.0 and result.hit.hi >= 15.0


def test_the_root_intersects_the_values_of_two_rounds_and_keeps_the_narrower_probabilities() -> None:
    """A round cut by the deadline meets new states with the root's bounds: its value narrows nothing it should not
    (intersected), and its probability bounds, wider, give way to the round before's (each holds for its own
    round's policy); a round that narrows them is taken whole."""
    before = (10.0, 14.0, 0.1, 0.2, 0.3, 0.5, 40.0)
    cut = (11.0, 15.0, 0.0, 1.0, 0.0, 1.0, 160.0)
    assert _intersected(before, cut) == (11.0, 14.0, 0.1, 0.2, 0.3, 0.5, 160.0)
    finer = (9.0, 13.0, 0.12, 0.18, 0.35, 0.45, 160.0)
    assert _intersected(before, finer) == (10.0, 13.0, 0.12, 0.18, 0.35, 0.45, 160.0)


def test_a_round_after_a_shorter_step_is_predicted_from_it_as_from_a_full_one() -> None:
    """After a round at eps / 2 that took 1.5 s (3 s as a full step's: log 4 / log 2 = 2) following a full one of 1 s,
    the growth is 3 and the next full round is predicted at 9 s; eps / 2 again at 3 * 3^(1/2) = 5.20 s."""
    rounds = [0.0, 1.0, 2.5]
    steps = [REFINE, 2.0]
    assert math.isclose(_next_round(rounds, steps), 9.0)
    assert _next_step(rounds, steps, 11.6) == REFINE
    assert _next_step(rounds, steps, 11.4) == 2.0
    assert _next_step(rounds, steps, 2.5 + 3 * 3 ** 0.25 - 0.01) is None
    assert REFINE == 4.0  # the powers above are log(step) / log(4)


def test_only_what_the_answer_reports_is_narrowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hit-once search weighs only its value's gap; the hit search weighs its probabilities too until a round
    settles the call to stay, when the probabilities reported become staying's (module docstring, "What is
    narrowed"). The bounds hold the exact values either way."""
    made: list[bounded._Search[object]] = []
    original = bounded._Search.__init__

    def recording(search: bounded._Search[object], *args: object, **kwargs: object) -> None:
        original(search, *args, **kwargs)  # type: ignore[arg-type]
        made.append(search)

    monkeypatch.setattr(bounded._Search, "__init__", recording)
    staying = VengeanceSituation.from_text(VENGEANCE, "12 11 10 9", others=("10 9",),
                                           pile="12 11 10 5 3 u7 l13 13 -4 jom flip4 steal")
    hitting = VengeanceSituation.from_text(VENGEANCE, "12 5", others=("10 9",),
                                           pile="12 11 10 5 3 u7 l13 13 -4 jom flip4 steal")
    for situation, hits in ((staying, False), (hitting, True)):
        made.clear()
        exact = analyze_vengeance(situation, 10**6)
        result = solve_bounded(model_of(situation), 0.2, by_work=True)
        assert result.hits is hits and (exact.decision is Decision.HIT) is hits
        hit_search, once_search = made
        assert once_search.once and not once_search.probabilities
        assert hit_search.probabilities is hits
        assert inside(exact.hit_score, result.hit) and inside(exact.optimal_score, result.optimal)
        assert inside(exact.hit_once_score, result.hit_once)
        check_identities(result)
    entry = (1.0, 1.5, 0.1, 0.3, 0.2, 0.3, 4.0)
    assert math.isclose(made[0].weighed(entry), 0.8) and math.isclose(made[1].weighed(entry), 0.5)
    assert made[0].widest(entry) == made[1].widest(entry) == 0.5

"""The one boundary between the pages and the library's computations: every call is cached here.

A page never calls the solver itself: it asks this module, and the answer comes from a cache shared by
every session of the server, keyed by the situation (a frozen, hashable value). Situations repeat all the
time at a table (undo, the same start of a fresh deck, thirty students on the same quiz), so most taps are
answered from memory. The cached values are immutable (frozen dataclasses), so ``st.cache_resource`` hands
out the stored object itself: no copy on a hit.

`answer_of` is the live pages' one call, for every variant: `flip7odds.answer.answer` within `LIVE_CPU_SECONDS`
(exact where the exact solver fits, certified bounds elsewhere). It is the only place the live pages reach
the solver.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import streamlit as st

from flip7odds.analysis import problem_of
from flip7odds.answer import Answer, answer
from flip7odds.endgame import WinAnalysis, analyze_win
from flip7odds.engine import Termination
from flip7odds.policies import PolicyResult, evaluate_policy, parse_policy
from flip7odds.relaxation import BlindValue, blind_policy_value
from flip7odds.rules import RuleSet, find_rules
from flip7odds.situation import Situation
from flip7odds.teaching import (
    FLIP_THREE_DRAWS,
    DecisionMap,
    ExactValue,
    Grouping,
    ProbabilityTree,
    Question,
    SituationText,
    TreeStart,
    UrnReading,
    exact_value,
    explorer_merges,
    merged_decision_map,
    optimal_decision_map,
    probability_tree,
    urn_reading,
)
from flip7odds.vengeance import VengeanceSituation
from flip7odds.vengeance.explorer import LineDecision, decisions_by_line

LIVE_CPU_SECONDS = 0.5
"""The CPU budget of one live answer (`flip7odds.answer.answer`), in seconds, every variant.

Chosen from the solvers' measured costs (BENCHMARKS.md, "The app as people use it"): a classic table
is answered exactly in 10-50 ms whatever the budget; a poker table mid-round (``12 7`` on a fresh deck,
the benchmark's tap) is answered exactly within half a second (0.35-0.55 s), and below this budget the
exact solver is passed over for the bounded one, whose answer on those tables costs more CPU and is
wider; With a Vengeance early in the deck gets certified bounds within a few points. A larger budget
would make a tap wait more than a second on a shared 2-core server; every answer is then cached for
every session. Played alone early in a poker pile the relaxed decks (`flip7odds.relaxation`) answer within it,
or just over it (`flip7odds.answer.RELAXED_STRETCH`): ``K 7`` alone on a fresh pile within 1.31 points in
0.32 s, ``K`` alone within 2.6 in 0.59 s (measured 2026-12-02, load average about 2.5; before, poker needed a
budget of its own, 1.0 s, for the relaxed decks to fit).
"""

LIVE_CALL_WIDTH = 1.0
"""Where an answer is bounded, the live page stops refining once the call is settled (staying lies outside the
certified interval of hitting, or you may not stay) and that interval is at most this wide: the bar then reads
"within ±0.5 points" or better, and the rest of the budget would narrow a number whose call is already known.
Measured on 30 With a Vengeance situations from simulated games (BENCHMARKS.md, stop 33): the median CPU of an
answer 0.31 -> 0.24 s, the median width of hitting's interval 0.75 -> 0.87 points, every call the same as a 3 s
answer's."""

_BY_REPR: dict[str | type[Any], Callable[[Any], Any]] = {Situation: repr, VengeanceSituation: repr}
"""How the caches key a situation: its repr names every card count (cheaper than Streamlit's generic hash)."""


@st.cache_resource(show_spinner=False, max_entries=5000, hash_funcs=_BY_REPR)
def answer_of(situation: Situation | VengeanceSituation) -> Answer:
    """The odds and best play of a live situation, any variant, cached for every session.

    `flip7odds.answer.answer` within `LIVE_CPU_SECONDS`: exact where the exact solver fits, certified
    bounds (``Answer.error_bound``, ``Answer.too_close``) elsewhere, refined until the call is settled within
    `LIVE_CALL_WIDTH`; never an error for a large table.
    """
    return answer(situation, LIVE_CPU_SECONDS, call_width=LIVE_CALL_WIDTH)


@st.cache_resource(show_spinner=False, max_entries=200, hash_funcs=_BY_REPR)
def win_of(situation: Situation, totals: tuple[int, ...], me: int) -> WinAnalysis:
    """`flip7odds.endgame.analyze_win`: stay or hit to win the game, with these game totals."""
    return analyze_win(situation, totals, me)


@st.cache_resource(show_spinner=False, max_entries=100)
def vengeance_lines(rules: RuleSet, pile: str, others: tuple[str, ...], lines: tuple[str, ...], busted: int
                    ) -> tuple[LineDecision, ...]:
    """`flip7odds.vengeance.explorer.decisions_by_line`: the Vengeance explorer's lines, each solved."""
    return decisions_by_line(rules, pile, others, lines, busted)


@st.cache_resource(show_spinner=False, max_entries=500)
def exact(text: SituationText, question: Question, policy: str) -> ExactValue:
    """`flip7odds.teaching.exact_value`: a teaching question answered exactly."""
    return exact_value(text.situation(), question, parse_policy(policy))


@st.cache_resource(show_spinner=False, max_entries=4000)
def policy_result(text: SituationText, policy: str) -> PolicyResult:
    """`flip7odds.policies.evaluate_policy`: one stopping rule, evaluated exactly."""
    return evaluate_policy(text.situation(), parse_policy(policy))


@st.cache_resource(show_spinner=False, max_entries=200)
def decision_map(text: SituationText) -> DecisionMap:
    """`flip7odds.teaching.optimal_decision_map`: the optimal decision at every line of numbers (one solve)."""
    return optimal_decision_map(text.situation())


STRATEGY_CPU_SECONDS = 3.0
"""The CPU budget of the strategy explorer's optimum where the real deck is too large (`explorer_answer`): certified
bounds from relaxed decks (alone on a fresh poker pile the coarsest relaxation needs about 3 s), once per pile
for every session."""


@st.cache_resource(show_spinner=False, max_entries=200)
def explorer_merges_of(text: SituationText) -> bool:
    """`flip7odds.teaching.explorer_merges`: whether the strategy explorer uses merged decks on this pile."""
    return explorer_merges(text.situation())


@st.cache_resource(show_spinner=False, max_entries=4000)
def blind_value(text: SituationText, policy: str) -> BlindValue:
    """`flip7odds.relaxation.blind_policy_value`: a penalty-blind rule, exactly, on the mean-merged deck."""
    return blind_policy_value(problem_of(text.situation()), parse_policy(policy))


@st.cache_resource(show_spinner=False, max_entries=200)
def merged_map(text: SituationText) -> DecisionMap:
    """`flip7odds.teaching.merged_decision_map`: the lower merged deck's decision at every line of numbers."""
    return merged_decision_map(text.situation())


@st.cache_resource(show_spinner=False, max_entries=200)
def explorer_answer(text: SituationText) -> Answer:
    """`flip7odds.answer.answer` within `STRATEGY_CPU_SECONDS`: the explorer's optimum, exact or certified bounds."""
    return answer(text.situation(), STRATEGY_CPU_SECONDS)


@st.cache_resource(show_spinner=False, max_entries=200)
def tree(text: SituationText, draws: int, start: TreeStart, grouping: Grouping) -> ProbabilityTree:
    """The exact tree of the next draws: `flip7odds.teaching.probability_tree`, or under With a Vengeance
    `flip7odds.vengeance.trees.vengeance_tree`."""
    rules = find_rules(text.rules, experimental=True)
    if rules.vengeance:
        from flip7odds.vengeance.trees import vengeance_tree  # the classic pages need no Vengeance engine

        return vengeance_tree(text.vengeance_situation(rules), draws, start, grouping)
    return probability_tree(text.situation(), draws, start, grouping)


@st.cache_resource(show_spinner=False, max_entries=200)
def reading(text: SituationText, draws: int) -> UrnReading:
    """`flip7odds.teaching.urn_reading`: the urn of the situation."""
    return urn_reading(text.situation(), draws)


@st.cache_resource(show_spinner=False, max_entries=200)
def flip_three_bust(text: SituationText) -> Fraction:
    """P(bust during a Flip Three on you now), exactly, from the tree of its three cards."""
    return probability_tree(text.situation(), FLIP_THREE_DRAWS, TreeStart.FLIP_THREE).probability_of(Termination.BUST)

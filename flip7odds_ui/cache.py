"""The one boundary between the pages and the library's computations: every call is cached here.

A page never calls the solver itself: it asks this module, and the answer comes from a cache shared by
every session of the server, keyed by the situation (a frozen, hashable value). Situations repeat all the
time at a table (undo, the same start of a fresh deck, thirty students on the same quiz), so most taps are
answered from memory. The cached values are immutable (frozen dataclasses), so ``st.cache_resource`` hands
out the stored object itself: no copy on a hit.

`analysis_of` is the live pages' one call, for every variant: to answer through another library entry point,
change the body of `_analysis` (the only place the live pages reach the solver).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any, overload

import streamlit as st

from flip7odds.analysis import Analysis, analyze
from flip7odds.endgame import WinAnalysis, analyze_win
from flip7odds.engine import Termination
from flip7odds.policies import PolicyResult, evaluate_policy, parse_policy
from flip7odds.rules import RuleSet
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
    optimal_decision_map,
    probability_tree,
    urn_reading,
)
from flip7odds.vengeance import VengeanceAnalysis, VengeanceSituation
from flip7odds.vengeance.analysis import quick_analysis
from flip7odds.vengeance.explorer import LineDecision, decisions_by_line

LIVE_SECONDS = 1.0
"""A With a Vengeance table is solved only when the solver's size estimate (`flip7odds.vengeance.can_solve_within`,
a tenth of a millisecond) puts it within this many CPU seconds; otherwise the page shows the next-card odds only.
The estimate can be low by up to ten times, so a solve is still stopped at the solver's state limit
(about 2.5 s of CPU, BENCHMARKS.md)."""

_BY_REPR: dict[str | type[Any], Callable[[Any], Any]] = {Situation: repr, VengeanceSituation: repr}
"""How the caches key a situation: its repr names every card count (cheaper than Streamlit's generic hash)."""


@st.cache_resource(show_spinner=False, max_entries=5000, hash_funcs=_BY_REPR)
def _analysis(situation: Situation | VengeanceSituation) -> Analysis | VengeanceAnalysis | None:
    if isinstance(situation, VengeanceSituation):
        return quick_analysis(situation, LIVE_SECONDS)
    return analyze(situation)


@overload
def analysis_of(situation: Situation) -> Analysis: ...


@overload
def analysis_of(situation: VengeanceSituation) -> VengeanceAnalysis | None: ...


def analysis_of(situation: Situation | VengeanceSituation) -> Analysis | VengeanceAnalysis | None:
    """The exact odds and best play of a live situation, any variant (cached for every session).

    Classic and poker: `flip7odds.analysis.analyze` (raises `flip7odds.errors.Flip7Error` for a table too large
    to solve here: not cached, the size check is quick). With a Vengeance:
    `flip7odds.vengeance.analysis.quick_analysis` within `LIVE_SECONDS`, None when the table is too large.
    """
    return _analysis(situation)


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


@st.cache_resource(show_spinner=False, max_entries=200)
def tree(text: SituationText, draws: int, start: TreeStart, grouping: Grouping) -> ProbabilityTree:
    """`flip7odds.teaching.probability_tree`: the exact tree of the next draws."""
    return probability_tree(text.situation(), draws, start, grouping)


@st.cache_resource(show_spinner=False, max_entries=200)
def reading(text: SituationText, draws: int) -> UrnReading:
    """`flip7odds.teaching.urn_reading`: the urn of the situation."""
    return urn_reading(text.situation(), draws)


@st.cache_resource(show_spinner=False, max_entries=200)
def flip_three_bust(text: SituationText) -> Fraction:
    """P(bust during a Flip Three on you now), exactly, from the tree of its three cards."""
    return probability_tree(text.situation(), FLIP_THREE_DRAWS, TreeStart.FLIP_THREE).probability_of(Termination.BUST)

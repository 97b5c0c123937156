"""Endgame quiz situations: hit or stay to *win the game*, graded by the win probability an answer loses.

Situations come from simulated two-player games (full rules, `flip7odds.simulator`) between simple
threshold players, taken once a total has reached `ENDGAME_FROM` (150). Each carries both game totals
(with the points already banked this round, `flip7odds.win_player.banked_totals`) and is graded with
`flip7odds.endgame.analyze_win` (exact for two players, docs/winprob.md); the round-EV decision is
kept beside it, so the feedback can say where the two advisers differ.

Grades (`flip7odds.quiz.Grade`) by the win probability lost, in percentage points
(`WIN_GRADE_LIMITS`): Best (the win-optimal action), Fine (< 0.5), Inaccuracy (< 2), Mistake (< 5),
Blunder (5 or more).

Examples
--------
>>> question = generate_endgame(1, seed=4)[0]
>>> max(question.totals) >= ENDGAME_FROM, len(question.situation.line.numbers) >= 2
(True, True)
>>> grade_win_answer(question, question.win.decision).grade.value
'Best'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from flip7odds.analysis import TOLERANCE, Decision, problem_of
from flip7odds.endgame import WinAnalysis, analyze_win
from flip7odds.quiz import PER_GAME, Grade, grade_of
from flip7odds.rules import CLASSIC, RuleSet
from flip7odds.simulator import BustThreshold, Policy, SumThreshold, TableView, play_game
from flip7odds.situation import Situation
from flip7odds.solver import solve
from flip7odds.utility import TooLargeError
from flip7odds.win_player import banked_totals

ENDGAME_FROM = 150
"""A decision is an endgame situation once some game total has reached this."""
ALONE_MAX_PILE = 45
"""A lone player is quizzed only on piles this small (alone, the exact utility solve of a fuller pile takes minutes)."""
MAX_STATES = 100_000
"""Rounds needing more states in the exact utility solve are skipped (they would keep a player waiting)."""
WIN_GRADE_LIMITS: tuple[tuple[Grade, float], ...] = (
    (Grade.FINE, 0.5),
    (Grade.INACCURACY, 2.0),
    (Grade.MISTAKE, 5.0),
)
"""A non-optimal answer losing fewer percentage points of winning chance than the limit gets that grade."""


@dataclass(frozen=True)
class EndgameQuestion:
    """A two-player endgame decision: the situation, both totals, whose seat, and both advisers' answers."""

    situation: Situation
    totals: tuple[int, ...]
    you: int
    round_number: int
    win: WinAnalysis
    round_ev_decision: Decision

    def win_probability(self, action: Decision) -> float:
        """P(win the game) after ``action`` (then playing to win)."""
        value = self.win.hit_win if action is Decision.HIT else self.win.stay_win
        assert value is not None, "quiz situations allow both actions"
        return value

    def win_loss(self, action: Decision) -> float:
        """The win probability ``action`` loses against the better action (0 for the better one)."""
        return max(0.0, self.win_probability(self.win.decision) - self.win_probability(action))


@dataclass(frozen=True)
class WinFeedback:
    """The grading of one endgame answer."""

    action: Decision
    win_loss: float
    grade: Grade


def grade_of_win_loss(win_loss: float) -> Grade:
    """The grade of an answer losing ``win_loss`` (a probability; limits in percentage points).

    >>> [grade_of_win_loss(x).value for x in (0.0, 0.003, 0.01, 0.03, 0.2)]
    ['Best', 'Fine', 'Inaccuracy', 'Mistake', 'Blunder']
    """
    return grade_of(win_loss, WIN_GRADE_LIMITS, unit=100)


def grade_win_answer(question: EndgameQuestion, action: Decision) -> WinFeedback:
    """Grade ``action`` by the win probability it loses."""
    loss = question.win_loss(action)
    return WinFeedback(action, loss, grade_of_win_loss(loss))


def _players(rng: np.random.Generator) -> tuple[Policy, Policy]:
    """Two simple players with varied thresholds, so that totals, lines and piles vary."""
    def one() -> Policy:
        if rng.random() < 0.6:
            return SumThreshold(int(rng.integers(16, 31)))
        return BustThreshold(Fraction(int(rng.integers(18, 38)), 100))
    return one(), one()


def _is_candidate(view: TableView) -> bool:
    if max(view.totals) < ENDGAME_FROM or len(view.line.numbers) < 2 or view.pile_size == 0:
        return False
    return view.others_active > 0 or view.pile_size <= ALONE_MAX_PILE


def _questions_of_one_game(rng: np.random.Generator, rules: RuleSet) -> list[EndgameQuestion]:
    views: list[TableView] = []

    def keep(view: TableView) -> None:
        if _is_candidate(view):
            views.append(view)

    play_game(rules, _players(rng), rng, check=False, observer=keep)
    questions: list[EndgameQuestion] = []
    for index in rng.permutation(len(views)):
        view = views[int(index)]
        totals = banked_totals(view)
        try:
            win = analyze_win(view.situation, totals, view.seat, max_states=MAX_STATES)
        except TooLargeError:
            continue
        if win.stay_win is None or win.hit_win is None:
            continue
        hits = solve(problem_of(view.situation), TOLERANCE, distribution=False).hits_now
        round_ev = Decision.HIT if hits else Decision.STAY
        questions.append(EndgameQuestion(view.situation, totals, view.seat, view.round_number, win, round_ev))
        if len(questions) == PER_GAME:
            break
    return questions


def generate_endgame(count: int, seed: int, rules: RuleSet = CLASSIC) -> list[EndgameQuestion]:
    """``count`` endgame questions; the same seed gives the same questions."""
    rng = np.random.default_rng(seed)
    questions: list[EndgameQuestion] = []
    while len(questions) < count:
        questions.extend(_questions_of_one_game(rng, rules))
    return questions[:count]


__all__ = ["ENDGAME_FROM", "WIN_GRADE_LIMITS", "EndgameQuestion", "WinFeedback", "generate_endgame",
           "grade_of_win_loss", "grade_win_answer"]

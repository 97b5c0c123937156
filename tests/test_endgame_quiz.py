"""Endgame quiz situations: reproducible, graded by the win probability lost, both advisers recomputed independently."""

import pytest

from flip7odds.analysis import Decision, analyze
from flip7odds.endgame import analyze_win
from flip7odds.endgame_quiz import (
    ENDGAME_FROM,
    EndgameQuestion,
    generate_endgame,
    grade_of_win_loss,
    grade_win_answer,
)
from flip7odds.quiz import Grade


@pytest.fixture(scope="module")
def questions() -> list[EndgameQuestion]:
    return generate_endgame(4, seed=9)


def test_the_same_seed_gives_the_same_questions(questions: list[EndgameQuestion]) -> None:
    again = generate_endgame(4, seed=9)
    assert [(q.totals, q.you, repr(q.situation)) for q in again] == \
        [(q.totals, q.you, repr(q.situation)) for q in questions]


def test_questions_are_endgame_decisions_with_both_advisers(questions: list[EndgameQuestion]) -> None:
    for question in questions:
        assert len(question.totals) == 2 and max(question.totals) >= ENDGAME_FROM
        assert question.round_ev_decision is analyze(question.situation).decision
        win = analyze_win(question.situation, question.totals, question.you)
        assert (win.stay_win, win.hit_win, win.decision) == \
            (question.win.stay_win, question.win.hit_win, question.win.decision)


def test_answers_are_graded_by_the_win_probability_lost(questions: list[EndgameQuestion]) -> None:
    for question in questions:
        best = grade_win_answer(question, question.win.decision)
        assert best.win_loss == 0.0 and best.grade is Grade.BEST
        other = Decision.STAY if question.win.decision is Decision.HIT else Decision.HIT
        worse = grade_win_answer(question, other)
        assert worse.win_loss == pytest.approx(question.win.margin, abs=1e-15)
        assert worse.grade is grade_of_win_loss(question.win.margin)

"""What the progress tests share: quiz questions to answer, and an answer to one of them, right or wrong."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from flip7odds.analysis import Decision
from flip7odds.progress import Answer
from flip7odds.quiz import Question, Tier, generate, grade_answer


def progress_questions() -> list[Question]:
    """Four fresh-pile and four modifier situations (seeded): the progress tests' questions."""
    return generate(Tier.FRESH, 4, seed=3) + generate(Tier.MODIFIERS, 4, seed=3)


def answer_of(question: Question, right: bool, minute: int = 0) -> Answer:
    """The best action (``right``) or the other one, answered ``minute`` minutes into 2026 with a 25% guess."""
    best = question.exact.decision
    action = best if right else (Decision.STAY if best is Decision.HIT else Decision.HIT)
    when = datetime(2026, 1, 1, tzinfo=UTC) + timedelta(minutes=minute)
    return Answer.of(question, grade_answer(question.exact, action), predicted_bust=0.25, when=when)

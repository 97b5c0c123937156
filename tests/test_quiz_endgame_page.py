"""The quiz page's endgame section (AppTest): a two-player situation with totals, graded by the win probability lost."""

from pathlib import Path

from streamlit.testing.v1 import AppTest

from flip7odds.analysis import Decision
from flip7odds.endgame_quiz import generate_endgame, grade_win_answer

APP = Path(__file__).resolve().parents[1] / "app.py"


def test_an_endgame_answer_is_graded_by_the_winning_chance_lost(database: Path) -> None:
    question = generate_endgame(1, seed=4)[0]
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.switch_page("pages/quiz.py").run()
    at.session_state["endgame_question"] = question
    at.toggle(key="endgame_on").set_value(True).run()
    assert not at.exception, [e.value for e in at.exception]
    wrong = Decision.STAY if question.win.decision is Decision.HIT else Decision.HIT
    at.button(key=f"endgame_{wrong.value}").click().run()
    assert not at.exception, [e.value for e in at.exception]
    expected = grade_win_answer(question, wrong)
    shown = " ".join([m.value for m in at.markdown] + [w.value for w in at.warning] + [s.value for s in at.success])
    assert f"Grade: {expected.grade.value}" in shown or expected.grade.value in shown
    assert "win-probability says" in shown
    lost = [metric for metric in at.metric if metric.label == "Winning chance lost"]
    assert lost and lost[0].value == f"{100 * expected.win_loss:.1f} points"

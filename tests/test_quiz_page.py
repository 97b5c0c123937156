"""The quiz page headless (AppTest): a full session, a restart that finds the saved progress, a corrupt file."""

from fractions import Fraction
from pathlib import Path

import numpy as np
from streamlit.testing.v1 import AppTest

from flip7odds.analysis import Decision
from flip7odds.i18n import translator
from flip7odds.markup import unescape_markdown
from flip7odds.quiz import Exact, QuizGenerator, Tier
from flip7odds_ui.quiz import hit_value

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "app.py"
PAGE = "pages/quiz.py"


def open_quiz(seed: int = 1, **params: str) -> AppTest:
    """A new session on the quiz page (at a link with ``params``), its situations drawn from a seeded generator
    (reproducible tests)."""
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params.update(params)
    at.run()
    at.session_state["quiz_generators"] = {("classic", tier): QuizGenerator(tier, np.random.default_rng(seed))
                                         for tier in Tier}
    at.switch_page(PAGE).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def texts(at: AppTest) -> str:
    """What the page says, as a reader sees it (Markdown escapes removed)."""
    return unescape_markdown("\n".join([m.value for m in at.markdown] + [c.value for c in at.caption]
                                       + [w.value for w in at.warning] + [s.value for s in at.success]
                                       + [i.value for i in at.info]))


def answer(at: AppTest, key: str) -> None:
    at.button(key=key).click().run()
    assert not at.exception, [e.value for e in at.exception]


def test_a_full_session_then_a_restart_finds_the_saved_progress(database: Path) -> None:
    at = open_quiz()
    assert at.title[0].value == "Hit or stay?"
    answer(at, "quiz_hit")
    shown = texts(at)
    assert "You chose **HIT**" in shown and "Grade: **" in shown and "Why: " in shown
    assert "cards left would" in shown
    labels = [m.label for m in at.metric]
    assert "Stay" in labels and "Hit (then play on optimally)" in labels and "EV lost" in labels
    answer(at, "quiz_next")
    assert "You chose" not in texts(at)
    answer(at, "quiz_stay")
    assert "You chose **STAY**" in texts(at)
    assert database.exists()

    key = at.query_params["profile"]  # the page's address is the player's private way back
    assert key == at.session_state["quiz_progress"].profile.key
    restarted = open_quiz(profile=key)  # a new session at that address: the progress comes from the file
    assert "Progress saved on this server, in your profile" in texts(restarted)
    assert str(database) not in texts(restarted) and database.name not in texts(restarted)  # no server path
    assert restarted.query_params["profile"] == key
    lost = next(m for m in restarted.metric if m.label == "Points lost")
    assert float(lost.value) >= 0
    assert not restarted.get("plotly_chart")  # the charts are built only when asked for
    restarted.toggle(key="quiz_progress_details").set_value(True).run()
    assert len(restarted.get("plotly_chart")) == 3


def test_predict_first_shows_how_far_off_the_estimate_was(database: Path) -> None:
    at = open_quiz()
    at.toggle(key="quiz_predict").set_value(True).run()
    at.slider(key="quiz_guess").set_value(40).run()
    answer(at, "quiz_stay")
    assert "You estimated 40%" in texts(at)


def test_a_corrupt_database_is_moved_aside_and_the_quiz_works(database: Path) -> None:
    database.write_bytes(b"definitely not sqlite" * 50)
    at = open_quiz()
    warnings = [unescape_markdown(w.value) for w in at.warning]
    assert len(warnings) == 1, warnings  # said once
    # In plain words, without the server's paths (they go to the server's log, for whoever runs it).
    assert "set aside (nothing deleted)" in warnings[0] and ".corrupt-" not in warnings[0]
    assert str(database.parent) not in warnings[0]
    assert any(p.name.startswith("progress.sqlite3.corrupt-") for p in database.parent.iterdir())
    answer(at, "quiz_hit")
    assert "You chose **HIT**" in texts(at)


def test_a_wrong_answer_goes_to_the_replay_queue_and_comes_back(database: Path) -> None:
    at = open_quiz()
    for _ in range(5):
        question = at.session_state["quiz_question"]
        wrong = "quiz_stay" if question.exact.decision.value == "hit" else "quiz_hit"
        answer(at, wrong)
        if "quiz_replay" in [button.key for button in at.button]:
            break
        answer(at, "quiz_next")  # a wrong answer within 0.5 points is only "Fine": try another situation
    assert "quiz_replay" in [button.key for button in at.button]
    assert "to replay" in texts(at) and "situation" in texts(at)
    answer(at, "quiz_replay")
    assert "Replaying a situation you answered badly." in texts(at)
    assert at.session_state["quiz_question"].situation == question.situation


def test_choosing_a_tier_deals_a_situation_of_that_tier(database: Path) -> None:
    at = open_quiz()
    at.button_group(key="quiz_tier").set_value(Tier.MODIFIERS).run()
    assert not at.exception, [e.value for e in at.exception]
    question = at.session_state["quiz_question"]
    assert question.situation.tier is Tier.MODIFIERS
    line = question.situation.line
    assert line.modifiers or line.second_chance or question.situation.others_active == 0


def test_the_hit_value_never_hides_its_bound() -> None:
    """A bounded hit value is written ``mid ± h`` as on the live page: the written range holds the whole certified
    interval (``h`` rounded outward from the midpoint written), ``h`` is never ``0.00`` and at most one unit of its
    last decimal above half the width."""
    english = translator("en")
    for width in (0.0006, 0.0041, 0.04, 0.5, 0.123456):
        shown = hit_value(english, Exact(20, 23.456, Decision.HIT, 3, 40, Fraction(3, 40), False, width))
        value, bound = shown.split(" ± ")
        places = len(bound.split(".")[1])
        assert len(value.split(".")[1]) == places >= 2  # the value written to the decimals of its bound
        mid, half = float(value), float(bound)
        assert mid - half <= 23.456 - width / 2 + 1e-12 and mid + half >= 23.456 + width / 2 - 1e-12
        assert 0 < half <= width / 2 + 10.0**-places + 1e-12
    assert hit_value(english, Exact(20, 23.456, Decision.HIT, 3, 40, Fraction(3, 40), True, 0.0)) == "23.46"
    # 23.46 ± 0.00030 would claim 23.4597 to 23.4603, missing the interval 23.4557 to 23.4563.
    assert hit_value(translator("es"), Exact(20, 23.456, Decision.HIT, 3, 40, Fraction(3, 40), False, 0.0006)) == \
        "23,45600 ± 0,00030"

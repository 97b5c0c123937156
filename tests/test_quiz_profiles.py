"""The quiz page's progress is private per player and never lost (AppTest): profiles that do not see each
other and a private link back, a locked store that keeps the answers and says so, replays within their
level, names that are never markup."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from flip7odds.markup import unescape_markdown
from flip7odds.progress import open_store
from flip7odds.quiz import QuizGenerator, Tier

APP = Path(__file__).resolve().parents[1] / "app.py"


def open_quiz(seed: int = 1, **params: str) -> AppTest:
    """A new session (a new browser) on the quiz page at a link with ``params``, seeded situations."""
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params.update(params)
    at.run()
    at.session_state["quiz_generators"] = {("classic", tier): QuizGenerator(tier, np.random.default_rng(seed))
                                           for tier in Tier}
    at.switch_page("pages/quiz.py").run()
    assert_clean(at)
    return at


def open_profile_section(at: AppTest) -> AppTest:
    """Open the profile expander (its link and widgets are drawn only while it is open)."""
    assert not at.code and not [widget for widget in at.text_input if widget.key == "quiz_profile_name"]
    at.session_state["quiz_profile_open_section"] = True
    at.run()
    assert_clean(at)
    return at


def assert_clean(at: AppTest) -> None:
    assert not at.exception, [exception.value for exception in at.exception]


def click(at: AppTest, key: str) -> None:
    at.button(key=key).click().run()
    assert_clean(at)


def answer_wrongly(at: AppTest) -> None:
    best = at.session_state["quiz_question"].exact.decision.value
    click(at, "quiz_stay" if best == "hit" else "quiz_hit")


def texts(at: AppTest) -> str:
    return unescape_markdown("\n".join(element.value for element in [*at.markdown, *at.caption, *at.warning,
                                                                      *at.info, *at.success]))


def saved_answers(database: Path, at: AppTest) -> int:
    return len(open_store(database).store.answers(at.session_state["quiz_progress"].profile.key))


def test_two_players_do_not_see_each_other_and_a_private_link_brings_one_back(database: Path) -> None:
    ana = open_quiz()
    answer_wrongly(ana)
    click(ana, "quiz_next")
    answer_wrongly(ana)
    ana_key = ana.query_params["profile"]
    assert saved_answers(database, ana) == 2

    ben = open_quiz(seed=2)  # another browser on the same server
    assert ben.query_params["profile"] != ana_key
    assert "Answer a few situations to see your progress here." in texts(ben)
    assert not [m for m in ben.metric if m.label == "Points lost"]
    click(ben, "quiz_hit")
    assert saved_answers(database, ben) == 1 and saved_answers(database, ana) == 2

    back = open_profile_section(open_quiz(seed=3, profile=ana_key))  # Ana on another visit, from her private link
    assert back.query_params["profile"] == ana_key
    assert ana_key in next(code.value for code in back.code)  # the link to keep is shown, to copy
    lost = next(m for m in back.metric if m.label == "Points lost")
    ana_lost = sum(a.ev_loss for a in open_store(database).store.answers(ana_key))
    assert float(lost.value) == pytest.approx(ana_lost, abs=0.01)


def test_an_unknown_or_malformed_profile_key_starts_a_new_profile_and_says_so(database: Path) -> None:
    unknown = open_quiz(profile="A" * 22)
    assert "No profile has the key of this link here: a new profile was started." in texts(unknown)
    assert unknown.query_params["profile"] != "A" * 22
    malformed = open_quiz(profile="[x](http://e.example)")
    warnings = [w.value for w in malformed.warning]
    assert any("profile" in w and "\\[x\\]\\(http" in w for w in warnings), warnings


def test_a_new_profile_with_a_name_that_is_not_markup(database: Path) -> None:
    at = open_quiz()
    click(at, "quiz_hit")
    first_key = at.query_params["profile"]
    open_profile_section(at)
    at.text_input(key="quiz_profile_name").input("[Bob](http://e.example) *x*").run()
    click(at, "quiz_profile_new")
    assert at.query_params["profile"] != first_key
    playing = next(m.value for m in at.markdown if m.value.startswith("Playing as"))
    assert not re.search(r"(?<!\\)\]\(http", playing)
    assert unescape_markdown(playing).startswith("Playing as **[Bob](http://e.example) *x***")
    assert "Answer a few situations to see your progress here." in texts(at)
    at.text_input(key="quiz_profile_key").input(f"http://host/quiz?profile={first_key}").run()
    click(at, "quiz_profile_open")  # a whole private link pasted opens its profile
    assert at.query_params["profile"] == first_key
    assert [m for m in at.metric if m.label == "Points lost"]


def test_a_locked_store_keeps_the_answers_says_so_and_saves_them_when_free(database: Path) -> None:
    at = open_quiz()
    click(at, "quiz_hit")
    click(at, "quiz_next")
    holder = sqlite3.connect(database)
    holder.execute("BEGIN EXCLUSIVE")  # another program holds the file
    try:
        click(at, "quiz_stay")
        shown = texts(at)
        assert "Progress is not being saved right now" in shown and "1 answer is kept in this browser session" in shown
        assert "Progress saved" not in shown and str(database) not in shown  # plain words, no server path
        click(at, "quiz_next")
        assert "1 answer is kept in this browser session" in texts(at)  # still said on the next run
    finally:
        holder.rollback()
        holder.close()
    click(at, "quiz_hit")
    shown = texts(at)
    assert "Progress saved on this server" in shown and "not being saved" not in shown and str(database) not in shown
    assert saved_answers(database, at) == 3


def test_a_mistake_replays_only_at_its_own_level(database: Path) -> None:
    at = open_quiz()
    for _ in range(6):
        answer_wrongly(at)
        if "quiz_replay" in [button.key for button in at.button]:
            break
        click(at, "quiz_next")
    assert "quiz_replay" in [button.key for button in at.button]
    at.button_group(key="quiz_tier").set_value(Tier.MODIFIERS).run()
    assert_clean(at)
    assert "quiz_replay" not in [button.key for button in at.button]
    assert "No mistakes to replay at this level." in texts(at)
    at.button_group(key="quiz_tier").set_value(Tier.FRESH).run()
    click(at, "quiz_replay")
    assert at.session_state["quiz_question"].situation.tier is Tier.FRESH
    assert at.session_state["quiz_tier"] is Tier.FRESH

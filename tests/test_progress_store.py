"""The progress store on both backends (SQLite, and PostgreSQL when FLIP7ODDS_TEST_POSTGRES names a server):
profiles kept apart, nothing lost (pending queue, retries, several processes at once), foreign and damaged
databases, bad rows, migration of single-player files, replays within their variant and level."""

from __future__ import annotations

import json
import multiprocessing
import os
import sqlite3
import stat
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

from flip7odds.analysis import Decision
from flip7odds.progress import (
    DEFAULT_PROFILE_KEY,
    Answer,
    PlayerProgress,
    ProgressError,
    ProgressStore,
    mistakes_queue,
    open_progress,
    open_store,
    summarize,
)
from flip7odds.quiz import Question, QuizGenerator, Tier, generate, grade_answer
from flip7odds.rules import POKER
from tests.progress_answers import answer_of, progress_questions

POSTGRES = os.environ.get("FLIP7ODDS_TEST_POSTGRES")


def _postgres_location() -> str:
    if not POSTGRES:
        if os.environ.get("CI") == "true":
            pytest.fail("CI must run the store's tests on PostgreSQL: source scripts/postgres_for_tests.sh")
        pytest.skip("no PostgreSQL (set FLIP7ODDS_TEST_POSTGRES, e.g. by sourcing scripts/postgres_for_tests.sh)")
    import psycopg

    with psycopg.connect(POSTGRES, autocommit=True) as connection:
        connection.execute("DROP SCHEMA IF EXISTS flip7odds CASCADE")
    return POSTGRES


@pytest.fixture(params=["sqlite", "postgres"])
def location(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty store location on each backend."""
    if request.param == "sqlite":
        return str(tmp_path / "progress.sqlite3")
    return _postgres_location()


@pytest.fixture(scope="module")
def questions() -> list[Question]:
    return progress_questions()


def test_profiles_keep_each_players_history_statistics_and_replays_apart(location: str,
                                                                          questions: list[Question]) -> None:
    ana, ben = open_progress(name="Ana", location=location), open_progress(name="Ben", location=location)
    assert ana.profile.key != ben.profile.key and ana.status.saving
    for minute, question in enumerate(questions):
        ana.record(question, answer_of(question, right=False, minute=minute))
    ben.record(questions[0], answer_of(questions[0], right=True))
    assert len(ana.history().answers) == len(questions)
    assert [a.correct for a in ben.history().answers] == [True]
    assert summarize(ben.history().answers).accuracy == 1.0
    assert ben.replay("classic") is None and ana.replay("classic") is not None
    back = open_progress(ana.profile.key, location=location)  # another visit, with the profile's link
    assert back.profile == ana.profile and len(back.history().answers) == len(questions)
    stranger = open_progress("not-a-known-key-123", location=location)
    assert stranger.profile.key != ana.profile.key and stranger.history().answers == ()


def test_a_poker_mistake_replays_as_poker_at_its_level(location: str) -> None:
    progress = open_progress(name="Pia", location=location)
    poker = next(QuizGenerator(Tier.MODIFIERS, np.random.default_rng(11), POKER))
    classic = generate(Tier.FRESH, 1, seed=2)[0]
    progress.record(poker, answer_of(poker, right=False))
    progress.record(classic, answer_of(classic, right=False, minute=1))
    replay = progress.replay("poker")
    assert replay is not None and replay.rules == "poker" and replay.tier == Tier.MODIFIERS
    assert replay.question.situation == poker.situation and replay.question.exact.decision == poker.exact.decision
    assert progress.replay("poker", tier=int(Tier.FRESH)) is None
    classic_replay = progress.replay("classic")
    assert classic_replay is not None and classic_replay.question.situation == classic.situation
    assert [a.rules for a in mistakes_queue(progress.history().answers, rules="poker")] == ["poker"]


class Flaky:
    """A store that refuses writes while ``down`` (a locked file, a server restarting)."""

    def __init__(self, store: ProgressStore) -> None:
        self.store, self.down, self.tries = store, True, 0

    def write(self, profile: str, items: object) -> None:
        self.tries += 1
        if self.down:
            raise ProgressError("the answer could not be saved to {where}: {error}", where="x", error="locked")
        self.store.write(profile, items)  # type: ignore[arg-type]

    def __getattr__(self, name: str) -> object:
        return getattr(self.store, name)


def test_a_failing_save_is_retried_queued_reported_and_written_when_the_store_is_back(
        location: str, questions: list[Question]) -> None:
    opened = open_progress(name="Cy", location=location)
    flaky = Flaky(opened.store)
    pauses: list[float] = []
    progress = PlayerProgress(flaky, opened.profile, sleep=pauses.append)  # type: ignore[arg-type]
    status = progress.record(questions[0], answer_of(questions[0], right=True))
    assert not status.saving and status.pending == 1 and flaky.tries == 3 and sum(pauses) < 1
    assert "Progress is not being saved" in status.text() and "locked" in status.text()
    status = progress.record(questions[1], answer_of(questions[1], right=True, minute=1))
    assert status.pending == 2 and flaky.tries == 4  # a store known to be down costs one try per answer
    assert len(progress.history().answers) == 2  # the player still sees both answers
    flaky.down = False
    status = progress.record(questions[2], answer_of(questions[2], right=True, minute=2))
    assert status.saving and status.pending == 0 and status.text().startswith("Progress saved in")
    assert len(opened.store.answers(opened.profile.key)) == 3


def test_a_bad_row_is_skipped_and_reported_not_fatal(tmp_path: Path, questions: list[Question]) -> None:
    path = tmp_path / "progress.sqlite3"
    progress = open_progress(name="Di", location=path)
    for minute, question in enumerate(questions[:3]):
        progress.record(question, answer_of(question, right=True, minute=minute))
    with sqlite3.connect(path) as connection:
        ids = [row[0] for row in connection.execute("SELECT id FROM answers ORDER BY id")]
        connection.execute("UPDATE answers SET categories = '{not json' WHERE id = ?", (ids[0],))
        connection.execute("UPDATE answers SET grade = 'Genius' WHERE id = ?", (ids[1],))
    history = progress.history()
    assert len(history.answers) == 1 and [row.row_id for row in history.skipped] == ids[:2]
    notice = history.notice()
    assert notice is not None and "2 saved answers could not be read" in str(notice)
    assert summarize(history.answers).answers == 1


def test_another_programs_database_is_never_written_to(tmp_path: Path, questions: list[Question]) -> None:
    path = tmp_path / "their.db"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
    before = path.read_bytes()
    opened = open_store(path)
    assert opened.store.in_memory and opened.notice is not None and "another program" in str(opened.notice)
    opened.store.record(questions[0], answer_of(questions[0], right=True))
    assert path.read_bytes() == before and not list(tmp_path.glob("their.db.corrupt-*"))
    with sqlite3.connect(path) as connection:
        assert [row[0] for row in connection.execute("SELECT name FROM sqlite_master")] == ["invoices"]


def test_flip7odds_tables_of_an_unknown_schema_are_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE answers (id INTEGER PRIMARY KEY, what TEXT)")
    opened = open_store(path)
    assert not opened.store.in_memory and opened.notice is not None and "moved to" in str(opened.notice)
    [moved] = tmp_path.glob("progress.sqlite3.corrupt-*")
    with sqlite3.connect(moved) as connection:
        assert connection.execute("PRAGMA table_info(answers)").fetchall()[1][1] == "what"


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    open_store(path)
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE flip7odds_meta SET value = '99' WHERE key = 'schema'")
    opened = open_store(path)
    assert opened.store.in_memory and opened.notice is not None and "newer flip7odds" in str(opened.notice)


def test_a_corrupt_file_in_a_read_only_folder_gives_a_message(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root writes into read-only folders")
    folder = tmp_path / "ro"
    folder.mkdir()
    (folder / "progress.sqlite3").write_bytes(b"garbage" * 200)
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        opened = open_store(folder / "progress.sqlite3")
    finally:
        folder.chmod(stat.S_IRWXU)
    assert opened.store.in_memory and opened.notice is not None
    assert "in memory" in str(opened.notice)


def test_a_corrupt_file_that_cannot_be_renamed_gives_a_message(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "progress.sqlite3"
    path.write_bytes(b"garbage" * 200)

    def refuse(self: Path, target: Path) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "rename", refuse)  # a read-only folder, as root sees none
    opened = open_store(path)
    assert opened.store.in_memory and opened.notice is not None
    assert "cannot be moved aside" in str(opened.notice) and path.read_bytes() == b"garbage" * 200


def test_a_folder_that_cannot_be_created_gives_a_message(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    progress = open_progress(location=blocker / "progress.sqlite3")
    assert progress.store.in_memory and not progress.status.saving
    assert "cannot be created" in progress.status.text()


def test_a_single_player_file_is_migrated_to_a_default_profile(tmp_path: Path, questions: list[Question]) -> None:
    path = tmp_path / "progress.sqlite3"
    columns = ("answered_at, situation_key, tier, line, answer, best, stay_score, hit_score, ev_loss, grade, "
               "margin, bust_probability, predicted_bust, categories")
    with sqlite3.connect(path) as connection:  # the schema of flip7odds' first progress files
        connection.executescript(
            "CREATE TABLE situations (key TEXT PRIMARY KEY, tier INTEGER NOT NULL, json TEXT NOT NULL);"
            "CREATE TABLE answers (id INTEGER PRIMARY KEY AUTOINCREMENT, answered_at TEXT NOT NULL, "
            "situation_key TEXT NOT NULL REFERENCES situations(key), tier INTEGER NOT NULL, line TEXT NOT NULL, "
            "answer TEXT NOT NULL, best TEXT NOT NULL, stay_score INTEGER NOT NULL, hit_score REAL NOT NULL, "
            "ev_loss REAL NOT NULL, grade TEXT NOT NULL, margin REAL NOT NULL, bust_probability REAL NOT NULL, "
            "predicted_bust REAL, categories TEXT NOT NULL); PRAGMA user_version = 1;")
        for question in questions[:2]:
            old = answer_of(question, right=False)
            connection.execute("INSERT INTO situations VALUES (?, ?, ?)",
                               (old.situation_key, old.tier, json.dumps(question.situation.to_json())))
            connection.execute(f"INSERT INTO answers ({columns}) VALUES ({', '.join('?' * 14)})",
                               [json.dumps(v) if isinstance(v, dict) else v
                                for v in list(old.__dict__.values())[:14]])
    progress = open_progress(DEFAULT_PROFILE_KEY, location=path)
    assert progress.notice is None and progress.profile.key == DEFAULT_PROFILE_KEY
    assert [a.rules for a in progress.history().answers] == ["classic", "classic"]
    assert progress.replay("classic") is not None
    assert open_progress(name="New", location=path).history().answers == ()


def test_a_locked_file_costs_well_under_a_second_per_answer(tmp_path: Path, questions: list[Question]) -> None:
    import time

    path = tmp_path / "progress.sqlite3"
    progress = open_progress(name="Ed", location=path)
    holder = sqlite3.connect(path)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        started = time.perf_counter()
        first = progress.record(questions[0], answer_of(questions[0], right=True))
        second = progress.record(questions[1], answer_of(questions[1], right=True, minute=1))
        assert not first.saving and second.pending == 2
        assert time.perf_counter() - started < 3  # 4 tries of 0.25 s and 0.2 s of pauses, not 5 s a click
    finally:
        holder.rollback()
        holder.close()
    assert progress.record(questions[2], answer_of(questions[2], right=True, minute=2)).saving
    assert len(progress.history().answers) == 3


def test_a_store_locked_at_open_gets_the_answers_once_it_is_free(tmp_path: Path, questions: list[Question]) -> None:
    path = tmp_path / "progress.sqlite3"
    ana = open_progress(name="Ana", location=path)
    holder = sqlite3.connect(path)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")  # in WAL mode only this keeps readers out too
    holder.execute("BEGIN EXCLUSIVE")
    try:
        again = open_progress(ana.profile.key, location=path)  # Ana's next visit, while another program holds it
        status = again.record(questions[0], answer_of(questions[0], right=False))
        assert not status.saving and status.pending == 1 and "cannot be reached now" in status.text()
        assert len(again.history().answers) == 1
    finally:
        holder.rollback()
        holder.close()
    status = again.record(questions[1], answer_of(questions[1], right=True, minute=1))
    assert status.saving and status.pending == 0 and again.profile == ana.profile
    assert len(ana.store.answers(ana.profile.key)) == 2 and again.replay("classic") is not None


WRITERS, PER_WRITER = 6, 40


def _writer(location: str, key: str, offset: int) -> None:
    """A process answering PER_WRITER questions as fast as it can, then saving what is left in its queue."""
    question = generate(Tier.FRESH, 1, seed=1)[0]
    progress = open_progress(key, location=location)
    for i in range(PER_WRITER):
        progress.record(question, answer_of(question, right=True, minute=offset * 1000 + i))
    for _ in range(200):
        if progress.flush():
            return
    raise SystemExit(1)


def test_several_processes_writing_at_once_lose_nothing(location: str) -> None:
    key = open_progress(name="Class", location=location).profile.key
    context = multiprocessing.get_context("spawn")
    processes = [context.Process(target=_writer, args=(location, key, n)) for n in range(WRITERS)]
    for process in processes:
        process.start()
    for process in processes:
        process.join(120)
    assert [process.exitcode for process in processes] == [0] * WRITERS
    answers = open_progress(key, location=location).history().answers
    assert len(answers) == WRITERS * PER_WRITER
    assert len({a.answered_at for a in answers}) == WRITERS * PER_WRITER


def test_postgresql_keeps_to_its_own_schema_and_refuses_a_foreign_one(questions: list[Question]) -> None:
    location = _postgres_location()
    import psycopg

    with psycopg.connect(location, autocommit=True) as connection:
        connection.execute("DROP TABLE IF EXISTS public.invoices")
        connection.execute("CREATE TABLE public.invoices (id integer)")  # another program's table, elsewhere
    progress = open_progress(name="Flo", location=location)
    assert progress.status.saving and progress.record(questions[0], answer_of(questions[0], right=True)).saving
    with psycopg.connect(location, autocommit=True) as connection:
        public = {row[0] for row in connection.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")}
        assert public == {"invoices"}  # nothing of flip7odds' outside its schema
        connection.execute("DROP TABLE public.invoices")
        connection.execute("CREATE TABLE flip7odds.their_table (id integer)")
    opened = open_store(location)
    assert opened.store.in_memory and opened.notice is not None and "another program" in str(opened.notice)
    assert "secret" not in str(opened.notice)


def test_a_postgresql_server_that_is_down_keeps_the_answers_in_the_session(questions: list[Question]) -> None:
    progress = open_progress(name="Gus", location="postgresql://quiz:secret@127.0.0.1:1/flip7odds")
    status = progress.record(questions[0], answer_of(questions[0], right=True))
    assert not status.saving and status.pending == 1
    assert "secret" not in status.text() and "postgresql://quiz@127.0.0.1:1/flip7odds" in status.text()


def test_vengeance_mistakes_replay_in_their_own_variant_and_level(tmp_path: Path) -> None:
    from flip7odds.rules import VENGEANCE, VENGEANCE_BRUTAL
    from flip7odds.vengeance.quiz import VengeanceQuestion, VengeanceQuizGenerator, VTier

    progress = open_progress(name="Hal", location=tmp_path / "progress.sqlite3")
    dealt = {rules.name: next(VengeanceQuizGenerator(tier, np.random.default_rng(4), rules))
             for rules, tier in ((VENGEANCE, VTier.LUCKY_13), (VENGEANCE_BRUTAL, VTier.PENALTIES))}
    for minute, question in enumerate(dealt.values()):
        wrong = Decision.STAY if question.exact.decision is Decision.HIT else Decision.HIT
        progress.record(question, Answer.of(question, grade_answer(question.exact, wrong),
                                            when=datetime(2026, 1, 1, tzinfo=UTC) + timedelta(minutes=minute)))
    for name, question in dealt.items():
        replay = progress.replay(name)
        assert replay is not None and isinstance(replay.question, VengeanceQuestion)
        assert replay.rules == name and replay.tier == int(question.situation.tier)
        assert replay.question.situation == question.situation
    assert progress.replay("classic") is None and progress.replay("poker") is None


def _open_at_once(location: str) -> None:
    progress = open_progress(name="Twin", location=location, busy_timeout=5)  # a start may wait: a click may not
    if not progress.status.saving:
        raise SystemExit(f"{progress.status.text()}")


def test_servers_starting_together_on_an_empty_database_all_get_the_store(location: str) -> None:
    context = multiprocessing.get_context("spawn")
    processes = [context.Process(target=_open_at_once, args=(location,)) for _ in range(4)]
    for process in processes:
        process.start()
    for process in processes:
        process.join(120)
    assert [process.exitcode for process in processes] == [0] * 4

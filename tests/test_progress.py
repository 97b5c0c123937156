"""The SQLite progress store (missing, corrupt, locked, concurrent) and the statistics and charts built on it."""

import csv
import io
import sqlite3
import threading
from pathlib import Path

import pytest

from flip7odds.progress import (
    ProgressError,
    by_category,
    default_path,
    mistakes_queue,
    open_progress,
    open_store,
    summarize,
    to_csv,
    weakest_categories,
)
from flip7odds.quiz import Question
from flip7odds.trainer_charts import category_figure, cumulative_ev_lost, ev_loss_figure, progress_figure
from tests.progress_answers import answer_of, progress_questions


@pytest.fixture(scope="module")
def questions() -> list[Question]:
    return progress_questions()


def test_default_path_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("FLIP7ODDS_DB", str(tmp_path / "mine.sqlite3"))
    assert default_path() == tmp_path / "mine.sqlite3"
    monkeypatch.delenv("FLIP7ODDS_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_path() == tmp_path / "data" / "flip7odds" / "progress.sqlite3"


def test_a_missing_file_is_created_and_answers_survive_a_restart(tmp_path: Path, questions: list[Question]) -> None:
    path = tmp_path / "deep" / "dir" / "progress.sqlite3"
    opened = open_store(path)
    assert opened.notice is None and not opened.store.in_memory
    saved = [answer_of(q, right=i % 2 == 0, minute=i) for i, q in enumerate(questions)]
    for question, record in zip(questions, saved):
        opened.store.record(question, record)
    again = open_store(path).store
    assert again.answers() == saved
    assert again.situation(questions[0].situation.key) == questions[0].situation
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_corrupt_file_is_moved_aside_never_deleted(tmp_path: Path, questions: list[Question]) -> None:
    path = tmp_path / "progress.sqlite3"
    garbage = b"this is not a database at all" * 100
    path.write_bytes(garbage)
    opened = open_store(path)
    assert opened.notice is not None and "damaged" in str(opened.notice) and "moved to" in str(opened.notice)
    moved = [p for p in tmp_path.iterdir() if p.name.startswith("progress.sqlite3.corrupt-")]
    assert len(moved) == 1 and moved[0].read_bytes() == garbage
    assert str(moved[0]) in str(opened.notice)
    opened.store.record(questions[0], answer_of(questions[0], right=True))
    assert len(open_store(path).store.answers()) == 1


def test_a_locked_file_leaves_the_quiz_working_in_memory(tmp_path: Path, questions: list[Question]) -> None:
    path = tmp_path / "progress.sqlite3"
    open_store(path).store.record(questions[0], answer_of(questions[0], right=True))
    writer = open_store(path, busy_timeout=0.1).store  # a tab opened before another program locked the file
    holder = sqlite3.connect(path)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")  # in WAL mode only this keeps readers out too
    holder.execute("BEGIN EXCLUSIVE")
    try:
        opened = open_store(path, busy_timeout=0.1)
        assert opened.store.in_memory and opened.notice is not None and "cannot be reached now" in str(opened.notice)
        assert opened.retry == str(path)  # a PlayerProgress keeps trying the real file
        opened.store.record(questions[1], answer_of(questions[1], right=False))
        assert len(opened.store.answers()) == 1
        with pytest.raises(ProgressError, match="could not be saved"):
            writer.record(questions[2], answer_of(questions[2], right=True))
    finally:
        holder.rollback()
        holder.close()
    assert len(open_store(path).store.answers()) == 1  # nothing already saved was lost


def test_several_tabs_writing_at_once_do_not_corrupt_the_file(tmp_path: Path, questions: list[Question]) -> None:
    path = tmp_path / "progress.sqlite3"
    open_store(path)
    errors: list[BaseException] = []

    key = open_progress(name="Tabs", location=path).profile.key

    def tab(offset: int) -> None:
        try:
            progress = open_progress(key, location=path)  # every tab has its own progress and connections
            for i, question in enumerate(questions):
                progress.record(question, answer_of(question, right=True, minute=offset * 100 + i))
            for _ in range(100):  # a save that met a lock waits in the tab's queue: it goes with the next one
                if progress.flush():
                    return
            raise AssertionError(progress.status.text())
        except BaseException as error:  # noqa: BLE001 - reported by the assertion below
            errors.append(error)

    threads = [threading.Thread(target=tab, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert len(open_store(path).store.answers(key)) == 4 * len(questions)
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_statistics(questions: list[Question]) -> None:
    rights = [True, True, False, True, False, True, True, True]
    answers = [answer_of(q, right=r, minute=i) for i, (q, r) in enumerate(zip(questions, rights))]
    summary = summarize(answers)
    assert summary.answers == 8 and summary.streak == 3 and summary.best_streak == 3
    assert summary.accuracy == pytest.approx(6 / 8)
    losses = [q.exact.margin for q, r in zip(questions, rights) if not r]
    assert summary.total_ev_lost == pytest.approx(sum(losses))
    assert summary.average_ev_lost == pytest.approx(sum(losses) / 8)
    nontrivial = [a for a in answers if a.margin <= 5]
    assert summary.nontrivial == len(nontrivial)
    if nontrivial:
        assert summary.error_rate == pytest.approx(sum(a.is_error for a in nontrivial) / len(nontrivial))
    results = by_category(answers)
    assert sum(r.answers for r in results if r.dimension == "alone") == 8
    for result in weakest_categories(answers):
        assert 3 <= result.answers < len(answers) and result.average_ev_lost > 0
    assert {(r.dimension, r.category) for r in weakest_categories(answers, count=len(results))} == {
        (r.dimension, r.category) for r in results if 3 <= r.answers < len(answers) and r.average_ev_lost > 0}
    shared = {(r.dimension, r.category) for r in results if r.answers == len(answers)}
    assert not shared & {(r.dimension, r.category) for r in weakest_categories(answers, count=len(results))}


def test_a_category_every_answer_shares_is_not_a_weakness(questions: list[Question]) -> None:
    wrong = next(q for q in questions if q.exact.margin > 0)
    answers = [answer_of(wrong, right=False, minute=i) for i in range(4)]  # the same situation: every category shared
    assert all(r.answers == 4 and r.average_ev_lost > 0 for r in by_category(answers))
    assert weakest_categories(answers) == []


def test_the_mistakes_queue_comes_back_until_answered_well(questions: list[Question]) -> None:
    wrong = [answer_of(q, right=False, minute=i) for i, q in enumerate(questions[:3])]
    errors = [a for a in wrong if a.is_error]
    queue = mistakes_queue(wrong)
    assert {a.situation_key for a in queue} == {a.situation_key for a in errors}
    assert [a.ev_loss for a in queue] == sorted((a.ev_loss for a in queue), reverse=True)
    if queue:
        fixed = answer_of(next(q for q in questions if q.situation.key == queue[0].situation_key), right=True, minute=9)
        assert queue[0].situation_key not in {a.situation_key for a in mistakes_queue([*wrong, fixed])}


def test_csv_export(questions: list[Question]) -> None:
    answers = [answer_of(q, right=True, minute=i) for i, q in enumerate(questions[:3])]
    rows = list(csv.DictReader(io.StringIO(to_csv(answers))))
    assert len(rows) == 3
    assert rows[0]["situation_key"] == answers[0].situation_key and rows[0]["grade"] == "Best"
    assert rows[0]["pile"] == answers[0].categories["pile"]


def test_charts_are_built_without_streamlit(questions: list[Question]) -> None:
    answers = [answer_of(q, right=i % 3 != 0, minute=i) for i, q in enumerate(questions)]
    figure = progress_figure(answers)
    accuracy, lost = figure.data
    assert list(accuracy.x) == list(range(1, len(answers) + 1))
    assert accuracy.y[0] == 0.0 and lost.y[-1] == pytest.approx(sum(a.ev_loss for a in answers))
    assert cumulative_ev_lost(answers) == list(lost.y)
    bars = ev_loss_figure(answers).data[0]
    assert list(bars.y) == [a.ev_loss for a in answers]
    results = by_category(answers)
    assert len(category_figure(results).data[0].y) == len(results)

"""Quiz progress: an SQLite store (stdlib ``sqlite3``) and the statistics computed from it.

The store lives in the user's data directory (``$XDG_DATA_HOME/flip7odds/progress.sqlite3``, by
default ``~/.local/share/flip7odds/progress.sqlite3``) unless the environment variable
``FLIP7ODDS_DB`` names another file. It is written in transactions, in WAL mode with a busy timeout,
so that several browser tabs (each with its own connection) can answer at once.

Nothing already saved is ever lost: `open_store` never deletes a file. A corrupt file is moved aside
(``progress.sqlite3.corrupt-<time>``) and a new one started; a file that cannot be opened (locked,
unwritable) leaves the quiz working on an in-memory store. Either way the message says what
happened and where the file is.

Statistics are pure functions of the answers (`summarize`, `by_category`, `weakest_categories`,
`mistakes_queue`, `to_csv`).
"""

from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
from collections import defaultdict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from flip7odds.errors import Flip7Error
from flip7odds.quiz import TRIVIAL_MARGIN, Feedback, Grade, Question, QuizSituation, exact_of
from flip7odds.rules import find_rules
from flip7odds.vengeance.quiz import VengeanceQuestion, VengeanceQuizSituation, vengeance_question

ENVIRONMENT_VARIABLE = "FLIP7ODDS_DB"
BUSY_TIMEOUT_S = 5.0
SCHEMA_VERSION = 1
MIN_ANSWERS_FOR_WEAKEST = 3

_SCHEMA = """
CREATE TABLE IF NOT EXISTS situations (
    key TEXT PRIMARY KEY,
    tier INTEGER NOT NULL,
    json TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS answers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    answered_at TEXT NOT NULL,
    situation_key TEXT NOT NULL REFERENCES situations(key),
    tier INTEGER NOT NULL,
    line TEXT NOT NULL,
    answer TEXT NOT NULL,
    best TEXT NOT NULL,
    stay_score INTEGER NOT NULL,
    hit_score REAL NOT NULL,
    ev_loss REAL NOT NULL,
    grade TEXT NOT NULL,
    margin REAL NOT NULL,
    bust_probability REAL NOT NULL,
    predicted_bust REAL,
    categories TEXT NOT NULL
);
"""


class ProgressError(Flip7Error):
    """The progress store could not be read or written; the message says why and what to do."""


def default_path() -> Path:
    """``$FLIP7ODDS_DB``, else ``$XDG_DATA_HOME/flip7odds/progress.sqlite3`` (``~/.local/share`` by default)."""
    configured = os.environ.get(ENVIRONMENT_VARIABLE)
    if configured:
        return Path(configured).expanduser()
    data_home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data_home) / "flip7odds" / "progress.sqlite3"


@dataclass(frozen=True)
class Answer:
    """One graded answer, as stored."""

    answered_at: str
    situation_key: str
    tier: int
    line: str
    answer: str
    best: str
    stay_score: int
    hit_score: float
    ev_loss: float
    grade: str
    margin: float
    bust_probability: float
    predicted_bust: float | None
    categories: dict[str, str]

    @property
    def correct(self) -> bool:
        """The answer was the best action."""
        return self.grade == Grade.BEST.value

    @property
    def trivial(self) -> bool:
        """The two actions were more than `TRIVIAL_MARGIN` points apart."""
        return self.margin > TRIVIAL_MARGIN

    @property
    def is_error(self) -> bool:
        """Graded Inaccuracy or worse."""
        return Grade(self.grade).is_error

    @classmethod
    def of(cls, question: Question | VengeanceQuestion, feedback: Feedback, predicted_bust: float | None = None,
           when: datetime | None = None) -> Answer:
        """The record of answering ``question`` with ``feedback``."""
        exact = question.exact
        moment = (when or datetime.now(UTC)).isoformat(timespec="seconds")
        return cls(moment, question.situation.key, int(question.situation.tier), str(question.situation.line),
                   feedback.action.value,
                   exact.decision.value, exact.stay_score, exact.hit_score, feedback.ev_loss, feedback.grade.value,
                   exact.margin, float(exact.bust_probability), predicted_bust, question.situation.categories())


_COLUMNS = [field.name for field in fields(Answer)]


class ProgressStore:
    """Answers and their situations in one SQLite file (or in memory). Open it with `open_store`."""

    def __init__(self, path: Path | None, busy_timeout: float = BUSY_TIMEOUT_S) -> None:
        """``path`` None keeps everything in memory. Raises `sqlite3.Error` if the file is unusable."""
        self.path = path
        self.busy_timeout = busy_timeout
        self._memory: sqlite3.Connection | None = None
        if path is None:
            self._memory = sqlite3.connect(":memory:", check_same_thread=False)
        with self._connection() as connection:
            if path is not None:
                connection.execute("PRAGMA journal_mode=WAL")
            checked = connection.execute("PRAGMA quick_check").fetchone()
            if checked is None or checked[0] != "ok":
                raise sqlite3.DatabaseError(f"integrity check failed: {checked}")
            with connection:
                connection.executescript(_SCHEMA)
                connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    @property
    def in_memory(self) -> bool:
        """True when nothing is written to disk."""
        return self.path is None

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        if self._memory is not None:
            yield self._memory
            return
        assert self.path is not None
        connection = sqlite3.connect(self.path, timeout=self.busy_timeout)
        try:
            connection.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout * 1000)}")
            yield connection
        finally:
            connection.close()

    def record(self, question: Question | VengeanceQuestion, answer: Answer) -> None:
        """Save an answer and its situation in one transaction; `ProgressError` if the file refuses."""
        try:
            with self._connection() as connection, connection:
                connection.execute("INSERT OR IGNORE INTO situations (key, tier, json) VALUES (?, ?, ?)",
                                   (answer.situation_key, answer.tier, json.dumps(question.situation.to_json())))
                values = [json.dumps(answer.categories) if name == "categories" else getattr(answer, name)
                          for name in _COLUMNS]
                connection.execute(f"INSERT INTO answers ({', '.join(_COLUMNS)}) "
                                   f"VALUES ({', '.join('?' * len(_COLUMNS))})", values)
        except sqlite3.Error as error:
            raise ProgressError("this answer could not be saved to {path}: {error} "
                                "(another program may hold the file; try again in a moment)",
                                path=self.path, error=error) from None

    def answers(self) -> list[Answer]:
        """Every answer, oldest first."""
        try:
            with self._connection() as connection:
                rows = connection.execute(f"SELECT {', '.join(_COLUMNS)} FROM answers ORDER BY id").fetchall()
        except sqlite3.Error as error:
            raise ProgressError("the progress file {path} could not be read: {error}", path=self.path,
                                error=error) from None
        answers = []
        for row in rows:
            data = dict(zip(_COLUMNS, row))
            data["categories"] = json.loads(data["categories"])
            answers.append(Answer(**data))
        return answers

    def situation(self, key: str) -> QuizSituation | VengeanceQuizSituation:
        """A saved situation by its key (a With a Vengeance one when its rules are)."""
        try:
            with self._connection() as connection:
                row = connection.execute("SELECT json FROM situations WHERE key = ?", (key,)).fetchone()
        except sqlite3.Error as error:
            raise ProgressError("the progress file {path} could not be read: {error}", path=self.path,
                                error=error) from None
        if row is None:
            raise ProgressError("no saved situation {key!r}", key=key)
        return situation_from_json(json.loads(row[0]))


def situation_from_json(data: dict[str, Any]) -> QuizSituation | VengeanceQuizSituation:
    """A saved situation's JSON read back: a Vengeance one when its rules are, else a classic (or poker) one.

    A malformed object raises `Flip7Error`.
    """
    if find_rules(str(data.get("rules", "")), experimental=True).vengeance:
        return VengeanceQuizSituation.from_json(data)
    return QuizSituation.from_json(data)


def question_of(situation: QuizSituation | VengeanceQuizSituation) -> Question | VengeanceQuestion:
    """A saved situation solved again, to replay it (Vengeance: the quiz's state budget does not apply)."""
    if isinstance(situation, VengeanceQuizSituation):
        return vengeance_question(situation)
    return Question(situation, exact_of(situation.situation))


@dataclass(frozen=True)
class Opened:
    """The store to use and, when something went wrong, the message to show."""

    store: ProgressStore
    notice: ProgressError | None


def open_store(path: Path | None = None, busy_timeout: float = BUSY_TIMEOUT_S) -> Opened:
    """Open the progress store at ``path`` (default `default_path`), never losing saved data.

    A missing file (and its directory) is created. A corrupt file is moved aside and a new one
    started. A locked or unusable file leaves an in-memory store. The notice says which and where.
    """
    target = path or default_path()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        return Opened(ProgressStore(target, busy_timeout), None)
    except sqlite3.DatabaseError as error:
        if isinstance(error, sqlite3.OperationalError):
            return _in_memory(ProgressError("The progress file {path} cannot be opened ({error}); answers of this "
                                            "session are kept in memory only.", path=target, error=error))
        moved = _move_aside(target)
        try:
            return Opened(ProgressStore(target, busy_timeout),
                          ProgressError("The progress file {path} was damaged ({error}). It was moved to {moved} "
                                        "(nothing deleted) and a new progress file was started.", path=target,
                                        error=error, moved=moved))
        except sqlite3.Error as again:
            return _in_memory(ProgressError("The progress file {path} was damaged and moved to {moved}, and a new "
                                            "one could not be created ({error}); answers are kept in memory only.",
                                            path=target, moved=moved, error=again))
    except OSError as error:
        return _in_memory(ProgressError("The progress file {path} cannot be created ({error}); answers of this "
                                        "session are kept in memory only.", path=target, error=error.strerror))


def _in_memory(notice: ProgressError) -> Opened:
    return Opened(ProgressStore(None), notice)


def _move_aside(target: Path) -> Path:
    """Rename a damaged database (and its WAL / shared-memory files) next to itself; return the new name."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
    moved = target.with_name(f"{target.name}.corrupt-{stamp}")
    target.rename(moved)
    for suffix in ("-wal", "-shm"):
        companion = target.with_name(target.name + suffix)
        if companion.exists():
            companion.rename(moved.with_name(moved.name + suffix))
    return moved


# ----------------------------------------------------------------------------------------------
# Statistics (pure functions of the answers).


@dataclass(frozen=True)
class Summary:
    """Headline statistics of a list of answers."""

    answers: int
    streak: int
    best_streak: int
    accuracy: float | None
    total_ev_lost: float
    average_ev_lost: float | None
    nontrivial: int
    error_rate: float | None


def summarize(answers: Sequence[Answer]) -> Summary:
    """Streak (current run of Best answers), accuracy (share Best), EV lost, error rate over non-trivial decisions.

    >>> summarize([]).accuracy is None
    True
    """
    streak = best_streak = 0
    for answer in answers:
        streak = streak + 1 if answer.correct else 0
        best_streak = max(best_streak, streak)
    total = sum(answer.ev_loss for answer in answers)
    nontrivial = [answer for answer in answers if not answer.trivial]
    count = len(answers)
    return Summary(
        answers=count,
        streak=streak,
        best_streak=best_streak,
        accuracy=sum(answer.correct for answer in answers) / count if count else None,
        total_ev_lost=total,
        average_ev_lost=total / count if count else None,
        nontrivial=len(nontrivial),
        error_rate=sum(answer.is_error for answer in nontrivial) / len(nontrivial) if nontrivial else None,
    )


@dataclass(frozen=True)
class CategoryResult:
    """Results in one category of one dimension (e.g. ``pile`` = ``low (under 50)``)."""

    dimension: str
    category: str
    answers: int
    accuracy: float
    average_ev_lost: float


def by_category(answers: Sequence[Answer]) -> list[CategoryResult]:
    """Accuracy and average EV lost for every category met, by dimension then category."""
    groups: dict[tuple[str, str], list[Answer]] = defaultdict(list)
    for answer in answers:
        for dimension, category in answer.categories.items():
            groups[(dimension, category)].append(answer)
    return [CategoryResult(dimension, category, len(group), sum(a.correct for a in group) / len(group),
                           sum(a.ev_loss for a in group) / len(group))
            for (dimension, category), group in sorted(groups.items())]


def weakest_categories(answers: Sequence[Answer], count: int = 3) -> list[CategoryResult]:
    """The categories with the highest average EV lost (at least `MIN_ANSWERS_FOR_WEAKEST` answers, some loss).

    A category every answer shares ("second chance: none" when no question had one) says nothing about
    where the losses are, so it is left out.
    """
    candidates = [result for result in by_category(answers)
                  if MIN_ANSWERS_FOR_WEAKEST <= result.answers < len(answers) and result.average_ev_lost > 0]
    return sorted(candidates, key=lambda result: -result.average_ev_lost)[:count]


def mistakes_queue(answers: Sequence[Answer]) -> list[Answer]:
    """Situations whose latest answer was an Inaccuracy or worse, worst first: the "replay my mistakes" queue.

    Answering one again with Best or Fine takes it off the queue.
    """
    latest: dict[str, Answer] = {}
    for answer in answers:
        latest[answer.situation_key] = answer
    return sorted((answer for answer in latest.values() if answer.is_error), key=lambda answer: -answer.ev_loss)


def to_csv(answers: Sequence[Answer]) -> str:
    """The history as CSV, one answer a row; each category dimension is a column."""
    dimensions = sorted({dimension for answer in answers for dimension in answer.categories})
    output = io.StringIO()
    writer = csv.writer(output)
    plain = [name for name in _COLUMNS if name != "categories"]
    writer.writerow(plain + dimensions)
    for answer in answers:
        row = asdict(answer)
        writer.writerow([row[name] for name in plain] + [answer.categories.get(d, "") for d in dimensions])
    return output.getvalue()


__all__ = [
    "ENVIRONMENT_VARIABLE", "Answer", "CategoryResult", "Opened", "ProgressError", "ProgressStore",
    "Summary", "by_category", "default_path", "mistakes_queue", "open_store", "question_of",
    "situation_from_json", "summarize", "to_csv", "weakest_categories",
]

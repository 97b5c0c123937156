"""Quiz progress: a store of answers, private per player, that never loses one, and its statistics.

Where it lives: ``FLIP7ODDS_DB`` names an SQLite file or a PostgreSQL URL (``postgresql://...``, needs
the ``postgres`` extra: psycopg 3); without it, the user's data directory
(``$XDG_DATA_HOME/flip7odds/progress.sqlite3``, by default ``~/.local/share/flip7odds/``). SQLite is
written in WAL mode, each save in one ``BEGIN IMMEDIATE`` transaction with a short busy timeout;
PostgreSQL keeps the tables in a schema of their own, ``flip7odds``, so several app servers share it.

Profiles: every answer belongs to a profile (`Profile`: an unguessable key and the name a player chose),
and every query is scoped to one, so students on one teacher's server never see each other's history,
statistics or replays. The key is the player's way back (the quiz page keeps it in its address:
``?profile=<key>``). A file of the first, single-player schema is migrated: its answers become the profile
`DEFAULT_PROFILE_KEY`.

Nothing a player answers is lost (`PlayerProgress`): an answer goes to a pending queue first, the queue
is written with a few short retries, and whatever could not be written stays queued (in the page's
session) and is written with the next answer once the store is back; `SaveStatus` says plainly whether
progress is being saved and why not. `open_store` never deletes anything and never writes to a
database that is not flip7odds': a corrupt SQLite file (or one with flip7odds' table names and a schema
it does not know) is moved aside; a database holding another program's tables, or of a newer schema, is
refused with a message and the session keeps its answers in memory. A row that cannot be read (bad
JSON, an unknown grade) is skipped and reported (`History.skipped`), never fatal.

Statistics are pure functions of the answers (`summarize`, `by_category`, `weakest_categories`,
`mistakes_queue`, `to_csv`).
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import re
import secrets
import sqlite3
import time
from collections import defaultdict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from flip7odds.analysis import Decision
from flip7odds.errors import Flip7Error, Plural
from flip7odds.i18n import ENGLISH, N_, Translator
from flip7odds.markup import escape_markdown
from flip7odds.quiz import TRIVIAL_MARGIN, Feedback, Grade, Question, QuizSituation, exact_of
from flip7odds.rules import find_rules
from flip7odds.vengeance.quiz import VengeanceQuestion, VengeanceQuizSituation, vengeance_question

ENVIRONMENT_VARIABLE = "FLIP7ODDS_DB"
BUSY_TIMEOUT_S = 0.25
"""How long one write waits for a lock (SQLite's busy timeout, PostgreSQL's lock timeout)."""
RETRY_DELAYS_S = (0.05, 0.15)
"""Pauses between the attempts at a save (so a save tries ``1 + len(RETRY_DELAYS_S)`` times, well under 1 s)."""
CONNECT_TIMEOUT_S = 2
"""Seconds to wait for a PostgreSQL server."""
SCHEMA_VERSION = 2
APPLICATION = "flip7odds"
MIN_ANSWERS_FOR_WEAKEST = 3
DEFAULT_PROFILE_KEY = "local-default"
"""The profile the answers of a single-player file (schema 1) are migrated to."""
MAX_NAME = 40
"""Characters of a profile name."""
PROFILE_KEY = re.compile(r"[A-Za-z0-9_-]{8,64}", re.ASCII)
"""What a profile key looks like (`flip7odds.links`' ``profile`` parameter checks the same)."""
_POSTGRES_SCHEMA = "flip7odds"
_SCHEMA_LOCK = 0x0F11707D
"""The PostgreSQL advisory lock taken while the schema is created (any number: flip7odds' own)."""

_ANSWER_COLUMNS = """
    answered_at TEXT NOT NULL,
    situation_key TEXT NOT NULL,
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
    categories TEXT NOT NULL,
    rules TEXT NOT NULL DEFAULT '',
    profile TEXT NOT NULL"""
_TABLES = ("flip7odds_meta", "profiles", "situations", "answers")
_V1_TABLES = frozenset({"situations", "answers"})


def _schema(prefix: str, identity: str) -> list[str]:
    return [
        f"CREATE TABLE {prefix}flip7odds_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        f"CREATE TABLE {prefix}profiles (key TEXT PRIMARY KEY, name TEXT NOT NULL, created_at TEXT NOT NULL)",
        f"CREATE TABLE {prefix}situations (key TEXT PRIMARY KEY, tier INTEGER NOT NULL, json TEXT NOT NULL)",
        f"CREATE TABLE {prefix}answers (id {identity}, {_ANSWER_COLUMNS})",
        f"CREATE INDEX answers_by_profile ON {prefix}answers (profile, id)",
        f"INSERT INTO {prefix}flip7odds_meta (key, value) VALUES ('application', '{APPLICATION}')",
        f"INSERT INTO {prefix}flip7odds_meta (key, value) VALUES ('schema', '{SCHEMA_VERSION}')",
    ]


class ProgressError(Flip7Error):
    """The progress store could not be read or written; the message says why and what to do."""


def default_location() -> str:
    """``$FLIP7ODDS_DB`` (a file or a ``postgresql://`` URL), else the user's data directory's progress file."""
    configured = os.environ.get(ENVIRONMENT_VARIABLE)
    if configured:
        return configured if _is_postgres(configured) else str(Path(configured).expanduser())
    return str(default_path())


def default_path() -> Path:
    """``$FLIP7ODDS_DB``, else ``$XDG_DATA_HOME/flip7odds/progress.sqlite3`` (``~/.local/share`` by default)."""
    configured = os.environ.get(ENVIRONMENT_VARIABLE)
    if configured and not _is_postgres(configured):
        return Path(configured).expanduser()
    data_home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data_home) / "flip7odds" / "progress.sqlite3"


def _is_postgres(location: str) -> bool:
    return location.startswith(("postgresql://", "postgres://"))


def shown_location(location: str) -> str:
    """A store's location as messages show it: a PostgreSQL URL without its password.

    >>> shown_location("postgresql://quiz:secret@db.example:5432/flip7")
    'postgresql://quiz@db.example:5432/flip7'
    """
    return re.sub(r"^(postgres(?:ql)?://[^:/@]*):[^@]*@", r"\1@", location)


@dataclass(frozen=True)
class Answer:
    """One graded answer, as stored (``rules`` names the variant it was dealt in)."""

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
    rules: str = ""

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
                   exact.margin, float(exact.bust_probability), predicted_bust, question.situation.categories(),
                   question.situation.rules.name)


_COLUMNS = [field.name for field in fields(Answer)]
_GRADES = frozenset(grade.value for grade in Grade)
_DECISIONS = frozenset(decision.value for decision in Decision)


def _answer_of_row(row: Sequence[Any]) -> Answer:
    """A stored row read back and checked; `ValueError` (or `TypeError`, `KeyError`) names what is wrong."""
    data = dict(zip(_COLUMNS, row))
    categories = json.loads(data["categories"])
    if not isinstance(categories, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                   for k, v in categories.items()):
        raise ValueError("categories are not a JSON object of texts")
    data["categories"] = categories
    if data["grade"] not in _GRADES:
        raise ValueError(f"unknown grade {data['grade']!r}")
    if data["answer"] not in _DECISIONS or data["best"] not in _DECISIONS:
        raise ValueError("unknown action")
    for name in ("hit_score", "ev_loss", "margin", "bust_probability"):
        number = float(data[name])
        if not math.isfinite(number):
            raise ValueError(f"{name} is not a number")
        data[name] = number
    data["tier"], data["stay_score"] = int(data["tier"]), int(data["stay_score"])
    data["predicted_bust"] = None if data["predicted_bust"] is None else float(data["predicted_bust"])
    return Answer(**data)


@dataclass(frozen=True)
class Profile:
    """A player: ``key`` (unguessable, their way back: the quiz page's ``?profile=``) and the ``name`` they chose."""

    key: str
    name: str


def clean_name(name: str) -> str:
    """A profile name as stored: printable, one line, at most `MAX_NAME` characters; `ProgressError` if empty.

    >>> clean_name("  Ana\\n B.  ")
    'Ana B.'
    """
    cleaned = " ".join("".join(char if char.isprintable() else " " for char in name).split())[:MAX_NAME]
    if not cleaned:
        raise ProgressError("a profile needs a name (up to {most} characters)", most=MAX_NAME)
    return cleaned


@dataclass(frozen=True)
class SkippedRow:
    """A stored answer that could not be read (kept in the store, left out of the statistics)."""

    row_id: int
    reason: str


@dataclass(frozen=True)
class History:
    """A profile's answers, oldest first, and the stored rows that had to be skipped."""

    answers: tuple[Answer, ...]
    skipped: tuple[SkippedRow, ...] = ()

    def notice(self) -> ProgressError | None:
        """The message about skipped rows, if any."""
        if not self.skipped:
            return None
        return ProgressError(Plural("{count} saved answer could not be read and is left out (row {row}, {reason}); "
                                    "it stays in the store",
                                    "{count} saved answers could not be read and are left out (first: row {row}, "
                                    "{reason}); they stay in the store", "count"), count=len(self.skipped),
                             row=self.skipped[0].row_id, reason=self.skipped[0].reason)


class _Refused(Exception):
    """The database is not flip7odds' (or of a newer schema): it is never written to."""

    def __init__(self, why: ProgressError) -> None:
        super().__init__(str(why))
        self.why = why


class _WrongSchema(Exception):
    """flip7odds' own table names with columns it does not know: an SQLite file is moved aside."""


def _database_errors() -> tuple[type[BaseException], ...]:
    errors: tuple[type[BaseException], ...] = (sqlite3.Error,)
    try:
        import psycopg
    except ImportError:
        return errors
    return (*errors, psycopg.Error)


class ProgressStore:
    """Profiles, answers and situations in one SQLite file, one PostgreSQL schema, or memory.

    Open it with `open_store`. Every method that reads or writes answers takes the profile's key.
    Database errors come out as `ProgressError` with a message for people.
    """

    def __init__(self, location: str | None, busy_timeout: float = BUSY_TIMEOUT_S) -> None:
        """``location``: an SQLite path, a ``postgresql://`` URL, or None for memory. Checks (and creates or
        migrates) the schema: raises `_Refused`, `_WrongSchema` or a database error."""
        self.location = location
        self.busy_timeout = busy_timeout
        self.postgres = location is not None and _is_postgres(location)
        self._prefix = f"{_POSTGRES_SCHEMA}." if self.postgres else ""
        self._memory: sqlite3.Connection | None = None
        if location is None:
            self._memory = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
        self._errors = _database_errors()
        self._prepare()

    @property
    def in_memory(self) -> bool:
        """True when nothing is written to disk or to a server."""
        return self.location is None

    @property
    def path(self) -> Path | None:
        """The SQLite file (None in memory or on PostgreSQL)."""
        return None if self.location is None or self.postgres else Path(self.location)

    @property
    def where(self) -> str:
        """The location as messages show it (no password)."""
        return N_("memory") if self.location is None else shown_location(self.location)

    # -- connections --------------------------------------------------------------------------

    @contextmanager
    def _transaction(self, write: bool = True) -> Iterator[Any]:
        """A cursor inside one transaction (committed on success, rolled back on any error).

        ``write``: SQLite takes the write lock at once (``BEGIN IMMEDIATE``, waiting up to the busy
        timeout), so a save never fails half-way on a lock; reads take none (WAL: readers never wait).
        """
        begin = "BEGIN IMMEDIATE" if write else "BEGIN"
        if self._memory is not None:
            cursor = self._memory.cursor()
            cursor.execute(begin)
            try:
                yield cursor
            except BaseException:
                self._memory.rollback()
                raise
            self._memory.commit()
            return
        assert self.location is not None
        if self.postgres:
            import psycopg

            timeout_ms = int(self.busy_timeout * 1000)
            with psycopg.connect(self.location, connect_timeout=CONNECT_TIMEOUT_S,
                                 options=f"-c lock_timeout={timeout_ms} -c statement_timeout={10 * timeout_ms + 5000}"
                                 ) as server, server.transaction(), server.cursor() as server_cursor:
                yield _PostgresCursor(server_cursor)
            return
        connection = sqlite3.connect(self.location, timeout=self.busy_timeout, isolation_level=None)
        try:
            connection.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout * 1000)}")
            connection.execute(begin)
            try:
                yield connection.cursor()
            except BaseException:
                connection.rollback()
                raise
            connection.commit()
        finally:
            connection.close()

    def _prepare(self) -> None:
        """Create, check or migrate the schema; never write to a database that is not flip7odds'."""
        if self.location is not None and not self.postgres:
            connection = sqlite3.connect(self.location, timeout=self.busy_timeout, isolation_level=None)
            try:
                connection.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout * 1000)}")
                checked = connection.execute("PRAGMA quick_check").fetchone()
                if checked is None or checked[0] != "ok":
                    raise sqlite3.DatabaseError(f"integrity check failed: {checked}")
                tables = {row[0] for row in connection.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")}
                if tables and not tables <= set(_TABLES):
                    raise _Refused(self._foreign(tables))
                if connection.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                    connection.execute("PRAGMA journal_mode=WAL")
            finally:
                connection.close()
        with self._transaction(write=False) as cursor:
            needed = self._check(cursor)
        if needed:
            with self._transaction() as cursor:  # the write lock, then look again: another process may be first
                if self.postgres:  # servers starting together: one creates the schema, the others wait for it
                    cursor.execute("SELECT pg_advisory_xact_lock(?)", (_SCHEMA_LOCK,))
                needed = self._check(cursor)
                if needed == "create":
                    if self.postgres:
                        cursor.execute(f"CREATE SCHEMA IF NOT EXISTS {_POSTGRES_SCHEMA}")
                    identity = ("BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY" if self.postgres
                                else "INTEGER PRIMARY KEY AUTOINCREMENT")
                    for statement in _schema(self._prefix, identity):
                        cursor.execute(statement)
                elif needed == "migrate":
                    self._migrate_v1(cursor)

    def _check(self, cursor: Any) -> str:
        """``""`` for a usable schema, ``"create"`` or ``"migrate"``; raises `_Refused` or `_WrongSchema`."""
        tables = self._tables(cursor)
        if not tables:
            return "create"
        if not tables <= set(_TABLES):
            raise _Refused(self._foreign(tables))
        if tables == _V1_TABLES and not self.postgres:
            return "migrate"
        if tables != set(_TABLES):
            raise _WrongSchema(f"tables {sorted(tables)}")
        meta = dict(cursor.execute(f"SELECT key, value FROM {self._prefix}flip7odds_meta").fetchall())
        if meta.get("application") != APPLICATION:
            raise _Refused(self._foreign(tables))
        version = meta.get("schema", "")
        if not version.isascii() or not version.isdigit():
            raise _WrongSchema(f"schema version {version!r}")
        if int(version) > SCHEMA_VERSION:
            raise _Refused(ProgressError(
                "The progress store {where} was written by a newer flip7odds (schema {found}, this one "
                "reads {known}): it is left untouched; answers of this session are kept in memory only.",
                where=self.where, found=version, known=SCHEMA_VERSION))
        return ""

    def _tables(self, cursor: Any) -> set[str]:
        if self.postgres:
            rows = cursor.execute("SELECT table_name FROM information_schema.tables WHERE table_schema = ?",
                                  (_POSTGRES_SCHEMA,)).fetchall()
        else:
            rows = cursor.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                  "AND name NOT LIKE 'sqlite_%'").fetchall()
        return {str(row[0]) for row in rows}

    def _foreign(self, tables: set[str]) -> ProgressError:
        return ProgressError("The progress store {where} holds tables of another program ({tables}): flip7odds "
                             "never writes to it. Point FLIP7ODDS_DB at a file or database of its own; answers of "
                             "this session are kept in memory only.", where=self.where,
                             tables=", ".join(sorted(tables)[:5]))

    def _migrate_v1(self, cursor: Any) -> None:
        """Schema 1 (one player, no profiles) to 2: its answers become the profile `DEFAULT_PROFILE_KEY`."""
        columns = [row[1] for row in cursor.execute("PRAGMA table_info(answers)").fetchall()]
        if columns != ["id", *_COLUMNS[:-1]]:
            raise _WrongSchema(f"answers columns {columns}")
        cursor.execute("ALTER TABLE answers ADD COLUMN rules TEXT NOT NULL DEFAULT ''")
        cursor.execute(f"ALTER TABLE answers ADD COLUMN profile TEXT NOT NULL DEFAULT '{DEFAULT_PROFILE_KEY}'")
        cursor.execute("UPDATE answers SET rules = COALESCE((SELECT json_extract(situations.json, '$.rules') "
                       "FROM situations WHERE situations.key = answers.situation_key), '') "
                       "WHERE json_valid((SELECT json FROM situations WHERE situations.key = answers.situation_key))")
        for statement in _schema("", "")[:2] + _schema("", "")[4:]:
            cursor.execute(statement)
        cursor.execute("INSERT INTO profiles (key, name, created_at) VALUES (?, ?, ?)",
                       (DEFAULT_PROFILE_KEY, "Player", datetime.now(UTC).isoformat(timespec="seconds")))
        cursor.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _failed(self, template: str, error: BaseException) -> ProgressError:
        return ProgressError(template, where=self.where, error=_reason(error))

    # -- profiles ----------------------------------------------------------------------------

    def create_profile(self, name: str) -> Profile:
        """A new profile with a chosen name (cleaned by `clean_name`) and a fresh unguessable key."""
        profile = Profile(secrets.token_urlsafe(16), clean_name(name))
        try:
            with self._transaction() as cursor:
                cursor.execute(f"INSERT INTO {self._prefix}profiles (key, name, created_at) VALUES (?, ?, ?)",
                               (profile.key, profile.name, datetime.now(UTC).isoformat(timespec="seconds")))
        except self._errors as error:
            raise self._failed("the profile could not be created in {where}: {error}", error) from None
        return profile

    def ensure_profile(self, profile: Profile) -> None:
        """Make sure ``profile`` exists here (a profile made while the store could not be reached)."""
        try:
            with self._transaction() as cursor:
                cursor.execute(f"INSERT INTO {self._prefix}profiles (key, name, created_at) VALUES (?, ?, ?) "
                               "ON CONFLICT (key) DO NOTHING",
                               (profile.key, profile.name, datetime.now(UTC).isoformat(timespec="seconds")))
        except self._errors as error:
            raise self._failed("the profile could not be created in {where}: {error}", error) from None

    def profile(self, key: str) -> Profile | None:
        """The profile of a key (None for a key that is malformed or unknown here)."""
        if not PROFILE_KEY.fullmatch(key):
            return None
        try:
            with self._transaction(write=False) as cursor:
                row = cursor.execute(f"SELECT key, name FROM {self._prefix}profiles WHERE key = ?",
                                     (key,)).fetchone()
        except self._errors as error:
            raise self._failed("the progress store {where} could not be read: {error}", error) from None
        return None if row is None else Profile(str(row[0]), str(row[1]))

    # -- answers ------------------------------------------------------------------------------

    def record(self, question: Question | VengeanceQuestion, answer: Answer,
               profile: str = DEFAULT_PROFILE_KEY) -> None:
        """Save one answer and its situation in one transaction, retried briefly (`RETRY_DELAYS_S`);
        `ProgressError` if the store still refuses. A page keeps a `PlayerProgress` instead, which also
        keeps the answer when this fails."""
        items = [(answer, json.dumps(question.situation.to_json()))]
        for delay in RETRY_DELAYS_S:
            try:
                self.write(profile, items)
                return
            except ProgressError:
                time.sleep(delay)
        self.write(profile, items)

    def write(self, profile: str, items: Sequence[tuple[Answer, str]]) -> None:
        """Save answers (each with its situation's JSON) of a profile in one transaction: all or none."""
        try:
            with self._transaction() as cursor:
                for answer, situation_json in items:
                    cursor.execute(f"INSERT INTO {self._prefix}situations (key, tier, json) VALUES (?, ?, ?) "
                                   "ON CONFLICT (key) DO NOTHING", (answer.situation_key, answer.tier, situation_json))
                    values = [json.dumps(answer.categories) if name == "categories" else getattr(answer, name)
                              for name in _COLUMNS]
                    cursor.execute(f"INSERT INTO {self._prefix}answers ({', '.join(_COLUMNS)}, profile) "
                                   f"VALUES ({', '.join('?' * (len(_COLUMNS) + 1))})", [*values, profile])
        except self._errors as error:
            raise self._failed("the answer could not be saved to {where}: {error}", error) from None

    def history(self, profile: str = DEFAULT_PROFILE_KEY) -> History:
        """A profile's answers, oldest first; rows that cannot be read are skipped and listed."""
        try:
            with self._transaction(write=False) as cursor:
                rows = cursor.execute(f"SELECT id, {', '.join(_COLUMNS)} FROM {self._prefix}answers "
                                      "WHERE profile = ? ORDER BY id", (profile,)).fetchall()
        except self._errors as error:
            raise self._failed("the progress store {where} could not be read: {error}", error) from None
        answers, skipped = [], []
        for row in rows:
            try:
                answers.append(_answer_of_row(row[1:]))
            except (ValueError, TypeError, KeyError) as error:
                skipped.append(SkippedRow(int(row[0]), _reason(error)))
        return History(tuple(answers), tuple(skipped))

    def answers(self, profile: str = DEFAULT_PROFILE_KEY) -> list[Answer]:
        """A profile's readable answers, oldest first (`history` also says which rows were skipped)."""
        return list(self.history(profile).answers)

    def situation(self, key: str) -> QuizSituation | VengeanceQuizSituation:
        """A saved situation by its key (a With a Vengeance one when its rules are)."""
        try:
            with self._transaction(write=False) as cursor:
                row = cursor.execute(f"SELECT json FROM {self._prefix}situations WHERE key = ?", (key,)).fetchone()
        except self._errors as error:
            raise self._failed("the progress store {where} could not be read: {error}", error) from None
        if row is None:
            raise ProgressError("no saved situation {key!r}", key=key)
        try:
            data = json.loads(row[0])
        except ValueError:
            raise ProgressError("the saved situation {key!r} cannot be read", key=key) from None
        return situation_from_json(data)


class _PostgresCursor:
    """A psycopg cursor that takes SQLite's ``?`` placeholders (the store writes its SQL once)."""

    def __init__(self, cursor: Any) -> None:
        self._cursor = cursor

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        self._cursor.execute(sql.replace("?", "%s"), params)
        return self._cursor


def _reason(error: BaseException) -> str:
    """An error's own words, on one line and short (a database message may be long)."""
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= 200 else text[:199] + "…"


def situation_from_json(data: Any) -> QuizSituation | VengeanceQuizSituation:
    """A saved situation's JSON read back: a Vengeance one when its rules are, else a classic (or poker) one.

    A malformed object raises `Flip7Error`.
    """
    if not isinstance(data, dict):
        raise ProgressError("a saved situation is not a JSON object")
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
    retry: str | None = None
    """Where the real store is, when it could not be reached for now (locked, a server down): try again."""


def open_store(location: str | Path | None = None, busy_timeout: float = BUSY_TIMEOUT_S) -> Opened:
    """Open the progress store at ``location`` (an SQLite path or a PostgreSQL URL; default
    `default_location`), never losing or overwriting anything.

    * missing: created (with its folder);
    * corrupt SQLite file, or flip7odds' table names with an unknown schema: moved aside
      (``<name>.corrupt-<time>``, nothing deleted), a new one started;
    * another program's tables, or a newer schema: refused, left untouched, answers kept in memory;
    * unreachable now (locked, a server down), or a folder that cannot be written: answers kept in memory
      for this session, the notice says why (a `PlayerProgress` queues them and retries the real store).
    """
    target = str(location) if location is not None else default_location()
    caught: tuple[type[BaseException], ...] = (*_database_errors(), _WrongSchema)
    shown = shown_location(target)
    try:
        if not _is_postgres(target):
            Path(target).parent.mkdir(parents=True, exist_ok=True)
        return Opened(ProgressStore(target, busy_timeout), None)
    except _Refused as refused:
        return _in_memory(refused.why)
    except ImportError:
        return _in_memory(ProgressError("FLIP7ODDS_DB names a PostgreSQL database, but psycopg is not installed "
                                        "(pip install 'flip7odds[postgres]'); answers of this session are kept "
                                        "in memory only."))
    except OSError as error:
        return _in_memory(ProgressError("The progress file {path} cannot be created ({error}); answers of this "
                                        "session are kept in memory only.", path=shown, error=error.strerror))
    except caught as error:
        if _is_postgres(target) or _transient(error):
            if isinstance(error, _WrongSchema):
                return _in_memory(ProgressError("The progress store {path} has flip7odds' tables with an unknown "
                                                "schema ({error}): it is left untouched; answers of this session "
                                                "are kept in memory only.", path=shown, error=str(error)))
            return Opened(ProgressStore(None), ProgressError(
                "The progress store {path} cannot be reached now ({error}); answers are kept in this session and "
                "saved as soon as it can be.", path=shown, error=_reason(error)), retry=target)
        return _moved_aside(Path(target), busy_timeout, error)


def _transient(error: BaseException) -> bool:
    """A locked, unreadable or unreachable SQLite file (``OperationalError``), as opposed to a damaged one."""
    return isinstance(error, sqlite3.OperationalError)


def _moved_aside(target: Path, busy_timeout: float, error: BaseException) -> Opened:
    try:
        moved = _move_aside(target)
    except OSError as failed:
        return _in_memory(ProgressError("The progress file {path} is damaged ({error}) and cannot be moved aside "
                                        "({why}): it is left as it is; answers of this session are kept in memory "
                                        "only.", path=target, error=_reason(error), why=failed.strerror))
    try:
        return Opened(ProgressStore(str(target), busy_timeout),
                      ProgressError("The progress file {path} was damaged ({error}). It was moved to {moved} "
                                    "(nothing deleted) and a new progress file was started.", path=target,
                                    error=_reason(error), moved=moved))
    except (sqlite3.Error, _WrongSchema, _Refused, OSError) as again:
        return _in_memory(ProgressError("The progress file {path} was damaged and moved to {moved}, and a new "
                                        "one could not be created ({error}); answers are kept in memory only.",
                                        path=target, moved=moved, error=_reason(again)))


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
# A player's progress in one session: the pending queue, retries and the status the page shows.


@dataclass(frozen=True)
class SaveStatus:
    """Whether progress is being saved, where, and if not why and how many answers wait in the session."""

    saving: bool
    where: str
    pending: int = 0
    reason: ProgressError | None = None

    def text(self, t: Translator = ENGLISH) -> str:
        """The sentence the page shows, as plain text."""
        if self.saving:
            return t("Progress saved in {where}.").format(where=t(self.where))
        why = (t.error(self.reason) if self.reason is not None else t("the store cannot be reached")).rstrip(".")
        if self.pending:
            return t.ngettext("Progress is not being saved: {why}. {count} answer is kept in this session and will be "
                              "saved when the store is back.",
                              "Progress is not being saved: {why}. {count} answers are kept in this session and will "
                              "be saved when the store is back.", self.pending).format(why=why, count=self.pending)
        return t("Progress is not being saved: {why}.").format(why=why)

    def markdown(self, t: Translator = ENGLISH) -> str:
        """`text` escaped for Markdown (``st.caption``, ``st.warning``): names and paths are never markup."""
        return escape_markdown(self.text(t))


@dataclass
class PlayerProgress:
    """One player's progress in one session, the object a page keeps (``st.session_state``).

    `record` queues the answer and saves the queue (a few short retries); what could not be saved stays
    in `pending` and goes with the next save. Statistics (`history`) include the pending answers, so a
    player sees every answer they gave whatever the store does.
    """

    store: ProgressStore
    profile: Profile
    notice: ProgressError | None = None
    pending: list[tuple[Answer, str]] = field(default_factory=list)
    failure: ProgressError | None = None
    sleep: Any = time.sleep
    retry: str | None = None
    """The real store's location while it could not be reached at open: every save tries to open it again."""

    def record(self, question: Question | VengeanceQuestion, answer: Answer) -> SaveStatus:
        """Queue one answer, then save the queue; the status to show."""
        self.pending.append((answer, json.dumps(question.situation.to_json())))
        self.flush()
        return self.status

    def flush(self) -> bool:
        """Save every pending answer (in one transaction, retried briefly): True when none is left."""
        if not self.pending:
            return True
        if self.retry is not None and not self._reopen():
            return False
        delays = RETRY_DELAYS_S if self.failure is None else ()  # a store already down: one try per answer
        for attempt in range(len(delays) + 1):
            try:
                self.store.write(self.profile.key, self.pending)
            except ProgressError as error:
                self.failure = error
                if attempt < len(delays):
                    self.sleep(delays[attempt])
                continue
            self.pending.clear()
            self.failure = None
            return True
        return False

    def _reopen(self) -> bool:
        """Open the real store again (after a lock or an outage at open); True once it is in use."""
        assert self.retry is not None
        opened = open_store(self.retry, self.store.busy_timeout)
        if opened.retry is not None or opened.store.in_memory:
            self.failure = opened.notice
            if opened.retry is None:  # it answered, and is not usable (refused, damaged): stay in memory
                self.retry, self.notice, self.failure = None, opened.notice, None
            return False
        try:
            opened.store.ensure_profile(self.profile)
            self.profile = opened.store.profile(self.profile.key) or self.profile  # the name it was made with
        except ProgressError as error:
            self.failure = error
            return False
        self.store, self.retry, self.notice, self.failure = opened.store, None, opened.notice, None
        return True

    @property
    def status(self) -> SaveStatus:
        """Saving or not, and why."""
        if self.retry is not None:
            return SaveStatus(False, shown_location(self.retry), len(self.pending), self.failure or self.notice)
        if self.store.in_memory:
            return SaveStatus(False, self.store.where, len(self.pending), self.notice)
        return SaveStatus(self.failure is None, self.store.where, len(self.pending), self.failure)

    def history(self) -> History:
        """The player's answers: those saved (bad rows skipped and listed) and those still pending."""
        self.flush()
        kept = tuple(answer for answer, _ in self.pending)
        try:
            saved = self.store.history(self.profile.key)
        except ProgressError as error:
            self.failure = error
            return History(kept)
        return History(saved.answers + kept, saved.skipped)

    def replay(self, rules: str, tier: int | None = None) -> Replay | None:
        """The worst mistake of this variant (and difficulty level, when given) solved again, or None.

        A replay keeps the variant and the level it was dealt at: the returned question's situation holds
        its own rules and tier, which the page shows.
        """
        queue = mistakes_queue(self.history().answers, rules=rules, tier=tier)
        for mistake in queue:
            situation = self._situation(mistake.situation_key)
            if situation is not None and situation.rules.name == rules:
                return Replay(question_of(situation), mistake)
        return None

    def _situation(self, key: str) -> QuizSituation | VengeanceQuizSituation | None:
        for answer, situation_json in self.pending:
            if answer.situation_key == key:
                return situation_from_json(json.loads(situation_json))
        try:
            return self.store.situation(key)
        except Flip7Error:
            return None


@dataclass(frozen=True)
class Replay:
    """A mistake to play again: its question (solved again, in its own variant and level) and the answer."""

    question: Question | VengeanceQuestion
    mistake: Answer

    @property
    def rules(self) -> str:
        """The variant the situation was dealt in."""
        return self.question.situation.rules.name

    @property
    def tier(self) -> int:
        """The difficulty level it was dealt at (a `Tier` or `VTier` value)."""
        return int(self.question.situation.tier)


def open_progress(profile_key: str | None = None, name: str | None = None, location: str | Path | None = None,
                  busy_timeout: float = BUSY_TIMEOUT_S) -> PlayerProgress:
    """A page's one call: the store (`open_store`) and the player's profile.

    ``profile_key`` (from the link's ``profile``) finds an existing profile; otherwise a new one is created,
    named ``name`` (default ``"Player"``). When the store cannot be used, the session still has a profile
    of its own, in memory.
    """
    opened = open_store(location, busy_timeout)
    store = opened.store
    if opened.retry is not None:  # not reachable for now: the link's profile (or a new one) waits with the answers
        key = profile_key if profile_key and PROFILE_KEY.fullmatch(profile_key) else secrets.token_urlsafe(16)
        return PlayerProgress(store, Profile(key, clean_name(name or "Player")), opened.notice, retry=opened.retry)
    try:
        profile = store.profile(profile_key) if profile_key else None
        if profile is None:
            profile = store.create_profile(name or "Player")
    except ProgressError as error:
        opened = _in_memory(error)
        store = opened.store
        profile = store.create_profile(name or "Player")
    return PlayerProgress(store, profile, opened.notice)


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


def mistakes_queue(answers: Sequence[Answer], rules: str | None = None, tier: int | None = None) -> list[Answer]:
    """Situations whose latest answer was an Inaccuracy or worse, worst first: the "replay my mistakes" queue.

    Answering one again with Best or Fine takes it off the queue. ``rules`` (a variant's name) and
    ``tier`` keep only the mistakes dealt in that variant and at that level.
    """
    latest: dict[str, Answer] = {}
    for answer in answers:
        if (rules is None or answer.rules == rules) and (tier is None or answer.tier == tier):
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
    "DEFAULT_PROFILE_KEY", "ENVIRONMENT_VARIABLE", "Answer", "CategoryResult", "History", "Opened", "PlayerProgress",
    "Profile", "ProgressError", "ProgressStore", "Replay", "SaveStatus", "SkippedRow", "Summary", "by_category",
    "clean_name", "default_location", "default_path", "mistakes_queue", "open_progress", "open_store", "question_of",
    "shown_location", "situation_from_json", "summarize", "to_csv", "weakest_categories",
]

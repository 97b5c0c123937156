"""What every subcommand of the command line shares: its parser, the checked option types, the progress bar.

Nothing here imports numpy or the solver, so that a malformed argument is refused before anything heavy
loads. Every option type checks its range at once: a number is read only from a short text (no
4,000-digit integers, no ``inf``), and a card list only up to `MAX_CARD_TEXT` characters.

>>> whole_number(1, 36)("4"), gigabytes("0.5"), card_text("12 7 +4")
(4, 0.5, '12 7 +4')
>>> try:
...     whole_number(0, 35)("1000000000")
... except argparse.ArgumentTypeError as error:
...     print(error)
1000000000 is out of range: use a whole number from 0 to 35
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from typing import NoReturn, TextIO

from flip7odds.errors import Plural
from flip7odds.i18n import ENGLISH, Translator
from flip7odds.number_text import NumberTextError, parse_ratio

EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130
MAX_NUMBER_TEXT = 24
"""The longest text read as a number (a 64-bit seed has 20 digits)."""
MAX_CARD_TEXT = 2000
"""The longest card list read (a double deck written one card at a time takes about 600 characters)."""
MAX_SEED = 2**63 - 1
MAX_OTHERS = 35
"""The most other players at a table (36 players, two decks)."""
MEMORY_LIMIT_GB = 0.75
"""``--memory-limit``'s default, in GB: the exact solver within it, certified bounds beyond
(`flip7odds.answer.EXACT_MEMORY`)."""
DEFAULT_CPU_SECONDS, MAX_CPU_SECONDS = 3.0, 600.0
"""``--cpu-seconds``' default and its most (`flip7odds.answer`'s)."""
MIN_MEMORY_GB, MAX_MEMORY_GB = 0.001, 1_000_000.0
"""The range of a memory limit other than 0 (no limit)."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {shortened(message)}\n")


def shortened(message: str, limit: int = 300) -> str:
    """``message`` on one line and at most ``limit`` characters (a huge argument is not echoed whole).

    >>> shortened("unknown card '" + "z" * 1000 + "'", 30)
    "unknown card 'zzzzzzzzzzzzzzz…"
    """
    line = " ".join(message.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def _number_text(text: str) -> str:
    stripped = text.strip()
    if len(stripped) > MAX_NUMBER_TEXT:
        raise argparse.ArgumentTypeError(f"{shortened(stripped, 30)!r} is too long for a number")
    return stripped


def integer(text: str) -> int:
    """An option type: a whole number of at most `MAX_NUMBER_TEXT` characters (the command checks its range)."""
    stripped = _number_text(text)
    if not re.fullmatch(r"[+-]?[0-9]+", stripped):
        raise argparse.ArgumentTypeError(f"{stripped!r} is not a whole number")
    return int(stripped)


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An option type: a whole number from ``low`` to ``high``."""

    def read(text: str) -> int:
        value = integer(text)
        if value < low == 0:
            raise argparse.ArgumentTypeError(f"{value} is negative")
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is out of range: use a whole number from {low} to {high}")
        return value

    read.__name__ = "whole number"
    return read


def _quantity(text: str, unit: str) -> Fraction:
    """A non-negative number of ``unit`` read exactly and boundedly by `flip7odds.number_text.parse_ratio` (the
    links' number reader too): ASCII digits, an exponent of at most two digits, no ``inf`` or ``nan``."""
    stripped = _number_text(text)
    try:
        return parse_ratio(stripped)
    except NumberTextError:
        raise argparse.ArgumentTypeError(f"{stripped!r} is not a number of {unit}") from None


def gigabytes(text: str) -> float:
    """An option type: a memory size in GB, 0 (no limit) or from `MIN_MEMORY_GB` to `MAX_MEMORY_GB`.

    Read exactly, so a tiny size such as ``1e-30`` is out of range rather than "0, no limit".
    """
    value = _quantity(text, "gigabytes")
    if value != 0 and not MIN_MEMORY_GB <= float(value) <= MAX_MEMORY_GB:
        raise argparse.ArgumentTypeError(
            f"{text.strip()} is out of range: use 0 (no limit) or from {MIN_MEMORY_GB:g} to {MAX_MEMORY_GB:g} GB")
    return float(value)


def cpu_seconds(text: str) -> float:
    """An option type: a CPU budget in seconds, more than 0 and at most `MAX_CPU_SECONDS`."""
    value = _quantity(text, "seconds")
    if not (value > 0 and float(value) <= MAX_CPU_SECONDS):
        raise argparse.ArgumentTypeError(f"{text.strip()} is out of range: more than 0 and at most "
                                         f"{MAX_CPU_SECONDS:g} s")
    return float(value)


def card_text(text: str) -> str:
    """An option type: cards in notation, at most `MAX_CARD_TEXT` characters (read by the situation)."""
    if len(text) > MAX_CARD_TEXT:
        raise argparse.ArgumentTypeError(f"a card list of {len(text):,} characters is too long "
                                         f"(at most {MAX_CARD_TEXT:,})")
    return text


def short_text(text: str) -> str:
    """An option type: a name or a policy, at most 200 characters."""
    if len(text) > 200:
        raise argparse.ArgumentTypeError(f"{shortened(text, 30)!r} is too long (at most 200 characters)")
    return text


def escaped(help_text: str) -> str:
    """A help text with its ``%`` doubled, as argparse's formatting wants it (``bust>=26%``)."""
    return help_text.replace("%", "%%")


class ProgressBar:
    """A one-line progress bar: ``[#####.....] 120/400 games (35/s)``, on ``stream`` (None: nowhere).

    It appears once the work has lasted ``after`` seconds and redraws at most five times a second. The
    commands draw it on `terminal` (standard error when it is a terminal, else nowhere), so that
    redirected output is the result alone.
    """

    def __init__(self, total: int, label: Plural, stream: TextIO | None, t: Translator = ENGLISH,
                 after: float = 0.5) -> None:
        self.total, self.label, self.stream, self.t, self.after = total, label, stream, t, after
        self.started = time.monotonic()
        self.shown = 0.0

    def update(self, done: int) -> None:
        """``done`` of the ``total`` items are finished."""
        if self.stream is None:
            return
        elapsed = time.monotonic() - self.started
        if elapsed < self.after or (elapsed - self.shown < 0.2 and done != self.total):
            return
        self.shown = elapsed
        filled = done * 30 // max(self.total, 1)
        rate = done / elapsed if elapsed > 0 else 0.0
        self.stream.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] " + self.label.choose(self.t, {"total": self.total}).format(
            done=done, total=self.total, rate=self.t.number(rate, 1 if rate < 10 else 0)))
        self.stream.flush()

    def close(self) -> None:
        """End the bar's line (if it was drawn)."""
        if self.stream is not None and self.shown:
            self.stream.write("\n")
            self.stream.flush()


def terminal() -> TextIO | None:
    """Standard error when it is a terminal (where progress is drawn), else None."""
    try:
        return sys.stderr if sys.stderr.isatty() else None
    except (AttributeError, ValueError):
        return None


__all__ = [
    "EXIT_BAD_INPUT", "EXIT_INTERRUPTED", "MAX_CARD_TEXT", "MAX_OTHERS", "MAX_SEED", "MEMORY_LIMIT_GB", "Parser",
    "ProgressBar", "card_text", "escaped", "gigabytes", "integer", "short_text", "shortened", "terminal", "whole_number",
]

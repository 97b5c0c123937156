"""Bounded number parsing for text from anyone (a link, a command-line argument, a policy name).

Python's own readers are neither ASCII-only nor bounded: ``"²".isdigit()`` is true (and ``int("²")``
fails), ``int("٣")`` is 3, and ``Fraction("1e-99999999")`` computes ten to that power before it
answers. These readers accept ASCII digits only, a bounded count of them, and an exponent of at
most two digits, so that reading never costs more than a few microseconds and never raises anything
but `NumberTextError`.

>>> parse_whole("42", 0, 99), parse_ratio("26%"), parse_ratio("13/50"), parse_ratio("2.6e-1")
(42, Fraction(13, 50), Fraction(13, 50), Fraction(13, 50))
>>> parse_whole("²", 0, 9)
Traceback (most recent call last):
...
flip7odds.number_text.NumberTextError: '²' is not a whole number from 0 to 9
>>> parse_ratio("1e-10000000")
Traceback (most recent call last):
...
flip7odds.number_text.NumberTextError: '1e-10000000' is not a number (write 0.26, 26% or 13/50)
"""

from __future__ import annotations

import re
from fractions import Fraction

from flip7odds.errors import Flip7Error

MAX_DIGITS = 30
"""Digits a number may have on either side of its point (and in a fraction's numerator or denominator)."""
MAX_EXPONENT_DIGITS = 2
"""Digits of a decimal exponent: ``1e-30`` is read, ``1e-300`` is not."""
MAX_TEXT = 80
"""Characters of text looked at, at most; a longer text is refused before any regular expression runs."""

_WHOLE = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}", re.ASCII)
_DECIMAL = re.compile(
    rf"(?P<int>[0-9]{{0,{MAX_DIGITS}}})(?:\.(?P<frac>[0-9]{{0,{MAX_DIGITS}}}))?"
    rf"(?:[eE](?P<exp>[+-]?[0-9]{{1,{MAX_EXPONENT_DIGITS}}}))?(?P<percent>%)?", re.ASCII)
_RATIO = re.compile(rf"(?P<num>[0-9]{{1,{MAX_DIGITS}}})/(?P<den>[0-9]{{1,{MAX_DIGITS}}})", re.ASCII)


class NumberTextError(Flip7Error):
    """A text is not a number of the form and range asked for; the message quotes it."""


def parse_whole(text: str, low: int, high: int) -> int:
    """The whole number ``text`` (ASCII digits, surrounding spaces allowed) if it lies in ``[low, high]``.

    >>> parse_whole(" 7 ", 1, 7)
    7
    >>> parse_whole("8", 1, 7)
    Traceback (most recent call last):
    ...
    flip7odds.number_text.NumberTextError: '8' is not a whole number from 1 to 7
    """
    stripped = text.strip()
    if len(stripped) <= MAX_DIGITS and _WHOLE.fullmatch(stripped) and low <= int(stripped) <= high:
        return int(stripped)
    raise NumberTextError("{text!r} is not a whole number from {low} to {high}", text=_shown(text), low=low,
                          high=high)


def parse_ratio(text: str) -> Fraction:
    """A non-negative number written ``0.26``, ``.26``, ``26%``, ``13/50`` or ``2.6e-1``, read exactly.

    Zero denominators, signs, non-ASCII digits, more than `MAX_DIGITS` digits and exponents beyond
    `MAX_EXPONENT_DIGITS` digits are refused. The caller checks the range.

    >>> parse_ratio("0.5"), parse_ratio(".5"), parse_ratio("5e-1%")
    (Fraction(1, 2), Fraction(1, 2), Fraction(1, 200))
    >>> parse_ratio("1/0")
    Traceback (most recent call last):
    ...
    flip7odds.number_text.NumberTextError: '1/0' is not a number (write 0.26, 26% or 13/50)
    """
    stripped = text.strip()
    value = _ratio(stripped) if len(stripped) <= MAX_TEXT else None
    if value is None:
        raise NumberTextError("{text!r} is not a number (write 0.26, 26% or 13/50)", text=_shown(text))
    return value


def _ratio(text: str) -> Fraction | None:
    fraction = _RATIO.fullmatch(text)
    if fraction:
        denominator = int(fraction["den"])
        return Fraction(int(fraction["num"]), denominator) if denominator else None
    decimal = _DECIMAL.fullmatch(text)
    if not decimal or not (decimal["int"] or decimal["frac"]):
        return None
    digits = (decimal["int"] or "") + (decimal["frac"] or "")
    exponent = int(decimal["exp"] or 0) - len(decimal["frac"] or "") - (2 if decimal["percent"] else 0)
    return Fraction(int(digits)) * Fraction(10) ** exponent


def _shown(text: str) -> str:
    """A text as a message quotes it: at most 40 characters."""
    return text if len(text) <= 40 else text[:39] + "…"


__all__ = ["MAX_DIGITS", "MAX_EXPONENT_DIGITS", "NumberTextError", "parse_ratio", "parse_whole"]

"""User text is never markup (flip7odds.markup) and numbers from anyone are read in bounded time (flip7odds.number_text)."""

from __future__ import annotations

import string
import time
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from flip7odds.errors import Flip7Error
from flip7odds.i18n import translator
from flip7odds.markup import escape_markdown, unescape_markdown
from flip7odds.number_text import MAX_DIGITS, NumberTextError, parse_ratio, parse_whole
from flip7odds.policies import PolicyError, parse_policy
from flip7odds.simulator import SimulationError, policy_from_text

MARKUP = ("[Click here to restore](http://evil.example)", "![x](http://evil.example/a.png)", ":red[alarm]",
          ":material/home:", "`code`", "<b>bold</b>", "<http://evil.example>", "www.evil.example", "**b** _i_ ~~s~~",
          "$x^2$", "| a | b |", "# heading", "- item", "1. item", "&#91;x&#93;", "a\n\n# h", "\\[not escaped\\]")


@pytest.mark.parametrize("text", MARKUP)
def test_markup_is_escaped_character_by_character(text: str) -> None:
    escaped = escape_markdown(text)
    for index, char in enumerate(escaped):
        if char in string.punctuation and char != "\\":
            assert escaped[index - 1] == "\\", (text, escaped)
    assert "\n" not in escaped


@given(st.text(max_size=200))
def test_escaped_text_reads_the_same_and_holds_no_bare_punctuation(text: str) -> None:
    escaped = escape_markdown(text)
    chars = iter(escaped)
    for char in chars:
        if char == "\\":
            assert next(chars) in string.punctuation  # every backslash escapes exactly one punctuation character
        else:
            assert char not in string.punctuation
    plain = "".join(" " if c in "\r\n\u2028\u2029\x85\x0b\x0c\t" else c for c in text
                    if c.isprintable() or c in " \r\n\u2028\u2029\x85\x0b\x0c\t")
    assert unescape_markdown(escaped) == plain


def test_error_messages_quoting_user_text_are_escaped_for_markdown() -> None:
    for text in MARKUP:
        for read in (parse_policy, policy_from_text):
            with pytest.raises(Flip7Error) as raised:
                read(text)
            for language in ("en", "es"):
                shown = translator(language).markdown_error(raised.value)
                assert unescape_markdown(shown) == translator(language).error(raised.value).replace("\n", " ")
                assert "](" not in shown and ":red[" not in shown and "<b>" not in shown


@given(st.text(max_size=120))
def test_numbers_from_anyone_raise_only_number_text_errors(text: str) -> None:
    for read in (lambda: parse_whole(text, 0, 10**6), lambda: parse_ratio(text)):
        try:
            read()
        except NumberTextError:
            pass


@pytest.mark.parametrize("text", ["1e-10000000", "1e99999999", "9" * 5000, "0." + "0" * 4000 + "1", "1/0", "0/0",
                                  "²", "١٢", "１２", "1e-100", "-0.5", "nan", "inf", "1_000"])
def test_hostile_numbers_are_refused_at_once(text: str) -> None:
    started = time.perf_counter()
    with pytest.raises(NumberTextError):
        parse_ratio(text)
    with pytest.raises(NumberTextError):
        parse_whole(text, 0, 10**9)
    for policy in (f"bust>={text}", f"sum>={text}"):
        with pytest.raises(PolicyError):
            parse_policy(policy)
    with pytest.raises(SimulationError):
        policy_from_text(f"bust:{text}")
    assert time.perf_counter() - started < 5  # generous: a blow-up (10**10000000) takes minutes


@given(st.integers(0, 10**MAX_DIGITS - 1), st.integers(1, 10**MAX_DIGITS - 1))
def test_ratios_are_read_exactly(numerator: int, denominator: int) -> None:
    assert parse_ratio(f"{numerator}/{denominator}") == Fraction(numerator, denominator)


@given(st.fractions(min_value=0, max_value=1, max_denominator=10**6))
def test_policy_thresholds_round_trip(threshold: Fraction) -> None:
    policy = parse_policy(f"bust>={threshold.numerator}/{threshold.denominator}")
    assert parse_policy(str(policy)) == policy
    assert policy_from_text(f"bust:{threshold.numerator}/{threshold.denominator}").threshold == threshold \
        if threshold else True


def test_decimals_and_percentages() -> None:
    assert parse_ratio("26%") == parse_ratio("0.26") == parse_ratio("2.6e-1") == Fraction(13, 50)
    assert parse_ratio("1e-30") == Fraction(1, 10**30)
    assert parse_whole("0", 0, 0) == 0

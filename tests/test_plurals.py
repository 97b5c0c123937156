"""Plurals: a count before a countable noun is a plural message, and each catalog has every plural form.

The scan reads every message of the code (`flip7odds.i18n.extract_messages`) file by file: a placeholder
that holds a count, written before a countable noun ("{pile} cards", "{n} jugadores"), must be inside a
plural message (``t.ngettext`` or ``errors.Plural``), where gettext picks "1 card" or "2 cards".
"""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from flip7odds.errors import Plural, SituationError
from flip7odds.i18n import LANGUAGES, extract_messages, plural_catalog, translator

ROOT = Path(__file__).resolve().parents[1]
LIBRARY = sorted((ROOT / "flip7odds").rglob("*.py"))
APP = [ROOT / "app.py", *sorted((ROOT / "flip7odds_ui").glob("*.py")), *sorted((ROOT / "pages").glob("*.py"))]
"""The app's files: the UI package and the pages."""

NOUNS = ("cards?", "cartas?", "players?", "jugador(?:es)?", "points?", "puntos?", "games?", "partidas?",
         "rounds?", "rondas?", "answers?", "respuestas?", "questions?", "preguntas?", "numbers?", "números?",
         "states?", "estados?", "lines?", "líneas?", "situations?", "situaciones?", "discards?", "descartes?",
         "reshuffles?", "copies", "copy", "copias?", "decisions?", "decisiones?", "errors?", "errores?",
         "trials?", "simulations?", "seconds?", "segundos?", "opponents?", "rivales?", "rival", "leaf", "leaves",
         "hojas?", "branch(?:es)?", "ramas?", "rules?", "reglas?", "solves?", "cálculos?")
"""Countable nouns in both languages (a number before one of them needs the noun's singular and plural)."""
WORD_FIELDS = frozenset({"card", "rules", "where", "line", "name", "status", "role", "kind", "token", "what",
                         "deck", "cards", "policy", "decision", "round", "win", "event", "place", "title"})
"""Placeholders that hold words, not counts ("too many {card} cards": a card's name)."""
DECIMAL_AMOUNTS = {
    "Certified bounds: the exact value lies inside every interval above; the widest score interval is {width} points "
    "wide (the exact solver would take too long here)": "a width with decimals",
    "Within ±{bound}&nbsp;points (certified bounds)": "a bound with decimals",
    "HIT: hitting is worth at least {margin} points more than staying (stay {stay}, hit {hit})": "a margin with decimals",
    "STAY: staying is worth at least {margin} points more than hitting (stay {stay}, hit {hit})": "a margin with decimals",
    "Hit once, then stay: {points} points": "an expected score with two decimals",
    "Stay now: {points} points": "an expected score with two decimals",
    "Hit, then play best: {points} points": "an expected score with two decimals",
    "Hit once, then stay: {points} points (= {fraction})": "an expected score with two decimals",
    "HIT: hitting is worth {margin} points more than staying (stay {stay}, hit {hit})": "a margin with decimals",
    "STAY: staying is worth {margin} points more than hitting (stay {stay}, hit {hit})": "a margin with decimals",
    "Round-EV and win-probability agree: {decision} (+{margin} points of winning chance)":
        "percentage points with one decimal",
    "Round-EV says {round}, win-probability says {win}: +{margin} points of winning chance":
        "percentage points with one decimal",
    "One card alone adds {gain} points for {risk} at risk, but the cards after it (and the Flip 7 bonus) make "
    "hitting worth {more} more than your {stay}: hit.": "an expected gain with two decimals",
    "%{y}: %{x:.2f} points (%{text})": "an average with two decimals",
    "mean round score {mean} ± {stderr} (1 s.e.), {rounds} rounds per game, {reshuffles} reshuffles per game":
        "averages per game with two decimals",
    "{value} points": "an expected score with decimals",
    "{points} points": "percentage points with one decimal",
    "You estimated {guess}; the exact chance is {truth} — off by {error} points.": "percentage points, one decimal",
    "{errors} standard errors": "a distance in standard errors, with decimals",
    "Share of Inaccuracies or worse among non-trivial decisions (hit and stay within {points} points).":
        "a margin of expected points with one decimal",
}
"""Messages whose number before a noun is a decimal amount: read in the plural for every value shown
("0.35 points", "1.00 points", "26,40 puntos"), so they need no plural form."""

COUNT_BEFORE_NOUN = re.compile(r"(?:%\{(?P<plotly>[^}]*)\}|\{(?P<field>[^{}:!]*)[^{}]*\})(?:[ \u00a0]|&nbsp;)"
                               r"(?:(?!(?:this|that|the|per|a|an|of|each|every|esta|este|la|el|por|cada)\b)[\w-]+(?:[ \u00a0]|&nbsp;))?"
                               r"(?P<noun>" + "|".join(NOUNS) + r")\b", re.IGNORECASE)


def counts_before_nouns(message: str) -> list[str]:
    """The ``{count} noun`` places of a message whose placeholder holds a count."""
    return [match.group(0) for match in COUNT_BEFORE_NOUN.finditer(message)
            if (match.group("field") or match.group("plotly") or "").split("[")[0].split(".")[0] not in WORD_FIELDS]


def test_the_scan_finds_a_count_before_a_noun() -> None:
    assert counts_before_nouns("Pile: {pile} cards") == ["{pile} cards"]
    assert counts_before_nouns("{bust} of the {left} cards left") == ["{left} cards"]
    assert counts_before_nouns("quedan {count} cartas") == ["{count} cartas"]
    assert counts_before_nouns("±{bound}&nbsp;points") == ["{bound}&nbsp;points"]  # kept on one line in HTML
    assert counts_before_nouns("%{text} answers") == ["%{text} answers"]
    assert counts_before_nouns("{n} other players") == ["{n} other players"]
    assert counts_before_nouns("too many {card} cards") == []
    assert counts_before_nouns("cards left: {count}") == []
    assert counts_before_nouns("You score {score} this round") == []


@pytest.mark.parametrize("path", LIBRARY + APP, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_count_before_a_noun_outside_a_plural_message(path: Path) -> None:
    wrong = {message: places for message in extract_messages([path]) if isinstance(message, str)
             and message not in DECIMAL_AMOUNTS and (places := counts_before_nouns(message))}
    assert not wrong, f"use t.ngettext (or errors.Plural) for: {wrong}"


def test_the_decimal_amounts_are_still_in_the_code() -> None:
    messages = extract_messages(LIBRARY + APP)
    assert not set(DECIMAL_AMOUNTS) - set(messages)


def placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_plural_message_has_every_form(language: str) -> None:
    plurals = {message for message in extract_messages(LIBRARY + APP) if isinstance(message, tuple)}
    assert plurals, "no plural message found"
    forms = plural_catalog(language)
    for singular, plural in plurals:
        if language == "en":
            continue
        translated = forms.get((singular, plural))
        assert translated and all(translated), f"untranslated plural: {singular!r}"
        assert {frozenset(placeholders(form)) for form in translated} == {frozenset(placeholders(plural))}, singular


def test_the_count_picks_the_form_in_each_language() -> None:
    es, en = translator("es"), translator("en")
    one, many = "{bust} of the {left} card left would bust you", "{bust} of the {left} cards left would bust you"
    assert [en.ngettext(one, many, n).format(bust=0, left=n) for n in (1, 2)] == [
        "0 of the 1 card left would bust you", "0 of the 2 cards left would bust you"]
    assert [es.ngettext(one, many, n).format(bust=0, left=n) for n in (1, 2, 0)] == [
        "0 de 1 carta que queda te eliminaría", "0 de las 2 cartas que quedan te eliminarían",
        "0 de las 0 cartas que quedan te eliminarían"]
    assert [es.counted("{count} card", "{count} cards", n) for n in (1, 2, 1_000_000)] == [
        "1 carta", "2 cartas", "1.000.000 cartas"]


def test_an_error_about_a_count_reads_in_the_singular_for_one() -> None:
    template = Plural("the pile still has {size} card: it is reshuffled only when empty",
                      "the pile still has {size} cards: it is reshuffled only when empty", "size")
    assert str(SituationError(template, size=1)).startswith("the pile still has 1 card:")
    assert translator("es").error(SituationError(template, size=1)).startswith("Al mazo aún le queda 1 carta")
    assert translator("es").error(SituationError(template, size=3)).startswith("Al mazo aún le quedan 3 cartas")

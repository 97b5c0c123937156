"""Languages: every message has both catalogs' entries, translations keep their placeholders, output is Spanish."""

import io
import string
from collections.abc import Iterable
from pathlib import Path

import pytest

from flip7odds.analysis import Decision
from flip7odds.cards import ACTION_NAMES, FLIP_THREE, FREEZE, SECOND_CHANCE, Action, Card, card_name, parse_cards
from flip7odds.cli import main
from flip7odds.engine import Event, Termination
from flip7odds.errors import SituationError
from flip7odds.i18n import LANGUAGES, catalog, catalog_path, extract_messages, language_from_locale, translator
from flip7odds.links import decode
from flip7odds.quiz import GRADE_NAMES, Grade, Tier, generate, hint
from flip7odds.rules import CLASSIC, RULESETS
from flip7odds.shoe import STATUS_NAMES, Place, RoundStatus, Table
from flip7odds.situation import Situation
from flip7odds.teaching import PileChoice, PolicyFamily
from flip7odds.teaching_charts import ENDING_LABELS, EVENT_LABELS, FAMILY_TITLES
from flip7odds.vengeance.engine import VEvent
from flip7odds_ui.teaching import PILE_CHOICE_NAMES

ROOT = Path(__file__).resolve().parents[1]
SOURCES = [*sorted((ROOT / "flip7odds").rglob("*.py")), ROOT / "app.py",
           *sorted((ROOT / "flip7odds_ui").glob("*.py")), *sorted((ROOT / "pages").glob("*.py"))]


def placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


def catalog_ids(language: str) -> set[str]:
    from babel.messages.pofile import read_po

    with catalog_path(language).open("rb") as handle:
        return {(str(m.id[0]), str(m.id[1])) if isinstance(m.id, list | tuple) else str(m.id)
                for m in read_po(handle) if m.id}


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_message_in_the_code_is_in_the_catalog(language: str) -> None:
    missing = sorted(set(extract_messages(SOURCES)) - catalog_ids(language))
    assert not missing, f"run python scripts/update_catalogs.py; missing in {language}: {missing}"


def test_spanish_translates_everything_and_keeps_the_placeholders() -> None:
    spanish = catalog("es")
    for message in extract_messages(SOURCES):
        if isinstance(message, tuple):
            continue  # plural messages: tests/test_plurals.py
        assert message in spanish, f"untranslated: {message!r}"
        assert placeholders(spanish[message]) == placeholders(message), message


def test_numbers_follow_the_language() -> None:
    assert translator("es").percent(0.2741) == "27,4\u00a0%"
    assert translator("en").percent(0.2741) == "27.4%"
    assert translator("es").number(1234.5) == "1.234,50"


def test_language_from_locale() -> None:
    assert language_from_locale("es-MX") == "es"
    assert language_from_locale("en_GB.UTF-8") == "en"
    assert language_from_locale("de_DE") == "en"


def test_errors_in_spanish() -> None:
    with pytest.raises(SituationError) as caught:
        Situation.from_text(CLASSIC, "5", seen="1 1")
    assert translator("es").error(caught.value) == (
        "Demasiadas cartas 1: vistas 2 suman 2, pero la baraja classic tiene 1")


def test_command_line_report_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    assert main(["analyze", "--line", "12 11 10 9 8", "--lang", "es"], out=out) == 0
    assert out.getvalue().startswith("PLÁNTATE: plantarse vale")
    assert main(["analyze", "--line", "7 7", "--lang", "es"], out=io.StringIO()) == 2
    assert capsys.readouterr().err == "flip7odds: error: Número repetido 7 en tu línea: un segundo 7 te elimina\n"


# ----------------------------------------------------------------------------------------------
# Text the library builds for the app.


@pytest.mark.parametrize(
    ("table", "members"),
    [
        (ACTION_NAMES, Action),
        (EVENT_LABELS, [*Event, *VEvent]),
        (ENDING_LABELS, Termination),
        (GRADE_NAMES, Grade),
        (STATUS_NAMES, RoundStatus),
        (FAMILY_TITLES, PolicyFamily),
        (PILE_CHOICE_NAMES, PileChoice),
    ],
)
def test_every_member_of_a_shown_enum_has_a_spanish_name(table: dict[object, str], members: Iterable[object]) -> None:
    spanish = catalog("es")
    assert set(table) == set(members)
    assert all(spanish.get(name) for name in table.values()), [name for name in table.values() if name not in spanish]


def test_card_names_in_each_language() -> None:
    es = translator("es")
    assert [card_name(card, es) for card in (FREEZE, FLIP_THREE, SECOND_CHANCE)] == [
        "Congelar", "Robar tres", "Segunda oportunidad"]  # the Spanish rules (/work/shared/seeds)
    assert [card_name(card) for card in (FREEZE, FLIP_THREE, SECOND_CHANCE)] == ["Freeze", "Flip Three", "Second Chance"]
    assert [card_name(card, es) for card in parse_cards("0 12 +4 -2 x2")] == ["0", "12", "+4", "-2", "×2"]
    for rules in RULESETS.values():  # every kind of every deck has a name, and a number is its value
        for card in rules.kinds:
            name = card_name(card, es)
            assert name and (name == str(card.value) if card.is_number else True)


def test_nested_error_messages_translate_every_part() -> None:
    with pytest.raises(SituationError) as impossible:
        decode({"line": "7 7 7"})
    assert translator("es").error(impossible.value) == (
        "La mesa del enlace es imposible: 7 no puede ir después en tu línea: tu ronda ya había terminado (eliminado)")
    assert str(impossible.value) == (
        "the link's table is impossible: 7 cannot follow in your line: your round was already over (bust)")
    with pytest.raises(SituationError) as too_many:
        decode({"line": "1", "seen": "1"})
    assert translator("es").error(too_many.value) == (
        "La mesa del enlace es imposible: demasiadas cartas 1: tu línea 1, vistas 1 suman 2, pero la baraja classic "
        "tiene 1")
    with pytest.raises(SituationError) as taken:
        Table.build(CLASSIC, (), (), ()).with_cards((Card.number(5),), Place.SEEN).without_cards(
            (Card.number(6),), Place.SEEN)
    assert translator("es").error(taken.value) == "No hay ningún 6 en vistas en otras líneas"


def test_quiz_hint_and_categories_in_spanish() -> None:
    es = translator("es")
    question = generate(Tier.FRESH, 1, seed=2)[0]
    sentence = hint(question, es)
    assert f"de las {question.exact.pile_size} cartas que quedan" in sentence
    assert sentence.endswith("pide carta." if question.exact.decision is Decision.HIT else "plántate.")
    assert hint(question) != sentence
    for dimension, category in question.situation.categories().items():
        assert es(dimension) != dimension and (category.isdigit() or es(category) != category)

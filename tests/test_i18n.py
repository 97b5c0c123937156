"""Languages: every message has both catalogs' entries, translations keep their placeholders, output is Spanish."""

import io
import string
from pathlib import Path

import pytest

from flip7odds.cli import main
from flip7odds.errors import SituationError
from flip7odds.i18n import LANGUAGES, catalog, catalog_path, extract_messages, language_from_locale, translator
from flip7odds.rules import CLASSIC
from flip7odds.situation import Situation

ROOT = Path(__file__).resolve().parents[1]
SOURCES = [*sorted((ROOT / "flip7odds").rglob("*.py")), ROOT / "app.py", ROOT / "app_support.py", *sorted((ROOT / "pages").glob("*.py"))]


def placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


def catalog_ids(language: str) -> set[str]:
    from babel.messages.pofile import read_po

    with catalog_path(language).open("rb") as handle:
        return {str(m.id) for m in read_po(handle) if m.id}


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_message_in_the_code_is_in_the_catalog(language: str) -> None:
    missing = sorted(set(extract_messages(SOURCES)) - catalog_ids(language))
    assert not missing, f"run python scripts/update_catalogs.py; missing in {language}: {missing}"


def test_spanish_translates_everything_and_keeps_the_placeholders() -> None:
    spanish = catalog("es")
    for message in extract_messages(SOURCES):
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
        "demasiadas cartas 1: vistas 2 suman 2, pero la baraja classic tiene 1")


def test_command_line_report_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    assert main(["analyze", "--line", "12 11 10 9 8", "--lang", "es"], out=out) == 0
    assert out.getvalue().startswith("PLÁNTATE: plantarse vale")
    assert main(["analyze", "--line", "7 7", "--lang", "es"], out=io.StringIO()) == 2
    assert capsys.readouterr().err == "flip7odds: error: número repetido 7 en tu línea: un segundo 7 te elimina\n"

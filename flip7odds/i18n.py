"""Languages: message catalogs and number formats per language.

All user-facing text has an English message id; the translations live in gettext ``.po`` catalogs
(``flip7odds/locale/<lang>/LC_MESSAGES/flip7odds.po``), read with Babel. Numbers and percentages follow
the language's conventions (CLDR, through Babel): ``27.4%`` in English, ``27,4 %`` in Spanish.
A message about a count ("1 card", "2 cards") is a plural message, translated with gettext's
``ngettext``: each catalog declares its language's plural forms (``Plural-Forms``) and the count picks one.

>>> spanish = translator("es")
>>> spanish("Stay now: {points} points").format(points=26)
'Plantarse ahora: 26 puntos'
>>> [spanish.counted("{count} card", "{count} cards", n) for n in (1, 2, 1000)]
['1 carta', '2 cartas', '1.000 cartas']
>>> spanish.percent(0.2741), translator("en").percent(0.2741)
('27,4\\xa0%', '27.4%')
>>> language_from_locale("es_AR.UTF-8"), language_from_locale("fr_FR"), language_from_locale(None)
('es', 'en', 'en')
"""

from __future__ import annotations

import argparse
import ast
import gettext
import io
import os
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import NumberPattern, get_decimal_symbol, get_group_symbol, parse_pattern

from flip7odds.errors import Flip7Error
from flip7odds.markup import escape_markdown

LANGUAGES: dict[str, str] = {"en": "English", "es": "Español"}
"""The languages flip7odds speaks: code -> the language's own name."""
DEFAULT_LANGUAGE = "en"
DOMAIN = "flip7odds"
LOCALE_DIR = Path(__file__).parent / "locale"
MINUS_SIGN = "\u2212"
"""U+2212 MINUS SIGN, written as a code point: a ``\\N{...}`` name makes the compiler load `unicodedata`, and a
Ctrl-C landing in that import while this module is compiled came out as a SyntaxError, not the command line's quiet
"interrupted" (`flip7odds.__main__`)."""


def catalog_path(language: str) -> Path:
    """Where the ``.po`` catalog of ``language`` lives."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def catalog(language: str) -> dict[str, str]:
    """Message id -> translation for ``language`` (untranslated ids are left out)."""
    with catalog_path(language).open("rb") as handle:
        messages = read_po(handle, locale=language, domain=DOMAIN)
    return {str(m.id): str(m.string) for m in messages if m.id and isinstance(m.id, str) and m.string}


@cache
def plural_catalog(language: str) -> dict[tuple[str, str], tuple[str, ...]]:
    """(singular id, plural id) -> the translated forms, in the order of the catalog's ``Plural-Forms``."""
    with catalog_path(language).open("rb") as handle:
        messages = read_po(handle, locale=language, domain=DOMAIN)
    return {(str(m.id[0]), str(m.id[1])): tuple(str(form) for form in m.string)
            for m in messages if isinstance(m.id, tuple | list) and isinstance(m.string, tuple | list)
            and all(m.string)}


@cache
def _gettext(language: str) -> gettext.GNUTranslations:
    """The catalog as Python's gettext reads it: compiled in memory to a ``.mo``, with its plural formula."""
    with catalog_path(language).open("rb") as handle:
        messages = read_po(handle, locale=language, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, messages)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


Message = str | tuple[str, str]
"""A message id: a text, or a plural message's (singular, plural) pair."""


@dataclass(frozen=True)
class Translator:
    """Text and number formats in one language; call it with an English message id."""

    language: str

    def __call__(self, message: str) -> str:
        return catalog(self.language).get(message, message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """The form of a plural message for ``count`` (English: ``singular`` for 1, else ``plural``)."""
        return _gettext(self.language).ngettext(singular, plural, count)

    def counted(self, singular: str, plural: str, count: int) -> str:
        """A count with its noun ("1 card", "3 cards"): a plural message whose ``{count}`` is the number."""
        return self.ngettext(singular, plural, count).format(count=self.number(count, 0))

    def percent(self, value: float, digits: int = 1) -> str:
        """``value`` (a probability) as a percentage with ``digits`` decimals (babel's ``format_percent``)."""
        locale, pattern = _percent_format(self.language, digits)
        return str(pattern.apply(value, locale))

    def number(self, value: float, digits: int = 2) -> str:
        """``value`` with ``digits`` decimals and the language's separators (babel's ``format_decimal``)."""
        locale, pattern = _decimal_format(self.language, digits)
        return str(pattern.apply(value, locale))

    def scientific(self, value: float, digits: int = 1) -> str:
        """``value`` in scientific notation with ``digits`` decimals, the language's decimal mark and a minus sign
        (U+2212): a hyphen let a line break inside the number ("1,1e-" over "16", the urn's gap on a projector).

        >>> translator("es").scientific(1.1e-16) == f"1,1e{MINUS_SIGN}16"
        True
        """
        return f"{value:.{digits}e}".replace(".", get_decimal_symbol(self.language)).replace("-", MINUS_SIGN)

    @property
    def separators(self) -> str:
        """The decimal and the thousands separators, in that order, as plotly's ``layout.separators`` wants them."""
        return get_decimal_symbol(self.language) + get_group_symbol(self.language)

    def error(self, error: Flip7Error) -> str:
        """An error's message in this language, as plain text (a terminal, ``st.text``, ``st.code``)."""
        return error.message(self)

    def markdown_error(self, error: Flip7Error) -> str:
        """An error's message in this language, escaped for Markdown (``st.error``, ``st.warning``, ``st.info``).

        Messages quote what people typed or linked (cards, rules, policies, names): escaped, none of it
        is ever a link, an image or a directive (`flip7odds.markup.escape_markdown`).

        >>> print(translator("en").markdown_error(Flip7Error("unknown card {text}", text="![x](y)")))
        Unknown card \\!\\[x\\]\\(y\\)
        """
        return escape_markdown(error.message(self))


@cache
def _decimal_format(language: str, digits: int) -> tuple[Locale, NumberPattern]:
    """The locale and the parsed pattern that babel's ``format_decimal`` would make on each call (a live tap writes
    a dozen numbers: parsing the pattern was most of each)."""
    return Locale.parse(language), parse_pattern("#,##0" + ("." + "0" * digits if digits else ""))


@cache
def _percent_format(language: str, digits: int) -> tuple[Locale, NumberPattern]:
    """Likewise for ``format_percent``: the language's percent pattern with ``digits`` decimals."""
    locale = Locale.parse(language)
    return locale, parse_pattern(_with_decimals(locale.percent_formats[None].pattern, digits))


def _with_decimals(pattern: str, digits: int) -> str:
    """A CLDR percent pattern such as ``#,##0 %`` with ``digits`` decimals (``#,##0.0 %``)."""
    if not digits:
        return pattern
    last = pattern.rindex("0")
    return pattern[:last + 1] + "." + "0" * digits + pattern[last + 1:]


ENGLISH = Translator(DEFAULT_LANGUAGE)
"""The message ids themselves: the default of functions that write text for people."""


def translator(language: str | None) -> Translator:
    """The translator for a language code, English for None or an unknown code."""
    return Translator(language if language in LANGUAGES else DEFAULT_LANGUAGE)


def language_from_locale(locale: str | None) -> str:
    """The language of a locale name (``es_ES.UTF-8``, ``es-AR``), English when it is not one we speak."""
    if not locale:
        return DEFAULT_LANGUAGE
    code = locale.replace("-", "_").split("_")[0].split(".")[0].lower()
    return code if code in LANGUAGES else DEFAULT_LANGUAGE


def language_from_environment() -> str:
    """The language the environment asks for (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), as gettext reads it."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if os.environ.get(variable):
            return language_from_locale(os.environ[variable])
    return DEFAULT_LANGUAGE


def add_language_argument(parser: argparse.ArgumentParser) -> None:
    """``--lang``: the language of the readable output and of error messages (default: the locale's)."""
    parser.add_argument("--lang", choices=sorted(LANGUAGES), default=None,
                        help="language of the report and messages (default: from LC_ALL / LANG)")


def command_translator(language: str | None) -> Translator:
    """The translator of a subcommand's ``--lang``: that language, else the environment's (as ``main`` does)."""
    return translator(language or language_from_environment())


def N_(message: str) -> str:
    """Mark a message id for the catalogs without translating it here (``gettext_noop``)."""
    return message


TRANSLATING_CALLS = frozenset({"t", "_", "N_", "Term"})
"""Names whose string argument is a message id: a `Translator` is conventionally called ``t``; a
`flip7odds.errors.Term` is a phrase inside an error message."""
PLURAL_CALLS = frozenset({"ngettext", "counted", "Plural", "Quantity"})
"""Names whose first two string arguments are a plural message: `Translator.ngettext` and
`Translator.counted`, `flip7odds.errors.Plural` (an error's plural template) and `flip7odds.errors.Quantity`
(a count with its noun inside an error message)."""


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def extract_messages(paths: Iterable[Path]) -> dict[Message, list[str]]:
    """Every message id in these Python files -> where it occurs (``file:line``).

    Message ids are the string literals passed to ``t(...)``, ``_(...)`` or ``N_(...)``, and the first
    argument of every exception whose name ends in ``Error`` and that is built from a literal template.
    Plural messages are the (singular, plural) literal pairs passed to ``ngettext(...)`` or ``Plural(...)``.
    """
    found: dict[Message, list[str]] = {}
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else (
                node.func.attr if isinstance(node.func, ast.Attribute) else "")
            first = _literal(node.args[0])
            place = f"{path.name}:{node.lineno}"
            if name in PLURAL_CALLS and len(node.args) >= 2:
                second = _literal(node.args[1])
                if first is not None and second is not None:
                    found.setdefault((first, second), []).append(place)
                continue
            is_error = name.endswith("Error") and name not in {"ValueError", "TypeError", "ArgumentTypeError"}
            if first is not None and (name in TRANSLATING_CALLS or is_error):
                found.setdefault(first, []).append(place)
    return found

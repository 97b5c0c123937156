"""The documents in each language: the lookup picks the reader's language, and a translation says all the original says."""

from __future__ import annotations

import re

import pytest

from flip7odds.documents import DOCUMENTS, app_anchor, document, document_path
from flip7odds.errors import Flip7Error
from flip7odds.i18n import LANGUAGES
from flip7odds.resources import documents_folder

TRANSLATED = [language for language in LANGUAGES if language != "en"]
NUMBER = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)*(?=s?\b)(?!s?_)")


def numbers(text: str, decimal: str) -> list[str]:
    """Every number written in a text, in English notation (``20,2291`` in Spanish is ``20.2291``)."""
    found = []
    for number in NUMBER.findall(text):
        if decimal == ",":
            number = number.replace(".", "").replace(",", ".") if "," in number else number.replace(".", "")
        else:
            number = number.replace(",", "")
        found.append(number)
    return sorted(found)


def code(text: str) -> list[str]:
    """The code of a text: names, paths and commands in backquotes (a formula may be translated)."""
    spans = (" ".join(span.split()) for span in re.findall(r"`([^`]*)`", text))
    return [span for span in spans if " " not in span or span.startswith(("flip7odds ", "python "))]


def structure(text: str) -> list[str]:
    """The skeleton of a Markdown document: its heading levels, table rows and list items, in order."""
    return [line.split(" ")[0] if line.startswith("#") else line[:1] for line in text.splitlines()
            if line.startswith(("#", "|", "- ", "1.", "2.", "3.", "4.", "5."))]


TRANSLATIONS = sorted((path.stem, path.parent.name) for language in TRANSLATED
                      for path in (documents_folder() / language).glob("*.md") if path.stem in DOCUMENTS)
"""Every translated document (one not translated yet is shown in English, and the page says so)."""


@pytest.mark.parametrize(("name", "language"), TRANSLATIONS)
def test_every_translation_says_the_same_numbers_as_the_english(name: str, language: str) -> None:
    english, _ = document(name, "en")
    translated, written = document(name, language)
    assert written == language and translated != english
    # Code, commands and the numbers of the model are the same in every language (decimals with a comma).
    assert numbers(re.sub(r"`[^`]*`", "", translated), ",") == numbers(re.sub(r"`[^`]*`", "", english), ".")
    assert code(translated) == code(english)
    assert [h[:1] for h in structure(translated)] == [h[:1] for h in structure(english)]


def test_an_unknown_document_or_language_is_never_a_file_outside_the_docs() -> None:
    with pytest.raises(Flip7Error, match="unknown document"):
        document_path("../README")
    assert document_path("model", "fr") == documents_folder() / "model.md"
    assert document_path("model", "../es") == documents_folder() / "model.md"


def github_anchor(heading: str) -> str:
    """A heading's anchor as GitHub makes it (the form the documents write): lower case, punctuation dropped,
    spaces made hyphens, accents kept."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_link_to_a_heading_of_another_document_names_one_of_its_headings(language: str) -> None:
    links = [(name, re.findall(r"\]\((\w+)\.md#([^)\s]+)\)", document(name, language)[0])) for name in DOCUMENTS]
    assert any(found for _, found in links)
    for name, found in links:
        for target, anchor in found:
            headings = re.findall(r"^#+ (.+)$", document(target, language)[0], flags=re.MULTILINE)
            assert anchor in {github_anchor(heading) for heading in headings}, (name, target, anchor)
            assert app_anchor(anchor).isascii()

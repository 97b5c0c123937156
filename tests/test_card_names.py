"""One name per card: every message, chart and document names a card as `card_name` does, in each language.

The names come from one table (`flip7odds.cards.ACTION_NAMES` for the actions, the rule set's ``titles`` for
With a Vengeance's special numbers); any text that names one of these cards must use that name.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from flip7odds.cards import ACTION_NAMES, Card, card_name
from flip7odds.i18n import catalog_path, translator
from flip7odds.rules import LUCKY_13, UNLUCKY_7, VENGEANCE, VENGEANCE_TITLES

ROOT = Path(__file__).resolve().parents[1]
ES = translator("es")
DISTINCT = ("Flip Three", "Second Chance", "Just One More", "Flip Four", "Freeze", "Steal", "Swap",
            *VENGEANCE_TITLES.values())
"""The English names that can only mean a card (capitalised; "Discard" is also the verb of every deck)."""
WRONG_SPANISH = ("gafe", "7 maldito", "13 afortunado", "Segunda Oportunidad", "Robar Tres")
"""Other Spanish names (or capitals) these cards have had or could be given: never used."""


def spanish_catalog() -> list[tuple[str, str]]:
    with catalog_path("es").open("rb") as handle:
        messages = read_po(handle, locale="es")
    pairs = []
    for message in messages:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, list | tuple) else (message.id,)
        strings = message.string if isinstance(message.string, list | tuple) else (message.string,)
        pairs += [(str(ids[min(i, len(ids) - 1)]), str(text)) for i, text in enumerate(strings)]
    return pairs


def test_the_table_gives_each_card_one_name_in_each_language() -> None:
    assert [card_name(card, ES, VENGEANCE) for card in (Card.number(0), UNLUCKY_7, LUCKY_13)] == [
        "El Cero", "7 de la mala suerte", "13 de la suerte"]
    assert [card_name(card, notation=VENGEANCE) for card in (Card.number(0), UNLUCKY_7, LUCKY_13)] == [
        "The Zero", "Unlucky 7", "Lucky 13"]
    assert card_name(Card.number(0), ES) == "0"  # the classic 0 is a plain number
    names = [ES(name) for name in (*ACTION_NAMES.values(), *VENGEANCE_TITLES.values())]
    assert len(set(names)) == len(names)


@pytest.mark.parametrize("english", DISTINCT)
def test_every_spanish_message_that_names_the_card_uses_its_name(english: str) -> None:
    spanish = ES(english).lower()
    pattern = re.compile(rf"(?<![\w-]){re.escape(english)}(?![\w-])")
    wrong = [(msgid, text) for msgid, text in spanish_catalog()
             if pattern.search(msgid) and msgid != english and spanish not in text.lower()]
    assert not wrong, f"{english} is {ES(english)!r} in Spanish: {wrong}"


def test_no_other_spanish_name_anywhere() -> None:
    texts = {"catalog": catalog_path("es").read_text(encoding="utf-8"),
             **{str(path.relative_to(ROOT)): path.read_text(encoding="utf-8")
                for path in sorted((ROOT / "docs" / "es").glob("*.md"))}}
    wrong = {where: name for where, text in texts.items() for name in WRONG_SPANISH
             if name in text}
    assert not wrong


@pytest.mark.parametrize("document", sorted((ROOT / "docs" / "es").glob("*.md")), ids=lambda path: path.name)
def test_the_spanish_documents_name_the_cards_as_the_app_does(document: Path) -> None:
    english = (ROOT / "docs" / document.name).read_text(encoding="utf-8")
    spanish = document.read_text(encoding="utf-8").lower()
    missing = [name for name in DISTINCT if name in english and ES(name).lower() not in spanish]
    assert not missing

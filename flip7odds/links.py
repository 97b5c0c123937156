"""A table in a link: `Table` <-> URL query parameters, so that a link reproduces a situation.

Parameters (all optional; unknown ones are ignored, so a link may carry other parameters too):

* ``rules``: a name of `flip7odds.rules.RULESETS` (default ``classic``);
* ``line``: your line, in the order the cards came;
* ``seen``: the cards seen elsewhere this round;
* ``discards``: the discard pile since the last reshuffle;
* ``others``: how many other players are still active (default 1; 0 means you are alone).

Card lists use the card notation of `flip7odds.cards` with ``.`` between cards and ``p`` for ``+``
(``12.7.p4.x2.sc``), because ``+`` means a space in a query string. Reading also accepts ``+4``,
spaces, commas and ``12*3``, so a hand-written link works too.

Examples
--------
>>> from flip7odds.cards import parse_cards
>>> from flip7odds.rules import CLASSIC
>>> from flip7odds.shoe import Table
>>> table = Table.build(CLASSIC, parse_cards("12 7 +4"), seen=parse_cards("12 12"), others_active=2)
>>> encode(table)
{'rules': 'classic', 'line': '12.7.p4', 'seen': '12.12', 'others': '2'}
>>> decode(encode(table)) == table
True
>>> decode({"line": "12.7.zz"})
Traceback (most recent call last):
...
flip7odds.errors.CardError: in the link's line: unknown card 'zz': use 0-12, +2 +4 +6 +8 +10, x2, freeze, flip3 or sc
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from flip7odds.cards import Card, Notation, parse_cards
from flip7odds.errors import CardError, Flip7Error, SituationError
from flip7odds.rules import CLASSIC, find_rules
from flip7odds.shoe import MAX_OTHERS_ACTIVE, Table

RULES = "rules"
LINE = "line"
SEEN = "seen"
DISCARDS = "discards"
OTHERS = "others"
PARAMETERS = (RULES, LINE, SEEN, DISCARDS, OTHERS)
"""Every query parameter a table uses, in the order they are written."""

DEFAULT_OTHERS = 1

_SEPARATOR = "."
_PLUS_ALIAS = re.compile(r"^p(?=\d)", re.IGNORECASE)


def write_cards(cards: Iterable[Card]) -> str:
    """Cards in the link notation: ``.`` between cards, ``p`` for ``+`` (only URL-safe characters).

    >>> write_cards(parse_cards("12 +4 x2 flip3"))
    '12.p4.x2.flip3'
    """
    return _SEPARATOR.join(str(card).replace("+", "p") for card in cards)


def read_cards(text: str, notation: Notation | None = None) -> tuple[Card, ...]:
    """Read a card list of a link: `write_cards`'s notation, or the card notation of `parse_cards`.

    ``notation`` (the table's `flip7odds.rules.RuleSet`) reads the names of its own cards too.

    >>> read_cards("12.p4") == read_cards("12 +4") == parse_cards("12 +4")
    True
    >>> from flip7odds.rules import POKER
    >>> read_cards(write_cards(parse_cards("K Kd -3", POKER)), POKER) == parse_cards("K Kd -3", POKER)
    True
    """
    tokens = re.split(r"[.\s,;]+", text.strip())
    return parse_cards(" ".join(_PLUS_ALIAS.sub("+", token) for token in tokens), notation)


def encode(table: Table) -> dict[str, str]:
    """The query parameters of a table; empty card lists are left out."""
    params = {RULES: table.rules.name}
    for name, cards in ((LINE, table.line), (SEEN, tuple(table.seen)), (DISCARDS, tuple(table.discards))):
        if cards:
            params[name] = write_cards(cards)
    params[OTHERS] = str(table.others_active)
    return params


def decode(params: Mapping[str, str]) -> Table:
    """The table of a link's query parameters; raises `Flip7Error` with a message for a person.

    A card that cannot be read, unknown rules, a bad count of players or an impossible table (more
    copies of a card than the deck holds, a line the rules cannot produce) each give one message
    naming the parameter.
    """
    rules = find_rules(params.get(RULES) or CLASSIC.name)
    card_lists: dict[str, tuple[Card, ...]] = {}
    for name in (LINE, SEEN, DISCARDS):
        try:
            card_lists[name] = read_cards(params.get(name, ""), rules)
        except CardError as error:
            raise CardError("in the link's {name}: {error}", name=name, error=error) from None
    others = _read_others(params.get(OTHERS))
    try:
        return Table.build(rules, card_lists[LINE], card_lists[SEEN], card_lists[DISCARDS], others)
    except SituationError as error:
        raise SituationError("the link's table is impossible: {error}", error=error) from None


def _read_others(text: str | None) -> int:
    if text is None or not text.strip():
        return DEFAULT_OTHERS
    if not re.fullmatch(r"\d{1,2}", text.strip()) or int(text) > MAX_OTHERS_ACTIVE:
        raise Flip7Error("in the link's others: {text!r} is not a whole number from 0 to {most}", text=text,
                         most=MAX_OTHERS_ACTIVE)
    return int(text)


__all__ = ["DEFAULT_OTHERS", "PARAMETERS", "decode", "encode", "read_cards", "write_cards"]

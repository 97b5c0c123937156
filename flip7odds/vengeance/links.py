"""A With a Vengeance table in a link: `VengeanceTable` <-> URL query parameters (like `flip7odds.links`).

Parameters (all optional; unknown ones are ignored):

* ``rules``: ``vengeance`` or ``vengeance-brutal`` (default ``vengeance``);
* ``line``, ``seen``, ``discards``: your line (in order), the cards seen elsewhere this round, the
  discard pile, in `flip7odds.links.write_cards`'s notation (``12.p4``; ``/2`` and ``-4`` as they are);
* ``others``: how many other players are not busted (default 1);
* ``hands``: their lines, separated by ``~``, ``_`` for a line with no card, ``x`` for a player busted this
  round (missing ones are empty);
* ``busted``: how many players are busted (default 0).

Examples
--------
>>> from flip7odds.cards import parse_cards
>>> from flip7odds.rules import VENGEANCE
>>> table = VengeanceTable.build(VENGEANCE, parse_cards("13 l13", VENGEANCE), others=((), parse_cards("9 /2")))
>>> encode(table)
{'rules': 'vengeance', 'line': '13.l13', 'others': '2', 'hands': '_~9./2', 'busted': '0'}
>>> decode(encode(table)) == table
True
>>> decode({"rules": "vengeance", "hands": "5.5"})
Traceback (most recent call last):
...
flip7odds.errors.SituationError: the link's table is impossible: duplicate number 5 in another player's line: it would have busted them
"""

from __future__ import annotations

from collections.abc import Mapping

from flip7odds.cards import Card
from flip7odds.errors import CardError, Flip7Error, Quantity, SituationError
from flip7odds.links import DISCARDS, LINE, OTHERS, RULES, SEEN, read_cards, write_cards
from flip7odds.number_text import NumberTextError, parse_whole
from flip7odds.rules import VENGEANCE, RuleSet, find_rules
from flip7odds.shoe import MAX_OTHERS_ACTIVE
from flip7odds.vengeance.table import VengeanceTable

HANDS = "hands"
BUSTED = "busted"
PARAMETERS = (RULES, LINE, SEEN, DISCARDS, OTHERS, HANDS, BUSTED)
"""Every query parameter a Vengeance table uses, in the order they are written."""

_HAND_SEPARATOR = "~"
_EMPTY_HAND = "_"
_BUSTED_HAND = "x"


def encode(table: VengeanceTable) -> dict[str, str]:
    """The query parameters of a table; empty card lists are left out (``hands`` when every line is empty)."""
    params = {RULES: table.rules.name}
    for name, cards in ((LINE, table.line), (SEEN, tuple(table.seen)), (DISCARDS, tuple(table.discards))):
        if cards:
            params[name] = write_cards(cards)
    params[OTHERS] = str(len(table.others))
    if any(table.others) or table.out:
        params[HANDS] = _HAND_SEPARATOR.join(_BUSTED_HAND if seat in table.out else write_cards(cards) or _EMPTY_HAND
                                             for seat, cards in enumerate(table.others))
    params[BUSTED] = str(table.busted)
    return params


def decode(params: Mapping[str, str]) -> VengeanceTable:
    """The table of a link's query parameters; raises `Flip7Error` with one message naming the parameter."""
    rules = find_rules(params.get(RULES) or VENGEANCE.name, experimental=True)
    card_lists: dict[str, tuple[Card, ...]] = {}
    for name in (LINE, SEEN, DISCARDS):
        card_lists[name] = _read(name, params.get(name, ""), rules)
    others = _read_count(OTHERS, params.get(OTHERS), 1)
    busted = _read_count(BUSTED, params.get(BUSTED), 0)
    texts = params[HANDS].split(_HAND_SEPARATOR) if params.get(HANDS) else []
    if len(texts) > others:
        raise Flip7Error("in the link's hands: {hands} for {others}", hands=Quantity("{count} line", "{count} lines", len(texts)),
                         others=Quantity("{count} other player", "{count} other players", others))
    hands = [() if text.strip() in (_EMPTY_HAND, _BUSTED_HAND) else _read(HANDS, text, rules) for text in texts]
    hands += [()] * (others - len(hands))
    out = [seat for seat, text in enumerate(texts) if text.strip() == _BUSTED_HAND]
    try:
        return VengeanceTable.build(rules, card_lists[LINE], hands, card_lists[SEEN], card_lists[DISCARDS], busted,
                                    out)
    except SituationError as error:
        raise SituationError("the link's table is impossible: {error}", error=error) from None


def _read(name: str, text: str, rules: RuleSet) -> tuple[Card, ...]:
    try:
        return read_cards(text, rules)
    except CardError as error:
        raise CardError("in the link's {name}: {error}", name=name, error=error) from None


def _read_count(name: str, text: str | None, default: int) -> int:
    if text is None or not text.strip():
        return default
    try:
        return parse_whole(text, 0, MAX_OTHERS_ACTIVE)
    except NumberTextError:
        raise Flip7Error("in the link's {name}: {text!r} is not a whole number from 0 to {most}", name=name,
                         text=text, most=MAX_OTHERS_ACTIVE) from None


__all__ = ["BUSTED", "HANDS", "PARAMETERS", "decode", "encode"]

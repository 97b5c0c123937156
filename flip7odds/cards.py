"""Cards and the card notation used everywhere (command line, app, links, save files).

Notation (case-insensitive, cards separated by spaces or commas):

* numbers ``0`` .. ``12``;
* modifiers ``+2 +4 +6 +8 +10`` and ``x2`` (``-N`` for a penalty, ``/2`` to halve);
* actions ``freeze``, ``flip3`` (also ``flip_three``), ``sc`` (also ``second_chance``), and their
  Spanish names from the rule texts: ``congelar``, ``robar3`` (``robar_tres``), ``segunda``
  (``segunda_oportunidad``);
* the cards of *With a Vengeance* are read with its rule set (`flip7odds.vengeance.rules`);
* ``12*3`` is three 12s.

A rule set may add names of its own (the poker adaptation reads ``K``, ``A``, ``joker``, ``10d``...):
pass it to `parse_cards` and `format_cards`.

Examples
--------
>>> parse_cards("12 7, +4 x2 sc 5*2")
(Card.number(12), Card.number(7), Card.plus(4), Card.times(2), Card.action(Action.SECOND_CHANCE), Card.number(5), Card.number(5))
>>> format_cards(parse_cards("5*2 flip_three congelar"))
'5 5 flip3 freeze'
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

from flip7odds.errors import CardError
from flip7odds.i18n import ENGLISH, N_, Translator


class Category(enum.Enum):
    """What a card does: numbers build your line, modifiers change its score, actions act."""

    NUMBER = "number"
    MODIFIER = "modifier"
    ACTION = "action"


class Action(enum.Enum):
    """The action cards of classic Flip 7 (docs/rules.md section 1), then those of With a Vengeance (section 3)."""

    FREEZE = "freeze"
    FLIP_THREE = "flip3"
    SECOND_CHANCE = "sc"
    JUST_ONE_MORE = "jom"
    FLIP_FOUR = "flip4"
    STEAL = "steal"
    SWAP = "swap"
    DISCARD = "discard"


class ModifierKind(enum.Enum):
    """How a modifier changes the score: ``+N`` adds N, ``xN`` multiplies, ``/N`` divides the sum of numbers."""

    PLUS = "+"
    TIMES = "x"
    DIVIDE = "/"


_ACTION_ALIASES: dict[str, Action] = {
    "freeze": Action.FREEZE,
    "flip3": Action.FLIP_THREE,
    "flip_three": Action.FLIP_THREE,
    "sc": Action.SECOND_CHANCE,
    "second_chance": Action.SECOND_CHANCE,
    "congelar": Action.FREEZE,
    "robar3": Action.FLIP_THREE,
    "robar_tres": Action.FLIP_THREE,
    "segunda": Action.SECOND_CHANCE,
    "segunda_oportunidad": Action.SECOND_CHANCE,
}

_MAX_REPEAT = 999
_MODIFIER_ORDER: dict[ModifierKind, int] = {kind: index for index, kind in enumerate(ModifierKind)}
_ACTION_ORDER: dict[Action, int] = {act: index for index, act in enumerate(Action)}
"""Each kind's place in its enum, for `Card.sort_key` (a card pile is sorted on every move of a live table)."""


@functools.total_ordering
@dataclass(frozen=True)
class Card:
    """One card kind. Build it with `Card.number`, `Card.plus`, `Card.times`, `Card.action` or `Card.from_text`.

    ``label`` tells apart cards that act alike but are different cards (the poker adaptation's three
    x2 figures, ``Jd``, ``Qd`` and ``Kd``, together make part of a royal flush).
    """

    category: Category
    value: int = 0
    modifier: ModifierKind | None = None
    act: Action | None = None
    label: str = ""

    @classmethod
    def number(cls, value: int, label: str = "") -> Card:
        """The number card ``value``; a ``label`` names a special copy (With a Vengeance's ``u7``, ``l13``)."""
        return cls(Category.NUMBER, value, label=label)

    @classmethod
    def plus(cls, amount: int) -> Card:
        """The modifier ``+amount`` (added after any multiplier; negative for a penalty)."""
        return cls(Category.MODIFIER, amount, ModifierKind.PLUS)

    @classmethod
    def times(cls, factor: int, label: str = "") -> Card:
        """The modifier ``xfactor`` (multiplies the sum of your numbers)."""
        return cls(Category.MODIFIER, factor, ModifierKind.TIMES, None, label)

    @classmethod
    def divide(cls, divisor: int) -> Card:
        """The modifier ``/divisor`` (divides the sum of your numbers, rounding down)."""
        return cls(Category.MODIFIER, divisor, ModifierKind.DIVIDE)

    @classmethod
    def action(cls, act: Action) -> Card:
        """The action card ``act``."""
        return cls(Category.ACTION, 0, None, act)

    @classmethod
    def from_text(cls, text: str) -> Card:
        """Read one card in the base notation (``7``, ``+4``, ``-3``, ``x2``, ``freeze``, ``flip3``, ``sc``)."""
        token = text.strip().lower()
        if token in _ACTION_ALIASES:
            return cls.action(_ACTION_ALIASES[token])
        if re.fullmatch(r"[0-9]{1,3}", token):
            return cls.number(int(token))
        match = re.fullmatch(r"([+x/÷-])([0-9]{1,3})", token)
        if match:
            amount = int(match.group(2))
            if match.group(1) == "x":
                return cls.times(amount)
            if match.group(1) in "/÷":
                return cls.divide(amount)
            return cls.plus(amount if match.group(1) == "+" else -amount)
        raise CardError("unknown card {card!r}: use 0-12, +2 +4 +6 +8 +10, x2, freeze, flip3 or sc",
                        card=text.strip())

    @property
    def sort_key(self) -> tuple[int, int, int, str]:
        """Numbers first (ascending), then ``+N`` modifiers, ``xN``, then actions in `Action` order."""
        if self.category is Category.NUMBER:
            return (0, 0, self.value, self.label)
        if self.category is Category.MODIFIER:
            assert self.modifier is not None
            return (1, _MODIFIER_ORDER[self.modifier], self.value, self.label)
        assert self.act is not None
        return (2, _ACTION_ORDER[self.act], 0, "")

    def __hash__(self) -> int:
        # The enum members are singletons: their ids stand for them (the dataclass hash of the enum fields
        # is what made solvers slow). Never stored, so nothing process-specific is ever pickled.
        return hash((id(self.category), id(self.modifier), id(self.act), self.value, self.label))

    def __eq__(self, other: object) -> bool:
        # The dataclass's comparison builds two tuples of the fields; the deck's own cards are compared with
        # themselves most of the time (a pile's counts looked up, cards tested against FLIP_THREE), so the
        # identity comes first, then the fields one by one (enum members are singletons).
        if self is other:
            return True
        if not isinstance(other, Card):
            return NotImplemented
        return (self.value == other.value and self.category is other.category and self.modifier is other.modifier
                and self.act is other.act and self.label == other.label)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.sort_key < other.sort_key

    @property
    def is_number(self) -> bool:
        """True for number cards."""
        return self.category is Category.NUMBER

    def __str__(self) -> str:
        if self.category is Category.NUMBER:
            return self.label or str(self.value)
        if self.category is Category.MODIFIER:
            assert self.modifier is not None
            if self.label:
                return self.label
            if self.modifier is ModifierKind.PLUS and self.value < 0:
                return str(self.value)
            return f"{self.modifier.value}{self.value}"
        assert self.act is not None
        return self.act.value

    def __repr__(self) -> str:
        if self.category is Category.NUMBER:
            return f"Card.number({self.value}, {self.label!r})" if self.label else f"Card.number({self.value})"
        if self.category is Category.MODIFIER:
            if self.modifier is ModifierKind.PLUS:
                return f"Card.plus({self.value})"
            if self.modifier is ModifierKind.DIVIDE:
                return f"Card.divide({self.value})"
            return f"Card.times({self.value}, {self.label!r})" if self.label else f"Card.times({self.value})"
        assert self.act is not None
        return f"Card.action(Action.{self.act.name})"


class Notation(Protocol):
    """What a rule set adds to the base notation: names of its own for some cards."""

    def card_from_token(self, token: str) -> Card | None:
        """The card a lower-case token names in this rule set, or None to use the base notation."""

    def card_name(self, card: Card) -> str:
        """How this rule set writes ``card``."""

    def card_title(self, card: Card) -> str | None:
        """The one name people read for ``card`` in this rule set (a message id), or None for `card_name`'s."""


FREEZE = Card.action(Action.FREEZE)
FLIP_THREE = Card.action(Action.FLIP_THREE)
SECOND_CHANCE = Card.action(Action.SECOND_CHANCE)


def parse_cards(text: str, notation: Notation | None = None) -> tuple[Card, ...]:
    """Read a list of cards; ``12*3`` repeats a card. Raises `CardError` naming the bad token.

    ``notation`` (a `flip7odds.rules.RuleSet`) adds the names of its own cards.
    """
    cards: list[Card] = []
    for token in re.split(r"[\s,;]+", text.strip()):
        if not token:
            continue
        card_text, star, repeat_text = token.partition("*")
        repeat = 1
        if star:
            if not re.fullmatch(r"[0-9]{1,4}", repeat_text) or not 1 <= int(repeat_text) <= _MAX_REPEAT:
                raise CardError("bad count in {token!r}: write a card, '*', and a whole number from 1 to {most}",
                                token=token, most=_MAX_REPEAT)
            repeat = int(repeat_text)
        own = None if notation is None else notation.card_from_token(card_text.strip().lower())
        cards.extend([own if own is not None else Card.from_text(card_text)] * repeat)
    return tuple(cards)


def format_cards(cards: Iterable[Card], notation: Notation | None = None) -> str:
    """Write cards in the notation, space separated; `parse_cards` reads it back unchanged."""
    return " ".join(str(card) if notation is None else notation.card_name(card) for card in cards)


ACTION_NAMES: dict[Action, str] = {
    Action.FREEZE: N_("Freeze"),
    Action.FLIP_THREE: N_("Flip Three"),
    Action.SECOND_CHANCE: N_("Second Chance"),
    Action.JUST_ONE_MORE: N_("Just One More"),
    Action.FLIP_FOUR: N_("Flip Four"),
    Action.STEAL: N_("Steal"),
    Action.SWAP: N_("Swap"),
    Action.DISCARD: N_("Discard"),
}
"""What players call the action cards (message ids; in Spanish Congelar, Robar tres, Segunda oportunidad)."""


def card_name(card: Card, translate: Callable[[str], str] = ENGLISH, notation: Notation | None = None) -> str:
    """A card as people read it: numbers and modifiers as printed, actions by their name in a language.

    ``translate`` is a `flip7odds.i18n.Translator` (English by default). Unlike `format_cards`, this
    is for reading, not for typing back: ``x2`` shows as ``×2``. With a ``notation`` (a rule set) that
    names the card its own way, a number shows that name and any other card its name with its role; a card
    the rule set titles (With a Vengeance's The Zero, Unlucky 7, Lucky 13) shows that title, translated.
    This is the one name of every card: buttons, legends, quiz text and documents all use it.

    >>> from flip7odds.i18n import translator
    >>> from flip7odds.rules import POKER
    >>> [card_name(card) for card in parse_cards("12 +4 x2 flip3")]
    ['12', '+4', '×2', 'Flip Three']
    >>> [card_name(card, translator("es")) for card in (FREEZE, FLIP_THREE, SECOND_CHANCE)]
    ['Congelar', 'Robar tres', 'Segunda oportunidad']
    >>> [card_name(card, translator("es"), POKER) for card in parse_cards("K joker A 3d Kd", POKER)]
    ['K', 'Comodín', 'A (Congelar)', '3♦ (-3)', 'K♦ (×2)']
    >>> from flip7odds.rules import VENGEANCE
    >>> [card_name(card, translator("es"), VENGEANCE) for card in parse_cards("0 u7 7 l13 /2 steal", VENGEANCE)]
    ['El Cero', '7 de la mala suerte', '7', '13 de la suerte', '÷2', 'Quitar']
    """
    title = None if notation is None else notation.card_title(card)
    if title is not None:
        return translate(title)
    if card.act is not None:
        role = translate(ACTION_NAMES[card.act])
    elif card.modifier is ModifierKind.TIMES:
        role = f"×{card.value}"
    elif card.modifier is ModifierKind.DIVIDE:
        role = f"÷{card.value}"
    else:
        role = str(card)
    own = str(card) if notation is None else notation.card_name(card)
    if own == str(card):
        return role
    if card.is_number:
        return own
    return translate("{card} ({role})").format(card=own, role=role)


def copies_text(card: Card, count: int, t: Translator = ENGLISH, notation: Notation | None = None) -> str:
    """A card and how many copies of it a place holds, as people read it: ``12`` for one, ``12 (3 copies)``.

    Never ``2 ×2``: ``×2`` is the name of the x2 modifier card, so a count is written in words.

    >>> from flip7odds.i18n import translator
    >>> [copies_text(Card.number(2), n) for n in (1, 2)], copies_text(Card.times(2), 3, translator("es"))
    (['2', '2 (2 copies)'], '×2 (3 copias)')
    """
    name = card_name(card, t, notation)
    if count == 1:
        return name
    return t.ngettext("{card} ({count} copy)", "{card} ({count} copies)", count).format(card=name, count=count)

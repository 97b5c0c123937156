"""Rule sets as data (docs/rules.md). Each variant is one immutable, hashable `RuleSet`, found by name.

Examples
--------
>>> rules = find_rules("classic")
>>> rules.deck.size, rules.flip7_size, rules.flip7_bonus, rules.target
(94, 7, 15, 200)
>>> poker = find_rules("Poker")
>>> poker.deck.size, poker.flip7_size, poker.flip7_bonus, poker.target
(57, 5, 20, 120)
>>> from flip7odds.cards import parse_cards, format_cards
>>> format_cards(parse_cards("K joker 3 A 2 10d kd", poker), poker)
'K joker 3 A 2 10♦ K♦'
>>> find_rules("uno")
Traceback (most recent call last):
...
flip7odds.errors.Flip7Error: unknown rules 'uno': choose one of classic, poker
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from flip7odds.cards import FLIP_THREE, FREEZE, SECOND_CHANCE, Action, Card, ModifierKind
from flip7odds.counts import CardCounts
from flip7odds.errors import CardError, Flip7Error
from flip7odds.i18n import N_


@dataclass(frozen=True)
class RuleSet:
    """One variant of Flip 7: its deck and the numbers and options that make it different.

    Attributes
    ----------
    name : the name used on the command line and in the app's links (``classic``).
    title : the variant's name for people (an English message id: translate it before showing it);
        the ``name`` when empty.
    deck : every card of one deck and how many copies it has.
    flip7_size : how many distinct numbers make a Flip 7 and end the round.
    flip7_bonus : points added for a Flip 7.
    target : game total that ends the game (checked at the end of a round).
    initial_deal : each player gets one face-up card before the first choice (official rules).
    busted_target_passes_actions : a busted Flip Three target plays its set-aside actions on another
        player (seed 000) instead of discarding them (official, seed 002). Only the simulator uses it.
    multipliers_stack : every xN modifier applies (two x2 make x4); otherwise only the largest one.
    royal_flush, royal_flush_bonus : holding all these modifiers adds the bonus (poker adaptation).
    shared_victory : a tie for the highest total at the end shares the victory instead of playing on.
    names : how this variant writes some cards (the poker deck's playing-card names).
    titles : the names people read for some cards (message ids: With a Vengeance's The Zero, Unlucky 7,
        Lucky 13), the one name `flip7odds.cards.card_name` shows for them everywhere.
    aliases : more names players may type for some cards (lower case).
    score_floor : a round score that did not bust is never below this (before the Flip 7 bonus); None: no floor.
    vengeance : the rules of With a Vengeance (docs/rules.md section 3: The Zero, Unlucky 7, Lucky 13, its
        actions, stayed players still targeted); only `flip7odds.vengeance` analyses them.
    brutal : With a Vengeance's Brutal mode (scores below 0, modifiers on busted players too).
    """

    name: str
    deck: CardCounts
    title: str = ""
    flip7_size: int = 7
    flip7_bonus: int = 15
    target: int = 200
    initial_deal: bool = True
    busted_target_passes_actions: bool = False
    multipliers_stack: bool = False
    royal_flush: tuple[Card, ...] = ()
    royal_flush_bonus: int = 0
    shared_victory: bool = False
    names: tuple[tuple[Card, str], ...] = ()
    aliases: tuple[tuple[str, Card], ...] = ()
    titles: tuple[tuple[Card, str], ...] = ()
    score_floor: int | None = None
    vengeance: bool = False
    brutal: bool = False
    unknown_card: str = ""
    """What to say (a message id with ``{card!r}``) when a token names no card of the variant; empty: the base
    notation's message."""

    @property
    def label(self) -> str:
        """The variant's name for people, as an English message id."""
        return self.title or self.name

    @property
    def kinds(self) -> tuple[Card, ...]:
        """The card kinds of the deck, in canonical order."""
        return tuple(card for card, _ in self.deck.items_)

    @property
    def number_values(self) -> tuple[int, ...]:
        """The values of the number cards in this deck."""
        return tuple(card.value for card in self.kinds if card.is_number)

    @functools.cached_property
    def _name_of(self) -> dict[Card, str]:
        """`names` as a dict, made once per rule set (a situation's repr, the cache key of a live answer, names every
        card of the pile: 80 calls of `card_name`, each of which built this dict)."""
        return dict(self.names)

    @functools.cached_property
    def _title_of(self) -> dict[Card, str]:
        """`titles` as a dict, made once per rule set."""
        return dict(self.titles)

    def card_name(self, card: Card) -> str:
        """How this variant writes ``card`` (its own name, or the base notation)."""
        name = self._name_of.get(card)
        return str(card) if name is None else name

    def card_title(self, card: Card) -> str | None:
        """The name people read for ``card`` in this variant (a message id), or None when it has none."""
        return self._title_of.get(card)

    def card_from_token(self, token: str) -> Card | None:
        """The card a lower-case token names in this variant, or None for the base notation."""
        own = dict(self.aliases).get(token)
        if own is None:
            own = {name.lower(): card for card, name in self.names}.get(token)
        if own is None and self.unknown_card:
            try:
                Card.from_text(token)
            except CardError:
                raise CardError(self.unknown_card, card=token) from None
        return own

    def score(self, number_sum: int, modifiers: tuple[Card, ...], flip7: bool) -> int:
        """The round score of a line that did not bust (docs/rules.md, scoring; order matters).

        Sum the numbers, apply the multiplier(s) to that sum only (a ``/N`` divides it, rounding down),
        add the ``+N`` cards (a penalty is a negative ``+N``), keep it at least ``score_floor`` if there
        is one, then add the Flip 7 bonus, then the royal flush bonus if the line holds it.

        >>> CLASSIC.score(36, (Card.times(2), Card.plus(10)), flip7=False)  # seed 000's example
        82
        >>> VENGEANCE.score(25, (Card.divide(2), Card.plus(-4)), flip7=True)  # 25 // 2 = 12, 12 - 4 = 8, + 15
        23
        >>> VENGEANCE.score(9, (Card.plus(-10),), flip7=False), VENGEANCE_BRUTAL.score(9, (Card.plus(-10),), flip7=False)
        (0, -1)
        """
        factors = [card.value for card in modifiers if card.modifier is ModifierKind.TIMES]
        multiplier = 1
        if self.multipliers_stack:
            for factor in factors:
                multiplier *= factor
        elif factors:
            multiplier = max(factors)
        for card in modifiers:
            if card.modifier is ModifierKind.DIVIDE:
                multiplier_sum = number_sum * multiplier
                number_sum, multiplier = multiplier_sum // card.value, 1
        plus = sum(card.value for card in modifiers if card.modifier is ModifierKind.PLUS)
        royal = bool(self.royal_flush) and set(self.royal_flush) <= set(modifiers)
        banked = number_sum * multiplier + plus
        if self.score_floor is not None:
            banked = max(self.score_floor, banked)
        return banked + (self.flip7_bonus if flip7 else 0) + (self.royal_flush_bonus if royal else 0)


def _classic_deck() -> CardCounts:
    # docs/rules.md section 1: one 0, one 1, two 2s ... twelve 12s; one of each modifier; three of each action.
    counts = {Card.number(0): 1}
    counts.update({Card.number(value): value for value in range(1, 13)})
    counts.update({Card.plus(amount): 1 for amount in (2, 4, 6, 8, 10)})
    counts[Card.times(2)] = 1
    counts.update({FREEZE: 3, FLIP_THREE: 3, SECOND_CHANCE: 3})
    return CardCounts.from_mapping(counts)


CLASSIC = RuleSet(name="classic", title=N_("Flip 7 (classic)"), deck=_classic_deck())


def _poker_rules() -> RuleSet:
    # docs/rules.md section 2 (seed 002): two 52-card decks and two jokers, 57 cards in play.
    numbers = {0: 2, 4: 1, 5: 2, 6: 2, 7: 3, 8: 3, 9: 3, 10: 4, 11: 4, 12: 4, 13: 4}
    counts = {Card.number(value): count for value, count in numbers.items()}
    counts.update({FLIP_THREE: 4, FREEZE: 4, SECOND_CHANCE: 4})  # the 3s, the aces, the 2s
    ranks = ["A", *map(str, range(2, 11))]
    penalties = {rank: Card.plus(-value) for value, rank in enumerate(ranks, start=1)}
    figures = {rank: Card.times(2, f"{rank}d") for rank in "JQK"}
    counts.update({card: 1 for card in (*penalties.values(), *figures.values())})
    names = {Card.number(0): "joker", Card.number(11): "J", Card.number(12): "Q", Card.number(13): "K",
             FLIP_THREE: "3", FREEZE: "A", SECOND_CHANCE: "2"}
    names.update({card: f"{rank}♦" for rank, card in (*penalties.items(), *figures.items())})
    aliases = {"comodin": Card.number(0), "comodín": Card.number(0)}
    aliases.update({f"{rank.lower()}d": card for rank, card in (*penalties.items(), *figures.items())})
    return RuleSet(
        name="poker",
        title=N_("Two poker decks"),
        deck=CardCounts.from_mapping(counts),
        flip7_size=5,
        flip7_bonus=20,
        target=120,
        multipliers_stack=True,
        royal_flush=(penalties["A"], penalties["10"], *figures.values()),
        royal_flush_bonus=20,
        shared_victory=True,
        names=tuple(sorted(names.items())),
        aliases=tuple(sorted(aliases.items())),
        titles=((Card.number(0), N_("Joker")),),  # typed "joker", read "Joker" / "Comodín" (`card_name`)
        unknown_card=N_("unknown card {card!r}: use 4-10, J, Q, K, joker, A (Freeze), 2 (Second Chance), "
                        "3 (Flip Three), Ad-10d, Jd, Qd or Kd"),
    )


POKER = _poker_rules()


def _vengeance_rules(brutal: bool) -> RuleSet:
    # docs/rules.md section 3: 108 cards. Numbers 0..13 with count(v) = v and one 0 (The Zero);
    # one of the seven 7s is the Unlucky 7 and one of the thirteen 13s the Lucky 13 (distinct cards).
    counts = {Card.number(0): 1}
    counts.update({Card.number(value): value for value in range(1, 14)})
    counts[Card.number(7)] = 6
    counts[UNLUCKY_7] = 1
    counts[Card.number(13)] = 12
    counts[LUCKY_13] = 1
    counts[Card.divide(2)] = 1
    counts.update({Card.plus(-amount): 1 for amount in (2, 4, 6, 8, 10)})
    counts.update({card: 2 for card in VENGEANCE_ACTIONS})
    names = {UNLUCKY_7: "u7", LUCKY_13: "l13", Card.divide(2): "/2"}
    aliases = {"zero": Card.number(0), "the_zero": Card.number(0), "cero": Card.number(0),
               "unlucky7": UNLUCKY_7, "unlucky_7": UNLUCKY_7, "7_mala_suerte": UNLUCKY_7, "7_gafe": UNLUCKY_7,
               "lucky13": LUCKY_13, "lucky_13": LUCKY_13, "13_de_la_suerte": LUCKY_13, "13_suerte": LUCKY_13,
               "÷2": Card.divide(2)}
    for act, words in _VENGEANCE_ACTION_NAMES.items():
        aliases.update({word: Card.action(act) for word in (act.value, *words)})
    return RuleSet(
        name="vengeance-brutal" if brutal else "vengeance",
        title=N_("With a Vengeance (Brutal mode)") if brutal else N_("With a Vengeance"),
        deck=CardCounts.from_mapping(counts),
        score_floor=None if brutal else 0,
        vengeance=True,
        brutal=brutal,
        names=tuple(sorted(names.items())),
        aliases=tuple(sorted(aliases.items())),
        titles=tuple(sorted(VENGEANCE_TITLES.items())),
        unknown_card=N_("unknown card {card!r}: use 0-13, u7, l13, /2, -2 -4 -6 -8 -10, jom, flip4, steal, "
                        "swap or discard"),
    )


UNLUCKY_7 = Card.number(7, "u7")
"""The Unlucky 7 of With a Vengeance: it wipes your other numbers and modifiers when you draw it."""
LUCKY_13 = Card.number(13, "l13")
"""The Lucky 13 of With a Vengeance: while you hold it a second 13 does not bust you."""
VENGEANCE_TITLES: dict[Card, str] = {Card.number(0): N_("The Zero"), UNLUCKY_7: N_("Unlucky 7"),
                                     LUCKY_13: N_("Lucky 13")}
"""The special numbers of With a Vengeance by the one name players read (message ids; in Spanish El Cero,
7 de la mala suerte, 13 de la suerte)."""
VENGEANCE_ACTIONS = tuple(Card.action(act) for act in (Action.JUST_ONE_MORE, Action.FLIP_FOUR, Action.STEAL,
                                                        Action.SWAP, Action.DISCARD))
_VENGEANCE_ACTION_NAMES = {
    Action.JUST_ONE_MORE: ("just_one_more", "una_mas", "una_más"),
    Action.FLIP_FOUR: ("flip_four", "robar4", "robar_cuatro"),
    Action.STEAL: ("robo", "quitar"),
    Action.SWAP: ("cambiar", "intercambiar", "intercambio"),
    Action.DISCARD: ("descartar", "descarte"),
}
VENGEANCE = _vengeance_rules(brutal=False)
VENGEANCE_BRUTAL = _vengeance_rules(brutal=True)

RULESETS: dict[str, RuleSet] = {rules.name: rules for rules in (CLASSIC, POKER)}
EXPERIMENTAL_RULESETS: dict[str, RuleSet] = {rules.name: rules for rules in (VENGEANCE, VENGEANCE_BRUTAL)}
"""Variants only some parts of the product handle yet (the command line's ``analyze``): kept out of
`RULESETS`, which the classic command-line tools accept, and found by `find_rules` only when asked for."""
ALL_RULESETS: dict[str, RuleSet] = {**RULESETS, **EXPERIMENTAL_RULESETS}
"""Every variant, in the order the app's variant switch offers them (pages that do not handle one say so)."""


def find_rules(name: str, *, experimental: bool = False) -> RuleSet:
    """The `RuleSet` called ``name`` (case-insensitive); a clear `Flip7Error` for an unknown one.

    ``experimental`` also finds the variants of `EXPERIMENTAL_RULESETS`.

    >>> find_rules("vengeance", experimental=True).deck.size
    108
    """
    known = {**RULESETS, **EXPERIMENTAL_RULESETS} if experimental else RULESETS
    try:
        return known[name.strip().lower()]
    except KeyError:
        raise Flip7Error("unknown rules {name!r}: choose one of {known}", name=name, known=", ".join(known)) from None

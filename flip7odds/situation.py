"""A situation at the table: your line, the exact pile, the discard pile, who else is active.

Examples
--------
>>> from flip7odds.rules import CLASSIC
>>> situation = Situation.from_text(CLASSIC, line="12 7 3 +4", seen="12 12 5")
>>> situation.pile.size, situation.line.score(CLASSIC), situation.alone
(87, 26, False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from flip7odds.cards import SECOND_CHANCE, Action, Card, Category, format_cards, parse_cards
from flip7odds.counts import CardCounts
from flip7odds.errors import Counted, Plural, SituationError
from flip7odds.i18n import N_
from flip7odds.rules import RuleSet


@dataclass(frozen=True)
class Line:
    """The cards in front of you: distinct numbers, modifiers (sorted), and whether you hold a Second Chance."""

    numbers: frozenset[int] = frozenset()
    modifiers: tuple[Card, ...] = ()
    second_chance: bool = False

    @classmethod
    def from_cards(cls, cards: Iterable[Card], card_name: Callable[[Card], str] = str) -> Line:
        """Build a line; a duplicate number, two Second Chances or a Freeze/Flip Three raise `SituationError`.

        A duplicate is named by ``card_name`` (the variant's `RuleSet.card_name`: a poker K, not 13).
        """
        numbers: set[int] = set()
        modifiers: list[Card] = []
        second_chance = False
        for card in cards:
            if card.category is Category.NUMBER:
                if card.value in numbers:
                    raise SituationError("duplicate number {value} in your line: a second {value} busts you",
                                         value=card_name(card))
                numbers.add(card.value)
            elif card.category is Category.MODIFIER:
                modifiers.append(card)
            elif card.act is Action.SECOND_CHANCE:
                if second_chance:
                    raise SituationError("two Second Chances in your line: you may hold only one")
                second_chance = True
            else:
                raise SituationError("{card} cannot be in your line: it is resolved as soon as it is drawn",
                                     card=str(card))
        return cls(frozenset(numbers), tuple(sorted(modifiers)), second_chance)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The line's cards: numbers (ascending), modifiers, then the Second Chance."""
        numbers = tuple(Card.number(value) for value in sorted(self.numbers))
        return numbers + self.modifiers + ((SECOND_CHANCE,) if self.second_chance else ())

    @property
    def is_empty(self) -> bool:
        """No card at all in front of you: you may not stay yet."""
        return not self.cards

    def score(self, rules: RuleSet, flip7: bool = False) -> int:
        """The score this line banks if you stay now (or with the Flip 7 bonus)."""
        return rules.score(sum(self.numbers), self.modifiers, flip7)

    def __str__(self) -> str:
        return format_cards(self.cards)


@dataclass(frozen=True)
class Situation:
    """Everything the odds depend on (docs/model.md, "A situation").

    ``discards`` is the discard pile since the last reshuffle when it is known (it becomes the new pile
    if the pile runs out), or None when it is not (a pile that runs out then ends your round as if you
    stayed). ``others_active`` counts the other players still active; 0 means you are alone.
    """

    rules: RuleSet
    line: Line
    pile: CardCounts
    discards: CardCounts | None = None
    others_active: int = 1

    def __repr__(self) -> str:
        def text(cards: CardCounts | tuple[Card, ...]) -> str:
            return repr(format_cards(cards, self.rules))

        discards = "None" if self.discards is None else text(self.discards)
        return (f"Situation.from_text(find_rules({self.rules.name!r}), {text(self.line.cards)}, "
                f"pile={text(self.pile)}, discards={discards}, others_active={self.others_active})")

    @property
    def alone(self) -> bool:
        """True when no other player is active: Freeze and Flip Three must target you."""
        return self.others_active == 0

    @classmethod
    def build(
        cls,
        rules: RuleSet,
        line: Iterable[Card] = (),
        *,
        seen: Iterable[Card] | None = None,
        pile: Iterable[Card] | None = None,
        discards: Iterable[Card] | None = None,
        others_active: int = 1,
    ) -> Situation:
        """Check a situation and derive the pile: the full deck minus line, seen and discards, or given.

        Raises `SituationError` naming the card or count that makes it impossible.
        """
        if rules.vengeance:
            raise SituationError("the {rules} rules need the With a Vengeance analysis (flip7odds.vengeance)",
                                 rules=rules.name)
        if seen is not None and pile is not None:
            raise SituationError("give either the seen cards or the pile, not both")
        if others_active < 0:
            raise SituationError("others active must be 0 or more, not {count}", count=others_active)
        line_cards = tuple(line)
        check_in_deck(rules, line_cards)  # before the line's own checks: a 13 in classic is not a duplicate 13
        the_line = Line.from_cards(line_cards, rules.card_name)
        if len(the_line.numbers) >= rules.flip7_size:
            raise SituationError(Plural("your line already holds {size} number: that is a Flip 7, the round is over",
                                        "your line already holds {size} numbers: that is a Flip 7, the round is over",
                                        "size"), size=rules.flip7_size)
        pile_counts, discard_counts = pile_and_discards(rules, {N_("your line"): line_cards}, seen=seen, pile=pile,
                                                        discards=discards)
        check_a_card_to_draw(pile_counts, discard_counts)
        return cls(rules, the_line, pile_counts, discard_counts, others_active)

    @classmethod
    def from_text(
        cls,
        rules: RuleSet,
        line: str = "",
        *,
        seen: str | None = None,
        pile: str | None = None,
        discards: str | None = None,
        others_active: int = 1,
    ) -> Situation:
        """`build` from card notation strings."""
        return cls.build(
            rules,
            parse_cards(line, rules),
            seen=None if seen is None else parse_cards(seen, rules),
            pile=None if pile is None else parse_cards(pile, rules),
            discards=None if discards is None else parse_cards(discards, rules),
            others_active=others_active,
        )


def pile_and_discards(rules: RuleSet, lines: Mapping[str, tuple[Card, ...]], *, seen: Iterable[Card] | None,
                      pile: Iterable[Card] | None, discards: Iterable[Card] | None
                      ) -> tuple[CardCounts, CardCounts | None]:
    """The pile and the discard pile (None when unknown) of a situation whose lines hold ``lines``' cards.

    Every card of the deck is in one place, so ``pile = deck - lines - seen - discards`` unless the
    pile is given (then nothing is seen). Every variant's situation derives its pile so. Raises
    `SituationError` (`check_against_deck`) for a card the deck does not hold that often.
    """
    discard_counts = None if discards is None else CardCounts.from_cards(discards)
    groups = dict(lines)
    if discard_counts is not None:
        groups[N_("discards")] = tuple(discard_counts)
    if pile is None:
        groups[N_("seen")] = tuple(seen or ())
    else:
        groups[N_("pile")] = tuple(pile)
    check_against_deck(rules, groups)
    out_of_pile = CardCounts.from_cards(card for name, cards in groups.items() if name != "pile" for card in cards)
    pile_counts = rules.deck - out_of_pile if pile is None else CardCounts.from_cards(groups["pile"])
    return pile_counts, discard_counts


def check_a_card_to_draw(pile: CardCounts, discards: CardCounts | None) -> None:
    """Raise `SituationError` when no card can be drawn: the pile is empty and no discard pile is known to reshuffle."""
    if pile.size == 0 and (discards is None or discards.size == 0):
        raise SituationError("the pile is empty and there is no discard pile to reshuffle")


def check_in_deck(rules: RuleSet, cards: Iterable[Card], card_name: Callable[[Card], object] | None = None) -> None:
    """Raise `SituationError` naming the first card the deck does not hold at all (by ``card_name``, default the
    variant's `RuleSet.card_name`)."""
    for card in cards:
        if rules.deck[card] == 0:
            name = rules.card_name if card_name is None else card_name
            raise SituationError("card {card} is not in the {rules} deck", card=name(card), rules=rules.name)


def check_against_deck(rules: RuleSet, groups: Mapping[str, tuple[Card, ...]],
                       card_name: Callable[[Card], object] | None = None) -> None:
    """Every card must belong to the deck, and no card may appear more often than the deck holds it.

    ``groups`` are the places the cards are in, by name (a message id); the message names a card by
    ``card_name`` (default: the variant's `RuleSet.card_name`). Every variant's situation and table checks so.
    """
    name = rules.card_name if card_name is None else card_name
    total: Counter[Card] = Counter()
    for cards in groups.values():
        check_in_deck(rules, cards, name)
        total.update(cards)
    for card, count in sorted(total.items()):
        if count > rules.deck[card]:
            where = Counted(tuple((place, Counter(cards)[card]) for place, cards in groups.items() if card in cards))
            raise SituationError("too many {card} cards: {where} make {count}, but the {rules} deck has {deck}",
                                 card=name(card), where=where, count=count, rules=rules.name, deck=rules.deck[card])


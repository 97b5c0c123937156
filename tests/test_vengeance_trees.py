"""With a Vengeance probability trees (`flip7odds.vengeance.trees`) against a brute force over every order of the pile.

The brute force reads the rules on its own (docs/vengeance.md): it draws every ordered sequence of the pile's cards,
each with chance ``1 / (N (N - 1) ...)``, and names what each card does, never through the engine the tree uses.
"""

from __future__ import annotations

import random
from collections import defaultdict
from fractions import Fraction

import pytest

from flip7odds.engine import Termination
from flip7odds.errors import Flip7Error
from flip7odds.i18n import translator
from flip7odds.rules import VENGEANCE, VENGEANCE_BRUTAL
from flip7odds.teaching import Grouping, SituationText, TreeStart, vengeance_urn
from flip7odds.teaching_charts import EVENT_LABELS, branch_label, tree_figure, tree_key
from flip7odds.vengeance.situation import VengeanceSituation
from flip7odds.vengeance.trees import vengeance_tree

ACTIONS = ("jom", "flip4", "steal", "swap", "discard")
MODIFIERS = ("-2", "-4", "/2")
SEVEN = 7


def value(card: str) -> int | None:
    """A number card's value (The Zero 0, the Unlucky 7 a 7, the Lucky 13 a 13); None for another card."""
    if card in ("u7", "l13"):
        return {"u7": 7, "l13": 13}[card]
    return int(card) if card.isdigit() else None


def brute_force(line: list[str], pile: list[str], draws: int
                ) -> dict[tuple[tuple[str, ...], Termination | None], Fraction]:
    """P(each path of events and its ending): every ordered draw of up to ``draws`` cards from ``pile``."""
    found: dict[tuple[tuple[str, ...], Termination | None], Fraction] = defaultdict(Fraction)

    def walk(held: list[str], left: list[str], path: tuple[str, ...], chance: Fraction) -> None:
        if len(path) == draws:
            found[path, None] += chance
            return
        if not left:
            found[path, Termination.PILE_EXHAUSTED] += chance
            return
        for index, card in enumerate(left):
            rest = left[:index] + left[index + 1:]
            step = chance / len(left)
            number = value(card)
            if number is None:
                if card in ACTIONS:
                    found[(*path, "action"), None] += step
                    continue
                walk(held, rest, (*path, "modifier"), step)
                continue
            if card == "u7":
                walk(["u7"], rest, (*path, "unlucky_7"), step)
                continue
            values = [value(h) for h in held]
            if number == 13 and values.count(13) == 1 and "l13" in (*held, card):
                event = "lucky_second_13"
            elif number in values:
                found[(*path, "bust"), Termination.BUST] += step
                continue
            else:
                event = "zero" if number == 0 else "new_number"
            grown = [*held, card]
            if len(grown) >= SEVEN:
                found[(*path, "flip7"), Termination.FLIP_7] += step
                continue
            walk(grown, rest, (*path, event), step)

    walk(line, pile, (), Fraction(1))
    return dict(found)


CARDS = ("0", "u7", "7", "7", "l13", "13", "13", "5", "5", "9", "12", "3", *ACTIONS, *MODIFIERS)


def random_case(rng: random.Random) -> tuple[list[str], list[str]]:
    """A small line and pile drawn from `CARDS` (no card in both)."""
    cards = list(CARDS)
    rng.shuffle(cards)
    line_size, pile_size = rng.randint(0, 4), rng.randint(3, 8)
    line = [card for card in cards[:line_size] if value(card) is not None]
    held_values = [value(card) for card in line]
    line = [card for index, card in enumerate(line) if held_values.index(value(card)) == index]  # a legal line
    if sum(value(card) == 13 for card in line) > 1 or "u7" in line:
        line = [card for card in line if value(card) not in (7, 13)]
    return line, cards[line_size:line_size + pile_size]


@pytest.mark.parametrize("seed", range(40))
def test_the_tree_is_the_brute_force_over_every_order(seed: int) -> None:
    rng = random.Random(seed)
    line, pile = random_case(rng)
    draws = rng.randint(1, 3)
    rules = VENGEANCE_BRUTAL if seed % 2 else VENGEANCE
    situation = VengeanceSituation.from_text(rules, " ".join(line), pile=" ".join(pile))
    tree = vengeance_tree(situation, draws)
    got = {(tuple(branch.event.value for branch in leaf.path), leaf.ending): leaf.probability for leaf in tree.leaves}
    assert got == brute_force(line, pile, draws), (line, pile, draws)
    assert tree.leaf_total == 1


def test_a_brute_force_that_misreads_the_lucky_13_differs() -> None:
    """The comparison can fail: the same brute force with the Lucky 13 read as a plain 13 gives other leaves."""
    situation = VengeanceSituation.from_text(VENGEANCE, "13", pile="l13 5 steal")
    tree = vengeance_tree(situation, 2)
    got = {(tuple(branch.event.value for branch in leaf.path), leaf.ending): leaf.probability for leaf in tree.leaves}
    assert got == brute_force(["13"], ["l13", "5", "steal"], 2)
    assert got != brute_force(["13"], ["13", "5", "steal"], 2)


def test_the_urn_and_the_tree_read_the_same_situation_from_a_link() -> None:
    text = SituationText(line="12.u7", seen="5.5", alone=True, rules=VENGEANCE.name)
    situation = text.vengeance_situation(VENGEANCE)
    assert situation.alone and situation.pile.size == VENGEANCE.deck.size - 4
    tree = vengeance_tree(situation, 1)
    bust = tree.probability_of(Termination.BUST)
    assert bust == Fraction(11 + 6, situation.pile.size)  # the eleven other 12s and the six plain 7s (the u7 held)
    reading = vengeance_urn(text, VENGEANCE)
    assert Fraction(reading.bust_cards, reading.pile_size) == bust


def test_a_fresh_deck_tree_draws_with_its_key_in_both_languages() -> None:
    situation = VengeanceSituation.build(VENGEANCE, (), others=[()])
    tree = vengeance_tree(situation, 2, grouping=Grouping.CARD)
    events = {event for event, _ in tree_key(tree)}
    assert {event.value for event in events} >= {"new_number", "zero", "unlucky_7", "modifier", "action", "bust"}
    assert all(event in EVENT_LABELS for event in events)
    figure = tree_figure(tree, notation=VENGEANCE)
    assert len(figure.data[0].ids) == len(tree.nodes)
    spanish = {branch_label(branch, translator("es"), VENGEANCE) for node in tree.nodes for branch in node.path}
    assert "El Cero: 0 salvo Flip 7" in spanish and "7 de la mala suerte: línea vaciada" in spanish


@pytest.mark.parametrize(("draws", "start", "grouping"), [(0, TreeStart.HIT, Grouping.OUTCOME),
                                                          (4, TreeStart.HIT, Grouping.OUTCOME),
                                                          (3, TreeStart.HIT, Grouping.CARD),
                                                          (3, TreeStart.FLIP_THREE, Grouping.OUTCOME)])
def test_sizes_a_tree_cannot_show_are_refused(draws: int, start: TreeStart, grouping: Grouping) -> None:
    with pytest.raises(Flip7Error):
        vengeance_tree(VengeanceSituation.build(VENGEANCE, ()), draws, start, grouping)

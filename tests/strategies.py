"""Hypothesis strategies shared by the tests: random small classic and With a Vengeance situations; and
`seeded_small_pile`, the same kind of With a Vengeance situation from a seeded random generator, `pile_among_others`,
one whose other lines hold numbers, and `drawing_states`, the states a full search of one meets, with their exact
values (`exact_paths`: their paths and values, of several situations)."""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable, Iterable, Iterator
from typing import cast

from hypothesis import strategies as st

from flip7odds.bounded import Chain, Path, RoundModel, _Search
from flip7odds.cards import SECOND_CHANCE, Card, Category
from flip7odds.errors import SituationError
from flip7odds.policies import HitStayPolicy, StayAtBust, StayAtCount, StayAtSum, parse_policy
from flip7odds.round_models import VengeanceModel
from flip7odds.rules import CLASSIC, VENGEANCE, VENGEANCE_BRUTAL, RuleSet
from flip7odds.situation import Situation
from flip7odds.vengeance.fast import TIE, State, _Values
from flip7odds.vengeance.situation import VengeanceLine, VengeanceSituation


@st.composite
def small_situations(draw: st.DrawFn, max_pile: int = 10, max_discards: int = 4,
                     rules: RuleSet = CLASSIC) -> Situation:
    """A legal situation with a small pile, sometimes a discard pile, alone or not."""
    deck = list(rules.deck)
    indices = draw(st.lists(st.integers(0, len(deck) - 1), min_size=1, max_size=max_pile + max_discards + 6,
                            unique=True))
    cards = [deck[i] for i in indices]
    line: list[Card] = []
    rest: list[Card] = []
    held: set[int] = set()
    has_sc = False
    for card in cards:
        wants_line = draw(st.booleans()) and len(line) < 6
        if (card.category is Category.NUMBER and wants_line and card.value not in held
                and len(held) < rules.flip7_size - 1):
            held.add(card.value)
            line.append(card)
        elif card.category is Category.MODIFIER and wants_line:
            line.append(card)
        elif card == SECOND_CHANCE and wants_line and not has_sc:
            has_sc = True
            line.append(card)
        else:
            rest.append(card)
    split = draw(st.integers(0, min(max_discards, len(rest))))
    discards = rest[:split] if draw(st.booleans()) else None
    pile = rest[split:][:max_pile]
    if not pile and not discards:
        pile = [next(card for card in rules.kinds if card.is_number and card.value not in held)]
    others = draw(st.sampled_from([0, 1, 2]))
    return Situation.build(rules, line, pile=pile, discards=discards, others_active=others)


@st.composite
def vengeance_situations(draw: st.DrawFn, max_pile: int = 5, max_discards: int = 2, max_others: int = 2,
                         max_line_cards: int = 3) -> VengeanceSituation:
    """A legal With a Vengeance situation: standard or Brutal, a small pile (every special card and
    action as likely as a number: at most two copies of each kind), sometimes a known discard pile,
    up to ``max_others`` other lines holding at most ``max_line_cards`` cards with yours, and busted players.
    """
    rules = draw(st.sampled_from([VENGEANCE, VENGEANCE_BRUTAL]))
    deck = [card for card, count in rules.deck.items_ for _ in range(min(count, 2))]
    indices = draw(st.lists(st.integers(0, len(deck) - 1), min_size=1,
                            max_size=max_pile + max_discards + max_line_cards, unique=True))
    lines: list[VengeanceLine] = [VengeanceLine() for _ in range(1 + max_others)]
    rest: list[Card] = []
    for card in (deck[i] for i in indices):
        where = draw(st.integers(0, len(lines)))
        if (where < len(lines) and card.category is not Category.ACTION
                and sum(len(line.cards) for line in lines) < max_line_cards
                and (not card.is_number or (lines[where].accepts(card) and lines[where].number_count < 5))):
            lines[where] = lines[where].plus(card)
        else:
            rest.append(card)
    split = draw(st.integers(0, min(max_discards, len(rest))))
    discards = rest[:split] if draw(st.booleans()) else None
    pile = rest[split:][:max_pile] or [Card.number(11)]
    others = lines[1:1 + draw(st.integers(0, max_others))]
    return VengeanceSituation.build(rules, lines[0].cards, others=[line.cards for line in others], pile=pile,
                                    discards=discards, busted_others=draw(st.integers(0, 2)))


def blind_policies(max_count: int) -> st.SearchStrategy[HitStayPolicy]:
    """The penalty-blind threshold rules: stay at a sum, at a bust chance, at ``1..max_count`` numbers; always hit."""
    return st.one_of(
        st.builds(StayAtSum, st.integers(0, 45)),
        st.builds(StayAtBust, st.fractions(0, 1, max_denominator=20)),
        st.builds(StayAtCount, st.integers(1, max_count)),
        st.just(parse_policy("always")),
    )


def shuffled_deck(rng: random.Random, rules: RuleSet, chosen: list[Card]) -> list[Card]:
    """The deck of ``rules`` without the ``chosen`` cards, shuffled by ``rng``."""
    deck = [card for card, count in rules.deck.items_ for _ in range(count)]
    for card in chosen:
        deck.remove(card)
    rng.shuffle(deck)
    return deck


def seeded_small_pile(rng: random.Random, rules: RuleSet, deck: list[Card], chosen: list[Card], most_dealt: int,
                      fewest_others: int) -> VengeanceSituation:
    """A pile of 6 to 8 cards: ``chosen`` under the first of the shuffled ``deck`` (which no longer holds them); up to
    ``most_dealt`` of the rest dealt at random to your line and two other lines (numbers only where they fit, never an
    action); ``fewest_others`` to two of those other lines in play, one of them at times busted; at times a known
    discard pile."""
    size = rng.randint(6, 8)
    pile, rest = deck[:size - len(chosen)] + chosen, deck[size - len(chosen):]
    lines = [VengeanceLine() for _ in range(3)]
    for card in rest[:rng.randint(1, most_dealt)]:
        where = rng.randrange(3)
        if card.category is not Category.ACTION and (
                not card.is_number or (lines[where].accepts(card) and lines[where].number_count < 5)):
            lines[where] = lines[where].plus(card)
    others = lines[1:1 + rng.randint(fewest_others, 2)]
    discards = rest[20:20 + rng.randint(0, 3)] if rng.random() < 0.3 else None
    return VengeanceSituation.build(rules, lines[0].cards, others=[line.cards for line in others], pile=pile,
                                    discards=discards, busted_others=rng.randint(0, 1) if others else 0)


def chosen_deck(rng: random.Random, choose: Callable[[random.Random], list[Card]]
                ) -> tuple[RuleSet, list[Card], list[Card]]:
    """With a Vengeance rules (standard or Brutal), their deck shuffled by ``rng`` less the cards ``choose`` then
    picks, and those cards."""
    rules = rng.choice([VENGEANCE, VENGEANCE_BRUTAL])
    deck = [card for card, count in rules.deck.items_ for _ in range(count)]
    rng.shuffle(deck)
    chosen = choose(rng)
    for card in chosen:
        deck.remove(card)
    return rules, deck, chosen


def pile_among_others(rng: random.Random, choose: Callable[[random.Random], list[Card]],
                      sizes: tuple[int, int], held: Card | None = None, most_mine: int = 4,
                      fewest_others: int = 1) -> VengeanceSituation:
    """A With a Vengeance situation (standard or Brutal) whose pile of ``sizes`` cards holds the cards ``choose`` picks
    (after the deck is shuffled), the rest numbers and modifiers (an action now and then); your line ``held`` (taken
    out of the deck) and up to ``most_mine`` numbers; ``fewest_others`` to two other lines, the first holding one or
    two numbers, the second up to two."""
    rules, deck, chosen = chosen_deck(rng, choose)
    if held is not None:
        deck.remove(held)
    deck = [card for card in deck if card.category is not Category.ACTION or rng.random() < 0.1]
    size = rng.randint(*sizes)
    pile, rest = deck[:size - len(chosen)] + chosen, deck[size - len(chosen):]
    numbers = [card for card in rest if card.is_number]
    lines = [VengeanceLine() if held is None else VengeanceLine().plus(held)] + [VengeanceLine() for _ in range(2)]
    for where, count in ((0, rng.randint(0, most_mine)), (1, rng.randint(1, 2)), (2, rng.randint(0, 2))):
        for card in numbers[:count]:
            if lines[where].accepts(card):
                lines[where] = lines[where].plus(card)
        numbers = numbers[count:]
    others = [line.cards for line in lines[1:1 + rng.randint(fewest_others, 2)]]
    return VengeanceSituation.build(rules, lines[0].cards, others=others, pile=pile)


def seeded_drawing_states(seed: int, count: int, situation: Callable[[random.Random], VengeanceSituation]
                          ) -> Iterator[tuple[VengeanceModel, State, Path, Callable[[], float]]]:
    """Of ``count`` situations that ``situation`` deals from ``random.Random(seed)``, taken one at a time, every state
    `drawing_states` meets: with the situation's model, the state, its path and, called, the exact value of drawing."""
    rng = random.Random(seed)
    for _ in range(count):
        dealt = situation(rng)
        model = VengeanceModel(dealt)
        for state, path, _, exact in drawing_states(dealt):
            yield model, state, path, exact


def free_chain_states(seed: int, count: int, situation: Callable[[random.Random], VengeanceSituation]
                      ) -> Iterator[tuple[VengeanceModel, State, Path, Chain, int, Callable[[], float]]]:
    """Of the states `seeded_drawing_states` meets, those where the chain floor applies (a free decision: no The Zero
    in your line, no draws owed): the model, the state, its path, its `VengeanceModel.chain`, the least score reachable
    and, called, the exact value of hitting."""
    for model, state, path, exact in seeded_drawing_states(seed, count, situation):
        if path.holds_zero or model.forced(state) or model.owed(state):
            continue
        chain = model.chain(state)
        assert chain is not None
        yield model, state, path, chain, model.reach(state)[0], exact


def drawing_states(situation: VengeanceSituation) -> Iterator[tuple[State, Path, int, Callable[[], float]]]:
    """Every state a full best-first search of ``situation`` meets where you may draw and the path ceiling applies:
    the state, its path, the best score still reachable from it and, called, the exact expected score of drawing
    there (the exact With a Vengeance solver's; it raises `flip7odds.errors.SituationError` where a discard pile
    makes the exact table too large)."""
    model = VengeanceModel(situation)
    values = _Values(model.game, 1.0, TIE, 10**6)
    for state in met_states(model):
        path = model.path(state)
        if path is not None and model.can_draw(state):
            yield state, path, max(model.reach(state)[1]), functools.partial(values.draw, state)


def exact_paths(situations: Iterable[VengeanceSituation], keep: Callable[[Path], bool]
                ) -> Iterator[tuple[Path, int, float]]:
    """Of the states `drawing_states` meets in each of ``situations`` (taken one at a time), those whose path ``keep``
    picks: the path, the best score still reachable and the exact expected score of drawing; a state whose exact table
    a known discard pile makes too large is left out."""
    for situation in situations:
        for _state, path, top, exact in drawing_states(situation):
            if keep(path):
                try:
                    yield path, top, exact()
                except SituationError:
                    continue


def met_states(model: VengeanceModel) -> list[State]:
    """Every state a full best-first search from ``model``'s root meets (none where no card can be drawn there)."""
    if not model.can_draw(model.root()):
        return []
    search = _Search[State](cast(RoundModel[State], model), time.process_time() + 60.0)
    search.hit(model.root(), 1e6)
    return cast(list[State], list(search.known))

"""The bounded search's tables that only save work give, bit for bit, what the computations they stand for give.

Three such tables (not counted by the work clock): the drift ceiling's chain values by every field of a path but its
size (`flip7odds.drift.drift_ceiling`'s ``known``, `_Shared.chain_ends`), the path terms by what `_path_terms` reads
(`_terms_key`, `_Shared.terms_by_reads`), and a pile's `PileCounts` derived from the pile it came from
(`VengeanceModel._pile_counts`). On the paths met by searches of the fresh deck (alone, one other) and of random small
piles (a full search): every drift ceiling the search remembers equals the one computed alone, and so does the ceiling
of the same path with 1 or 5 neutral cards more, read from the table (the entry it shares); the terms are the same with
every field `_terms_key` leaves out changed; every pile's counts are those decoded from its code. A planted error (the
table keyed without your line's modifiers, `Path.scores`) gives a wrong ceiling somewhere.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, cast

import pytest

from flip7odds import drift
from flip7odds.bounded import RoundModel, _path_terms, _Search, _terms_key
from flip7odds.cards import Category
from flip7odds.drift import drift_ceiling
from flip7odds.round_models import PileCounts, VengeanceModel
from flip7odds.rules import VENGEANCE, VENGEANCE_BRUTAL
from flip7odds.vengeance.fast import State
from flip7odds.vengeance.situation import VengeanceLine, VengeanceSituation

SEED = 43


def _small(rng: random.Random) -> VengeanceSituation:
    """A pile of 7 to 10 cards from a shuffled deck; your line up to three numbers that fit; no other player, or one
    holding a card; standard or Brutal."""
    rules = rng.choice([VENGEANCE, VENGEANCE_BRUTAL])
    deck = [card for card, count in rules.deck.items_ for _ in range(count)]
    rng.shuffle(deck)
    size = rng.randint(7, 10)
    pile, rest = deck[:size], deck[size:]
    line = VengeanceLine()
    for card in rest[:6]:
        if card.is_number and line.accepts(card) and line.number_count < 3:
            line = line.plus(card)
    other = [card for card in rest[6:] if card.category is not Category.ACTION][:1]
    others = [other] if rng.random() < 0.5 else []
    return VengeanceSituation.build(rules, line.cards, others=others, pile=pile)


def _searched(situation: VengeanceSituation, budget: float) -> tuple[VengeanceModel, _Search[State]]:
    """A model and its search, walked from the root at ``budget`` (``1 / eps``)."""
    model = VengeanceModel(situation)
    search = _Search[State](cast(RoundModel[State], model), float("inf"))
    search.hit(model.root(), budget)
    return model, search


def _situations() -> list[tuple[VengeanceSituation, float]]:
    """The fresh deck alone and with one other (a short search), and 12 random small piles (a full one)."""
    rng = random.Random(SEED)
    fresh = [(VengeanceSituation.build(VENGEANCE, (), others=[()] * others), 40.0) for others in (0, 1)]
    return fresh + [(_small(rng), 1e6) for _ in range(12)]


def test_drift_ceilings_from_the_table_are_those_computed_alone() -> None:
    checked = shared = 0
    for situation, budget in _situations():
        _, search = _searched(situation, budget)
        known = search.shared.chain_ends
        for (path, ceiling, draws), value in search.shared.drift_ceilings.items():
            assert value == drift_ceiling(path, ceiling, draws=draws), (path, ceiling, draws)
            for more in (1, 5):  # neutral cards more: the same entry of the table
                bigger = dataclasses.replace(path, size=path.size + more)
                found = drift_ceiling(bigger, ceiling, known, draws)
                assert found == drift_ceiling(bigger, ceiling, draws=draws), (bigger, ceiling, draws)
            checked += 1
        shared += len(search.shared.drift_ceilings) - len(known)
    assert checked > 2000
    assert shared > 300  # paths that differ by neutral cards alone, sharing the chain's values


def test_path_terms_read_only_their_key() -> None:
    checked = 0
    for situation, budget in _situations():
        _, search = _searched(situation, budget)
        for path, terms in search.shared.path_terms.items():
            assert terms == _path_terms(path)
            changed = dataclasses.replace(path, second=path.second + 1, lift=path.lift + 3, steals=path.steals + 1,
                                          grab=path.grab + 2, unlucky=path.unlucky + 1, fresh=((2, 9),),
                                          fresh_bust=path.fresh_bust + 1, fresh_held=7, late=not path.late,
                                          start=(path.start + 1) % 3, scores=None)
            assert _terms_key(changed) == _terms_key(path)
            assert _path_terms(changed) == terms
            checked += 1
    assert checked > 1500


def test_pile_counts_are_those_of_the_code() -> None:
    checked = derived = 0
    for situation, budget in _situations():
        model, _ = _searched(situation, budget)
        deck = model.game.deck
        for pile, counts in model._counts_of.items():
            present = dict(deck.present(pile))
            expected = PileCounts(tuple(present.get(k, 0) for k in model._modifier_kinds),
                                  *(present.get(k, 0) if k >= 0 else 0
                                    for k in (model._just_one_more, model.unlucky, model._flip_four)))
            assert counts == expected, pile
            checked += 1
            derived += model._parents.get(pile, (-1,))[0] in model._counts_of
    assert checked > 1500
    assert derived > checked // 2  # most piles' counts came from the pile drawn from


def test_a_table_keyed_without_your_modifiers_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    unsized = drift._unsized

    def without_modifiers(path: Any, top: int) -> tuple[object, ...]:
        return unsized(dataclasses.replace(path, scores=None), top)

    monkeypatch.setattr(drift, "_unsized", without_modifiers)
    wrong = 0
    for situation, budget in _situations()[:1]:
        _, search = _searched(situation, budget)
        wrong += sum(value != drift_ceiling(path, ceiling, draws=draws)
                     for (path, ceiling, draws), value in search.shared.drift_ceilings.items())
    assert wrong > 0

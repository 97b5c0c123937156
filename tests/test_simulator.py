"""The game simulator: hand-built piles that force each rule, conservation of cards, replays, policies."""

from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from flip7odds.cards import FLIP_THREE, FREEZE, SECOND_CHANCE, Card, parse_cards
from flip7odds.errors import Flip7Error
from flip7odds.rules import CLASSIC
from flip7odds.simulator import (
    BustThreshold,
    CardCount,
    InvariantError,
    Kinds,
    OptimalPolicy,
    Outcome,
    RandomPolicy,
    RoundEnd,
    RoundStart,
    SumThreshold,
    TableView,
    decks_for,
    game_winners,
    play_game,
    play_round,
    policy_from_text,
    table_rules,
)

ALWAYS_HIT = SumThreshold(200)
KINDS = Kinds.of(CLASSIC)


def start(top: str, discards: str = "", players: int = 2, dealer: int | None = None,
          totals: tuple[int, ...] | None = None) -> RoundStart:
    """A round where the cards of ``top`` come first; the dealer is the last seat so seat 0 is dealt first."""
    return RoundStart.build(CLASSIC, players, parse_cards(top), parse_cards(discards),
                            dealer=players - 1 if dealer is None else dealer, totals=totals)


class Recorder:
    """An observer that keeps every decision view."""

    def __init__(self) -> None:
        self.views: list[TableView] = []

    def __call__(self, view: TableView) -> None:
        self.views.append(view)


def test_freeze_set_aside_during_flip_three_takes_effect_after_the_three() -> None:
    # Deal: seat 0 gets 5, seat 1 gets a Flip Three and gives it to seat 0 (its only opponent).
    # Seat 0 draws 7, Freeze (set aside), 8; only then may it assign the Freeze: with 20 it would stay,
    # so it freezes itself (heuristic) and banks 5 + 7 + 8 = 20, the 8 included.
    result = play_round(CLASSIC, (SumThreshold(20), SumThreshold(10)), start("5 flip3 7 freeze 8 10"), seed=1)
    assert result.outcomes[0] is Outcome.FROZEN
    assert result.scores[0] == 20
    # Seat 1 had only the Flip Three: its line was empty, so it had to hit (10), then stayed.
    assert result.outcomes[1] is Outcome.STAYED and result.scores[1] == 10


def test_freeze_set_aside_goes_to_the_leader_when_the_target_would_hit() -> None:
    result = play_round(CLASSIC, (ALWAYS_HIT, SumThreshold(10)), start("5 flip3 7 freeze 8 5", totals=(0, 50)),
                        seed=1)
    assert result.outcomes == (Outcome.BUST, Outcome.FROZEN)
    assert result.scores == (0, 0)  # seat 1 was frozen with an empty line


def test_flip_three_set_aside_for_a_player_frozen_in_the_same_batch_is_discarded() -> None:
    # Seat 0 takes the three: Freeze, Flip Three, 6. It would hit, so the Freeze goes to seat 1 and the
    # Flip Three, with no other player left to take it, to frozen seat 1: it is discarded unresolved.
    recorder = Recorder()
    result = play_round(CLASSIC, (SumThreshold(12), SumThreshold(1)), start("5 flip3 freeze flip3 6 9"), seed=3,
                        observer=recorder)
    assert result.outcomes == (Outcome.STAYED, Outcome.FROZEN)
    assert result.scores == (20, 0)
    first = recorder.views[0]
    assert first.seat == 0 and sorted(first.seats[1].cards) == [FREEZE]
    assert Counter(first.discard_cards) == Counter({FLIP_THREE: 2})


def test_second_chance_drawn_during_a_flip_three_saves_a_later_duplicate() -> None:
    result = play_round(CLASSIC, (SumThreshold(14), SumThreshold(10)), start("5 flip3 sc 5 9 10"), seed=2)
    assert result.outcomes == (Outcome.STAYED, Outcome.STAYED)
    assert result.scores == (14, 10)
    discarded_first = Counter(KINDS.cards[code] for code in result.discards_after[:3])
    assert discarded_first == Counter({FLIP_THREE: 1, Card.number(5): 1, SECOND_CHANCE: 1})


def test_a_second_second_chance_is_passed_to_an_active_player_without_one() -> None:
    recorder = Recorder()
    play_round(CLASSIC, (SumThreshold(13), SumThreshold(30)), start("sc 4 sc 9 12"), seed=0, observer=recorder)
    passed = next(view for view in recorder.views if view.seat == 1 and view.line.second_chance)
    assert SECOND_CHANCE in passed.seats[0].cards and SECOND_CHANCE in passed.seats[1].cards


def test_reshuffle_in_the_middle_of_a_round_leaves_the_table_cards_out() -> None:
    # The pile holds only the two deal cards; everything else is in the discard pile.
    deck_rest = CLASSIC.deck - CLASSIC.deck.from_cards(parse_cards("12 11"))
    recorder = Recorder()
    result = play_round(CLASSIC, (SumThreshold(30), SumThreshold(30)),
                        RoundStart.build(CLASSIC, 2, parse_cards("12 11"), tuple(deck_rest), dealer=1), seed=5,
                        observer=recorder)
    assert result.reshuffles >= 1
    after = [view for view in recorder.views if view.reshuffles >= 1]
    assert after, "a decision after the reshuffle"
    for view in after:
        on_table = Counter(card for seat in view.seats for card in seat.cards)
        total = Counter(dict(zip(KINDS.cards, view.pile_counts))) + Counter(view.discard_cards) + on_table
        assert total == Counter(CLASSIC.deck.as_dict())
        assert on_table[Card.number(12)] >= 1 and view.pile_counts[KINDS.number(12)] + Counter(
            view.discard_cards)[Card.number(12)] <= 11


def test_an_action_in_the_initial_deal_is_resolved_at_once_and_the_deal_goes_on() -> None:
    # Seat 0 is dealt a Freeze with an empty line: it freezes the leader, seat 2, before seat 2's deal
    # card; the deal goes on to seat 1 and skips frozen seat 2.
    recorder = Recorder()
    result = play_round(CLASSIC, (SumThreshold(5), SumThreshold(5), SumThreshold(5)),
                        start("freeze 7 9 3", players=3, totals=(0, 10, 50)), seed=0, observer=recorder)
    first = recorder.views[0]
    assert first.seats[2].cards == (FREEZE,) and first.seats[2].outcome is Outcome.FROZEN
    assert first.seats[1].cards == (Card.number(7),)
    assert result.outcomes == (Outcome.STAYED, Outcome.STAYED, Outcome.FROZEN)
    assert result.scores == (9, 7, 0)  # seat 0 had to hit (9), seat 1 stayed with its 7


def test_a_busted_flip_three_target_passes_its_actions_under_seed_000s_option() -> None:
    from dataclasses import replace

    # Seat 0 takes a Flip Three: Flip Three (set aside), 5 (bust). Officially the set-aside card is
    # discarded; with busted_target_passes_actions it goes to seat 1, which then takes three cards.
    official = play_round(CLASSIC, (ALWAYS_HIT, SumThreshold(1)), start("5 flip3 flip3 5 9 10 11"), seed=0)
    assert official.outcomes == (Outcome.BUST, Outcome.STAYED) and official.scores == (0, 9)
    passing = replace(CLASSIC, busted_target_passes_actions=True)
    variant = play_round(passing, (ALWAYS_HIT, SumThreshold(1)), start("5 flip3 flip3 5 9 10 11"), seed=0)
    assert variant.outcomes == (Outcome.BUST, Outcome.STAYED) and variant.scores == (0, 9 + 10 + 11)


def test_freeze_on_the_last_active_player_freezes_itself() -> None:
    # Seat 1 stays at once; seat 0 (always hitting) draws a Freeze as the only active player.
    result = play_round(CLASSIC, (ALWAYS_HIT, SumThreshold(5)), start("12 11 10 freeze"), seed=0)
    assert result.outcomes == (Outcome.FROZEN, Outcome.STAYED)
    assert result.scores == (22, 11)


def test_flip_7_ends_the_round_for_everyone() -> None:
    top = "1 2  3 9  4 10  5 11  6 12  7 0  8"
    result = play_round(CLASSIC, (ALWAYS_HIT, ALWAYS_HIT), start(top), seed=0)
    assert result.end is RoundEnd.FLIP_7
    assert result.outcomes == (Outcome.FLIP_7, Outcome.CUT_SHORT)
    assert result.scores == (1 + 3 + 4 + 5 + 6 + 7 + 8 + 15, 2 + 9 + 10 + 11 + 12 + 0)


def test_scoring_with_modifiers_and_a_bust() -> None:
    result = play_round(CLASSIC, (SumThreshold(19), ALWAYS_HIT), start("12 3  x2 3  +10 7"), seed=0)
    assert result.outcomes[1] is Outcome.BUST and result.scores[1] == 0
    # seat 0: 12, x2, +10 then 7: its numbers make 19, so it stays with (12 + 7) * 2 + 10 = 48.
    assert result.scores[0] == 48


def test_ties_at_the_target_play_another_round() -> None:
    tied = start("10 10", totals=(190, 190))
    result = play_round(CLASSIC, (SumThreshold(5), SumThreshold(5)), tied, seed=0)
    assert result.totals_after == (200, 200)
    assert game_winners(result.totals_after, CLASSIC) == ()
    game = play_game(CLASSIC, (SumThreshold(5), SumThreshold(5)), np.random.default_rng(4), start=tied)
    assert game.rounds[0].totals_after == (200, 200)
    assert len(game.rounds) >= 2
    assert game.totals[game.winner] == max(game.totals) and game.totals.count(max(game.totals)) == 1


def test_every_round_replays_from_its_seed() -> None:
    players = (SumThreshold(23), BustThreshold(Fraction(1, 4)), CardCount(3), RandomPolicy())
    game = play_game(CLASSIC, players, np.random.default_rng(11))
    assert game.rounds
    for round_result in game.rounds:
        assert play_round(CLASSIC, players, round_result.start, round_result.seed) == round_result
    # The shoe persists: each round starts from the pile and discard pile the previous one left.
    for before, after in zip(game.rounds, game.rounds[1:]):
        assert after.start.pile == before.pile_after and after.start.discards == before.discards_after


def test_a_second_deck_above_18_players() -> None:
    assert [decks_for(players) for players in (1, 18, 19, 36)] == [1, 1, 2, 2]
    assert table_rules(CLASSIC, 19).deck.size == 188
    game = play_game(CLASSIC, [SumThreshold(20)] * 19, np.random.default_rng(2))
    assert len(game.totals) == 19


def test_the_invariant_check_catches_a_lost_card() -> None:
    broken = start("5 6")
    broken = RoundStart(broken.pile[1:], broken.discards, broken.dealer, broken.totals)
    with pytest.raises(InvariantError, match="missing"):
        play_round(CLASSIC, (ALWAYS_HIT, ALWAYS_HIT), broken, seed=0)


@pytest.mark.parametrize("text", ["sum", "sum:x", "bust:2", "cards:9", "random:1.5", "greedy", "optimal:3"])
def test_unknown_policies_get_one_clear_message(text: str) -> None:
    with pytest.raises(Flip7Error, match="unknown policy"):
        policy_from_text(text)


def test_policy_names_read_back() -> None:
    for text in ("optimal", "sum:23", "bust:0.26", "cards:3", "random:0.5"):
        assert policy_from_text(text).name == text


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(1, 7), hit=st.floats(0.3, 0.95),
       passes=st.booleans())
def test_cards_are_conserved_at_every_step_under_random_play(seed: int, players: int, hit: float,
                                                             passes: bool) -> None:
    """check=True verifies after every step that every card is in exactly one place; the views agree."""
    from dataclasses import replace

    rules = replace(CLASSIC, busted_target_passes_actions=passes)
    recorder = Recorder()
    game = play_game(rules, [RandomPolicy(hit)] * players, np.random.default_rng(seed), observer=recorder,
                     check=True)
    deck = Counter(CLASSIC.deck.as_dict())
    for view in recorder.views[::7]:
        on_table = Counter(card for seat in view.seats for card in seat.cards)
        pile = Counter(dict(zip(view.kinds.cards, view.pile_counts)))
        assert pile + Counter(view.discard_cards) + on_table == deck
    assert max(game.totals) >= CLASSIC.target


def test_optimal_policy_caches_its_solver_calls() -> None:
    optimal = OptimalPolicy()
    players = (optimal, SumThreshold(25), SumThreshold(20))
    first = play_round(CLASSIC, players, start("12 11 10 9", players=3), seed=1)
    solves = optimal.solves
    assert solves >= 1 and optimal.cache_hits == 0
    assert play_round(CLASSIC, players, start("12 11 10 9", players=3), seed=1) == first
    assert optimal.solves == solves and optimal.cache_hits == solves

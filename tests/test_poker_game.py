"""The simulator with the two-poker-decks rules (docs/rules.md section 2): game to 120, shared victory, negative scores."""

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from flip7odds.cards import parse_cards
from flip7odds.rules import POKER
from flip7odds.simulator import Outcome, RoundStart, SumThreshold, game_winners, play_game, play_round


def start(top: str, players: int = 2, totals: tuple[int, ...] | None = None) -> RoundStart:
    """A poker round whose first cards are ``top``; the dealer is the last seat, so seat 0 is dealt first."""
    return RoundStart.build(POKER, players, parse_cards(top, POKER), dealer=players - 1, totals=totals)


def test_a_tie_at_120_shares_the_victory_and_ends_the_game() -> None:
    # Each player is dealt a 10 and stays (10 >= 5): 110 + 10 = 120 each, a tie at the target.
    game = play_game(POKER, (SumThreshold(5), SumThreshold(5)), np.random.default_rng(0),
                     start=start("10 10", totals=(110, 110)))
    assert len(game.rounds) == 1
    assert game.totals == (120, 120)
    assert game.winners == (0, 1)


def test_the_game_ends_at_the_first_round_that_reaches_120() -> None:
    players = (SumThreshold(20), SumThreshold(25), SumThreshold(15))
    game = play_game(POKER, players, np.random.default_rng(5))
    for result in game.rounds[:-1]:
        assert max(result.totals_after) < POKER.target
    assert max(game.totals) >= POKER.target
    assert game.winners == tuple(seat for seat, total in enumerate(game.totals) if total == max(game.totals))
    assert game_winners(game.totals, POKER) == game.winners


def test_a_round_score_may_be_negative() -> None:
    # Seat 0 is dealt the 9 of diamonds (-9), hits once (sum 0 < 4) and gets the 4: it stays with 4 - 9 = -5.
    # Seat 1 is dealt a 5 and stays.
    result = play_round(POKER, (SumThreshold(4), SumThreshold(5)), start("9d 5 4", totals=(3, 0)), seed=0)
    assert result.outcomes == (Outcome.STAYED, Outcome.STAYED)
    assert result.scores == (-5, 5)
    assert result.totals_after == (-2, 5)


def test_a_royal_flush_in_a_simulated_round() -> None:
    # Seat 0: K dealt, then A, 10, J, Q, K of diamonds, Q and 9: numbers 13 + 12 + 9 = 34 (it stays at 34),
    # three x2 figures: 34 x 8 = 272; penalties -1 -10: 261; royal flush +20: 281.
    result = play_round(POKER, (SumThreshold(34), SumThreshold(5)), start("K 5 Ad 10d Jd Qd Kd Q 9"), seed=0)
    assert result.scores == (281, 5)


def test_five_distinct_numbers_end_the_round_for_everyone_with_20() -> None:
    # Seat 0: 4, then 5 6 7 8: five numbers, 30 + 20 = 50; seat 1 (dealt a K, would hit on) scores nothing more.
    result = play_round(POKER, (SumThreshold(100), SumThreshold(100)), start("4 K 5 J 6 Q 7 10 8"), seed=0)
    assert result.outcomes[0] is Outcome.FLIP_7
    assert result.scores[0] == 50


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 8), st.integers(0, 2**32 - 1), st.integers(8, 30))
def test_every_card_is_accounted_for_in_whole_poker_games(players: int, seed: int, threshold: int) -> None:
    # check=True verifies after every step that the 57 cards (or 114 with two decks) are all somewhere.
    game = play_game(POKER, tuple(SumThreshold(threshold) for _ in range(players)), np.random.default_rng(seed),
                     check=True)
    assert max(game.totals) >= POKER.target

"""The two-player game value and the win analysis against independent oracles: symmetry, forced
values, the fixed point's residual computed here from its definition, and a seeded simulation."""

import numpy as np
import pytest

from flip7odds.endgame import (
    EndgameError,
    GameModel,
    Method,
    analyze_win,
    game_values,
    multiplayer_utility,
    parse_totals,
    round_distribution,
    two_player_utility,
)
from flip7odds.rules import CLASSIC, POKER
from flip7odds.situation import Situation

OPTIMAL = round_distribution(CLASSIC)
THRESHOLD = round_distribution(CLASSIC, "sum>=23")


def after_round(values_table: np.ndarray, tie: float, target: int, mine: int, theirs: int) -> float:
    """G from docs/rules.md: the game goes on below the target; at or above it the unique highest wins."""
    if mine < target and theirs < target:
        return float(values_table[mine, theirs])
    if mine == theirs:
        return tie
    return 1.0 if mine > theirs else 0.0


@pytest.mark.parametrize("theirs", [OPTIMAL, THRESHOLD])
def test_the_fixed_point_residual_is_below_1e_12(theirs: tuple[float, ...]) -> None:
    model = GameModel(200, OPTIMAL, theirs)
    values = game_values(model)
    p, q, target = np.array(model.mine), np.array(model.theirs), model.target
    # G over every reachable pair of totals, then sum_y q(y) G(a + x, b + y) and sum_x p(x) of that.
    size = target + max(len(p), len(q))
    outcome = np.array([[after_round(values.table, values.tie, target, a, b) for b in range(size)]
                        for a in range(size)])
    over_them = sum(q[y] * outcome[:, y:y + target] for y in range(len(q)))
    right_side = sum(p[x] * over_them[x:x + target] for x in range(len(p)))
    assert np.abs(right_side - values.table).max() < 1e-12
    wins_tie = sum(p[x] * q[y] for x in range(len(p)) for y in range(len(q)) if x > y)
    equal = sum(p[x] * q[x] for x in range(min(len(p), len(q))))
    assert values.tie == pytest.approx(wins_tie + equal * values.tie, abs=1e-12)


def test_identical_players_from_equal_totals_win_half_the_time() -> None:
    values = game_values(GameModel(200, OPTIMAL, OPTIMAL))
    for total in (0, 57, 150, 199):
        assert values.win(total, total) == pytest.approx(0.5, abs=1e-12)
    # and the two seats add up to one from any pair of totals
    assert values.win(120, 195) + values.win(195, 120) == pytest.approx(1.0, abs=1e-12)


def test_a_total_out_of_reach_forces_the_value() -> None:
    # round scores 1..5 only: from 0 against 199 the opponent reaches 200 this round and you cannot
    small = (0.0, 0.2, 0.2, 0.2, 0.2, 0.2)
    values = game_values(GameModel(200, small, small))
    assert values.win(0, 199) == 0.0
    assert values.win(199, 0) == 1.0
    # the opponent has banked 230 this round (not active): 50 plus any round score stays below it
    situation = Situation.from_text(CLASSIC, "12 11", seen="12 11 10 9", others_active=0)
    result = analyze_win(situation, (50, 230), 0)
    assert result.stay_win == 0.0 and result.hit_win == 0.0
    assert result.method is Method.EXACT


def test_the_exact_value_agrees_with_a_simulation_of_the_same_model() -> None:
    rng = np.random.default_rng(20261130)
    model = GameModel(200, OPTIMAL, THRESHOLD)
    values = game_values(model)
    games = 20000
    p_cum, q_cum = np.cumsum(model.mine), np.cumsum(model.theirs)
    mine, theirs = np.full(games, 150), np.full(games, 160)
    result = np.full(games, -1)
    for _ in range(500):
        going = result < 0
        if not going.any():
            break
        mine[going] += np.searchsorted(p_cum, rng.random(going.sum()) * p_cum[-1], side="right")
        theirs[going] += np.searchsorted(q_cum, rng.random(going.sum()) * q_cum[-1], side="right")
        ends = going & (np.maximum(mine, theirs) >= 200) & (mine != theirs)
        result[ends] = (mine[ends] > theirs[ends]).astype(int)
    wins = result.mean()
    error = np.sqrt(wins * (1 - wins) / games)
    assert abs(wins - values.win(150, 160)) < 4 * error


def test_the_multiplayer_approximation_agrees_with_the_exact_two_player_value() -> None:
    values = game_values(GameModel(200, OPTIMAL, OPTIMAL))
    exact = two_player_utility(values, 150, 170, True, 60)
    simulated = multiplayer_utility(CLASSIC, (150, 170), 0, (False, True), OPTIMAL, np.random.default_rng(7),
                                    games=4000, top=60)
    for s in (0, 20, 40, 60):
        assert abs(simulated.utility[s] - exact[s]) < 4 * max(simulated.standard_error[s], 1e-3)


def test_behind_you_push_ahead_you_play_safe() -> None:
    # the same line and pile: at 120 against 195 hitting wins more often; at 185 against 150 staying does
    situation = Situation.from_text(CLASSIC, "12 7 3 +4", seen="12 12 5 9 9 8 11 10", others_active=1)
    behind = analyze_win(situation, (120, 195), 0)
    ahead = analyze_win(situation, (185, 150), 0)
    assert behind.decision.value == "hit" and behind.hit_win > behind.stay_win
    assert ahead.decision.value == "stay" and ahead.stay_win > ahead.hit_win
    assert set(ahead.to_json()) >= {"win_probability_stay", "win_probability_hit", "decision_win"}


@pytest.mark.parametrize(("text", "me", "message"), [
    ("120", 0, "every player"),
    ("120,abc", 0, "whole numbers"),
    ("120,-5", 0, "negative"),
    ("120,195", 2, "seat from 0 to 1"),
    ("120,195", None, "seat from 0 to 1"),
])
def test_bad_totals_get_one_clear_message(text: str, me: int | None, message: str) -> None:
    with pytest.raises(EndgameError, match=message):
        parse_totals(text, me)


def test_the_poker_variant_is_refused_clearly() -> None:
    with pytest.raises(EndgameError, match="classic rules only"):
        round_distribution(POKER)

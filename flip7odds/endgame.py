"""The win-probability model (docs/model.md, endgame): play this round to win the game, not for points.

Model (docs/winprob.md says why each choice):

* **Game totals** are the totals with everything already banked this round. A player still active
  this round will add a round score drawn from their round-score distribution; you add the score
  your own play reaches. The game ends as docs/rules.md says: at the end of a round where someone has
  the target (200) or more, the unique highest total wins; a tie for the highest total plays
  another round.
* **Future rounds**: every player's round score is an independent draw from a *round-score
  distribution*: that of round-EV optimal play (or a chosen threshold policy) from a fresh 94-card
  deck, not alone (`round_distribution`). The same distribution stands for an opponent's unfinished
  current round.
* **This round** is solved exactly from the real pile (`flip7odds.utility`) with the terminal
  utility ``u(s) = E[P(win) | your round score is s]``.

Two players, exactly. ``W(a, b)`` = P(you win | totals ``a``, ``b`` at the start of a round, both
below the target). With ``X ~ p`` (you) and ``Y ~ q`` (the opponent)::

    W(a, b)  = sum_{x, y} p(x) q(y) G(a + x, b + y)
    G(a, b)  = W(a, b) if both < target; else 1 if a > b, 0 if a < b, T if a == b
    T        = P(X > Y) / P(X != Y)     (from a tie at or above the target every round ends the
                                         game unless it ties again: T = P(X>Y) + P(X=Y) T)

Scores are never negative, so ``W(a, b)`` depends only on states with a larger ``a + b``, except
through ``x = y = 0`` (both score 0), which keeps the state: that self-loop is solved algebraically,
``W(a, b) = (sum over (x, y) != (0, 0)) / (1 - p(0) q(0))``. Rows ``a`` are solved from the target
down, each row's columns ``b`` from the target down (`game_values`).

Three or more players: `multiplayer_utility` estimates ``u`` by simulating the same model
(a Monte-Carlo approximation, labelled as such, with its standard error).

Examples
--------
>>> from flip7odds.rules import CLASSIC
>>> values = game_values(GameModel(200, round_distribution(CLASSIC), round_distribution(CLASSIC)))
>>> round(values.win(0, 0), 12)  # two identical players: exactly one half
0.5
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from flip7odds.analysis import Decision, problem_of
from flip7odds.errors import Flip7Error, Plural
from flip7odds.policies import evaluate_policy, parse_policy
from flip7odds.rules import RuleSet
from flip7odds.situation import Situation
from flip7odds.utility import MAX_STATES, score_bounds, solve_utility

FloatArray = NDArray[np.float64]


class EndgameError(Flip7Error):
    """Game totals or the seat that is yours could not be read, or the rules are not covered."""


class Method(enum.Enum):
    """How a win probability was computed."""

    EXACT = "exact"
    """Two players: the fixed point over game totals, solved exactly."""
    MONTE_CARLO = "monte_carlo"
    """Three or more players: a simulation of the same model (an approximation)."""


@lru_cache(maxsize=16)
def round_distribution(rules: RuleSet, policy: str = "optimal") -> tuple[float, ...]:
    """P(round score = s) for s = 0, 1, ...: ``policy`` from a fresh deck, empty line, not alone (exact).

    ``policy`` is a text of `flip7odds.policies.parse_policy` (``optimal``: round-EV optimal play).

    >>> from flip7odds.rules import CLASSIC
    >>> distribution = round_distribution(CLASSIC)
    >>> round(sum(s * p for s, p in enumerate(distribution)), 7)  # docs/model.md: 22.2504 not alone
    22.2504034
    """
    check_rules(rules)
    result = evaluate_policy(Situation.from_text(rules, others_active=1), parse_policy(policy))
    top = max(result.distribution)
    return tuple(result.distribution.get(score, 0.0) for score in range(top + 1))


def check_rules(rules: RuleSet) -> None:
    """The model needs scores that are never negative and ties that play on (classic)."""
    if rules.shared_victory or any(card.value < 0 for card in rules.deck if card.modifier is not None):
        raise EndgameError("the win-probability objective covers the classic rules only")


@dataclass(frozen=True)
class GameModel:
    """Two players: the target and each player's round-score distribution (index = score)."""

    target: int
    mine: tuple[float, ...]
    theirs: tuple[float, ...]


@dataclass(frozen=True)
class GameValues:
    """``W(a, b)`` for totals below the target (``table[a, b]``) and ``T``, the value of a tie at the top."""

    model: GameModel
    table: FloatArray
    tie: float

    def win(self, mine: int, theirs: int) -> float:
        """P(you win) from totals at the start of a round (or ``G`` if the game is already decided)."""
        return self.after_round(mine, theirs)

    def after_round(self, mine: int, theirs: int) -> float:
        """``G``: P(you win) given the totals at the end of a round."""
        target = self.model.target
        if mine < target and theirs < target:
            return float(self.table[mine, theirs])
        if mine == theirs:
            return self.tie
        return 1.0 if mine > theirs else 0.0


@lru_cache(maxsize=32)
def game_values(model: GameModel) -> GameValues:
    """Solve ``W`` exactly (module docstring): rows from the target down, the self-loop algebraically."""
    target = model.target
    p, q = np.array(model.mine), np.array(model.theirs)
    p0, q0 = float(p[0]), float(q[0])
    different = 1.0 - float(np.sum(p[:len(q)] * q[:len(p)]))
    if different <= 0 or p0 * q0 >= 1:
        raise EndgameError("the round-score distributions never separate the players")
    q_below = np.concatenate([[0.0], np.cumsum(q)])  # q_below[k] = P(Y < k)
    p_above = np.concatenate([np.cumsum(p[::-1])[::-1][1:], [0.0]])  # P(X > k)
    tie = float(np.sum(q * p_above[:len(q)])) / different
    rows = target + len(p)
    # H[a, b] = sum_y q(y) G(a, b + y); rows at or above the target in closed form.
    height = np.zeros((rows, target))
    lead = np.arange(target, rows)[:, None] - np.arange(target)[None, :]  # a - b > 0
    height[target:] = q_below[np.minimum(lead, len(q))] + tie * np.where(lead < len(q), q[np.minimum(lead, len(q) - 1)], 0.0)
    table = np.zeros((target, target))
    loop = 1.0 - p0 * q0
    q_rest = q[1:]
    for a in range(target - 1, -1, -1):
        later = p[1:] @ height[a + 1:a + len(p)]  # sum_{x > 0} p(x) H[a + x, b]
        row = np.zeros(target + len(q))
        for b in range(target - 1, -1, -1):
            ahead = float(q_rest @ row[b + 1:b + len(q)])  # sum_{y > 0} q(y) W(a, b + y); 0 past the target
            value = (later[b] + p0 * ahead) / loop
            row[b] = value
            height[a, b] = q0 * value + ahead
        table[a] = row[:target]
    return GameValues(model, table, tie)


def two_player_utility(values: GameValues, mine: int, theirs: int, theirs_to_play: bool, top: int) -> FloatArray:
    """``u(s)`` for s = 0..top: P(win | your round score s), the opponent's round still to play or not."""
    q = np.array(values.model.theirs) if theirs_to_play else np.array([1.0])
    return np.array([sum(float(q[y]) * values.after_round(mine + s, theirs + y) for y in range(len(q)) if q[y] > 0)
                     for s in range(top + 1)])


@dataclass(frozen=True)
class SimulatedUtility:
    """``u(s)`` estimated by simulation, with the standard error of each estimate and the number of games."""

    utility: FloatArray
    standard_error: FloatArray
    games: int


def multiplayer_utility(rules: RuleSet, totals: tuple[int, ...], me: int, to_play: tuple[bool, ...],
                        distribution: tuple[float, ...], rng: np.random.Generator, games: int = 2000,
                        top: int | None = None, max_rounds: int = 200) -> SimulatedUtility:
    """Monte-Carlo ``u(s)`` for any number of players (an approximation; common random numbers for every s).

    Every player's future round scores, and the current round of the players in ``to_play`` (other than
    you), are drawn from ``distribution``; the game ends as docs/rules.md says.
    """
    target = rules.target
    top = len(distribution) - 1 if top is None else top
    n = len(totals)
    probabilities = np.array(distribution)
    cumulative = np.cumsum(probabilities)
    cumulative[-1] = 1.0
    uniforms = rng.random((max_rounds + 1, games, n))
    scores = np.searchsorted(cumulative, uniforms, side="right")
    utility = np.zeros(top + 1)
    error = np.zeros(top + 1)
    for s in range(top + 1):
        total = np.tile(np.array(totals, dtype=np.int64), (games, 1))
        now = np.where(np.array(to_play)[None, :], scores[0], 0)
        now[:, me] = s
        total += now
        winner = np.full(games, -1)
        for round_index in range(max_rounds + 1):
            best = total.max(axis=1)
            unique = (total == best[:, None]).sum(axis=1) == 1
            done = (winner < 0) & (best >= target) & unique
            winner[done] = total[done].argmax(axis=1)
            if (winner >= 0).all() or round_index == max_rounds:
                break
            total += np.where((winner < 0)[:, None], scores[round_index + 1], 0)
        wins = (winner == me).astype(np.float64)
        utility[s] = wins.mean()
        error[s] = wins.std(ddof=1) / np.sqrt(games) if games > 1 else 0.0
    return SimulatedUtility(utility, error, games)


__all__ = [
    "EndgameError",
    "GameModel",
    "GameValues",
    "Method",
    "SimulatedUtility",
    "WinAnalysis",
    "analyze_win",
    "check_rules",
    "game_values",
    "multiplayer_utility",
    "parse_totals",
    "round_distribution",
    "two_player_utility",
]


@dataclass(frozen=True)
class WinAnalysis:
    """Win probabilities of staying and of hitting now (then playing to win), and the decision that wins more.

    ``utility[s]`` is P(win | your round score s) for s = 0.. (the chart); ``standard_error`` is set
    for the Monte-Carlo method. ``stay_win`` is None when an empty line may not stay; ``hit_win`` is
    None when no card can be drawn.
    """

    totals: tuple[int, ...]
    me: int
    method: Method
    utility: tuple[float, ...]
    stay_win: float | None
    hit_win: float | None
    decision: Decision
    games: int | None = None

    @property
    def margin(self) -> float:
        """How much more P(win) the better action gives (0 if only one is allowed)."""
        if self.stay_win is None or self.hit_win is None:
            return 0.0
        return abs(self.hit_win - self.stay_win)

    def to_json(self) -> dict[str, Any]:
        """The keys the command line adds to the round-EV keys."""
        return {
            "win_probability_stay": self.stay_win,
            "win_probability_hit": self.hit_win,
            "decision_win": self.decision.value,
            "win_method": self.method.value,
            "scores": list(self.totals),
            "me": self.me,
        }


def parse_totals(text: str, me: int | None) -> tuple[tuple[int, ...], int]:
    """Read ``--scores "120,195"`` and ``--me 0`` (raises `EndgameError` with one clear message)."""
    parts = [part.strip() for part in text.replace(";", ",").split(",")]
    try:
        totals = tuple(int(part) for part in parts)
    except ValueError:
        raise EndgameError("game totals must be whole numbers separated by commas, e.g. 120,195; got {text!r}",
                           text=text) from None
    if len(totals) < 2:
        raise EndgameError("give the game total of every player (at least two), e.g. 120,195")
    if any(total < 0 for total in totals):
        raise EndgameError("game totals cannot be negative: {text!r}", text=text)
    if me is None or not 0 <= me < len(totals):
        raise EndgameError("say which total is yours: a seat from 0 to {last}", last=len(totals) - 1)
    return totals, me


def analyze_win(situation: Situation, totals: tuple[int, ...], me: int, policy: str = "optimal",
                rng: np.random.Generator | None = None, games: int = 2000, max_states: int = MAX_STATES) -> WinAnalysis:
    """Stay or hit to maximise P(win the game) (module docstring): exact for two players.

    The opponents still active this round are all of them when ``situation.others_active`` is at least
    1, none when you are alone (then their totals include this round). With three or more players,
    ``others_active`` must be 0 or the number of opponents, and ``u`` is simulated with ``rng``.
    """
    rules = situation.rules
    check_rules(rules)
    opponents = len(totals) - 1
    if situation.others_active not in (0, opponents) and opponents > 1:
        raise EndgameError(Plural("with {players} players, say 0 or {opponents} other player still playing this round "
                                  "to play for the win",
                                  "with {players} players, say 0 or {opponents} other players still playing this round "
                                  "to play for the win", "opponents"),
                           players=len(totals), opponents=opponents)
    to_play = situation.others_active > 0
    distribution = round_distribution(rules, policy)
    problem = problem_of(situation)
    stop = score_bounds(problem)[1]
    top = max(stop - 1, len(distribution) - 1)
    if opponents == 1:
        values = game_values(GameModel(rules.target, distribution, distribution))
        utility = two_player_utility(values, totals[me], totals[1 - me], to_play, top)
        method, simulated = Method.EXACT, None
    else:
        simulated = multiplayer_utility(rules, totals, me, tuple(to_play and seat != me for seat in range(len(totals))),
                                        distribution, rng if rng is not None else np.random.default_rng(0), games, top)
        utility, method = simulated.utility, Method.MONTE_CARLO
    table = tuple(float(u) for u in utility)
    solution = solve_utility(problem, lambda score: table[min(max(score, 0), top)], max_states=max_states)
    decision = Decision.HIT if solution.hits_now else Decision.STAY
    return WinAnalysis(totals, me, method, table, solution.stay_utility if solution.may_stay else None,
                       solution.hit_utility, decision, None if simulated is None else simulated.games)

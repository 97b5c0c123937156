"""The chain floor's draws past its last choice, and after The Zero far from the Flip 7 (`flip7odds.chain_floor`,
"Past the last choice").

At a set of ``depth`` numbers the policy stays, or draws ``j`` cards more (up to `MORE`) and stays, whichever its
sums make best; after The Zero it draws to the Flip 7. Those endings are counted with a line under the scores
(`LineScores.minorant`), so the floor is at most the policy's value over the literal pile, and equal to it where the
scores are a sum plus a constant.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from flip7odds.bounded import LineScores, Path, Stays, Steals
from flip7odds.chain_floor import MORE, chain_floor
from tests.test_chain_floor import TOLERANCE, policy_value


def _case(rng: random.Random) -> tuple[Path, LineScores, int, int, int, bool, Steals, Stays]:
    """A pile of up to 7 number classes (1 or 2 copies), a few bust cards, other cards and cards to give away, The Zero
    or not, a Steal, Swap, Discard or Unlucky 7 or not (numbers in sight for the Steal and Swap, of the pile's
    classes or none); a line ``room`` numbers short of the Flip 7; the policy ``depth`` numbers deep."""
    values = rng.sample(range(1, 14), rng.randint(2, 7))
    classes = tuple((rng.randint(1, 2), v) for v in values)
    bust, other, given, zeros = rng.randint(0, 2), rng.randint(0, 2), rng.randint(0, 1), rng.randint(0, 1)
    steals, swaps, discards, unlucky = (int(rng.random() < 0.3) for _ in range(4))
    size = bust + other + given + zeros + steals + swaps + discards + unlucky + sum(n for n, _ in classes)
    room = rng.randint(2, 7)
    depth = rng.randint(1, min(2, room - 1))
    sums = np.arange(200, dtype=np.int64)
    halved = rng.random() < 0.3
    plain = sums // 2 + 1 if halved else sums + rng.choice([0, -4])
    low = rng.choice([0, -3])
    held = rng.randint(0, 20)
    sight = sorted(((rng.randint(1, 13), rng.randint(-1, len(classes) - 1)) for _ in range(rng.randint(0, 3))),
                   reverse=True)
    view = Steals(steals, np.array([v for v, _ in sight], dtype=np.int64),
                  np.array([1 << i if i >= 0 else 0 for _, i in sight], dtype=np.int64), rng.randint(0, 1))
    stays = Stays(discards=discards, unlucky=unlucky, unlucky_score=7, lined=rng.random() < 0.5,
                  smallest=rng.randint(1, held) if held and rng.random() < 0.7 else -1, swaps=swaps)
    return (Path(held, room, 15, classes, bust, 0, size, zeros), LineScores(plain, plain + 15), low, given, depth,
            halved, view, stays)


def _policy(path: Path, scores: LineScores, low: int, given: int, depth: int, view: Steals, stays: Stays,
            more: int = MORE) -> float:
    """The policy's value card by card (`tests.test_chain_floor.policy_value`), up to ``more`` cards past its last
    choice."""
    sight = tuple(zip(view.values.tolist(), [c.bit_length() - 1 for c in view.classes.tolist()], strict=True))
    return float(policy_value(path, scores, low, given, depth, steals=view.count, stealable=sight, passed=view.passed,
                              stays=stays, more=more))


def test_the_draws_past_the_last_choice_are_the_policy_s_value() -> None:
    rng = random.Random(52)
    checked = exact = raised = far = 0
    for _ in range(400):
        path, scores, low, given, depth, halved, view, stays = _case(rng)
        floor = chain_floor(path, scores, low, given, depth, steals=view, stays=stays)
        expected = _policy(path, scores, low, given, depth, view, stays)
        assert floor <= expected + TOLERANCE, (path, depth)
        if not halved and not low:  # with low < 0, a Zero that cannot reach the Flip 7 counts low, not its busts' 0
            assert abs(floor - expected) <= TOLERANCE, (path, depth)
            exact += 1
        checked += 1
        raised += floor > _policy(path, scores, low, given, depth, view, stays, 0) + TOLERANCE
        far += floor > _policy(path, scores, low, given, depth, view, stays, 1) + TOLERANCE
    assert checked == 400 and exact > 100 and raised > 200 and far > 60, (exact, raised, far)


def test_a_floor_that_reads_the_scores_too_high_past_the_last_choice_is_caught(monkeypatch: pytest.MonkeyPatch) \
        -> None:
    """A line one point above the scores (planted) rises above the policy's value."""
    rng = random.Random(53)
    wrong = 0
    for _ in range(200):
        path, scores, low, given, depth, _, view, stays = _case(rng)
        expected = _policy(path, scores, low, given, depth, view, stays)
        slope, base, base7 = scores.minorant
        monkeypatch.setattr(LineScores, "minorant", property(lambda _, up=(slope, base + 1, base7 + 1): up))
        wrong += chain_floor(path, scores, low, given, depth, steals=view, stays=stays) > expected + TOLERANCE
        monkeypatch.undo()
    assert wrong > 100, wrong


@pytest.mark.parametrize(("plain", "flip7"), [
    (np.arange(120), np.arange(120) + 15),
    (np.maximum(0, np.arange(120) // 2 - 10), np.maximum(0, np.arange(120) // 2 - 10) + 15),
    (2 * np.arange(120) - 7, 2 * np.arange(120) + 8),
])
def test_the_minorant_is_below_every_score(plain: np.ndarray, flip7: np.ndarray) -> None:
    scores = LineScores(plain.astype(np.int64), flip7.astype(np.int64))
    slope, base, base7 = scores.minorant
    sums = np.arange(plain.shape[0])
    assert np.all(plain >= slope * sums + base) and np.all(flip7 >= slope * sums + base7)
    assert np.max((plain - slope * sums - base)[40:]) <= 0.5  # close under the scores past the penalties

"""The drift ceiling's loop holding The Zero at a Discard or a Swap, against a recursion over its relaxed chain.

`tests/test_drift_second_level.py` checks the compiled loop against the chain's moves without The Zero. Holding it
(`flip7odds.drift`, "Holding The Zero at a Discard or a Swap"), a Discard or Swap met at level 0 goes on at the better
of level 1, The Zero kept (scoring 0 but at a Flip 7), and level a, The Zero discarded or swapped away (your numbers'
sum plus what the card may bring, no card of your classes forgiven), each taken no higher than the ladder's top; one
class short of the Flip 7 both draw once more where the next class does not make it at once. Here that chain is written
out state by state, its values found by memoised recursion over ``(level, classes drawn)``, for paths holding The Zero
with one Discard or Swap and other rescuers; the loop must give the same value. A planted error (the Discard or Swap
going on at level 1 alone, as without The Zero) must fall below it where giving The Zero away and staying pays.
"""

from __future__ import annotations

import functools
import math

from hypothesis import given, settings
from hypothesis import strategies as st

from flip7odds.bounded import Path
from flip7odds.drift import drift_ceiling

TOLERANCE = 1e-9


def _stopping_value(path: Path, top: float, planted: bool = False) -> float:
    """The chain's optimal stopping value holding The Zero (``path.holds_zero``, no other Zero in the pile, one Discard
    or Swap among ``path.rescue``, no Steal, no Unlucky 7, no modifier in your line): ``V = max(Z, C)`` at levels 0
    (your line), 1 and 2 (after the Discard or Swap, The Zero kept; at 2 a card of your classes has come back) and a
    (The Zero given away), the first card forced. ``planted``: the Discard or Swap goes on at level 1 alone."""
    classes = path.classes
    live = path.bust + path.rescue + sum(copies for copies, _ in classes)
    brings = path.lift if not path.drops else -1  # a Swap may bring a number; a Discard none
    by = max(brings, 0)
    most = path.most if path.most >= 0 else live

    def describe(held: int) -> tuple[int, int, int, int, list[tuple[int, int, int]]]:
        """The set ``held`` (a bit mask over ``classes``): its size, your numbers' sum, the cards that bust you at level
        0, the most cards of your classes level 1 lets back in, and the classes not drawn ``(index, copies, value)``."""
        joined = [i for i in range(len(classes)) if held >> i & 1]
        total = path.held + sum(classes[i][1] for i in joined)
        spare = path.bust + sum(classes[i][0] - 1 for i in joined)
        back = max([most] + [classes[i][0] - 1 for i in joined])
        new = [(i, copies, value) for i, (copies, value) in enumerate(classes) if not held >> i & 1]
        return len(joined), total, spare, back, new

    @functools.cache
    def value(level: str, held: int) -> float:
        """``V`` at ``level`` on the set ``held``."""
        k, total, _, _, _ = describe(held)
        six = k + 1 == path.room
        if level == "0":
            stop = 0.0  # The Zero: 0 but at a Flip 7
        elif level in ("1", "2"):
            stop = float(total + by + path.bonus) if six and brings >= 0 else 0.0
        else:
            stop = float(total + by)
        return max(stop, onward(level, held))

    @functools.cache
    def onward(level: str, held: int) -> float:
        """``C`` at ``level`` on the set ``held``: the mean of what the next live card leads to."""
        k, total, spare, back, new = describe(held)
        six = k + 1 == path.room
        past = 0 if level == "0" else 1 if level in ("1", "a") else 2  # live cards gone besides J's: the card, one back
        left = live - k - past
        others = path.rescue - 1  # every rescuer but the Discard or Swap ends the chain at the top
        if left == 1 and level != "0":  # the last live card ends it: a new class, a rescuer at the top, H at 0 or top
            ends = sum(copies for _, copies, _ in new) + others
            return top if level == "1" else ends * top
        total_new = 0.0
        for index, copies, worth in new:
            if level == "0":
                outcome = float(total + worth + path.bonus) if six else (
                    top if left == 1 else value("0", held | 1 << index))
            elif six and level in ("1", "a"):
                outcome = _one_draw_more(level, total, by, worth, copies, new, spare, back, others, left, top, path)
            elif six:
                outcome = float(total + by + worth + path.bonus)
            else:
                outcome = value(level, held | 1 << index)
            total_new += copies * outcome
        if level == "0":
            if left == 1:
                return (total_new + path.rescue * top) / left
            gone = path.rescue - 1
            after = value("1", held) if planted else max(value("1", held), value("a", held))
            return (total_new + gone * top + min(after, top)) / left
        if level == "1":
            through = min(spare, back)
            return (total_new + through * value("2", held) + others * top) / left
        return (total_new + others * top) / left

    return (path.size - live) * value("0", 0) / path.size + live * onward("0", 0) / path.size


def _one_draw_more(level: str, total: int, by: int, worth: int, copies: int, new: list[tuple[int, int, int]],
                   spare: int, back: int, others: int, left: int, top: float, path: Path) -> float:
    """At level 1 or a, the class (``worth``, ``copies``) that is one short of the Flip 7: the Flip 7 where the Discard
    or Swap brought a number, or one draw more (`flip7odds.drift`, "Seven at level 1"): a new class makes it, a card of
    your classes back (level 1 only: the card given) makes it too, a rescuer ends at the top, anything else at 0."""
    reach = total + worth + (by if level == "1" else 0)
    after = left - 1
    if after == 0:
        onward = top
    else:
        flips = sum(n * (reach + v + path.bonus) for _, n, v in new) - copies * (reach + worth + path.bonus)
        back_in = min(spare, back) * (reach + path.bonus) if level == "1" else 0
        floor = 0.0 if level == "1" else float(reach)
        onward = max(floor, (flips + back_in + others * top) / after)
    made = reach + path.bonus + (by if level == "a" else 0)
    return min(max(float(made), onward), top)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 3), st.integers(1, 13)), max_size=5, unique_by=lambda c: c[1]),
       st.integers(0, 3), st.integers(1, 3), st.booleans(), st.integers(-1, 13), st.integers(0, 30), st.integers(1, 7),
       st.integers(0, 3), st.integers(30, 91), st.integers(-1, 3))
def test_holding_the_zero_the_loop_is_the_optimal_stopping_value_of_its_chain(
        classes: list[tuple[int, int]], bust: int, rescue: int, discard: bool, lift: int, held: int, room: int,
        neutral: int, top: int, most: int) -> None:
    size = bust + rescue + neutral + sum(copies for copies, _ in classes)
    path = Path(held, room, 15, tuple(classes), bust, rescue, size, holds_zero=True, second=1, lift=lift,
                drops=1 if discard else 0, most=most)
    assert math.isclose(drift_ceiling(path, top), _stopping_value(path, top), abs_tol=TOLERANCE)


def test_giving_the_zero_away_counts() -> None:
    """Holding The Zero and 36 in numbers, with a Discard among four live cards (two bust you, a 10 is new): discarding
    The Zero and staying banks 36, so the chain is worth 12.83 (the recursion and the loop alike); going on at level 1
    alone (the planted error: The Zero kept, which scores 0 but at a Flip 7) it would be worth 0."""
    path = Path(36, 5, 15, ((1, 10),), 2, 1, 4, holds_zero=True, second=1, lift=-1, drops=1)
    assert math.isclose(drift_ceiling(path, 80), _stopping_value(path, 80), abs_tol=TOLERANCE)
    assert _stopping_value(path, 80) > 12.8
    assert _stopping_value(path, 80, planted=True) == 0.0

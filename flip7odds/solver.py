"""The fast exact solver: optimal stopping for one player's round, layer by layer with numpy.

The literal state of a round (line, exact pile, discards) is far larger than what the future depends
on. This solver uses a reduced state and proves each reduction (tested against `flip7odds.reference`):

1. **New numbers as a subset.** From the starting situation, the numbers you can still draw without
   busting are the values ``U`` you do not hold; the pile of each is untouched until you draw it. So
   the numbers drawn since the start are a subset ``S`` of ``U``.
2. **Bust cards as one count.** Every copy in the pile of a number you hold busts you (or uses your
   Second Chance); *which* held number it is never matters again (the line's score depends on the
   set of values, not on the leftover copies). So the pile's bust cards are one count
   ``B = B0 + sum_{u in S} (p_u - 1) - d`` where ``d`` counts duplicates saved by a Second Chance.
3. **Not alone, Freeze and Flip Three are blanks.** Not alone, a Freeze is worth carrying on (you may
   still stay next) and a Flip Three is worth giving away, since taking it forces draws that a free
   player could choose anyway. Drawing a blank leaves you at the same decision with one card fewer,
   and ``V_hit(P) = f V(P - blank) + (1 - f) V_hit(P - blank)`` with ``V >= V_hit`` shows that
   ``V(P) = V(P without blanks)``. They are removed from the pile and the discards.
4. **Flip Three owed draws as one number.** Alone, set-aside Flip Threes all come back to you, so
   the forced draws still owed are ``R = r + 3 q`` (``r`` in the current three, ``q`` Flip Threes
   waiting); a set-aside Freeze means "draw the ``r`` left, then bank".

The state is then a *row* (the subset ``S``) and a *column* (modifiers drawn, Second Chance state
``(j, h, d)`` = drawn / held / used, Flip Threes and Freezes drawn, and the forced-draw phase). Every
draw adds one card, so rows are processed by ``|S|`` descending and, within a row layer, columns by
cards drawn descending; each step is a handful of vectorised gathers.

Exact forms (``N`` = cards left, ``n_c`` = copies of card ``c``; all values are expectations)::

    V(x)      = max(stay(x), H(x))                     at a decision (ties stay; an empty line hits)
    H(x)      = sum_c n_c / N * W(x after c)           W: terminal score, or V / forced value after c
    stay(x)   = (sum of numbers) * multiplier + plus   RULES.md scoring; Flip 7 adds the bonus

A pile that runs out with a known discard pile is continued exactly by solving the reshuffled pile
(discards plus the cards discarded during your round) as a new problem; with no known discard pile,
the round ends for you as if you stayed (MODEL.md).
"""

from __future__ import annotations

import enum
import itertools
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Protocol

import numpy as np
from numpy.typing import NDArray

from flip7odds.cards import FLIP_THREE, FREEZE, SECOND_CHANCE, Card, Category
from flip7odds.counts import CardCounts
from flip7odds.rules import RuleSet

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.int64]

FLIP_THREE_DRAWS = 3


class Phase(enum.Enum):
    """Where you are in your round: free to decide, owing Flip Three draws, or frozen after them."""

    DECISION = "decision"
    FORCED = "forced"
    FROZEN_AFTER = "frozen_after"


@dataclass(frozen=True, order=True)
class ForcedState:
    """The forced-draw phase of a column.

    ``flip_threes`` and ``freezes`` count the cards of each kind drawn since the start; ``owed`` is
    ``R = r + 3q`` (FORCED) or the ``r`` draws left before banking (FROZEN_AFTER); ``in_flight``
    counts Flip Three cards resolving, waiting or set aside (not yet discarded), for reshuffles.
    """

    phase_order: int
    flip_threes: int = 0
    freezes: int = 0
    owed: int = 0
    in_flight: int = 0

    @property
    def phase(self) -> Phase:
        """The phase as an enum."""
        return list(Phase)[self.phase_order]

    @property
    def in_batch(self) -> int:
        """Draws left in the current three, ``r``."""
        if self.phase is Phase.FORCED:
            return (self.owed - 1) % FLIP_THREE_DRAWS + 1
        return self.owed

    @staticmethod
    def decision(flip_threes: int = 0, in_flight: int = 0) -> ForcedState:
        """Free to hit or stay."""
        return ForcedState(0, flip_threes, 0, 0, in_flight)


@dataclass(frozen=True)
class Start:
    """Where a problem starts: a decision, or in the middle of a Flip Three (used after a reshuffle)."""

    phase: Phase = Phase.DECISION
    owed: int = 0
    in_flight: int = 0


@dataclass(frozen=True)
class Problem:
    """A solver input: the rules, your line, the exact pile, the discards (or None), alone or not."""

    rules: RuleSet
    numbers: frozenset[int]
    modifiers: tuple[Card, ...]
    second_chance: bool
    pile: CardCounts
    discards: CardCounts | None
    alone: bool
    start: Start = Start()

    def stripped(self) -> Problem:
        """Not alone, Freeze and Flip Three are blanks (module docstring, reduction 3): remove them."""

        def strip(counts: CardCounts) -> CardCounts:
            return CardCounts.from_mapping({c: n for c, n in counts.items_ if c not in (FREEZE, FLIP_THREE)})

        discards = None if self.discards is None else strip(self.discards)
        return Problem(self.rules, self.numbers, self.modifiers, self.second_chance, strip(self.pile), discards,
                       self.alone, self.start)


@dataclass(frozen=True)
class DrawResult:
    """Float results of drawing now and then playing optimally (or of a forced start)."""

    value: float
    flip7_probability: float
    bust_probability: float
    distribution: dict[int, float]


@dataclass(frozen=True)
class Solution:
    """The solver's answer at the root.

    ``draw`` is the result of drawing now and then following the policy (None: no card can be drawn);
    ``hits_now`` is the policy's own choice at the root; ``draw_then_stay`` is E[score if you draw now
    and stay at your next decision] when it was asked for (forced draws are played out either way).
    """

    stay_score: int
    draw: DrawResult | None
    may_stay: bool
    hits_now: bool
    states: int
    draw_then_stay: float | None = None

    @property
    def hit_score(self) -> float | None:
        """E[score] if you hit now and then follow the policy."""
        return None if self.draw is None else self.draw.value

    def result(self) -> DrawResult:
        """Results of following the policy from here (staying is a sure score)."""
        if self.draw is not None and self.hits_now:
            return self.draw
        return DrawResult(float(self.stay_score), 0.0, 0.0, {self.stay_score: 1.0})


@dataclass(frozen=True)
class DecisionContext:
    """What a `Policy` sees at a block of decision states: rows are subsets of new numbers, columns side states.

    ``bust_cards`` counts the cards that would bust you (0 where you hold a Second Chance); not alone,
    Freeze and Flip Three are not counted in ``pile_size`` (they never change your round).
    """

    number_sum: IntArray
    numbers_held: int
    bust_cards: IntArray
    pile_size: int
    stay: FloatArray
    hit: FloatArray
    hit_once: FloatArray | None


class Policy(Protocol):
    """A hit/stay rule the solver can evaluate exactly (``None`` means the optimal policy)."""

    @property
    def needs_hit_once(self) -> bool:
        """True if `hits` reads ``context.hit_once`` (it costs a second pass)."""

    def hits(self, context: DecisionContext) -> NDArray[np.bool_]:
        """Where to hit, as a boolean array shaped like ``context.stay``."""


# ----------------------------------------------------------------------------------------------
# The column space: modifiers drawn, Second Chance state and forced phase.


@dataclass
class _Columns:
    """Every column (side state) with its attributes and its transition targets (-1: you bank)."""

    level: IntArray
    mult: IntArray
    plus: IntArray
    held_sc: IntArray
    saves: IntArray
    decision: NDArray[np.bool_]
    line_has_cards: NDArray[np.bool_]
    plain: IntArray
    saved: IntArray
    side: dict[str, tuple[IntArray, IntArray, IntArray, IntArray]]
    keys: list[tuple[tuple[int, ...], int, int, int, ForcedState]]
    root: int
    by_level: list[IntArray] = field(default_factory=list)


def _root_forced_state(start: Start) -> ForcedState:
    """The forced phase a problem starts in."""
    return ForcedState(list(Phase).index(start.phase), 0, 0, start.owed, start.in_flight)


def _forced_states(start: Start, f3_total: int, freeze_total: int) -> list[ForcedState]:
    """Every forced phase reachable from ``start`` (a breadth-first walk of the phase graph)."""
    root = _root_forced_state(start)
    seen = {root}
    frontier = [root]
    while frontier:
        nxt = []
        for state in frontier:
            for target in (_after_plain(state), _after_flip_three(state, f3_total), _after_freeze(state, freeze_total)):
                if target is not None and target not in seen:
                    seen.add(target)
                    nxt.append(target)
        frontier = nxt
    return sorted(seen)


def _after_plain(state: ForcedState) -> ForcedState | None:
    """After a card that is neither Freeze nor Flip Three; None means you bank."""
    if state.phase is Phase.DECISION:
        return state
    if state.phase is Phase.FROZEN_AFTER:
        return None if state.owed == 1 else ForcedState(2, state.flip_threes, state.freezes, state.owed - 1, state.in_flight)
    owed = state.owed - 1
    if owed == 0:
        return ForcedState.decision(state.flip_threes, 0)
    in_flight = state.in_flight - 1 if owed % FLIP_THREE_DRAWS == 0 else state.in_flight
    return ForcedState(1, state.flip_threes, state.freezes, owed, in_flight)


def _after_flip_three(state: ForcedState, total: int) -> ForcedState | None:
    """After drawing a Flip Three (alone: you take it, or set it aside during a three)."""
    if state.flip_threes >= total:
        return None
    k = state.flip_threes + 1
    if state.phase is Phase.DECISION:
        return ForcedState(1, k, state.freezes, FLIP_THREE_DRAWS, 1)
    if state.phase is Phase.FORCED:
        raised = ForcedState(1, k, state.freezes, state.owed + FLIP_THREE_DRAWS, state.in_flight + 1)
        return _after_plain(raised)
    if state.owed == 1:
        return None
    return ForcedState(2, k, state.freezes, state.owed - 1, state.in_flight + 1)


def _after_freeze(state: ForcedState, total: int) -> ForcedState | None:
    """After drawing a Freeze (alone): at a decision you bank; during a three it waits for the end."""
    if state.freezes >= total or state.phase is Phase.DECISION:
        return None
    r = state.in_batch
    if r == 1:
        return None
    return ForcedState(2, state.flip_threes, state.freezes + 1, r - 1, state.in_flight)


def _columns(problem: Problem, mod_kinds: list[Card], mod_caps: list[int]) -> _Columns:
    """Enumerate the columns and their transitions for ``problem`` (already stripped)."""
    pile, rules = problem.pile, problem.rules
    sc_total = pile[SECOND_CHANCE]
    h0 = int(problem.second_chance)
    forced_states = (_forced_states(problem.start, pile[FLIP_THREE], pile[FREEZE]) if problem.alone
                     else [_root_forced_state(problem.start)])
    sc_states = [(j, h, d) for j in range(sc_total + 1) for h in (0, 1) for d in range(h0 + j + 1) if d + h <= h0 + j]
    mod_combos = list(itertools.product(*[range(cap + 1) for cap in mod_caps]))
    keys = [(m, j, h, d, f) for m in mod_combos for (j, h, d) in sc_states for f in forced_states]
    index = {key: i for i, key in enumerate(keys)}
    n = len(keys)

    def score_parts(drawn: tuple[int, ...]) -> tuple[int, int]:
        mods = problem.modifiers + tuple(card for card, c in zip(mod_kinds, drawn) for _ in range(c))
        plus = rules.score(0, mods, False)
        return rules.score(1, mods, False) - plus, plus

    parts = {m: score_parts(m) for m in mod_combos}
    level = np.array([sum(m) + j + d + f.flip_threes + f.freezes for (m, j, h, d, f) in keys], dtype=np.int64)
    mult = np.array([parts[k[0]][0] for k in keys], dtype=np.int64)
    plus = np.array([parts[k[0]][1] for k in keys], dtype=np.int64)
    held_sc = np.array([k[2] for k in keys], dtype=np.int64)
    saves = np.array([k[3] for k in keys], dtype=np.int64)
    decision = np.array([k[4].phase is Phase.DECISION for k in keys])
    line_has_cards = np.array(
        [bool(problem.numbers) or bool(problem.modifiers) or sum(k[0]) > 0 or k[2] == 1 for k in keys])

    def target(m: tuple[int, ...], j: int, h: int, d: int, f: ForcedState | None) -> int:
        return -1 if f is None else index[(m, j, h, d, f)]

    plain = np.array([target(m, j, h, d, _after_plain(f)) for (m, j, h, d, f) in keys], dtype=np.int64)
    saved = np.array([target(m, j, 0, d + 1, _after_plain(f)) if h and d + 1 <= h0 + j else -1
                      for (m, j, h, d, f) in keys], dtype=np.int64)
    side: dict[str, tuple[IntArray, IntArray, IntArray, IntArray]] = {}
    for i, cap in enumerate(mod_caps):
        tgt, count, tmult, tplus = (np.zeros(n, dtype=np.int64) for _ in range(4))
        for c, (m, j, h, d, f) in enumerate(keys):
            count[c] = cap - m[i]
            grown = m[:i] + (min(m[i] + 1, cap),) + m[i + 1:]
            tmult[c], tplus[c] = parts[grown]
            tgt[c] = target(grown, j, h, d, _after_plain(f)) if count[c] > 0 else -1
        side[f"mod{i}"] = (tgt, count, tmult, tplus)
    sc_tgt = np.array([target(m, j + 1, 1, d, _after_plain(f)) if j < sc_total else -1
                       for (m, j, h, d, f) in keys], dtype=np.int64)
    side["sc"] = (sc_tgt, np.array([sc_total - k[1] for k in keys], dtype=np.int64), mult, plus)
    if problem.alone:
        f3_total, fr_total = pile[FLIP_THREE], pile[FREEZE]
        side["f3"] = (np.array([target(m, j, h, d, _after_flip_three(f, f3_total)) for (m, j, h, d, f) in keys],
                               dtype=np.int64),
                      np.array([f3_total - k[4].flip_threes for k in keys], dtype=np.int64), mult, plus)
        side["freeze"] = (np.array([target(m, j, h, d, _after_freeze(f, fr_total)) for (m, j, h, d, f) in keys],
                                   dtype=np.int64),
                          np.array([fr_total - k[4].freezes for k in keys], dtype=np.int64), mult, plus)
    root_f = _root_forced_state(problem.start)
    root = index[((0,) * len(mod_caps), 0, h0, 0, root_f)]
    cols = _Columns(level, mult, plus, held_sc, saves, decision, line_has_cards, plain, saved, side, keys, root)
    cols.by_level = [np.flatnonzero(level == c) for c in range(int(level.max()) + 1)]
    return cols


# ----------------------------------------------------------------------------------------------
# The row space: subsets of new numbers, by size.


@dataclass
class _Layer:
    """The subsets ``S`` of one size, with what each needs: sum, bust-card base, successors."""

    masks: IntArray
    number_sum: IntArray
    bust_base: IntArray
    without: list[IntArray]
    successor: list[IntArray]


def _layers(problem: Problem, values: list[int], counts: list[int]) -> list[_Layer]:
    """Layers ``0 .. top`` of subsets of the drawable new numbers (``top`` stops short of Flip 7)."""
    top = min(len(values), problem.rules.flip7_size - 1 - len(problem.numbers))
    base_sum = sum(problem.numbers)
    held_copies = sum(problem.pile[Card.number(v)] for v in problem.numbers)
    layers: list[_Layer] = []
    for size in range(top + 1):
        masks = [sum(1 << i for i in combo) for combo in itertools.combinations(range(len(values)), size)]
        layers.append(_Layer(
            np.array(masks, dtype=np.int64),
            np.array([base_sum + sum(v for i, v in enumerate(values) if m >> i & 1) for m in masks], dtype=np.int64),
            np.array([held_copies + sum(c - 1 for i, c in enumerate(counts) if m >> i & 1) for m in masks],
                     dtype=np.int64),
            [], [],
        ))
    for size, layer in enumerate(layers):
        position = {int(m): r for r, m in enumerate(layers[size + 1].masks)} if size < top else {}
        for i in range(len(values)):
            free = np.array([r for r, m in enumerate(layer.masks) if not m >> i & 1], dtype=np.int64)
            layer.without.append(free)
            layer.successor.append(np.array([position.get(int(layer.masks[r]) | 1 << i, -1) for r in free],
                                            dtype=np.int64))
    return layers


# ----------------------------------------------------------------------------------------------
# The solver.


def solve(problem: Problem, tolerance: float = 1e-9, policy: Policy | None = None,
          with_draw_then_stay: bool = False) -> Solution:
    """Solve a round exactly: the value of staying and of drawing now, with its score distribution.

    ``policy`` None plays optimally: hitting must beat staying by more than ``tolerance`` (ties stay,
    MODEL.md). ``with_draw_then_stay`` also computes E[score if you hit once, then stay].
    """
    if problem.pile.size == 0 and problem.discards is not None and problem.discards.size > 0:
        problem = replace(problem, pile=problem.discards, discards=None)
    if not problem.alone:
        stripped = _solve_without_blanks(problem.stripped(), tolerance, policy, with_draw_then_stay)
        return _with_blanks(problem, stripped)
    return _solve_without_blanks(problem, tolerance, policy, with_draw_then_stay)


def _solve_without_blanks(problem: Problem, tolerance: float, policy: Policy | None, once: bool) -> Solution:
    """`solve` for a problem alone, or not alone with Freeze and Flip Three removed."""
    if problem.pile.size == 0:
        if problem.discards is None or problem.discards.size == 0:
            decision = problem.start.phase is Phase.DECISION
            may_stay = decision and bool(problem.numbers or problem.modifiers or problem.second_chance)
            stay = problem.rules.score(sum(problem.numbers), problem.modifiers, False)
            return Solution(stay, None, may_stay, False, 0, None)
        problem = replace(problem, pile=problem.discards, discards=None)
    return _Solver(problem, tolerance, policy, once).solution()


def _with_blanks(problem: Problem, stripped: Solution) -> Solution:
    """Put the blanks back (module docstring, reduction 3): the value is unchanged, drawing now is not.

    With ``b`` blanks among ``N`` cards, ``H(P) = b/N V(P') + (N-b)/N H(P')`` where ``P'`` is the pile
    without blanks: a blank leaves you at the same decision with one card fewer. Likewise drawing once
    and staying is worth ``b/N stay + (N-b)/N`` of the same without blanks.
    """
    blanks = problem.pile[FREEZE] + problem.pile[FLIP_THREE]
    if blanks == 0:
        return stripped
    size = problem.pile.size
    share = blanks / size
    parts = [(share, stripped.result())]
    if stripped.draw is not None and share < 1:
        parts.append((1 - share, stripped.draw))
    total = sum(weight for weight, _ in parts)
    distribution: Counter[int] = Counter()
    for weight, part in parts:
        for score, probability in part.distribution.items():
            distribution[score] += weight / total * probability
    draw = DrawResult(
        sum(weight * part.value for weight, part in parts) / total,
        sum(weight * part.flip7_probability for weight, part in parts) / total,
        sum(weight * part.bust_probability for weight, part in parts) / total,
        dict(sorted(distribution.items())),
    )
    once = stripped.draw_then_stay
    if once is not None or stripped.draw is None:
        once = share * stripped.stay_score + (1 - share) * (once if once is not None else stripped.stay_score)
    return replace(stripped, draw=draw, draw_then_stay=once, hits_now=stripped.hits_now or not stripped.may_stay)


class _Solver:
    """One solve: a backward pass for values and the policy, a forward pass for probabilities."""

    def __init__(self, problem: Problem, tolerance: float, policy: Policy | None, once: bool) -> None:
        self.problem = problem
        self.tolerance = tolerance
        self.policy = policy
        self.track_once = once or (policy is not None and policy.needs_hit_once)
        rules, pile = problem.rules, problem.pile
        self.values = [c.value for c, n in pile.items_ if c.category is Category.NUMBER and c.value not in problem.numbers]
        self.counts = [pile[Card.number(v)] for v in self.values]
        mods = [(c, n) for c, n in pile.items_ if c.category is Category.MODIFIER]
        self.cols = _columns(problem, [c for c, _ in mods], [n for _, n in mods])
        self.layers = _layers(problem, self.values, self.counts)
        self.size = pile.size
        self.flip7_at_top = len(problem.numbers) + len(self.layers) == rules.flip7_size
        self.bonus = rules.flip7_bonus
        self.hit_policy: list[NDArray[np.bool_]] = []
        self.root_once: float | None = None
        self.reshuffles: dict[tuple[int, int, int], Solution] = {}
        self._backward()

    def stay(self, s: int, rows: IntArray | slice, mult: IntArray, plus: IntArray) -> FloatArray:
        """Score of banking now for rows of layer ``s`` and columns with these score parts."""
        return (self.layers[s].number_sum[rows][:, None] * mult[None, :] + plus[None, :]).astype(np.float64)

    def _backward(self) -> None:
        """Values layer by layer (largest subsets first), columns by cards drawn (most first)."""
        cols, layers = self.cols, self.layers
        n_cols = len(cols.keys)
        upper: FloatArray | None = None
        upper_after: FloatArray | None = None
        self.hit_policy = [np.zeros(0, dtype=np.bool_)] * len(layers)
        for s in reversed(range(len(layers))):
            rows = len(layers[s].masks)
            values = np.zeros((rows, n_cols))
            after = np.zeros((rows, n_cols)) if self.track_once else values
            policy = np.zeros((rows, n_cols), dtype=np.bool_)
            for level in reversed(range(len(cols.by_level))):
                block = cols.by_level[level]
                left = self.size - s - level
                if left < 0:
                    continue
                stay = self.stay(s, slice(None), cols.mult[block], cols.plus[block])
                if left == 0:
                    hit, once = self._exhausted(s, block, stay)
                else:
                    hit = self._expected(s, block, values, upper) / left
                    once = self._expected(s, block, after, upper_after) / left if self.track_once else None
                hitting = self._choose(s, block, stay, hit, once, left)
                values[:, block] = np.where(hitting, hit, stay)
                if self.track_once:
                    assert once is not None
                    after[:, block] = np.where(cols.decision[block][None, :], stay, once)
                policy[:, block] = hitting
                if s == 0 and level == 0 and once is not None:
                    self.root_once = float(once[0, np.searchsorted(block, cols.root)])
            self.hit_policy[s] = policy
            upper, upper_after = values, after

    def _choose(self, s: int, block: IntArray, stay: FloatArray, hit: FloatArray, once: FloatArray | None,
                left: int) -> NDArray[np.bool_]:
        """Where to draw: always in a forced phase or with an empty line, else as the policy says."""
        cols = self.cols
        can_draw = ~np.isnan(hit)
        must = ~cols.decision[block][None, :] | ~(cols.line_has_cards[block] | (s > 0))[None, :]
        if self.policy is None:
            chosen = hit > stay + self.tolerance
        else:
            bust = self.layers[s].bust_base[:, None] - cols.saves[block][None, :]
            context = DecisionContext(
                number_sum=self.layers[s].number_sum[:, None],
                numbers_held=s + len(self.problem.numbers),
                bust_cards=np.where(cols.held_sc[block][None, :] == 1, 0, bust),
                pile_size=left,
                stay=stay,
                hit=hit,
                hit_once=once,
            )
            chosen = self.policy.hits(context)
        hit[~can_draw] = stay[~can_draw]
        return (must | chosen) & can_draw

    def _expected(self, s: int, block: IntArray, values: FloatArray, upper: FloatArray | None) -> FloatArray:
        """``sum_c n_c W(after c)`` for the rows of layer ``s`` and the columns ``block`` (not divided by N)."""
        cols, layer = self.cols, self.layers[s]
        acc = np.zeros((len(layer.masks), len(block)))
        plain = cols.plain[block]
        banks = plain < 0
        for i, (value, count) in enumerate(zip(self.values, self.counts)):
            rows, succ = layer.without[i], layer.successor[i]
            if len(rows) == 0:
                continue
            if s == len(self.layers) - 1 and self.flip7_at_top:
                won = (layer.number_sum[rows][:, None] + value) * cols.mult[block][None, :] + cols.plus[block] + self.bonus
                acc[rows] += count * won
                continue
            if s == len(self.layers) - 1:
                continue  # no number left to draw: count is 0 here
            assert upper is not None
            after = upper[np.ix_(succ, np.where(banks, 0, plain))]
            if banks.any():
                after[:, banks] = self.stay(s + 1, succ, cols.mult[block][banks], cols.plus[block][banks])
            acc[rows] += count * after
        held = cols.held_sc[block] == 1
        if held.any():
            bust_count = layer.bust_base[:, None] - cols.saves[block][held][None, :]
            target = cols.saved[block][held]
            after = values[:, np.where(target < 0, 0, target)]
            bank = target < 0
            if bank.any():
                after[:, bank] = self.stay(s, slice(None), cols.mult[block][held][bank], cols.plus[block][held][bank])
            acc[:, held] += bust_count * after
        for target_all, count_all, mult_all, plus_all in cols.side.values():
            count = count_all[block]
            live = count > 0
            if not live.any():
                continue
            target = target_all[block][live]
            after = values[:, np.where(target < 0, 0, target)]
            bank = target < 0
            if bank.any():
                after[:, bank] = self.stay(s, slice(None), mult_all[block][live][bank], plus_all[block][live][bank])
            acc[:, live] += count[live][None, :] * after
        return acc

    def _exhausted(self, s: int, block: IntArray, stay: FloatArray) -> tuple[FloatArray, FloatArray | None]:
        """Drawing from an empty pile: (value, value if you stay next) from the reshuffled discards.

        NaN where nothing can be drawn at a decision; a forced phase banks.
        """
        cols = self.cols
        result = np.full(stay.shape, np.nan)
        forced = ~cols.decision[block]
        result[:, forced] = stay[:, forced]
        once = result.copy() if self.track_once else None
        if self.problem.discards is None:
            return result, once
        for r in range(len(self.layers[s].masks)):
            for b, col in enumerate(block):
                if self.layers[s].bust_base[r] - cols.saves[col] != 0:
                    continue  # not a real state: the counts do not add up
                sub = self._reshuffle(s, r, int(col))
                if sub.draw is not None:
                    result[r, b] = sub.draw.value
                    if once is not None:
                        assert sub.draw_then_stay is not None
                        once[r, b] = sub.draw_then_stay
        return result, once

    def _reshuffle(self, s: int, row: int, col: int) -> Solution:
        """Solve the round on from an exhausted pile: the discards plus the cards discarded this round."""
        key = (s, row, col)
        if key not in self.reshuffles:
            self.reshuffles[key] = solve(self._reshuffled_problem(s, row, col), self.tolerance, self.policy,
                                         self.track_once)
        return self.reshuffles[key]

    def _reshuffled_problem(self, s: int, row: int, col: int) -> Problem:
        problem = self.problem
        assert problem.discards is not None
        drawn_mods, j, h, d, forced = self.cols.keys[col]
        mask = int(self.layers[s].masks[row])
        numbers = problem.numbers | {v for i, v in enumerate(self.values) if mask >> i & 1}
        mod_kinds = [c for c, _ in problem.pile.items_ if c.category is Category.MODIFIER]
        modifiers = tuple(sorted(problem.modifiers + tuple(c for c, n in zip(mod_kinds, drawn_mods) for _ in range(n))))
        discarded: Counter[Card] = Counter()
        if d:
            discarded[Card.number(min(numbers))] += d  # any held number: only their total matters
        discarded[SECOND_CHANCE] += d
        if problem.alone:
            discarded[SECOND_CHANCE] += int(problem.second_chance) + j - d - h
            discarded[FLIP_THREE] += problem.start.in_flight + forced.flip_threes - forced.in_flight
        pile = problem.discards + CardCounts.from_mapping(discarded)
        start = Start(forced.phase, forced.owed, forced.in_flight)
        return Problem(problem.rules, frozenset(numbers), modifiers, bool(h), pile, None, problem.alone, start)

    def solution(self) -> Solution:
        """Package the root's results, running the forward pass for the draw-now distribution."""
        root = self.cols.root
        stay = int(self.stay(0, slice(0, 1), self.cols.mult[[root]], self.cols.plus[[root]])[0, 0])
        may_stay = bool(self.cols.line_has_cards[root]) and bool(self.cols.decision[root])
        states = sum(len(layer.masks) for layer in self.layers) * len(self.cols.keys)
        hits_now = bool(self.hit_policy[0][0, root])
        return Solution(stay, self._forward(), may_stay, hits_now, states, self.root_once)

    def _forward(self) -> DrawResult:
        """Push probability mass from the root (drawing now) through the optimal policy to the end."""
        cols, layers = self.cols, self.layers
        tally = _Tally()
        mass = np.zeros((len(layers[0].masks), len(cols.keys)))
        mass[0, cols.root] = 1.0
        for s, layer in enumerate(layers):
            upper = np.zeros((len(layers[s + 1].masks), len(cols.keys))) if s + 1 < len(layers) else None
            for level, block in enumerate(cols.by_level):
                here = mass[:, block]
                if not here.any():
                    continue
                hitting = self.hit_policy[s][:, block].copy()
                if s == 0 and level == 0:
                    hitting[0, np.searchsorted(block, cols.root)] = True
                stay_scores = self.stay(s, slice(None), cols.mult[block], cols.plus[block])
                tally.add(stay_scores, np.where(hitting, 0.0, here))
                going = np.where(hitting, here, 0.0)
                left = self.size - s - level
                if left <= 0:
                    self._forward_exhausted(s, block, going, stay_scores, tally)
                else:
                    self._push(s, block, going / left, mass, upper, tally)
            if upper is not None:
                mass = upper
        return tally.result()

    def _forward_exhausted(self, s: int, block: IntArray, going: FloatArray, stay_scores: FloatArray,
                           tally: _Tally) -> None:
        for r, b in zip(*np.nonzero(going)):
            weight = going[r, b]
            draw = self._reshuffle(s, int(r), int(block[b])).draw if self.problem.discards is not None else None
            if draw is None:
                tally.add(stay_scores[r:r + 1, b:b + 1], np.array([[weight]]))
            else:
                tally.merge(draw, weight)

    def _push(self, s: int, block: IntArray, weight: FloatArray, mass: FloatArray, upper: FloatArray | None,
              tally: _Tally) -> None:
        """Move ``weight`` (mass / N) along every card's transition."""
        cols, layer = self.cols, self.layers[s]
        plain = cols.plain[block]
        banks = plain < 0
        top = s == len(self.layers) - 1
        for i, (value, count) in enumerate(zip(self.values, self.counts)):
            rows, succ = layer.without[i], layer.successor[i]
            if len(rows) == 0:
                continue
            moved = count * weight[rows]
            if top and self.flip7_at_top:
                won = (layer.number_sum[rows][:, None] + value) * cols.mult[block][None, :] + cols.plus[block] + self.bonus
                tally.add(won.astype(np.float64), moved, flip7=True)
                continue
            if top:
                continue
            assert upper is not None
            np.add.at(upper, (succ[:, None], plain[~banks][None, :]), moved[:, ~banks])
            if banks.any():
                tally.add(self.stay(s + 1, succ, cols.mult[block][banks], cols.plus[block][banks]), moved[:, banks])
        bust_count = layer.bust_base[:, None] - cols.saves[block][None, :]
        held = cols.held_sc[block] == 1
        busted = np.where(held[None, :], 0.0, bust_count * weight)
        tally.add(np.zeros_like(busted), busted, bust=True)
        saved = np.where(held[None, :], bust_count * weight, 0.0)
        self._move(s, block, cols.saved[block], saved, cols.mult[block], cols.plus[block], mass, tally)
        for target_all, count_all, mult_all, plus_all in cols.side.values():
            moved = count_all[block][None, :] * weight
            self._move(s, block, target_all[block], moved, mult_all[block], plus_all[block], mass, tally)

    def _move(self, s: int, block: IntArray, target: IntArray, moved: FloatArray, mult: IntArray, plus: IntArray,
              mass: FloatArray, tally: _Tally) -> None:
        """Add ``moved`` to the target columns of the same rows, or bank it where the target is -1."""
        live = moved.any(axis=0)
        into = live & (target >= 0)
        if into.any():
            np.add.at(mass, (slice(None), target[into]), moved[:, into])
        bank = live & (target < 0)
        if bank.any():
            tally.add(self.stay(s, slice(None), mult[bank], plus[bank]), moved[:, bank])


class _Tally:
    """Accumulates the final score distribution and the Flip 7 and bust probabilities."""

    def __init__(self) -> None:
        self.distribution: Counter[int] = Counter()
        self.flip7 = 0.0
        self.bust = 0.0

    def add(self, scores: FloatArray, weights: FloatArray, flip7: bool = False, bust: bool = False) -> None:
        """Record final scores with their probabilities."""
        positive = weights > 0
        if not positive.any():
            return
        score_values = np.rint(np.broadcast_to(scores, weights.shape)[positive]).astype(np.int64)
        masses = weights[positive]
        unique, inverse = np.unique(score_values, return_inverse=True)
        for score, total in zip(unique.tolist(), np.bincount(inverse, weights=masses).tolist()):
            self.distribution[score] += total
        total_mass = float(masses.sum())
        self.flip7 += total_mass if flip7 else 0.0
        self.bust += total_mass if bust else 0.0

    def merge(self, draw: DrawResult, weight: float) -> None:
        """Record a sub-result (after a reshuffle) reached with probability ``weight``."""
        for score, probability in draw.distribution.items():
            self.distribution[score] += weight * probability
        self.flip7 += weight * draw.flip7_probability
        self.bust += weight * draw.bust_probability

    def result(self) -> DrawResult:
        """The accumulated results."""
        distribution = {score: p for score, p in sorted(self.distribution.items()) if p > 0}
        value = sum(score * p for score, p in distribution.items())
        return DrawResult(value, self.flip7, self.bust, distribution)

"""Exact optimal stopping of one player's round for a *utility* of the round score (the win objective).

The fast solver (`flip7odds.solver`) maximises the expected round score. To maximise the chance of
winning the game, the value of ending the round with score ``s`` is instead a utility ``u(s)``
(`flip7odds.endgame` builds ``u(s) = E[P(win) | my round score is s]``), and the optimal stopping
problem is the same with ``u`` applied at every terminal::

    V(x)    = max(u(stay(x)), H(x))        at a decision (ties stay; an empty line must hit)
    H(x)    = sum_c n_c / N * W(x after c)
    W       = u(0) after a bust, u(score + bonus) after a Flip 7, u(score) after a Freeze that
              banks, V or the forced value otherwise

This module is a separate, plain memoised recursion (the fast solver's banking terms are affine in
the score, which a utility is not). It uses the same exact state reductions as the fast solver
(module docstring of `flip7odds.solver`), which hold for any terminal utility:

1. the new numbers drawn are a subset ``S`` of the values you do not hold (a bit mask);
2. the bust cards are one count ``B = B0 + sum_{v in S} (p_v - 1) - d`` (``d`` duplicates saved);
3. not alone, Freeze and Flip Three are blanks and are removed (the argument
   ``V_hit(P) = f V(P - blank) + (1 - f) V_hit(P - blank) <= V(P - blank)`` uses only ``V >= V_hit``);
4. alone, the forced draws of Flip Threes are one number ``R = r + 3q`` (``r`` left in the current
   three, ``q`` waiting), and a set-aside Freeze means "draw the ``r`` left, then bank".

**Exact pruning.** With ``u_max`` the largest utility of any score reachable from the state, and
no Second Chance held, ``H(x) <= (B/N) u(0) + (1 - B/N) u_max``; where staying is worth at least that,
``V(x) = u(stay(x))`` without looking further (ties stay). This is what makes the endgame fast: when
a safe score already wins, the recursion stops at once.

A pile that runs out with a known discard pile is continued by solving the reshuffled pile as a new
problem (as the fast solver does); with no known discard pile the round ends as if you stayed.
Checked against the brute-force `flip7odds.reference` solver given the same utility.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from flip7odds.cards import FLIP_THREE, FREEZE, SECOND_CHANCE, Card, Category, ModifierKind
from flip7odds.errors import Flip7Error
from flip7odds.solver import FLIP_THREE_DRAWS, Phase, Problem, Start, empty_line_value, reshuffled_problem

Utility = Callable[[int], float]
"""The value of ending your round with a given score (a bust scores 0)."""

MAX_STATES = 300_000
"""States the plain recursion evaluates at most (about 5-15 s); alone with a nearly full pile needs more."""

_DECISION, _FORCED, _FROZEN_AFTER = 0, 1, 2


class TooLargeError(Flip7Error):
    """The exact utility solve would need more states than allowed."""
_PHASES = {Phase.DECISION: _DECISION, Phase.FORCED: _FORCED, Phase.FROZEN_AFTER: _FROZEN_AFTER}


@dataclass(frozen=True)
class UtilitySolution:
    """Expected utilities at the root: staying now, and drawing now then playing optimally.

    ``hit_utility`` is None when no card can be drawn; ``hits_now`` is the optimal choice (ties
    stay; an empty line must hit); ``states`` counts the states evaluated.
    """

    stay_utility: float
    hit_utility: float | None
    may_stay: bool
    hits_now: bool
    states: int

    @property
    def optimal_utility(self) -> float:
        """The expected utility of optimal play from here."""
        if self.hit_utility is not None and self.hits_now:
            return self.hit_utility
        return self.stay_utility


# A state: (new numbers mask, modifiers drawn (one count per kind, as a tuple), Second Chance held,
# Second Chances drawn, duplicates saved, Flip Threes drawn, Freezes drawn, phase, owed, in flight).
_State = tuple[int, tuple[int, ...], int, int, int, int, int, int, int, int]


class _UtilitySolver:
    """The memoised recursion for one problem and one utility."""

    def __init__(self, problem: Problem, utility: Utility, tolerance: float, max_states: int = MAX_STATES) -> None:
        self.original = problem
        self.max_states = max_states
        self.problem = problem if problem.alone else problem.stripped()
        self.utility = utility
        self.tolerance = tolerance
        rules, pile = self.problem.rules, self.problem.pile
        numbers = self.problem.numbers
        self.new_values = [c.value for c, n in pile.items_ if c.category is Category.NUMBER
                           and c.value not in numbers and n > 0]
        self.new_counts = [pile[Card.number(v)] for v in self.new_values]
        self.bust_base = sum(n for c, n in pile.items_ if c.category is Category.NUMBER and c.value in numbers)
        self.mod_kinds = [c for c, n in pile.items_ if c.category is Category.MODIFIER and n > 0]
        self.mod_counts = [pile[c] for c in self.mod_kinds]
        self.second_chances = pile[SECOND_CHANCE]
        self.flip_threes = pile[FLIP_THREE]
        self.freezes = pile[FREEZE]
        self.size = pile.size
        self.held_sum = sum(numbers)
        self.flip7_size = rules.flip7_size
        self.track_flight = self.problem.discards is not None
        self.memo: dict[_State, float] = {}
        self.grown: dict[int, int] = {}
        self.scores: dict[tuple[int, tuple[int, ...], bool], float] = {}
        self.bounds = self._score_bounds()
        self.bust_utility = utility(0)
        self.utility_max = max(utility(score) for score in range(*self.bounds))
        running = float("-inf")
        self.best_up_to: list[float] = []  # best_up_to[h - low] = max of u over scores low..h
        for score in range(*self.bounds):
            running = max(running, utility(score))
            self.best_up_to.append(running)
        self.descending = sorted(range(len(self.new_values)), key=lambda i: -self.new_values[i])
        self.reach: dict[int, float] = {}

    def _score_bounds(self) -> tuple[int, int]:
        """A range (stop excluded) holding every score the round can still bank (a reshuffle included)."""
        rules, problem = self.problem.rules, self.problem
        cards = problem.pile if problem.discards is None else problem.pile + problem.discards
        new_values = {c.value for c, n in cards.items_ if c.category is Category.NUMBER and n
                      and c.value not in problem.numbers}
        top = sorted(new_values, reverse=True)[:max(0, self.flip7_size - len(problem.numbers))]
        modifiers = list(problem.modifiers) + [c for c, n in cards.items_ if c.category is Category.MODIFIER
                                               for _ in range(n)]
        factors = [c.value for c in modifiers if c.modifier is ModifierKind.TIMES]
        multiplier = 1
        for factor in factors:
            multiplier = multiplier * factor if rules.multipliers_stack else max(multiplier, factor)
        pluses = [c.value for c in modifiers if c.modifier is ModifierKind.PLUS]
        self.multiplier_max = multiplier
        self.extra_max = sum(p for p in pluses if p > 0) + rules.flip7_bonus + rules.royal_flush_bonus
        high = (self.held_sum + sum(top)) * multiplier + self.extra_max
        low = min(0, sum(p for p in pluses if p < 0))
        return low, high + 1

    def _reachable_max(self, mask: int) -> float:
        """The largest utility of a score reachable from new numbers ``mask`` (no reshuffle): a bound on H.

        Scores are at most (numbers now + the largest new numbers that still fit) * the largest
        multiplier + every positive ``+N`` + the bonuses.
        """
        if self.problem.discards is not None:
            return self.utility_max
        best = self.reach.get(mask)
        if best is None:
            room = self.flip7_size - len(self.problem.numbers) - mask.bit_count()
            total = self.held_sum + sum(v for i, v in enumerate(self.new_values) if mask >> i & 1)
            for i in self.descending:
                if room <= 0:
                    break
                if not mask >> i & 1:
                    total += self.new_values[i]
                    room -= 1
            low, stop = self.bounds
            high = min(total * self.multiplier_max + self.extra_max, stop - 1)
            best = self.reach[mask] = self.best_up_to[high - low]
        return best

    @property
    def states(self) -> int:
        """States evaluated."""
        return len(self.memo)

    # -- the line

    def _banked(self, mask: int, mods: tuple[int, ...], flip7: bool = False) -> float:
        """u(score of the line) for new numbers ``mask`` and modifiers drawn ``mods``."""
        key = (mask, mods, flip7)
        if key not in self.scores:
            number_sum = self.held_sum + sum(v for i, v in enumerate(self.new_values) if mask >> i & 1)
            modifiers = self.problem.modifiers + tuple(c for c, n in zip(self.mod_kinds, mods) for _ in range(n))
            self.scores[key] = self.utility(self.problem.rules.score(number_sum, tuple(sorted(modifiers)), flip7))
        return self.scores[key]

    def _left(self, state: _State) -> int:
        mask, mods, _, j, d, f3, fz = state[:7]
        return self.size - (mask.bit_count() + sum(mods) + j + d + f3 + fz)

    def _is_empty(self, state: _State) -> bool:
        return not (self.problem.numbers or state[0] or self.problem.modifiers or any(state[1]) or state[2])

    # -- the recursion

    def root(self) -> UtilitySolution:
        """Solve from the problem's start."""
        start = self.problem.start
        state: _State = (0, (0,) * len(self.mod_kinds), int(self.problem.second_chance), 0, 0, 0, 0,
                         _PHASES[start.phase], start.owed, start.in_flight if self.track_flight else 0)
        stay = self._banked(0, state[1])
        low, stop = self.bounds
        if all(self.utility(score) == stay for score in range(low, stop)):
            # Every reachable score is worth the same (a total out of reach, or the game won): no choice matters.
            may_stay = state[7] == _DECISION and not self._is_empty(state)
            discards = self.original.discards
            can_draw = self.original.pile.size > 0 or (discards is not None and discards.size > 0)
            return UtilitySolution(stay, stay if can_draw else None, may_stay, not may_stay, 0)
        if state[7] != _DECISION:
            value = self.value(state)
            return UtilitySolution(stay, value, False, True, self.states)
        hit = self._hit(state)
        blanks = 0 if self.problem.alone else self.original.pile[FREEZE] + self.original.pile[FLIP_THREE]
        if blanks and self._is_empty(state) and hit is not None:
            # No card in front of you: a Freeze drawn may bank on yourself (solver.empty_line_value).
            hit = empty_line_value(hit, stay, self.original, self.tolerance)[0]
        elif blanks:
            # Not alone, a blank drawn now leaves you at the same decision (reduction 3):
            # H(P) = b/N V(P') + (N - b)/N H(P'), P' the pile without blanks.
            share = blanks / self.original.pile.size
            after_blank = self.value(state)
            hit = after_blank if hit is None else share * after_blank + (1 - share) * hit
        may_stay = not self._is_empty(state)
        hits_now = hit is not None and (not may_stay or hit > stay + self.tolerance)
        return UtilitySolution(stay, hit, may_stay, hits_now, self.states)

    def value(self, state: _State) -> float:
        """V at a decision, or the value of a forced phase."""
        if state in self.memo:
            return self.memo[state]
        mask, mods, held = state[0], state[1], state[2]
        if state[7] == _DECISION:
            stay = self._banked(mask, mods)
            empty = self._is_empty(state)
            if not empty and self._left(state) > 0:
                bust = 0 if held else self._bust_cards(state) / self._left(state)
                if stay >= bust * self.bust_utility + (1 - bust) * self._reachable_max(mask):
                    self.memo[state] = stay
                    return stay
            hit = self._hit(state)
            result = stay if hit is None or (not empty and hit <= stay + self.tolerance) else hit
        elif self._left(state) == 0:
            result = self._reshuffled(state) if self.problem.discards is not None else self._banked(mask, mods)
        else:
            result = self._draw(state)
        self.memo[state] = result
        if len(self.memo) > self.max_states:
            raise TooLargeError("this round is too large to work out exactly when playing to win the game: try "
                                "again with fewer cards left in the pile, or with other players still playing",
                                states=self.max_states)
        return result

    def _hit(self, state: _State) -> float | None:
        """H at a decision: draw now (None if no card can be drawn)."""
        if self._left(state) > 0:
            return self._draw(state)
        if self.problem.discards is None:
            return None
        return self._reshuffled(state)

    def _bust_cards(self, state: _State) -> int:
        mask, d = state[0], state[4]
        grown = self.grown.get(mask)
        if grown is None:
            grown = self.grown[mask] = sum(n - 1 for i, n in enumerate(self.new_counts) if mask >> i & 1)
        return self.bust_base + grown - d

    def _draw(self, state: _State) -> float:
        """Expected utility of drawing one card now (the pile is not empty)."""
        mask, mods, held, j, d, f3, fz = state[:7]
        n_left = self._left(state)
        total = 0.0
        held_count = len(self.problem.numbers) + mask.bit_count()
        rest = state[2:]
        deciding = state[7] == _DECISION  # a line card leads straight to the next decision
        for i, count in enumerate(self.new_counts):
            if mask >> i & 1:
                continue
            grown = mask | 1 << i
            if held_count + 1 >= self.flip7_size:
                total += count * self._banked(grown, mods, flip7=True)
            elif deciding:
                total += count * self.value((grown, mods, *rest))
            else:
                total += count * self._after(state, mask=grown)
        bust_cards = self._bust_cards(state)
        if bust_cards:
            saved = self._after(state, held=0, d=d + 1) if held else self.bust_utility
            total += bust_cards * saved
        for k, count in enumerate(self.mod_counts):
            if mods[k] < count:
                more = mods[:k] + (mods[k] + 1,) + mods[k + 1:]
                if deciding:
                    total += (count - mods[k]) * self.value((mask, more, *rest))
                else:
                    total += (count - mods[k]) * self._after(state, mods=more)
        if j < self.second_chances:
            total += (self.second_chances - j) * self._after(state, held=1, j=j + 1)
        if fz < self.freezes:
            total += (self.freezes - fz) * self._after_freeze(state)
        if f3 < self.flip_threes:
            total += (self.flip_threes - f3) * self._after_flip_three(state)
        return total / n_left

    def _after(self, state: _State, *, mask: int | None = None, mods: tuple[int, ...] | None = None,
               held: int | None = None, j: int | None = None, d: int | None = None) -> float:
        """The value after a card that only changes the line: a forced draw is used up."""
        old_mask, old_mods, old_held, old_j, old_d, f3, fz, phase, owed, flight = state
        new: _State = (old_mask if mask is None else mask, old_mods if mods is None else mods,
                       old_held if held is None else held, old_j if j is None else j, old_d if d is None else d,
                       f3, fz, phase, owed, flight)
        return self._used_draw(new)

    def _used_draw(self, state: _State) -> float:
        """One forced draw is used up (nothing to do at a decision)."""
        mask, mods, held, j, d, f3, fz, phase, owed, flight = state
        if phase == _DECISION:
            return self.value(state)
        if phase == _FROZEN_AFTER:
            if owed == 1:
                return self._banked(mask, mods)
            return self.value((mask, mods, held, j, d, f3, fz, phase, owed - 1, flight))
        ends_three = (owed - 1) % FLIP_THREE_DRAWS == 0
        if ends_three and self.track_flight:
            flight -= 1  # the resolved Flip Three is discarded
        next_phase = _DECISION if owed == 1 else _FORCED
        return self.value((mask, mods, held, j, d, f3, fz, next_phase, owed - 1, flight))

    def _after_freeze(self, state: _State) -> float:
        """Alone: a Freeze at a decision banks; during a Flip Three it is set aside (bank after the three)."""
        mask, mods, held, j, d, f3, fz, phase, owed, flight = state
        if phase == _DECISION:
            return self._banked(mask, mods)
        in_batch = (owed - 1) % FLIP_THREE_DRAWS + 1 if phase == _FORCED else owed
        if in_batch == 1:
            return self._banked(mask, mods)
        return self.value((mask, mods, held, j, d, f3, fz + 1, _FROZEN_AFTER, in_batch - 1, flight))

    def _after_flip_three(self, state: _State) -> float:
        """Alone: a Flip Three at a decision starts three forced draws; during one it is set aside."""
        mask, mods, held, j, d, f3, fz, phase, owed, flight = state
        grow = 1 if self.track_flight else 0
        if phase == _DECISION:
            return self.value((mask, mods, held, j, d, f3 + 1, fz, _FORCED, FLIP_THREE_DRAWS, flight + grow))
        if phase == _FROZEN_AFTER:
            return self._used_draw((mask, mods, held, j, d, f3 + 1, fz, phase, owed, flight + grow))
        return self._used_draw((mask, mods, held, j, d, f3 + 1, fz, phase, owed + FLIP_THREE_DRAWS, flight + grow))

    # -- an exhausted pile with a known discard pile

    def _reshuffled(self, state: _State) -> float:
        """Draw from the reshuffled discards: solve that pile as a new problem from this state."""
        mask, mods, held, j, d, f3, _, phase, owed, flight = state
        problem = self.problem
        assert problem.discards is not None
        numbers = problem.numbers | {v for i, v in enumerate(self.new_values) if mask >> i & 1}
        drawn = tuple(c for c, n in zip(self.mod_kinds, mods) for _ in range(n))
        sub = reshuffled_problem(problem, frozenset(numbers), drawn, second_chances=j, held=bool(held), saved=d,
                                 flip_threes=f3, start=Start(list(_PHASES)[phase], owed, flight))
        solution = _UtilitySolver(sub, self.utility, self.tolerance, self.max_states).root()
        assert solution.hit_utility is not None or phase == _DECISION
        return solution.stay_utility if solution.hit_utility is None else solution.hit_utility


def score_bounds(problem: Problem) -> tuple[int, int]:
    """A range ``(low, stop)`` (stop excluded) holding every score the round of ``problem`` can bank."""
    return _UtilitySolver(problem, lambda score: 0.0, 0.0).bounds


def solve_utility(problem: Problem, utility: Utility, tolerance: float = 1e-12,
                  max_states: int = MAX_STATES) -> UtilitySolution:
    """Optimal hit/stay play maximising E[u(round score)], exactly (module docstring).

    Raises `TooLargeError` rather than evaluate more than ``max_states`` states.

    Examples
    --------
    With ``u(s) = s`` it is the round-EV optimum of `flip7odds.solver.solve`:

    >>> from flip7odds.rules import CLASSIC
    >>> from flip7odds.analysis import problem_of
    >>> from flip7odds.situation import Situation
    >>> problem = problem_of(Situation.from_text(CLASSIC, "12 11 10 9", pile="8 7 6 +4"))
    >>> solve_utility(problem, float)  # nothing busts: Flip 7 at 78, or 82 if the +4 comes first
    UtilitySolution(stay_utility=42.0, hit_utility=81.0, may_stay=True, hits_now=True, states=13)
    """
    if problem.pile.size == 0 and problem.discards is not None and problem.discards.size > 0:
        # Draw from the reshuffled discards now: they are the pile (its blanks count at the root).
        problem = replace(problem, pile=problem.discards, discards=None)
    return _UtilitySolver(problem, utility, tolerance, max_states).root()


__all__ = ["MAX_STATES", "TooLargeError", "Utility", "UtilitySolution", "score_bounds", "solve_utility"]

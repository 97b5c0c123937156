"""Exact value of hitting exactly once and then staying (`hit_once_score`), in integers.

Hitting once is one draw, but a Flip Three you take (alone you must) forces three more, and a Flip
Three set aside during them three more again: up to ``1 + 3 f`` draws with ``f`` Flip Threes in the
pile. Walking the literal chance tree in fractions is slow, so this module walks a reduced state
(the same reductions as `flip7odds.solver`: numbers held as a bit mask, one count of bust cards,
modifier and action cards drawn as counts) with exact integer arithmetic:

With ``T`` the most draws possible and ``N`` cards in the pile, a value ``v`` reached after ``t``
draws is stored as the integer ``v * D_t`` where ``D_t = (N - t)(N - t - 1)...(N - T + 1)``. Then
``v(x) = sum_c n_c v(x + c) / (N - t)`` becomes ``num(x) = sum_c n_c num(x + c)``: no fractions
until the single division at the end, and choices (take a Flip Three or not) compare integers.

Piles of at most ``T`` cards may run out during the draws; they are small, so the literal engine
(`flip7odds.engine`) handles them, reshuffle included.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from flip7odds.cards import FLIP_THREE, FREEZE, SECOND_CHANCE, Card, Category
from flip7odds.engine import FLIP_THREE_DRAWS, Choice, Node, RoundRules, RoundState, Terminal
from flip7odds.situation import Situation


@dataclass(frozen=True)
class _Forced:
    """A Flip Three resolving: draws left in it, Flip Threes waiting, action cards set aside."""

    left: int
    waiting: int = 0
    aside_flip_threes: int = 0
    aside_freezes: int = 0


def hit_once_value(situation: Situation) -> Fraction:
    """E[round score if you hit exactly once, then stay], exactly (MODEL.md ``hit_once_score``).

    A Flip Three you must take (alone) is played out, then you stay; a Freeze when alone banks you.
    Not alone, each Flip Three is given away or taken, whichever is worth more when you stay afterwards.

    >>> from flip7odds.rules import CLASSIC
    >>> hit_once_value(Situation.from_text(CLASSIC, "12 11", pile="12*2 11 5 6 +4"))  # (0*3 + 28 + 29 + 27) / 6
    Fraction(14, 1)
    """
    pile = situation.pile
    most_draws = 1 + FLIP_THREE_DRAWS * pile[FLIP_THREE]
    if pile.size <= most_draws:
        return _literal(situation)
    return _Reduced(situation, most_draws).value()


def _literal(situation: Situation) -> Fraction:
    """The same value by the literal chance tree (small piles, where the pile may run out)."""
    round_rules = RoundRules(situation.rules, situation.alone)

    @lru_cache(maxsize=None)
    def value(node: Node) -> Fraction:
        if isinstance(node, Terminal):
            return Fraction(node.score)
        if isinstance(node, Choice):
            return max(value(option) for _, option in node.options)
        if node.at_decision:
            return Fraction(node.line.score(situation.rules))
        return draw(node)

    def draw(state: RoundState) -> Fraction:
        if not state.can_draw:
            return Fraction(state.line.score(situation.rules))
        size, outcomes = round_rules.draw_outcomes(state)
        return sum((Fraction(o.count, size) * value(o.node) for o in outcomes), Fraction(0))

    return draw(round_rules.start(situation))


class _Reduced:
    """The integer walk over reduced states (module docstring)."""

    def __init__(self, situation: Situation, most_draws: int) -> None:
        rules, pile, line = situation.rules, situation.pile, situation.line
        self.rules = rules
        self.alone = situation.alone
        self.size = pile.size
        self.numbers = [(c.value, n) for c, n in pile.items_ if c.category is Category.NUMBER]
        self.modifiers = [(c, n) for c, n in pile.items_ if c.category is Category.MODIFIER]
        self.second_chances = pile[SECOND_CHANCE]
        self.flip_threes = pile[FLIP_THREE]
        self.freezes = pile[FREEZE]
        self.held_at_start = len(line.numbers)
        self.start_mask = sum(1 << v for v in line.numbers)
        self.start_sum = sum(line.numbers)
        self.line = line
        self.pile_count = {value: count for value, count in self.numbers}
        # scale[t] = D_t = (N - t)(N - t - 1)...(N - T + 1); scale[T] = 1.
        self.scale = [1] * (most_draws + 1)
        for t in reversed(range(most_draws)):
            self.scale[t] = self.scale[t + 1] * (self.size - t)
        self._memo: dict[tuple[object, ...], int] = {}
        self._parts: dict[tuple[int, ...], tuple[int, int]] = {}

    def value(self) -> Fraction:
        """hit_once_score for the situation."""
        start = (self.start_mask, self.start_sum, (0,) * len(self.modifiers), int(self.line.second_chance), 0, 0, 0, 0)
        return Fraction(self._draw(start, None), self.scale[0])

    def _bank(self, number_sum: int, drawn_mods: tuple[int, ...]) -> int:
        """Score of staying with these numbers and modifiers (no Flip 7)."""
        parts = self._parts.get(drawn_mods)
        if parts is None:
            mods = self._mods(drawn_mods)
            plus = self.rules.score(0, mods, False)
            parts = self._parts[drawn_mods] = (self.rules.score(1, mods, False) - plus, plus)
        return number_sum * parts[0] + parts[1]

    def _draw(self, state: tuple[int, int, tuple[int, ...], int, int, int, int, int], forced: _Forced | None) -> int:
        """``num`` of drawing one card now (``forced`` None: the single free hit)."""
        key = (state, forced)
        if key in self._memo:
            return self._memo[key]
        mask, number_sum, mods, held, sc_drawn, saves, f3_drawn, fr_drawn = state
        new = bin(mask).count("1") - self.held_at_start
        depth = new + saves + sum(mods) + sc_drawn + f3_drawn + fr_drawn + 1
        total = 0
        bust = -saves - new
        for value, count in self.numbers:
            if mask >> value & 1:
                bust += count
                continue
            grown = (mask | 1 << value, number_sum + value, mods, held, sc_drawn, saves, f3_drawn, fr_drawn)
            if new + self.held_at_start + 1 >= self.rules.flip7_size:
                score = self.rules.score(number_sum + value, self._mods(mods), True)
                total += count * score * self.scale[depth]
            else:
                total += count * self._after(grown, forced, depth)
        if bust and held:
            total += bust * self._after((mask, number_sum, mods, 0, sc_drawn, saves + 1, f3_drawn, fr_drawn), forced,
                                        depth)
        for i, (_, count) in enumerate(self.modifiers):
            if count > mods[i]:
                grown_mods = mods[:i] + (mods[i] + 1,) + mods[i + 1:]
                total += (count - mods[i]) * self._after(
                    (mask, number_sum, grown_mods, held, sc_drawn, saves, f3_drawn, fr_drawn), forced, depth)
        if self.second_chances > sc_drawn:
            total += (self.second_chances - sc_drawn) * self._after(
                (mask, number_sum, mods, 1, sc_drawn + 1, saves, f3_drawn, fr_drawn), forced, depth)
        if self.flip_threes > f3_drawn:
            after = (mask, number_sum, mods, held, sc_drawn, saves, f3_drawn + 1, fr_drawn)
            if forced is None:
                taken = self._draw(after, _Forced(FLIP_THREE_DRAWS))
                if not self.alone:
                    taken = max(taken, self._bank(number_sum, mods) * self.scale[depth])
            else:
                taken = self._after(after, _Forced(forced.left, forced.waiting, forced.aside_flip_threes + 1,
                                                   forced.aside_freezes), depth)
            total += (self.flip_threes - f3_drawn) * taken
        if self.freezes > fr_drawn:
            after = (mask, number_sum, mods, held, sc_drawn, saves, f3_drawn, fr_drawn + 1)
            if forced is None:
                frozen = self._bank(number_sum, mods) * self.scale[depth]
            else:
                frozen = self._after(after, _Forced(forced.left, forced.waiting, forced.aside_flip_threes,
                                                    forced.aside_freezes + 1), depth)
            total += (self.freezes - fr_drawn) * frozen
        self._memo[key] = total
        return total

    def _mods(self, drawn: tuple[int, ...]) -> tuple[Card, ...]:
        return self.line.modifiers + tuple(c for (c, _), n in zip(self.modifiers, drawn) for _ in range(n))

    def _after(self, state: tuple[int, int, tuple[int, ...], int, int, int, int, int], forced: _Forced | None,
               depth: int) -> int:
        """``num`` after a card that did not end the round, ``depth`` draws in."""
        if forced is not None and forced.left > 1:
            return self._draw(state, _Forced(forced.left - 1, forced.waiting, forced.aside_flip_threes,
                                             forced.aside_freezes))
        bank = self._bank(state[1], state[2]) * self.scale[depth]
        if forced is None:
            return bank
        if self.alone:
            if forced.aside_freezes:
                return bank
            waiting = forced.waiting + forced.aside_flip_threes
            return self._draw(state, _Forced(FLIP_THREE_DRAWS, waiting - 1)) if waiting else bank
        best = bank if (forced.waiting == 0 or forced.aside_freezes) else 0
        for taken in range(forced.waiting == 0, forced.aside_flip_threes + 1):
            waiting = forced.waiting + taken
            best = max(best, self._draw(state, _Forced(FLIP_THREE_DRAWS, waiting - 1)))
        return best

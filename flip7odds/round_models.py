"""The two engines as `flip7odds.bounded.RoundModel`s: the classic/poker engine and the With a Vengeance one.

Each adapter reuses its engine's transitions as they are (`flip7odds.engine.RoundRules` on literal
`RoundState`s; `flip7odds.vengeance.fast.Round` on the integer-coded Vengeance states, the same
transitions as `flip7odds.vengeance.engine`), so the rules exist once per variant. What an adapter adds
is the node encoding of `flip7odds.bounded` and the static bounds of a state (`reach`, `busting`).

Static bounds, the same idea in both (docs/model.md, "Bounds"):

* ``U``, the best score still reachable: your numbers, plus the best new values the cards that can
  still reach you hold (the pile, a known discard pile that may be reshuffled, and in Vengeance the
  other lines while a Steal or Swap can come), no more than a Flip 7 allows, every multiplier and
  positive modifier among them, no penalty, and the Flip 7 (and royal flush) bonus when enough new
  values are left to make it. A card that only ever lowers a score is left out; a card that can take
  your own numbers away (With a Vengeance: Unlucky 7, Discard, Swap) makes ``U`` forget your line.
* ``L``, the least: 0 where scores cannot be negative; otherwise your line with every penalty that
  could still reach you and no new multiplier (numbers are never negative), or 0 for a bust.
* ``B``, the cards that bust you at once: copies of numbers you hold in the drawing pile (none with a
  Second Chance; never the Unlucky 7; a second 13 with the Lucky 13).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np

from flip7odds.bounded import BANKED, BUST, FLIP_7, NO_STAYS, Chain, Kept, LineScores, Path, Stays, Steals
from flip7odds.bounded import Node as BoundedNode
from flip7odds.cards import SECOND_CHANCE, Action, Category, ModifierKind
from flip7odds.counts import CardCounts
from flip7odds.drift import START_DISCARD, START_STEAL
from flip7odds.engine import Node, RoundRules, RoundState, Termination
from flip7odds.rules import LUCKY_13, RuleSet
from flip7odds.situation import Situation
from flip7odds.tree import Choice, Terminal
from flip7odds.vengeance.fast import Node as VNode
from flip7odds.vengeance.fast import Round, State
from flip7odds.vengeance.situation import FLIP_7_CARDS, VengeanceSituation

_REASONS = {Termination.FLIP_7: FLIP_7, Termination.BUST: BUST}


class EngineModel:
    """Classic and poker rounds (`flip7odds.engine`) for the bounded solver."""

    work_seconds = 60e-6
    """Nominal CPU seconds per unit of a search's work (`flip7odds.bounded.RoundModel.work_seconds`): at 60 us a
    search by work took the CPU time of one by the clock on 24 poker quiz candidates (each process solving them
    cold; BENCHMARKS.md, stop 32). The engine's outcomes cost more than Vengeance's."""

    def __init__(self, situation: Situation) -> None:
        self.situation = situation
        self.rules: RuleSet = situation.rules
        self.round = RoundRules(situation.rules, situation.alone)
        self._reach: dict[RoundState, tuple[int, list[int]]] = {}

    def root(self) -> RoundState:
        """The state at your decision."""
        return self.round.start(self.situation)

    def outcomes(self, state: RoundState) -> tuple[int, Sequence[tuple[int, BoundedNode[RoundState]]]]:
        """The engine's next-card outcomes as (count, node)."""
        size, outcomes = self.round.draw_outcomes(state)
        return size, [(outcome.count, self._node(outcome.node)) for outcome in outcomes]

    def _node(self, node: Node) -> BoundedNode[RoundState]:
        if isinstance(node, Terminal):
            return 4 * node.score + _REASONS.get(node.reason, BANKED)
        if isinstance(node, Choice):
            return [self._node(option) for _, option in node.options]
        return node

    def key(self, state: RoundState) -> Hashable:
        """The literal state is canonical (a line and counts, all stored sorted)."""
        return state

    def leaf_key(self, state: RoundState) -> Hashable:
        """The state itself (its static bounds read all of it)."""
        return state

    def forced(self, state: RoundState) -> bool:
        """A Flip Three owes you draws."""
        return not state.at_decision

    def draws_owed(self, state: RoundState) -> int:
        """One while a Flip Three owes you draws (at least one; no path ceiling reads it: `path` is None)."""
        return int(not state.at_decision)

    def may_stay(self, state: RoundState) -> bool:
        """At least one card in front of you."""
        return not state.line.is_empty

    def can_draw(self, state: RoundState) -> bool:
        """The pile, or a known discard pile, still holds a card."""
        return state.can_draw

    def banked(self, state: RoundState) -> int:
        """Your line's score."""
        return state.line.score(self.rules)

    def reach(self, state: RoundState) -> tuple[int, list[int]]:
        """(least score reachable, the ladder ``U_j``) (module docstring), remembered per state."""
        known = self._reach.get(state)
        if known is None:
            known = self._reach[state] = self._bounds(state)
        return known

    def _bounds(self, state: RoundState) -> tuple[int, list[int]]:
        rules, line = self.rules, state.line
        pool = state.pile if state.discards is None else state.pile + state.discards
        held = sum(line.numbers)
        room = rules.flip7_size - len(line.numbers)
        new = sorted(({card.value for card, _ in pool.items_ if card.category is Category.NUMBER}
                      - line.numbers), reverse=True)[:room]
        numbers = list(itertools.accumulate(new, initial=0))
        factors = [card.value for card in line.modifiers if card.modifier is ModifierKind.TIMES]
        extra = sorted((card.value for card in pool if card.modifier is ModifierKind.TIMES), reverse=True)
        pluses = list(itertools.accumulate(sorted((card.value for card in pool if card.modifier is ModifierKind.PLUS
                                                   and card.value > 0), reverse=True), initial=0))
        line_plus = sum(card.value for card in line.modifiers if card.modifier is ModifierKind.PLUS)
        multipliers = []
        for m in range(len(extra) + 1):
            chosen = factors + extra[:m]
            multipliers.append(math.prod(chosen) if rules.multipliers_stack else max(chosen, default=1))
        modifiers = line.modifiers + tuple(card for card, _ in pool.items_ if card.category is Category.MODIFIER)
        royal = rules.royal_flush_bonus if rules.royal_flush and set(rules.royal_flush) <= set(modifiers) else 0
        ladder = []
        for j in range(len(new) + len(extra) + len(pluses)):
            best = -math.inf
            for n in range(min(j, len(new)) + 1):
                for m in range(min(j - n, len(extra)) + 1):
                    p = min(j - n - m, len(pluses) - 1)
                    bonus = rules.flip7_bonus if n == room else 0
                    best = max(best, (held + numbers[n]) * multipliers[m] + line_plus + pluses[p] + bonus)
            ladder.append(int(best) + royal)
        penalties = tuple(card for card in pool if card.modifier is ModifierKind.PLUS and card.value < 0)
        low = rules.score(held, line.modifiers + penalties, False)
        return min(0, low), ladder

    def path(self, state: RoundState) -> Path | None:
        """No path ceiling: a multiplier or a bonus modifier can raise a score without a number."""
        return None

    def deferred_path(self, state: RoundState) -> Path | None:
        """No deferred path either (no Discard, Swap or Steal in these rules)."""
        return None

    def owed(self, state: RoundState) -> int:
        """No forced floor (it needs a path, which this model does not give)."""
        return 0

    def owed_path(self, state: RoundState) -> Path | None:
        """No path for the forced floor either."""
        return None

    def chain(self, state: RoundState) -> Chain | None:
        """No chain floor (it needs a path, which this model does not give)."""
        return None

    def entries(self) -> int:
        """The ladders remembered."""
        return len(self._reach)

    def hazard(self, state: RoundState) -> tuple[int, int, int, int, tuple[int, ...]]:
        """(copies of your numbers in the drawing pile, its Second Chances, 1 if you hold one, its size,
        its copies of each number value you do not hold)."""
        pile = state.pile if state.pile.size or state.discards is None else state.discards
        numbers = state.line.numbers
        bust = 0
        classes: dict[int, int] = {}
        for card, count in pile.items_:
            if card.category is Category.NUMBER:
                if card.value in numbers:
                    bust += count
                else:
                    classes[card.value] = classes.get(card.value, 0) + count
        return bust, pile[SECOND_CHANCE], int(state.line.second_chance), pile.size, tuple(classes.values())


_REMOVERS = (Action.DISCARD, Action.SWAP)
LineSplit = tuple[int, int, tuple[tuple[int, int], ...], tuple[int, ...]]
"""`VengeanceModel._split`: copies that bust you, copies of The Zero, the other classes and their busting masks."""
_NO_STEALS = Steals(0, np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), 0)
"""No Steal to come, or no number to take."""
_NO_KEPT = Kept(0, np.zeros(0, dtype=np.int64))
"""No modifier you must keep (none to come, or someone to give it to)."""
PileView = tuple[int, int, tuple[tuple[int, int, int], ...], tuple[int, int, int, int]]
"""What the path ceiling and the chain floor read of a pile (`VengeanceModel._pile_path`): its rescuers, its Steals,
its numbers as (busting mask, copies, value) per class, and its (modifiers, Just One More! and Flip Four!,
Discards, Swaps)."""
_TAKERS = (Action.STEAL, Action.SWAP)
FreshView = tuple[tuple[tuple[int, int], ...], int]
"""`Path.fresh` and `Path.fresh_bust` of a pile (`_fresh_view`)."""

class PileCounts(NamedTuple):
    """The copies in a pile of the kinds `VengeanceModel.chain` reads one by one (`VengeanceModel._pile_counts`):
    each modifier kind's, in `VengeanceModel._modifier_kinds` order, the Just One More!s, the Unlucky 7s and the Flip
    Four!s (0 where the deck has none of a kind)."""

    modifiers: tuple[int, ...]
    just_one_more: int
    unlucky: int
    flip_four: int


_NO_PARENT = (-1, -1, 0)
"""`VengeanceModel._parents` for a pile no expanded state drew from: no pile's code is -1."""
_RESCUER, _STEAL, _NUMBER, _OTHER = range(4)
"""What `VengeanceModel._pile_path` counts a kind of card as (plain ints: it reads them for every kind of every pile)."""
_MODIFIERS, _FORCING, _DISCARDS, _SWAPS = range(4)
"""Where `VengeanceModel._pile_path` counts a modifier, a Just One More! or Flip Four!, a Discard, a Swap: `PileView`'s
last four."""


class VengeanceModel:
    """With a Vengeance rounds, on `flip7odds.vengeance.fast.Round`'s integer-coded states."""

    work_seconds = 8e-6
    """Nominal CPU seconds per unit of a search's work (`flip7odds.bounded.RoundModel.work_seconds`): at 8 us a
    search by work took the CPU time of one by the clock on 36 With a Vengeance quiz candidates (each process
    solving them cold; BENCHMARKS.md, stop 32)."""

    def __init__(self, situation: VengeanceSituation) -> None:
        self.situation = situation
        self.game = Round(situation)
        deck = self.game.deck
        self.kinds = deck.kinds
        self.unlucky = deck.unlucky
        self.lucky = deck.kinds.index(LUCKY_13) if LUCKY_13 in deck.kinds else -1
        self.removers = {k for k, act in enumerate(deck.acts) if act in _REMOVERS}
        self._just_one_more = deck.acts.index(Action.JUST_ONE_MORE) if Action.JUST_ONE_MORE in deck.acts else -1
        self._flip_four = deck.acts.index(Action.FLIP_FOUR) if Action.FLIP_FOUR in deck.acts else -1
        self._forcing_draws = {self._just_one_more: 1, self._flip_four: 4}
        """The draws a Just One More! or a Flip Four! set aside or queued owes you when it resolves with no other
        player in the round (you are its only target: `owed`)."""
        self._unlucky_score = self.game.score(1 << self.unlucky) if self.unlucky >= 0 else 0
        """Your score with the Unlucky 7 alone in your line, as it leaves you (`Stays`)."""
        self.takers = {k for k, act in enumerate(deck.acts) if act in _TAKERS}
        self.penalty = [card.modifier is ModifierKind.PLUS and card.value < 0 for card in deck.kinds]
        self._numbers = deck.numbers
        self._brutal = situation.rules.brutal
        self._taker_bits = sum(1 << k for k in self.takers)
        self._hostile = sum(1 << k for k in self.takers | self.removers)
        """The Steal, Swap and Discard kinds, as bits: a path ceiling does not hold while one waits to resolve."""
        self._hostile_alone = sum(1 << k for k in self.removers - self.takers)
        """The Discard kinds, as bits: with no other player in the round a Steal or Swap that waits has no legal use
        and is discarded unused when it resolves (`Round._steal_options`, `_swap_options`), so only these change your
        line (`_waiting`)."""
        self._remover_bits = sum(1 << k for k in self.removers) | (1 << self.unlucky if self.unlucky >= 0 else 0)
        self._masks: dict[int, int] = {}
        self._values_of: dict[int, tuple[int, int]] = {}
        self._ladders: dict[tuple[int, tuple[int, int], bool], list[int]] = {}
        self._penalties: dict[int, int] = {}
        self._piles: dict[int, tuple[int, tuple[tuple[int, int], ...]]] = {}
        self._hazards: dict[tuple[int, int], tuple[int, int, tuple[int, ...]]] = {}
        self._paths: dict[int, PileView] = {}
        self._parents: dict[int, tuple[int, int, int]] = {}
        """Each next pile of a state expanded: (the pile it came from, the kind drawn, that kind's copies there)
        (`outcomes`). Not among ``_tables``: it only saves work, and the work clock counts ``_tables`` alone."""
        self._weight = self.game.deck.weight
        self._line_paths: dict[tuple[int, int, int, bool, bool], Path] = {}
        self._unique_paths: dict[tuple[Any, ...], Path] = {}
        self._grabs: dict[tuple[int, int], int] = {}
        """`path`'s ``grab`` by the other lines' numbers and yours: the largest value that would not bust you, -1 for
        none (`_grab`). Not among ``_tables`` (the engine's table of lines, which the work clock counts, is filled when
        an entry is made, as before)."""
        self._fresh_views: dict[int, tuple[tuple[tuple[int, int, int], ...], FreshView]] = {}
        """`_fresh_view` by the identity of a pile view's numbers (kept with them, so an identity stays theirs): the
        piles that differ by a card that is no number share one tuple of numbers, which is then not hashed again.
        Not among ``_tables``."""
        self._splits: dict[tuple[int, int], LineSplit] = {}
        """`_split` by pile and your numbers."""
        self._steal_views: dict[tuple[int, int, int, int], Steals] = {}
        """`_steals` by pile, your numbers, the other lines' numbers and how many of them to pass over."""
        self._takeables: dict[tuple[int, int], int] = {}
        """`_takeable` by your numbers and the other lines' numbers. Not among ``_tables``: it only saves work."""
        self._unique_steals: dict[tuple[int, tuple[int, ...], tuple[int, ...], int], Steals] = {}
        """One `Steals` per distinct content: the chain floors are remembered by its identity (`_steals`)."""
        self._line_scores: dict[int, LineScores] = {}
        """Your scores by sum of numbers, per set of modifiers in your line (`chain`)."""
        self._modifier_kinds = tuple(k for k, card in enumerate(deck.kinds) if card.category is Category.MODIFIER)
        self._kepts: dict[tuple[int, tuple[int, ...]], Kept] = {}
        """`_kept` by your line's modifiers and the pile's copies of each modifier kind."""
        self._counts_of: dict[int, PileCounts] = {}
        """`_pile_counts` by pile. Not among ``_tables``: it only saves work."""
        self._modifier_places = {k: at for at, k in enumerate(self._modifier_kinds)}
        """Each modifier kind's place in `PileCounts.modifiers`."""
        self._pile_roles = tuple(self._pile_role(k) for k in range(len(deck.kinds)))
        """Per kind, what `_pile_path` counts it as: ``(role, busting mask, value, group)``, the role one of
        `_RESCUER`, `_STEAL`, `_NUMBER`, `_OTHER`; the group the index of its count in the pile view's last four
        (`_MODIFIERS`, `_FORCING`, `_DISCARDS`, `_SWAPS`), -1 for none of these."""
        self._held: dict[int, int] = {}
        """The sum of the numbers of each of your lines met (a line's numbers only)."""
        self._smallest: dict[int, int] = {}
        """The smallest number of each of your lines met, -1 for none (a line's numbers only; the chain floor's Swap
        gives it away, the forced floor's Discard takes it). Not among ``_tables``, as ``_grabs``: it only saves work
        where a line was met before."""
        self._bonus = situation.rules.flip7_bonus
        self._rules_tables = _rules_tables(situation.rules)
        """The ladders and line scores of every model of these rules (`_RulesTables`): not among ``_tables``."""
        self._tables: tuple[dict[Any, Any], ...] = (
            self._masks, self._values_of, self._ladders, self._penalties, self._piles, self._hazards, self._paths,
            self._line_paths, self._unique_paths, self._held, self._line_scores, self._steal_views, self._splits,
            self._unique_steals, self._kepts)

    def root(self) -> State:
        """The state at your decision."""
        return self.game.start(self.situation)

    def outcomes(self, state: State) -> tuple[int, Sequence[tuple[int, VNode]]]:
        """`Round.outcomes`: already in the bounded solver's node encoding. Each next pile (the pile less one card
        of kind ``k``) is noted with the pile it came from (`_parents`), for `_pile_path` and `_mask`."""
        pile = state[0] if state[1] else state[4]
        parents, weight = self._parents, self._weight
        for k, count in self.game.present(pile):
            parents[pile - weight[k]] = (pile, k, count)
        return self.game.outcomes(state)

    def key(self, state: State) -> Hashable:
        """`Round` keeps its states canonical."""
        return state

    def leaf_key(self, state: State) -> Hashable:
        """What the static bounds read of a state: every field but the other lines, the busted players and the
        made-to-stay flag, with the other lines only as the union of their masks and whether there is one (and in
        Brutal mode the sum of their penalties and whether a player is busted).

        Proof, method by method: `forced` reads the draws owed; `may_stay` and `banked` your line; `can_draw` the pile's
        and the discards' sizes; `owed` the draws owed, the set-aside and queued kinds, your line, the sizes and whether
        there is a discard pile; `draws_owed` the same; `hazard` the pile (or the discards), the sizes, your line and
        the set-aside and queued kinds; `path` those, the draws owed (`Path.late`), whether another player is in the
        round, and of the other lines only the numbers of their union (whether one holds a number, the largest a Swap
        could give you); `deferred_path` the same; `reach` the pile, the discards, the set-aside and queued kinds, your
        line, and of the other lines only the union of their masks (``others``), and in Brutal mode the sum of their
        penalties; `chain` your line, the pile (or the discards), whether another player is in the round, the union of
        the other lines, and in Brutal mode whether one is busted, and holding The Zero while draws are owed the
        made-to-stay flag (`_zero_forced`), which the key then holds. None reads more of the busted players, nor
        the flag elsewhere.
        """
        others = 0
        for other in state[3]:
            others |= other
        stays = bool(state[10]) and self._owes_holding_zero(state)
        if self._brutal:
            penalty = self._penalty
            return (*state[:3], others, bool(state[3]), state[6] > 0, *state[4:6], *state[7:10], stays,
                    sum(penalty(other) for other in state[3]))
        return (*state[:3], others, bool(state[3]), *state[4:6], *state[7:10], stays)

    def forced(self, state: State) -> bool:
        """A Flip Four! or Just One More! owes you draws."""
        return bool(state[7])

    def draws_owed(self, state: State) -> int:
        """The draws owed now (a Flip Four!, a Just One More!): each is a card of the drawing pile (or, once it runs
        out, of the known discard pile reshuffled) drawn before you may stop, unless the round ends first; the cards
        drawn meanwhile are set aside until they are done (`flip7odds.vengeance.fast.Round.outcomes`). Where `owed`
        counts those of a Just One More! or Flip Four! set aside or queued too (nobody else in the round: each is
        played on you when it resolves, its one option, and nothing resolved before it lets you stop), that count; else
        those set aside or queued are not counted: a lower bound."""
        return max(int(state[7]), self.owed(state))

    def may_stay(self, state: State) -> bool:
        """At least one card and no The Zero."""
        return self.game.may_stay(state)

    def can_draw(self, state: State) -> bool:
        """The pile, or a known discard pile, still holds a card."""
        return self.game.can_draw(state)

    def banked(self, state: State) -> int:
        """Your line's score (0 with The Zero)."""
        return self.game.score(state[2])

    def _kinds(self, state: State) -> list[int]:
        """Every card kind that can still come to you, with repeats: pile, discards, set aside, queued."""
        game = self.game
        kinds = [k for k, _ in game.present(state[0])]
        if state[4] >= 0:
            kinds += [k for k, _ in game.present(state[4])]
        return kinds + list(state[8]) + list(state[9])

    def _mask(self, code: int) -> int:
        """The bit mask of the kinds a pile or discard code holds, remembered per code."""
        known = self._masks.get(code)
        if known is None:
            pile, k, copies = self._parents.get(code, _NO_PARENT)
            before = self._masks.get(pile)
            if before is not None:  # one card of kind k less: its bit goes with its last copy
                known = before if copies > 1 else before & ~(1 << k)
            else:
                known = 0
                for k, _ in self.game.present(code):
                    known |= 1 << k
            self._masks[code] = known
        return known

    def _penalty(self, mask: int) -> int:
        """The sum of the penalties among the kinds of ``mask`` (each counted once)."""
        known = self._penalties.get(mask)
        if known is None:
            kinds = self.kinds
            known = self._penalties[mask] = sum(kinds[k].value for k in range(len(kinds))
                                                if mask >> k & 1 and self.penalty[k])
        return known

    def reach(self, state: State) -> tuple[int, list[int]]:
        """(least score reachable, the ladder ``U_j``) (module docstring): `reference_reach` on bit masks.

        `_ladder` reads the number kinds that can still reach you only through their values and which 13s
        they hold (`_values`), and where a card that takes numbers away can come, your line only through its
        numbers, except for the first rung (your score now): so the ladder is remembered under those.
        """
        masks = self._masks
        coming = masks.get(state[0])
        if coming is None:
            coming = self._mask(state[0])
        discards = state[4]
        if discards >= 0:
            known = masks.get(discards)
            coming |= self._mask(discards) if known is None else known
        if state[8] or state[9]:
            for k in (*state[8], *state[9]):
                coming |= 1 << k
        mine = state[2]
        others = 0
        for other in state[3]:
            others |= other
        if coming & self._taker_bits:
            coming |= others
        removable = bool(coming & self._remover_bits)
        if removable and discards >= 0:
            coming |= others | mine
        numbers = coming & self._numbers
        values = self._values_of.get(numbers)
        if values is None:
            values = self._values(numbers)
        key = (mine & self._numbers if removable else mine, values, removable)
        ladder = self._ladders.get(key)
        if ladder is None:
            ladder = self._ladders[key] = self._rules_ladder(key, mine, numbers)
        if removable and ladder[0] != self.game.score(mine):
            ladder = [self.game.score(mine), *ladder[1:]]
        low = 0
        if self._brutal:
            penalties = self._penalty(mine) + sum(self._penalty(other) for other in state[3])
            penalties += self._penalty(self._mask(state[0])) + (self._penalty(self._mask(state[4])) if state[4] >= 0 else 0)
            penalties += sum(self._penalty(1 << k) for k in (*state[8], *state[9]))
            low = min(0, penalties)
        return low, ladder

    def _rules_ladder(self, key: tuple[int, tuple[int, int], bool], mine: int, numbers: int) -> list[int]:
        """`_ladder` for `reach`'s ``key``, from the tables of the rules (`_RulesTables`) where another model
        (an earlier answer) made it: a ladder reads only the rules' cards, your line and the pool (its key; where a
        card can take numbers away, its first rung is your line's score, which `reach` puts right for every line).
        Found there, the engine's table of lines is filled as `_ladder` fills it (the work clock counts it)."""
        shared = self._rules_tables.ladders
        ladder = shared.get(key)
        if ladder is None:
            pool = {k for k in range(len(self.kinds)) if numbers >> k & 1}
            ladder = self._ladder(mine, pool, key[2])
            _remember(shared, key, ladder)
        else:
            self.game.cards(mine)
        return ladder

    def _values(self, numbers: int) -> tuple[int, int]:
        """The number kinds of the mask ``numbers`` as (the bit mask of their values other than 13, the bit
        mask of their 13 kinds): all that `_ladder` reads of its pool."""
        known = self._values_of.get(numbers)
        if known is None:
            values = thirteens = 0
            for k in range(len(self.kinds)):
                if numbers >> k & 1:
                    if self.kinds[k].value == 13:
                        thirteens |= 1 << k
                    else:
                        values |= 1 << self.kinds[k].value
            known = self._values_of[numbers] = (values, thirteens)
        return known

    def entries(self) -> int:
        """The entries of the tables this model and its engine remember."""
        return sum(map(len, self._tables)) + self.game.entries()

    def reference_reach(self, state: State) -> tuple[int, list[int]]:
        """`reach` computed on lists of kinds, card by card (the oracle its tests compare with)."""
        return self._bounds(state)

    def _ladder(self, line: int, pool: set[int], removable: bool) -> list[int]:
        """The ladder of your ``line`` when the number kinds ``pool`` can still reach you; ``removable``: a card
        that takes numbers away (Unlucky 7, Discard, Swap) can come."""
        game, kinds, rules = self.game, self.kinds, self.situation.rules
        mine = game.cards(line)
        held = {k for k in mine if kinds[k].is_number}
        values = [kinds[k].value for k in held]
        # With a card that can take your numbers away, a value you hold may come back as a new one.
        new = [v for v in {kinds[k].value for k in pool} if v != 13 and (removable or v not in values)]
        thirteens = {k for k in held | pool if kinds[k].value == 13}
        most = 2 if self.lucky in thirteens and len(thirteens) >= 2 else min(1, len(thirteens))
        new += [13] * (most - (0 if removable else values.count(13)))
        new.sort(reverse=True)
        gains = list(itertools.accumulate(new, initial=0))
        room = FLIP_7_CARDS - len(held)
        if removable:  # one card may also take a penalty or the /2 away: rung 1 already ignores them
            everything = sorted([v for v in {kinds[k].value for k in held | pool} if v != 13] + [13] * most,
                                reverse=True)
            ceiling = sum(everything[:FLIP_7_CARDS])
            seven = len(everything) >= FLIP_7_CARDS
            ladder = [min(sum(values) + gains[min(j, len(new))], ceiling)
                      + (rules.flip7_bonus if seven and j >= room else 0) for j in range(len(new) + 2)]
            ladder[0] = game.score(line)
            return ladder
        modifiers = tuple(kinds[k] for k in mine if not kinds[k].is_number)
        zero = bool(line & game.deck.zero)
        ladder = []
        for j in range(min(room, len(new)) + 1):
            flip7 = j == room
            ladder.append(0 if zero and not flip7 else rules.score(sum(values) + gains[j], modifiers, flip7))
        return ladder

    def _bounds(self, state: State) -> tuple[int, list[int]]:
        """`reach` on lists of kinds, card by card: the pool found without bit masks."""
        game, kinds, rules = self.game, self.kinds, self.situation.rules
        coming = self._kinds(state)
        mine = game.cards(state[2])
        others = [k for other in state[3] for k in game.cards(other)]
        if any(k in self.takers for k in coming):
            coming += others
        removable = any(k in self.removers or k == self.unlucky for k in coming)
        if removable and state[4] >= 0:  # cards taken off the lines go to a discard pile that may come back
            coming += others + list(mine)
        ladder = self._ladder(state[2], {k for k in coming if kinds[k].is_number}, removable)
        low = 0
        if rules.brutal:
            everywhere = list(mine) + others + self._kinds(state)
            low = min(0, sum(kinds[k].value for k in everywhere if self.penalty[k]))
        return low, ladder

    def hazard(self, state: State) -> tuple[int, int, int, int, tuple[int, ...]]:
        """(cards of the drawing pile that bust you on arrival, its rescuers, 0, its size, its copies of each
        number class you hold none of: a value, or one 13 kind). While cards are set aside or queued the
        rescuers are -1: a queued Steal adds a card without a draw, a queued Discard takes one away, so only
        the next draw's bust is certain (found by the state-by-state ceiling tests)."""
        pile, size = (state[0], state[1]) if state[1] else (state[4], state[5])
        line = state[2] & self.game.deck.numbers
        hazard = self._hazards.get((pile, line))
        if hazard is None:
            known = self._piles.get(pile)
            if known is None:
                known = self._piles[pile] = self._pile_hazard(pile)
            rescue, numbers = known
            bust = 0
            classes = []
            for conflict, count in numbers:
                if conflict & line:
                    bust += count
                else:
                    classes.append(count)
            hazard = self._hazards[pile, line] = (bust, rescue, tuple(classes))
        bust, rescue, counts = hazard
        if state[8] or state[9]:  # a set-aside or queued card may add to your line or take from it between draws
            rescue = -1
        return bust, rescue, 0, size, counts

    def path(self, state: State) -> Path | None:
        """The path ceiling's view of the drawing pile; None while a Steal, Swap or Discard is set aside or queued (it
        may change your line before the next draw; alone, only a Discard can: `_waiting`). A set-aside or queued
        modifier, Just One More! or Flip Four! adds no number and takes none away: it only lowers your score or makes
        you draw the next cards of the same pile, so every play still stops on the path. A Steal can take a number only
        from a line holding one; the other lines get numbers only by a Swap, a rescuer: before one, a Steal adds no
        number. The Zero is kept apart from the other classes (`flip7odds.bounded.Path`).

        The drift ceiling's second level (`Path.second`, `Path.lift`; `flip7odds.drift`): the Discards, after which your
        line has lost at most one card, and the Swaps, after which it has lost at most one and gained at most one of the
        other lines' cards (worth at most their largest number of a class you do not hold, `_grab`; -1 where they hold
        none, so that no number comes in). Where no other line holds a number and the pile holds a Steal, a Swap may
        hand one of your numbers to another line for a Steal to take back: that puts a class of your line back (or busts
        you), which the relaxed lines allow for (`flip7odds.drift`, "After a Discard or a Swap"), but after the Unlucky
        7 the number taken back joins the line holding that 7, which its bound does not count: `Path.late` is then set,
        and the Unlucky 7 ends the chain past level 0 at the ladder's top. Where another line holds a number, the
        Steals, after which your line has gained at most one card, worth at most the largest of those numbers that would
        not bust you (`Path.steals`, `Path.grab`). Where no other player is in the round (none ever comes back), a Steal
        or Swap has no legal use and is discarded unused when it comes: the Swaps are then neutral cards, not rescuers,
        as the Steals are (`flip7odds.vengeance.fast.can_take_from_others`)."""
        if (state[8] or state[9]) and self._waiting(state):
            return None
        return self._line_path(state)

    def _waiting(self, state: State) -> list[int]:
        """The cards set aside or queued that may change your line when they resolve: the Steals, Swaps and Discards
        (`_hostile`), only the Discards where no other player is in the round (`_hostile_alone`: none ever comes
        back, and a Steal or Swap then takes nothing)."""
        hostile = self._hostile if state[3] else self._hostile_alone
        return [k for k in (*state[8], *state[9]) if hostile >> k & 1]

    def _late(self, state: State, pile: int) -> bool:
        """`Path.late`: a Discard, Swap or Steal drawn on the path may still wait to resolve when the Unlucky 7 comes.
        A card drawn while draws are owed is set aside until they are done and the cards set aside before it (or
        queued) are resolved; a Flip Four! or Just One More! among those played on you makes you draw on. With at most
        one draw owed, no Just One More! or Flip Four! waiting, and no Flip Four! to come (one of the drawing pile; the
        chain has ended before a reshuffled discard pile), such a card is drawn on the last draw owed (or on a Just One
        More!'s one draw) and resolved before the next draw."""
        if state[7] > 1:
            return True
        if self._pile_counts(pile).flip_four:
            return True
        forcing = (self._flip_four, self._just_one_more)
        return any(k in forcing for k in state[8]) or any(k in forcing for k in state[9])

    def _line_path(self, state: State) -> Path:
        """`path` of a state, whatever is set aside or queued: the drawing pile as your line meets it."""
        pile, size = (state[0], state[1]) if state[1] else (state[4], state[5])
        number_kinds = self._numbers
        line = state[2] & number_kinds
        others = 0
        for other in state[3]:
            others |= other
        others &= number_kinds
        alone = not state[3]
        late = self._late(state, pile)
        path = self._line_paths.get((pile, state[2], others, alone, late))
        if path is None:
            deck = self.game.deck
            known = self._pile_view(pile)
            taken = others != 0
            rescue = known[0] + known[1] if taken else known[0]
            bust, zeros, classes, _ = self._split(pile, known, line)
            held = self._held.get(line)
            if held is None:
                held = self._held[line] = sum(self.kinds[k].value for k in self.game.cards(line))
            discards, swaps = known[3][2], known[3][3]
            if alone:  # nobody to swap with: every Swap is discarded unused
                rescue -= swaps
                swaps = 0
            grab = self._grab(others, line)
            lift = grab if swaps else -1
            # A Swap may hand one of your numbers to a line a Steal (no rescuer while nobody holds a number) then takes
            # it from: after the Unlucky 7 the chain ends at the top past level 0, as where a card may still wait.
            handed = bool(swaps and not taken and known[1])
            fields = (held, FLIP_7_CARDS - self.game.number_count(line), self._bonus, classes, bust, rescue,
                      size, zeros, bool(line & deck.zero), discards + swaps, lift, known[1] if taken else 0,
                      max(grab, 0), *self._after_unlucky(pile, known), late or handed, 0,
                      self._scores(state[2] & ~number_kinds), discards if lift >= 0 else 0, _most_copies(known, line))
            path = self._interned(fields)
            self._line_paths[pile, state[2], others, alone, late] = path
        return path

    def _scores(self, modifiers: int) -> LineScores | None:
        """`Path.scores`: your scores by sum of numbers with the ``modifiers`` of your line (as `chain`'s), None where
        it holds none."""
        return self._modifier_scores(modifiers) if modifiers else None

    def _modifier_scores(self, modifiers: int) -> LineScores:
        """Your scores by sum of numbers with the ``modifiers`` (`_rules_line_scores`), remembered per set of
        modifiers for this model."""
        scores = self._line_scores.get(modifiers)
        if scores is None:
            scores = self._line_scores[modifiers] = self._rules_line_scores(modifiers)
        return scores

    def deferred_path(self, state: State) -> Path | None:
        """Where exactly one Discard, Swap or Steal that may change your line is set aside or queued (`_waiting`): the
        drawing pile as your line meets it, its drift ceiling's chain started at level 1 (a Discard: nothing comes in; a
        Swap: at most the other lines' largest number that would not bust you, nothing where nobody holds one) or at
        level S (a Steal: at most that number) (`flip7odds.drift`, "A Discard, Swap or Steal set aside"). None where two
        or more wait. A Swap where no other line holds a number and the pile holds a Steal may hand one of your numbers
        to another line for the Steal to take back: that puts a class of your line back, or busts you, as in `path` (the
        chain started so ends at the ladder's top after the Unlucky 7). `Path.second` is the pile's Discards and Swaps
        that bring no number (the Swaps where nobody holds one): past the card set aside a second of them goes on at
        the drift ceiling's level 3."""
        waiting = self._waiting(state)
        if len(waiting) != 1:
            return None
        act = self.game.deck.acts[waiting[0]]
        base = self._line_path(state)
        others = 0
        for other in state[3]:
            others |= other
        others &= self._numbers
        grab = self._grab(others, state[2] & self._numbers)
        lift = -1
        start = START_DISCARD
        if act is Action.STEAL:
            start = START_STEAL
        elif act is Action.SWAP:  # never alone: a Swap is then discarded unused (`_waiting`)
            lift = grab
        # The pile's Discards and Swaps that bring no number (a Swap's lift is -1 where nobody holds one): past the card
        # set aside, a second of them goes on at level 3.
        pile = state[0] if state[1] else state[4]
        second = base.second if base.lift < 0 else self._pile_view(pile)[3][2]
        fields = (base.held, base.room, base.bonus, base.classes, base.bust, base.rescue, base.size, base.zeros,
                  base.holds_zero, second, lift, 0, max(grab, 0), 0, (), 0, 0, True, start, None, 0, base.most)
        return self._interned(fields)

    def _interned(self, fields: tuple[Any, ...]) -> Path:
        """The one `Path` of these fields (`_unique_paths`): the search's table of ceilings then finds a path by
        identity, not by comparing fields (piles that differ by a card that adds nothing give equal paths)."""
        path = self._unique_paths.get(fields)
        if path is None:
            path = self._unique_paths[fields] = Path(*fields)
        return path

    def _pile_view(self, pile: int) -> PileView:
        """`_pile_path` of a pile (or discard) code, remembered in ``_paths``."""
        known = self._paths.get(pile)
        if known is None:
            known = self._paths[pile] = self._pile_path(pile)
        return known

    def _grab(self, others: int, line: int) -> int:
        """The largest of the other lines' numbers ``others`` (a mask) that would not bust your ``line``'s numbers, -1
        for none: what a Swap or a Steal can bring you (`Path.lift`, `Path.grab`). A number of a class you hold busts
        you when a Steal takes it, and a Swap takes one only for your own card of that class (or you bust): your
        numbers' sum is then as it was, so the relaxed lines count it among your classes. Remembered in ``_grabs``."""
        grab = self._grabs.get((others, line))
        if grab is None:
            conflict = self.game.deck.conflict
            grab = self._grabs[others, line] = max(
                (self.kinds[k].value for k in self.game.cards(others) if not conflict[k] & line), default=-1)
        return grab

    def _after_unlucky(self, pile: int, known: PileView) -> tuple[int, tuple[tuple[int, int], ...], int, int]:
        """`Path.unlucky`, `Path.fresh`, `Path.fresh_bust` and `Path.fresh_held` of a pile (``known``, its
        `_pile_path`): its Unlucky 7s and the numbers as a line holding that 7 alone meets them (`_fresh_view`,
        remembered outside the model's tables, which stay as they were); nothing where the pile holds no Unlucky 7."""
        unlucky = self.unlucky
        deck = self.game.deck
        copies = self._pile_counts(pile).unlucky
        if not copies:
            return 0, (), 0, 0
        numbers = known[2]
        seen = self._fresh_views.get(id(numbers))
        if seen is None or seen[0] is not numbers:
            seen = self._fresh_views[id(numbers)] = (numbers, _fresh_view(numbers, deck.conflict[unlucky], deck.zero))
        return copies, *seen[1], self.kinds[unlucky].value

    def _split(self, pile: int, known: PileView, line: int) -> LineSplit:
        """The numbers of a pile (``known``, its `_pile_path`) as your ``line`` meets them: the copies that bust you,
        the copies of The Zero, the other classes as ``(copies, value)`` (`Path.classes`) and their busting masks in
        the same order; remembered by pile and line, and the same as the pile's it came from where the card drawn
        was no number (`_parents`; its view's numbers are those of that pile)."""
        split = self._splits.get((pile, line))
        if split is None:
            parent, k, copies = self._parents.get(pile, _NO_PARENT)
            if parent >= 0:
                role, conflict = self._pile_roles[k][:2]
                if role != _NUMBER:  # the same numbers as the pile it came from
                    before = self._splits.get((parent, line))
                    if before is not None:
                        self._splits[pile, line] = before
                        return before
                elif copies > 1:
                    split = self._split_after(parent, line, k, conflict)
            if split is None:
                split = _split_numbers(known[2], line, self.game.deck.zero)
            self._splits[pile, line] = split
        return split

    def _split_after(self, parent: int, line: int, k: int, conflict: int) -> LineSplit | None:
        """`_split` of the pile ``parent`` less one number of kind ``k`` (class ``conflict``), not its last copy (the
        pile's view keeps every class in its place, that one with a copy less), from ``parent``'s split: with the
        same ``line`` (the number set aside), that class has a copy less where it stands; with ``line`` holding ``k``
        and ``parent``'s split with the line without it, that class's other copies now bust the line (The Zero's
        too), and the other classes meet the line as before (the classes' busting masks are disjoint). None where
        ``parent``'s split is not remembered (`_split_numbers` then)."""
        zero = self.game.deck.zero
        before = self._splits.get((parent, line))
        if before is not None:
            bust, zeros, classes, conflicts = before
            if conflict & line:
                return bust - 1, zeros, classes, conflicts
            if conflict == zero:
                return bust, zeros - 1, classes, conflicts
            at = conflicts.index(conflict)
            copies, value = classes[at]
            return bust, zeros, (*classes[:at], (copies - 1, value), *classes[at + 1:]), conflicts
        bit = 1 << k
        if not line & bit or conflict & (line ^ bit):
            return None
        before = self._splits.get((parent, line ^ bit))
        if before is None:
            return None
        bust, zeros, classes, conflicts = before
        if conflict == zero:
            return bust + zeros - 1, 0, classes, conflicts
        at = conflicts.index(conflict)
        return (bust + classes[at][0] - 1, zeros, (*classes[:at], *classes[at + 1:]),
                (*conflicts[:at], *conflicts[at + 1:]))

    def chain(self, state: State) -> Chain | None:
        """Your score for each sum of numbers with your line's modifiers (`Round.score`, up to every number kind's
        value once: no line holds more), remembered per set of modifiers; and the cards of the drawing pile you can
        hand to another player or play on theirs, after which you decide again with the same line: a modifier while
        another player is in the round (Brutal: or busted), a Just One More! or Flip Four! while another is in the
        round, a Discard on another line's card while the other lines hold at least as many cards as the pile's
        Discards (along the chain only Discards take their cards: a Steal or Swap ends it), a Steal or Swap while no
        other player is in the round (it is discarded unused) (`Round.play`; the chain floor, `flip7odds.chain_floor`);
        the pile's Steals with the numbers of the other lines they can take (`_steals`); and the pile's modifiers where
        nobody can take one (you keep it: `_kept`). Modifiers set aside or queued while draws are owed count in your
        line's where nobody can take them (they join it after the draws: the forced floor, `owed`). Where your line
        holds The Zero (the Zero floor's policies,
        `flip7odds.chain_floor`, "Holding The Zero"), `Stays.discards` are every Discard of the pile (played on your own
        line), `Stays.played` those the other lines could take (counted among the cards given away too),
        `Stays.lined` says whether your line holds a card besides The Zero, `Stays.swaps` are the pile's Swaps (each
        gives The Zero for a number of another line) and the `Steals` list the numbers both can take, where the pile
        holds a Steal or a Swap. Not holding The Zero, with another player in the round, `Stays.swaps` are the pile's
        Swaps too (each gives your smallest number, `Stays.smallest` your line's, for a number the Steals list, then
        stay: `flip7odds.chain_floor`, "Cards after which the policy stays").

        Holding The Zero while draws are owed (`_zero_forced`), only the cards you can give away are given (no
        Steals, no `Stays`: a card set aside resolves after the draws), and None where the Zero floor's policy does not
        apply there."""
        zero_forced = self._owes_holding_zero(state)
        if zero_forced and not self._zero_forced(state):
            return None
        active = bool(state[3])
        giving = active or (self._brutal and state[6] > 0)
        modifiers = state[2] & ~self._numbers
        if not giving:  # modifiers set aside while draws are owed join your line after them (`owed`)
            for k in (*state[8], *state[9]):
                if k in self._modifier_kinds:
                    modifiers |= 1 << k
        scores = self._modifier_scores(modifiers)
        pile = state[0] if state[1] else state[4]
        known = self._pile_view(pile)
        modifiers_left, forcing, discards, swaps = known[3]
        zero = self.game.deck.zero
        lined = state[2] & ~zero != 0
        given = modifiers_left if giving else 0
        kept = _NO_KEPT if giving or not modifiers_left else self._kept(modifiers, pile)
        if not active:  # nobody to take from or swap with: each Steal and Swap is discarded unused
            if zero_forced:
                return scores, given + known[1] + swaps, _NO_STEALS, kept, NO_STAYS
            counts = self._pile_counts(pile)
            stays = Stays(counts.just_one_more, discards, counts.unlucky, self._unlucky_score, lined, counts.flip_four)
            return scores, given + known[1] + swaps, _NO_STEALS, kept, self._owed_stays(state, stays)
        given += forcing
        played = 0
        if discards:
            others = 0
            for other in state[3]:
                others |= other
            if others.bit_count() >= discards:
                given += discards
                played = discards
        if zero_forced:
            return scores, given, _NO_STEALS, kept, NO_STAYS
        if state[2] & zero:  # the Zero floor: every Discard played on your own line, or those played given away
            return scores, given, self._steals(state, known, played, swaps), kept, Stays(
                0, discards, self._pile_counts(pile).unlucky, self._unlucky_score, lined, 0, played, swaps=swaps)
        smallest = self._least(state[2] & self._numbers) if swaps else -1
        stays = Stays(0, discards - played, self._pile_counts(pile).unlucky, self._unlucky_score, lined,
                      swaps=swaps, smallest=smallest)
        return scores, given, self._steals(state, known, played, swaps), kept, self._owed_stays(state, stays)

    def _owes_holding_zero(self, state: State) -> bool:
        """Draws are owed while you hold The Zero: where `chain` gives the Zero floor's cards (`_zero_forced`), and
        where the leaf key holds the made-to-stay flag (`leaf_key`), which that reads."""
        return bool(state[7] and state[2] & self.game.deck.zero)

    def _zero_forced(self, state: State) -> bool:
        """Holding The Zero while draws are owed, the Zero floor's policy applies (`flip7odds.chain_floor`, "Holding
        The Zero"): you must hit while you hold it, so the draws owed are draws it makes anyway, and a card set aside
        meanwhile resolves after them. It applies where the draws do not end in a stay (not those of a Just One
        More!) and whatever is set aside or queued changes none of your numbers and makes you stay nowhere: a
        modifier (given away, or joining your line: `chain`'s scores count it), a Just One More! or Flip Four! given to
        another player, alone a Flip Four! (four draws more) or a Steal or Swap (discarded unused). A Discard waiting
        may take a card of yours, a Just One More! waiting alone makes you stay: not there."""
        if state[10]:
            return False
        alone = not state[3]
        modifiers = self._modifier_kinds
        return all(k in modifiers or k == self._flip_four or (k == self._just_one_more and not alone) or
                   (alone and k in self.takers) for k in (*state[8], *state[9]))

    def _least(self, numbers: int) -> int:
        """The smallest value of your line's ``numbers`` (a mask), -1 for none; remembered in ``_smallest``."""
        least = self._smallest.get(numbers)
        if least is None:
            least = self._smallest[numbers] = min((self.kinds[k].value for k in self.game.cards(numbers)), default=-1)
        return least

    def _owed_stays(self, state: State, stays: Stays) -> Stays:
        """``stays`` as the forced floor reads them where draws are owed (`flip7odds.bounded.Stays`; unchanged where
        none is): only the Discards you play on your own line after the draws, the one that already waits to be
        (`_waiting_discards`), and where either is, your line's smallest number and its cards, and the pile's Just One
        More!s played on you after the draws (alone; the rest would only split the floors remembered by their
        arguments). Where a Discard waits, the pile's Discards count ``L`` (a second would take a second card), and so
        do its Just One More!s (the Discard would resolve before their draw); the Discards do where a Just One More! or
        Flip Four! waits to be played on you (one queued resolves after a Discard drawn now, and draws after it:
        `owed`), and the Just One More!s where their draw would reshuffle a known discard pile."""
        if not state[7]:
            return stays
        waiting = self._waiting_discards(state) > 0
        forcing = not state[3] and any(k in self._forcing_draws for k in (*state[8], *state[9]))
        discards = 0 if waiting or forcing else stays.discards
        joms = stays.forced if not waiting and (state[4] < 0 or self.owed(state) < state[1]) else 0
        if not waiting and not discards and not joms:
            return NO_STAYS
        if not waiting and not discards:
            return Stays(forced=joms)
        smallest = self._least(state[2] & self._numbers)
        return Stays(forced=joms, discards=discards, waiting=waiting, smallest=smallest, cards=state[2].bit_count())

    def _waiting_discards(self, state: State) -> int:
        """The Discards set aside or queued."""
        return sum(self._hostile_alone >> k & 1 for k in (*state[8], *state[9]))

    def _copies(self, pile: int, kind: int) -> int:
        """The copies of card ``kind`` in ``pile`` (0 for -1, a kind the deck lacks)."""
        if kind < 0:
            return 0
        deck = self.game.deck
        return int(pile // deck.weight[kind] % deck.radix[kind])

    def _kept(self, modifiers: int, pile: int) -> Kept:
        """The modifiers of ``pile`` you must keep (`flip7odds.bounded.Kept`), with your line's ``modifiers``: each
        one's copies times your scores with it added (`_rules_line_scores`), summed; remembered by the two."""
        copies = self._pile_counts(pile).modifiers
        kept = self._kepts.get((modifiers, copies))
        if kept is None:
            scores = np.zeros_like(self._rules_line_scores(modifiers).plain)
            for k, count in zip(self._modifier_kinds, copies, strict=True):
                if count:
                    scores = scores + count * self._rules_line_scores(modifiers | 1 << k).plain
            kept = self._kepts[modifiers, copies] = Kept(sum(copies), scores)
        return kept

    def _pile_counts(self, pile: int) -> PileCounts:
        """`PileCounts` of ``pile``, remembered per pile: where the pile it came from is known (`_parents`), its counts
        with one less of the kind drawn (`_counts_after`)."""
        counts = self._counts_of.get(pile)
        if counts is None:
            parent, k, _ = self._parents.get(pile, _NO_PARENT)
            before = self._counts_of.get(parent)
            if before is None:
                counts = PileCounts(tuple(self._copies(pile, kind) for kind in self._modifier_kinds),
                                    self._copies(pile, self._just_one_more), self._copies(pile, self.unlucky),
                                    self._copies(pile, self._flip_four))
            else:
                counts = self._counts_after(before, k)
            self._counts_of[pile] = counts
        return counts

    def _counts_after(self, before: PileCounts, k: int) -> PileCounts:
        """``before``, a pile's `PileCounts`, with one card of kind ``k`` less (the same object where it counts no
        card of that kind)."""
        modifiers, just_one_more, unlucky, flip_four = before
        at = self._modifier_places.get(k, -1)
        if at >= 0:
            return PileCounts((*modifiers[:at], modifiers[at] - 1, *modifiers[at + 1:]), just_one_more, unlucky,
                              flip_four)
        if k == self._just_one_more:
            return PileCounts(modifiers, just_one_more - 1, unlucky, flip_four)
        if k == self.unlucky:
            return PileCounts(modifiers, just_one_more, unlucky - 1, flip_four)
        if k == self._flip_four:
            return PileCounts(modifiers, just_one_more, unlucky, flip_four - 1)
        return before

    def _rules_line_scores(self, modifiers: int) -> LineScores:
        """Your scores by sum of numbers with the ``modifiers`` (`chain`), from the tables of the rules
        (`_RulesTables`) where another model made them (read-only arrays: every model shares them). Found there,
        the engine's table of lines is filled as computing them fills it (the work clock counts it)."""
        cards = tuple(self.kinds[k] for k in self.game.cards(modifiers))
        shared = self._rules_tables.line_scores
        scores = shared.get(modifiers)
        if scores is None:
            rules = self.situation.rules
            most = sum(card.value for card in self.kinds if card.is_number)
            # `RuleSet.score` adds the Flip 7 bonus last, to the score without it: one pass serves both.
            plain = np.array([rules.score(total, cards, False) for total in range(most + 1)], dtype=np.int64)
            flip7 = plain + rules.flip7_bonus
            plain.flags.writeable = flip7.flags.writeable = False
            scores = LineScores(plain, flip7)
            _remember(shared, modifiers, scores)
        return scores

    def _steals(self, state: State, known: PileView, played: int, swaps: int = 0) -> Steals:
        """The Steals of the drawing pile (``known``) and, largest first, the numbers of the other lines you could
        take without busting (not The Zero), each with the bit of its class in `path`'s classes (0 where the pile
        holds none of it); remembered by pile, your numbers, the other lines' numbers and how many to pass over. The
        numbers are listed where the pile holds a Steal or one of ``swaps`` Swaps (a Swap takes them too: `chain`),
        with no Steal a view of ``count`` 0.

        ``played`` Discards are played on the other lines (`chain`): each takes first a card of theirs that is not
        listed (a modifier, The Zero, a number of a class you hold: your line keeps its classes along the chain, so no
        Steal or Swap of the policy takes one), and only when none is left a listed number, at worst the largest. So
        ``Steals.passed`` is ``played`` less those cards, at least 0 (before, ``played``); the cards are counted by
        kind over the union of the other lines (the leaf key's view, `leaf_key`: two lines holding the same number
        count it once, which passes over no fewer)."""
        deck = self.game.deck
        if not known[1] and not swaps:
            return _NO_STEALS
        numbers = self._numbers
        line = state[2] & numbers
        union = 0
        for other in state[3]:
            union |= other
        others = union & numbers & ~deck.zero
        if not others:
            return _NO_STEALS
        takeable = self._takeable(line, others)
        if not takeable:
            return _NO_STEALS
        passed = max(0, played - (union & ~takeable).bit_count()) if played else 0
        pile = state[0] if state[1] else state[4]
        key = (pile, line, others, passed)
        steals = self._steal_views.get(key)
        if steals is None:
            conflicts = self._split(pile, known, line)[3]
            found = []
            rest = takeable
            while rest:  # the kinds of the numbers you could take, one bit at a time
                low = rest & -rest
                rest ^= low
                k = low.bit_length() - 1
                conflict = deck.conflict[k]
                found.append((self.kinds[k].value, 1 << conflicts.index(conflict) if conflict in conflicts else 0))
            found.sort(reverse=True)
            steals = self._steal_views[key] = self._unique_steal(known[1], found, passed)
        return steals

    def _takeable(self, line: int, others: int) -> int:
        """The kinds of ``others`` (the other lines' numbers but The Zero, a mask) that would not bust your ``line``
        (its numbers, a mask), as a mask; remembered in ``_takeables``."""
        takeable = self._takeables.get((line, others))
        if takeable is None:
            takeable = 0
            conflict = self.game.deck.conflict
            rest = others
            while rest:
                low = rest & -rest
                rest ^= low
                if not conflict[low.bit_length() - 1] & line:
                    takeable |= low
            self._takeables[line, others] = takeable
        return takeable

    def _unique_steal(self, count: int, found: list[tuple[int, int]], passed: int) -> Steals:
        """The one `Steals` of this content (piles that differ by cards the Steals never read give equal views, and
        the chain floors found for one serve the others)."""
        values, classes = tuple(v for v, _ in found), tuple(b for _, b in found)
        steals = self._unique_steals.get((count, values, classes, passed))
        if steals is None:
            steals = self._unique_steals[count, values, classes, passed] = Steals(
                count, np.array(values, dtype=np.int64), np.array(classes, dtype=np.int64), passed)
        return steals

    def owed(self, state: State) -> int:
        """The draws owed where the forced floor applies (`flip7odds.bounded`, module docstring): nothing set
        aside or queued but cards that change no number of yours (`_settled`), no The Zero in your line, and no known
        discard pile to reshuffle before they are drawn (the pile running out instead banks your line); else 0.

        With no other player in the round, a Just One More! or Flip Four! set aside or queued is played on you when
        it resolves (`flip7odds.vengeance.fast.Round.play`: you are its only target), after the draws owed now and
        the cards set aside before it; the cards between change none of your numbers (on the forced floor's branches:
        modifiers, Steals and Swaps discarded unused), so the policy "draw what is owed, then stay" draws its one or
        four cards more from the same pile, and the floor is that of all the draws together (the stay it must make
        after a Just One More! is the policy's own)."""
        draws = state[7]
        if not draws or state[2] & self.game.deck.zero:
            return 0
        if state[8] or state[9]:
            if not self._settled(state):
                return 0
            if not state[3]:
                extra = sum(self._forcing_draws.get(k, 0) for k in (*state[8], *state[9]))
                if extra and self._waiting_discards(state):
                    return 0  # the Discard may resolve between the draws: your smallest number is not yet known
                draws += extra
        if state[1] and draws > state[1] and state[4] >= 0:
            return 0
        return int(draws)

    def _settled(self, state: State) -> bool:
        """Every card set aside or queued is a modifier (given away after the draws, or joining your line: `chain`),
        a Just One More! or Flip Four! (given away while another player is in the round, else played on you: `owed`),
        a Steal or Swap while no other player is in the round (discarded unused: `_waiting`), or one Discard (played on
        your own line after the draws: the forced floor's policy discards your smallest number, `_owed_stays`): none
        changes your numbers but as the floor counts."""
        modifiers = self._modifier_kinds
        alone = not state[3]
        return self._waiting_discards(state) <= 1 and all(
            k in modifiers or k in self._forcing_draws or (alone and k in self.takers) or self._hostile_alone >> k & 1
            for k in (*state[8], *state[9]))

    def owed_path(self, state: State) -> Path | None:
        """The drawing pile as your line meets it (`path`'s, whatever waits), for the forced floor where `path` is None:
        where `owed` applies there, one Discard waits, played on your own line after the draws."""
        return self._line_path(state)

    def _pile_role(self, k: int) -> tuple[int, int, int, int]:
        """What `_pile_path` counts kind ``k`` as (`_pile_roles`)."""
        deck = self.game.deck
        act = deck.acts[k]
        role = (_RESCUER if k == deck.unlucky or k in self.removers else _STEAL if k in self.takers else
                _NUMBER if deck.conflict[k] else _OTHER)
        group = (_MODIFIERS if self.kinds[k].category is Category.MODIFIER else
                 _FORCING if act in (Action.JUST_ONE_MORE, Action.FLIP_FOUR) else
                 _DISCARDS if act is Action.DISCARD else _SWAPS if act is Action.SWAP else -1)
        return role, deck.conflict[k], self.kinds[k].value, group

    def _pile_path(self, pile: int) -> PileView:
        """A pile's rescuers, Steals, numbers as (busting mask, copies, value) per class, and its modifiers, Just One
        More! and Flip Four!, and Discards (`chain`); from the view of the pile it came from where that is known
        (`_pile_path_after`)."""
        parent, k, copies = self._parents.get(pile, _NO_PARENT)
        before = self._paths.get(parent)
        if before is not None:
            after = self._pile_path_after(before, k, copies)
            if after is not None:
                return after
        rescue = steals = 0
        numbers: dict[int, list[int]] = {}
        others = [0, 0, 0, 0]
        roles = self._pile_roles
        for k, count in self.game.present(pile):
            role, conflict, value, group = roles[k]
            if role == _NUMBER:
                number = numbers.get(conflict)
                if number is None:
                    numbers[conflict] = [count, value]
                else:
                    number[0] += count
            elif role == _RESCUER:
                rescue += count
            elif role == _STEAL:
                steals += count
            if group >= 0:
                others[group] += count
        return (rescue, steals, tuple([(conflict, copies, value) for conflict, (copies, value) in numbers.items()]),
                (others[0], others[1], others[2], others[3]))

    def _pile_path_after(self, before: PileView, k: int, held: int) -> PileView | None:
        """`_pile_path` of a pile with one card of kind ``k`` less than the pile of view ``before`` (which holds
        ``held`` of them): the same counts, less one where ``k`` counts, a class of numbers left with no copy dropped.
        The classes are in the order of their first kind the pile holds: every other class keeps its place, and so
        does ``k``'s unless it keeps copies but none of ``k`` (its first kind may change): None there, to count the
        pile afresh."""
        role, conflict, _, group = self._pile_roles[k]
        rescue, steals, numbers, others = before
        if role == _NUMBER:
            at = 0
            while numbers[at][0] != conflict:
                at += 1
            _, copies, value = numbers[at]
            if copies == 1:
                numbers = (*numbers[:at], *numbers[at + 1:])
            elif held == 1:
                return None
            else:
                numbers = (*numbers[:at], (conflict, copies - 1, value), *numbers[at + 1:])
        elif role == _RESCUER:
            rescue -= 1
        elif role == _STEAL:
            steals -= 1
        if group >= 0:
            counts = list(others)
            counts[group] -= 1
            others = (counts[0], counts[1], counts[2], counts[3])
        return rescue, steals, numbers, others

    def _pile_hazard(self, pile: int) -> tuple[int, tuple[tuple[int, int], ...]]:
        """A pile's rescuers (Unlucky 7, Discard, Swap), and its other numbers as (busting mask, copies) per class."""
        deck = self.game.deck
        rescue = 0
        numbers: dict[int, int] = {}
        for k, count in self.game.present(pile):
            if k == deck.unlucky or k in self.removers:
                rescue += count
            elif deck.conflict[k]:
                numbers[deck.conflict[k]] = numbers.get(deck.conflict[k], 0) + count
        return rescue, tuple(numbers.items())


@functools.lru_cache(maxsize=1 << 12)
def _fresh_view(numbers: tuple[tuple[int, int, int], ...], seven: int, zero: int) -> FreshView:
    """A pile's numbers (busting mask, copies, value per class) as a line holding the Unlucky 7 alone meets them
    (`VengeanceModel._after_unlucky`): the other classes as ``(copies, value)``, The Zero's (value 0) last, and the
    copies of the 7s (busting mask ``seven``); the last few thousand remembered (piles that differ by a card that is
    not a number share them)."""
    bust, zeros, fresh, _ = _split_numbers(numbers, seven, zero)
    return (*fresh, (zeros, 0)) if zeros else fresh, bust


def _most_copies(known: PileView, line: int) -> int:
    """`Path.most`: the most copies the pile (``known``, its `VengeanceModel._pile_path`) holds of one number class of
    your ``line`` (a busting mask), 0 where it holds none."""
    return max((copies for conflict, copies, _ in known[2] if conflict & line), default=0)


def _split_numbers(numbers: tuple[tuple[int, int, int], ...], busting: int, zero: int) -> LineSplit:
    """A pile's numbers (busting mask, copies, value per class) as a line with the busting mask ``busting`` meets
    them: the copies that bust it, the copies of The Zero (busting mask ``zero``), the other classes as ``(copies,
    value)`` and their busting masks in the same order (`VengeanceModel._split`, `_fresh_view`)."""
    bust = zeros = 0
    classes, conflicts = [], []
    for conflict, copies, value in numbers:
        if conflict & busting:
            bust += copies
        elif conflict == zero:
            zeros += copies
        else:
            classes.append((copies, value))
            conflicts.append(conflict)
    return bust, zeros, tuple(classes), tuple(conflicts)


RULES_TABLE_LIMIT = 1 << 15
"""The most entries each table of `_RulesTables` holds: past it, it starts again empty (a server answering for
hours meets ever new lines)."""


@dataclass
class _RulesTables:
    """What a `VengeanceModel` computes from its rules alone, shared by every model of the same rules in the process:
    the answers for the taps of a game (one more card seen each) build the same ladders and line scores again, and
    they cost about a sixth of a fresh-deck tap. ``ladders``: `VengeanceModel._ladder` by `VengeanceModel.reach`'s
    key; ``line_scores``: `VengeanceModel._rules_line_scores` by the line's modifiers.

    Each model still fills its own tables (``_ladders``, ``_line_scores``) at the same moments, with values equal
    to what it computed itself, so what it reports and its work clock (`flip7odds.bounded.solve_bounded`'s
    ``by_work``, which counts their entries) are unchanged."""

    ladders: dict[tuple[int, tuple[int, int], bool], list[int]] = field(default_factory=dict)
    line_scores: dict[int, LineScores] = field(default_factory=dict)


@functools.lru_cache(maxsize=8)
def _rules_tables(rules: RuleSet) -> _RulesTables:
    """The one `_RulesTables` of ``rules`` (a rule set is hashable and immutable)."""
    return _RulesTables()


def _remember(table: dict[Any, Any], key: Any, value: Any) -> None:
    """``table[key] = value``, the table emptied first once it holds `RULES_TABLE_LIMIT` entries."""
    if len(table) >= RULES_TABLE_LIMIT:
        table.clear()
    table[key] = value


def model_of(situation: Situation | VengeanceSituation) -> EngineModel | VengeanceModel:
    """The bounded solver's model of any situation."""
    if isinstance(situation, VengeanceSituation):
        return VengeanceModel(situation)
    return EngineModel(situation)


__all__ = ["CardCounts", "EngineModel", "VengeanceModel", "model_of"]

"""The bounded solver: certified lower and upper bounds on every number of a round, for every variant.

Where the exact solvers do not fit in a few seconds (a fresh With a Vengeance deck, a poker pile
alone), this solver walks the same chance tree most-probable-first and bounds what it leaves
unexpanded, so that its answer is an interval that provably holds the exact value.

The rules come through one small interface, `RoundModel`, which the classic/poker engine and the
With a Vengeance engine both provide (`flip7odds.round_models`). A node of the tree is

* a terminal: the int ``4 * score + reason`` (reason `BANKED`, `FLIP_7` or `BUST`; ``node >> 2`` is the
  score, negative ones included, ``node & 3`` the reason);
* a choice a card gives you: a list of nodes (you pick one);
* a state: anything else; the model tells whether you must draw, may stay, what staying banks, the
  next card's outcomes with exact integer counts, and a canonical hashable key.

The maths
---------
For a state ``x`` with drawing pile of ``N`` cards, ``n_c`` copies of card ``c``::

    H(x) = sum_c n_c / N * W(x after c)        W: terminal score, best option of a choice, V of a state
    V(x) = max(stay(x), H(x))                  at a free decision where you may stay (ties stay)
    V(x) = H(x)                                while draws are owed, or when you may not stay

Every node gets an interval ``[lo, hi]`` that holds its exact value. Sums and maxima of intervals
are intervals of the sums and maxima: ``H`` is bounded by the count-weighted sums of its children's
bounds, ``max(stay, H)`` by ``[max(stay, H_lo), max(stay, H_hi)]``, a choice by the maxima of its
options' bounds. A state left unexpanded gets static bounds from the model:

* ``L`` (`RoundModel.reach`): no terminal score reachable from the state (a bust's 0 too) is below it;
* the ladder ``U_0 <= U_1 <= ...`` (`RoundModel.reach`): no score your round can end with after ``j``
  more cards from the pile is above ``U_j`` (a pile card adds at most one card to your line);
* the hazard ``(B, R, h, N)`` (`RoundModel.hazard`): of the ``N`` cards of the drawing pile, ``B``
  bust you when they come (as long as no other card intervened), ``R`` are "rescuers", the only cards
  that can stop one of those from busting you (a Second Chance; Unlucky 7, Discard, Swap), and ``h``
  of them you survive anyway (1 with a Second Chance in hand).

Call the ``B + R`` cards special. If, among the first ``j`` cards drawn, the first ``h + 1`` special
cards are all bust cards, you are out by the ``j``-th draw. The order of the special cards is
uniformly random, so this has probability ``P(D_j) = P(Hyp(N, B + R, j) >= h + 1) * B^(h+1) /
(B + R)^(h+1)`` (falling powers), and ``a_j = 1 - P(D_j)`` bounds the chance of still playing after
``j`` draws. Any play ends after some number ``J`` of draws with a score ``<= U_J`` if alive, 0 if out, so
with ``U'_j = max(0, U_j)``::

    H(x) <= a_1 U'_0 + sum_{j >= 1} a_j (U'_j - U'_{j-1})       (summation by parts, U' non-decreasing)

Survival by classes: where no bust is spared (``h = 0``, ``R >= 0``), ``a_j`` is also at most ``s_j =
f_j / C(N, j) + sum_{m < j} f_m / C(N, m) R / (N - m)`` (`_survival`), with ``f_m`` the ``m``-card sets of the
pile with no rescuer, no bust card and at most one card of each number class ``C`` (numbers that bust each
other), the coefficient of ``x^m`` in ``(1 + x)^F prod_c (1 + n_c x)``: to be alive after ``j`` draws, either
the first ``j`` cards are such a set, or a rescuer came right after the first ``m`` of them. Each rung takes
the smaller of ``a_j`` and ``s_j``.

The path ceiling (`RoundModel.path`, `_path_ceiling`; With a Vengeance): draw as if you always hit until
the first card that busts you (a bust card, or a second card of a class), the Flip 7, a rescuer or the end of
the pile. Every play stops somewhere on that path (the cards come in the same order whatever you do), and
its score there is at most the sum of your numbers (no modifier of the variant raises it), plus the bonus
at a Flip 7; after a rescuer or the end of the pile, at most the ladder's top ``W``. So ``H`` is at most the
expectation of that quantity, computed exactly by generating polynomials (`_path_ceiling`). Where a state
has a path, that is its hit ceiling: the ladder's was never the lower one there (`_Search.static`). It is linear
in ``W`` and its polynomials are linear in the sum you hold, so a search computes its terms once per the fields of a
path they read (`_terms_key`) and its polynomials once per ``(room, classes)`` (`_path_terms`, `_class_sums`); a state's
static bounds are remembered by a key of what they read (`RoundModel.leaf_key`), coarser than the state's, and so is
the drift ceiling's chain (every field of the path but its size, and the live cards forced:
`flip7odds.drift.drift_ceiling`).

The drift ceiling (`flip7odds.drift`): on the same path, what a play that stops at a point can score at most,
minus its summed expected changes, is a martingale, so any stopping rule that knows only the cards seen scores at
most the ceiling now plus the expected sum of the positive expected changes along the path (the duality of optimal
stopping). Hindsight is not credited: where every expected change is negative the state closes. After a Discard or
a Swap (`Path.second`) the path goes on instead of ending at ``W``, as a relaxed line that keeps every class it held,
holds the best number a Swap could bring (`Path.lift`) and lets one card of those classes through: it bounds the real
line's sum wherever a play stops (`flip7odds.drift`, "After a Discard or a Swap"); after a Steal that can take a number
(`Path.steals`) it goes on as a line that holds the largest number it could take (`Path.grab`) and forgives nothing
("After a Steal"); after the Unlucky 7 (`Path.unlucky`) it ends at a bound on the chain that starts again from your
line holding that 7 alone, one that depends only on how many cards came before it (`Path.fresh`; "After the Unlucky
7"). Where your line holds modifiers, the path's score before any rescuer comes, and after a Steal, is your score
with them, not the numbers' sum (`Path.scores`; "The modifiers you hold"): only a Discard, a Swap or the Unlucky 7 takes
a card off your line, and no modifier of the variant raises a score. While draws are owed (`RoundModel.draws_owed`) the
chain is forced through them, not only through the first card ("Draws owed"). A state with a path takes the lower of
the two ceilings.

The Zero on the path (With a Vengeance): while you hold The Zero your score is 0 unless you make a Flip 7, and
nothing but a rescuer takes it away (Discard, Swap, the Unlucky 7: all end the path). So a play that stops on
the path while holding it (made to stay by a Just One More!, or the pile run out) banks 0, and the best place to
stop before a bust is just before The Zero came: where you hold it from the start, a bust card or a repeat
ending the path scores 0; where it is drawn on the path, at most the sum of the numbers drawn before it. A Flip 7
still scores the sum and the bonus.

* lower: ``stay(x)`` where you may stay (staying is one policy), else ``L``, or the forced floor below; at a
  free decision with a path and no The Zero, also the chain floor (`flip7odds.chain_floor`: hitting on new numbers,
  giving away what can be given, staying when the next number would not pay, is another policy; it chooses for two
  numbers, or all the way to the Flip 7 where that is at most three numbers away, `chain_floor.chain_depth`, then
  may draw up to four cards more without a choice)
  where it is higher and hitting is not ruled out; holding The Zero with no draws owed, the Zero floor (the same
  policy drawing until the Flip 7, the only way such a line scores, or until a Discard, played on your own line, or
  a Swap, giving it for another line's number, takes The Zero away or the Unlucky 7 comes: it then stays; a Steal
  takes another line's number and it draws on); holding The Zero while draws are owed that end in no stay, with
  nothing waiting that can change your numbers, the Zero floor with the cards you can give away only (you must hit
  anyway: `RoundModel.chain` gives it, None elsewhere);
* upper: ``max(stay, H bound)``, or the ``H`` bound where you must draw;
* closing: where you may stay and the ``H`` bound is at most ``stay``, hitting cannot beat staying, so
  ``V(x) = stay`` exactly and the policy stays. This closes most deep leaves: late in a line the bust
  cards are many and the best scores need several more cards.

The forced floor (`flip7odds.chain_floor.owed_floor`, `RoundModel.owed`; With a Vengeance): at a state that owes
``d`` draws (a Flip Four! or a Just One More!) with nothing set aside or queued but modifiers (given away after the
draws, or joining your line then: its scores count them), Just One More!s or Flip Four!s (for another player; alone,
played on you after the draws: ``d`` counts their draws too), Steals or Swaps with nobody else in the round (discarded
unused) and at most one Discard (played on your own line after the draws; `RoundModel.owed_path` gives the pile where
`path` gives none), you hold no The Zero and the draws come from the drawing pile (or the pile runs out and the round
banks), take the policy "draw what is owed, then stay". Each of the first cards that is a number of a class you do not
hold (not The Zero, not a rescuer) joins your line at once; if the first ``d`` are, the round ends with a Flip 7, the
pile run out, or a stay with those numbers added; a card you can give away (`RoundModel.chain`) is set aside, takes a
draw and is given away after them, leaving your line as it was; the first modifier you must keep (`Kept`) is set aside
and joins your line after them, the first Discard no other line can take is played on your own line after them,
discarding your smallest number, and the first Just One More! drawn with nobody else in the round is played on you
after them, one draw more (`Stays`); otherwise the score is at least ``L`` (0 for a bust). Its value is the chain
floor's recursion with ``d`` levels without a choice, over the sets of numbers and the cards given away drawn: the
optimum is at least any policy's value.

Expansion order: a state reached with path probability ``p`` (the chance of the cards that lead to it)
is expanded when ``p * (hi - lo) >= eps``, its static gap weighted by how much it can move the root.
The search is run for ``eps`` shrinking by `REFINE` each round; a state memoised at a finer ``eps``
(larger ``budget = p / eps``) is reused as it is, so each round costs about the new states only.
It stops when every reported gap is at most the target (0.01), when nothing is left unexpanded (the
answer is then exact), or at the CPU deadline (the last bounds still hold: an unexpanded state keeps
its static bounds). Two intervals for the same value (one round and the next) are intersected. At a choice only
the options that may still be the best are refined (`_Search.choice`): one whose ``hi`` is below another's ``lo``
stays below it however far it is refined, so it moves neither the choice's bounds nor the solver's policy.

Stopping: a round cut off by the deadline stops wherever its depth-first walk is, not where the gaps are largest.
So the search plans rounds that finish: after a round, the next is predicted to cost the last round's time times the
growth of the last two rounds (at least `MIN_GROWTH`). Where a full step does not fit, a shorter one may: ``eps``
divided by 2 or by the square root of 2 instead of `REFINE`, its cost predicted as the full step's to the power
``log(step) / log(REFINE)`` (`_next_step`), so that the time left narrows the bounds too; after it the next step is
chosen the same way, each round's time counted as a full step's (``log(REFINE) / log(step)`` times its own:
`_full_costs`), until none is predicted to fit. The time then left (dealt With a Vengeance situations stopped there
at a median 2.2-2.4 s of 3 s) is still spent, on rounds of the shortest step, the last of which the deadline cuts (and
none starts after it: a round that finds no state worth expanding never meets the deadline inside it; on any clock a
search ends after `IDLE_ROUNDS` such rounds in a row): a
cut walk narrows the states it reaches, and that pays (BENCHMARKS.md, stop 46: 40 dealt situations at 3 s, with
`TEARDOWN` halved, 27 narrower, none wider, the geometric mean of the ratios 0.93). Only where the budget is CPU time
and nothing but narrowing is asked: not for the live page's ``call_width`` (below), where a tap's CPU is worth more
than the last narrowing, nor on the work clock (``by_work``: the quiz, whose deals graded the same and cost a fifth
more). A cut round meets new states with the root's bounds: its value is intersected with the rounds' before, and
its probability bounds are kept only where they are narrower (`_intersected`), so the bounds reported are as true
as ever.

The live page's stop (``call_width``): once a round settles the call and only the hit interval's width is left above
``call_width``, the next step is the smallest of `LAST_STEPS` (or `REFINE`) predicted to bring it there, the width
taken to shrink as ``step ** -NARROWING`` (`_narrowing_step`): a full step overshoots what the page needs (a fresh
With a Vengeance deck: 1.03 points to 0.70 for 12 ms, where the square root of 2 gives 0.98 in 2.3 ms). Such a short
step is taken once: a round costs at least the walk of the states expanded before, and where the width narrows much
more slowly than predicted (a small pile: 9.17 points to 9.14 for a step of the square root of 2) short steps would
pay that walk again and again, so a search whose short step fell short goes on with full ones.

Probabilities: P(Flip 7) and P(bust) by the end are those of the *solver's policy*: at every state it
expanded, hit when the midpoint of the hit interval beats staying (ties stay), take the option with the
best midpoint (the first on ties); below an unexpanded state, the optimal play. Each round's bounds hold for its
own policy (the states it expanded, with the decisions it made there), so the root reports those of the round
that bounds the two probabilities more narrowly (the sum of their widths; the later on ties). When the answer is exact the
policy is the optimal one. An unexpanded state adds its probability times an interval that holds the optimal
play's: where it closes (staying is best) ``[0, 0]``; where it has a path, P(Flip 7) in ``[0, f]`` and P(bust)
in ``[0, b]`` with ``f`` and ``b`` the path's chances of ending with a Flip 7 or a bust, each plus its chance of
ending on a rescuer or running out (`_path_terms`: no play makes a Flip 7 or busts anywhere else on the
path), and where that play draws the next card (you must, or the chain floor is above staying) P(bust) is at
least that card's ``B / N``; elsewhere ``[0, 1]``.

What is narrowed: a state is worth expanding by its gap in what the answer reports (`_Search.weighed`), and a search
is done when what it reports is within the target (`_Search.widest`). The hit search reports its value and, when the
call is to hit, its two probabilities; the hit-once search reports its value alone. So the hit-once search weighs only
its value's gap, and the hit search stops weighing its probabilities once a round settles the call to stay (its value
then lies below staying by more than `ROUNDING`, and every later round's lies within it): the reported P(Flip 7) and
P(bust) are then staying's, 0. Which states are expanded changes no bound's truth, only where the time goes (40 dealt
With a Vengeance situations at 3 s: the rows that stay 10-20% narrower; BENCHMARKS.md, stop 47).

Floats: every bound is a finite sum of products of counts / N with integer scores, depth at most the
pile, so its rounding error is below ``2 (depth + kinds) u M`` with ``u = 2^-53`` and ``M`` the largest
|score|: under 1e-10 points for every deck here. Reported bounds that are not exact are widened
outward by `ROUNDING` (1e-9 points, 1e-12 for probabilities), which covers it with room to spare.

What it assumes: the model's tree is finite (every draw takes a card; the pile is reshuffled at most
once), its static bounds are true bounds, and the key of a state determines its subtree. What it
refuses: nothing; a situation is always answered, exactly or within the bounds it reports.
"""

from __future__ import annotations

import contextlib
import enum
import functools
import gc
import itertools
import math
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, NamedTuple, Protocol, TypeVar, Union

import numpy as np

from flip7odds.chain_floor import ClassArrays, chain_floor, class_arrays, owed_floor, zero_floor
from flip7odds.drift import ChainEnds, drift_ceiling
from flip7odds.solver import IntArray, compiled_loop

BANKED, FLIP_7, BUST = 0, 1, 2
"""How a round ended, in a terminal node ``4 * score + reason``."""

TARGET = 0.01
"""The search stops when every reported gap is at most this (points; probabilities as fractions)."""
REFINE = 4.0
"""Each round of the search divides ``eps`` by this."""
FIRST_BUDGET = 10.0
"""``1 / eps`` of the first round: states whose probability-weighted gap is at least 0.1 are expanded."""
TIE = 1e-9
"""Hitting is chosen only when its midpoint beats staying by more than this (MODEL.md: ties stay)."""
ROUNDING = 1e-9
"""Outward widening of reported bounds that are not exact, in points (module docstring, floats)."""
PROBABILITY_ROUNDING = 1e-12
"""The same for probabilities."""
NARROWING = 0.125
"""How fast a hit interval is taken to narrow with the budget, as its exponent (`_narrowing_step`): its width times
``step ** -NARROWING`` after a step. Measured on the live page's fresh-deck With a Vengeance taps (BENCHMARKS.md, stop
39): a step of the square root of 2 narrowed 1.00-1.06 points by 4-5% (0.12-0.15 as an exponent), one of 2 by 25%, one
of 4 by 29-35%; the smallest of those is taken, so a step is never chosen too short for a width it could reach."""
MIN_GROWTH = 2.0
"""A round is predicted to cost at least this many times the one before (``eps`` divided by `REFINE`)."""

IDLE_ROUNDS = 8
"""A search ends after this many rounds in a row that expand no state: such a round changes no bound, and on the work
clock (``by_work``) it costs nothing, so the next is always predicted to fit. ``eps`` has then shrunk 4^8 times. On 30
dealt With a Vengeance situations, in the quiz's mode and on the CPU clock, no search met more than two calls in a row
that expanded nothing (BENCHMARKS.md, stop 48)."""

TEARDOWN = 1e-6
"""CPU seconds to free one entry of the search's tables when it returns (with the states and the model's own
tables it keeps alive), counting the walk's unwinding from the moment it stops: 0.32-0.85 microseconds measured on
seven dealt With a Vengeance searches of 190 000-380 000 entries (0.07-0.18 s in all; BENCHMARKS.md, stop 46), where
the 2 microseconds kept before left a tenth of the budget unspent."""

S = TypeVar("S")
Node = Union[int, list["Node[S]"], S]  # noqa: UP007 (a TypeVar in a union needs the old spelling here)


class RoundModel(Protocol[S]):
    """What the bounded solver needs from the rules of a variant (module docstring)."""

    work_seconds: float
    """Nominal CPU seconds per unit of a search's work on the work clock (`solve_bounded`'s ``by_work``): a unit is
    an expansion or an entry of the search's tables or the model's (static bounds, outcomes, ceilings, floors)."""

    def root(self) -> S:
        """The state at your decision in the situation being answered."""

    def outcomes(self, state: S) -> tuple[int, Sequence[tuple[int, Node[S]]]]:
        """The drawing pile's size and every next card's exact count with the node it leads to."""

    def key(self, state: S) -> Hashable:
        """A canonical key: two states with equal keys have the same subtree."""

    def leaf_key(self, state: S) -> Hashable:
        """A key of what a state's static bounds read: two states with equal leaf keys have equal `forced`,
        `may_stay`, `can_draw`, `banked`, `reach`, `hazard`, `path`, `deferred_path`, `owed`, `draws_owed` and `chain`
        (it may be coarser than `key`)."""

    def forced(self, state: S) -> bool:
        """True while draws are owed to you: you draw without a choice."""

    def draws_owed(self, state: S) -> int:
        """How many cards of the drawing pile you must draw before you may stop, at least (0 at a free decision): the
        drift ceiling forces its chain through them (`flip7odds.drift`, "Draws owed")."""

    def may_stay(self, state: S) -> bool:
        """True when, at a free decision, staying is allowed (at least one card, no The Zero...)."""

    def can_draw(self, state: S) -> bool:
        """True when a card can still be drawn (pile or a reshuffled known discard pile)."""

    def banked(self, state: S) -> int:
        """The score your round ends with if it ends now keeping your line."""

    def reach(self, state: S) -> tuple[int, Sequence[int]]:
        """``(L, [U_0, U_1, ...])``: the least score reachable, and the ladder (the last rung holds beyond)."""

    def hazard(self, state: S) -> tuple[int, int, int, int, tuple[int, ...]]:
        """``(B, R, h, N, C)`` of the drawing pile (module docstring); ``R = -1``: rescue possible at any time,
        so only the next card's bust is certain. ``C``: the pile's copies of each other number class
        (numbers that bust each other, none held: one value, or one 13 kind), rescuers left out."""

    def path(self, state: S) -> Path | None:
        """The first draws of the state as a `Path`, where its ceiling applies (None: it does not)."""

    def deferred_path(self, state: S) -> Path | None:
        """Where one Discard, Swap or Steal is set aside or queued (`path` is None there): the first draws as a `Path`
        whose drift ceiling starts at level 1 or S (`Path.start`), a ceiling of ``H`` alone (no floor, no
        probabilities); else None."""

    def owed(self, state: S) -> int:
        """The draws owed at a state with a path (or an `owed_path`) where the forced floor applies (module
        docstring), else 0."""

    def owed_path(self, state: S) -> Path | None:
        """Where `path` is None (a card waits that may change your line), the first draws as a `Path` for the forced
        floor alone, where `owed` says it applies (a Discard you play on your own line after the draws); else None."""

    def chain(self, state: S) -> Chain | None:
        """Where the chain floor applies (`flip7odds.chain_floor`: a new number changes your line by its value
        only): your score for each sum of numbers with the modifiers of your line, how many cards of the drawing pile
        you can hand to another player and then decide again with the same line, its Steals, the modifiers you must
        keep and the cards after which the policy stays (`Stays`); else None."""

    def entries(self) -> int:
        """How many entries the model's own tables hold: freed with the model after the search, so the search's
        deadline keeps time for them as for its own (`TEARDOWN`)."""


@dataclass(frozen=True)
class Path:
    """The drawing pile seen by the path ceiling (module docstring, "The path ceiling").

    Of its ``size`` cards, ``bust`` bust you on arrival, ``rescue`` may change your line otherwise than by
    adding a card (after one of them anything up to ``ceiling``-worth can follow), ``classes`` are the other
    number cards as ``(copies, value)`` per class (cards that bust each other), ``zeros`` the copies of The Zero
    (With a Vengeance: a number that makes your score 0 unless you Flip 7; not among ``classes``), the rest add
    nothing to your score; ``held`` is the sum of your numbers, no less than your score; ``room`` the numbers
    still missing for a Flip 7, worth ``bonus``; ``holds_zero``: you hold The Zero.
    """

    held: int
    room: int
    bonus: int
    classes: tuple[tuple[int, int], ...]
    bust: int
    rescue: int
    size: int
    zeros: int = 0
    holds_zero: bool = False
    second: int = 0
    """Of the ``rescue`` cards, those after which your line differs from the one before by at most one card taken
    away and one card worth at most ``lift`` put in (a Discard; a Swap): the drift ceiling's second level
    (`flip7odds.drift`, "After a Discard or a Swap")."""
    lift: int = 0
    steals: int = 0
    """Of the ``rescue`` cards, the Steals that can take a number (another line holds one), after which your line has
    gained at most one card, worth at most ``grab`` (`flip7odds.drift`, "After a Steal")."""
    grab: int = 0
    unlucky: int = 0
    """Of the ``rescue`` cards, the Unlucky 7s, after which your line is that 7 alone (worth ``fresh_held``) and busts
    on ``fresh_bust`` cards of the pile and on repeats of ``fresh``, the pile's other number classes as ``(copies,
    value)``, The Zero's class (value 0) last where the pile holds it: the drift ceiling's continuation after the
    Unlucky 7 (`flip7odds.drift`, "After the Unlucky 7"). Nothing where the pile holds none."""
    fresh: tuple[tuple[int, int], ...] = ()
    fresh_bust: int = 0
    fresh_held: int = 0
    late: bool = False
    """A Discard, Swap or Steal drawn on the path may still wait to resolve when the Unlucky 7 comes (a Flip Four! can
    come, or more than one draw is owed, or a Just One More! waits), or a Swap of ``second`` may hand one of your
    numbers to another line for a Steal to take back (no other line holds a number, the pile holds a Steal): the
    Unlucky 7 then ends the drift ceiling's levels 1, 2 and S at the ladder's top (`flip7odds.drift`, "After the
    Unlucky 7")."""
    start: int = 0
    """Where the drift ceiling's chain starts: 0 at your line, `flip7odds.drift.START_DISCARD` (level 1) or
    `START_STEAL` (level S) where a Discard or Swap, or a Steal, is set aside or queued (`RoundModel.deferred_path`;
    `flip7odds.drift`, "A Discard, Swap or Steal set aside"): ``lift`` or ``grab`` then bound what that card brings."""
    scores: LineScores | None = None
    """Your score for each sum of numbers with your line's modifiers (`LineScores`; With a Vengeance: minus cards and
    the ÷2, which only lower a score): the drift ceiling's score before any rescuer comes (`flip7odds.drift`, "The
    modifiers you hold"). None where your line holds none, or for a chain that starts past a rescuer (``start``):
    your score is then at most ``held``."""
    drops: int = 0
    """Of the ``second`` cards, the Discards: they bring no number whatever ``lift`` says, so the drift ceiling's second
    level after one holds your numbers alone (`flip7odds.drift`, "After a Discard or a Swap"). 0 reads every one of
    ``second`` as bringing up to ``lift``, which bounds a Discard too."""
    most: int = -1
    """The most copies the drawing pile holds of one number class of your line: after a Discard or a Swap at most that
    many cards of your classes (or one fewer of each class joined since) can come back into your line, those of the
    card it gave (`flip7odds.drift`, "After a Discard or a Swap"). -1: not known, any card of your classes may."""
    _hash: int = field(init=False, repr=False, compare=False)
    """The hash of the fields, computed once: paths are looked up far more often than made."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.held, self.room, self.bonus, self.classes, self.bust,
                                                self.rescue, self.size, self.zeros, self.holds_zero, self.second,
                                                self.lift, self.steals, self.grab, self.unlucky, self.fresh,
                                                self.fresh_bust, self.fresh_held, self.late, self.start,
                                                self.scores, self.drops, self.most)))

    def __hash__(self) -> int:
        return self._hash


@dataclass(frozen=True, eq=False)
class LineScores:
    """Your score for each sum of numbers ``s`` (index ``s``, up to every number value in the deck once) with
    the modifiers of a line: ``plain[s]`` banked, ``flip7[s]`` with a Flip 7. One object per set of modifiers
    (compared and hashed by identity)."""

    plain: IntArray
    flip7: IntArray

    @functools.cached_property
    def minorant(self) -> tuple[float, float, float]:
        """``(a, b, b7)`` with ``plain[s] >= a s + b`` and ``flip7[s] >= a s + b7`` at every sum ``s``: ``a`` the
        slope at the top of the table (1 for a plain sum, 1/2 with the ÷2, 2 with an x2), ``b`` and ``b7`` the least
        of ``plain[s] - a s`` and ``flip7[s] - a s`` (the chain floor's draws past its last choice,
        `flip7odds.chain_floor`, "Past the last choice")."""
        sums = np.arange(self.plain.shape[0])
        slope = (float(self.plain[-1]) - float(self.plain[-3])) / 2 if self.plain.shape[0] >= 3 else 0.0
        return slope, float(np.min(self.plain - slope * sums)), float(np.min(self.flip7 - slope * sums))


@dataclass(frozen=True, eq=False)
class Steals:
    """The Steals of a drawing pile and the numbers they can take from the other lines, for the chain floor
    (`flip7odds.chain_floor`): ``count`` Steals; ``values`` of the numbers you could take without busting, largest
    first, and ``classes`` the bit of each one's class among the path's classes (0 where the pile holds no copy of
    it); ``passed``: how many of those that fit to pass over (cards a Discard played on the other lines may have
    taken first). Compared and hashed by identity (the model makes one per view)."""

    count: int
    values: IntArray
    classes: IntArray
    passed: int


@dataclass(frozen=True, eq=False)
class Kept:
    """The modifiers of a drawing pile you must keep when they come (nobody to give them to), for the chain floor
    (`flip7odds.chain_floor`): ``count`` of them, and ``scores[s]``, for each sum of numbers ``s``, the sum over them
    of your score with your line's modifiers and that one (the policy keeps it and stays; while draws are owed, the
    forced floor's first one joins your line after them). Compared and hashed by identity (the model makes one per
    view)."""

    count: int
    scores: IntArray


class Stays(NamedTuple):
    """The cards of a drawing pile after which the chain floor's policy stays with more than ``L``, though it cannot
    give them away (`flip7odds.chain_floor`, "Cards after which the policy stays"): ``forced`` Just One More!s you must
    take (nobody else in the round: draw one card, then stay), ``discards`` Discards played on your own line (discard
    your smallest number drawn on the chain, then stay), ``unlucky`` Unlucky 7s (your line is that 7 alone, scoring
    ``unlucky_score``; then stay); ``lined``: your line holds a card now (a Discard after one number leaves you one);
    ``flip4`` Flip Four!s you must take (nobody else in the round: draw four cards, then stay).

    Holding The Zero (the Zero floor, `flip7odds.chain_floor.zero_floor`): ``discards`` are every Discard of the pile,
    played on your own line to discard The Zero, then stay; ``lined``: your line holds a card besides The Zero;
    ``played``: of the Discards, those the other lines could take instead (then counted among the cards given away:
    the Zero floor takes the better of the two policies); ``swaps``: the pile's Swaps, each giving The Zero for a
    number of another line (`Steals` lists them), then stay.

    Not holding The Zero, with another player in the round (the chain floor): ``swaps`` are the pile's Swaps, each
    giving your smallest number (``smallest``: your line's, -1 for none; or a smaller one drawn on the chain) for a
    number of another line (`Steals` lists them), then stay.

    While draws are owed (the forced floor, `flip7odds.chain_floor.owed_floor`): ``discards`` are the pile's Discards
    played on your own line after the draws (your smallest number discarded, then stay), ``waiting`` says one already
    waits to be (set aside or queued), ``smallest`` is your line's smallest number (-1 for none) and ``cards`` how
    many cards it holds; ``forced`` are the pile's Just One More!s played on you after the draws (nobody else in the
    round: one draw more)."""

    forced: int = 0
    discards: int = 0
    unlucky: int = 0
    unlucky_score: int = 0
    lined: bool = False
    flip4: int = 0
    played: int = 0
    waiting: bool = False
    smallest: int = -1
    cards: int = 0
    swaps: int = 0


NO_STAYS = Stays()
"""No card of the pile after which the chain floor's policy stays (every such card counts ``L``)."""

Chain = tuple[LineScores, int, Steals, Kept, Stays]
"""`RoundModel.chain`: your scores by sum of numbers, the cards you can give away, the Steals, the modifiers you must
keep, the cards after which the policy stays."""


@dataclass(frozen=True)
class PathTerms:
    """What a path bounds (`_path_terms`): the path ceiling of ``H`` is ``base + slope * max(0, W)``; any play from
    the state makes a Flip 7 with probability at most ``flip7`` and busts with probability at most ``bust``."""

    base: float
    slope: float
    flip7: float
    bust: float

    def ceiling(self, top: int) -> float:
        """The path ceiling of ``H`` with ``W = top``, the ladder's top."""
        return self.base + self.slope * max(0, top)


def _path_ceiling(path: Path, ceiling: int) -> float:
    """The path ceiling of ``H`` (module docstring): ``E[the score at the end of the path]`` (`_path_terms`)."""
    return _path_terms(path).ceiling(ceiling)


ClassSums = tuple[list[int], list[int], list[int], list[int]]
"""``(A, S, P, D)``: `_class_sums`' coefficient lists."""


def _class_sums(depth: int, classes: tuple[tuple[int, int], ...]) -> ClassSums:
    """The coefficients ``k = 0..depth`` of `_path_terms`' four generating polynomials with ``held = 0``: the
    sets ``K`` of ``k`` classes weighted by ``prod n_c``, times 1, ``sum v_c``, ``r_K``, ``sum v_c r_K``. With
    ``held``, ``S = S_0 + held A`` and ``D = D_0 + held P``, so one computation serves every ``held`` (remembered
    by ``(depth, classes)`` in `_Search.class_sums`: a number card that joins your line changes the classes,
    any other card only the pile's size, its bust cards or rescuers)."""
    counts = [0] * (depth + 1)
    sums, repeats, both = counts[:], counts[:], counts[:]
    counts[0] = 1
    top = 0  # after i classes, no set of more than i of them: the coefficients above x^i are still 0
    for copies, value in classes:
        extra = copies - 1
        top = min(depth, top + 1)
        for k in range(top, 0, -1):
            count, summed, repeat = counts[k - 1], sums[k - 1], repeats[k - 1]
            both[k] += copies * (both[k - 1] + value * repeat + extra * summed + value * extra * count)
            repeats[k] += copies * (repeat + extra * count)
            sums[k] += copies * (summed + value * count)
            counts[k] += copies * count
    return counts, sums, repeats, both


def _class_sums_compiled(depth: int, classes: tuple[tuple[int, int], ...], arrays: ClassArrays) -> ClassSums:
    """`_class_sums` by a compiled loop (`_class_polynomials`) on the classes' `flip7odds.chain_floor.class_arrays`,
    the same integers: every coefficient is at most ``A_k (1 + W) (1 + M)`` in size (``|S_K| <= W = sum |v_c|``,
    ``r_K <= M``, the classes' copies) with ``A_k <= M^k``, and so is every partial sum of the loop; where that
    bound reaches ``2^62``, `_class_sums` on Python's integers."""
    copies, values, total = arrays
    if max(total, 1) ** depth * (1 + sum(abs(value) for _, value in classes)) * (1 + total) >= 1 << 62:
        return _class_sums(depth, classes)
    out = np.zeros((4, depth + 1), dtype=np.int64)
    _class_polynomials(copies, values, depth, out)
    counts, sums, repeats, both = out.tolist()
    return counts, sums, repeats, both


@compiled_loop
def _class_polynomials(copies: IntArray, values: IntArray, depth: int, out: IntArray) -> None:
    """`_class_sums`' recursion on 64-bit integers: ``out[0..3, k]`` become ``A_k, S_k, P_k, D_k`` (``out`` of shape
    ``(4, depth + 1)``, zeros)."""
    out[0, 0] = 1
    top = 0
    for c in range(copies.shape[0]):
        n = copies[c]
        value = values[c]
        extra = n - 1
        top = min(depth, top + 1)
        for k in range(top, 0, -1):
            count, summed, repeat = out[0, k - 1], out[1, k - 1], out[2, k - 1]
            out[3, k] += n * (out[3, k - 1] + value * repeat + extra * summed + value * extra * count)
            out[2, k] += n * (repeat + extra * count)
            out[1, k] += n * (summed + value * count)
            out[0, k] += n * count


def _path_terms(path: Path, class_sums: Callable[[int, tuple[tuple[int, int], ...]], ClassSums] | None = None
                ) -> PathTerms:
    """The path ceiling of ``H`` as ``base + slope * max(0, ceiling)``: the ceiling (the ladder's top ``W``) enters
    the expectation only as the value at a rescuer and when the pile runs out, so linearly, and one computation
    serves every ceiling (`_Search.path_ceiling`). Each term is one exact integer quotient rounded once. With it,
    the ceilings of P(Flip 7) and P(bust) by the end under any play.

    Over the sets ``K`` of ``k`` classes, one card each: ``A_k = sum prod n_c``, ``S_k = sum prod n_c S_K``,
    ``P_k = sum prod n_c r_K``, ``D_k = sum prod n_c S_K r_K`` (``S_K = held + sum v_c``, ``r_K = sum (n_c - 1)``
    the cards that repeat a class of ``K``), by one generating polynomial per sum (integers, exact). The
    first ``k`` cards that are not score-neutral are one of each class of ``K`` with probability
    ``prod n_c / C(M, k)``; the next ends the path with ``S_K`` (a bust card or a repeat: ``(B S_k + D_k)``),
    with the ceiling (a rescuer: ``R W A_k``), or carries on; ``k = room`` is a Flip 7 (``S_k + bonus A_k``),
    ``k = M`` runs the pile out (``W A_k``). Less ``held B / N``: a bust on the very first card scores 0.

    The Zero (module docstring, "The Zero on the path"): a set ``K`` holding it ends, on a bust card or a repeat,
    with what you held before The Zero came: given the set, its order is uniformly random and independent of
    the card that ends it, so each other class of ``K`` came before The Zero with probability 1/2, and the
    expected value is ``(held + S_K') / 2`` (``K'``: ``K`` without The Zero); when you hold it, 0. Its class
    (``zeros`` copies, value 0) joins the sums after the others: the bust numerator of those sets is
    ``zeros ((B + zeros - 1)(S_{k-1} + held A_{k-1}) + D_{k-1} + held P_{k-1}) / 2``, and they add
    ``zeros * A_{k-1}`` to ``A_k`` and ``zeros * S_{k-1}`` to ``S_k`` (for the Flip 7 and the rescuers).
    When you hold it every bust numerator is 0, and so is the first card's ``held B / N``.

    The probabilities (module docstring, "Probabilities"): every play stops on the path or goes on past its end,
    and the cards come in the same order whatever it does, so it makes a Flip 7 only where the path does, it busts
    only where the path ends on a bust card or a repeat, and after a rescuer or when the pile runs out anything may
    follow. Each probability is then at most the path's chance of ending that way plus ``slope`` (its chance of
    ending on a rescuer or running out): a Flip 7 ``A_room / C(M, room)``, a bust ``sum_k (B A_k + P_k) /
    (C(M, k) (M - k))`` for ``k < room``, The Zero's sets adding ``zeros ((B + zeros - 1) A_{k-1} + P_{k-1})`` to
    the numerator (holding it, a bust is still a bust). Both are capped at 1.
    """
    depth, held, bust, zeros, rescue = path.room, path.held, path.bust, path.zeros, path.rescue
    counts, sums, repeats, both = (class_sums or _class_sums)(depth, path.classes)
    live = bust + rescue + zeros + sum(copies for copies, _ in path.classes)
    spread = bust + zeros - 1  # with The Zero in the set: the bust cards and the other copies of The Zero
    holds_zero = path.holds_zero
    base = 0.0 if holds_zero else -held * bust / path.size
    slope = flip7 = busted = 0.0
    ways = 1  # C(live, k), by C(live, k) = C(live, k - 1) (live - k + 1) / k
    # One pass over k; the sets holding The Zero read the sums of k - 1 classes (``*_before``, 0 at k = 0).
    count_before = total_before = repeat_before = both_before = 0
    for k in range(min(depth, live) + 1):
        if k:
            ways = ways * (live - k + 1) // k
        count, repeat = counts[k], repeats[k]
        total, repeat_sums = sums[k] + held * count, both[k] + held * repeat  # S_k, D_k with held
        weight = count + zeros * count_before  # A_k with The Zero's sets
        if weight:
            if k == depth:
                base += (total + zeros * total_before + path.bonus * weight) / ways
                flip7 += weight / ways
            elif k == live:
                slope += weight / ways
            else:
                ended = 0 if holds_zero else 2 * (bust * total + repeat_sums) + zeros * (
                    spread * (total_before + held * count_before) + both_before + held * repeat_before)  # doubled
                base += ended / (2 * ways * (live - k))
                slope += rescue * weight / (ways * (live - k))
                busts = bust * count + repeat + zeros * (spread * count_before + repeat_before)
                busted += busts / (ways * (live - k))
        count_before, total_before, repeat_before, both_before = count, total, repeat, repeat_sums
    return PathTerms(base, slope, min(1.0, flip7 + slope), min(1.0, busted + slope))


def _terms_key(path: Path) -> tuple[Any, ...]:
    """Every field of ``path`` that `_path_terms` reads: two paths equal in these have the same terms."""
    return (path.held, path.room, path.bonus, path.classes, path.bust, path.rescue, path.size, path.zeros,
            path.holds_zero)


SurvivalFunction = Callable[[tuple[int, ...], int, int, int, int], list[float]]
"""`_survival`'s signature."""

_INF = math.inf
Entry = tuple[float, float, float, float, float, float, float]
"""(value lo, value hi, P(Flip 7) lo, hi, P(bust) lo, hi, budget it was computed at; inf: exact)."""
_ANY: tuple[float, float, float, float] = (0.0, 1.0, 0.0, 1.0)


def _terminal(node: int) -> Entry:
    score, reason = float(node >> 2), node & 3
    flip7, bust = float(reason == FLIP_7), float(reason == BUST)
    return (score, score, flip7, flip7, bust, bust, _INF)


def _settles(hit: Entry, stay: int, may_stay: bool) -> bool:
    """True when ``hit``'s interval settles the call: you may not stay, or staying's score lies outside it by more
    than the widening of reported bounds (`ROUNDING`)."""
    return not may_stay or stay < hit[0] - ROUNDING or stay > hit[1] + ROUNDING


def _called(hit: Entry, stay: int, may_stay: bool, call_width: float) -> bool:
    """True when ``hit``'s interval is at most ``call_width`` wide (``call_width`` > 0) and settles the call."""
    return 0 < call_width and hit[1] - hit[0] <= call_width and _settles(hit, stay, may_stay)


def _narrowing_step(width: float, call_width: float) -> float:
    """The step of a round that only has to narrow a settled call's hit interval from ``width`` to ``call_width``
    (module docstring, "Stopping"): the smallest of `LAST_STEPS` and `REFINE` whose predicted width, ``width * step **
    -NARROWING``, is at most ``call_width``; `REFINE` if none is.

    >>> _narrowing_step(1.02, 1.0), _narrowing_step(1.06, 1.0), _narrowing_step(2.0, 1.0)
    (1.4142135623730951, 2.0, 4.0)
    """
    for step in (*reversed(LAST_STEPS), REFINE):
        if width * step**-NARROWING <= call_width:
            return step
    return REFINE


def _midpoint(entry: Entry) -> float:
    return (entry[0] + entry[1]) / 2


def _hits(hit: Entry, stay: int, may_stay: bool) -> bool:
    """The solver's call at the root: hit where you may not stay, or where the hit interval's midpoint beats staying by
    more than `TIE` (ties stay)."""
    return not may_stay or _midpoint(hit) > stay + TIE


def _probability_gap(entry: Entry) -> float:
    """The widths of a node's two probability intervals (P(Flip 7), P(bust)), summed."""
    return (entry[3] - entry[2]) + (entry[5] - entry[4])


def _gap(entry: Entry) -> float:
    """What is still unknown about a node: its value gap plus its probability gaps."""
    return (entry[1] - entry[0]) + _probability_gap(entry)


def _survival(classes: tuple[int, ...], bust: int, rescue: int, size: int, depth: int) -> list[float]:
    """``s_j`` for ``j = 0..depth``: no more than the chance that the first ``j`` draws leave you alive
    (module docstring, "Survival by classes"); for a pile where no bust is spared (``h = 0``, ``R >= 0``).

    ``f_m``, the number of ``m``-card sets of the pile with no rescuer, no bust card and at most one card
    of each class, is the coefficient of ``x^m`` in ``(1 + x)^F prod_c (1 + n_c x)`` (``F`` the cards
    that are none of these). Then ``s_j = f_j / C(N, j) + sum_{m < j} f_m / C(N, m) R / (N - m)``
    (integers exact, one rounding per term).
    """
    free = size - bust - rescue - sum(classes)
    ways = [math.comb(free, m) for m in range(depth + 1)]
    for copies in classes:
        for m in range(depth, 0, -1):
            ways[m] += copies * ways[m - 1]
    survival: list[float] = []
    rescued = 0.0
    for j in range(depth + 1):
        if j > size:
            survival.append(survival[-1])
            continue
        share = ways[j] / math.comb(size, j)
        survival.append(min(1.0, share + rescued))
        if j < size:
            rescued += share * rescue / (size - j)
    return survival


def _hit_ceiling(ladder: Sequence[int], bust: int, rescue: int, spare: int, size: int,
                 classes: tuple[int, ...] = (), survival: SurvivalFunction | None = None) -> float:
    """The upper bound of ``H`` from the ladder and the hazard (module docstring).

    ``P(Hyp(N, S, j) <= h)`` for ``h`` in {0, 1} by the running products ``q_j = C(N - S, j) / C(N, j) =
    q_{j-1} (N - S - j + 1) / (N - j + 1)`` and ``S C(N - S, j - 1) / C(N, j) = S q_{j-1} j / (N - j + 1)``
    (at most ``2 N`` roundings of relative size ``2^-53`` each: far inside `ROUNDING`); where no bust is
    spared (``h = 0``, ``R >= 0``) each ``a_j`` is lowered to `_survival`'s ``s_j`` when that is smaller
    (``survival``: the function that gives them, `_survival` or a memoised copy).
    """
    first = 1.0 - bust / size if spare == 0 else 1.0  # a_1 when rescue is possible at any time
    special = bust + max(rescue, 0)
    order = 1.0  # P(the first h + 1 special cards are all bust cards), order being uniformly random
    for i in range(spare + 1):
        order *= (bust - i) / (special - i) if bust > i else 0.0
    rungs = list(itertools.accumulate((max(0, rung) for rung in ladder), max))
    depth = max(2, len(rungs))
    alive_at = None
    if spare == 0 and rescue >= 0:
        alive_at = (survival or _survival)(classes, bust, rescue, size, depth - 1)
    total = 0.0
    none_yet = below = 1.0  # q_j, and P(fewer than h + 1 special cards among the first min(j, N) draws)
    for j in range(1, depth):
        if j <= size:
            one = special * none_yet * j / (size - j + 1) if spare else 0.0
            none_yet *= (size - special - j + 1) / (size - j + 1)
            below = none_yet + one
        step = rungs[0] if j == 1 else 0
        if j < len(rungs):
            step += rungs[j] - rungs[j - 1]
        if step:
            alive = first if rescue < 0 else 1.0 - (1.0 - below) * order
            total += (alive if alive_at is None else min(alive, alive_at[j])) * step
    return total


def _hit_ceiling_by_binomials(ladder: Sequence[int], bust: int, rescue: int, spare: int, size: int) -> float:
    """`_hit_ceiling` with big-integer binomials (the reference its tests compare with)."""
    first = 1.0 - bust / size if spare == 0 else 1.0
    special = bust + max(rescue, 0)
    order = 1.0
    for i in range(spare + 1):
        order *= (bust - i) / (special - i) if bust > i else 0.0
    rungs = list(itertools.accumulate((max(0, rung) for rung in ladder), max))
    total = 0.0
    for j in range(1, max(2, len(rungs))):
        if rescue < 0:
            alive = first
        else:
            drawn = min(j, size)
            ways = math.comb(size, drawn)
            below = math.comb(size - special, drawn) + (
                special * math.comb(size - special, drawn - 1) if spare else 0)  # fewer than h + 1 specials
            alive = 1.0 - (1.0 - below / ways) * order
        step = rungs[0] if j == 1 else 0
        if j < len(rungs):
            step += rungs[j] - rungs[j - 1]
        total += alive * step
    return total


class _Kind(enum.Enum):
    """What a next card leads to, in a prepared outcome (`_prepared`)."""

    TERMINAL = "terminal"
    STATE = "state"
    CHOICE = "choice"


Prepared = list[tuple[float, Any, _Kind]]
"""A state's next-card outcomes as ``(count / N, child, kind)``: a terminal's child is its `Entry` already."""


def _prepared(size: int, outcomes: Sequence[tuple[int, Node[S]]]) -> Prepared:
    """The outcomes of a state as the search walks them every round: the weight divided once, each child's kind
    found once, and a terminal's entry made once."""
    prepared: Prepared = []
    for count, child in outcomes:
        if isinstance(child, int):
            prepared.append((count / size, _terminal(child), _Kind.TERMINAL))
        else:
            prepared.append((count / size, child, _Kind.CHOICE if isinstance(child, list) else _Kind.STATE))
    return prepared


@dataclass
class _Shared:
    """What both searches of one model remember: the same model gives the same answers to both.

    ``outcomes``: the next-card outcomes of every state expanded, by key, prepared (`_prepared`: each round of
    the search walks the states of the round before again); ``hit_ceilings``: `_hit_ceiling` by its arguments and
    ``path_terms``: `_path_terms` by path, ``drift_ceilings``: `flip7odds.drift.drift_ceiling` by its arguments,
    ``chain_floors``: `flip7odds.chain_floor.chain_floor` and `owed_floor` by their arguments, ``class_arrays``
    their arrays by classes, ``class_sums``: `_class_sums` by its arguments (many states share a ladder, a hazard
    or a path); ``survival``: `_survival` by its arguments.
    """

    outcomes: dict[Hashable, Prepared] = field(default_factory=dict)
    hit_ceilings: dict[tuple[tuple[int, ...], tuple[int, int, int, int, tuple[int, ...]]], float] = field(
        default_factory=dict)
    path_terms: dict[Path, PathTerms] = field(default_factory=dict)
    drift_ceilings: dict[tuple[Path, int, int], float] = field(default_factory=dict)
    chain_floors: dict[tuple[Path, LineScores, int, Steals, Kept, Stays, int, int], float] = field(
        default_factory=dict)
    class_arrays: dict[tuple[tuple[int, int], ...], ClassArrays] = field(default_factory=dict)
    class_sums: dict[tuple[int, tuple[tuple[int, int], ...]], ClassSums] = field(default_factory=dict)
    survival: dict[tuple[tuple[int, ...], int, int, int, int], list[float]] = field(default_factory=dict)
    forced_statics: dict[Hashable, Entry] = field(default_factory=dict)
    """The static bounds of every state met where draws are owed, by leaf key, for both searches (`_Search.static`;
    holding The Zero, by leaf key and search):
    not counted among the `entries` (each search still keeps its own `_Search.statics`, which the work clock counts),
    so the work clock reads the same as where each search computed its own."""
    chain_ends: ChainEnds = field(default_factory=dict)
    """The drift ceiling's chain values by every field of a path but its size, and the live cards forced
    (`flip7odds.drift.drift_ceiling`'s ``known``): paths that differ by neutral cards alone share them. Not counted
    among the `entries`: it only saves work (``drift_ceilings`` still holds an entry per path, ceiling and draws
    forced), so the work clock reads as before."""
    terms_by_reads: dict[tuple[Any, ...], PathTerms] = field(default_factory=dict)
    """`_path_terms` by what it reads of a path (`_terms_key`): paths that differ only in what the drift ceiling reads
    (its second level, the Steals, the Unlucky 7, your line's modifiers) share them. Not counted among the `entries`,
    as ``chain_ends``."""

    def entries(self) -> int:
        """How many entries the tables hold."""
        return (len(self.outcomes) + len(self.hit_ceilings) + len(self.path_terms) + len(self.drift_ceilings)
                + len(self.chain_floors) + len(self.class_arrays) + len(self.class_sums) + len(self.survival))


class _Search(Generic[S]):
    """One memoised interval search over a model; ``once``: every decision after the first draw banks.

    The deadline is hard: the clock is read at every expansion, and once it has passed, less the time to
    free what the search holds (`TEARDOWN` a table entry), nothing more is expanded and a state never met before gets the root's bounds, ``[L, top of the ladder]`` of the root
    (no score reachable from the root, so from any state below it, lies outside them), without computing
    anything; the walk then unwinds in microseconds with bounds as true as ever.
    """

    def __init__(self, model: RoundModel[S], deadline: float, once: bool = False,
                 shared: _Shared | None = None, clock: Callable[[], float] = time.process_time) -> None:
        self.model = model
        self.deadline = deadline
        self.clock = clock
        """What the deadline is read on: the process CPU time, or a search's work clock (`solve_bounded`)."""
        self.once = once
        self.known: dict[Hashable, Entry] = {}
        """The bounds of every state met, by key: its static bounds (budget 0; a state left unexpanded is met again
        every round) until an expansion replaces them with bounds at least as narrow (its budget; inf: exact)."""
        self.statics: dict[Hashable, Entry] = {}
        """The static bounds of every state met, by leaf key (`RoundModel.leaf_key`): the same for every state of
        that key, since they are a function of what it determines (`static`)."""
        self.shared = _Shared() if shared is None else shared
        low, ladder = model.reach(model.root())
        self.fallback: Entry = (float(low), float(max(0, *ladder)), *_ANY, 0.0)
        """The bounds of any state met after the deadline (class docstring)."""
        self.stopped = False
        self.expansions = 0
        self.probabilities = not once
        """Whether the probability intervals count in what makes a state worth expanding (`weighed`): they do while the
        search's probabilities may be reported (module docstring, "What is narrowed")."""

    def weighed(self, entry: Entry) -> float:
        """What is still unknown about a node that the answer reports: its value gap, plus its probability gaps where
        `probabilities` says they count."""
        if self.probabilities:
            return _gap(entry)
        return entry[1] - entry[0]

    def widest(self, entry: Entry) -> float:
        """The widest of a node's intervals that the answer reports (as `weighed`)."""
        if self.probabilities:
            return max(entry[1] - entry[0], entry[3] - entry[2], entry[5] - entry[4])
        return entry[1] - entry[0]

    def node(self, node: Node[S], budget: float) -> Entry:
        """Bounds of any node reached with ``budget = p / eps``."""
        if isinstance(node, int):
            return _terminal(node)
        if isinstance(node, list):
            return self.choice(node, budget)
        return self.state(node, budget)

    def choice(self, options: list[Node[S]], budget: float) -> Entry:
        """Bounds of a choice: the maxima of its options' bounds; the probabilities of the first option with the
        best midpoint (the solver's policy; compared as ``lo + hi``, twice the midpoint, exactly: halving a float
        is exact, so the order is the midpoints' order).

        Only options that may still be the best are refined: each option's bounds are first read as they are
        (budget 0 expands nothing), then refined from the best midpoint down unless its ``hi`` is below some
        option's ``lo`` so far (another's: bounds rounded a hair apart may hold ``lo > hi``). Such a dominated
        option stays dominated however far it is refined (refined bounds lie within the bounds before), so it moves
        neither maximum and its midpoint stays below the best one's: refining it would change nothing reported, and
        it does not keep the choice from being exact. (Where its ``hi`` equals another's ``lo`` it is refined as
        before: refined, it could tie, and ties take the first.)
        """
        node, weighed = self.node, self.weighed
        entries = []
        floor = -_INF  # the options' highest ``lo`` (every ``lo`` is finite)
        movable = []  # only a choice or a state that `state` would expand at ``budget`` can change
        for i, option in enumerate(options):
            entry = node(option, 0.0)
            entries.append(entry)
            if entry[0] > floor:  # noqa: PLR1730 (max() without the call, in a hot loop)
                floor = entry[0]
            if isinstance(option, list) or (not isinstance(option, int) and entry[6] < budget
                                            and budget * weighed(entry) >= 1.0):
                movable.append(i)
        if len(movable) > 1:
            movable.sort(key=lambda i: -(entries[i][0] + entries[i][1]))
        for i in movable:
            if entries[i][1] >= floor or entries[i][0] >= floor:  # may be the best, or holds the floor
                entries[i] = self.node(options[i], budget)
                floor = max(floor, entries[i][0])
        best = entries[0]
        lo, hi = best[0], best[1]
        best_mid = lo + hi
        for entry in itertools.islice(entries, 1, None):
            mid = entry[0] + entry[1]
            if mid > best_mid:
                best, best_mid = entry, mid
            if entry[0] > lo:  # noqa: PLR1730 (max() without the calls: the same float, the first of equals)
                lo = entry[0]
            if entry[1] > hi:  # noqa: PLR1730
                hi = entry[1]
        finest = _INF
        for entry in entries:
            if (entry[1] >= lo or entry[0] >= lo or entry is best) and entry[6] < finest:
                finest = entry[6]
        return (lo, hi, *best[2:6], finest)

    def state(self, state: S, budget: float) -> Entry:
        """Bounds of a state: memoised if computed at least as finely, static if not worth expanding."""
        key = self.model.key(state)
        bounds = self.known.get(key)
        if bounds is None:
            if self.stopped:
                return self.fallback
            bounds = self.known[key] = self.static(state)
        gap = bounds[1] - bounds[0]
        if self.probabilities:
            gap += (bounds[3] - bounds[2]) + (bounds[5] - bounds[4])
        if bounds[6] >= budget or self.stopped or budget * gap < 1.0:
            return bounds  # exact, expanded finely enough already, or not worth expanding (`weighed` below 1 / budget)
        expanded = self.expand(state, key, budget)
        lo, hi = max(expanded[0], bounds[0]), min(expanded[1], bounds[1])
        exact = expanded[6] == _INF
        entry = self.known[key] = (lo, hi, *expanded[2:6], _INF if exact else budget)
        return entry

    def static(self, state: S) -> Entry:
        """Bounds without looking at the next card (module docstring); exact where the round ends or closes.

        They are a function of ``once`` and of the model's `forced`, `may_stay`, `can_draw`, `banked`, `reach`,
        `hazard`, `path`, `deferred_path`, `owed` and `chain` of the state alone (`compute_static` reads nothing
        else), which its leaf key determines: so they are remembered by it, and a state whose leaf key was met before (With a
        Vengeance: the same pile and line, other lines that differ but hold the same cards between them) costs a
        look-up. Where draws are owed (`RoundModel.forced`) ``once`` is not read: those bounds are the same in both
        searches, and one computes them for both (`_Shared.forced_statics`; a fresh deck's Flip Four!s and Just One
        More!s: 18% of the static bounds of the live page's taps were the hit-once search's of such states). Holding
        The Zero they are not: the Zero floor's policy draws on after the draws owed, which a play that hits once and
        then banks does not (`compute_static`), so each search keeps its own.
        """
        leaf = self.model.leaf_key(state)
        known = self.statics.get(leaf)
        if known is None:
            if self.model.forced(state):
                forced = self.shared.forced_statics
                path = self.model.path(state)
                shared = (leaf, self.once) if path is not None and path.holds_zero else leaf
                known = forced.get(shared)
                if known is None:
                    known = forced[shared] = self.compute_static(state)
            else:
                known = self.compute_static(state)
            self.statics[leaf] = known
        return known

    def compute_static(self, state: S) -> Entry:
        """`static`, computed.

        Where the model gives a path ceiling, it alone bounds ``H``: the ladder's ceiling was never below it
        (none of 249 208 With a Vengeance states met by searches from six situations), and computing both took
        a fifth of the search's time.
        """
        model = self.model
        forced = model.forced(state)
        if not forced and (self.once or not model.can_draw(state)):
            banked = float(model.banked(state))
            return (banked, banked, 0.0, 0.0, 0.0, 0.0, _INF)
        low, ladder = model.reach(state)
        top = max(ladder)
        free = not forced and model.may_stay(state)
        stay = float(model.banked(state)) if free else -_INF
        path = model.path(state)
        if path is not None:
            hit_high = self.path_ceiling(path, top, stay, model.draws_owed(state) if forced else 1)
        else:
            hit_high = self.hit_ceiling(tuple(ladder), model.hazard(state))
            deferred = model.deferred_path(state)
            if deferred is not None:
                hit_high = min(hit_high, self.drift_ceiling(deferred, top))
        if hit_high <= stay:  # closes (never where you may not stay: ``stay`` is -inf there)
            return (stay, stay, 0.0, 0.0, 0.0, 0.0, _INF)
        hit_low = -_INF
        if path is not None and not forced:  # the chain or Zero floor, where hitting may pay
            hit_low = self.chain_floor(path, model.chain(state), low)
        probabilities = _ANY if path is None else self.path_probabilities(path, draws=not free or hit_low > stay)
        if not free:
            draws = model.owed(state)
            owed_path = path if path is not None or not draws else model.owed_path(state)
            if owed_path is not None and draws:
                hit_low = self.chain_floor(owed_path, model.chain(state), low, draws)
            elif forced and not self.once and path is not None and path.holds_zero:  # it must draw on anyway
                hit_low = self.chain_floor(path, model.chain(state), low)
            return (min(max(float(low), hit_low), hit_high), hit_high, *probabilities, 0.0)
        return (min(max(stay, hit_low), hit_high), hit_high, *probabilities, 0.0)

    def chain_floor(self, path: Path, chain: Chain | None, low: int, owed: int = 0) -> float:
        """`flip7odds.chain_floor.chain_floor` (``owed`` 0), its `owed_floor` for ``owed`` draws owed, or its
        `zero_floor` where you hold The Zero (never at a free decision; where draws are owed, with the cards you can
        give away only: `RoundModel.chain`), remembered by their arguments; -inf where the model gives no chain."""
        if chain is None:
            return -_INF
        floors = self.shared.chain_floors
        key = (path, *chain, low, owed)
        known = floors.get(key)
        if known is None:
            arrays = self.class_arrays(path.classes)
            known = floors[key] = (owed_floor(path, chain[0], low, owed, arrays, chain[1], chain[3], chain[4])
                                   if owed else
                                   zero_floor(path, chain[0], low, chain[1], arrays, chain[4], chain[2])
                                   if path.holds_zero else
                                   chain_floor(path, chain[0], low, chain[1], arrays=arrays, steals=chain[2],
                                               kept=chain[3], stays=chain[4]))
        return known

    def path_ceiling(self, path: Path, ceiling: int, stay: float = -_INF, draws: int = 1) -> float:
        """The lower of `_path_ceiling` (hindsight; its terms, `_path_terms`, remembered by path) and
        `flip7odds.drift.drift_ceiling` (the martingale, remembered by its arguments; its chain forced through the
        first ``draws`` cards, those owed): both bound ``H``. Where the drift ceiling is already at most ``stay`` the
        state closes whatever the other is, so it alone is returned (and the path's terms are not computed for it)."""
        drift = self.drift_ceiling(path, ceiling, draws)
        if drift <= stay:
            return drift
        return min(self.terms(path).ceiling(ceiling), drift)

    def drift_ceiling(self, path: Path, ceiling: int, draws: int = 1) -> float:
        """`flip7odds.drift.drift_ceiling`, remembered by its arguments."""
        drift = self.shared.drift_ceilings.get((path, ceiling, draws))
        if drift is None:
            drift = self.shared.drift_ceilings[path, ceiling, draws] = drift_ceiling(path, ceiling,
                                                                                     self.shared.chain_ends, draws)
        return drift

    def path_probabilities(self, path: Path, draws: bool) -> tuple[float, float, float, float]:
        """P(Flip 7) and P(bust) by the end under any optimal play from a state with ``path``, as ``(lo, hi, lo,
        hi)``: from 0 to `_path_terms`' ceilings; where that play ``draws`` the next card (you must, or hitting is
        certainly better), P(bust) is at least that card's chance to bust you, ``B / N``."""
        terms = self.terms(path)
        return (0.0, terms.flip7, min(terms.bust, path.bust / path.size) if draws else 0.0, terms.bust)

    def terms(self, path: Path) -> PathTerms:
        """`_path_terms`, remembered by path."""
        terms = self.shared.path_terms.get(path)
        if terms is None:
            key = _terms_key(path)
            terms = self.shared.terms_by_reads.get(key)
            if terms is None:
                terms = self.shared.terms_by_reads[key] = _path_terms(path, self.class_sums)
            self.shared.path_terms[path] = terms
        return terms

    def class_sums(self, depth: int, classes: tuple[tuple[int, int], ...]) -> ClassSums:
        """`_class_sums`, remembered by its arguments (never changed by its callers)."""
        known = self.shared.class_sums.get((depth, classes))
        if known is None:
            known = self.shared.class_sums[depth, classes] = _class_sums_compiled(depth, classes,
                                                                                  self.class_arrays(classes))
        return known

    def class_arrays(self, classes: tuple[tuple[int, int], ...]) -> ClassArrays:
        """`flip7odds.chain_floor.class_arrays`, remembered by classes."""
        arrays = self.shared.class_arrays.get(classes)
        if arrays is None:
            arrays = self.shared.class_arrays[classes] = class_arrays(classes)
        return arrays

    def hit_ceiling(self, ladder: tuple[int, ...], hazard: tuple[int, int, int, int, tuple[int, ...]]) -> float:
        """`_hit_ceiling`, remembered by its arguments, with `_survival` remembered too."""
        ceilings = self.shared.hit_ceilings
        known = ceilings.get((ladder, hazard))
        if known is None:
            known = ceilings[ladder, hazard] = _hit_ceiling(ladder, *hazard, survival=self.survival)
        return known

    def survival(self, classes: tuple[int, ...], bust: int, rescue: int, size: int, depth: int) -> list[float]:
        """`_survival`, remembered by its arguments."""
        arguments = (classes, bust, rescue, size, depth)
        known = self.shared.survival.get(arguments)
        if known is None:
            known = self.shared.survival[arguments] = _survival(*arguments)
        return known

    def expand(self, state: S, key: Hashable, budget: float) -> Entry:
        """One level down: the hit interval from the children, then the decision."""
        self.expansions += 1
        held = (self.shared.entries() + len(self.known) + len(self.statics) + self.expansions
                + self.model.entries())
        if self.clock() + TEARDOWN * held > self.deadline:
            self.stopped = True
        hit = self.hit(state, budget, key)
        model = self.model
        if model.forced(state) or not model.may_stay(state):
            return hit
        stay = float(model.banked(state))
        if hit[1] <= stay:  # hitting cannot beat staying: exactly stay, and the policy stays
            return (stay, stay, 0.0, 0.0, 0.0, 0.0, _INF)
        hits = _midpoint(hit) > stay + TIE
        probabilities = hit[2:6] if hits else (0.0, 0.0, 0.0, 0.0)
        return (max(stay, hit[0]), max(stay, hit[1]), *probabilities, hit[6])

    def hit(self, state: S, budget: float, key: Hashable | None = None) -> Entry:
        """Bounds of drawing one card now, then playing on (optimally, or banking in ``once`` mode)."""
        key = self.model.key(state) if key is None else key
        outcomes = self.shared.outcomes.get(key)
        if outcomes is None:
            outcomes = self.shared.outcomes[key] = _prepared(*self.model.outcomes(state))
        lo = hi = f7_lo = f7_hi = bust_lo = bust_hi = 0.0
        finest = _INF
        for weight, child, kind in outcomes:
            if kind is _Kind.TERMINAL:
                entry = child
            elif kind is _Kind.STATE:
                entry = self.state(child, budget * weight)
            else:
                entry = self.choice(child, budget * weight)
            lo += weight * entry[0]
            hi += weight * entry[1]
            f7_lo += weight * entry[2]
            f7_hi += weight * entry[3]
            bust_lo += weight * entry[4]
            bust_hi += weight * entry[5]
            if entry[6] < finest:  # noqa: PLR1730 (min() without the call, in the hottest loop; no budget is NaN)
                finest = entry[6]
        return (lo, hi, f7_lo, f7_hi, bust_lo, bust_hi, finest)


@contextlib.contextmanager
def paused_cyclic_collection() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for the search, then restore it as it was (nested: the outermost
    pause restores it).

    The search builds hundreds of thousands of tuples and dicts that hold no cycles (reference counting
    frees them), and the collector walked them over and over: 0.7 s of a 3 s search, 0.1 s for one full
    collection, which could land after the deadline. Every object made while it is paused stays in the
    youngest generation, so the first collection after it walks all that are still alive: a caller that
    keeps the model's tables alive past the search (they hold as many objects) should pause around the
    model's whole life (`flip7odds.answer`), or that first collection costs 0.2-0.3 s. Garbage with cycles
    made meanwhile, here or in another thread, is collected when the collector runs again.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _full_costs(rounds: Sequence[float], steps: Sequence[float]) -> list[float]:
    """Each round's CPU time (``rounds``: the clock at the start and at the end of each round) as a full step's: a
    round that divided ``eps`` by ``step`` (``steps``, one per round) counted ``log(REFINE) / log(step)`` times."""
    return [(end - start) * math.log(REFINE) / math.log(step) for start, end, step in zip(rounds, rounds[1:], steps)]


def _next_round(rounds: Sequence[float], steps: Sequence[float] | None = None) -> float:
    """The predicted CPU time of the next full round (``eps`` divided by `REFINE`): the last round's time times
    the growth of the last two (at least `MIN_GROWTH`), each counted as a full step's (`_full_costs`; ``steps``
    None: every round so far was one)."""
    costs = _full_costs(rounds, [REFINE] * (len(rounds) - 1) if steps is None else steps)
    last = costs[-1]
    if len(costs) < 2:
        return last * MIN_GROWTH
    before = costs[-2]
    return last * max(MIN_GROWTH, last / before if before > 0 else MIN_GROWTH)


LAST_STEPS = (2.0, math.sqrt(2.0))
"""The shorter steps a round may take where a full one (`REFINE`) does not fit (module docstring, "Stopping")."""


def _next_step(rounds: Sequence[float], steps: Sequence[float], deadline: float) -> float | None:
    """The step of the next round (``steps``: those of the rounds so far): `REFINE` if its round is predicted to
    finish by ``deadline`` (`_next_round`), else the largest of `LAST_STEPS` that is, its time predicted as the full
    step's to the power ``log(step) / log(REFINE)`` of its growth; None if none is."""
    full = _next_round(rounds, steps)
    if rounds[-1] + full <= deadline:
        return REFINE
    last = _full_costs(rounds[-2:], steps[-1:])[0]
    growth = full / last if last > 0 else MIN_GROWTH
    for step in LAST_STEPS:
        if rounds[-1] + last * growth ** (math.log(step) / math.log(REFINE)) <= deadline:
            return step
    return None


def round_down(value: float, digits: int) -> float:
    """``value`` rounded down to ``digits`` decimals (a margin said to be "at least" it stays true; an interval's
    lower end as written, `Bounds.outward`).

    The ``1e-9`` keeps a value that is already a round decimal (``0.29`` stored as ``0.28999…``) where it is.

    >>> round_down(4.948, 2), round_down(0.29, 2)
    (4.94, 0.29)
    """
    scale = 10.0**digits
    return math.floor(value * scale + 1e-9) / scale


@dataclass(frozen=True)
class Bounds:
    """A certified interval ``[lo, hi]`` holding an exact value."""

    lo: float
    hi: float

    @classmethod
    def point(cls, value: float) -> Bounds:
        """An exactly known value."""
        return cls(value, value)

    @property
    def mid(self) -> float:
        """The midpoint: the estimate the decision reads."""
        return (self.lo + self.hi) / 2

    @property
    def width(self) -> float:
        """``hi - lo``: 0 when exact."""
        return self.hi - self.lo

    def __contains__(self, value: float) -> bool:
        return self.lo <= value <= self.hi

    def outward(self, digits: int) -> tuple[float, float]:
        """The interval as written with ``digits`` decimals, rounded outward: ``lo`` down (`round_down`), ``hi`` up,
        so that the written interval holds the whole interval, hence the exact value (at most one unit of the last
        decimal wider at each end). A hair below a whole unit is float noise, not a unit of the bound.

        >>> Bounds(21.9449, 22.7601).outward(2)
        (21.94, 22.77)
        """
        scale = 10.0**digits
        return round_down(self.lo, digits), math.ceil(self.hi * scale - 1e-9) / scale

    def widened(self, margin: float, floor: float = -_INF, ceiling: float = _INF) -> Bounds:
        """Moved outward by ``margin`` (kept within ``[floor, ceiling]``), unless exact."""
        if self.lo == self.hi:
            return self
        return Bounds(max(floor, self.lo - margin), min(ceiling, self.hi + margin))


@dataclass(frozen=True)
class BoundedResult:
    """The bounded solver's answer for the root of a model (a state at your free decision).

    ``hit``: hit now, then play on optimally; ``hit_once``: hit once, then stay (forced draws included);
    ``optimal``: ``max(stay, hit)``, or ``hit`` where you may not stay. ``flip7_probability`` and
    ``bust_probability`` are P(you end with a Flip 7 / busted) under the solver's policy from the root
    (module docstring). ``hit`` and ``hit_once`` are None when no card can be drawn.
    """

    stay_score: int
    may_stay: bool
    hit: Bounds | None
    hit_once: Bounds | None
    optimal: Bounds
    hits: bool
    """The solver's decision at the root: hit when the hit midpoint beats staying (or you may not stay)."""
    flip7_probability: Bounds
    bust_probability: Bounds
    exact: bool
    expansions: int

    @property
    def error_bound(self) -> float:
        """The largest gap of any value reported (0 when exact)."""
        if self.exact:
            return 0.0
        widths = [self.optimal.width, self.flip7_probability.width, self.bust_probability.width]
        widths += [b.width for b in (self.hit, self.hit_once) if b is not None]
        return max(widths)


def _intersected(before: Entry, after: Entry) -> Entry:
    """The root's bounds after a round (``after``) and from the rounds before (``before``): the value intervals
    intersected (both hold the exact value), the probability bounds of whichever bounds its policy's two
    probabilities more narrowly (each holds for the policy of its own round: module docstring, "Probabilities"), the
    budget of the last round."""
    if _probability_gap(after) > _probability_gap(before):
        return (max(after[0], before[0]), min(after[1], before[1]), *before[2:6], after[6])
    return (max(after[0], before[0]), min(after[1], before[1]), *after[2:])


def solve_bounded(model: RoundModel[S], cpu_seconds: float = 3.0, target: float = TARGET,
                  max_budget: float = _INF, by_work: bool = False, call_width: float = 0.0) -> BoundedResult:
    """Bound every number of the round at ``model.root()`` within ``target`` or ``cpu_seconds`` of CPU.

    ``max_budget``: stop refining once ``1 / eps`` would pass it (a deterministic stop, for tests and for
    comparing searches at the same depth; the ``1 / eps`` of a mode already settled no longer grows, so the
    largest one is read).

    ``by_work``: ``cpu_seconds`` is read on the searches' work clock instead of the process's CPU clock: the work
    done so far (expansions and table entries, the two searches' and the model's) at `RoundModel.work_seconds` each. The
    deadline, the rounds' predicted costs and the last step ("Stopping") are then counted, not timed, so the same
    model gives the same result, bit for bit, however loaded the machine (the quiz, `flip7odds.answer.answer`'s
    ``deterministic``); its CPU time is about ``cpu_seconds`` on the BENCHMARKS.md machine, more on a slower one.

    ``call_width`` (the live page; 0 leaves it out): also stop after the first round that settles the call and
    knows the hit value this closely: the interval of hitting (hit now, then play best) at most ``call_width``
    wide, and either you may not stay or staying's score lies outside that interval (so the decision by the
    midpoints is the exact optimum's). The bounds reported are still certified; only their narrowing stops.
    """
    root = model.root()
    stay = model.banked(root)
    may_stay = model.may_stay(root)
    if not model.can_draw(root):
        banked = Bounds.point(float(stay))
        none = Bounds.point(0.0)
        return BoundedResult(stay, may_stay, None, None, banked, False, none, none, True, 0)
    with paused_cyclic_collection():
        return _solve(model, root, stay, may_stay, cpu_seconds, target, max_budget, by_work, call_width)


def _solve(model: RoundModel[S], root: S, stay: int, may_stay: bool, cpu_seconds: float, target: float,
           max_budget: float, by_work: bool, call_width: float) -> BoundedResult:
    """`solve_bounded` from a root where a card can be drawn."""
    shared = _Shared()
    searches: dict[bool, _Search[S]] = {}

    def work() -> float:
        """The work clock (`solve_bounded`): nominal seconds of the work done so far."""
        done = shared.entries() + model.entries()
        for search in searches.values():
            done += len(search.known) + len(search.statics) + search.expansions
        return model.work_seconds * done

    clock = work if by_work else time.process_time
    deadline = clock() + cpu_seconds
    searches.update({False: _Search(model, deadline, shared=shared, clock=clock),
                     True: _Search(model, deadline, True, shared, clock)})
    budgets = {False: FIRST_BUDGET, True: FIRST_BUDGET}
    best: dict[bool, Entry] = {}
    rounds = [clock()]
    steps = [REFINE]  # the step of each round (the first: ``FIRST_BUDGET``, counted as a full one)
    narrowed = False  # a short step to narrow a settled call was taken ("Stopping": once)
    idle = expanded = 0  # rounds in a row that expanded no state; the states expanded so far
    try:
        while True:
            ran = []
            for mode, search in searches.items():
                if mode in best and (best[mode][6] == _INF or search.weighed(best[mode]) <= target):
                    continue
                entry = search.hit(root, budgets[mode])
                if mode in best:
                    entry = _intersected(best[mode], entry)
                best[mode] = entry
                ran.append(mode)
            if _settles(best[False], stay, may_stay) and not _hits(best[False], stay, may_stay):
                searches[False].probabilities = False  # the call is to stay: the hit's probabilities go unreported
            settled = all(entry[6] == _INF or searches[mode].widest(entry) <= target for mode, entry in best.items())
            rounds.append(clock())
            before, expanded = expanded, sum(search.expansions for search in searches.values())
            idle = idle + 1 if expanded == before else 0
            if settled or _called(best[False], stay, may_stay, call_width) or idle >= IDLE_ROUNDS or \
                    any(search.stopped for search in searches.values()) or \
                    max(budgets[mode] * (REFINE if mode in ran else 1.0) for mode in budgets) > max_budget:
                break
            step = _next_step(rounds, steps, deadline)  # ("Stopping")
            if step is None:
                if call_width > 0 or by_work or rounds[-1] >= deadline:
                    break
                step = LAST_STEPS[-1]  # the time left, spent on a round the deadline cuts ("Stopping")
            if call_width > 0 and not narrowed and _settles(best[False], stay, may_stay):
                step = min(step, _narrowing_step(best[False][1] - best[False][0], call_width))
                narrowed = step < REFINE
            steps.append(step)
            for mode in ran:
                budgets[mode] *= step
    finally:
        expansions = sum(search.expansions for search in searches.values())
        # The work clock reads the searches and each search reads the work clock: a cycle, which would keep every
        # table alive until the cyclic collector walked them all (0.2-0.9 s for a search of 1-3 s). Emptied, the
        # searches and their tables are freed as soon as this returns.
        searches.clear()
    hit, once = best[False], best[True]
    exact = hit[6] == _INF and once[6] == _INF
    hit_bounds = Bounds(hit[0], hit[1]).widened(ROUNDING)
    hits = _hits(hit, stay, may_stay)
    if hits:
        optimal = Bounds(hit[0], hit[1]) if not may_stay else Bounds(max(stay, hit[0]), max(stay, hit[1]))
        flip7, bust = Bounds(hit[2], hit[3]), Bounds(hit[4], hit[5])
    else:
        optimal = Bounds(float(stay), max(float(stay), hit[1]))
        flip7 = bust = Bounds.point(0.0)
    return BoundedResult(
        stay_score=stay,
        may_stay=may_stay,
        hit=hit_bounds,
        hit_once=Bounds(once[0], once[1]).widened(ROUNDING),
        optimal=optimal.widened(ROUNDING),
        hits=hits,
        flip7_probability=flip7.widened(PROBABILITY_ROUNDING, 0.0, 1.0),
        bust_probability=bust.widened(PROBABILITY_ROUNDING, 0.0, 1.0),
        exact=exact,
        expansions=expansions,
    )

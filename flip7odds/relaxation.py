"""Certified bounds from relaxed decks that the exact lattice solver can solve: merged minor penalties.

The lattice solver (`flip7odds.solver`) is exact, but its state count grows with the number of modifier
kinds: the pile's drawn modifiers are a count per group of interchangeable cards (its reduction 6), so
the poker deck's ten distinct penalties multiply the columns by ``2^10``. This module merges the
*minor* penalties (those outside the royal flush: the poker -2 .. -9 of diamonds) into a few groups of
identical cards, solves the merged decks exactly, and turns the two results into rigorous bounds.

The argument
------------
Fix a situation. Split the minor penalties of the pile into groups ``G_1 .. G_g`` (and those of a known
discard pile into groups of their own). A *relaxed game* replaces every card of ``G_i`` by a copy of one
card of value ``w_i``; everything else (numbers, the x2 figures, the royal flush's -1 and -10, actions,
your line) is unchanged, so the royal flush is scored exactly.

*Coupling.* Draw the relaxed game's cards in a uniformly random order and, each time a card of ``G_i``
comes, give it an identity drawn uniformly among the cards of ``G_i`` not yet given. The named sequence
has exactly the law of the real game's shuffle (a uniform permutation of the real pile), and the relaxed
sequence is the named one with identities forgotten. (A reshuffled discard pile is a new uniform
permutation of its own cards; its groups are its own, since the pile's modifiers stay in your line.)

*Upper bound:* ``w_i = max G_i`` (the least penalty). Any policy of the real game is a policy of the
relaxed game that also reads the identities given by the coupling; on every deal it ends the same way,
and a round that does not bust scores ``(numbers) * multiplier + penalties + bonuses``, increasing in
every penalty, so the relaxed score is at least the real one (a bust is 0 in both). So the real
optimum is at most the relaxed optimum (which does not gain from the identities: they are independent
of the future relaxed cards). ``V_real <= V_relaxed(max)``.

*Lower bound:* ``w_i = mean G_i``. Take the relaxed game's optimal policy ``pi``: it reads only the
relaxed state, so it can be played in the real game by forgetting identities. Under ``pi`` the relaxed
trajectory has the same law in both games, and given it the identities of the ``k_i`` cards of ``G_i``
you hold are a uniformly random ``k_i``-subset of ``G_i`` (the assignment is independent of the order
of kinds), so their expected sum is ``k_i * mean G_i``. The score is affine in the penalties given the
rest of the line, hence ``E_real[score under pi] = V_relaxed(mean)``: an achievable value, so
``V_relaxed(mean) <= V_real``, and the probabilities of a Flip 7 and of a bust under ``pi`` are the
relaxed solve's own, exactly (they depend on the trajectory only). The same holds for every value the
model defines: hit now then play on, hit once then stay (its forced choices made by ``pi``), and the
optimum ``max(stay, hit)``.

The means are rational: the relaxed game is solved with every score multiplied by an integer ``s``
(number values, penalties and both bonuses times ``s``; the x2 factors unchanged), which multiplies every
score of every line by ``s`` (the score is linear in them), so each ``s * mean G_i`` is an integer, and
the solution is divided by ``s``.

Merging the royal flush
-----------------------
Where even one group is too large (a fresh poker pile played alone: 129 million states), the royal
flush's own penalties (-1, -10) are merged with the others. Its bonus then changes so that both bounds
stay true pointwise: the upper game pays it whenever the line holds the royal flush's other cards (the
three x2 figures), which every real royal flush does; the lower game never pays it, which only lowers
the coarse policy's score, so ``V_relaxed(mean) <= E_real[score under pi] <= V_real`` still holds (the
probabilities of a Flip 7 and of a bust do not depend on the bonus, and stay exact for ``pi``).

The information premium
-----------------------
At the least penalties the upper deck credits each merged penalty you end holding with ``max G_i - v``: on the fresh
pile alone almost all of the gap (the lower deck barely moves with finer groups: 29.0818 with one, 29.0830 with two). A lower value ``w_i`` for
the cards of ``G_i`` gives a true bound once what knowing their identities can be worth is added.

Along any play of the real game let ``I`` be the identities of the merged penalties seen so far and ``D(I)`` the sum
over them of ``v - w_i``. A round that does not bust scores the relaxed deck's score of the same cards plus ``D`` (the
score is the numbers' part plus the penalties, with the merged royal flush paid as in the upper game); a bust scores
0 in both. Let ``Psi(I)`` be the Snell envelope of ``max(0, D)``: the most ``E[max(0, D)]`` at a stop of a walk that
draws merged penalties one at a time, each uniformly among the unseen cards of a group it chooses, and stops when it
likes (`information_premium`, over the subsets of the merged cards). Then at every state ``x`` of the round,
``V_real(x, I) <= V_w(x) + Psi(I)``, by induction up the tree: staying scores ``stay_w + D <= stay_w + Psi``; a bust
``0 <= Psi``; a card that is no merged penalty leaves ``I`` as it is; a merged penalty of ``G_i`` has an identity
uniform among the unseen cards of ``G_i`` (the coupling above; a reshuffled discard pile's groups are its own), and
``E[Psi(I + v)] <= Psi(I)`` for every group (an envelope is a supermartingale whatever group comes); sums and maxima
keep the inequality. At the root nothing is seen: ``V_real <= V_w + Psi(empty)``. With ``w_i = max G_i``, ``D <= 0``
and ``Psi = 0``: the least-penalty deck. Lower values take ``max G_i - w_i`` off each penalty held and cost
``Psi(empty)``, which lets the walk draw as many penalties as it likes, so some shading pays and more does not:
`upper_shading` values every group the same number of steps below its least penalty, the step that maximises
`SHADE_HOLDING` (less where `reachable_penalties` says a round can hardly draw them) times the mean shading of a
merged card less the premium (the bound holds for every step; this only picks one). On the fresh pile alone (eight minor penalties, one group at -4 for -2..-9) the premium is 33/70 and the
upper bound falls from 31.19 to 30.46 (29.99 + 0.47); the ten penalties in two groups (the royal flush merged too)
at -2 and -7 give 29.88 + 13/48 = 30.15, the deck `choose_relaxation` now picks at 3 s (the lower bound is 29.08),
30.06 with its refunds ("Refunds").

Refunds
-------
The induction above pays ``Psi(empty)`` on every play, even one that ends holding no merged penalty, where ``D = 0``.
Let ``k(I)`` count the cards of each group in ``I`` and ``r(k) = min Psi(I) - D(I)`` over the subsets ``I`` with the
counts ``k``: ``r >= 0`` (``Psi >= max(0, D) >= D``), ``r(0) = Psi(empty)``, and on the fresh pile alone ``r(k) = 0``
for every other ``k`` (the best cards of ``k`` stop the walk at once). Let ``V'`` be the shaded deck's value with
every ending that does not bust scoring ``r(k)`` less (the lattice carries ``k``, the cards drawn of each merged
group: `flip7odds.solver.ScoreOffsets`). Then ``V_real(x, I) <= V'(x) + Psi(I)`` at every state, by the same
induction: an ending that does not bust (staying, a Freeze, five numbers) scores ``score_w + D(I) = (score_w - r(k))
+ (r(k) + D(I)) <= score' + Psi(I)``; a bust ``0 <= Psi(I)``; draws as before. So a round that ends with no merged
penalty gives the premium back (`refunded_problem`): on the fresh pile alone 29.79 + 13/48 = 30.06 instead of 30.15.
The deck's scores are multiplied by the least common denominator of the refunds (at most `REFUND_SCALE`; each
refund rounded down to its grid, which only lowers it). Only where the pile cannot run out onto known discards (a
reshuffle's sub-problems start from other counts) and each merged group is a card of its own in the deck (else the
deck is solved without them). A bust keeps the premium: the lattice scores every bust 0 (refunding there too, by
the least ``Psi(I)`` over the counts, would need the solver's loops to score a bust by its column).

Penalty-blind rules
-------------------
A rule that never looks at which minor penalty came (`flip7odds.policies`: ``penalty_blind``: stay at a sum
of numbers, at a bust chance, at a count of numbers, always hit) is one policy of both games. By the same
coupling its relaxed trajectory has the same law in both, and given it the penalties you hold of a group are a
uniformly random subset of the group, so with every group valued at its **mean** the relaxed game's expected
score *is* the rule's exact expected score in the real game, with the same P(Flip 7) and P(bust), for any
grouping: one group is the smallest lattice (`blind_policy_value`). The royal flush's cards are kept as they
are (its bonus needs to know that the -1 and the -10 came). The one choice such a rule makes by values, to
bank an empty line on a Freeze that is not alone (`flip7odds.policies`), is made with no card in your line:
nothing is hidden there, so the merged game's value of drawing on is the real one and the choice is the same.
Played alone on a fresh pile that lattice is still large (65 million states); there, and only alone (where
no choice looks at values), the royal flush is merged too: valued at the mean and paid never, the rule
scores at most its real score; at the mean and paid whenever its three x2 figures are held, at least. Two
certified bounds, a few hundredths of a point apart, with P(Flip 7) and P(bust) still exact.

Hit once, then stay
-------------------
Alone, hitting once and then staying makes no choice at all (a Flip Three drawn is taken, a Freeze banks), so
it is a penalty-blind rule: its value on the mean-merged deck with the royal flush kept is exact
(`hit_once_bounds`). Not alone, whether to take the Flip Threes set aside during a Flip Three is chosen after
seeing the penalties it brought. There the real deck is valued as it is wherever the pile holds more cards than a
hit can draw (`walks`: `flip7odds.lookahead`'s walk over reduced states, 0.05-0.06 s on a fresh pile, exact); on a
short pile over known discards (its literal tree) the mean deck gives the lower bound and a least-penalty deck of a
few groups the upper one.

Choosing the decks
------------------
The gap is at most the expected number of minor penalties you end holding times the largest
``max G_i - mean G_i``, plus what knowing which penalty came is worth: finer groups give tighter
bounds and larger lattices (a group of ``c`` cards multiplies the columns by ``c + 1``). The two bounds hold
for any grouping each, so the two decks need not merge alike: the lower bound is nearly tight with one group,
so `choose_relaxation` gives the lower deck the finest contiguous grouping of the sorted values that fits a
quarter of the budget and the upper deck, of those that fit the rest at no more cost than the finest of them, the one
whose estimated excess is least (`upper_excess`: shaded, a coarser deck can beat a finer one; usually the finest) (`HIT_ONCE_SHARE` of the budget
is kept for hit once, then stay).
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from flip7odds.cards import FLIP_THREE, FREEZE, SECOND_CHANCE, Card, Category, ModifierKind
from flip7odds.counts import CardCounts
from flip7odds.huge_pages import without_huge_pages
from flip7odds.lookahead import hit_once_value
from flip7odds.policies import HitStayPolicy, scaled_policy
from flip7odds.rules import RuleSet
from flip7odds.situation import Line, Situation
from flip7odds.solver import (
    FLIP_THREE_DRAWS,
    Problem,
    ScoreOffsets,
    Solution,
    SolveCost,
    Start,
    solve,
    solve_cost,
    tracks_flight,
)

SECONDS_PER_STATE = 30e-9
"""CPU seconds per lattice state of a relaxed solve (the merged decks have few modifier columns). Measured on the
BENCHMARKS.md machine with the solver of 2026-12-03 (its modifier gather reads compressed moves): 27-30 ns on the
fresh poker pile alone (20 and 65 million states, load average about 2); 34-41 ns before it, on 2026-12-02."""
VALUES_SECONDS_PER_STATE = 20e-9
"""The same for the upper deck, whose solve wants only its values (`flip7odds.solver.solve`'s ``probabilities``
False: no forward pass): 12-16 ns on the fresh poker pile alone (65 and 179 million states), 14 ns for `K` alone and
21 ns for `K 9` alone (108 and 113 million states, seven groups: more columns a state), load average 3.5-5.5,
2026-12-06)."""
RESHUFFLED_SECONDS_PER_STATE = 80e-9
"""The same over a pile that may run out onto known discards: the reshuffled sub-problems hold many numbers, and
their short layers cost more a state (measured 39-490 ns, 108 ns on the upper deck of an empty line over
``7 9 10 2`` and 49 discards, 2026-12-02, load average about 3)."""
HIT_ONCE_GROUPS = 4
"""Hit once, then stay, is bounded from above with at most this many groups when not alone and the pile is short
(`flip7odds.lookahead.hit_once_value`'s literal tree, in exact fractions on the relaxed games); alone its merged
value is exact, and not alone over a pile it `walks` the real deck is ("Hit once, then stay")."""
HIT_ONCE_SHARE = 0.15
"""The share of the budget kept for hit once, then stay (0.45 s of 3 s; 0.075 s of the live page's 0.5 s,
where one group, the least it needs, takes 0.07 s on a fresh pile)."""
LOWER_SHARE = 0.25
"""The share of the lattice budget the lower deck may take when a finer one does not fit: its bound is nearly
tight with one group (a fresh pile alone: 29.0818 with one group, 29.0830 with two; with one other 44.1746 and
44.1762 with four), the upper deck's is not (32.51 and 30.63 alone), so the rest goes to the upper deck."""
TIE = 1e-9
"""Hitting is chosen only when its midpoint beats staying by more than this (MODEL.md: ties stay)."""
ROUNDING = 1e-9
"""Outward widening of the bounds for the lattice's float rounding (points; 1e-12 for probabilities)."""


@dataclass(frozen=True, order=True)
class Grouping:
    """How a relaxation merges: the minor penalties of the pile cut into ``groups`` groups (those of the
    discards into as many); ``royal``: the royal flush's penalties are kept as they are (exact royal flush),
    else they are merged too (module docstring, "Merging the royal flush")."""

    royal: bool
    groups: int


def is_minor(card: Card, rules: RuleSet, grouping: Grouping) -> bool:
    """A penalty the relaxation merges: outside the royal flush, or any penalty when it is merged too."""
    return (card.modifier is ModifierKind.PLUS and card.value < 0
            and not (grouping.royal and card in rules.royal_flush))


def drawing(problem: Problem) -> Problem:
    """``problem`` with an empty pile replaced by its known discards, as `flip7odds.solver.solve` does."""
    if problem.pile.size == 0 and problem.discards is not None and problem.discards.size > 0:
        return replace(problem, pile=problem.discards, discards=None)
    return problem


def minors(problem: Problem, grouping: Grouping) -> tuple[list[int], list[int]]:
    """The values of the penalties merged in the pile and in the known discards, with repeats, sorted
    (the discards become the pile when the pile is empty: `drawing`)."""
    problem = drawing(problem)
    def values(counts: CardCounts | None) -> list[int]:
        if counts is None:
            return []
        return sorted(card.value for card, n in counts.items_ for _ in range(n)
                      if is_minor(card, problem.rules, grouping))
    return values(problem.pile), values(problem.discards)


def grouped(values: Sequence[int], groups: int) -> list[list[int]]:
    """``values`` (sorted) cut into ``groups`` contiguous runs as equal in size as they can be."""
    groups = max(1, min(groups, len(values)))
    cuts = [round(i * len(values) / groups) for i in range(groups + 1)]
    return [list(values[cuts[i]:cuts[i + 1]]) for i in range(groups) if cuts[i + 1] > cuts[i]]


PREMIUM_CARDS = 10
"""The upper deck is shaded ("The information premium") only where at most this many penalties are merged (pile and
discards together): its premium walks every subset of them (1024 for ten, a few milliseconds)."""
SHADE_HOLDING = Fraction(1, 2)
"""How many merged penalties a round is assumed to end holding when the shading is chosen (`upper_shading`), at most
(fewer where `reachable_penalties` says a round can hardly draw them): the bound is true for any shading, this only
picks one. Measured about 0.6 on the fresh pile alone (the upper deck's value falls by 0.6 a point of shading), less
on most later piles, so the choice stays on the careful side."""


@dataclass(frozen=True)
class Shading:
    """The upper deck's values of its merged groups (pile groups, then discard groups, as `grouped` cuts them) and
    the information premium added to its values ("The information premium")."""

    values: tuple[int, ...]
    premium: Fraction


def information_premium(groups: Sequence[Sequence[int]], values: Sequence[int]) -> Fraction:
    """``Psi(empty)``: the most ``E[max(0, D)]`` at a stop of a walk that draws cards of ``groups`` one at a time, each
    uniformly among the unseen cards of a group it chooses, and stops when it likes; ``D`` is the sum over the cards
    drawn of their value less their group's entry of ``values`` ("The information premium"). Exact, by the Snell
    envelope ``Psi(I) = max(D(I)^+, max_g mean over unseen v of g of Psi(I + v))`` over the subsets ``I``.

    >>> information_premium([[-1, -2, -3]], [-1]), information_premium([[-1, -3]], [-2])
    (Fraction(0, 1), Fraction(1, 2))
    """
    return _envelope(tuple(map(tuple, groups)), tuple(values)).premium


@dataclass(frozen=True)
class Envelope:
    """`information_premium`'s envelope: ``premium`` is ``Psi(empty)``, and ``refunds`` maps the counts drawn of each
    group ``k`` to ``r(k)``, the least ``Psi(I) - D(I)`` over the subsets ``I`` with those counts ("Refunds")."""

    premium: Fraction
    refunds: tuple[tuple[tuple[int, ...], Fraction], ...]


@functools.lru_cache(maxsize=256)
def _envelope(groups: tuple[tuple[int, ...], ...], values: tuple[int, ...]) -> Envelope:
    """`Envelope` of ``groups`` valued at ``values`` (remembered: a game's taps meet the same groups again)."""
    # In integers: ``T Psi`` with ``T = prod |G|!``. From a subset with ``k_g`` cards of each group seen, the means
    # below divide by at most ``prod (|G| - k_g)!``, which divides ``T``: every ``T Psi`` and every mean is exact.
    scale = math.prod(math.factorial(len(group)) for group in groups)
    cards = [(at, scale * (value - values[at])) for at, group in enumerate(groups) for value in group]
    members = [[1 << i for i, (at, _) in enumerate(cards) if at == g] for g in range(len(groups))]
    envelope = [0] * (1 << len(cards))
    drawn = [0] * (1 << len(cards))  # T D of each subset, from the subset less its lowest card
    for mask in range(1, 1 << len(cards)):
        low = mask & -mask
        drawn[mask] = drawn[mask ^ low] + cards[low.bit_length() - 1][1]
    for mask in range((1 << len(cards)) - 1, -1, -1):  # every superset of a subset is larger: done before it
        best = max(0, drawn[mask])
        for member in members:
            unseen = [bit for bit in member if not mask & bit]
            if unseen:
                total = sum(envelope[mask | bit] for bit in unseen)
                assert total % len(unseen) == 0, "the scale makes every mean an integer"
                best = max(best, total // len(unseen))
        envelope[mask] = best
    refunds: dict[tuple[int, ...], int] = {}
    for mask in range(1 << len(cards)):
        counts = tuple(sum(1 for bit in member if mask & bit) for member in members)
        refund = envelope[mask] - drawn[mask]
        refunds[counts] = min(refunds.get(counts, refund), refund)
    return Envelope(Fraction(envelope[0], scale),
                    tuple((counts, Fraction(refund, scale)) for counts, refund in sorted(refunds.items())))


def _merged_groups(problem: Problem, grouping: Grouping) -> tuple[list[tuple[int, ...]], int]:
    """The groups of minor penalties ``grouping`` merges in the upper deck (the pile's, then the discards'), and how
    many cards they hold."""
    pile_values, discard_values = minors(problem, grouping)
    groups = [tuple(group) for values in (pile_values, discard_values) for group in grouped(values, grouping.groups)]
    return groups, sum(map(len, groups))


def _holding(problem: Problem, grouping: Grouping) -> Fraction:
    """The merged penalties a round is assumed to end holding: `SHADE_HOLDING`, less where `reachable_penalties`
    says a round cannot reach that many."""
    return SHADE_HOLDING * min(Fraction(1), reachable_penalties(problem, grouping))


def upper_shading(problem: Problem, grouping: Grouping) -> Shading | None:
    """The upper deck's shading for ``grouping`` ("The information premium"), or None (its least penalties, no
    premium): each group valued ``j`` steps below its least penalty (its ``j + 1``-th largest value, or its largest
    penalty), the same ``j`` for every group, chosen to maximise `SHADE_HOLDING` times ``min(1, reachable_penalties)``
    times the mean shading of a merged card less the premium; None where that is never positive, or more than
    `PREMIUM_CARDS` penalties are merged."""
    groups, merged = _merged_groups(problem, grouping)
    if not merged or merged > PREMIUM_CARDS:
        return None
    holding = _holding(problem, grouping)
    best: Shading | None = None
    best_gain = Fraction(0)
    for step in range(1, max(map(len, groups))):
        values = tuple(sorted(group, reverse=True)[min(step, len(group) - 1)] for group in groups)
        shaded = sum(len(group) * (max(group) - value) for group, value in zip(groups, values, strict=True))
        premium = _envelope(tuple(groups), values).premium
        gain = holding * Fraction(shaded, merged) - premium
        if gain <= best_gain:
            break  # the premium grows faster than the shading from here on
        best, best_gain = Shading(values, premium), gain
    return best


def upper_excess(problem: Problem, grouping: Grouping) -> Fraction:
    """About how far the upper deck of ``grouping`` lies above the real value (it picks the upper deck,
    `choose_relaxation`; no bound rests on it): the penalties a round is assumed to end holding (`SHADE_HOLDING`,
    less where `reachable_penalties` says so) times the mean over the merged cards of their value in the deck less
    their own, plus the premium (`upper_shading`), plus the royal flush's bonus paid too often (`_royal_excess`)."""
    groups, merged = _merged_groups(problem, grouping)
    if not merged:
        return Fraction(0)
    shading = upper_shading(problem, grouping)
    values = [max(group) for group in groups] if shading is None else list(shading.values)
    excess = sum(value - card for group, value in zip(groups, values, strict=True) for card in group)
    return _holding(problem, grouping) * Fraction(excess, merged) + (0 if shading is None else shading.premium) + _royal_excess(
        problem, grouping)


SWITCH_RATIO = Fraction(3, 4)
"""`choose_relaxation` gives the upper deck a coarser grouping than the finest that fits only where its estimated excess
(`upper_excess`) is at most this share of the finest's: a fresh pile alone, 0.83 against 1.22 (1.07 points wide
instead of 1.38); a pile of 52 alone under `J`, 0.40 against 0.44, would have been 0.46 wide instead of 0.40."""
ROYAL_DRAWS = 8
"""The cards a round is assumed to draw when the royal flush's excess is estimated (`upper_excess`)."""


def _royal_excess(problem: Problem, grouping: Grouping) -> Fraction:
    """What an upper deck that merges the royal flush's penalties may add by paying its bonus on the three x2 figures
    alone ("Merging the royal flush"): the bonus times the chance that `ROYAL_DRAWS` cards of the drawing pile bring
    the figures your line lacks, about ``(ROYAL_DRAWS / N)`` for each; 0 where the royal flush is kept."""
    rules = problem.rules
    if grouping.royal or not rules.royal_flush_bonus:
        return Fraction(0)
    problem = drawing(problem)
    figures = [card for card in rules.royal_flush if card.modifier is ModifierKind.TIMES]
    missing = [card for card in figures if card not in problem.modifiers]
    size = problem.pile.size
    if any(not problem.pile[card] and not (problem.discards and problem.discards[card]) for card in missing):
        return Fraction(0)
    return rules.royal_flush_bonus * Fraction(min(ROYAL_DRAWS, size), max(size, 1)) ** len(missing)


def reachable_penalties(problem: Problem, grouping: Grouping) -> Fraction:
    """About how many merged penalties a round can draw at most (it picks the shading, `upper_shading`; no bound rests on
    it): alone every Freeze of the drawing pile ends the round, and without a Second Chance in your line or the pile so
    does every copy of a number you hold. With ``s`` such cards, a merged penalty of the pile comes before all of them
    with chance ``1 / (s + 1)``; a known discard pile is reached only when the pile holds none of them."""
    problem = drawing(problem)
    pile_values, discard_values = minors(problem, grouping)
    pile = problem.pile
    stoppers = pile[FREEZE] if problem.alone else 0
    if not problem.second_chance and not pile[SECOND_CHANCE]:
        stoppers += sum(n for card, n in pile.items_ if card.category is Category.NUMBER and card.value in problem.numbers)
    if stoppers:
        return Fraction(len(pile_values), stoppers + 1)
    return Fraction(len(pile_values) + len(discard_values))


def _merged(counts: CardCounts, rules: RuleSet, grouping: Grouping, groups: list[list[int]], upper: bool,
            scale: int, scaled: dict[Card, Card], shaded: Sequence[int] | None = None) -> CardCounts:
    """``counts`` with every merged penalty replaced by its group's card (value ``max``, its ``shaded`` value, or
    ``mean``), scaled."""
    kept: dict[Card, int] = {}
    for card, n in counts.items_:
        if not is_minor(card, rules, grouping):
            target = scaled.get(card, card)
            kept[target] = kept.get(target, 0) + n
    for at, group in enumerate(groups):
        top = max(group) if shaded is None else shaded[at]
        value = top * scale if upper else Fraction(sum(group) * scale, len(group))
        assert value == int(value), "the scale makes every mean an integer"
        card = Card.plus(int(value))
        kept[card] = kept.get(card, 0) + len(group)
    return CardCounts.from_mapping(kept)


def relaxed_problem(problem: Problem, grouping: Grouping, upper: bool, at_mean: bool | None = None,
                    shading: Shading | None = None, upper_scale: int = 1) -> tuple[Problem, int]:
    """The relaxed game of ``problem`` (`Grouping`), each group valued at its least penalty (``upper``) or
    its mean; and the scale ``s`` of its scores.

    ``at_mean`` True values the groups at their means in the upper game too (its merged royal flush still
    paid on the other cards: the upper bound of a penalty-blind rule, "Penalty-blind rules" above).
    ``shading`` (upper only, `upper_shading` of the same grouping): the groups at its shaded values instead of their
    least penalties ("The information premium" above). ``upper_scale``: the scale of a game not at the means (for its
    refunds, "Refunds" above).
    """
    problem = drawing(problem)
    rules = problem.rules
    at_mean = not upper if at_mean is None else at_mean
    pile_values, discard_values = minors(problem, grouping)
    pile_groups = grouped(pile_values, grouping.groups)
    discard_groups = grouped(discard_values, grouping.groups)
    scale = 1 if at_mean else upper_scale
    if at_mean:
        for group in pile_groups + discard_groups:
            scale = math.lcm(scale, Fraction(sum(group), len(group)).denominator)

    def times(card: Card) -> Card:
        if card.category is Category.NUMBER:
            return Card.number(card.value * scale)
        if card.modifier is ModifierKind.PLUS:
            return Card.plus(card.value * scale)
        return card

    scaled = {card: times(card) for card in (*rules.royal_flush, *problem.modifiers,
                                              *problem.pile, *(problem.discards or ()))}
    royal = tuple(scaled[card] for card in rules.royal_flush)
    royal_bonus = rules.royal_flush_bonus * scale
    if not grouping.royal:  # upper: the bonus with the royal flush's other cards; lower: never
        royal = tuple(card for card in royal if card.modifier is not ModifierKind.PLUS)
        assert royal or not rules.royal_flush_bonus, "an upper game needs the royal flush's other cards to pay it"
        royal_bonus = royal_bonus if upper else 0
    relaxed_rules = replace(rules, flip7_bonus=rules.flip7_bonus * scale, royal_flush=royal,
                            royal_flush_bonus=royal_bonus)
    shaded = None if shading is None or at_mean else shading.values
    pile = _merged(problem.pile, rules, grouping, pile_groups, not at_mean, scale, scaled,
                   None if shaded is None else shaded[:len(pile_groups)])
    discards = None if problem.discards is None else _merged(problem.discards, rules, grouping, discard_groups,
                                                             not at_mean, scale, scaled,
                                                             None if shaded is None else shaded[len(pile_groups):])
    relaxed = replace(problem, rules=relaxed_rules, numbers=frozenset(v * scale for v in problem.numbers),
                      modifiers=tuple(sorted(scaled[card] for card in problem.modifiers)), pile=pile,
                      discards=discards)
    return relaxed, scale


def bottom_problem(problem: Problem) -> Problem:
    """The round on from the bottom of ``problem``'s pile, reached by drawing all of it (an estimate's model).

    Every number of the pile is then in your line (its other copies were saved by Second Chances), every
    modifier too, and the new pile is the known discards plus the pile's other cards (its Second Chances,
    Flip Threes, Freezes and duplicates: a little more than `flip7odds.solver.reshuffled_problem` puts back).
    """
    numbers = set(problem.numbers)
    modifiers = list(problem.modifiers)
    back: dict[Card, int] = {}
    for card, n in problem.pile.items_:
        if card.category is Category.MODIFIER:
            modifiers += [card] * n
            continue
        if card.category is Category.NUMBER and card.value not in numbers:
            numbers.add(card.value)
            n -= 1
        if n:
            back[card] = n
    assert problem.discards is not None
    return replace(problem, numbers=frozenset(numbers), modifiers=tuple(sorted(modifiers)),
                   pile=problem.discards + CardCounts.from_mapping(back), discards=None, start=Start())


def estimated_cost(problem: Problem) -> SolveCost:
    """`flip7odds.solver.solve_cost`, with a pile that may run out onto known discards counted sub-problem by
    sub-problem.

    `solve_cost` counts the reshuffled sub-problems as one lattice of your line on the whole pile and discards
    together: too much when the pile is a few numbers you will all hold at its bottom (an empty line over
    ``6 8d 5d 4d`` and 49 discards: 1.09 billion states estimated, one sub-problem of 43 million solved in
    1.9 s), too little when there are several (``6`` over ``K Qd 3 2``: 257 million estimated, eight of 31-45
    million, 10.4 s). Here each is estimated by `bottom_problem` (within a few per cent of the largest one on
    the cases above) and their number by the ways the bottom can be reached: a Second Chance held or not
    there (`_bottom_holdings`, each at its own size), times where a Flip Three or Freeze drawn alone stands
    (``1 + 3 f + z``). The own lattice is `solve_cost`'s, less its reshuffle. (The same count belongs in
    `solve_cost` itself; until then the answer and the relaxation read it here.)
    """
    problem = drawing(problem)  # an empty pile is the discards reshuffled (`solve_cost` counted it as 0)
    cost = solve_cost(problem)
    stripped = problem if problem.alone else problem.stripped()
    if (stripped.discards is None or stripped.discards.size == 0 or stripped.pile.size == 0
            or not tracks_flight(stripped)):
        return cost  # the pile cannot run out: `solve_cost` counted no reshuffle
    whole = solve_cost(replace(stripped, pile=stripped.pile + stripped.discards, discards=None, start=Start()))
    own = cost.states - whole.states
    pile = stripped.pile
    bottoms = [solve_cost(replace(bottom_problem(stripped), second_chance=held))
               for held in _bottom_holdings(stripped)]
    forced = 1 + FLIP_THREE_DRAWS * pile[FLIP_THREE] + pile[FREEZE]
    # `solve_cost`'s largest layer and columns may be the whole reshuffle's: the own lattice's are at most its states
    return SolveCost(own + forced * sum(bottom.states for bottom in bottoms),
                     max(min(cost.largest_layer, own), *(bottom.largest_layer for bottom in bottoms)),
                     max(min(cost.columns, own), *(bottom.columns for bottom in bottoms)))


def _bottom_holdings(problem: Problem) -> list[bool]:
    """Whether a Second Chance can be held at the bottom of the pile (True), and whether none can (False).

    One is held there when the line or the pile has one, unless it saved a duplicate on the way, which needs
    a duplicate in the pile: a copy of a number in the line, or a number with two copies.
    """
    numbers = [(card.value, n) for card, n in problem.pile.items_ if card.category is Category.NUMBER]
    duplicates = any(n > 1 or value in problem.numbers for value, n in numbers)
    if problem.pile[SECOND_CHANCE] or problem.second_chance:
        return [True, False] if duplicates else [True]
    return [False]


@functools.lru_cache(maxsize=1024)
def relaxed_cost(problem: Problem, grouping: Grouping, upper: bool) -> tuple[float, int]:
    """The estimated CPU seconds of one relaxed solve and its memory (bytes) (`estimated_cost`, at
    `SECONDS_PER_STATE`, `VALUES_SECONDS_PER_STATE` for the upper deck, or `RESHUFFLED_SECONDS_PER_STATE` when the
    pile may run out onto known discards; its columns at `flip7odds.solver.COLUMN_SECONDS`).

    Remembered for the last 1024 asked (about 2 ms each on a poker pile alone): `choose_relaxation` prices every
    grouping and `settling_relaxation` the same upper decks again, within one tap."""
    relaxed = drawing(relaxed_problem(problem, grouping, upper)[0])
    cost = estimated_cost(relaxed)
    stripped = relaxed if relaxed.alone else relaxed.stripped()
    reshuffles = (stripped.discards is not None and stripped.discards.size > 0 and stripped.pile.size > 0
                  and tracks_flight(stripped))
    per_state = RESHUFFLED_SECONDS_PER_STATE if reshuffles else VALUES_SECONDS_PER_STATE if upper else SECONDS_PER_STATE
    return cost.seconds(per_state), cost.memory_bytes


@dataclass(frozen=True)
class RelaxedBounds:
    """Certified bounds from the two relaxed solves (module docstring), each as ``(lo, hi)``.

    ``flip7`` and ``bust`` are P(Flip 7) and P(bust) by the end under the policy played: at the root hit
    when the midpoint of ``hit`` beats staying (ties stay), then the lower relaxed game's optimal policy,
    which ignores which minor penalty came. ``grouping`` is the upper deck's merge, ``lower`` the lower deck's.
    """

    stay_score: int
    may_stay: bool
    hit: tuple[float, float] | None
    hit_once: tuple[float, float] | None
    optimal: tuple[float, float]
    hits: bool
    flip7: float
    bust: float
    grouping: Grouping
    lower: Grouping
    states: int

    def settles(self, call_width: float) -> bool:
        """True when hitting's interval is at most ``call_width`` wide and settles the call (you may not stay, or
        staying's score lies outside it), or no card can be drawn."""
        if self.hit is None:
            return True
        low, high = self.hit
        return high - low <= call_width and (not self.may_stay or not low <= self.stay_score <= high)


@dataclass(frozen=True)
class Relaxation:
    """The two decks a situation is bounded by: ``lower`` valued at the means, ``upper`` at the least penalties.

    They need not merge alike: each bound holds for any grouping (module docstring), so the budget goes where
    the gap is, to the upper deck (`LOWER_SHARE`).
    """

    lower: Grouping
    upper: Grouping


def _finest_first(problem: Problem) -> list[Grouping]:
    """Every relaxation short of exact, finest first: the royal flush kept exact with the most groups (as many
    groups as penalties to merge, less one, in the pile or in the known discards, whichever has more: a small
    pile onto a long discard pile merges those it will reshuffle) down to one group; then the royal flush merged
    too, down to one."""
    result = []
    for royal in (True, False):
        most = max(map(len, minors(problem, Grouping(royal, 1))))
        result += [Grouping(royal, groups) for groups in range(most - 1 if royal else most, 0, -1)]
    return result


def mergeable(problem: Problem) -> bool:
    """True when ``problem`` has penalties to merge: some relaxation short of exact exists."""
    return bool(_finest_first(problem))


def choose_relaxation(problem: Problem, cpu_seconds: float, memory_limit: int) -> Relaxation | None:
    """The finest relaxed decks whose two solves fit the budget, or None (also when nothing can be merged).

    ``cpu_seconds`` less `HIT_ONCE_SHARE` of it is the lattice budget. The lower deck is the finest whose
    solve fits `LOWER_SHARE` of it (or, if none does, the coarsest); the upper deck, of those that fit what is
    left and are estimated to cost no more than the finest of them, the one whose estimated excess is least
    (`upper_excess`: a coarser deck, shaded, can beat a finer one that is not), where it is clearly less
    (`SWITCH_RATIO`), else the finest. Each solve must
    fit ``memory_limit`` (they run one after the other).
    """
    budget = cpu_seconds * (1 - HIT_ONCE_SHARE)
    candidates = _finest_first(problem)
    if not candidates:
        return None

    def seconds(grouping: Grouping, upper: bool) -> float | None:
        cpu, memory = relaxed_cost(problem, grouping, upper)
        return cpu if memory <= memory_limit else None

    lower_costs = [(grouping, seconds(grouping, False)) for grouping in candidates]
    fitting = [(g, t) for g, t in lower_costs if t is not None and t <= LOWER_SHARE * budget]
    lower, lower_seconds = fitting[0] if fitting else lower_costs[-1]
    if lower_seconds is None:
        return None
    costs = [(grouping, upper_seconds) for grouping in candidates
             if (upper_seconds := seconds(grouping, True)) is not None and lower_seconds + upper_seconds <= budget]
    if not costs:
        return None
    finest, finest_seconds = costs[0]  # no dearer than the finest that fits: the answer takes no longer than with it
    uppers = [grouping for grouping, upper_seconds in costs if upper_seconds <= finest_seconds]
    best = min(uppers, key=lambda grouping: upper_excess(problem, grouping))
    if upper_excess(problem, best) > SWITCH_RATIO * upper_excess(problem, finest):
        return Relaxation(lower, finest)  # the estimates are rough: a close call stays with the finest
    return Relaxation(lower, best)


SETTLING_SHARE = 0.5
"""`settling_relaxation` offers an upper deck only where it is estimated to cost at most this share of the chosen one's
(a miss costs that much more)."""


def settling_relaxation(problem: Problem, relaxation: Relaxation, call_width: float,
                        memory_limit: int) -> Relaxation | None:
    """For the live page: ``relaxation``'s lower deck with a cheaper upper deck expected to bound hitting within
    ``call_width`` points, or None.

    The upper deck is the cheapest whose estimated excess (`upper_excess`) is at most ``call_width`` among those
    estimated to cost at most `SETTLING_SHARE` of ``relaxation``'s. The estimate holds no bound; it only picks what
    is tried first: measured, the width of hitting's interval was 0.69-0.87 of it (``K 9`` and ``10 Q`` alone on a
    poker pile, every grouping; BENCHMARKS.md, stop 47). The caller solves ``relaxation`` itself where the answer
    does not settle the call that closely (`RelaxedBounds.settles`).
    """
    chosen, _ = relaxed_cost(problem, relaxation.upper, True)
    cheaper = []
    for grouping in _finest_first(problem):
        seconds, memory = relaxed_cost(problem, grouping, True)
        if memory <= memory_limit and seconds <= SETTLING_SHARE * chosen and upper_excess(problem, grouping) <= call_width:
            cheaper.append((seconds, grouping))
    return Relaxation(relaxation.lower, min(cheaper)[1]) if cheaper else None


def coarsest_relaxation(problem: Problem, cpu_seconds: float, memory_limit: int) -> Relaxation | None:
    """The cheapest relaxed decks (both merged by the coarsest grouping) when their solves fit the budget, else None.

    For a budget too small for `choose_relaxation` (`flip7odds.answer.RELAXED_STRETCH` budgets): one coarse
    relaxation a little over the budget is worth more than the bounded search's answer within it.
    """
    candidates = _finest_first(problem)
    if not candidates:
        return None
    coarsest = candidates[-1]
    costs = [relaxed_cost(problem, coarsest, upper) for upper in (True, False)]
    if (max(memory for _, memory in costs) <= memory_limit
            and sum(cpu for cpu, _ in costs) <= cpu_seconds * (1 - HIT_ONCE_SHARE)):
        return Relaxation(coarsest, coarsest)
    return None


def choose_grouping(problem: Problem, cpu_seconds: float, memory_limit: int) -> Grouping | None:
    """The finest single relaxation whose two solves (both decks merged alike) fit the budget, or None."""
    budget = cpu_seconds * (1 - HIT_ONCE_SHARE)
    for grouping in _finest_first(problem):
        costs = [relaxed_cost(problem, grouping, upper) for upper in (True, False)]
        if (max(memory for _, memory in costs) <= memory_limit
                and sum(cpu for cpu, _ in costs) <= budget):
            return grouping
    return None


def _pair(lo: float, hi: float) -> tuple[float, float]:
    return lo - ROUNDING, hi + ROUNDING


def _situation(problem: Problem) -> Situation:
    """``problem`` as the situation `flip7odds.lookahead.hit_once_value` reads."""
    line = Line(problem.numbers, problem.modifiers, problem.second_chance)
    return Situation(problem.rules, line, problem.pile, problem.discards, 0 if problem.alone else 1)


def _hit_once(problem: Problem, grouping: Grouping, upper: bool) -> Fraction:
    """Hit once, then stay, in a relaxed game (exact fractions, divided by its scale)."""
    relaxed, scale = relaxed_problem(problem, grouping, upper)
    return hit_once_value(_situation(relaxed)) / scale


def walks(problem: Problem) -> bool:
    """True when hit once, then stay, is valued by `flip7odds.lookahead`'s walk over reduced states: the pile holds
    more cards than a hit and its Flip Threes can draw (else its literal tree, whose size the discards set)."""
    return problem.pile.size > 1 + FLIP_THREE_DRAWS * problem.pile[FLIP_THREE]


HIT_ONCE_LOWER = Grouping(royal=True, groups=1)
"""Hit once, then stay, from below: every minor penalty one card at their mean, the royal flush kept."""


def hit_once_bounds(problem: Problem, cpu_seconds: float, timed: bool = True) -> tuple[float, float]:
    """Bounds on hit once, then stay, within about ``cpu_seconds`` (exact alone, module docstring).

    Alone, hitting once and staying makes no choice (a Flip Three is taken, a Freeze banks), so it is a
    penalty-blind rule and its value on the mean-merged deck with the royal flush kept is its real value
    (module docstring, "Penalty-blind rules"): one solve, both bounds. Not alone, where the pile `walks`, the
    real deck itself: the walk's states are the pile's kinds and the draws a hit can make, and the largest pile,
    a fresh one, took 0.05-0.06 s (0.01-0.05 s on dealt piles; BENCHMARKS.md "Stop 38, branch ptight2"), the
    same in timed and deterministic answers. Else (a short pile over known discards: the literal tree) the
    choices about set-aside Flip Threes see which penalties came, so the mean deck is a lower bound and the
    upper one is the finest deck of at most `HIT_ONCE_GROUPS` groups expected to fit what is left of
    ``cpu_seconds`` (each group about one more lower solve's time); not ``timed`` (an answer that must not
    depend on the clock), one group.
    """
    if not problem.alone and walks(problem):
        value = float(hit_once_value(_situation(problem)))
        return _pair(value, value)
    start = time.process_time()
    lower = _hit_once(problem, HIT_ONCE_LOWER, upper=False)
    if problem.alone:
        return _pair(float(lower), float(lower))
    spent = time.process_time() - start
    groups = max([g for g in range(1, HIT_ONCE_GROUPS + 1) if timed and spent * g <= cpu_seconds - spent],
                 default=1)
    upper = _hit_once(problem, replace(HIT_ONCE_LOWER, groups=groups), upper=True)
    return _pair(float(lower), float(upper))


REFUND_SCALE = 1000
"""The most the upper deck's scores are multiplied by to carry its refunds in integers ("Refunds"): less where every
refund's denominator divides less (48 on the fresh pile alone); above it each refund is rounded down to a multiple
of ``1 / REFUND_SCALE`` (a smaller refund: still a bound)."""


def refunded_problem(problem: Problem, grouping: Grouping, shading: Shading) -> tuple[Problem, int]:
    """The upper deck of ``grouping`` shaded by ``shading`` and its scale, with its refunds as score offsets where the
    pile cannot run out onto known discards and every group is a card of its own ("Refunds"); else without them."""
    groups, _ = _merged_groups(problem, grouping)
    envelope = _envelope(tuple(groups), shading.values)
    positive = [(counts, refund) for counts, refund in envelope.refunds if refund > 0]
    scale = functools.reduce(math.lcm, (refund.denominator for _, refund in positive), 1)
    scale = min(scale, REFUND_SCALE)
    relaxed, _ = relaxed_problem(problem, grouping, upper=True, shading=shading, upper_scale=scale)
    cards = tuple(Card.plus(value * scale) for value in shading.values)
    if (relaxed.discards is not None and relaxed.discards.size) or len(set(cards)) < len(cards) or any(
            relaxed.pile[card] != len(group) for card, group in zip(cards, groups, strict=True)):
        return relaxed, scale
    offsets = [(counts, -math.floor(scale * refund)) for counts, refund in positive]
    return replace(relaxed, offsets=ScoreOffsets(cards, tuple(counts for counts, _ in offsets),
                                                 tuple(offset for _, offset in offsets))), scale


def solve_relaxed(problem: Problem, grouping: Grouping | Relaxation,
                  hit_once_seconds: float = HIT_ONCE_SHARE * 3.0, timed: bool = True) -> RelaxedBounds:
    """Bound ``problem``'s values by its two relaxed games (module docstring): both merged by ``grouping``, or
    the lower and upper decks of a `Relaxation`; hit once, then stay, within ``hit_once_seconds``
    (`hit_once_bounds`; ``timed``: by the clock, else deterministically)."""
    relaxation = grouping if isinstance(grouping, Relaxation) else Relaxation(grouping, grouping)
    shading = upper_shading(problem, relaxation.upper)
    premium = 0.0 if shading is None else float(shading.premium)
    high_problem, high_scale = (relaxed_problem(problem, relaxation.upper, upper=True) if shading is None
                                else refunded_problem(problem, relaxation.upper, shading))
    low_problem, scale = relaxed_problem(problem, relaxation.lower, upper=False)
    with without_huge_pages():  # their system CPU (`flip7odds.huge_pages`)
        high: Solution = solve(high_problem, 0.0, memory_limit=None, distribution=False, probabilities=False)
        low: Solution = solve(low_problem, TIE * scale, memory_limit=None, distribution=False)
    stay, may_stay = problem.rules.score(sum(problem.numbers), problem.modifiers, False), high.may_stay
    states = high.states + low.states
    if high.draw is None or low.draw is None:
        return RelaxedBounds(stay, may_stay, None, None, (stay, stay), False, 0.0, 0.0, relaxation.upper,
                             relaxation.lower, states)
    hit = _pair(low.draw.value / scale, high.draw.value / high_scale + premium)
    once = hit_once_bounds(problem, hit_once_seconds, timed)
    hits = not may_stay or (hit[0] + hit[1]) / 2 > stay + TIE
    optimal = hit if not may_stay else (max(stay, hit[0]), max(stay, hit[1]))
    flip7, bust = (low.draw.flip7_probability, low.draw.bust_probability) if hits else (0.0, 0.0)
    return RelaxedBounds(stay, may_stay, hit, once, optimal, hits, flip7, bust, relaxation.upper, relaxation.lower,
                         states)


MERGED_STATES = 12_000_000
"""A penalty-blind rule keeps the royal flush's cards (exact) when its merged lattice has at most this many states
(about half a second); above it, alone, they are merged too (certified bounds, two solves of a third the size)."""
BLIND_GROUPING = Grouping(royal=True, groups=1)
"""A penalty-blind rule's merged deck: every minor penalty one card, at their mean (exact for any grouping)."""
ROYAL_MERGED = Grouping(royal=False, groups=1)
"""The same with the royal flush's -1 and -10 merged too (bounds)."""


@dataclass(frozen=True)
class BlindValue:
    """A penalty-blind rule's results from mean-merged decks (module docstring, "Penalty-blind rules").

    ``low <= high`` bound its expected round score in the real game: equal (exact) when the royal flush's cards
    were kept, certified bounds otherwise. ``bust_probability``, ``flip7_probability`` (by the end) and
    ``hits_now`` (its choice now) are the rule's own, exactly. ``states`` counts the lattice states solved.
    """

    policy: HitStayPolicy
    low: float
    high: float
    bust_probability: float
    flip7_probability: float
    hits_now: bool
    states: int

    @property
    def exact(self) -> bool:
        """True when the value is exact (one merged deck, the royal flush kept)."""
        return self.low == self.high

    @property
    def expected_score(self) -> float:
        """The expected round score: exact, or the midpoint of the bounds."""
        return (self.low + self.high) / 2


def blind_grouping(problem: Problem) -> Grouping:
    """The merged deck of a penalty-blind rule: `BLIND_GROUPING`, or alone above `MERGED_STATES` `ROYAL_MERGED`."""
    if problem.alone and solve_cost(relaxed_problem(problem, BLIND_GROUPING, upper=False)[0]).states > MERGED_STATES:
        return ROYAL_MERGED
    return BLIND_GROUPING


def blind_policy_value(problem: Problem, policy: HitStayPolicy, grouping: Grouping | None = None) -> BlindValue:
    """A penalty-blind rule's exact value on ``problem`` from its mean-merged deck (bounds when the royal flush
    must be merged too, alone on a large pile; module docstring). Raises ValueError for a rule that is not blind.

    ``grouping``: the merged deck (default `blind_grouping`); any grouping is exact while it keeps the royal
    flush, and gives bounds when it does not (only alone, where the rule makes no choice by values).

    Examples
    --------
    >>> from flip7odds.analysis import problem_of
    >>> from flip7odds.policies import StayAtSum, evaluate_policy
    >>> from flip7odds.rules import POKER
    >>> situation = Situation.from_text(POKER, "K 9", pile="Q J 7 5 2d 5d 8d 9d Kd")
    >>> merged = blind_policy_value(problem_of(situation), StayAtSum(25))
    >>> real = evaluate_policy(situation, StayAtSum(25))
    >>> merged.exact, abs(merged.expected_score - real.expected_score) < 1e-9
    (True, True)
    """
    if not policy.penalty_blind:
        raise ValueError(f"{policy} looks at the penalties you hold: it has no merged deck")
    grouping = blind_grouping(problem) if grouping is None else grouping
    if not grouping.royal and not problem.alone:
        raise ValueError("the royal flush is merged only alone, where no choice of the rule looks at values")
    games = [relaxed_problem(problem, grouping, upper=False)]
    if not grouping.royal:
        games.append(relaxed_problem(problem, grouping, upper=True, at_mean=True))
    with without_huge_pages():
        solutions = [(solve(game, TIE * scale, policy=scaled_policy(policy, scale), distribution=False), scale)
                     for game, scale in games]
    values = [solution.result().value / scale for solution, scale in solutions]
    low = solutions[0][0]
    result = low.result()
    states = sum(solution.states for solution, _ in solutions)
    if grouping.royal:
        return BlindValue(policy, values[0], values[0], result.bust_probability, result.flip7_probability,
                          low.hits_now, states)
    return BlindValue(policy, values[0] - ROUNDING, values[1] + ROUNDING, result.bust_probability,
                      result.flip7_probability, low.hits_now, states)


__all__ = [
    "BLIND_GROUPING",
    "HIT_ONCE_SHARE",
    "MERGED_STATES",
    "ROYAL_MERGED",
    "BlindValue",
    "Grouping",
    "Relaxation",
    "RelaxedBounds",
    "Shading",
    "blind_grouping",
    "blind_policy_value",
    "bottom_problem",
    "choose_grouping",
    "choose_relaxation",
    "coarsest_relaxation",
    "estimated_cost",
    "grouped",
    "hit_once_bounds",
    "information_premium",
    "is_minor",
    "mergeable",
    "reachable_penalties",
    "refunded_problem",
    "relaxed_cost",
    "relaxed_problem",
    "settling_relaxation",
    "solve_relaxed",
    "upper_excess",
    "upper_shading",
    "walks",
]

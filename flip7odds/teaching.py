"""Teaching probability with Flip 7: trees, the urn, simulations that converge, and where thresholds fail.

Everything here is exact where a person reads it (`fractions.Fraction` from the pile's counts) and
built on the one round engine (`flip7odds.engine`), so the tree, the urn, the simulation and the
solver all mean the same rules.

* `SituationText` reads a situation from a link's query parameters (card notation) and writes it back.
* `probability_tree`: the next one to three cards as a tree of exact branch probabilities, cards
  grouped by what they do to you; the leaves sum to exactly 1.
* `urn_reading`: the hypergeometric reading of the pile, ``N`` cards of which ``K`` bust you; `vengeance_urn`
  the next card's under With a Vengeance.
* `exact_value` and `simulate`: a question answered exactly, then by seeded simulation of single
  rounds through the engine; `convergence` gives the running frequency and the count difference.
* `optimal_decision_map`: the optimal decision of every line of numbers you can build from a pile,
  by sum and count of numbers, from one exact solve; `merged_decision_map` the same by the optimal play of a
  poker deck whose minor penalties are merged (`flip7odds.relaxation`), where the real deck is too large.
* `PolicyFamily` and `PolicyCurve`: the threshold policies of `flip7odds.policies` on a grid.
"""

from __future__ import annotations

import enum
import math
import re
from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np
from numpy.typing import NDArray

from flip7odds.analysis import TOLERANCE, problem_of
from flip7odds.cards import FLIP_THREE, FREEZE, Card, Category, card_name, parse_cards
from flip7odds.counts import CardCounts
from flip7odds.engine import Event, Node, Option, RoundRules, RoundState, Termination
from flip7odds.errors import Flip7Error
from flip7odds.i18n import ENGLISH, N_, Translator
from flip7odds.number_text import NumberTextError, parse_whole
from flip7odds.odds import bust_cards, bust_probability, drawing_pile_size
from flip7odds.policies import (
    AlwaysHit,
    HitStayPolicy,
    Optimal,
    PolicyResult,
    StayAtBust,
    StayAtCount,
    StayAtSum,
    evaluate_policy,
    fraction_of_optimal,
)
from flip7odds.relaxation import BLIND_GROUPING, BlindValue, blind_grouping, minors, relaxed_problem
from flip7odds.rules import CLASSIC, RuleSet, find_rules
from flip7odds.shoe import MAX_OTHERS_ACTIVE
from flip7odds.situation import Situation
from flip7odds.solver import DecisionContext, solve, solve_cost
from flip7odds.tree import Choice, DrawingState, Outcome, Terminal

if TYPE_CHECKING:
    from flip7odds.vengeance.engine import VEvent
    from flip7odds.vengeance.situation import VengeanceSituation

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.int64]

FLIP_THREE_DRAWS = 3
MAX_TREE_DRAWS = 3
MAX_CARD_TREE_DRAWS = 2
"""One branch per card kind makes ~22^depth leaves: two draws at most stay readable."""
ALWAYS_HIT = AlwaysHit()
OPTIMAL = Optimal()


# ----------------------------------------------------------------------------------------------
# A situation in a link.


@dataclass(frozen=True)
class SituationText:
    """A situation as the text of a shareable link: card notation in query parameters.

    ``pile`` empty means the full deck minus ``line``, ``seen`` and ``discards`` (`Situation.build`).
    Parameters: ``line``, ``pile``, ``seen``, ``discards`` (card notation), ``alone`` (``1``) or
    ``others`` (how many other players are active; 0 is alone). ``rules`` names the rule variant (the
    app keeps it in a parameter of its own, so it is not one of this text's parameters).

    Examples
    --------
    >>> text = SituationText.from_params({"line": "12 7", "alone": "1"})
    >>> text.to_params()
    {'line': '12 7', 'alone': '1'}
    >>> situation = text.situation()
    >>> situation.pile.size, situation.alone
    (92, True)
    >>> SituationText(line="K joker", rules="poker").situation().pile.size
    55
    """

    line: str = ""
    pile: str = ""
    seen: str = ""
    discards: str = ""
    alone: bool = False
    rules: str = CLASSIC.name

    @classmethod
    def from_params(cls, params: Mapping[str, str]) -> SituationText:
        """Read the query parameters (unknown ones are ignored; a bad ``others`` raises `Flip7Error`)."""
        alone = params.get("alone", "").strip().lower() in ("1", "true", "yes")
        others = params.get("others", "").strip()
        if others:
            try:
                alone = parse_whole(others, 0, MAX_OTHERS_ACTIVE) == 0
            except NumberTextError as error:
                raise Flip7Error("others must be a whole number of other active players: {error}",
                                 error=error) from None
        line, pile, seen, discards = (params.get(name, "").strip() for name in ("line", "pile", "seen", "discards"))
        return cls(line, pile, seen, discards, alone)

    @property
    def starts_round(self) -> bool:
        """True when the line is empty and no discard pile is given: a round starting on the pile."""
        return not self.line and not self.discards

    def to_params(self) -> dict[str, str]:
        """The query parameters that give back this text (empty fields left out)."""
        params = {name: value for name, value in
                  (("line", self.line), ("pile", self.pile), ("seen", self.seen), ("discards", self.discards)) if value}
        if self.alone:
            params["alone"] = "1"
        return params

    def card_notation(self) -> SituationText:
        """The same text with the links' conventions read (`_link_notation`): what a parser of card notation reads
        (`situation`, and a With a Vengeance situation's ``from_text``).

        >>> text = SituationText(line="12.11.9", seen="5.p4").card_notation()
        >>> text.line, text.seen
        ('12 11 9', '5 +4')
        """
        line, pile, seen, discards = (_link_notation(text) for text in (self.line, self.pile, self.seen, self.discards))
        return replace(self, line=line, pile=pile, seen=seen, discards=discards)

    def situation(self, rules: RuleSet | None = None) -> Situation:
        """The checked situation (with ``rules``, else the variant named by ``self.rules``); raises a
        `Flip7Error` subclass with a message for people."""
        text = self.card_notation()
        return Situation.from_text(
            rules or find_rules(self.rules), text.line,
            seen=text.seen or None, pile=text.pile or None, discards=text.discards or None,
            others_active=0 if self.alone else 1,
        )  # fmt: skip

    def vengeance_situation(self, rules: RuleSet) -> VengeanceSituation:
        """The checked situation under a With a Vengeance rule set: the pile given, else the deck less your line and
        the cards seen; one other player with an empty line unless ``alone``; the discard pile where one is given.
        Raises a `Flip7Error` subclass with a message for people."""
        # Imported here: the classic pages, which import this module, need no Vengeance engine.
        from flip7odds.vengeance.situation import VengeanceSituation

        text = self.card_notation()
        return VengeanceSituation.from_text(rules, text.line, pile=text.pile or None,
                                            seen=None if text.pile else text.seen, discards=text.discards or None,
                                            others=() if self.alone else ("",))


def _link_notation(text: str) -> str:
    """Card notation with the live links' conventions read too: ``.`` between cards, ``p`` for ``+``.

    >>> _link_notation("12.p4.x2"), _link_notation("12 +4 x2")
    ('12 +4 x2', '12 +4 x2')
    """
    return " ".join(re.sub(r"^p(?=\d)", "+", token, flags=re.IGNORECASE) for token in re.split(r"[.\s]+", text) if token)


class PileChoice(enum.Enum):
    """The piles a teacher picks from: the whole deck, docs/model.md's numbers-only pile, or any pile."""

    FRESH = "fresh"
    """The full deck minus the cards in your line."""
    NUMBERS = "numbers"
    """The number cards only (79 cards in classic): the pile of docs/model.md's published policy values."""
    CUSTOM = "custom"
    """A pile in card notation."""

    @classmethod
    def from_text(cls, pile: str, rules: RuleSet = CLASSIC) -> PileChoice:
        """Which choice a link's ``pile`` parameter is (an unreadable pile is custom: it is checked later).

        >>> PileChoice.from_text(""), PileChoice.from_text("12*12 11*11 10*10 9*9 8*8 7*7 6*6 5*5 4*4 3*3 2*2 1 0")
        (<PileChoice.FRESH: 'fresh'>, <PileChoice.NUMBERS: 'numbers'>)
        """
        if not pile.strip():
            return cls.FRESH
        try:
            cards = CardCounts.from_cards(parse_cards(pile, rules))
        except Flip7Error:
            return cls.CUSTOM
        return cls.NUMBERS if cards == CardCounts.from_cards(parse_cards(numbers_only_pile(rules), rules)) else cls.CUSTOM

    def pile(self, custom: str, rules: RuleSet = CLASSIC) -> str:
        """The ``pile`` text of a `SituationText` for this choice (``custom`` is used by `CUSTOM` only)."""
        if self is PileChoice.FRESH:
            return ""
        return numbers_only_pile(rules) if self is PileChoice.NUMBERS else custom.strip()


# ----------------------------------------------------------------------------------------------
# Probability trees.


class TreeStart(enum.Enum):
    """Which cards the tree shows."""

    HIT = "hit"
    """You hit now and keep hitting: the next cards you would see."""
    FLIP_THREE = "flip_three"
    """A Flip Three is played on you now: its three forced cards (docs/rules.md, Flip Three)."""


class Grouping(enum.Enum):
    """How the cards of one draw are grouped into branches."""

    OUTCOME = "outcome"
    """One branch per outcome (`flip7odds.engine.Event`): every card that busts you is one branch."""
    CARD = "card"
    """One branch per card kind (readable for one or two draws)."""


@dataclass(frozen=True)
class Branch:
    """One edge of a tree: what the card does to you, and the card when branches are per card."""

    event: Event | VEvent
    card: Card | None = None


@dataclass(frozen=True)
class TreeNode:
    """A node of a probability tree: the branches from the root, and exact probabilities.

    ``probability`` is P(this path); ``conditional`` is P(last branch | the path before it);
    ``ending`` says why your round ends here, if it does; a ``leaf`` has no children.
    """

    path: tuple[Branch, ...]
    probability: Fraction
    conditional: Fraction
    ending: Termination | None
    leaf: bool


@dataclass(frozen=True)
class ProbabilityTree:
    """Exact probabilities of the next cards, grouped; ``nodes`` start with the root (empty path)."""

    start: TreeStart
    draws: int
    grouping: Grouping
    pile_size: int
    nodes: tuple[TreeNode, ...]

    @property
    def leaves(self) -> tuple[TreeNode, ...]:
        """The nodes without children: every way the next cards can go."""
        return tuple(node for node in self.nodes if node.leaf)

    @property
    def leaf_total(self) -> Fraction:
        """The sum of the leaves' probabilities: exactly 1 (a check a class can read)."""
        return sum((leaf.probability for leaf in self.leaves), Fraction(0))

    def probability_of(self, ending: Termination) -> Fraction:
        """P(your round ends this way within the tree's cards)."""
        return sum((leaf.probability for leaf in self.leaves if leaf.ending is ending), Fraction(0))


def probability_tree(situation: Situation, draws: int, start: TreeStart = TreeStart.HIT,
                     grouping: Grouping = Grouping.OUTCOME) -> ProbabilityTree:
    """The next ``draws`` cards (1 to 3) as a tree of exact probabilities.

    A branch's probability is the chance of its group of cards given the path before it:
    ``sum over engine states s in the path of P(s | path) * (cards of the group in s) / (pile size)``.
    When you are not alone, a Freeze or Flip Three you draw is given to another player and you carry
    on; alone, a Freeze ends your round and a Flip Three's forced cards are your next cards. A
    `TreeStart.FLIP_THREE` tree stops after the three forced cards.

    Examples
    --------
    >>> from flip7odds.rules import CLASSIC
    >>> situation = Situation.from_text(CLASSIC, "5", pile="5 5 7 +4")
    >>> tree = probability_tree(situation, 2)
    >>> [(tuple(b.event.value for b in leaf.path), str(leaf.probability)) for leaf in tree.leaves]
    [(('bust',), '1/2'), (('new_number', 'bust'), '1/6'), (('modifier', 'bust'), '1/6'), \
(('new_number', 'modifier'), '1/12'), (('modifier', 'new_number'), '1/12')]
    >>> tree.leaf_total
    Fraction(1, 1)
    """
    limit = MAX_CARD_TREE_DRAWS if grouping is Grouping.CARD else MAX_TREE_DRAWS
    if not 1 <= draws <= limit:
        raise Flip7Error(f"a tree shows 1 to {limit} cards, not {draws}")
    if start is TreeStart.FLIP_THREE and draws != FLIP_THREE_DRAWS:
        raise Flip7Error(f"a Flip Three tree shows its {FLIP_THREE_DRAWS} cards")
    round_rules = RoundRules(situation.rules, situation.alone)
    root = round_rules.start(situation)
    if start is TreeStart.FLIP_THREE:
        root = replace(root, forced=FLIP_THREE_DRAWS)

    def follow(outcome: Outcome[Event, Node]) -> Terminal[Termination] | RoundState:
        return _carry_on(outcome.node)

    nodes = grow_tree(root, draws, lambda members: tree_children(round_rules.draw_outcomes, members, grouping, follow))
    return ProbabilityTree(start, draws, grouping, drawing_pile_size(situation), nodes)


DrawnState = TypeVar("DrawnState", bound=DrawingState)
"""A round's state in a tree (classic or With a Vengeance): it says whether a card can still be drawn."""
Children = dict[tuple[Branch, Termination | None], tuple[Fraction, dict[DrawnState, Fraction]]]
"""The branches from a group of states: by branch and ending, P(branch | group) and the states it leads to, weighted
(none where the branch ends the round, or where the tree stops following it)."""


def grow_tree(root: DrawnState, draws: int, children: Callable[[dict[DrawnState, Fraction]], Children[DrawnState]]
              ) -> tuple[TreeNode, ...]:
    """The nodes of the tree of the next ``draws`` cards from ``root``, parents first: each level's groups of states
    (one per path of branches, the states weighted by their chance given the path) split by ``children``. A branch
    that ends the round, or that the tree stops following (no states), is a leaf; so is a path at the last level,
    and one where the pile has run out."""
    nodes: list[TreeNode] = []
    level: dict[tuple[Branch, ...], tuple[Fraction, Fraction, dict[DrawnState, Fraction]]] = {
        (): (Fraction(1), Fraction(1), {root: Fraction(1)})}
    for depth in range(draws + 1):
        following: dict[tuple[Branch, ...], tuple[Fraction, Fraction, dict[DrawnState, Fraction]]] = {}
        for path, (probability, conditional, members) in level.items():
            live = {state: weight for state, weight in members.items() if state.can_draw}
            # Every state of a group drew as many cards from the same pile: all can draw, or none.
            assert not live or len(live) == len(members), "a group mixes exhausted and live piles"
            if depth == draws or not live:
                ending = None if live or depth == draws else Termination.PILE_EXHAUSTED
                nodes.append(TreeNode(path, probability, conditional, ending, leaf=True))
                continue
            nodes.append(TreeNode(path, probability, conditional, None, leaf=False))
            for (branch, ending), (child_probability, states) in children(live).items():
                if ending is not None or not states:
                    nodes.append(TreeNode(path + (branch,), probability * child_probability, child_probability,
                                          ending, leaf=True))
                else:
                    following[path + (branch,)] = (probability * child_probability, child_probability, states)
        level = following
    return tuple(nodes)


def tree_children(draw_outcomes: Callable[[DrawnState], tuple[int, tuple[Outcome[Any, Any], ...]]],
                  members: dict[DrawnState, Fraction], grouping: Grouping,
                  follow: Callable[[Outcome[Any, Any]], Terminal[Termination] | DrawnState | None]
                  ) -> Children[DrawnState]:
    """The branches from a group of states (weights sum to 1): P(branch | group), and its states. ``follow`` says
    where a card leads the tree: the round's end, the state it goes on from, or None where the tree stops following
    it (the round goes on by a choice the tree does not make)."""
    children: dict[tuple[Branch, Termination | None], tuple[Fraction, dict[DrawnState, Fraction]]] = {}
    for state, weight in members.items():
        size, outcomes = draw_outcomes(state)
        for outcome in outcomes:
            node = follow(outcome)
            branch = Branch(outcome.event, outcome.card if grouping is Grouping.CARD else None)
            key = (branch, node.reason if isinstance(node, Terminal) else None)
            share = weight * Fraction(outcome.count, size)
            total, states = children.get(key, (Fraction(0), {}))
            if node is not None and not isinstance(node, Terminal):
                states[node] = states.get(node, Fraction(0)) + share
            children[key] = (total + share, states)
    return {key: (total, {s: w / total for s, w in states.items()}) for key, (total, states) in children.items()}


def _carry_on(node: Node) -> Terminal[Termination] | RoundState:
    """Resolve a choice a card gives you by carrying on (giving the Freeze or Flip Three away)."""
    while isinstance(node, Choice):
        node = dict(node.options)[Option.CARRY_ON]
    return node


# ----------------------------------------------------------------------------------------------
# The urn.


@dataclass(frozen=True)
class UrnReading:
    """The pile as an urn: ``N`` cards, ``K`` of them bust you, you draw ``n`` without replacement.

    ``X`` (bust cards among the ``n``) is hypergeometric:
    ``P(X = j) = C(K, j) C(N - K, n - j) / C(N, n)`` and ``P(X >= 1) = 1 - C(N - K, n) / C(N, n)``.
    ``K`` counts the copies left of numbers you hold: with a Second Chance the first of them uses it
    instead of busting you.

    Examples
    --------
    >>> reading = UrnReading(pile_size=79, bust_cards=17, draws=3)
    >>> reading.at_least_one, reading.at_least_one == 1 - reading.exactly(0)
    (Fraction(41259, 79079), True)
    >>> abs(float(reading.at_least_one) - reading.scipy_at_least_one()) < 1e-12
    True
    """

    pile_size: int
    bust_cards: int
    draws: int

    def __post_init__(self) -> None:
        if not 0 <= self.bust_cards <= self.pile_size:
            raise Flip7Error(f"an urn of {self.pile_size} cards cannot hold {self.bust_cards} bust cards")
        if not 1 <= self.draws <= self.pile_size:
            raise Flip7Error(f"you can draw 1 to {self.pile_size} cards from this pile, not {self.draws}")

    def exactly(self, hits: int) -> Fraction:
        """``P(X = j) = C(K, j) C(N - K, n - j) / C(N, n)``."""
        n, k, draws = self.pile_size, self.bust_cards, self.draws
        return Fraction(math.comb(k, hits) * math.comb(n - k, draws - hits), math.comb(n, draws))

    @property
    def no_bust(self) -> Fraction:
        """``P(X = 0) = C(N - K, n) / C(N, n)``: none of the ``n`` cards is a bust card."""
        return self.exactly(0)

    @property
    def at_least_one(self) -> Fraction:
        """``P(X >= 1) = 1 - C(N - K, n) / C(N, n)``."""
        return 1 - self.no_bust

    def pmf(self) -> tuple[Fraction, ...]:
        """``P(X = j)`` for ``j = 0 .. n``."""
        return tuple(self.exactly(j) for j in range(self.draws + 1))

    def _scipy(self) -> Any:
        """`scipy.stats.hypergeom` frozen at this reading (``M = N`` cards, ``n = K`` marked, ``N = n`` drawn).

        scipy.stats is imported here, by the urn alone: at the module's top it took 2.5 s of every server's first
        page (the live pages import this module for their cached calls)."""
        from scipy.stats import hypergeom  # type: ignore[import-untyped]

        return hypergeom(self.pile_size, self.bust_cards, self.draws)

    def scipy_pmf(self) -> FloatArray:
        """The same pmf from `scipy.stats.hypergeom`."""
        values: FloatArray = self._scipy().pmf(np.arange(self.draws + 1))
        return values

    def scipy_at_least_one(self) -> float:
        """``P(X >= 1)`` from `scipy.stats.hypergeom` (its survival function at 0)."""
        return float(self._scipy().sf(0))


def urn_reading(situation: Situation, draws: int) -> UrnReading:
    """The urn of ``situation``: the drawing pile's size and its bust cards, ``draws`` drawn."""
    return UrnReading(drawing_pile_size(situation), bust_cards(situation), draws)


def vengeance_urn(text: SituationText, rules: RuleSet) -> UrnReading:
    """The next card's urn under a With a Vengeance rule set (``rules``): ``N`` cards to draw from, ``K`` of them bust
    you on arrival, one card drawn.

    ``N`` is the pile's size: the pile ``text`` gives, else the deck less your line and the cards seen (``text`` in
    card notation or a link's, `SituationText.card_notation`; one other player with an empty line unless
    ``text.alone``). ``K`` counts the pile's numbers your line does not accept: the copies left of numbers you hold,
    except that the Unlucky 7 never busts when it is drawn and, while you hold one 13, a second 13 is safe if one of
    the two is the Lucky 13. So ``P(bust on the next card) = K / N`` (`UrnReading.at_least_one` with ``n = 1``). A
    draw of several cards is not an urn under these rules (an action drawn is resolved, the Unlucky 7 wipes your
    line). A situation with no card left to draw is refused (`UrnReading` draws one card).

    Examples
    --------
    >>> from flip7odds.rules import VENGEANCE
    >>> vengeance_urn(SituationText(line="13.l13.7", pile="13 u7 7 5 2"), VENGEANCE)
    UrnReading(pile_size=5, bust_cards=2, draws=1)
    """
    # Imported here: the classic pages, which import this module, need no Vengeance engine.
    from flip7odds.vengeance.odds import bust_cards as vengeance_bust_cards

    situation = text.vengeance_situation(rules)
    return UrnReading(drawing_pile_size(situation), vengeance_bust_cards(situation), 1)


# ----------------------------------------------------------------------------------------------
# Exact next to simulated.


class Question(enum.Enum):
    """A question about your round, answered exactly and by simulation."""

    BUST_NEXT = "bust_next"
    """Does the next card bust you? (0 while you hold a Second Chance.)"""
    BUST_IN_FLIP_THREE = "bust_flip_three"
    """A Flip Three is played on you now: do you bust during its three cards?"""
    FLIP7_ALWAYS_HIT = "flip7"
    """You keep hitting: does your round end with a Flip 7 (before a bust)?"""
    POLICY_SCORE = "policy_score"
    """Your round score when you follow a policy."""


@dataclass(frozen=True)
class ExactValue:
    """The exact answer to a question: the mean of one trial (a probability or an expected score).

    ``fraction`` is the exact fraction where it is computed from counts, None for solver values
    (floats exact to 1e-9). ``standard_deviation`` is that of one trial: ``sqrt(p (1 - p))`` for a
    yes/no question. ``distribution`` is the round score's exact distribution (`Question.POLICY_SCORE`).
    """

    question: Question
    mean: float
    fraction: Fraction | None
    standard_deviation: float
    distribution: dict[int, float] | None = None

    def standard_error(self, trials: int) -> float:
        """The standard deviation of the mean of ``trials`` independent trials, ``sd / sqrt(n)``."""
        return self.standard_deviation / math.sqrt(trials)


def exact_value(situation: Situation, question: Question, policy: HitStayPolicy = OPTIMAL) -> ExactValue:
    """The exact answer to ``question`` (``policy`` is only read by `Question.POLICY_SCORE`)."""
    if question is Question.POLICY_SCORE:
        result = evaluate_policy(situation, policy)
        return ExactValue(question, result.expected_score, None, result.standard_deviation, result.distribution)
    if question is Question.FLIP7_ALWAYS_HIT:
        p_float = evaluate_policy(situation, ALWAYS_HIT).flip7_probability
        return ExactValue(question, p_float, None, math.sqrt(max(0.0, p_float * (1 - p_float))))
    if question is Question.BUST_NEXT:
        p = bust_probability(situation)
    else:
        p = probability_tree(situation, FLIP_THREE_DRAWS, TreeStart.FLIP_THREE).probability_of(Termination.BUST)
    return ExactValue(question, float(p), p, math.sqrt(float(p * (1 - p))))


def can_simulate(policy: HitStayPolicy) -> bool:
    """False for the optimum: its decision needs a full solve at every state of every round."""
    return not isinstance(policy, Optimal)


def simulate(situation: Situation, question: Question, trials: int, rng: np.random.Generator,
             policy: HitStayPolicy = ALWAYS_HIT) -> FloatArray:
    """``trials`` independent single rounds played through the engine: 1/0 answers, or round scores.

    Each card is drawn uniformly from the pile with ``rng``; trials use the generator one after
    another, so ``n`` trials then ``m`` more equal ``n + m`` trials from the same seed.
    """
    if trials < 0:
        raise Flip7Error(f"the number of trials must be 0 or more, not {trials}")
    if question is Question.POLICY_SCORE and not can_simulate(policy):
        raise Flip7Error("the optimal policy cannot be simulated here: pick a threshold policy or lookahead")
    sampler = RoundSampler(situation)
    trial: Callable[[], float]
    if question is Question.BUST_NEXT:
        def trial() -> float:
            return float(sampler.draw(sampler.start, rng).event is Event.BUST)
    elif question is Question.BUST_IN_FLIP_THREE:
        def trial() -> float:
            return float(sampler.flip_three_busts(rng))
    elif question is Question.FLIP7_ALWAYS_HIT:
        def trial() -> float:
            return float(sampler.play(rng, ALWAYS_HIT).reason is Termination.FLIP_7)
    else:
        def trial() -> float:
            return float(sampler.play(rng, policy).score)
    return np.array([trial() for _ in range(trials)], dtype=np.float64)


class RoundSampler:
    """Plays single rounds through `flip7odds.engine`, drawing each card with an injected generator.

    At a choice a card gives you (not alone), you give the Freeze or Flip Three away and carry on, as
    the policies of `flip7odds.policies` do, except a Freeze with an empty line: it banks when the
    policy's exact value from there is worth less than banking (solver reduction 3b; poker only).
    A policy decides from a one-state `DecisionContext` built as the solver builds it (Freeze and Flip
    Three left out of the pile size when not alone).
    """

    def __init__(self, situation: Situation) -> None:
        self.situation = situation
        self.rules = situation.rules
        self.alone = situation.alone
        self.round_rules = RoundRules(situation.rules, situation.alone)
        self.start = self.round_rules.start(situation)
        self._once: dict[RoundState, float] = {}
        self._banks: dict[tuple[RoundState, HitStayPolicy], bool] = {}

    def draw(self, state: RoundState, rng: np.random.Generator) -> Outcome[Event, Node]:
        """Draw one card uniformly from the drawing pile (the discards once the pile is empty)."""
        pile = state.pile if state.pile.size or state.discards is None else state.discards
        index = int(rng.integers(pile.size))
        for card, count in pile.items_:
            if index < count:
                return self.round_rules.draw_card(state, card)
            index -= count
        raise AssertionError("index beyond the pile")

    def flip_three_busts(self, rng: np.random.Generator) -> bool:
        """Take a Flip Three now: True if one of its three cards busts you."""
        node: Node = replace(self.start, forced=FLIP_THREE_DRAWS)
        for _ in range(FLIP_THREE_DRAWS):
            if not isinstance(node, RoundState) or not node.can_draw:
                return False
            node = self.draw(node, rng).node
            if isinstance(node, Terminal):
                return node.reason is Termination.BUST
        return False

    def play(self, rng: np.random.Generator, policy: HitStayPolicy) -> Terminal[Termination]:
        """One round from the start, following ``policy`` at every free decision."""
        node = _carry_on(self.start)
        while isinstance(node, RoundState):
            if node.at_decision:
                if not node.can_draw:
                    return self.round_rules.bank(node, Termination.PILE_EXHAUSTED)
                if not node.line.is_empty and not self.hits(node, policy):
                    return self.round_rules.bank(node, Termination.STAYED)
            node = self._choose(self.draw(node, rng).node, policy)
        return node

    def _choose(self, node: Node, policy: HitStayPolicy) -> Terminal[Termination] | RoundState:
        """Resolve a choice a card gives you: carry on, or bank an empty line on a Freeze when that is worth more."""
        if isinstance(node, Choice):
            options = dict(node.options)
            carry_on, bank = options[Option.CARRY_ON], options.get(Option.BANK)
            if (isinstance(carry_on, RoundState) and carry_on.at_decision and carry_on.line.is_empty
                    and isinstance(bank, Terminal)):
                key = (carry_on, policy)
                if key not in self._banks:
                    on = replace(self.situation, line=carry_on.line, pile=carry_on.pile, discards=carry_on.discards)
                    self._banks[key] = evaluate_policy(on, policy).expected_score < bank.score - TOLERANCE
                if self._banks[key]:
                    return bank
        return _carry_on(node)

    def hits(self, state: RoundState, policy: HitStayPolicy) -> bool:
        """The policy's choice at one decision state."""
        line = state.line
        pile = state.pile if state.pile.size or state.discards is None else state.discards
        blanks = 0 if self.alone else pile[FREEZE] + pile[FLIP_THREE]
        busting = 0 if line.second_chance else sum(pile[Card.number(value)] for value in line.numbers)
        stay = float(line.score(self.rules))
        context = DecisionContext(
            number_sum=np.array([[sum(line.numbers)]], dtype=np.int64),
            numbers_held=len(line.numbers),
            bust_cards=np.array([[busting]], dtype=np.int64),
            pile_size=pile.size - blanks,
            stay=np.array([[stay]]),
            hit=np.array([[np.nan]]),
            hit_once=np.array([[self.hit_once(state)]]) if policy.needs_hit_once else None,
        )
        return bool(policy.hits(context)[0, 0])

    def hit_once(self, state: RoundState) -> float:
        """E[score if you draw one card, then stay], as the solver's ``hit_once`` (blanks left out when not alone)."""
        if state not in self._once:
            _, outcomes = self.round_rules.draw_outcomes(state)
            kept = [o for o in outcomes if self.alone or o.event not in (Event.FREEZE, Event.FLIP_THREE)]
            weight = sum(o.count for o in kept)
            self._once[state] = sum(o.count * self._then_stay(o.node) for o in kept) / weight
        return self._once[state]

    def _then_stay(self, node: Node) -> float:
        """The score if you stay at your next free decision (forced cards are played out first)."""
        resolved = _carry_on(node)
        if isinstance(resolved, Terminal):
            return float(resolved.score)
        if resolved.at_decision:
            return float(resolved.line.score(self.rules))
        size, outcomes = self.round_rules.draw_outcomes(resolved)
        return sum(o.count * self._then_stay(o.node) for o in outcomes) / size


@dataclass(frozen=True)
class Convergence:
    """Running results of a simulation at chosen trial counts ``n`` (1-based, increasing).

    ``running_mean`` is ``S_n / n`` (the law of large numbers: it tends to the exact mean ``mu``,
    within about ``2 sd / sqrt(n)``); ``difference`` is ``S_n - n mu``, which does *not* tend to 0:
    its spread grows like ``sd sqrt(n)``. The bands are two standard deviations of each.
    """

    trials: IntArray
    running_mean: FloatArray
    difference: FloatArray
    mean_band: FloatArray
    difference_band: FloatArray
    exact: ExactValue

    @property
    def final_mean(self) -> float:
        """The mean of all the trials."""
        return float(self.running_mean[-1])

    @property
    def final_standard_errors(self) -> float:
        """How many standard errors the final mean is from the exact value (inf if the error is 0)."""
        error = self.exact.standard_error(int(self.trials[-1]))
        gap = abs(self.final_mean - self.exact.mean)
        return gap / error if error > 0 else (0.0 if gap < TOLERANCE else math.inf)


def convergence(outcomes: FloatArray, exact: ExactValue, points: int = 1500) -> Convergence:
    """Running mean and count difference of ``outcomes`` at about ``points`` log-spaced trial counts."""
    if len(outcomes) == 0:
        raise Flip7Error("run at least one trial")
    totals = np.cumsum(outcomes)
    trials = np.unique(np.geomspace(1, len(outcomes), num=min(points, len(outcomes))).round().astype(np.int64))
    sums = totals[trials - 1]
    root = np.sqrt(trials)
    spread = 2 * exact.standard_deviation
    return Convergence(trials, sums / trials, sums - trials * exact.mean, spread / root, spread * root, exact)


# ----------------------------------------------------------------------------------------------
# Where a single threshold fails: the optimal decision by sum and count of numbers.


@dataclass(frozen=True)
class DecisionPoint:
    """One line of numbers (nothing else drawn) and the optimal decision there."""

    number_sum: int
    numbers_held: int
    bust_cards: int
    pile_size: int
    hits: bool

    @property
    def bust_probability(self) -> Fraction:
        """P(the next card busts you) as docs/model.md defines it: bust cards over the whole pile (0 for an empty
        pile: no next card, no bust)."""
        return Fraction(self.bust_cards, self.pile_size) if self.pile_size else Fraction(0)


@dataclass(frozen=True)
class DecisionCell:
    """All lines with one sum and count of numbers: how many, how many the optimum hits, their bust chances."""

    number_sum: int
    numbers_held: int
    lines: int
    hitting: int
    hit_bust: tuple[Fraction, Fraction] | None
    stay_bust: tuple[Fraction, Fraction] | None

    @property
    def hit_share(self) -> float:
        """The share of these lines where the optimum hits."""
        return self.hitting / self.lines


@dataclass(frozen=True)
class DecisionMap:
    """The optimal decision at every line of numbers you can build from a pile, and the optimum from an empty line.

    A map of a merged deck (`merged_decision_map`) has no ``optimum``: its points are the optimal play of the
    lower relaxed deck, a real policy, and its score distribution is not the real game's.
    """

    points: tuple[DecisionPoint, ...]
    optimum: PolicyResult | None

    def cells(self) -> tuple[DecisionCell, ...]:
        """The points grouped by (sum, count), sorted."""
        groups: defaultdict[tuple[int, int], list[DecisionPoint]] = defaultdict(list)
        for point in self.points:
            groups[(point.number_sum, point.numbers_held)].append(point)

        def bust_range(points: list[DecisionPoint]) -> tuple[Fraction, Fraction] | None:
            chances = [p.bust_probability for p in points]
            return (min(chances), max(chances)) if chances else None

        return tuple(
            DecisionCell(total, held, len(points), sum(p.hits for p in points),
                         bust_range([p for p in points if p.hits]), bust_range([p for p in points if not p.hits]))
            for (total, held), points in sorted(groups.items())
        )

    @property
    def riskiest_hit(self) -> DecisionPoint | None:
        """The line with the highest bust chance where the optimum still hits."""
        hits = [p for p in self.points if p.hits]
        return max(hits, key=lambda p: (p.bust_probability, p.number_sum)) if hits else None

    @property
    def safest_stay(self) -> DecisionPoint | None:
        """The line with the lowest bust chance where the optimum already stays."""
        stays = [p for p in self.points if not p.hits]
        return min(stays, key=lambda p: (p.bust_probability, p.number_sum)) if stays else None


class _DecisionRecorder:
    """The optimal policy, noting its decision at each line of numbers with nothing else drawn.

    The solver shows a policy blocks of states: rows are sets of new numbers, columns side states,
    all with the same cards drawn. The block of lines with nothing but numbers drawn is the one whose
    pile holds exactly ``start size - new numbers`` cards; from an empty line it has one column.
    """

    needs_hit_once = False

    def __init__(self, situation: Situation, scale: int = 1) -> None:
        blanks = 0 if situation.alone else situation.pile[FREEZE] + situation.pile[FLIP_THREE]
        self.blanks = blanks
        self.start_size = situation.pile.size - blanks
        self.scale = scale  # a relaxed deck's scores are multiplied by its scale (`flip7odds.relaxation`)
        self.points: list[DecisionPoint] = []

    def hits(self, context: DecisionContext) -> NDArray[np.bool_]:
        chosen: NDArray[np.bool_] = context.hit > context.stay + TOLERANCE * self.scale
        if context.numbers_held > 0 and context.pile_size == self.start_size - context.numbers_held:
            assert context.stay.shape[1] == 1, "one column of lines with nothing but numbers drawn"
            for total, busting, hit in zip(context.number_sum[:, 0].tolist(), context.bust_cards[:, 0].tolist(),
                                           chosen[:, 0].tolist()):
                self.points.append(DecisionPoint(total // self.scale, context.numbers_held, busting,
                                                 context.pile_size + self.blanks, bool(hit)))
        return chosen


def optimal_decision_map(situation: Situation) -> DecisionMap:
    """The optimal decision at every line of numbers you can build from ``situation``'s pile, in one solve.

    Your line starts empty and only number cards are drawn (no modifier, no Second Chance); the
    discard pile is left out. Each point is what `flip7odds.analysis.analyze` decides for that line
    on the pile minus its numbers.
    """
    fresh = _fresh_line(situation)
    recorder = _DecisionRecorder(fresh)
    solution = solve(problem_of(fresh), TOLERANCE, policy=recorder)
    result = solution.result()
    assert result.distribution is not None  # `solve` computes it unless told not to
    optimum = PolicyResult(OPTIMAL, result.value, result.bust_probability, result.flip7_probability,
                           result.distribution, solution.hits_now)
    return DecisionMap(tuple(recorder.points), optimum)


def _fresh_line(situation: Situation) -> Situation:
    """``situation`` with an empty line and no discard pile: the start of the decision map."""
    return replace(situation, line=replace(situation.line, numbers=frozenset(), modifiers=(), second_chance=False),
                   discards=None)


def merged_decision_map(situation: Situation) -> DecisionMap:
    """The decision at every line of numbers of ``situation``'s pile (as `optimal_decision_map`) by the optimal play
    of its lower relaxed deck (`flip7odds.relaxation`, minor penalties merged at their mean, `blind_grouping`).

    That play reads the merged deck only, so it is a real policy: its real expected score is the merged deck's
    optimum, at most the real optimum. Where the lattice of the real deck is too large for a page (a fresh poker
    pile: 48 million states not alone), its lattice is 1.7 million.
    """
    fresh = _fresh_line(situation)
    problem = problem_of(fresh)
    relaxed, scale = relaxed_problem(problem, blind_grouping(problem), upper=False)
    recorder = _DecisionRecorder(fresh, scale)
    solve(relaxed, TOLERANCE * scale, policy=recorder, distribution=False)
    return DecisionMap(tuple(recorder.points), None)


EXPLORER_EXACT_STATES = 5_000_000
"""The strategy explorer solves the real deck when its lattice has at most this many states (a fifth of a
second); above it, on a deck with penalties to merge, it uses merged decks (`explorer_merges`)."""


def explorer_merges(situation: Situation) -> bool:
    """True when the strategy explorer should use merged decks: the real deck's decision map is larger than
    `EXPLORER_EXACT_STATES` and it has minor penalties to merge (never in classic, which has none)."""
    problem = problem_of(_fresh_line(situation))
    pile_minors, discard_minors = minors(problem, BLIND_GROUPING)
    return len(pile_minors) + len(discard_minors) > 1 and solve_cost(problem).states > EXPLORER_EXACT_STATES


# ----------------------------------------------------------------------------------------------
# Threshold policies on a grid.


class PolicyFamily(enum.Enum):
    """The threshold families of `flip7odds.policies`, by their parameter."""

    SUM = "sum"
    """Stay at sum of numbers >= T."""
    BUST = "bust"
    """Stay at P(bust) >= θ."""
    CARDS = "cards"
    """Stay at k numbers."""

    def policies(self, low: Fraction, high: Fraction, step: Fraction) -> tuple[HitStayPolicy, ...]:
        """The family's policies for parameters ``low, low + step, ... <= high``."""
        if step <= 0 or high < low:
            raise Flip7Error(f"a grid needs low <= high and a positive step, not {low}..{high} by {step}")
        values = [low + i * step for i in range(int((high - low) / step) + 1)]
        if self is PolicyFamily.BUST:
            return tuple(StayAtBust(value) for value in values)
        if any(value.denominator != 1 for value in values):
            raise Flip7Error(f"the {self.value} thresholds are whole numbers")
        build = StayAtSum if self is PolicyFamily.SUM else StayAtCount
        return tuple(build(int(value)) for value in values)

    @staticmethod
    def parameter(policy: HitStayPolicy) -> float:
        """The threshold of a threshold policy (T, θ or k)."""
        if isinstance(policy, StayAtSum):
            return float(policy.threshold)
        if isinstance(policy, StayAtBust):
            return float(policy.threshold)
        if isinstance(policy, StayAtCount):
            return float(policy.count)
        raise Flip7Error(f"{policy} has no threshold")


@dataclass(frozen=True)
class PolicyCurve:
    """A family's exact results along its threshold."""

    family: PolicyFamily
    results: tuple[PolicyResult | BlindValue, ...]

    @property
    def parameters(self) -> tuple[float, ...]:
        """The thresholds, in order."""
        return tuple(PolicyFamily.parameter(result.policy) for result in self.results)

    @property
    def best(self) -> PolicyResult | BlindValue:
        """The best policy of the curve (the first of equals)."""
        return max(self.results, key=lambda result: result.expected_score)


PILE_DESCRIPTIONS: dict[PileChoice, str] = {
    PileChoice.FRESH: N_("fresh deck"),
    PileChoice.NUMBERS: N_("number cards only"),
    PileChoice.CUSTOM: N_("chosen pile"),
}
"""How the situation on a projected page names its pile (message ids)."""


def situation_summary(situation: Situation, choice: PileChoice, t: Translator = ENGLISH) -> str:
    """The situation in one line, for the canvas of a projected page: the line, the pile and its size.

    >>> situation_summary(Situation.from_text(CLASSIC, "12 11 9"), PileChoice.FRESH)
    'Your line: 9 11 12 · fresh deck, 91 cards'
    >>> from flip7odds.i18n import translator
    >>> situation_summary(Situation.from_text(CLASSIC, "", others_active=0), PileChoice.FRESH, translator("es"))
    'Tu línea: aún sin cartas · baraja nueva, 94 cartas · solo'
    """
    line = " ".join(card_name(card, t, situation.rules) for card in situation.line.cards) or t("no card yet")
    text = t("Your line: {line} · {pile}, {cards}").format(
        line=line, pile=t(PILE_DESCRIPTIONS[choice]),
        cards=t.counted("{count} card", "{count} cards", drawing_pile_size(situation)))
    return text + (" · " + t("alone") if situation.alone else "")


STRATEGY_DEMO_PILE = PileChoice.NUMBERS
"""The pile the strategy demo opens on: docs/model.md's numbers-only pile (79 cards in classic), where "stay at 23"
earns 99.76 % of the optimum; on the fresh 94-card deck the best sum rule is another one."""


ALMOST_OPTIMAL = 0.99
"""A rule earning this share of the optimum or more is "almost, but not quite, optimal"."""
CLASSIC_THRESHOLD = 23
"""The threshold of the usual advice, "stay at 23" (docs/model.md)."""


@dataclass(frozen=True)
class StrategyHeadline:
    """The strategy demo's title and lead sentence, both about the pile shown (message texts, translated)."""

    title: str
    lead: str


def score_text(result: PolicyResult | BlindValue, t: Translator = ENGLISH) -> str:
    """A rule's expected score to 4 decimals, or its certified bounds ``low–high`` when it is not exact."""
    if isinstance(result, BlindValue) and not result.exact:
        return f"{t.number(result.low, 4)}–{t.number(result.high, 4)}"
    return t.number(result.expected_score, 4)


def share_range(score: float, optimum: PolicyResult | tuple[float, float], t: Translator = ENGLISH) -> str:
    """The share of the optimum ``score`` earns: one percentage, a range ``a–b`` against certified bounds
    ``(low, high)`` of the optimum, or a dash when the optimum is not positive (`fraction_of_optimal`)."""
    if isinstance(optimum, PolicyResult) or optimum[0] == optimum[1]:
        share = fraction_of_optimal(score, optimum.expected_score if isinstance(optimum, PolicyResult) else optimum[0])
        return "—" if share is None else t.percent(share, 2)
    low_share, high_share = fraction_of_optimal(score, optimum[1]), fraction_of_optimal(score, optimum[0])
    if low_share is None or high_share is None:
        return "—"
    return f"{t.percent(low_share, 2)}–{t.percent(high_share, 2)}"


def strategy_headline(sums: PolicyCurve, optimum: PolicyResult | tuple[float, float], pile_size: int,
                      t: Translator = ENGLISH) -> StrategyHeadline:
    """The title names the best "stay at sum ≥ T" rule *of this pile*, and the lead gives its exact share.

    ``sums`` is the `PolicyFamily.SUM` curve and ``optimum`` the optimal play on the same pile (or certified
    bounds ``(low, high)`` on it: the shares are then ranges, unless the two are equal), in ``t``'s language.
    Nothing is a literal: on the numbers-only pile the best rule is T = 23 and it earns 99.76 % of the optimum
    (docs/model.md); on the fresh deck the title follows the deck.
    """
    best = sums.best
    threshold = int(PolicyFamily.parameter(best.policy))
    low, high = (optimum.expected_score,) * 2 if isinstance(optimum, PolicyResult) else optimum
    least_share = fraction_of_optimal(best.expected_score, high)
    values = {"threshold": threshold, "score": score_text(best, t),
              "optimum": t.number(low, 4), "low": t.number(low, 4), "high": t.number(high, 4),
              "share": share_range(best.expected_score, optimum, t),
              "pile": t.counted("{count} card", "{count} cards", pile_size)}
    if least_share is not None and best.expected_score >= high - TOLERANCE:
        title = t("Why “stay at {threshold}” is optimal on this pile")
    elif least_share is not None and least_share >= ALMOST_OPTIMAL:
        title = t("Why “stay at {threshold}” is almost, but not quite, optimal")
    else:
        title = t("How far “stay at {threshold}”, the best sum rule here, falls short of optimal")
    if low == high:  # exact (bounds that met: an exact answer where merged decks were expected)
        lead = t("On this pile of {pile}, the best rule of the kind “stay once your numbers add up to T” is "
                 "T = {threshold}: it earns **{score}**, **{share}** of the **{optimum}** the best possible "
                 "play earns.")
    else:
        lead = t("On this pile of {pile}, the best rule of the kind “stay once your numbers add up to T” is "
                 "T = {threshold}: it earns **{score}**, **{share}** of the best possible play, which certified "
                 "bounds put between **{low}** and **{high}**.")
    classic = next((result for result in sums.results if PolicyFamily.parameter(result.policy) == CLASSIC_THRESHOLD),
                   None)
    if threshold != CLASSIC_THRESHOLD and classic is not None:
        lead += " " + t("The usual advice, “stay at 23”, earns {share} here.").format(
            share=share_range(classic.expected_score, optimum, t))
    return StrategyHeadline(title.format(**values), lead.format(**values))


def card_counts_text(counts: CardCounts) -> str:
    """Cards in card notation with repeats folded (``12*12``), short enough for a link.

    >>> card_counts_text(CardCounts.from_cards(parse_cards("12 12 5 +4")))
    '5 12*2 +4'
    """
    return " ".join(f"{card}*{count}" if count > 1 else str(card) for card, count in counts.items_)


def numbers_only_pile(rules: RuleSet = CLASSIC) -> str:
    """The number cards of the deck in card notation: docs/model.md's 79-card "numbers only" pile for classic.

    >>> numbers_only_pile()
    '0 1 2*2 3*3 4*4 5*5 6*6 7*7 8*8 9*9 10*10 11*11 12*12'
    """
    return card_counts_text(CardCounts.from_mapping({card: count for card, count in rules.deck.items_
                                                     if card.category is Category.NUMBER}))


__all__ = [
    "EXPLORER_EXACT_STATES",
    "FLIP_THREE_DRAWS",
    "MAX_CARD_TREE_DRAWS",
    "MAX_TREE_DRAWS",
    "PILE_DESCRIPTIONS",
    "STRATEGY_DEMO_PILE",
    "Branch",
    "Convergence",
    "DecisionCell",
    "DecisionMap",
    "DecisionPoint",
    "ExactValue",
    "Grouping",
    "PileChoice",
    "PolicyCurve",
    "PolicyFamily",
    "ProbabilityTree",
    "Question",
    "RoundSampler",
    "SituationText",
    "StrategyHeadline",
    "TreeNode",
    "TreeStart",
    "UrnReading",
    "can_simulate",
    "card_counts_text",
    "convergence",
    "exact_value",
    "explorer_merges",
    "merged_decision_map",
    "numbers_only_pile",
    "optimal_decision_map",
    "probability_tree",
    "score_text",
    "share_range",
    "simulate",
    "situation_summary",
    "strategy_headline",
    "urn_reading",
    "vengeance_urn",
]

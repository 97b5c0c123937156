"""Hit/stay quiz: situations taken from simulated games, graded by the optimum (docs/model.md).

Situations come from `flip7odds.simulator` games between simple players, so piles are depleted the
way real ones are, at every depth of the deck (a fresh pile to the last card, alone or not). Each is
shown as the player would see it at the table (every line, the discard pile since the shuffle, the
pile count, who is still active) and graded on `flip7odds.answer.answer`'s ``stay_score`` and hit
value (ties stay): exact where the exact solver fits, else certified bounds (`graded`).

Difficulty tiers (`Tier`):

1. **First round, numbers only**: the game's first round (the pile not yet reshuffled), your line holds numbers only.
2. **Part-used pile**: at least 24 cards are out of the pile; your line holds numbers only.
3. **Modifiers, Second Chance, alone**: your line holds a modifier or a Second Chance, or you are alone.
4. **Close calls**: any of the above where hitting and staying are within `CLOSE_CALL` points (certified:
   the upper end of the margin's bounds).

Every situation has at least two numbers in your line (with fewer, hitting is never wrong by much).

Grades (`Grade`), by the expected points lost against the best action (`GRADE_LIMITS`):
Best (the optimal action), Fine (< 0.5), Inaccuracy (< 1.5), Mistake (< 4), Blunder (4 or more).

Grading on bounds
-----------------
Where the exact solver does not fit, `flip7odds.answer.answer` gives the hit value ``h`` (hit now, then
play best) as an interval ``[lo, hi]`` that certainly holds it; the stay score ``s`` is an exact integer.
`graded` grades such a question only when the interval cannot change any grade:

1. ``s`` is outside ``[lo, hi]``: the sign of ``h - s`` is known, so the best action is known, and
   choosing it loses exactly 0 (Best);
2. the other action loses ``m = |h - s|``, which lies in ``[m_lo, m_hi]`` (``[lo - s, hi - s]`` when
   hitting is best, ``[s - hi, s - lo]`` when staying is); `grade_of` is a non-decreasing step function
   of the loss, so ``grade_of(m_lo) == grade_of(m_hi)`` makes it constant on ``[m_lo, m_hi]``, hence
   equal to ``grade_of(m)``, the grade the exact value gives;
3. the width ``hi - lo`` is at most `GRADE_WIDTH` (0.05 points, a tenth of the smallest grade limit),
   so the hit value and the points lost shown beside the grade are within 0.025 of the exact ones.

Under 1 and 2 every answer gets exactly the grade the exact values give; 3 keeps the numbers shown
honest. A candidate that fails them is not asked: another is dealt (at most `MAX_SOLVES` solves per
question, each within `QUIZ_CPU_SECONDS` of CPU).

The budget is counted, not timed (`flip7odds.answer.answer`'s ``deterministic``: the bounded search reads its
deadline on its work clock, the exact Vengeance solver stops at its state limit only), so a bounded grade is
reproducible: the same seed deals the same questions with the same numbers, to the last bit, on any machine
and under any load; and a saved situation replayed (`exact_of`) gets the same numbers on every replay.

Examples
--------
>>> question = generate(Tier.FRESH, count=1, seed=3)[0]
>>> question.situation.tier, len(question.situation.line.numbers) >= 2, question.situation.round_number
(<Tier.FRESH: 1>, True, 1)
>>> exact = question.exact
>>> exact.decision == (Decision.HIT if exact.hit_score > exact.stay_score + 1e-9 else Decision.STAY)
True
>>> [grade.value for grade in (grade_answer(exact, exact.decision).grade,)]
['Best']
"""

from __future__ import annotations

import enum
import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Self, TypeVar

import numpy as np

from flip7odds.analysis import TOLERANCE, Decision, fraction_json
from flip7odds.answer import EXACT_MEMORY, Answer, AnySituation, answer
from flip7odds.cards import Card, Category, format_cards, parse_cards
from flip7odds.counts import CardCounts
from flip7odds.errors import Flip7Error
from flip7odds.i18n import ENGLISH, N_, Translator
from flip7odds.odds import bust_cards
from flip7odds.rules import CLASSIC, RuleSet, find_rules
from flip7odds.simulator import BustThreshold, Policy, SumThreshold, TableView, play_game
from flip7odds.situation import Line, Situation

CLOSE_CALL = 1.0
"""Tier 4: hitting and staying are worth at most this many points apart."""
PART_USED_GONE = 24
"""Tier 2: at least this many cards of the deck are out of the pile."""
QUIZ_CPU_SECONDS = 1.0
"""The budget of grading one candidate (`flip7odds.answer.answer`, counted: about as many CPU seconds): exact, or
bounds tight enough, or dealt again."""
REPLAY_CPU_SECONDS = 3.0
"""The budget of grading a saved situation again (a replay): the one the candidate was kept with, and more."""
GRADE_WIDTH = 0.05
"""A question graded on bounds has a hit interval at most this wide: a tenth of the smallest grade limit (0.5)."""
RESHUFFLE_REACH = 12
"""A pile of at most this many cards with known discards is graded by the bounded solver alone: the exact solver's
size estimate does not count the reshuffled pile, and one such solve took 127 s (poker, 2 cards, 45 discards)."""
MAX_SOLVES = 60
"""A generator gives up with a clear message after this many solves without a question (never expected)."""
TRIVIAL_MARGIN = 5.0
"""A decision whose two options are more than this many points apart counts as trivial in the statistics."""
PER_GAME = 3
"""At most this many situations are taken from one simulated game, so that they vary."""


class Tier(enum.IntEnum):
    """Quiz difficulty tiers (module docstring)."""

    FRESH = 1
    PART_USED = 2
    MODIFIERS = 3
    CLOSE_CALLS = 4


class Grade(enum.Enum):
    """How good an answer was, by the expected points it loses (`GRADE_LIMITS`)."""

    BEST = "Best"
    FINE = "Fine"
    INACCURACY = "Inaccuracy"
    MISTAKE = "Mistake"
    BLUNDER = "Blunder"

    @property
    def label(self) -> str:
        """The grade's name as people read it (a message id: translate it)."""
        return GRADE_NAMES[self]

    @property
    def is_error(self) -> bool:
        """Inaccuracy, Mistake or Blunder: the situation goes to the replay queue."""
        return self in (Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER)


GRADE_NAMES: dict[Grade, str] = {
    Grade.BEST: N_("Best"),
    Grade.FINE: N_("Fine"),
    Grade.INACCURACY: N_("Inaccuracy"),
    Grade.MISTAKE: N_("Mistake"),
    Grade.BLUNDER: N_("Blunder"),
}
"""Each grade's name (its value is what the progress file stores)."""

GRADE_LIMITS: tuple[tuple[Grade, float], ...] = (
    (Grade.FINE, 0.5),
    (Grade.INACCURACY, 1.5),
    (Grade.MISTAKE, 4.0),
)
"""A non-optimal answer losing less than the limit gets that grade; 4 points or more is a Blunder."""


def grade_of(ev_loss: float, limits: tuple[tuple[Grade, float], ...] = GRADE_LIMITS, unit: float = 1.0) -> Grade:
    """The grade of an answer that loses ``ev_loss`` expected points (0 within 1e-9 is Best).

    ``limits`` are in ``unit`` times the loss (the endgame grades a probability in percentage points).

    >>> [grade_of(x).value for x in (0.0, 0.3, 1.0, 2.0, 9.0)]
    ['Best', 'Fine', 'Inaccuracy', 'Mistake', 'Blunder']
    """
    if ev_loss <= TOLERANCE:
        return Grade.BEST
    for grade, limit in limits:
        if unit * ev_loss < limit:
            return grade
    return Grade.BLUNDER


@dataclass(frozen=True)
class PlayerLine:
    """One player at the table as everyone sees it: the cards in front of it, its status, its game total."""

    seat: int
    cards: tuple[Card, ...]
    status: str
    total: int

    @property
    def active(self) -> bool:
        """Still in the round."""
        return self.status == "active"


class SavedSituation(ABC):
    """A quiz situation as the progress file saves it (every variant's): a JSON object, read back, keyed by its hash."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """A JSON object that `from_json` reads back."""

    @classmethod
    @abstractmethod
    def _read_json(cls, data: dict[str, Any]) -> Self:
        """Read `to_json`'s object back (a malformed one raises `KeyError`, `TypeError` or `ValueError`)."""

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """Read `to_json`'s object back; a malformed one raises `Flip7Error`."""
        try:
            return cls._read_json(data)
        except (KeyError, TypeError, ValueError) as error:
            raise Flip7Error("not a saved quiz situation: {error}", error=error) from None

    @property
    def key(self) -> str:
        """A short stable identifier: the first 16 hex digits of the SHA-256 of the JSON form (sorted keys)."""
        text = json.dumps(self.to_json(), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class QuizSituation(SavedSituation):
    """A decision at the table: who you are, every player's cards, the exact pile and the discard pile."""

    tier: Tier
    rules: RuleSet
    you: int
    players: tuple[PlayerLine, ...]
    pile: CardCounts
    discards: CardCounts
    round_number: int

    @property
    def line(self) -> Line:
        """Your line."""
        return Line.from_cards(self.players[self.you].cards)

    @property
    def others_active(self) -> int:
        """Other players still active."""
        return sum(1 for player in self.players if player.active and player.seat != self.you)

    @property
    def situation(self) -> Situation:
        """The docs/model.md situation the grading solves."""
        return Situation(self.rules, self.line, self.pile, self.discards, self.others_active)

    def to_json(self) -> dict[str, Any]:
        """A JSON object that `from_json` reads back; the pile lists every card kind with its count."""
        return {
            "tier": int(self.tier),
            "rules": self.rules.name,
            "round": self.round_number,
            "you": self.you,
            "players": [{"seat": p.seat, "cards": format_cards(p.cards), "status": p.status, "total": p.total}
                        for p in self.players],
            "pile": {str(card): self.pile[card] for card in self.rules.kinds},
            "discards": str(self.discards),
        }

    @classmethod
    def _read_json(cls, data: dict[str, Any]) -> QuizSituation:
        rules = find_rules(str(data["rules"]))
        players = tuple(PlayerLine(int(p["seat"]), parse_cards(str(p["cards"]), rules), str(p["status"]),
                                   int(p["total"]))
                        for p in data["players"])
        pile = CardCounts.from_mapping({card: int(count) for text, count in data["pile"].items()
                                        for card in parse_cards(str(text), rules)[:1]})
        return cls(Tier(int(data["tier"])), rules, int(data["you"]), players, pile,
                   CardCounts.from_cards(parse_cards(str(data["discards"]), rules)), int(data["round"]))

    def categories(self) -> dict[str, str]:
        """The situation's category in each dimension the progress statistics use.

        Dimensions and categories are stored in English, as message ids: the app translates them when shown.
        """
        line = self.line
        size = self.pile.size
        depletion = (N_("fresh (80+ cards)") if size >= 80 else N_("part-used (50-79)") if size >= 50
                     else N_("low (under 50)"))
        return {
            N_("numbers held"): str(len(line.numbers)),
            N_("pile"): depletion,
            N_("modifiers"): N_("with modifiers") if line.modifiers else N_("no modifiers"),
            N_("second chance"): N_("holding one") if line.second_chance else N_("none"),
            N_("alone"): N_("alone") if self.others_active == 0 else N_("not alone"),
        }


@dataclass(frozen=True)
class Exact:
    """The numbers a quiz answer is graded against (docs/model.md names): exact, or certified (module docstring).

    ``hit_score`` is the exact hit value, or the midpoint of its certified interval of width
    ``error_bound`` (0 when exact): the exact value is within ``error_bound / 2`` of it, and ``decision``
    and every grade are the exact ones (`graded`).
    """

    stay_score: int
    hit_score: float
    decision: Decision
    bust_cards: int
    pile_size: int
    bust_probability: Fraction
    second_chance: bool
    error_bound: float = 0.0

    @property
    def exact(self) -> bool:
        """True when the hit value is exact (not an interval's midpoint)."""
        return self.error_bound == 0.0

    @property
    def optimal_score(self) -> float:
        """max(stay, hit), ties staying."""
        return self.hit_score if self.decision is Decision.HIT else float(self.stay_score)

    @property
    def margin(self) -> float:
        """How many expected points apart hitting and staying are (within ``error_bound / 2``)."""
        return abs(self.hit_score - self.stay_score)

    @property
    def margin_high(self) -> float:
        """The most the margin can be: its certified upper end."""
        return self.margin + self.error_bound / 2

    def value(self, action: Decision) -> float:
        """Expected round score of ``action`` followed by optimal play."""
        return self.hit_score if action is Decision.HIT else float(self.stay_score)

    def ev_loss(self, action: Decision) -> float:
        """``optimal_score`` minus the value of ``action`` (docs/model.md)."""
        return max(0.0, self.optimal_score - self.value(action))

    def to_json(self) -> dict[str, Any]:
        """The grading numbers as JSON, with ``exact`` and ``error_bound`` as `flip7odds.answer.Answer` has them."""
        return {
            "stay_score": self.stay_score,
            "hit_score": self.hit_score,
            "decision": self.decision.value,
            "margin": self.margin,
            "bust_probability": fraction_json(self.bust_probability),
            "bust_cards": self.bust_cards,
            "pile_size": self.pile_size,
            "exact": self.exact,
            "error_bound": self.error_bound,
        }


def graded(result: Answer) -> Exact | None:
    """The grading numbers of ``result``, or None when its bounds could change a grade (module docstring, 1-3).

    A `Flip7Error` when it is no quiz question: you may not stay, or no card can be drawn.

    >>> from dataclasses import replace
    >>> from flip7odds.bounded import Bounds
    >>> result = answer(Situation.from_text(CLASSIC, "12 11 10 9", seen="12 11 11 5"))   # stay 42
    >>> certain = replace(result, exact=False, hit=Bounds(37.40, 37.44))     # loss in [4.56, 4.60]: Blunder
    >>> graded(certain).decision.value, graded(certain).error_bound <= GRADE_WIDTH
    ('stay', True)
    >>> graded(replace(result, exact=False, hit=Bounds(40.48, 40.52)))       # loss in [1.48, 1.52]: two grades
    >>> graded(replace(result, exact=False, hit=Bounds(41.98, 42.02)))       # 42 inside: the best play unknown
    """
    if result.hit is None or not result.may_stay:
        raise Flip7Error("a quiz situation needs a line you may stay with and a card you can draw")
    hit, stay = result.hit, result.stay_score
    if result.exact:
        width = 0.0
        decision = result.decision
    else:
        if hit.width > GRADE_WIDTH or stay in hit:
            return None
        low, high = sorted((abs(hit.lo - stay), abs(hit.hi - stay)))
        if grade_of(low) is not grade_of(high):
            return None
        width = hit.width
        decision = Decision.HIT if hit.lo > stay else Decision.STAY
    line = result.situation.line
    second_chance = isinstance(line, Line) and line.second_chance
    return Exact(stay, hit.mid, decision, result.bust_cards, result.pile_size, result.bust_probability,
                 second_chance, width)


def hit_text(exact: Exact, t: Translator = ENGLISH, digits: int = 2) -> str:
    """The hit value as people read it: the exact value, or the midpoint with its certified ``±`` half-width.

    >>> hit_text(Exact(20, 23.456, Decision.HIT, 3, 40, Fraction(3, 40), False, 0.04))
    '23.46 ± 0.02'
    """
    value = t.number(exact.hit_score, digits)
    if exact.exact:
        return value
    return t("{value} ± {bound}").format(value=value, bound=t.number(exact.error_bound / 2, digits))


def graded_answer(situation: AnySituation, cpu_seconds: float = QUIZ_CPU_SECONDS) -> Exact | None:
    """`graded` on `flip7odds.answer.answer` within ``cpu_seconds`` of counted work (its ``deterministic``: the same
    numbers on any load, module docstring; `RESHUFFLE_REACH`: bounded only)."""
    reshuffle = (isinstance(situation, Situation) and situation.discards is not None and situation.discards.size > 0
                 and situation.pile.size <= RESHUFFLE_REACH)
    memory_limit = 0 if reshuffle else EXACT_MEMORY
    return graded(answer(situation, cpu_seconds, memory_limit, deterministic=True))


def exact_of(situation: AnySituation, cpu_seconds: float = REPLAY_CPU_SECONDS) -> Exact:
    """The grading numbers of ``situation`` (a line you may stay with and a card to draw), or a clear `Flip7Error`.

    ``bust_probability`` = (cards in the pile that bust you) / (pile size), 0 with a Second Chance.
    """
    numbers = graded_answer(situation, cpu_seconds)
    if numbers is None:
        raise Flip7Error("this situation could not be graded in {seconds} s of CPU: the best play is too close "
                         "to call there", seconds=cpu_seconds)
    return numbers


@dataclass(frozen=True)
class Question:
    """A quiz situation with its exact grading numbers."""

    situation: QuizSituation
    exact: Exact

    def to_json(self) -> dict[str, Any]:
        """The command line's object: the situation, your line, others active, and the exact numbers."""
        return {
            "key": self.situation.key,
            "line": str(self.situation.line),
            "others_active": self.situation.others_active,
            **self.situation.to_json(),
            **self.exact.to_json(),
        }


@dataclass(frozen=True)
class Feedback:
    """The grading of one answer."""

    action: Decision
    ev_loss: float
    grade: Grade


def grade_answer(exact: Exact, action: Decision) -> Feedback:
    """Grade ``action`` against the exact optimum."""
    loss = exact.ev_loss(action)
    return Feedback(action, loss, grade_of(loss))


def one_card_look_ahead(situation: Situation) -> tuple[Fraction, Fraction]:
    """(average points one more card adds when it does not bust you, average points it puts at risk).

    Exact over the drawing pile: gain = sum over safe cards of count * (score after it - score now) / N,
    risk = (bust cards / N) * score now. Action cards count as changing nothing (a simplification that
    is only used to word the hint).
    """
    line, rules = situation.line, situation.rules
    pile = situation.pile if situation.pile.size or situation.discards is None else situation.discards
    size = pile.size
    stay = line.score(rules)
    gain = Fraction(0)
    for card, count in pile.items_:
        if card.category is Category.NUMBER and card.value not in line.numbers:
            grown = Line(line.numbers | {card.value}, line.modifiers, line.second_chance)
            flip7 = len(grown.numbers) >= rules.flip7_size
            gain += Fraction(count * (grown.score(rules, flip7) - stay), size)
        elif card.category is Category.MODIFIER:
            grown = Line(line.numbers, tuple(sorted(line.modifiers + (card,))), line.second_chance)
            gain += Fraction(count * (grown.score(rules) - stay), size)
    risk = Fraction(0) if line.second_chance else Fraction(bust_cards(situation) * stay, size)
    return gain, risk


def hint(question: Question, t: Translator = ENGLISH) -> str:
    """The one sentence that leads to the right answer, in ``t``'s language."""
    exact = question.exact
    gain, risk = one_card_look_ahead(question.situation.situation)
    values = {"bust": exact.bust_cards, "left": exact.pile_size, "gain": t.number(float(gain), 1),
              "risk": t.number(float(risk), 1), "stay": exact.stay_score,
              "more": t.number(exact.hit_score - exact.stay_score, 1), "hit": t.number(exact.hit_score, 1)}
    left = exact.pile_size
    if exact.decision is Decision.HIT:
        if exact.second_chance:
            return t.ngettext("Your Second Chance absorbs the first duplicate ({bust} of the {left} card left would be "
                              "one), so the next card cannot bust you: hit.",
                              "Your Second Chance absorbs the first duplicate ({bust} of the {left} cards left would be "
                              "one), so the next card cannot bust you: hit.", left).format(**values)
        if gain > 0 and exact.bust_cards == 0:
            return t.ngettext("None of the {left} card left would bust you: one more card adds {gain} points on "
                              "average, so hit.",
                              "None of the {left} cards left would bust you: one more card adds {gain} points on "
                              "average, so hit.", left).format(**values)
        if gain > risk:
            return t.ngettext("Only {bust} of the {left} card left would bust you: one more card adds {gain} points on "
                              "average and risks {risk}, so hit.",
                              "Only {bust} of the {left} cards left would bust you: one more card adds {gain} points on "
                              "average and risks {risk}, so hit.", left).format(**values)
        return t("One card alone adds {gain} points for {risk} at risk, but the cards after it (and the Flip 7 "
                 "bonus) make hitting worth {more} more than your {stay}: hit.").format(**values)
    if gain <= 0 and exact.bust_cards == 0:
        return t.ngettext("None of the {left} card left would bust you, but one more card changes your score by "
                          "{gain} points on average: stay.",
                          "None of the {left} cards left would bust you, but one more card changes your score by "
                          "{gain} points on average: stay.", left).format(**values)
    if risk >= gain:
        values["points"] = t.counted("{count} point", "{count} points", exact.stay_score)
        return t.ngettext("{bust} of the {left} card left would bust you: one more card risks {risk} of your {points} "
                          "on average to gain {gain}, so stay.",
                          "{bust} of the {left} cards left would bust you: one more card risks {risk} of your {points} "
                          "on average to gain {gain}, so stay.", left).format(**values)
    return t.ngettext("Your {stay} point is worth more than the {hit} you can expect by hitting on, once forced cards "
                      "and later busts are counted: stay.",
                      "Your {stay} points are worth more than the {hit} you can expect by hitting on, once forced cards "
                      "and later busts are counted: stay.", exact.stay_score).format(**values)


# ----------------------------------------------------------------------------------------------
# Generation.


def _player_lines(view: TableView) -> tuple[PlayerLine, ...]:
    return tuple(PlayerLine(seat.seat, seat.cards, "active" if seat.outcome is None else seat.outcome.value,
                            seat.total) for seat in view.seats)


def _matches(tier: Tier, view: TableView) -> bool:
    """Whether a decision fits ``tier`` before solving (tier 4 also needs a close margin, checked after)."""
    line = view.line
    if len(line.numbers) < 2 or view.pile_size == 0:
        return False
    alone = view.others_active == 0
    numbers_only = not line.modifiers and not line.second_chance and not alone
    if tier is Tier.FRESH:
        return numbers_only and view.round_number == 1 and view.reshuffles == 0
    if tier is Tier.PART_USED:
        return numbers_only and view.rules.deck.size - view.pile_size >= PART_USED_GONE
    if tier is Tier.MODIFIERS:
        return bool(line.modifiers) or line.second_chance or alone
    return True


def _may_be_close(situation: Situation) -> bool:
    """A cheap filter before solving for tier 4: one more card is nearly break-even (`one_card_look_ahead`).

    Hitting is worth at least about ``gain - risk`` more than staying, and rarely much more once the
    line is long enough to think of staying; the exact margin is checked after solving.
    """
    gain, risk = one_card_look_ahead(situation)
    return -3 <= gain - risk <= CLOSE_CALL


def _table(rng: np.random.Generator) -> tuple[Policy, ...]:
    """3 to 6 simple players with varied thresholds, so that lines and piles vary."""
    players: list[Policy] = []
    for _ in range(int(rng.integers(3, 7))):
        if rng.random() < 0.6:
            players.append(SumThreshold(int(rng.integers(14, 33))))
        else:
            players.append(BustThreshold(Fraction(int(rng.integers(15, 40)), 100)))
    return tuple(players)


class QuizGenerator:
    """An endless stream of `Question` of one tier, drawn from simulated games (reproducible: module docstring).

    Candidates are the decisions of a whole game that fit the tier; up to `PER_GAME` are taken at
    random and graded within ``cpu_seconds`` each (`graded_answer`: tier 4 keeps only those certainly
    within `CLOSE_CALL`). After `MAX_SOLVES` solves without a question it gives up with a `Flip7Error`.
    """

    def __init__(self, tier: Tier, rng: np.random.Generator, rules: RuleSet = CLASSIC,
                 cpu_seconds: float = QUIZ_CPU_SECONDS) -> None:
        self.tier = tier
        self.rng = rng
        self.rules = rules
        self.cpu_seconds = cpu_seconds
        self.solves = 0
        """Solves since the last question."""
        self._pending: list[Question] = []

    def __iter__(self) -> Iterator[Question]:
        return self

    def __next__(self) -> Question:
        while not self._pending:
            self._pending = self._from_one_game()
        self.solves = 0
        return self._pending.pop(0)

    def _from_one_game(self) -> list[Question]:
        views: list[TableView] = []

        def keep(view: TableView) -> None:
            if _matches(self.tier, view):
                views.append(view)

        play_game(self.rules, _table(self.rng), self.rng, check=False, observer=keep)
        questions: list[Question] = []
        for index in self.rng.permutation(len(views)):
            view = views[int(index)]
            situation = QuizSituation(self.tier, self.rules, view.seat, _player_lines(view), view.pile, view.discards,
                                      view.round_number)
            if self.tier is Tier.CLOSE_CALLS and not _may_be_close(situation.situation):
                continue
            if self.solves >= MAX_SOLVES and not questions:
                raise Flip7Error("no quiz situation could be graded in {solves} tries", solves=MAX_SOLVES)
            self.solves += 1
            numbers = graded_answer(situation.situation, self.cpu_seconds)
            if numbers is None or (self.tier is Tier.CLOSE_CALLS and numbers.margin_high > CLOSE_CALL):
                continue
            questions.append(Question(situation, numbers))
            if len(questions) == PER_GAME:
                break
        return questions


def generate(tier: Tier, count: int, seed: int, rules: RuleSet = CLASSIC) -> list[Question]:
    """``count`` questions of ``tier`` with these rules; the same seed gives the same questions, with the same
    numbers (module docstring)."""
    generator = QuizGenerator(tier, np.random.default_rng(seed), rules)
    return [next(generator) for _ in range(count)]


def tier_from_number(level: int) -> Tier:
    """The tier numbered ``level`` (1-4), or a clear `Flip7Error`."""
    return numbered_tier(Tier, level)


TierT = TypeVar("TierT", bound=enum.IntEnum)


def numbered_tier(tiers: type[TierT], level: int) -> TierT:
    """The tier of ``tiers`` (a variant's four quiz tiers) numbered ``level`` (1-4), or a clear `Flip7Error`.

    >>> numbered_tier(Tier, 2)
    <Tier.PART_USED: 2>
    """
    try:
        return tiers(level)
    except ValueError:
        raise Flip7Error("level must be 1, 2, 3 or 4, not {level}", level=level) from None




__all__ = [
    "CLOSE_CALL", "GRADE_LIMITS", "GRADE_WIDTH", "MAX_SOLVES", "QUIZ_CPU_SECONDS", "REPLAY_CPU_SECONDS",
    "RESHUFFLE_REACH", "TRIVIAL_MARGIN", "Exact", "Feedback", "Grade", "PlayerLine", "Question", "QuizGenerator",
    "QuizSituation", "SavedSituation", "Tier", "exact_of", "generate", "grade_answer", "grade_of", "graded",
    "graded_answer", "hint", "hit_text", "numbered_tier", "one_card_look_ahead", "tier_from_number",
]

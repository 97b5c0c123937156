"""Hit/stay quiz tiers for With a Vengeance: situations from every depth of the deck, graded on the optimum.

Situations are dealt by this documented random procedure (`deal`, with an injected ``np.random.Generator``),
from the last cards of a pile to a nearly fresh deck:

1. shuffle the whole deck (108 cards); the last ``k`` cards are the pile, ``k`` uniform in ``pile_sizes``
   (by default `PILE_SIZES`, 1 to 100 cards; tier 3 `STEAL_AND_SWAP_PILES`, 1 to 30);
2. 0 to `MAX_OTHERS` other players who are not busted (uniform) and, in Brutal mode only, 0 to
   `MAX_BUSTED` busted players (they play no part under the standard rules);
3. each line gets a target of number cards: yours 2 to 5, each other line 0 to 5 (uniform);
4. the other ``108 - k`` cards are the round's history, in order: each goes to a player chosen uniformly
   among those still short of their target. A number joins the line unless it would bust it (then it is
   discarded, as a busted player's cards are); The Zero never joins your line (you could not stay); a
   modifier joins with probability 1/2, else it is discarded; an action card was played and is
   discarded. Once every target is met, the rest of the history is discarded;
5. the situation is checked by `VengeanceSituation.build` (consistent with the deck, no duplicate,
   fewer than seven numbers). The discard pile is not given (it is unknown to the model): if the pile
   runs out your round ends as if you stayed (docs/vengeance.md). A deep pile's history can be too short
   for your target: a line with fewer than two numbers is dealt again.

A dealt situation is kept when it fits the tier (below) and `flip7odds.quiz.graded` grades it
within `VENGEANCE_CPU_SECONDS` of counted work: exact where the exact solver fits (late in the deck),
else on certified bounds when they cannot change any grade (`flip7odds.quiz`, "Grading on bounds");
otherwise it is dealt again (at most `flip7odds.quiz.MAX_SOLVES` solves per question). The work is counted,
not timed (`flip7odds.answer.answer`'s ``deterministic``), so the same seed deals the same questions with the
same numbers, bounded grades included, on any machine and under any load.

Tiers (`VTier`), each teaching one thing special to With a Vengeance, by a criterion checked on the
dealt situation:

1. **The Zero and the Unlucky 7**: the pile holds The Zero or the Unlucky 7. Neither counts as a bust
   card, yet both cost you: The Zero makes you hit until you lose it or make a Flip 7 (and scores 0),
   the Unlucky 7 wipes your line. The bust probability alone understates the risk of hitting.
2. **Lucky 13**: you hold exactly one 13 and the pile holds a 13 that would not bust you (you hold the
   Lucky 13 and the pile a plain 13, or you hold a plain 13 and the pile the Lucky 13). Not every 13
   is a bust card.
3. **Steal and Swap**: the pile holds a Steal or a Swap, and the other players' lines are worth at least
   `OPPONENT_GAIN` points to hitting: the hit value minus the hit value of the same situation with every
   other line empty (`opponent_gain`, a certified lower bound of it). Their cards are what a Steal or a
   Swap brings you.
4. **Penalties** (standard rules): the pile holds a ÷2 or a penalty (-N) and at least one other player is
   not busted, so a penalty you draw can be given away. **Brutal mode** (``vengeance-brutal``): the pile
   holds a ÷2 or a penalty and at least one player is busted, who may still be given it (and scores may
   go below zero).

Every situation has at least two numbers in your line, no Zero in it (you may stay) and a card to draw.
Grades are the classic quiz's (`flip7odds.quiz.grade_of`, `flip7odds.quiz.Exact`); every result comes with
the model's caveat (`flip7odds.vengeance.analysis.CAVEAT`).

Examples
--------
>>> from flip7odds.rules import VENGEANCE
>>> question = generate_vengeance(VTier.LUCKY_13, count=1, seed=2, rules=VENGEANCE, pile_sizes=(6, 8))[0]
>>> question.situation.tier, 6 <= question.situation.situation.pile.size <= 8
(<VTier.LUCKY_13: 2>, True)
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from flip7odds.analysis import Decision
from flip7odds.answer import answer
from flip7odds.bounded import Bounds
from flip7odds.cards import Action, Card, Category, card_name, format_cards
from flip7odds.counts import CardCounts
from flip7odds.errors import Flip7Error
from flip7odds.i18n import ENGLISH, N_, Translator
from flip7odds.quiz import MAX_SOLVES, REPLAY_CPU_SECONDS, Exact, SavedSituation, exact_of, graded, numbered_tier
from flip7odds.rules import LUCKY_13, UNLUCKY_7, VENGEANCE, VENGEANCE_TITLES, RuleSet, find_rules
from flip7odds.vengeance.analysis import CAVEAT
from flip7odds.vengeance.situation import THE_ZERO, VengeanceLine, VengeanceSituation

PILE_SIZES = (1, 100)
"""The pile holds from 1 to 100 cards (inclusive): every depth of the deck, from the last card to nearly fresh."""
STEAL_AND_SWAP_PILES = (1, 30)
"""Tier 3 deals piles of 1 to 30 cards: deeper, the other lines' worth to hitting is almost never certified to be
1 point or more within the budget (BENCHMARKS.md: its questions all came from piles of 1-18 cards, at 24 s a
question in Brutal mode when dealt from 1 to 100)."""
VENGEANCE_CPU_SECONDS = 0.4
"""The budget of grading one candidate, counted (about as many CPU seconds: `flip7odds.quiz`): a bounded answer
tight enough to grade is nearly always so within 0.4 s, and most deep-deck candidates are not (they are dealt
again), so a short budget deals faster."""
MAX_OTHERS = 3
"""At most this many other players who are not busted."""
MAX_BUSTED = 2
"""Brutal mode: at most this many busted players."""
YOUR_NUMBERS = (2, 5)
"""Your line's target of number cards (inclusive)."""
OTHER_NUMBERS = (0, 5)
"""Each other line's target of number cards (inclusive)."""
OPPONENT_GAIN = 1.0
"""Tier 3: the other players' lines must add at least this many expected points to hitting."""
MAX_DEALS = 20_000
"""A generator gives up with a clear message after this many deals without a question (never expected)."""
YOUR_FEWEST_NUMBERS = 2
"""Your line holds at least this many numbers (with fewer, hitting is never wrong by much)."""


class VTier(enum.IntEnum):
    """The With a Vengeance quiz tiers (module docstring)."""

    ZERO_AND_UNLUCKY_7 = 1
    LUCKY_13 = 2
    STEAL_AND_SWAP = 3
    PENALTIES = 4


VTIER_NAMES: dict[VTier, str] = {
    VTier.ZERO_AND_UNLUCKY_7: N_("1 · The Zero and the Unlucky 7"),
    VTier.LUCKY_13: N_("2 · Lucky 13"),
    VTier.STEAL_AND_SWAP: N_("3 · Steal and Swap: the other lines"),
    VTier.PENALTIES: N_("4 · Penalties to give away"),
}
"""Each tier's name (message ids); Brutal mode names tier 4 `BRUTAL_TIER_NAME`."""
BRUTAL_TIER_NAME = N_("4 · Brutal mode: busted players and penalties")
"""Tier 4's name in Brutal mode (a message id)."""

VTIER_LESSONS: dict[VTier, str] = {
    VTier.ZERO_AND_UNLUCKY_7: N_("The Zero or the Unlucky 7 is in the pile. Neither is a bust card, yet both cost "
                                 "you: The Zero makes you hit until you lose it or make a Flip 7, and the Unlucky 7 "
                                 "wipes your line."),
    VTier.LUCKY_13: N_("You hold one 13 and the pile holds a 13 that would not bust you: with the Lucky 13 a "
                       "second 13 is safe, so not every 13 is a bust card."),
    VTier.STEAL_AND_SWAP: N_("A Steal or a Swap is in the pile, and the other players' lines make hitting worth "
                             "at least {gain} more: their cards are what a Steal or a Swap brings you."),
    VTier.PENALTIES: N_("A ÷2 or a penalty is in the pile, and another player can be given it: drawing it does "
                        "not have to hurt you."),
}
"""What each tier teaches (message ids; the Steal and Swap one has a ``{gain}`` field)."""
BRUTAL_LESSON = N_("Brutal mode: a ÷2 or a penalty is in the pile and a player is busted. A busted player can still "
                   "be given your penalties, and a score can go below zero.")
"""Tier 4's lesson in Brutal mode (a message id)."""


SPECIAL_NAMES: dict[Card, str] = VENGEANCE_TITLES
"""The special numbers by the names players use (`flip7odds.rules.VENGEANCE_TITLES`)."""


def vengeance_card_name(card: Card, t: Translator = ENGLISH) -> str:
    """A card as people read it: `card_name` in the With a Vengeance notation (the special numbers by name).

    >>> from flip7odds.i18n import translator
    >>> [vengeance_card_name(card, translator("es")) for card in (THE_ZERO, UNLUCKY_7, LUCKY_13, Card.number(13))]
    ['El Cero', '7 de la mala suerte', '13 de la suerte', '13']
    """
    return card_name(card, t, VENGEANCE)


def vengeance_hint(question: VengeanceQuestion, t: Translator = ENGLISH) -> str:
    """Why the right answer is right, in ``t``'s language: what the tier's cards do here, then the exact numbers.

    The special cards are named by `vengeance_card_name` (placeholders, never literals), so the sentence
    uses the same names as the buttons and the legends.
    """
    situation = question.situation.situation
    pile, exact, tier = situation.pile, question.exact, question.situation.tier
    names = {"zero": vengeance_card_name(THE_ZERO, t), "unlucky": vengeance_card_name(UNLUCKY_7, t),
             "lucky": vengeance_card_name(LUCKY_13, t)}
    clauses = []
    if tier is VTier.ZERO_AND_UNLUCKY_7:
        if pile[THE_ZERO]:
            clauses.append(t("{zero} is in the pile: it busts no one, but once you draw it you may not stay until you "
                             "lose it or make a Flip 7.").format(**names))
        if pile[UNLUCKY_7]:
            clauses.append(t("The {unlucky} is in the pile: it busts no one, but drawing it sends every other card of "
                             "your line to the discards.").format(**names))
    elif tier is VTier.LUCKY_13:
        clauses.append(t("A 13 from this pile would not bust you ({lucky} makes a second 13 safe), so fewer cards "
                         "bust you than the 13s left suggest.").format(**names))
    elif tier is VTier.STEAL_AND_SWAP:
        clauses.append(t("A Steal or a Swap from this pile would bring you the best card of another player's line."))
    else:
        clauses.append(t("A ÷2 or a penalty you draw can be given to another player, so drawing one need not hurt "
                         "you."))
    values = {"bust": exact.bust_cards, "left": exact.pile_size, "hit": t.number(exact.hit_score, 2),
              "stay": t.counted("{count} point", "{count} points", exact.stay_score)}
    if exact.decision is Decision.HIT:
        clauses.append(t.ngettext("{bust} of the {left} card left would bust you; hitting, then playing on as well as "
                                  "possible, is worth {hit} against the {stay} you bank by staying: hit.",
                                  "{bust} of the {left} cards left would bust you; hitting, then playing on as well as "
                                  "possible, is worth {hit} against the {stay} you bank by staying: hit.",
                                  exact.pile_size).format(**values))
    else:
        clauses.append(t.ngettext("{bust} of the {left} card left would bust you; hitting, then playing on as well as "
                                  "possible, is worth only {hit} against the {stay} you bank by staying: stay.",
                                  "{bust} of the {left} cards left would bust you; hitting, then playing on as well as "
                                  "possible, is worth only {hit} against the {stay} you bank by staying: stay.",
                                  exact.pile_size).format(**values))
    return " ".join(clauses)


def tier_name(tier: VTier, rules: RuleSet) -> str:
    """The tier's name as a message id (tier 4 has its own in Brutal mode)."""
    return BRUTAL_TIER_NAME if tier is VTier.PENALTIES and rules.brutal else VTIER_NAMES[tier]


def tier_lesson(tier: VTier, rules: RuleSet) -> str:
    """What the tier teaches, as a message id (tier 4 has its own in Brutal mode)."""
    return BRUTAL_LESSON if tier is VTier.PENALTIES and rules.brutal else VTIER_LESSONS[tier]


@dataclass(frozen=True)
class VengeanceQuizSituation(SavedSituation):
    """A quiz situation: its tier and the `VengeanceSituation` (your line, the other lines, the pile, busted).

    Saved as JSON, read back and keyed as `flip7odds.quiz.SavedSituation` says.
    """

    tier: VTier
    situation: VengeanceSituation

    @property
    def rules(self) -> RuleSet:
        """The variant (``vengeance`` or ``vengeance-brutal``)."""
        return self.situation.rules

    @property
    def line(self) -> VengeanceLine:
        """Your line."""
        return self.situation.line

    def to_json(self) -> dict[str, Any]:
        """A JSON object that `from_json` reads back (card notation; the pile lists every card)."""
        situation = self.situation
        return {
            "tier": int(self.tier),
            "rules": self.rules.name,
            "line": format_cards(situation.line.cards, self.rules),
            "others": [format_cards(other.cards, self.rules) for other in situation.others],
            "busted": situation.busted_others,
            "pile": format_cards(situation.pile, self.rules),
        }

    @classmethod
    def _read_json(cls, data: dict[str, Any]) -> VengeanceQuizSituation:
        rules = find_rules(str(data["rules"]), experimental=True)
        situation = VengeanceSituation.from_text(rules, str(data["line"]), others=[str(other) for other in data["others"]],
                                                 pile=str(data["pile"]), busted_others=int(data["busted"]))
        return cls(VTier(int(data["tier"])), situation)

    def categories(self) -> dict[str, str]:
        """The situation's category in each dimension of the progress statistics (English message ids).

        ``variant`` names the rules, so that Vengeance answers can be told apart in the statistics and the CSV.
        """
        situation = self.situation
        others = len(situation.others)
        return {
            N_("variant"): self.rules.label,
            N_("numbers held"): str(situation.line.number_count),
            N_("other players"): N_("alone") if situation.alone else str(others),
            N_("Vengeance tier"): tier_name(self.tier, self.rules),
        }


@dataclass(frozen=True)
class VengeanceQuestion:
    """A Vengeance quiz situation with its grading numbers (`flip7odds.quiz.Exact`: exact, or certified)."""

    situation: VengeanceQuizSituation
    exact: Exact

    def to_json(self) -> dict[str, Any]:
        """The command line's object: the situation, the grading numbers and the model's caveat."""
        return {"key": self.situation.key, **self.situation.to_json(), **self.exact.to_json(), "caveat": CAVEAT}


def vengeance_question(situation: VengeanceQuizSituation, cpu_seconds: float = REPLAY_CPU_SECONDS) -> VengeanceQuestion:
    """Grade ``situation`` (`flip7odds.quiz.exact_of`); a `Flip7Error` if it is no quiz question or cannot be graded."""
    return VengeanceQuestion(situation, exact_of(situation.situation, cpu_seconds))


def _uniform(rng: np.random.Generator, bounds: tuple[int, int]) -> int:
    return int(rng.integers(bounds[0], bounds[1] + 1))


def deal(rules: RuleSet, rng: np.random.Generator, pile_sizes: tuple[int, int] = PILE_SIZES) -> VengeanceSituation:
    """A late-deck situation dealt by the module docstring's procedure (steps 1-5)."""
    cards = [card for card, count in rules.deck.items_ for _ in range(count)]
    order = [cards[int(index)] for index in rng.permutation(len(cards))]
    size = _uniform(rng, pile_sizes)
    pile, history = order[len(order) - size:], order[:len(order) - size]
    others = int(rng.integers(0, MAX_OTHERS + 1))
    busted = int(rng.integers(0, MAX_BUSTED + 1)) if rules.brutal else 0
    targets = [_uniform(rng, YOUR_NUMBERS)] + [_uniform(rng, OTHER_NUMBERS) for _ in range(others)]
    lines = [VengeanceLine() for _ in targets]
    for card in history:
        short = [seat for seat, line in enumerate(lines) if line.number_count < targets[seat]]
        if not short:
            break
        seat = short[int(rng.integers(len(short)))]
        if card.is_number:
            if lines[seat].accepts(card) and not (seat == 0 and card == THE_ZERO):
                lines[seat] = lines[seat].plus(card)
        elif card.category is Category.MODIFIER and rng.random() < 0.5:
            lines[seat] = lines[seat].plus(card)
    return VengeanceSituation.build(rules, lines[0].cards, others=[line.cards for line in lines[1:]], pile=pile,
                                    busted_others=busted)


def _holds_any(pile: CardCounts, cards: tuple[Card, ...]) -> bool:
    return any(pile[card] > 0 for card in cards)


STEAL_OR_SWAP = (Card.action(Action.STEAL), Card.action(Action.SWAP))


def fits_before_solving(tier: VTier, situation: VengeanceSituation) -> bool:
    """The part of ``tier``'s criterion that needs no solve (tier 3's value test comes after the solve)."""
    pile, line = situation.pile, situation.line
    if tier is VTier.ZERO_AND_UNLUCKY_7:
        return _holds_any(pile, (THE_ZERO, UNLUCKY_7))
    if tier is VTier.LUCKY_13:
        thirteens = [number for number in line.numbers if number.value == 13]
        return len(thirteens) == 1 and any(pile[card] > 0 and line.accepts(card)
                                           for card in (Card.number(13), LUCKY_13))
    if tier is VTier.STEAL_AND_SWAP:
        return _holds_any(pile, STEAL_OR_SWAP) and any(other.cards for other in situation.others)
    penalties = any(count and card.category is Category.MODIFIER for card, count in pile.items_)
    if situation.rules.brutal:
        return penalties and situation.busted_others > 0
    return penalties and bool(situation.others)


def opponent_gain(situation: VengeanceSituation, hit: Bounds, cpu_seconds: float = VENGEANCE_CPU_SECONDS) -> float:
    """A certified lower bound of how much the other lines add to hitting: the hit value, bounded by ``hit``,
    minus the hit value with every other line empty (bounded by `flip7odds.answer.answer`, deterministically).

    The players stay (a modifier or a forcing card can still be given to them); only their cards go.
    """
    emptied = replace(situation, others=tuple(VengeanceLine() for _ in situation.others))
    bare = answer(emptied, cpu_seconds, deterministic=True).hit
    assert bare is not None
    return hit.lo - bare.hi


class VengeanceQuizGenerator:
    """An endless stream of `VengeanceQuestion` of one tier (module docstring's procedure; reproducible as
    `flip7odds.quiz` says)."""

    def __init__(self, tier: VTier, rng: np.random.Generator, rules: RuleSet = VENGEANCE,
                 pile_sizes: tuple[int, int] | None = None, cpu_seconds: float = VENGEANCE_CPU_SECONDS) -> None:
        if not rules.vengeance:
            raise Flip7Error("the {rules} rules are not With a Vengeance: use the classic quiz", rules=rules.name)
        self.tier = tier
        self.rng = rng
        self.rules = rules
        default = STEAL_AND_SWAP_PILES if tier is VTier.STEAL_AND_SWAP else PILE_SIZES
        self.pile_sizes = pile_sizes or default
        self.cpu_seconds = cpu_seconds

    def __iter__(self) -> Iterator[VengeanceQuestion]:
        return self

    def __next__(self) -> VengeanceQuestion:
        solves = 0
        for _ in range(MAX_DEALS):
            situation = deal(self.rules, self.rng, self.pile_sizes)
            if situation.line.number_count < YOUR_FEWEST_NUMBERS or not fits_before_solving(self.tier, situation):
                continue
            if solves == MAX_SOLVES:
                raise Flip7Error("no quiz situation could be graded in {solves} tries", solves=MAX_SOLVES)
            solves += 1
            result = answer(situation, self.cpu_seconds, deterministic=True)
            numbers = graded(result)
            if numbers is None:
                continue
            if self.tier is VTier.STEAL_AND_SWAP:
                assert result.hit is not None
                if opponent_gain(situation, result.hit, self.cpu_seconds) < OPPONENT_GAIN:
                    continue
            return VengeanceQuestion(VengeanceQuizSituation(self.tier, situation), numbers)
        raise Flip7Error("no With a Vengeance quiz situation found in {deals} deals", deals=MAX_DEALS)


def generate_vengeance(tier: VTier, count: int, seed: int, rules: RuleSet = VENGEANCE,
                       pile_sizes: tuple[int, int] | None = None) -> list[VengeanceQuestion]:
    """``count`` questions of ``tier`` with these Vengeance rules; the same seed deals the same questions with the
    same numbers (module docstring).

    The random stream is seeded with ``(seed, tier)``, so that the tiers of one seed do not share their deals.
    """
    generator = VengeanceQuizGenerator(tier, np.random.default_rng((seed, int(tier))), rules, pile_sizes)
    return [next(generator) for _ in range(count)]


def vtier_from_number(level: int) -> VTier:
    """The tier numbered ``level`` (1-4), or a clear `Flip7Error` (`flip7odds.quiz.numbered_tier`)."""
    return numbered_tier(VTier, level)


__all__ = [
    "BRUTAL_LESSON", "BRUTAL_TIER_NAME", "OPPONENT_GAIN", "PILE_SIZES", "STEAL_AND_SWAP_PILES", "VENGEANCE_CPU_SECONDS", "VTIER_LESSONS",
    "VTIER_NAMES", "VTier", "VengeanceQuestion", "VengeanceQuizGenerator", "VengeanceQuizSituation", "deal",
    "fits_before_solving", "generate_vengeance", "opponent_gain", "tier_lesson", "tier_name", "vengeance_card_name",
    "vengeance_hint", "vengeance_question", "vtier_from_number",
]

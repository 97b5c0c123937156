"""The simple hit/stay rules every variant's simulator plays: stay at a sum, at a bust chance, at a card count.

A rule reads three numbers of the deciding player's view, which each variant's table view provides
(`flip7odds.simulator.TableView`, `flip7odds.vengeance.game.VengeanceView`), so one rule serves every variant:

* ``number_sum``: the sum of your numbers (With a Vengeance: of your number cards, two 13s count 26);
* ``numbers_held``: how many numbers you hold (With a Vengeance: number cards);
* ``bust_probability()``: P(the next card busts you), an exact fraction of the pile's counts (of the
  discard pile that would be reshuffled when the pile is empty), as each variant's rules define a bust.

>>> read_simple_policy("sum:23"), read_simple_policy("bust:26%"), read_simple_policy("optimal")
(SumThreshold(threshold=23), BustThreshold(threshold=Fraction(13, 50)), None)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

import numpy as np

from flip7odds.errors import Flip7Error
from flip7odds.number_text import NumberTextError, parse_ratio, parse_whole


class SimulationError(Flip7Error):
    """A simulation cannot be set up as asked (bad player count, unknown policy...)."""


class PlayerView(Protocol):
    """What a simple rule reads of the table when the player decides (module docstring)."""

    @property
    def number_sum(self) -> int:
        """The sum of your numbers."""

    @property
    def numbers_held(self) -> int:
        """How many numbers you hold."""

    def bust_probability(self) -> Fraction:
        """P(the next card busts you)."""


@dataclass(frozen=True)
class SumThreshold:
    """Stay once the sum of your numbers is at least ``threshold`` (docs/model.md's "stay at 23")."""

    threshold: int

    @property
    def name(self) -> str:
        """``sum:T``."""
        return f"sum:{self.threshold}"

    def hits(self, view: PlayerView, rng: np.random.Generator) -> bool:
        """Hit while the sum is below the threshold."""
        return view.number_sum < self.threshold


@dataclass(frozen=True)
class BustThreshold:
    """Stay once P(the next card busts you) reaches ``threshold`` (0 with a Second Chance, or with no card left)."""

    threshold: Fraction

    @property
    def name(self) -> str:
        """``bust:θ``."""
        return f"bust:{float(self.threshold):g}"

    def hits(self, view: PlayerView, rng: np.random.Generator) -> bool:
        """Hit while the bust chance is below the threshold."""
        return view.bust_probability() < self.threshold


@dataclass(frozen=True)
class CardCount:
    """Stay once you hold ``cards`` numbers (docs/model.md's "stay at 3 cards")."""

    cards: int

    @property
    def name(self) -> str:
        """``cards:k``."""
        return f"cards:{self.cards}"

    def hits(self, view: PlayerView, rng: np.random.Generator) -> bool:
        """Hit while you hold fewer numbers."""
        return view.numbers_held < self.cards


@dataclass(frozen=True)
class RandomPolicy:
    """Hit with probability ``hit_probability`` at every decision (a baseline, and random play for tests)."""

    hit_probability: float = 0.5

    @property
    def name(self) -> str:
        """``random:p``."""
        return f"random:{self.hit_probability:g}"

    def hits(self, view: PlayerView, rng: np.random.Generator) -> bool:
        """A coin flip from the round's generator."""
        return bool(rng.random() < self.hit_probability)


SimplePolicy = SumThreshold | BustThreshold | CardCount | RandomPolicy
SIMPLE_NAMES = "sum:T, bust:θ, cards:k, random[:p]"
"""The names of the simple rules, for messages."""


def read_simple_policy(text: str, names: str = f"optimal, {SIMPLE_NAMES}") -> SimplePolicy | None:
    """Read ``sum:23``, ``bust:0.26`` (or ``bust:26%``), ``cards:3``, ``random[:p]``; None for ``optimal``.

    Raises `SimulationError` for anything else, naming ``names`` (the numbers are read by the bounded
    readers of `flip7odds.number_text`: no input makes this slow).
    """
    name, _, argument = text.strip().lower().partition(":")
    try:
        if name == "optimal" and not argument:
            return None
        if name == "sum" and argument:
            return SumThreshold(parse_whole(argument, 0, 200))
        if name == "cards" and argument:
            return CardCount(parse_whole(argument, 1, 7))
        if name == "bust" and argument:
            value = parse_ratio(argument)
            if 0 < value <= 1:
                return BustThreshold(value)
        if name == "random":
            probability = float(parse_ratio(argument)) if argument else 0.5
            if 0 <= probability <= 1:
                return RandomPolicy(probability)
    except NumberTextError:
        pass
    raise SimulationError("unknown policy {text!r}: use {names} "
                          "(T 0-200, θ in (0, 1] or a percentage, k 1-7, p in [0, 1])", text=text.strip(), names=names)

"""The one exception family of flip7odds: every bad input raises a subclass of `Flip7Error`."""

from __future__ import annotations


class Flip7Error(ValueError):
    """Base class for every error the library raises on bad input; its message is for people."""


class CardError(Flip7Error):
    """A card or a card list could not be read (unknown card, malformed count)."""


class SituationError(Flip7Error):
    """A situation is impossible: duplicate numbers, too many copies, an empty pile with nothing to reshuffle."""

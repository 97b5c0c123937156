"""The one exception family of flip7odds: every bad input raises a subclass of `Flip7Error`.

A message is an English template (the message id of the translation catalogs, `flip7odds.i18n`) filled
with named values, so that the app and the command line can show it in the reader's language.

>>> error = SituationError("duplicate number {value} in your line", value=7)
>>> str(error)
'duplicate number 7 in your line'
>>> error.message(lambda template: template.replace("duplicate number", "número repetido"))
'número repetido 7 in your line'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


class Flip7Error(ValueError):
    """Base class for every error the library raises on bad input; its message is for people."""

    def __init__(self, template: str, **values: object) -> None:
        self.template = template
        self.values = values
        super().__init__(template.format(**values) if values else template)

    def message(self, translate: Callable[[str], str]) -> str:
        """The message in another language: ``translate`` maps the English template to its translation."""
        translated = translate(self.template)
        if not self.values:
            return translated
        values = {k: _rendered(v, translate) for k, v in self.values.items()}
        return translated.format(**values)


def _rendered(value: object, translate: Callable[[str], str]) -> object:
    """A value inside a message, in the reader's language when it holds words (a term, counts, another error)."""
    if isinstance(value, Counted | Term):
        return value.render(translate)
    if isinstance(value, Flip7Error):
        return value.message(translate)
    return value


@dataclass(frozen=True)
class Counted:
    """A list of named counts inside a message ("your line 1, seen 2"), whose names translate too."""

    items: tuple[tuple[str, int], ...]

    def render(self, translate: Callable[[str], str]) -> str:
        """The list with each name translated."""
        return ", ".join(f"{translate(name)} {count}" for name, count in self.items)

    def __str__(self) -> str:
        return self.render(lambda name: name)


@dataclass(frozen=True)
class Term:
    """A word or phrase inside a message ("seen elsewhere") that translates on its own: a message id."""

    text: str

    def render(self, translate: Callable[[str], str]) -> str:
        """The phrase translated."""
        return translate(self.text)

    def __str__(self) -> str:
        return self.text


class CardError(Flip7Error):
    """A card or a card list could not be read (unknown card, malformed count)."""


class SituationError(Flip7Error):
    """A situation is impossible: duplicate numbers, too many copies, an empty pile with nothing to reshuffle."""


class SolverLimitError(Flip7Error):
    """A situation whose exact solve would need more memory than allowed (the limit is a parameter)."""

"""The one exception family of flip7odds: every bad input raises a subclass of `Flip7Error`.

A message is an English template (the message id of the translation catalogs, `flip7odds.i18n`) filled
with named values, so that the app and the command line can show it in the reader's language.

>>> error = SituationError("duplicate number {value} in your line", value=7)
>>> str(error)
'duplicate number 7 in your line'
>>> error.message(lambda template: template.replace("duplicate number", "número repetido"))
'Número repetido 7 in your line'

A message is shown capitalised (`Flip7Error.message`); a template about a count is a `Plural`:

>>> str(SituationError(Plural("the pile still has {size} card", "the pile still has {size} cards", "size"), size=1))
'the pile still has 1 card'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Plural:
    """A message about a count: its singular and plural English forms and the field that holds the count.

    Translated with ``translate.ngettext`` when ``translate`` has it (a `flip7odds.i18n.Translator`),
    else in English (singular for 1).
    """

    singular: str
    plural: str
    count: str

    def choose(self, translate: Callable[[str], str], values: dict[str, object]) -> str:
        """The form of this message for the count in ``values``, in the language of ``translate``."""
        count = values[self.count]
        number = count if isinstance(count, int) else 2
        ngettext: Callable[[str, str, int], str] | None = getattr(translate, "ngettext", None)
        if ngettext is None:
            return self.singular if number == 1 else self.plural
        return ngettext(self.singular, self.plural, number)


class Flip7Error(ValueError):
    """Base class for every error the library raises on bad input; its message is for people."""

    def __init__(self, template: str | Plural, **values: object) -> None:
        self.template = template
        self.values = values
        english = template.choose(str, values) if isinstance(template, Plural) else template
        super().__init__(english.format(**values) if values else english)

    def message(self, translate: Callable[[str], str]) -> str:
        """The message in another language, as a sentence (capitalised): ``translate`` maps the English
        template to its translation."""
        text = self.text(translate)
        return text[:1].upper() + text[1:]

    def text(self, translate: Callable[[str], str]) -> str:
        """The message in another language as it reads inside another message (not capitalised)."""
        translated = (self.template.choose(translate, self.values) if isinstance(self.template, Plural)
                      else translate(self.template))
        if not self.values:
            return translated
        values = {k: _rendered(v, translate) for k, v in self.values.items()}
        return translated.format(**values)


def _rendered(value: object, translate: Callable[[str], str]) -> object:
    """A value inside a message, in the reader's language when it holds words (a term, counts, another error)."""
    if isinstance(value, Counted | Term | Quantity):
        return value.render(translate)
    if isinstance(value, Flip7Error):
        return value.text(translate)
    return value


@dataclass(frozen=True)
class Quantity:
    """A count with its noun inside a message ("3 lines"): a plural message whose ``{count}`` is the number."""

    singular: str
    plural: str
    count: int

    def render(self, translate: Callable[[str], str]) -> str:
        """The count and its noun in the language of ``translate``."""
        return Plural(self.singular, self.plural, "count").choose(translate, {"count": self.count}).format(
            count=self.count)

    def __str__(self) -> str:
        return self.render(str)


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

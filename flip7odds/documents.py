"""The project's documents (``docs/*.md``) in the reader's language.

Each document is written in English (``docs/model.md``) and translated into a folder named by its language
(``docs/es/winprob.md``), read from the checkout or an installed copy (`flip7odds.resources.documents_folder`);
`document` picks the reader's language and falls back to English for a document not translated yet. Only the names
of `DOCUMENTS` are read, so a link's ``doc`` parameter can never open another file.

>>> document("model", "es")[1], document("model", "fr")[1]
('es', 'en')
>>> document("model", "en")[0].splitlines()[0]
'# The decision model'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from pathlib import Path

from flip7odds.errors import Flip7Error
from flip7odds.i18n import DEFAULT_LANGUAGE, LANGUAGES, N_
from flip7odds.resources import documents_folder

DOCUMENTS: dict[str, str] = {
    "rules": N_("The rules, as flip7odds plays them"),
    "model": N_("Round-EV: what every number means"),
    "winprob": N_("Playing to win the game: the win-probability model"),
    "vengeance": N_("Flip 7: With a Vengeance: the decision model"),
}
"""Every document people can open: its name (``docs/<name>.md``, the ``doc`` of a link) -> its title (a message id)."""


def document_path(name: str, language: str = DEFAULT_LANGUAGE) -> Path:
    """The file of document ``name`` in ``language``, or the English one when it has no translation yet."""
    if name not in DOCUMENTS:
        raise Flip7Error("unknown document {name!r}: choose one of {known}", name=name, known=", ".join(DOCUMENTS))
    folder = documents_folder()
    translated = folder / language / f"{name}.md"
    if language != DEFAULT_LANGUAGE and language in LANGUAGES and translated.is_file():
        return translated
    return folder / f"{name}.md"


def document(name: str, language: str = DEFAULT_LANGUAGE) -> tuple[str, str]:
    """Document ``name``'s Markdown in ``language`` if it is translated, and the language it is written in."""
    path = document_path(name, language)
    written = DEFAULT_LANGUAGE if path.parent == documents_folder() else path.parent.name
    return path.read_text(encoding="utf-8"), written


_DOCUMENT_LINK = re.compile(r"\]\((" + "|".join(DOCUMENTS) + r")\.md(?:#([^)\s]*))?\)")
"""A Markdown link to another of `DOCUMENTS` beside this one (``](rules.md)``, ``](model.md#a-heading)``)."""


_SPELLED_OUT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
"""The letters the app's headings spell out rather than strip of their accent (as Streamlit's slugify does)."""


def app_anchor(anchor: str) -> str:
    """A heading's anchor as a document writes it (GitHub's: the heading in lower case, accents kept) as the app's
    heading carries it: Streamlit's heading ids are spelled without accents.

    >>> app_anchor("cada-situación-respondida"), app_anchor("every-situation-answered")
    ('cada-situacion-respondida', 'every-situation-answered')
    """
    decomposed = unicodedata.normalize("NFD", anchor.translate(_SPELLED_OUT))
    return "".join(letter for letter in decomposed if not unicodedata.combining(letter))


def link_documents(markdown: str, href: Callable[[str], str]) -> str:
    """``markdown`` with its links to the other documents (``[rules.md](rules.md)``, a file beside it in ``docs/``)
    sent to ``href(name)``, where the reader reads them (the app's models page); a heading they name is kept, as
    the app spells it (`app_anchor`).

    >>> link_documents("see [rules.md](rules.md), [the model](model.md#exact-odds) and [x](https://a.example)",
    ...                lambda name: f"/models?doc={name}")
    'see [rules.md](/models?doc=rules), [the model](/models?doc=model#exact-odds) and [x](https://a.example)'
    """
    def sent(match: re.Match[str]) -> str:
        name, heading = match.groups()
        return f"]({href(name)}" + (f"#{app_anchor(heading)}" if heading else "") + ")"

    return _DOCUMENT_LINK.sub(sent, markdown)


__all__ = ["DOCUMENTS", "app_anchor", "document", "document_path", "link_documents"]

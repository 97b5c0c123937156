"""Where the app and the documents are, in a checkout and in an installed copy alike.

An installed wheel carries them inside the package (``flip7odds/_app/app.py``, ``flip7odds/_docs/*.md``,
copied there by ``setup.py``'s build step); a checkout (or an editable install) has them at the top of the
repository (``app.py``, ``docs/``). Both lookups prefer the installed copy and fall back to the checkout.
Nothing here imports streamlit: ``flip7odds app`` runs it in a subprocess on `app_script`.

>>> app_script().name, (documents_folder() / "model.md").is_file()
('app.py', True)
"""

from __future__ import annotations

from pathlib import Path

from flip7odds.errors import Flip7Error

_PACKAGE = Path(__file__).resolve().parent
_CHECKOUT = _PACKAGE.parent


class ResourceError(Flip7Error):
    """The app or a document is missing from this installation."""


def app_script() -> Path:
    """The Streamlit entry point, ``app.py`` (its ``pages/`` sit beside it)."""
    for candidate in (_PACKAGE / "_app" / "app.py", _CHECKOUT / "app.py"):
        if candidate.is_file():
            return candidate
    raise ResourceError("the app is not part of this installation (no app.py in {folder})", folder=str(_PACKAGE))


def documents_folder() -> Path:
    """The folder of the documents the app shows (``docs/*.md``)."""
    for candidate in (_PACKAGE / "_docs", _CHECKOUT / "docs"):
        if (candidate / "model.md").is_file():
            return candidate
    raise ResourceError("the documents are not part of this installation (no docs in {folder})",
                        folder=str(_PACKAGE))


__all__ = ["ResourceError", "app_script", "documents_folder"]

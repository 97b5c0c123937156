"""Extract every message id from the code and bring both catalogs up to date (like ``pybabel update``).

Run: ``python scripts/update_catalogs.py``. New ids are added (untranslated in Spanish, to be filled in),
ids no longer used are dropped, existing translations are kept. It prints what is left to translate.
Plural messages (``t.ngettext``, ``errors.Plural``) get one translation per plural form of the language.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
# This checkout's catalogs, not those of another checkout installed in the environment (a git worktree).
sys.path.insert(0, str(ROOT))

from flip7odds.i18n import DOMAIN, LANGUAGES, Message, catalog_path, extract_messages

SOURCES = [*sorted((ROOT / "flip7odds").rglob("*.py")), ROOT / "app.py",
           *sorted((ROOT / "flip7odds_ui").glob("*.py")), *sorted((ROOT / "pages").glob("*.py"))]


def _key(message: Message) -> str:
    """A sort key that puts a plural message beside its singular text."""
    return message if isinstance(message, str) else message[0]


def update(language: str, messages: dict[Message, list[str]]) -> list[Message]:
    """Rewrite one catalog; return the ids still untranslated (Spanish) ."""
    path = catalog_path(language)
    old: dict[Message, str | tuple[str, ...]] = {}
    if path.exists():
        with path.open("rb") as handle:
            for m in read_po(handle, locale=language):
                if isinstance(m.id, list | tuple):
                    old[(str(m.id[0]), str(m.id[1]))] = tuple(str(form) for form in m.string)
                elif m.id:
                    old[str(m.id)] = str(m.string)
    catalog = Catalog(locale=language, domain=DOMAIN, project="flip7odds", charset="utf-8")
    forms = catalog.num_plurals
    missing: list[Message] = []
    for message, places in sorted(messages.items(), key=lambda item: (_key(item[0]), str(item[0]))):
        translation: str | tuple[str, ...] = old.get(message, "") if language != "en" else ""
        if isinstance(message, tuple):
            kept = translation if isinstance(translation, tuple) and len(translation) == forms else ()
            translation = kept or ("",) * forms
        if language != "en" and not all(translation if isinstance(translation, tuple) else (translation,)):
            missing.append(message)
        catalog.add(message, translation, locations=[(place.split(":")[0], int(place.split(":")[1]))
                                                     for place in places])
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=120, sort_output=True)
    return missing


def main() -> int:
    """Update every catalog and report the missing translations."""
    messages = extract_messages(SOURCES)
    missing = {language: update(language, messages) for language in LANGUAGES}
    for language, ids in missing.items():
        for message in ids:
            print(f"{language}: untranslated: {message!r}")
    print(f"{len(messages)} messages; untranslated: " + ", ".join(f"{k} {len(v)}" for k, v in missing.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Build hook: the Streamlit app and the documents it shows go into the wheel (`flip7odds.resources` finds them).

Everything else is declared in ``pyproject.toml``. A wheel holds packages only, so ``build_py`` copies
the app's entry point and pages (``app.py``, ``pages/*.py``, ``.streamlit/config.toml`` and, until they
move into ``flip7odds_ui``, the app's helper modules next to ``app.py``) into ``flip7odds/_app/`` and the
documents (``docs/*.md``) into ``flip7odds/_docs/``. An editable install skips the copy: it reads them from
the checkout.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
APP_FILES = ("app.py", "app_support.py", "*_vengeance.py", "pages/*.py", ".streamlit/config.toml")
"""The app as ``streamlit run`` needs it, relative to the checkout (a pattern may match nothing)."""
DOCUMENTS = ("docs/*.md",)


class BuildWithApp(build_py):
    """``build_py`` that also copies the app into ``flip7odds/_app`` and the documents into ``flip7odds/_docs``."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        package = Path(self.build_lib) / "flip7odds"
        self._copy(APP_FILES, package / "_app", keep_folders=True)
        self._copy(DOCUMENTS, package / "_docs", keep_folders=False)

    @staticmethod
    def _copy(patterns: tuple[str, ...], target: Path, keep_folders: bool) -> None:
        for pattern in patterns:
            for source in sorted(ROOT.glob(pattern)):
                destination = target / (source.relative_to(ROOT) if keep_folders else source.name)
                destination.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, destination)


setup(cmdclass={"build_py": BuildWithApp})

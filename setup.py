"""Build hooks: the app, its documents and the solver's compiled loops go into the wheel.

Everything else is declared in ``pyproject.toml``. A wheel holds packages only, so ``build_py`` copies
the app's entry point, its pages and its settings (``app.py``, ``pages/*.py``, ``.streamlit/config.toml``; the
pages' shared Streamlit code is a package of its own, ``flip7odds_ui``) into ``flip7odds/_app/`` and the
documents (``docs/*.md``) into ``flip7odds/_docs/`` (`flip7odds.resources` finds them there). It also
compiles the solver's loops ahead of time into the extension module ``flip7odds._loops``
(`flip7odds.native`), so that an installed command starts without numba and never compiles; where that
fails (no C compiler), the wheel is built without it and the solver compiles its loops on first use.
An editable install (``pip install -e .``, the README's quick start) copies nothing (it reads the checkout)
but compiles the loops too, into the checkout's ``flip7odds/`` (ignored by git), so that its first tap
after the install does not wait for numba either; `flip7odds.native.load` drops them once the loops'
source changes.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
APP_FILES = ("app.py", "pages/*.py", ".streamlit/config.toml")
"""The app as ``streamlit run`` needs it, relative to the checkout (a pattern may match nothing)."""
DOCUMENTS = ("docs/*.md", "docs/*/*.md")


class BuildWithApp(build_py):
    """``build_py`` that also copies the app into ``flip7odds/_app`` and the documents into ``flip7odds/_docs``."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            self._compile_loops(ROOT / "flip7odds")
            return
        package = Path(self.build_lib) / "flip7odds"
        self._copy(APP_FILES, package / "_app", keep_folders=True)
        self._copy(DOCUMENTS, package / "_docs", keep_folders=True, under=ROOT / "docs")
        self._compile_loops(package)

    @staticmethod
    def _compile_loops(package: Path) -> None:
        sys.path.insert(0, str(ROOT))
        try:
            from flip7odds.native import build

            print(f"compiled the solver's loops ahead of time: {build(package).name}")
        except Exception as error:  # noqa: BLE001 - any failure leaves the just-in-time loops, which always work
            print(f"warning: the solver's loops were not compiled ahead of time ({error}); "
                  "they will be compiled on first use", file=sys.stderr)
        finally:
            sys.path.remove(str(ROOT))

    @staticmethod
    def _copy(patterns: tuple[str, ...], target: Path, keep_folders: bool, under: Path = ROOT) -> None:
        for pattern in patterns:
            for source in sorted(ROOT.glob(pattern)):
                destination = target / (source.relative_to(under) if keep_folders else source.name)
                destination.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, destination)


class PlatformDistribution(Distribution):
    """The wheel carries a compiled extension module (``flip7odds._loops``): it is tagged for its platform."""

    def has_ext_modules(self) -> bool:
        return True


setup(cmdclass={"build_py": BuildWithApp}, distclass=PlatformDistribution)

"""Fixtures for the whole suite: no test reads or writes the user's home folder.

Every test session runs with ``HOME`` and the XDG folders (data, config, cache, state) inside one
temporary folder, and ``FLIP7ODDS_DB`` names a progress store there, so the quiz page's AppTests, the
command line and any subprocess they start never touch ``~/.local/share/flip7odds`` (or Streamlit's
``~/.streamlit``). Set in the environment before the tests run, it is inherited by the app servers the
browser tests start and by pytest-xdist's workers. Playwright keeps finding its browsers where they are.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

ISOLATED = ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "FLIP7ODDS_DB",
            "PLAYWRIGHT_BROWSERS_PATH")


@pytest.fixture(autouse=True, scope="session")
def isolated_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A throwaway home folder for the whole session (restored afterwards)."""
    home = tmp_path_factory.mktemp("home")
    saved = {name: os.environ.get(name) for name in ISOLATED}
    browsers = Path(saved["PLAYWRIGHT_BROWSERS_PATH"] or Path.home() / ".cache" / "ms-playwright")
    os.environ.update({
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "XDG_STATE_HOME": str(home / ".local" / "state"),
        "FLIP7ODDS_DB": str(home / "progress.sqlite3"),
        "PLAYWRIGHT_BROWSERS_PATH": str(browsers),
    })
    try:
        yield home
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A progress store of this test alone (``FLIP7ODDS_DB``), empty at first: the quiz page's AppTests use it."""
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("FLIP7ODDS_DB", str(path))
    return path

"""What the installed product relies on: its resources, its version, `flip7odds app`, the constants the
command line repeats so that it can start without importing the solver, and a test suite kept out of the
home folder. (`scripts/check_install.sh` checks the built wheel itself, in a fresh virtual environment.)"""

from __future__ import annotations

import contextlib
import io
import os
import socket
import subprocess
import sys
import time
import urllib.request
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest

from flip7odds import answer, cli, documents, links, resources, simulator, trainer_cli
from flip7odds.arguments import DEFAULT_CPU_SECONDS, MAX_CPU_SECONDS, MEMORY_LIMIT_GB
from flip7odds.errors import Flip7Error
from flip7odds.progress import default_path
from flip7odds.vengeance import game as vengeance_game

ROOT = Path(__file__).resolve().parents[1]


def test_the_resources_are_the_checkouts_files() -> None:
    assert resources.app_script() == ROOT / "app.py"
    assert resources.documents_folder() == ROOT / "docs"
    for name in documents.DOCUMENTS:
        assert documents.document(name)[0] == (ROOT / "docs" / f"{name}.md").read_text(encoding="utf-8")
    with pytest.raises(Flip7Error, match="unknown document '../secret'"):
        documents.document("../secret")


def test_every_document_the_models_page_offers_exists() -> None:
    assert set(links.DOCUMENTS) == set(documents.DOCUMENTS)
    for name in documents.DOCUMENTS:
        assert (ROOT / "docs" / f"{name}.md").is_file()


def test_the_version_is_the_packages_metadata(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"flip7odds {version('flip7odds')}"


def test_app_runs_streamlit_on_the_app_with_every_option(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[tuple[list[str], Path]] = []

    class Child:
        def __init__(self, command: list[str], cwd: Path) -> None:
            started.append((command, cwd))

        def wait(self) -> int:
            return 0

    monkeypatch.setattr(subprocess, "Popen", Child)
    assert cli.main(["app", "--server.port", "8502", "--help-not-ours"]) == 0
    # Run beside app.py, where Streamlit finds the app's own .streamlit/config.toml.
    assert started == [([sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"), "--server.port", "8502",
                         "--help-not-ours"], ROOT)]


def test_app_help_is_ours() -> None:
    out = io.StringIO()
    assert cli.main(["app", "--help"], out=out) == 0
    assert out.getvalue().startswith("usage: flip7odds app")


def test_the_light_modules_repeat_the_heavy_ones_constants() -> None:
    assert trainer_cli.MAX_PLAYERS == simulator.MAX_PLAYERS
    assert trainer_cli.POLICY_NAMES == simulator.POLICY_NAMES
    assert trainer_cli.VENGEANCE_POLICY_NAMES == vengeance_game.POLICY_NAMES
    assert int(MEMORY_LIMIT_GB * 1024**3) == answer.EXACT_MEMORY
    assert (DEFAULT_CPU_SECONDS, MAX_CPU_SECONDS) == (answer.DEFAULT_CPU_SECONDS, answer.MAX_CPU_SECONDS)


def test_reading_a_situation_loads_neither_numpy_nor_numba() -> None:
    code = ("import sys\n"
            "from flip7odds.cli import main\n"
            "status = main(['analyze', '--line', 'banana'])\n"
            "sys.exit(0 if status == 2 and 'numpy' not in sys.modules and 'numba' not in sys.modules else 1)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr


def test_the_suite_runs_in_a_throwaway_home(isolated_home: Path) -> None:
    assert Path.home() == isolated_home
    assert default_path().is_relative_to(isolated_home)
    assert os.environ["XDG_DATA_HOME"].startswith(str(isolated_home))
    child: Any = subprocess.run([sys.executable, "-c", "import os; print(os.environ['HOME'])"], capture_output=True,
                                text=True, timeout=60, check=False)
    assert child.stdout.strip() == str(isolated_home)


def test_stopping_the_app_command_stops_its_server() -> None:
    """`flip7odds app` runs Streamlit as a child: a SIGTERM to the command (``kill``, a service manager) must stop
    the server too, not leave it running on its own (it did, after every `scripts/check_install.sh`)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    health = f"http://127.0.0.1:{port}/_stcore/health"
    command = subprocess.Popen([sys.executable, "-m", "flip7odds", "app", "--server.headless", "true",
                                "--server.port", str(port), "--server.address", "127.0.0.1",
                                "--browser.gatherUsageStats", "false"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert _answers_within(health, 120.0), "the app never answered"
        command.terminate()
        command.wait(timeout=30)
        assert _silent_within(health, 30.0), "the server outlived the command"
    finally:
        command.kill()


def _answers_within(url: str, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError):
            if urllib.request.urlopen(url, timeout=2).read().strip() == b"ok":
                return True
        time.sleep(0.5)
    return False


def _silent_within(url: str, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2)
        except OSError:
            return True
        time.sleep(0.5)
    return False

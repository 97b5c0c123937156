#!/usr/bin/env bash
# Install everything flip7odds needs on a fresh Debian machine, then check it all: the linters (ruff), the
# types (mypy, strict, on the library and the app), the installed product (scripts/check_install.sh: the
# wheel in a fresh virtual environment outside the checkout) and the whole test suite.
#
#   bash scripts/test.sh [pytest arguments...]
#
# System packages (Chromium for the browser tests, Python's venv support) come from apt, as root or
# through sudo; Python packages go into .venv from pyproject.toml's `test` extra. Stops at the first check
# that fails; exits with pytest's status.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

step() { printf '\n==> %s\n' "$*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null; then
        sudo "$@"
    else
        echo "error: need root or sudo to run: $*" >&2
        exit 1
    fi
}

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
# The app's icons are emoji: without a colour emoji font the screenshots show empty boxes.
[ -e /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || missing+=(fonts-noto-color-emoji)
command -v python3 >/dev/null || missing+=(python3)
python3 -c 'import ensurepip, venv' 2>/dev/null || missing+=(python3-venv)
if [ "${#missing[@]}" -gt 0 ]; then
    step "Installing Debian packages: ${missing[*]}"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get -q update
    as_root env DEBIAN_FRONTEND=noninteractive apt-get -q install -y "${missing[@]}"
fi

if [ ! -x .venv/bin/python ]; then
    step "Creating the virtual environment .venv"
    python3 -m venv .venv
fi

step "Installing flip7odds with its test dependencies into .venv"
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[test]"

step "Linting (ruff check)"
.venv/bin/python -m ruff check .

# The library and every file of the app, found by pattern so that files moved or added stay covered:
# the entry point and helper modules at the top, the pages, and the app's package once it exists.
# (setup.py is left out: it is a build script, and setuptools ships no types before version 71.)
typed=(flip7odds pages/*.py)
for file in ./*.py; do [ "$file" = ./setup.py ] || typed+=("$file"); done
[ -d flip7odds_ui ] && typed+=(flip7odds_ui)
step "Type checking (mypy --strict): ${typed[*]}"
.venv/bin/python -m mypy --strict "${typed[@]}"

step "Checking the installed product (scripts/check_install.sh)"
bash scripts/check_install.sh .venv/bin/python

source scripts/postgres_for_tests.sh  # the progress store's tests run on PostgreSQL too (stopped on exit)

step "Running the test suite"
.venv/bin/python -m pytest -n 2 "$@"

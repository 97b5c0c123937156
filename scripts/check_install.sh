#!/usr/bin/env bash
# Check what a user installs: build the wheel, install it into a fresh virtual environment outside the
# checkout, and run the installed `flip7odds` from another folder: every subcommand's --help, --version,
# an analysis of each variant, a refused argument, and `flip7odds app` until its health endpoint answers.
#
#   bash scripts/check_install.sh [python]     (default: .venv/bin/python, which builds the wheel)
#
# Exits non-zero, saying which step failed, if anything does. Everything happens in a temporary folder,
# removed at the end (the app server is stopped first).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
checkout=$(pwd)
python=${1:-.venv/bin/python}
work=$(mktemp -d "${TMPDIR:-/tmp}/flip7odds-install.XXXXXX")
server=""
cleanup() {
    if [ -n "$server" ]; then
        kill "$server" 2>/dev/null || true
        wait "$server" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

step() { printf '\n==> %s\n' "$*"; }
fail() { echo "check_install: $*" >&2; exit 1; }

step "Building the wheel"
"$python" -m pip wheel --quiet --disable-pip-version-check --no-deps --wheel-dir "$work/dist" . 2>&1 \
    | grep -v "is ignored: it is neither a file nor a directory" || true
wheel=$(ls "$work"/dist/flip7odds-*.whl 2>/dev/null | head -n 1)
[ -n "$wheel" ] || fail "no wheel was built"
listing=$("$python" -m zipfile -l "$wheel")
for member in flip7odds/vengeance/__init__.py flip7odds/_app/app.py flip7odds/_app/pages/quiz.py \
              flip7odds/_docs/rules.md flip7odds/_docs/model.md flip7odds/locale/es/LC_MESSAGES/flip7odds.po \
              flip7odds/_docs/es/rules.md flip7odds/_docs/es/model.md flip7odds/_docs/es/vengeance.md \
              flip7odds/py.typed; do
    grep -q " *$member " <<<"$listing" || grep -q "^$member " <<<"$listing" || fail "the wheel lacks $member"
done
if [ -d flip7odds_ui ]; then
    grep -q "flip7odds_ui/__init__.py" <<<"$listing" || fail "the wheel lacks flip7odds_ui"
fi

step "Installing it into a fresh virtual environment ($work/venv)"
python3 -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet --disable-pip-version-check "$wheel" 2>&1 \
    | grep -v "is ignored: it is neither a file nor a directory" || true
bin="$work/venv/bin"
mkdir "$work/elsewhere"
cd "$work/elsewhere"  # nothing of the checkout is importable from here
export HOME="$work/home" XDG_DATA_HOME="$work/home/data" FLIP7ODDS_DB="$work/home/progress.sqlite3"
mkdir -p "$HOME"

run() {  # run "what" command...: the command must succeed
    local what=$1
    shift
    "$@" >"$work/out" 2>"$work/err" || { cat "$work/out" "$work/err" >&2; fail "$what failed: $*"; }
}

step "Running the installed command line from $work/elsewhere"
"$bin/python" -c "import flip7odds, sys; sys.exit(flip7odds.__file__.startswith('$checkout'))" \
    || fail "flip7odds is imported from the checkout, not from the installed wheel"
run "--version" "$bin/flip7odds" --version
grep -q "^flip7odds [0-9]" "$work/out" || fail "--version printed: $(cat "$work/out")"
run "python -m flip7odds --help" "$bin/python" -m flip7odds --help
for command in analyze quiz simulate policy app; do
    run "$command --help" "$bin/flip7odds" "$command" --help
done
run "analyze (classic)" "$bin/flip7odds" analyze --line "12 7 3 +4" --seen "12 12 5 9 9 8 11 10" --json
grep -q '"decision": "hit"' "$work/out" || fail "classic analyze printed: $(cat "$work/out")"
cp "$work/out" "$work/installed.json"
(cd "$checkout" && "$python" -m flip7odds analyze --line "12 7 3 +4" --seen "12 12 5 9 9 8 11 10" --json) \
    >"$work/checkout.json"
"$bin/python" - "$work/installed.json" "$work/checkout.json" <<'COMPARE' || fail "the installed wheel and the checkout disagree"
import json, math, sys
installed, checkout = (json.load(open(path)) for path in sys.argv[1:])
def same(a, b):
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(map(same, a, b))
    if isinstance(a, float) or isinstance(b, float):
        return math.isclose(a, b, rel_tol=0, abs_tol=1e-9)
    return a == b
sys.exit(not same(installed, checkout))
COMPARE
if grep -q "flip7odds/_loops" <<<"$listing"; then
    "$bin/python" -c "
import sys
from flip7odds.cli import main
main(['analyze', '--line', '12 7 3 +4', '--seen', '12 12 5 9 9 8 11 10'])
sys.exit('numba' in sys.modules)" >/dev/null || fail "a mid-round analyze loaded numba despite the compiled loops"
else
    echo "check_install: warning: the wheel has no ahead-of-time loops (flip7odds._loops): no C compiler?" >&2
fi
run "analyze (poker)" "$bin/flip7odds" analyze --rules poker --line "13 12" --seen "13 11 9"
grep -q "^HIT\|^STAY" "$work/out" || fail "poker analyze printed: $(cat "$work/out")"
run "analyze (vengeance)" "$bin/flip7odds" analyze --rules vengeance --line "12 9" --pile "5 6 7 12 -4" --others 1
grep -q "^HIT\|^STAY" "$work/out" || fail "vengeance analyze printed: $(cat "$work/out")"
run "policy" "$bin/flip7odds" policy --policy "bust>=26%" --line 12 --pile "12 5 +4"
status=0
"$bin/flip7odds" analyze --others 1000000000 >"$work/out" 2>"$work/err" || status=$?
[ "$status" -eq 2 ] && [ "$(wc -l <"$work/err")" -eq 1 ] || fail "a refused argument gave status $status: $(cat "$work/err")"

step "Starting the installed app (flip7odds app) until /_stcore/health answers"
port=$("$bin/python" -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
"$bin/flip7odds" app --server.headless true --server.port "$port" --server.address 127.0.0.1 \
    --browser.gatherUsageStats false >"$work/app.log" 2>&1 &
server=$!
healthy=""
for _ in $(seq 1 120); do
    if "$bin/python" -c "import urllib.request, sys; sys.exit(urllib.request.urlopen('http://127.0.0.1:$port/_stcore/health', timeout=2).read().strip() != b'ok')" 2>/dev/null; then
        healthy=yes
        break
    fi
    kill -0 "$server" 2>/dev/null || break
    sleep 0.5
done
[ -n "$healthy" ] || { cat "$work/app.log" >&2; fail "the app did not answer on /_stcore/health"; }
"$bin/python" -c "import urllib.request; page = urllib.request.urlopen('http://127.0.0.1:$port/', timeout=5).read(); assert b'<html' in page.lower()" \
    || fail "the app's page did not load"
kill "$server"
wait "$server" 2>/dev/null || true
server=""
echo "check_install: the installed wheel works ($(basename "$wheel"))"

#!/usr/bin/env bash
# A throw-away PostgreSQL server for the progress store's tests.
#
#   source scripts/postgres_for_tests.sh     # exports FLIP7ODDS_TEST_POSTGRES=postgresql://...
#
# Installs Debian's `postgresql` if it is missing (apt-get, as root or through sudo), creates a cluster in
# a temporary folder owned by the `postgres` user when run as root (initdb refuses root), starts it on a
# free localhost port, and stops it and removes the folder when the calling shell exits. Sourced, it only
# defines and exports; it never leaves a server running after the shell.

_pg_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

_pg_bin=""
for candidate in /usr/lib/postgresql/*/bin; do
    [ -x "$candidate/initdb" ] && _pg_bin="$candidate"
done
if [ -z "$_pg_bin" ]; then
    echo "==> Installing Debian's postgresql for the progress store's tests"
    _pg_root env DEBIAN_FRONTEND=noninteractive apt-get -q update
    _pg_root env DEBIAN_FRONTEND=noninteractive apt-get -q install -y postgresql
    for candidate in /usr/lib/postgresql/*/bin; do
        [ -x "$candidate/initdb" ] && _pg_bin="$candidate"
    done
fi

_pg_dir="$(mktemp -d /tmp/flip7odds-postgres.XXXXXX)"
_pg_port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
if [ "$(id -u)" -eq 0 ]; then
    chown postgres "$_pg_dir"
    _pg_as() { su postgres -s /bin/sh -c "$*"; }
    _pg_user=postgres
else
    _pg_as() { sh -c "$*"; }
    _pg_user="$(id -un)"
fi
_pg_as "'$_pg_bin/initdb' -D '$_pg_dir/data' -U '$_pg_user' --auth=trust --no-sync -E UTF8 >'$_pg_dir/initdb.log' 2>&1"
_pg_as "'$_pg_bin/pg_ctl' -D '$_pg_dir/data' -l '$_pg_dir/server.log' -w -o \"-p $_pg_port -k '$_pg_dir' -c listen_addresses=127.0.0.1 -c fsync=off\" start >/dev/null"
_pg_as "'$_pg_bin/createdb' -h 127.0.0.1 -p $_pg_port -U '$_pg_user' flip7odds_test"

_pg_stop() {
    _pg_as "'$_pg_bin/pg_ctl' -D '$_pg_dir/data' -m immediate stop >/dev/null 2>&1" || true
    rm -rf "$_pg_dir"
}
trap _pg_stop EXIT

export FLIP7ODDS_TEST_POSTGRES="postgresql://$_pg_user@127.0.0.1:$_pg_port/flip7odds_test"
echo "==> A throw-away PostgreSQL for the tests: $FLIP7ODDS_TEST_POSTGRES"

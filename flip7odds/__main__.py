"""``python -m flip7odds``: the same command line as the ``flip7odds`` script."""

from flip7odds.cli import run

run()

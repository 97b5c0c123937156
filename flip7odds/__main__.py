"""``python -m flip7odds`` and the ``flip7odds`` script: the command line of `flip7odds.cli`.

`run` imports the command line inside a guard, so that Ctrl-C pressed while it loads ends quietly with
status 130 too (as it does everywhere after, `flip7odds.cli.run`).
"""

import os
import sys


def run() -> None:
    """Start the command line; exit with its status."""
    try:
        from flip7odds.cli import run as run_command_line
    except KeyboardInterrupt:
        sys.stderr.write("flip7odds: interrupted\n")
        sys.stderr.flush()
        os._exit(130)
    run_command_line()


if __name__ == "__main__":
    run()

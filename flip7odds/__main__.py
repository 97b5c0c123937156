"""``python -m flip7odds`` and the ``flip7odds`` script: the command line of `flip7odds.cli`.

`run` imports the command line inside a guard, so that Ctrl-C pressed while it loads ends quietly with
status 130 too (as it does everywhere after, `flip7odds.cli.run`). A Ctrl-C that lands where Python ignores
exceptions (a weak reference's callback, a finalizer: the import system's module locks have one) would be
printed as ignored while the command runs on; `run` makes it end the command the same way
(`_end_on_ignored_interrupt`).
"""

import os
import sys


def _interrupted() -> None:
    """End at once, quietly: one line and status 130 (what a shell reports for Ctrl-C); never returns. (No
    ``typing.NoReturn``: importing `typing` here, before the guard, would widen the time a Ctrl-C prints Python's
    traceback.)"""
    sys.stderr.write("flip7odds: interrupted\n")
    sys.stderr.flush()
    os._exit(130)


def _end_on_ignored_interrupt(unraisable: "sys.UnraisableHookArgs") -> None:
    """`sys.unraisablehook`: a KeyboardInterrupt Python would report as ignored ends the command; anything
    else is reported as Python would."""
    if issubclass(unraisable.exc_type, KeyboardInterrupt):
        _interrupted()
    sys.__unraisablehook__(unraisable)


def run() -> None:
    """Start the command line; exit with its status."""
    sys.unraisablehook = _end_on_ignored_interrupt
    try:
        from flip7odds.cli import run as run_command_line
    except KeyboardInterrupt:
        _interrupted()
    else:
        run_command_line()


if __name__ == "__main__":
    run()

"""The solver's four loops compiled ahead of time, so that a command needs neither numba nor a compile.

`flip7odds.solver`'s loops are numba functions. Compiled just in time, each process pays for importing
numba and loading its machine code (about half a second of CPU), and the first call after an install
compiles them (seconds). So the wheel carries them compiled: ``setup.py``'s build step calls `build`,
which compiles the loops' Python source with numba's ahead-of-time compiler (``numba.pycc``) into the
extension module ``flip7odds._loops``, for the explicit `SIGNATURES` below. `load` imports it (in
milliseconds, without numba); where it is missing (a checkout, a build machine without a C compiler),
the solver falls back to the just-in-time loops, with the same results.

The ahead-of-time functions hold the GIL, so the solver runs them for layers it does on one thread
(most solves: every mid-round situation) and keeps the just-in-time loops, which release the GIL, for
the big layers it shares among threads. A test checks that `SIGNATURES` are the types the solver passes.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

MODULE = "flip7odds._loops"
SIGNATURES: dict[str, str] = {
    "_backward_others": "void(i8, i8, i8, i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8, b1, i8, "
                        "i8[:], i8[:], i8[:], i8[:], f8[:], f8[:], i8[:], i8[:], i8[:], i8[:], f8[:], i8[:], i8[:], "
                        "i8[:], i8[:], i8[:], i8[:], i8[:, :], i8[:, :], f8[:], f8[:], f8[:], f8[:])",
    "_backward_numbers": "void(i8, i8, i8, i8, i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:, :], i8[:], i8, "
                         "i8[:], i8[:], i8[:], i8[:], i8[:], b1[:], i8[:], i8[:], b1[:], b1[:], f8, b1, f8[:], f8[:], "
                         "u1[:])",
    "_forward_rows": "void(i8, i8, i8, i8, i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], "
                     "i8[:], i8, b1, i8, i8[:], i8[:], i8[:], f8[:], f8[:], f8[:], f8[:], i8[:, :], i8[:], i8[:], "
                     "i8[:], i8[:], i8[:], i8[:], f8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:, :], "
                     "i8[:, :], i8, f8[:], u1[:], f8[:], f8[:, :], f8[:], f8[:])",
    "_forward_numbers": "void(i8, i8, i8, i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:, :], i8[:], i8[:], i8[:], "
                        "i8[:], i8[:], i8[:], b1[:], f8[:], f8[:])",
}
"""Each loop's argument types (numba's notation: ``i8`` int64, ``f8`` float64, ``b1`` bool, ``u1`` uint8,
``[:]`` a 1-D array of any layout): the ahead-of-time compiler needs them written out."""


@cache
def load() -> ModuleType | None:
    """The compiled loops of this installation, or None when it has none (then numba compiles them)."""
    try:
        return importlib.import_module(MODULE)
    except ImportError:
        return None


def native_loop(name: str) -> Callable[..., Any] | None:
    """The ahead-of-time compiled loop ``name`` (one of `SIGNATURES`), or None."""
    module = load()
    return None if module is None else getattr(module, name, None)


def build(output_dir: Path) -> Path:
    """Compile the loops of `flip7odds.solver` into ``output_dir/_loops.<platform suffix>``; return its path.

    Needs numba (and its C compiler toolchain: a working ``cc``). Takes about 20 s of CPU.
    """
    from numba.pycc.cc import CC

    from flip7odds import solver

    compiler = CC("_loops")  # type: ignore[no-untyped-call]
    compiler.output_dir = str(output_dir)
    compiler.verbose = False
    for name, signature in SIGNATURES.items():
        compiler.export(name, signature)(getattr(solver, name).python)  # type: ignore[no-untyped-call]
    compiler.compile()
    built = sorted(output_dir.glob("_loops.*"))
    if not built:
        raise RuntimeError(f"numba.pycc wrote no _loops module into {output_dir}")
    return built[0]


__all__ = ["MODULE", "SIGNATURES", "build", "load", "native_loop"]

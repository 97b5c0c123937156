"""The solver's loops compiled ahead of time, so that a command needs neither numba nor a compile.

`flip7odds.solver`'s four loops over a lattice layer and `flip7odds.lookahead`'s three of the hit-once
walk are numba functions. Compiled just in time, each process pays for importing
numba and loading its machine code (about half a second of CPU), and the first call after an install
compiles them (seconds). So the wheel carries them compiled: ``setup.py``'s build step calls `build`,
which compiles the loops' Python source with numba's ahead-of-time compiler (``numba.pycc``) into the
extension module ``flip7odds._loops``, for the explicit `SIGNATURES` below. `load` imports it (in
milliseconds, without numba); where it is missing (a build machine without a C compiler), the solver
falls back to the just-in-time loops, with the same results. An editable install (``pip install -e .``)
compiles it too, into the checkout (``flip7odds/_loops.*``, ignored by git): since the checkout's source
can change after the install, the build writes the loops' source digest beside it (`SOURCE_DIGEST`),
and `load` uses the module only while the source still has that digest.

The ahead-of-time functions hold the GIL, so the solver runs them for layers it does on one thread
(most solves: every mid-round situation) and keeps the just-in-time loops, which release the GIL, for
the big layers it shares among threads. A test checks that `SIGNATURES` are the types the solver passes.
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

MODULE = "flip7odds._loops"
SOURCE_DIGEST = "_loops.source-sha256"
"""The file, beside the compiled module, holding the SHA-256 of the loops' source it was compiled from."""
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
    "_walk_column": "void(i8[:], i8[:], f8, i8[:], i8[:], i8[:], i8[:], b1, i8[:], i8[:], i8[:], i8[:, :], f8[:], "
                    "i8[:], i8[:], i8[:], i8[:, :], f8[:], i8[:, :], f8[:], i8[:, :], f8[:], i8[:, :], f8[:], "
                    "i8[:, :], f8[:])",
    "_walk_choose": "void(f8, i8[:, :], f8[:], i8[:, :], f8[:], i8[:, :], f8[:], i8[:])",
    "_walk_children": "void(i8, i8, i8[:], i8[:], i8[:], i8[:], i8[:], i8[:, :], i8[:], i8[:], i8[:], i8[:], i8[:], "
                      "i8[:], i8[:], i8[:])",
}
"""Each loop's argument types (numba's notation: ``i8`` int64, ``f8`` float64, ``b1`` bool, ``u1`` uint8,
``[:]`` a 1-D array of any layout): the ahead-of-time compiler needs them written out."""
LOOP_MODULES: dict[str, str] = {name: "flip7odds.lookahead" if name.startswith("_walk") else "flip7odds.solver"
                                for name in SIGNATURES}
"""The module whose source holds each loop: the lattice solver's four, and the hit-once walk's three."""


def loop(name: str) -> Any:
    """The loop ``name`` of `SIGNATURES` as its module defines it (a `flip7odds.solver.compiled_loop`)."""
    return getattr(importlib.import_module(LOOP_MODULES[name]), name)


def source_digest() -> str:
    """SHA-256 of the Python source of every loop of `SIGNATURES`, as their modules hold it now."""
    digest = hashlib.sha256()
    for name in SIGNATURES:
        digest.update(inspect.getsource(loop(name).python).encode())
    return digest.hexdigest()


@cache
def load() -> ModuleType | None:
    """The compiled loops of this installation, or None when it has none or they were compiled from another
    source (then numba compiles them just in time)."""
    try:
        module = importlib.import_module(MODULE)
    except ImportError:
        return None
    recorded = Path(module.__file__ or "").with_name(SOURCE_DIGEST)
    try:
        fresh = recorded.read_text().strip() == source_digest()
    except OSError:
        return None
    return module if fresh else None


def jit_signature(name: str) -> str:
    """The signature the just-in-time compiler specialises loop ``name`` for: `SIGNATURES` with the
    C-contiguous arrays the solver passes (``[::1]``), so that compiling it ahead of a call is the call's."""
    return SIGNATURES[name].replace("[:, :]", "[:, ::1]").replace("[:]", "[::1]")


def native_loop(name: str) -> Callable[..., Any] | None:
    """The ahead-of-time compiled loop ``name`` (one of `SIGNATURES`), or None."""
    module = load()
    return None if module is None else getattr(module, name, None)


def build(output_dir: Path) -> Path:
    """Compile the loops of `SIGNATURES` into ``output_dir/_loops.<platform suffix>``; return its path.

    Needs numba (and its C compiler toolchain: a working ``cc``). Takes about 20 s of CPU.
    """
    from numba.pycc.cc import CC

    compiler = CC("_loops")  # type: ignore[no-untyped-call]
    compiler.output_dir = str(output_dir)
    compiler.verbose = False
    for name, signature in SIGNATURES.items():
        compiler.export(name, signature)(loop(name).python)  # type: ignore[no-untyped-call]
    compiler.compile()
    built = sorted(path for path in output_dir.glob("_loops.*") if path.name != SOURCE_DIGEST)
    if not built:
        raise RuntimeError(f"numba.pycc wrote no _loops module into {output_dir}")
    (output_dir / SOURCE_DIGEST).write_text(source_digest() + "\n")
    return built[0]


__all__ = ["LOOP_MODULES", "MODULE", "SIGNATURES", "SOURCE_DIGEST", "build", "jit_signature", "load", "loop", "native_loop",
           "source_digest"]

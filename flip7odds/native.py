"""The solver's loops compiled ahead of time, so that a command needs neither numba nor a compile.

`flip7odds.solver`'s five loops over a lattice layer, `flip7odds.lookahead`'s hit-once
walk, `flip7odds.drift`'s sums over sets of classes (the bounded solver's drift ceiling), `flip7odds.chain_floor`'s
chain floor and `flip7odds.bounded`'s class sums (its path ceiling) are numba functions. Compiled just in time,
each process pays for importing numba and loading its machine code (about half a second of CPU), and the first call after an install
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

They are compiled as fast as the just-in-time ones: for the C-contiguous arrays the solver passes
(`jit_signature`: over arrays of any layout numba cannot use vector instructions), and on an x86-64
machine that has them, for the best instruction set of `TARGETS` the building processor has: x86-64-v4
(AVX-512), else x86-64-v3 (AVX2, FMA); the generic target has only SSE2. x86-64-v3 took the four loops of the
fresh classic deck played alone from about 4.2 to 2.5 s of CPU (BENCHMARKS.md, Stop 24); x86-64-v4 takes a poker
live tap's backward pass from about 29 to 26.5 ms, the same results bit for bit (Stop 32). A module built for
a target records it (`TARGET_FILE`), and `load` leaves it for the just-in-time loops on a processor without
those instructions (a wheel built on one machine and installed on another: one built on a processor with
AVX-512 then compiles just in time on one without). LLVM's superword (SLP) vectorizer, which numba leaves off, is
on for the build (`BUILD_CONFIG`): it packs the loops' side-by-side scalar sums (a record's three lanes, the walk's
residues and float) into vector instructions, the same operations in the same order, so the same bits; a live tap's
`answer` 4-5% less CPU (poker), 7% (classic) (BENCHMARKS.md, Stop 33).
"""

from __future__ import annotations

import hashlib
import importlib
import linecache
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

MODULE = "flip7odds._loops"
SOURCE_DIGEST = "_loops.source-sha256"
"""The file, beside the compiled module, holding the SHA-256 of the loops' source it was compiled from."""
TARGET_FILE = "_loops.target"
"""The file, beside the compiled module, naming the instruction set it was compiled for (of `TARGETS`), if not
generic."""
BUILD_CONFIG: dict[str, int] = {"SLP_VECTORIZE": 1}
"""numba settings (``numba.config``, numba's ``NUMBA_*`` environment variables) the loops are compiled ahead of time
with: LLVM's SLP vectorizer on (numba's default is off). No fast-math: every operation rounds as in the source, so
the loops give the same bits either way (`benchmarks/exact_digest.py`); the digest of a build covers them
(`source_digest`), so a build made with other settings is rebuilt, or left for the just-in-time loops."""
_V3_FLAGS = frozenset({"avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm", "movbe", "xsave", "cx16", "lahf_lm",
                       "popcnt", "sse4_1", "sse4_2", "ssse3"})
TARGETS: dict[str, frozenset[str]] = {
    "x86-64-v4": _V3_FLAGS | {"avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"},
    "x86-64-v3": _V3_FLAGS,
}
"""The instruction sets the loops may be compiled for (LLVM's names), best first, each with the CPU flags (as Linux's
``/proc/cpuinfo`` names them) it may use: x86-64-v2 and v3's (``abm`` is LZCNT), and for v4 AVX-512's."""
SIGNATURES: dict[str, str] = {
    "_backward_others": "void(i8, i8, i8, i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8, b1, i8, "
                        "i8[:], f8[:], f8[:], f8[:], f8[:], f8[:], i8[:], i8[:], i8[:], i8[:], f8[:], i8[:], i8[:], "
                        "i8[:], i8[:], i8[:], i8[:], i8[:], u4[:], f8[:], f8[:], f8[:], f8[:], f8[:], b1, f8[:], i8, "
                        "b1[:], b1[:], f8, b1, u1[:])",
    "_backward_numbers": "void(i8, i8, i8, i8, i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:, :], i8[:], i8, "
                         "i8[:], i8[:], i8[:], i8[:], i8[:], b1[:], f8[:], f8[:], b1[:], b1[:], f8, b1, f8[:], f8[:], "
                         "u1[:], b1)",
    "_backward_columns": "void(i8, i8, i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:, :], "
                         "i8[:], i8[:], i8[:], i8, b1, i8, i8[:], f8[:], f8[:], f8[:], f8[:], f8[:], f8[:], i8[:], "
                         "i8[:], i8[:], i8[:], f8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], u4[:], f8[:], "
                         "f8[:], f8[:], i8[:], i8[:], i8[:], i8[:], b1[:], b1[:], b1[:], f8, b1, f8[:], f8[:], u1[:])",
    "_forward_rows": "void(i8, i8, i8, i8, i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], "
                     "i8[:], i8, b1, i8, i8[:], i8[:], i8[:], f8[:], f8[:], f8[:], f8[:], i8[:, :], i8[:], i8[:], "
                     "i8[:], i8[:], i8[:], i8[:], f8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:, :], "
                     "i8[:, :], i8, f8[:], u1[:], f8[:], f8[:, :], f8[:], f8[:])",
    "_forward_numbers": "void(i8, i8, i8, i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:, :], i8[:], i8[:], i8[:], "
                        "i8[:], i8[:], i8[:], b1[:], f8[:], f8[:])",
    "_walk": "void(i8[:, :], i8[:], i8[:], i8[:, :], i8, i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], "
             "i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], f8[:], i8, i8, i8[:], f8[:], i8[:, :], i8[:, :], i8[:], "
             "f8, f8[:], i8[:, :], i8[:, :], i8[:], i8[:], i8[:], i8[:, :], i8[:, :], i8[:, :])",
    "_stopping_values": "void(i8[:], i8[:], b1, b1, b1, i8, i8[:], i8[:], i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, f8, "
                         "i8, f8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8[:], i8, f8[:])",
    "_unlucky_sums": "void(i8[:], i8[:], i8, i8, i8, i8, i8[:], i8[:], i8[:], i8[:], f8, f8[:, :], i8[:], i8[:], "
                     "i8[:], f8[:])",
    "_chain_values": "void(i8[:], i8[:], i8, i8, i8, i8, f8, i8[:], i8[:], i8, i8, i8, f8, f8, f8, i8, i8[:], "
                     "i8[:], i8, i8, i8[:], i8, i8, i8, i8, f8, b1, i8, i8, i8, i8, f8, f8[:])",
    "_class_polynomials": "void(i8[:], i8[:], i8, i8[:, :])",
    "_owed_values": "void(i8[:], i8[:], i8, i8, i8, i8, i8, f8, i8[:], i8[:], i8, i8, i8[:], i8, b1, i8, i8, i8, "
                    "f8[:])",
    "_zero_values": "void(i8[:], i8[:], i8, i8, i8, i8, f8, i8[:], i8[:], i8, i8, f8, b1, i8, i8, i8[:], i8[:], "
                    "i8, f8[:])",
}
"""Each loop's argument types (numba's notation: ``i8`` int64, ``u4`` uint32, ``f8`` float64, ``b1`` bool, ``u1`` uint8,
``[:]`` a 1-D array of any layout): the ahead-of-time compiler needs them written out (and compiles them
for C-contiguous arrays, `jit_signature`)."""
LOOP_MODULES: dict[str, str] = {name: {"_walk": "flip7odds.lookahead", "_stopping_values": "flip7odds.drift",
                                      "_unlucky_sums": "flip7odds.drift", "_chain_values": "flip7odds.chain_floor",
                                      "_owed_values": "flip7odds.chain_floor", "_zero_values": "flip7odds.chain_floor",
                                      "_class_polynomials": "flip7odds.bounded"}.get(name, "flip7odds.solver")
                                for name in SIGNATURES}
"""The module whose source holds each loop: the lattice solver's five, the hit-once walk and the bounded solver's
drift ceiling (and its bound after the Unlucky 7), chain floor and path ceiling's class sums."""


def loop(name: str) -> Any:
    """The loop ``name`` of `SIGNATURES` as its module defines it (a `flip7odds.solver.compiled_loop`)."""
    return getattr(importlib.import_module(LOOP_MODULES[name]), name)


def source_digest() -> str:
    """SHA-256 of the Python source of every loop of `SIGNATURES`, as their modules hold it now, and of the
    settings they are compiled with (`BUILD_CONFIG`)."""
    digest = hashlib.sha256(repr(sorted(BUILD_CONFIG.items())).encode())
    for name in SIGNATURES:
        digest.update(loop_source(loop(name).python).encode())
    return digest.hexdigest()


def loop_source(function: Callable[..., Any]) -> str:
    """The source of a module-level function, decorators included: from its first line to the next line that
    starts a top-level statement (`inspect.getsource`'s block without tokenizing it: a tenth of a second of a
    command's start for the five loops)."""
    lines = linecache.getlines(function.__code__.co_filename)
    first = function.__code__.co_firstlineno - 1
    header = next(i for i in range(first, len(lines)) if lines[i].startswith(("def ", "async def ")))
    end = next((i for i in range(header + 1, len(lines))
                if lines[i].strip() and not lines[i][0].isspace() and not lines[i].startswith("#")), len(lines))
    return "".join(lines[first:end]).rstrip() + "\n"


@cache
def load() -> ModuleType | None:
    """The compiled loops of this installation, or None when it has none or they were compiled from another
    source (then numba compiles them just in time)."""
    try:
        module = importlib.import_module(MODULE)
    except ImportError:
        return None
    folder = Path(module.__file__ or "").parent
    try:
        fresh = (folder / SOURCE_DIGEST).read_text().strip() == source_digest()
    except OSError:
        return None
    try:
        target = (folder / TARGET_FILE).read_text().strip()
    except OSError:  # built for the generic target
        return module if fresh else None
    needed = TARGETS.get(target)  # None: a target this version does not know
    return module if fresh and needed is not None and needed <= cpu_flags() else None


def best_target(flags: frozenset[str]) -> str | None:
    """The best instruction set of `TARGETS` a processor with these flags has, or None (the generic target)."""
    return next((name for name, needed in TARGETS.items() if needed <= flags), None)


def cpu_flags() -> frozenset[str]:
    """This processor's feature flags as Linux lists them in ``/proc/cpuinfo`` (empty elsewhere)."""
    try:
        lines = Path("/proc/cpuinfo").read_text().splitlines()
    except OSError:
        return frozenset()
    return next((frozenset(line.partition(":")[2].split()) for line in lines if line.startswith("flags")),
                frozenset())


def jit_signature(name: str) -> str:
    """The signature both compilers specialise loop ``name`` for: `SIGNATURES` with the C-contiguous arrays
    the solver passes (``[::1]``), so that compiling it ahead of a call is the call's."""
    return SIGNATURES[name].replace("[:, :]", "[:, ::1]").replace("[:]", "[::1]")


def native_loop(name: str) -> Callable[..., Any] | None:
    """The ahead-of-time compiled loop ``name`` (one of `SIGNATURES`), or None."""
    module = load()
    return None if module is None else getattr(module, name, None)


def build(output_dir: Path) -> Path:
    """Compile the loops of `SIGNATURES` (for C-contiguous arrays, `jit_signature`) into
    ``output_dir/_loops.<platform suffix>``; return its path.

    For the best target of `TARGETS` whose instructions this processor has (`best_target`), else for the generic
    target.
    Needs numba (and its C compiler toolchain: a working ``cc``). Takes about 20 s of CPU. numba's settings are
    those of `BUILD_CONFIG` while it compiles, then back as they were.
    """
    from numba import config
    from numba.pycc.cc import CC

    compiler = CC("_loops")  # type: ignore[no-untyped-call]
    compiler.output_dir = str(output_dir)
    compiler.verbose = False
    target = best_target(cpu_flags())
    if target is not None:
        compiler.target_cpu = target
    for name in SIGNATURES:
        compiler.export(name, jit_signature(name))(loop(name).python)  # type: ignore[no-untyped-call]
    before = {key: getattr(config, key) for key in BUILD_CONFIG}
    try:
        for key, value in BUILD_CONFIG.items():
            setattr(config, key, value)
        compiler.compile()
    finally:
        for key, value in before.items():
            setattr(config, key, value)
    built = sorted(path for path in output_dir.glob("_loops.*") if path.name not in (SOURCE_DIGEST, TARGET_FILE))
    if not built:
        raise RuntimeError(f"numba.pycc wrote no _loops module into {output_dir}")
    (output_dir / SOURCE_DIGEST).write_text(source_digest() + "\n")
    (output_dir / TARGET_FILE).unlink(missing_ok=True)
    if target is not None:
        (output_dir / TARGET_FILE).write_text(target + "\n")
    return built[0]


__all__ = ["BUILD_CONFIG", "LOOP_MODULES", "MODULE", "SIGNATURES", "SOURCE_DIGEST", "TARGETS", "TARGET_FILE",
           "best_target", "build", "cpu_flags", "jit_signature", "load", "loop", "native_loop", "source_digest"]

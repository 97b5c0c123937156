"""Transparent huge pages off while a large lattice is solved (Linux; elsewhere nothing happens).

A lattice solve allocates and frees its layers' arrays as it goes. With the kernel's transparent huge pages set to
``always`` (this machine: ``/sys/kernel/mm/transparent_hugepage/enabled``), each first touch of a fresh 2 MB region
makes the kernel find, compact and zero a huge page, and that is system CPU: the relaxed upper deck of a fresh poker
pile played alone (64.6 million states) took 1.30 s user and 0.83 s system, 0.12 s system with them off (1.38 s
user), 2026-12-05, BENCHMARKS.md "Stop 38, branch ptight2". The issue's limit counts both (`time.process_time`).

`without_huge_pages` sets the process's ``PR_SET_THP_DISABLE`` flag for the duration (``prctl(2)``; it is read when a
page is first touched) and puts the previous setting back when the last overlapping caller leaves (the flag belongs
to the whole process, so concurrent solves share one count). Only speed changes: no result depends on it.
"""

from __future__ import annotations

import ctypes
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

PR_SET_THP_DISABLE = 41
PR_GET_THP_DISABLE = 42

_lock = threading.Lock()
_holders = 0
_previous = 0


def _prctl() -> ctypes._NamedFuncPointer | None:
    """The C library's ``prctl``, or None off Linux or where it cannot be loaded."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


_PRCTL = _prctl()


@contextmanager
def without_huge_pages() -> Iterator[None]:
    """Run the body with transparent huge pages off for this process (module docstring), then restore them."""
    global _holders, _previous
    if _PRCTL is None:
        yield
        return
    with _lock:
        if _holders == 0:
            _previous = max(0, int(_PRCTL(PR_GET_THP_DISABLE, 0, 0, 0, 0)))
            _PRCTL(PR_SET_THP_DISABLE, 1, 0, 0, 0)
        _holders += 1
    try:
        yield
    finally:
        with _lock:
            _holders -= 1
            if _holders == 0:
                _PRCTL(PR_SET_THP_DISABLE, _previous, 0, 0, 0)


__all__ = ["without_huge_pages"]

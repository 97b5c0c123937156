"""Lazy public names for a package (PEP 562): importing the package loads none of its modules.

A package lists where each public name lives and takes its module ``__getattr__`` from `exports`::

    __getattr__ = exports(__name__, globals(), {"flip7odds.analysis": ("analyze",)})

The first use of ``flip7odds.analyze`` imports `flip7odds.analysis` and stores the name in the package,
so later uses cost nothing. This module imports only `importlib`: the command line starts at once.

>>> namespace: dict[str, object] = {}
>>> lookup = exports("demo", namespace, {"fractions": ("Fraction",)})
>>> lookup("Fraction")(1, 2), "Fraction" in namespace
(Fraction(1, 2), True)
>>> lookup("nothing")
Traceback (most recent call last):
...
AttributeError: module 'demo' has no attribute 'nothing'
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False
"""Set by type checkers only (importing `typing` would cost start-up time)."""
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, MutableMapping


def exports(package: str, namespace: MutableMapping[str, object],
            homes: Mapping[str, tuple[str, ...]]) -> Callable[[str], object]:
    """A module ``__getattr__`` for ``package`` that imports each name of ``homes`` from its module on first use."""
    home_of = {name: module for module, names in homes.items() for name in names}

    def __getattr__(name: str) -> object:
        module = home_of.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    return __getattr__

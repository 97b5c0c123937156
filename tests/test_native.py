"""The solver's loops compiled ahead of time (`flip7odds.native`): their declared types, their results.

`SIGNATURES` must be the types the solver really passes: numba's just-in-time compiler infers them from
the calls of a few solves (every loop, with and without the policy hook), and they must agree with the
declaration. Where the compiled module is installed, it must give the just-in-time loops' numbers.
"""

from __future__ import annotations

import importlib.util
import inspect
from pathlib import Path

import numpy as np
import pytest
from numba import types
from numba.core.sigutils import _parse_signature_string

from flip7odds import Situation, analyze, find_rules, native
from flip7odds.bounded import Kept, LineScores, Stays, Steals, _class_sums_compiled
from flip7odds.bounded import Path as ChainPath
from flip7odds.chain_floor import chain_floor, class_arrays, owed_floor, zero_floor
from flip7odds.drift import _after_unlucky, drift_ceiling
from flip7odds.native import MODULE, SIGNATURES, build
from flip7odds.policies import evaluate_policy, parse_policy

SITUATIONS = [("classic", "12 7 3 +4", "12 12 5 9 9 8 11 10", 1), ("classic", "5 sc", "", 0),
              ("poker", "13 12", "13 11 9", 1)]
PATHS = [ChainPath(0, 7, 15, tuple((n, n) for n in range(1, 14)), 0, 5, 108, zeros=1),
         ChainPath(21, 4, 15, ((3, 5), (6, 6), (2, 12)), 9, 2, 40, zeros=1, holds_zero=True),
         ChainPath(0, 7, 15, tuple((6 if n == 7 else n, n) for n in range(1, 14)), 0, 5, 108, zeros=1, unlucky=1,
                   fresh=(*((n, n) for n in range(1, 14) if n != 7), (1, 0)), fresh_bust=6, fresh_held=7)]
"""Paths of the bounded solver's drift ceiling: a fresh With a Vengeance pile, a late line holding The Zero, and the
fresh pile with its Unlucky 7 (the chain goes on after it)."""
SCORES = LineScores(np.arange(120, dtype=np.int64) // 2, np.arange(120, dtype=np.int64) // 2 + 15)
"""A halved line's scores, for the chain floor on the first path (the second holds The Zero: its Zero floor)."""
STEALS = Steals(2, np.array([12, 9], dtype=np.int64), np.array([1 << 11, 0], dtype=np.int64), 1)
"""Two Steals that can take a 12 (of the path's twelfth class) or a 9 no pile card busts, one to pass over."""
STAYS = Stays(2, 2, 1, 7, True)
"""Two Just One More!s you must take, two Discards on your own line and the Unlucky 7: cards after which the chain
floor's policy stays."""
KEPT = Kept(2, np.arange(120, dtype=np.int64) - 8)
"""Two modifiers you must keep (your scores with each, summed), for the forced floor."""
ZERO_STAYS = Stays(0, 2, 1, 7, True, 0, 1)
"""Holding The Zero: two Discards played on your own line (one the other lines could take) and the Unlucky 7."""


def _loose(kind: types.Type) -> str:
    """A type in the declaration's notation, any array layout (the declaration accepts them all)."""
    if isinstance(kind, types.Array):
        return f"{kind.dtype}[{', '.join([':'] * kind.ndim)}]"
    return str(kind)


def test_the_declared_signatures_are_the_types_the_solver_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(native, "load", lambda: None)  # the just-in-time loops, even where the compiled ones exist
    for rules, line, seen, others in SITUATIONS:
        situation = Situation.from_text(find_rules(rules), line, seen=seen, others_active=others)
        analyze(situation)
        analyze(situation, distribution=False)  # carried, column by column (`_backward_columns`)
        evaluate_policy(situation, parse_policy("lookahead"))
    _after_unlucky.cache_clear()  # remembered: its loop would not be called again
    for path in PATHS:
        drift_ceiling(path, 85)
    chain_floor(PATHS[0], SCORES, -10, 6, steals=STEALS, stays=STAYS)
    owed_floor(PATHS[0], SCORES, -10, 4, neutral=3, kept=KEPT)
    zero_floor(PATHS[1], SCORES, -10, 3, stays=ZERO_STAYS)
    _class_sums_compiled(PATHS[0].room, PATHS[0].classes, class_arrays(PATHS[0].classes))
    for name, declared in SIGNATURES.items():
        inferred = native.loop(name).jit.signatures
        assert len(inferred) == 1, f"{name} was called with several type combinations: {inferred}"
        parsed = _parse_signature_string(declared)  # type: ignore[no-untyped-call]
        assert [_loose(kind) for kind in parsed.args] == [_loose(kind) for kind in inferred[0]], name
        assert parsed.return_type == types.void
        # The warm-up compiles the shared loops for exactly these types (C-contiguous arrays): no second compile.
        exact = _parse_signature_string(native.jit_signature(name))  # type: ignore[no-untyped-call]
        assert tuple(exact.args) == tuple(inferred[0]), name


@pytest.mark.slow
def test_the_compiled_loops_give_the_just_in_time_numbers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Build the extension as the wheel does (about 20 s), then solve with it and without it."""
    built = build(tmp_path)
    spec = importlib.util.spec_from_file_location(MODULE, built)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for rules, line, seen, others in SITUATIONS:
        situation = Situation.from_text(find_rules(rules), line, seen=seen, others_active=others)
        with monkeypatch.context() as patch:
            patch.setattr(native, "load", lambda: None)
            just_in_time = analyze(situation), evaluate_policy(situation, parse_policy("sum>=20"))
            carried_just_in_time = analyze(situation, distribution=False)
        with monkeypatch.context() as patch:
            patch.setattr(native, "load", lambda: module)
            assert native.native_loop("_forward_rows") is module._forward_rows
            ahead_of_time = analyze(situation), evaluate_policy(situation, parse_policy("sum>=20"))
            carried_ahead_of_time = analyze(situation, distribution=False)
        assert _same(ahead_of_time[0].to_json(), just_in_time[0].to_json())
        assert _same(carried_ahead_of_time.to_json(), carried_just_in_time.to_json())
        assert ahead_of_time[1].expected_score == pytest.approx(just_in_time[1].expected_score, abs=1e-12)
        assert ahead_of_time[1].distribution.keys() == just_in_time[1].distribution.keys()
    for path in PATHS:
        with monkeypatch.context() as patch:
            patch.setattr(native, "load", lambda: None)
            _after_unlucky.cache_clear()
            just_in_time_ceiling = drift_ceiling(path, 85)
        with monkeypatch.context() as patch:
            patch.setattr(native, "load", lambda: module)
            _after_unlucky.cache_clear()
            assert drift_ceiling(path, 85) == just_in_time_ceiling
    with monkeypatch.context() as patch:
        patch.setattr(native, "load", lambda: None)
        just_in_time_floor = chain_floor(PATHS[0], SCORES, -10, 6, steals=STEALS, stays=STAYS)
        just_in_time_owed = owed_floor(PATHS[0], SCORES, -10, 4, neutral=3, kept=KEPT)
        just_in_time_zero = zero_floor(PATHS[1], SCORES, -10, 3, stays=ZERO_STAYS)
    with monkeypatch.context() as patch:
        patch.setattr(native, "load", lambda: module)
        assert chain_floor(PATHS[0], SCORES, -10, 6, steals=STEALS, stays=STAYS) == just_in_time_floor
        assert owed_floor(PATHS[0], SCORES, -10, 4, neutral=3, kept=KEPT) == just_in_time_owed
        assert zero_floor(PATHS[1], SCORES, -10, 3, stays=ZERO_STAYS) == just_in_time_zero


def _same(left: object, right: object) -> bool:
    """Equal JSON, floats within 1e-12 (the loops add in the same order: the same numbers)."""
    if isinstance(left, dict) and isinstance(right, dict):
        return left.keys() == right.keys() and all(_same(left[key], right[key]) for key in left)
    if isinstance(left, list) and isinstance(right, list):
        return len(left) == len(right) and all(_same(a, b) for a, b in zip(left, right))
    if isinstance(left, float) or isinstance(right, float):
        return abs(float(left) - float(right)) <= 1e-12  # type: ignore[arg-type]
    return left == right


def test_compiled_loops_of_another_source_are_left_for_the_just_in_time_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """An editable install compiles the loops into the checkout: once their source changes, they are not used."""
    if importlib.util.find_spec(MODULE) is None:
        pytest.skip("this installation has no loops compiled ahead of time")
    native.load.cache_clear()
    try:
        assert native.load() is not None  # compiled from the source as it is now
        monkeypatch.setattr(native, "source_digest", lambda: "0" * 64)
        native.load.cache_clear()
        assert native.load() is None
    finally:
        monkeypatch.undo()
        native.load.cache_clear()


def test_loops_compiled_with_other_numba_settings_are_stale_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """The digest a build is checked against covers numba's settings for it (`native.BUILD_CONFIG`)."""
    digest = native.source_digest()
    monkeypatch.setattr(native, "BUILD_CONFIG", {**native.BUILD_CONFIG, "SLP_VECTORIZE": 0})
    assert native.source_digest() != digest


def test_loops_compiled_for_instructions_the_processor_lacks_are_left_for_the_just_in_time_ones(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A module compiled for a target of `native.TARGETS` on one machine must not run on a processor without it."""
    spec = importlib.util.find_spec(MODULE)
    if spec is None or spec.origin is None or not (Path(spec.origin).parent / native.TARGET_FILE).is_file():
        pytest.skip("this installation has no loops compiled for a target of native.TARGETS")
    target = (Path(spec.origin).parent / native.TARGET_FILE).read_text().strip()
    native.load.cache_clear()
    try:
        assert native.TARGETS[target] <= native.cpu_flags()
        assert native.load() is not None
        monkeypatch.setattr(native, "cpu_flags", lambda: frozenset({"sse2", "avx"}))
        native.load.cache_clear()
        assert native.load() is None
        if target == "x86-64-v4":  # AVX2 without AVX-512: a v4 module is left too
            monkeypatch.setattr(native, "cpu_flags", lambda: native.TARGETS["x86-64-v3"])
            native.load.cache_clear()
            assert native.load() is None
    finally:
        monkeypatch.undo()
        native.load.cache_clear()


def test_the_loops_are_built_for_the_best_target_the_processor_has() -> None:
    """AVX-512 and AVX2: x86-64-v4; AVX2 alone: x86-64-v3; less: the generic target."""
    v3 = native.TARGETS["x86-64-v3"]
    assert native.best_target(native.TARGETS["x86-64-v4"] | {"sse2"}) == "x86-64-v4"
    assert native.best_target(v3 | {"avx512f"}) == "x86-64-v3"
    assert native.best_target(v3) == "x86-64-v3"
    assert native.best_target(frozenset({"sse2", "avx"})) is None


@pytest.mark.parametrize("name", sorted(SIGNATURES))
def test_a_loops_source_is_the_block_inspect_finds(name: str) -> None:
    python = native.loop(name).python
    assert native.loop_source(python) == inspect.getsource(python).rstrip() + "\n"

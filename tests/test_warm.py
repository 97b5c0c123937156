"""`flip7odds.warm.warm_up` runs every compiled loop of the library, so a server that calls it is ready."""

import subprocess
import sys
import textwrap

CHECK = textwrap.dedent("""
    import importlib, pkgutil
    import flip7odds
    from flip7odds.native import native_loop
    from flip7odds.solver import _Loop
    from flip7odds.warm import warm_up
    from flip7odds.analysis import analyze
    from flip7odds.rules import CLASSIC
    from flip7odds.situation import Situation

    modules = [importlib.import_module(info.name)
               for info in pkgutil.walk_packages(flip7odds.__path__, "flip7odds.") if "__main__" not in info.name]
    loops = {f"{module.__name__}.{name}": value for module in modules for name, value in vars(module).items()
             if isinstance(value, _Loop)}
    assert loops, "no compiled loop found"

    def compiled(loop):
        # Ready: compiled ahead of time with the wheel, or by numba just in time.
        return native_loop(loop.__name__) is not None or (loop._jit is not None and len(loop._jit.signatures))

    warm_up()
    cold = sorted(name for name, loop in loops.items() if not compiled(loop))
    assert not cold, cold
    before = {name: 0 if loop._jit is None else len(loop._jit.signatures) for name, loop in loops.items()}
    analyze(Situation.from_text(CLASSIC, "12 7 x2", seen="5 6 11"))  # a real table: no new compilation
    assert before == {name: 0 if loop._jit is None else len(loop._jit.signatures) for name, loop in loops.items()}
    print(len(loops))
""")


def test_warm_up_compiles_every_loop_a_real_table_uses() -> None:
    done = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout.split()[-1]) >= 4


ONE_THREAD = textwrap.dedent("""
    import threading
    from flip7odds import solver
    from flip7odds.analysis import analyze
    from flip7odds.native import native_loop
    from flip7odds.rules import POKER
    from flip7odds.situation import Situation
    from flip7odds.warm import compile_shared_loops, warm_up

    assert solver.layer_threads() == 1  # the default
    solver.share_layers(0)
    assert solver.layer_threads() == 1
    solver.share_layers(99)
    assert solver.layer_threads() == solver._CORES
    solver.share_layers(1)
    warm_up()
    if native_loop("_backward_others") is not None:  # installed compiled: nothing left to compile just in time
        assert solver._backward_others._jit is None
    compile_shared_loops()
    solver._SHARED_WORK = 0  # every layer would be shared, were sharing on: the shared loops are ready
    analyze(Situation.from_text(POKER, "12 7", seen="5 6 11 4 8 9 10 13"), distribution=False)
    print(sorted(thread.name for thread in threading.enumerate()))
""")


def test_solves_run_on_one_thread_by_default_and_warm_no_shared_loop() -> None:
    done = subprocess.run([sys.executable, "-c", ONE_THREAD], capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    assert "flip7odds-solver" not in done.stdout and "MainThread" in done.stdout

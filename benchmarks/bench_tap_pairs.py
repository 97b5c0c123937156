"""Two checkouts of the app side by side, their live taps measured in turn: the server CPU of a tap, paired.

Run from the repository root, with a second checkout to compare against (``git worktree add --detach /tmp/base
<commit>``, its compiled loops built)::

    python benchmarks/bench_tap_pairs.py --base /tmp/base --rules poker --rounds 20

Both servers run at once (``streamlit run app.py``, the base one with ``PYTHONPATH`` at its checkout), each with a
protocol client (`bench_app.ProtocolPhone`, no browser) on the live page of the bench's table (``line=12.7``, and two
other players for With a Vengeance: a fresh deck, certified bounds), cards tapped as seen elsewhere
(`bench_app.POKER_SEEN`, or `CLASSIC_SEEN` for the classic and Vengeance rules). Each first taps the cards once (the
solver answers: the *fresh* taps), then, round by round and in turn (base first in even rounds, the branch first in
odd ones), undoes them all and taps them again: every situation answered before, so each tap's server CPU (the
kernel's clock of the process, `bench_app.cpu_seconds`) is the page's and Streamlit's cost without the solver.

On a machine shared with other work the load moves the CPU of the same tap by 10-20% from one minute to the next;
`bench_app.py` runs one server after the other and cannot tell 0.5 ms from that. Here both servers see the same
load, round by round, so a difference of a few percent shows.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
from pathlib import Path

from bench_app import (
    ProtocolPhone,
    Server,
    cpu_seconds,
    load_average,
    serve,
    warm_up,
)
from live_taps import CLASSIC_SEEN, POKER_SEEN

TABLES: dict[str, tuple[str, str, list[str]]] = {
    "poker": ("rules=poker&line=12.7", "live_place", POKER_SEEN),
    "classic": ("rules=classic&line=12.7", "live_place", CLASSIC_SEEN),
    "vengeance": ("rules=vengeance&line=12.7&others=2", "vlive_target", CLASSIC_SEEN),
}
"""Each rules' table (the page's query), the key of its place control, and the cards tapped as seen elsewhere."""


async def tapped(server: Server, phone: ProtocolPhone, key: str, cpus: list[float]) -> None:
    """Tap the button ``key``; its server CPU appended to ``cpus``."""
    before = cpu_seconds(server.pid)
    await phone.tap(key, 60)
    cpus.append(cpu_seconds(server.pid) - before)


def summary(cpus: list[float]) -> str:
    return f"median {1000 * statistics.median(cpus):.2f} ms (mean {1000 * statistics.mean(cpus):.2f}, n={len(cpus)})"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", type=Path, required=True, help="the other checkout (its loops built)")
    parser.add_argument("--rules", choices=list(TABLES), default="poker")
    parser.add_argument("--rounds", type=int, default=20, help="undo-all-then-tap-all rounds per server")
    args = parser.parse_args()
    query, place_key, cards = TABLES[args.rules]
    print(f"load average before: {load_average()}", flush=True)
    base_root = args.base.resolve()
    with serve({"PYTHONPATH": str(base_root)}, base_root, "bench_tap_pairs") as base, \
            serve(log="bench_tap_pairs") as branch:
        phones: dict[str, tuple[Server, ProtocolPhone]] = {}
        fresh: dict[str, list[float]] = {}
        cached: dict[str, tuple[list[float], list[float]]] = {}
        for name, server in (("base", base), ("branch", branch)):
            await warm_up(server, 120)
            phone = ProtocolPhone(server.url, "live", query)
            await phone.open(60)
            await phone.choose(place_key, "Seen elsewhere", 60)
            fresh[name], cached[name] = [], ([], [])
            for card in cards:
                await tapped(server, phone, f"card-{card}", fresh[name])
            phones[name] = (server, phone)
        for index in range(args.rounds):
            for name in ("base", "branch") if index % 2 == 0 else ("branch", "base"):
                server, phone = phones[name]
                taps, undos = cached[name]
                for _ in cards:
                    await tapped(server, phone, "undo", undos)
                for card in cards:
                    await tapped(server, phone, f"card-{card}", taps)
        for name in ("base", "branch"):
            taps, undos = cached[name]
            print(f"| {name} | {args.rules} | fresh taps {summary(fresh[name])} | tap, answer cached {summary(taps)} | "
                  f"Undo {summary(undos)} |")
        for _, phone in phones.values():
            await phone.close()
    print(f"load average after: {load_average()}")


if __name__ == "__main__":
    asyncio.run(main())

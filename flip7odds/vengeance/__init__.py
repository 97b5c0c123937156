"""Flip 7: With a Vengeance (docs/rules.md section 3) under the decision model of docs/vengeance.md.

The public API: `VengeanceSituation` (your line, the other players' lines, the pile), the exact
next-card odds (`bust_probability`, `flip7_next_probability`, `next_card_table`) and the full exact
analysis (`analyze_vengeance`: it refuses at once, with a clear message, a situation too large to
solve; `can_solve_within` asks cheaply whether a situation can be solved within about N seconds).
The rule sets are `flip7odds.rules.VENGEANCE` and `VENGEANCE_BRUTAL`.
"""

from __future__ import annotations

from flip7odds.lazy import exports

TYPE_CHECKING = False
"""Set by type checkers only: the imports below are for them (importing `typing` would cost start-up time)."""
if TYPE_CHECKING:
    from flip7odds.vengeance.analysis import CAVEAT, VengeanceAnalysis, analyze_vengeance
    from flip7odds.vengeance.fast import can_solve_within, estimate_solve_seconds
    from flip7odds.vengeance.odds import VengeanceNextCard, bust_probability, flip7_next_probability, next_card_table
    from flip7odds.vengeance.situation import VengeanceLine, VengeanceSituation

_HOMES = {
    "flip7odds.vengeance.analysis": ("CAVEAT", "VengeanceAnalysis", "analyze_vengeance"),
    "flip7odds.vengeance.fast": ("can_solve_within", "estimate_solve_seconds"),
    "flip7odds.vengeance.odds": ("VengeanceNextCard", "bust_probability", "flip7_next_probability",
                                 "next_card_table"),
    "flip7odds.vengeance.situation": ("VengeanceLine", "VengeanceSituation"),
}
"""Where each public name lives, imported on first use (as in `flip7odds`): reading a situation loads no solver."""
__getattr__ = exports(__name__, globals(), _HOMES)


__all__ = [
    "CAVEAT",
    "VengeanceAnalysis",
    "VengeanceLine",
    "VengeanceNextCard",
    "VengeanceSituation",
    "analyze_vengeance",
    "bust_probability",
    "can_solve_within",
    "estimate_solve_seconds",
    "flip7_next_probability",
    "next_card_table",
]

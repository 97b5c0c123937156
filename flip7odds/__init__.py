"""flip7odds: exact odds and optimal hit/stay play for the card game Flip 7.

The public API: card notation (`parse_cards`, `Card`), rule sets (`find_rules`), situations
(`Situation`), exact next-card odds and the full analysis (`analyze`).

>>> from flip7odds import analyze, find_rules, Situation
>>> analyze(Situation.from_text(find_rules("classic"), "12 11 10 9 8", seen="")).decision.value
'stay'
"""

from __future__ import annotations

from flip7odds.lazy import exports

TYPE_CHECKING = False
"""Set by type checkers only: the imports below are for them (importing `typing` would cost start-up time)."""
if TYPE_CHECKING:
    from flip7odds.analysis import Analysis, Decision, analyze
    from flip7odds.cards import Action, Card, Category, format_cards, parse_cards
    from flip7odds.counts import CardCounts
    from flip7odds.errors import CardError, Flip7Error, SituationError
    from flip7odds.odds import NextCard, bust_probability, hit_once_score, next_card_table
    from flip7odds.rules import RULESETS, RuleSet, find_rules
    from flip7odds.situation import Line, Situation

_HOMES = {
    "flip7odds.analysis": ("Analysis", "Decision", "analyze"),
    "flip7odds.cards": ("Action", "Card", "Category", "format_cards", "parse_cards"),
    "flip7odds.counts": ("CardCounts",),
    "flip7odds.errors": ("CardError", "Flip7Error", "SituationError"),
    "flip7odds.odds": ("NextCard", "bust_probability", "hit_once_score", "next_card_table"),
    "flip7odds.rules": ("RULESETS", "RuleSet", "find_rules"),
    "flip7odds.situation": ("Line", "Situation"),
}
"""Where each public name lives: importing ``flip7odds`` loads nothing until a name is used, so that the
command line starts at once (numpy and the compiled solver load only when a solve needs them)."""
__getattr__ = exports(__name__, globals(), _HOMES)


__all__ = [
    "RULESETS",
    "Action",
    "Analysis",
    "Card",
    "CardCounts",
    "CardError",
    "Category",
    "Decision",
    "Flip7Error",
    "Line",
    "NextCard",
    "RuleSet",
    "Situation",
    "SituationError",
    "analyze",
    "bust_probability",
    "find_rules",
    "format_cards",
    "hit_once_score",
    "next_card_table",
    "parse_cards",
]

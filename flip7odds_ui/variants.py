"""Each rule variant's components, by rule set name: a page looks its variant up here instead of branching.

A page that has one screen for every variant reads ``LIVE_VIEWS[rules.name](t, rules)``; a page with a
screen of its own for some variants looks them up in its table and keeps its own screen for the others.
"""

from collections.abc import Callable

from flip7odds.i18n import Translator
from flip7odds.rules import CLASSIC, POKER, VENGEANCE, VENGEANCE_BRUTAL, RuleSet
from flip7odds_ui.live import show_classic_live
from flip7odds_ui.live_vengeance import show_vengeance_live
from flip7odds_ui.quiz import show_classic_quiz, show_vengeance_quiz
from flip7odds_ui.simulate_vengeance import show_vengeance_games
from flip7odds_ui.strategy_vengeance import show_vengeance_strategy
from flip7odds_ui.urn_vengeance import show_vengeance_urn

View = Callable[[Translator, RuleSet], None]
"""A variant's screen: drawn with the page's translator and the rules chosen in the sidebar."""

LIVE_VIEWS: dict[str, View] = {
    CLASSIC.name: show_classic_live,
    POKER.name: show_classic_live,
    VENGEANCE.name: show_vengeance_live,
    VENGEANCE_BRUTAL.name: show_vengeance_live,
}
"""The Live odds page of each variant."""
QUIZ_VIEWS: dict[str, View] = {
    CLASSIC.name: show_classic_quiz,
    POKER.name: show_classic_quiz,
    VENGEANCE.name: show_vengeance_quiz,
    VENGEANCE_BRUTAL.name: show_vengeance_quiz,
}
"""The quiz of each variant."""
STRATEGY_VIEWS: dict[str, View] = {VENGEANCE.name: show_vengeance_strategy, VENGEANCE_BRUTAL.name: show_vengeance_strategy}
"""Variants whose strategy explorer is a screen of its own (a late-deck explorer)."""
SIMULATE_VIEWS: dict[str, View] = {VENGEANCE.name: show_vengeance_games, VENGEANCE_BRUTAL.name: show_vengeance_games}
"""Variants whose simulation page is a screen of its own (whole games)."""
URN_VIEWS: dict[str, View] = {VENGEANCE.name: show_vengeance_urn, VENGEANCE_BRUTAL.name: show_vengeance_urn}
"""Variants whose urn is a screen of its own (the next card alone: a draw of several is not an urn)."""

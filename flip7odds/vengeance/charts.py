"""The Vengeance next-card chart: a pure function from the exact next-card table to a plotly figure.

Like `flip7odds.charts`, every word comes in as a parameter in the reader's language. The groups are
the ones a player thinks in at a Vengeance table: what busts you, the special numbers that change your
line (The Zero, the Unlucky 7, a Lucky second 13), the other numbers, modifiers, actions.

Examples
--------
>>> from flip7odds.rules import VENGEANCE
>>> from flip7odds.vengeance.odds import next_card_table
>>> from flip7odds.vengeance.situation import VengeanceSituation
>>> rows = next_card_table(VengeanceSituation.from_text(VENGEANCE, "13 7", pile="13 l13 u7 7 0 5 -4 steal"))
>>> {group.value: str(share) for group, share in vengeance_groups(rows).items() if share}
{'bust': '1/4', 'special': '3/8', 'number': '1/8', 'modifier': '1/8', 'action': '1/8'}
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import plotly.graph_objects as go  # type: ignore[import-untyped]  # plotly ships no type hints

from flip7odds.cards import Card
from flip7odds.charts import (
    CHART_FONT_SIZE,
    CHART_HEIGHT,
    HIT_COLOR,
    STAY_COLOR,
    TITLE_FONT_SIZE,
    NextCardText,
    fit_text,
    group_shares,
    grouped_next_card_figure,
    phone_layout,
)
from flip7odds.vengeance.engine import VEvent
from flip7odds.vengeance.odds import VengeanceNextCard


class VGroup(enum.Enum):
    """What the next card does to you, grouped."""

    BUST = "bust"
    SPECIAL = "special"
    """The Zero (you must hit), the Unlucky 7 (wipes your other cards), a Lucky second 13."""
    NUMBER = "number"
    """A number you do not hold (your Flip 7 included)."""
    MODIFIER = "modifier"
    ACTION = "action"


GROUP_OF_EVENT: dict[VEvent, VGroup] = {
    VEvent.BUST: VGroup.BUST,
    VEvent.ZERO: VGroup.SPECIAL,
    VEvent.UNLUCKY_7: VGroup.SPECIAL,
    VEvent.LUCKY_SECOND_13: VGroup.SPECIAL,
    VEvent.NEW_NUMBER: VGroup.NUMBER,
    VEvent.FLIP_7: VGroup.NUMBER,
    VEvent.MODIFIER: VGroup.MODIFIER,
    VEvent.ACTION: VGroup.ACTION,
    VEvent.SET_ASIDE: VGroup.ACTION,
}

GROUP_COLORS: dict[VGroup, str] = {
    VGroup.BUST: "#d62728",
    VGroup.SPECIAL: "#ff7f0e",
    VGroup.NUMBER: "#2ca02c",
    VGroup.MODIFIER: "#1f77b4",
    VGroup.ACTION: "#9467bd",
}


@dataclass(frozen=True)
class VengeanceNextCardText(NextCardText[VGroup]):
    """The words of the chart (`flip7odds.charts.NextCardText`); ``groups`` names each `VGroup` in the legend."""


def vengeance_groups(rows: Sequence[VengeanceNextCard]) -> dict[VGroup, Fraction]:
    """The exact probability of each group: the sum of its rows' ``count / size`` (`flip7odds.charts.group_shares`)."""
    return group_shares(rows, GROUP_OF_EVENT, VGroup)


def vengeance_next_card_figure(rows: Sequence[VengeanceNextCard], text: VengeanceNextCardText,
                               card_label: Callable[[Card], str] = str) -> go.Figure:
    """Bars of P(next card = c) for every card kind left, coloured by group (legend: the group's ``count/size``).

    The classic chart's bars (`flip7odds.charts.grouped_next_card_figure`) with the Vengeance groups.
    """
    return grouped_next_card_figure(rows, GROUP_OF_EVENT, GROUP_COLORS, text, card_label)


@dataclass(frozen=True)
class LineDecisionsText:
    """The words of the explorer's chart: title, axes, and the legend names of hitting and staying."""

    title: str
    line_axis: str
    value_axis: str
    hit: str
    stay: str


def line_decisions_figure(lines: Sequence[str], stay: Sequence[float], hit: Sequence[float],
                          text: LineDecisionsText, font_size: int = CHART_FONT_SIZE) -> go.Figure:
    """For each line, the expected round score of staying and of hitting (then playing best), side by side.

    The taller bar of each pair is the best play (ties stay); a line that may not stay has stay 0. ``font_size`` is
    the text's size: a phone's (`flip7odds.charts.CHART_FONT_SIZE`) or a projector's, the title and the height
    growing with it. The axes make room for their labels and titles themselves (``automargin``), with or without
    Streamlit's theme, which sets it; the score's axis title is on two lines where one would run past the plot's
    height (a phone's, in Spanish: into the title above).
    """
    scale = font_size / CHART_FONT_SIZE
    figure = go.Figure()
    figure.add_bar(name=text.stay, x=list(lines), y=list(stay), marker_color=STAY_COLOR,
                   hovertemplate="%{x}: %{y:.2f}<extra></extra>")
    figure.add_bar(name=text.hit, x=list(lines), y=list(hit), marker_color=HIT_COLOR,
                   hovertemplate="%{x}: %{y:.2f}<extra></extra>")
    figure.update_layout(
        xaxis={"title": text.line_axis, "type": "category", "automargin": True},
        yaxis={"title": fit_text(text.value_axis, font_size, CHART_HEIGHT * scale / 2), "rangemode": "tozero",
               "automargin": True},
        barmode="group",
        **phone_layout(text.title, round(CHART_HEIGHT * scale)),
    )
    return figure.update_layout(font_size=font_size, title_font_size=round(TITLE_FONT_SIZE * scale))


__all__ = ["GROUP_COLORS", "GROUP_OF_EVENT", "LineDecisionsText", "VGroup", "VengeanceNextCardText",
           "line_decisions_figure", "vengeance_groups", "vengeance_next_card_figure"]

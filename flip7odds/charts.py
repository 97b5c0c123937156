"""Chart builders for the app: pure functions from library results to plotly figures (no streamlit here).

Every text a person reads comes in as a parameter, already in the reader's language (the page fills
the text dataclasses with its translator), so these functions only decide what is drawn and how.

Examples
--------
>>> from flip7odds.odds import next_card_table
>>> from flip7odds.rules import CLASSIC
>>> from flip7odds.situation import Situation
>>> rows = next_card_table(Situation.from_text(CLASSIC, "12 11", pile="12*2 11 5 6 +4"))
>>> {group.value: str(share) for group, share in outcome_groups(rows).items() if share}
{'bust': '1/2', 'number': '1/3', 'modifier': '1/6'}
"""

from __future__ import annotations

import enum
import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, Protocol, TypeVar

import plotly.graph_objects as go  # type: ignore[import-untyped]  # plotly ships no type hints

from flip7odds.cards import Card
from flip7odds.engine import Event
from flip7odds.odds import NextCard


class OutcomeGroup(enum.Enum):
    """What the next card does to you, in the few groups a player thinks in."""

    BUST = "bust"
    """A number you hold, with no Second Chance: you score 0."""
    SAVED = "saved"
    """A number you hold, but your Second Chance saves you (and is used up)."""
    NUMBER = "number"
    """A number you do not hold (a Flip 7 included)."""
    MODIFIER = "modifier"
    """A +N or xN card."""
    ACTION = "action"
    """Freeze, Flip Three or Second Chance."""


GROUP_OF_EVENT: dict[Event, OutcomeGroup] = {
    Event.BUST: OutcomeGroup.BUST,
    Event.SAVED: OutcomeGroup.SAVED,
    Event.NEW_NUMBER: OutcomeGroup.NUMBER,
    Event.FLIP_7: OutcomeGroup.NUMBER,
    Event.MODIFIER: OutcomeGroup.MODIFIER,
    Event.SECOND_CHANCE_KEPT: OutcomeGroup.ACTION,
    Event.SECOND_CHANCE_PASSED: OutcomeGroup.ACTION,
    Event.FREEZE: OutcomeGroup.ACTION,
    Event.FLIP_THREE: OutcomeGroup.ACTION,
    Event.SET_ASIDE: OutcomeGroup.ACTION,
}

GROUP_COLORS: dict[OutcomeGroup, str] = {
    OutcomeGroup.BUST: "#d62728",
    OutcomeGroup.SAVED: "#ff7f0e",
    OutcomeGroup.NUMBER: "#2ca02c",
    OutcomeGroup.MODIFIER: "#1f77b4",
    OutcomeGroup.ACTION: "#9467bd",
}
SCORE_COLOR = "#2ca02c"
EXPECTED_COLOR = "#444444"
CHART_HEIGHT = 360
HIT_COLOR = "#1b7f3b"
"""HIT is green on every page and chart (the decision badge, the quiz's buttons, the teaching charts)."""
STAY_COLOR = "#1f4e9c"
"""STAY is blue on every page and chart."""
RANGE_MARGIN = 1.2
"""Room right of the last score shown, for the label of the expected score."""
SHOWN_MASS = 0.995
"""The score axis shows the scores that hold this much of the probability (the rest is a long thin tail)."""
NEGLIGIBLE = 1e-12
"""Probabilities below this (float rounding of an exact 0) are not drawn."""
PHONE_CHART_WIDTH = 330
"""The narrowest a chart is drawn, in px: a 390 px phone less the page's and the figure's margins."""
PHONE_SCREEN = "@media (max-width: 640px)"
"""The app's style for a phone (CSS): the screens where Streamlit stacks its columns, 640 px wide at most."""
WIDER_THAN_PHONE = "@media (min-width: 641px)"
"""The app's style for every screen wider than a phone's (`PHONE_SCREEN`): a laptop, a projector."""
CHARACTER_WIDTH = 0.55
"""A generous average width of a character of the charts' sans-serif font, in units of its size."""
CHART_FONT_SIZE = 14
"""The charts' text size on a screen (`phone_layout`), in px."""
TITLE_FONT_SIZE = 17
"""Plotly's title size for the charts' `CHART_FONT_SIZE` text."""


GroupT = TypeVar("GroupT")
"""A group of events a player thinks in (the variant's group enum: `OutcomeGroup` in classic)."""


@dataclass(frozen=True)
class NextCardText(Generic[GroupT]):
    """The words of the next-card chart. ``groups`` names each group (`OutcomeGroup`) in the legend."""

    title: str
    card_axis: str
    probability_axis: str
    groups: Mapping[GroupT, str]


@dataclass(frozen=True)
class DistributionText:
    """The words of the final-score chart; ``expected`` labels the expected score's line, its number included."""

    title: str
    score_axis: str
    probability_axis: str
    bust: str
    score: str
    expected: str


def outcome_groups(rows: Iterable[NextCard]) -> dict[OutcomeGroup, Fraction]:
    """P(the next card falls in each group): the exact sum of its cards' probabilities, every group listed."""
    return group_shares(rows, GROUP_OF_EVENT, OutcomeGroup)


def next_card_figure(
    rows: Sequence[NextCard], text: NextCardText[OutcomeGroup], card_label: Callable[[Card], str] = str
) -> go.Figure:
    """Bars of P(next card = c) for every card kind left, coloured by what the card does to you.

    One trace per `OutcomeGroup` (its legend entry shows the group's share as ``count/size``); the
    bars keep the cards' order; each bar is labelled with the card's count and hovers its exact
    fraction ``count/size`` (`grouped_next_card_figure`).
    """
    return grouped_next_card_figure(rows, GROUP_OF_EVENT, GROUP_COLORS, text, card_label)


EventT_co = TypeVar("EventT_co", covariant=True)
"""What a card does to you (the variant's event enum)."""
EventT = TypeVar("EventT")


class CardRow(Protocol[EventT_co]):
    """One kind of next card as every variant's next-card table has it (`flip7odds.odds.NextCard`)."""

    @property
    def card(self) -> Card: ...

    @property
    def count(self) -> int: ...

    @property
    def probability(self) -> Fraction: ...

    @property
    def event(self) -> EventT_co: ...


def group_shares(rows: Iterable[CardRow[EventT]], group_of: Mapping[EventT, GroupT],
                 groups: Iterable[GroupT]) -> dict[GroupT, Fraction]:
    """P(the next card falls in each of ``groups``), any variant: the exact sum of its rows' probabilities,
    ``group_of`` mapping a row's event to its group; every group listed, in order, 0 when no row falls in it."""
    shares = dict.fromkeys(groups, Fraction(0))
    for row in rows:
        shares[group_of[row.event]] += row.probability
    return shares


def grouped_next_card_figure(rows: Sequence[CardRow[EventT]], group_of: Mapping[EventT, GroupT],
                             colors: Mapping[GroupT, str], text: NextCardText[GroupT],
                             card_label: Callable[[Card], str] = str) -> go.Figure:
    """Bars of P(next card = c) for every card kind left, one trace per group of ``colors`` (in its order).

    ``group_of`` maps a row's event to its group (the variant's grouping). A group's legend entry shows
    its share as ``count/size``, where ``size`` is the sum of the rows' counts; the bars keep the rows'
    order; each bar is labelled with the card's count and hovers its exact fraction ``count/size``.
    """
    size = sum(row.count for row in rows)
    labels = [card_label(row.card) for row in rows]
    figure = go.Figure()
    for group, color in colors.items():
        members = [row for row in rows if group_of[row.event] is group]
        if not members:
            continue
        count = sum(row.count for row in members)
        figure.add_bar(
            name=f"{text.groups[group]} {count}/{size}",
            x=[card_label(row.card) for row in members],
            y=[float(row.probability) for row in members],
            text=[str(row.count) for row in members],
            customdata=[f"{row.count}/{size}" for row in members],
            hovertemplate="%{x}: %{customdata} = %{y:.1%}<extra></extra>",
            marker_color=color,
            textposition="outside",
            cliponaxis=False,
        )
    figure.update_layout(
        xaxis={"title": text.card_axis, "type": "category", "categoryorder": "array", "categoryarray": labels},
        yaxis={"title": text.probability_axis, "tickformat": ".0%", "rangemode": "tozero"},
        barmode="overlay",
        bargap=0.15,
        **phone_layout(text.title),
    )
    return figure


def score_distribution_figure(
    distribution: Mapping[int, float], bust_probability: float, expected: float, text: DistributionText
) -> go.Figure:
    """Bars of P(final round score = s) under optimal play; the bust part of score 0 in its own colour.

    ``bust_probability`` (P(you end busted) <= P(score 0)) is stacked at 0 under the other ways to
    score 0 (staying with just a 0); a dashed line marks the expected score.
    """
    scores = sorted(distribution)
    others = [distribution[score] - (bust_probability if score == 0 else 0.0) for score in scores]
    figure = go.Figure()
    if bust_probability > NEGLIGIBLE:
        figure.add_bar(
            name=text.bust,
            x=[0],
            y=[bust_probability],
            marker_color=GROUP_COLORS[OutcomeGroup.BUST],
            hovertemplate="%{x}: %{y:.2%}<extra></extra>",
        )
    kept = [(score, p) for score, p in zip(scores, others, strict=True) if p > NEGLIGIBLE]
    figure.add_bar(
        name=text.score,
        x=[score for score, _ in kept],
        y=[p for _, p in kept],
        marker_color=SCORE_COLOR,
        hovertemplate="%{x}: %{y:.2%}<extra></extra>",
    )
    figure.add_vline(
        x=expected,
        line_dash="dash",
        line_color=EXPECTED_COLOR,
        annotation_text=text.expected,
        annotation_position="top right",
    )
    figure.update_layout(
        xaxis={"title": text.score_axis, "range": [-1, RANGE_MARGIN * max(_upper_score(distribution), expected) + 2]},
        yaxis={"title": text.probability_axis, "tickformat": ".0%"},
        barmode="stack",
        bargap=0.1,
        **phone_layout(text.title),
    )
    return figure


def _upper_score(distribution: Mapping[int, float]) -> int:
    """The smallest score reached or passed with probability `SHOWN_MASS`: the long thin tail is cut off the axis."""
    cumulative = 0.0
    for score in sorted(distribution):
        cumulative += distribution[score]
        if cumulative >= SHOWN_MASS:
            return score
    return max(distribution)


def fit_text(text: str, size: float, width: float = PHONE_CHART_WIDTH) -> str:
    """``text`` broken into lines (``<br>``) no wider than ``width`` px at font ``size``: plotly never wraps a
    title or a label by itself, it lets it run past the chart's edge. A single word is never broken.

    >>> fit_text("Your final score this round, playing perfectly", 17)
    'Your final score this round,<br>playing perfectly'
    """
    characters = max(6, int(width / (CHARACTER_WIDTH * size)))
    return "<br>".join(textwrap.wrap(text, characters, break_long_words=False, break_on_hyphens=False))


def phone_layout(title: str, height: int = CHART_HEIGHT) -> dict[str, object]:
    """The layout every chart shares so that its words fit a 390 px phone, in Spanish too.

    The title sits on top of the plot and the legend at the figure's bottom, both with automatic margins:
    the plot shrinks to make room for a title of two lines (a long one is broken, `fit_text`) and for a
    legend that wraps onto several lines, instead of the legend climbing over the title. (A title anchored
    to the figure's top edge would grow upwards, out of the figure, on its second line.)
    """
    return {
        "height": height,
        "margin": {"l": 10, "r": 10, "t": 10, "b": 10},
        "title": {"text": fit_text(title, TITLE_FONT_SIZE), "automargin": True, "yref": "paper", "y": 1, "yanchor": "bottom",
                  "x": 0, "xanchor": "left",
                  "pad": {"b": 8, "l": 4}},
        "legend": {"orientation": "h", "yref": "container", "yanchor": "bottom", "y": 0, "xanchor": "left", "x": 0},
        "font_size": CHART_FONT_SIZE,
    }


__all__ = [
    "GROUP_COLORS",
    "GROUP_OF_EVENT",
    "HIT_COLOR",
    "STAY_COLOR",
    "DistributionText",
    "NextCardText",
    "OutcomeGroup",
    "fit_text",
    "group_shares",
    "grouped_next_card_figure",
    "next_card_figure",
    "outcome_groups",
    "phone_layout",
    "score_distribution_figure",
]

"""The win-probability chart: P(win the game) against your round score (a pure function, no streamlit).

Every text a person reads comes in as a parameter (`WinChartText`), as in `flip7odds.charts`.

Examples
--------
>>> figure = win_probability_figure((0.1, 0.1, 0.5, 0.9), 2, WinChartText("P(win)", "score", "P(win)", "stay: {value}"))
>>> list(figure.data[0].x), list(figure.data[0].y)
([0, 1, 2, 3], [0.1, 0.1, 0.5, 0.9])
>>> figure.data[1].x, figure.data[1].y
((2,), (0.5,))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import plotly.graph_objects as go  # type: ignore[import-untyped]  # plotly ships no type hints

from flip7odds.charts import HIT_COLOR, STAY_COLOR, phone_layout

WIN_COLOR = HIT_COLOR


@dataclass(frozen=True)
class WinChartText:
    """The chart's words: title, axes, and the marker of your score now (``{value}`` is a score)."""

    title: str
    score_axis: str
    probability_axis: str
    stay_now: str


def win_probability_figure(utility: Sequence[float], stay_score: int | None, text: WinChartText) -> go.Figure:
    """A step line of ``u(s)`` = P(win | your round score s), s = 0..; a dot at the score you would bank now.

    A bust scores 0, so ``u(0)`` is also what busting leaves you.
    """
    scores = list(range(len(utility)))
    figure = go.Figure()
    figure.add_scatter(x=scores, y=list(utility), mode="lines", line_shape="hv", line_color=WIN_COLOR,
                       name=text.probability_axis, hovertemplate="%{x}: %{y:.1%}<extra></extra>")
    if stay_score is not None and 0 <= stay_score < len(utility):
        figure.add_scatter(x=(stay_score,), y=(utility[stay_score],), mode="markers", marker_size=12,
                           marker_color=STAY_COLOR, name=text.stay_now.format(value=stay_score),
                           hovertemplate="%{x}: %{y:.1%}<extra></extra>")
    figure.update_layout(
        xaxis={"title": text.score_axis, "range": [0, len(utility) - 1]},
        yaxis={"title": text.probability_axis, "tickformat": ".0%", "range": [0, 1.02]},
        **phone_layout(text.title, height=320),
    )
    return figure


__all__ = ["WinChartText", "win_probability_figure"]

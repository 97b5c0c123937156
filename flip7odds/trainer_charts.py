"""Plotly charts of quiz progress: pure functions from answers to figures (no streamlit here), in a language."""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go  # type: ignore[import-untyped]
from plotly.subplots import make_subplots  # type: ignore[import-untyped]

from flip7odds.i18n import ENGLISH, Translator
from flip7odds.progress import Answer, CategoryResult
from flip7odds.quiz import Grade

ROLLING_WINDOW = 10
"""Answers averaged in the rolling accuracy."""

GRADE_COLOURS: dict[str, str] = {
    Grade.BEST.value: "#2e7d32",
    Grade.FINE.value: "#7cb342",
    Grade.INACCURACY.value: "#fbc02d",
    Grade.MISTAKE.value: "#f57c00",
    Grade.BLUNDER.value: "#c62828",
}


def rolling_accuracy(answers: Sequence[Answer], window: int = ROLLING_WINDOW) -> list[float]:
    """Share of Best answers among the last ``window`` answers (fewer at the start), after each answer.

    >>> from types import SimpleNamespace
    >>> rolling_accuracy([SimpleNamespace(correct=c) for c in (True, False, True)], window=2)
    [1.0, 0.5, 0.5]
    """
    values = []
    for end in range(1, len(answers) + 1):
        recent = answers[max(0, end - window):end]
        values.append(sum(answer.correct for answer in recent) / len(recent))
    return values


def cumulative_ev_lost(answers: Sequence[Answer]) -> list[float]:
    """Total expected points lost after each answer."""
    total, values = 0.0, []
    for answer in answers:
        total += answer.ev_loss
        values.append(total)
    return values


def progress_figure(answers: Sequence[Answer], t: Translator = ENGLISH) -> go.Figure:
    """Rolling accuracy (left axis, %) and cumulative EV lost (right axis, points) against the answer number."""
    numbers = list(range(1, len(answers) + 1))
    accuracy, lost = t("Accuracy"), t("Total EV lost")
    figure = make_subplots(specs=[[{"secondary_y": True}]])
    figure.add_trace(go.Scatter(x=numbers, y=[100 * v for v in rolling_accuracy(answers)], name=accuracy,
                                mode="lines+markers"), secondary_y=False)
    figure.add_trace(go.Scatter(x=numbers, y=cumulative_ev_lost(answers), name=lost, mode="lines"),
                     secondary_y=True)
    figure.update_yaxes(title_text=t("Accuracy (last {count}, %)").format(count=ROLLING_WINDOW), range=[0, 100],
                        secondary_y=False)
    figure.update_yaxes(title_text=t("Total EV lost (points)"), rangemode="tozero", secondary_y=True)
    figure.update_layout(title=t("Accuracy and EV lost over time"), xaxis_title=t("Answer"), legend={"orientation": "h"},
                         margin={"l": 10, "r": 10, "t": 50, "b": 10}, separators=t.separators)
    return figure


def ev_loss_figure(answers: Sequence[Answer], t: Translator = ENGLISH) -> go.Figure:
    """A bar per answer: the expected points it lost, coloured by its grade."""
    figure = go.Figure(go.Bar(
        x=list(range(1, len(answers) + 1)),
        y=[answer.ev_loss for answer in answers],
        marker_color=[GRADE_COLOURS[answer.grade] for answer in answers],
        hovertext=[t(answer.grade) for answer in answers],
    ))
    figure.update_layout(title=t("EV lost per answer"), xaxis_title=t("Answer"), yaxis_title=t("Points"),
                         yaxis_rangemode="tozero", margin={"l": 10, "r": 10, "t": 50, "b": 10},
                         separators=t.separators)
    return figure


def category_figure(results: Sequence[CategoryResult], t: Translator = ENGLISH) -> go.Figure:
    """Horizontal bars: average expected points lost in each category, labelled ``dimension: category``."""
    figure = go.Figure(go.Bar(
        x=[result.average_ev_lost for result in results],
        y=[f"{t(result.dimension)}: {t(result.category)}" for result in results],
        orientation="h",
        text=[t.counted("{count} answer", "{count} answers", result.answers) for result in results],
        hovertemplate=t("%{y}: %{x:.2f} points (%{text})") + "<extra></extra>",
    ))
    figure.update_layout(title=t("Average EV lost by category"), xaxis_title=t("Points lost per answer"),
                         xaxis_rangemode="tozero", margin={"l": 10, "r": 10, "t": 50, "b": 10},
                         height=max(300, 28 * len(results) + 100), separators=t.separators)
    return figure

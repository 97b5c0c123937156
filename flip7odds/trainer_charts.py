"""Plotly charts of quiz progress: pure functions from answers to figures (no streamlit here), in a language."""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go  # type: ignore[import-untyped]
from plotly.subplots import make_subplots  # type: ignore[import-untyped]

from flip7odds.charts import phone_layout
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
    accuracy, lost = t("Accuracy"), t("Expected points lost")
    figure = make_subplots(specs=[[{"secondary_y": True}]])
    figure.add_trace(go.Scatter(x=numbers, y=[100 * v for v in rolling_accuracy(answers)], name=accuracy,
                                mode="lines+markers"), secondary_y=False)
    figure.add_trace(go.Scatter(x=numbers, y=cumulative_ev_lost(answers), name=lost, mode="lines"),
                     secondary_y=True)
    figure.update_yaxes(title_text=t("Accuracy (last {count}, %)").format(count=ROLLING_WINDOW), range=[0, 100],
                        secondary_y=False)
    # tickmode "auto": a secondary axis otherwise copies the primary's tick count (ticks at 2.15, 4.29...).
    figure.update_yaxes(title_text=t("Expected points lost"), rangemode="tozero", secondary_y=True, tickmode="auto",
                        showgrid=False)
    figure.update_xaxes(**answer_axis(len(answers)))
    figure.update_layout(xaxis_title=t("Answer"), separators=t.separators,
                         **phone_layout(t("Accuracy and points lost over time"), height=340))
    return figure


def answer_axis(answers: int, most_ticks: int = 8) -> dict[str, object]:
    """An axis of answer numbers: whole numbers only (1, 2, 3 or 1, 6, 11...), never 4.28 or 8.56.

    >>> answer_axis(5), answer_axis(40)
    ({'tick0': 1, 'dtick': 1, 'tickformat': 'd'}, {'tick0': 1, 'dtick': 5, 'tickformat': 'd'})
    """
    step = max(1, -(-answers // most_ticks))
    nice = next(n for n in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, step) if n >= step)
    return {"tick0": 1, "dtick": nice, "tickformat": "d"}


def ev_loss_figure(answers: Sequence[Answer], t: Translator = ENGLISH) -> go.Figure:
    """A bar per answer: the expected points it lost, coloured by its grade."""
    figure = go.Figure(go.Bar(
        x=list(range(1, len(answers) + 1)),
        y=[answer.ev_loss for answer in answers],
        marker_color=[GRADE_COLOURS[answer.grade] for answer in answers],
        hovertext=[t(answer.grade) for answer in answers],
    ))
    figure.update_xaxes(**answer_axis(len(answers)))
    figure.update_layout(xaxis_title=t("Answer"), yaxis_title=t("Points"), yaxis_rangemode="tozero",
                         separators=t.separators, **phone_layout(t("Points lost per answer"), height=300))
    return figure


def category_figure(results: Sequence[CategoryResult], t: Translator = ENGLISH) -> go.Figure:
    """Horizontal bars: average expected points lost in each category, labelled ``dimension: category``."""
    counts = [t.counted("{count} answer", "{count} answers", result.answers) for result in results]
    figure = go.Figure(go.Bar(
        x=[result.average_ev_lost for result in results],
        # The count under each label, level, never cut at the chart's edge or turned sideways in a bar.
        y=[f"{t(result.dimension)}: {t(result.category)}<br><span style='color:#666'>{count}</span>"
           for result, count in zip(results, counts)],
        orientation="h",
        text=counts,
        textposition="none",
        hovertemplate=t("%{y}: %{x:.2f} points (%{text})") + "<extra></extra>",
    ))
    figure.update_layout(xaxis_title=t("average per answer"), xaxis_rangemode="tozero",
                         yaxis={"automargin": True}, separators=t.separators,
                         **phone_layout(t("Points lost by category"), height=max(300, 48 * len(results) + 110)))
    return figure

"""Pure plotly builders for the teaching pages: every function takes library results and returns a figure.

No streamlit here: the figures are tested on their own. ``font_size`` is the base size of a figure's
text; `font_size_for` gives it for normal use or for a projector (`PRESENTATION_CSS` does the same for
the page around the figures).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import plotly.graph_objects as go  # type: ignore[import-untyped]
from plotly.subplots import make_subplots  # type: ignore[import-untyped]

from flip7odds.engine import Event, Termination
from flip7odds.teaching import (
    Convergence,
    DecisionCell,
    PolicyCurve,
    PolicyFamily,
    ProbabilityTree,
    Question,
    TreeNode,
    UrnReading,
)

TEXT = {
    "score_axis": "expected round score",
    "optimum": "optimum {value:.4f}",
    "best": "best {parameter}: {score:.4f} ({share:.2%})",
    "family_sum": "Stay at sum of numbers ≥ T",
    "family_bust": "Stay at P(bust) ≥ θ",
    "family_cards": "Stay at k numbers",
    "axis_sum": "T",
    "axis_bust": "θ",
    "axis_cards": "k",
    "heatmap_x": "sum of your numbers",
    "heatmap_y": "numbers held",
    "heatmap_colorbar": "share of lines<br>where the<br>optimum hits",
    "heatmap_hover": "sum %{x}, %{y} numbers<br>%{customdata[0]}<br>%{customdata[1]}<extra></extra>",
    "heatmap_cell": "the optimum hits {hitting} of {lines} lines",
    "heatmap_hit_bust": "hits at P(bust) {low}–{high}",
    "heatmap_stay_bust": "stays at P(bust) {low}–{high}",
    "heatmap_threshold": "sum ≥ {threshold}: stay",
    "trials_axis": "number of simulated rounds n (log scale)",
    "frequency_title": "Running frequency of yes: it settles on the exact value",
    "mean_title": "Running mean score: it settles on the exact expected score",
    "frequency_axis": "yes / n",
    "mean_axis": "total / n",
    "difference_title": "Count difference: yes − n·p wanders further and further from 0",
    "difference_score_title": "Total difference: total − n·E wanders further and further from 0",
    "difference_axis": "yes − n·p",
    "difference_score_axis": "total − n·E",
    "exact_line": "exact {value:.4f}",
    "simulated": "simulated",
    "band": "± 2 standard deviations",
    "tree_root": "now",
    "tree_hover": "%{customdata[0]}<br>this path: %{customdata[1]}<br>after the step before: %{customdata[2]}"
                  "<extra></extra>",
    "urn_x": "bust cards among the {draws} drawn (j)",
    "urn_y": "P(X = j)",
    "urn_exact": "exact fraction",
    "urn_scipy": "scipy.stats.hypergeom",
    "histogram_x": "round score",
    "histogram_y": "share of rounds",
    "histogram_exact": "exact distribution",
    "histogram_simulated": "simulated ({trials} rounds)",
    "histogram_mean": "expected value {value:.2f}",
}
"""Every user-facing string of the charts (a later issue moves them to gettext catalogs)."""

EVENT_LABELS: dict[Event, str] = {
    Event.NEW_NUMBER: "new number",
    Event.FLIP_7: "Flip 7!",
    Event.BUST: "bust",
    Event.SAVED: "saved by Second Chance",
    Event.MODIFIER: "modifier",
    Event.SECOND_CHANCE_KEPT: "Second Chance",
    Event.SECOND_CHANCE_PASSED: "Second Chance (passed on)",
    Event.FREEZE: "Freeze",
    Event.FLIP_THREE: "Flip Three",
    Event.SET_ASIDE: "set aside",
}
"""How a branch of a probability tree is named."""

ENDING_LABELS: dict[Termination, str] = {
    Termination.BUST: "round over: bust",
    Termination.FLIP_7: "round over: Flip 7",
    Termination.FROZEN: "round over: frozen",
    Termination.STAYED: "round over: stayed",
    Termination.PILE_EXHAUSTED: "round over: pile exhausted",
}

EVENT_COLOURS: dict[Event, str] = {
    Event.NEW_NUMBER: "#2e9d5b",
    Event.FLIP_7: "#f2b705",
    Event.BUST: "#d64545",
    Event.SAVED: "#e58fb0",
    Event.MODIFIER: "#3f7fd1",
    Event.SECOND_CHANCE_KEPT: "#8e5cc9",
    Event.SECOND_CHANCE_PASSED: "#b49ad8",
    Event.FREEZE: "#31b3c9",
    Event.FLIP_THREE: "#f07f2c",
    Event.SET_ASIDE: "#9a9a9a",
}
HIT_COLOUR = "#f07f2c"
STAY_COLOUR = "#3f7fd1"
EXACT_COLOUR = "#d64545"
SIMULATED_COLOUR = "#3f7fd1"
BAND_COLOUR = "rgba(214, 69, 69, 0.15)"

MIN_LABELLED_SHARE = Fraction(1, 40)
"""Tree sectors below this probability get no text: it would not fit."""
NORMAL_FONT_SIZE = 14
PRESENTATION_FONT_SIZE = 22

PRESENTATION_CSS = """
<style>
html { font-size: 22px; }
[data-testid="stToolbar"], [data-testid="stDecoration"], [data-testid="stAppDeployButton"] { display: none; }
[data-testid="stMainBlockContainer"] { padding-top: 2.5rem; padding-left: 3rem; padding-right: 3rem; max-width: 100%; }
[data-testid="stMetricValue"] { font-size: 2.6rem; }
h1 { font-size: 2.4rem !important; }
h2, h3 { font-size: 1.6rem !important; }
</style>
"""
"""Large type and a clean layout for a projector: injected by a page in presentation mode."""


def font_size_for(presentation: bool) -> int:
    """The base font size of a figure, larger on a projector."""
    return PRESENTATION_FONT_SIZE if presentation else NORMAL_FONT_SIZE


def _layout(figure: go.Figure, font_size: int, height: int) -> go.Figure:
    """The common look: white background, the base font, room for titles."""
    figure.update_layout(
        template="plotly_white",
        font={"size": font_size},
        height=height,
        margin={"l": 20, "r": 20, "t": 4 * font_size, "b": 20},
        legend={"orientation": "h", "yanchor": "bottom", "y": 1.02, "x": 0},
    )
    return figure


def _percent(value: Fraction) -> str:
    return f"{float(value):.1%}"


def _family_axis(family: PolicyFamily) -> tuple[str, str]:
    """(subplot title, axis title) of a family."""
    return TEXT[f"family_{family.value}"], TEXT[f"axis_{family.value}"]


def _parameter_text(curve: PolicyCurve, value: float) -> str:
    """``T=23``, ``θ=26%``, ``k=3``."""
    name = TEXT[f"axis_{curve.family.value}"]
    shown = f"{value:.0%}" if curve.family is PolicyFamily.BUST else f"{value:g}"
    return f"{name}={shown}"


def policy_curves_figure(curves: Sequence[PolicyCurve], optimal_score: float, font_size: int = NORMAL_FONT_SIZE
                         ) -> go.Figure:
    """Expected round score against each family's threshold, the optimum as a line, each best marked."""
    figure = make_subplots(rows=1, cols=len(curves), shared_yaxes=True, horizontal_spacing=0.04,
                           subplot_titles=[_family_axis(curve.family)[0] for curve in curves])
    figure.update_annotations(font_size=font_size + 2)  # the subplot titles
    for column, curve in enumerate(curves, start=1):
        scale = 100.0 if curve.family is PolicyFamily.BUST else 1.0
        xs = [value * scale for value in curve.parameters]
        ys = [result.expected_score for result in curve.results]
        best = curve.best
        best_x = PolicyFamily.parameter(best.policy) * scale
        figure.add_trace(go.Scatter(x=xs, y=ys, mode="lines+markers", line={"color": STAY_COLOUR, "width": 3},
                                    marker={"size": font_size // 2}, showlegend=False,
                                    hovertemplate="%{x}: %{y:.4f}<extra></extra>"), row=1, col=column)
        best_text = TEXT["best"].format(parameter=_parameter_text(curve, PolicyFamily.parameter(best.policy)),
                                        score=best.expected_score, share=best.expected_score / optimal_score)
        figure.add_trace(go.Scatter(
            x=[best_x], y=[best.expected_score], mode="markers", showlegend=False, text=[best_text],
            marker={"symbol": "star", "size": 2 * font_size, "color": HIT_COLOUR,
                    "line": {"width": 1, "color": "#333"}},
            hovertemplate="%{text}<extra></extra>",
        ), row=1, col=column)
        figure.add_annotation(xref="x domain", yref="y domain", x=0.5, y=0.03, text=best_text, showarrow=False,
                              font={"size": font_size, "color": "#333"}, bgcolor="rgba(255,255,255,0.85)",
                              row=1, col=column)
        figure.add_hline(y=optimal_score, line={"color": EXACT_COLOUR, "dash": "dash", "width": 2}, row=1, col=column)
        figure.update_xaxes(title_text=_family_axis(curve.family)[1], row=1, col=column,
                            ticksuffix="%" if curve.family is PolicyFamily.BUST else "")
    figure.add_annotation(xref="paper", yref="y", x=1.0, y=optimal_score, xanchor="right", yanchor="bottom",
                          text=TEXT["optimum"].format(value=optimal_score), showarrow=False,
                          font={"color": EXACT_COLOUR, "size": font_size})
    figure.update_yaxes(title_text=TEXT["score_axis"], row=1, col=1)
    return _layout(figure, font_size, height=30 * font_size)


def decision_heatmap_figure(cells: Sequence[DecisionCell], threshold: int | None = None,
                            font_size: int = NORMAL_FONT_SIZE) -> go.Figure:
    """The optimal decision by (sum of numbers, numbers held): the share of lines where it hits.

    Pure blue cells always stay, pure orange always hit; a cell between has lines of both. A single
    ``sum >= threshold`` rule would stay exactly right of the dashed line.
    """
    sums = range(min(c.number_sum for c in cells), max(c.number_sum for c in cells) + 1)
    counts = range(min(c.numbers_held for c in cells), max(c.numbers_held for c in cells) + 1)
    share = np.full((len(counts), len(sums)), np.nan)
    hover = np.full((len(counts), len(sums), 2), "", dtype=object)
    for cell in cells:
        row, column = cell.numbers_held - counts.start, cell.number_sum - sums.start
        share[row, column] = cell.hit_share
        hover[row, column, 0] = TEXT["heatmap_cell"].format(hitting=cell.hitting, lines=cell.lines)
        ranges = []
        if cell.hit_bust is not None:
            ranges.append(TEXT["heatmap_hit_bust"].format(low=_percent(cell.hit_bust[0]),
                                                         high=_percent(cell.hit_bust[1])))
        if cell.stay_bust is not None:
            ranges.append(TEXT["heatmap_stay_bust"].format(low=_percent(cell.stay_bust[0]),
                                                          high=_percent(cell.stay_bust[1])))
        hover[row, column, 1] = "<br>".join(ranges)
    figure = go.Figure(go.Heatmap(
        x=list(sums), y=list(counts), z=share, customdata=hover, hovertemplate=TEXT["heatmap_hover"],
        colorscale=[[0.0, STAY_COLOUR], [0.5, "#f4f1de"], [1.0, HIT_COLOUR]], zmin=0, zmax=1, xgap=1, ygap=1,
        colorbar={"title": {"text": TEXT["heatmap_colorbar"]}, "tickformat": ".0%"},
    ))
    if threshold is not None:
        figure.add_vline(x=threshold - 0.5, line={"color": "#222", "dash": "dash", "width": 3})
        figure.add_annotation(x=threshold - 0.5, y=1.0, yref="paper", yanchor="bottom", xanchor="left", showarrow=False,
                              text=TEXT["heatmap_threshold"].format(threshold=threshold), font={"size": font_size})
    figure.update_xaxes(title_text=TEXT["heatmap_x"], dtick=5)
    figure.update_yaxes(title_text=TEXT["heatmap_y"], dtick=1)
    return _layout(figure, font_size, height=24 * font_size)


def convergence_figure(result: Convergence, font_size: int = NORMAL_FONT_SIZE) -> go.Figure:
    """Two panels over the number of trials: the running mean settling on the exact value, and the
    difference ``S_n - n·mu`` wandering away (its band grows like ``sqrt(n)``)."""
    score = result.exact.question is Question.POLICY_SCORE
    figure = make_subplots(rows=2, cols=1, shared_xaxes=True, vertical_spacing=0.12, subplot_titles=[
        TEXT["mean_title"] if score else TEXT["frequency_title"],
        TEXT["difference_score_title"] if score else TEXT["difference_title"]])
    figure.update_annotations(font_size=font_size + 2)  # the subplot titles
    n = result.trials
    mu = result.exact.mean
    panels = ((1, np.full(len(n), mu), result.mean_band), (2, np.zeros(len(n)), result.difference_band))
    for row, centre, band in panels:
        figure.add_trace(go.Scatter(x=np.concatenate([n, n[::-1]]),
                                    y=np.concatenate([centre + band, (centre - band)[::-1]]),
                                    fill="toself", fillcolor=BAND_COLOUR, line={"width": 0}, hoverinfo="skip",
                                    name=TEXT["band"], showlegend=row == 1), row=row, col=1)
        figure.add_trace(go.Scatter(x=n, y=centre, mode="lines",
                                    line={"color": EXACT_COLOUR, "dash": "dash", "width": 2},
                                    name=TEXT["exact_line"].format(value=mu), showlegend=row == 1), row=row, col=1)
    figure.add_trace(go.Scatter(x=n, y=result.running_mean, mode="lines", line={"color": SIMULATED_COLOUR, "width": 3},
                                name=TEXT["simulated"]), row=1, col=1)
    figure.add_trace(go.Scatter(x=n, y=result.difference, mode="lines", line={"color": SIMULATED_COLOUR, "width": 3},
                                showlegend=False), row=2, col=1)
    figure.update_xaxes(type="log")
    figure.update_xaxes(title_text=TEXT["trials_axis"], row=2, col=1)
    if not score:
        figure.update_yaxes(range=[-0.02, 1.02], row=1, col=1)  # a frequency lives in [0, 1]
    figure.update_yaxes(title_text=TEXT["mean_axis"] if score else TEXT["frequency_axis"], row=1, col=1)
    figure.update_yaxes(title_text=TEXT["difference_score_axis"] if score else TEXT["difference_axis"], row=2, col=1)
    figure = _layout(figure, font_size, height=36 * font_size)
    figure.update_layout(legend={"orientation": "h", "yanchor": "top", "y": -0.14, "x": 0},
                         margin={"b": 6 * font_size})
    return figure


def _node_id(node: TreeNode) -> str:
    """A unique id: the path from the root, and the ending (a group of cards may end some rounds only)."""
    return "root" + "".join(f"/{branch.event.value}:{branch.card}" for branch in node.path) + (
        f"#{node.ending.value}" if node.ending is not None else "")


def _node_label(node: TreeNode) -> str:
    if not node.path:
        return TEXT["tree_root"]
    branch = node.path[-1]
    return EVENT_LABELS[branch.event] if branch.card is None else f"{branch.card} ({EVENT_LABELS[branch.event]})"


def tree_figure(tree: ProbabilityTree, font_size: int = NORMAL_FONT_SIZE) -> go.Figure:
    """The tree as a sunburst: the centre is now, each ring one more card; areas are exact probabilities."""
    # Parents come before their children in a tree's nodes, and only inner nodes have children.
    inner: dict[tuple[object, ...], str] = {}
    ids, labels, parent_ids, values, colours, custom, texts = [], [], [], [], [], [], []
    for node in tree.nodes:
        node_id = _node_id(node)
        if not node.leaf:
            inner[node.path] = node_id
        ids.append(node_id)
        labels.append(_node_label(node))
        parent_ids.append(inner[node.path[:-1]] if node.path else "")
        # "remainder" sizes: a parent holds 0 itself and is the sum of its leaves (exact to float rounding).
        values.append(float(node.probability) if node.leaf else 0.0)
        colours.append("#ffffff" if not node.path else EVENT_COLOURS[node.path[-1].event])
        description = labels[-1] if node.ending is None else f"{labels[-1]} — {ENDING_LABELS[node.ending]}"
        custom.append((description, f"{node.probability} ≈ {_percent(node.probability)}",
                       f"{node.conditional} ≈ {_percent(node.conditional)}"))
        # Thin sectors stay blank (their numbers are in the hover and the leaf table).
        texts.append("" if node.probability < MIN_LABELLED_SHARE else
                     "%{label}" if not node.path else "%{label}<br>%{customdata[2]}")
    figure = go.Figure(go.Sunburst(
        ids=ids, labels=labels, parents=parent_ids, values=values, branchvalues="remainder",
        marker={"colors": colours, "line": {"color": "#ffffff", "width": 2}}, customdata=custom,
        hovertemplate=TEXT["tree_hover"], texttemplate=texts, insidetextorientation="radial", sort=False,
    ))
    figure = _layout(figure, font_size, height=36 * font_size)
    figure.update_layout(margin={"l": 10, "r": 10, "t": 10, "b": 10})
    return figure


def urn_figure(reading: UrnReading, font_size: int = NORMAL_FONT_SIZE) -> go.Figure:
    """``P(X = j)`` for the bust cards among the drawn: exact fractions next to scipy's values, bar by bar."""
    exact = reading.pmf()
    js = list(range(reading.draws + 1))
    figure = go.Figure()
    figure.add_trace(go.Bar(x=js, y=[float(p) for p in exact], name=TEXT["urn_exact"], marker={"color": STAY_COLOUR},
                            text=[f"{p}<br>≈ {_percent(p)}" for p in exact], textposition="outside",
                            textfont={"size": font_size}, cliponaxis=False))
    figure.add_trace(go.Bar(x=js, y=reading.scipy_pmf(), name=TEXT["urn_scipy"], marker={"color": EXACT_COLOUR},
                            hovertemplate="%{y:.15f}<extra></extra>"))
    figure.update_layout(barmode="group", bargap=0.25)
    figure.update_xaxes(title_text=TEXT["urn_x"].format(draws=reading.draws), dtick=1)
    figure.update_yaxes(title_text=TEXT["urn_y"], tickformat=".0%", range=[0, 1.18])
    return _layout(figure, font_size, height=24 * font_size)


def score_histogram_figure(scores: Sequence[float], distribution: dict[int, float], expected: float,
                           font_size: int = NORMAL_FONT_SIZE) -> go.Figure:
    """Simulated round scores next to the exact distribution, with the expected value marked."""
    values, counts = np.unique(np.asarray(scores), return_counts=True)
    figure = go.Figure()
    figure.add_trace(go.Bar(x=list(distribution), y=list(distribution.values()), name=TEXT["histogram_exact"],
                            marker={"color": EXACT_COLOUR}, opacity=0.55))
    figure.add_trace(go.Bar(x=values, y=counts / max(1, len(scores)), name=TEXT["histogram_simulated"].format(
        trials=len(scores)), marker={"color": SIMULATED_COLOUR}, opacity=0.75))
    figure.add_vline(x=expected, line={"color": "#222", "dash": "dash", "width": 3},
                     annotation={"text": TEXT["histogram_mean"].format(value=expected), "font": {"size": font_size}})
    figure.update_layout(barmode="overlay", bargap=0.1)
    figure.update_xaxes(title_text=TEXT["histogram_x"])
    figure.update_yaxes(title_text=TEXT["histogram_y"], tickformat=".0%")
    return _layout(figure, font_size, height=24 * font_size)


__all__ = [
    "ENDING_LABELS",
    "EVENT_LABELS",
    "PRESENTATION_CSS",
    "TEXT",
    "convergence_figure",
    "decision_heatmap_figure",
    "font_size_for",
    "policy_curves_figure",
    "score_histogram_figure",
    "tree_figure",
    "urn_figure",
]

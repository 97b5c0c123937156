"""Pure plotly builders for the teaching pages: every function takes library results and returns a figure.

No streamlit here: the figures are tested on their own. ``font_size`` is the base size of a figure's
text: `NORMAL_FONT_SIZE`, or `PRESENTATION_FONT_SIZE` for a projector (`flip7odds_ui.shell.PRESENTATION_CSS` does the
same for the page around the figures).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import plotly.graph_objects as go  # type: ignore[import-untyped]
from plotly.subplots import make_subplots  # type: ignore[import-untyped]

from flip7odds.cards import card_name
from flip7odds.charts import CHARACTER_WIDTH, HIT_COLOR, PHONE_CHART_WIDTH, STAY_COLOR, fit_text
from flip7odds.engine import Event, Termination
from flip7odds.i18n import ENGLISH, N_, Translator
from flip7odds.policies import fraction_of_optimal
from flip7odds.rules import RuleSet
from flip7odds.teaching import (
    Branch,
    Convergence,
    DecisionCell,
    PolicyCurve,
    PolicyFamily,
    ProbabilityTree,
    Question,
    TreeNode,
    UrnReading,
)
from flip7odds.vengeance.engine import VEvent

EVENT_LABELS: dict[Event | VEvent, str] = {
    Event.NEW_NUMBER: N_("new number"),
    Event.FLIP_7: N_("Flip 7!"),
    Event.BUST: N_("bust"),
    Event.SAVED: N_("saved by Second Chance"),
    Event.MODIFIER: N_("modifier"),
    Event.SECOND_CHANCE_KEPT: N_("Second Chance"),
    Event.SECOND_CHANCE_PASSED: N_("Second Chance (passed on)"),
    Event.FREEZE: N_("Freeze"),
    Event.FLIP_THREE: N_("Flip Three"),
    Event.SET_ASIDE: N_("set aside"),
    VEvent.NEW_NUMBER: N_("new number"),
    VEvent.ZERO: N_("The Zero: 0 unless Flip 7"),
    VEvent.LUCKY_SECOND_13: N_("second 13, safe (Lucky 13)"),
    VEvent.UNLUCKY_7: N_("Unlucky 7: line wiped"),
    VEvent.FLIP_7: N_("Flip 7!"),
    VEvent.BUST: N_("bust"),
    VEvent.MODIFIER: N_("modifier"),
    VEvent.ACTION: N_("action: you choose"),
    VEvent.SET_ASIDE: N_("set aside"),
}
"""How a branch of a probability tree is named (message ids), classic and With a Vengeance."""
NAMES_ITS_CARD = frozenset({VEvent.ZERO, VEvent.UNLUCKY_7})
"""Branches whose name already names their one card (a one-branch-per-card tree writes it once)."""

ENDING_LABELS: dict[Termination, str] = {
    Termination.BUST: N_("round over: bust"),
    Termination.FLIP_7: N_("round over: Flip 7"),
    Termination.FROZEN: N_("round over: frozen"),
    Termination.STAYED: N_("round over: stayed"),
    Termination.PILE_EXHAUSTED: N_("round over: pile exhausted"),
}

EVENT_COLOURS: dict[Event | VEvent, str] = {
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
    VEvent.NEW_NUMBER: "#2e9d5b",
    VEvent.ZERO: "#5f6368",
    VEvent.LUCKY_SECOND_13: "#8e5cc9",
    VEvent.UNLUCKY_7: "#e58fb0",
    VEvent.FLIP_7: "#f2b705",
    VEvent.BUST: "#d64545",
    VEvent.MODIFIER: "#3f7fd1",
    VEvent.ACTION: "#f07f2c",
    VEvent.SET_ASIDE: "#9a9a9a",
}
HIT_COLOUR = HIT_COLOR
STAY_COLOUR = STAY_COLOR
EXACT_COLOUR = "#d64545"
SIMULATED_COLOUR = "#3f7fd1"
BAND_COLOUR = "rgba(214, 69, 69, 0.15)"

MIN_LABELLED_SHARE = Fraction(1, 40)
"""Tree sectors below this probability get no text: it would not fit."""
NORMAL_FONT_SIZE = 14
PRESENTATION_FONT_SIZE = 30
"""A figure's base text on a projector: 30 px reads from the back row of a classroom at 1920x1080."""

PROJECTOR_CHART_WIDTH = 1700
"""The narrowest a figure at the presentation size is drawn: a 1920 px projector less the margins (at the normal
size, `flip7odds.charts.PHONE_CHART_WIDTH`: a phone)."""


def _narrowest(font_size: int) -> int:
    """The narrowest a figure with this base font size is drawn, in px: a projector's in presentation mode, else a
    phone's."""
    return PROJECTOR_CHART_WIDTH if font_size >= PRESENTATION_FONT_SIZE else PHONE_CHART_WIDTH


def _fit(text: str, size: int, share: float = 1.0) -> str:
    """``text`` broken into lines (``<br>``) that fit ``share`` of the narrowest screen a figure of this size is
    drawn on (`_narrowest`): plotly never wraps a title by itself, it cuts it."""
    return fit_text(text, size, share * _narrowest(size))


TITLE_LINE = 1.3
"""The height of a line of a title, in units of its font size."""


def _layout(figure: go.Figure, font_size: int, height: int, t: Translator) -> go.Figure:
    """The common look: white background, the base font, room for titles, the language's number separators."""
    figure.update_layout(
        separators=t.separators,
        template="plotly_white",
        font={"size": font_size},
        height=height,
        margin={"l": 20, "r": 20, "t": 4 * font_size, "b": 20},
        legend={"orientation": "h", "yanchor": "bottom", "y": 1.02, "x": 0},
    )
    return figure


def _percent(value: Fraction, t: Translator) -> str:
    return t.percent(float(value))


FAMILY_TITLES: dict[PolicyFamily, str] = {
    PolicyFamily.SUM: N_("sum ≥ T"),
    PolicyFamily.BUST: N_("P(bust) ≥ θ"),
    PolicyFamily.CARDS: N_("k numbers held"),
}
"""The subplot title of each family (message ids): only the condition, under the figure's title "Stay as soon
as…", so that three fit side by side on a phone."""
FAMILY_SYMBOLS: dict[PolicyFamily, str] = {PolicyFamily.SUM: "T", PolicyFamily.BUST: "θ", PolicyFamily.CARDS: "k"}
"""The threshold's symbol in each family: the x axis title (the same in every language)."""


def _parameter_text(curve: PolicyCurve, value: float, t: Translator) -> str:
    """``T=23``, ``θ=26%``, ``k=3``."""
    name = FAMILY_SYMBOLS[curve.family]
    shown = t.percent(value, 0) if curve.family is PolicyFamily.BUST else f"{value:g}"
    return f"{name}={shown}"


NOTE_BAND = 0.22
"""The share of a curve panel's height, at its foot, that the best rule's note takes (two lines of the chart's type in a
panel about 21 of its lines tall, 0.03 above the foot): no curve is drawn there."""
TOP_ROOM = 0.08
"""Room above the highest score (the optimum's line and its star), as a share of the scores' span."""


def _clear_of_notes(scores: Sequence[float]) -> list[float]:
    """The curves' score axis ``[low, high]``: the scores in its upper part, its foot (`NOTE_BAND`) left to the notes.

    With ``span = max - min`` (1 when every score is the same) and ``high = max + TOP_ROOM * span``, ``low`` solves
    ``(min - low) / (high - low) = NOTE_BAND``: ``low = min - NOTE_BAND * (high - min) / (1 - NOTE_BAND)``. Plotly's own
    range ended at the lowest score, and a falling curve (``k`` past its best, down to 5.7 at 7 numbers) ran through
    its note on a phone.

    >>> [round(end, 4) for end in _clear_of_notes([6.0, 18.0])]
    [2.3446, 18.96]
    """
    low, high = min(scores), max(scores)
    span = (high - low) or 1.0
    top = high + TOP_ROOM * span
    return [low - NOTE_BAND * (top - low) / (1 - NOTE_BAND), top]


def policy_curves_figure(curves: Sequence[PolicyCurve], optimal_score: float, font_size: int = NORMAL_FONT_SIZE,
                         t: Translator = ENGLISH) -> go.Figure:
    """Expected round score against each family's threshold, the optimum as a line, each best marked."""
    panel = 0.8 / len(curves)  # each panel's share of the width (the score axis takes the rest)
    figure = make_subplots(rows=1, cols=len(curves), shared_yaxes=True, horizontal_spacing=0.06,
                           subplot_titles=[_fit(t(FAMILY_TITLES[curve.family]), font_size, panel) for curve in curves])
    figure.update_annotations(font_size=font_size)  # the subplot titles
    for column, curve in enumerate(curves, start=1):
        scale = 100.0 if curve.family is PolicyFamily.BUST else 1.0
        xs = [value * scale for value in curve.parameters]
        ys = [result.expected_score for result in curve.results]
        best = curve.best
        best_x = PolicyFamily.parameter(best.policy) * scale
        figure.add_trace(go.Scatter(x=xs, y=ys, mode="lines+markers", line={"color": STAY_COLOUR, "width": 3},
                                    marker={"size": font_size // 2}, showlegend=False,
                                    hovertemplate="%{x}: %{y:.4f}<extra></extra>"), row=1, col=column)
        parameter = _parameter_text(curve, PolicyFamily.parameter(best.policy), t)
        fraction = fraction_of_optimal(best.expected_score, optimal_score)  # None on a pile where nothing scores
        share = "—" if fraction is None else t.percent(fraction, 2)
        # The label keeps to its panel (the score is in the metrics above the chart and in the star's hover).
        best_text = _fit(t("best {parameter}").format(parameter=parameter), font_size, panel) + f"<br>{share}"
        hover_text = t("best {parameter}: {score} ({share})").format(
            parameter=parameter, score=t.number(best.expected_score, 4), share=share)
        figure.add_trace(go.Scatter(
            x=[best_x], y=[best.expected_score], mode="markers", showlegend=False, text=[hover_text],
            marker={"symbol": "star", "size": 2 * font_size, "color": HIT_COLOUR,
                    "line": {"width": 1, "color": "#333"}},
            hovertemplate="%{text}<extra></extra>",
        ), row=1, col=column)
        figure.add_annotation(xref="x domain", yref="y domain", x=0.5, y=0.03, text=best_text, showarrow=False,
                              font={"size": font_size, "color": "#333"}, bgcolor="rgba(255,255,255,0.85)",
                              row=1, col=column)
        figure.add_hline(y=optimal_score, line={"color": EXACT_COLOUR, "dash": "dash", "width": 2}, row=1, col=column)
        figure.update_xaxes(title_text=FAMILY_SYMBOLS[curve.family], row=1, col=column,
                            ticksuffix="%" if curve.family is PolicyFamily.BUST else "", tickangle=0, nticks=4)
    figure.add_annotation(xref="paper", yref="y", x=1.0, y=optimal_score, xanchor="right", yanchor="bottom",
                          text=t("optimum {value}").format(value=t.number(optimal_score, 4)), showarrow=False,
                          font={"color": EXACT_COLOUR, "size": font_size})
    figure.update_yaxes(title_text=t("expected round score"), row=1, col=1)
    figure.update_yaxes(range=_clear_of_notes([result.expected_score for curve in curves for result in curve.results]
                                              + [optimal_score]))
    figure = _layout(figure, font_size, height=30 * font_size, t=t)
    figure.update_layout(title_text=t("Stay as soon as…"), title_x=0, title_xanchor="left", title_y=1,
                         title_yref="container", title_yanchor="top", title_pad_t=font_size // 2,
                         title_font_size=font_size + 2, margin_t=5 * font_size)
    return figure


def decision_heatmap_figure(cells: Sequence[DecisionCell], threshold: int | None = None,
                            font_size: int = NORMAL_FONT_SIZE, t: Translator = ENGLISH) -> go.Figure:
    """The optimal decision by (sum of numbers, numbers held): the share of lines where it hits.

    Pure blue cells always stay, pure green always hit; a cell between has lines of both. A single
    ``sum >= threshold`` rule would stay exactly right of the dashed line.
    """
    sums = range(min(c.number_sum for c in cells), max(c.number_sum for c in cells) + 1)
    counts = range(min(c.numbers_held for c in cells), max(c.numbers_held for c in cells) + 1)
    share = np.full((len(counts), len(sums)), np.nan)
    hover = np.full((len(counts), len(sums), 3), "", dtype=object)
    for cell in cells:
        row, column = cell.numbers_held - counts.start, cell.number_sum - sums.start
        share[row, column] = cell.hit_share
        hover[row, column, 0] = t.ngettext("the optimum hits {hitting} of {lines} line",
                                           "the optimum hits {hitting} of {lines} lines", cell.lines).format(
            hitting=cell.hitting, lines=cell.lines)
        hover[row, column, 2] = t.counted("{count} number", "{count} numbers", cell.numbers_held)
        ranges = []
        if cell.hit_bust is not None:
            ranges.append(t("hits at P(bust) {low}–{high}").format(low=_percent(cell.hit_bust[0], t),
                                                                   high=_percent(cell.hit_bust[1], t)))
        if cell.stay_bust is not None:
            ranges.append(t("stays at P(bust) {low}–{high}").format(low=_percent(cell.stay_bust[0], t),
                                                                    high=_percent(cell.stay_bust[1], t)))
        hover[row, column, 1] = "<br>".join(ranges)
    figure = go.Figure(go.Heatmap(
        x=list(sums), y=list(counts), z=share, customdata=hover,
        hovertemplate=t("sum %{x}, %{customdata[2]}<br>%{customdata[0]}<br>%{customdata[1]}<extra></extra>"),
        colorscale=[[0.0, STAY_COLOUR], [0.5, "#f4f1de"], [1.0, HIT_COLOUR]], zmin=0, zmax=1, xgap=1, ygap=1,
        # Under the map, not beside it: on a phone the map keeps the width.
        colorbar={"title": {"text": _fit(t("share of lines where the optimum hits"), font_size),
                            "side": "bottom"},  # under its bar: a title on top of a horizontal bar covers it
                  "tickformat": ".0%", "orientation": "h", "yref": "container", "y": 0, "yanchor": "bottom",
                  # A little shorter than the map: "100%" centred on the bar's end would pass the figure's edge in
                  # the projector's type, and plotly then drops it (the scale read 0% to 80%)
                  "thickness": 14, "len": 0.94},
    ))
    if threshold is not None:
        figure.add_vline(x=threshold - 0.5, line={"color": "#222", "dash": "dash", "width": 3})
        figure.add_annotation(x=threshold - 0.5, y=1.0, yref="paper", yanchor="bottom", xanchor="left", showarrow=False,
                              text=t("sum ≥ {threshold}: stay").format(threshold=threshold), font={"size": font_size})
    figure.update_xaxes(title_text=t("sum of your numbers"), dtick=10)
    figure.update_yaxes(title_text=t("numbers held"), dtick=1)
    return _layout(figure, font_size, height=24 * font_size, t=t)


def log_ticks(last: int, font_size: int) -> tuple[list[int], list[int]]:
    """The convergence chart's labelled values on its log axis, from 1 to the last round ``last``: the powers of ten
    and ``last`` itself; and unlabelled grid lines at 2·10^k and 5·10^k below ``last``. Plotly's own labels there
    were "2" and "5": its last, at the chart's edge, read "2" for 2000.

    A power of ten is left to the grid where its label would touch the last one's: on the narrowest screen the
    figure is drawn for (a phone's 330 px, a projector's 1700 px, less the y axis's ``4 · font_size``) a decade takes
    ``width / log10(last)`` px, and two labels of ``len(str(last))`` digits need about
    ``CHARACTER_WIDTH · font_size · digits + font_size / 2`` px between their centres: 1000 beside 2000 on a phone."""
    width = _narrowest(font_size) - 4 * font_size
    gap = (CHARACTER_WIDTH * font_size * len(str(last)) + font_size / 2) * max(math.log10(last), 1) / width
    powers = [10**k for k in range(len(str(last)))]
    labelled = [power for power in powers if math.log10(last / power) >= gap]
    grid = sorted({step * power for power in powers for step in (1, 2, 5) if step * power < last} - set(labelled))
    return [*labelled, last], grid


def convergence_figure(result: Convergence, font_size: int = NORMAL_FONT_SIZE, t: Translator = ENGLISH
                       ) -> go.Figure:
    """Two panels over the number of trials: the running mean settling on the exact value, and the
    difference ``S_n - n·mu`` wandering away (its band grows like ``sqrt(n)``)."""
    score = result.exact.question is Question.POLICY_SCORE
    titles = [t("Running mean score: it settles on the exact expected score") if score
              else t("Running frequency of yes: it settles on the exact value"),
              t("Total difference: total − n·E wanders further and further from 0") if score
              else t("Count difference: yes − n·p wanders further and further from 0")]
    titles = [_fit(title, font_size + 2) for title in titles]
    figure = make_subplots(rows=2, cols=1, shared_xaxes=True, vertical_spacing=0.16, subplot_titles=titles)
    figure.update_annotations(font_size=font_size + 2)  # the subplot titles
    n = result.trials
    mu = result.exact.mean
    panels = ((1, np.full(len(n), mu), result.mean_band), (2, np.zeros(len(n)), result.difference_band))
    for row, centre, band in panels:
        figure.add_trace(go.Scatter(x=np.concatenate([n, n[::-1]]),
                                    y=np.concatenate([centre + band, (centre - band)[::-1]]),
                                    fill="toself", fillcolor=BAND_COLOUR, line={"width": 0}, hoverinfo="skip",
                                    name=t("± 2 standard deviations"), showlegend=row == 1), row=row, col=1)
        figure.add_trace(go.Scatter(x=n, y=centre, mode="lines",
                                    line={"color": EXACT_COLOUR, "dash": "dash", "width": 2},
                                    name=t("exact {value}").format(value=t.number(mu, 4)), showlegend=row == 1),
                         row=row, col=1)
    figure.add_trace(go.Scatter(x=n, y=result.running_mean, mode="lines", line={"color": SIMULATED_COLOUR, "width": 3},
                                name=t("simulated")), row=1, col=1)
    figure.add_trace(go.Scatter(x=n, y=result.difference, mode="lines", line={"color": SIMULATED_COLOUR, "width": 3},
                                showlegend=False), row=2, col=1)
    labelled, grid = log_ticks(int(n[-1]), font_size)
    figure.update_xaxes(type="log", tickmode="array", tickvals=labelled,
                        minor={"tickmode": "array", "tickvals": grid, "showgrid": True})
    figure.update_xaxes(title_text=_fit(t("number of simulated rounds n (log scale)"), font_size), row=2, col=1)
    if not score:
        figure.update_yaxes(range=[-0.02, 1.02], row=1, col=1)  # a frequency lives in [0, 1]
    figure.update_yaxes(title_text=t("total / n") if score else t("yes / n"), row=1, col=1)
    figure.update_yaxes(title_text=t("total − n·E") if score else t("yes − n·p"), row=2, col=1)
    figure = _layout(figure, font_size, height=36 * font_size, t=t)
    # The legend at the foot of the figure, under the axis title however many lines that takes.
    # Room above the upper panel for its title, on as many lines as a phone takes (three in Spanish: the top one was
    # cut by the figure's edge).
    top = max(4 * font_size, round((TITLE_LINE * (titles[0].count("<br>") + 1) + 1) * (font_size + 2)))
    # Room on the right for half the last round's label, centred on the axis's end: plotly hides a label that would
    # pass the figure's edge ("2000" in the projector's type).
    right = max(20, round((CHARACTER_WIDTH * len(str(labelled[-1])) + 0.5) * font_size / 2))
    figure.update_layout(legend={"orientation": "h", "yref": "container", "yanchor": "bottom", "y": 0, "x": 0},
                         margin={"b": 2 * font_size, "t": top, "r": right})
    return figure


def _node_id(node: TreeNode) -> str:
    """A unique id: the path from the root, and the ending (a group of cards may end some rounds only)."""
    return "root" + "".join(f"/{branch.event.value}:{branch.card}" for branch in node.path) + (
        f"#{node.ending.value}" if node.ending is not None else "")


def _node_label(node: TreeNode, t: Translator, notation: RuleSet | None) -> str:
    return t("now") if not node.path else branch_label(node.path[-1], t, notation)


def branch_label(branch: Branch, t: Translator = ENGLISH, notation: RuleSet | None = None) -> str:
    """A branch as the tree and its table name it: what the card does, and the card when it has one, without saying
    the same twice (an action card is named by what it does: ``Freeze``, poker's ``A (Freeze)``).

    >>> from flip7odds.cards import FREEZE, Card
    >>> from flip7odds.rules import POKER
    >>> [branch_label(Branch(event, card), notation=POKER) for event, card in
    ...  ((Event.NEW_NUMBER, Card.number(11)), (Event.FREEZE, FREEZE), (Event.BUST, None))]
    ['J (new number)', 'A (Freeze)', 'bust']
    """
    event = t(EVENT_LABELS[branch.event])
    if branch.card is None or branch.event in NAMES_ITS_CARD:
        return event
    card = card_name(branch.card, t, notation)
    return card if event in card else f"{card} ({event})"


def tree_key(tree: ProbabilityTree) -> tuple[tuple[Event | VEvent, str], ...]:
    """The colours a tree's boxes are painted with, each with what it means: the events its branches show, in
    `EVENT_COLOURS`' order (the key a class reads the icicle with; plotly draws no legend for it).

    >>> from flip7odds.rules import CLASSIC
    >>> from flip7odds.situation import Situation
    >>> from flip7odds.teaching import probability_tree
    >>> [event.value for event, _ in tree_key(probability_tree(Situation.from_text(CLASSIC, "12 11"), 1))][:3]
    ['new_number', 'bust', 'modifier']
    """
    shown = {branch.event for node in tree.nodes for branch in node.path}
    return tuple((event, colour) for event, colour in EVENT_COLOURS.items() if event in shown)


def tree_figure(tree: ProbabilityTree, font_size: int = NORMAL_FONT_SIZE, t: Translator = ENGLISH,
                notation: RuleSet | None = None) -> go.Figure:
    """The tree as an icicle: now on the left, each column one more card; heights are exact probabilities.

    ``notation`` (the rule set) names the cards of a one-branch-per-card tree as its players read them (poker:
    ``J``, ``Joker``). The colours' key is `tree_key`.

    Every label is written horizontally at the figure's base size, and only in a box it fits
    (``uniformtext``: a thinner box stays blank, its numbers in the hover and the leaf table), so each level
    shown reads from the back of a room; a sunburst's outer rings could only hold unreadable slivers.
    """
    # Parents come before their children in a tree's nodes, and only inner nodes have children.
    inner: dict[tuple[object, ...], str] = {}
    ids, labels, parent_ids, values, colours, custom, texts = [], [], [], [], [], [], []
    for node in tree.nodes:
        node_id = _node_id(node)
        if not node.leaf:
            inner[node.path] = node_id
        ids.append(node_id)
        labels.append(_node_label(node, t, notation))
        parent_ids.append(inner[node.path[:-1]] if node.path else "")
        # "remainder" sizes: a parent holds 0 itself and is the sum of its leaves (exact to float rounding).
        values.append(float(node.probability) if node.leaf else 0.0)
        colours.append("#ffffff" if not node.path else EVENT_COLOURS[node.path[-1].event])
        description = labels[-1] if node.ending is None else f"{labels[-1]} — {t(ENDING_LABELS[node.ending])}"
        custom.append((description, f"{node.probability} ≈ {_percent(node.probability, t)}",
                       f"{node.conditional} ≈ {_percent(node.conditional, t)}", _percent(node.conditional, t)))
        # Thin boxes stay blank (their numbers are in the hover and the leaf table).
        texts.append("" if node.probability < MIN_LABELLED_SHARE else
                     "%{label}" if not node.path else "%{label}<br>%{customdata[3]}")
    figure = go.Figure(go.Icicle(
        ids=ids, labels=labels, parents=parent_ids, values=values, branchvalues="remainder",
        marker={"colors": colours, "line": {"color": "#ffffff", "width": 2}}, customdata=custom,
        hovertemplate=t("%{customdata[0]}<br>this path: %{customdata[1]}<br>after the step before: %{customdata[2]}"
                        "<extra></extra>"),
        texttemplate=texts, textfont={"size": font_size}, sort=False,
        tiling={"orientation": "h", "pad": 2}, pathbar={"visible": False},
    ))
    # The key (plotly draws no legend for an icicle's colours): one legend entry per colour the tree shows, an
    # empty marker trace each, at the foot of the figure, so that the key goes wherever the chart goes.
    key = tree_key(tree)
    for event, colour in key:
        figure.add_trace(go.Scatter(x=[None], y=[None], mode="markers", name=t(EVENT_LABELS[event]),
                                    marker={"symbol": "square", "size": font_size, "color": colour},
                                    hoverinfo="skip", showlegend=True))
    # Room for the key under the tree: one line an entry where it wraps (a phone), most of it spare on a wide screen.
    figure = _layout(figure, font_size, height=(36 + len(key)) * font_size, t=t)
    figure.update_layout(margin={"l": 10, "r": 10, "t": 10, "b": 10},
                         uniformtext={"minsize": font_size, "mode": "hide"},
                         xaxis={"visible": False}, yaxis={"visible": False},
                         legend={"orientation": "h", "yref": "container", "yanchor": "bottom", "y": 0, "x": 0,
                                 "itemclick": False, "itemdoubleclick": False, "font": {"size": font_size}})
    return figure


URN_BAR_SHARE = 0.45
"""The longest bar of the urn chart takes this share of its width: its label (the exact fraction) fits beside it."""


def urn_figure(reading: UrnReading, font_size: int = NORMAL_FONT_SIZE, t: Translator = ENGLISH) -> go.Figure:
    """``P(X = j)`` for the bust cards among the drawn: exact fractions next to scipy's values, bar by bar.

    The bars lie down, one row per ``j``, each exact fraction written on one line at the base size beside its
    bar: standing bars on a phone are too narrow for ``7564/24297 ≈ 31.1%`` (plotly shrinks it unreadable).
    """
    exact = reading.pmf()
    js = list(range(reading.draws + 1))
    figure = go.Figure()
    figure.add_trace(go.Bar(y=js, x=[float(p) for p in exact], orientation="h", name=t("exact fraction"),
                            marker={"color": STAY_COLOUR}, text=[f"{p} ≈ {_percent(p, t)}" for p in exact],
                            textposition="outside", textfont={"size": font_size}, constraintext="none",
                            cliponaxis=False, hovertemplate="%{text}<extra></extra>"))
    figure.add_trace(go.Bar(y=js, x=reading.scipy_pmf(), orientation="h", name=t("scipy.stats.hypergeom"),
                            marker={"color": EXACT_COLOUR}, hovertemplate="%{x:.15f}<extra></extra>"))
    figure.update_layout(barmode="group", bargap=0.25)
    width = float(max(exact)) / URN_BAR_SHARE
    height = (10 + 3 * len(js)) * font_size
    # The axis's title stands up: it must fit the figure's height under the top margin (4 font sizes) as well as 0.8
    # of its width (on a projector, on one line, it ran past the figure's top and bottom)
    title_room = min(0.8 * _narrowest(font_size), height - 4 * font_size)
    figure.update_yaxes(title_text=fit_text(t("bust cards among the {draws} drawn (j)").format(draws=reading.draws),
                                            font_size, title_room), dtick=1, autorange="reversed")
    figure.update_xaxes(title_text=t("P(X = j)"), tickformat=".0%", range=[0, width],
                        tickvals=[tick / 4 for tick in range(5) if tick / 4 <= width])
    figure = _layout(figure, font_size, height=height, t=t)
    # Room at the right for half of "100%", centred on the axis's end: plotly drops a tick label that would pass the
    # figure's edge (in the projector's type the scale ended at 75%).
    return figure.update_layout(margin={"r": 2 * font_size})


def score_histogram_figure(scores: Sequence[float], distribution: dict[int, float], expected: float,
                           font_size: int = NORMAL_FONT_SIZE, t: Translator = ENGLISH) -> go.Figure:
    """Simulated round scores next to the exact distribution, with the expected value marked."""
    values, counts = np.unique(np.asarray(scores), return_counts=True)
    figure = go.Figure()
    figure.add_trace(go.Bar(x=list(distribution), y=list(distribution.values()), name=t("exact distribution"),
                            marker={"color": EXACT_COLOUR}, opacity=0.55))
    figure.add_trace(go.Bar(x=values, y=counts / max(1, len(scores)), name=t("simulated ({trials})").format(
        trials=t.counted("{count} round", "{count} rounds", len(scores))), marker={"color": SIMULATED_COLOUR}, opacity=0.75))
    figure.add_vline(x=expected, line={"color": "#222", "dash": "dash", "width": 3},
                     annotation={"text": t("expected value {value}").format(value=t.number(expected, 2)),
                                 "font": {"size": font_size}})
    figure.update_layout(barmode="overlay", bargap=0.1)
    figure.update_xaxes(title_text=t("round score"))
    figure.update_yaxes(title_text=t("share of rounds"), tickformat=".0%")
    return _layout(figure, font_size, height=24 * font_size, t=t)


__all__ = [
    "ENDING_LABELS",
    "EVENT_LABELS",
    "FAMILY_TITLES",
    "NORMAL_FONT_SIZE",
    "PRESENTATION_FONT_SIZE",
    "PROJECTOR_CHART_WIDTH",
    "branch_label",
    "convergence_figure",
    "decision_heatmap_figure",
    "policy_curves_figure",
    "score_histogram_figure",
    "tree_figure",
    "tree_key",
    "urn_figure",
]

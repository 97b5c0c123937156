"""The teaching chart builders are pure functions: their figures carry exactly the library's numbers."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from flip7odds.charts import PHONE_CHART_WIDTH, NextCardText, OutcomeGroup, next_card_figure
from flip7odds.i18n import translator
from flip7odds.odds import next_card_table
from flip7odds.policies import evaluate_policy
from flip7odds.rules import CLASSIC, POKER
from flip7odds.situation import Situation
from flip7odds.teaching import (
    Grouping,
    PolicyCurve,
    PolicyFamily,
    Question,
    TreeStart,
    UrnReading,
    convergence,
    exact_value,
    numbers_only_pile,
    optimal_decision_map,
    probability_tree,
    simulate,
)
from flip7odds.teaching_charts import (
    EVENT_LABELS,
    NORMAL_FONT_SIZE,
    PRESENTATION_FONT_SIZE,
    PROJECTOR_CHART_WIDTH,
    convergence_figure,
    decision_heatmap_figure,
    log_ticks,
    policy_curves_figure,
    score_histogram_figure,
    tree_figure,
    tree_key,
    urn_figure,
)

NUMBERS_ONLY = Situation.from_text(CLASSIC, pile=numbers_only_pile())
MID_ROUND = Situation.from_text(CLASSIC, "12 11 9", seen="12 12 5 x2")


@pytest.fixture(scope="module")
def curves() -> list[PolicyCurve]:
    grids = {
        PolicyFamily.SUM: PolicyFamily.SUM.policies(Fraction(18), Fraction(28), Fraction(1)),
        PolicyFamily.BUST: PolicyFamily.BUST.policies(Fraction(20, 100), Fraction(32, 100), Fraction(2, 100)),
        PolicyFamily.CARDS: PolicyFamily.CARDS.policies(Fraction(1), Fraction(6), Fraction(1)),
    }
    return [PolicyCurve(family, tuple(evaluate_policy(NUMBERS_ONLY, p) for p in policies))
            for family, policies in grids.items()]


def test_policy_curves_carry_the_exact_values_and_mark_each_best(curves: list[PolicyCurve]) -> None:
    optimum = 18.5652176
    figure = policy_curves_figure(curves, optimum, NORMAL_FONT_SIZE)
    lines = [trace for trace in figure.data if trace.mode == "lines+markers"]
    stars = [trace for trace in figure.data if trace.mode == "markers"]
    labels = [annotation.text for annotation in figure.layout.annotations if annotation.text.startswith("best")]
    assert len(lines) == len(stars) == 3
    for curve, line, star in zip(curves, lines, stars):
        assert list(line.y) == [result.expected_score for result in curve.results]
        assert star.y[0] == curve.best.expected_score
    assert stars[0].x[0] == 23  # the best "stay at sum >= T" is docs/model.md's T = 23
    assert labels[0] == "best T=23<br>99.76%" and stars[0].text[0] == "best T=23: 18.5212 (99.76%)"
    assert len(labels) == 3
    assert list(lines[1].x) == pytest.approx([100 * p for p in curves[1].parameters])  # θ is shown in percent
    optimum_lines = [shape for shape in figure.layout.shapes if shape.y0 == optimum == shape.y1]
    assert len(optimum_lines) == 3


def test_heatmap_colours_are_the_share_of_lines_that_hit() -> None:
    decisions = optimal_decision_map(NUMBERS_ONLY)
    cells = decisions.cells()
    figure = decision_heatmap_figure(cells, threshold=23, font_size=PRESENTATION_FONT_SIZE)
    heatmap = figure.data[0]
    z = np.array(heatmap.z, dtype=float)
    xs, ys = list(heatmap.x), list(heatmap.y)
    for cell in cells:
        assert z[ys.index(cell.numbers_held), xs.index(cell.number_sum)] == pytest.approx(cell.hit_share)
    assert np.isnan(z).sum() == z.size - len(cells)
    assert [shape.x0 for shape in figure.layout.shapes] == [22.5]
    hovers = [text for row in heatmap.customdata for text, *_ in row if text]
    assert len(hovers) == len(cells)


def test_convergence_figure_shows_the_running_mean_and_the_difference() -> None:
    exact = exact_value(MID_ROUND, Question.BUST_NEXT)
    result = convergence(simulate(MID_ROUND, Question.BUST_NEXT, 800, np.random.default_rng(5)), exact)
    figure = convergence_figure(result, NORMAL_FONT_SIZE)
    simulated = [trace for trace in figure.data if trace.line.color == "#3f7fd1" and trace.mode == "lines"]
    assert list(simulated[0].y) == list(result.running_mean)
    assert list(simulated[1].y) == list(result.difference)
    exact_lines = [trace for trace in figure.data if trace.line.dash == "dash"]
    assert set(exact_lines[0].y) == {exact.mean} and set(exact_lines[1].y) == {0.0}
    assert figure.layout.xaxis.type == "log" and figure.layout.xaxis2.type == "log"


@pytest.mark.parametrize("font_size", [NORMAL_FONT_SIZE, PRESENTATION_FONT_SIZE])
def test_convergence_figure_labels_its_last_round_in_full(font_size: int) -> None:
    """Plotly's log axis labelled 2·10^k and 5·10^k "2" and "5": the last label, at the chart's edge, read "2" for
    2000. The axis labels the powers of ten and the last round itself, with room for it inside the figure."""
    exact = exact_value(MID_ROUND, Question.BUST_NEXT)
    result = convergence(simulate(MID_ROUND, Question.BUST_NEXT, 2000, np.random.default_rng(5)), exact)
    figure = convergence_figure(result, font_size)
    for axis in (figure.layout.xaxis, figure.layout.xaxis2):
        assert axis.tickmode == "array" and axis.tickvals[-1] == 2000 and axis.tickvals[:3] == (1, 10, 100)
        assert {2, 5, 20, 50, 200, 500} <= set(axis.minor.tickvals)
    assert figure.layout.margin.r >= 0.55 * font_size * len("2000") / 2
    assert log_ticks(2000, PRESENTATION_FONT_SIZE)[0] == [1, 10, 100, 1000, 2000]  # 1700 px: room for both
    assert log_ticks(2000, NORMAL_FONT_SIZE) == ([1, 10, 100, 2000], [2, 5, 20, 50, 200, 500, 1000])  # a phone: not
    assert log_ticks(1000, NORMAL_FONT_SIZE)[0] == [1, 10, 100, 1000]


@pytest.mark.parametrize(("draws", "start", "grouping"), [(2, TreeStart.HIT, Grouping.OUTCOME),
                                                          (1, TreeStart.HIT, Grouping.CARD),
                                                          (3, TreeStart.FLIP_THREE, Grouping.OUTCOME)])
def test_tree_figure_is_a_well_formed_icicle(draws: int, start: TreeStart, grouping: Grouping) -> None:
    tree = probability_tree(MID_ROUND, draws, start, grouping)
    sunburst = tree_figure(tree, NORMAL_FONT_SIZE).data[0]
    ids = list(sunburst.ids)
    assert len(ids) == len(set(ids)) == len(tree.nodes)
    assert all(parent == "" or parent in ids for parent in sunburst.parents)
    assert list(sunburst.parents).count("") == 1
    assert sum(sunburst.values) == pytest.approx(1.0, abs=1e-12)
    leaf_values = [v for v, node in zip(sunburst.values, tree.nodes) if node.leaf]
    assert leaf_values == [float(node.probability) for node in tree.leaves]
    assert all(str(node.probability) in custom[1] for node, custom in zip(tree.nodes, sunburst.customdata))


def test_urn_figure_puts_scipy_next_to_the_exact_fractions() -> None:
    urn = UrnReading(79, 17, 3)
    bars, scipy_bars = urn_figure(urn).data
    assert list(bars.x) == [float(p) for p in urn.pmf()] and list(bars.y) == [0, 1, 2, 3]
    np.testing.assert_allclose(scipy_bars.x, bars.x, atol=1e-12)
    assert str(urn.pmf()[0]) in bars.text[0]


def test_histogram_overlays_simulated_and_exact_scores() -> None:
    distribution = {0: 0.25, 10: 0.5, 20: 0.25}
    figure = score_histogram_figure([0.0, 10.0, 10.0, 20.0], distribution, 10.0)
    exact, simulated = figure.data
    assert list(exact.x) == [0, 10, 20] and list(exact.y) == [0.25, 0.5, 0.25]
    assert list(simulated.y) == [0.25, 0.5, 0.25]
    assert figure.layout.shapes[0].x0 == 10.0


def test_projector_text_reads_from_the_back_row() -> None:
    # At 1920x1080 a class reads 28 px and more; the page's own text grows with it (flip7odds_ui.shell's CSS).
    assert PRESENTATION_FONT_SIZE >= 28 > NORMAL_FONT_SIZE


def test_the_tree_labels_only_the_boxes_they_fit() -> None:
    tree = probability_tree(Situation.from_text(CLASSIC, "12 11 9"), 3, TreeStart.HIT, Grouping.OUTCOME)
    figure = tree_figure(tree, PRESENTATION_FONT_SIZE)
    assert figure.layout.uniformtext.mode == "hide" and figure.layout.uniformtext.minsize == PRESENTATION_FONT_SIZE
    assert figure.data[0].textfont.size == PRESENTATION_FONT_SIZE  # a label is written at the base size or not at all
    assert figure.data[0].tiling.orientation == "h"  # horizontal text, one column per card


def test_chart_titles_and_legends_cannot_collide_on_a_phone() -> None:
    situation = Situation.from_text(CLASSIC, "12 11 9")
    text = NextCardText("Próxima carta", "carta", "probabilidad", {group: group.value for group in OutcomeGroup})
    figure = next_card_figure(next_card_table(situation), text)
    title, legend = figure.layout.title, figure.layout.legend
    assert (title.yref, title.yanchor, title.y, title.automargin) == ("paper", "bottom", 1, True)
    assert (legend.yref, legend.yanchor, legend.y) == ("container", "bottom", 0)


def widest_line(text: str, font_size: int) -> float:
    """The width of a chart text's longest line of several words, in px, at a generous 0.55 em a character
    (a single word is never broken)."""
    return max((len(line) * 0.55 * font_size for line in text.split("<br>") if " " in line), default=0.0)


@pytest.mark.parametrize("font_size", [NORMAL_FONT_SIZE, PRESENTATION_FONT_SIZE])
def test_long_chart_words_are_broken_into_lines_that_fit_the_narrowest_screen(curves: list[PolicyCurve],
                                                                               font_size: int) -> None:
    # Plotly cuts a title wider than its figure: titles, axis titles and labels come in lines that fit a
    # 390 px phone (a projector in presentation mode); each of the three curves' panels gets 80% of a third.
    width = PROJECTOR_CHART_WIDTH if font_size == PRESENTATION_FONT_SIZE else PHONE_CHART_WIDTH
    es = translator("es")
    result = convergence(simulate(MID_ROUND, Question.BUST_NEXT, 200, np.random.default_rng(5)),
                         exact_value(MID_ROUND, Question.BUST_NEXT))
    curves_figure = policy_curves_figure(curves, 18.5652176, font_size, es)
    panel_texts = [annotation.text for annotation in curves_figure.layout.annotations
                   if not annotation.text.startswith("óptimo")]
    assert len(panel_texts) == 6 and all(widest_line(text, font_size) <= 0.8 * width / 3 for text in panel_texts)
    assert "<br>" in "".join(panel_texts) or font_size == PRESENTATION_FONT_SIZE  # "P(eliminado) ≥ θ" is broken
    for figure in (convergence_figure(result, font_size, es), urn_figure(UrnReading(79, 17, 3), font_size, es),
                   decision_heatmap_figure(optimal_decision_map(NUMBERS_ONLY).cells(), 23, font_size, es)):
        texts = [annotation.text for annotation in figure.layout.annotations]
        texts += [figure.layout[name].title.text for name in figure.layout if name.startswith("xaxis")]
        texts += [trace.colorbar.title.text for trace in figure.data if trace.type == "heatmap"]
        assert any(texts)
        for text in filter(None, texts):
            assert widest_line(text, font_size) <= width, text


def test_the_tree_carries_its_colour_key() -> None:
    """Plotly draws no legend for an icicle's colours: the figure adds one entry per colour its boxes use, each in the
    box's colour and named as the boxes are, in the page's language (a class reads the key off the projected chart)."""
    tree = probability_tree(Situation.from_text(CLASSIC, "12 11 9"), 2, TreeStart.HIT, Grouping.OUTCOME)
    spanish = translator("es")
    figure = tree_figure(tree, PRESENTATION_FONT_SIZE, spanish)
    icicle, *entries = figure.data
    key = tree_key(tree)
    painted = set(icicle.marker.colors) - {"#ffffff"}  # the root ("now") is white
    assert {colour for _, colour in key} == painted
    assert [(entry.name, entry.marker.color) for entry in entries] == [
        (spanish(EVENT_LABELS[event]), colour) for event, colour in key]
    assert all(entry.showlegend and entry.marker.size == PRESENTATION_FONT_SIZE for entry in entries)
    assert figure.layout.legend.font.size == PRESENTATION_FONT_SIZE and figure.layout.legend.orientation == "h"
    assert entries[0].name == "número nuevo"


def test_a_poker_tree_names_the_cards_as_poker_players_read_them() -> None:
    situation = Situation.from_text(POKER, "K 9", pile="joker J Q 9 A")
    tree = probability_tree(situation, 1, TreeStart.HIT, Grouping.CARD)
    labels = set(tree_figure(tree, NORMAL_FONT_SIZE, translator("es"), POKER).data[0].labels)
    assert {"Comodín (número nuevo)", "J (número nuevo)", "Q (número nuevo)", "9 (eliminado)"} <= labels, labels
    assert not any(label.startswith(("0 ", "11 ", "12 ")) for label in labels)
    assert "A (Congelar)" in labels and not any(label.count("Congelar") > 1 for label in labels)  # said once


def test_policy_curves_leave_the_foot_of_each_panel_to_its_note(curves: list[PolicyCurve]) -> None:
    """The best rule's note stands at the foot of its panel: plotly's range ended at the lowest score, and the k curve
    (down to 5.74 at 7 numbers) ran through it. Every panel's score axis (shared) leaves its lowest 22% empty."""
    figure = policy_curves_figure(curves, 18.5652176, NORMAL_FONT_SIZE)
    axes = [figure.layout[name] for name in figure.layout if name.startswith("yaxis")]
    low, high = axes[0].range
    assert all(tuple(axis.range or axes[0].range) == (low, high) for axis in axes)
    scores = [y for trace in figure.data for y in trace.y]
    assert (min(scores) - low) / (high - low) == pytest.approx(0.22) and max(scores) < high

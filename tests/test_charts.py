"""Chart builders (flip7odds.charts) checked without streamlit, against counts done by hand and the library."""

from fractions import Fraction

import plotly.graph_objects as go  # type: ignore[import-untyped]
import pytest

from flip7odds.analysis import analyze
from flip7odds.cards import Card
from flip7odds.charts import (
    GROUP_COLORS,
    DistributionText,
    NextCardText,
    OutcomeGroup,
    next_card_figure,
    outcome_groups,
    score_distribution_figure,
)
from flip7odds.odds import bust_probability, next_card_table
from flip7odds.rules import CLASSIC
from flip7odds.situation import Situation

NEXT_TEXT = NextCardText("Next card", "card", "chance", {group: group.value.upper() for group in OutcomeGroup})
SCORE_TEXT = DistributionText("Final score", "score", "chance", "BUST", "SCORE", "mean 3.60")


def bars(figure: go.Figure) -> dict[str, go.Bar]:
    return {trace.name: trace for trace in figure.data}


def test_groups_by_hand_on_a_small_pile() -> None:
    # Pile: two 12s and one 11 bust you (3), 5 and 6 are new (2), +4 is a modifier (1), one Freeze (1).
    situation = Situation.from_text(CLASSIC, "12 11", pile="12*2 11 5 6 +4 freeze")
    shares = outcome_groups(next_card_table(situation))
    assert shares == {OutcomeGroup.BUST: Fraction(3, 7), OutcomeGroup.SAVED: 0, OutcomeGroup.NUMBER: Fraction(2, 7),
                      OutcomeGroup.MODIFIER: Fraction(1, 7), OutcomeGroup.ACTION: Fraction(1, 7)}  # fmt: skip


def test_a_second_chance_turns_bust_cards_into_saved_ones() -> None:
    situation = Situation.from_text(CLASSIC, "12 11 sc", pile="12*2 11 5 6 +4 sc")
    shares = outcome_groups(next_card_table(situation))
    assert shares[OutcomeGroup.BUST] == 0 == bust_probability(situation)
    assert shares[OutcomeGroup.SAVED] == Fraction(3, 7)
    assert shares[OutcomeGroup.ACTION] == Fraction(1, 7)  # the second Second Chance is passed on


@pytest.mark.parametrize(("line", "seen"), [("12 7 3 +4", "12 12 5 flip3*3"), ("", "flip3 freeze"), ("0 1 2", "")])
def test_the_groups_add_up_and_bust_is_the_librarys_bust_probability(line: str, seen: str) -> None:
    situation = Situation.from_text(CLASSIC, line, seen=seen)
    shares = outcome_groups(next_card_table(situation))
    assert sum(shares.values()) == 1
    assert shares[OutcomeGroup.BUST] == bust_probability(situation)


def test_next_card_figure_draws_every_card_once_in_card_order() -> None:
    situation = Situation.from_text(CLASSIC, "12 11", pile="12*2 11 5 6 +4 freeze")
    rows = next_card_table(situation)
    figure = next_card_figure(rows, NEXT_TEXT)
    traces = bars(figure)
    assert set(traces) == {"BUST 3/7", "NUMBER 2/7", "MODIFIER 1/7", "ACTION 1/7"}
    assert list(traces["BUST 3/7"].x) == ["11", "12"]
    assert list(traces["BUST 3/7"].y) == pytest.approx([1 / 7, 2 / 7])
    assert list(traces["BUST 3/7"].customdata) == ["1/7", "2/7"]
    assert list(traces["BUST 3/7"].text) == ["1", "2"]
    assert traces["BUST 3/7"].marker.color == GROUP_COLORS[OutcomeGroup.BUST]
    assert sum(sum(trace.y) for trace in figure.data) == pytest.approx(1)
    assert list(figure.layout.xaxis.categoryarray) == ["5", "6", "11", "12", "+4", "freeze"]
    assert figure.layout.title.text == "Next card"


def test_next_card_figure_uses_the_given_card_names() -> None:
    rows = next_card_table(Situation.from_text(CLASSIC, "5", pile="5 freeze"))
    names = {Card.number(5): "five", Card.from_text("freeze"): "brr"}
    figure = next_card_figure(rows, NEXT_TEXT, names.__getitem__)
    assert list(figure.layout.xaxis.categoryarray) == ["five", "brr"]


def test_score_distribution_figure_splits_score_zero_into_bust_and_the_rest() -> None:
    distribution = {0: 0.5, 3: 0.2, 10: 0.3}
    figure = score_distribution_figure(distribution, bust_probability=0.4, expected=3.6, text=SCORE_TEXT)
    traces = bars(figure)
    assert list(traces["BUST"].x) == [0] and list(traces["BUST"].y) == pytest.approx([0.4])
    assert list(traces["SCORE"].x) == [0, 3, 10]
    assert list(traces["SCORE"].y) == pytest.approx([0.1, 0.2, 0.3])
    assert figure.layout.barmode == "stack"
    (line,) = figure.layout.shapes
    assert line.x0 == line.x1 == 3.6
    assert figure.layout.annotations[0].text == "mean 3.60"


def test_score_distribution_figure_of_the_librarys_analysis() -> None:
    analysis = analyze(Situation.from_text(CLASSIC, "12 7 3 +4", seen="12 12 5 flip3*3", others_active=0))
    figure = score_distribution_figure(analysis.distribution, analysis.bust_final_probability,
                                       analysis.optimal_score, SCORE_TEXT)  # fmt: skip
    total = sum(sum(trace.y) for trace in figure.data)
    assert total == pytest.approx(1, abs=1e-9)
    mean = sum(x * y for trace in figure.data for x, y in zip(trace.x, trace.y, strict=True))
    assert mean == pytest.approx(analysis.optimal_score, abs=1e-9)
    assert list(bars(figure)["BUST"].y) == pytest.approx([analysis.bust_final_probability], abs=1e-12)


def test_staying_is_one_sure_score() -> None:
    figure = score_distribution_figure({42: 1.0}, bust_probability=0.0, expected=42.0, text=SCORE_TEXT)
    assert [trace.name for trace in figure.data] == ["SCORE"]
    assert list(figure.data[0].x) == [42] and list(figure.data[0].y) == [1.0]


def test_the_score_axis_keeps_nearly_all_the_probability_and_the_expected_score_in_view() -> None:
    distribution = {0: 0.3, 10: 0.5, 20: 0.196, 200: 0.004}  # 99.6% of the chance is at 20 or below
    low, high = score_distribution_figure(distribution, 0.3, 13.0, SCORE_TEXT).layout.xaxis.range
    assert low < 0 and 20 < high < 200
    low, high = score_distribution_figure({42: 1.0}, 0.0, 42.0, SCORE_TEXT).layout.xaxis.range
    assert low < 0 and 42 < high

"""The strategy explorer with the poker deck (``?rules=poker``), headless (streamlit AppTest): it answers in seconds.

Oracles: the exact solver on the real deck (`flip7odds.policies.evaluate_policy`) for the rules the page shows
on a pile where it merges, and the optimum's certified bounds containing every rule's exact value (no rule
beats the optimum).
"""

from __future__ import annotations

import re
from pathlib import Path

from streamlit.testing.v1 import AppTest

from flip7odds.analysis import problem_of
from flip7odds.policies import evaluate_policy, parse_policy
from flip7odds.relaxation import ROYAL_MERGED, blind_policy_value
from flip7odds.teaching import SituationText, explorer_merges

APP = Path(__file__).resolve().parents[1] / "app.py"
BOUNDS = re.compile(r"^(-?[0-9.]+)–(-?[0-9.]+)$")


def open_page(params: dict[str, str], timeout: float) -> AppTest:
    """The strategy page of a fresh session with poker chosen, at a link with these query parameters."""
    at = AppTest.from_file(str(APP), default_timeout=timeout)
    at.query_params.update({"rules": "poker", **params})
    at.run()
    at.switch_page("pages/strategy.py").run()
    assert not at.exception, [exception.value for exception in at.exception]
    return at


def optimum_bounds(at: AppTest) -> tuple[float, float]:
    """The optimum the page shows: certified bounds, or one exact value (where the exact solve fits its budget)."""
    metric = next(metric for metric in at.metric if metric.label == "Optimal play")
    if not metric.delta:
        return float(metric.value), float(metric.value)
    assert metric.delta == "certified bounds"
    found = BOUNDS.match(metric.value)
    assert found is not None, metric.value
    return float(found.group(1)), float(found.group(2))


def test_the_fresh_poker_pile_alone_shows_every_curve_without_asking() -> None:
    at = open_page({"deck": "fresh", "alone": "1"}, timeout=90)  # it took 119 s just to show an estimate before
    if at.button:  # a loaded machine: the thinned grid is shown at once, with a button for the whole one
        assert [button.label for button in at.button] == ["Compute every threshold"]
    low, high = optimum_bounds(at)
    assert low < high  # alone, a fresh pile is too large for the exact optimum within the page's budget
    table = at.table[0].value.reset_index()
    commands = table["Command line"].tolist()
    assert commands[0] == "optimal" and "certified bounds" in table["Expected score"].tolist()[0]
    assert "lookahead" not in commands and {"sum>=23", "bust>=0.26", "cards>=3", "always"} <= set(commands)
    for score in table["Expected score"].tolist()[1:]:
        assert float(score) <= high  # each rule is exact here, and none beats the optimum
    shown = "\n".join(element.value for element in at.markdown)
    assert "**certified bounds**" in shown and "merged" in shown
    assert len(at.get("plotly_chart")) == 2


def test_the_fresh_poker_pile_with_others_shows_the_exact_optimum() -> None:
    # Its lattice (48 million states) is solved exactly within the page's 3 s (about 1.2 s), though its rules are
    # still valued on merged decks: the optimum is one number, and the lead says so.
    at = open_page({"deck": "fresh"}, timeout=90)
    low, high = optimum_bounds(at)
    assert low == high
    table = at.table[0].value.reset_index()
    assert table["Command line"].tolist()[0] == "optimal"
    assert float(table["Expected score"].tolist()[0]) == low
    shown = "\n".join(element.value for element in at.markdown)
    assert f"of the **{low:.4f}** the best possible play earns" in shown and "certified" not in shown


def test_the_rules_shown_are_their_exact_values_on_the_real_deck() -> None:
    pile = "K*4 Q*4 J*3 10*2 9*2 8 7 6 5 4 joker A*2 3 2*2 Ad 2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd"
    text = SituationText(pile=pile, rules="poker")
    assert explorer_merges(text.situation())
    at = open_page({"pile": pile, "sum": "20-30", "bust": "20-30", "bust_step": "10", "cards": "2-4"}, timeout=90)
    low, high = optimum_bounds(at)
    table = at.table[0].value.reset_index()
    for command, score in zip(table["Command line"].tolist()[1:], table["Expected score"].tolist()[1:]):
        exact = evaluate_policy(text.situation(), parse_policy(command)).expected_score
        assert score == f"{exact:.4f}", command
        assert exact <= high + 5e-5  # no rule beats the optimum (shown to 4 decimals)
    optimal = evaluate_policy(text.situation(), parse_policy("optimal")).expected_score
    assert low - 5e-5 <= optimal <= high + 5e-5  # shown to 4 decimals


def test_the_fresh_poker_pile_alone_shows_exact_curves_within_the_certified_bounds() -> None:
    # Alone the mean-merged deck is 77 million states: each rule was two 23-million-state solves for bounds
    # (1.7 s), and the page asked before the curves. The counted game gives each rule exactly in one solve.
    at = open_page({"deck": "fresh", "alone": "1"}, timeout=300)
    assert len(at.get("plotly_chart")) == 2  # the curves and the merged deck's decision map
    shown = "\n".join(element.value for element in at.markdown)
    assert "**certified bounds**" in shown
    _, high = optimum_bounds(at)
    table = at.table[0].value.reset_index()
    rules = dict(zip(table["Command line"].tolist()[1:], table["Expected score"].tolist()[1:]))
    problem = problem_of(SituationText(alone=True, rules="poker").situation())
    for command in ("sum>=23", "always"):
        bounds = blind_policy_value(problem, parse_policy(command), ROYAL_MERGED)  # an independent oracle
        assert bounds.low - 5e-5 <= float(rules[command]) <= bounds.high + 5e-5, command
    assert all(float(score) <= high + 5e-5 for score in rules.values())  # none beats the optimum
    if at.button:  # a loaded machine: the thinned grid first, and a button for the whole one
        assert at.button[0].label == "Compute every threshold"

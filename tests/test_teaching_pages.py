"""The teaching pages run headless (AppTest): every demo renders from its link, shows the library's numbers,
keeps its link in the query parameters, and turns bad input into one clear message."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from flip7odds.i18n import translator
from flip7odds.markup import unescape_markdown
from flip7odds.teaching import UrnReading, numbers_only_pile
from flip7odds_ui.urn import formula_tex

APP = Path(__file__).resolve().parents[1] / "app.py"


def open_page(page: str, **params: str) -> AppTest:
    """Run the app as a fresh session opened on ``page`` through a link with these query parameters."""
    at = AppTest.from_file(str(APP), default_timeout=120)
    for name, value in params.items():
        at.query_params[name] = value
    at.run()
    at.switch_page(f"pages/{page}.py").run()
    assert not at.exception, [exception.value for exception in at.exception]
    return at


def markdown_text(at: AppTest) -> str:
    return "\n".join(element.value for element in at.markdown)


def metrics(at: AppTest) -> dict[str, tuple[str, str]]:
    return {metric.label: (metric.value, metric.delta) for metric in at.metric}


# ----------------------------------------------------------------------------------------------
# Strategy explorer.


def test_strategy_on_the_numbers_only_pile_reproduces_the_published_values() -> None:
    at = open_page("strategy", pile=numbers_only_pile())
    shown = metrics(at)
    assert shown["Optimal play"][0] == "18.5652"
    assert shown["Best stay at sum ≥ T"] == ("18.5212", "Stay at sum ≥ 23")
    published = at.caption[0].value
    assert "**18.5212 (99.76%)**" in published and "**99.81%**" in published and "**95.1%**" in published
    table = at.table[0].value.reset_index()
    assert table["Command line"].tolist()[0] == "optimal"
    assert {"sum>=23", "bust>=0.26", "cards>=3", "lookahead", "always"} <= set(table["Command line"])
    assert "**39.7%** (29 of 73 cards)" in markdown_text(at) and "**26.0%** (20 of 77 cards)" in markdown_text(at)
    assert len(at.get("plotly_chart")) == 2
    assert at.query_params["pile"] == numbers_only_pile()
    assert at.query_params["sum"] == "10-35"


def test_strategy_on_the_fresh_deck_alone_shows_the_curves_without_asking() -> None:
    # Alone each rule was a second-long solve of the fresh 94-card deck (59 of them): now a rule is one solve of
    # the counted game, and where the whole grid is still long a thinned grid comes first, exact at every point.
    at = open_page("strategy", deck="fresh", alone="1")  # the page opens on the number cards
    assert len(at.get("plotly_chart")) == 2  # the curves and the decision map
    table = at.table[0].value.reset_index()
    rules = dict(zip(table["Command line"], table["Expected score"]))
    assert rules["optimal"] == "20.2971"  # docs/model.md: 20.2970891 alone on the fresh deck
    assert float(rules["always"]) < float(rules["sum>=23"]) < 20.2971
    if at.button:  # a loaded machine: the thinned grid, and a button for the whole one
        assert "one threshold in" in at.info[0].value
        assert at.button[0].label == "Compute every threshold"


def test_strategy_grid_comes_from_the_link() -> None:
    at = open_page("strategy", pile=numbers_only_pile(), sum="20-25", bust="20-30", bust_step="5", cards="2-4")
    assert at.slider(key="sum_range").value == (20, 25)
    assert at.select_slider(key="bust_step").value == 5
    assert at.table[0].value.reset_index().shape[0] >= 6


def test_strategy_bad_pile_is_one_clear_message() -> None:
    at = open_page("strategy", pile="13 13")
    assert at.error[0].value == "Card 13 is not in the classic deck"


# ----------------------------------------------------------------------------------------------
# Exact next to simulated.


def test_simulate_default_shows_the_exact_fraction_and_a_seeded_run() -> None:
    at = open_page("simulate")
    shown = metrics(at)
    assert shown["Exact"][0] == "29/91 ≈ 31.8681%"  # 12 11 9 held: 11 + 10 + 8 bust cards of 91
    assert "standard errors" in shown["Distance from exact"][0]
    # In the unit of the values beside it: sqrt(p (1 - p) / 2000) = 0.0104 of a proportion is 1.04 %
    assert shown["Distance from exact"][1] == "1 standard error = 1.04%"
    # The simulated frequency to the error's second significant digit (one decimal of a percent), not 32.4000%
    assert re.fullmatch(r"\d{1,3}\.\d%", shown["Simulated, 2,000 rounds"][0]), shown
    assert at.query_params["seed"] == "7" and at.query_params["question"] == "bust_next"
    assert len(at.get("plotly_chart")) == 1


def test_simulate_replays_the_same_rounds_from_the_same_link() -> None:
    link = {"question": "bust_flip_three", "n": "400", "seed": "12", "line": "10 8 5"}
    first, second = open_page("simulate", **link), open_page("simulate", **link)
    assert metrics(first) == metrics(second)
    assert metrics(first)["Simulated, 400 rounds"][0].endswith("%")


def test_simulate_a_rules_round_score_with_its_distribution() -> None:
    at = open_page("simulate", question="policy_score", policy="sum>=23", n="300", seed="1", line="")
    assert metrics(at)["Exact"][0].endswith("points")
    assert metrics(at)["Distance from exact"][1].endswith(" points")  # its standard error too
    assert len(at.get("plotly_chart")) == 2  # the convergence panels and the score distribution


def test_simulate_new_seed_button_replays_with_the_next_seed() -> None:
    at = open_page("simulate", n="100", seed="41")
    at.button[0].click().run()
    assert at.number_input(key="seed").value == 42
    assert at.query_params["seed"] == "42"


@pytest.mark.parametrize(("policy", "message"), [("optimal", "cannot be simulated"),
                                                 ("sum>23", "Unknown policy 'sum>23'")])
def test_simulate_refuses_what_it_cannot_run(policy: str, message: str) -> None:
    at = open_page("simulate", question="policy_score", n="50")
    at.text_input(key="policy").set_value(policy).run()  # typed: the page says why it cannot run it
    assert not at.exception, [exception.value for exception in at.exception]
    assert message in unescape_markdown(at.error[0].value)


def test_a_linked_policy_that_cannot_be_read_is_said_and_the_default_used() -> None:
    at = open_page("simulate", question="policy_score", policy="sum>23", n="50")
    assert not at.error
    warning = unescape_markdown(at.warning[0].value)
    assert "The link's policy ('sum>23') cannot be used (Unknown policy 'sum>23'" in warning
    assert at.text_input(key="policy").value == "sum>=23" and at.query_params["policy"] == "sum>=23"


# ----------------------------------------------------------------------------------------------
# Probability trees.


def test_trees_default_leaves_add_up_to_exactly_one() -> None:
    at = open_page("trees", line="")
    shown = metrics(at)
    assert shown["P(bust)"] == ("6.54%", "286/4371")
    assert "add up to exactly **1**" in markdown_text(at)
    assert "(bust, Flip 7, frozen)" in markdown_text(at)  # a classic round's ends, a Freeze among them
    assert at.query_params["cards"] == "2"


def test_trees_flip_three_and_the_card_limit() -> None:
    at = open_page("trees", line="12 11 9", start="flip_three", branches="card")
    assert "by what the card does" in at.info[0].value
    assert at.radio(key="draws").disabled
    assert "add up to exactly **1**" in markdown_text(at)


def test_trees_bad_line_is_one_clear_message() -> None:
    at = open_page("trees", line="5 5")
    assert "Duplicate number 5" in at.error[0].value


# ----------------------------------------------------------------------------------------------
# The urn.


def test_urn_one_card_formula_and_scipy() -> None:
    at = open_page("urn")
    assert "\\frac{29}{91}" in at.latex[0].value
    assert "scipy.stats.hypergeom(M=91, n=29, N=1)" in markdown_text(at)


def test_urn_three_cards_is_a_hypergeometric_and_not_quite_the_game() -> None:
    at = open_page("urn", draws="3")
    formula = at.latex[0].value
    assert "\\binom{62}{3}" in formula and "\\binom{91}{3}" in formula
    # One step a line (on one line it ran off a phone's screen): the formula, the binomials, the counts, the result.
    assert "\\begin{aligned}" in formula and formula.count("\\\\") == 3 and formula.count("&=") == 4
    assert "Where the game is not quite an urn" in [header.value for header in at.subheader]
    assert at.query_params["draws"] == "3"


def test_urn_formula_reduces_the_fraction_and_writes_the_percentage_as_latex() -> None:
    # 26 of 91 cards bust you: 26/91 = 2/7 = 28.57%; Spanish writes 28,57 %, whose comma, space and % LaTeX would
    # read as punctuation, a break and a comment.
    formula = formula_tex(translator("es"), UrnReading(91, 26, 1))
    assert "\\frac{26}{91} = \\frac{2}{7}" in formula and formula.endswith("\\approx 28{,}57\\,\\%")
    assert "= \\frac{29}{91}  \\approx" in formula_tex(translator("en"), UrnReading(91, 29, 1))  # 29/91 is reduced


def test_urn_bad_pile_is_one_clear_message() -> None:
    at = open_page("urn", pile="12 x3", line="12 11")
    assert at.error[0].value == "Card x3 is not in the classic deck"


# ----------------------------------------------------------------------------------------------
# Presentation mode and links on every page.


@pytest.mark.parametrize("page", ["strategy", "simulate", "trees", "urn"])
def test_presentation_mode_from_the_link(page: str) -> None:
    params = {"present": "1"} | ({"pile": numbers_only_pile()} if page == "strategy" else {})
    at = open_page(page, **params)
    assert at.toggle(key="present").value
    assert any("font-size" in element.proto.body for element in at.get("html"))
    assert at.query_params["present"] == "1"
    assert at.caption[-1].value.startswith("Link to this demo: ?")


def test_a_link_from_the_live_page_with_line_and_seen_cards() -> None:
    at = open_page("urn", line="12 11", seen="12 12 5")
    # 94 cards minus the line (2) and the seen cards (3); copies left: (12 - 3) twelves and (11 - 1) elevens.
    assert "**N = 89**" in markdown_text(at) and "**K = 19**" in markdown_text(at)
    assert at.query_params["seen"] == "12 12 5"


@pytest.mark.parametrize(("page", "params"), [
    ("strategy", {"pile": "0"}),  # a pile where nothing scores: the optimum is 0, a share of it is a dash
    ("strategy", {"pile": "12"}),  # one card
    ("urn", {"rules": "vengeance", "pile": "0"}),  # a Vengeance pile is read in its own card names
    ("urn", {"rules": "vengeance-brutal", "pile": "13 l13", "line": "13"}),
])
def test_the_issues_small_piles_open_without_an_error(page: str, params: dict[str, str]) -> None:
    at = open_page(page, **params)  # open_page asserts no exception
    assert at.query_params["pile"] == params["pile"]
    assert not at.warning

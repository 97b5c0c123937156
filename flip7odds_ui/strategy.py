"""The strategy explorer's screen parts (``pages/strategy.py``): the optimum, the thresholds, the curves, the table
and the decision map, in the page's language.

The computations are the library's (`flip7odds.strategy_explorer`): every point is exact. The rules are cached
per pile and rule for every session (`explorer_rule`); where the whole grid would take longer than
`flip7odds.strategy_explorer.CURVES_SECONDS` the curves first show a thinned grid and a button computes the rest.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import cast

import plotly.graph_objects as go  # type: ignore[import-untyped]
import streamlit as st

from flip7odds.answer import Answer
from flip7odds.charts import PHONE_SCREEN
from flip7odds.i18n import N_, Translator
from flip7odds.links import Link
from flip7odds.policies import HitStayPolicy, PolicyResult, StayAtBust, StayAtCount, StayAtSum, parse_policy
from flip7odds.relaxation import BlindValue
from flip7odds.strategy_explorer import EXTRA_RULES, ExplorerGrid, RuleValue, grid_stride, rule_value, thinned
from flip7odds.teaching import (
    DecisionMap,
    PileChoice,
    PolicyCurve,
    PolicyFamily,
    SituationText,
    score_text,
    share_range,
)
from flip7odds.teaching_charts import decision_heatmap_figure, policy_curves_figure
from flip7odds_ui.cache import decision_map, explorer_answer, explorer_merges_of, merged_map, policy_result
from flip7odds_ui.shell import init_widget
from flip7odds_ui.teaching import metric_columns, show_figure, show_rows

FAMILY_NAMES: dict[PolicyFamily, str] = {
    PolicyFamily.SUM: N_("stay at sum ≥ T"),
    PolicyFamily.BUST: N_("stay at P(bust) ≥ θ"),
    PolicyFamily.CARDS: N_("stay at k numbers"),
}
"""Each family of rules, in the metrics' labels (message ids)."""
RULE_NAMES: dict[str, str] = {
    "lookahead": N_("One-card lookahead"),
    "always": N_("Always hit"),
    "optimal": N_("Optimal play"),
}
"""The rules without a threshold, by their command-line name (message ids)."""


@st.cache_resource(show_spinner=False, max_entries=4000)
def explorer_rule(text: SituationText, policy: str, merged: bool) -> RuleValue:
    """`flip7odds.strategy_explorer.rule_value`: one rule, exactly, cached per pile for every session."""
    return rule_value(text.situation(), parse_policy(policy), merged)


@dataclass(frozen=True)
class Optimum:
    """The best play on the pile: exact, or certified bounds (``bounds``) on a merged deck; and the decision map."""

    merged: bool
    decisions: DecisionMap
    exact: PolicyResult | None
    bounds: Answer | None

    @property
    def low_high(self) -> tuple[float, float]:
        """The optimum's bounds, equal when it is exact."""
        if self.exact is not None:
            return self.exact.expected_score, self.exact.expected_score
        assert self.bounds is not None
        return self.bounds.optimal.lo, self.bounds.optimal.hi

    @property
    def certified(self) -> bool:
        """True when the optimum is given by bounds that differ."""
        low, high = self.low_high
        return low < high

    @property
    def score(self) -> float:
        """The optimum, or the midpoint of its bounds (the dashed line)."""
        return sum(self.low_high) / 2

    @property
    def against(self) -> PolicyResult | tuple[float, float]:
        """What shares of the optimum are taken against."""
        return self.exact if self.exact is not None else self.low_high


def optimum_of(t: Translator, text: SituationText) -> Optimum:
    """The optimum and the decision map of this pile, with a progress bar where it takes seconds (merged decks)."""
    if explorer_merges_of(text):  # the real deck's lattice is too large for a page: merged decks (docs/model.md)
        preparing = st.progress(0.0, t("The best play, exact or within certified bounds…"))
        bounds = explorer_answer(text)
        preparing.progress(0.5, t("The decision map, on the deck with merged penalties…"))
        decisions = merged_map(text)
        preparing.empty()
        return Optimum(True, decisions, None, bounds)
    decisions = decision_map(text)
    # From an empty line the map's solve is the optimum itself; otherwise solve the situation.
    exact = (decisions.optimum if text.starts_round and decisions.optimum is not None
             else policy_result(text, "optimal"))
    return Optimum(False, decisions, exact, None)


def explain(t: Translator, optimum: Optimum) -> None:
    """What the curves are, and with a merged deck why they are still exact."""
    st.markdown(t("Each curve is the **exact** expected round score of one simple rule, computed from the cards in "
                  "the pile (no simulation). The dashed line is the best any player can do."))
    if not optimum.merged:
        return
    explained = t("With this deck the real pile is too large to solve every rule exactly on a page. Each rule is "
                  "still **exact**: it never looks at which penalty came, so it scores the same on the smaller deck "
                  "whose minor penalties are merged into cards of their mean value.")
    if optimum.certified:
        low, high = optimum.low_high
        explained += " " + t("The best play is given by **certified bounds** from merged decks: between **{low}** "
                             "and **{high}** (the dashed line is their midpoint).").format(
            low=t.number(low, 4), high=t.number(high, 4))
    st.markdown(explained)


def threshold_ranges(t: Translator, link: Link) -> tuple[tuple[int, int], tuple[int, int], int, tuple[int, int]]:
    """The sliders of the thresholds to try (first values from the link): T, θ in percent, θ's step, k."""
    init_widget("sum_range", link.span("sum"))
    init_widget("bust_range", link.span("bust"))
    init_widget("bust_step", int(link.text("bust_step")))
    init_widget("cards_range", link.span("cards"))
    with st.expander(t("Thresholds to try")):
        columns = st.columns(4)
        # The widgets' session values are (low, high) ranges, which Streamlit's types do not follow.
        sums = cast(tuple[int, int], columns[0].slider(t("Sum of numbers T"), 0, 80, key="sum_range"))
        bust = cast(tuple[int, int], columns[1].slider(t("Bust chance θ (%)"), 0, 100, key="bust_range"))
        step = int(columns[2].select_slider(t("Step of θ (%)"), [1, 2, 5, 10], key="bust_step"))
        cards = cast(tuple[int, int], columns[3].slider(t("Numbers held k"), 1, 7, key="cards_range"))
    return sums, bust, step, cards


def _seconds_each(text: SituationText, grid: ExplorerGrid, merged: bool) -> float:
    """Seconds one rule takes on this pile: the second of two (the first may load the solver's compiled loops);
    both stay cached for the curves."""
    rules = grid.everything
    explorer_rule(text, str(rules[0]), merged)
    start = time.perf_counter()
    explorer_rule(text, str(rules[-1]), merged)
    return time.perf_counter() - start


def chosen_grid(t: Translator, text: SituationText, grid: ExplorerGrid, merged: bool) -> ExplorerGrid:
    """The whole grid, or where it would take long a thinned one first, with a button for the rest."""
    seconds = _seconds_each(text, grid, merged)
    stride = grid_stride(grid, seconds)
    request = (text, tuple(map(str, grid.everything)))
    whole = st.session_state.setdefault("whole_grids", set())
    if stride == 1 or request in whole:
        return grid
    shown = thinned(grid, stride)
    prompt = st.empty()
    with prompt.container():
        st.info(t("To answer in seconds, the sum and bust curves show one threshold in {stride} ({count}, each "
                  "exact). The whole grid needs {all}, about {seconds} s the first time (then they are "
                  "remembered).").format(
            stride=stride, count=t.counted("{count} exact solve", "{count} exact solves", len(shown.everything)),
            all=t.counted("{count} exact solve", "{count} exact solves", len(grid.everything)),
            seconds=t.number(seconds * len(grid.everything), 0)))
        if not st.button(t("Compute every threshold"), type="primary"):
            return shown
    prompt.empty()
    whole.add(request)
    return grid


def evaluate_grid(t: Translator, text: SituationText, grid: ExplorerGrid, merged: bool) -> dict[str, RuleValue]:
    """Every rule of the grid, exactly, with a progress bar (cached rules come at once)."""
    rules = grid.everything
    progress = st.progress(0.0)
    results: dict[str, RuleValue] = {}
    for done, policy in enumerate(rules):
        progress.progress(done / len(rules), t("Exact solve {done} of {count}: {policy}").format(
            done=done + 1, count=len(rules), policy=policy))
        results[str(policy)] = explorer_rule(text, str(policy), merged)
    progress.empty()
    return results


def rule_name(t: Translator, policy: HitStayPolicy) -> str:
    """A rule in words."""
    if isinstance(policy, StayAtSum):
        return t("Stay at sum ≥ {value}").format(value=policy.threshold)
    if isinstance(policy, StayAtBust):
        return t("Stay at P(bust) ≥ {value}").format(value=t.percent(float(policy.threshold), 0))
    if isinstance(policy, StayAtCount):
        return t.ngettext("Stay at {value} number", "Stay at {value} numbers", policy.count).format(value=policy.count)
    return t(RULE_NAMES[str(policy)])


def _probability_text(t: Translator, low: float, high: float, digits: int) -> str:
    """A probability, or its certified bounds ``a–b`` when they differ."""
    if high - low < 10 ** -(digits + 2):
        return t.percent((low + high) / 2, digits)
    return f"{t.percent(low, digits)}–{t.percent(high, digits)}"


def show_curves(t: Translator, optimum: Optimum, grid: ExplorerGrid, results: dict[str, RuleValue]
                ) -> list[PolicyCurve]:
    """The metrics (the optimum, each family's best) and the curves; returns the curves."""
    curves = [PolicyCurve(family, tuple(results[str(policy)] for policy in policies))
              for family, policies in grid.families.items()]
    low, high = optimum.low_high
    metrics = metric_columns("strategy", 4)
    if optimum.certified:
        metrics[0].metric(t("Optimal play"), f"{t.number(low, 4)}–{t.number(high, 4)}", t("certified bounds"),
                          delta_color="off", delta_arrow="off")
    else:
        metrics[0].metric(t("Optimal play"), t.number(optimum.score, 4))
    for column, curve in zip(metrics[1:], curves):
        column.metric(t("Best {family}").format(family=t(FAMILY_NAMES[curve.family])), score_text(curve.best, t),
                      rule_name(t, curve.best.policy), delta_color="off", delta_arrow="off")

    def draw(font_size: int) -> go.Figure:
        figure = policy_curves_figure(curves, optimum.score, font_size, t)
        if optimum.certified:  # the certified interval of the optimum, behind every curve
            figure.add_hrect(y0=low, y1=high, row="all", col="all", line_width=0, fillcolor="rgba(0,0,0,0.15)")
        return figure

    show_figure("curves", draw)
    if any(isinstance(result, BlindValue) and not result.exact for result in results.values()):
        st.caption(t("Played alone on this pile even the merged deck is large, so the royal flush's cards are "
                     "merged too: a rule shown as a range has certified bounds (its bonus paid never, or whenever "
                     "the three x2 figures are held); its P(bust) and P(Flip 7) stay exact."))
    return curves


RULES_TABLE = "rules_table"
"""The key of the box that holds the rules' table (`show_table`)."""
PHONE_RULES_TABLE = (f"<style>{PHONE_SCREEN} {{.st-key-{RULES_TABLE} [data-testid=\"stTable\"] "
                     f":is(th, td) {{padding: 4px}} .st-key-{RULES_TABLE} [data-testid=\"stTable\"] "
                     f"tr > :last-child {{display: none}}}}</style>")
"""On a phone (the screens `flip7odds_ui.shell.PRESENTATION_CSS` leaves in the normal type) the rules' table
hides its last column, the command-line names, and its cells' padding is 4 px: its six columns took 479 px of a
390 px phone's 358, P(Flip 7) past the edge. A command-line name is for typing the rule on a computer; the rule's
name, first, says the same rule in words."""


def show_table(t: Translator, optimum: Optimum, curves: list[PolicyCurve], grid: ExplorerGrid,
               results: dict[str, RuleValue]) -> None:
    """The rules side by side: the optimum, each curve's best and the extra rules; each rule's command-line name last,
    hidden on a phone (`PHONE_RULES_TABLE`)."""
    st.subheader(t("The rules side by side"))
    flip7 = t("P(Flip 7)").replace(" ", "\N{NO-BREAK SPACE}")  # "P(Flip" over "7)" on a phone, in both languages
    rows = []
    shown: list[RuleValue] = [] if optimum.exact is None else [optimum.exact]
    if optimum.bounds is not None:
        low, high = optimum.low_high
        bounds = optimum.bounds
        rows.append({t("Rule"): t("Optimal play"),
                     t("Expected score"): t("{low}–{high} (certified bounds)").format(
                         low=t.number(low, 4), high=t.number(high, 4)) if optimum.certified
                     else t.number(optimum.score, 4),
                     t("Share of optimal"): t.percent(1.0, 2),
                     t("P(bust)"): _probability_text(t, bounds.bust_final_probability.lo,
                                                     bounds.bust_final_probability.hi, 2),
                     flip7: _probability_text(t, bounds.flip7_probability.lo, bounds.flip7_probability.hi, 3),
                     t("Command line"): "optimal"})
    shown += [curve.best for curve in curves] + [results[str(policy)] for policy in grid.extras]
    seen: set[str] = {"optimal"} if rows else set()
    for result in shown:
        if str(result.policy) not in seen:
            seen.add(str(result.policy))
            rows.append({
                t("Rule"): rule_name(t, result.policy),
                t("Expected score"): score_text(result, t),
                t("Share of optimal"): share_range(result.expected_score, optimum.against, t),
                t("P(bust)"): t.percent(result.bust_probability, 2),
                flip7: t.percent(result.flip7_probability, 3),
                t("Command line"): str(result.policy),
            })
    st.html(PHONE_RULES_TABLE)
    with st.container(key=RULES_TABLE):
        show_rows(rows)


def show_published(t: Translator, text: SituationText, choice: PileChoice, optimum: Optimum,
                   results: dict[str, RuleValue]) -> None:
    """On docs/model.md's 79-card classic pile, its published values next to the ones computed here."""
    if (choice is not PileChoice.NUMBERS or text.line or text.alone or text.rules != "classic"
            or optimum.exact is None):
        return
    share = {rule: results[rule].expected_score / optimum.exact.expected_score for rule in EXTRA_RULES[:3]}
    st.caption(t("docs/model.md publishes, for this 79-card pile: sum ≥ 23 earns 18.5212 (99.76% of 18.5652), stay at "
                 "P(bust) ≥ 26% 99.81%, stay at 3 numbers 95.1%. Computed here: **{sum} ({sum_share})**, "
                 "**{bust_share}**, **{cards_share}**.").format(
        sum=t.number(results["sum>=23"].expected_score, 4), sum_share=t.percent(share["sum>=23"], 2),
        bust_share=t.percent(share["bust>=0.26"], 2), cards_share=t.percent(share["cards>=3"], 1)))


def show_decision_map(t: Translator, optimum: Optimum, threshold: int) -> None:
    """Where a single threshold fails: the optimal decision by sum and count of numbers, and the pair of lines
    no single bust threshold plays right."""
    st.subheader(t("Where a single threshold fails: the optimal decision by sum and count of numbers"))
    st.markdown(t("Every line of numbers you can build from this pile (nothing else drawn). Green: the optimum hits; "
                  "blue: it stays; in between, some lines of that sum and count hit and others stay (point at a cell "
                  "for their bust chances). A rule “stay at sum ≥ T” would stay exactly right of the dashed line."))
    if optimum.merged:
        st.markdown(t("With this deck the map shows the best play of the deck whose minor penalties are merged into "
                      "cards of their mean value: a real way to play (it looks only at what that deck shows), which "
                      "earns at most the optimum."))
    decisions = optimum.decisions
    show_figure("decisions", lambda font_size: decision_heatmap_figure(decisions.cells(), threshold, font_size, t))
    risky, safe = decisions.riskiest_hit, decisions.safest_stay
    if risky is None or safe is None or risky.bust_probability <= safe.bust_probability:
        return

    def numbers(count: int) -> str:
        return t.counted("{count} number", "{count} numbers", count)

    def cards(count: int) -> str:
        return t.counted("{count} card", "{count} cards", count)

    st.markdown(t("The optimum still **hits** a line of {hit_count} summing to {hit_sum} at a bust risk of "
                  "**{hit_risk}** ({hit_cards} of {hit_pile}), yet **stays** on a line of {stay_count} "
                  "summing to {stay_sum} at only **{stay_risk}** ({stay_cards} of {stay_pile}): no single bust "
                  "threshold does both.").format(
        hit_count=numbers(risky.numbers_held), hit_sum=risky.number_sum,
        hit_risk=t.percent(float(risky.bust_probability)), hit_cards=risky.bust_cards, hit_pile=cards(risky.pile_size),
        stay_count=numbers(safe.numbers_held), stay_sum=safe.number_sum,
        stay_risk=t.percent(float(safe.bust_probability)), stay_cards=safe.bust_cards, stay_pile=cards(safe.pile_size)))

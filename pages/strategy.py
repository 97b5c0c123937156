"""Strategy explorer: simple stopping rules against the optimum, exactly, and where a single threshold fails."""

import time
from collections.abc import Callable
from fractions import Fraction
from typing import cast

import streamlit as st

from flip7odds_ui.cache import blind_value, decision_map, explorer_answer, explorer_merges_of, merged_map, policy_result
from flip7odds_ui.shell import init_widget, page_link, set_page_parameters, start_page
from flip7odds_ui.teaching import deck_parameters, demo_link, show_rows, teaching_sidebar
from flip7odds_ui.variants import STRATEGY_VIEWS

t, rules = start_page()
if rules.name in STRATEGY_VIEWS:  # a variant with an explorer of its own (With a Vengeance: late deck)
    STRATEGY_VIEWS[rules.name](t, rules)
    st.stop()

from flip7odds.errors import Flip7Error
from flip7odds.i18n import N_
from flip7odds.policies import (
    HitStayPolicy,
    PolicyResult,
    StayAtBust,
    StayAtCount,
    StayAtSum,
    parse_policy,
)
from flip7odds.relaxation import BlindValue
from flip7odds.teaching import (
    STRATEGY_DEMO_PILE,
    PileChoice,
    PolicyCurve,
    PolicyFamily,
    SituationText,
    score_text,
    share_range,
    strategy_headline,
)
from flip7odds.teaching_charts import (
    decision_heatmap_figure,
    policy_curves_figure,
)

FAMILY_NAMES: dict[PolicyFamily, str] = {
    PolicyFamily.SUM: N_("stay at sum ≥ T"),
    PolicyFamily.BUST: N_("stay at P(bust) ≥ θ"),
    PolicyFamily.CARDS: N_("stay at k numbers"),
}
# Each family of rules, in the metrics' labels (message ids).
RULE_NAMES: dict[str, str] = {
    "lookahead": N_("One-card lookahead"),
    "always": N_("Always hit"),
    "optimal": N_("Optimal play"),
}
# The rules without a threshold, by their command-line name (message ids).

EXTRA_RULES = ("sum>=23", "bust>=0.26", "cards>=3", "lookahead", "always")
SLOW_SECONDS = 20.0  # above this estimated time, the curves wait for a click instead of starting on their own


def policy_seconds(evaluate: Callable[[SituationText, str], object], text: SituationText, first: str,
                   second: str) -> float:
    """Seconds one exact policy evaluation (``evaluate``) takes on this pile, to estimate the curves' cost.

    The first evaluation of a process may include loading the solver's compiled loops, so the second
    one is timed. Both results are kept in the cache for the curves.
    """
    evaluate(text, first)
    start = time.perf_counter()
    evaluate(text, second)
    return time.perf_counter() - start


def rule_name(policy: HitStayPolicy) -> str:
    """A rule in words."""
    if isinstance(policy, StayAtSum):
        return t("Stay at sum ≥ {value}").format(value=policy.threshold)
    if isinstance(policy, StayAtBust):
        return t("Stay at P(bust) ≥ {value}").format(value=t.percent(float(policy.threshold), 0))
    if isinstance(policy, StayAtCount):
        return t.ngettext("Stay at {value} number", "Stay at {value} numbers", policy.count).format(value=policy.count)
    return t(RULE_NAMES[str(policy)])


def probability_text(low: float, high: float, digits: int) -> str:
    """A probability, or its certified bounds ``a–b`` when they differ."""
    if high - low < 10 ** -(digits + 2):
        return t.percent((low + high) / 2, digits)
    return f"{t.percent(low, digits)}–{t.percent(high, digits)}"


link = page_link(t, "strategy")
init_widget("sum_range", link.span("sum"))
init_widget("bust_range", link.span("bust"))
init_widget("bust_step", int(link.text("bust_step")))
init_widget("cards_range", link.span("cards"))

situation_text, choice, font_size = teaching_sidebar(t, link, default_pile=STRATEGY_DEMO_PILE)
# The title follows the pile shown: it is written once the curves say which sum rule is best here.
heading = st.empty()
heading.title(t("How close simple rules come to the best play"))
lead = st.empty()
optimum: PolicyResult | tuple[float, float]
try:
    merged = explorer_merges_of(situation_text)
    if merged:  # the real deck's lattice is too large for a page: merged decks (docs/model.md)
        preparing = st.progress(0.0, t("Certified bounds on the best play…"))
        bounds = explorer_answer(situation_text)
        preparing.progress(0.5, t("The decision map, on the deck with merged penalties…"))
        decisions = merged_map(situation_text)
        preparing.empty()
        optimum = (bounds.optimal.lo, bounds.optimal.hi)
    else:
        decisions = decision_map(situation_text)
        # From an empty line the map's solve is the optimum itself; otherwise solve the situation.
        optimum = (decisions.optimum if situation_text.starts_round and decisions.optimum is not None
                   else policy_result(situation_text, "optimal"))
except Flip7Error as error:
    st.error(t.markdown_error(error))
    st.stop()
optimum_low, optimum_high = (optimum.expected_score,) * 2 if isinstance(optimum, PolicyResult) else optimum
optimal_score = (optimum_low + optimum_high) / 2
certified = optimum_low < optimum_high  # else the optimum is exact

st.markdown(t("Each curve is the **exact** expected round score of one simple rule, computed from the cards in the "
              "pile (no simulation). The dashed line is the best any player can do."))
if merged:
    explained = t("With this deck the real pile is too large to solve every rule exactly on a page. Each rule is "
                  "still **exact**: it never looks at which penalty came, so it scores the same on the smaller deck "
                  "whose minor penalties are merged into cards of their mean value.")
    if certified:
        explained += " " + t("The best play is given by **certified bounds** from merged decks: between **{low}** "
                             "and **{high}** (the dashed line is their midpoint).").format(
            low=t.number(optimum_low, 4), high=t.number(optimum_high, 4))
    st.markdown(explained)
with st.expander(t("Thresholds to try")):
    columns = st.columns(4)
    # The widgets' session values are (low, high) ranges (init_widget), which Streamlit's types do not follow.
    sum_range = cast(tuple[int, int], columns[0].slider(t("Sum of numbers T"), 0, 80, key="sum_range"))
    bust_range = cast(tuple[int, int], columns[1].slider(t("Bust chance θ (%)"), 0, 100, key="bust_range"))
    bust_step = columns[2].select_slider(t("Step of θ (%)"), [1, 2, 5, 10], key="bust_step")
    cards_range = cast(tuple[int, int], columns[3].slider(t("Numbers held k"), 1, 7, key="cards_range"))

params = situation_text.to_params() | deck_parameters(choice, STRATEGY_DEMO_PILE) | {
    "sum": f"{sum_range[0]}-{sum_range[1]}", "bust": f"{bust_range[0]}-{bust_range[1]}",
    "bust_step": str(bust_step), "cards": f"{cards_range[0]}-{cards_range[1]}"}
if st.session_state.present:
    params["present"] = "1"
set_page_parameters(params)

families = {
    PolicyFamily.SUM: PolicyFamily.SUM.policies(Fraction(sum_range[0]), Fraction(sum_range[1]), Fraction(1)),
    PolicyFamily.BUST: PolicyFamily.BUST.policies(Fraction(bust_range[0], 100), Fraction(bust_range[1], 100),
                                                  Fraction(bust_step, 100)),
    PolicyFamily.CARDS: PolicyFamily.CARDS.policies(Fraction(cards_range[0]), Fraction(cards_range[1]), Fraction(1)),
}
# With merged decks only the rules that never look at the penalties you hold are exact (not the lookahead).
extra_rules = tuple(text for text in EXTRA_RULES if not merged or parse_policy(text).penalty_blind)
extras = [parse_policy(text) for text in extra_rules]
everything = [policy for policies in families.values() for policy in policies] + extras
request = (situation_text, tuple(str(policy) for policy in everything))
evaluate: Callable[[SituationText, str], PolicyResult | BlindValue] = blind_value if merged else policy_result
estimate = len(everything) * policy_seconds(evaluate, situation_text, str(everything[0]), str(everything[-1]))
requested = request in st.session_state.setdefault("computed", set())
if estimate > SLOW_SECONDS and not requested:
    prompt = st.empty()
    with prompt.container():
        st.info(t("The curves need {count} on this pile, about {seconds} s the first time (then they are "
                  "remembered).").format(count=t.counted("{count} exact solve", "{count} exact solves", len(everything)),
                                         seconds=t.number(estimate, 0)))
        requested = st.button(t("Compute the curves"), type="primary")
    if requested:
        prompt.empty()

if estimate <= SLOW_SECONDS or requested:
    progress = st.progress(0.0)
    results: dict[str, PolicyResult | BlindValue] = {}
    for done, policy in enumerate(everything):
        progress.progress(done / len(everything),
                          t("Exact solve {done} of {count}: {policy}").format(done=done + 1, count=len(everything),
                                                                               policy=policy))
        results[str(policy)] = evaluate(situation_text, str(policy))
    progress.empty()
    st.session_state.computed.add(request)
    curves = [PolicyCurve(family, tuple(results[str(p)] for p in policies)) for family, policies in families.items()]

    metrics = st.columns(4)
    if certified:
        metrics[0].metric(t("Optimal play"), f"{t.number(optimum_low, 4)}–{t.number(optimum_high, 4)}",
                          t("certified bounds"), delta_color="off", delta_arrow="off")
    else:
        metrics[0].metric(t("Optimal play"), t.number(optimal_score, 4))
    for column, curve in zip(metrics[1:], curves):
        best = curve.best
        column.metric(t("Best {family}").format(family=t(FAMILY_NAMES[curve.family])),
                      score_text(best, t), rule_name(best.policy), delta_color="off", delta_arrow="off")
    figure = policy_curves_figure(curves, optimal_score, font_size, t)
    if certified:  # the certified interval of the optimum, behind every curve
        figure.add_hrect(y0=optimum_low, y1=optimum_high, row="all", col="all", line_width=0,
                         fillcolor="rgba(0,0,0,0.15)")
    st.plotly_chart(figure, width="stretch", theme=None)
    if any(isinstance(result, BlindValue) and not result.exact for result in results.values()):
        st.caption(t("Played alone on this pile even the merged deck is large, so the royal flush's cards are "
                     "merged too: a rule shown as a range has certified bounds (its bonus paid never, or whenever "
                     "the three x2 figures are held); its P(bust) and P(Flip 7) stay exact."))

    st.subheader(t("The rules side by side"))
    rows = []
    if isinstance(optimum, PolicyResult):
        shown: list[PolicyResult | BlindValue] = [optimum]
    else:
        shown = []
        rows.append({t("Rule"): t("Optimal play"), t("Command line"): "optimal",
                     t("Expected score"): t("{low}–{high} (certified bounds)").format(
                         low=t.number(optimum_low, 4), high=t.number(optimum_high, 4)) if certified
                     else t.number(optimal_score, 4),
                     t("Share of optimal"): t.percent(1.0, 2),
                     t("P(bust)"): probability_text(bounds.bust_final_probability.lo,
                                                    bounds.bust_final_probability.hi, 2),
                     t("P(Flip 7)"): probability_text(bounds.flip7_probability.lo, bounds.flip7_probability.hi, 3)})
    shown += [curve.best for curve in curves] + [results[text] for text in extra_rules]
    seen: set[str] = {"optimal"} if rows else set()
    for result in shown:
        if str(result.policy) not in seen:
            seen.add(str(result.policy))
            rows.append({
                t("Rule"): rule_name(result.policy),
                t("Command line"): str(result.policy),
                t("Expected score"): score_text(result, t),
                t("Share of optimal"): share_range(result.expected_score, optimum, t),
                t("P(bust)"): t.percent(result.bust_probability, 2),
                t("P(Flip 7)"): t.percent(result.flip7_probability, 3),
            })
    show_rows(rows)
    headline = strategy_headline(curves[0], optimum, situation_text.situation().pile.size, t)
    heading.title(headline.title)
    lead.markdown(headline.lead)
    if (choice is PileChoice.NUMBERS and not situation_text.line and not situation_text.alone
            and situation_text.rules == "classic" and isinstance(optimum, PolicyResult)):  # docs/model.md's published values are for the classic deck
        share = {text: results[text].expected_score / optimum.expected_score for text in EXTRA_RULES[:3]}
        st.caption(t("docs/model.md publishes, for this 79-card pile: sum ≥ 23 earns 18.5212 (99.76% of 18.5652), stay at "
                     "P(bust) ≥ 26% 99.81%, stay at 3 numbers 95.1%. Computed here: **{sum} ({sum_share})**, "
                     "**{bust_share}**, **{cards_share}**.").format(
            sum=t.number(results["sum>=23"].expected_score, 4), sum_share=t.percent(share["sum>=23"], 2),
            bust_share=t.percent(share["bust>=0.26"], 2), cards_share=t.percent(share["cards>=3"], 1)))
    threshold = int(PolicyFamily.parameter(curves[0].best.policy))
else:
    threshold = 23

st.subheader(t("Where a single threshold fails: the optimal decision by sum and count of numbers"))
st.markdown(t("Every line of numbers you can build from this pile (nothing else drawn). Green: the optimum hits; "
              "blue: it stays; in between, some lines of that sum and count hit and others stay (point at a cell for "
              "their bust chances). A rule “stay at sum ≥ T” would stay exactly right of the dashed line."))
if merged:
    st.markdown(t("With this deck the map shows the best play of the deck whose minor penalties are merged into "
                  "cards of their mean value: a real way to play (it looks only at what that deck shows), which "
                  "earns at most the optimum."))
st.plotly_chart(decision_heatmap_figure(decisions.cells(), threshold, font_size, t), width="stretch", theme=None)
risky, safe = decisions.riskiest_hit, decisions.safest_stay
if risky is not None and safe is not None and risky.bust_probability > safe.bust_probability:
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
st.caption(demo_link(t, params))

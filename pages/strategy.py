"""Strategy explorer: simple stopping rules against the optimum, exactly, and where a single threshold fails."""

import time
from fractions import Fraction
from urllib.parse import urlencode

import streamlit as st

from app_support import current_rules, run_through_app, set_page_parameters, teaching_sidebar

run_through_app()

from flip7odds.errors import Flip7Error
from flip7odds.policies import (
    HitStayPolicy,
    PolicyResult,
    StayAtBust,
    StayAtCount,
    StayAtSum,
    evaluate_policy,
    fraction_of_optimal,
    parse_policy,
)
from flip7odds.teaching import (
    DecisionMap,
    PileChoice,
    PolicyCurve,
    PolicyFamily,
    SituationText,
    optimal_decision_map,
)
from flip7odds.teaching_charts import (
    decision_heatmap_figure,
    policy_curves_figure,
)

TEXT = {
    "title": "Why “stay at 23” is almost, but not quite, optimal",
    "intro": "Each curve is the **exact** expected round score of one simple rule, computed from the cards in "
             "the pile (no simulation). The dashed line is the best any player can do.",
    "present": "Presentation mode",
    "situation": "Situation",
    "pile": "Pile",
    "pile_fresh": "Fresh deck",
    "pile_numbers": "Numbers only (79)",
    "pile_custom": "Custom pile",
    "pile_text": "Pile, in card notation",
    "line": "Your line (empty: a new round)",
    "seen": "Cards seen, out of the pile",
    "alone": "No other player is active (alone)",
    "grid": "Thresholds to try",
    "sum_range": "Sum of numbers T",
    "bust_range": "Bust chance θ (%)",
    "bust_step": "Step of θ (%)",
    "cards_range": "Numbers held k",
    "cost": "The curves need {count} exact solves on this pile, about {seconds:.0f} s the first time "
            "(then they are remembered).",
    "compute": "Compute the curves",
    "progress": "Exact solve {done} of {count}: {policy}",
    "optimum": "Optimal play",
    "best_of": "Best {family}",
    "share": "{share:.2%} of optimal",
    "family_sum": "stay at sum ≥ T",
    "family_bust": "stay at P(bust) ≥ θ",
    "family_cards": "stay at k numbers",
    "table_title": "The rules side by side",
    "col_policy": "Rule",
    "col_notation": "Command line",
    "col_score": "Expected score",
    "col_share": "Share of optimal",
    "col_bust": "P(bust)",
    "col_flip7": "P(Flip 7)",
    "published": "MODEL.md publishes, for this 79-card pile: sum ≥ 23 earns 18.5212 (99.76% of 18.5652), "
                 "stay at P(bust) ≥ 26% 99.81%, stay at 3 numbers 95.1%. Computed here: "
                 "**{sum:.4f} ({sum_share:.2%})**, **{bust_share:.2%}**, **{cards_share:.1%}**.",
    "map_title": "Where a single threshold fails: the optimal decision by sum and count of numbers",
    "map_intro": "Every line of numbers you can build from this pile (nothing else drawn). Orange: the optimum "
                 "hits; blue: it stays; in between, some lines of that sum and count hit and others stay (point "
                 "at a cell for their bust chances). "
                 "A rule “stay at sum ≥ T” would stay exactly right of the dashed line.",
    "map_contrast": "The optimum still **hits** a line of {hit_count} numbers summing to {hit_sum} at a bust risk of "
                    "**{hit_risk:.1%}** ({hit_cards} of {hit_pile} cards), yet **stays** on a line of {stay_count} "
                    "numbers summing to {stay_sum} at only **{stay_risk:.1%}** ({stay_cards} of {stay_pile}): "
                    "no single bust threshold does both.",
    "link": "Link to this demo: {url}",
    "rule_sum": "Stay at sum ≥ {value}",
    "rule_bust": "Stay at P(bust) ≥ {value:.0%}",
    "rule_cards": "Stay at {value} numbers",
    "rule_lookahead": "One-card lookahead",
    "rule_always": "Always hit",
    "rule_optimal": "Optimal play",
}

EXTRA_RULES = ("sum>=23", "bust>=0.26", "cards>=3", "lookahead", "always")
SLOW_SECONDS = 20.0  # above this estimated time, the curves wait for a click instead of starting on their own


@st.cache_data(show_spinner=False, max_entries=4000)
def policy_result(text: SituationText, policy: str) -> PolicyResult:
    """One exact policy evaluation (remembered for every session)."""
    return evaluate_policy(text.situation(), parse_policy(policy))


@st.cache_data(show_spinner=False, max_entries=200)
def decision_map(text: SituationText) -> DecisionMap:
    """The optimal decision at every line of numbers from this pile (one solve)."""
    return optimal_decision_map(text.situation())


def policy_seconds(text: SituationText, first: str, second: str) -> float:
    """Seconds one exact policy evaluation takes on this pile, to estimate the curves' cost.

    The first evaluation of a process may include loading the solver's compiled loops, so the second
    one is timed. Both results are kept in the cache for the curves.
    """
    policy_result(text, first)
    start = time.perf_counter()
    policy_result(text, second)
    return time.perf_counter() - start


def rule_name(policy: HitStayPolicy) -> str:
    """A rule in words."""
    if isinstance(policy, StayAtSum):
        return TEXT["rule_sum"].format(value=policy.threshold)
    if isinstance(policy, StayAtBust):
        return TEXT["rule_bust"].format(value=float(policy.threshold))
    if isinstance(policy, StayAtCount):
        return TEXT["rule_cards"].format(value=policy.count)
    return TEXT[f"rule_{policy}"]


def share_text(result: PolicyResult, optimum: PolicyResult) -> str:
    """The share of the optimum a rule earns, or a dash when the optimum is 0."""
    share = fraction_of_optimal(result.expected_score, optimum.expected_score)
    return "—" if share is None else f"{share:.2%}"


def init(key: str, value: object) -> None:
    """Give a widget its first value (from the link) once per session."""
    if key not in st.session_state:
        st.session_state[key] = value


query = st.query_params.to_dict()
init("present", query.get("present") == "1")
init("pile_choice", PileChoice.from_text(query.get("pile", ""), current_rules()))
init("pile_text", query.get("pile", ""))
init("line", query.get("line", ""))
init("seen", query.get("seen", ""))
init("alone", query.get("alone") == "1")
init("sum_range", tuple(int(v) for v in query.get("sum", "10-35").split("-", 1)))
init("bust_range", tuple(int(v) for v in query.get("bust", "10-50").split("-", 1)))
init("bust_step", int(query.get("bust_step", "2")))
init("cards_range", tuple(int(v) for v in query.get("cards", "1-7").split("-", 1)))

situation_text, choice, font_size = teaching_sidebar(TEXT)
st.title(TEXT["title"])
try:
    decisions = decision_map(situation_text)
    # From an empty line the map's solve is the optimum itself; otherwise solve the situation.
    optimum = decisions.optimum if situation_text.starts_round else policy_result(situation_text, "optimal")
except Flip7Error as error:
    st.error(str(error))
    st.stop()

st.markdown(TEXT["intro"])
with st.expander(TEXT["grid"]):
    columns = st.columns(4)
    sum_range = columns[0].slider(TEXT["sum_range"], 0, 80, key="sum_range")
    bust_range = columns[1].slider(TEXT["bust_range"], 0, 100, key="bust_range")
    bust_step = columns[2].select_slider(TEXT["bust_step"], [1, 2, 5, 10], key="bust_step")
    cards_range = columns[3].slider(TEXT["cards_range"], 1, 7, key="cards_range")

params = situation_text.to_params() | {
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
extras = [parse_policy(text) for text in EXTRA_RULES]
everything = [policy for policies in families.values() for policy in policies] + extras
request = (situation_text, tuple(str(policy) for policy in everything))
estimate = len(everything) * policy_seconds(situation_text, str(everything[0]), str(everything[-1]))
requested = request in st.session_state.setdefault("computed", set())
if estimate > SLOW_SECONDS and not requested:
    prompt = st.empty()
    with prompt.container():
        st.info(TEXT["cost"].format(count=len(everything), seconds=estimate))
        requested = st.button(TEXT["compute"], type="primary")
    if requested:
        prompt.empty()

if estimate <= SLOW_SECONDS or requested:
    progress = st.progress(0.0)
    results: dict[str, PolicyResult] = {}
    for done, policy in enumerate(everything):
        progress.progress(done / len(everything),
                          TEXT["progress"].format(done=done + 1, count=len(everything), policy=policy))
        results[str(policy)] = policy_result(situation_text, str(policy))
    progress.empty()
    st.session_state.computed.add(request)
    curves = [PolicyCurve(family, tuple(results[str(p)] for p in policies)) for family, policies in families.items()]

    metrics = st.columns(4)
    metrics[0].metric(TEXT["optimum"], f"{optimum.expected_score:.4f}")
    for column, curve in zip(metrics[1:], curves):
        best = curve.best
        column.metric(TEXT["best_of"].format(family=TEXT[f"family_{curve.family.value}"]),
                      f"{best.expected_score:.4f}", rule_name(best.policy), delta_color="off", delta_arrow="off")
    st.plotly_chart(policy_curves_figure(curves, optimum.expected_score, font_size), width="stretch", theme=None)

    st.subheader(TEXT["table_title"])
    shown = [optimum] + [curve.best for curve in curves] + [results[text] for text in EXTRA_RULES]
    rows, seen = [], set()
    for result in shown:
        if str(result.policy) not in seen:
            seen.add(str(result.policy))
            rows.append({
                TEXT["col_policy"]: rule_name(result.policy),
                TEXT["col_notation"]: str(result.policy),
                TEXT["col_score"]: f"{result.expected_score:.4f}",
                TEXT["col_share"]: share_text(result, optimum),
                TEXT["col_bust"]: f"{result.bust_probability:.2%}",
                TEXT["col_flip7"]: f"{result.flip7_probability:.3%}",
            })
    st.dataframe(rows, hide_index=True, width="stretch")
    if (choice is PileChoice.NUMBERS and not situation_text.line and not situation_text.alone
            and situation_text.rules == "classic"):  # MODEL.md's published values are for the classic deck
        share = {text: results[text].expected_score / optimum.expected_score for text in EXTRA_RULES[:3]}
        st.caption(TEXT["published"].format(sum=results["sum>=23"].expected_score, sum_share=share["sum>=23"],
                                            bust_share=share["bust>=0.26"], cards_share=share["cards>=3"]))
    threshold = int(PolicyFamily.parameter(curves[0].best.policy))
else:
    threshold = 23

st.subheader(TEXT["map_title"])
st.markdown(TEXT["map_intro"])
st.plotly_chart(decision_heatmap_figure(decisions.cells(), threshold, font_size), width="stretch", theme=None)
risky, safe = decisions.riskiest_hit, decisions.safest_stay
if risky is not None and safe is not None and risky.bust_probability > safe.bust_probability:
    st.markdown(TEXT["map_contrast"].format(
        hit_count=risky.numbers_held, hit_sum=risky.number_sum, hit_risk=float(risky.bust_probability),
        hit_cards=risky.bust_cards, hit_pile=risky.pile_size, stay_count=safe.numbers_held, stay_sum=safe.number_sum,
        stay_risk=float(safe.bust_probability), stay_cards=safe.bust_cards, stay_pile=safe.pile_size))
st.caption(TEXT["link"].format(url=f"{st.context.url or ''}?{urlencode(params)}"))

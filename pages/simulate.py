"""Exact next to simulated: a question answered by counting, then by seeded simulation that converges."""

import math

import numpy as np
import streamlit as st

from flip7odds_ui.cache import exact
from flip7odds_ui.shell import chosen, init_widget, page_link, set_page_parameters, start_page
from flip7odds_ui.teaching import demo_link, metric_columns, show_figure, teaching_sidebar
from flip7odds_ui.variants import SIMULATE_VIEWS

t, rules = start_page()
if rules.name in SIMULATE_VIEWS:  # a variant simulated by whole games (With a Vengeance)
    SIMULATE_VIEWS[rules.name](t, rules)
    st.stop()

from flip7odds.errors import Flip7Error
from flip7odds.i18n import N_
from flip7odds.links import MAX_SEED, SIMULATE_TRIALS
from flip7odds.policies import parse_policy
from flip7odds.teaching import (
    Question,
    can_simulate,
    convergence,
    simulate,
)
from flip7odds.teaching_charts import convergence_figure, score_histogram_figure

QUESTIONS: dict[Question, str] = {
    Question.BUST_NEXT: N_("Do I bust on the next card?"),
    Question.BUST_IN_FLIP_THREE: N_("Do I bust during a Flip Three played on me now?"),
    Question.FLIP7_ALWAYS_HIT: N_("Do I reach Flip 7 before busting, if I keep hitting?"),
    Question.POLICY_SCORE: N_("What does a rule score in one round?"),
}
# Each question, as the page asks it (message ids).

MIN_TRIALS, MAX_TRIALS = SIMULATE_TRIALS
PROGRESS_STEPS = 40


def value_text(value: float, score: bool, digits: int = 4) -> str:
    """A mean (or its standard error): points for a round score, a percentage for a probability."""
    return t("{value} points").format(value=t.number(value, digits)) if score else t.percent(value, digits)


def sampled_digits(error: float, score: bool) -> int:
    """Decimals a simulated mean is written with: as many as give its standard error ``error`` two significant digits
    (a percentage's in percent), from 0 to 4. So 2,000 rounds of a chance near 30% (1 standard error 1.04%) read
    32.4%, not 32.4000%: the digits past the error's are noise."""
    shown = error if score else 100 * error
    return 4 if shown <= 0 else max(0, min(4, 1 - math.floor(math.log10(shown))))


def next_seed() -> None:
    """Replay with the following seed."""
    st.session_state.seed += 1


link = page_link(t, "simulate")
init_widget("question", Question(link.text("question")))
init_widget("policy", link.text("policy"))
init_widget("trials", link.whole("n"))
init_widget("seed", link.whole("seed"))

situation_text, choice = teaching_sidebar(t, link, default_line="12 11 9")

st.title(t("Exact next to simulated"))
st.markdown(t("First the exact answer, counted from the cards in the pile. Then the same question played out as many "
              "single rounds, drawn at random with a fixed seed: the running frequency settles on the exact value "
              "(the law of large numbers)."))
# The question (and a rule) on one row, the rounds and the seed on the next beside their button, which is as wide
# as its words: in a fifth of the row, "New seed" was cut to "Ne…" on a 1280 px projector.
columns = st.columns([3, 2], vertical_alignment="bottom")
question: Question = chosen(columns[0].selectbox(t("Question"), list(Question), key="question",
                                format_func=lambda q: t(QUESTIONS[q])))
if question is Question.POLICY_SCORE:
    columns[1].text_input(t("Rule (sum>=T, bust>=θ, cards>=k, lookahead, always)"), key="policy")
with st.container(horizontal=True, vertical_alignment="bottom", key="run"):
    trials = st.number_input(t("Rounds to simulate"), MIN_TRIALS, MAX_TRIALS, step=1000, key="trials")
    seed = st.number_input(t("Seed"), 0, MAX_SEED, key="seed",
                           help=t("The same seed replays exactly the same rounds: prepare a link, show it again."))
    st.button(t("New seed"), on_click=next_seed, key="new_seed", width="content")

params = situation_text.to_params() | {"line": situation_text.line, "question": question.value, "n": str(trials),
                                       "seed": str(seed)}
if question is Question.POLICY_SCORE:
    params["policy"] = st.session_state.policy
if st.session_state.present:
    params["present"] = "1"
set_page_parameters(params)

try:
    situation = situation_text.situation()
    policy = parse_policy(st.session_state.policy if question is Question.POLICY_SCORE else "always")
    answer = exact(situation_text, question, str(policy))
except Flip7Error as error:
    st.error(t.markdown_error(error))
    st.stop()
if not can_simulate(policy):
    st.error(t("The optimal rule cannot be simulated here (each of its decisions is a full solve): pick another rule."))
    st.stop()

run = (situation_text, question, str(policy), trials, seed)
if st.session_state.get("last_run", (None, None))[0] != run:
    rng = np.random.default_rng(seed)
    progress = st.progress(0.0)
    chunk = math.ceil(trials / PROGRESS_STEPS)
    parts = []
    for start in range(0, trials, chunk):
        progress.progress(start / trials, t.ngettext("Simulated {done} of {trials} round", "Simulated {done} of {trials} rounds", trials).format(
            done=t.number(start, 0), trials=t.number(trials, 0)))
        parts.append(simulate(situation, question, min(chunk, trials - start), rng, policy))
    progress.empty()
    st.session_state.last_run = (run, np.concatenate(parts))
outcomes = st.session_state.last_run[1]
result = convergence(outcomes, answer)

score = question is Question.POLICY_SCORE
metrics = metric_columns("simulate", 3)
if answer.fraction is not None:
    metrics[0].metric(t("Exact"), f"{answer.fraction} ≈ {t.percent(answer.mean, 4)}",
                      t("counted from the pile"), delta_color="off", delta_arrow="off")
else:
    metrics[0].metric(t("Exact"), value_text(answer.mean, score), t("exact solve, to 1e-9"), delta_color="off",
                      delta_arrow="off")
metrics[1].metric(t("Simulated, {trials}").format(trials=t.counted("{count} round", "{count} rounds", trials)),
                  value_text(result.final_mean, score, sampled_digits(answer.standard_error(trials), score)))
metrics[2].metric(t("Distance from exact"),
                  t("{errors} standard errors").format(errors=t.number(result.final_standard_errors)),
                  t("1 standard error = {error}").format(error=value_text(answer.standard_error(trials), score, 2)),
                  delta_color="off", delta_arrow="off")
show_figure("convergence", lambda font_size: convergence_figure(result, font_size, t))
st.markdown(t("**The misconception:** “after a run of busts, luck must even out”. It does not. The frequency gets "
              "closer to the exact value because the *difference* between what happened and what was expected is "
              "divided by a growing n, not because the difference shrinks: the lower panel wanders further away, "
              "about √n at a time."))
if score:
    st.subheader(t("What “expected value” means: the average of many rounds, not a typical round"))
    assert answer.distribution is not None, "a round score has its exact distribution"
    distribution = answer.distribution
    show_figure("scores", lambda font_size: score_histogram_figure(outcomes.tolist(), distribution, answer.mean,
                                                                    font_size, t))
st.caption(demo_link(t, params))

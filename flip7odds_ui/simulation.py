"""The simulate page's parts: the question and the run (rounds, seed), the seeded rounds played under a progress bar,
and the exact value beside the simulated one.

With a Vengeance has a screen of its own, whole games (`flip7odds_ui.simulate_vengeance`).
"""

import math

import numpy as np
import streamlit as st
from numpy.typing import NDArray

from flip7odds.i18n import N_, Translator
from flip7odds.links import MAX_SEED, SIMULATE_TRIALS, Link
from flip7odds.policies import HitStayPolicy
from flip7odds.situation import Situation
from flip7odds.teaching import Convergence, ExactValue, Question, SituationText, simulate
from flip7odds.teaching_charts import score_histogram_figure
from flip7odds_ui.shell import chosen, init_widget
from flip7odds_ui.teaching import metric_columns, show_figure

QUESTIONS: dict[Question, str] = {
    Question.BUST_NEXT: N_("Do I bust on the next card?"),
    Question.BUST_IN_FLIP_THREE: N_("Do I bust during a Flip Three played on me now?"),
    Question.FLIP7_ALWAYS_HIT: N_("Do I reach Flip 7 before busting, if I keep hitting?"),
    Question.POLICY_SCORE: N_("What does a rule score in one round?"),
}
"""Each question, as the page asks it (message ids)."""

MIN_TRIALS, MAX_TRIALS = SIMULATE_TRIALS
PROGRESS_STEPS = 40
"""How many times the progress bar moves during a run: the rounds are simulated in as many chunks."""
LAST_RUN = "last_run"
"""The session key of the last run and its outcomes: a rerun that changes neither (a presentation switch) reuses them."""


def value_text(t: Translator, value: float, score: bool, digits: int = 4) -> str:
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


def choose_run(t: Translator, link: Link) -> tuple[Question, str | None, int, int]:
    """The question (and, for a rule's score, the rule) on one row, the rounds and the seed on the next beside the
    *New seed* button; first from the page's ``link``. Returns the question, the rule's text (None for the other
    questions), the rounds and the seed."""
    init_widget("question", Question(link.text("question")))
    init_widget("policy", link.text("policy"))
    init_widget("trials", link.whole("n"))
    init_widget("seed", link.whole("seed"))
    # The button is as wide as its words: in a fifth of the row, "New seed" was cut to "Ne…" on a 1280 px projector.
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
    rule: str | None = st.session_state.policy if question is Question.POLICY_SCORE else None
    return question, rule, trials, seed


def simulated_outcomes(t: Translator, text: SituationText, situation: Situation, question: Question,
                       policy: HitStayPolicy, trials: int, seed: int) -> NDArray[np.float64]:
    """The outcomes of ``trials`` single rounds of ``situation`` (read from ``text``) for ``question``, drawn with
    ``np.random.default_rng(seed)``, in `PROGRESS_STEPS` chunks under a progress bar; kept in the session, so that a
    rerun of the same run draws nothing."""
    run = (text, question, str(policy), trials, seed)
    if st.session_state.get(LAST_RUN, (None, None))[0] != run:
        rng = np.random.default_rng(seed)
        progress = st.progress(0.0)
        chunk = math.ceil(trials / PROGRESS_STEPS)
        parts = []
        for start in range(0, trials, chunk):
            progress.progress(start / trials, t.ngettext("Simulated {done} of {trials} round",
                                                         "Simulated {done} of {trials} rounds", trials).format(
                done=t.number(start, 0), trials=t.number(trials, 0)))
            parts.append(simulate(situation, question, min(chunk, trials - start), rng, policy))
        progress.empty()
        st.session_state[LAST_RUN] = (run, np.concatenate(parts))
    outcomes: NDArray[np.float64] = st.session_state[LAST_RUN][1]
    return outcomes


def show_comparison(t: Translator, answer: ExactValue, result: Convergence, trials: int, score: bool) -> None:
    """Three metrics side by side: the exact value (a fraction, or a solve's mean for a rule's ``score``), the
    simulated mean to the digits its standard error allows, and how many standard errors apart they are."""
    metrics = metric_columns("simulate", 3)
    if answer.fraction is not None:
        metrics[0].metric(t("Exact"), f"{answer.fraction} ≈ {t.percent(answer.mean, 4)}",
                          t("counted from the pile"), delta_color="off", delta_arrow="off")
    else:
        metrics[0].metric(t("Exact"), value_text(t, answer.mean, score), t("exact solve, to 1e-9"), delta_color="off",
                          delta_arrow="off")
    error = answer.standard_error(trials)
    metrics[1].metric(t("Simulated, {trials}").format(trials=t.counted("{count} round", "{count} rounds", trials)),
                      value_text(t, result.final_mean, score, sampled_digits(error, score)))
    metrics[2].metric(t("Distance from exact"),
                      t("{errors} standard errors").format(errors=t.number(result.final_standard_errors)),
                      t("1 standard error = {error}").format(error=value_text(t, error, score, 2)),
                      delta_color="off", delta_arrow="off")


def show_scores(t: Translator, answer: ExactValue, outcomes: NDArray[np.float64]) -> None:
    """A rule's round scores: the simulated ones against their exact distribution, and what the expected value
    means."""
    st.subheader(t("What “expected value” means: the average of many rounds, not a typical round"))
    assert answer.distribution is not None, "a round score has its exact distribution"
    distribution = answer.distribution
    show_figure("scores", lambda font_size: score_histogram_figure(outcomes.tolist(), distribution, answer.mean,
                                                                    font_size, t))

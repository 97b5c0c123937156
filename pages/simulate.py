"""Exact next to simulated: a question answered by counting, then by seeded simulation that converges."""

import math
from urllib.parse import urlencode

import numpy as np
import streamlit as st

from app_support import current_rules, run_through_app, set_page_parameters, teaching_sidebar

run_through_app()

from flip7odds.errors import Flip7Error
from flip7odds.policies import parse_policy
from flip7odds.teaching import (
    ExactValue,
    PileChoice,
    Question,
    SituationText,
    can_simulate,
    convergence,
    exact_value,
    simulate,
)
from flip7odds.teaching_charts import convergence_figure, score_histogram_figure

TEXT = {
    "title": "Exact next to simulated",
    "intro": "First the exact answer, counted from the cards in the pile. Then the same question played out "
             "as many single rounds, drawn at random with a fixed seed: the running frequency settles on the "
             "exact value (the law of large numbers).",
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
    "question": "Question",
    "question_bust_next": "Do I bust on the next card?",
    "question_bust_flip_three": "Do I bust during a Flip Three played on me now?",
    "question_flip7": "Do I reach Flip 7 before busting, if I keep hitting?",
    "question_policy_score": "What does a rule score in one round?",
    "policy": "Rule (sum>=T, bust>=θ, cards>=k, lookahead, always)",
    "trials": "Rounds to simulate",
    "seed": "Seed",
    "seed_help": "The same seed replays exactly the same rounds: prepare a link, show it again.",
    "new_seed": "New seed",
    "progress": "Simulated {done:,} of {trials:,} rounds",
    "exact": "Exact",
    "exact_fraction": "{fraction} ≈ {value:.4%}",
    "exact_probability": "{value:.4%}",
    "exact_score": "{value:.4f} points",
    "exact_note_fraction": "counted from the pile",
    "exact_note_solver": "exact solve, to 1e-9",
    "simulated": "Simulated, {trials:,} rounds",
    "simulated_probability": "{value:.4%}",
    "simulated_score": "{value:.4f} points",
    "distance": "Distance from exact",
    "distance_value": "{errors:.2f} standard errors",
    "distance_note": "1 standard error = {error:.4g}",
    "misconception": "**The misconception:** “after a run of busts, luck must even out”. It does not. The "
                     "frequency gets closer to the exact value because the *difference* between what happened and "
                     "what was expected is divided by a growing n, not because the difference shrinks: the lower "
                     "panel wanders further away, about √n at a time.",
    "histogram_title": "What “expected value” means: the average of many rounds, not a typical round",
    "no_optimal": "The optimal rule cannot be simulated here (each of its decisions is a full solve): "
                  "pick another rule.",
    "link": "Link to this demo: {url}",
}

DEFAULT_TRIALS = 2000
MAX_TRIALS = 200_000
PROGRESS_STEPS = 40


@st.cache_data(show_spinner=False, max_entries=500)
def exact(text: SituationText, question: Question, policy: str) -> ExactValue:
    """The exact answer (remembered for every session)."""
    return exact_value(text.situation(), question, parse_policy(policy))


def init(key: str, value: object) -> None:
    """Give a widget its first value (from the link) once per session."""
    if key not in st.session_state:
        st.session_state[key] = value


def next_seed() -> None:
    """Replay with the following seed."""
    st.session_state.seed += 1


query = st.query_params.to_dict()
init("present", query.get("present") == "1")
init("pile_choice", PileChoice.from_text(query.get("pile", ""), current_rules()))
init("pile_text", query.get("pile", ""))
init("line", query.get("line", "12 11 9"))
init("seen", query.get("seen", ""))
init("alone", query.get("alone") == "1")
init("question", next((q for q in Question if q.value == query.get("question")), Question.BUST_NEXT))
init("policy", query.get("policy", "sum>=23"))
init("trials", min(MAX_TRIALS, max(10, int(query.get("n", DEFAULT_TRIALS)) if query.get("n", "").isdigit()
                                   else DEFAULT_TRIALS)))
init("seed", int(query["seed"]) if query.get("seed", "").isdigit() else 7)

situation_text, choice, font_size = teaching_sidebar(TEXT)

st.title(TEXT["title"])
st.markdown(TEXT["intro"])
columns = st.columns([3, 2, 1, 1, 1], vertical_alignment="bottom")
question = columns[0].selectbox(TEXT["question"], list(Question), key="question",
                                format_func=lambda q: TEXT[f"question_{q.value}"])
if question is Question.POLICY_SCORE:
    columns[1].text_input(TEXT["policy"], key="policy")
trials = columns[2].number_input(TEXT["trials"], 10, MAX_TRIALS, step=1000, key="trials")
seed = columns[3].number_input(TEXT["seed"], 0, 2**32 - 1, key="seed", help=TEXT["seed_help"])
columns[4].button(TEXT["new_seed"], on_click=next_seed)

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
    st.error(str(error))
    st.stop()
if not can_simulate(policy):
    st.error(TEXT["no_optimal"])
    st.stop()

run = (situation_text, question, str(policy), trials, seed)
if st.session_state.get("last_run", (None, None))[0] != run:
    rng = np.random.default_rng(seed)
    progress = st.progress(0.0)
    chunk = math.ceil(trials / PROGRESS_STEPS)
    parts = []
    for start in range(0, trials, chunk):
        progress.progress(start / trials, TEXT["progress"].format(done=start, trials=trials))
        parts.append(simulate(situation, question, min(chunk, trials - start), rng, policy))
    progress.empty()
    st.session_state.last_run = (run, np.concatenate(parts))
outcomes = st.session_state.last_run[1]
result = convergence(outcomes, answer)

score = question is Question.POLICY_SCORE
metrics = st.columns(3)
if answer.fraction is not None:
    metrics[0].metric(TEXT["exact"], TEXT["exact_fraction"].format(fraction=answer.fraction, value=answer.mean),
                      TEXT["exact_note_fraction"], delta_color="off", delta_arrow="off")
else:
    metrics[0].metric(TEXT["exact"], TEXT["exact_score" if score else "exact_probability"].format(value=answer.mean),
                      TEXT["exact_note_solver"], delta_color="off", delta_arrow="off")
metrics[1].metric(TEXT["simulated"].format(trials=trials),
                  TEXT["simulated_score" if score else "simulated_probability"].format(value=result.final_mean))
metrics[2].metric(TEXT["distance"], TEXT["distance_value"].format(errors=result.final_standard_errors),
                  TEXT["distance_note"].format(error=answer.standard_error(trials)),
                  delta_color="off", delta_arrow="off")
st.plotly_chart(convergence_figure(result, font_size), width="stretch", theme=None)
st.markdown(TEXT["misconception"])
if score:
    st.subheader(TEXT["histogram_title"])
    assert answer.distribution is not None, "a round score has its exact distribution"
    st.plotly_chart(score_histogram_figure(outcomes.tolist(), answer.distribution, answer.mean, font_size),
                    width="stretch", theme=None)
st.caption(TEXT["link"].format(url=f"{st.context.url or ''}?{urlencode(params)}"))

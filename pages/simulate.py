"""Exact next to simulated: a question answered by counting, then by seeded simulation that converges."""

import streamlit as st

from flip7odds_ui.cache import exact
from flip7odds_ui.shell import page_link, presenting, set_page_parameters, start_page
from flip7odds_ui.teaching import demo_link, show_figure, teaching_sidebar
from flip7odds_ui.variants import SIMULATE_VIEWS

t, rules = start_page()
if rules.name in SIMULATE_VIEWS:  # a variant simulated by whole games (With a Vengeance)
    SIMULATE_VIEWS[rules.name](t, rules)
    st.stop()

from flip7odds.errors import Flip7Error
from flip7odds.policies import parse_policy
from flip7odds.teaching import Question, can_simulate, convergence
from flip7odds.teaching_charts import convergence_figure
from flip7odds_ui.simulation import choose_run, show_comparison, show_scores, simulated_outcomes

link = page_link(t, "simulate")
situation_text = teaching_sidebar(t, link, default_line="12 11 9")[0]

st.title(t("Exact next to simulated"))
st.markdown(t("First the exact answer, counted from the cards in the pile. Then the same question played out as many "
              "single rounds, drawn at random with a fixed seed: the running frequency settles on the exact value "
              "(the law of large numbers)."))
question, rule, trials, seed = choose_run(t, link)
params = situation_text.to_params() | {"line": situation_text.line, "question": question.value, "n": str(trials),
                                       "seed": str(seed)} | ({} if rule is None else {"policy": rule}) | presenting()
set_page_parameters(params)

try:
    situation = situation_text.situation()
    policy = parse_policy("always" if rule is None else rule)
    answer = exact(situation_text, question, str(policy))
except Flip7Error as error:
    st.error(t.markdown_error(error))
    st.stop()
if not can_simulate(policy):
    st.error(t("The optimal rule cannot be simulated here (each of its decisions is a full solve): pick another rule."))
    st.stop()

outcomes = simulated_outcomes(t, situation_text, situation, question, policy, trials, seed)
result = convergence(outcomes, answer)
score = question is Question.POLICY_SCORE
show_comparison(t, answer, result, trials, score)
show_figure("convergence", lambda font_size: convergence_figure(result, font_size, t))
st.markdown(t("**The misconception:** “after a run of busts, luck must even out”. It does not. The frequency gets "
              "closer to the exact value because the *difference* between what happened and what was expected is "
              "divided by a growing n, not because the difference shrinks: the lower panel wanders further away, "
              "about √n at a time."))
if score:
    show_scores(t, answer, outcomes)
st.caption(demo_link(t, params))

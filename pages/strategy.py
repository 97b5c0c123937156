"""Strategy explorer: simple stopping rules against the optimum, exactly, and where a single threshold fails."""

import streamlit as st

from flip7odds_ui.shell import page_link, set_page_parameters, start_page
from flip7odds_ui.teaching import deck_parameters, demo_link, teaching_sidebar
from flip7odds_ui.variants import STRATEGY_VIEWS

t, rules = start_page()
if rules.name in STRATEGY_VIEWS:  # a variant with an explorer of its own (With a Vengeance: late deck)
    STRATEGY_VIEWS[rules.name](t, rules)
    st.stop()

from flip7odds.errors import Flip7Error
from flip7odds.strategy_explorer import explorer_grid
from flip7odds.teaching import STRATEGY_DEMO_PILE, PolicyFamily, strategy_headline
from flip7odds_ui import strategy

link = page_link(t, "strategy")
situation_text, choice = teaching_sidebar(t, link, default_pile=STRATEGY_DEMO_PILE)
# The title follows the pile shown: it is written once the curves say which sum rule is best here.
heading, lead = st.empty(), st.empty()
heading.title(t("How close simple rules come to the best play"))
try:
    optimum = strategy.optimum_of(t, situation_text)
except Flip7Error as error:
    st.error(t.markdown_error(error))
    st.stop()
strategy.explain(t, optimum)
sums, bust, bust_step, cards = strategy.threshold_ranges(t, link)
params = situation_text.to_params() | deck_parameters(choice, STRATEGY_DEMO_PILE) | {
    "sum": f"{sums[0]}-{sums[1]}", "bust": f"{bust[0]}-{bust[1]}", "bust_step": str(bust_step),
    "cards": f"{cards[0]}-{cards[1]}"} | ({"present": "1"} if st.session_state.present else {})
set_page_parameters(params)

grid = strategy.chosen_grid(t, situation_text, explorer_grid(sums, bust, bust_step, cards, optimum.merged),
                            optimum.merged)
results = strategy.evaluate_grid(t, situation_text, grid, optimum.merged)
curves = strategy.show_curves(t, optimum, grid, results)
strategy.show_table(t, optimum, curves, grid, results)
headline = strategy_headline(curves[0], optimum.against, situation_text.situation().pile.size, t)
heading.title(headline.title)
lead.markdown(headline.lead)
strategy.show_published(t, situation_text, choice, optimum, results)
strategy.show_decision_map(t, optimum, int(PolicyFamily.parameter(curves[0].best.policy)))
st.caption(demo_link(t, params))

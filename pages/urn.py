"""The urn, explained: the pile as N cards of which K bust you, the hypergeometric formula filled in."""

import streamlit as st

from flip7odds_ui.cache import reading
from flip7odds_ui.shell import init_widget, page_link, presenting, set_page_parameters, start_page
from flip7odds_ui.teaching import demo_link, teaching_sidebar
from flip7odds_ui.variants import URN_VIEWS

t, rules = start_page()
if rules.name in URN_VIEWS:  # a variant whose urn is the next card alone (With a Vengeance)
    URN_VIEWS[rules.name](t, rules)
    st.stop()

from flip7odds.errors import Flip7Error
from flip7odds_ui.urn import show_flip_three, show_formula, show_pile, show_scipy

link = page_link(t, "urn")
init_widget("urn_draws", int(link.text("draws")))

situation_text = teaching_sidebar(t, link, default_line="12 11 9")[0]

st.title(t("The urn: why a card draw is a counting problem"))
draws = st.radio(t("Draw"), [1, 3], key="urn_draws", horizontal=True,
                 format_func=lambda n: t("1 card (a hit)") if n == 1 else t("3 cards (a Flip Three)"))
params = situation_text.to_params() | {"line": situation_text.line, "draws": str(draws)} | presenting()
set_page_parameters(params)

try:
    urn = reading(situation_text, draws)
    line = situation_text.situation().line
except Flip7Error as error:
    st.error(t.markdown_error(error))
    st.stop()

show_pile(t, urn, line, rules)
show_formula(t, urn)
st.markdown(t("X counts the bust cards among the n drawn: it is *hypergeometric*, "
              "P(X = j) = C(K, j)·C(N−K, n−j) / C(N, n)."))
show_scipy(t, urn)
if draws > 1:
    show_flip_three(t, situation_text, urn)
st.caption(demo_link(t, params))

"""Probability trees: the next cards as branches with exact probabilities that multiply along a path."""

import streamlit as st

from flip7odds.errors import Flip7Error
from flip7odds_ui.cache import tree
from flip7odds_ui.shell import page_link, presenting, set_page_parameters, start_page
from flip7odds_ui.teaching import demo_link, teaching_sidebar
from flip7odds_ui.trees import choose_tree, show_tree, shown_tree

t, rules = start_page()

link = page_link(t, "trees")
situation_text = teaching_sidebar(t, link)[0]

st.title(t("Probability trees: the next cards"))
st.markdown(t("Each column is one more card, from left to right. A branch's probability is counted from the cards left at that point; along "
              "a path the probabilities **multiply**, and the leaves **add up to exactly 1**."))
start, draws, grouping = choose_tree(t, rules, link)
shown_draws, shown_grouping = shown_tree(t, start, draws, grouping)
params = situation_text.to_params() | {"start": start.value, "cards": str(draws), "branches": grouping.value} | presenting()
set_page_parameters(params)

try:
    result = tree(situation_text, shown_draws, start, shown_grouping)
except Flip7Error as error:
    st.error(t.markdown_error(error))
    st.stop()

show_tree(t, rules, result)
st.caption(demo_link(t, params))

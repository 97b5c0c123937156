"""Quiz page: hit or stay in situations from simulated games, graded by the exact optimum; progress saved.

The screen is the variant's quiz card (`flip7odds_ui.variants.QUIZ_VIEWS`): the line, HIT / STAY, the
feedback, then the player's progress (their own profile: `flip7odds_ui.progress`); an answer redraws the card
alone (a fragment). Presentation mode (the sidebar, ``present=1``) shows it in a projector's type.
"""

import streamlit as st

from flip7odds_ui.progress import start_progress
from flip7odds_ui.quiz import STYLE
from flip7odds_ui.shell import page_link, presentation_switch, start_page
from flip7odds_ui.variants import QUIZ_VIEWS

t, rules = start_page()
st.html(STYLE)
presentation_switch(t)
st.title(t("Hit or stay?"))
start_progress(t, page_link(t, "quiz"))  # the player's profile: the link's (?profile=), else a new one
QUIZ_VIEWS[rules.name](t, rules)

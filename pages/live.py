"""Live odds at the table: tap the cards as they come up; see at a glance whether to hit or stay, and why.

The screen is the variant's (`flip7odds_ui.variants.LIVE_VIEWS`): the table kept in the session and the
address, the card picker, and the answer from one cached library call (`flip7odds_ui.cache.answer_of`: exact, or certified bounds),
redrawn alone on each tap (a fragment). Presentation mode (the sidebar, ``present=1``) shows it in a projector's type.
"""

import streamlit as st

from flip7odds_ui.answer import STYLE
from flip7odds_ui.shell import presentation_switch, start_page
from flip7odds_ui.variants import LIVE_VIEWS

t, rules = start_page()
st.html(STYLE)
presentation_switch(t)
LIVE_VIEWS[rules.name](t, rules)

"""Home page: what flip7odds is, and the front door to its three uses (at the table, practise, teach)."""

import streamlit as st

from flip7odds_ui.shell import (
    LANGUAGE_PARAMETER,
    RULES_PARAMETER,
    home_presentation_switch,
    start_page,
)

t, rules = start_page()
presenting = home_presentation_switch(t)

FRONT_DOOR_STYLE = """
<style>
.st-key-front [data-testid="stPageLink"] a {border: 2px solid #d0d4da; border-radius: 0.8rem; padding: 0.8rem 1rem;
                                            min-height: 3.2rem; width: 100%}
.st-key-front [data-testid="stPageLink"] p {font-size: 1.35rem !important; font-weight: 700; white-space: normal;
                                            overflow: visible; text-overflow: clip; line-height: 1.3}
</style>
"""
# The three uses as large buttons: easy to hit with a thumb, even where the menu is folded away (a phone). A label
# that wraps on a phone keeps its lines together (Streamlit sets a link's line height to its one-line height). The
# label's size wins over the projector's type, which sets every paragraph to 1rem.

st.title("flip7odds")
st.markdown(t("Exact odds for the card game **Flip 7**, computed from the cards that are really left in the deck."))
st.html(FRONT_DOOR_STYLE)
# The same language and rules on the next page, and presentation mode while it is on
kept = {LANGUAGE_PARAMETER: t.language, RULES_PARAMETER: rules.name} | presenting
uses = (
    ("pages/live.py", "🃏", t("At the table: live odds"),
     t("On your phone during a real game, tap each card as it comes up (yours and everyone else's). The page tracks "
       "the pile across rounds and tells you at a glance whether to **hit or stay**, why (how many of the cards left "
       "would bust you), your chance of Flip 7 and the score to expect. The page's address holds the whole table, "
       "so a link shows someone else the same situation.")),
    ("pages/quiz.py", "🎯", t("Practise: hit or stay?"),
     t("Situations from real games: make your call, and compare it with the best decision and what it was worth.")),
    ("pages/trees.py", "🌳", t("Teach: probability with cards"),
     t("A game everyone understands, used to show a class how counting cards turns intuition into exact numbers: "
       "probability trees, the urn, exact against simulated, and why simple rules are almost optimal. For the "
       "projector, turn on *Presentation mode* in the menu (or add present=1 to a link).")),
)
with st.container(key="front"):
    for page, icon, label, description in uses:
        st.page_link(page, label=label, icon=icon, query_params=kept, width="stretch")
        st.markdown(description)

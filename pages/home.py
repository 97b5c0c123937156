"""Home page: what flip7odds is and what it is for."""

import streamlit as st

from flip7odds_ui.shell import start_page

t, _ = start_page()

st.title("flip7odds")
st.markdown(t("Exact odds for the card game **Flip 7**, computed from the cards that are really left in the deck."))
st.markdown(
    "\n".join(
        f"- {item}"
        for item in (
            t(
                "**Live odds at the table**: on your phone during a real game, tap each card as it comes up (yours and "
                "everyone else's). The page tracks the pile across rounds and tells you at a glance whether to **hit "
                "or stay**, why (how many of the cards left would bust you), your chance of Flip 7 and the score to "
                "expect. The page's address holds the whole table, so a link shows someone else the same situation."
            ),
            t("**Hit/stay trainer**: play hands, make your call, and compare it with the best decision."),
            t(
                "**Teaching probability**: a game everyone understands, used to show how counting cards turns "
                "intuition into exact numbers."
            ),
        )
    )
)

"""Home page: what flip7odds is and what it is for."""

import streamlit as st

st.title("flip7odds")
st.markdown(
    """
    Exact odds for the card game **Flip 7**, computed from the cards that are really left in the deck.

    - **Live odds at the table**: enter what has been dealt and see your chance of busting, of reaching
      Flip 7, and the score you can expect if you hit once more.
    - **Hit/stay trainer**: play hands, make your call, and compare it with the best decision.
    - **Teaching probability**: a game everyone understands, used to show how counting cards turns
      intuition into exact numbers.
    """
)

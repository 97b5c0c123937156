"""Entrypoint of the flip7odds Streamlit app (`streamlit run app.py`): page config and navigation."""

import streamlit as st

# Every page of the app, in menu order. To add one, create pages/<name>.py and list it here.
PAGES: list[st.Page] = [
    st.Page("pages/home.py", title="Home", icon="🏠", default=True),
    st.Page("pages/strategy.py", title="Strategy explorer", icon="📈"),
    st.Page("pages/simulate.py", title="Exact vs simulated", icon="🎲"),
    st.Page("pages/trees.py", title="Probability trees", icon="🌳"),
    st.Page("pages/urn.py", title="The urn", icon="🏺"),
]

st.set_page_config(page_title="flip7odds", page_icon="🃏", layout="wide")
st.navigation(PAGES).run()

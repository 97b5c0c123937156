"""Entrypoint of the flip7odds Streamlit app (`streamlit run app.py`): page config and navigation."""

import streamlit as st

from app_support import choose_language, choose_rules, mark_app_session

st.set_page_config(page_title="flip7odds", page_icon="🃏", layout="wide")
mark_app_session()
t = choose_language()
choose_rules(t)

# Every page of the app, in menu order. To add one, create pages/<name>.py and list it here.
PAGES: list[st.Page] = [
    st.Page("pages/home.py", title=t("Home"), icon="🏠", default=True),
    st.Page("pages/live.py", title=t("Live odds"), icon="🃏", url_path="live"),
    st.Page("pages/quiz.py", title=t("Hit or stay? (quiz)"), icon="🎯", url_path="quiz"),
    st.Page("pages/strategy.py", title=t("Strategy explorer"), icon="📈", url_path="strategy"),
    st.Page("pages/simulate.py", title=t("Exact vs simulated"), icon="🎲", url_path="simulate"),
    st.Page("pages/trees.py", title=t("Probability trees"), icon="🌳", url_path="trees"),
    st.Page("pages/urn.py", title=t("The urn"), icon="🏺", url_path="urn"),
    st.Page("pages/models.py", title=t("The models"), icon="📖", url_path="models"),
]

st.navigation(PAGES).run()

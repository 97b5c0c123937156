"""App plumbing shared by the pages (kept out of the library, which never imports streamlit)."""

import streamlit as st
from streamlit.runtime.pages_manager import PagesManager

_THROUGH_APP = "_flip7odds_through_app"


def mark_app_session() -> None:
    """Called by ``app.py``: this session has run the app's own navigation."""
    st.session_state[_THROUGH_APP] = True


def run_through_app() -> None:
    """Make sure a page runs inside ``app.py``'s navigation, even when opened by a direct link.

    Until some session has run ``st.navigation``, Streamlit treats a ``pages/`` folder as the legacy
    multipage layout: a link such as ``/live`` opened first on a fresh server runs the page on its own,
    without ``app.py``'s page config and menu. In that case only (a session that never ran ``app.py``),
    switch the legacy mode off and rerun: ``app.py`` runs and its navigation opens the linked page, query
    parameters included.
    """
    if PagesManager.uses_pages_directory and not st.session_state.get(_THROUGH_APP):
        PagesManager.uses_pages_directory = False
        st.rerun()

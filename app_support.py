"""App plumbing shared by the pages (kept out of the library, which never imports streamlit)."""

import streamlit as st
from streamlit.runtime.pages_manager import PagesManager


def run_through_app() -> None:
    """Make sure a page runs inside ``app.py``'s navigation, even when opened by a direct link.

    Until some session has run ``st.navigation``, Streamlit treats a ``pages/`` folder as the legacy
    multipage layout: a link such as ``/live`` opened first on a fresh server runs the page on its own,
    without ``app.py``'s page config and menu. Switching that mode off and rerunning runs ``app.py``,
    whose navigation then opens the linked page with its query parameters.
    """
    if PagesManager.uses_pages_directory:
        PagesManager.uses_pages_directory = False
        st.rerun()

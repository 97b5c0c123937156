"""App plumbing shared by the pages (kept out of the library, which never imports streamlit)."""

from collections.abc import Mapping

import streamlit as st
from streamlit.runtime.pages_manager import PagesManager

from flip7odds.teaching import PileChoice, SituationText
from flip7odds.teaching_charts import PRESENTATION_CSS, font_size_for

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


def teaching_sidebar(text: Mapping[str, str]) -> tuple[SituationText, PileChoice, int]:
    """The sidebar every teaching demo shares: presentation mode and the situation (pile, line, alone).

    Returns the situation as card notation, the pile choice, and the chart font size for the mode.
    """
    with st.sidebar:
        st.toggle(text["present"], key="present")
        st.subheader(text["situation"])
        choice = st.selectbox(text["pile"], list(PileChoice), key="pile_choice",
                              format_func=lambda c: text[f"pile_{c.value}"])
        if choice is PileChoice.CUSTOM:
            st.text_input(text["pile_text"], key="pile_text")
        st.text_input(text["line"], key="line")
        if choice is PileChoice.FRESH:
            st.text_input(text["seen"], key="seen")
        st.checkbox(text["alone"], key="alone")
    if st.session_state.present:
        st.html(PRESENTATION_CSS)
    situation_text = SituationText(line=st.session_state.line, pile=choice.pile(st.session_state.pile_text),
                                   seen=st.session_state.seen if choice is PileChoice.FRESH else "",
                                   alone=st.session_state.alone)
    return situation_text, choice, font_size_for(st.session_state.present)

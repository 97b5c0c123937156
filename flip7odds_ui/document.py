"""A document shown in the app (the models page's docs/*.md): its prose set in lines short enough to read."""

from __future__ import annotations

import streamlit as st

from flip7odds.documents import link_documents
from flip7odds_ui.shell import app_href

DOCUMENT_KEY = "document"
"""Key of the document's container (its class ``st-key-document`` is what `PROSE_CSS` styles)."""
PROSE_MEASURE = "70ch"
"""The longest line of prose: about 80 characters (the ``ch`` unit is a digit's width, a little over an average
letter's). On a 1920 px projector the models' paragraphs ran about 1300 px, some 180 characters a line."""
PROSE_CSS = (f"<style>.st-key-{DOCUMENT_KEY} :is(p, li, h1, h2, h3, h4, blockquote) "
             f"{{max-width: {PROSE_MEASURE}}}</style>")
"""Prose and headings no wider than `PROSE_MEASURE`; tables and code keep the page's width (their columns need it)."""


def show_document(markdown: str) -> None:
    """``markdown`` (a document's text, the app's own) with its prose lines capped at `PROSE_MEASURE`, its links to
    the other documents opening them on this page, in this language and rules (``rules.md``, a file of ``docs/``,
    led nowhere in the app)."""
    st.html(PROSE_CSS)
    with st.container(key=DOCUMENT_KEY):
        st.markdown(link_documents(markdown, lambda name: app_href("models", {"doc": name})))

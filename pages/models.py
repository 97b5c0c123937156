"""The models behind the numbers: the project's documents (docs/*.md), shown in the app so pages can link them.

A link such as ``/models?doc=winprob`` opens one document, in the app's language (`flip7odds.documents`:
``docs/es/`` holds the Spanish ones; a document not translated yet is shown in English, and says so).
"""

import streamlit as st

from flip7odds_ui.shell import init_widget, page_link, presentation_switch, presenting, set_page_parameters, start_page

t, _ = start_page()

from flip7odds.documents import DOCUMENTS, document
from flip7odds.links import write_link
from flip7odds_ui.document import show_document

presentation_switch(t)
link = page_link(t, "models")
init_widget("models_doc", link.text("doc"))  # a name of DOCUMENTS: never a path
st.title(t("The models behind the numbers"))
name = st.radio(t("Document"), list(DOCUMENTS), key="models_doc", horizontal=True,
                format_func=lambda key: t(DOCUMENTS[key]))
set_page_parameters(write_link("models", {"doc": name}) | presenting())  # as links write it: a heading they name stays
text, written_in = document(name, t.language)
if written_in != t.language:
    st.caption(t("This document is written in English."))
show_document(text)

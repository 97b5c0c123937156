"""The models behind the numbers: the project's documents (docs/*.md), shown in the app so pages can link them.

A link such as ``/models?doc=winprob`` opens one document. The documents are written in English; the page
around them follows the app's language.
"""

from pathlib import Path

import streamlit as st

from flip7odds_ui.shell import set_page_parameters, start_page

t, _ = start_page()

from flip7odds.i18n import N_

DOCS = Path(__file__).resolve().parents[1] / "docs"
# Each document the page offers: link name -> its title (message id).
DOCUMENTS: dict[str, str] = {
    "model": N_("Round-EV: what every number means"),
    "winprob": N_("Playing to win the game: the win-probability model"),
    "vengeance": N_("Flip 7: With a Vengeance: the decision model"),
}

if "models_doc" not in st.session_state:
    asked = st.query_params.get("doc", "model")
    st.session_state.models_doc = asked if asked in DOCUMENTS else "model"
st.title(t("The models behind the numbers"))
name = st.radio(t("Document"), list(DOCUMENTS), key="models_doc", horizontal=True,
                format_func=lambda key: t(DOCUMENTS[key]))
set_page_parameters({"doc": name})
if t.language != "en":
    st.caption(t("These documents are written in English."))
document = (DOCS / name).with_suffix(".md").read_text(encoding="utf-8")
st.markdown(document)

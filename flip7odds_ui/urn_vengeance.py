"""The urn page with With a Vengeance chosen: the next card alone, an urn of ``N`` cards of which ``K`` bust you on
arrival (`flip7odds.teaching.vengeance_urn`).

A draw of several cards is not an urn under these rules (Flip Four's four cards: an action drawn is resolved, the
Unlucky 7 wipes your line), so unlike the classic page's this screen offers no choice of draws; the Live odds page
has the next card's whole table.
"""

import streamlit as st

from flip7odds.errors import Flip7Error
from flip7odds.i18n import Translator
from flip7odds.markup import escape_markdown
from flip7odds.rules import RuleSet
from flip7odds.teaching import vengeance_urn
from flip7odds_ui.shell import page_link, presenting, set_page_parameters
from flip7odds_ui.teaching import demo_link, teaching_sidebar
from flip7odds_ui.urn import show_formula


def show_vengeance_urn(t: Translator, rules: RuleSet) -> None:
    """The page body for a With a Vengeance variant (``rules.vengeance``): ``N``, ``K`` and ``n = 1`` for the
    sidebar's situation, and the formula filled in."""
    link = page_link(t, "urn")
    situation_text = teaching_sidebar(t, link, default_line="12 11 9")[0]
    st.title(t("The urn: why a card draw is a counting problem"))
    params = situation_text.to_params() | {"line": situation_text.line} | presenting()
    set_page_parameters(params)
    urn_text = situation_text.card_notation()  # "12 11 9", not a demo link's "12.11.9"
    try:
        urn = vengeance_urn(urn_text, rules)
    except Flip7Error as error:
        st.error(t.markdown_error(error))
        st.stop()
    st.markdown(t("The pile is an urn of **N = {pile}** cards. **K = {bust}** of them bust you on arrival: copies of "
                  "the numbers in your line ({line}), except that the Unlucky 7 never busts when it is drawn and, "
                  "while you hold one 13, a second 13 is safe if one of the two is the Lucky 13. You draw "
                  "**n = 1**.").format(pile=urn.pile_size, bust=urn.bust_cards, line=escape_markdown(urn_text.line) or "-"))
    show_formula(t, urn)
    st.caption(t("With a Vengeance: a draw of several cards is not an urn (an action drawn is resolved, the Unlucky 7 "
                 "wipes your line), so only the next card is shown here; the Live odds page has its whole table."))
    st.caption(demo_link(t, params))

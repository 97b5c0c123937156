"""The answer bar: HIT or STAY, what it is worth, the bust count; kept in view on a phone while cards are tapped.

The bar is a container keyed ``answer`` that the page's style makes sticky at the top of the screen, so
that the answer stays visible while the thumb is on the card buttons below it. Its HTML is built here
from numbers and translated text only (never from text typed by a person).
"""

import streamlit as st

from flip7odds.i18n import Translator

STYLE = """
<style>
[data-testid="stLayoutWrapper"]:has(> .st-key-answer) {position: sticky; top: 3.75rem; z-index: 100;
                                                       background: var(--background-color, #fff); padding-bottom: 0.2rem}
.st-key-scroller {display: none}
.f7-banner {border-radius: 0.7rem; padding: 0.3rem 0.8rem; color: #fff; display: flex; align-items: center;
            gap: 0.8rem; margin: 0}
.f7-banner .f7-call {font-size: clamp(2.2rem, 9vw, 3.6rem); font-weight: 800; line-height: 1.05;
                     letter-spacing: 0.05em}
.f7-banner .f7-sub {font-size: clamp(0.9rem, 2vw, 1.2rem); line-height: 1.3; text-align: left}
.f7-hit {background: #1b7f3b} .f7-stay {background: #1f4e9c} .f7-bust {background: #b3261e}
.f7-flip7 {background: #b8860b} .f7-frozen {background: #4a6b82} .f7-wait {background: #5f6368}
[data-testid="stMainBlockContainer"] {padding-top: 3.8rem}
.st-key-header h1 {font-size: 1.6rem; padding: 0}
.st-key-header [data-testid="stCaptionContainer"] {margin-bottom: -0.6rem}
[data-testid="stMetricValue"] {font-size: 1.6rem}
.st-key-picker button {min-width: 3.3rem; padding: 0.15rem 0.45rem; min-height: 2.9rem}
.st-key-picker button p {font-size: 1.15rem; font-weight: 600}
.st-key-moves button {min-height: 2.9rem}
@media (max-width: 640px) {
  .st-key-header [data-testid="stCaptionContainer"] {display: none}
  .st-key-header h1 {font-size: 1.3rem}
}
</style>
"""
"""The live pages' style: the sticky bar, the banner's colours, card buttons at least 44 px tall."""

SCROLL_TO_TOP = """<script>
document.querySelector('[data-testid="stMain"]')?.scrollTo({top: 0});
window.scrollTo({top: 0});
</script><!-- {marker} -->"""
"""Script that scrolls the page back to its top (the comment makes each request a new element, so it runs)."""


def show_banner(call: str, css: str, *lines: str) -> None:
    """The answer: a word on a coloured band (``css``: f7-hit, f7-stay, ...), a line or two beside it.

    ``lines`` may hold ``<b>`` tags; they come from translated messages filled with numbers.
    """
    sub = "".join(f'<div class="f7-sub">{line}</div>' for line in lines)
    st.markdown(f'<div class="f7-banner {css}"><div class="f7-call">{call}</div>{sub}</div>', unsafe_allow_html=True)


def bust_line(t: Translator, cards: int, pile: int) -> str:
    """The bar's short bust count: ``Bust now 17/86``."""
    return t("Bust now {cards}/{pile}").format(cards=cards, pile=pile)


def scroll_to_top(marker: object) -> None:
    """Scroll the page to its top once for each new ``marker`` (a new round, a new question)."""
    with st.container(key="scroller"):
        st.html(SCROLL_TO_TOP.replace("{marker}", str(marker)), unsafe_allow_javascript=True)

"""The teaching demos' shared parts: the sidebar (presentation mode and the situation) and the demo link."""

from collections.abc import Callable, Mapping, Sequence
from urllib.parse import urlencode

import pandas as pd
import plotly.graph_objects as go  # type: ignore[import-untyped]
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from flip7odds.charts import PHONE_SCREEN, WIDER_THAN_PHONE
from flip7odds.errors import Flip7Error
from flip7odds.i18n import N_, Translator
from flip7odds.links import DECK, LINE, Link
from flip7odds.teaching import PileChoice, SituationText, situation_summary
from flip7odds.teaching_charts import NORMAL_FONT_SIZE, PRESENTATION_FONT_SIZE
from flip7odds_ui.shell import APP_PARAMETERS, current_rules, init_widget, presentation_switch, presenting

PILE_CHOICE_NAMES: dict[PileChoice, str] = {
    PileChoice.FRESH: N_("Fresh deck"),
    PileChoice.NUMBERS: N_("Numbers only (79)"),
    PileChoice.CUSTOM: N_("Custom pile"),
}
"""How the teaching sidebar names each pile choice (message ids)."""


WRAP_METRICS = ('[data-testid="stMetricLabel"] [data-testid="stMarkdownContainer"], [data-testid="stMetricLabel"] p, '
                '[data-testid="stMetricDelta"] [data-testid="stMarkdownContainer"], [data-testid="stMetricDelta"] p, '
                '[data-testid="stMetricValue"] div, [data-testid="stMetricValue"] p '
                "{white-space: normal; overflow: visible; text-overflow: clip}")
"""A metric's label, value and note wrap instead of ending in an ellipsis (Spanish names of the rules on a projector,
``29/91 ≈ 31.8681%`` in large type on a 1280 px projector)."""
METRIC_ROW = "metric_row"
"""Key prefix of a row of metrics (`metric_columns`) whose values `ALIGN_METRICS` lines up."""
_ROW = f'[class*="st-key-{METRIC_ROW}"] [data-testid="stHorizontalBlock"]'
ALIGN_METRICS = (
    f"{WIDER_THAN_PHONE} {{"
    f"{_ROW} {{display: grid; grid-auto-flow: column; grid-auto-columns: minmax(0, 1fr); "
    "grid-template-rows: repeat(3, auto); row-gap: 0}"
    f"{_ROW} > [data-testid=\"stColumn\"] {{display: grid; grid-row: span 3; grid-template-rows: subgrid; width: auto}}"
    f"{_ROW} > [data-testid=\"stColumn\"] > [data-testid=\"stVerticalBlock\"], "
    f"{_ROW} > [data-testid=\"stColumn\"] > [data-testid=\"stVerticalBlock\"] > [data-testid=\"stElementContainer\"], "
    f"{_ROW} [data-testid=\"stMetric\"], {_ROW} [data-testid=\"stMetric\"] > div {{display: contents}}"
    f"{_ROW} [data-testid=\"stMetricLabel\"] {{align-self: end}}"
    f"{_ROW} div:has(> [data-testid=\"stMetricDelta\"]) {{align-self: start}}}}")
"""Side by side (wider than a phone, where the columns stack), a row of metrics lines up their labels, values and notes
on three shared rows (a CSS subgrid: Streamlit's wrappers of each metric are left out of the layout), the labels at
the foot of theirs, the notes at the top of theirs: a label on two lines no longer sets its value lower than its neighbours'."""
RADIO_ROWS = '[data-testid="stRadio"] [role="radiogroup"] {align-items: flex-start}'
"""A row of choices starts at the top of its box: Streamlit centres the options in a box at least 2.5rem tall, so a
group whose options wrap onto two lines (the trees' Cards) stood 9 px (13 on a projector) above the one-line groups
beside it."""
DEMO_RULES = f"{WRAP_METRICS} {RADIO_ROWS}"
"""What the demos' style is in both modes, on a screen and on a projector: the metrics' words whole, the choices level."""
TEACHING_CSS = f"<style>{DEMO_RULES} {PHONE_SCREEN} {{h1 {{font-size: 1.9rem !important}}}}</style>"
"""The demos' style (`DEMO_RULES`), and on a phone a long title on two or three lines, not five (Streamlit's title is
sized for a wide screen)."""

DECK_PARAMETER = DECK
"""A demo link's pile choice when it is not the page's default and no ``pile`` says it (``deck=fresh``)."""


def demo_presentation(t: Translator) -> dict[str, str]:
    """A demo's *Presentation mode* switch (`flip7odds_ui.shell.presentation_switch`) and its style for the mode
    (`DEMO_RULES`, and `TEACHING_CSS` off a projector); the parameter that keeps the mode in the demo's link
    (``present=1``), else none. Every demo calls it, With a Vengeance's own screens too."""
    presentation_switch(t)
    st.html(f"<style>{DEMO_RULES}</style>" if st.session_state.present else TEACHING_CSS)
    return presenting()


def teaching_sidebar(t: Translator, link: Link, default_line: str = "",
                     default_pile: PileChoice = PileChoice.FRESH) -> tuple[SituationText, PileChoice]:
    """The sidebar every teaching demo shares: presentation mode (`demo_presentation`) and the situation (pile, line,
    alone).

    The first run of a session takes them from the page's ``link`` (`flip7odds_ui.shell.page_link`: ``pile``,
    ``deck``, ``line``, ``seen``, ``alone``, each already checked; ``present`` by `flip7odds_ui.shell.presentation_switch`); ``default_line`` and
    ``default_pile`` are the line and the pile without one (the pile the page's title is about); a link's
    empty ``line=`` is an empty line. Returns the situation as card notation (with the sidebar's rule
    variant) and the pile choice (a chart is drawn for the mode by `show_figure`). In presentation mode the situation
    is also written on the canvas (the sidebar is folded away on a projector).
    """
    pile = link.text("pile")
    linked = (PileChoice.from_text(pile, current_rules()) if pile
              else PileChoice(link.text(DECK_PARAMETER)) if link.given(DECK_PARAMETER) else default_pile)
    line_given = link.given(LINE) or (LINE in st.query_params and all(p.parameter != LINE for p in link.problems))
    demo_presentation(t)
    init_widget("pile_choice", linked)
    init_widget("pile_text", pile)
    init_widget("line", link.text(LINE) if line_given else default_line)
    init_widget("seen", link.text("seen"))
    init_widget("alone", link.flag("alone"))
    with st.sidebar:
        st.subheader(t("Situation"))
        choice = st.selectbox(t("Pile"), list(PileChoice), key="pile_choice",
                              format_func=lambda c: t(PILE_CHOICE_NAMES[c])) or PileChoice.FRESH
        if choice is PileChoice.CUSTOM:
            st.text_input(t("Pile, in card notation"), key="pile_text")
        st.text_input(t("Your line (empty: a new round)"), key="line")
        if choice is PileChoice.FRESH:
            st.text_input(t("Cards seen, out of the pile"), key="seen")
        st.checkbox(t("No other player is active (alone)"), key="alone")
    rules = current_rules()
    situation_text = SituationText(line=st.session_state.line, pile=choice.pile(st.session_state.pile_text, rules),
                                   seen=st.session_state.seen if choice is PileChoice.FRESH else "",
                                   alone=st.session_state.alone, rules=rules.name)
    if st.session_state.present:
        try:
            st.markdown("#### " + situation_summary(situation_text.situation(), choice, t))
        except Flip7Error:
            pass  # the page itself says what is wrong with the situation
    return situation_text, choice


def metric_columns(key: str, count: int) -> list[DeltaGenerator]:
    """``count`` equal columns, one metric in each, whose values line up (`ALIGN_METRICS`); ``key`` names the row."""
    st.html(f"<style>{ALIGN_METRICS}</style>")
    with st.container(key=f"{METRIC_ROW}_{key}"):
        return list(st.columns(count))


def deck_parameters(choice: PileChoice, default_pile: PileChoice) -> dict[str, str]:
    """The ``deck`` parameter of a demo link: only when the pile is the fresh deck on a page that opens on
    another one (a custom or numbers-only pile is written out in ``pile``)."""
    return {DECK_PARAMETER: choice.value} if choice is PileChoice.FRESH and default_pile is not PileChoice.FRESH else {}


SIDE_BY_SIDE = "side_by_side"
"""Key of `side_by_side`'s row."""
SIDE_MIN_WIDTH = "23rem"
"""The narrowest the side column of `side_by_side` stands beside the main one: a tree's table (its path, the exact
fraction, the percentage, the round's end), its words wrapped, is 325 px wide in Spanish, in a frame 2rem wider."""
_COLUMNS = f'.st-key-{SIDE_BY_SIDE} [data-testid="stHorizontalBlock"]:has(> [data-testid="stColumn"])'
WRAP_SIDE = (f"<style>{_COLUMNS} {{flex-wrap: wrap}} "
             f'{_COLUMNS} > [data-testid="stColumn"]:last-child {{min-width: min(100%, {SIDE_MIN_WIDTH})}}</style>')
"""The side column goes under the main one (each then as wide as the page) where it would be narrower than
`SIDE_MIN_WIDTH`."""


def side_by_side(main_share: int, side_share: int) -> tuple[DeltaGenerator, DeltaGenerator]:
    """A demo's main part (a chart) and its side (metrics, a table) in those shares of the width; on a projector
    (presentation mode) one under the other, each the page's width; on a screen where the side would be narrower than
    `SIDE_MIN_WIDTH` (a 1280 px laptop with the sidebar open: about 320 px), the side under the main part too: the
    Spanish tree's table, in a column that narrow, ran past its frame."""
    if st.session_state.get("present"):
        return st.container(), st.container()
    st.html(WRAP_SIDE)
    with st.container(key=SIDE_BY_SIDE):
        main, side = st.columns([main_share, side_share])
    return main, side


ROWS = "rows"
"""Key of `show_rows`'s frame (of its first on a page: the others are given keys of their own)."""
ROWS_SHOWN = 12
"""The most rows a table shows before it scrolls in a frame of its own (a tree's one per card, up to 476)."""


def show_rows(rows: Sequence[Mapping[str, object]], key: str = ROWS) -> None:
    """A table of the demos: a static table, which takes the page's type (a projector's, in presentation mode) and
    wraps its columns instead of cutting them; beyond `ROWS_SHOWN` rows, outside presentation mode, it scrolls in a
    frame keyed ``key`` (a page with several tables gives each its own key).

    The same table on every screen, sent once (the server does not know the screen's width). An interactive table
    (`st.dataframe`, sortable) wraps a cell's words only in rows over 4rem tall, so its first column (a tree's path,
    a rule's name) took its width: on a phone it pushed the numbers off the screen, and beside the Spanish tree on a
    1920 px screen it cut the last column ("Ronda"). Both were sent before, the page's style showing one by the
    screen's width: up to 476 rows twice."""
    if not rows:
        return
    frame = pd.DataFrame(list(rows))
    static = frame.set_index(frame.columns[0])
    if st.session_state.get("present"):
        st.table(static)
        return
    with st.container(key=key, height=480 if len(rows) > ROWS_SHOWN else "content"):
        st.table(static)


PROJECTOR_FIGURE, PHONE_FIGURE = "projector_figure", "phone_figure"
"""Key prefixes of `show_figure`'s two drawings of a figure in presentation mode: a projector's, a phone's."""
_PROJECTOR_FIGURE, _PHONE_FIGURE = (f'[data-testid="stLayoutWrapper"]:has(> [class*="st-key-{key}"]), '
                                    f'[class*="st-key-{key}"]' for key in (PROJECTOR_FIGURE, PHONE_FIGURE))
FIGURES_BY_SCREEN = (f"<style>:is({_PHONE_FIGURE}) {{display: none}} {PHONE_SCREEN} "
                     f"{{:is({_PHONE_FIGURE}) {{display: flex}} :is({_PROJECTOR_FIGURE}) {{display: none}}}}</style>")
"""In presentation mode a screen wider than a phone's 640 px (a projector) shows the projector's drawing, a phone the
phone's: the same screens `flip7odds_ui.shell.PRESENTATION_CSS` gives the projector's type."""


def show_figure(key: str, draw: Callable[[int], go.Figure]) -> None:
    """A demo's chart, ``draw(font_size)``, as wide as its column: at the normal size, and in presentation mode also at
    the projector's (`flip7odds.teaching_charts.PRESENTATION_FONT_SIZE`, its words wrapped for a projector's width).

    The server does not know the screen's width, and a projector's link is opened on phones too (a class following
    its teacher): a figure drawn in the projector's 30 px type on a 390 px phone had its key and labels cut at the
    screen's edge. In presentation mode both drawings are sent, each in a box keyed ``key``, and the page's style
    shows the one for the screen (`FIGURES_BY_SCREEN`)."""
    if not st.session_state.get("present"):
        st.plotly_chart(draw(NORMAL_FONT_SIZE), width="stretch", theme=None, key=key)
        return
    st.html(FIGURES_BY_SCREEN)
    with st.container(key=f"{PROJECTOR_FIGURE}_{key}"):
        st.plotly_chart(draw(PRESENTATION_FONT_SIZE), width="stretch", theme=None, key=f"{key}_projector")
    with st.container(key=f"{PHONE_FIGURE}_{key}"):
        st.plotly_chart(draw(NORMAL_FONT_SIZE), width="stretch", theme=None, key=f"{key}_phone")


def demo_link(t: Translator, params: Mapping[str, str]) -> str:
    """The teaching demos' caption: a link to this page with these parameters, in the same language and rules."""
    kept = {key: value for key, value in st.query_params.to_dict().items() if key in APP_PARAMETERS}
    return t("Link to this demo: {url}").format(url=f"{st.context.url or ''}?{urlencode({**kept, **params})}")


def show_tree_key(t: Translator, vengeance: bool) -> None:
    """How to read the tree, above it: the colours' key is in the figure itself (`flip7odds.teaching_charts.tree_key`,
    drawn as its legend at the foot, so that it goes wherever the chart goes). With a Vengeance has no Freeze, and an
    action card ends its branch, not your round (`flip7odds.vengeance.trees`)."""
    ends = (t("A box with nothing to its right ends your round there (bust, Flip 7) or, for an action card, ends "
              "its branch.") if vengeance else
            t("A box with nothing to its right ends your round there (bust, Flip 7, frozen)."))
    st.markdown(t("**How to read it:** *now* is on the left; each column to its right is one more card. A box's "
                  "height is its probability, split among the boxes to its right; its colour says what the card "
                  "does (the key is under the tree).") + " " + ends)

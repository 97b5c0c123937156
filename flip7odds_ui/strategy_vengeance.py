"""The strategy explorer for With a Vengeance (run by ``pages/strategy.py`` when a Vengeance variant is chosen).

A fresh deck is beyond the exact solver, so the explorer works late in the deck: one small pile (a
preset or your own) and the other players' lines, and several lines of yours compared side by side,
each with its exact best play (`flip7odds.vengeance.explorer.decisions_by_line`). The address holds the
pile, the other lines and your lines (``pile``, ``hands``, ``lines``, ``busted``), so a link reproduces it.
"""

from __future__ import annotations

import streamlit as st

from flip7odds.analysis import Decision
from flip7odds.charts import PHONE_SCREEN
from flip7odds.i18n import N_, Translator
from flip7odds.links import EXPLORER_HANDS, Link
from flip7odds.markup import escape_markdown
from flip7odds.rules import RuleSet
from flip7odds.vengeance import CAVEAT
from flip7odds.vengeance.charts import LineDecisionsText, line_decisions_figure
from flip7odds.vengeance.explorer import PRESETS
from flip7odds_ui.cache import vengeance_lines
from flip7odds_ui.shell import app_href, init_widget, page_link, set_page_parameters
from flip7odds_ui.teaching import demo_presentation, show_figure, show_rows

MAX_HANDS = EXPLORER_HANDS
"""Other players' lines the explorer takes (the solver's states grow with each one)."""
SEPARATOR = "~"
EMPTY = "_"
PRESET_KEY = "vstrat_preset"
PILE_KEY = "vstrat_pile"
COUNT_KEY = "vstrat_others"
LINES_KEY = "vstrat_lines"
BUSTED_KEY = "vstrat_busted"
CUSTOM = -1
LINES_HEIGHT = {False: 140, True: 260}
"""The lines' box in pixels, off a projector and in presentation mode: five lines or so of either type (16 and 28 px)."""
DECISION_NAMES: dict[Decision, str] = {Decision.HIT: N_("hit"), Decision.STAY: N_("stay")}
LINES_TABLE = "vstrat_table"
"""Key of the lines' table."""
_TABLE = f'.st-key-{LINES_TABLE} [data-testid="stTable"]'
LINES_TABLE_STYLE = (f"<style>{_TABLE} tbody th p {{white-space: nowrap}} "
                     f"{PHONE_SCREEN} {{{_TABLE} :is(th, td) {{padding: 4px}}}}</style>")
"""A line of yours stays on one row of the table (its cards one under the other in a column as narrow as a phone's
left them); on a phone the cells' padding is 4 px, and the table's eight columns scroll sideways in its frame."""


def hand_key(index: int) -> str:
    return f"vstrat_hand_{index}"


def load(index: int) -> None:
    """Fill the widgets with a preset (``CUSTOM`` keeps them)."""
    if index == CUSTOM:
        return
    preset = PRESETS[index]
    st.session_state[PILE_KEY] = preset.pile
    st.session_state[COUNT_KEY] = len(preset.others)
    for slot in range(MAX_HANDS):
        st.session_state[hand_key(slot)] = preset.others[slot] if slot < len(preset.others) else ""
    st.session_state[LINES_KEY] = "\n".join(preset.lines)


def first_values(link: Link) -> None:
    """The first run of a session: the widgets from the link (checked by `flip7odds.links.read_link`), else
    from the first preset."""
    if not link.given("pile"):
        init_widget(PRESET_KEY, 0)
        if PILE_KEY not in st.session_state:
            load(0)
        return
    init_widget(PRESET_KEY, CUSTOM)
    hands = link.text("hands").split(SEPARATOR) if link.text("hands") else []
    init_widget(PILE_KEY, link.text("pile"))
    init_widget(COUNT_KEY, min(len(hands), MAX_HANDS))
    for slot in range(MAX_HANDS):
        init_widget(hand_key(slot), "" if slot >= len(hands) or hands[slot].strip() == EMPTY else hands[slot])
    init_widget(LINES_KEY, "\n".join(link.text("lines").split(SEPARATOR)))
    init_widget(BUSTED_KEY, link.whole("busted"))


def show_vengeance_strategy(t: Translator, rules: RuleSet) -> None:
    """The whole page for a Vengeance variant; in presentation mode in a projector's type, its table and chart too."""
    presenting = demo_presentation(t)
    link = page_link(t, "strategy")
    first_values(link)
    init_widget(BUSTED_KEY, 0)
    st.title(t("Strategy explorer"))
    st.caption(t("{rules}: a fresh deck is beyond the exact solver, so this explorer works late in the deck. Pick a "
                 "small pile and the other players' lines, and compare lines of yours: the exact best play of each, "
                 "under the model.").format(rules=t(rules.label)))
    options = [*range(len(PRESETS)), CUSTOM]
    st.selectbox(t("Start from"), options, key=PRESET_KEY, on_change=lambda: load(st.session_state[PRESET_KEY]),
                 format_func=lambda index: t("Your own pile") if index == CUSTOM else t(PRESETS[index].title))
    st.text_input(t("Pile, in card notation"), key=PILE_KEY, placeholder=t("12*3 11*2 10 4 -4 steal"))
    with st.container(horizontal=True, vertical_alignment="bottom"):
        st.number_input(t("Other players (not busted)"), min_value=0, max_value=MAX_HANDS, step=1, key=COUNT_KEY,
                        width=170)
        if rules.brutal:
            st.number_input(t("Busted players"), min_value=0, max_value=MAX_HANDS, step=1, key=BUSTED_KEY,
                            width=170, help=t("Brutal mode: modifiers may be given to busted players too"))
    count = int(st.session_state[COUNT_KEY])
    with st.container(horizontal=True):
        for slot in range(count):
            st.text_input(t("Player {number}").format(number=slot + 2), key=hand_key(slot),
                          placeholder=t("no card"), width=200)
    st.text_area(t("Your lines, one per row"), key=LINES_KEY, height=LINES_HEIGHT[bool(st.session_state.present)])
    pile = st.session_state[PILE_KEY].strip()
    hands = tuple(st.session_state[hand_key(slot)].strip() for slot in range(count))
    lines = tuple(line.strip() for line in st.session_state[LINES_KEY].splitlines() if line.strip())
    busted = int(st.session_state[BUSTED_KEY]) if rules.brutal else 0
    set_page_parameters({"pile": pile, "hands": SEPARATOR.join(hand or EMPTY for hand in hands),
                         "lines": SEPARATOR.join(lines), "busted": str(busted)} | presenting)
    if not pile or not lines:
        st.info(t("Give a pile and at least one line of yours."))
        return
    with st.spinner(t("Computing the exact odds…"), show_time=True):
        rows = vengeance_lines(rules, pile, hands, lines, busted)
    solved = [row for row in rows if row.analysis is not None]
    for row in rows:
        if row.error is not None:
            st.warning(t("Line {line}: {error}").format(line=escape_markdown(row.line) or t("(no cards)"),
                                                        error=escape_markdown(row.error.text(t))))
    if not solved:
        return
    table = []
    for row in solved:
        analysis = row.analysis
        assert analysis is not None
        table.append({
            t("Your line"): escape_markdown(row.line),  # a table's cell is Markdown: 12*1 11*1 as typed, no italics
            t("Best play"): t(DECISION_NAMES[analysis.decision]),
            t("Stay now"): str(analysis.stay_score) if analysis.may_stay else t("must hit"),
            t("Hit, then play best"): "" if analysis.hit_score is None else t.number(float(analysis.hit_score)),
            t("Hit once, then stay"): ("" if analysis.hit_once_score is None
                                       else t.number(float(analysis.hit_once_score))),
            t("Bust now"): f"{analysis.bust_cards}/{analysis.pile_size}",
            t("Flip 7"): t.percent(float(analysis.flip7_probability)),
            t("Bust (by the end)"): t.percent(float(analysis.bust_final_probability)),
        })
    st.html(LINES_TABLE_STYLE)
    with st.container(key=LINES_TABLE):
        show_rows(table)
    text = LineDecisionsText(t("Stay or hit, line by line"), t("your line"), t("expected round score"),
                             t("Hit, then play best"), t("Stay now"))
    analyses = [row.analysis for row in solved if row.analysis is not None]
    stay = [float(analysis.stay_score if analysis.may_stay else 0) for analysis in analyses]
    hit = [float(analysis.hit_score or 0) for analysis in analyses]
    show_figure("line_decisions", lambda font_size: line_decisions_figure(
        [row.line for row in solved], stay, hit, text, font_size).update_layout(separators=t.separators))
    st.caption(t("The discard pile is left out: if the pile runs out, your round ends as if you stayed. Bust now is "
                 "the count of cards of the pile that would bust you on the next card."))
    st.caption(t(CAVEAT))
    st.markdown(t("How these numbers are computed: [the With a Vengeance model]({href}).").format(
        href=app_href("models", {"doc": "vengeance"})))

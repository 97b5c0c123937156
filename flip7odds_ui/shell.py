"""The app's shell: its pages and menu, the language and variant switches, the address (query parameters).

`app.py` runs `start_app` on every run; a page starts with `start_page`, which gives it the translator
and the rule variant chosen in the sidebar.
"""

from collections.abc import Callable, Mapping
from typing import TypeVar

import streamlit as st

from flip7odds.charts import PHONE_SCREEN, WIDER_THAN_PHONE
from flip7odds.i18n import LANGUAGES, Translator, language_from_locale, translator
from flip7odds.links import LANG, PRESENT, RULES, Link, Value, flag_on, page_href, read_link
from flip7odds.rules import ALL_RULESETS, RuleSet
from flip7odds_ui.warming import start_warm_up

_THROUGH_APP = "_flip7odds_through_app"
RULES_CHOSEN_KEY = "_flip7odds_rules"
"""Session key of the chosen variant (the sidebar widget's own state may be dropped on a page switch)."""
LANGUAGE_CHOSEN_KEY = "_flip7odds_lang"
"""Session key of the chosen language, for the same reason."""

LANGUAGE_PARAMETER = LANG
"""The query parameter (and session key) holding the app's language: ``?lang=es``."""
RULES_PARAMETER = RULES
"""The query parameter (and session key) holding the rule variant: ``?rules=poker``."""
APP_PARAMETERS = (LANGUAGE_PARAMETER, RULES_PARAMETER)
"""Query parameters that belong to the whole app; a page's own parameters must leave them alone."""


PRESENTATION_CSS = """
<style>
WIDER_THAN_PHONE {
html { font-size: 28px; }
[data-testid="stMainMenu"], [data-testid="stDecoration"], [data-testid="stAppDeployButton"] { display: none; }
[data-testid="stMainBlockContainer"] { padding-top: 5rem; padding-left: 3rem; padding-right: 3rem; max-width: 100%; }
[data-testid="stMetricValue"] div { white-space: normal !important; overflow: visible !important; }
[data-testid="stMain"] p, [data-testid="stCaptionContainer"], [data-testid="stMetricDelta"] div { font-size: 1rem !important; }
[data-testid="stMain"] :is(input, textarea) { font-size: 1rem; }
[data-testid="stMetricValue"], [data-testid="stMetricValue"] p { font-size: 2.2rem !important; }
[data-testid="stTable"] table, [data-testid="stTable"] th, [data-testid="stTable"] td { font-size: 1rem; }
[data-testid="stSidebar"] { font-size: 16px; }
[data-testid="stSidebar"][data-collapsed="false"] { min-width: 16rem; }
h1 { font-size: 2.4rem !important; }
h2, h3 { font-size: 1.6rem !important; }
[data-testid="stMain"] .katex-display > .katex { font-size: 1.5rem; }
[data-testid="stMain"] :is(p, li) code { font-size: 0.9em; }
[data-testid="stWidgetLabel"] > div:has([data-testid="stTooltipIcon"]) { flex: 0 0 auto; margin-left: 0.3rem; }
[data-testid="stTooltipIcon"] button, [data-testid="stTooltipIcon"] svg { width: 0.8rem; height: 0.8rem; }
[data-testid="stHorizontalBlock"] > [data-testid="stElementContainer"]:has(> [data-testid="stNumberInput"], > [data-testid="stSelectbox"]) { min-width: 10.625rem; }
}
</style>
""".replace("WIDER_THAN_PHONE", WIDER_THAN_PHONE)
"""Large type and a clean layout for a projector: injected by a page in presentation mode, on a screen wider than a
phone's 640 px (a projector's link opened on a phone, a class following its teacher, keeps the phone's own page: the
28 px type in a column 3rem in from each edge left the live answer bar cut at its right and titles broken mid-word).
The menu and Streamlit's decoration are hidden, not the button that opens the sidebar (it is in Streamlit's toolbar,
which this style hid whole: a projector link opens with the sidebar folded, and its switch and situation were out of
reach); the sidebar, open, is at least 16rem wide (Streamlit's 12.5rem, in the projector's type, cut its pages' names:
"Probabilidades …", "Explorador de e…"). A
label's (?) help stands just after the label's words, as large as they are (Streamlit draws it 16 px at the far end of
the label's row: the seed's, small and some 900 px from "Seed" on a 1920 px projector). A number or a choice given a
width in a row (170 px) is at least that many of the projector's type (10.625rem): in 170 px its label broke in two
and the number's − and + were hidden (Streamlit hides them in a box under 7.5rem). A formula (the urn's) is 1.5rem,
between the text and the headings (KaTeX's 1.21em of the text's 1rem was the size of the words around it). Code in
the text (the urn's scipy call) is 0.9em of its words (Streamlit's 0.75em, 21 px, was small on a projector). What is
typed or chosen in a box (the rounds, the seed, the question, a pile, the lines) is in the text's type, as its label
is (Streamlit's 0.875rem, 24.5 px under a 28 px label)."""


TOUCH_STYLE = """
<style>
PHONE_SCREEN {
  [data-testid="stMain"] [data-testid="stButtonGroup"] button,
  [data-testid="stMain"] [data-testid="stNumberInput"] input,
  [data-testid="stMain"] [data-testid="stExpander"] summary {min-height: 2.75rem}
  :where([data-testid="stMain"]) [data-testid="stButton"] button {min-height: 2.75rem}
  [data-testid="stMain"] [data-testid="stNumberInputContainer"] button {min-height: 2.75rem; min-width: 2.75rem}
  [data-testid="stCheckbox"] label {min-height: 2.75rem; align-items: center}
  [data-testid="stMain"] [data-testid="stRadio"] [role="radiogroup"] {row-gap: 0}
  [data-testid="stMain"] [data-testid="stRadio"] [role="radiogroup"] label {min-height: 2.75rem; padding-block: 0.6875rem}
  [data-testid="stExpandSidebarButton"], [data-testid="stSidebarCollapseButton"] button {min-width: 2.75rem; min-height: 2.75rem}
  [data-testid="stSidebarNavLink"], [data-testid="stTextInputRootElement"],
  [data-testid="stSidebar"] [data-testid="stSelectbox"] [role="group"],
  [data-testid="stMain"] [data-testid="stSelectbox"] button {min-height: 2.75rem}
}
@media (hover: none) {
  [data-testid="stMain"] [data-testid="stElementToolbar"] button {min-width: 2.75rem; min-height: 2.75rem}
  [data-testid="stMain"] button kbd {display: none}
  [data-testid="stMain"] .st-key-quiz_keys {display: none}
  [data-testid="stMain"] .js-plotly-plot .modebar-container {display: none}
  [data-testid="stMain"] [data-testid="stElementContainer"]:has([data-testid="stDataFrame"]) {margin-top: 3rem}
  [data-testid="stMain"] [data-testid="stDataFrame"] > [data-testid="stElementToolbar"] {top: auto; bottom: 100%}
}
</style>
""".replace("PHONE_SCREEN", PHONE_SCREEN)
"""On a phone every control a thumb uses is at least 44 px (2.75rem) tall: the segmented switches (your line / seen
elsewhere), the number steppers, the sections' headers, the switches and choices with their labels, the menu's
button, the buttons (New seed), the select boxes (the simulation's question), the text boxes (a pile, a line) and, in
the sidebar, the pages' links (a phone's way from page to page, 28 px), its close button, the language, the rules and
the switches (Streamlit draws them 21 to 40 px tall). The buttons' rule weighs no more than a page's own (``:where``), so that
the live page's card buttons keep their 2.9rem. A number input's rule is for its steppers only: its label's (?)
help, 44 px tall too, set the label's words (Semilla) 10 px higher than its neighbour's (Rondas a simular). A choice
(radio option) is 44 px tall by the same space above and below its words (11 px each, around a 22 px line), its
options' rows with no gap between them: stacked options (the models' documents, the trees' Cards in Spanish) stand
22 px apart, words to words, whether an option takes one line or two (a minimum height alone, plus the row gap, set
one-line options 38 px apart, their words at the top of their 44 px, and a two-line one 16 px above the next).

On a screen without hover (a touch screen) the buttons' keyboard shortcuts (the quiz's H, S, N) are not written (no
keyboard to press them on), nor is the charts' tool bar drawn: a touch screen shows it all the time, over the chart's
title and its top boxes, and the charts zoom and pan by touch without it. A table's tool bar (search, full screen),
also shown all the time there, gets room of its own above the table: its buttons are 44 px square (Streamlit draws
them 24 px), the bar (64 px with its padding) stands on the table's top edge, and the table is 3rem lower (with the
1rem gap, 64 px). Streamlit puts the bar 44 px above the table's top: over what is above it, and, once its buttons were
44 px, 20 px over the table's header ("Plantarse ahora" in the Vengeance explorer)."""

Choice = TypeVar("Choice")


def chosen(value: Choice | None) -> Choice:
    """The value of a radio or a select box that always has one (options and a default index given):
    Streamlit types it as possibly None, which only a widget without a default can be."""
    assert value is not None, "a widget with options and a default always has a choice"
    return value


def app_pages(t: Translator) -> list[st.Page]:
    """Every page of the app, in menu order. To add one, create pages/<name>.py and list it here."""
    return [
        st.Page("pages/home.py", title=t("Home"), icon="🏠", default=True),
        st.Page("pages/live.py", title=t("Live odds"), icon="🃏", url_path="live"),
        st.Page("pages/quiz.py", title=t("Hit or stay? (quiz)"), icon="🎯", url_path="quiz"),
        st.Page("pages/strategy.py", title=t("Strategy explorer"), icon="📈", url_path="strategy"),
        st.Page("pages/simulate.py", title=t("Exact vs simulated"), icon="🎲", url_path="simulate"),
        st.Page("pages/trees.py", title=t("Probability trees"), icon="🌳", url_path="trees"),
        st.Page("pages/urn.py", title=t("The urn"), icon="🏺", url_path="urn"),
        st.Page("pages/models.py", title=t("The models"), icon="📖", url_path="models"),
    ]


def start_app() -> None:
    """What `app.py` runs before any page: page config, the sidebar's switches, the menu; then the page."""
    start_warm_up()
    # A projector link (``present=1``) opens with the sidebar folded away: the class sees only the canvas.
    st.set_page_config(page_title="flip7odds", page_icon="🃏", layout="wide",
                       initial_sidebar_state="collapsed" if flag_on(st.query_params, PRESENT) else "auto")
    st.session_state[_THROUGH_APP] = True
    st.html(TOUCH_STYLE)
    t = choose_language()
    choose_rules(t)
    st.navigation(app_pages(t)).run()


def start_page() -> tuple[Translator, RuleSet]:
    """The first call of every page: it runs inside `app.py`'s navigation; its translator and rule variant.

    Until some session has called ``st.navigation``, Streamlit serves a ``pages/`` folder beside the entry
    point as the legacy multipage layout: a link such as ``/live`` opened first on a fresh server runs the
    page on its own, without `start_app`. In that case only (this session never ran `start_app`), the page
    declares the app's navigation itself (``st.navigation`` switches the legacy layout off for the whole
    server) and reruns: `app.py` then runs, and its navigation opens the linked page, link included.
    """
    if not st.session_state.get(_THROUGH_APP):
        st.navigation(app_pages(current_translator()), position="hidden")
        st.rerun()
    return current_translator(), current_rules()


def choose_language() -> Translator:
    """The sidebar's language switch, run by ``app.py`` before any page.

    The first run takes the language from the address (``?lang=es``, read by `flip7odds.links.read_link`),
    else from the browser (``st.context.locale``), else English; the choice is then kept in the session and
    in the address. A language the app does not have is named in a message (escaped) on the first run.
    """
    def first() -> str:
        link = read_link("home", st.query_params.to_dict())
        linked = link.text(LANGUAGE_PARAMETER)
        language = language_from_locale(linked or st.context.locale)
        for problem in link.problems:
            if problem.parameter == LANGUAGE_PARAMETER:
                st.warning(problem.markdown(translator(language)))
        return language

    _kept_choice(LANGUAGE_PARAMETER, LANGUAGE_CHOSEN_KEY, "Language · Idioma", list(LANGUAGES), LANGUAGES.__getitem__,
                 first)
    return current_translator()


def choose_rules(t: Translator) -> RuleSet:
    """The sidebar's rule variant switch, run by ``app.py``: from the address (``?rules=poker``) at first.

    It offers every variant of `ALL_RULESETS`, which every page handles. An unknown variant in the address is named
    in a message (escaped: the address is anyone's text) and the classic rules are used.
    """
    def first() -> str:
        link = read_link("home", st.query_params.to_dict())
        for problem in link.problems:
            if problem.parameter == RULES_PARAMETER:
                st.warning(problem.markdown(t))
        return link.text(RULES_PARAMETER)

    _kept_choice(RULES_PARAMETER, RULES_CHOSEN_KEY, t("Rules"), list(ALL_RULESETS),
                 lambda name: t(ALL_RULESETS[name].label), first, clear_page=True)
    return current_rules()


def _kept_choice(parameter: str, chosen_key: str, label: str, options: list[str],
                 format_func: Callable[[str], str], first: Callable[[], str], clear_page: bool = False) -> None:
    """A sidebar selectbox (widget key ``parameter``) whose choice is also kept in the address.

    ``first()`` gives a session's first value. The choice is kept under ``chosen_key`` as well: a widget's
    state may be dropped on a run that does not show it (a page switch), and the choice must survive that.
    ``clear_page``: a new choice drops the page's own parameters from the address (a table or a pile of
    one variant's deck means nothing in another's).
    """
    if chosen_key not in st.session_state:
        st.session_state[chosen_key] = first()
    st.session_state[parameter] = st.session_state[chosen_key]

    def keep() -> None:
        st.session_state[chosen_key] = st.session_state[parameter]
        if clear_page:
            st.query_params.from_dict({key: value for key, value in st.query_params.to_dict().items()
                                       if key in APP_PARAMETERS})

    with st.sidebar:
        st.selectbox(label, options, format_func=format_func, key=parameter, on_change=keep)
    st.query_params[parameter] = st.session_state[chosen_key]


def current_translator() -> Translator:
    """The translator for the language chosen in the sidebar, else the address's (``?lang=``), else English.

    The address is the fallback for a page run before any sidebar switch (a page run on its own).
    """
    return translator(st.session_state.get(LANGUAGE_CHOSEN_KEY) or st.query_params.get(LANGUAGE_PARAMETER))


def current_rules() -> RuleSet:
    """The rule variant chosen in the sidebar (classic before any choice)."""
    return ALL_RULESETS.get(st.session_state.get(RULES_CHOSEN_KEY, ""), next(iter(ALL_RULESETS.values())))


def page_link(t: Translator, page: str) -> Link:
    """This page's link, read by `flip7odds.links.read_link` under the sidebar's rules; every parameter that
    could not be used is said once, in the page's language and escaped (the shell says the app-wide ones).

    The values are typed and in range (a bad one replaced by its default), so a page never parses the address
    itself, and nothing a link holds can crash it or make it run long.
    """
    link = read_link(page, st.query_params.to_dict(), current_rules())
    for problem in link.problems:
        if problem.parameter not in APP_PARAMETERS:
            st.warning(problem.markdown(t))
    return link


def app_href(page: str, values: Mapping[str, Value] | None = None) -> str:
    """The in-app address of ``page`` with ``values`` (`flip7odds.links.page_href`), in this session's language
    and rules: a link inside a message (``[the model]({href})``) never drops them."""
    current = read_link("home", {LANG: current_translator().language, RULES: current_rules().name})
    return page_href(page, values, current)


def set_page_parameters(params: Mapping[str, str]) -> None:
    """Make the address hold exactly this page's ``params`` plus the app-wide ones (language, variant).

    A page parameter of the same name as an app-wide one wins (the live page's table names its rules).
    """
    kept = {key: value for key, value in st.query_params.to_dict().items() if key in APP_PARAMETERS}
    wanted = {**kept, **params}
    if st.query_params.to_dict() != wanted:
        st.query_params.from_dict(wanted)


PRESENTATION_MODE = "_flip7odds_presentation"
"""The session's presentation mode, kept apart from the switches that show it (`presentation_switch`)."""
HOME_PRESENT = "present_home"
"""The session key of the home page's *Presentation mode* switch (`home_presentation_switch`)."""


def _carry_switch(key: str) -> None:
    """A switch turned by hand sets the session's presentation mode."""
    st.session_state[PRESENTATION_MODE] = bool(st.session_state[key])


def _switch(t: Translator, key: str) -> bool:
    """The sidebar's *Presentation mode* switch under ``key``, showing the session's mode (the link's, ``present=1``,
    at first); whether it is on. While it is on, the projector's large type
    (`PRESENTATION_CSS`).

    The mode is a session value of its own (`PRESENTATION_MODE`), set from the switch by its callback and copied into
    the switch before each run: a switch's state outlives a visit to a page without it (Streamlit keeps a value set
    through the session's state), so a switch turned off on one page came back on on the next."""
    if PRESENTATION_MODE not in st.session_state:
        st.session_state[PRESENTATION_MODE] = flag_on(st.query_params, PRESENT)
    st.session_state[key] = st.session_state[PRESENTATION_MODE]
    st.sidebar.toggle(t("Presentation mode"), key=key, on_change=_carry_switch, args=(key,))
    on = bool(st.session_state[PRESENTATION_MODE])
    if on:
        st.html(PRESENTATION_CSS)
    return on


def presentation_switch(t: Translator) -> None:
    """The *Presentation mode* switch of the demos, the live odds and the quiz (session key ``present``, which they
    read): see `_switch`. A page keeps the mode in its address with `presenting`."""
    _switch(t, PRESENT)


def home_presentation_switch(t: Translator) -> dict[str, str]:
    """The home page's *Presentation mode* switch (see `_switch`), the address saying ``present=1`` while it is on (its
    other parameters left alone); the parameter that keeps the mode on the next page, else none.

    It has a key of its own (`HOME_PRESENT`): a switch keyed ``present`` here, where every session starts, was set up
    first and the next page's switch kept its state, not the next page's link."""
    on = _switch(t, HOME_PRESENT)
    if flag_on(st.query_params, PRESENT) != on:
        if on:
            st.query_params[PRESENT] = "1"
        else:
            del st.query_params[PRESENT]
    return {PRESENT: "1"} if on else {}


def presenting() -> dict[str, str]:
    """The page parameter that keeps presentation mode in the address (``present=1``) while it is on, else none."""
    return {PRESENT: "1"} if st.session_state.get(PRESENT) else {}


def init_widget(key: str, value: object) -> None:
    """Give a widget its first value (from the link) once per session."""
    if key not in st.session_state:
        st.session_state[key] = value


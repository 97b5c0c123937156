"""App plumbing shared by the pages (kept out of the library, which never imports streamlit)."""

from collections.abc import Callable, Mapping
from typing import TypeVar
from urllib.parse import urlencode

import streamlit as st
from streamlit.runtime.pages_manager import PagesManager

from flip7odds.errors import Flip7Error
from flip7odds.i18n import LANGUAGES, N_, Translator, language_from_locale, translator
from flip7odds.rules import ALL_RULESETS, RuleSet, find_rules
from flip7odds.teaching import PileChoice, SituationText
from flip7odds.teaching_charts import PRESENTATION_CSS, font_size_for

Choice = TypeVar("Choice")
_THROUGH_APP = "_flip7odds_through_app"
RULES_CHOSEN_KEY = "_flip7odds_rules"
"""Session key of the chosen variant (the sidebar widget's own state may be dropped on a page switch)."""
LANGUAGE_CHOSEN_KEY = "_flip7odds_lang"
"""Session key of the chosen language, for the same reason."""

LANGUAGE_PARAMETER = "lang"
"""The query parameter (and session key) holding the app's language: ``?lang=es``."""
RULES_PARAMETER = "rules"
"""The query parameter (and session key) holding the rule variant: ``?rules=poker``."""
APP_PARAMETERS = (LANGUAGE_PARAMETER, RULES_PARAMETER)
"""Query parameters that belong to the whole app; a page's own parameters must leave them alone."""


def chosen(value: Choice | None) -> Choice:
    """The value of a radio or a select box that always has one (options given, a default index): Streamlit
    types it as possibly None, for widgets without a default."""
    assert value is not None, "a widget with options and a default always has a choice"
    return value


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


PILE_CHOICE_NAMES: dict[PileChoice, str] = {
    PileChoice.FRESH: N_("Fresh deck"),
    PileChoice.NUMBERS: N_("Numbers only (79)"),
    PileChoice.CUSTOM: N_("Custom pile"),
}
"""How the teaching sidebar names each pile choice (message ids)."""


def init_widget(key: str, value: object) -> None:
    """Give a widget its first value (from the link) once per session."""
    if key not in st.session_state:
        st.session_state[key] = value


def teaching_sidebar(t: Translator, default_line: str = "") -> tuple[SituationText, PileChoice, int]:
    """The sidebar every teaching demo shares: presentation mode and the situation (pile, line, alone).

    The first run of a session reads them from the page's link (``present``, ``pile``, ``line``, ``seen``,
    ``alone``); ``default_line`` is the line without one. Returns the situation as card notation (with the
    sidebar's rule variant), the pile choice, and the chart font size for the mode.
    """
    query = st.query_params.to_dict()
    init_widget("present", query.get("present") == "1")
    init_widget("pile_choice", PileChoice.from_text(query.get("pile", ""), current_rules()))
    init_widget("pile_text", query.get("pile", ""))
    init_widget("line", query.get("line", default_line))
    init_widget("seen", query.get("seen", ""))
    init_widget("alone", query.get("alone") == "1")
    with st.sidebar:
        st.toggle(t("Presentation mode"), key="present")
        st.subheader(t("Situation"))
        choice: PileChoice = chosen(st.selectbox(t("Pile"), list(PileChoice), key="pile_choice",
                                     format_func=lambda c: t(PILE_CHOICE_NAMES[c])))
        if choice is PileChoice.CUSTOM:
            st.text_input(t("Pile, in card notation"), key="pile_text")
        st.text_input(t("Your line (empty: a new round)"), key="line")
        if choice is PileChoice.FRESH:
            st.text_input(t("Cards seen, out of the pile"), key="seen")
        st.checkbox(t("No other player is active (alone)"), key="alone")
    if st.session_state.present:
        st.html(PRESENTATION_CSS)
    rules = current_rules()
    situation_text = SituationText(line=st.session_state.line, pile=choice.pile(st.session_state.pile_text, rules),
                                   seen=st.session_state.seen if choice is PileChoice.FRESH else "",
                                   alone=st.session_state.alone, rules=rules.name)
    return situation_text, choice, font_size_for(st.session_state.present)


def demo_link(t: Translator, params: Mapping[str, str]) -> str:
    """The teaching demos' caption: a link to this page with these parameters, in the same language and rules."""
    kept = {key: value for key, value in st.query_params.to_dict().items() if key in APP_PARAMETERS}
    return t("Link to this demo: {url}").format(url=f"{st.context.url or ''}?{urlencode({**kept, **params})}")


def choose_language() -> Translator:
    """The sidebar's language switch, run by ``app.py`` before any page.

    The first run takes the language from the address (``?lang=es``), else from the browser
    (``st.context.locale``), else English; the choice is then kept in the session and in the address.
    """
    _kept_choice(LANGUAGE_PARAMETER, LANGUAGE_CHOSEN_KEY, "Language · Idioma", list(LANGUAGES), LANGUAGES.__getitem__,
                 lambda: language_from_locale(st.query_params.get(LANGUAGE_PARAMETER) or st.context.locale))
    return current_translator()


def choose_rules(t: Translator) -> RuleSet:
    """The sidebar's rule variant switch, run by ``app.py``: from the address (``?rules=poker``) at first.

    It offers every variant of `ALL_RULESETS` (With a Vengeance included: a page that does not handle
    it says so with `variant_not_supported`). An unknown variant in the address is named in a message
    and the classic rules are used.
    """
    def first() -> str:
        try:
            return find_rules(st.query_params.get(RULES_PARAMETER, next(iter(ALL_RULESETS))), experimental=True).name
        except Flip7Error as error:
            st.error(t.error(error))
            return next(iter(ALL_RULESETS))

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


def variant_not_supported(t: Translator, rules: RuleSet) -> None:
    """Say, in the page's language, that this page does not handle the chosen variant, and stop the page."""
    st.info(t("This page is not available for the {rules} variant yet: choose another variant in the sidebar "
              "or another page (every other page handles it).").format(rules=t(rules.label)))
    st.stop()


def stop_if_vengeance(t: Translator) -> None:
    """The guard of a page that does not handle With a Vengeance yet: `variant_not_supported` for it."""
    rules = current_rules()
    if rules.vengeance:
        variant_not_supported(t, rules)


def set_page_parameters(params: Mapping[str, str]) -> None:
    """Make the address hold exactly this page's ``params`` plus the app-wide ones (language, variant).

    A page parameter of the same name as an app-wide one wins (the live page's table names its rules).
    """
    kept = {key: value for key, value in st.query_params.to_dict().items() if key in APP_PARAMETERS}
    wanted = {**kept, **params}
    if st.query_params.to_dict() != wanted:
        st.query_params.from_dict(wanted)

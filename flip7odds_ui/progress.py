"""The quiz player's progress: their profile and `PlayerProgress` kept in the session, and the panel under the card.

Each player has a profile of their own (`flip7odds.progress.Profile`): the panel shows only its answers, and
its private link (``/quiz?profile=<key>``) is the way back to it. An answer is queued before it is saved, so a
store that fails loses nothing; the panel says plainly whether progress is being saved and, if not, why.

The panel's summary (streak, accuracy, the mistakes to replay) is cheap and redrawn with each answer;
its charts, the table by category and the download are built only when the player asks for them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from urllib.parse import urlencode

import streamlit as st

from flip7odds.analysis import Decision
from flip7odds.cards import card_name, parse_cards
from flip7odds.errors import Flip7Error
from flip7odds.i18n import ENGLISH, N_, Translator
from flip7odds.links import PROFILE, Link
from flip7odds.markup import escape_markdown
from flip7odds.progress import (
    Answer,
    PlayerProgress,
    ProgressError,
    by_category,
    clean_name,
    mistakes_queue,
    open_progress,
    summarize,
    to_csv,
    weakest_categories,
)
from flip7odds.quiz import TRIVIAL_MARGIN, Grade, Question
from flip7odds.rules import RuleSet
from flip7odds.trainer_charts import category_figure, ev_loss_figure, progress_figure
from flip7odds.vengeance.quiz import VengeanceQuestion
from flip7odds_ui.shell import presenting, set_page_parameters

DECISION_NAMES: dict[Decision, str] = {Decision.HIT: N_("HIT"), Decision.STAY: N_("STAY")}
"""The two answers, as the buttons and the feedback name them (message ids)."""
PROGRESS_KEY = "quiz_progress"
"""Session key of the player's `PlayerProgress` (their profile, the store, the answers waiting to be saved)."""
MESSAGE_KEY = "quiz_progress_message"
REPLAY_KEY = "quiz_replay"
DETAILS_KEY = "quiz_progress_details"
NAME_KEY = "quiz_profile_name"
KEY_KEY = "quiz_profile_key"
PROFILE_OPEN_KEY = "quiz_profile_open_section"
"""Session key of the profile expander's state: its content runs only while it is open."""
LOGGED_KEY = "quiz_progress_logged"
"""Session key of the store problems already written to the server's log (each once a session)."""
LOGGER = logging.getLogger(__name__)


def start_progress(t: Translator, link: Link) -> PlayerProgress:
    """The quiz page's first call: this session's progress, opened once with the link's profile (``?profile=``).

    Without one (a first visit), a profile is made for this browser; the address then holds its key, so the
    page's address is the player's private way back (a bookmark, or the link the panel shows). A key the
    store does not know starts a new profile, and the page says so.
    """
    if PROGRESS_KEY not in st.session_state:
        asked = link.text(PROFILE) or None
        progress = open_progress(asked, name=t("Player"))  # until the player starts a named one
        st.session_state[PROGRESS_KEY] = progress
        if asked is not None and progress.profile.key != asked:
            st.session_state[MESSAGE_KEY] = t("No profile has the key of this link here: a new profile was started.")
    progress = session_progress()
    set_page_parameters({PROFILE: progress.profile.key} | presenting())
    return progress


def say_next_run(message: str) -> None:
    """A message for the panel's next run (a callback cannot draw)."""
    st.session_state[MESSAGE_KEY] = message


def session_progress() -> PlayerProgress:
    """This session's progress (`start_progress` opened it)."""
    progress: PlayerProgress = st.session_state[PROGRESS_KEY]
    return progress


def record(progress: PlayerProgress, question: Question | VengeanceQuestion, answer: Answer) -> None:
    """Save an answer: queued first, so nothing is lost; the panel says whether it was saved (every run)."""
    progress.record(question, answer)


def share(t: Translator, value: float | None) -> str:
    """A share as a whole percentage, or a dash when there is none yet."""
    return "–" if value is None else t.percent(value, 0)


def show_progress(t: Translator, rules: RuleSet, tier: int, replay: Callable[[PlayerProgress, int], None]) -> None:
    """Your progress: your profile and whether it is saved, the mistakes to replay (this variant's, at this
    level), the summary, then on request the charts, the results by category and the download."""
    progress = session_progress()
    message = st.session_state.pop(MESSAGE_KEY, None)
    if message:
        st.warning(escape_markdown(message))
    st.divider()
    st.header(t("Your progress"))
    show_save_status(t, progress)
    history = progress.history()
    skipped = history.notice()
    if skipped is not None:
        st.warning(t.markdown_error(skipped))
    answers = list(history.answers)
    queue = mistakes_queue(answers, rules=rules.name, tier=tier)
    st.subheader(t("Replay my mistakes"))
    if queue:
        st.markdown(t.ngettext("{count} situation to replay:", "{count} situations to replay, worst first:",
                               len(queue)).format(count=len(queue)))
        st.markdown("\n".join("- " + t("`{line}` — you said {answer}, best {best}, lost {loss} ({grade})").format(
            line=line_text(t, item.line, rules), answer=t(DECISION_NAMES[Decision(item.answer)]), best=t(DECISION_NAMES[Decision(item.best)]),
            loss=t.number(item.ev_loss), grade=t(Grade(item.grade).label)) for item in queue[:10]))
        st.button(t("Replay a mistake"), key=REPLAY_KEY, shortcut="M", on_click=replay, args=(progress, tier))
    else:
        st.caption(t("No mistakes to replay at this level."))
    show_profile(t, progress)
    if not answers:
        st.caption(t("Answer a few situations to see your progress here."))
        return
    show_summary(t, answers)
    if st.toggle(t("Charts and results by category"), key=DETAILS_KEY):
        show_details(t, answers)


def line_text(t: Translator, stored: str, rules: RuleSet) -> str:
    """A saved line (the base card notation) as the variant's players read it (poker: ``J Q K``, ``Joker``)."""
    try:
        return " ".join(card_name(card, t, rules) for card in parse_cards(stored, rules))
    except Flip7Error:
        return stored  # a line saved by another version: shown as it was written


def show_save_status(t: Translator, progress: PlayerProgress) -> None:
    """Saved, or not being saved and why (with the answers kept in the session): one message, plainly.

    A player is told where their progress lives in plain words (on this server, or only in this browser
    session), never the server's file path or database address: those, with the store's own reason, go to the
    server's log for whoever runs it (`log_store_problem`).
    """
    status = progress.status
    if progress.notice is not None:
        log_store_problem(progress.notice)
    if not status.saving:
        if status.reason is not None:
            log_store_problem(status.reason)
        st.warning(save_status_text(t, progress))
        return
    if progress.notice is not None:  # the store works, after something was done about it (a file moved aside)
        st.warning(t("The server's progress store had a problem: it was set aside (nothing deleted) and a new one "
                     "was started, so answers from before it are not shown."))
    st.caption(save_status_text(t, progress))


def save_status_text(t: Translator, progress: PlayerProgress) -> str:
    """Where this player's progress is kept, in plain words a player reads (no path, no address)."""
    status = progress.status
    if status.saving:
        return t("Progress saved on this server, in your profile (its private link brings it back).")
    if progress.retry is None and progress.failure is None:  # the store could not be opened: memory only
        return t("Progress is not being saved on this server: your answers are kept in this browser session only "
                 "and are lost when it ends.")
    if status.pending:
        return t.ngettext("Progress is not being saved right now: the server's store cannot be reached. {count} "
                          "answer is kept in this browser session and will be saved when it is back.",
                          "Progress is not being saved right now: the server's store cannot be reached. {count} "
                          "answers are kept in this browser session and will be saved when it is back.",
                          status.pending).format(count=status.pending)
    return t("Progress is not being saved right now: the server's store cannot be reached. Your answers are kept in "
             "this browser session and will be saved when it is back.")


def log_store_problem(problem: ProgressError) -> None:
    """The store's problem, with its path or address, in the server's log: once a session for each message."""
    told: set[str] = st.session_state.setdefault(LOGGED_KEY, set())
    text = ENGLISH.error(problem)
    if text not in told:
        told.add(text)
        LOGGER.log(logging.WARNING, "progress store: %s", text)  # for the server's log, not a page: not translated


def show_profile(t: Translator, progress: PlayerProgress) -> None:
    """Who is playing, the private link back to this profile, and starting or opening another one."""
    st.markdown(t("Playing as **{name}**. Only this profile's answers are shown here.").format(
        name=escape_markdown(progress.profile.name)))
    section = st.expander(t("Your profile: come back to it, or start another"), key=PROFILE_OPEN_KEY, on_change="rerun")
    if not section.open:  # its link and widgets are drawn (and cost an answer's rerun) only while it is open
        return
    with section:
        st.caption(t("Keep this private link (or bookmark this page) to come back to your progress, on this "
                     "device or another. Anyone with it sees your progress: share it with nobody."))
        st.code(profile_address(progress.profile.key), language=None)
        busy = bool(progress.pending)
        with st.container(horizontal=True, vertical_alignment="bottom"):
            st.text_input(t("Your name"), key=NAME_KEY, max_chars=40)
            st.button(t("Start a new profile"), key="quiz_profile_new", disabled=busy, on_click=new_profile,
                      args=(t,))
        with st.container(horizontal=True, vertical_alignment="bottom"):
            st.text_input(t("Key of a profile (the end of its private link)"), key=KEY_KEY, max_chars=64)
            st.button(t("Open this profile"), key="quiz_profile_open", disabled=busy, on_click=open_profile,
                      args=(t,))
        if busy:
            st.caption(t("Switching profiles waits until the answers kept in this session are saved."))


def profile_address(key: str) -> str:
    """The quiz page's address with this profile's key (the player's way back)."""
    base = st.context.url or "/quiz"
    return f"{base.split('?', 1)[0]}?{urlencode({PROFILE: key})}"


def new_profile(t: Translator) -> None:
    """Callback: a new profile with the name typed."""
    try:
        name = clean_name(st.session_state.get(NAME_KEY, ""))
    except ProgressError as error:
        st.session_state[MESSAGE_KEY] = t.error(error)
        return
    switch(open_progress(name=name))


def open_profile(t: Translator) -> None:
    """Callback: the profile of the key typed (or pasted: a whole private link works too)."""
    typed = str(st.session_state.get(KEY_KEY, "")).strip().rsplit(f"{PROFILE}=", 1)[-1]
    progress = session_progress()
    try:
        found = progress.store.profile(typed) if not progress.store.in_memory else None
    except ProgressError as error:
        st.session_state[MESSAGE_KEY] = t.error(error)
        return
    if found is None:
        st.session_state[MESSAGE_KEY] = t("No profile has this key here.")
        return
    switch(open_progress(found.key))


def switch(progress: PlayerProgress) -> None:
    """Use another profile from now on (its key goes into the address on this run)."""
    st.session_state[PROGRESS_KEY] = progress
    st.query_params[PROFILE] = progress.profile.key
    for key in (NAME_KEY, KEY_KEY):
        st.session_state.pop(key, None)


def show_summary(t: Translator, answers: list[Answer]) -> None:
    """Streak, accuracy, EV lost, error rate, and the weakest categories."""
    summary = summarize(answers)
    with st.container(horizontal=True, gap="small"):
        st.metric(t("Streak"), summary.streak, t("best {best}").format(best=summary.best_streak), delta_color="off",
                  delta_arrow="off", width="content")
        st.metric(t("Accuracy"), share(t, summary.accuracy), width="content")
        st.metric(t("Points lost"), t.number(summary.total_ev_lost), width="content")
        st.metric(t("Lost per answer"), "–" if summary.average_ev_lost is None else t.number(summary.average_ev_lost),
                  width="content")
        st.metric(t("Error rate"), share(t, summary.error_rate), width="content",
                  help=t("Share of Inaccuracies or worse among non-trivial decisions (hit and stay within "
                         "{points} points).").format(points=t.number(TRIVIAL_MARGIN, 1)))
    weakest = weakest_categories(answers)
    if weakest:
        st.markdown(t("Weakest categories: {names}").format(
            names=", ".join(f"**{t(w.dimension)}: {t(w.category)}**" for w in weakest)))


def show_details(t: Translator, answers: list[Answer]) -> None:
    """The progress charts, the results by category and the history's download."""
    st.plotly_chart(progress_figure(answers, t))
    st.plotly_chart(ev_loss_figure(answers, t))
    results = by_category(answers)
    st.subheader(t("Results by situation category"))
    st.dataframe([{t("Dimension"): t(r.dimension), t("Category"): t(r.category), t("Answers"): r.answers,
                   t("Accuracy"): share(t, r.accuracy), t("Average EV lost"): t.number(r.average_ev_lost)}
                  for r in results], hide_index=True)
    st.plotly_chart(category_figure(results, t))
    st.download_button(t("Download my history (CSV)"), to_csv(answers),
                       file_name=f"flip7odds-history-{datetime.now():%Y%m%d}.csv", mime="text/csv")


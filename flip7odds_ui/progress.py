"""The quiz player's progress: the store kept in the session, and the panel under the quiz card.

The panel's summary (streak, accuracy, the mistakes to replay) is cheap and redrawn with each answer;
its charts, the table by category and the download are built only when the player asks for them.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import streamlit as st

from flip7odds.analysis import Decision
from flip7odds.errors import Flip7Error
from flip7odds.i18n import N_, Translator
from flip7odds.progress import (
    Answer,
    ProgressError,
    ProgressStore,
    by_category,
    mistakes_queue,
    open_store,
    summarize,
    to_csv,
    weakest_categories,
)
from flip7odds.quiz import TRIVIAL_MARGIN, Grade, Question
from flip7odds.rules import RuleSet
from flip7odds.trainer_charts import category_figure, ev_loss_figure, progress_figure
from flip7odds.vengeance.quiz import VengeanceQuestion

DECISION_NAMES: dict[Decision, str] = {Decision.HIT: N_("HIT"), Decision.STAY: N_("STAY")}
"""The two answers, as the buttons and the feedback name them (message ids)."""
STORE_KEY = "quiz_store"
REPLAY_KEY = "quiz_replay"
DETAILS_KEY = "quiz_progress_details"


def session_store(t: Translator) -> ProgressStore:
    """The progress store of this session (opened once; a damaged or unusable file is said, in memory then)."""
    if STORE_KEY not in st.session_state:
        st.session_state[STORE_KEY] = open_store()
    opened = st.session_state[STORE_KEY]
    if opened.notice:
        st.warning(t.error(opened.notice))
    store: ProgressStore = opened.store
    return store


def record(t: Translator, store: ProgressStore, question: Question | VengeanceQuestion, answer: Answer) -> None:
    """Save an answer; a failure is said on the next run (a callback cannot draw)."""
    try:
        store.record(question, answer)
    except ProgressError as error:
        st.session_state["quiz_save_error"] = t.error(error)


def share(t: Translator, value: float | None) -> str:
    """A share as a whole percentage, or a dash when there is none yet."""
    return "–" if value is None else t.percent(value, 0)


def show_progress(t: Translator, rules: RuleSet, store: ProgressStore, replay: Callable[[Answer], None]) -> None:
    """Your progress: where it is kept, the mistakes to replay (this variant's), the summary, then on request
    the charts, the results by category and the download."""
    error = st.session_state.pop("quiz_save_error", None)
    if error:
        st.error(error)
    st.divider()
    st.header(t("Your progress"))
    try:
        answers = store.answers()
    except ProgressError as failure:
        st.error(t.error(failure))
        answers = []
    st.caption(t("Progress is kept in memory for this session only.") if store.in_memory
               else t("Progress saved in {path}").format(path=store.path))
    # Replays stay within the variant: a Vengeance answer names its variant among its categories, a classic one not.
    queue = [item for item in mistakes_queue(answers)
             if item.categories.get("variant") == (rules.label if rules.vengeance else None)]
    st.subheader(t("Replay my mistakes"))
    if queue:
        st.markdown(t.ngettext("{count} situation to replay:", "{count} situations to replay, worst first:",
                               len(queue)).format(count=len(queue)))
        for item in queue[:10]:
            st.markdown("- " + t("`{line}` — you said {answer}, best {best}, lost {loss} ({grade})").format(
                line=item.line, answer=t(DECISION_NAMES[Decision(item.answer)]),
                best=t(DECISION_NAMES[Decision(item.best)]), loss=t.number(item.ev_loss),
                grade=t(Grade(item.grade).label)))
        st.button(t("Replay a mistake"), key=REPLAY_KEY, shortcut="M", on_click=replay, args=(queue[0],))
    else:
        st.caption(t("No mistakes to replay."))
    if not answers:
        st.caption(t("Answer a few situations to see your progress here."))
        return
    show_summary(t, answers)
    if st.toggle(t("Charts and results by category"), key=DETAILS_KEY):
        show_details(t, answers)


def show_summary(t: Translator, answers: list[Answer]) -> None:
    """Streak, accuracy, EV lost, error rate, and the weakest categories."""
    summary = summarize(answers)
    with st.container(horizontal=True, gap="small"):
        st.metric(t("Streak"), summary.streak, t("best {best}").format(best=summary.best_streak), delta_color="off",
                  width="content")
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


def replay_error(t: Translator, error: Flip7Error) -> None:
    """A mistake that cannot be replayed: said on the next run."""
    st.session_state["quiz_save_error"] = t.error(error)

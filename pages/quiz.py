"""Quiz page: hit or stay in situations from simulated games, graded by the exact optimum; progress saved."""

from datetime import datetime

import numpy as np
import streamlit as st

from app_support import current_translator, run_through_app

run_through_app()

from flip7odds.analysis import Decision
from flip7odds.endgame_quiz import EndgameQuestion, generate_endgame, grade_win_answer
from flip7odds.progress import (
    Answer,
    ProgressError,
    by_category,
    mistakes_queue,
    open_store,
    summarize,
    to_csv,
    weakest_categories,
)
from flip7odds.quiz import (
    CLOSE_CALL,
    GRADE_LIMITS,
    TRIVIAL_MARGIN,
    Grade,
    Question,
    QuizGenerator,
    Tier,
    exact_of,
    grade_answer,
    hint,
)
from flip7odds.trainer_charts import category_figure, ev_loss_figure, progress_figure

# Every user-facing string of the page (a later issue moves them to gettext catalogs).
TEXT = {
    "title": "Hit or stay?",
    "intro": "Situations from simulated games, graded by the exact optimum for your round's expected score. "
             "Keys: **H** hit, **S** stay, **N** next, **M** replay a mistake.",
    "tier": "Difficulty",
    "tiers": {
        Tier.FRESH: "1 · Fresh pile, numbers only",
        Tier.PART_USED: "2 · Part-used pile",
        Tier.MODIFIERS: "3 · Modifiers, Second Chance, alone",
        Tier.CLOSE_CALLS: f"4 · Close calls (within {CLOSE_CALL:g} point)",
    },
    "predict": "Predict first: estimate the bust chance before answering",
    "predict_slider": "Your estimate of the chance that the next card busts you (%)",
    "generating": "Dealing a new situation…",
    "your_line": "Your line",
    "score_now": "worth {score} if you stay",
    "table": "The table",
    "player": "Player",
    "you": "You",
    "seat": "Player {number}",
    "cards": "Cards",
    "status": "Status",
    "total": "Game total",
    "statuses": {"active": "active", "stayed": "stayed", "frozen": "frozen", "bust": "busted",
                 "flip7": "Flip 7", "cut_short": "round over", "no_cards": "out of cards"},
    "pile": "Cards in the pile",
    "discards": "Discards since the shuffle",
    "no_discards": "none",
    "active": "Still active",
    "hit": "HIT",
    "stay": "STAY",
    "next": "Next situation",
    "stay_value": "Stay",
    "hit_value": "Hit (then play on optimally)",
    "ev_lost": "EV lost",
    "points": "{value:.2f} points",
    "whole_points": "{value} points",
    "you_chose": "You chose **{action}**; the best play is **{best}**.",
    "grade": "Grade: **{grade}**",
    "grade_legend": "Grades by expected points lost: Best = the optimal action; {limits}; Blunder = {last:g} or more.",
    "grade_limit": "{grade} < {limit:g}",
    "bust": "Chance that the next card busts you: **{fraction}** ({percent:.1f}%) — {count} of the {size} cards "
            "left would bust you.",
    "bust_second_chance": "The next card cannot bust you: your Second Chance saves you from the first duplicate "
                          "({count} of the {size} cards left would use it).",
    "why": "Why: {sentence}",
    "prediction": "You estimated {guess:.0f}%; the exact chance is {truth:.1f}% — off by {error:.1f} points.",
    "replay_badge": "Replaying a situation you answered badly.",
    "progress": "Your progress",
    "no_answers": "Answer a few situations to see your progress here.",
    "streak": "Streak",
    "best_streak": "best {best}",
    "accuracy": "Accuracy",
    "total_lost": "Total EV lost",
    "average_lost": "Average EV lost",
    "error_rate": "Error rate",
    "error_rate_help": f"Share of Inaccuracies or worse among non-trivial decisions (hit and stay within "
                       f"{TRIVIAL_MARGIN:g} points).",
    "none": "–",
    "chart_progress": "Accuracy and EV lost over time",
    "chart_accuracy": "Accuracy",
    "chart_lost": "Total EV lost",
    "chart_losses": "EV lost per answer",
    "chart_categories": "Average EV lost by category",
    "categories": "Results by situation category",
    "dimension": "Dimension",
    "category": "Category",
    "answers": "Answers",
    "weakest": "Weakest categories: {names}",
    "mistakes": "Replay my mistakes",
    "mistakes_empty": "No mistakes to replay.",
    "mistakes_count": "{count} situation(s) to replay, worst first:",
    "mistake_row": "`{line}` — you said {answer}, best {best}, lost {loss:.2f} ({grade})",
    "replay": "Replay a mistake",
    "download": "Download my history (CSV)",
    "saved_to": "Progress saved in {path}",
    "memory_only": "Progress is kept in memory for this session only.",
    "line_empty": "(no cards)",
}

HIT_KEY, STAY_KEY, NEXT_KEY, REPLAY_KEY = "quiz_hit", "quiz_stay", "quiz_next", "quiz_replay"


def grade_legend() -> str:
    limits = "; ".join(TEXT["grade_limit"].format(grade=grade.value, limit=limit) for grade, limit in GRADE_LIMITS)
    return TEXT["grade_legend"].format(limits=limits, last=GRADE_LIMITS[-1][1])


def generator(tier: Tier) -> QuizGenerator:
    generators = st.session_state.setdefault("quiz_generators", {})
    if tier not in generators:
        generators[tier] = QuizGenerator(tier, np.random.default_rng())
    return generators[tier]


def next_question(tier: Tier) -> Question:
    prefetched = st.session_state.setdefault("quiz_prefetched", {})
    return prefetched.pop(tier, None) or next(generator(tier))


def new_question(tier: Tier, question: Question | None = None, replay: bool = False) -> None:
    st.session_state.quiz_question = question or next_question(tier)
    st.session_state.quiz_feedback = None
    st.session_state.quiz_is_replay = replay


st.title(TEXT["title"])
st.markdown(TEXT["intro"])

if "quiz_store" not in st.session_state:
    st.session_state.quiz_store = open_store()
opened = st.session_state.quiz_store
store = opened.store
if opened.notice:
    st.warning(opened.notice)

tier = st.segmented_control(TEXT["tier"], list(Tier), format_func=lambda t: TEXT["tiers"][t], default=Tier.FRESH,
                            key="quiz_tier") or Tier.FRESH
predict = st.toggle(TEXT["predict"], key="quiz_predict")

question: Question | None = st.session_state.get("quiz_question")
if question is None or (question.situation.tier is not tier and not st.session_state.get("quiz_is_replay")):
    with st.spinner(TEXT["generating"]):
        new_question(tier)
    question = st.session_state.quiz_question
assert question is not None
situation, exact = question.situation, question.exact
feedback = st.session_state.get("quiz_feedback")

if st.session_state.get("quiz_is_replay"):
    st.info(TEXT["replay_badge"])

line = situation.line
st.subheader(TEXT["your_line"])
st.markdown(f"### `{line}` " + TEXT["score_now"].format(score=line.score(situation.rules)))

st.subheader(TEXT["table"])
st.dataframe(
    [{TEXT["player"]: TEXT["you"] if p.seat == situation.you else TEXT["seat"].format(number=p.seat + 1),
      TEXT["cards"]: " ".join(str(card) for card in p.cards) or TEXT["line_empty"],
      TEXT["status"]: TEXT["statuses"].get(p.status, p.status), TEXT["total"]: p.total}
     for p in situation.players],
    hide_index=True,
)
pile_column, active_column = st.columns(2)
pile_column.metric(TEXT["pile"], situation.pile.size)
active_column.metric(TEXT["active"], sum(1 for p in situation.players if p.active))
st.markdown(f"**{TEXT['discards']}** ({situation.discards.size}): `{situation.discards or TEXT['no_discards']}`")

guess = None
if predict:
    guess = st.slider(TEXT["predict_slider"], 0, 100, 25, disabled=feedback is not None, key="quiz_guess")

if feedback is None:
    hit_column, stay_column = st.columns(2)
    clicked = None
    if hit_column.button(TEXT["hit"], key=HIT_KEY, shortcut="H", type="primary", use_container_width=True):
        clicked = Decision.HIT
    if stay_column.button(TEXT["stay"], key=STAY_KEY, shortcut="S", use_container_width=True):
        clicked = Decision.STAY
    if clicked is not None:
        feedback = grade_answer(exact, clicked)
        st.session_state.quiz_feedback = feedback
        st.session_state.quiz_last_guess = guess
        try:
            store.record(question, Answer.of(question, feedback, None if guess is None else guess / 100))
        except ProgressError as error:
            st.error(str(error))
        st.rerun()
else:
    best = exact.decision
    st.markdown(TEXT["you_chose"].format(action=feedback.action.value.upper(), best=best.value.upper()))
    stay_metric, hit_metric, lost_metric = st.columns(3)
    stay_metric.metric(TEXT["stay_value"], TEXT["whole_points"].format(value=exact.stay_score))
    hit_metric.metric(TEXT["hit_value"], TEXT["points"].format(value=exact.hit_score))
    lost_metric.metric(TEXT["ev_lost"], TEXT["points"].format(value=feedback.ev_loss))
    show = st.success if feedback.grade in (Grade.BEST, Grade.FINE) else st.warning
    show(TEXT["grade"].format(grade=feedback.grade.value))
    st.caption(grade_legend())
    if exact.second_chance:
        st.markdown(TEXT["bust_second_chance"].format(count=exact.bust_cards, size=exact.pile_size))
    else:
        probability = exact.bust_probability
        st.markdown(TEXT["bust"].format(fraction=f"{exact.bust_cards}/{exact.pile_size}",
                                        percent=100 * float(probability), count=exact.bust_cards,
                                        size=exact.pile_size))
    st.markdown(TEXT["why"].format(sentence=hint(question)))
    last_guess = st.session_state.get("quiz_last_guess")
    if last_guess is not None:
        truth = 100 * float(exact.bust_probability)
        st.info(TEXT["prediction"].format(guess=last_guess, truth=truth, error=abs(last_guess - truth)))
    if st.button(TEXT["next"], key=NEXT_KEY, shortcut="N", type="primary"):
        new_question(tier)
        st.rerun()



def show_endgame_quiz() -> None:
    """Endgame situations with both game totals, graded by the win probability lost (not saved to progress)."""
    t = current_translator()
    if not st.toggle(t("Endgame: play to win the game"), key="endgame_on",
                     help=t("Two-player situations once a total reaches 150, graded by the chance of winning "
                            "the game an answer loses (docs/winprob.md). Not saved to your progress.")):
        return
    endgame: EndgameQuestion | None = st.session_state.get("endgame_question")
    if endgame is None:
        with st.spinner(TEXT["generating"]):
            seed = int(np.random.SeedSequence().entropy % 2**32)
            endgame = generate_endgame(1, seed=seed)[0]
            st.session_state.endgame_question = endgame
            st.session_state.endgame_feedback = None
    situation = endgame.situation
    theirs = endgame.totals[1 - endgame.you]
    st.markdown(t("Your line `{line}` (worth {score} if you stay). Game totals: you {mine}, the other player "
                  "{theirs}; others still active this round: {others}; pile {pile} cards.").format(
        line=situation.line, score=situation.line.score(situation.rules), mine=endgame.totals[endgame.you],
        theirs=theirs, others=situation.others_active, pile=situation.pile.size))
    feedback = st.session_state.get("endgame_feedback")
    names = {Decision.HIT: t("HIT"), Decision.STAY: t("STAY")}
    if feedback is None:
        hit_column, stay_column = st.columns(2)
        for column, action in ((hit_column, Decision.HIT), (stay_column, Decision.STAY)):
            if column.button(names[action], key=f"endgame_{action.value}", use_container_width=True):
                st.session_state.endgame_feedback = grade_win_answer(endgame, action)
                st.rerun()
        return
    win = endgame.win
    st.markdown(t("Round-EV says {round}, win-probability says {win}: +{margin} points of winning chance").format(
        round=names[endgame.round_ev_decision], win=names[win.decision], margin=t.number(100 * win.margin, 1)))
    stay_metric, hit_metric, lost_metric = st.columns(3)
    stay_metric.metric(t("P(win) if you stay"), t.percent(endgame.win_probability(Decision.STAY)))
    hit_metric.metric(t("P(win) if you hit"), t.percent(endgame.win_probability(Decision.HIT)))
    lost_metric.metric(t("Winning chance lost"), t("{points} points").format(points=t.number(100 * feedback.win_loss, 1)))
    show = st.success if feedback.grade in (Grade.BEST, Grade.FINE) else st.warning
    show(TEXT["grade"].format(grade=feedback.grade.value))
    if st.button(t("Next endgame situation"), key="endgame_next"):
        st.session_state.endgame_question = None
        st.rerun()


show_endgame_quiz()

st.divider()
st.header(TEXT["progress"])
try:
    answers = store.answers()
except ProgressError as error:
    st.error(str(error))
    answers = []
st.caption(TEXT["memory_only"] if store.in_memory else TEXT["saved_to"].format(path=store.path))

queue = mistakes_queue(answers)
st.subheader(TEXT["mistakes"])
if queue:
    st.markdown(TEXT["mistakes_count"].format(count=len(queue)))
    for item in queue[:10]:
        st.markdown("- " + TEXT["mistake_row"].format(line=item.line, answer=item.answer.upper(),
                                                       best=item.best.upper(), loss=item.ev_loss, grade=item.grade))
    if st.button(TEXT["replay"], key=REPLAY_KEY, shortcut="M"):
        try:
            replayed = store.situation(queue[0].situation_key)
            new_question(tier, Question(replayed, exact_of(replayed.situation)), replay=True)
        except ProgressError as error:
            st.error(str(error))
        st.rerun()
else:
    st.caption(TEXT["mistakes_empty"])

if not answers:
    st.caption(TEXT["no_answers"])
else:
    summary = summarize(answers)
    columns = st.columns(5)
    columns[0].metric(TEXT["streak"], summary.streak, TEXT["best_streak"].format(best=summary.best_streak),
                      delta_color="off")
    columns[1].metric(TEXT["accuracy"], f"{summary.accuracy:.0%}" if summary.accuracy is not None else TEXT["none"])
    columns[2].metric(TEXT["total_lost"], f"{summary.total_ev_lost:.2f}")
    columns[3].metric(TEXT["average_lost"],
                      f"{summary.average_ev_lost:.2f}" if summary.average_ev_lost is not None else TEXT["none"])
    columns[4].metric(TEXT["error_rate"], f"{summary.error_rate:.0%}" if summary.error_rate is not None
                      else TEXT["none"], help=TEXT["error_rate_help"])
    weakest = weakest_categories(answers)
    if weakest:
        st.markdown(TEXT["weakest"].format(names=", ".join(f"**{w.dimension}: {w.category}**" for w in weakest)))
    st.plotly_chart(progress_figure(answers, TEXT["chart_progress"], TEXT["chart_accuracy"], TEXT["chart_lost"]))
    st.plotly_chart(ev_loss_figure(answers, TEXT["chart_losses"]))
    results = by_category(answers)
    st.subheader(TEXT["categories"])
    st.dataframe([{TEXT["dimension"]: r.dimension, TEXT["category"]: r.category, TEXT["answers"]: r.answers,
                   TEXT["accuracy"]: f"{r.accuracy:.0%}", TEXT["average_lost"]: f"{r.average_ev_lost:.2f}"}
                  for r in results], hide_index=True)
    st.plotly_chart(category_figure(results, TEXT["chart_categories"]))
    st.download_button(TEXT["download"], to_csv(answers), file_name=f"flip7odds-history-{datetime.now():%Y%m%d}.csv",
                       mime="text/csv")

# Deal the next situation now, while the player reads: it then appears without a wait.
prefetched = st.session_state.setdefault("quiz_prefetched", {})
if tier not in prefetched:
    prefetched[tier] = next(generator(tier))

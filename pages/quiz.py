"""Quiz page: hit or stay in situations from simulated games, graded by the exact optimum; progress saved."""

from collections.abc import Iterable
from datetime import datetime

import numpy as np
import streamlit as st

from app_support import current_rules, current_translator, run_through_app

run_through_app()
t = current_translator()

from flip7odds.analysis import Decision
from flip7odds.cards import Card, card_name
from flip7odds.endgame_quiz import EndgameQuestion, generate_endgame, grade_win_answer
from flip7odds.errors import Flip7Error
from flip7odds.i18n import N_
from flip7odds.progress import (
    Answer,
    ProgressError,
    by_category,
    mistakes_queue,
    open_store,
    question_of,
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
    grade_answer,
    hint,
)
from flip7odds.trainer_charts import category_figure, ev_loss_figure, progress_figure
from flip7odds.vengeance.analysis import CAVEAT
from flip7odds.vengeance.quiz import (
    OPPONENT_GAIN,
    VengeanceQuestion,
    VengeanceQuizGenerator,
    VTier,
    tier_lesson,
    vengeance_card_name,
)
from flip7odds.vengeance.quiz import tier_name as vengeance_tier_name

TIER_NAMES: dict[Tier, str] = {
    Tier.FRESH: N_("1 · Fresh pile, numbers only"),
    Tier.PART_USED: N_("2 · Part-used pile"),
    Tier.MODIFIERS: N_("3 · Modifiers, Second Chance, alone"),
    Tier.CLOSE_CALLS: N_("4 · Close calls (within {points} point)"),
}
# Each difficulty tier's name (message ids).
STATUS_NAMES: dict[str, str] = {
    "active": N_("active"), "stayed": N_("stayed"), "frozen": N_("frozen"), "bust": N_("busted"),
    "flip7": N_("Flip 7"), "cut_short": N_("round over"), "no_cards": N_("out of cards"),
}
# A player's status at the table, by its stored name (message ids).
DECISION_NAMES: dict[Decision, str] = {Decision.HIT: N_("HIT"), Decision.STAY: N_("STAY")}
# The two answers, as the buttons and the feedback name them (message ids).

HIT_KEY, STAY_KEY, NEXT_KEY, REPLAY_KEY = "quiz_hit", "quiz_stay", "quiz_next", "quiz_replay"
VHIT_KEY, VSTAY_KEY, VNEXT_KEY = "vquiz_hit", "vquiz_stay", "vquiz_next"


def grade_legend() -> str:
    limits = "; ".join(f"{t(grade.label)} < {t.number(limit, 1)}" for grade, limit in GRADE_LIMITS)
    return t("Grades by expected points lost: Best = the optimal action; {limits}; Blunder = {last} or more.").format(
        limits=limits, last=t.number(GRADE_LIMITS[-1][1], 0))


def tier_name(tier: Tier) -> str:
    """A difficulty tier as the selector names it."""
    return t(TIER_NAMES[tier]).format(points=t.number(CLOSE_CALL, 0))


def points(value: float) -> str:
    """Expected points, two decimals, in the page's language."""
    return t("{value} points").format(value=t.number(value))


def share(value: float | None) -> str:
    """A share as a whole percentage, or a dash when there is none yet."""
    return "–" if value is None else t.percent(value, 0)


def generator(tier: Tier) -> QuizGenerator:
    """The session's stream of questions of this tier, with the sidebar's rule variant."""
    generators: dict[tuple[str, Tier], QuizGenerator] = st.session_state.setdefault("quiz_generators", {})
    rules = current_rules()
    if (rules.name, tier) not in generators:
        generators[rules.name, tier] = QuizGenerator(tier, np.random.default_rng(), rules)
    return generators[rules.name, tier]


def next_question(tier: Tier) -> Question:
    prefetched = st.session_state.setdefault("quiz_prefetched", {})
    return prefetched.pop((current_rules().name, tier), None) or next(generator(tier))


def new_question(tier: Tier, question: Question | None = None, replay: bool = False) -> None:
    st.session_state.quiz_question = question or next_question(tier)
    st.session_state.quiz_feedback = None
    st.session_state.quiz_is_replay = replay


def show_classic_quiz() -> Tier:
    """The classic and poker quiz: situations from simulated games (returns the tier chosen)."""
    tier = st.segmented_control(t("Difficulty"), list(Tier), format_func=tier_name, default=Tier.FRESH,
                                key="quiz_tier") or Tier.FRESH
    predict = st.toggle(t("Predict first: estimate the bust chance before answering"), key="quiz_predict")

    question: Question | None = st.session_state.get("quiz_question")
    if question is None or ((question.situation.tier is not tier or question.situation.rules != current_rules())
                            and not st.session_state.get("quiz_is_replay")):
        with st.spinner(t("Dealing a new situation…")):
            new_question(tier)
        question = st.session_state.quiz_question
    assert question is not None
    situation, exact = question.situation, question.exact
    feedback = st.session_state.get("quiz_feedback")

    if st.session_state.get("quiz_is_replay"):
        st.info(t("Replaying a situation you answered badly."))

    line = situation.line
    st.subheader(t("Your line"))
    your_cards = " ".join(card_name(card, t, situation.rules) for card in situation.players[situation.you].cards)
    st.markdown(f"### `{your_cards}` " + t("worth {score} if you stay").format(score=line.score(situation.rules)))

    st.subheader(t("The table"))
    st.dataframe(
        [{t("Player"): t("You") if p.seat == situation.you else t("Player {number}").format(number=p.seat + 1),
          t("Cards"): " ".join(card_name(card, t, situation.rules) for card in p.cards) or t("(no cards)"),
          t("Status"): t(STATUS_NAMES[p.status]) if p.status in STATUS_NAMES else p.status, t("Game total"): p.total}
         for p in situation.players],
        hide_index=True,
    )
    pile_column, active_column = st.columns(2)
    pile_column.metric(t("Cards in the pile"), situation.pile.size)
    active_column.metric(t("Still active"), sum(1 for p in situation.players if p.active))
    st.markdown(t("**Discards since the shuffle** ({count}): `{cards}`").format(
        count=situation.discards.size,
        cards=" ".join(card_name(card, t, situation.rules) if count == 1 else f"{card_name(card, t, situation.rules)} ×{count}"
                       for card, count in situation.discards.items_) or t("none")))

    guess = None
    if predict:
        guess = st.slider(t("Your estimate of the chance that the next card busts you (%)"), 0, 100, 25,
                          disabled=feedback is not None, key="quiz_guess")

    if feedback is None:
        hit_column, stay_column = st.columns(2)
        clicked = None
        if hit_column.button(t(DECISION_NAMES[Decision.HIT]), key=HIT_KEY, shortcut="H", type="primary", use_container_width=True):
            clicked = Decision.HIT
        if stay_column.button(t(DECISION_NAMES[Decision.STAY]), key=STAY_KEY, shortcut="S", use_container_width=True):
            clicked = Decision.STAY
        if clicked is not None:
            feedback = grade_answer(exact, clicked)
            st.session_state.quiz_feedback = feedback
            st.session_state.quiz_last_guess = guess
            try:
                store.record(question, Answer.of(question, feedback, None if guess is None else guess / 100))
            except ProgressError as error:
                st.error(t.error(error))
            st.rerun()
    else:
        best = exact.decision
        st.markdown(t("You chose **{action}**; the best play is **{best}**.").format(
            action=t(DECISION_NAMES[feedback.action]), best=t(DECISION_NAMES[best])))
        stay_metric, hit_metric, lost_metric = st.columns(3)
        stay_metric.metric(t("Stay"), t("{value} points").format(value=exact.stay_score))
        hit_metric.metric(t("Hit (then play on optimally)"), points(exact.hit_score))
        lost_metric.metric(t("EV lost"), points(feedback.ev_loss))
        show = st.success if feedback.grade in (Grade.BEST, Grade.FINE) else st.warning
        show(t("Grade: **{grade}**").format(grade=t(feedback.grade.label)))
        st.caption(grade_legend())
        if exact.second_chance:
            st.markdown(t("The next card cannot bust you: your Second Chance saves you from the first duplicate "
                          "({count} of the {size} cards left would use it).").format(count=exact.bust_cards,
                                                                                      size=exact.pile_size))
        else:
            st.markdown(t("Chance that the next card busts you: **{fraction}** ({percent}) — {count} of the {size} cards "
                          "left would bust you.").format(fraction=f"{exact.bust_cards}/{exact.pile_size}",
                                                         percent=t.percent(float(exact.bust_probability)),
                                                         count=exact.bust_cards, size=exact.pile_size))
        st.markdown(t("Why: {sentence}").format(sentence=hint(question, t)))
        last_guess = st.session_state.get("quiz_last_guess")
        if last_guess is not None:
            truth = float(exact.bust_probability)
            st.info(t("You estimated {guess}; the exact chance is {truth} — off by {error} points.").format(
                guess=t.percent(last_guess / 100, 0), truth=t.percent(truth),
                error=t.number(abs(last_guess - 100 * truth), 1)))
        if st.button(t("Next situation"), key=NEXT_KEY, shortcut="N", type="primary"):
            new_question(tier)
            st.rerun()
    return tier


def vengeance_generator(tier: VTier) -> VengeanceQuizGenerator:
    """The session's stream of With a Vengeance questions of this tier, with the sidebar's variant."""
    generators: dict[tuple[str, VTier], VengeanceQuizGenerator] = st.session_state.setdefault("vquiz_generators", {})
    if (rules.name, tier) not in generators:
        generators[rules.name, tier] = VengeanceQuizGenerator(tier, np.random.default_rng(), rules)
    return generators[rules.name, tier]


def next_vengeance_question(tier: VTier) -> VengeanceQuestion:
    prefetched = st.session_state.setdefault("vquiz_prefetched", {})
    return prefetched.pop((rules.name, tier), None) or next(vengeance_generator(tier))


def new_vengeance_question(tier: VTier, question: VengeanceQuestion | None = None, replay: bool = False) -> None:
    st.session_state.vquiz_question = question or next_vengeance_question(tier)
    st.session_state.vquiz_feedback = None
    st.session_state.vquiz_is_replay = replay


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as people read them (The Zero, the Unlucky 7 and the Lucky 13 by name)."""
    return " · ".join(vengeance_card_name(card, t) for card in cards)


def show_vengeance_quiz() -> VTier:
    """With a Vengeance: late-deck situations graded by the exact solver, with the model's caveat (returns the tier)."""
    tier = st.segmented_control(t("Difficulty"), list(VTier), format_func=lambda v: t(vengeance_tier_name(v, rules)),
                                default=VTier.ZERO_AND_UNLUCKY_7, key="vquiz_tier") or VTier.ZERO_AND_UNLUCKY_7
    question: VengeanceQuestion | None = st.session_state.get("vquiz_question")
    if question is None or ((question.situation.tier is not tier or question.situation.rules != rules)
                            and not st.session_state.get("vquiz_is_replay")):
        with st.spinner(t("Dealing a new situation…")):
            new_vengeance_question(tier)
        question = st.session_state.vquiz_question
    assert question is not None
    situation, exact = question.situation.situation, question.exact
    feedback = st.session_state.get("vquiz_feedback")
    if st.session_state.get("vquiz_is_replay"):
        st.info(t("Replaying a situation you answered badly."))
    st.caption(t(tier_lesson(question.situation.tier, situation.rules)).format(gain=t.number(OPPONENT_GAIN, 0)))

    st.subheader(t("Your line"))
    st.markdown(f"### `{cards_text(situation.line.cards)}` "
                + t("worth {score} if you stay").format(score=situation.line.score(situation.rules)))
    st.subheader(t("The other lines"))
    if situation.others:
        st.dataframe([{t("Player"): t("Player {number}").format(number=seat + 2),
                       t("Cards"): cards_text(other.cards) or t("(no cards)")}
                      for seat, other in enumerate(situation.others)], hide_index=True)
    else:
        st.caption(t("No other player can be targeted: every action and modifier you draw is yours."))
    pile_column, busted_column = st.columns(2)
    pile_column.metric(t("Cards in the pile"), situation.pile.size)
    if situation.rules.brutal:
        busted_column.metric(t("Busted players"), situation.busted_others)
    st.markdown(t("**The pile** ({count} cards): `{cards}`").format(
        count=situation.pile.size,
        cards=" · ".join(vengeance_card_name(card, t) if count == 1 else f"{vengeance_card_name(card, t)} ×{count}"
                         for card, count in situation.pile.items_)))
    st.caption(t("A late-deck position: the discards are not reshuffled here, so if the pile runs out your round "
                 "ends as if you stayed."))

    if feedback is None:
        hit_column, stay_column = st.columns(2)
        clicked = None
        if hit_column.button(t(DECISION_NAMES[Decision.HIT]), key=VHIT_KEY, shortcut="H", type="primary",
                             use_container_width=True):
            clicked = Decision.HIT
        if stay_column.button(t(DECISION_NAMES[Decision.STAY]), key=VSTAY_KEY, shortcut="S", use_container_width=True):
            clicked = Decision.STAY
        if clicked is not None:
            st.session_state.vquiz_feedback = feedback = grade_answer(exact, clicked)
            try:
                store.record(question, Answer.of(question, feedback))
            except ProgressError as error:
                st.error(t.error(error))
            st.rerun()
        return tier
    st.markdown(t("You chose **{action}**; the best play is **{best}**.").format(
        action=t(DECISION_NAMES[feedback.action]), best=t(DECISION_NAMES[exact.decision])))
    stay_metric, hit_metric, lost_metric = st.columns(3)
    stay_metric.metric(t("Stay"), t("{value} points").format(value=exact.stay_score))
    hit_metric.metric(t("Hit (then play on optimally)"), points(exact.hit_score))
    lost_metric.metric(t("EV lost"), points(feedback.ev_loss))
    show = st.success if feedback.grade in (Grade.BEST, Grade.FINE) else st.warning
    show(t("Grade: **{grade}**").format(grade=t(feedback.grade.label)))
    st.caption(grade_legend())
    st.markdown(t("Chance that the next card busts you: **{fraction}** ({percent}) — {count} of the {size} cards "
                  "left would bust you.").format(fraction=f"{exact.bust_cards}/{exact.pile_size}",
                                                 percent=t.percent(float(exact.bust_probability)),
                                                 count=exact.bust_cards, size=exact.pile_size))
    st.info(t(CAVEAT) + " " + t("[The model](/models?doc=vengeance)"))
    if st.button(t("Next situation"), key=VNEXT_KEY, shortcut="N", type="primary"):
        new_vengeance_question(tier)
        st.rerun()
    return tier

rules = current_rules()
st.title(t("Hit or stay?"))
if rules.vengeance:
    st.markdown(t("With a Vengeance: late-deck situations, graded by the exact optimum for your round's expected "
                  "score under [the model](/models?doc=vengeance). Keys: **H** hit, **S** stay, **N** next, **M** replay "
                  "a mistake."))
else:
    st.markdown(t("Situations from simulated games, graded by the exact optimum for your round's expected score. "
                  "Keys: **H** hit, **S** stay, **N** next, **M** replay a mistake."))

if "quiz_store" not in st.session_state:
    st.session_state.quiz_store = open_store()
opened = st.session_state.quiz_store
store = opened.store
if opened.notice:
    st.warning(t.error(opened.notice))

if rules.vengeance:
    tier: Tier | VTier = show_vengeance_quiz()
else:
    tier = show_classic_quiz()



def show_endgame_quiz() -> None:
    """Endgame situations with both game totals, graded by the win probability lost (not saved to progress)."""
    t = current_translator()
    if not st.toggle(t("Endgame: play to win the game"), key="endgame_on",
                     help=t("Two-player situations once a total reaches 150, graded by the chance of winning "
                            "the game an answer loses ([the model](/models?doc=winprob)). Not saved to your progress.")):
        return
    endgame: EndgameQuestion | None = st.session_state.get("endgame_question")
    if endgame is None:
        with st.spinner(t("Dealing a new situation…")):
            seed = int(np.random.SeedSequence().generate_state(1)[0])
            endgame = generate_endgame(1, seed=seed)[0]
            st.session_state.endgame_question = endgame
            st.session_state.endgame_feedback = None
    situation = endgame.situation
    theirs = endgame.totals[1 - endgame.you]
    st.markdown(t("Your line `{line}` (worth {score} if you stay). Game totals: you {mine}, the other player "
                  "{theirs}; others still active this round: {others}; pile {pile} cards.").format(
        line=" ".join(card_name(card, t, situation.rules) for card in situation.line.cards),
        score=situation.line.score(situation.rules), mine=endgame.totals[endgame.you],
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
    show(t("Grade: **{grade}**").format(grade=t(feedback.grade.label)))
    if st.button(t("Next endgame situation"), key="endgame_next"):
        st.session_state.endgame_question = None
        st.rerun()


if not rules.vengeance:
    show_endgame_quiz()

st.divider()
st.header(t("Your progress"))
try:
    answers = store.answers()
except ProgressError as error:
    st.error(t.error(error))
    answers = []
st.caption(t("Progress is kept in memory for this session only.") if store.in_memory
           else t("Progress saved in {path}").format(path=store.path))

# Replays stay within the variant: a Vengeance answer names its variant among its categories, a classic one does not.
queue = [item for item in mistakes_queue(answers)
         if item.categories.get("variant") == (rules.label if rules.vengeance else None)]
st.subheader(t("Replay my mistakes"))
if queue:
    st.markdown(t("{count} situation(s) to replay, worst first:").format(count=len(queue)))
    for item in queue[:10]:
        st.markdown("- " + t("`{line}` — you said {answer}, best {best}, lost {loss} ({grade})").format(
            line=item.line, answer=t(DECISION_NAMES[Decision(item.answer)]), best=t(DECISION_NAMES[Decision(item.best)]),
            loss=t.number(item.ev_loss), grade=t(Grade(item.grade).label)))
    if st.button(t("Replay a mistake"), key=REPLAY_KEY, shortcut="M"):
        try:
            replayed = question_of(store.situation(queue[0].situation_key))
            if isinstance(replayed, VengeanceQuestion):
                new_vengeance_question(replayed.situation.tier, replayed, replay=True)
            else:
                new_question(replayed.situation.tier, replayed, replay=True)
        except Flip7Error as error:
            st.error(t.error(error))
        st.rerun()
else:
    st.caption(t("No mistakes to replay."))

if not answers:
    st.caption(t("Answer a few situations to see your progress here."))
else:
    summary = summarize(answers)
    columns = st.columns(5)
    columns[0].metric(t("Streak"), summary.streak, t("best {best}").format(best=summary.best_streak),
                      delta_color="off")
    columns[1].metric(t("Accuracy"), share(summary.accuracy))
    columns[2].metric(t("Total EV lost"), t.number(summary.total_ev_lost))
    columns[3].metric(t("Average EV lost"),
                      "–" if summary.average_ev_lost is None else t.number(summary.average_ev_lost))
    columns[4].metric(t("Error rate"), share(summary.error_rate),
                      help=t("Share of Inaccuracies or worse among non-trivial decisions (hit and stay within "
                             "{points} points).").format(points=t.number(TRIVIAL_MARGIN, 1)))
    weakest = weakest_categories(answers)
    if weakest:
        st.markdown(t("Weakest categories: {names}").format(
            names=", ".join(f"**{t(w.dimension)}: {t(w.category)}**" for w in weakest)))
    st.plotly_chart(progress_figure(answers, t))
    st.plotly_chart(ev_loss_figure(answers, t))
    results = by_category(answers)
    st.subheader(t("Results by situation category"))
    st.dataframe([{t("Dimension"): t(r.dimension), t("Category"): t(r.category), t("Answers"): r.answers,
                   t("Accuracy"): share(r.accuracy), t("Average EV lost"): t.number(r.average_ev_lost)}
                  for r in results], hide_index=True)
    st.plotly_chart(category_figure(results, t))
    st.download_button(t("Download my history (CSV)"), to_csv(answers), file_name=f"flip7odds-history-{datetime.now():%Y%m%d}.csv",
                       mime="text/csv")

# Deal the next situation now, while the player reads: it then appears without a wait.
if isinstance(tier, VTier):
    prefetched = st.session_state.setdefault("vquiz_prefetched", {})
    if (rules.name, tier) not in prefetched:
        prefetched[rules.name, tier] = next(vengeance_generator(tier))
else:
    prefetched = st.session_state.setdefault("quiz_prefetched", {})
    if (rules.name, tier) not in prefetched:
        prefetched[rules.name, tier] = next(generator(tier))

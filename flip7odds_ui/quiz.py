"""The quiz card of each variant: the line, HIT / STAY at once under it, the feedback in their place.

Each card is one fragment, inside the quiz's: an answer or *Next situation* reruns the card alone, with the player's
progress that it writes into its place down the page (buttons with callbacks, no full-page rerun, and not the
settings between them: each widget a rerun re-sends costs the server more than an element). The next situation is dealt in the background while the player reads the feedback
(`deal`), so *Next* usually finds it ready; a session's first situation of a level comes from the server's stock, one
dealt ahead for whoever opens that level next (`Deck.stocked`), so the page opens with it. A new situation scrolls the
page back to its top.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Generic, TypeVar

import numpy as np
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from flip7odds.analysis import Decision
from flip7odds.bounded import Bounds
from flip7odds.cards import Card, card_name, copies_text
from flip7odds.charts import HIT_COLOR, PHONE_SCREEN, STAY_COLOR
from flip7odds.endgame_quiz import EndgameQuestion, generate_endgame, grade_win_answer
from flip7odds.i18n import N_, Translator
from flip7odds.markup import escape_markdown
from flip7odds.progress import Answer, PlayerProgress
from flip7odds.quiz import (
    CLOSE_CALL,
    GRADE_LIMITS,
    Exact,
    Feedback,
    Grade,
    Question,
    QuizGenerator,
    Tier,
    grade_answer,
    hint,
)
from flip7odds.rules import RuleSet
from flip7odds.vengeance.analysis import CAVEAT
from flip7odds.vengeance.quiz import (
    OPPONENT_GAIN,
    VengeanceQuestion,
    VengeanceQuizGenerator,
    VTier,
    tier_lesson,
    vengeance_card_name,
    vengeance_hint,
)
from flip7odds.vengeance.quiz import tier_name as vengeance_tier_name
from flip7odds_ui.answer import HIDE_SCROLLER, certified, scroll_to_top
from flip7odds_ui.progress import DECISION_NAMES, record, say_next_run, session_progress, show_progress
from flip7odds_ui.shell import app_href

TIER_NAMES: dict[Tier, str] = {
    Tier.FRESH: N_("1 · First round, numbers only"),
    Tier.PART_USED: N_("2 · Part-used pile"),
    Tier.MODIFIERS: N_("3 · Modifiers, Second Chance, alone"),
    Tier.CLOSE_CALLS: N_("4 · Close calls (within {points})"),
}
"""Each difficulty tier's name (message ids)."""
STATUS_NAMES: dict[str, str] = {
    "active": N_("active"), "stayed": N_("stayed"), "frozen": N_("frozen"), "bust": N_("busted"),
    "flip7": N_("Flip 7"), "cut_short": N_("round over"), "no_cards": N_("out of cards"),
}
"""A player's status at the table, by its stored name (message ids)."""

STYLE = """
<style>
[data-testid="stMainBlockContainer"] {padding-top: 3.8rem}
HIDE_SCROLLER
h1 {font-size: 1.7rem !important; padding-top: 0 !important}
.st-key-quiz_card h3 {font-size: 1.45rem; padding: 0.2rem 0}
.st-key-quiz_card [data-testid="stMetricValue"] {font-size: 1.35rem}
.st-key-quiz_card button {min-height: 2.9rem}
[data-testid="stMarkdownContainer"] td:first-child {white-space: nowrap}
PHONE_SCREEN {[data-testid="stMarkdownContainer"] :is(th, td) {padding: 0.4rem 0.5rem}}
[class*="st-key-"][class*="_hit"] button {background-color: HIT; border-color: HIT; color: #fff}
[class*="st-key-"][class*="_stay"] button {background-color: STAY; border-color: STAY; color: #fff}
[class*="st-key-"][class*="_hit"] button:hover, [class*="st-key-"][class*="_stay"] button:hover {filter: brightness(1.15);
                                                                                                 color: #fff}
</style>
""".replace("PHONE_SCREEN", PHONE_SCREEN).replace("HIT", HIT_COLOR).replace("STAY", STAY_COLOR).replace(
    "HIDE_SCROLLER", HIDE_SCROLLER)
"""The quiz's style: the line, the answer buttons and the feedback fit one phone screen; HIT green and STAY blue,
as on every page (`flip7odds.charts.HIT_COLOR`, `STAY_COLOR`). The tables' first column (the players: "Jugador 2")
stays on one line, and on a phone the cells' padding is narrower, so that the table fits the screen (it was 8 px
wider) with each name on one line."""

_DEALER = ThreadPoolExecutor(max_workers=2, thread_name_prefix="flip7odds-quiz-dealer")
"""Deals the next situations in the background (the generators simulate games and solve them)."""


TierT = TypeVar("TierT", Tier, VTier)
QuestionT = TypeVar("QuestionT", Question, VengeanceQuestion)


class Deck(Generic[TierT, QuestionT]):
    """One session's questions for one variant: ``prefix`` names its session keys (``quiz`` or ``vquiz``)."""

    def __init__(self, prefix: str, make: Callable[[TierT, RuleSet], Iterator[QuestionT]]) -> None:
        self.prefix = prefix
        self.make: Callable[[TierT, RuleSet], Iterator[QuestionT]] = make
        self.stock: dict[tuple[str, TierT], Future[QuestionT]] = {}
        """The server's questions dealt ahead, one per variant and level (`stocked`)."""
        self.stock_lock = threading.Lock()

    def key(self, name: str) -> str:
        return f"{self.prefix}_{name}"

    def generator(self, rules: RuleSet, tier: TierT) -> Iterator[QuestionT]:
        """The session's stream of questions of this tier and variant."""
        generators = st.session_state.setdefault(self.key("generators"), {})
        if (rules.name, tier) not in generators:
            generators[rules.name, tier] = self.make(tier, rules)
        stream: Iterator[QuestionT] = generators[rules.name, tier]
        return stream

    def deal(self, rules: RuleSet, tier: TierT) -> None:
        """Start dealing the next question of this tier in the background (once: one deal at a time)."""
        prefetched: dict[tuple[str, TierT], Future[QuestionT]] = st.session_state.setdefault(self.key("prefetched"), {})
        if (rules.name, tier) not in prefetched:
            prefetched[rules.name, tier] = _DEALER.submit(next, self.generator(rules, tier))

    def stocked(self, rules: RuleSet, tier: TierT) -> Future[QuestionT]:
        """The server's question of this variant and level, dealt ahead (waited for if not ready; started now on a
        server's first request), and the next one started in its place, each by a stream of its own: a session's
        first question of a level (a Vengeance or poker deal takes up to a second or two) is ready when its page
        opens. Shared by every session of the process, one at a time."""
        def deal_one() -> QuestionT:
            return next(self.make(tier, rules))

        with self.stock_lock:
            taken = self.stock.pop((rules.name, tier), None) or _DEALER.submit(deal_one)
            self.stock[rules.name, tier] = _DEALER.submit(deal_one)
        return taken

    def next_question(self, rules: RuleSet, tier: TierT) -> QuestionT:
        """The question dealt in the background (waited for if not ready); a session's first of a level (it has no
        stream of that level yet) from the server's stock (`stocked`); else one dealt now."""
        prefetched: dict[tuple[str, TierT], Future[QuestionT]] = st.session_state.setdefault(self.key("prefetched"), {})
        dealt = prefetched.pop((rules.name, tier), None)
        if dealt is None and (rules.name, tier) not in st.session_state.get(self.key("generators"), {}):
            dealt = self.stocked(rules, tier)
        return dealt.result() if dealt is not None else next(self.generator(rules, tier))

    def new_question(self, rules: RuleSet, tier: TierT, question: QuestionT | None = None, replay: bool = False) -> None:
        """Callback too: show a new question (``question``: a replayed one)."""
        st.session_state[self.key("question")] = question or self.next_question(rules, tier)
        st.session_state[self.key("feedback")] = None
        st.session_state[self.key("is_replay")] = replay
        st.session_state[self.key("dealt")] = st.session_state.get(self.key("dealt"), 0) + 1

    def current(self, rules: RuleSet, tier: TierT, tier_of: Callable[[QuestionT], TierT],
                rules_of: Callable[[QuestionT], RuleSet], dealing: str) -> QuestionT:
        """The question shown: a new one when the tier or the variant changed (a replay keeps its own)."""
        question: QuestionT | None = st.session_state.get(self.key("question"))
        if question is None or ((tier_of(question) is not tier or rules_of(question) != rules)
                                and not st.session_state.get(self.key("is_replay"))):
            with st.spinner(dealing):
                self.new_question(rules, tier)
            dealt: QuestionT = st.session_state[self.key("question")]
            return dealt
        return question


CLASSIC_DECK: Deck[Tier, Question] = Deck("quiz", lambda tier, rules: QuizGenerator(tier, np.random.default_rng(), rules))
VENGEANCE_DECK: Deck[VTier, VengeanceQuestion] = Deck("vquiz", lambda tier, rules: VengeanceQuizGenerator(tier, np.random.default_rng(), rules))


def points(t: Translator, value: float) -> str:
    """Expected points, two decimals, in the page's language."""
    return t("{value} points").format(value=t.number(value))


def grade_legend(t: Translator) -> str:
    limits = "; ".join(f"{t(grade.label)} < {t.number(limit, 1)}" for grade, limit in GRADE_LIMITS)
    return t("Grades by expected points lost: Best = the optimal action; {limits}; Blunder = {last} or more.").format(
        limits=limits, last=t.number(GRADE_LIMITS[-1][1], 1))


def keys_caption(t: Translator) -> None:
    """The quiz's keyboard shortcuts, in a container that `flip7odds_ui.shell`'s touch-screen rule hides (a phone has
    no keys to press)."""
    with st.container(key="quiz_keys"):
        st.caption(t("Keys: **H** hit, **S** stay, **N** next, **M** replay a mistake."))


def answer_buttons(t: Translator, prefix: str, on_answer: Callable[[Decision], None]) -> None:
    """HIT and STAY side by side, full width, on a phone too (keys H and S)."""
    with st.container(horizontal=True, gap="small"):
        st.button(t(DECISION_NAMES[Decision.HIT]), key=f"{prefix}_hit", shortcut="H", type="primary",
                  width="stretch", on_click=on_answer, args=(Decision.HIT,))
        st.button(t(DECISION_NAMES[Decision.STAY]), key=f"{prefix}_stay", shortcut="S", width="stretch",
                  on_click=on_answer, args=(Decision.STAY,))


def show_grade(t: Translator, feedback: Feedback, exact: Exact, on_next: Callable[[], None], prefix: str) -> None:
    """The feedback's head: what you chose and the best play, Next, the grade and the three values."""
    st.markdown(t("You chose **{action}**; the best play is **{best}**.").format(
        action=t(DECISION_NAMES[feedback.action]), best=t(DECISION_NAMES[exact.decision])))
    show = st.success if feedback.grade in (Grade.BEST, Grade.FINE) else st.warning
    show(t("Grade: **{grade}**").format(grade=t(feedback.grade.label)))
    st.button(t("Next situation"), key=f"{prefix}_next", shortcut="N", type="primary", on_click=on_next)
    with st.container(horizontal=True, gap="small"):
        st.metric(t("Stay"), t.counted("{count} point", "{count} points", exact.stay_score), width="content")
        st.metric(t("Hit (then play on optimally)"), t("{value} points").format(value=hit_value(t, exact)),
                  width="content")
        st.metric(t("EV lost"), points(t, feedback.ev_loss), width="content")


def hit_value(t: Translator, exact: Exact) -> str:
    """What hitting is worth: the exact value, or ``mid ± h`` as every page writes a certified value
    (`flip7odds_ui.answer.certified`: ``h`` is half the interval's width, rounded outward)."""
    half = exact.error_bound / 2
    return certified(t, Bounds(exact.hit_score - half, exact.hit_score + half))


def bust_sentence(t: Translator, exact: Exact) -> str:
    return t.ngettext("Chance that the next card busts you: **{fraction}** ({percent}) — {count} of the {size} card "
                      "left would bust you.",
                      "Chance that the next card busts you: **{fraction}** ({percent}) — {count} of the {size} cards "
                      "left would bust you.", exact.pile_size).format(fraction=f"{exact.bust_cards}/{exact.pile_size}",
                                            percent=t.percent(float(exact.bust_probability)),
                                            count=exact.bust_cards, size=exact.pile_size)


def replay_into(t: Translator, deck: Deck[Any, Any], rules: RuleSet) -> Callable[[PlayerProgress, int], None]:
    """The Replay button's callback for this deck: the worst mistake of this variant and level, shown again
    (in its own variant and at its own level, which are the ones on the screen)."""
    def replay(progress: PlayerProgress, tier: int) -> None:
        replayed = progress.replay(rules.name, tier)
        if replayed is None:
            say_next_run(t("This mistake cannot be replayed: its situation was not found in the store."))
            return
        deck.new_question(rules, replayed.question.situation.tier, replayed.question, replay=True)

    return replay


@st.fragment
def show_classic_quiz(t: Translator, rules: RuleSet) -> None:
    """The classic and poker quiz: situations from simulated games, graded by the exact optimum. The settings rerun it
    all; an answer, Next and Replay rerun the card alone, which redraws your progress too (`show_classic_card`)."""
    deck = CLASSIC_DECK
    card, settings = st.container(key="quiz_card"), st.container()
    with settings:
        tier = st.segmented_control(t("Difficulty"), list(Tier), default=Tier.FRESH, key="quiz_tier",
                                    format_func=lambda v: t(TIER_NAMES[v]).format(
                                        points=t.counted("{count} point", "{count} points", int(CLOSE_CALL)))
                                    ) or Tier.FRESH
        predict = st.toggle(t("Predict first: estimate the bust chance before answering"), key="quiz_predict")
        st.caption(t("Situations from simulated games at every depth of the deck, graded by the optimum for your "
                     "round's expected score (exact, or certified bounds too tight to change a grade)."))
        keys_caption(t)
    show_endgame_quiz(t)
    progress_place = st.container()
    with card:
        show_classic_card(t, rules, deck, tier, predict, progress_place)


@st.fragment
def show_classic_card(t: Translator, rules: RuleSet, deck: Deck[Tier, Question], tier: Tier, predict: bool,
                      progress_place: DeltaGenerator) -> None:
    """The situation, HIT / STAY or the feedback, then the table; and in ``progress_place``, down the page, your
    progress, which every answer changes (`show_card_progress`).

    A fragment of its own inside the quiz's: an answer or Next reruns the card and the progress it writes into
    their place, not the settings between them (their widgets, the captions), nor the endgame quiz's switch."""
    progress = session_progress()
    question: Question = deck.current(rules, tier, lambda q: q.situation.tier, lambda q: q.situation.rules,
                                      t("Dealing a new situation…"))
    situation, exact = question.situation, question.exact
    feedback = st.session_state.get("quiz_feedback")
    scroll_to_top("quiz_dealt")
    if st.session_state.get("quiz_is_replay"):
        st.info(t("Replaying a situation you answered badly."))
    your_cards = " ".join(card_name(card, t, situation.rules) for card in situation.players[situation.you].cards)
    st.markdown(f"### `{your_cards}` " + t("worth {score} if you stay").format(score=situation.line.score(rules)))
    st.markdown(t("Pile **{pile}** · Discards **{discards}** · On the table **{table}**").format(
        pile=situation.pile.size, discards=situation.discards.size,
        table=sum(len(p.cards) for p in situation.players)))

    def on_answer(action: Decision) -> None:
        graded = grade_answer(exact, action)
        st.session_state["quiz_feedback"] = graded
        guess = st.session_state.get("quiz_guess") if predict else None
        st.session_state["quiz_last_guess"] = guess
        record(progress, question, Answer.of(question, graded, None if guess is None else guess / 100))

    if feedback is None:
        if predict:
            st.slider(t("Your estimate of the chance that the next card busts you (%)"), 0, 100, 25, key="quiz_guess")
        answer_buttons(t, "quiz", on_answer)
    else:
        show_estimate(t, exact)
        show_grade(t, feedback, exact, lambda: deck.new_question(rules, tier), "quiz")
        if exact.second_chance:
            st.markdown(t.ngettext("The next card cannot bust you: your Second Chance saves you from the first "
                                   "duplicate ({count} of the {size} card left would use it).",
                                   "The next card cannot bust you: your Second Chance saves you from the first "
                                   "duplicate ({count} of the {size} cards left would use it).",
                                   exact.pile_size).format(count=exact.bust_cards,
                                                                                      size=exact.pile_size))
        else:
            st.markdown(bust_sentence(t, exact))
        st.markdown(t("Why: {sentence}").format(sentence=hint(question, t)))
        st.caption(grade_legend(t))
    show_classic_table(t, question)
    show_card_progress(t, rules, deck, tier, progress_place)


def show_card_progress(t: Translator, rules: RuleSet, deck: Deck[Any, Any], tier: Any,
                       progress_place: DeltaGenerator) -> None:
    """The card's last part: your progress in its place down the page (Streamlit's multiple-container fragment),
    then the next question dealt in the background (once per tier: `Deck.deal`)."""
    with progress_place:
        show_progress(t, rules, tier, replay_into(t, deck, rules))
    deck.deal(rules, tier)


def show_estimate(t: Translator, exact: Exact) -> None:
    """Predict first: your estimate against the exact bust chance, in the estimate's place, right under the line (under
    the grade, it fell below a phone's screen)."""
    last_guess = st.session_state.get("quiz_last_guess")
    if last_guess is not None:
        truth = float(exact.bust_probability)
        st.info(t("You estimated {guess}; the exact chance is {truth} — off by {error} points.").format(
            guess=t.percent(last_guess / 100, 0), truth=t.percent(truth),
            error=t.number(abs(last_guess - 100 * truth), 1)))


def show_classic_table(t: Translator, question: Question) -> None:
    """The other players, who is still active and the discards, under the answer (the pile's count is written once,
    under the line)."""
    situation = question.situation
    st.subheader(t("The table"))
    st.markdown(markdown_table(
        [{t("Player"): t("You") if p.seat == situation.you else t("Player {number}").format(number=p.seat + 1),
          t("Cards"): " ".join(card_name(card, t, situation.rules) for card in p.cards) or t("(no cards)"),
          t("Status"): t(STATUS_NAMES[p.status]) if p.status in STATUS_NAMES else p.status, t("Game total"): p.total}
         for p in situation.players]))
    st.metric(t("Still active"), sum(1 for p in situation.players if p.active), width="content")
    st.markdown(t("**Discards since the shuffle** ({count}): {cards}").format(
        count=situation.discards.size,
        cards=" · ".join(copies_text(card, count, t, situation.rules)
                         for card, count in situation.discards.items_) or t("none")))


def markdown_table(rows: list[dict[str, object]]) -> str:
    """Rows (one dict each, the same keys: the header) as a Markdown table, every cell escaped.

    A static table is one light element: the quiz redraws it with each answer, and an interactive
    ``st.dataframe`` would be built (a pandas frame, then Arrow) each time for these few rows.
    """
    header = list(rows[0])
    lines = ["| " + " | ".join(escape_markdown(name) for name in header) + " |", "|" + " --- |" * len(header)]
    lines += ["| " + " | ".join(escape_markdown(str(row[name])) for name in header) + " |" for row in rows]
    return "\n".join(lines)


def show_endgame_quiz(t: Translator) -> None:
    """Endgame situations with both game totals, graded by the win probability lost (not saved to progress)."""
    if not st.toggle(t("Endgame: play to win the game"), key="endgame_on",
                     help=t("Two-player situations once a total reaches 150, graded by the chance of winning "
                            "the game an answer loses ([the model]({href})). Not saved to your progress."
                            ).format(href=app_href("models", {"doc": "winprob"}))):
        return
    endgame: EndgameQuestion | None = st.session_state.get("endgame_question")
    if endgame is None:
        with st.spinner(t("Dealing a new situation…")):
            endgame = generate_endgame(1, seed=int(np.random.default_rng().integers(2**32)))[0]
            st.session_state.endgame_question = endgame
            st.session_state.endgame_feedback = None
    situation = endgame.situation
    st.markdown(t("Your line `{line}` (worth {score} if you stay). Game totals: you {mine}, the other player "
                  "{theirs}; others still active this round: {others}; pile: {pile}.").format(
        line=" ".join(card_name(card, t, situation.rules) for card in situation.line.cards),
        score=situation.line.score(situation.rules), mine=endgame.totals[endgame.you],
        theirs=endgame.totals[1 - endgame.you], others=situation.others_active,
        pile=t.counted("{count} card", "{count} cards", situation.pile.size)))
    feedback = st.session_state.get("endgame_feedback")
    names = {Decision.HIT: t("HIT"), Decision.STAY: t("STAY")}
    if feedback is None:
        def on_answer(action: Decision) -> None:
            st.session_state.endgame_feedback = grade_win_answer(endgame, action)

        with st.container(horizontal=True, gap="small"):  # side by side on a phone too (columns would stack)
            for action in (Decision.HIT, Decision.STAY):
                st.button(names[action], key=f"endgame_{action.value}", width="stretch", on_click=on_answer,
                          args=(action,))
        return
    win = endgame.win
    st.markdown(t("Round-EV says {round}, win-probability says {win}: +{margin} points of winning chance").format(
        round=names[endgame.round_ev_decision], win=names[win.decision], margin=t.number(100 * win.margin, 1)))
    with st.container(horizontal=True, gap="small"):
        st.metric(t("P(win) if you stay"), t.percent(endgame.win_probability(Decision.STAY)), width="content")
        st.metric(t("P(win) if you hit"), t.percent(endgame.win_probability(Decision.HIT)), width="content")
        st.metric(t("Winning chance lost"), t("{points} points").format(points=t.number(100 * feedback.win_loss, 1)),
                  width="content")
    show = st.success if feedback.grade in (Grade.BEST, Grade.FINE) else st.warning
    show(t("Grade: **{grade}**").format(grade=t(feedback.grade.label)))
    st.button(t("Next endgame situation"), key="endgame_next",
              on_click=lambda: st.session_state.update(endgame_question=None))


def cards_text(t: Translator, cards: Iterable[Card]) -> str:
    """Cards as people read them (The Zero, the Unlucky 7 and the Lucky 13 by name)."""
    return " · ".join(vengeance_card_name(card, t) for card in cards)  # the one name per card (rules' titles)


@st.fragment
def show_vengeance_quiz(t: Translator, rules: RuleSet) -> None:
    """With a Vengeance: situations from every depth graded on the optimum (`flip7odds.quiz`), with the caveat. The
    settings rerun it all; an answer, Next and Replay rerun the card alone (`show_vengeance_card`)."""
    deck = VENGEANCE_DECK
    card, settings = st.container(key="quiz_card"), st.container()
    with settings:
        tier = st.segmented_control(t("Difficulty"), list(VTier), format_func=lambda v: t(vengeance_tier_name(v, rules)),
                                    default=VTier.ZERO_AND_UNLUCKY_7, key="vquiz_tier") or VTier.ZERO_AND_UNLUCKY_7
        st.caption(t("With a Vengeance: situations from every depth of the deck, graded by the optimum for your "
                     "round's expected score under [the model]({href}) (exact, or certified bounds too tight to "
                     "change a grade).").format(href=app_href("models", {"doc": "vengeance"})))
        keys_caption(t)
    progress_place = st.container()
    with card:
        show_vengeance_card(t, rules, deck, tier, progress_place)


@st.fragment
def show_vengeance_card(t: Translator, rules: RuleSet, deck: Deck[VTier, VengeanceQuestion], tier: VTier,
                        progress_place: DeltaGenerator) -> None:
    """The situation, HIT / STAY or the feedback, then the other lines and the pile; and your progress in
    ``progress_place`` (a fragment inside the quiz's, as `show_classic_card`)."""
    progress = session_progress()
    question: VengeanceQuestion = deck.current(rules, tier, lambda q: q.situation.tier,
                                               lambda q: q.situation.situation.rules, t("Dealing a new situation…"))
    situation, exact = question.situation.situation, question.exact
    feedback = st.session_state.get("vquiz_feedback")
    scroll_to_top("vquiz_dealt")
    if st.session_state.get("vquiz_is_replay"):
        st.info(t("Replaying a situation you answered badly."))
    st.markdown(f"### `{cards_text(t, situation.line.cards)}` "
                + t("worth {score} if you stay").format(score=situation.line.score(situation.rules)))

    def on_answer(action: Decision) -> None:
        graded = grade_answer(exact, action)
        st.session_state["vquiz_feedback"] = graded
        record(progress, question, Answer.of(question, graded))

    if feedback is None:
        answer_buttons(t, "vquiz", on_answer)
    else:
        show_grade(t, feedback, exact, lambda: deck.new_question(rules, tier), "vquiz")
        st.markdown(t("Why: {sentence}").format(sentence=vengeance_hint(question, t)))
        st.markdown(bust_sentence(t, exact))
        st.info(t(CAVEAT) + " " + t("[The model]({href})").format(href=app_href("models", {"doc": "vengeance"})))
        st.caption(grade_legend(t))
    st.caption(t(tier_lesson(question.situation.tier, situation.rules)).format(gain=t.number(OPPONENT_GAIN, 0)))
    st.subheader(t("The other lines"))
    if situation.others:
        st.markdown(markdown_table([{t("Player"): t("Player {number}").format(number=seat + 2),
                                     t("Cards"): cards_text(t, other.cards) or t("(no cards)")}
                                    for seat, other in enumerate(situation.others)]))
    else:
        st.caption(t("No other player can be targeted: every action and modifier you draw is yours."))
    if situation.rules.brutal:
        st.metric(t("Busted players"), situation.busted_others, width="content")
    st.markdown(t("**The pile** ({count}): {cards}").format(
        count=t.counted("{count} card", "{count} cards", situation.pile.size),
        cards=" · ".join(copies_text(card, count, t, situation.rules) for card, count in situation.pile.items_)))
    st.caption(t("The discards are not reshuffled here, so if the pile runs out your round ends as if you stayed."))
    show_card_progress(t, rules, deck, tier, progress_place)

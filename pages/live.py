"""Live odds at the table: tap the cards as they come up; see at a glance whether to hit or stay, and why.

The table (your line, the cards seen elsewhere, the discard pile, who is still active) is a
`flip7odds.shoe.Shoe` kept in the session and mirrored in the page's address (`flip7odds.links`), so
a link reproduces it. The numbers come from one cached call of `flip7odds.analysis.analyze`.
"""

from __future__ import annotations

import streamlit as st

from app_support import current_rules, current_translator, run_through_app, set_page_parameters

run_through_app()
t = current_translator()
rules = current_rules()

from flip7odds.analysis import Analysis, Decision, analyze, drawing_pile_size
from flip7odds.cards import SECOND_CHANCE, Card, Category, card_name, parse_cards
from flip7odds.charts import DistributionText, NextCardText, OutcomeGroup, next_card_figure, score_distribution_figure
from flip7odds.cli import win_report
from flip7odds.counts import CardCounts
from flip7odds.endgame import WinAnalysis, analyze_win, parse_totals
from flip7odds.errors import Flip7Error
from flip7odds.i18n import N_
from flip7odds.links import PARAMETERS, decode, encode
from flip7odds.odds import bust_cards, bust_probability, next_card_table
from flip7odds.shoe import (
    MAX_OTHERS_ACTIVE,
    AddCards,
    ClearRound,
    Move,
    NewGame,
    NextRound,
    Place,
    RemoveCards,
    Reshuffle,
    RoundStatus,
    SetOthersActive,
    Shoe,
    Table,
)
from flip7odds.situation import Situation
from flip7odds.win_charts import WinChartText, win_probability_figure
from live_vengeance import show_vengeance_live

PLACE_NAMES: dict[Place, str] = {
    Place.LINE: N_("Your line"),
    Place.SEEN: N_("Seen elsewhere"),
    Place.DISCARDS: N_("Discards"),
}
# Where a card goes, as the picker names it (message ids).
MOVES: dict[type, str] = {
    AddCards: N_("{cards} → {place}"),
    RemoveCards: N_("take back {cards} from {place}"),
    ClearRound: N_("clear the round"),
    NextRound: N_("next round"),
    Reshuffle: N_("reshuffle"),
    NewGame: N_("new game"),
    SetOthersActive: N_("others active = {others}"),
}
# What each move did, for the undo button's tooltip (message ids).


STYLE = """
<style>
.f7-banner {border-radius: 0.8rem; padding: 0.4rem 1rem 0.6rem; color: #fff; text-align: center; margin-bottom: 0.3rem}
.f7-banner .f7-call {font-size: clamp(3rem, 14vw, 6rem); font-weight: 800; line-height: 1.05; letter-spacing: 0.06em}
.f7-banner .f7-sub {font-size: clamp(1rem, 2.2vw, 1.4rem)}
.f7-hit {background: #1b7f3b} .f7-stay {background: #1f4e9c} .f7-bust {background: #b3261e}
.f7-flip7 {background: #b8860b} .f7-frozen {background: #4a6b82}
[data-testid="stMainBlockContainer"] {padding-top: 4.5rem}
.st-key-header h1 {font-size: 2rem; padding: 0}
[data-testid="stMetricValue"] {font-size: 1.9rem}
.st-key-picker button {min-width: 3.4rem; padding: 0.15rem 0.5rem; min-height: 2.6rem}
.st-key-picker button p {font-size: 1.15rem; font-weight: 600}
</style>
"""

SHOE_KEY = "live_shoe"
SYNCED_KEY = "live_synced_params"
NOTICE_KEY = "live_notice"
PLACE_KEY = "live_place"
OTHERS_KEY = "live_others"
SECOND_CHANCE_KEY = "live_second_chance"
TYPED_KEY = "live_typed"
TYPED_PLACE_KEY = "live_typed_place"
CHART_CONFIG = {"displayModeBar": False}


@st.cache_data(show_spinner=False, max_entries=2000, hash_funcs={Situation: repr})
def cached_analysis(situation: Situation) -> Analysis:
    """`analyze`, cached for every session (situations repeat: undo, next round, the same start of a deck)."""
    return analyze(situation)


def cards_text(cards: tuple[Card, ...]) -> str:
    """Cards as chips, in the order given."""
    return " ".join(f":gray-badge[{card_name(card, t, rules)}]" for card in cards) if cards else t("none")


def counts_text(counts: CardCounts) -> str:
    """A pile of cards as chips, one per kind with its count."""
    chips = [
        card_name(card, t, rules) if count == 1 else t("{card} ×{count}").format(card=card_name(card, t, rules), count=count)
        for card, count in counts.items_
    ]
    return " ".join(f":gray-badge[{chip}]" for chip in chips) if chips else t("none")


def move_text(move: Move) -> str:
    """What a move did, for the undo button's tooltip."""
    template = t(MOVES[type(move)])
    if isinstance(move, AddCards | RemoveCards):
        return template.format(
            cards=" ".join(card_name(card, t, rules) for card in move.cards), place=t(PLACE_NAMES[move.place])
        )
    if isinstance(move, SetOthersActive):
        return template.format(others=move.others_active)
    return template


def current_shoe() -> Shoe:
    """The session's shoe, or the one in the page's address when it holds another table (a link was opened).

    The table plays the sidebar's rule variant: choosing another one starts a new game with its rules.
    """
    params = {key: value for key, value in st.query_params.to_dict().items() if key in PARAMETERS}
    stored: Shoe | None = st.session_state.get(SHOE_KEY)
    if stored is not None and stored.table.rules != rules:
        return stored.play(NewGame(rules))
    if stored is not None and (not params or params == st.session_state.get(SYNCED_KEY)):
        return stored
    try:
        linked = Shoe(decode(params))
    except Flip7Error as error:
        st.session_state[NOTICE_KEY] = t(
            "This link does not describe a possible table ({error}), so the table starts empty."
        ).format(error=t.error(error))
        return Shoe.new(rules)
    return linked if linked.table.rules == rules else linked.play(NewGame(rules))


def keep(shoe: Shoe) -> None:
    """Store the shoe in the session and its table in the page's address."""
    params = encode(shoe.table)
    st.session_state[SHOE_KEY] = shoe
    st.session_state[SYNCED_KEY] = params
    set_page_parameters(params)


def play(move: Move) -> None:
    """Button callback: make a move; an impossible one leaves the table as it was and says why."""
    shoe: Shoe = st.session_state[SHOE_KEY]
    try:
        after = shoe.play(move)
    except Flip7Error as error:
        st.session_state[NOTICE_KEY] = as_sentence(error)
        return
    st.session_state[SHOE_KEY] = after
    if isinstance(move, NextRound | NewGame | ClearRound):
        st.session_state[PLACE_KEY] = Place.LINE  # a round starts: the next card is yours
    elif after.table.status is not RoundStatus.PLAYING and shoe.table.status is RoundStatus.PLAYING:
        st.session_state[PLACE_KEY] = Place.SEEN  # your round just ended: the next cards are the others'


def tapped(card: Card) -> None:
    """Callback of a card button: the card goes where the picker points at the moment of the tap."""
    play(AddCards((card,), st.session_state[PLACE_KEY]))


def as_sentence(error: Flip7Error) -> str:
    """A library message (lower case, for any context) as a sentence on its own, in the page's language."""
    message = t.error(error)
    return message[:1].upper() + message[1:]


def undo() -> None:
    """Button callback: take back the last move."""
    st.session_state[SHOE_KEY] = st.session_state[SHOE_KEY].undo()


def others_changed() -> None:
    play(SetOthersActive(int(st.session_state[OTHERS_KEY])))


def second_chance_changed() -> None:
    cards = (SECOND_CHANCE,)
    play(AddCards(cards, Place.LINE) if st.session_state[SECOND_CHANCE_KEY] else RemoveCards(cards, Place.LINE))


def typed(place_move: type[AddCards | RemoveCards]) -> None:
    """Callback of the text entry: add or take back the typed cards."""
    try:
        cards = parse_cards(st.session_state[TYPED_KEY], rules)
    except Flip7Error as error:
        st.session_state[NOTICE_KEY] = as_sentence(error)
        return
    if cards:
        before = st.session_state[SHOE_KEY]
        play(place_move(cards, st.session_state[TYPED_PLACE_KEY]))
        if st.session_state[SHOE_KEY] is not before:
            st.session_state[TYPED_KEY] = ""


def show_banner(call: str, css: str, *lines: str) -> None:
    """The big answer: a word on a coloured band, with a line or two under it."""
    sub = "".join(f'<div class="f7-sub">{line}</div>' for line in lines)
    st.markdown(f'<div class="f7-banner {css}"><div class="f7-call">{call}</div>{sub}</div>', unsafe_allow_html=True)


def show_round_over(table: Table) -> None:
    """Your round ended (bust, Flip 7, frozen): say so, and what to do next."""
    status = table.status
    if status is RoundStatus.BUST:
        show_banner(
            t("BUST"),
            "f7-bust",
            t("A second {card}: you score 0 this round. Your cards stay on the table until the next round.").format(
                card=card_name(table.line[-1], t, rules)
            ),
        )
    elif status is RoundStatus.FLIP_7:
        show_banner(
            t("FLIP 7!"),
            "f7-flip7",
            t("You score {score} this round, the Flip 7 bonus included. The round is over for everyone.").format(
                score=table.line_score
            ),
        )
    else:
        show_banner(
            t("FROZEN"), "f7-frozen", t("You froze yourself and bank {score} points.").format(score=table.line_score)
        )
    st.markdown(t("Keep tapping the other players' cards (they go under *Seen elsewhere*), then **Next round**."))


def show_decision(analysis: Analysis) -> None:
    """The banner: HIT or STAY, with what each is worth."""
    values = {"hit": "—" if analysis.hit_score is None else t.number(analysis.hit_score), "stay": analysis.stay_score, "margin": signed(analysis.margin)}
    if analysis.decision is Decision.HIT:
        show_banner(
            t("HIT"),
            "f7-hit",
            t("Hit ≈ {hit} · Stay {stay} · hitting is worth <b>{margin}</b> points").format(**values),
        )
    else:
        show_banner(
            t("STAY"),
            "f7-stay",
            t("Stay {stay} · Hit ≈ {hit} · staying is worth <b>{margin}</b> points").format(**values),
        )


def signed(value: float) -> str:
    """A number of points with its sign, in the page's language (``+1.25``, ``-0,40``)."""
    return ("+" if value >= 0 else "") + t.number(value)


def bust_now(situation: Situation) -> str:
    """P(the next card busts you) as counts, a fraction and a percentage, and one line in plain words saying why."""
    pile = drawing_pile_size(situation)
    cards = bust_cards(situation)
    line = situation.line
    if not line.numbers:
        why = t("You hold no number yet: no card can bust you.")
    elif line.second_chance:
        why = t("You hold a Second Chance: no card busts you now ({cards} of the {pile} left would use it up).").format(
            cards=cards, pile=pile
        )
    else:
        why = t("{cards} of the {pile} cards left would bust you.").format(cards=cards, pile=pile)
    if situation.pile.size == 0:
        why += " " + t("The pile is empty: the next card comes from the reshuffled discards.")
    shown = 0 if line.second_chance else cards  # bust_probability = shown / pile, exactly
    return t("Bust now: **{cards}/{pile} = {percent}**. {why}").format(
        cards=shown, pile=pile, percent=t.percent(float(bust_probability(situation))), why=why
    )


def show_picker(table: Table, shoe: Shoe) -> None:
    """The thumb input: where cards go, a button per card kind with how many are left, undo / clear / next round."""
    if PLACE_KEY not in st.session_state:
        st.session_state[PLACE_KEY] = Place.LINE if table.status is RoundStatus.PLAYING else Place.SEEN
    st.segmented_control(
        t("Tap a card to add it to"),
        [Place.LINE, Place.SEEN],
        key=PLACE_KEY,
        required=True,
        format_func=lambda place: t(PLACE_NAMES[place]),
        width="stretch",
    )
    left = table.drawing_pile
    with st.container(key="picker"):
        for category in Category:
            with st.container(horizontal=True, gap="small"):
                for card in (card for card in table.rules.kinds if card.category is category):
                    st.button(
                        f"{card_name(card, t, rules)} :small[:gray[{left[card]}]]",
                        key=f"card-{card}",
                        help=t("{card}: {left} left in the pile").format(card=card_name(card, t, rules), left=left[card]),
                        disabled=left[card] == 0,
                        on_click=tapped,
                        args=(card,),
                    )
    with st.container(horizontal=True, gap="small"):
        last = shoe.last_move
        st.button(
            t("↶ Undo"),
            key="undo",
            on_click=undo,
            disabled=last is None,
            help=None if last is None else t("Undo: {move}").format(move=move_text(last)),
        )
        st.button(
            t("Clear round"),
            key="clear",
            on_click=play,
            args=(ClearRound(),),
            help=t("Take this round's cards back into the pile"),
            disabled=not table.on_table.size,
        )
        st.button(
            t("Next round ➜"),
            key="next_round",
            on_click=play,
            args=(NextRound(),),
            type="primary",
            help=t("Every card on the table goes to the discard pile; the pile carries on"),
            disabled=not table.on_table.size,
        )


def show_players(table: Table) -> None:
    """Others still active and your Second Chance: one tap each."""
    st.session_state[OTHERS_KEY] = table.others_active
    st.session_state[SECOND_CHANCE_KEY] = table.second_chance
    with st.container(horizontal=True, vertical_alignment="bottom"):
        st.number_input(
            t("Others still active"),
            min_value=0,
            max_value=MAX_OTHERS_ACTIVE,
            step=1,
            key=OTHERS_KEY,
            on_change=others_changed,
            help=t("Other players who have not stayed or busted this round (0: you are alone)"),
            width=170,
        )
        st.toggle(t("I hold a Second Chance"), key=SECOND_CHANCE_KEY, on_change=second_chance_changed)


def show_table(table: Table) -> None:
    """What is where: your line, the cards seen elsewhere, the counts of the pile and the discards."""
    if table.line:
        st.markdown(
            t("**Your line** ({score} points): {cards}").format(score=table.line_score, cards=cards_text(table.line))
        )
    else:
        st.markdown(t("**Your line:** no card yet"))
    st.markdown(t("**Seen elsewhere this round:** {cards}").format(cards=counts_text(table.seen)))
    st.markdown(
        t("Pile **{pile}** · Discards **{discards}** · On the table **{table}**").format(
            pile=table.pile.size, discards=table.discards.size, table=table.on_table.size
        )
    )


def show_numbers(analysis: Analysis) -> None:
    """The numbers behind the banner."""
    with st.container(horizontal=True, gap="small"):
        st.metric(t("Stay now"), str(analysis.stay_score), width="content")
        if analysis.hit_once_score is not None:
            st.metric(
                t("Hit once, then stay"),
                t.number(float(analysis.hit_once_score)),
                help=t("Expected round score if you take exactly one more card and then stay"),
                width="content",
            )
        st.metric(
            t("Best play"),
            t.number(analysis.optimal_score),
            help=t("Expected round score if you play perfectly from here"),
            width="content",
        )
        st.metric(
            t("Flip 7"),
            t.percent(analysis.flip7_probability),
            help=t("Chance to end with a Flip 7, playing perfectly"),
            width="content",
        )
        st.metric(
            t("Bust (by the end)"),
            t.percent(analysis.bust_final_probability),
            help=t("Chance to end this round busted, playing perfectly"),
            width="content",
        )


def show_scores(analysis: Analysis) -> None:
    """The chart of your final score under optimal play."""
    text = DistributionText(
        title=t("Your final score this round, playing perfectly"),
        score_axis=t("round score"),
        probability_axis=t("chance"),
        bust=t("Bust"),
        score=t("Score"),
        expected=t("expected {value}").format(value=t.number(analysis.optimal_score, 1)),
    )
    figure = score_distribution_figure(
        analysis.distribution, analysis.bust_final_probability, analysis.optimal_score, text
    ).update_layout(separators=t.separators)
    st.plotly_chart(figure, config=CHART_CONFIG, key="scores")


def show_next_card(situation: Situation) -> None:
    """The chart of the next card's outcomes (exact, instant: no solver needed)."""
    text = NextCardText(
        title=t("Next card"),
        card_axis=t("card"),
        probability_axis=t("chance"),
        groups={
            OutcomeGroup.BUST: t("Bust"),
            OutcomeGroup.SAVED: t("Uses your Second Chance"),
            OutcomeGroup.NUMBER: t("Safe number"),
            OutcomeGroup.MODIFIER: t("Modifier"),
            OutcomeGroup.ACTION: t("Action"),
        },
    )
    figure = next_card_figure(next_card_table(situation), text, lambda card: card_name(card, t, rules))
    figure.update_layout(separators=t.separators)
    st.plotly_chart(figure, config=CHART_CONFIG, key="next_card")


def show_typing() -> None:
    """The second way in: card notation typed or pasted, added to or taken back from a place."""
    with st.expander(t("Type cards")):
        st.text_input(t("Cards"), key=TYPED_KEY, placeholder=t("12 7 +4 x2 sc freeze flip3 5*2"))
        st.segmented_control(
            t("Where"),
            list(Place),
            key=TYPED_PLACE_KEY,
            required=True,
            default=Place.LINE,
            format_func=lambda place: t(PLACE_NAMES[place]),
        )
        with st.container(horizontal=True, gap="small"):
            st.button(t("Add"), key="typed_add", on_click=typed, args=(AddCards,))
            st.button(t("Take back"), key="typed_remove", on_click=typed, args=(RemoveCards,))


def show_game(table: Table) -> None:
    """Rules, a new game, the discard pile, and the link."""
    with st.expander(t("Game")):
        st.caption(t("Rules: {rules} (change them in the sidebar)").format(rules=t(table.rules.label)))
        st.button(t("New game / new deck"), key="new_game", on_click=play, args=(NewGame(table.rules),))
        st.markdown(
            t("**Discard pile** ({count}): {cards}").format(
                count=table.discards.size, cards=counts_text(table.discards)
            )
        )
        st.caption(t("The page's address holds this whole table: bookmark it or share it to reproduce it."))


WIN_MINE_KEY = "live_win_mine"
WIN_OTHERS_KEY = "live_win_others"


@st.cache_data(show_spinner=False, max_entries=200, hash_funcs={Situation: repr})
def cached_win(situation: Situation, totals: tuple[int, ...], me: int) -> WinAnalysis:
    """`analyze_win`, cached like `cached_analysis`."""
    return analyze_win(situation, totals, me)


def remembered(key: str, default: int | str) -> None:
    """Keep a widget's value while the page stops before drawing it (no decision yet)."""
    saved = f"{key}_saved"
    if key not in st.session_state:
        st.session_state[key] = st.session_state.get(saved, default)


def show_endgame(situation: Situation, analysis: Analysis) -> None:
    """Play to win the game: the game totals, both advisers side by side, and P(win) against your round score."""
    t = current_translator()
    remembered(WIN_MINE_KEY, 0)
    remembered(WIN_OTHERS_KEY, "")
    with st.expander(t("Play to win the game"), expanded=bool(st.session_state[WIN_OTHERS_KEY])):
        st.caption(t("Game totals with the points already banked this round. Future rounds: every player "
                     "plays for points from a fresh deck; two players exact, more simulated "
                     "([the model](/models?doc=winprob))."))
        with st.container(horizontal=True, gap="small"):
            mine = st.number_input(t("Your game total"), min_value=0, step=1, key=WIN_MINE_KEY)
            others = st.text_input(t("The others' game totals"), placeholder="195, 150", key=WIN_OTHERS_KEY)
        st.session_state[f"{WIN_MINE_KEY}_saved"] = mine
        st.session_state[f"{WIN_OTHERS_KEY}_saved"] = others
        if not others.strip():
            st.caption(t("Enter the others' totals to compare the two advisers."))
            return
        try:
            totals, me = parse_totals(f"{int(mine)},{others}", 0)
            with st.spinner(t("Computing the chance of winning…"), show_time=True):
                win = cached_win(situation, totals, me)
        except Flip7Error as error:
            st.warning(t.error(error))
            return
        st.markdown("  \n".join(win_report(analysis, win, t).splitlines()))
        text = WinChartText(t("Chance of winning the game by your score this round"), t("Your round score"),
                            t("P(win the game)"), t("Stay now: {value}"))
        figure = win_probability_figure(win.utility, analysis.stay_score if analysis.may_stay else None, text)
        st.plotly_chart(figure, config=CHART_CONFIG, key="win_chart")


st.html(STYLE)
if rules.vengeance:
    show_vengeance_live(t, rules, show_banner)
    st.stop()
shoe = current_shoe()
keep(shoe)
table = shoe.table

with st.container(key="header"):
    st.title(t("Live odds"))
    st.caption(t("Tap each card as it comes up. The odds use exactly the cards left in the pile."))
notice = st.session_state.pop(NOTICE_KEY, None)
if notice:
    st.error(notice)
answer = st.container()
picker_column, details_column = st.columns([5, 6], gap="large")
with picker_column:
    show_table(table)
    show_picker(table, shoe)
    show_players(table)
    show_typing()
    show_game(table)
with details_column:
    numbers, next_card, scores = st.container(), st.container(), st.container()

if table.status is not RoundStatus.PLAYING:
    with answer:
        show_round_over(table)
    st.stop()
try:
    situation = table.situation()
except Flip7Error as error:
    with answer:
        st.warning(t("No odds to show: {error}").format(error=t.error(error)))
    st.stop()
with answer:
    banner = st.container()
    st.markdown(bust_now(situation))
with next_card:
    show_next_card(situation)
if situation.line.is_empty:
    # No card in front of you: you may not stay, so there is no decision to compute (and no wait).
    with banner:
        show_banner(t("HIT"), "f7-hit", t("No card in front of you yet: you must take one."))
    st.stop()
try:
    with banner, st.spinner(t("Computing the exact odds…"), show_time=True):
        analysis = cached_analysis(situation)
except Flip7Error as error:  # a situation too big to solve exactly here (the poker deck alone, early on)
    with banner:
        st.warning(t.error(error))
    st.stop()
with banner:
    show_decision(analysis)
with numbers:
    show_numbers(analysis)
with scores:
    show_scores(analysis)
with answer:
    show_endgame(situation, analysis)

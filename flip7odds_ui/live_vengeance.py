"""The Live odds screen for With a Vengeance (`flip7odds_ui.variants.LIVE_VIEWS` of the Vengeance variants).

The table (your line, the other players' lines, busted players, the cards seen, the discard pile) is a
`flip7odds.vengeance.table.VengeanceShoe` kept in the session and mirrored in the page's address
(`flip7odds.vengeance.links`, `flip7odds_ui.live_table`), so a link reproduces it. The next-card odds are
exact and instant (`flip7odds.vengeance.odds`); the best play comes from `flip7odds_ui.cache.answer_of` at
every point of the deck: exact late in the deck, certified bounds earlier (the bar says within how many
points, or that the two choices are too close to call). Everything a tap changes is one fragment: a tap
reruns it alone.
"""

from __future__ import annotations

import streamlit as st

from flip7odds.cards import Card, card_name, copies_text
from flip7odds.counts import CardCounts
from flip7odds.errors import Flip7Error
from flip7odds.i18n import N_, Translator
from flip7odds.markup import escape_markdown
from flip7odds.rules import RuleSet
from flip7odds.shoe import MAX_OTHERS_ACTIVE
from flip7odds.vengeance import CAVEAT, VengeanceSituation, flip7_next_probability, next_card_table
from flip7odds.vengeance.charts import VengeanceNextCardText, VGroup, vengeance_next_card_figure
from flip7odds.vengeance.links import PARAMETERS, decode, encode
from flip7odds.vengeance.odds import bust_cards, drawing_pile
from flip7odds.vengeance.table import (
    AddCards,
    ClearRound,
    MoveCards,
    NewGame,
    NextRound,
    Other,
    Place,
    RemoveCards,
    RoundStatus,
    SetBusted,
    SetOthers,
    Target,
    VengeanceMove,
    VengeanceShoe,
    VengeanceTable,
)
from flip7odds_ui.answer import bust_line, bust_sentence, scroll_to_top, show_answer_bar, show_banner
from flip7odds_ui.cache import answer_of
from flip7odds_ui.details import charts_shown, show_numbers, show_score_chart
from flip7odds_ui.live import TABLE as CLASSIC_TABLE
from flip7odds_ui.live_table import PLACE_NAMES, TableKind
from flip7odds_ui.picker import card_buttons, move_buttons, place_control
from flip7odds_ui.shell import app_href

TARGET_KEY = "vlive_target"
OTHERS_KEY = "vlive_others"
BUSTED_KEY = "vlive_busted"
TYPED_KEY = "vlive_typed"
FROM_KEY = "vlive_from"
TO_KEY = "vlive_to"
TYPING_OPEN_KEY = "vlive_typing_open"
"""Session key of the typing expander's state: its content runs only while it is open."""
GAME_OPEN_KEY = "vlive_game_open"
"""Session key of the *Game* expander's state, likewise."""
CHART_CONFIG = {"displayModeBar": False}
TABLE: TableKind[VengeanceShoe] = TableKind(
    prefix="vlive", place_key=TARGET_KEY, parameters=PARAMETERS, new=VengeanceShoe.new,
    from_parameters=lambda params: VengeanceShoe(decode(params)), parameters_of=encode, new_game=NewGame,
    round_starts=(NextRound, NewGame, ClearRound),
    left_by=CLASSIC_TABLE.synced_key)
"""The With a Vengeance table in the session (``vlive_shoe``, ``vlive_target``, ...) and the address."""

MOVES: dict[type, str] = {
    AddCards: N_("{cards} → {place}"),
    RemoveCards: N_("take back {cards} from {place}"),
    MoveCards: N_("{cards}: {source} → {target}"),
    ClearRound: N_("clear the round"),
    NextRound: N_("next round"),
    NewGame: N_("new game"),
    SetOthers: N_("other players = {count}"),
    SetBusted: N_("busted players = {count}"),
}
GROUP_NAMES: dict[VGroup, str] = {
    VGroup.BUST: N_("Bust"),
    VGroup.SPECIAL: N_("The Zero, Unlucky 7, Lucky 13"),
    VGroup.NUMBER: N_("Safe number"),
    VGroup.MODIFIER: N_("Modifier"),
    VGroup.ACTION: N_("Action"),
}


def show_vengeance_live(t: Translator, rules: RuleSet) -> None:
    """The whole live page for a Vengeance variant: the header, then everything a tap changes as one fragment."""
    with st.container(key="header"):
        st.title(t("Live odds"))
        st.caption(t("{rules}: tap each card as it comes up, and the other players' lines too (Steal and Swap "
                     "depend on them). The odds use exactly the cards left in the pile.").format(rules=t(rules.label)))
    _screen(t, rules)


@st.fragment
def _screen(t: Translator, rules: RuleSet) -> None:
    """The table, the picker and the answer (a fragment: a tap reruns this alone)."""

    def name(card: Card) -> str:
        return card_name(card, t, rules)

    def place_name(target: Target) -> str:
        if isinstance(target, Other):
            return t("Player {number}").format(number=target.index + 2)
        return t(PLACE_NAMES[target])

    def chips(cards: tuple[Card, ...]) -> str:
        return " ".join(f":gray-badge[{name(card)}]" for card in cards) if cards else t("none")

    def counts_chips(counts: CardCounts) -> str:
        shown = [copies_text(card, count, t, rules) for card, count in counts.items_]
        return " ".join(f":gray-badge[{chip}]" for chip in shown) if shown else t("none")

    def move_text(move: VengeanceMove) -> str:
        template = t(MOVES[type(move)])
        if isinstance(move, AddCards | RemoveCards):
            where = move.target if isinstance(move, AddCards) else move.source
            return template.format(cards=" ".join(map(name, move.cards)), place=place_name(where))
        if isinstance(move, MoveCards):
            return template.format(cards=" ".join(map(name, move.cards)), source=place_name(move.source),
                                   target=place_name(move.target))
        if isinstance(move, SetOthers | SetBusted):
            return template.format(count=move.count)
        return template

    def tapped(card: Card) -> None:
        TABLE.play(t, AddCards((card,), st.session_state[TARGET_KEY]))

    def typed(kind: type[AddCards | RemoveCards | MoveCards]) -> None:
        def move(cards: tuple[Card, ...]) -> VengeanceMove:
            source, target = st.session_state[FROM_KEY], st.session_state[TO_KEY]
            return (AddCards(cards, target) if kind is AddCards else RemoveCards(cards, source)
                    if kind is RemoveCards else MoveCards(cards, source, target))

        TABLE.play_typed(t, rules, TYPED_KEY, move)

    def show_round_over(table: VengeanceTable) -> None:
        if table.status is RoundStatus.BUST:
            show_banner(t("BUST"), "f7-bust", t("A second {card}: you score 0 this round. Your cards stay on the "
                                               "table until the next round.").format(card=name(table.line[-1])))
        else:
            show_banner(t("FLIP 7!"), "f7-flip7", t("You score {score} this round, the Flip 7 bonus included. The "
                                                   "round is over for everyone.").format(score=table.line_score))
        st.caption(t("Keep tapping the other players' cards, then **Next round**."))

    def show_table(table: VengeanceTable) -> None:
        if table.line:
            lines = [t("**Your line** ({score}): {cards}").format(
                score=t.counted("{count} point", "{count} points", table.line_score), cards=chips(table.line))]
        else:
            lines = [t("**Your line:** no card yet")]
        for index, cards in enumerate(table.others):
            shown = t("busted this round") if index in table.out else chips(cards)
            lines.append(t("**{player}:** {cards}").format(player=place_name(Other(index)), cards=shown))
        lines.append(t("**Seen elsewhere this round:** {cards}").format(cards=counts_chips(table.seen)))
        lines.append(t("Pile **{pile}** · Discards **{discards}** · On the table **{table}**").format(
            pile=table.pile.size, discards=table.discards.size, table=table.on_table.size))
        st.markdown("\n\n".join(lines))  # one element: each element of a rerun is one more message

    def show_picker(table: VengeanceTable, shoe: VengeanceShoe, targets: list[Target]) -> None:
        if st.session_state.get(TARGET_KEY) not in targets:
            st.session_state[TARGET_KEY] = Place.LINE if table.status is RoundStatus.PLAYING else Place.SEEN
        last = shoe.last_move
        move_buttons(t, None if last is None else move_text(last), TABLE.undo, lambda: TABLE.play(t, ClearRound()),
                     lambda: TABLE.play(t, NextRound()), bool(table.on_table.size))
        place_control(t, targets, TARGET_KEY, place_name)
        card_buttons(t, rules, table.drawing_pile, tapped)

    def show_players(table: VengeanceTable) -> None:
        st.session_state[OTHERS_KEY] = len(table.others)
        st.session_state[BUSTED_KEY] = table.busted
        with st.container(horizontal=True, vertical_alignment="bottom"):
            st.number_input(t("Other players"), min_value=0, max_value=MAX_OTHERS_ACTIVE, step=1,
                            key=OTHERS_KEY, on_change=lambda: TABLE.play(t, SetOthers(int(st.session_state[OTHERS_KEY]))),
                            help=t("Every other player at the table. Those who stayed or are still playing can be "
                                   "targeted by Steal, Swap, Discard and your modifiers"), width=170)
            if rules.brutal:  # busted players count only in Brutal mode (they may be given modifiers)
                st.number_input(t("Busted players"), min_value=0, max_value=MAX_OTHERS_ACTIVE, step=1, key=BUSTED_KEY,
                                on_change=lambda: TABLE.play(t, SetBusted(int(st.session_state[BUSTED_KEY]))),
                                help=t("Brutal mode: modifiers may be given to busted players too"), width=170)

    def show_typing(targets: list[Target]) -> None:
        typing = st.expander(t("Type cards, or move them (Steal, Swap, Discard)"), key=TYPING_OPEN_KEY,
                             on_change="rerun")
        if not typing.open:  # its widgets are drawn (and cost a tap's rerun) only while it is open
            return
        with typing:
            st.text_input(t("Cards"), key=TYPED_KEY, placeholder=t("12 l13 u7 -4 /2 steal 5*2"))
            places = [*targets]
            for key, default in ((FROM_KEY, Place.LINE), (TO_KEY, Place.LINE)):
                if st.session_state.get(key) not in places:
                    st.session_state[key] = default
            with st.container(horizontal=True, gap="small"):
                st.selectbox(t("From"), places, key=FROM_KEY, format_func=place_name, width=170)
                st.selectbox(t("To"), places, key=TO_KEY, format_func=place_name, width=170)
            with st.container(horizontal=True, gap="small"):
                st.button(t("Add"), key="typed_add", on_click=typed, args=(AddCards,),
                          help=t("Drawn from the pile, to the place under To"))
                st.button(t("Back to the pile"), key="typed_remove", on_click=typed, args=(RemoveCards,),
                          help=t("From the place under From, back into the pile"))
                st.button(t("Move"), key="typed_move", on_click=typed, args=(MoveCards,),
                          help=t("From one place to the other: a Steal, a Swap (two moves), a Discard"))

    def show_game(table: VengeanceTable) -> None:
        game = st.expander(t("Game"), key=GAME_OPEN_KEY, on_change="rerun")
        if not game.open:
            return
        with game:
            st.caption(t("Rules: {rules} (change them in the sidebar)").format(rules=t(table.rules.label)))
            st.button(t("New game / new deck"), key="new_game", on_click=TABLE.play, args=(t, NewGame(table.rules)))
            st.markdown(t("**Discard pile** ({count}): {cards}").format(count=table.discards.size,
                                                                       cards=counts_chips(table.discards)))
            st.caption(t("The page's address holds this whole table: bookmark it or share it to reproduce it."))

    def next_card_lines(situation: VengeanceSituation) -> tuple[str, str]:
        pile = drawing_pile(situation).size
        cards = bust_cards(situation)
        bust = bust_sentence(t, cards, pile, bool(situation.line.numbers), False, situation.pile.size == 0)
        flip7 = flip7_next_probability(situation)
        seventh = t("Flip 7 on the next card: **{cards}/{pile} = {percent}**.").format(
            cards=int(flip7 * pile), pile=pile, percent=t.percent(float(flip7)))
        return bust_line(t, cards, pile), f"{bust}  \n{seventh}"

    def show_next_card(situation: VengeanceSituation) -> None:
        text = VengeanceNextCardText(t("Next card"), t("card"), t("chance"),
                                     {group: t(label) for group, label in GROUP_NAMES.items()})
        figure = vengeance_next_card_figure(next_card_table(situation), text, name)
        st.plotly_chart(figure.update_layout(separators=t.separators), config=CHART_CONFIG, key="next_card")

    shoe = TABLE.current(t, rules)
    TABLE.keep(shoe)
    table = shoe.table
    targets: list[Target] = [Place.LINE, *(Other(index) for index in range(len(table.others))
                                           if index not in table.out), Place.SEEN, Place.DISCARDS]
    TABLE.show_notice()
    scroll_to_top(TABLE.round_key)
    picker_column, details_column = st.columns([5, 6], gap="large")
    with picker_column:
        answer = st.container(key="answer")
        under_answer = st.container()
        show_picker(table, shoe, targets)
        show_table(table)
        show_players(table)
    with details_column:
        numbers = st.container()
        show_typing(targets)
        show_game(table)
        st.caption(t(CAVEAT))
        st.markdown(t("How these numbers are computed: [the With a Vengeance model]({href}).").format(
            href=app_href("models", {"doc": "vengeance"})))
        charts = st.container()
    if table.status is not RoundStatus.PLAYING:
        with answer:
            show_round_over(table)
        return
    try:
        situation = table.situation()
    except Flip7Error as error:
        with answer:
            st.warning(t("No odds to show: {error}").format(error=escape_markdown(error.text(t))))
        return
    short, lines = next_card_lines(situation)
    with under_answer:
        st.markdown(lines)
    with charts:
        show_charts = charts_shown(t)
        if show_charts:
            show_next_card(situation)
    if not situation.line.cards:
        with answer:
            show_banner(t("HIT"), "f7-hit", t("No card in front of you yet: you must take one."), short)
        return
    result = answer_of(situation)
    with answer:
        show_answer_bar(t, result, short)
    with numbers:
        show_numbers(t, result)
    if show_charts and result.analysis is not None:
        with charts:
            show_score_chart(t, result.analysis)

"""The Live odds screen for With a Vengeance (`flip7odds_ui.variants.LIVE_VIEWS` of the Vengeance variants).

The table (your line, the other players' lines, busted players, the cards seen, the discard pile) is a
`flip7odds.vengeance.table.VengeanceShoe` kept in the session and mirrored in the page's address
(`flip7odds.vengeance.links`, `flip7odds_ui.live_table`), so a link reproduces it. The next-card odds are
exact and instant (`flip7odds.vengeance.odds`); the best play comes from `flip7odds_ui.cache.answer_of` at
every point of the deck: exact late in the deck, certified bounds earlier (the bar says within how many
points, or that the two choices are too close to call). The screen is a `flip7odds_ui.live_screen.LiveScreen`, laid
out and redrawn as the classic one is (keyed fragments; a move reruns only the parts it changed); this module names
its Vengeance pieces: the places (your line, each other player's, seen elsewhere, the discards), the next-card
sentences (bust, Flip 7), the other players' lines, what Undo says, the players' counts and the sections under the
numbers (typing or moving cards, the game, the model, the charts).
"""

from __future__ import annotations

import streamlit as st

from flip7odds.answer import Answer
from flip7odds.cards import Card, card_name
from flip7odds.i18n import N_, Translator
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
    SetBusted,
    SetOthers,
    Target,
    VengeanceMove,
    VengeanceShoe,
    VengeanceTable,
)
from flip7odds_ui.answer import bust_line, bust_sentence
from flip7odds_ui.details import CHART_CONFIG, charts_shown, show_score_chart
from flip7odds_ui.live import TABLE as CLASSIC_TABLE
from flip7odds_ui.live_screen import LiveScreen, current_answer, play, redraw_after, session_table, show_game, show_live
from flip7odds_ui.live_table import PLACE_NAMES, TableKind
from flip7odds_ui.picker import chips
from flip7odds_ui.shell import app_href

TARGET_KEY = "vlive_target"
OTHERS_KEY = "vlive_others"
BUSTED_KEY = "vlive_busted"
TYPED_KEY = "vlive_typed"
FROM_KEY = "vlive_from"
TO_KEY = "vlive_to"
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


def place_name(t: Translator, target: Target) -> str:
    """A place as the picker names it: another player by seat (you are Player 1)."""
    if isinstance(target, Other):
        return t("Player {number}").format(number=target.index + 2)
    return t(PLACE_NAMES[target])


def targets(table: VengeanceTable) -> list[Target]:
    """Where a tapped card may go: your line, each other player not busted this round, seen elsewhere, the discards."""
    return [Place.LINE, *(Other(index) for index in range(len(table.others)) if index not in table.out), Place.SEEN,
            Place.DISCARDS]


def move_text(t: Translator, rules: RuleSet, move: VengeanceMove) -> str:
    """What a move did, for the Undo button."""
    template = t(MOVES[type(move)])
    if isinstance(move, AddCards | RemoveCards | MoveCards):
        cards = " ".join(card_name(card, t, rules) for card in move.cards)
        if isinstance(move, MoveCards):
            return template.format(cards=cards, source=place_name(t, move.source), target=place_name(t, move.target))
        return template.format(cards=cards, place=place_name(t, move.target if isinstance(move, AddCards) else move.source))
    if isinstance(move, SetOthers | SetBusted):
        return template.format(count=move.count)
    return template


def has_cards(table: VengeanceTable) -> bool:
    """Whether any card is on ``table``: in a line or seen elsewhere (without counting them)."""
    return bool(table.line or table.seen.items_ or any(table.others))


def next_card_lines(t: Translator, situation: VengeanceSituation) -> tuple[str, str]:
    """The bar's short bust count; under the bar, P(bust) and P(Flip 7) on the next card as fractions of counts."""
    pile = drawing_pile(situation).size
    cards = bust_cards(situation)
    bust = bust_sentence(t, cards, pile, bool(situation.line.numbers), False, situation.pile.size == 0)
    flip7 = flip7_next_probability(situation)
    seventh = t("Flip 7 on the next card: **{cards}/{pile} = {percent}**.").format(
        cards=int(flip7 * pile), pile=pile, percent=t.percent(float(flip7)))
    return bust_line(t, cards, pile), f"{bust}  \n{seventh}"


def other_lines(t: Translator, table: VengeanceTable) -> list[str]:
    """Each other player's line for the table's text (or that they busted this round)."""
    return [t("**{player}:** {cards}").format(
        player=place_name(t, Other(index)),
        cards=t("busted this round") if index in table.out else chips(t, table.rules, cards))
        for index, cards in enumerate(table.others)]


def show_players(t: Translator) -> None:
    """How many other players, and (Brutal mode) how many are busted."""
    table: VengeanceTable = session_table(TABLE)
    st.session_state[OTHERS_KEY] = len(table.others)
    st.session_state[BUSTED_KEY] = table.busted
    with st.container(horizontal=True, vertical_alignment="bottom"):
        st.number_input(t("Other players"), min_value=0, max_value=MAX_OTHERS_ACTIVE, step=1, key=OTHERS_KEY,
                        on_change=lambda: play(VLIVE, t, SetOthers(int(st.session_state[OTHERS_KEY]))),
                        help=t("Every other player at the table. Those who stayed or are still playing can be "
                               "targeted by Steal, Swap, Discard and your modifiers"), width=170)
        if table.rules.brutal:  # busted players count only in Brutal mode (they may be given modifiers)
            st.number_input(t("Busted players"), min_value=0, max_value=MAX_OTHERS_ACTIVE, step=1, key=BUSTED_KEY,
                            on_change=lambda: play(VLIVE, t, SetBusted(int(st.session_state[BUSTED_KEY]))),
                            help=t("Brutal mode: modifiers may be given to busted players too"), width=170)


def typed(t: Translator, rules: RuleSet, kind: type[AddCards | RemoveCards | MoveCards]) -> None:
    """Callback of the text entry: add, take back or move the typed cards, between the places chosen beside them."""
    def move(cards: tuple[Card, ...]) -> VengeanceMove:
        source, target = st.session_state[FROM_KEY], st.session_state[TO_KEY]
        return (AddCards(cards, target) if kind is AddCards else RemoveCards(cards, source)
                if kind is RemoveCards else MoveCards(cards, source, target))

    redraw_after(VLIVE, lambda: TABLE.play_typed(t, rules, TYPED_KEY, move))


def show_typing(t: Translator, table: VengeanceTable) -> bool:
    """The second way in: card notation typed or pasted, added, taken back or moved; whether it is open."""
    typing = st.expander(t("Type cards, or move them (Steal, Swap, Discard)"), key=VLIVE.typing_open_key,
                         on_change="rerun")
    if not typing.open:  # its widgets are drawn (and cost a tap's rerun) only while it is open
        return False
    rules, places = table.rules, targets(table)
    with typing:
        st.text_input(t("Cards"), key=TYPED_KEY, placeholder=t("12 l13 u7 -4 /2 steal 5*2"))
        for key in (FROM_KEY, TO_KEY):
            if st.session_state.get(key) not in places:
                st.session_state[key] = Place.LINE
        with st.container(horizontal=True, gap="small"):
            st.selectbox(t("From"), places, key=FROM_KEY, format_func=lambda place: place_name(t, place), width=170)
            st.selectbox(t("To"), places, key=TO_KEY, format_func=lambda place: place_name(t, place), width=170)
        with st.container(horizontal=True, gap="small"):
            st.button(t("Add"), key="typed_add", on_click=typed, args=(t, rules, AddCards),
                      help=t("Drawn from the pile, to the place under To"))
            st.button(t("Back to the pile"), key="typed_remove", on_click=typed, args=(t, rules, RemoveCards),
                      help=t("From the place under From, back into the pile"))
            st.button(t("Move"), key="typed_move", on_click=typed, args=(t, rules, MoveCards),
                      help=t("From one place to the other: a Steal, a Swap (two moves), a Discard"))
    return True


def show_charts(t: Translator, situation: VengeanceSituation, result: Answer | None) -> bool:
    """The next card's outcomes and (when the exact solver answered) the final score's distribution, built only
    when the switch is on; whether it is."""
    if not charts_shown(t):
        return False
    text = VengeanceNextCardText(t("Next card"), t("card"), t("chance"),
                                 {group: t(label) for group, label in GROUP_NAMES.items()})
    figure = vengeance_next_card_figure(next_card_table(situation), text,
                                        lambda card: card_name(card, t, situation.rules))
    st.plotly_chart(figure.update_layout(separators=t.separators), config=CHART_CONFIG, key="next_card")
    if result is not None and result.analysis is not None:
        show_score_chart(t, result.analysis)
    return True


def show_tools(t: Translator) -> None:
    """Under the numbers: typing or moving cards, the game, the model's caveat and link, the charts (a move reruns
    them only while one is open)."""
    table: VengeanceTable = session_table(TABLE)
    typing_open = show_typing(t, table)
    game_open = show_game(t, VLIVE, table)
    st.caption(t(CAVEAT))
    st.markdown(t("How these numbers are computed: [the With a Vengeance model]({href}).").format(
        href=app_href("models", {"doc": "vengeance"})))
    situation, result = current_answer(table)
    charts_on = situation is not None and show_charts(t, situation, result)
    st.session_state[VLIVE.tools_open_key] = typing_open or game_open or charts_on


VLIVE = LiveScreen(
    table=TABLE, places=targets, place_name=place_name, move_text=move_text, add=AddCards, has_cards=has_cards,
    players=lambda table: (len(table.others), table.busted), bust_now=next_card_lines, other_lines=other_lines,
    round_over_hint=N_("Keep tapping the other players' cards, then **Next round**."),
    show_players=show_players, show_tools=show_tools)
"""The With a Vengeance live screen."""
TYPING_OPEN_KEY, GAME_OPEN_KEY = VLIVE.typing_open_key, VLIVE.game_open_key


def show_vengeance_live(t: Translator, rules: RuleSet) -> None:
    """The whole live page for a Vengeance variant: the header, then the screen."""
    with st.container(key="header"):
        st.title(t("Live odds"))
        st.caption(t("{rules}: tap each card as it comes up, and the other players' lines too (Steal and Swap "
                     "depend on them). The odds use exactly the cards left in the pile.").format(rules=t(rules.label)))
    show_live(t, rules, VLIVE)

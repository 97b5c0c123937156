"""Live odds for the classic and poker rules: the table in the session and the address, the picker, the answer.

The table (your line, the cards seen elsewhere, the discard pile, who is still active) is a
`flip7odds.shoe.Shoe` kept in the session and mirrored in the page's address (`flip7odds.links`), so a link
reproduces it (`flip7odds_ui.live_table`). The screen is a `flip7odds_ui.live_screen.LiveScreen` (keyed fragments,
one per part that changes on its own; a move reruns only the parts it changed); this module names its classic
pieces: the places (your line, seen elsewhere), the bust sentence, what Undo says, the players (others still
active, your Second Chance) and the sections under the numbers (typing cards, the game, the charts).
"""

from __future__ import annotations

import streamlit as st

from flip7odds.analysis import drawing_pile_size
from flip7odds.cards import SECOND_CHANCE, card_name
from flip7odds.i18n import N_, Translator
from flip7odds.links import PARAMETERS, decode, encode
from flip7odds.odds import bust_cards
from flip7odds.rules import RuleSet
from flip7odds.shoe import (
    MAX_OTHERS_ACTIVE,
    AddCards,
    ClearRound,
    Move,
    NewGame,
    NextRound,
    Place,
    RemoveCards,
    SetOthersActive,
    Shoe,
    Table,
)
from flip7odds.situation import Situation
from flip7odds_ui.answer import bust_line, bust_sentence
from flip7odds_ui.details import show_charts
from flip7odds_ui.live_screen import LiveScreen, current_answer, play, redraw_after, session_table, show_game, show_live
from flip7odds_ui.live_table import PLACE_NAMES, TableKind

MOVES: dict[type, str] = {
    AddCards: N_("{cards} → {place}"),
    RemoveCards: N_("take back {cards} from {place}"),
    ClearRound: N_("clear the round"),
    NextRound: N_("next round"),
    NewGame: N_("new game"),
    SetOthersActive: N_("others active = {others}"),
}
"""What each move did, for the Undo button's label (message ids)."""

OTHERS_KEY = "live_others"
SECOND_CHANCE_KEY = "live_second_chance"
TYPED_KEY = "live_typed"
TYPED_PLACE_KEY = "live_typed_place"
TABLE: TableKind[Shoe] = TableKind(
    prefix="live", place_key="live_place", parameters=PARAMETERS, new=Shoe.new,
    from_parameters=lambda params: Shoe(decode(params)), parameters_of=encode, new_game=NewGame,
    round_starts=(NextRound, NewGame, ClearRound))
"""The classic and poker table in the session (``live_shoe``, ``live_place``, ...) and the address."""


def move_text(t: Translator, rules: RuleSet, move: Move) -> str:
    """What a move did, for the Undo button."""
    template = t(MOVES[type(move)])
    if isinstance(move, AddCards | RemoveCards):
        return template.format(cards=" ".join(card_name(card, t, rules) for card in move.cards),
                               place=t(PLACE_NAMES[move.place]))
    if isinstance(move, SetOthersActive):
        return template.format(others=move.others_active)
    return template


def show_header(t: Translator) -> None:
    """The page's title (drawn on a run of the whole page, not on a tap)."""
    with st.container(key="header"):
        st.title(t("Live odds"))
        st.caption(t("Tap each card as it comes up. The odds use exactly the cards left in the pile."))


def bust_now(t: Translator, situation: Situation) -> tuple[str, str]:
    """P(the next card busts you): the bar's short count, and the full sentence with a fraction and why."""
    pile = drawing_pile_size(situation)
    cards = bust_cards(situation)
    line = situation.line
    short = bust_line(t, 0 if line.second_chance else cards, pile)  # bust_probability = shown / pile, exactly
    return short, bust_sentence(t, cards, pile, bool(line.numbers), line.second_chance, situation.pile.size == 0)


def has_cards_on_table(table: Table) -> bool:
    """Whether any card is on ``table``: in your line or seen elsewhere (``Table.on_table`` is not empty, without
    counting it: a move's callback asks before and after)."""
    return bool(table.line or table.seen.items_)


def show_players(t: Translator) -> None:
    """Others still active and your Second Chance: one tap each."""
    table: Table = session_table(TABLE)
    st.session_state[OTHERS_KEY] = table.others_active
    st.session_state[SECOND_CHANCE_KEY] = table.second_chance
    second_chance = (SECOND_CHANCE,)
    with st.container(horizontal=True, vertical_alignment="bottom"):
        st.number_input(t("Others still active"), min_value=0, max_value=MAX_OTHERS_ACTIVE, step=1, key=OTHERS_KEY,
                        on_change=lambda: play(LIVE, t, SetOthersActive(int(st.session_state[OTHERS_KEY]))), width=170,
                        help=t("Other players who have not stayed or busted this round (0: you are alone)"))
        st.toggle(t("I hold a Second Chance"), key=SECOND_CHANCE_KEY,
                  on_change=lambda: play(LIVE, t, AddCards(second_chance, Place.LINE) if st.session_state[SECOND_CHANCE_KEY]
                                         else RemoveCards(second_chance, Place.LINE)))


def show_typing(t: Translator, rules: RuleSet) -> bool:
    """The second way in: card notation typed or pasted, added to or taken back from a place; whether it is open."""
    typing = st.expander(t("Type cards"), key=LIVE.typing_open_key, on_change="rerun")
    if not typing.open:  # its widgets are drawn (and cost a tap's rerun) only while it is open
        return False
    with typing:
        st.text_input(t("Cards"), key=TYPED_KEY, placeholder=t("12 7 +4 x2 sc freeze flip3 5*2"))
        st.segmented_control(t("Where"), list(Place), key=TYPED_PLACE_KEY, required=True, default=Place.LINE,
                             format_func=lambda place: t(PLACE_NAMES[place]))
        with st.container(horizontal=True, gap="small"):
            st.button(t("Add"), key="typed_add", on_click=typed, args=(t, rules, AddCards))
            st.button(t("Take back"), key="typed_remove", on_click=typed, args=(t, rules, RemoveCards))
    return True


def typed(t: Translator, rules: RuleSet, kind: type[AddCards | RemoveCards]) -> None:
    """Callback of the text entry: add or take back the typed cards, at the place chosen beside them."""
    redraw_after(LIVE, lambda: TABLE.play_typed(t, rules, TYPED_KEY,
                                                lambda cards: kind(cards, st.session_state[TYPED_PLACE_KEY])))


def show_tools(t: Translator) -> None:
    """Under the numbers: typing cards, the game, the charts (a move reruns them only while one is open)."""
    table: Table = session_table(TABLE)
    typing_open = show_typing(t, table.rules)
    game_open = show_game(t, LIVE, table)
    situation, result = current_answer(table)
    charts_on = situation is not None and show_charts(t, situation, result)
    st.session_state[LIVE.tools_open_key] = typing_open or game_open or charts_on


LIVE = LiveScreen(
    table=TABLE, places=lambda table: [Place.LINE, Place.SEEN], place_name=lambda t, place: t(PLACE_NAMES[place]),
    move_text=move_text, add=AddCards, has_cards=has_cards_on_table,
    players=lambda table: (table.others_active, table.second_chance), bust_now=bust_now,
    other_lines=lambda t, table: [],
    round_over_hint=N_("Keep tapping the other players' cards (they go under *Seen elsewhere*), then **Next round**."),
    show_players=show_players, show_tools=show_tools)
"""The classic and poker live screen."""
TYPING_OPEN_KEY, GAME_OPEN_KEY = LIVE.typing_open_key, LIVE.game_open_key


def show_classic_live(t: Translator, rules: RuleSet) -> None:
    """The whole live page for a classic-like rule set (classic, poker)."""
    show_header(t)
    show_live(t, rules, LIVE)

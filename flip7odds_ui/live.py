"""Live odds for the classic and poker rules: the table in the session and the address, the picker, the answer.

The table (your line, the cards seen elsewhere, the discard pile, who is still active) is a
`flip7odds.shoe.Shoe` kept in the session and mirrored in the page's address (`flip7odds.links`), so a link
reproduces it (`flip7odds_ui.live_table`). The screen (`show_live`) is made of keyed fragments, one per part
that changes on its own: what every move changes (the answer, what Undo says, the table, the numbers beside:
one fragment, `show_answer`, that writes the last three into their places down the page), where cards go,
Next round and Clear round, each card's button, the players, the sections under the numbers. A move's
callback reruns only the parts whose content it changed (`parts_changed`, through
``st.rerun(scope=<fragment keys>)``): a tap of a card seen elsewhere redraws the answer, Undo, the table, the
numbers and that card's button, not the twenty other buttons; each element a rerun sends is one more message
for the phone to decode and draw, and each fragment a rerun runs costs the server more than an element. The numbers
come from `flip7odds_ui.cache.answer_of` (one cached call per situation: exact, or certified bounds where
the exact solver would take too long).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, wraps
from typing import TypeVar

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from flip7odds.analysis import Analysis, drawing_pile_size
from flip7odds.answer import Answer
from flip7odds.cards import SECOND_CHANCE, Card, card_name
from flip7odds.counts import CardCounts
from flip7odds.errors import Flip7Error
from flip7odds.i18n import N_, Translator
from flip7odds.links import PARAMETERS, decode, encode
from flip7odds.markup import escape_markdown
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
    RoundStatus,
    SetOthersActive,
    Shoe,
    Table,
)
from flip7odds.situation import Situation
from flip7odds_ui.answer import bust_line, bust_sentence, scroll_to_top, show_answer_bar, show_banner
from flip7odds_ui.cache import answer_of
from flip7odds_ui.details import show_charts, show_endgame, show_numbers
from flip7odds_ui.live_table import PLACE_NAMES, TableKind
from flip7odds_ui.picker import (
    card_button,
    card_rows,
    chips,
    clear_button,
    count_chips,
    moves_row,
    next_round_button,
    place_control,
    undo_button,
)

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
TYPING_OPEN_KEY = "live_typing_open"
"""Session key of the *Type cards* expander's state: its content runs only while it is open."""
GAME_OPEN_KEY = "live_game_open"
"""Session key of the *Game* expander's state, likewise."""
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


def show_round_over(t: Translator, table: Table) -> None:
    """Your round ended (bust, Flip 7, frozen): say so, and what to do next."""
    rules, status = table.rules, table.status
    if status is RoundStatus.BUST:
        show_banner(t("BUST"), "f7-bust", t("A second {card}: you score 0 this round. Your cards stay on the table "
                                           "until the next round.").format(card=card_name(table.line[-1], t, rules)))
    elif status is RoundStatus.FLIP_7:
        show_banner(t("FLIP 7!"), "f7-flip7", t("You score {score} this round, the Flip 7 bonus included. The round "
                                               "is over for everyone.").format(score=table.line_score))
    else:
        show_banner(t("FROZEN"), "f7-frozen",
                    t.ngettext("You froze yourself and bank {score} point.", "You froze yourself and bank {score} points.",
                               table.line_score).format(score=table.line_score))


def bust_now(t: Translator, situation: Situation) -> tuple[str, str]:
    """P(the next card busts you): the bar's short count, and the full sentence with a fraction and why."""
    pile = drawing_pile_size(situation)
    cards = bust_cards(situation)
    line = situation.line
    short = bust_line(t, 0 if line.second_chance else cards, pile)  # bust_probability = shown / pile, exactly
    return short, bust_sentence(t, cards, pile, bool(line.numbers), line.second_chance, situation.pile.size == 0)


WHOLE_PAGE = "app"
"""``st.rerun`` scope of the whole page, run when a round starts or the rules change (every part changes, and the
page scrolls to its top). The screen is no fragment of its own: Streamlit copies every entered container, with its
parents, on each rerun of a fragment inside it, and a round starts far less often than a card is tapped."""
ANSWER_PART, NEXT_PART, CLEAR_PART, PLACE_PART, PLAYERS_PART, TOOLS_PART = (
    "live-answer", "live-next", "live-clear", "live-place", "live-players", "live-tools")
"""Fragment keys of the screen's parts (`parts_changed` names those a move redraws). `ANSWER_PART` is what every
move changes: the answer, Undo, the table and the numbers (`show_answer`)."""
TOOLS_OPEN_KEY = "live_tools_open"
"""Session key: whether one of the sections under the numbers (typing cards, the game, the charts) was open or
switched on when they were last drawn (`show_tools`). Each reruns its fragment when opened, closed or switched,
so the value is current; a move's callback reads this one plain value, not the three widgets' states (each
read of a widget's state in a callback decodes it)."""


def card_part(card: Card) -> str:
    """Fragment key of one card's button."""
    return f"live-card-{card}"


def parts_changed(before: Table, after: Table, place_moved: bool, round_started: bool,
                  tools_open: bool = False) -> str | list[str]:
    """The fragments a move from ``before`` to ``after`` changes: the whole page (`WHOLE_PAGE`) when a round
    started (it scrolls to the top) or where cards go changed (your round ended: Streamlit 1.67 does not show a
    value set in a callback on a widget redrawn by a fragment's rerun, only on the whole page's), else the answer
    (the bar and the bust sentence under it), Undo (it names the last move), the table and the numbers, the
    buttons of the cards whose count left changed, Next round and Clear round when cards came onto an empty table
    or left it (they are disabled on an empty one), the players when those changed, and the sections under the
    numbers when one of them is open (``tools_open``: closed, they show the same whatever the table)."""
    if after is before:  # an impossible move: only its message (shown under the answer, in its fragment)
        return [ANSWER_PART]
    if round_started or place_moved or after.rules != before.rules:
        return WHOLE_PAGE
    parts = [ANSWER_PART]
    if has_cards_on_table(before) != has_cards_on_table(after):
        parts += [NEXT_PART, CLEAR_PART]
    if tools_open:
        parts.append(TOOLS_PART)
    # The kinds whose count left differs: the entries (card, count) in one pile and not the other.
    changed = {card for card, _ in set(drawing_pile_of(before).items_) ^ set(drawing_pile_of(after).items_)}
    parts += [card_part(card) for card in after.rules.kinds if card in changed]
    if (before.others_active, before.second_chance) != (after.others_active, after.second_chance):
        parts.append(PLAYERS_PART)
    return parts


def redraw_after(change: Callable[[], None]) -> None:
    """Make a change to the session's table (a callback's move), keep it in the address, and rerun only the
    parts of the screen it changed."""
    def state() -> tuple[Table, object, object]:
        return (session_table(), st.session_state.get(TABLE.place_key), st.session_state.get(TABLE.round_key))

    (before, place, rounds) = state()
    change()
    after, place_after, rounds_after = state()
    TABLE.keep(st.session_state[TABLE.shoe_key])
    tools_open = bool(st.session_state.get(TOOLS_OPEN_KEY))
    st.rerun(parts_changed(before, after, place_after != place, rounds_after != rounds, tools_open))


def play(t: Translator, move: Move) -> None:
    """Callback: make a move (`TableKind.play`), then redraw what it changed."""
    redraw_after(lambda: TABLE.play(t, move))


def undo() -> None:
    """Callback: take back the last move, then redraw what it changed."""
    redraw_after(TABLE.undo)


Derived = TypeVar("Derived")


def per_table(function: Callable[[Table], Derived]) -> Callable[[Table], Derived]:
    """``function`` of a table, remembered for the last tables of every session (``lru_cache``: tables are immutable
    and hashable), and before that for the last table it was asked about, by identity: the parts a tap reruns ask
    about the same table object, and hashing a table (its rules with their deck, every card) costs 15-40 us, more
    than looking it up. One slot, replaced whole, so sessions asking at once at worst look up by value."""
    by_value = lru_cache(maxsize=256)(function)
    last: list[tuple[Table, Derived] | None] = [None]

    @wraps(function)
    def remembered(table: Table) -> Derived:
        kept = last[0]
        if kept is not None and kept[0] is table:
            return kept[1]
        value = by_value(table)
        last[0] = (table, value)
        return value
    return remembered


@per_table
def situation_of(table: Table) -> Situation:
    """`Table.situation` (`per_table`): a tap's parts (the answer, the bust sentence, the numbers) each ask for it,
    and building it (the pile's counts, the checks) costs more than looking it up."""
    return table.situation()


@per_table
def answer_for(table: Table) -> Answer:
    """`answer_of` the table's situation (a line that holds cards), remembered per table likewise: the answer bar
    and the numbers both show it, and a hit in Streamlit's shared cache hashes the situation again (about
    0.4 ms)."""
    return answer_of(situation_of(table))


@per_table
def drawing_pile_of(table: Table) -> CardCounts:
    """`Table.drawing_pile`, remembered likewise: a move compares the piles before and after it, and each card's
    button shows its count left."""
    return table.drawing_pile


def session_table() -> Table:
    """The table kept in the session (`show_live` stored it before drawing any part)."""
    shoe: Shoe = st.session_state[TABLE.shoe_key]
    return shoe.table


def current_answer(table: Table) -> tuple[Situation | None, Answer | None]:
    """The situation and its answer (cached for every session), when the round is on and the line holds cards."""
    if table.status is not RoundStatus.PLAYING:
        return None, None
    try:
        situation = situation_of(table)
    except Flip7Error:
        return None, None
    return situation, None if situation.line.is_empty else answer_for(table)


@dataclass(frozen=True)
class Places:
    """Where `show_answer` writes the parts down the page that every move changes with the answer (containers drawn
    by the page's run, each empty but for what the fragment writes into it)."""

    undo: DeltaGenerator
    """In the moves' row, before Next round and Clear round."""
    table: DeltaGenerator
    """Under the picker."""
    details: DeltaGenerator
    """Beside the picker (under it on a phone), above the sections under the numbers."""


@st.fragment(key=ANSWER_PART)
def show_answer(t: Translator, places: Places) -> None:
    """What every move changes: the sticky bar (HIT or STAY and what each is worth, or how the round ended), under it
    the message of the last move and the bust sentence (or what to do once the round is over); and, in their
    ``places`` down the page, Undo, the table and the numbers.

    One fragment, which writes into containers outside it (Streamlit's multiple-container fragment): every move
    changes all four, and each fragment a tap reruns costs the server more than the block Streamlit re-sends for each
    outside container (BENCHMARKS.md, stops 34 and 37). Only the bar's container sticks at the top of the screen: the
    page's style (`flip7odds_ui.answer.STYLE`) lets the boxes around it give way, so that it sticks within the column.
    """
    table = session_table()
    with st.container(key="answer"):
        sentence = show_bar(t, table)
    TABLE.show_notice()
    if table.status is not RoundStatus.PLAYING:
        st.caption(t("Keep tapping the other players' cards (they go under *Seen elsewhere*), then **Next round**."))
    elif sentence is not None:
        st.markdown(sentence)
    with places.undo:
        show_undo(t)
    with places.table:
        show_table(t, table)
    with places.details:
        show_details(t, table)


def show_bar(t: Translator, table: Table) -> str | None:
    """The bar's content; the bust sentence to show under it (None when the round is over or the table has no odds:
    the bar says why)."""
    if table.status is not RoundStatus.PLAYING:
        show_round_over(t, table)
        return None
    try:
        situation = situation_of(table)
    except Flip7Error as error:
        st.warning(t("No odds to show: {error}").format(error=escape_markdown(error.text(t))))
        return None
    short, sentence = bust_now(t, situation)
    if situation.line.is_empty:  # you may not stay: nothing to compute, no wait
        show_banner(t("HIT"), "f7-hit", t("No card in front of you yet: you must take one."), short)
    else:
        show_answer_bar(t, answer_for(table), short)
    return sentence


def show_moves(t: Translator, column: DeltaGenerator) -> DeltaGenerator:
    """Undo / Next round / Clear round, in reach at the top: one row in ``column`` (entered alone: see `show_live`);
    Next round and Clear round each a fragment of its own (they change only when the table empties or fills); the
    place of Undo, which `show_answer` draws (every move changes what it says)."""
    with moves_row(column):
        undo_place = st.container()
        st.fragment(lambda: next_round_button(t, lambda: play(t, NextRound()), cards_on_table()), key=NEXT_PART)()
        st.fragment(lambda: clear_button(t, lambda: play(t, ClearRound()), cards_on_table()), key=CLEAR_PART)()
    return undo_place


def show_undo(t: Translator) -> None:
    """Undo, saying what it undoes."""
    shoe: Shoe = st.session_state[TABLE.shoe_key]
    last = shoe.last_move
    undo_button(t, None if last is None else move_text(t, shoe.table.rules, last), undo)


def cards_on_table() -> bool:
    """Whether any card is on the session's table (Next round and Clear round have something to do)."""
    return has_cards_on_table(session_table())


def has_cards_on_table(table: Table) -> bool:
    """Whether any card is on ``table``: in your line or seen elsewhere (``Table.on_table`` is not empty, without
    counting it: a move's callback asks before and after)."""
    return bool(table.line or table.seen.items_)


@st.fragment(key=PLACE_PART)
def show_place(t: Translator) -> None:
    """Where the next tapped card goes: a fragment, so that choosing a place reruns only this control (a whole page's
    rerun, which a card tapped at once would interrupt, could leave the cards after the tapped one undrawn). A move
    that changes the place reruns the whole page instead (`parts_changed`), which draws the value its callback set."""
    if TABLE.place_key not in st.session_state:
        st.session_state[TABLE.place_key] = Place.LINE if session_table().status is RoundStatus.PLAYING else Place.SEEN
    place_control(t, [Place.LINE, Place.SEEN], TABLE.place_key, lambda place: t(PLACE_NAMES[place]))


def show_card(t: Translator, card: Card) -> None:
    """One card's button, with how many are left (a fragment of its own: a tap redraws only the tapped card's)."""
    table = session_table()
    card_button(t, table.rules, card, drawing_pile_of(table)[card],
                lambda tapped: play(t, AddCards((tapped,), st.session_state[TABLE.place_key])))


def show_picker(t: Translator, rules: RuleSet, column: DeltaGenerator) -> None:
    """A button per card kind, by category, each its own fragment, in ``column`` (entered row by row: see
    `show_live`)."""
    card_rows(rules, lambda card: st.fragment(show_card, key=card_part(card))(t, card), column)


def show_table(t: Translator, table: Table) -> None:
    """What is where: your line, the cards seen elsewhere, the counts of the pile and the discards (one
    element: each element of a rerun is one more message to the phone)."""
    rules = table.rules
    if table.line:
        line = t("**Your line** ({score}): {cards}").format(
            score=t.counted("{count} point", "{count} points", table.line_score), cards=chips(t, rules, table.line))
    else:
        line = t("**Your line:** no card yet")
    seen = t("**Seen elsewhere this round:** {cards}").format(cards=count_chips(t, rules, table.seen))
    counts = t("Pile **{pile}** · Discards **{discards}** · On the table **{table}**").format(
        pile=table.pile.size, discards=table.discards.size, table=table.on_table.size)
    st.markdown(f"{line}\n\n{seen}\n\n{counts}")


@st.fragment(key=PLAYERS_PART)
def show_players(t: Translator) -> None:
    """Others still active and your Second Chance: one tap each."""
    table = session_table()
    st.session_state[OTHERS_KEY] = table.others_active
    st.session_state[SECOND_CHANCE_KEY] = table.second_chance
    second_chance = (SECOND_CHANCE,)
    with st.container(horizontal=True, vertical_alignment="bottom"):
        st.number_input(t("Others still active"), min_value=0, max_value=MAX_OTHERS_ACTIVE, step=1, key=OTHERS_KEY,
                        on_change=lambda: play(t, SetOthersActive(int(st.session_state[OTHERS_KEY]))), width=170,
                        help=t("Other players who have not stayed or busted this round (0: you are alone)"))
        st.toggle(t("I hold a Second Chance"), key=SECOND_CHANCE_KEY,
                  on_change=lambda: play(t, AddCards(second_chance, Place.LINE) if st.session_state[SECOND_CHANCE_KEY]
                                         else RemoveCards(second_chance, Place.LINE)))


def show_typing(t: Translator, rules: RuleSet) -> bool:
    """The second way in: card notation typed or pasted, added to or taken back from a place; whether it is open."""
    typing = st.expander(t("Type cards"), key=TYPING_OPEN_KEY, on_change="rerun")
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
    redraw_after(lambda: TABLE.play_typed(t, rules, TYPED_KEY,
                                          lambda cards: kind(cards, st.session_state[TYPED_PLACE_KEY])))


def show_game(t: Translator, table: Table) -> bool:
    """Rules, a new game, the discard pile, and the link; whether the section is open."""
    game = st.expander(t("Game"), key=GAME_OPEN_KEY, on_change="rerun")
    if not game.open:
        return False
    with game:
        st.caption(t("Rules: {rules} (change them in the sidebar)").format(rules=t(table.rules.label)))
        st.button(t("New game / new deck"), key="new_game", on_click=play, args=(t, NewGame(table.rules)))
        st.markdown(t("**Discard pile** ({count}): {cards}").format(count=table.discards.size,
                                                                   cards=count_chips(t, table.rules, table.discards)))
        st.caption(t("The page's address holds this whole table: bookmark it or share it to reproduce it."))
    return True


def show_details(t: Translator, table: Table) -> None:
    """Beside the picker (under it on a phone): the numbers and playing to win; an empty element when there are no
    numbers (the round is over, or no card is in your line), so that the place keeps what `show_answer` wrote into
    it on every run of the page (Streamlit reserves an outside container's place for a fragment on the page's run)."""
    situation, result = current_answer(table)
    if situation is None or result is None:
        st.empty()
        return
    show_numbers(t, result)
    if isinstance(result.analysis, Analysis):  # playing to win needs the exact round's values
        show_endgame(t, situation, result.analysis)


@st.fragment(key=TOOLS_PART)
def show_tools(t: Translator) -> None:
    """Under the numbers: typing cards, the game, the charts (a move reruns them only while one is open)."""
    table = session_table()
    typing_open = show_typing(t, table.rules)
    game_open = show_game(t, table)
    situation, result = current_answer(table)
    charts_on = situation is not None and show_charts(t, situation, result)
    st.session_state[TOOLS_OPEN_KEY] = typing_open or game_open or charts_on


def show_live(t: Translator, rules: RuleSet) -> None:
    """Everything a tap may change, top to bottom as a phone shows it: the answer bar, the picker, the table,
    then the numbers and the charts (on request); each part a fragment that a move reruns when it changed it
    (the whole page when a round starts: `WHOLE_PAGE`)."""
    shoe = TABLE.current(t, rules)
    TABLE.keep(shoe)
    scroll_to_top(TABLE.round_key)
    picker_column, details_column = st.columns([5, 6], gap="large")
    # Only the innermost container of a part is entered (``with``): Streamlit copies the stack of entered
    # containers, each with all its parents, when a fragment is declared and on every rerun of it, so the
    # moves and the cards are drawn in their rows with the column left, not entered around them. The answer's
    # fragment is declared last, in the place kept for it at the top, once the places it writes into exist.
    answer_place = picker_column.container()
    undo_place = show_moves(t, picker_column)
    with picker_column:
        show_place(t)
    show_picker(t, rules, picker_column)
    table_place = picker_column.container()
    with picker_column:
        show_players(t)
    details_place = details_column.container()
    with details_column:
        show_tools(t)
    with answer_place:
        show_answer(t, Places(undo_place, table_place, details_place))


def show_classic_live(t: Translator, rules: RuleSet) -> None:
    """The whole live page for a classic-like rule set (classic, poker)."""
    show_header(t)
    show_live(t, rules)

"""A Live odds screen, any variant: the table in the session and the address, the picker, the answer, as keyed fragments.

Both live screens (classic and poker: `flip7odds_ui.live`; With a Vengeance: `flip7odds_ui.live_vengeance`) are laid
out alike and redraw alike, so that is written once here, and a screen names its variant's pieces in a `LiveScreen`:
its table (`flip7odds_ui.live_table.TableKind`), the places a tapped card may go, the bust sentence, the lines of the
table, what Undo says, the players' controls and the sections under the numbers.

The screen (`show_live`) is made of keyed fragments, one per part that changes on its own: what every move changes
(the answer, what Undo says, the table, the numbers beside: one fragment, `show_answer`, that writes the last three
into their places down the page), where cards go, Next round and Clear round, each card's button, the players, the
sections under the numbers. A move's callback reruns only the parts whose content it changed (`parts_changed`,
through ``st.rerun(scope=<fragment keys>)``): a tap of a card seen elsewhere redraws the answer, Undo, the table, the
numbers and that card's button, not the twenty other buttons; each element a rerun sends is one more message for
the phone to decode and draw, and each fragment a rerun runs costs the server more than an element. The numbers come
from `flip7odds_ui.cache.answer_of` (one cached call per situation: exact, or certified bounds where the exact
solver would take too long).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import lru_cache, wraps
from typing import Any, TypeVar

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from flip7odds.analysis import Analysis
from flip7odds.answer import Answer
from flip7odds.card_table import CardTable, ClearRound, NextRound
from flip7odds.cards import Card, card_name
from flip7odds.counts import CardCounts
from flip7odds.errors import Flip7Error
from flip7odds.i18n import Translator
from flip7odds.markup import escape_markdown
from flip7odds.rules import RuleSet
from flip7odds.shoe import Place, RoundStatus
from flip7odds_ui.answer import scroll_to_top, show_answer_bar, show_banner
from flip7odds_ui.cache import answer_of
from flip7odds_ui.details import show_endgame, show_numbers
from flip7odds_ui.live_table import TableKind
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

WHOLE_PAGE = "app"
"""``st.rerun`` scope of the whole page, run when a round starts or the rules change (every part changes, and the
page scrolls to its top). The screen is no fragment of its own: Streamlit copies every entered container, with its
parents, on each rerun of a fragment inside it, and a round starts far less often than a card is tapped."""


@dataclass(frozen=True)
class LiveScreen:
    """One variant's live screen: its table and the parts of the screen that differ between variants.

    The tables are the variant's (`flip7odds.shoe.Table`, `flip7odds.vengeance.table.VengeanceTable`): frozen,
    hashable, with ``rules``, ``line``, ``seen``, ``discards``, ``status``, ``line_score``, ``pile``,
    ``drawing_pile``, ``on_table`` and ``situation()``.
    """

    table: TableKind[Any]
    """The session's shoe and the address."""
    places: Callable[[Any], list[Any]]
    """Where a tapped card may go at a table (the choices of the place control)."""
    place_name: Callable[[Translator, Any], str]
    """A place as the picker names it."""
    move_text: Callable[[Translator, RuleSet, Any], str]
    """What a move did, for the Undo button."""
    add: Callable[[tuple[Card, ...], Any], Any]
    """The move that adds cards to a place (a tapped card)."""
    has_cards: Callable[[Any], bool]
    """Whether any card is on a table (Next round and Clear round have something to do); a move's callback asks
    before and after, so it should not count them."""
    players: Callable[[Any], Hashable]
    """What the players' part (`show_players`) shows of a table: a move that changes it redraws that part."""
    bust_now: Callable[[Translator, Any], tuple[str, str]]
    """P(the next card busts you) in a situation: the bar's short count, and the sentences under the bar."""
    other_lines: Callable[[Translator, Any], list[str]]
    """The table's lines between your line and the cards seen elsewhere (the other players', in Vengeance)."""
    round_over_hint: str
    """What to do once your round is over (a message id)."""
    show_players: Callable[[Translator], None]
    """The players' controls (a fragment: `players_part`)."""
    show_tools: Callable[[Translator], None]
    """The sections under the numbers (a fragment: `tools_part`); it keeps `tools_open_key` current."""

    def part(self, name: str) -> str:
        """Fragment key of one of the screen's parts (``live-answer``, ``vlive-answer``...)."""
        return f"{self.table.prefix}-{name}"

    @property
    def answer_part(self) -> str:
        """What every move changes: the answer, Undo, the table and the numbers (`show_answer`)."""
        return self.part("answer")

    @property
    def next_part(self) -> str:
        return self.part("next")

    @property
    def clear_part(self) -> str:
        return self.part("clear")

    @property
    def place_part(self) -> str:
        return self.part("place")

    @property
    def players_part(self) -> str:
        return self.part("players")

    @property
    def tools_part(self) -> str:
        return self.part("tools")

    def card_part(self, card: Card) -> str:
        """Fragment key of one card's button."""
        return self.part(f"card-{card}")

    @property
    def tools_open_key(self) -> str:
        """Session key: whether one of the sections under the numbers (typing cards, the game, the charts) was open
        or switched on when they were last drawn. Each reruns its fragment when opened, closed or switched, so the
        value is current; a move's callback reads this one plain value, not the widgets' states (each read of a
        widget's state in a callback decodes it)."""
        return f"{self.table.prefix}_tools_open"

    @property
    def typing_open_key(self) -> str:
        """Session key of the typing expander's state: its content runs only while it is open."""
        return f"{self.table.prefix}_typing_open"

    @property
    def game_open_key(self) -> str:
        """Session key of the *Game* expander's state, likewise."""
        return f"{self.table.prefix}_game_open"


def parts_changed(screen: LiveScreen, before: Any, after: Any, place_moved: bool, round_started: bool,
                  tools_open: bool = False) -> str | list[str]:
    """The fragments a move from ``before`` to ``after`` changes: the whole page (`WHOLE_PAGE`) when a round
    started (it scrolls to the top), where cards go changed (your round ended: Streamlit 1.67 does not show a
    value set in a callback on a widget redrawn by a fragment's rerun, only on the whole page's) or the places
    cards may go changed (a player came, left or busted), else the answer (the bar and the sentences under it),
    Undo (it names the last move), the table and the numbers, the buttons of the cards whose count left changed,
    Next round and Clear round when cards came onto an empty table or left it (they are disabled on an empty one),
    the players when those changed, and the sections under the numbers when one of them is open (``tools_open``:
    closed, they show the same whatever the table)."""
    if after is before:  # an impossible move: only its message (shown under the answer, in its fragment)
        return [screen.answer_part]
    if (round_started or place_moved or after.rules != before.rules
            or screen.places(after) != screen.places(before)):
        return WHOLE_PAGE
    parts = [screen.answer_part]
    if screen.has_cards(before) != screen.has_cards(after):
        parts += [screen.next_part, screen.clear_part]
    if tools_open:
        parts.append(screen.tools_part)
    # The kinds whose count left differs: the entries (card, count) in one pile and not the other.
    changed = {card for card, _ in set(drawing_pile_of(before).items_) ^ set(drawing_pile_of(after).items_)}
    parts += [screen.card_part(card) for card in after.rules.kinds if card in changed]
    if screen.players(before) != screen.players(after):
        parts.append(screen.players_part)
    return parts


def redraw_after(screen: LiveScreen, change: Callable[[], None]) -> None:
    """Make a change to the session's table (a callback's move), keep it in the address, and rerun only the
    parts of the screen it changed."""
    kind = screen.table

    def state() -> tuple[Any, object, object]:
        return (session_table(kind), st.session_state.get(kind.place_key), st.session_state.get(kind.round_key))

    before, place, rounds = state()
    change()
    after, place_after, rounds_after = state()
    kind.keep(st.session_state[kind.shoe_key])
    tools_open = bool(st.session_state.get(screen.tools_open_key))
    st.rerun(parts_changed(screen, before, after, place_after != place, rounds_after != rounds, tools_open))


def play(screen: LiveScreen, t: Translator, move: Any) -> None:
    """Callback: make a move (`TableKind.play`), then redraw what it changed."""
    redraw_after(screen, lambda: screen.table.play(t, move))


def undo(screen: LiveScreen) -> None:
    """Callback: take back the last move, then redraw what it changed."""
    redraw_after(screen, screen.table.undo)


Derived = TypeVar("Derived")


def per_table(function: Callable[[Any], Derived]) -> Callable[[Any], Derived]:
    """``function`` of a table, remembered for the last tables of every session (``lru_cache``: tables are immutable
    and hashable), and before that for the last table it was asked about, by identity: the parts a tap reruns ask
    about the same table object, and hashing a table (its rules with their deck, every card) costs 15-40 us, more
    than looking it up. One slot, replaced whole, so sessions asking at once at worst look up by value."""
    by_value = lru_cache(maxsize=256)(function)
    last: list[tuple[Any, Derived] | None] = [None]

    @wraps(function)
    def remembered(table: Any) -> Derived:
        kept = last[0]
        if kept is not None and kept[0] is table:
            return kept[1]
        value = by_value(table)
        last[0] = (table, value)
        return value
    return remembered


@per_table
def situation_of(table: Any) -> Any:
    """``table.situation()`` (`per_table`): a tap's parts (the answer, the bust sentence, the numbers) each ask for
    it, and building it (the pile's counts, the checks) costs more than looking it up."""
    return table.situation()


@per_table
def answer_for(table: Any) -> Answer:
    """`answer_of` the table's situation (a line that holds cards), remembered per table likewise: the answer bar
    and the numbers both show it, and a hit in Streamlit's shared cache hashes the situation again (about
    0.4 ms)."""
    return answer_of(situation_of(table))


@per_table
def drawing_pile_of(table: CardTable) -> CardCounts:
    """``table.drawing_pile``, remembered likewise: a move compares the piles before and after it, and each card's
    button shows its count left."""
    return table.drawing_pile


def session_table(kind: TableKind[Any]) -> Any:
    """The table kept in the session (`show_live` stored it before drawing any part)."""
    return st.session_state[kind.shoe_key].table


def current_answer(table: Any) -> tuple[Any, Answer | None]:
    """The situation and its answer (cached for every session), when the round is on and the line holds cards."""
    if table.status is not RoundStatus.PLAYING:
        return None, None
    try:
        situation = situation_of(table)
    except Flip7Error:
        return None, None
    return situation, None if situation.line.is_empty else answer_for(table)


def show_round_over(t: Translator, table: Any) -> None:
    """Your round ended (bust, Flip 7, frozen): say so."""
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


def show_answer(t: Translator, screen: LiveScreen, places: Places) -> None:
    """What every move changes: the sticky bar (HIT or STAY and what each is worth, or how the round ended), under it
    the message of the last move and the bust sentence (or what to do once the round is over); and, in their
    ``places`` down the page, Undo, the table and the numbers (the fragment `LiveScreen.answer_part`).

    One fragment, which writes into containers outside it (Streamlit's multiple-container fragment): every move
    changes all four, and each fragment a tap reruns costs the server more than the block Streamlit re-sends for each
    outside container (BENCHMARKS.md, stops 34 and 37). Only the bar's container sticks at the top of the screen: the
    page's style (`flip7odds_ui.answer.STYLE`) lets the boxes around it give way, so that it sticks within the column.
    """
    table = session_table(screen.table)
    with st.container(key="answer"):
        sentence = show_bar(t, screen, table)
    screen.table.show_notice()
    if table.status is not RoundStatus.PLAYING:
        st.caption(t(screen.round_over_hint))
    elif sentence is not None:
        st.markdown(sentence)
    with places.undo:
        show_undo(t, screen)
    with places.table:
        show_table(t, screen, table)
    with places.details:
        show_details(t, table)


def show_bar(t: Translator, screen: LiveScreen, table: Any) -> str | None:
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
    short, sentence = screen.bust_now(t, situation)
    if situation.line.is_empty:  # you may not stay: nothing to compute, no wait
        show_banner(t("HIT"), "f7-hit", t("No card in front of you yet: you must take one."), short)
    else:
        show_answer_bar(t, answer_for(table), short)
    return sentence


def show_moves(t: Translator, screen: LiveScreen, column: DeltaGenerator) -> DeltaGenerator:
    """Undo / Next round / Clear round, in reach at the top: one row in ``column`` (entered alone: see `show_live`);
    Next round and Clear round each a fragment of its own (they change only when the table empties or fills); the
    place of Undo, which `show_answer` draws (every move changes what it says)."""
    def cards_on_table() -> bool:
        return screen.has_cards(session_table(screen.table))

    with moves_row(column):
        undo_place = st.container()
        st.fragment(lambda: next_round_button(t, lambda: play(screen, t, NextRound()), cards_on_table()),
                    key=screen.next_part)()
        st.fragment(lambda: clear_button(t, lambda: play(screen, t, ClearRound()), cards_on_table()),
                    key=screen.clear_part)()
    return undo_place


def show_undo(t: Translator, screen: LiveScreen) -> None:
    """Undo, saying what it undoes."""
    shoe = st.session_state[screen.table.shoe_key]
    last = shoe.last_move
    undo_button(t, None if last is None else screen.move_text(t, shoe.table.rules, last), lambda: undo(screen))


def show_place(t: Translator, screen: LiveScreen) -> None:
    """Where the next tapped card goes: a fragment, so that choosing a place reruns only this control (a whole page's
    rerun, which a card tapped at once would interrupt, could leave the cards after the tapped one undrawn). A move
    that changes the place or the places reruns the whole page instead (`parts_changed`), which draws the value its
    callback set."""
    table, key = session_table(screen.table), screen.table.place_key
    places = screen.places(table)
    if st.session_state.get(key) not in places:
        st.session_state[key] = Place.LINE if table.status is RoundStatus.PLAYING else Place.SEEN
    place_control(t, places, key, lambda place: screen.place_name(t, place))


def show_card(t: Translator, screen: LiveScreen, card: Card) -> None:
    """One card's button, with how many are left (a fragment of its own: a tap redraws only the tapped card's)."""
    table = session_table(screen.table)
    card_button(t, table.rules, card, drawing_pile_of(table)[card],
                lambda tapped: play(screen, t, screen.add((tapped,), st.session_state[screen.table.place_key])))


def show_table(t: Translator, screen: LiveScreen, table: Any) -> None:
    """What is where: your line, the other players' lines, the cards seen elsewhere, the counts of the pile and the
    discards (one element: each element of a rerun is one more message to the phone)."""
    rules = table.rules
    if table.line:
        line = t("**Your line** ({score}): {cards}").format(
            score=t.counted("{count} point", "{count} points", table.line_score), cards=chips(t, rules, table.line))
    else:
        line = t("**Your line:** no card yet")
    seen = t("**Seen elsewhere this round:** {cards}").format(cards=count_chips(t, rules, table.seen))
    counts = t("Pile **{pile}** · Discards **{discards}** · On the table **{table}**").format(
        pile=table.pile.size, discards=table.discards.size, table=table.on_table.size)
    st.markdown("\n\n".join([line, *screen.other_lines(t, table), seen, counts]))


def show_details(t: Translator, table: Any) -> None:
    """Beside the picker (under it on a phone): the numbers and, where the exact classic solver answered, playing to
    win; an empty element when there are no numbers (the round is over, or no card is in your line), so that the
    place keeps what `show_answer` wrote into it on every run of the page (Streamlit reserves an outside container's
    place for a fragment on the page's run)."""
    situation, result = current_answer(table)
    if situation is None or result is None:
        st.empty()
        return
    show_numbers(t, result)
    if isinstance(result.analysis, Analysis):  # playing to win needs the exact classic round's values
        show_endgame(t, situation, result.analysis)


def show_game(t: Translator, screen: LiveScreen, table: Any) -> bool:
    """Rules, a new game, the discard pile, and the link; whether the section is open."""
    game = st.expander(t("Game"), key=screen.game_open_key, on_change="rerun")
    if not game.open:
        return False
    with game:
        st.caption(t("Rules: {rules} (change them in the sidebar)").format(rules=t(table.rules.label)))
        st.button(t("New game / new deck"), key="new_game", on_click=play,
                  args=(screen, t, screen.table.new_game(table.rules)))
        st.markdown(t("**Discard pile** ({count}): {cards}").format(count=table.discards.size,
                                                                   cards=count_chips(t, table.rules, table.discards)))
        st.caption(t("The page's address holds this whole table: bookmark it or share it to reproduce it."))
    return True


def show_live(t: Translator, rules: RuleSet, screen: LiveScreen) -> None:
    """Everything a tap may change, top to bottom as a phone shows it: the answer bar, the picker, the table,
    then the numbers and the sections under them; each part a fragment that a move reruns when it changed it
    (the whole page when a round starts: `WHOLE_PAGE`)."""
    kind = screen.table
    shoe = kind.current(t, rules)
    kind.keep(shoe)
    scroll_to_top(kind.round_key)
    picker_column, details_column = st.columns([5, 6], gap="large")
    # Only the innermost container of a part is entered (``with``): Streamlit copies the stack of entered
    # containers, each with all its parents, when a fragment is declared and on every rerun of it, so the
    # moves and the cards are drawn in their rows with the column left, not entered around them. The answer's
    # fragment is declared last, in the place kept for it at the top, once the places it writes into exist.
    answer_place = picker_column.container()
    undo_place = show_moves(t, screen, picker_column)
    with picker_column:
        st.fragment(show_place, key=screen.place_part)(t, screen)
    card_rows(rules, lambda card: st.fragment(show_card, key=screen.card_part(card))(t, screen, card), picker_column)
    table_place = picker_column.container()
    with picker_column:
        st.fragment(screen.show_players, key=screen.players_part)(t)
    details_place = details_column.container()
    with details_column:
        st.fragment(screen.show_tools, key=screen.tools_part)(t)
    with answer_place:
        st.fragment(show_answer, key=screen.answer_part)(t, screen, Places(undo_place, table_place, details_place))


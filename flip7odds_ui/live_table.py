"""The table of a live screen, any variant: kept in the session, mirrored in the page's address, changed by moves.

Both live screens (classic and poker: `flip7odds.shoe.Shoe`; With a Vengeance:
`flip7odds.vengeance.table.VengeanceShoe`) keep their shoe the same way, so the way is written once here and
a screen names its variant's pieces in a `TableKind`: its session keys, how its table is written in the
address and read back, and which moves start a round. A link opened in the address wins over the session's
table; a link that describes no possible table is said in the player's language and the table starts empty.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import streamlit as st

from flip7odds.cards import parse_cards
from flip7odds.errors import Flip7Error
from flip7odds.history import Tracker
from flip7odds.i18n import N_, Translator
from flip7odds.markup import escape_markdown
from flip7odds.rules import RuleSet
from flip7odds.shoe import Place, RoundStatus
from flip7odds_ui.shell import presenting, set_page_parameters

PLACE_NAMES: dict[Place, str] = {
    Place.LINE: N_("Your line"),
    Place.SEEN: N_("Seen elsewhere"),
    Place.DISCARDS: N_("Discards"),
}
"""Where a card goes, as the picker names it (message ids; both variants' tables have these places)."""


ShoeT = TypeVar("ShoeT", bound=Tracker[Any, Any])
"""A variant's shoe: its table with the history of moves (`flip7odds.history.Tracker`)."""


@dataclass(frozen=True)
class TableKind(Generic[ShoeT]):
    """One variant's live table: its session keys (``<prefix>_shoe``, ...), address and moves."""

    prefix: str
    """Prefix of the session keys (``live``, ``vlive``)."""
    place_key: str
    """Session key (and widget key) of where the next tapped card goes."""
    parameters: Collection[str]
    """The query parameters that describe the table."""
    new: Callable[[RuleSet], ShoeT]
    """A new game with these rules."""
    from_parameters: Callable[[dict[str, str]], ShoeT]
    """The shoe of a link's table (raises `flip7odds.errors.Flip7Error` when it is not a possible table)."""
    parameters_of: Callable[[Any], dict[str, str]]
    """A table as query parameters."""
    new_game: Callable[[RuleSet], Any]
    """The move that starts a new game with these rules."""
    round_starts: tuple[type, ...]
    """Moves that start a round (next round, new game, clear round): the next tapped card is yours."""
    left_by: str | None = None
    """Synced-parameters key of another screen: its table, left in the address by a switch of variant,
    starts this screen with a new game instead of being read as a link."""

    @property
    def shoe_key(self) -> str:
        return f"{self.prefix}_shoe"

    @property
    def synced_key(self) -> str:
        """The query parameters last written from the session's table."""
        return f"{self.prefix}_synced_params"

    @property
    def notice_key(self) -> str:
        """A message for the next run (an impossible move, a bad link)."""
        return f"{self.prefix}_notice"

    @property
    def round_key(self) -> str:
        """Counts the rounds started in this session: each new one scrolls the page to its top."""
        return f"{self.prefix}_round"

    def current(self, t: Translator, rules: RuleSet) -> ShoeT:
        """The session's shoe, or the one in the page's address when it holds another table (a link was opened).

        The table plays the sidebar's rule variant: choosing another one starts a new game with its rules.
        """
        params = {key: value for key, value in st.query_params.to_dict().items() if key in self.parameters}
        stored: ShoeT | None = st.session_state.get(self.shoe_key)
        if stored is not None and stored.table.rules != rules:
            return stored.play(self.new_game(rules))
        if stored is not None and (not params or params == st.session_state.get(self.synced_key)):
            return stored
        other = None if self.left_by is None else st.session_state.get(self.left_by)
        if stored is None and other is not None and _same_table(params, other):
            return self.new(rules)
        try:
            linked = self.from_parameters(params)
        except Flip7Error as error:
            st.session_state[self.notice_key] = t(
                "This link does not describe a possible table ({error}), so the table starts empty."
            ).format(error=error.text(t))
            return self.new(rules)
        return linked if linked.table.rules == rules else linked.play(self.new_game(rules))

    def keep(self, shoe: ShoeT) -> None:
        """Store the shoe in the session and its table in the page's address (with presentation mode, when on)."""
        params = self.parameters_of(shoe.table)
        st.session_state[self.shoe_key] = shoe
        st.session_state[self.synced_key] = params
        set_page_parameters(params | presenting())

    def play(self, t: Translator, move: Any) -> None:
        """Callback: make a move; an impossible one leaves the table as it was and says why."""
        shoe: ShoeT = st.session_state[self.shoe_key]
        try:
            after = shoe.play(move)
        except Flip7Error as error:
            self.notify(t, error)
            return
        st.session_state[self.shoe_key] = after
        if isinstance(move, self.round_starts):
            st.session_state[self.place_key] = Place.LINE  # a round starts: the next card is yours
            st.session_state[self.round_key] = st.session_state.get(self.round_key, 0) + 1
        elif after.table.status is not RoundStatus.PLAYING and shoe.table.status is RoundStatus.PLAYING:
            st.session_state[self.place_key] = Place.SEEN  # your round just ended: the next cards are the others'

    def play_typed(self, t: Translator, rules: RuleSet, text_key: str, move: Callable[[tuple[Any, ...]], Any]) -> None:
        """Callback of a text entry: read its cards, make ``move(cards)``; clear the entry when it was made."""
        try:
            cards = parse_cards(st.session_state[text_key], rules)
        except Flip7Error as error:
            self.notify(t, error)
            return
        if cards:
            before = st.session_state[self.shoe_key]
            self.play(t, move(cards))
            if st.session_state[self.shoe_key] is not before:
                st.session_state[text_key] = ""

    def undo(self) -> None:
        """Callback: take back the last move; where cards go follows your round back (taking back the card that
        ended it makes the next card yours again, as `play` made it the others' when it ended)."""
        shoe: ShoeT = st.session_state[self.shoe_key]
        after = shoe.undo()
        st.session_state[self.shoe_key] = after
        if (after.table.status is RoundStatus.PLAYING) != (shoe.table.status is RoundStatus.PLAYING):
            st.session_state[self.place_key] = Place.LINE if after.table.status is RoundStatus.PLAYING else Place.SEEN

    def notify(self, t: Translator, error: Flip7Error) -> None:
        """Say ``error`` on the next run, as a sentence on its own in the page's language."""
        message = t.error(error)
        st.session_state[self.notice_key] = message[:1].upper() + message[1:]

    def show_notice(self) -> None:
        """The message left by the last move or link, once."""
        notice = st.session_state.pop(self.notice_key, None)
        if notice:
            st.error(escape_markdown(notice))  # it quotes the link's or the player's text: never markup


def _same_table(params: dict[str, str], other: dict[str, str]) -> bool:
    """The same table parameters, the variant aside."""
    return {k: v for k, v in params.items() if k != "rules"} == {k: v for k, v in other.items() if k != "rules"}

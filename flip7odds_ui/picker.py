"""The card picker: where the next tapped card goes, a button per card kind with how many are left, and the
moves under the thumb (Undo, saying what it undoes; Clear round; Next round)."""

from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from flip7odds.cards import Card, Category, card_name, copies_text
from flip7odds.counts import CardCounts
from flip7odds.i18n import Translator
from flip7odds.rules import RuleSet


def place_control(t: Translator, places: Sequence[Any], key: str, name: Callable[[Any], str]) -> None:
    """Where a tapped card goes (your line, another player's, seen elsewhere...): one tap to change it."""
    # Two places fill the width; more (Vengeance: the other players too) wrap onto more rows on a phone.
    st.segmented_control(t("Tap a card to add it to"), list(places), key=key, required=True, format_func=name,
                         width="stretch" if len(places) <= 2 else "content")


def card_button(t: Translator, rules: RuleSet, card: Card, left: int, on_tap: Callable[[Card], None]) -> None:
    """One card kind's button, with how many are left in the drawing pile (disabled at none)."""
    st.button(f"{card_name(card, t, rules)} :small[:gray[{left}]]", key=f"card-{card}", disabled=left == 0,
              on_click=on_tap, args=(card,))


def card_rows(rules: RuleSet, draw: Callable[[Card], None], parent: DeltaGenerator | None = None) -> None:
    """The picker's rows, one per category of the rules' card kinds; ``draw(card)`` draws each card's button.

    ``parent``: the container to draw the picker in (the current one when None). Only each row is entered
    (``with``), not the picker or ``parent``: a fragment drawn in a row copies the stack of entered containers,
    each with all its parents, when it is declared and on every rerun of it, so a stack of one container
    instead of three makes each card's fragment cheaper to rerun.
    """
    picker = (st.container if parent is None else parent.container)(key="picker")
    for category in Category:
        with picker.container(horizontal=True, gap="small"):
            for card in (card for card in rules.kinds if card.category is category):
                draw(card)


def moves_row(parent: DeltaGenerator | None = None) -> DeltaGenerator:
    """The row of the moves in ``parent`` (the current container when None): ``with moves_row(): ...``."""
    return (st.container if parent is None else parent.container)(horizontal=True, gap="small", key="moves")


def undo_button(t: Translator, last_move: str | None, on_undo: Callable[[], None]) -> None:
    """Undo, saying what it undoes (a touch screen shows no tooltip); disabled when there is nothing to undo."""
    st.button("↶ " + t("Undo: {move}").format(move=last_move) if last_move else t("↶ Undo"), key="undo",
              on_click=on_undo, disabled=last_move is None)


def next_round_button(t: Translator, on_next: Callable[[], None], cards_on_table: bool) -> None:
    """Next round (disabled while no card is on the table)."""
    st.button(t("Next round ➜"), key="next_round", on_click=on_next, type="primary", disabled=not cards_on_table)


def clear_button(t: Translator, on_clear: Callable[[], None], cards_on_table: bool) -> None:
    """Clear round (disabled while no card is on the table)."""
    st.button(t("Clear round"), key="clear", on_click=on_clear, disabled=not cards_on_table)


def chips(t: Translator, rules: RuleSet, cards: Sequence[Card]) -> str:
    """Cards as chips, in the order given."""
    return " ".join(f":gray-badge[{card_name(card, t, rules)}]" for card in cards) if cards else t("none")


def count_chips(t: Translator, rules: RuleSet, counts: CardCounts) -> str:
    """A pile of cards as chips, one per kind with its count."""
    shown = [copies_text(card, count, t, rules) for card, count in counts.items_]
    return " ".join(f":gray-badge[{chip}]" for chip in shown) if shown else t("none")

"""Probability trees under With a Vengeance: the next cards as branches with exact probabilities.

The same tree as `flip7odds.teaching.probability_tree` (its loop, `grow_tree`), drawn by the literal With a Vengeance
round (`flip7odds.vengeance.engine.VengeanceRound`). A branch's probability is the chance of its group of cards
given the path before it, ``sum over the states s of the path of P(s | path) * (cards of the group in s) / (pile
size)``; along a path they multiply, and the leaves add up to exactly 1. What each card does to you:

* a number joins your line (a new number; The Zero, after which your score is 0 unless you make a Flip 7; a second 13
  where one of the two is the Lucky 13), makes your Flip 7, or busts you (a number you hold); the Unlucky 7 never busts
  you: it wipes your line, which is that 7 alone from then on;
* a modifier never changes your numbers: the tree goes on as if you kept it (given away, the cards to come are
  the same);
* an action card (Just One More!, Flip Four!, Steal, Swap, Discard) is a leaf: the round goes on, but what follows
  depends on whom you play it on, a choice the tree does not make.

The tree is of the cards you draw by hitting (`TreeStart.HIT`). A Flip Four! played on you now would be four levels
of states that differ by every card drawn (about 38 s of CPU from a fresh deck through the literal round): not drawn.
"""

from __future__ import annotations

from flip7odds.engine import Termination
from flip7odds.errors import Flip7Error
from flip7odds.odds import drawing_pile_size
from flip7odds.teaching import (
    MAX_CARD_TREE_DRAWS,
    MAX_TREE_DRAWS,
    Grouping,
    ProbabilityTree,
    TreeStart,
    grow_tree,
    tree_children,
)
from flip7odds.tree import Choice, Outcome, Terminal
from flip7odds.vengeance.engine import (
    MoveKind,
    VengeanceRound,
    VengeanceState,
    VEvent,
    VNode,
    VTermination,
)
from flip7odds.vengeance.situation import VengeanceSituation

ENDINGS: dict[VTermination, Termination] = {
    VTermination.BUST: Termination.BUST,
    VTermination.FLIP_7: Termination.FLIP_7,
    VTermination.PILE_EXHAUSTED: Termination.PILE_EXHAUSTED,
    VTermination.MADE_TO_STAY: Termination.STAYED,
    VTermination.STAYED: Termination.STAYED,
}
"""How a tree names each way a With a Vengeance round ends (a Swap that ends the round is an action's: never followed)."""


def vengeance_tree(situation: VengeanceSituation, draws: int, start: TreeStart = TreeStart.HIT,
                   grouping: Grouping = Grouping.OUTCOME) -> ProbabilityTree:
    """The next ``draws`` cards you draw by hitting (1 to 3) as a tree of exact probabilities (module docstring).

    Examples
    --------
    >>> from flip7odds.rules import VENGEANCE
    >>> situation = VengeanceSituation.from_text(VENGEANCE, "7 5", pile="u7 5 7 steal -2")
    >>> tree = vengeance_tree(situation, 2)
    >>> for leaf in tree.leaves:
    ...     print(" -> ".join(branch.event.value for branch in leaf.path), leaf.probability)
    bust 2/5
    action 1/5
    unlucky_7 -> bust 1/20
    unlucky_7 -> action 1/20
    modifier -> bust 1/10
    modifier -> action 1/20
    unlucky_7 -> new_number 1/20
    unlucky_7 -> modifier 1/20
    modifier -> unlucky_7 1/20
    >>> tree.leaf_total
    Fraction(1, 1)
    """
    limit = MAX_CARD_TREE_DRAWS if grouping is Grouping.CARD else MAX_TREE_DRAWS
    if start is not TreeStart.HIT:
        raise Flip7Error("a With a Vengeance tree shows the cards you draw by hitting")
    if not 1 <= draws <= limit:
        raise Flip7Error(f"a tree shows 1 to {limit} cards, not {draws}")
    round_rules = VengeanceRound(situation.rules)
    root = round_rules.start(situation)

    def follow(outcome: Outcome[VEvent, VNode]) -> Terminal[Termination] | VengeanceState | None:
        return _followed(outcome.event, outcome.node)

    nodes = grow_tree(root, draws,
                      lambda members: tree_children(round_rules.draw_outcomes, members, grouping, follow))
    return ProbabilityTree(start, draws, grouping, drawing_pile_size(situation), nodes)


def _followed(event: VEvent, node: VNode) -> Terminal[Termination] | VengeanceState | None:
    """Where the tree follows a card: the round's end, the state it goes on from (a modifier kept), or None where it
    stops (an action played)."""
    if event is VEvent.ACTION:
        return None
    if event is VEvent.MODIFIER and isinstance(node, Choice):
        node = next(option for move, option in node.options if move.kind is MoveKind.KEEP)
    assert not isinstance(node, Choice), "while you hit, only an action or a modifier gives you a choice"
    if isinstance(node, Terminal):
        return Terminal(ENDINGS[node.reason], node.score)
    return node

"""The With a Vengeance game simulator: stacked piles that force each rule, conservation, replays, an exact oracle.

Every stacked round uses `start`: the dealer is the last seat, so the deal (and each turn) goes
seat 0, seat 1, ...; the cards of ``top`` come first, in order. Expected lines and scores are derived
in the comments from docs/rules.md section 3 and the heuristics of the `flip7odds.vengeance.game` docstring.
"""

from collections import Counter
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest

from flip7odds.cards import Card, parse_cards
from flip7odds.counts import CardCounts
from flip7odds.errors import Flip7Error
from flip7odds.rules import LUCKY_13, UNLUCKY_7, VENGEANCE, VENGEANCE_BRUTAL, RuleSet
from flip7odds.simulator import InvariantError, RoundEnd
from flip7odds.tree import Choice, Terminal
from flip7odds.vengeance.engine import VengeanceRound, VengeanceState, VNode, VTermination
from flip7odds.vengeance.game import (
    BustThreshold,
    CardCount,
    Outcome,
    Policy,
    RandomPolicy,
    RoundStart,
    SumThreshold,
    VengeanceView,
    play_game,
    play_round,
    policy_from_text,
)
from flip7odds.vengeance.situation import VengeanceSituation

ALWAYS_HIT = SumThreshold(200)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text, VENGEANCE)


def start(top: str, players: int = 2, totals: tuple[int, ...] | None = None, rules: RuleSet = VENGEANCE,
          discards: str = "") -> RoundStart:
    """A round whose first cards are ``top``; the dealer is the last seat, so seat 0 is dealt first."""
    return RoundStart.build(rules, players, cards(top), cards(discards), dealer=players - 1, totals=totals)


def test_a_swap_busts_two_players() -> None:
    # Deal: seat 0 gets 5, seat 1 gets 8, seat 2 gets 9. Seats 0 and 1 always hit: seat 0 draws 8 (5 8),
    # seat 1 draws 5 (8 5). Seat 2 (9, hits below 10) draws Swap. Its options, scored as its gain minus
    # the others' gains: 9 for seat 0's 5 is -4 - 4 = -8, 9 for an 8 is -1 - 1 = -2; seat 0's 5 for
    # seat 1's 8 leaves seat 0 with 8 8 and seat 1 with 5 5: both bust, 0 + 13 + 13 = +26, the best.
    # Seat 2 then draws 1 (9 1 = 10) and stays.
    players: tuple[Policy, ...] = (ALWAYS_HIT, ALWAYS_HIT, SumThreshold(10))
    result = play_round(VENGEANCE, players, start("5 8 9 8 5 swap 1", players=3), seed=1)
    assert result.outcomes == (Outcome.BUST, Outcome.BUST, Outcome.STAYED)
    assert result.scores == (0, 0, 10)
    assert result.lines == (cards("8 8"), cards("5 5"), cards("9 1"))
    assert result.event("swap") == 1 and result.event("busted_by_swap") == 2


def test_a_steal_of_a_duplicate_busts_the_stealer_and_robs_a_stayed_player() -> None:
    # Deal: seat 0 gets 5 and stays (sum 5 >= 5); seat 1 gets 5, hits and draws Steal. The only card in
    # sight is seat 0's 5, a number seat 1 holds: the Steal must be used, so seat 1 takes it and busts
    # (5 5). Seat 0 stayed but is still a target: it is left with nothing and banks 0.
    result = play_round(VENGEANCE, (SumThreshold(5), ALWAYS_HIT), start("5 5 steal"), seed=1)
    assert result.outcomes == (Outcome.STAYED, Outcome.BUST)
    assert result.scores == (0, 0)
    assert result.lines == ((), cards("5 5"))
    assert result.event("steal") == 1 and result.event("on_stayed") == 1


def test_flip_four_resolves_its_set_aside_steal_and_modifier_after_the_four() -> None:
    # Deal: seat 0 gets 5, seat 1 gets 10. Seat 0 (hits below 15) draws 9 (5 9); seat 1 (below 20) draws
    # 2 (10 2). Seat 0 draws Flip Four!: it goes to seat 1, its only opponent, which draws 3, Steal (set
    # aside), 9, -4 (set aside): 10 2 3 9. Only now does the Steal resolve. Seat 0's 9 would bust seat 1:
    # its gain -24, minus seat 0's gain -9 (14 -> 5): -15. Seat 0's 5: +5 minus -5 (14 -> 9): +10. It
    # takes the 5 (10 2 3 9 5 = 29). (Resolved at once, with 10 2 3, it would have taken the 9, worth
    # 9 + 9, and then busted on the drawn 9.) The -4 goes to seat 0 (9 -4), the only other player.
    # Seat 1 stays with 29; seat 0 (sum 9) draws 12 and stays: 9 + 12 - 4 = 17.
    players = (SumThreshold(15), SumThreshold(20))
    result = play_round(VENGEANCE, players, start("5 10 9 2 flip4 3 steal 9 -4 12"), seed=1)
    assert result.outcomes == (Outcome.STAYED, Outcome.STAYED)
    assert result.lines == (cards("9 -4 12"), cards("10 2 3 9 5"))
    assert result.scores == (17, 29)
    assert result.event("flip_four") == 1 and result.event("steal") == 1 and result.event("modifier_given") == 1


def test_discard_removes_the_drawers_own_zero() -> None:
    # Deal: seat 0 gets The Zero (it must hit while it holds it), seat 1 gets 4. Seat 0 draws 12, seat 1
    # (below 5) draws 3 (4 3 = 7); seat 0 draws 11 (0 12 11, worth 0), seat 1 stays. Seat 0 draws
    # Discard: its own Zero is worth +23 (0 12 11 scores 0, 12 11 scores 23); a 12 or 11 of its own
    # +0, seat 1's 4 or 3 +4 or +3. It discards the Zero and, free to stay, stays with 23.
    result = play_round(VENGEANCE, (SumThreshold(20), SumThreshold(5)), start("0 4 12 3 11 discard"), seed=1)
    assert result.outcomes == (Outcome.STAYED, Outcome.STAYED)
    assert result.lines == (cards("12 11"), cards("4 3"))
    assert result.scores == (23, 7)
    assert result.discards_after[:2] == cards("discard 0")  # the action when played, then The Zero


def test_the_zero_forces_hits_until_a_bust_and_scores_only_with_a_flip_7() -> None:
    # Alone, a player who would stay at once (sum >= 1) holds The Zero: it must hit: 5, 6, then 5 busts.
    busted = play_round(VENGEANCE, (SumThreshold(1),), start("0 5 6 5", players=1), seed=1)
    assert busted.outcomes == (Outcome.BUST,) and busted.scores == (0,) and busted.cards_drawn == 4
    # Seven numbers with The Zero among them are a Flip 7: 0+1+2+3+4+5+6 = 21, + 15 = 36.
    flip7 = play_round(VENGEANCE, (SumThreshold(1),), start("0 1 2 3 4 5 6", players=1), seed=1)
    assert flip7.outcomes == (Outcome.FLIP_7,) and flip7.scores == (36,) and flip7.end is RoundEnd.FLIP_7


def test_the_unlucky_7_wipes_the_drawers_line_and_never_busts() -> None:
    # Alone: 7, 9 (16), then the Unlucky 7: the 7 and 9 go to the discard pile, no bust; 12 makes 19: stay.
    result = play_round(VENGEANCE, (SumThreshold(19),), start("7 9 u7 12", players=1), seed=1)
    assert result.outcomes == (Outcome.STAYED,) and result.scores == (19,)
    assert result.lines == ((UNLUCKY_7, Card.number(12)),)
    assert result.discards_after[:2] == cards("7 9") and result.event("unlucky_7") == 1


def test_a_stolen_unlucky_7_is_a_plain_7() -> None:
    # Seat 1 is dealt the Unlucky 7 (nothing to wipe) and stays with 7. Seat 0 (5, then 9) draws Steal:
    # the Unlucky 7 is worth 7 + 7; moved, it wipes nothing: 5 9 u7 = 21, and seat 0 stays.
    result = play_round(VENGEANCE, (SumThreshold(20), SumThreshold(7)), start("5 u7 9 steal"), seed=1)
    assert result.lines == (cards("5 9 u7"), ())
    assert result.scores == (21, 0) and result.outcomes == (Outcome.STAYED, Outcome.STAYED)
    assert result.event("unlucky_7") == 1 and result.event("on_stayed") == 1  # the flip at the deal only


def test_the_lucky_13_allows_two_13s_and_a_third_busts() -> None:
    kept = play_round(VENGEANCE, (SumThreshold(31),), start("13 l13 5", players=1), seed=1)
    assert kept.outcomes == (Outcome.STAYED,) and kept.scores == (31,)  # 13 + 13 + 5
    third = play_round(VENGEANCE, (ALWAYS_HIT,), start("l13 13 13", players=1), seed=1)
    assert third.outcomes == (Outcome.BUST,) and third.lines == ((LUCKY_13, Card.number(13), Card.number(13)),)


def test_just_one_more_makes_an_active_opponent_draw_once_and_stay() -> None:
    # Deal: 5 and 3. Seat 0 (below 12) draws Just One More!: seat 1 draws 10 (3 10) and must stay.
    # Seat 0 draws 8 (13) and stays.
    result = play_round(VENGEANCE, (SumThreshold(12), ALWAYS_HIT), start("5 3 jom 10 8"), seed=1)
    assert result.outcomes == (Outcome.STAYED, Outcome.MADE_TO_STAY)
    assert result.scores == (13, 13)


def test_just_one_more_on_a_stayed_player_can_bust_it() -> None:
    # Deal: 5 and 9; seat 0 draws 7 (12), seat 1 stays with 9. Seat 0 draws Just One More!: seat 1, stayed
    # but not busted, is the only other target: it draws a 9 and busts. Seat 0 draws 4 (16) and stays.
    result = play_round(VENGEANCE, (SumThreshold(15), SumThreshold(9)), start("5 9 7 jom 9 4"), seed=1)
    assert result.outcomes == (Outcome.STAYED, Outcome.BUST)
    assert result.scores == (16, 0) and result.event("on_stayed") == 1


def test_penalties_go_to_the_player_they_hurt_most() -> None:
    # Deal: seat 0 gets 10, seat 1 gets 2, seat 2 gets -8: it is worth 8 to seat 0 and 2 to seat 1
    # (the floor at 0), so seat 0 gets it. Seat 2, empty-handed, then draws 6 and stays (sum >= 1).
    players = (SumThreshold(1), SumThreshold(1), SumThreshold(1))
    result = play_round(VENGEANCE, players, start("10 2 -8 6", players=3), seed=1)
    assert result.lines == (cards("10 -8"), cards("2"), cards("6"))
    assert result.scores == (2, 2, 6)


def test_brutal_mode_scores_below_zero() -> None:
    # Alone, the -10 must be kept: 5 -10, then 2: 7 - 10 = -3 in Brutal mode, 0 in the standard rules.
    for rules, expected in ((VENGEANCE, 0), (VENGEANCE_BRUTAL, -3)):
        result = play_round(rules, (SumThreshold(6),), start("5 -10 2", players=1, rules=rules), seed=1)
        assert result.scores == (expected,)


def test_brutal_mode_gives_modifiers_to_busted_players() -> None:
    # Deal: 5 and 9; seat 0 draws 6 (11), seat 1 draws 9 and busts. Seat 0 draws -10: standard rules, no
    # other player may take it, seat 0 keeps it; Brutal, the busted seat 1 takes it. Seat 0 draws 2 (13).
    players = (SumThreshold(13), ALWAYS_HIT)
    standard = play_round(VENGEANCE, players, start("5 9 6 9 -10 2"), seed=1)
    assert standard.scores == (3, 0) and standard.lines[0] == cards("5 6 -10 2")
    brutal = play_round(VENGEANCE_BRUTAL, players, start("5 9 6 9 -10 2", rules=VENGEANCE_BRUTAL), seed=1)
    assert brutal.scores == (13, 0) and brutal.lines == (cards("5 6 2"), cards("9 9 -10"))


@pytest.mark.parametrize(("totals", "brutal_scores"), [((0, 100), (29, -6)), ((100, 0), (44, 9))])
def test_brutal_flip_7_gives_minus_15_to_a_leader(totals: tuple[int, int], brutal_scores: tuple[int, int]) -> None:
    # Seat 1 stays with 9; seat 0 draws 1 2 3 4 5 6 8: a Flip 7 of 29 points. Standard: +15 (44). Brutal:
    # -15 to seat 1 when it leads the game (9 - 15 = -6), else +15 for seat 0.
    top = "1 9 2 3 4 5 6 8"
    players = (ALWAYS_HIT, SumThreshold(9))
    standard = play_round(VENGEANCE, players, start(top, totals=totals), seed=1)
    assert standard.scores == (44, 9)
    brutal = play_round(VENGEANCE_BRUTAL, players, start(top, totals=totals, rules=VENGEANCE_BRUTAL), seed=1)
    assert brutal.scores == brutal_scores and brutal.outcomes == (Outcome.FLIP_7, Outcome.STAYED)


def test_a_discard_pile_without_numbers_is_not_reshuffled() -> None:
    # A three-card shoe: The Zero forces hits (0, 5), the Steal has no other player and is discarded;
    # the discard pile (the Steal alone) would only cycle: the player banks 0 (it holds The Zero).
    tiny = replace(VENGEANCE, deck=CardCounts.from_cards(cards("0 5 steal")))
    result = play_round(tiny, (SumThreshold(1),), RoundStart(cards("0 5 steal"), (), 0, (0,)), seed=1)
    assert result.outcomes == (Outcome.NO_CARDS,) and result.scores == (0,) and result.reshuffles == 0


def test_a_reshuffle_leaves_the_cards_in_front_of_players_out() -> None:
    # The pile holds only 12 and 11; the rest of the deck is the discard pile. After 12 and 11 (23) the
    # player hits on an empty pile: the discard pile is shuffled into a new one. check=True verifies
    # after every step that the 12 and 11 in front of the player were not shuffled in (no extra card).
    rest = tuple(VENGEANCE.deck - CardCounts.from_cards(cards("12 11")))
    result = play_round(VENGEANCE, (SumThreshold(30),), RoundStart(cards("12 11"), rest, 0, (0,)), seed=5)
    assert result.reshuffles == 1 and result.cards_drawn > 2
    assert len(result.pile_after) + len(result.discards_after) == VENGEANCE.deck.size


def test_the_invariant_check_catches_a_lost_card() -> None:
    broken = start("5 6")
    broken = RoundStart(broken.pile[1:], broken.discards, broken.dealer, broken.totals)
    with pytest.raises(InvariantError, match="missing"):
        play_round(VENGEANCE, (ALWAYS_HIT, ALWAYS_HIT), broken, seed=0)


@pytest.mark.parametrize("rules", [VENGEANCE, VENGEANCE_BRUTAL])
def test_cards_are_conserved_and_rounds_replay_under_random_play(rules: RuleSet) -> None:
    """check=True verifies after every step that every card is in exactly one place; views agree with the deck."""
    deck = Counter(rules.deck.as_dict())
    seen: list[VengeanceView] = []
    events: Counter[str] = Counter()
    for seed in range(12):
        players = 1 + seed % 6
        policies = [RandomPolicy(0.3 + 0.05 * seed)] * players
        game = play_game(rules, policies, np.random.default_rng(seed), observer=seen.append, check=True)
        assert max(game.totals) >= rules.target and game.totals.count(max(game.totals)) == 1
        assert game.totals == tuple(map(sum, zip(*(result.scores for result in game.rounds))))
        for result in game.rounds:
            events.update(dict(result.events))
        for before, after in zip(game.rounds, game.rounds[1:]):
            assert after.start.pile == before.pile_after and after.start.discards == before.discards_after
        last = game.rounds[-1]
        assert play_round(rules, policies, last.start, last.seed) == last
    for view in seen[::25]:
        on_table = Counter(card for table in view.tables for card in table)
        assert Counter(view.pile_counts) + Counter(view.discard_cards) + on_table == deck
    # The random games did meet every rule the checks cover.
    assert all(events[name] > 0 for name in ("steal", "swap", "discard", "just_one_more", "flip_four", "on_stayed",
                                             "unlucky_7", "busted_by_swap"))
    assert rules.brutal == (events["brutal_minus_15"] > 0)
    assert any(score < 0 for view in seen for score in view.totals) == rules.brutal


def test_policies_read_back_and_the_optimum_is_refused() -> None:
    for text in ("sum:23", "bust:0.26", "cards:3", "random:0.5"):
        assert policy_from_text(text).name == text
    assert isinstance(policy_from_text("bust:30%"), BustThreshold) and policy_from_text("cards:4") == CardCount(4)
    with pytest.raises(Flip7Error, match="optimal"):
        policy_from_text("optimal")
    with pytest.raises(Flip7Error, match="unknown policy"):
        policy_from_text("greedy")


def test_the_classic_rules_are_refused() -> None:
    from flip7odds.rules import CLASSIC

    with pytest.raises(Flip7Error, match="not With a Vengeance"):
        play_round(CLASSIC, (ALWAYS_HIT,), RoundStart((), (), 0, (0,)), seed=0)


# ----------------------------------------------------------------------------------------------
# An independent oracle: a solo round on a small pile, exactly by the model's chance tree.

ORACLE_PILE = "0 u7 3 13 l13 -4 jom flip4 steal"
ORACLE_THRESHOLD = 7


class FixedPolicyValue:
    """E[score], E[score²] and P(diverge) of "stay once the numbers sum to ``threshold``", over the
    engine's literal chance tree (`flip7odds.vengeance.engine`, a separate implementation of the rules).

    Alone, every card targets you: a modifier is kept, Just One More! and Flip Four! are taken, Steal
    (and Swap) have nobody to act on and are discarded, so there is no choice to make (a Discard would
    offer one: its ties are left out). The node *diverges* where the pile runs out with a discard pile
    that one of the two would treat differently (the model reshuffles the discards once, the simulator
    whenever they hold a number card). P(diverge) is the exact probability of reaching such a node:
    both play the same round until then.
    """

    def __init__(self, rules: RuleSet, threshold: int) -> None:
        self.round = VengeanceRound(rules)
        self.rules = rules
        self.threshold = threshold
        self.memo: dict[VengeanceState, tuple[Fraction, Fraction, Fraction]] = {}

    def value(self, node: VNode) -> tuple[Fraction, Fraction, Fraction]:
        if isinstance(node, Terminal):
            return Fraction(node.score), Fraction(node.score**2), Fraction(0)
        assert not isinstance(node, Choice), "alone on this pile no card offers a choice"
        if node not in self.memo:
            self.memo[node] = self._state(node)
        return self.memo[node]

    def _state(self, state: VengeanceState) -> tuple[Fraction, Fraction, Fraction]:
        if state.at_decision and state.may_stay and sum(card.value for card in state.line.numbers) >= self.threshold:
            return self.value(self.round.bank(state, VTermination.STAYED))
        if state.pile.size == 0 and (state.discards is None or not any(card.is_number for card in state.discards)):
            mean, second, _ = self._draw(state) if state.can_draw else self.value(
                self.round.bank(state, VTermination.PILE_EXHAUSTED))
            return mean, second, Fraction(1)
        return self._draw(state)

    def _draw(self, state: VengeanceState) -> tuple[Fraction, Fraction, Fraction]:
        size, outcomes = self.round.draw_outcomes(state)
        totals = [Fraction(0)] * 3
        for outcome in outcomes:
            for index, part in enumerate(self.value(outcome.node)):
                totals[index] += Fraction(outcome.count, size) * part
        return totals[0], totals[1], totals[2]


def test_solo_rounds_agree_with_the_exact_value_of_the_same_policy() -> None:
    """A fixed policy (stay at a sum of 7; The Zero forces hits) on a 9-card shoe (The Zero, the Unlucky
    7, the Lucky 13 and a 13, a penalty, Just One More!, Flip Four!, a Steal): the simulator's mean round
    score is within 4 standard errors of the exact value over the model's chance tree.

    The two play the same round until a diverging node (`FixedPolicyValue`); that exact probability
    (about 0.2 % here) times the score range bounds how far apart the two means can be, and is added.
    """
    shoe = CardCounts.from_cards(cards(ORACLE_PILE))
    rules = replace(VENGEANCE, deck=shoe)
    oracle = FixedPolicyValue(rules, ORACLE_THRESHOLD)
    situation = VengeanceSituation.build(rules, pile=tuple(shoe), discards=())
    mean, second, diverge = oracle.value(oracle.round.start(situation))
    score_range = sum(card.value for card in shoe if card.is_number) + rules.flip7_bonus  # scores are 0 or more
    assert diverge < Fraction(1, 100)  # a test of the simulator, not of the bound
    sd = float(second - mean**2) ** 0.5
    rounds = 10_000
    rng = np.random.default_rng(2026)
    players = (SumThreshold(ORACLE_THRESHOLD),)
    scores = [play_round(rules, players, RoundStart.fresh(rules, 1, rng), int(rng.integers(2**32)),
                         check=False).scores[0] for _ in range(rounds)]
    tolerance = 4 * sd / rounds**0.5 + float(diverge) * score_range
    assert abs(float(np.mean(scores)) - float(mean)) < tolerance

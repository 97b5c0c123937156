"""With a Vengeance: its deck and notation, exact next-card odds, and the reference solver under the
model of docs/vengeance.md, against hand derivations (one golden case per special number and action),
the classic reference solver (an independent implementation) on number-only piles, identities, and a
Monte-Carlo run of the model with a fixed seed."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st

from flip7odds.cards import Action, Card, Category, format_cards, parse_cards
from flip7odds.errors import CardError, Flip7Error, SituationError
from flip7odds.reference import reference_solve as classic_reference_solve
from flip7odds.rules import CLASSIC, LUCKY_13, RULESETS, UNLUCKY_7, VENGEANCE, VENGEANCE_BRUTAL, find_rules
from flip7odds.situation import Situation
from flip7odds.tree import Choice, Terminal
from flip7odds.vengeance.analysis import analyze_vengeance
from flip7odds.vengeance.engine import VengeanceRound, VengeanceState, VEvent, VNode, VTermination
from flip7odds.vengeance.odds import bust_probability, flip7_next_probability, next_card_table
from flip7odds.vengeance.reference import VengeanceReferenceSolver, reference_solve
from flip7odds.vengeance.situation import VengeanceSituation


def situation(line: str, pile: str, others: tuple[str, ...] = (), rules=VENGEANCE, **kwargs) -> VengeanceSituation:
    return VengeanceSituation.from_text(rules, line, others=others, pile=pile, **kwargs)


def hit(line: str, pile: str, others: tuple[str, ...] = (), rules=VENGEANCE, **kwargs) -> Fraction:
    result = reference_solve(situation(line, pile, others, rules, **kwargs))
    assert result.hit is not None
    return result.hit.value


# --- the deck and the notation -------------------------------------------------------------------

def test_the_deck_has_the_108_cards_of_rules_section_3() -> None:
    deck = VENGEANCE.deck
    assert deck.size == 108
    numbers = {value: sum(count for card, count in deck.items_ if card.is_number and card.value == value)
               for value in range(14)}
    assert numbers == {0: 1, **{value: value for value in range(1, 14)}}  # 92 number cards
    assert deck[UNLUCKY_7] == 1 and deck[Card.number(7)] == 6 and deck[LUCKY_13] == 1 and deck[Card.number(13)] == 12
    assert sum(count for card, count in deck.items_ if card.category is Category.ACTION) == 10
    assert all(deck[Card.action(act)] == 2 for act in (Action.JUST_ONE_MORE, Action.FLIP_FOUR, Action.STEAL,
                                                       Action.SWAP, Action.DISCARD))
    assert [str(card) for card, _ in deck.items_ if card.category is Category.MODIFIER] == [
        "-10", "-8", "-6", "-4", "-2", "/2"]
    assert (VENGEANCE.target, VENGEANCE.flip7_bonus, VENGEANCE.brutal, VENGEANCE_BRUTAL.brutal) == (200, 15, False, True)


def test_vengeance_is_found_only_when_asked_and_stays_out_of_the_app_list() -> None:
    assert "vengeance" not in RULESETS
    assert find_rules("Vengeance", experimental=True) is VENGEANCE
    assert find_rules("vengeance-brutal", experimental=True) is VENGEANCE_BRUTAL
    with pytest.raises(Flip7Error, match="unknown rules 'vengeance': choose one of classic, poker"):
        find_rules("vengeance")


def test_english_and_spanish_names_read_and_round_trip() -> None:
    cards = parse_cards("zero cero u7 7_mala_suerte l13 13_de_la_suerte ÷2 /2 -10 jom una_mas flip4 robar4 "
                        "steal quitar swap intercambiar discard descartar 13*2", VENGEANCE)
    assert format_cards(cards, VENGEANCE) == ("0 0 u7 u7 l13 l13 /2 /2 -10 jom jom flip4 flip4 steal steal "
                                              "swap swap discard discard 13 13")
    assert parse_cards(format_cards(VENGEANCE.kinds, VENGEANCE), VENGEANCE) == VENGEANCE.kinds
    assert eval(repr(UNLUCKY_7), {"Card": Card}) == UNLUCKY_7


@pytest.mark.parametrize("text, error, fragment", [
    ("banana", CardError, "unknown card 'banana': use 0-13, u7, l13"),
    ("x2", SituationError, "card x2 is not in the vengeance deck"),
    ("freeze", SituationError, "card freeze is not in the vengeance deck"),
    ("5 5", SituationError, "duplicate number 5 in your line"),
    ("13 13", SituationError, "duplicate number 13 in your line"),
    ("13 l13 13", SituationError, "duplicate number 13 in your line"),
    ("1 2 3 4 5 6 13", SituationError, "that is a Flip 7"),
    ("steal", SituationError, "steal cannot be in a line"),
    ("u7 7*6", SituationError, "duplicate number 7"),
    ("l13 13*13", SituationError, "too many 13 cards: your line 13 make 13, but the vengeance deck has 12"),
])
def test_impossible_lines_get_one_clear_message(text: str, error: type[Exception], fragment: str) -> None:
    with pytest.raises(error, match=fragment):
        VengeanceSituation.from_text(VENGEANCE, text)


def test_other_lines_and_deck_counts_are_checked() -> None:
    with pytest.raises(SituationError, match="duplicate number 9 in another player's line"):
        VengeanceSituation.from_text(VENGEANCE, "3", others=("9 9",))
    with pytest.raises(SituationError, match="too many -4 cards"):
        VengeanceSituation.from_text(VENGEANCE, "3 -4", others=("-4",))
    with pytest.raises(SituationError, match="not With a Vengeance"):
        VengeanceSituation.from_text(CLASSIC, "3")
    # Two 13s with the Lucky 13 are a legal line: 13 + 13 + 5 = 31.
    assert VengeanceSituation.from_text(VENGEANCE, "13 l13 5").line.score(VENGEANCE) == 31


def test_scoring_order_halves_then_subtracts_then_floors_then_adds_the_bonus() -> None:
    line = VengeanceSituation.from_text(VENGEANCE, "12 9 /2 -6 -2").line  # 21 // 2 = 10, 10 - 8 = 2
    assert line.score(VENGEANCE) == 2 and line.score(VENGEANCE, flip7=True) == 17
    low = VengeanceSituation.from_text(VENGEANCE, "3 -10").line  # 3 - 10 = -7: 0, or -7 in Brutal mode
    assert (low.score(VENGEANCE), low.score(VENGEANCE_BRUTAL)) == (0, -7)
    assert low.score(VENGEANCE, flip7=True) == 15  # the floor applies before the bonus
    zero = VengeanceSituation.from_text(VENGEANCE, "0 12 11").line
    assert (zero.score(VENGEANCE), zero.score(VENGEANCE, flip7=True)) == (0, 38)  # The Zero: 0 unless Flip 7


# --- exact next-card odds ------------------------------------------------------------------------

def test_next_card_odds_respect_the_special_numbers() -> None:
    # Holding one plain 13: another plain 13 busts, the Lucky 13 does not. Unlucky 7 never busts.
    plain = situation("13 7", "13 l13 u7 7 2")
    assert bust_probability(plain) == Fraction(2, 5)  # 13 and 7
    events = {format_cards((row.card,), VENGEANCE): row.event for row in next_card_table(plain)}
    assert events == {"2": VEvent.NEW_NUMBER, "7": VEvent.BUST, "u7": VEvent.UNLUCKY_7, "13": VEvent.BUST,
                      "l13": VEvent.LUCKY_SECOND_13}
    # Holding the Lucky 13 alone: every 13 is safe; holding two 13s: every 13 busts.
    assert bust_probability(situation("l13", "13 13 2")) == 0
    assert bust_probability(situation("l13 13", "13 13 2")) == Fraction(2, 3)


def test_flip7_on_the_next_card_counts_a_lucky_second_13_and_not_the_unlucky_7() -> None:
    # Six number cards (13, l13, 1, 2, 3, 4): 5 and 6 make seven; 13 busts (third); u7 wipes to one number.
    six = situation("13 l13 1 2 3 4", "5 6 13 u7 -2")
    assert flip7_next_probability(six) == Fraction(2, 5)
    assert bust_probability(six) == Fraction(1, 5)
    assert flip7_next_probability(situation("1 2 3", "5 6")) == 0
    table = next_card_table(six)
    assert sum(row.probability for row in table) == 1
    assert [row.event for row in table if row.card.is_number] == [VEvent.FLIP_7, VEvent.FLIP_7, VEvent.UNLUCKY_7,
                                                                   VEvent.BUST]


# --- golden cases of the solver, each derived by hand -------------------------------------------

def test_the_zero_forces_hits_and_scores_nothing_without_a_flip7() -> None:
    # Line 0 1 2 3 4 5 (six numbers, The Zero): staying is not allowed. Next card 6 (1/2): Flip 7,
    # 0+1+2+3+4+5+6 = 21 + 15 = 36; next card 5 (1/2): bust. Hit = 36 / 2 = 18.
    result = analyze_vengeance(situation("0 1 2 3 4 5", "6 5"))
    assert (result.may_stay, result.stay_score, result.decision.value) == (False, 0, "hit")
    assert result.optimal_score == 18 and result.flip7_probability == Fraction(1, 2)
    # Line 0 9, pile 6 5: you must draw both (0 5 6 9), the pile runs out short of seven: every path banks 0.
    assert analyze_vengeance(situation("0 9", "6 5")).optimal_score == 0


def test_the_unlucky_7_wipes_your_line_and_never_busts() -> None:
    # Line 7 2 (9): the only card is u7: it wipes 7 and 2 and leaves 7. Hit = 7 < 9: stay.
    result = analyze_vengeance(situation("7 2", "u7"))
    assert (result.hit_score, result.decision.value, result.bust_probability) == (7, "stay", 0)
    # Line 3 -2 (1): the u7 also wipes the -2: hit = 7 > 1.
    assert analyze_vengeance(situation("3 -2", "u7")).decision.value == "hit"
    # Moved by Steal it is a plain 7: holding a 7, stealing it busts you. Line 7 (7), other holds u7 only:
    # the Steal must take it: bust. Hit = 0.
    assert hit("7", "steal", others=("u7",)) == 0


def test_the_lucky_13_holds_two_13s_and_a_third_busts() -> None:
    # Line 13 l13 1 2 3 4 (36): 5 (1/2) makes Flip 7, 13+13+1+2+3+4+5 = 41 + 15 = 56; 13 (1/2) busts.
    # Hit = 28 < 36: stay.
    result = analyze_vengeance(situation("13 l13 1 2 3 4", "5 13"))
    assert (result.stay_score, result.hit_score, result.decision.value) == (36, 28, "stay")
    # Line l13 (13), pile 13 5: the plain 13 is safe: both orders end at 13 + 13 + 5 = 31. Hit = 31.
    assert hit("l13", "13 5") == 31
    # Line 13 (13), pile l13 13: l13 (1/2) is safe (26) but then the 13 would be a third: stay 26;
    # the plain 13 first (1/2) busts. Hit = 13.
    assert hit("13", "l13 13") == 13


def test_just_one_more_makes_you_stay_unless_you_give_it_away() -> None:
    # Alone, line 10, pile jom 5 6. jom (1/3): you must take it, draw 5 or 6, then stay: 15.5.
    # 5 (1/3): 15, then jom or 6 both end at 21 (a taken jom draws the 6 and stays). 6 (1/3): likewise 21.
    # Hit = (15.5 + 21 + 21) / 3 = 115/6.
    assert hit("10", "jom 5 6") == Fraction(115, 6)
    # With another player, jom is given away and you draw on: 10 -> every path collects 5 and 6: 21.
    assert hit("10", "jom 5 6", others=("",)) == 21


def test_flip_four_sets_actions_aside_until_its_draws_are_done() -> None:
    # Line 10, the other player holds a 3, pile flip4 steal 3 4 5. Taking the flip4 you draw steal, 3, 4, 5
    # in some order; the Steal is set aside until the four are done, when you hold the 3 and must steal the
    # other's only card, a 3: bust, whatever the order (resolved at once, a Steal drawn before your 3 would
    # have taken the 3 safely). So the "take" option is worth exactly 0, with P(bust) = 1.
    round_rules = VengeanceRound(VENGEANCE)
    start = round_rules.start(situation("10", "flip4 steal 3 4 5", others=("3",)))
    outcome = round_rules.draw_card(start, Card.action(Action.FLIP_FOUR))
    assert isinstance(outcome.node, Choice)
    taken = {move.kind.value: node for move, node in outcome.node.options}["take"]
    solver = VengeanceReferenceSolver(round_rules)
    assert solver.evaluate(taken).value == 0 and solver.evaluate(taken).bust_probability == 1


def test_steal_takes_the_best_card_in_sight_and_a_duplicate_busts() -> None:
    # Line 5, other holds 12 -4: steal 12 -> 17 (steal -4 -> 1). Hit = 17.
    assert hit("5", "steal", others=("12 -4",)) == 17
    # The other holds only a 5: the Steal must take it: bust. Hit = 0, so stay 5.
    result = analyze_vengeance(situation("5", "steal", others=("5",)))
    assert (result.hit_score, result.decision.value) == (0, "stay")
    # Nobody else holds a card: the Steal is discarded. Hit = 5 (pile empty afterwards).
    assert hit("5", "steal", others=("",)) == 5


def test_swap_gives_away_your_worst_card_for_their_best() -> None:
    # Line 2 -10 (0), other holds 12: swap -10 for 12 -> 2 + 12 = 14 (swap 2 for 12 -> 12 - 10 = 2).
    assert hit("2 -10", "swap", others=("12",)) == 14
    # Line 0 9 (The Zero, 0), other holds 8: give The Zero for the 8 -> 8 + 9 = 17.
    assert hit("0 9", "swap", others=("8",)) == 17
    # Giving a number the other holds busts them; swapping your 6 for their 9 leaves you 9 + 4 = 13... with
    # line 6 4 and other 9 6: swap 4 for 9 -> 6 9 = 15 (they get 4: 4 6 is fine); swap 6 for 9 -> 4 9 = 13.
    assert hit("6 4", "swap", others=("9 6",)) == 15


def test_discard_removes_your_zero_or_your_worst_modifier() -> None:
    assert hit("0 9", "discard") == 9          # discard The Zero: 9 (discard 9: 0 0 -> 0)
    assert hit("9 /2", "discard") == 9         # discard /2: 9 (it was 9 // 2 = 4)
    assert hit("12 -4 -2", "discard") == 10    # discard -4: 12 - 2 = 10 (it was 6)


def test_modifiers_go_to_another_player_or_count_in_brutal_mode() -> None:
    # Line 10, pile -4: alone you must keep it (6); with another player you give it away (10 = stay: ties stay).
    assert hit("10", "-4") == 6
    result = analyze_vengeance(situation("10", "-4", others=("",)))
    assert (result.hit_score, result.decision.value) == (10, "stay")
    # Line 3, pile -4, alone: 3 - 4 = -1 is 0 in standard rules and -1 in Brutal mode, where a busted
    # player can also be given the -4 (then 3).
    assert hit("3", "-4") == 0
    assert hit("3", "-4", rules=VENGEANCE_BRUTAL) == -1
    assert hit("3", "-4", rules=VENGEANCE_BRUTAL, busted_others=1) == 3
    # /2 halves the sum, rounding down: line 13 12 (25), alone, pile /2: 12.
    assert hit("13 12", "/2") == 12


# --- independent oracle: the classic reference solver on number-only piles -------------------------

# On piles of plain numbers 1..12 (no The Zero, Unlucky 7, 13s, modifiers or actions) the Vengeance rules are
# classic's: seven distinct numbers for a Flip 7 and +15, a duplicate busts, an empty line may not stay.
@settings(max_examples=40, deadline=None)
@given(st.data())
def test_number_only_piles_agree_with_the_classic_reference_solver(data: st.DataObject) -> None:
    values = data.draw(st.lists(st.integers(1, 12), min_size=1, max_size=8))
    pile = [value for value in values if values.count(value) <= value]
    line = data.draw(st.lists(st.integers(1, 12), unique=True, max_size=5))
    if not pile or any(line.count(v) + pile.count(v) > v for v in line):
        return
    text = " ".join(map(str, line))
    pile_text = " ".join(map(str, pile))
    note(f"line {text!r}, pile {pile_text!r}")
    ours = reference_solve(situation(text, pile_text))
    theirs = classic_reference_solve(Situation.from_text(CLASSIC, text, pile=pile_text, others_active=0))
    assert ours.optimal.value == theirs.optimal.value
    assert ours.optimal.distribution == theirs.optimal.distribution
    assert ours.decision_is_hit == theirs.decision_is_hit


# --- identities on random small situations ----------------------------------------------------------

@st.composite
def small_vengeance_situations(draw: st.DrawFn) -> VengeanceSituation:
    """A legal situation with a pile of at most five cards and up to two other players.

    Cards come from at most two copies of each kind, so The Zero, the Unlucky 7, the Lucky 13 and each
    modifier are as likely as any number.
    """
    deck = [card for card, count in VENGEANCE.deck.items_ for _ in range(min(count, 2))]
    indices = draw(st.lists(st.integers(0, len(deck) - 1), min_size=1, max_size=12, unique=True))
    cards = [deck[i] for i in indices]
    lines: list[list[Card]] = [[], [], []]
    pile: list[Card] = []
    for card in cards:
        where = draw(st.integers(0, 3))
        target = lines[where] if where < 3 and card.category is not Category.ACTION else pile
        if card.is_number and where < 3:
            from flip7odds.vengeance.situation import VengeanceLine
            held = VengeanceLine.of(c for c in target if c.is_number)
            if not held.accepts(card) or held.number_count >= 5:
                target = pile
        target.append(card)
    pile = pile[:5] or [Card.number(11)]
    others = lines[1:1 + draw(st.integers(0, 2))]
    brutal = draw(st.booleans())
    return VengeanceSituation.build(VENGEANCE_BRUTAL if brutal else VENGEANCE, lines[0], others=others,
                                    pile=pile, busted_others=draw(st.integers(0, 1)))


@settings(max_examples=60, deadline=None)
@given(small_vengeance_situations())
def test_identities_of_the_exact_results(s: VengeanceSituation) -> None:
    note(repr(s))
    result = reference_solve(s)
    optimal = result.optimal
    assert sum(p for _, p in optimal.distribution) == 1
    assert sum(score * p for score, p in optimal.distribution) == optimal.value
    assert 0 <= optimal.flip7_probability and 0 <= optimal.bust_probability
    assert optimal.flip7_probability + optimal.bust_probability <= 1
    assert result.hit is not None and result.hit_once is not None
    assert optimal.value == (max(result.hit.value, result.stay_score) if result.may_stay else result.hit.value)
    assert result.hit_once.value <= result.hit.value  # staying after one card is one of the strategies
    if not s.rules.brutal:
        assert all(score >= 0 for score, _ in optimal.distribution)


@settings(max_examples=15, deadline=None)
@given(small_vengeance_situations())
def test_an_extra_player_with_an_empty_line_never_hurts(s: VengeanceSituation) -> None:
    # An empty-handed player adds targets for your modifiers, Just One More! and Flip Four!, and nothing you
    # could be forced to take: your optimal value cannot go down.
    from dataclasses import replace

    from flip7odds.vengeance.situation import VengeanceLine
    more = replace(s, others=tuple(sorted((*s.others, VengeanceLine()))))
    assert reference_solve(more).optimal.value >= reference_solve(s).optimal.value


# --- Monte-Carlo under the model, fixed seed ---------------------------------------------------------

def play_round(node: VNode, round_rules: VengeanceRound, solver: VengeanceReferenceSolver,
               rng: np.random.Generator) -> int:
    """Play one round by sampling cards from the pile's counts, every choice the solver's best (ties: first)."""
    while True:
        if isinstance(node, Terminal):
            return node.score
        if isinstance(node, Choice):
            values = [solver.evaluate(option).value for _, option in node.options]
            node = node.options[values.index(max(values))][1]
            continue
        assert isinstance(node, VengeanceState)
        if node.at_decision:
            stay = round_rules.bank(node, VTermination.STAYED).score
            if not node.can_draw or (node.may_stay and solver.evaluate(node).value <= stay):  # ties stay
                return stay
        pile = node.pile if node.pile.size else node.discards
        assert pile is not None
        cards = [card for card, _ in pile.items_]
        counts = np.array([count for _, count in pile.items_], dtype=float)
        node = round_rules.draw_card(node, cards[rng.choice(len(cards), p=counts / counts.sum())]).node


def test_monte_carlo_agrees_with_the_exact_value_within_4_standard_errors() -> None:
    s = situation("9 -2", "0 u7 l13 13 5 jom steal -4", others=("11 3",))
    round_rules = VengeanceRound(VENGEANCE)
    solver = VengeanceReferenceSolver(round_rules)
    exact = solver.evaluate(round_rules.start(s)).value
    assert exact == reference_solve(s).optimal.value
    rng = np.random.default_rng(20261130)
    scores = np.array([play_round(round_rules.start(s), round_rules, solver, rng) for _ in range(3000)])
    error = scores.std(ddof=1) / math.sqrt(len(scores))
    assert abs(scores.mean() - float(exact)) < 4 * error, (float(exact), scores.mean(), error)


def test_a_known_discard_pile_is_reshuffled_during_forced_draws() -> None:
    # Alone, line 10, pile jom, discards 6. The jom must be taken; played, it joins the discards, and its
    # forced draw reshuffles them (6 jom): 6 (1/2) -> 16, then you must stay; jom (1/2) is set aside, then
    # taken, and its own forced draw is the 6 -> 16. Hit = 16.
    assert hit("10", "jom", discards="6") == 16
    # Without the discards the jom's forced draw finds no card: you bank 10.
    assert hit("10", "jom") == 10


def test_the_classic_analysis_refuses_the_vengeance_rules() -> None:
    with pytest.raises(SituationError, match="the vengeance rules need the With a Vengeance analysis"):
        Situation.from_text(VENGEANCE, "5")


def direct_hit_once(s: VengeanceSituation) -> Fraction:
    """Hit once, then stay, for a pile without actions, written straight from docs/rules.md section 3."""
    rules, line = s.rules, s.line
    total = 0
    for card, count in s.pile.items_:
        if card == UNLUCKY_7:
            score = rules.score(7, (), flip7=False)  # everything else wiped: a lone 7
        elif card.is_number and not line.accepts(card):
            score = 0
        elif card.is_number:
            grown = line.plus(card)
            score = grown.score(rules, flip7=grown.number_count >= 7)
        else:
            can_give = bool(s.others) or (rules.brutal and s.busted_others > 0)
            score = max(line.plus(card).score(rules), line.score(rules) if can_give else -10**9)
        total += count * score
    return Fraction(total, s.pile.size)


@settings(max_examples=60, deadline=None)
@given(small_vengeance_situations())
def test_hit_once_matches_a_direct_count_on_piles_without_actions(s: VengeanceSituation) -> None:
    from dataclasses import replace

    from flip7odds.counts import CardCounts
    pile = CardCounts.from_mapping({card: count for card, count in s.pile.items_
                                    if card.category is not Category.ACTION})
    if pile.size == 0:
        return
    s = replace(s, pile=pile)
    note(repr(s))
    assert analyze_vengeance(s).hit_once_score == direct_hit_once(s)

"""Not alone, Freeze and Flip Three are blanks (`flip7odds.solver`, reduction 3), and where they are not.

Giving a Flip Three away is never worse; giving a Freeze away is never worse except on an empty line
when drawing on is worth less than banking 0 (poker's penalties), also after a reshuffle while the line
is still empty. Everything here is checked against the brute-force reference in exact fractions.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, example, given, note, settings
from hypothesis import strategies as st

from flip7odds.analysis import analyze, problem_of
from flip7odds.cards import FLIP_THREE, FREEZE, Category, parse_cards
from flip7odds.cli import main
from flip7odds.counts import CardCounts
from flip7odds.engine import Choice, Option, RoundRules, RoundState
from flip7odds.errors import SituationError
from flip7odds.policies import Optimal, evaluate_policy
from flip7odds.reference import ReferenceResult, ReferenceSolver, reference_solve
from flip7odds.rules import CLASSIC, POKER, RuleSet
from flip7odds.situation import Situation
from flip7odds.solver import solve
from flip7odds.utility import solve_utility

EXACT = 1e-9


def assert_matches_reference(situation: Situation) -> ReferenceResult:
    """The fast solver and the optimal policy's evaluation both equal the reference, to 1e-9."""
    reference = reference_solve(situation)
    solution = solve(problem_of(situation))
    optimal = reference.optimal
    expected = {score: float(p) for score, p in optimal.distribution if p}
    policy = evaluate_policy(situation, Optimal())
    for value, result in ((solution.result().value, solution.result()), (policy.expected_score, policy)):
        assert value == pytest.approx(float(optimal.value), abs=EXACT)
        assert result.bust_probability == pytest.approx(float(optimal.bust_probability), abs=EXACT)
        assert result.flip7_probability == pytest.approx(float(optimal.flip7_probability), abs=EXACT)
        got = {score: p for score, p in result.distribution.items() if p > EXACT}
        assert got.keys() == expected.keys()
        assert got == pytest.approx(expected, abs=EXACT)
    if reference.hit is not None:
        assert solution.draw is not None
        assert solution.draw.value == pytest.approx(float(reference.hit.value), abs=EXACT)
    return reference


# ----------------------------------------------------------------------------------------------
# The two numbers of issue 19, derived by hand.


def test_a_freeze_back_through_a_reshuffle_may_still_bank_the_empty_line() -> None:
    # Poker, empty line, one other player, pile: one 3 (Flip Three); discards: A (Freeze) and 5♦ (-5).
    # You must draw the Flip Three. Taking it: the pile is empty, the discards A 5♦ are reshuffled and you
    # draw both (the A set aside), then the pile is out: you bank -5. Giving it away puts it on the
    # discards, and your empty line must draw again from the reshuffled A 5♦ 3:
    #   A  (1/3): freeze yourself and bank 0 (giving it away leaves 5♦ and 3, and you end on -5);
    #   5♦ (1/3): -5 whatever follows (the A banks -5, the 3 given away or taken changes nothing);
    #   3  (1/3): give it away, and draw from A 5♦: A first banks 0, 5♦ first ends on -5: -5/2.
    # So the optimum is (0 - 5 - 5/2) / 3 = -5/2: 0 and -5 each with probability 1/2.
    situation = Situation.from_text(POKER, "", pile="3", discards="A 5d", others_active=1)
    reference = assert_matches_reference(situation)
    assert reference.optimal.value == Fraction(-5, 2)
    assert dict(reference.optimal.distribution) == {-5: Fraction(1, 2), 0: Fraction(1, 2)}
    assert analyze(situation).optimal_score == pytest.approx(-2.5, abs=1e-12)


def test_the_issue_commands_give_minus_five_halves(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "--rules", "poker", "--line", "", "--pile", "3", "--discards", "A 5d", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["optimal_score"] == pytest.approx(-2.5, abs=1e-12)
    # Pile A 5♦: the A first banks 0, the 5♦ first ends on -5 (the A after it banks -5 or is given away).
    assert main(["policy", "--rules", "poker", "--policy", "optimal", "--line", "", "--pile", "A 5d", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["expected_score"] == pytest.approx(-2.5, abs=1e-12)
    assert payload["optimal_score"] == pytest.approx(-2.5, abs=1e-12)
    assert payload["distribution"] == pytest.approx({"-5": 0.5, "0": 0.5}, abs=1e-12)
    # A share of a negative optimum would read upside down: there is none.
    assert payload["fraction_of_optimal"] is None


def test_the_utility_solver_reads_the_reshuffled_freezes_too() -> None:
    situation = Situation.from_text(POKER, "", pile="3 3", discards="A 5d joker", others_active=1)

    def utility(score: int) -> Fraction:
        return Fraction(score * score * (1 if score >= 0 else -1), 7) + 1

    expected = reference_solve(situation, utility).optimal.value
    assert solve_utility(problem_of(situation), lambda s: float(utility(s))).optimal_utility == pytest.approx(
        float(expected), abs=EXACT)


# ----------------------------------------------------------------------------------------------
# Many small poker piles built to reach an empty line with blanks left: not alone, negative cards,
# Freeze and Flip Three in the pile and in the discards.


def multisets(kinds: list[str], most: int, rules: RuleSet) -> list[list[str]]:
    deck = {text: rules.deck[parse_cards(text, rules)[0]] for text in kinds}
    chosen = []
    for size in range(most + 1):
        for combo in itertools.combinations_with_replacement(kinds, size):
            if all(n <= deck[text] for text, n in Counter(combo).items()):
                chosen.append(list(combo))
    return chosen


def built(rules: RuleSet, pile_kinds: list[str], pile_most: int, discard_kinds: list[str],
          discard_most: int, line: str = "") -> list[Situation]:
    situations = []
    for pile in multisets(pile_kinds, pile_most, rules):
        for discards in multisets(discard_kinds, discard_most, rules):
            if not pile and not discards:
                continue
            try:
                situations.append(Situation.from_text(rules, line, pile=" ".join(pile),
                                                      discards=" ".join(discards), others_active=1))
            except SituationError:  # more copies of a card than the deck holds
                continue
    return situations


EMPTY_LINE_CASES = built(POKER, ["A", "3", "5d", "K"], 3, ["A", "3", "10d", "joker"], 2)


def test_the_built_cases_reach_every_kind_of_empty_line() -> None:
    # Guard the fixture: piles of blanks only over discards with a Freeze, and blanks among plain cards.
    def blanks_only(counts: CardCounts) -> bool:
        return counts.size > 0 and counts[FREEZE] + counts[FLIP_THREE] == counts.size

    assert any(blanks_only(s.pile) and s.discards is not None and s.discards[FREEZE] and s.discards.size > 1
               for s in EMPTY_LINE_CASES)
    assert any(s.pile[FREEZE] and s.pile[FLIP_THREE] and not blanks_only(s.pile) for s in EMPTY_LINE_CASES)
    assert len(EMPTY_LINE_CASES) > 300


@pytest.mark.parametrize("situation", EMPTY_LINE_CASES, ids=repr)
def test_empty_line_with_blanks_matches_the_reference(situation: Situation) -> None:
    assert_matches_reference(situation)


@st.composite
def tiny_blank_heavy(draw: st.DrawFn) -> Situation:
    """A tiny poker situation, mostly blanks and penalties, often with an empty line, never alone."""
    pool = ["A", "A", "A", "3", "3", "3", "2", "5d", "10d", "2d", "joker", "K", "K", "9", "Kd"]
    cards = draw(st.permutations(pool))
    pile_size = draw(st.integers(1, 5))
    discard_size = draw(st.integers(0, 4))
    line = draw(st.sampled_from(["", "", "", "5d", "9", "2"]))
    pile, discards = cards[:pile_size], cards[pile_size:pile_size + discard_size]
    if line in pile or line in discards:
        line = ""
    known = draw(st.booleans())
    return Situation.from_text(POKER, line, pile=" ".join(pile), discards=" ".join(discards) if known else None,
                               others_active=draw(st.sampled_from([1, 2])))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_blank_heavy())
@example(Situation.from_text(POKER, "", pile="3 A 3", discards="A 5d 3 K", others_active=1))
def test_random_tiny_blank_heavy_piles_match_the_reference(situation: Situation) -> None:
    note(repr(situation))
    assert_matches_reference(situation)


# ----------------------------------------------------------------------------------------------
# When giving a blank away is never worse, and when it is (the claim of reduction 3, both ways).


def choices(situation: Situation) -> list[Choice]:
    """Every choice a card gives you in the reachable chance tree (taking Flip Threes included)."""
    round_rules = RoundRules(situation.rules, situation.alone)
    found: list[Choice] = []
    seen: set[RoundState] = set()
    stack = [round_rules.start(situation)]
    while stack:
        state = stack.pop()
        if state in seen or not state.can_draw:
            continue
        seen.add(state)
        for outcome in round_rules.draw_outcomes(state)[1]:
            nodes = [outcome.node]
            if isinstance(outcome.node, Choice):
                found.append(outcome.node)
                nodes = [node for _, node in outcome.node.options]
            stack.extend(node for node in nodes if isinstance(node, RoundState))
    return found


def option_values(solver: ReferenceSolver, choice: Choice) -> dict[Option, Fraction]:
    values: dict[Option, Fraction] = {}
    for option, node in choice.options:
        value = solver.evaluate(node).value
        values[option] = max(values.get(option, value), value)  # several ways to take Flip Threes: the best
    return values


CLAIM_CASES = [
    # An empty line, penalties to come: a Freeze is worth banking.
    Situation.from_text(POKER, "", pile="A 5d", others_active=1),
    Situation.from_text(POKER, "", pile="3 A 10d 5d joker 3", others_active=1),
    Situation.from_text(POKER, "", pile="3", discards="A 5d", others_active=1),
    Situation.from_text(POKER, "", pile="3 A", discards="A 10d 5d joker 3", others_active=1),
    Situation.from_text(POKER, "", pile="3 3", discards="A 10d 5d joker 3", others_active=1),
    # A card in front of you, penalties to come: never.
    Situation.from_text(POKER, "9", pile="A 3 5d 10d 9 A", others_active=1),
    Situation.from_text(POKER, "5d", pile="3 A 10d K 3", discards="A 9d", others_active=1),
    # Every reachable score >= 0 (classic; poker without penalties): never, even on an empty line.
    Situation.from_text(CLASSIC, "", pile="freeze flip3 3 3 x2 freeze", discards="freeze 5 flip3", others_active=1),
    Situation.from_text(POKER, "", pile="A 3 K K Kd 3", discards="A 9", others_active=1),
]


@pytest.mark.parametrize("situation", CLAIM_CASES, ids=repr)
def test_giving_a_blank_away_is_never_worse_except_a_freeze_on_an_empty_line_worth_less(situation: Situation) -> None:
    solver = ReferenceSolver(RoundRules(situation.rules, situation.alone))
    cards = list(situation.line.modifiers) + [card for counts in (situation.pile, situation.discards)
                                              if counts is not None for card, _ in counts.items_]
    penalties = any(card.category is Category.MODIFIER and card.value < 0 for card in cards)
    banked_better = 0
    for choice in choices(situation):
        values = option_values(solver, choice)
        carry_on = values[Option.CARRY_ON]
        # Taking a Flip Three is never better than giving it away, empty line or not.
        assert values.get(Option.TAKE, carry_on) <= carry_on
        if Option.BANK in values and values[Option.BANK] > carry_on:
            # Banking beats giving the Freeze away only on a line still empty (after the card, or at the
            # end of a Flip Three taken), when drawing on is worth less than 0, the empty line's score:
            # never with every reachable score >= 0.
            after = dict(choice.options)[Option.CARRY_ON]
            assert isinstance(after, RoundState) and after.line.is_empty
            assert values[Option.BANK] == 0 > carry_on
            assert penalties
            banked_better += 1
    if situation.line.is_empty and penalties:
        assert banked_better > 0, "the case was built so that banking a Freeze is better somewhere"
    assert_matches_reference(situation)

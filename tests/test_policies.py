"""Exact policy evaluation: published values, the optimum, a brute-force oracle, the parser and the command line."""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from dataclasses import dataclass, replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from flip7odds.analysis import analyze, problem_of
from flip7odds.cards import FLIP_THREE, FREEZE, Card
from flip7odds.counts import CardCounts
from flip7odds.engine import Choice, Node, Option, RoundRules, RoundState, Terminal, Termination
from flip7odds.policies import (
    AlwaysHit,
    HitStayPolicy,
    OneCardLookahead,
    Optimal,
    PolicyError,
    StayAtBust,
    StayAtCount,
    StayAtSum,
    evaluate_policy,
    fraction_of_optimal,
    parse_policy,
)
from flip7odds.policy_cli import add_policy_arguments, policy_command
from flip7odds.reference import reference_solve
from flip7odds.rules import CLASSIC, POKER
from flip7odds.situation import Situation
from flip7odds.solver import solve
from flip7odds.teaching import numbers_only_pile

NUMBERS_ONLY = Situation.from_text(CLASSIC, pile=numbers_only_pile())
# A variant where three distinct numbers make a Flip 7, so that small piles reach it.
SHORT_FLIP7 = replace(CLASSIC, name="classic-flip3", flip7_size=3)


def situation_id(situation: Situation) -> str:
    """A short test id: line | pile size | alone."""
    return f"{situation.line or '-'}|{situation.pile.size} cards|{'alone' if situation.alone else 'not alone'}"


@pytest.fixture(scope="module")
def numbers_only_optimum() -> float:
    return evaluate_policy(NUMBERS_ONLY, Optimal()).expected_score


# ----------------------------------------------------------------------------------------------
# Published values. Source: docs/model.md, "Reference values" (an independent exact C++
# solver): on the numbers-only deck (79 cards) the optimum is 18.5652176 (P(bust) 0.3134965,
# P(Flip 7) 0.0028113); "stay once the sum of your numbers is at least 23" earns 18.5212 (99.76% of
# optimal); "stay once P(bust) reaches 26%" earns 99.81%; "stay at 3 cards" 95.1%.


def test_optimal_policy_reproduces_the_published_numbers_only_optimum() -> None:
    result = evaluate_policy(NUMBERS_ONLY, Optimal())
    assert result.expected_score == pytest.approx(18.5652176, abs=5e-8)
    assert result.bust_probability == pytest.approx(0.3134965, abs=5e-8)
    assert result.flip7_probability == pytest.approx(0.0028113, abs=5e-8)


def test_stay_at_sum_23_earns_the_published_18_5212(numbers_only_optimum: float) -> None:
    result = evaluate_policy(NUMBERS_ONLY, parse_policy("sum>=23"))
    assert round(result.expected_score, 4) == 18.5212
    assert round(100 * result.expected_score / numbers_only_optimum, 2) == 99.76


def test_stay_at_bust_26_percent_earns_the_published_share(numbers_only_optimum: float) -> None:
    result = evaluate_policy(NUMBERS_ONLY, parse_policy("bust>=0.26"))
    assert round(100 * result.expected_score / numbers_only_optimum, 2) == 99.81


def test_stay_at_3_cards_earns_the_published_share(numbers_only_optimum: float) -> None:
    result = evaluate_policy(NUMBERS_ONLY, parse_policy("cards>=3"))
    assert round(100 * result.expected_score / numbers_only_optimum, 1) == 95.1


# ----------------------------------------------------------------------------------------------
# The optimum evaluated as a policy is the solver's optimum.

SITUATIONS = [
    Situation.from_text(CLASSIC, "12 11 9", seen="12 12 5 x2"),
    Situation.from_text(CLASSIC, "7 3 +4 sc", seen="7 7 2 2 freeze"),
    Situation.from_text(CLASSIC, "10 8 6 4 2", seen="10 10 3"),
    Situation.from_text(CLASSIC, "11 6 1", pile="11 11 6 6 5 4 3 +2 x2 sc flip3 freeze", others_active=0),
    Situation.from_text(CLASSIC, "", pile="1 2 2 3 3 3 +4 sc flip3 freeze", others_active=0),
]


@pytest.mark.parametrize("situation", SITUATIONS, ids=situation_id)
def test_optimal_policy_equals_the_solvers_optimum(situation: Situation) -> None:
    solution = solve(problem_of(situation))
    optimal = solution.result()
    result = evaluate_policy(situation, Optimal())
    assert result.expected_score == pytest.approx(optimal.value, abs=1e-9)
    assert result.bust_probability == pytest.approx(optimal.bust_probability, abs=1e-9)
    assert result.flip7_probability == pytest.approx(optimal.flip7_probability, abs=1e-9)
    assert result.distribution.keys() == optimal.distribution.keys()
    assert result.hits_now is solution.hits_now


def test_optimal_policy_equals_analyze() -> None:
    situation = Situation.from_text(CLASSIC, "12 11 9", pile="12 12 11 9 9 8 5 3 +4 x2 sc")
    assert evaluate_policy(situation, Optimal()).expected_score == pytest.approx(analyze(situation).optimal_score,
                                                                                  abs=1e-9)


@pytest.mark.parametrize("situation", SITUATIONS[3:], ids=situation_id)
def test_optimal_policy_equals_the_brute_force_reference(situation: Situation) -> None:
    reference = reference_solve(situation).optimal
    result = evaluate_policy(situation, Optimal())
    assert result.expected_score == pytest.approx(float(reference.value), abs=1e-9)
    assert result.bust_probability == pytest.approx(float(reference.bust_probability), abs=1e-9)


@pytest.mark.parametrize("policy", [StayAtSum(20), StayAtBust(Fraction(1, 4)), StayAtCount(4), OneCardLookahead(),
                                    AlwaysHit()], ids=str)
def test_no_policy_beats_the_optimum(policy: HitStayPolicy) -> None:
    for situation in SITUATIONS[:3]:
        assert evaluate_policy(situation, policy).expected_score <= solve(problem_of(situation)).result().value + 1e-9


# ----------------------------------------------------------------------------------------------
# An independent brute-force evaluator: plain recursion over flip7odds.engine in fractions.


@dataclass(frozen=True)
class BruteResult:
    value: Fraction
    bust: Fraction
    flip7: Fraction
    distribution: dict[int, Fraction]


def brute_force(situation: Situation, policy: HitStayPolicy) -> BruteResult:
    """Follow ``policy`` through every card of the engine's chance tree, in exact fractions.

    The policy's inputs are recomputed here from the literal state: sum and count of numbers, bust
    cards (0 with a Second Chance) over the pile size (Freeze and Flip Three left out when not alone,
    where they are given away), and for lookahead E[draw one card, then stay] by its own recursion.
    Not alone, a Freeze drawn on an empty line banks it when the policy's play on is worth less.
    """
    rules, alone = situation.rules, situation.alone
    round_rules = RoundRules(rules, alone)

    def carry_on(node: Node) -> Node:
        while isinstance(node, Choice):
            node = dict(node.options)[Option.CARRY_ON]
        return node

    def drawing_pile(state: RoundState) -> CardCounts:
        return state.pile if state.pile.size or state.discards is None else state.discards

    def then_stay(node: Node) -> Fraction:
        node = carry_on(node)
        if isinstance(node, Terminal):
            return Fraction(node.score)
        if node.at_decision:
            return Fraction(node.line.score(rules))
        size, outcomes = round_rules.draw_outcomes(node)
        return sum((Fraction(o.count, size) * then_stay(o.node) for o in outcomes), Fraction(0))

    def hit_once(state: RoundState) -> Fraction:
        _, outcomes = round_rules.draw_outcomes(state)
        kept = [o for o in outcomes if alone or o.card not in (FREEZE, FLIP_THREE)]
        total = sum(o.count for o in kept)
        return sum((Fraction(o.count, total) * then_stay(o.node) for o in kept), Fraction(0))

    def hits(state: RoundState) -> bool:
        line, pile = state.line, drawing_pile(state)
        size = pile.size - (0 if alone else pile[FREEZE] + pile[FLIP_THREE])
        busting = 0 if line.second_chance else sum(pile[Card.number(v)] for v in line.numbers)
        if isinstance(policy, StayAtSum):
            return sum(line.numbers) < policy.threshold
        if isinstance(policy, StayAtBust):
            return busting * policy.threshold.denominator < policy.threshold.numerator * size
        if isinstance(policy, StayAtCount):
            return len(line.numbers) < policy.count
        if isinstance(policy, OneCardLookahead):
            return hit_once(state) > line.score(rules)
        assert isinstance(policy, AlwaysHit)
        return True

    memo: dict[RoundState, BruteResult] = {}

    def terminal(node: Terminal) -> BruteResult:
        return BruteResult(Fraction(node.score), Fraction(node.reason is Termination.BUST),
                           Fraction(node.reason is Termination.FLIP_7), {node.score: Fraction(1)})

    def evaluate(node: Node) -> BruteResult:
        if isinstance(node, Choice):
            options = dict(node.options)
            bank, going_on = options.get(Option.BANK), options[Option.CARRY_ON]
            if isinstance(bank, Terminal) and isinstance(going_on, RoundState) and going_on.line.is_empty:
                on, banked = evaluate(going_on), terminal(bank)
                return banked if banked.value > on.value else on  # ties give the Freeze away
        node = carry_on(node)
        if isinstance(node, Terminal):
            return terminal(node)
        if node not in memo:
            if node.at_decision and not node.can_draw:
                memo[node] = terminal(round_rules.bank(node, Termination.PILE_EXHAUSTED))
            elif node.at_decision and not node.line.is_empty and not hits(node):
                memo[node] = terminal(round_rules.bank(node, Termination.STAYED))
            else:
                size, outcomes = round_rules.draw_outcomes(node)
                parts = [(Fraction(o.count, size), evaluate(o.node)) for o in outcomes]
                distribution: defaultdict[int, Fraction] = defaultdict(Fraction)
                for weight, part in parts:
                    for score, p in part.distribution.items():
                        distribution[score] += weight * p
                memo[node] = BruteResult(sum((w * p.value for w, p in parts), Fraction(0)),
                                         sum((w * p.bust for w, p in parts), Fraction(0)),
                                         sum((w * p.flip7 for w, p in parts), Fraction(0)), dict(distribution))
        return memo[node]

    return evaluate(round_rules.start(situation))


SMALL = [
    Situation.from_text(CLASSIC, "", pile="1 2 2 3 3 3 +4 x2"),
    Situation.from_text(CLASSIC, "3", pile="1 2 2 3 3 4 4 4 +4 x2"),
    Situation.from_text(CLASSIC, "2 +2", pile="1 2 3 3 3 4 4 sc sc"),
    Situation.from_text(CLASSIC, "1", pile="2 2 3 3 3 4 4 flip3 +4", others_active=0),
    Situation.from_text(CLASSIC, "3", pile="2 2 3 4 4 4 freeze flip3 +6", others_active=0),
    Situation.from_text(CLASSIC, "3", pile="2 2 3 4 4 4 freeze flip3 +6"),
    Situation.from_text(SHORT_FLIP7, "5", pile="5 5 6 6 7 8 8 +10 sc"),
    Situation.from_text(SHORT_FLIP7, "", pile="5 6 6 7 8 8 x2 flip3 freeze", others_active=0),
    Situation.from_text(CLASSIC, "4 2", pile="4 4 2 6 6", discards="5 5 3 +2"),
    # Poker, empty line: a Freeze may bank 0, in the pile or back from the discards (solver reduction 3b).
    Situation.from_text(POKER, "", pile="A 3 5d 10d 9 joker"),
    Situation.from_text(POKER, "", pile="3 3 A", discards="A 5d 10d 9 3"),
    Situation.from_text(POKER, "", pile="3", discards="A 5d K"),
]
POLICIES = [StayAtSum(0), StayAtSum(5), StayAtSum(9), StayAtBust(Fraction(0)), StayAtBust(Fraction(1, 4)),
            StayAtBust(Fraction(1, 2)), StayAtCount(1), StayAtCount(2), OneCardLookahead(), AlwaysHit()]


@pytest.mark.parametrize("policy", POLICIES, ids=str)
@pytest.mark.parametrize("situation", SMALL, ids=situation_id)
def test_policy_evaluation_matches_brute_force(situation: Situation, policy: HitStayPolicy) -> None:
    expected = brute_force(situation, policy)
    result = evaluate_policy(situation, policy)
    assert result.expected_score == pytest.approx(float(expected.value), abs=1e-9)
    assert result.bust_probability == pytest.approx(float(expected.bust), abs=1e-9)
    assert result.flip7_probability == pytest.approx(float(expected.flip7), abs=1e-9)
    exact = {score: float(p) for score, p in expected.distribution.items() if p}
    assert result.distribution.keys() == exact.keys()
    for score, p in exact.items():
        assert result.distribution[score] == pytest.approx(p, abs=1e-9)


def test_the_brute_force_oracle_can_tell_policies_apart() -> None:
    # Guard against an oracle that ignores its policy: two policies that differ give different values.
    situation = SMALL[1]
    assert brute_force(situation, StayAtSum(0)).value != brute_force(situation, AlwaysHit()).value


def test_distribution_sums_to_one_and_gives_the_expected_score() -> None:
    result = evaluate_policy(NUMBERS_ONLY, parse_policy("lookahead"))
    assert sum(result.distribution.values()) == pytest.approx(1.0, abs=1e-9)
    assert sum(s * p for s, p in result.distribution.items()) == pytest.approx(result.expected_score, abs=1e-9)
    assert result.distribution[0] == pytest.approx(result.bust_probability, abs=1e-12)


def test_staying_is_a_sure_score() -> None:
    situation = Situation.from_text(CLASSIC, "12 11 10 9 +4", seen="12 12 11")
    result = evaluate_policy(situation, StayAtSum(23))
    assert (result.expected_score, result.bust_probability, result.hits_now) == (46.0, 0.0, False)
    assert result.distribution == {46: 1.0}
    assert result.standard_deviation == 0.0


def test_an_empty_line_must_hit_whatever_the_policy() -> None:
    result = evaluate_policy(NUMBERS_ONLY, StayAtSum(0))
    assert result.hits_now
    assert result.expected_score == pytest.approx(sum(v * v for v in range(13)) / 79, abs=1e-9)


# ----------------------------------------------------------------------------------------------
# The parser.


@pytest.mark.parametrize(("text", "expected"), [
    ("sum>=23", StayAtSum(23)),
    ("  SUM >= 7 ", StayAtSum(7)),
    ("bust>=0.26", StayAtBust(Fraction(13, 50))),
    ("bust>=26%", StayAtBust(Fraction(13, 50))),
    ("bust>=.5", StayAtBust(Fraction(1, 2))),
    ("bust>=1/3", StayAtBust(Fraction(1, 3))),
    ("bust>=1", StayAtBust(Fraction(1))),
    ("cards>=3", StayAtCount(3)),
    ("lookahead", OneCardLookahead()),
    ("Always", AlwaysHit()),
    ("optimal", Optimal()),
])
def test_parse_policy(text: str, expected: HitStayPolicy) -> None:
    assert parse_policy(text) == expected


@pytest.mark.parametrize("text", ["", "sum", "sum>23", "sum>=", "sum>=-3", "sum>=2.5", "bust>=1.5", "bust>=150%",
                                  "bust>=abc", "cards>=0", "cards>=x", "stay", "hit", "optimal please", "sum>=1000"])
def test_bad_policy_text_gets_one_clear_message(text: str) -> None:
    with pytest.raises(PolicyError) as raised:
        parse_policy(text)
    message = str(raised.value)
    assert "\n" not in message
    assert repr(text.strip()) in message


@given(st.fractions(min_value=0, max_value=1, max_denominator=400))
def test_bust_thresholds_round_trip_through_text(threshold: Fraction) -> None:
    policy = StayAtBust(threshold)
    assert parse_policy(str(policy)) == policy


@given(st.sampled_from(["sum", "cards"]), st.integers(min_value=1, max_value=999))
def test_integer_thresholds_round_trip_through_text(family: str, value: int) -> None:
    policy = parse_policy(f"{family}>={value}")
    assert str(policy) == f"{family}>={value}"
    assert parse_policy(str(policy)) == policy


def test_fraction_of_optimal() -> None:
    assert fraction_of_optimal(9.0, 12.0) == 0.75
    assert fraction_of_optimal(0.0, 0.0) is None
    assert fraction_of_optimal(-5.0, -2.5) is None  # not "200%" of a negative optimum


def test_the_optimal_policy_banks_a_freeze_on_an_empty_line_when_drawing_on_is_worth_less() -> None:
    # Poker, empty line, pile A 5♦: the A first banks 0 (giving it away leaves -5); the 5♦ first ends on -5.
    situation = Situation.from_text(POKER, "", pile="A 5d")
    result = evaluate_policy(situation, Optimal())
    assert result.expected_score == pytest.approx(-2.5, abs=1e-12) == analyze(situation).optimal_score
    assert result.distribution == pytest.approx({-5: 0.5, 0: 0.5}, abs=1e-12)
    # Every policy banks there too: with an empty line the hit/stay rule has nothing to say.
    assert evaluate_policy(situation, AlwaysHit()).expected_score == pytest.approx(-2.5, abs=1e-12)


# ----------------------------------------------------------------------------------------------
# The command line.


def run_cli(arguments: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="flip7odds policy")
    add_policy_arguments(parser)
    return policy_command(parser.parse_args(arguments))


def test_cli_json_reproduces_the_published_policy_value(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["--policy", "sum>=23", "--pile", numbers_only_pile(), "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert round(payload["expected_score"], 4) == 18.5212
    assert round(100 * payload["fraction_of_optimal"], 2) == 99.76
    assert payload["optimal_score"] == pytest.approx(18.5652176, abs=5e-8)
    assert {"bust_probability", "flip7_probability", "distribution", "policy", "decision"} <= payload.keys()
    assert sum(payload["distribution"].values()) == pytest.approx(1.0, abs=1e-9)


def test_cli_text_output_alone(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["--policy", "lookahead", "--line", "12 11", "--pile", "12*5 11*3 10*4 9 +4 flip3 freeze sc",
                    "--alone"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("policy           lookahead\n")
    assert "of optimal" in out


@pytest.mark.parametrize(("arguments", "fragment"), [
    (["--policy", "sum>23"], "unknown policy 'sum>23'"),
    (["--policy", "sum>=23", "--line", "12 12"], "duplicate number 12"),
    (["--policy", "sum>=23", "--line", "13"], "card 13 is not in the classic deck"),
    (["--policy", "sum>=23", "--pile", "12", "--seen", "5"], "either the seen cards or the pile"),
    (["--policy", "sum>=23", "--rules", "uno"], "unknown rules 'uno'"),
])
def test_cli_bad_input_is_one_line_on_stderr_and_exit_2(arguments: list[str], fragment: str,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(arguments) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and fragment.lower() in captured.err.lower()


def test_cli_text_output_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    # Hit once from 12 on the pile 12 5 +4, then stay: bust 1/3 (0), 5 (17) 1/3 with +4 next (21) 1/6 or not.
    assert run_cli(["--policy", "cards>=2", "--line", "12", "--pile", "12 5 +4", "--lang", "es"]) == 0
    assert capsys.readouterr().out == (
        "estrategia            cards>=2\n"
        "decisión ahora        pedir carta\n"
        "puntuación esperada   9,1667  (76,39\u00a0% de la óptima, 12,0000)\n"
        "P(eliminado)          50,00\u00a0%\n"
        "P(Flip 7)             0,00\u00a0%\n"
        "distribución          0: 50,00\u00a0%, 17: 33,33\u00a0%, 21: 16,67\u00a0%\n")


def test_cli_bad_input_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["--policy", "sum>23", "--lang", "es"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith("flip7odds policy: error: Estrategia desconocida 'sum>23': escribe sum>=T")

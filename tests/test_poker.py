"""The two-poker-decks adaptation (docs/rules.md section 2): deck, notation, scoring, exact odds."""

import io
import json
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, note, settings
from numpy.typing import NDArray

from flip7odds.analysis import Decision, analyze, problem_of
from flip7odds.cards import FLIP_THREE, FREEZE, SECOND_CHANCE, Card, format_cards, parse_cards
from flip7odds.cli import main
from flip7odds.engine import Choice, Node, Option, RoundRules, RoundState, Terminal
from flip7odds.errors import SituationError, SolverLimitError
from flip7odds.policies import evaluate_policy, parse_policy
from flip7odds.quiz import GRADE_WIDTH, QuizSituation, Tier, generate
from flip7odds.reference import reference_solve
from flip7odds.rules import CLASSIC, POKER, RuleSet
from flip7odds.simulator import table_rules
from flip7odds.situation import Line, Situation
from flip7odds.solver import MEMORY_LIMIT, solve, solve_cost
from tests.strategies import small_situations


def test_the_deck_has_57_cards_as_the_rules_list_them() -> None:
    deck = POKER.deck
    assert deck.size == 57
    assert sum(n for c, n in deck.items_ if c.is_number) == 32
    assert deck[Card.number(0)] == 2 and deck[Card.number(13)] == 4 and deck[Card.number(4)] == 1
    assert (deck[FLIP_THREE], deck[FREEZE], deck[SECOND_CHANCE]) == (4, 4, 4)
    assert sum(n for c, n in deck.items_ if c.category.value == "modifier") == 13


def test_playing_card_names() -> None:
    assert parse_cards("K Q J joker comodín 3 A 2 Ad 10♦ kd", POKER) == (
        Card.number(13), Card.number(12), Card.number(11), Card.number(0), Card.number(0), FLIP_THREE, FREEZE,
        SECOND_CHANCE, Card.plus(-1), Card.plus(-10), Card.times(2, "Kd"))
    assert parse_cards(format_cards(POKER.deck, POKER), POKER) == tuple(POKER.deck)


def test_cards_not_in_the_deck_are_named() -> None:
    with pytest.raises(SituationError, match="card x2 is not in the poker deck"):
        Situation.from_text(POKER, "K x2")
    with pytest.raises(SituationError, match="card 1 is not in the poker deck"):
        Situation.from_text(POKER, "1")


def line(text: str) -> Line:
    return Line.from_cards(parse_cards(text, POKER))


def test_scoring_golden_cases() -> None:
    # Royal flush: (13 + 12 + 9) x 2 x 2 x 2 = 272, penalties A and 10 of diamonds -11 -> 261, +20 -> 281.
    assert line("K Q 9 Ad 10d Jd Qd Kd").score(POKER) == 281
    # Two figures stack: (10 + 9) x 4 = 76.
    assert line("10 9 Jd Qd").score(POKER) == 76
    # Penalties may make a score negative: 4 - 1 - 10 - 9 = -16.
    assert line("4 Ad 10d 9d").score(POKER) == -16
    # Five distinct numbers: 4 + 5 + 6 + 7 + 8 = 30, +20.
    assert line("4 5 6 7 8").score(POKER, flip7=True) == 50


def test_busting_beats_a_negative_line() -> None:
    # joker - 7 - 8 = -15; the only card left is the other joker: hitting busts to 0, which is better.
    result = analyze(Situation.from_text(POKER, "joker 7d 8d", pile="joker"))
    assert result.stay_score == -15
    assert result.hit_score == 0 and result.hit_once_score == 0
    assert result.decision is Decision.HIT


def test_a_second_joker_busts() -> None:
    # joker 5 against {joker, 6}: the joker busts (0), the 6 scores 11: hit once = 11/2.
    situation = Situation.from_text(POKER, "joker 5", pile="joker 6")
    result = analyze(situation)
    assert result.bust_probability == Fraction(1, 2)
    assert result.hit_once_score == Fraction(11, 2)


def test_five_numbers_end_the_round_with_20() -> None:
    result = analyze(Situation.from_text(POKER, "4 5 6 7", pile="8"))
    assert result.hit_score == 50
    assert result.flip7_probability == 1


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_situations(rules=POKER, max_pile=9, max_discards=3))
# Found by hypothesis: with no card in front of you, a Freeze may bank 0 on yourself (below).
@example(Situation.from_text(POKER, "", pile="joker 10d A", others_active=1))
@example(Situation.from_text(POKER, "", pile="joker 10d 9d A A 3", others_active=1))
def test_fast_solver_agrees_with_brute_force_on_poker(situation: Situation) -> None:
    note(repr(situation))
    reference = reference_solve(situation)
    solution = solve(problem_of(situation))
    if reference.hit is None:
        assert solution.draw is None
        return
    assert solution.draw is not None
    assert solution.draw.value == pytest.approx(float(reference.hit.value), abs=1e-12)
    assert solution.draw.bust_probability == pytest.approx(float(reference.hit.bust_probability), abs=1e-12)
    assert solution.result().value == pytest.approx(float(reference.optimal.value), abs=1e-12)
    expected = {score: float(p) for score, p in reference.hit.distribution if p}
    assert {k: v for k, v in solution.draw.distribution.items() if v} == pytest.approx(expected, abs=1e-12)


def test_with_no_card_yet_a_freeze_drawn_may_bank_zero_on_yourself() -> None:
    # Empty line, pile joker (0), 10♦ (-10), A (Freeze), one other player active. You must draw:
    # joker -> 0, and staying (0) beats drawing on (10♦ would make it -10);
    # 10♦ -> -10 whatever follows (the joker adds 0, the Freeze is given away or banks -10);
    # A -> played on yourself it banks 0; given away, you must draw again: joker 0 or 10♦ -10, -5 on average.
    # So the optimum is (0 - 10 + 0) / 3 = -10/3, with 0 two times in three and -10 once.
    solution = solve(problem_of(Situation.from_text(POKER, "", pile="joker 10d A", others_active=1)))
    assert solution.draw is not None and not solution.may_stay
    assert solution.draw.value == pytest.approx(-10 / 3, abs=1e-12)
    assert solution.draw.distribution == pytest.approx({-10: 1 / 3, 0: 2 / 3}, abs=1e-12)


@pytest.mark.parametrize(("line", "pile"), [
    # Every royal-flush card in the pile: the three figures are one group of three (solver reduction 6).
    ("K 9 Ad", "Jd Qd Kd 10d 9 joker"),
    # A figure already in the line: the other two stay separate cards (the group rule does not apply).
    ("K 9 Ad Jd", "Qd Kd 10d 9 4"),
    # Two penalties and two figures with a Second Chance held.
    ("Q 5 2", "Jd Kd 7d 8d 5 Q"),
])
def test_grouped_figures_agree_with_brute_force(line: str, pile: str) -> None:
    situation = Situation.from_text(POKER, line, pile=pile, others_active=0)
    reference = reference_solve(situation)
    solution = solve(problem_of(situation))
    assert reference.hit is not None and solution.draw is not None
    assert solution.draw.value == pytest.approx(float(reference.hit.value), abs=1e-12)
    assert solution.result().value == pytest.approx(float(reference.optimal.value), abs=1e-12)


@pytest.mark.parametrize(("rules", "line", "seen", "others"), [
    (CLASSIC, "", "", 0),
    (POKER, "", "", 1),
    (POKER, "K Q 9", "2d 3d 4d 5d 6d", 0),
    (POKER, "K", "2d 3d 4d 5d 6d 7d sc", 0),
])
def test_the_cost_estimate_counts_the_lattice(rules: RuleSet, line: str, seen: str, others: int) -> None:
    problem = problem_of(Situation.from_text(rules, line, seen=seen, others_active=others))
    assert solve_cost(problem).states == solve(problem).states


@pytest.mark.parametrize(("line", "pile"), [
    # A Flip Three and a Freeze: a modifier as the last draw after the Freeze banks the line it completes.
    ("K 9", "3 A 2d 5d Kd Jd 9 4"),
    # A Second Chance held, two Flip Threes, a Freeze, penalties and a figure.
    ("Q 5 2", "3 A 3 Ad 7d Qd 5 Q"),
    # A Second Chance in the pile, a Freeze first, the three figures as one group.
    ("joker", "A 2 3 10d Jd Qd Kd 4 joker"),
])
def test_modifier_tables_per_factor_agree_with_brute_force_alone(line: str, pile: str) -> None:
    situation = Situation.from_text(POKER, line, pile=pile, others_active=0)
    reference = reference_solve(situation)
    solution = solve(problem_of(situation))
    assert reference.hit is not None and solution.draw is not None
    assert solution.draw.value == pytest.approx(float(reference.hit.value), abs=1e-12)
    assert solution.draw.bust_probability == pytest.approx(float(reference.hit.bust_probability), abs=1e-12)
    expected = {score: float(p) for score, p in reference.hit.distribution if p > 0}
    assert solution.draw.distribution.keys() == expected.keys()
    for score, probability in expected.items():
        assert solution.draw.distribution[score] == pytest.approx(probability, abs=1e-12)
    assert solution.result().value == pytest.approx(float(reference.optimal.value), abs=1e-12)


def test_poker_alone_mid_round_refused_before_now_solves_within_the_limit() -> None:
    # K Q 9 alone, one penalty seen: 1.9 million columns. Listing the modifier transitions per column
    # (1.4 kB a column) made it 2.8 GB and it was refused; per factor it is about 0.5 GB. 21 Second Chance
    # states: of (j drawn, h held, d used) with d + h <= j, the 4 of (j >= 1, 0, 0) are never reached.
    problem = problem_of(Situation.from_text(POKER, "K Q 9", seen="2d", others_active=0))
    cost = solve_cost(problem)
    assert cost.columns == 2**9 * 4 * 21 * 38
    assert 1400 * cost.columns > MEMORY_LIMIT >= cost.memory_bytes
    solution = solve(problem)
    assert solution.states == cost.states
    assert solution.draw is not None and solution.hits_now
    distribution = solution.draw.distribution
    assert sum(distribution.values()) == pytest.approx(1.0, abs=1e-9)
    assert sum(score * p for score, p in distribution.items()) == pytest.approx(solution.draw.value, abs=1e-9)
    assert solution.draw.value > solution.stay_score == 13 + 12 + 9


def test_the_worst_case_is_refused_with_its_cost_not_approximated() -> None:
    problem = problem_of(Situation.from_text(POKER, "", others_active=0))
    cost = solve_cost(problem)
    # 562 subsets of at most 4 of the 11 numbers; 2^10 penalty subsets x 4 figure counts x 21 Second
    # Chance states (reachable ones) x 38 forced phases = 3,268,608 columns.
    assert cost.columns == 3_268_608
    assert cost.memory_bytes > MEMORY_LIMIT
    with pytest.raises(SolverLimitError, match="too big to work out exactly"):
        solve(problem)


def test_command_line_json_keys_match_classic_and_the_worst_case_is_answered_with_bounds() -> None:
    keys = []
    for rules in ("classic", "poker"):
        out = io.StringIO()
        assert main(["analyze", "--rules", rules, "--line", "9 5", "--json"], out=out) == 0
        keys.append(set(json.loads(out.getvalue())))
    assert keys[0] == keys[1]
    out = io.StringIO()
    assert main(["analyze", "--rules", "poker", "--alone", "--lang", "en", "--cpu-seconds", "0.3"], out=out) == 0
    assert "Certified bounds" in out.getvalue() and "million states" not in out.getvalue()


def simulated_round(round_rules: RoundRules, start: RoundState, threshold: int, rng: np.random.Generator,
                    outcomes_of: dict[RoundState, tuple[int, list[Node], NDArray[np.float64]]]) -> int:
    """One round on the literal engine, drawing first, then staying once the numbers sum to ``threshold``.

    ``outcomes_of`` remembers each state's next-card outcomes (the first draws repeat from round to round).
    """
    node: Node = start
    first = True
    while True:
        if isinstance(node, Terminal):
            return node.score
        if isinstance(node, Choice):  # not alone: a Freeze or a Flip Three is given away
            node = dict(node.options)[Option.CARRY_ON]
            continue
        if node.at_decision and not first and sum(node.line.numbers) >= threshold:
            return node.line.score(round_rules.rules)
        first = False
        if node not in outcomes_of:
            size, outcomes = round_rules.draw_outcomes(node)
            outcomes_of[node] = (size, [outcome.node for outcome in outcomes],
                                 np.array([outcome.count / size for outcome in outcomes]))
        _, nodes, probabilities = outcomes_of[node]
        node = nodes[rng.choice(len(nodes), p=probabilities)]


@pytest.mark.parametrize(("line", "seen", "others", "rounds", "seed"), [
    ("", "", 1, 1500, 11),  # the fresh 57-card pile (its rounds are the slowest to play on the engine)
    ("K", "2d 3d 4d 5d 6d", 0, 3000, 12),  # alone: Freeze and Flip Three on yourself
])
def test_monte_carlo_rounds_average_to_the_exact_policy_value(line: str, seen: str, others: int, rounds: int,
                                                              seed: int) -> None:
    # The solver's exact value of "stay at sum >= 25" against rounds played on the literal engine (an
    # independent statement of the rules) with a fixed seed: within 4 standard errors.
    situation = Situation.from_text(POKER, line, seen=seen, others_active=others)
    exact = evaluate_policy(situation, parse_policy("sum>=25"))
    round_rules = RoundRules(POKER, situation.alone)
    start = round_rules.start(situation)
    rng = np.random.default_rng(seed)
    outcomes_of: dict[RoundState, tuple[int, list[Node], NDArray[np.float64]]] = {}
    scores = np.array([simulated_round(round_rules, start, 25, rng, outcomes_of) for _ in range(rounds)])
    standard_error = scores.std(ddof=1) / np.sqrt(len(scores))
    assert abs(scores.mean() - exact.expected_score) < 4 * standard_error


@pytest.mark.parametrize("tier", list(Tier))
def test_quiz_tiers_deal_poker_situations_graded_by_the_solver(tier: Tier) -> None:
    for question in generate(tier, 1, seed=3, rules=POKER):
        situation = question.situation.situation
        assert situation.rules is POKER and situation.pile.size + situation.discards.size <= POKER.deck.size
        assert question.exact.error_bound <= GRADE_WIDTH
        if question.exact.exact:
            analysis = analyze(situation)
            assert question.exact.stay_score == analysis.stay_score
            assert question.exact.hit_score == pytest.approx(analysis.hit_score, abs=1e-9)
        assert QuizSituation.from_json(question.situation.to_json()) == question.situation


def test_quiz_command_line_takes_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["quiz", "--rules", "poker", "--count", "1", "--seed", "2", "--json"]) == 0
    (situation,) = json.loads(capsys.readouterr().out)["situations"]
    assert situation["rules"] == "poker"


def test_golden_royal_flush_odds() -> None:
    # K Q 9 with A, 10, J, Q of diamonds; the pile is the K of diamonds and a 9. Stay: 34 x 4 - 11 = 125.
    # Hit: the K of diamonds (1/2) completes the royal flush, 34 x 8 - 11 + 20 = 281, and then only the 9
    # is left, which would bust: stay. The 9 (1/2) busts: 0. Hit = 281/2 = 140.5 > 125: hit.
    result = analyze(Situation.from_text(POKER, "K Q 9 Ad 10d Jd Qd", pile="Kd 9", others_active=0))
    assert result.stay_score == 125
    assert result.hit_once_score == Fraction(281, 2) and result.hit_score == 140.5
    assert result.decision is Decision.HIT
    assert result.distribution == {0: 0.5, 281: 0.5}


def test_golden_stacked_figures_tie_stays() -> None:
    # 10 9 with the J of diamonds: 19 x 2 = 38. The pile: the Q of diamonds and a 10. Hit: the Q (1/2)
    # stacks, 19 x 4 = 76, then the 10 left would bust: stay; the 10 (1/2) busts. Hit = 76/2 = 38 = stay:
    # a tie stays (docs/model.md).
    result = analyze(Situation.from_text(POKER, "10 9 Jd", pile="Qd 10"))
    assert result.stay_score == 38 and result.hit_score == 38
    assert result.decision is Decision.STAY


def test_two_poker_decks_keep_the_copies_of_a_figure_apart() -> None:
    # With two decks (19 players or more) the pile may hold two K of diamonds: the royal flush needs one
    # of each figure, so the figures are not one group there (solver reduction 6): brute force agrees.
    doubled = table_rules(POKER, 19)
    situation = Situation.from_text(doubled, "K 9 Ad 10d Jd", pile="Kd Kd Qd 9 4", others_active=0)
    reference = reference_solve(situation)
    solution = solve(problem_of(situation))
    assert reference.hit is not None and solution.draw is not None
    assert solution.draw.value == pytest.approx(float(reference.hit.value), abs=1e-12)
    assert solution.result().value == pytest.approx(float(reference.optimal.value), abs=1e-12)


def test_a_batch_line_too_big_to_solve_exactly_is_answered_with_bounds_and_the_batch_goes_on() -> None:
    out = io.StringIO()
    lines = '{"rules": "poker", "alone": true}\n{"rules": "poker", "line": "K 9"}\n'
    assert main(["analyze", "--batch"], out=out, stdin=io.StringIO(lines)) == 0
    bounded, solved = (json.loads(line) for line in out.getvalue().splitlines())
    assert bounded["exact"] is False and bounded["error_bound"] > 0
    assert solved["stay_score"] == 22 and solved["exact"] is True

"""The teaching library: trees, the urn, simulations against exact values, the decision map, links."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import hypergeom

from flip7odds.analysis import Decision, analyze, problem_of
from flip7odds.cards import Card, Category, parse_cards
from flip7odds.counts import CardCounts
from flip7odds.engine import Event, RoundRules, Termination
from flip7odds.errors import Flip7Error
from flip7odds.i18n import translator
from flip7odds.odds import bust_probability, hit_once_score, next_card_table
from flip7odds.policies import (
    AlwaysHit,
    OneCardLookahead,
    Optimal,
    StayAtBust,
    StayAtCount,
    StayAtSum,
    evaluate_policy,
    parse_policy,
)
from flip7odds.rules import CLASSIC, VENGEANCE, VENGEANCE_BRUTAL
from flip7odds.situation import Situation
from flip7odds.solver import solve
from flip7odds.teaching import (
    STRATEGY_DEMO_PILE,
    Grouping,
    PileChoice,
    PolicyCurve,
    PolicyFamily,
    ProbabilityTree,
    Question,
    RoundSampler,
    SituationText,
    TreeStart,
    UrnReading,
    can_simulate,
    convergence,
    exact_value,
    numbers_only_pile,
    optimal_decision_map,
    probability_tree,
    simulate,
    strategy_headline,
    urn_reading,
    vengeance_urn,
)

FRESH = Situation.from_text(CLASSIC)
NUMBERS_ONLY = Situation.from_text(CLASSIC, pile=numbers_only_pile())
MID_ROUND = Situation.from_text(CLASSIC, "12 11 9", seen="12 12 5 x2")


# ----------------------------------------------------------------------------------------------
# Trees.

TREE_SITUATIONS = [
    FRESH,
    MID_ROUND,
    Situation.from_text(CLASSIC, "7 3 sc", seen="7 7 2 freeze"),
    Situation.from_text(CLASSIC, "6 5", pile="6 6 5 4 4 flip3 freeze sc +2", others_active=0),
    Situation.from_text(CLASSIC, "2", pile="2 3 3 flip3 freeze"),
    Situation.from_text(CLASSIC, "4 3", pile="4 3", discards="5 5 6"),
]


@pytest.mark.parametrize("situation", TREE_SITUATIONS, ids=lambda s: f"{s.line or '-'}|{s.pile.size}|{s.alone}")
@pytest.mark.parametrize(("draws", "start", "grouping"), [
    (1, TreeStart.HIT, Grouping.OUTCOME), (2, TreeStart.HIT, Grouping.OUTCOME), (3, TreeStart.HIT, Grouping.OUTCOME),
    (1, TreeStart.HIT, Grouping.CARD), (2, TreeStart.HIT, Grouping.CARD), (3, TreeStart.FLIP_THREE, Grouping.OUTCOME),
])
def test_tree_leaves_sum_to_exactly_one(situation: Situation, draws: int, start: TreeStart, grouping: Grouping) -> None:
    tree = probability_tree(situation, draws, start, grouping)
    assert tree.leaf_total == Fraction(1)
    assert all(isinstance(leaf.probability, Fraction) and leaf.probability > 0 for leaf in tree.leaves)
    check_tree_identities(tree)


def check_tree_identities(tree: ProbabilityTree) -> None:
    """A path's probability is the product of its conditionals; an inner node's children share it out."""
    inner = {node.path: node for node in tree.nodes if not node.leaf}
    children: dict[tuple[object, ...], list[Fraction]] = {path: [] for path in inner}
    for node in tree.nodes:
        if node.path:
            parent = inner[node.path[:-1]]
            assert node.probability == parent.probability * node.conditional
            children[parent.path].append(node.conditional)
        assert len(node.path) <= tree.draws
        assert node.leaf or node.ending is None
    assert all(sum(shares) == 1 for shares in children.values())


def test_one_card_tree_by_card_is_the_next_card_table() -> None:
    tree = probability_tree(MID_ROUND, 1, grouping=Grouping.CARD)
    leaves = {leaf.path[0].card: leaf.probability for leaf in tree.leaves}
    assert leaves == {row.card: row.probability for row in next_card_table(MID_ROUND)}


def test_one_card_tree_bust_is_the_models_bust_probability() -> None:
    for situation in TREE_SITUATIONS:
        assert probability_tree(situation, 1).probability_of(Termination.BUST) == bust_probability(situation)


def physical_cards(situation: Situation) -> list[Card]:
    return list(situation.pile)


def busts_in_sequence(held: set[int], cards: tuple[Card, ...]) -> bool:
    """Plain reading of the rules for number cards only: a number already held (or drawn before) busts."""
    seen = set(held)
    for card in cards:
        if card.value in seen:
            return True
        seen.add(card.value)
    return False


@pytest.mark.parametrize(("line", "pile"), [("5", "5 5 6 6 7 8 9 9"), ("3 4", "3 3 4 5 5 6 6 6 7"),
                                            ("", "1 2 2 3 3 3")])
def test_bust_within_cards_matches_counting_ordered_draws(line: str, pile: str) -> None:
    # Independent oracle: every ordered sequence of physical cards is equally likely.
    situation = Situation.from_text(CLASSIC, line, pile=pile)
    cards = physical_cards(situation)
    held = set(situation.line.numbers)
    for draws in (1, 2, 3):
        sequences = list(itertools.permutations(cards, draws))
        expected = Fraction(sum(busts_in_sequence(held, seq) for seq in sequences), len(sequences))
        assert probability_tree(situation, draws).probability_of(Termination.BUST) == expected
    expected_three = Fraction(sum(busts_in_sequence(held, seq) for seq in itertools.permutations(cards, 3)),
                              math.perm(len(cards), 3))
    flip_three = probability_tree(situation, 3, TreeStart.FLIP_THREE)
    assert flip_three.probability_of(Termination.BUST) == expected_three


def test_flip_three_tree_counts_a_second_chance_save() -> None:
    # With a Second Chance the first duplicate is saved: bust needs two duplicates among the three.
    situation = Situation.from_text(CLASSIC, "5 sc", pile="5 5 6 7")
    tree = probability_tree(situation, 3, TreeStart.FLIP_THREE)
    # The engine plays on after a save during the three, so you bust exactly when the three cards hold
    # both 5s: 2 of the 4 equally likely sets of three cards.
    assert tree.probability_of(Termination.BUST) == Fraction(1, 2)
    assert Event.SAVED in {branch.event for node in tree.nodes for branch in node.path}


def test_alone_a_freeze_ends_the_tree_branch() -> None:
    situation = Situation.from_text(CLASSIC, "5", pile="6 7 freeze", others_active=0)
    tree = probability_tree(situation, 2)
    assert tree.probability_of(Termination.FROZEN) == Fraction(1, 3) + Fraction(2, 3) * Fraction(1, 2)
    not_alone = probability_tree(Situation.from_text(CLASSIC, "5", pile="6 7 freeze"), 2)
    assert not_alone.probability_of(Termination.FROZEN) == 0


EXHAUSTED = Situation.from_text(CLASSIC, "4 3", pile="", discards="5 5 6")


@pytest.mark.parametrize("situation", [*TREE_SITUATIONS, EXHAUSTED], ids=lambda s: f"{s.line or '-'}|{s.pile.size}")
def test_draw_card_is_draw_outcomes_for_one_card(situation: Situation) -> None:
    # flip7odds.engine.RoundRules.draw_card (added for the sampler) resolves a card as draw_outcomes does.
    round_rules = RoundRules(situation.rules, situation.alone)
    states = [round_rules.start(situation), replace(round_rules.start(situation), forced=3)]
    for state in states:
        _, outcomes = round_rules.draw_outcomes(state)
        assert [round_rules.draw_card(state, outcome.card) for outcome in outcomes] == list(outcomes)


@pytest.mark.parametrize(("draws", "start", "grouping"), [
    (0, TreeStart.HIT, Grouping.OUTCOME), (4, TreeStart.HIT, Grouping.OUTCOME), (3, TreeStart.HIT, Grouping.CARD),
    (2, TreeStart.FLIP_THREE, Grouping.OUTCOME)])
def test_tree_refuses_unreadable_sizes(draws: int, start: TreeStart, grouping: Grouping) -> None:
    with pytest.raises(Flip7Error):
        probability_tree(MID_ROUND, draws, start, grouping)


# ----------------------------------------------------------------------------------------------
# The urn.


@pytest.mark.parametrize(("pile_size", "bust", "draws"), [(79, 17, 1), (79, 17, 3), (91, 29, 3), (10, 0, 3),
                                                           (10, 10, 2), (5, 2, 5), (94, 0, 1)])
def test_urn_formula_equals_scipy_hypergeom(pile_size: int, bust: int, draws: int) -> None:
    urn = UrnReading(pile_size, bust, draws)
    assert sum(urn.pmf()) == 1
    assert urn.at_least_one == 1 - urn.no_bust
    distribution = hypergeom(pile_size, bust, draws)
    assert float(urn.at_least_one) == pytest.approx(distribution.sf(0), abs=1e-12)
    assert urn.scipy_at_least_one() == pytest.approx(float(urn.at_least_one), abs=1e-12)
    np.testing.assert_allclose([float(p) for p in urn.pmf()], distribution.pmf(range(draws + 1)), atol=1e-12)


@given(st.integers(1, 9), st.data())
@settings(max_examples=40, deadline=None)
def test_urn_matches_counting_subsets(pile_size: int, data: st.DataObject) -> None:
    bust = data.draw(st.integers(0, pile_size))
    draws = data.draw(st.integers(1, pile_size))
    urn = UrnReading(pile_size, bust, draws)
    hands = list(itertools.combinations(range(pile_size), draws))
    counts = Counter(sum(card < bust for card in hand) for hand in hands)
    assert urn.pmf() == tuple(Fraction(counts[j], len(hands)) for j in range(draws + 1))


def test_urn_of_one_draw_is_the_models_bust_probability() -> None:
    urn = urn_reading(MID_ROUND, 1)
    # 12 11 9 held, 12 12 seen: (12 - 3) twelves + (11 - 1) elevens + (9 - 1) nines are left.
    assert (urn.pile_size, urn.bust_cards) == (94 - 7, (12 - 3) + (11 - 1) + (9 - 1))
    assert urn.at_least_one == bust_probability(MID_ROUND)


def test_urn_underestimates_a_flip_three_when_new_numbers_can_pair() -> None:
    # The urn only counts the K cards that bust you now; a Flip Three can also pair two new numbers.
    urn = urn_reading(MID_ROUND, 3)
    exact = probability_tree(MID_ROUND, 3, TreeStart.FLIP_THREE).probability_of(Termination.BUST)
    assert exact > urn.at_least_one


@pytest.mark.parametrize(("line", "pile", "pile_size", "bust"), [
    # The 13 and both 5s bust; the Lucky 13 is safe beside a plain 13, the Unlucky 7 never busts when drawn, the 7,
    # The Zero, the Steal and the -4 are not held: K = 1 + 2 = 3 of N = 9.
    ("13 5", "13 l13 5 5 u7 7 0 steal -4", 9, 3),
    # Holding the Lucky 13, each plain 13 is a safe second 13; the two plain 7s bust, the Unlucky 7 does not: K = 2.
    ("l13 7", "13 13 u7 7 7", 5, 2),
    ("13.5", "13 l13 5 5 u7 7 0 steal -4", 9, 3),  # a link's line (dots) reads as card notation
])
def test_vengeance_urn_counts_the_cards_that_bust_on_arrival(line: str, pile: str, pile_size: int, bust: int) -> None:
    urn = vengeance_urn(SituationText(line=line, pile=pile, rules=VENGEANCE.name), VENGEANCE)
    assert (urn.pile_size, urn.bust_cards, urn.draws) == (pile_size, bust, 1)
    assert urn.at_least_one == Fraction(bust, pile_size)


def test_vengeance_urn_of_the_deck_less_what_is_known() -> None:
    # docs/rules.md section 3: 108 cards, count(v) = v for 1..13 (a 7 is the Unlucky 7, a 13 the Lucky 13). With
    # 12 11 9 held and 12 12 5 seen, 108 - 6 = 102 are left: (12 - 3) twelves + (11 - 1) elevens + (9 - 1) nines bust.
    text = SituationText(line="12 11 9", seen="12 12 5", rules=VENGEANCE_BRUTAL.name)
    urn = vengeance_urn(text, VENGEANCE_BRUTAL)
    assert (urn.pile_size, urn.bust_cards) == (108 - 6, (12 - 3) + (11 - 1) + (9 - 1))
    assert vengeance_urn(replace(text, alone=True), VENGEANCE_BRUTAL) == urn  # an empty other line holds no card


@pytest.mark.parametrize(("pile_size", "bust", "draws"), [(5, 6, 1), (5, -1, 1), (5, 2, 0), (5, 2, 6)])
def test_urn_refuses_impossible_readings(pile_size: int, bust: int, draws: int) -> None:
    with pytest.raises(Flip7Error):
        UrnReading(pile_size, bust, draws)


# ----------------------------------------------------------------------------------------------
# Exact next to simulated.

SIMULATION_TRIALS = 3000
SEED = 20240607


@pytest.mark.parametrize(("situation", "question", "policy"), [
    (MID_ROUND, Question.BUST_NEXT, "always"),
    (MID_ROUND, Question.BUST_IN_FLIP_THREE, "always"),
    (FRESH, Question.BUST_IN_FLIP_THREE, "always"),
    (Situation.from_text(CLASSIC, "12 11 10 9 8", seen="12 11 10"), Question.FLIP7_ALWAYS_HIT, "always"),
    (MID_ROUND, Question.POLICY_SCORE, "sum>=35"),
    (Situation.from_text(CLASSIC, "7 3", pile="7 7 3 5 6 6 8 9 +4 x2 sc flip3 freeze", others_active=0),
     Question.POLICY_SCORE, "lookahead"),
    (Situation.from_text(CLASSIC, "2", seen="12*6 11*5"), Question.POLICY_SCORE, "bust>=0.26"),
], ids=lambda value: value.value if isinstance(value, Question) else None)
def test_simulation_lands_within_4_standard_errors(situation: Situation, question: Question, policy: str) -> None:
    exact = exact_value(situation, question, parse_policy(policy))
    outcomes = simulate(situation, question, SIMULATION_TRIALS, np.random.default_rng(SEED), parse_policy(policy))
    result = convergence(outcomes, exact)
    assert result.final_mean == pytest.approx(outcomes.mean())
    assert exact.standard_deviation > 0
    assert result.final_standard_errors < 4


def test_exact_values_are_the_models_numbers() -> None:
    assert exact_value(MID_ROUND, Question.BUST_NEXT).fraction == bust_probability(MID_ROUND)
    flip_three = exact_value(MID_ROUND, Question.BUST_IN_FLIP_THREE)
    assert flip_three.fraction == probability_tree(MID_ROUND, 3, TreeStart.FLIP_THREE).probability_of(Termination.BUST)
    score = exact_value(MID_ROUND, Question.POLICY_SCORE, StayAtSum(35))
    assert score.fraction is None and score.distribution is not None
    assert sum(score.distribution.values()) == pytest.approx(1.0)
    p = exact_value(MID_ROUND, Question.FLIP7_ALWAYS_HIT).mean
    assert p == pytest.approx(solve(problem_of(MID_ROUND), policy=AlwaysHit()).result().flip7_probability, abs=1e-12)


def test_simulation_replays_by_seed_and_in_chunks() -> None:
    policy = StayAtCount(5)
    whole = simulate(MID_ROUND, Question.POLICY_SCORE, 300, np.random.default_rng(3), policy)
    again = simulate(MID_ROUND, Question.POLICY_SCORE, 300, np.random.default_rng(3), policy)
    rng = np.random.default_rng(3)
    chunks = np.concatenate([simulate(MID_ROUND, Question.POLICY_SCORE, n, rng, policy) for n in (7, 93, 200)])
    other = simulate(MID_ROUND, Question.POLICY_SCORE, 300, np.random.default_rng(4), policy)
    np.testing.assert_array_equal(whole, again)
    np.testing.assert_array_equal(whole, chunks)
    assert not np.array_equal(whole, other)


def test_simulated_scores_are_possible_scores() -> None:
    exact = exact_value(MID_ROUND, Question.POLICY_SCORE, StayAtBust(Fraction(3, 10)))
    outcomes = simulate(MID_ROUND, Question.POLICY_SCORE, 500, np.random.default_rng(1), StayAtBust(Fraction(3, 10)))
    assert exact.distribution is not None
    assert set(outcomes.astype(int).tolist()) <= set(exact.distribution)


def test_the_optimum_cannot_be_simulated() -> None:
    assert not can_simulate(Optimal()) and can_simulate(OneCardLookahead())
    with pytest.raises(Flip7Error, match="optimal"):
        simulate(MID_ROUND, Question.POLICY_SCORE, 10, np.random.default_rng(0), Optimal())
    with pytest.raises(Flip7Error):
        simulate(MID_ROUND, Question.BUST_NEXT, -1, np.random.default_rng(0))


@pytest.mark.parametrize("situation", [
    Situation.from_text(CLASSIC, "6 5", pile="6 6 5 4 4 flip3 freeze sc +2", others_active=0),
    Situation.from_text(CLASSIC, "9 +4", pile="9 9 8 7 x2 sc", others_active=0),
])
def test_sampler_hit_once_is_the_models_hit_once_score_when_alone(situation: Situation) -> None:
    sampler = RoundSampler(situation)
    assert sampler.hit_once(sampler.start) == pytest.approx(float(hit_once_score(situation)), abs=1e-12)


def test_sampler_hit_once_leaves_out_blanks_when_not_alone() -> None:
    # Not alone a Freeze or Flip Three is given away: with b of them among N cards,
    # E[hit once, then stay] = b/N * stay + (N - b)/N * (the same without them) (flip7odds.solver, reduction 3).
    situation = Situation.from_text(CLASSIC, "9 +4", pile="9 9 8 7 x2 freeze flip3")
    sampler = RoundSampler(situation)
    solution = solve(problem_of(situation), with_draw_then_stay=True)
    assert solution.draw_then_stay is not None
    blanks, size = 2, situation.pile.size
    once = sampler.hit_once(sampler.start)
    assert blanks / size * 13 + (size - blanks) / size * once == pytest.approx(solution.draw_then_stay, abs=1e-12)


def test_convergence_identities() -> None:
    exact = exact_value(MID_ROUND, Question.BUST_NEXT)
    outcomes = simulate(MID_ROUND, Question.BUST_NEXT, 5000, np.random.default_rng(11))
    result = convergence(outcomes, exact, points=200)
    totals = np.cumsum(outcomes)
    assert result.trials[0] == 1 and result.trials[-1] == 5000 and np.all(np.diff(result.trials) > 0)
    np.testing.assert_allclose(result.running_mean, totals[result.trials - 1] / result.trials)
    np.testing.assert_allclose(result.difference, totals[result.trials - 1] - result.trials * exact.mean)
    np.testing.assert_allclose(result.mean_band * result.difference_band, (2 * exact.standard_deviation) ** 2)
    with pytest.raises(Flip7Error):
        convergence(outcomes[:0], exact)


# ----------------------------------------------------------------------------------------------
# The decision map.


def number_lines(situation: Situation) -> list[tuple[int, ...]]:
    values = sorted({card.value for card in situation.pile if card.category is Category.NUMBER})
    sizes = range(1, situation.rules.flip7_size)
    return [combo for size in sizes for combo in itertools.combinations(values, size)]


@pytest.mark.parametrize("situation", [
    Situation.from_text(CLASSIC, pile="1 2 2 3 3 3 4 4 4 4 5 5 5 5 5"),
    Situation.from_text(CLASSIC, pile="1 2 2 3 3 3 4 4 4 4 +4 x2 sc freeze flip3"),
    Situation.from_text(CLASSIC, pile="0 2 2 3 3 3 6 6 6 6 6 6 +10 sc freeze flip3", others_active=0),
], ids=["numbers", "not alone", "alone"])
def test_decision_map_matches_analyze_line_by_line(situation: Situation) -> None:
    decisions = optimal_decision_map(situation)
    expected: Counter[tuple[int, int, int, int, bool]] = Counter()
    for line in number_lines(situation):
        cards = [Card.number(value) for value in line]
        pile = situation.pile - CardCounts.from_cards(cards)
        case = Situation.build(CLASSIC, cards, pile=list(pile), others_active=situation.others_active)
        analysis = analyze(case)
        expected[(sum(line), len(line), analysis.bust_cards, analysis.pile_size,
                  analysis.decision is Decision.HIT)] += 1
    found = Counter((p.number_sum, p.numbers_held, p.bust_cards, p.pile_size, p.hits) for p in decisions.points)
    assert found == expected
    assert sum(cell.lines for cell in decisions.cells()) == len(number_lines(situation))
    assert decisions.optimum.expected_score == pytest.approx(solve(problem_of(situation)).result().value, abs=1e-9)


@pytest.fixture(scope="module")
def numbers_only_map():  # type: ignore[no-untyped-def]
    return optimal_decision_map(NUMBERS_ONLY)


def test_decision_map_shows_where_a_bust_threshold_fails(numbers_only_map) -> None:  # type: ignore[no-untyped-def]
    # The example on the 79 number cards: the optimum hits {3,4,5,6,8,9} at 29/73 = 39.7% bust
    # risk yet stays on {10,12} at 20/77 = 26%.
    risky, safe = numbers_only_map.riskiest_hit, numbers_only_map.safest_stay
    assert (risky.numbers_held, risky.number_sum, risky.bust_probability) == (6, 35, Fraction(29, 73))
    assert (safe.numbers_held, safe.number_sum, safe.bust_probability) == (2, 22, Fraction(20, 77))
    pile = CardCounts.from_cards(parse_cards(numbers_only_pile()))
    for line, decision in (("3 4 5 6 8 9", Decision.HIT), ("10 12", Decision.STAY)):
        cards = parse_cards(line)
        analysis = analyze(Situation.build(CLASSIC, cards, pile=list(pile - CardCounts.from_cards(cards))))
        assert analysis.decision is decision
    assert numbers_only_map.optimum.expected_score == pytest.approx(18.5652176, abs=5e-8)  # docs/model.md


def test_decision_map_cells_mix_decisions_at_one_sum(numbers_only_map) -> None:  # type: ignore[no-untyped-def]
    cells = numbers_only_map.cells()
    assert sum(cell.lines for cell in cells) == sum(math.comb(13, k) for k in range(1, 7))
    # A single "stay at sum >= T" cannot be the optimum: some sum has lines that hit and lines that stay.
    assert any(0 < cell.hitting < cell.lines for cell in cells)
    for cell in cells:
        assert (cell.hit_bust is None) == (cell.hitting == 0)
        assert (cell.stay_bust is None) == (cell.hitting == cell.lines)


# ----------------------------------------------------------------------------------------------
# Policy grids, links and piles.


def test_policy_families_on_a_grid() -> None:
    assert PolicyFamily.SUM.policies(Fraction(20), Fraction(23), Fraction(1)) == tuple(
        StayAtSum(t) for t in range(20, 24))
    assert PolicyFamily.BUST.policies(Fraction(1, 5), Fraction(3, 10), Fraction(1, 20)) == (
        StayAtBust(Fraction(1, 5)), StayAtBust(Fraction(1, 4)), StayAtBust(Fraction(3, 10)))
    assert PolicyFamily.CARDS.policies(Fraction(2), Fraction(3), Fraction(1)) == (StayAtCount(2), StayAtCount(3))
    assert [PolicyFamily.parameter(p) for p in (StayAtSum(23), StayAtBust(Fraction(1, 4)), StayAtCount(3))] == [
        23.0, 0.25, 3.0]
    with pytest.raises(Flip7Error):
        PolicyFamily.SUM.policies(Fraction(5), Fraction(1), Fraction(1))
    with pytest.raises(Flip7Error):
        PolicyFamily.CARDS.policies(Fraction(1), Fraction(2), Fraction(1, 2))
    with pytest.raises(Flip7Error):
        PolicyFamily.parameter(AlwaysHit())


def test_policy_curve_best_is_the_maximum() -> None:
    from flip7odds.policies import evaluate_policy

    results = tuple(evaluate_policy(NUMBERS_ONLY, StayAtSum(t)) for t in range(20, 27))
    curve = PolicyCurve(PolicyFamily.SUM, results)
    assert curve.parameters == tuple(float(t) for t in range(20, 27))
    assert curve.best.policy == StayAtSum(23)  # docs/model.md's published rule is the best threshold


def test_situation_text_round_trips_through_query_parameters() -> None:
    text = SituationText(line="12 7 +4", pile="", seen="12 12", discards="5", alone=True)
    assert SituationText.from_params(text.to_params()) == text
    assert SituationText.from_params({"line": "3", "others": "0"}).alone
    assert not SituationText.from_params({"line": "3", "others": "2", "ignored": "x"}).alone
    assert SituationText().to_params() == {}
    assert SituationText(line="12 7").situation().pile.size == 92
    assert SituationText().starts_round and not SituationText(line="3").starts_round


@pytest.mark.parametrize("params", [{"others": "many"}, {"line": "13"}, {"line": "5 5"}, {"pile": "5", "seen": "3"},
                                    {"pile": "12*13"}])
def test_bad_links_raise_one_clear_error(params: dict[str, str]) -> None:
    with pytest.raises(Flip7Error) as raised:
        SituationText.from_params(params).situation()
    assert "\n" not in str(raised.value)


def test_pile_choices() -> None:
    assert PileChoice.from_text("") is PileChoice.FRESH
    assert PileChoice.from_text(" ".join(str(c) for c in NUMBERS_ONLY.pile)) is PileChoice.NUMBERS
    assert PileChoice.from_text("12 12 5") is PileChoice.CUSTOM
    assert PileChoice.from_text("not cards") is PileChoice.CUSTOM
    assert PileChoice.NUMBERS.pile("ignored") == numbers_only_pile()
    assert PileChoice.FRESH.pile("ignored") == "" and PileChoice.CUSTOM.pile(" 5 6 ") == "5 6"
    assert CardCounts.from_cards(parse_cards(numbers_only_pile())).size == 79  # docs/model.md's numbers-only deck


def _sum_curve(situation: Situation, low: int, high: int) -> PolicyCurve:
    policies = PolicyFamily.SUM.policies(Fraction(low), Fraction(high), Fraction(1))
    return PolicyCurve(PolicyFamily.SUM, tuple(evaluate_policy(situation, policy) for policy in policies))


def test_the_strategy_demo_opens_on_the_pile_its_title_is_about() -> None:
    # docs/model.md: on the 79 number cards "stay at 23" is the best sum rule and earns 18.5212, 99.76% of 18.5652.
    assert STRATEGY_DEMO_PILE is PileChoice.NUMBERS
    situation = Situation.from_text(CLASSIC, "", pile=STRATEGY_DEMO_PILE.pile("", CLASSIC))
    headline = strategy_headline(_sum_curve(situation, 22, 24), evaluate_policy(situation, Optimal()),
                                 situation.pile.size)
    assert headline.title == "Why “stay at 23” is almost, but not quite, optimal"
    assert "79 cards" in headline.lead and "**18.5212**, **99.76%** of the **18.5652**" in headline.lead
    spanish = strategy_headline(_sum_curve(situation, 22, 24), evaluate_policy(situation, Optimal()),
                                situation.pile.size, translator("es"))
    assert "23" in spanish.title and "79 cartas" in spanish.lead and "99,76" in spanish.lead


@pytest.mark.slow
def test_on_the_fresh_deck_the_title_follows_the_deck() -> None:
    situation = Situation.from_text(CLASSIC, "")  # 94 cards: the best sum rule is 25, and 23 earns less
    curve = _sum_curve(situation, 23, 26)
    optimum = evaluate_policy(situation, Optimal())
    headline = strategy_headline(curve, optimum, situation.pile.size)
    best = max(curve.results, key=lambda result: result.expected_score)
    assert PolicyFamily.parameter(best.policy) == 25 and "“stay at 25”" in headline.title
    assert "94 cards" in headline.lead and "“stay at 23”, earns" in headline.lead
    assert "almost" not in headline.title  # 94.5% of the optimum is not "almost optimal"


def test_teaching_links_read_the_live_links_separator() -> None:
    dotted = SituationText.from_params({"line": "12.11.9", "seen": "5.p4", "alone": "1"}).situation()
    spaced = SituationText.from_params({"line": "12 11 9", "seen": "5 +4", "alone": "1"}).situation()
    assert dotted == spaced and dotted.pile.size == 94 - 5

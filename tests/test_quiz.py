"""Quiz situations: legal, graded exactly like the solver, and each tier gives what it promises."""

from collections import Counter
from fractions import Fraction

import pytest

from flip7odds.analysis import TOLERANCE, Decision, problem_of
from flip7odds.cards import Category, parse_cards
from flip7odds.counts import CardCounts
from flip7odds.errors import Flip7Error
from flip7odds.i18n import translator
from flip7odds.quiz import (
    CLOSE_CALL,
    GRADE_WIDTH,
    PART_USED_GONE,
    Grade,
    PlayerLine,
    Question,
    QuizSituation,
    Tier,
    exact_of,
    generate,
    grade_answer,
    grade_of,
    hint,
    one_card_look_ahead,
    tier_from_number,
)
from flip7odds.reference import reference_solve
from flip7odds.rules import CLASSIC, POKER, RuleSet
from flip7odds.situation import Situation
from flip7odds.solver import solve, solve_cost

COUNT = 6


@pytest.fixture(scope="module", params=list(Tier), ids=lambda tier: f"tier{int(tier)}")
def questions(request: pytest.FixtureRequest) -> list[Question]:
    return generate(request.param, COUNT, seed=11)


def test_every_situation_is_legal(questions: list[Question]) -> None:
    """Pile + discards + every card on the table make exactly the classic deck; lines are valid."""
    deck = Counter(CLASSIC.deck.as_dict())
    for question in questions:
        situation = question.situation
        on_table = Counter(card for player in situation.players for card in player.cards)
        total = Counter(situation.pile.as_dict()) + Counter(situation.discards.as_dict()) + on_table
        assert total == deck
        assert len(situation.line.numbers) >= 2
        assert situation.players[situation.you].active
        assert situation.pile.size >= 1


def test_stored_grade_numbers_equal_the_solver_s(questions: list[Question]) -> None:
    """Exact numbers equal the lattice solver's; certified ones hold it, and give its decision and grades."""
    for question in questions:
        situation = question.situation.situation
        exact = question.exact
        assert exact.error_bound <= GRADE_WIDTH
        if not exact.exact and solve_cost(problem_of(situation)).states > 50_000_000:
            continue  # too large for the test's oracle
        solution = solve(problem_of(situation), TOLERANCE)
        assert exact.stay_score == solution.stay_score
        assert solution.hit_score is not None
        assert exact.hit_score == pytest.approx(solution.hit_score, abs=1e-9 + exact.error_bound / 2)
        assert exact.decision is (Decision.HIT if solution.hits_now else Decision.STAY)
        best = max(solution.hit_score, solution.stay_score)
        for action, value in ((Decision.HIT, solution.hit_score), (Decision.STAY, solution.stay_score)):
            assert grade_answer(exact, action).grade is grade_of(best - value)
        busting = sum(count for card, count in situation.pile.items_
                      if card.category is Category.NUMBER and card.value in situation.line.numbers)
        expected = Fraction(0) if situation.line.second_chance else Fraction(busting, situation.pile.size)
        assert question.exact.bust_probability == expected


def test_tiers_give_what_they_promise(questions: list[Question]) -> None:
    for question in questions:
        situation = question.situation
        line = situation.line
        alone = situation.others_active == 0
        if situation.tier is Tier.FRESH:
            assert situation.round_number == 1 and not line.modifiers and not line.second_chance and not alone
        elif situation.tier is Tier.PART_USED:
            assert CLASSIC.deck.size - situation.pile.size >= PART_USED_GONE
            assert not line.modifiers and not line.second_chance and not alone
        elif situation.tier is Tier.MODIFIERS:
            assert line.modifiers or line.second_chance or alone
        else:
            assert question.exact.margin_high <= CLOSE_CALL


def test_generation_is_reproducible_and_situations_round_trip_through_json() -> None:
    first = generate(Tier.MODIFIERS, 3, seed=5)
    assert first == generate(Tier.MODIFIERS, 3, seed=5)
    for question in first:
        situation = question.situation
        assert QuizSituation.from_json(situation.to_json()) == situation
        assert QuizSituation.from_json(situation.to_json()).key == situation.key


def test_a_bad_saved_situation_is_a_clear_error() -> None:
    with pytest.raises(Flip7Error, match="not a saved quiz situation"):
        QuizSituation.from_json({"tier": 9})


def test_grading_against_the_brute_force_reference_on_a_small_pile() -> None:
    """An independent oracle: the Fraction reference solver on a pile small enough for it."""
    situation = Situation.from_text(CLASSIC, "12 11 3", pile="12*2 11 5 6 +4 sc freeze", discards="9 9",
                                    others_active=1)
    exact = exact_of(situation)
    reference = reference_solve(situation)
    assert reference.hit is not None
    assert exact.stay_score == reference.stay_score
    assert exact.hit_score == pytest.approx(float(reference.hit.value), abs=1e-9)
    assert exact.bust_probability == Fraction(3, 8) and exact.bust_cards == 3 and exact.pile_size == 8
    best = exact.decision
    worst = Decision.STAY if best is Decision.HIT else Decision.HIT
    assert grade_answer(exact, best).grade is Grade.BEST
    assert grade_answer(exact, worst).ev_loss == pytest.approx(exact.margin)


@pytest.mark.parametrize(("loss", "grade"), [(0.0, Grade.BEST), (1e-12, Grade.BEST), (0.49, Grade.FINE),
                                             (0.5, Grade.INACCURACY), (1.49, Grade.INACCURACY),
                                             (1.5, Grade.MISTAKE), (3.99, Grade.MISTAKE), (4.0, Grade.BLUNDER)])
def test_grade_thresholds(loss: float, grade: Grade) -> None:
    assert grade_of(loss) is grade


def test_one_card_look_ahead_by_hand() -> None:
    # Line 12 11 (23) and pile 12 12 11 5 6 +4: safe cards 5 (+5), 6 (+6), +4 (+4) of 6; bust 3 of 6.
    situation = Situation.from_text(CLASSIC, "12 11", pile="12*2 11 5 6 +4")
    gain, risk = one_card_look_ahead(situation)
    assert gain == Fraction(5 + 6 + 4, 6)
    assert risk == Fraction(3 * 23, 6)


def test_the_hint_names_the_exact_counts() -> None:
    question = generate(Tier.FRESH, 1, seed=2)[0]
    sentence = hint(question)
    assert f"of the {question.exact.pile_size} cards left" in sentence
    assert sentence.endswith(f"{question.exact.decision.value}.")


def _question(line: str, pile: str, rules: RuleSet = CLASSIC) -> Question:
    """A question on ``line`` against one other active player, with this pile and no discards."""
    situation = QuizSituation(Tier.PART_USED, rules, 0, (PlayerLine(0, parse_cards(line, rules), "active", 0),
                                                          PlayerLine(1, (), "active", 0)),
                              CardCounts.from_cards(parse_cards(pile, rules)), CardCounts(), 1)
    return Question(situation, exact_of(situation.situation))


def test_the_hint_says_none_would_bust_rather_than_only_0() -> None:
    # 12 11 against 5 6 7: every card is safe, one more adds (5 + 6 + 7) / 3 = 6 points.
    sentence = hint(_question("12 11", "5 6 7"))
    assert sentence == "None of the 3 cards left would bust you: one more card adds 6.0 points on average, so hit."
    assert "Ninguna de las 3 cartas" in hint(_question("12 11", "5 6 7"), translator("es"))


def test_the_hint_when_no_card_busts_but_a_penalty_makes_staying_best() -> None:
    # Poker: K Q (25) against two penalties, the 2 of diamonds (-2) and the 3 of diamonds (-3): none busts you.
    question = _question("K Q", "2d 3d", POKER)
    assert question.exact.decision is Decision.STAY
    assert hint(question) == ("None of the 2 cards left would bust you, but one more card changes your score by "
                              "-2.5 points on average: stay.")


def test_tier_numbers() -> None:
    assert tier_from_number(4) is Tier.CLOSE_CALLS
    with pytest.raises(Flip7Error, match="level must be 1, 2, 3 or 4"):
        tier_from_number(5)


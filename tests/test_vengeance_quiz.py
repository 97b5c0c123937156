"""The With a Vengeance quiz tiers: dealt situations, exact grading, tier criteria, progress, command line.

Oracles: the reference solver in fractions (`flip7odds.vengeance.reference.reference_solve`) for the
grades; the tiers' criteria and the bust cards recounted here from the cards themselves.
"""

import argparse
import json
import threading
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from flip7odds.analysis import Decision
from flip7odds.cards import Card, parse_cards
from flip7odds.counts import CardCounts
from flip7odds.i18n import translator
from flip7odds.progress import Answer, mistakes_queue, open_store, question_of, summarize, to_csv
from flip7odds.quiz import Grade, grade_answer, grade_of
from flip7odds.rules import VENGEANCE, VENGEANCE_BRUTAL, RuleSet
from flip7odds.trainer_cli import add_quiz_arguments, quiz_command
from flip7odds.vengeance.quiz import (
    MAX_BUSTED,
    MAX_OTHERS,
    OPPONENT_GAIN,
    VengeanceQuestion,
    VengeanceQuizSituation,
    VTier,
    deal,
    generate_vengeance,
    vengeance_hint,
)
from flip7odds.vengeance.reference import reference_solve
from flip7odds.vengeance.situation import VengeanceLine, VengeanceSituation

SMALL = (6, 8)
"""Small piles keep the tests fast and exact (the app deals from every depth: tests/test_quiz_depths.py)."""
VARIANTS = (VENGEANCE, VENGEANCE_BRUTAL)
ZERO, U7, L13, THIRTEEN = Card.number(0), *parse_cards("u7 l13 13", VENGEANCE)
STEAL, SWAP = parse_cards("steal swap", VENGEANCE)


def questions(tier: VTier, rules: RuleSet, count: int = 2, seed: int = 11) -> list[VengeanceQuestion]:
    return generate_vengeance(tier, count, seed, rules, pile_sizes=SMALL)


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda rules: rules.name)
def test_dealt_situations_are_consistent_with_the_deck(rules: RuleSet) -> None:
    rng = np.random.default_rng(4)
    for _ in range(200):
        situation = deal(rules, rng, SMALL)
        cards = [*situation.line.cards, *(card for other in situation.others for card in other.cards),
                 *situation.pile]
        out = CardCounts.from_cards(cards)
        assert all(out[card] <= rules.deck[card] for card in out), "more copies than the deck holds"
        assert SMALL[0] <= situation.pile.size <= SMALL[1]
        assert 2 <= situation.line.number_count <= 5 and not situation.line.has_zero
        assert len(situation.others) <= MAX_OTHERS
        assert situation.busted_others <= (MAX_BUSTED if rules.brutal else 0)
        for line in (situation.line, *situation.others):
            values = [number.value for number in line.numbers]
            assert all(values.count(value) == 1 or (value == 13 and values.count(13) == 2 and L13 in line.numbers)
                       for value in values), "a line holds a duplicate"
        rebuilt = VengeanceSituation.build(rules, situation.line.cards, others=[o.cards for o in situation.others],
                                           pile=situation.pile, busted_others=situation.busted_others)
        assert rebuilt == situation


def test_the_same_seed_gives_the_same_questions_and_another_seed_others() -> None:
    first = [q.to_json() for q in questions(VTier.PENALTIES, VENGEANCE, count=3, seed=5)]
    again = [q.to_json() for q in questions(VTier.PENALTIES, VENGEANCE, count=3, seed=5)]
    other = [q.to_json() for q in questions(VTier.PENALTIES, VENGEANCE, count=3, seed=6)]
    assert first == again and first != other


def next_card_busts(line: VengeanceLine, card: Card) -> bool:
    """Recounted from the rules (docs/vengeance.md): a held value busts, except the Unlucky 7 and a Lucky pair."""
    if not card.is_number or card == U7:
        return False
    held = [number for number in line.numbers if number.value == card.value]
    if card.value == 13 and len(held) == 1:
        return L13 not in (held[0], card)
    return bool(held)


def tier_holds(tier: VTier, situation: VengeanceSituation) -> bool:
    """Each tier's criterion (module docstring of flip7odds.vengeance.quiz), written again from the cards."""
    pile, line = situation.pile, situation.line
    if tier is VTier.ZERO_AND_UNLUCKY_7:
        return pile[ZERO] + pile[U7] > 0
    if tier is VTier.LUCKY_13:
        mine = [number for number in line.numbers if number.value == 13]
        if len(mine) != 1:
            return False
        return pile[THIRTEEN] > 0 if mine[0] == L13 else pile[L13] > 0
    if tier is VTier.STEAL_AND_SWAP:
        if pile[STEAL] + pile[SWAP] == 0:
            return False
        hit = reference_solve(situation).hit
        bare = reference_solve(VengeanceSituation(situation.rules, line, tuple(VengeanceLine() for _ in situation.others),
                                                  pile, None, situation.busted_others)).hit
        assert hit is not None and bare is not None
        return hit.value - bare.value >= Fraction(OPPONENT_GAIN)
    penalties = sum(count for card, count in pile.items_ if str(card).startswith(("-", "/")))
    target = situation.busted_others > 0 if situation.rules.brutal else len(situation.others) > 0
    return penalties > 0 and target


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda rules: rules.name)
@pytest.mark.parametrize("tier", list(VTier), ids=lambda tier: tier.name)
def test_grades_equal_the_reference_solver_and_each_tier_criterion_holds(tier: VTier, rules: RuleSet) -> None:
    for question in questions(tier, rules):
        situation = question.situation.situation
        assert question.situation.tier is tier and situation.rules is rules
        assert tier_holds(tier, situation)
        assert situation.line.number_count >= 2 and not situation.line.has_zero
        reference = reference_solve(situation)
        assert reference.hit is not None and reference.may_stay
        stay, hit = Fraction(reference.stay_score), reference.hit.value
        exact = question.exact
        assert exact.stay_score == stay and abs(exact.hit_score - float(hit)) < 1e-9
        assert exact.decision is (Decision.HIT if hit > stay else Decision.STAY)
        best = max(stay, hit)
        for action, value in ((Decision.HIT, hit), (Decision.STAY, stay)):
            feedback = grade_answer(exact, action)
            assert abs(feedback.ev_loss - float(best - value)) < 1e-9
            assert feedback.grade is grade_of(float(best - value))
            assert (feedback.grade is Grade.BEST) == (action is exact.decision or value == best)
        busting = sum(count for card, count in situation.pile.items_ if next_card_busts(situation.line, card))
        assert exact.bust_probability == Fraction(busting, situation.pile.size)
        assert (exact.bust_cards, exact.pile_size) == (busting, situation.pile.size)


def test_the_special_cards_can_appear_in_every_place() -> None:
    """Over many deals each special number turns up in your line, another line and the pile (the deal is not biased)."""
    rng = np.random.default_rng(9)
    seen: dict[str, set[Card]] = {"yours": set(), "others": set(), "pile": set()}
    for _ in range(400):
        situation = deal(VENGEANCE_BRUTAL, rng, SMALL)
        seen["yours"].update(situation.line.cards)
        seen["others"].update(card for other in situation.others for card in other.cards)
        seen["pile"].update(situation.pile)
    assert {U7, L13} <= seen["yours"] and ZERO not in seen["yours"]
    assert {ZERO, U7, L13} <= seen["others"] and {ZERO, U7, L13, STEAL, SWAP} <= seen["pile"]


def test_progress_round_trip_keeps_the_variant(tmp_path: Path) -> None:
    store = open_store(tmp_path / "progress.sqlite3").store
    asked = [*questions(VTier.LUCKY_13, VENGEANCE, count=1), *questions(VTier.PENALTIES, VENGEANCE_BRUTAL, count=1)]
    for question in asked:
        wrong = Decision.STAY if question.exact.decision is Decision.HIT else Decision.HIT
        store.record(question, Answer.of(question, grade_answer(question.exact, wrong)))
    reopened = open_store(tmp_path / "progress.sqlite3").store
    answers = reopened.answers()
    assert [answer.categories["variant"] for answer in answers] == ["With a Vengeance",
                                                                    "With a Vengeance (Brutal mode)"]
    for question, answer in zip(asked, answers):
        saved = reopened.situation(answer.situation_key)
        assert isinstance(saved, VengeanceQuizSituation) and saved == question.situation
        replayed = question_of(saved)
        assert isinstance(replayed, VengeanceQuestion) and replayed.exact == question.exact
        assert answer.best == question.exact.decision.value and answer.line == str(question.situation.line)
    assert summarize(answers).answers == 2
    assert {item.situation_key for item in mistakes_queue(answers)} <= {q.situation.key for q in asked}
    header, *rows = to_csv(answers).splitlines()
    assert "variant" in header.split(",") and len(rows) == 2 and "With a Vengeance (Brutal mode)" in rows[1]


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="flip7odds quiz")
    add_quiz_arguments(parser)
    return quiz_command(parser.parse_args(argv))


def test_command_line_json_is_the_library_question(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--rules", "vengeance", "--level", "2", "--count", "1", "--seed", "0", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["level"], data["rules"]) == (2, "vengeance")
    [shown] = data["situations"]
    [expected] = generate_vengeance(VTier.LUCKY_13, 1, 0, VENGEANCE)
    # graded on certified bounds (a deep pile), by a budget counted, not timed: the same numbers to the last bit
    assert not expected.exact.exact
    assert shown == json.loads(json.dumps(expected.to_json()))
    assert shown["caveat"].startswith("With a Vengeance model")
    assert VengeanceQuizSituation.from_json(shown) == expected.situation


def test_the_same_seed_deals_the_same_numbers_however_busy_the_process_is() -> None:
    """The quiz's budget is counted, not timed: a thread spinning beside the dealing (it takes half the process's
    CPU time, which the old CPU deadline read) changes no question and no number, bounded grades included."""
    quiet = [question.to_json() for question in generate_vengeance(VTier.PENALTIES, 2, 0, VENGEANCE)]
    assert not all(question["exact"] for question in quiet)  # at least one is graded on certified bounds
    done = threading.Event()

    def spin() -> None:
        while not done.is_set():
            sum(range(1000))

    busy = threading.Thread(target=spin)
    busy.start()
    try:
        loaded = [question.to_json() for question in generate_vengeance(VTier.PENALTIES, 2, 0, VENGEANCE)]
    finally:
        done.set()
        busy.join()
    assert loaded == quiet


def test_command_line_text_in_english_and_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--rules", "vengeance-brutal", "--level", "4", "--count", "1", "--lang", "en"]) == 0
    english = capsys.readouterr().out
    [question] = generate_vengeance(VTier.PENALTIES, 1, 0, VENGEANCE_BRUTAL)
    exact = question.exact
    assert f"busted players: {question.situation.situation.busted_others}" in english
    assert f"P(bust on the next card) = {exact.bust_cards}/{exact.pile_size}" in english
    assert f"stay {exact.stay_score}   hit {exact.hit_score:.4f}" in english
    assert "With a Vengeance model" in english
    assert run(["--rules", "vengeance-brutal", "--level", "4", "--count", "1", "--lang", "es"]) == 0
    spanish = capsys.readouterr().out
    assert f"{exact.hit_score:.4f}".replace(".", ",") in spanish and "Modelo de Venganza" in spanish
    assert ("PIDE CARTA" if exact.decision is Decision.HIT else "PLÁNTATE") in spanish


@pytest.mark.parametrize(("argv", "message"), [
    (["--level", "5"], "level must be 1, 2, 3 or 4, not 5"),
    (["--count", "0"], "count must be from 1 to 1000, not 0"),
    (["--seed", "-1"], "seed must be 0 or more, not -1"),
])
def test_command_line_bad_input_is_one_line_and_exit_2(argv: list[str], message: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--rules", "vengeance", "--lang", "en", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == f"flip7odds quiz: error: {message[:1].upper()}{message[1:]}\n"


def test_command_line_bad_input_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--rules", "vengeance-brutal", "--lang", "es", "--level", "0"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == "flip7odds quiz: error: El nivel debe ser 1, 2, 3 o 4, no 0\n"


@pytest.mark.parametrize("tier", list(VTier), ids=lambda tier: tier.name)
def test_every_question_says_why_with_its_exact_numbers(tier: VTier) -> None:
    for question in questions(tier, VENGEANCE_BRUTAL if tier is VTier.PENALTIES else VENGEANCE, count=1):
        analysis = question.exact
        english, spanish = vengeance_hint(question), vengeance_hint(question, translator("es"))
        decision = "hit." if analysis.decision is Decision.HIT else "stay."
        assert english.endswith(decision)
        assert spanish.endswith("pide carta." if analysis.decision is Decision.HIT else "plántate.")
        assert f"{analysis.bust_cards} of the {analysis.pile_size} card" in english
        assert f"{analysis.hit_score:.2f}" in english
        pile = question.situation.situation.pile
        if tier is VTier.ZERO_AND_UNLUCKY_7:
            assert ("The Zero is in the pile" in english) == bool(pile[ZERO])
            assert ("Unlucky 7 is in the pile" in english) == bool(pile[U7])
            assert ("7 de la mala suerte está en el mazo" in spanish) == bool(pile[U7])

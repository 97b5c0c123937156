"""The quiz's stock: a session's first question of a level is one the server dealt ahead (`flip7odds_ui.quiz.Deck`)."""

import itertools
import threading
from collections.abc import Iterator

from flip7odds.quiz import Tier
from flip7odds.rules import CLASSIC, POKER, RuleSet
from flip7odds_ui.quiz import Deck


def counting_deck() -> tuple[Deck, list[tuple[str, Tier]]]:
    """A deck whose every stream deals ``"<variant> <level> #<n>"``, n counting the streams made; the streams made."""
    made: list[tuple[str, Tier]] = []
    numbers = itertools.count(1)
    lock = threading.Lock()

    def make(tier: Tier, rules: RuleSet) -> Iterator[str]:
        with lock:
            made.append((rules.name, tier))
            number = next(numbers)
        return iter([f"{rules.name} {tier.name} #{number}"])

    return Deck("test", make), made


def test_a_first_request_is_dealt_now_and_the_next_is_stocked_for_the_next_session() -> None:
    deck, made = counting_deck()
    first = deck.stocked(CLASSIC, Tier.FRESH).result(timeout=10)
    assert first == "classic FRESH #1"
    stocked = deck.stock["classic", Tier.FRESH]
    assert stocked.result(timeout=10) == "classic FRESH #2"  # dealt while the first session read its question
    assert deck.stocked(CLASSIC, Tier.FRESH).result(timeout=10) == "classic FRESH #2"  # the next session takes it
    assert deck.stock["classic", Tier.FRESH].result(timeout=10) == "classic FRESH #3"  # and one more is dealt
    assert made == [("classic", Tier.FRESH)] * 3  # each question its own stream


def test_each_variant_and_level_has_its_own_stock() -> None:
    deck, _ = counting_deck()
    poker = deck.stocked(POKER, Tier.CLOSE_CALLS).result(timeout=10)
    classic = deck.stocked(CLASSIC, Tier.CLOSE_CALLS).result(timeout=10)
    assert poker.startswith("poker CLOSE_CALLS") and classic.startswith("classic CLOSE_CALLS")
    assert set(deck.stock) == {("poker", Tier.CLOSE_CALLS), ("classic", Tier.CLOSE_CALLS)}


def test_sessions_at_once_each_get_their_own_question() -> None:
    deck, _ = counting_deck()
    taken: list[str] = []
    lock = threading.Lock()

    def session() -> None:
        question = deck.stocked(CLASSIC, Tier.PART_USED).result(timeout=10)
        with lock:
            taken.append(question)

    threads = [threading.Thread(target=session) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=20)
    assert len(taken) == 12 and len(set(taken)) == 12  # a class opening the quiz at once: no question twice

"""The ``flip7odds quiz`` and ``flip7odds simulate`` subcommands (wired into `flip7odds.cli`).

Each ``*_command`` returns the exit status: 0 on success, 2 on bad input with one line on stderr. The readable
output and the error line follow ``--lang`` (default: the environment's locale); ``--json`` is the same in
every language.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TextIO, TypeVar, cast

from flip7odds.arguments import ProgressBar, escaped, integer, short_text, terminal
from flip7odds.cards import format_cards
from flip7odds.errors import Flip7Error, Plural
from flip7odds.i18n import ENGLISH, N_, Translator, add_language_argument, command_translator
from flip7odds.rules import RuleSet, find_rules

if TYPE_CHECKING:
    import numpy as np

    from flip7odds.simulator import GameResult, Policy
    from flip7odds.vengeance import game as vengeance_game
    from flip7odds.vengeance.quiz import VengeanceQuestion

SeatPolicy = TypeVar("SeatPolicy")
Item = TypeVar("Item")
MAX_QUIZ_COUNT = 1000
MAX_GAMES = 1_000_000
MAX_PLAYERS = 36
"""`flip7odds.simulator.MAX_PLAYERS` (a test checks they agree)."""
POLICY_NAMES = "optimal, sum:T, bust:θ, cards:k, random[:p]"
VENGEANCE_POLICY_NAMES = "sum:T, bust:θ, cards:k, random[:p]"
"""`flip7odds.simulator.POLICY_NAMES` and `flip7odds.vengeance.game.POLICY_NAMES`, for the help (a test checks)."""
PROGRESS_AFTER_S = 0.5
"""The progress bar appears once a run has lasted this long."""
OUTCOME_WORDS = {"stayed": N_("stayed"), "frozen": N_("frozen"), "bust": N_("bust"), "flip7": N_("Flip 7"),
                 "cut_short": N_("cut short by a Flip 7"), "no_cards": N_("out of cards"),
                 "made_to_stay": N_("made to stay (Just One More)")}
"""How each round outcome (`flip7odds.simulator.Outcome`, `flip7odds.vengeance.game.Outcome`, by value) is
named in the readable summary (message ids)."""
EVENT_WORDS = {"steal": N_("Steal"), "swap": N_("Swap"), "discard": N_("Discard"), "just_one_more": N_("Just One More"),
               "flip_four": N_("Flip Four"), "modifier_given": N_("modifiers given away"),
               "on_stayed": N_("cards played on a stayed player"), "unlucky_7": N_("Unlucky 7 wipes"),
               "busted_by_swap": N_("busted by a Swap"), "brutal_minus_15": N_("-15 given for a Flip 7")}
"""How each With a Vengeance event (`flip7odds.vengeance.game.EVENTS`) is named in the summary (message ids)."""


def add_quiz_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``flip7odds quiz``."""
    parser.add_argument("--level", type=integer, default=1, help="difficulty tier: 1 fresh pile, numbers only; "
                        "2 part-used pile; 3 modifiers, Second Chance, alone; 4 close calls (default 1). With a "
                        "Vengeance: 1 The Zero and the Unlucky 7; 2 Lucky 13; 3 Steal and Swap; 4 penalties "
                        "(Brutal mode: busted players)")
    parser.add_argument("--count", type=integer, default=5, help=f"how many situations, 1-{MAX_QUIZ_COUNT} (default 5)")
    parser.add_argument("--seed", type=integer, default=0,
                        help="random seed: the same seed gives the same situations")
    parser.add_argument("--rules", type=short_text, default="classic", help="rule set: classic, poker, vengeance, "
                        "vengeance-brutal (default classic)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    add_language_argument(parser)


def add_simulate_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``flip7odds simulate``."""
    parser.add_argument("--players", type=integer, default=4, help=f"players per game, 1-{MAX_PLAYERS} (a second "
                        "deck above 18; default 4)")
    parser.add_argument("--policy", type=short_text, default="sum:23", help=escaped(
                        f"hit/stay policy: {POLICY_NAMES} (With a Vengeance: {VENGEANCE_POLICY_NAMES}); a "
                        "comma-separated list is dealt to the seats in turn (default sum:23)"))
    parser.add_argument("--games", type=integer, default=100,
                        help=f"how many games, 1-{MAX_GAMES:,} (default 100)")
    parser.add_argument("--seed", type=integer, default=0, help="random seed")
    parser.add_argument("--rules", type=short_text, default="classic", help="rule set: classic, poker, vengeance, vengeance-brutal "
                        "(default classic)")
    parser.add_argument("--no-check", action="store_true", help="skip the card-conservation check after every "
                        "step (about 4 times faster)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    add_language_argument(parser)


def _fail(command: str, error: Flip7Error, t: Translator) -> int:
    print(t("flip7odds {command}: error: {message}").format(command=command, message=t.error(error)), file=sys.stderr)
    return 2


def quiz_command(args: argparse.Namespace) -> int:
    """Print ``--count`` situations of tier ``--level`` with the numbers the quiz page grades against (exact, or
    certified bounds that cannot change a grade: `flip7odds.quiz`)."""
    t = command_translator(args.lang)
    try:
        rules = find_rules(args.rules, experimental=True)
        _check_count_and_seed(args)
        if rules.vengeance:
            return _vengeance_quiz(args, rules, t)
        import numpy as np

        from flip7odds.quiz import QuizGenerator, tier_from_number

        tier = tier_from_number(args.level)
        questions = _with_progress(QuizGenerator(tier, np.random.default_rng(args.seed), rules), args.count, t)
    except Flip7Error as error:
        return _fail("quiz", error, t)
    if args.json:
        print(json.dumps({"level": int(tier), "seed": args.seed,
                          "situations": [question.to_json() for question in questions]}, indent=2))
        return 0
    from flip7odds.analysis import Decision
    from flip7odds.quiz import hint, hit_text

    for number, question in enumerate(questions, 1):
        situation, exact = question.situation, question.exact
        print(t("#{number}  your line: {line}   others active: {others}   pile: {pile}   discards: {discards}")
              .format(number=number, line=format_cards(situation.line.cards, situation.rules),
                      others=situation.others_active,
                      pile=t.counted("{count} card", "{count} cards", situation.pile.size),
                      discards=situation.discards.size))
        print("    " + t("stay {stay}   hit {hit}   best: {best}").format(
            stay=exact.stay_score, hit=hit_text(exact, t, 4),
            best=t("HIT") if exact.decision is Decision.HIT else t("STAY")))
        print(f"    {hint(question, t)}")
    return 0


def _with_progress(questions: Iterator[Item], count: int, t: Translator) -> list[Item]:
    """The next ``count`` questions, with a progress bar on a terminal (a question can take a second)."""
    bar = ProgressBar(count, Plural("{done}/{total} situation ({rate}/s)", "{done}/{total} situations ({rate}/s)", "total"), terminal(), t, PROGRESS_AFTER_S)
    chosen: list[Item] = []
    for done in range(1, count + 1):
        chosen.append(next(questions))
        bar.update(done)
    bar.close()
    return chosen


def _check_count_and_seed(args: argparse.Namespace) -> None:
    """The quiz's level, count and seed, checked before anything heavy loads."""
    if args.level not in (1, 2, 3, 4):
        raise Flip7Error("level must be 1, 2, 3 or 4, not {level}", level=args.level)
    if not 1 <= args.count <= MAX_QUIZ_COUNT:
        raise Flip7Error("count must be from 1 to {maximum}, not {count}", maximum=MAX_QUIZ_COUNT, count=args.count)
    if args.seed < 0:
        raise Flip7Error("seed must be 0 or more, not {seed}", seed=args.seed)


def _vengeance_quiz(args: argparse.Namespace, rules: RuleSet, t: Translator) -> int:
    """``flip7odds quiz --rules vengeance``: situations of a Vengeance tier from every depth (`flip7odds.vengeance.quiz`)."""
    import numpy as np

    from flip7odds.vengeance.analysis import CAVEAT
    from flip7odds.vengeance.quiz import VengeanceQuizGenerator, vtier_from_number

    tier = vtier_from_number(args.level)
    generator = VengeanceQuizGenerator(tier, np.random.default_rng((args.seed, int(tier))), rules)
    questions = _with_progress(generator, args.count, t)
    if args.json:
        print(json.dumps({"level": int(tier), "seed": args.seed, "rules": rules.name,
                          "situations": [question.to_json() for question in questions]}, indent=2))
        return 0
    for number, question in enumerate(questions, 1):
        print(vengeance_question_text(number, question, t))
    print(t(CAVEAT))
    return 0


def vengeance_question_text(number: int, question: VengeanceQuestion, t: Translator) -> str:
    """One Vengeance quiz situation with its exact numbers, readable, in ``t``'s language."""
    from flip7odds.analysis import Decision
    from flip7odds.quiz import hit_text

    situation = question.situation.situation
    rules, exact = situation.rules, question.exact
    others = " | ".join(format_cards(other.cards, rules) or t("(no cards)") for other in situation.others)
    lines = [t("#{number}  your line: {line}   other lines: {others}   busted players: {busted}").format(
                 number=number, line=format_cards(situation.line.cards, rules), others=others or t("none"),
                 busted=situation.busted_others),
             "    " + t("pile ({size}): {cards}").format(size=t.counted("{count} card", "{count} cards",
                                                                          situation.pile.size),
                                                         cards=format_cards(situation.pile, rules)),
             "    " + t("stay {stay}   hit {hit}   best: {best}").format(
                 stay=exact.stay_score, hit=hit_text(exact, t, 4),
                 best=t("HIT") if exact.decision is Decision.HIT else t("STAY")),
             "    " + t("P(bust on the next card) = {fraction} ({percent})").format(
                 fraction=f"{exact.bust_cards}/{exact.pile_size}", percent=t.percent(float(exact.bust_probability)))]
    return "\n".join(lines)


@dataclass(frozen=True)
class SimulationSummary:
    """Summary statistics of simulated games."""

    games: int
    players: int
    policies: tuple[str, ...]
    seed: int
    rounds: int
    mean_round_score: float
    round_score_stderr: float
    rounds_per_game: float
    win_rate_by_seat: tuple[float, ...]
    win_rate_by_policy: dict[str, float]
    mean_round_score_by_policy: dict[str, float]
    outcomes: dict[str, float]
    reshuffles_per_game: float
    events_per_game: dict[str, float]
    """With a Vengeance: how often each of `flip7odds.vengeance.game.EVENTS` happened per game (empty otherwise)."""

    def to_json(self) -> dict[str, Any]:
        """The summary as a JSON object."""
        return {name: list(value) if isinstance(value, tuple) else value for name, value in vars(self).items()}


def play_one_game(rules: RuleSet, players: Sequence[Policy] | Sequence[vengeance_game.Policy],
                  rng: np.random.Generator, check: bool) -> GameResult | vengeance_game.GameResult:
    """One game with the simulator of the rules: `flip7odds.vengeance.game` for With a Vengeance (its
    policies), else `flip7odds.simulator`."""
    from flip7odds.simulator import play_game
    from flip7odds.vengeance import game as vengeance_game

    if rules.vengeance:
        return vengeance_game.play_game(rules, cast("Sequence[vengeance_game.Policy]", players), rng, check=check)
    return play_game(rules, cast("Sequence[Policy]", players), rng, check=check)


def simulate(rules: RuleSet, players: Sequence[Policy] | Sequence[vengeance_game.Policy], games: int, seed: int, *,
             check: bool = True, progress: TextIO | None = None, progress_after: float = PROGRESS_AFTER_S,
             t: Translator = ENGLISH) -> SimulationSummary:
    """Play ``games`` games and summarise them; with ``progress``, a bar (in ``t``'s language) on that stream
    once the run has lasted ``progress_after`` seconds.

    Win rate by policy: the share of games won by a seat playing it (seats sharing a policy add up); a
    shared victory (poker) counts as a win for each of its winners. With a Vengeance (``rules.vengeance``)
    plays `flip7odds.vengeance.game` with its policies (`flip7odds.vengeance.game.policy_from_text`).
    """
    import numpy as np

    from flip7odds.vengeance import game as vengeance_game

    rng = np.random.default_rng(seed)
    names = tuple(player.name for player in players)
    wins = [0] * len(players)
    scores: list[int] = []
    score_by_policy: dict[str, list[int]] = {name: [] for name in names}
    outcomes: Counter[str] = Counter()
    events: Counter[str] = Counter()
    rounds = reshuffles = 0
    bar = ProgressBar(games, Plural("{done}/{total} game ({rate}/s)", "{done}/{total} games ({rate}/s)", "total"), progress, t, progress_after)
    for game_number in range(1, games + 1):
        game = play_one_game(rules, players, rng, check)
        for seat in game.winners:
            wins[seat] += 1
        rounds += len(game.rounds)
        for result in game.rounds:
            reshuffles += result.reshuffles
            scores.extend(result.scores)
            for name, score, outcome in zip(names, result.scores, result.outcomes):
                score_by_policy[name].append(score)
                outcomes[outcome.value] += 1
            if isinstance(result, vengeance_game.RoundResult):
                events.update(dict(result.events))
        bar.update(game_number)
    bar.close()
    values = np.array(scores, dtype=float)
    by_policy_wins: Counter[str] = Counter()
    for name, won in zip(names, wins):
        by_policy_wins[name] += won
    seat_results = sum(outcomes.values())
    return SimulationSummary(
        games=games,
        players=len(players),
        policies=names,
        seed=seed,
        rounds=rounds,
        mean_round_score=float(values.mean()),
        round_score_stderr=float(values.std(ddof=1) / np.sqrt(len(values))) if len(values) > 1 else 0.0,
        rounds_per_game=rounds / games,
        win_rate_by_seat=tuple(won / games for won in wins),
        win_rate_by_policy={name: by_policy_wins[name] / games for name in dict.fromkeys(names)},
        mean_round_score_by_policy={name: float(np.mean(s)) for name, s in score_by_policy.items()},
        outcomes={name: count / seat_results for name, count in sorted(outcomes.items())},
        reshuffles_per_game=reshuffles / games,
        events_per_game={name: events[name] / games for name in vengeance_game.EVENTS} if rules.vengeance else {},
    )


def _seats(kinds: list[SeatPolicy], players: int) -> list[SeatPolicy]:
    """The policies dealt to ``players`` seats in turn."""
    return [kinds[seat % len(kinds)] for seat in range(players)]


def simulate_command(args: argparse.Namespace) -> int:
    """Simulate ``--games`` games and print summary statistics."""
    t = command_translator(args.lang)
    try:
        rules = find_rules(args.rules, experimental=True)
        if not 1 <= args.players <= MAX_PLAYERS:
            raise Flip7Error("players must be from 1 to {maximum}, not {players}", maximum=MAX_PLAYERS,
                             players=args.players)
        if not 1 <= args.games <= MAX_GAMES:
            raise Flip7Error("games must be from 1 to {maximum}, not {games}", maximum=MAX_GAMES, games=args.games)
        if args.seed < 0:
            raise Flip7Error("seed must be 0 or more, not {seed}", seed=args.seed)
        from flip7odds.simulator import policy_from_text
        from flip7odds.vengeance import game as vengeance_game

        texts = args.policy.split(",")
        players: Sequence[Policy] | Sequence[vengeance_game.Policy]
        if rules.vengeance:
            players = _seats([vengeance_game.policy_from_text(text) for text in texts], args.players)
        else:
            players = _seats([policy_from_text(text) for text in texts], args.players)
        summary = simulate(rules, players, args.games, args.seed, check=not args.no_check, progress=terminal(), t=t)
    except Flip7Error as error:
        return _fail("simulate", error, t)
    if args.json:
        print(json.dumps(summary.to_json(), indent=2))
        return 0
    print(t("{games}, {players} ({policies}), seed {seed}").format(
        games=t.counted("{count} game", "{count} games", summary.games),
        players=t.counted("{count} player", "{count} players", summary.players), policies=", ".join(summary.policies),
        seed=summary.seed))
    print(t("mean round score {mean} ± {stderr} (1 s.e.), {rounds} rounds per game, {reshuffles} reshuffles per game")
          .format(mean=t.number(summary.mean_round_score, 3), stderr=t.number(summary.round_score_stderr, 3),
                  rounds=t.number(summary.rounds_per_game), reshuffles=t.number(summary.reshuffles_per_game)))
    print(t("win rate by seat: {rates}").format(rates=", ".join(
        f"{seat}: {t.percent(rate)}" for seat, rate in enumerate(summary.win_rate_by_seat))))
    for name, rate in summary.win_rate_by_policy.items():
        print("  " + t("{policy}: wins {rate}, mean round score {score}").format(
            policy=name, rate=t.percent(rate), score=t.number(summary.mean_round_score_by_policy[name], 3)))
    print(t("outcomes: {shares}").format(shares=", ".join(
        f"{t(OUTCOME_WORDS[name])} {t.percent(share)}" for name, share in summary.outcomes.items())))
    if summary.events_per_game:
        print(t("per game: {counts}").format(counts=", ".join(
            f"{t(EVENT_WORDS[name])} {t.number(count)}" for name, count in summary.events_per_game.items())))
    return 0

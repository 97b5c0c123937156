"""The simulate page with With a Vengeance chosen: whole games played by `flip7odds.vengeance.game`.

The exact values of a Vengeance round need a small pile (docs/vengeance.md), so instead of the classic
page's single rounds from a situation this shows what the game simulator measures over whole games
(the same summary as ``flip7odds simulate --rules vengeance``): scores, wins by seat and by policy, how
rounds end, and how often each rule of the variant came into play.
"""

import streamlit as st

from flip7odds.errors import Flip7Error
from flip7odds.i18n import Translator
from flip7odds.links import MAX_SEED, SIMULATE_GAMES, SIMULATE_PLAYERS
from flip7odds.rules import RuleSet
from flip7odds.trainer_cli import EVENT_WORDS, OUTCOME_WORDS, SimulationSummary, simulate
from flip7odds.vengeance.game import POLICY_NAMES, policy_from_text
from flip7odds_ui.shell import init_widget, page_link, set_page_parameters
from flip7odds_ui.teaching import demo_link, demo_presentation, metric_columns, show_rows

MAX_GAMES = SIMULATE_GAMES[1]
MAX_PLAYERS = SIMULATE_PLAYERS[1]
"""Seed 003 plays With a Vengeance with 3 to 12 players (the simulator takes 1 to 36)."""


@st.cache_data(show_spinner=False, max_entries=100)
def summary_of(rules: RuleSet, policies: tuple[str, ...], games: int, seed: int) -> SimulationSummary:
    """Simulate ``games`` games, one policy per seat (the card-conservation check is for the tests)."""
    players = [policy_from_text(text) for text in policies]
    return simulate(rules, players, games, seed, check=False)


def show_vengeance_games(t: Translator, rules: RuleSet) -> None:
    """The page body for a With a Vengeance variant (``rules.vengeance``); in presentation mode in a projector's type,
    its tables too."""
    presenting = demo_presentation(t)
    link = page_link(t, "simulate")
    init_widget("v_players", link.whole("players"))
    init_widget("v_policy", link.text("policy"))
    init_widget("v_games", link.whole("games"))
    init_widget("v_seed", link.whole("seed"))

    st.title(t("Simulated games: {rules}").format(rules=t(rules.label)))
    st.markdown(t("Exact values of a whole With a Vengeance round need a small pile (see the model), so this page "
                  "plays whole games instead, with every rule of the variant: The Zero, the Unlucky 7, the Lucky 13, "
                  "and actions and modifiers that hit players who have already stayed. The same seed replays the "
                  "same games."))
    columns = st.columns([1, 3, 1, 1], vertical_alignment="bottom")
    players = columns[0].number_input(t("Players"), 1, MAX_PLAYERS, key="v_players")
    columns[1].text_input(t("Policies, dealt to the seats in turn ({names})").format(names=POLICY_NAMES),
                          key="v_policy")
    games = columns[2].number_input(t("Games"), 1, MAX_GAMES, key="v_games")
    seed = columns[3].number_input(t("Seed"), 0, MAX_SEED, key="v_seed")
    policy_text = st.session_state.v_policy
    params = {"players": str(players), "policy": policy_text, "games": str(games), "seed": str(seed)} | presenting
    set_page_parameters(params)
    st.caption(t("Choices (whom to target, what to steal, swap or discard) follow simple fixed rules: penalties to "
                 "the player they hurt most, Just One More! and Flip Four! to the opponent most likely to bust, "
                 "Steal, Swap and Discard for the best gain over the others."))

    try:
        texts = [text.strip() for text in policy_text.split(",")]
        kinds = [policy_from_text(text).name for text in texts]
    except Flip7Error as error:
        st.error(t.markdown_error(error))
        st.stop()
    seats = tuple(kinds[seat % len(kinds)] for seat in range(players))
    with st.spinner(t("Simulating {games}…").format(games=t.counted("{count} game", "{count} games", games))):
        summary = summary_of(rules, seats, games, seed)

    metrics = metric_columns("simulate_vengeance", 3)
    metrics[0].metric(t("Mean round score"), t.number(summary.mean_round_score, 2),
                      t("± {stderr} (1 s.e.)").format(stderr=t.number(summary.round_score_stderr, 2)),
                      delta_color="off", delta_arrow="off")
    metrics[1].metric(t("Rounds per game"), t.number(summary.rounds_per_game))
    metrics[2].metric(t("Reshuffles per game"), t.number(summary.reshuffles_per_game))
    left, right = st.columns(2)
    with left:
        st.subheader(t("Wins"))
        show_rows([{t("Seat"): str(seat + 1), t("Policy"): name, t("Wins"): t.percent(rate)}
                   for seat, (name, rate) in enumerate(zip(summary.policies, summary.win_rate_by_seat))], key="rows_wins")
        st.subheader(t("How rounds end"))
        show_rows([{t("Outcome"): t(OUTCOME_WORDS[name]), t("Share"): t.percent(share)}
                   for name, share in summary.outcomes.items()], key="rows_ends")
    with right:
        st.subheader(t("What happened, per game"))
        show_rows([{t("Event"): t(EVENT_WORDS[name]), t("Per game"): t.number(count)}
                   for name, count in summary.events_per_game.items()], key="rows_events")
    st.caption(demo_link(t, params))

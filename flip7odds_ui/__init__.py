"""The Streamlit app's shared parts (the library, `flip7odds`, never imports streamlit; this package does).

- `shell`: the app's pages and menu, the language and variant switches, the address (query parameters).
- `cache`: the one boundary to the library's computations, cached for every session (`cache.answer_of`).
- `variants`: each variant's screens, by rule set (one live page and one quiz page whatever the rules).
- `live`, `live_vengeance`: the Live odds screens' variant pieces, laid out and redrawn by one screen (`live_screen`:
  keyed fragments) on one session table (`live_table`); `answer` (the sticky HIT/STAY bar), `picker` (the card
  buttons), `details` (numbers, charts on request, playing to win).
- `quiz`, `progress`: the quiz card of each variant and the player's progress.
- `teaching`, `strategy_vengeance`, `simulate_vengeance`: the teaching demos' shared sidebar and the
  With a Vengeance screens of the explorer and the simulator.
- `warming`: compiles the solver's loops in the background when the app first runs in a server process.
"""

"""The live page's benchmark taps, for the benchmarks and studies that time them in the app (`bench_app`) or
without a browser (`bench_fresh_taps`, `bench_lookahead`, `study_backward_steps`, `study_solve_neighbours`: importing
`bench_app` would import Playwright): your line, and per variant the cards tapped as seen elsewhere, one more each
tap (With a Vengeance's fresh-deck row taps the classic cards)."""

LINE = "12 7"
"""Your line on every live table of the benchmark (``line=12.7``)."""
CLASSIC_SEEN = ["5", "6", "11", "3", "2", "4", "9", "10"]
POKER_SEEN = ["5", "6", "11", "4", "8", "9", "10", "13"]
POKER_ALONE_LINE = ["9", "4", "5"]
"""Tapped to your line on poker's table played alone (``line=K&others=0``): lines of two, three and four numbers, each
answered by relaxed decks (a line of four alone is nearly all columns: `flip7odds.solver.COLUMN_SECONDS`)."""

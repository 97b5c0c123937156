"""The live page's "Play to win the game" section (streamlit AppTest): both advisers and the P(win) chart."""

from pathlib import Path

from streamlit.testing.v1 import AppTest

from flip7odds.endgame import analyze_win
from flip7odds.rules import CLASSIC
from flip7odds.situation import Situation

APP = Path(__file__).resolve().parents[1] / "app.py"
LINK = {"line": "12.7.3.p4", "seen": "12.12.5.9.9.8.11.10.flip3.flip3.flip3", "others": "1"}


def open_live(section_open: bool = True) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params.update(LINK)
    at.run()
    at.switch_page("pages/live.py").run()
    assert not at.exception, [exception.value for exception in at.exception]
    if section_open:
        at.session_state["live_win_open"] = True  # the section computes and draws only while it is open
        at.run()
    return at


def test_the_closed_section_draws_nothing_but_its_title() -> None:
    at = open_live(section_open=False)
    assert "Play to win the game" in [expander.label for expander in at.expander]
    assert not [widget for widget in at.number_input if widget.key == "live_win_mine"]


def test_totals_show_both_advisers_and_the_chart() -> None:
    at = open_live()
    at.number_input(key="live_win_mine").set_value(185).run()
    at.text_input(key="live_win_others").set_value("150").run()
    assert not at.exception, [exception.value for exception in at.exception]
    text = " ".join(markdown.value for markdown in at.markdown)
    assert "Round-EV says HIT, win-probability says STAY" in text
    expected = analyze_win(Situation.from_text(CLASSIC, "12 7 3 +4", seen="12 12 5 9 9 8 11 10 flip3 flip3 flip3"),
                           (185, 150), 0)
    assert f"{100 * expected.margin:.1f}" in text
    chart = [element for element in at.get("plotly_chart") if "win_chart" in str(element.proto)]
    assert chart


def test_bad_totals_get_a_message_not_a_traceback() -> None:
    at = open_live()
    at.text_input(key="live_win_others").set_value("lots").run()
    assert not at.exception
    assert any("whole numbers" in warning.value for warning in at.warning)


def test_clearing_the_totals_keeps_the_section_open() -> None:
    at = open_live()
    at.text_input(key="live_win_others").set_value("150").run()
    at.text_input(key="live_win_others").set_value("").run()
    at.run()  # a later tap: the section is the same expander, still open
    assert not at.exception
    assert [widget for widget in at.number_input if widget.key == "live_win_mine"]
    assert "Enter the others' totals to compare the two advisers." in [caption.value for caption in at.caption]

"""Every page in English and in Spanish (AppTest): the chosen language reaches titles, widgets, numbers and errors.

Each page is opened through a link with ``?lang=``; the Spanish checks are on things only the
translation produces (the words players use, the decimal comma, the library's messages translated).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from flip7odds.analysis import Decision, analyze
from flip7odds.i18n import translator
from flip7odds.markup import unescape_markdown
from flip7odds.quiz import QuizGenerator, Tier
from flip7odds.rules import CLASSIC
from flip7odds.situation import Situation
from flip7odds.teaching import numbers_only_pile
from tests.live_numbers import shown_numbers

APP = Path(__file__).resolve().parents[1] / "app.py"
FLIP_THREES_OUT = "flip3.flip3.flip3"  # keeps the live page's numbers quick (see tests/test_live_page.py)


def open_page(page: str, language: str, **params: str) -> AppTest:
    """A fresh session opened on ``page`` through a link in ``language``, with these query parameters."""
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.query_params.update({"lang": language, **params})
    at.run()
    at.switch_page(f"pages/{page}.py").run()
    assert not at.exception, [exception.value for exception in at.exception]
    assert at.query_params["lang"] == language
    return at


def shown_text(at: AppTest) -> str:
    """Every title, text, message, label and caption on the page, one per line."""
    elements = [*at.title, *at.header, *at.subheader, *at.markdown, *at.caption, *at.info, *at.warning, *at.error,
                *at.success]
    labels = [*at.button, *at.toggle, *at.checkbox, *at.radio, *at.selectbox, *at.text_input, *at.number_input,
              *at.slider, *at.select_slider, *at.metric, *at.get("segmented_control")]
    return "\n".join([element.value for element in elements] + [str(widget.label) for widget in labels])


@pytest.mark.parametrize(
    ("page", "params", "english", "spanish"),
    [
        ("home", {}, "Exact odds for the card game", "Probabilidades exactas para el juego de cartas"),
        ("live", {"seen": FLIP_THREES_OUT}, "Tap a card to add it to", "Toca una carta para añadirla a"),
        ("quiz", {}, "Hit or stay?", "¿Pedir o plantarse?"),
        ("strategy", {"pile": numbers_only_pile()}, "The rules side by side", "Las reglas, una junto a otra"),
        ("simulate", {}, "Exact next to simulated", "Exacto frente a simulado"),
        ("trees", {}, "Probability trees: the next cards", "Árboles de probabilidad: las próximas cartas"),
        ("urn", {}, "The formula, filled in", "La fórmula, con los números"),
    ],
)
@pytest.mark.parametrize("language", ["en", "es"])
def test_every_page_speaks_the_chosen_language(page: str, params: dict[str, str], english: str, spanish: str,
                                               language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                               ) -> None:
    monkeypatch.setenv("FLIP7ODDS_DB", str(tmp_path / "progress.sqlite3"))
    text = shown_text(open_page(page, language, **params))
    expected, other = (english, spanish) if language == "en" else (spanish, english)
    assert expected in text and other not in text


def test_live_page_in_spanish_cards_banner_and_numbers() -> None:
    at = open_page("live", "es", seen=FLIP_THREES_OUT)
    labels = {button.key: button.label for button in at.button}
    assert labels["card-freeze"].startswith("Congelar") and labels["card-sc"].startswith("Segunda oportunidad")
    assert labels["card-flip3"].startswith("Robar tres") and labels["card-12"].startswith("12")
    assert labels["next_round"] == "Siguiente ronda ➜"
    for card in ("12", "11"):
        at.button(key=f"card-{card}").click().run()
        at.run()  # the callback reran only the parts it changed
    text = shown_text(at)
    # 12 and 11 held, 89 cards left (3 Flip Threes seen) of which 11 + 10 are copies: 21/89 = 23,6 %.
    assert "Eliminación ahora: **21/89 = 23,6\u00a0%**. 21 de las 89 cartas que quedan te eliminarían." in text
    assert "**Tu línea** (23 puntos)" in text and ":gray-badge[Robar tres (3 copias)]" in text
    analysis = analyze(Situation.from_text(CLASSIC, "12 11", seen="flip3*3"))
    word, worth = ("PIDE CARTA", "pedir vale") if analysis.decision is Decision.HIT else ("PLÁNTATE", "plantarse vale")
    margin = ("+" if analysis.margin >= 0 else "") + translator("es").number(analysis.margin)
    assert f'f7-call">{word}<' in text and f"{worth} <b>{margin}</b>&nbsp;puntos" in text
    assert "Plantarse ahora" in shown_numbers(at)


def test_live_page_in_spanish_says_what_is_wrong_with_a_typed_card() -> None:
    at = open_page("live", "es", seen=FLIP_THREES_OUT)
    at.session_state["live_typing_open"] = True  # the typing expander draws its widgets only while open
    at.run()
    at.text_input(key="live_typed").input("12 plátano").run()
    at.button(key="typed_add").click().run()  # the message shows once, in the part the callback reran
    assert not at.exception
    assert unescape_markdown(at.error[0].value) == (
        "Carta desconocida 'plátano': usa 0-12, +2 +4 +6 +8 +10, x2, congelar, robar3 o segunda")
    at.run()
    at.text_input(key="live_typed").input("12 congelar").run()  # the Spanish names are read too
    at.button(key="typed_add").click().run()
    at.run()  # the callback reran only the parts it changed
    assert at.query_params["line"] == "12.freeze" and not at.error


def test_live_page_in_spanish_explains_a_bad_link() -> None:
    at = open_page("live", "es", line="5.5.7")
    assert unescape_markdown(at.error[0].value) == (
        "Este enlace no describe una mesa posible (la mesa del enlace es imposible: 7 no puede ir después en tu "
        "línea: tu ronda ya había terminado (eliminado)), así que la mesa empieza vacía.")


def test_quiz_in_spanish_grades_and_explains(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FLIP7ODDS_DB", str(tmp_path / "progress.sqlite3"))
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.query_params["lang"] = "es"
    at.run()
    at.session_state["quiz_generators"] = {("classic", tier): QuizGenerator(tier, np.random.default_rng(1)) for tier in Tier}
    at.switch_page("pages/quiz.py").run()
    assert [button.label for button in at.button][:2] == ["PIDE CARTA", "PLÁNTATE"]
    at.button(key="quiz_hit").click().run()
    assert not at.exception, [exception.value for exception in at.exception]
    text = shown_text(at)
    assert "Nota: **" in text and "Por qué: " in text and "la mejor jugada es **" in text
    assert "cartas que quedan te eliminarían" in text or "Segunda oportunidad" in text
    assert "Acierto" in [metric.label for metric in at.metric]


def test_strategy_in_spanish_uses_the_decimal_comma() -> None:
    at = open_page("strategy", "es", pile=numbers_only_pile())
    assert {metric.label: metric.value for metric in at.metric}["Juego óptimo"] == "18,5652"
    assert "**18,5212 (99,76\u00a0%)**" in at.caption[0].value
    assert "Plantarse con suma ≥ 23" in at.table[0].value.reset_index()["Regla"].tolist()


@pytest.mark.parametrize(
    ("page", "params", "message"),
    [
        ("strategy", {"pile": "13 13"}, "La carta 13 no está en la baraja classic"),
        ("trees", {"line": "7 7"}, "Número repetido 7 en tu línea: un segundo 7 te elimina"),
        ("urn", {"pile": "12 x3", "line": "12 11"}, "La carta x3 no está en la baraja classic"),
    ],
)
def test_teaching_pages_in_spanish_say_what_is_wrong(page: str, params: dict[str, str], message: str) -> None:
    at = open_page(page, "es", **params)
    assert [unescape_markdown(error.value) for error in at.error] == [message]


def test_trees_in_spanish_name_the_cards_and_endings() -> None:
    at = open_page("trees", "es", line="12 11", branches="card", cards="1")
    assert [toggle.label for toggle in at.sidebar.toggle] == ["Modo presentación"]  # the shared sidebar
    assert at.sidebar.selectbox[0].options == ["Baraja completa", "Solo números (79)", "Mazo a medida"]
    table = at.table[0].value.reset_index()
    assert list(table.columns) == ["Camino", "Probabilidad (exacta)", "≈", "Ronda"]
    paths = " ".join(table["Camino"].tolist())
    assert "Congelar" in paths and "eliminado" in paths
    assert set(table["Ronda"]) <= {"sigue", "ronda terminada: eliminado", "ronda terminada: congelado",
                                   "ronda terminada: Flip 7", "ronda terminada: plantado"}


def test_urn_in_spanish_writes_the_percentage_for_latex_and_links_in_spanish() -> None:
    at = open_page("urn", "es")
    assert "\\approx 31{,}87\\,\\%" in at.latex[0].value  # 29/91; a bare comma would add a space in LaTeX
    assert at.caption[-1].value.startswith("Enlace a esta demostración: ") and "lang=es&" in at.caption[-1].value

"""The models page shows the project's documents, so other pages can link them (``/models?doc=winprob``)."""

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from flip7odds_ui.details import WIN_OPEN_KEY

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "app.py"


def open_models(params: dict[str, str]) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params.update(params)
    at.run()
    at.switch_page("pages/models.py").run()
    assert not at.exception, [exception.value for exception in at.exception]
    return at


@pytest.mark.parametrize(("doc", "file"), [("winprob", "winprob.md"), ("vengeance", "vengeance.md"),
                                           ("model", "model.md"), ("nonsense", "model.md")])
def test_a_link_opens_its_document(doc: str, file: str) -> None:
    at = open_models({"doc": doc})
    first_line = (ROOT / "docs" / file).read_text(encoding="utf-8").splitlines()[0]
    assert any(first_line in markdown.value for markdown in at.markdown)
    # The address names the document as links do: the default one (the model) left out, so that an address holding
    # a heading (``#every-situation...``) is never rewritten, which would drop the heading.
    shown = file.removesuffix(".md")
    assert at.query_params.get("doc", "model") == shown and ("doc" in at.query_params) == (shown != "model")


def test_in_spanish_the_documents_are_in_spanish() -> None:
    at = open_models({"doc": "winprob", "lang": "es"})
    assert at.title[0].value == "Los modelos detrás de los números"
    first_line = (ROOT / "docs" / "es" / "winprob.md").read_text(encoding="utf-8").splitlines()[0]
    assert any(first_line in markdown.value for markdown in at.markdown)
    assert first_line == "# Jugar para ganar la partida: el modelo de probabilidad de victoria"
    assert not [caption.value for caption in at.caption]  # nothing left in English to apologise for


@pytest.mark.parametrize("doc", ["rules", "model", "vengeance"])
def test_every_document_opens_in_spanish_without_the_english_notice(doc: str) -> None:
    at = open_models({"doc": doc, "lang": "es"})
    first_line = (ROOT / "docs" / "es" / f"{doc}.md").read_text(encoding="utf-8").splitlines()[0]
    assert any(first_line in markdown.value for markdown in at.markdown)
    assert not [caption.value for caption in at.caption]


def test_the_live_and_quiz_screens_link_the_model_in_the_same_language_and_rules() -> None:
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params.update({"lang": "es", "rules": "poker", "line": "K.7"})
    at.run()
    wanted = "](/models?lang=es&rules=poker&doc=winprob)"
    at.session_state[WIN_OPEN_KEY] = True  # the live page's "play to win" panel, drawn while it is open
    at.switch_page("pages/live.py").run()
    assert not at.exception, [exception.value for exception in at.exception]
    assert any(wanted in caption.value for caption in at.caption)
    at.switch_page("pages/quiz.py").run()  # the quiz's endgame switch
    assert not at.exception, [exception.value for exception in at.exception]
    assert wanted in (at.toggle(key="endgame_on").help or "")

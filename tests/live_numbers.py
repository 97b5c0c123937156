"""The live pages' numbers as the tests read them: label -> value, from the one Markdown element that shows them
(`flip7odds_ui.details.show_numbers`)."""

import html
import re

from streamlit.testing.v1 import AppTest

NUMBER = re.compile(r'<div class="f7-label">(.*?)</div><div class="f7-value">(.*?)</div>')
"""One number's label and value, as `show_numbers` writes them (each escaped)."""


def shown_numbers(at: AppTest) -> dict[str, str]:
    """Every number the page shows, by its label (empty when it shows none)."""
    return {html.unescape(label): html.unescape(value)
            for element in at.markdown for label, value in NUMBER.findall(str(element.value))}


CERTIFIED = re.compile(r"^(-?[\d.]+)(?: ± ([\d.]+))?$")
"""An expected score as the pages write it in English: ``38.81`` (exact) or ``38.81 ± 0.07`` (certified)."""


def written_range(value: str) -> tuple[float, float]:
    """The range a written score claims: ``mid ± h`` is ``[mid - h, mid + h]``; an exact one is a point."""
    match = CERTIFIED.match(value.replace(",", ""))
    assert match is not None, f"not a score as the pages write it: {value!r}"
    mid, half = float(match.group(1)), float(match.group(2) or 0)
    return mid - half, mid + half

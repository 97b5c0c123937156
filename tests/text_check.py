"""A source check for text shown to people that skips the translator: string literals in streamlit and plotly calls.

Every word a person reads must be a message id passed to ``t(...)`` (or marked ``N_(...)``) so that it
appears in the catalogs and in the reader's language. This module walks a Python file's syntax tree and
reports the string literals with words in them that reach

* a streamlit element (``st.markdown``, ``st.button``, ``column.metric``, ``st.Page(title=...)``...):
  every positional argument and every keyword except a few that are never text (``key``, ``type``...);
* a text field of a plotly figure (``title``, ``name``, ``text``, ``hovertemplate``, ``xaxis_title``...,
  also inside dicts such as ``xaxis={"title": ...}``), in the chart modules and in the pages,

* in a script Streamlit runs (a page), a bare string statement after the docstring: Streamlit's
  "magic" writes it on the page (a docstring under a constant is shown to every visitor);
* the values of a module's constant tables (a dict of strings, a class of string constants: the
  ``TEXT = {...}`` pattern),

without going through ``t(...)``/``N_(...)``. Markup is not text: HTML tags, plotly's ``%{...}``
placeholders, ``{named}`` fields, colours (``#1f77b4``) and streamlit's ``:gray-badge[...]`` directives are removed before looking
for words, and `ALLOWED` lists the few literals that are deliberately the same in every language.
Subscript keys (``results["sum>=23"]``) are data, not text, and are not looked at.

>>> [finding.literal for finding in check_source('st.button("Save", key="save")', "page.py")]
['Save']
>>> check_source('st.button(t("Save"), key="save", help=t("Keep it"))', "page.py")
[]
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

TRANSLATING = frozenset({"t", "N_", "_", "ngettext", "counted"})
"""Calls whose string argument is a message id."""

STREAMLIT_ELEMENTS = frozenset({
    "title", "header", "subheader", "markdown", "caption", "text", "write", "code", "latex", "html",
    "info", "warning", "error", "success", "exception", "toast", "spinner", "expander", "popover", "tabs",
    "button", "download_button", "link_button", "form_submit_button", "page_link",
    "toggle", "checkbox", "radio", "selectbox", "multiselect", "segmented_control", "pills",
    "slider", "select_slider", "number_input", "text_input", "text_area", "date_input", "time_input",
    "metric", "progress", "dataframe", "table", "status",
})
"""Streamlit elements: any of their arguments may be shown (labels, bodies, help, table cells)."""

NOT_TEXT_KEYWORDS = frozenset({
    "key", "type", "mime", "file_name", "shortcut", "width", "height", "gap", "vertical_alignment", "icon",
    "on_click", "on_change", "args", "kwargs", "config", "theme", "delta_color", "delta_arrow", "language",
    "unsafe_allow_html", "show_time", "required", "disabled", "horizontal", "hide_index", "use_container_width",
    "url_path", "default", "anchor",
})
"""Keywords of streamlit elements that are never shown as words (keys, CSS, emoji icons, options)."""

PAGE_TEXT_KEYWORDS = frozenset({"title"})
"""``st.Page``'s only text: its first argument is a file path."""

FIGURE_TEXT_FIELDS = frozenset({
    "title", "title_text", "name", "text", "texttemplate", "hovertemplate", "hovertext", "annotation_text",
    "subplot_titles", "xaxis_title", "yaxis_title", "legend_title", "legendgroup_title",
})
"""Keywords and dict keys of plotly calls whose strings are shown on a chart."""

ALLOWED = frozenset({
    "flip7odds",  # the project's name, the home page's title
    "Language · Idioma",  # the language switch names itself in both languages, so anyone can find it
})
"""Literals that are deliberately the same in every language."""

_MARKUP = re.compile(r"<[^>]*>|%\{[^}]*\}|\{[^}]*\}|:[\w-]+\[|#[0-9a-fA-F]{3,8}\b")
_WORD = re.compile(r"[^\W\d_]{2,}")


@dataclass(frozen=True)
class Finding:
    """A literal with words that reaches the screen without the translator."""

    place: str
    literal: str

    def __str__(self) -> str:
        return f"{self.place}: {self.literal!r}"


def has_words(literal: str) -> bool:
    """True when a literal holds words once markup is removed (two letters in a row), and is not allowed.

    >>> has_words('<div class="f7-sub">{line}</div>'), has_words("%{x}: %{y:.1%}"), has_words("Next card")
    (False, False, True)
    """
    return literal.strip() not in ALLOWED and bool(_WORD.search(_MARKUP.sub(" ", literal)))


ADDRESSES = frozenset({"app_href", "page_href", "write_link"})
"""Functions that build an address from page and parameter names (never words)."""


def _literals(node: ast.AST) -> list[tuple[int, str]]:
    """The string literals in an expression that are shown as they are: not inside t()/N_(), not subscript keys."""
    if isinstance(node, ast.Call) and _name(node.func) in TRANSLATING:
        return []
    if isinstance(node, ast.Constant):
        return [(node.lineno, node.value)] if isinstance(node.value, str) else []
    if isinstance(node, ast.JoinedStr):
        parts = "".join(value.value if isinstance(value, ast.Constant) else "{}" for value in node.values)
        nested = [found for value in node.values if isinstance(value, ast.FormattedValue)
                  for found in _literals(value.value)]
        return [(node.lineno, parts), *nested]
    if isinstance(node, ast.Subscript):
        return _literals(node.value)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
        return []  # a lookup: the key is data (``query.get("pile", "")``)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and _is_link(node.func.value):
        return []  # a link's value by parameter name (``link.text("pile")``, `flip7odds.links.Link`)
    if isinstance(node, ast.Call) and _name(node.func) in ADDRESSES:
        return []  # an in-app address (``app_href("models", {"doc": "winprob"})``): page and parameter names
    return [found for child in ast.iter_child_nodes(node) for found in _literals(child)]


def _is_link(node: ast.expr) -> bool:
    """``link``, a page's `flip7odds.links.Link`: its methods look values up by parameter name."""
    return isinstance(node, ast.Name) and node.id == "link"


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def _shown_arguments(call: ast.Call) -> list[ast.AST]:
    """The parts of a call that may be shown as words, by what is called."""
    name = _name(call.func)
    if name == "Page":
        return [keyword.value for keyword in call.keywords if keyword.arg in PAGE_TEXT_KEYWORDS]
    if name in STREAMLIT_ELEMENTS and isinstance(call.func, ast.Attribute) and not _is_link(call.func.value):
        return [*call.args, *(keyword.value for keyword in call.keywords if keyword.arg not in NOT_TEXT_KEYWORDS)]
    shown: list[ast.AST] = [keyword.value for keyword in call.keywords if keyword.arg in FIGURE_TEXT_FIELDS]
    for keyword in call.keywords:
        shown.extend(_figure_dict_texts(keyword.value))
    return shown


def _figure_dict_texts(node: ast.AST) -> list[ast.AST]:
    """The values under text keys of plotly's nested dicts (``xaxis={"title": ...}``)."""
    if not isinstance(node, ast.Dict):
        return []
    found: list[ast.AST] = []
    for key, value in zip(node.keys, node.values):
        if isinstance(key, ast.Constant) and key.value in FIGURE_TEXT_FIELDS:
            found.extend(_figure_dict_texts(value) if isinstance(value, ast.Dict) else [value])
        else:
            found.extend(_figure_dict_texts(value))
    return found


def _module_tables(tree: ast.Module) -> list[ast.AST]:
    """The values of a module's constant tables: top-level dicts, and string attributes of top-level classes.

    A table of strings (``TEXT = {"title": "..."}``, ``class Text: TITLE = "..."``) is text kept away from
    the translator; its values must be marked ``N_(...)``. Enumerations are data (their values are ids).
    """
    tables: list[ast.AST] = []
    for statement in tree.body:
        value = statement.value if isinstance(statement, ast.Assign | ast.AnnAssign) else None
        if isinstance(value, ast.Dict):
            tables.extend(item for item in value.values if item is not None)
        elif isinstance(statement, ast.ClassDef) and not any("Enum" in ast.unparse(base) for base in statement.bases):
            tables.extend(item.value for item in statement.body
                          if isinstance(item, ast.Assign | ast.AnnAssign) and item.value is not None)
    return tables


def _magic_strings(tree: ast.Module) -> list[ast.AST]:
    """A script's bare string statements after its docstring: Streamlit's "magic" writes them on the page."""
    return [statement.value for statement in tree.body[1:]
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant | ast.JoinedStr)]


def check_source(source: str, filename: str, script: bool = False) -> list[Finding]:
    """Every literal with words that this source shows without the translator (see the module's docstring).

    ``script`` is for a file Streamlit runs (a page, ``app.py``), where a bare string is shown too.
    """
    tree = ast.parse(source, filename=filename)
    shown = [argument for node in ast.walk(tree) if isinstance(node, ast.Call) for argument in _shown_arguments(node)]
    magic = _magic_strings(tree) if script else []
    return [Finding(f"{filename}:{line}", literal) for argument in [*shown, *_module_tables(tree), *magic]
            for line, literal in _literals(argument) if has_words(literal)]


def check_files(paths: list[Path], scripts: frozenset[Path] = frozenset()) -> list[Finding]:
    """`check_source` over files; those in ``scripts`` are run by Streamlit (pages, the entrypoint)."""
    return [finding for path in paths
            for finding in check_source(path.read_text(encoding="utf-8"), path.name, script=path in scripts)]

"""Text from a person is never markup: escaping for Streamlit's Markdown.

Streamlit renders ``st.markdown``, ``st.error``, ``st.info``, captions and labels as GitHub-flavoured
Markdown plus its own directives (``:red[...]``, ``:material/icon:``), emoji shortcodes and ``$``
LaTeX. CommonMark lets a backslash escape *any* ASCII punctuation character, and an escaped character
is always literal text: so escaping every ASCII punctuation character turns any text into plain text
that reads the same. That covers links and images (``[`` ``]`` ``(`` ``)`` ``!``), code (backticks),
emphasis (``*`` ``_`` ``~``), directives and shortcodes (``:``), LaTeX (``$``), autolinks and HTML
(``<`` ``>``), tables (``|``), headings (``#``), lists (``-`` ``+`` ``.``), entities (``&``) and bare
web addresses (``.`` and ``:`` break GFM's autolink literals). Line breaks become spaces (a user text is
one line of a message), other control characters are dropped.

>>> escape_markdown("[Click here](http://x.example)")
'\\\\[Click here\\\\]\\\\(http\\\\:\\\\/\\\\/x\\\\.example\\\\)'
>>> escape_markdown(":red[alarm] `code` $x$ 12 7")
'\\\\:red\\\\[alarm\\\\] \\\\`code\\\\` \\\\$x\\\\$ 12 7'
"""

from __future__ import annotations

import string

_PUNCTUATION = frozenset(string.punctuation)
_LINE_BREAKS = frozenset("\r\n\u2028\u2029\x85\x0b\x0c")


def escape_markdown(text: str) -> str:
    """``text`` as Markdown that renders exactly ``text`` (on one line): every ASCII punctuation escaped.

    Letters, digits, spaces and every non-ASCII character (accents, ×, ·, emoji) are kept as they are.
    """
    out: list[str] = []
    for char in text:
        if char in _PUNCTUATION:
            out.append("\\" + char)
        elif char in _LINE_BREAKS or char == "\t":
            out.append(" ")
        elif char.isprintable() or char == " ":
            out.append(char)
    return "".join(out)


def unescape_markdown(text: str) -> str:
    """The plain text of `escape_markdown`'s output (what a reader sees): backslash escapes removed.

    >>> unescape_markdown(escape_markdown("a [b](c) *d*"))
    'a [b](c) *d*'
    """
    out: list[str] = []
    chars = iter(text)
    for char in chars:
        out.append(next(chars, "\\") if char == "\\" else char)
    return "".join(out)


__all__ = ["escape_markdown", "unescape_markdown"]

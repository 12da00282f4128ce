"""Free text written into PBN: tag values and ``{...}`` commentary that no text can break.

A PBN file is read line by line (PBN 2.1): a tag is ``[Name "value"]`` on one line, a
commentary runs from ``{`` to the first ``}``, and a line beginning with ``%`` is an escape line
that readers skip. So, in every free-text field (an event's name, a session, a table, the pairs,
player names, an auction note, a ruling's steps):

- every line break or other control character (``\\n``, ``\\r``, a tab, ``\\x85``, U+2028, ...:
  each character that ends a line for Python's :meth:`str.splitlines` or that is a control
  character) becomes a space, so that the value stays on its line;
- in a tag value, ``\\`` and ``"`` are escaped as ``\\\\`` and ``\\"`` as PBN 2.1 says, and a ``]``
  right after a quote as ``\\]``: a reader that ends a value at the first ``"]`` (endplay's) then
  reads the whole value and nothing after it as a comment;
- in commentary, ``{`` and ``}`` become ``(`` and ``)``, and so do ``[`` and ``]`` (a reader that
  looks for a tag inside commentary finds none); a line that would begin with ``%`` is prefixed
  with ``> ``; blank lines are dropped (a blank line ends a game).

Readers that undo the escapes (this tool's, PBN 2.1's) get the value back with its line breaks as
spaces; one that does not (endplay's) reads the same board with the escapes left in the value.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

__all__ = ["commentary", "one_line", "tag", "tag_value"]

_COMMENT_BRACKETS = str.maketrans("{}[]", "()()")


def one_line(text: str) -> str:
    """``text`` with each line break and control character replaced by a space."""
    return "".join(" " if _breaks(char) else char for char in text)


def tag_value(text: str) -> str:
    """``text`` as the inside of a PBN tag's quotes: on one line, ``\\`` and ``"`` escaped."""
    escaped = one_line(text).replace("\\", "\\\\").replace('"', '\\"')
    return escaped.replace('\\"]', '\\"\\]')


def tag(name: str, value: str) -> str:
    """The tag line ``[name "value"]``, the value escaped (:func:`tag_value`).

    Raises ``ValueError`` for a name that is not a PBN tag name (letters, digits, ``_``)."""
    if not name or not all(c.isascii() and (c.isalnum() or c == "_") for c in name):
        raise ValueError(f"not a PBN tag name: {name!r}")
    return f'[{name} "{tag_value(value)}"]'


def commentary(lines: Iterable[str]) -> list[str]:
    """The lines of one ``{...}`` commentary holding ``lines`` (each on one line, no brace or
    bracket, none beginning with ``%``, blank ones dropped); ``[]`` when none is left."""
    text = []
    for line in lines:
        line = one_line(line).translate(_COMMENT_BRACKETS).strip()
        if line:
            text.append("> " + line if line.startswith("%") else line)
    if not text:
        return []
    text[0] = "{" + text[0]
    text[-1] += "}"
    return text


def _breaks(char: str) -> bool:
    return len(f"a{char}b".splitlines()) > 1 or unicodedata.category(char) in ("Cc", "Zl", "Zp")

"""What a reader takes in: size bounds, the one parser of numbers, and short quotes in messages.

Every reader works in one pass over its input (no regular expression or rescan that can go
quadratic) and stops at these bounds with an error that names the board, line and field:

* :data:`MAX_TEXT` characters in one input (a file, a request body);
* :data:`MAX_BOARDS` boards in one input;
* :data:`MAX_FIELD` characters in one field that is read (a PBN tag value, a LIN argument, a JSON
  string, a handviewer parameter);
* :data:`MAX_WORD` characters in a one-word field (a seat, a contract, a card);
* :data:`MAX_DEPTH` levels of JSON nesting (a case needs five);
* :data:`MAX_DIGITS` digits in a number.

Numbers in input text are read by :func:`whole_number` only: ASCII digits, at most
:data:`MAX_DIGITS` of them. ``str.isdigit`` accepts superscripts and circled digits that ``int``
rejects, and ``int`` refuses more than 4,300 digits; neither reaches ``int`` here.
"""

from __future__ import annotations

from revoke_equity.errors import ParseError

MAX_TEXT = 16 * 1024 * 1024
"""Characters in one input: far beyond a session's PBN file (about 2 KB a board)."""
MAX_BOARDS = 10_000
"""Boards in one input."""
MAX_FIELD = 4096
"""Characters in one field that a reader interprets (a deal is under 80)."""
MAX_DEPTH = 32
"""Levels of JSON nesting: a list of worked-case wrappers holding a case with a claim is five."""
MAX_DIGITS = 9
"""Digits in a number (a board number has at most five)."""
MAX_WORD = 64
"""Characters in a one-word field: a seat, a contract, a card, a vulnerability, an edition."""
QUOTE = 40
"""Characters of an offending text quoted in an error message."""

_ASCII_DIGITS = frozenset("0123456789")


def whole_number(text: str) -> int | None:
    """The value of ``text`` if it is 1 to :data:`MAX_DIGITS` ASCII digits (surrounding white space
    allowed), else ``None``: never a superscript, a circled or a full-width digit, never a sign."""
    digits = text.strip()
    if not 0 < len(digits) <= MAX_DIGITS or not _ASCII_DIGITS.issuperset(digits):
        return None
    return int(digits)


class LongNumber(str):
    """A JSON integer of more than :data:`MAX_DIGITS` digits, kept as its text: the field where it
    stands reports it (see :func:`json_integer`)."""


def json_integer(text: str) -> int | LongNumber:
    """The ``parse_int`` hook of the JSON reader: ``text`` (JSON's grammar allows only ASCII digits
    and a minus sign) as an ``int`` when short enough, else a :class:`LongNumber`."""
    number = whole_number(text.removeprefix("-"))
    if number is None:
        return LongNumber(text)
    return -number if text.startswith("-") else number


def leading_number(text: str) -> int | None:
    """The first run of ASCII digits in ``text`` as a number (``"Board 12"`` gives 12), or ``None``
    when there is none or it is longer than :data:`MAX_DIGITS`."""
    start = next((i for i, char in enumerate(text) if char in _ASCII_DIGITS), None)
    if start is None:
        return None
    end = start
    while end < len(text) and text[end] in _ASCII_DIGITS and end - start <= MAX_DIGITS:
        end += 1
    return whole_number(text[start:end])


def quote(text: object) -> str:
    """``repr(text)``, cut to about :data:`QUOTE` characters (a message never echoes a megabyte)."""
    if isinstance(text, str) and len(text) > QUOTE:
        return f"{text[:QUOTE]!r}... ({len(text)} characters)"
    shown = repr(text)
    return shown if len(shown) <= 2 * QUOTE else f"{shown[: 2 * QUOTE]}..."


def check_field(
    text: str, what: str, *, board: object = None, line: int | None = None, limit: int = MAX_FIELD
) -> str:
    """``text`` unchanged, or a :class:`ParseError` naming ``what`` when it is over ``limit``
    characters."""
    if len(text) > limit:
        raise ParseError(
            f"{what}: {quote(text)} is longer than the {limit} characters this field may have",
            board=board,  # type: ignore[arg-type]
            line=line,
        )
    return text


def too_large(size: int, name: str) -> ParseError | None:
    """The error for an input of ``size`` characters (or bytes) over :data:`MAX_TEXT`, else
    ``None``."""
    if size <= MAX_TEXT:
        return None
    return ParseError(
        f"{name}: larger than the {MAX_TEXT // (1024 * 1024)} MiB an input may have; split it into "
        "several files"
    )


def too_many_boards(name: str, line: int | None = None) -> ParseError:
    """The error that ends reading after :data:`MAX_BOARDS` boards."""
    return ParseError(
        f"{name}: more than {MAX_BOARDS} boards; the rest is not read (split the file)", line=line
    )

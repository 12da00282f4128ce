"""JSON text to values, within bounds, and a list of cases read case by case when it is damaged.

``json.loads`` recurses once per nesting level (a few thousand ``[`` end in ``RecursionError``) and
turns a number of 4,300 digits or more into a ``ValueError``; and one stray character in a list of
500 cases makes it refuse all 500. Here:

* nesting is measured first, in one pass, and deeper than
  :data:`~revoke_equity.io._limits.MAX_DEPTH` is an error naming the line;
* integers are read by :func:`~revoke_equity.io._limits.json_integer` (a too long one becomes a
  :class:`~revoke_equity.io._limits.LongNumber` that the field reports);
* objects are read as :class:`JSONObject`, which remembers a key given twice (``json`` keeps the
  last value silently), so that the case reports it;
* a top-level list that is not valid JSON is read element by element: each case that still
  decodes is kept, and each stretch that does not becomes one error located by line and column.
  (One missing quote turns every later string inside out on that line, so where elements start is
  not taken from a scan of the strings: any ``{`` after ``[`` or ``,`` is a candidate, and every
  bracket, in a string or not, counts towards the nesting bound before that reading starts.)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass

from revoke_equity.errors import ParseError
from revoke_equity.io._limits import MAX_BOARDS, MAX_DEPTH, json_integer, too_large, too_many_boards


class JSONObject(dict[str, object]):
    """A decoded JSON object. ``repeated`` is ``(path, first value, last value)`` for the first key
    given twice in it or in an object inside it (path ``"claim.after_trick"``,
    ``"corrected[1].card"``), else ``None``; the object holds the last value, as ``json`` does."""

    repeated: tuple[str, object, object] | None = None


def _json_object(pairs: list[tuple[str, object]]) -> JSONObject:
    """The ``object_pairs_hook`` of the reader: a :class:`JSONObject` that knows a key given twice."""
    out = JSONObject()
    for key, value in pairs:
        if out.repeated is None:
            if key in out:
                out.repeated = (key, out[key], value)
            else:
                inner = _repeated_in(value)
                out.repeated = None if inner is None else (f"{key}{inner[0]}", inner[1], inner[2])
        out[key] = value
    return out


def _repeated_in(value: object) -> tuple[str, object, object] | None:
    """The repeated key of an object ``value``, or of an object directly in a list ``value``, its
    path relative to ``value`` (``".card"``, ``"[1].card"``)."""
    if isinstance(value, JSONObject) and value.repeated is not None:
        path, first, last = value.repeated
        return f".{path}", first, last
    if isinstance(value, list):
        for index, item in enumerate(value):
            if isinstance(item, JSONObject) and item.repeated is not None:
                path, first, last = item.repeated
                return f"[{index}].{path}", first, last
    return None


_DECODER = json.JSONDecoder(parse_int=json_integer, object_pairs_hook=_json_object)
_TOKEN = re.compile(r'"[^"\\\n]*(?:\\[^\n][^"\\\n]*)*"?|[\[\]{}]')
"""A string (ended by its closing quote, else by the end of the line: a JSON string holds no line
break), or one of ``[ ] { }``. Every alternative consumes what it matches without backtracking
into it, so a scan with :meth:`re.Pattern.finditer` is linear."""
_BRACKET = re.compile(r"[\[\]{}]")
_CANDIDATE = re.compile(r"[\[,]\s*(\{)")
_OBJECT_START = re.compile(r'\{[ \t\r\n]*["}]')
_WINDOW = 256
_TOKEN_MARGIN = 16
"""A failure this close to a window's end may be a number or literal the window cut in two."""
_TOO_DEEP = f"nested more than {MAX_DEPTH} levels deep"
_CASE_KEYS = frozenset({"deal", "case"})
_SPACE = " \t\r\n"


@dataclass(frozen=True)
class Element:
    """One element of a top-level JSON list: its decoded ``value``, or the ``error`` that says why
    its text does not decode; ``line`` is where it starts."""

    line: int
    value: object = None
    error: ParseError | None = None


def line_of(text: str, position: int) -> int:
    return text.count("\n", 0, position) + 1


def _column(text: str, position: int) -> int:
    return position - text.rfind("\n", 0, position)


def check_depth(text: str, name: str) -> None:
    """Raise a :class:`ParseError` naming the line where ``text`` nests deeper than
    :data:`~revoke_equity.io._limits.MAX_DEPTH` (brackets inside strings do not count)."""
    depth = 0
    for match in _TOKEN.finditer(text):
        char = match.group()[0]
        if char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise ParseError(
                    f"{name}: JSON {_TOO_DEEP} (a case needs five)", line=line_of(text, match.start())
                )
        elif char in "]}" and depth:
            depth -= 1


def read_values(text: str, name: str) -> tuple[list[Element], bool]:
    """The values of a JSON text, and whether it is a list. A single value (or an error about the
    whole text: too large, not JSON) is one element; a list gives one element per item, a damaged
    list one per case that still decodes and one per damaged stretch."""
    oversize = too_large(len(text), name)
    if oversize is not None:
        return [Element(1, error=oversize)], False
    listed = text.lstrip(_SPACE + "\ufeff")[:1] == "["
    try:
        check_depth(text, name)
        value = _DECODER.decode(text)
    except (ParseError, json.JSONDecodeError) as exc:
        if isinstance(exc, json.JSONDecodeError):
            exc = ParseError(f"{name}: not valid JSON: {exc.msg} (column {exc.colno})", line=exc.lineno)
        if listed:  # read case by case, unless no case at all can be
            elements = list(list_elements(text, name))
            if any(element.error is None for element in elements):
                return elements, True
        return [Element(exc.line or 1, error=exc)], False
    if not isinstance(value, list):
        return [Element(1, value=value)], False
    elements = [Element(1, value=item) for item in value[:MAX_BOARDS]]
    if len(value) > MAX_BOARDS:
        elements.append(Element(1, error=too_many_boards(name)))
    return elements, True


def list_elements(text: str, name: str) -> Iterator[Element]:
    """The elements of a damaged top-level JSON list of cases, in order (see the module's doc).

    Candidates for an element are the ``{`` that follow ``[`` or ``,``. After a good element, the
    next one must follow its comma; in a damaged stretch only an object that looks like a case (it
    has a ``deal`` or ``case`` field) ends the stretch, so the claim or correction objects inside a
    damaged case are not taken for cases. Each stretch is scanned once; each decode ends at the end
    of its object or at the first error in it (see :func:`_decode_at`), and none nests deeper than
    the bound (see :func:`_within_depth`)."""
    bounded, cuts = _within_depth(text)
    position = text.index("[") + 1
    damaged: tuple[int, int, str] | None = None  # where the damaged stretch begins, where it fails, why
    count = 0
    for start in _candidates(text):
        if start < position:
            continue
        clean = False
        if damaged is None:
            clean = text[position:start].strip(_SPACE) == ("," if count else "")
        value, end, failure = _decode_at(bounded, start)
        if failure is not None:
            if damaged is None:
                damaged = (start if clean else position, end, _TOO_DEEP if end in cuts else failure)
            continue
        if not clean:
            if damaged is None:
                damaged = (position, position, "unexpected text")
            if not (isinstance(value, dict) and _CASE_KEYS & value.keys()):
                position = end  # an object inside a damaged case: skip it whole
                continue
            yield _damaged(text, name, *damaged)
            count += 1
        if count >= MAX_BOARDS:
            return
        damaged = None
        yield Element(line_of(text, start), value=value)
        count += 1
        position = end
    tail = text[position:].strip(_SPACE)
    if damaged is None and tail != "]":
        reason = "the list is not closed with ']'" if not tail else "unexpected text"
        damaged = (position, position, reason)
    if damaged is not None:
        yield _damaged(text, name, *damaged)


def _decode_at(text: str, start: int) -> tuple[object, int, str | None]:
    """``(value, end, None)`` for the JSON value at ``start``, or ``(None, position, reason)``.

    Decoded from a window of the text that grows (by 8) only while the failure may be due to the
    window's end: a :class:`json.JSONDecodeError` counts the lines of the whole text it is given,
    so a decode that fails near its start must not be handed a megabyte."""
    opening = _OBJECT_START.match(text, start)
    if opening is None:  # the common failure in a damaged stretch, found without a decode
        return None, start + 1, "Expecting property name enclosed in double quotes"
    size = _WINDOW
    while True:
        window = text[start : start + size]
        try:
            value, end = _DECODER.raw_decode(window)
        except json.JSONDecodeError as exc:
            cut = start + size < len(text)
            if cut and (exc.pos >= len(window) - _TOKEN_MARGIN or exc.msg.startswith("Unterminated")):
                size *= 8
                continue
            return None, start + exc.pos, exc.msg
        return value, start + end, None


def _within_depth(text: str) -> tuple[str, set[int]]:
    """``text`` with every opening bracket that would nest deeper than the bound, counting all
    brackets, in strings too (a decode may start inside what was a string), replaced by a NUL,
    which no JSON value holds: a decode from anywhere fails there instead of recursing. Also the
    positions replaced."""
    depth = 0
    cuts: list[int] = []
    for match in _BRACKET.finditer(text):
        if match.group() in "[{":
            if depth == MAX_DEPTH:
                cuts.append(match.start())
            else:
                depth += 1
        elif depth:
            depth -= 1
    if not cuts:
        return text, set()
    pieces = []
    last = 0
    for cut in cuts:
        pieces += [text[last:cut], "\0"]
        last = cut + 1
    pieces.append(text[last:])
    return "".join(pieces), set(cuts)


def _damaged(text: str, name: str, start: int, failure: int, message: str) -> Element:
    error = ParseError(
        f"{name}: not valid JSON: {message} (column {_column(text, failure)})", line=line_of(text, failure)
    )
    return Element(line_of(text, start), error=error)


def _candidates(text: str) -> Iterator[int]:
    """Positions of the ``{`` that follow a ``[`` or ``,`` (white space between allowed)."""
    return (match.start(1) for match in _CANDIDATE.finditer(text))

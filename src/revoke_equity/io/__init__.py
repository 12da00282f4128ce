"""Readers and writers of cases: JSON, PBN, BBO LIN and handviewer links.

The front door is :func:`read_boards` (text) and :func:`read_path` (a file, ``-`` for stdin, or a
handviewer URL, which is parsed and never fetched). Reading is lenient per board: each board of the
input yields a :class:`BoardInput` holding either its :class:`~revoke_equity.model.Case` or the
:class:`~revoke_equity.errors.CaseError` that located what is wrong with it, so one bad board in a
file of 500 does not stop the other 499; a board read with something doubtful in it (a PBN
``Result`` that its complete play contradicts) keeps the warnings that say so. Every case read has
had its play record replayed (:func:`revoke_equity.model.play.replay`).

The format modules also have strict readers that raise the first error: :func:`json_case.loads`,
:func:`pbn.loads_pbn`, :func:`lin.loads_lin`, :func:`handviewer.parse_handviewer`.
"""

from __future__ import annotations

import re
import sys
from dataclasses import replace
from functools import partial
from pathlib import Path

from revoke_equity.errors import ParseError
from revoke_equity.io._board import BoardInput, read_one, unnumbered
from revoke_equity.io._limits import MAX_BOARDS, MAX_TEXT, too_large, too_many_boards
from revoke_equity.io.handviewer import handviewer_url, parse_handviewer
from revoke_equity.io.json_case import case_from_dict, case_to_dict, dumps, loads, read_json
from revoke_equity.io.lin import dumps_lin, loads_lin, read_lin
from revoke_equity.io.pbn import dumps_pbn, loads_pbn, read_pbn
from revoke_equity.model.case import Case, Noticed
from revoke_equity.model.edition import Edition

__all__ = [
    "FORMATS",
    "BoardInput",
    "apply_overrides",
    "case_from_dict",
    "case_to_dict",
    "dumps",
    "dumps_lin",
    "dumps_pbn",
    "handviewer_url",
    "loads",
    "loads_lin",
    "loads_pbn",
    "parse_handviewer",
    "read_boards",
    "read_json",
    "read_lin",
    "read_path",
    "read_pbn",
    "sniff_format",
]

FORMATS = ("json", "pbn", "lin", "url")
_EXTENSIONS = {".json": "json", ".pbn": "pbn", ".lin": "lin"}
_SNIFF = 64 * 1024
"""Characters of a text that sniffing looks at."""
_PBN_TAG = re.compile(r'\[\s*[A-Za-z0-9_]+\s+"')
_LIN_COMMANDS = frozenset({"md", "pc", "mb", "qx", "pn", "vg", "st", "ah"})


def sniff_format(text: str) -> str | None:
    """``"url"``, ``"json"``, ``"pbn"`` or ``"lin"`` from what ``text`` looks like, else None.

    One pass over the first 64 KiB: a link starts with ``http(s)://``; JSON with ``{"`` or ``[{``;
    PBN has a line starting with ``%`` or a tag ``[Name "``; LIN has a known command between bars
    (``md|``, ``|pc|``), and is not PBN when the first line is."""
    head = text[:_SNIFF]
    start = head.lstrip()
    if start[:8].lower().startswith(("http://", "https://")):
        return "url"
    if start[:1] == "{" and start[1:].lstrip()[:1] == '"':
        return "json"
    if start[:1] == "[" and start[1:].lstrip()[:1] in ("{", "]"):
        return "json"
    pbn_lines = (_is_pbn_line(line) for line in head.splitlines())
    first_is_pbn = _is_pbn_line(start.split("\n", 1)[0])
    fields = head.split("|")
    if not first_is_pbn and any(field.strip().lower() in _LIN_COMMANDS for field in fields[:-1]):
        return "lin"
    if any(pbn_lines):
        return "pbn"
    return None


def _is_pbn_line(line: str) -> bool:
    stripped = line.lstrip()
    return stripped.startswith("%") or _PBN_TAG.match(stripped) is not None


def read_boards(text: str, *, fmt: str | None = None, name: str = "<input>") -> list[BoardInput]:
    """Read every board of ``text`` (format ``fmt``, or sniffed), leniently: a board that cannot
    be read becomes an entry with its error. Raises ``ValueError`` only for an unknown ``fmt``;
    any other failure is a :class:`~revoke_equity.errors.CaseError` in an entry."""
    if fmt is not None and fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r} (expected one of {', '.join(FORMATS)})")
    if fmt is None:
        fmt = sniff_format(text)
        if fmt is None:
            error = ParseError(f"{name}: not a JSON case, PBN, LIN record or handviewer link")
            return [BoardInput(None, None, error)]
    if fmt == "json":
        return read_json(text, name=name)
    if fmt == "pbn":
        return read_pbn(text, name=name)
    if fmt == "lin":
        return read_lin(text, name=name)
    return _read_urls(text, name)


def read_path(path: str | Path, *, fmt: str | None = None) -> list[BoardInput]:
    """Read the boards of a file (format from its extension ``.json``/``.pbn``/``.lin``, else
    sniffed), of standard input (``-``), or of an ``http(s)://`` handviewer link (parsed, never
    fetched). A file that cannot be opened raises its ``OSError`` (a usage error, not a bad board).
    At most :data:`~revoke_equity.io._limits.MAX_TEXT` bytes are read: a larger input (or an
    endless one such as ``/dev/zero``) is one error."""
    text_path = str(path)
    if text_path.lstrip()[:8].lower().startswith(("http://", "https://")):
        return _read_urls(text_path, text_path[:80], numbered=False)
    if text_path == "-":
        binary = getattr(sys.stdin, "buffer", None)
        if binary is None:  # a text stream without bytes underneath (io.StringIO)
            return read_boards(sys.stdin.read(MAX_TEXT + 1), fmt=fmt, name="<stdin>")
        return _read_bytes(binary.read(MAX_TEXT + 1), fmt, "<stdin>")
    file = Path(path)
    with file.open("rb") as stream:
        data = stream.read(MAX_TEXT + 1)
    if fmt is None:
        fmt = _EXTENSIONS.get(file.suffix.lower())
    return _read_bytes(data, fmt, str(file))


def _read_bytes(data: bytes, fmt: str | None, name: str) -> list[BoardInput]:
    """The boards of a file's or standard input's bytes: UTF-8 (a BOM is dropped), else Latin-1."""
    if len(data) > MAX_TEXT:
        return [BoardInput(None, None, too_large(len(data), name))]
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")  # PBN's own character set (ISO 8859-1)
    return read_boards(text, fmt=fmt, name=name)


def apply_overrides(
    case: Case, *, laws: Edition | str | None = None, noticed: Noticed | str | None = None
) -> Case:
    """``case`` with its law edition and/or ``noticed`` replaced (command-line options)."""
    changes: dict[str, object] = {}
    try:
        if laws is not None:
            changes["laws"] = laws if isinstance(laws, Edition) else Edition.from_str(laws)
        if noticed is not None:
            changes["noticed"] = noticed if isinstance(noticed, Noticed) else Noticed.from_str(noticed)
    except ValueError as exc:
        raise ParseError(str(exc), board=case.board) from None
    return replace(case, **changes)  # type: ignore[arg-type]


def _read_urls(text: str, name: str, *, numbered: bool = True) -> list[BoardInput]:
    """One board per non-empty line, each a handviewer link; with ``numbered``, an error names
    its line (a link given alone, not in a file, has no line to name)."""
    oversize = too_large(len(text), name)
    if oversize is not None:
        return [BoardInput(None, None, oversize)]
    entries: list[BoardInput] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        if len(entries) == MAX_BOARDS:
            entries.append(BoardInput(None, None, too_many_boards(name, number)))
            break
        entry = read_one(None, unnumbered(len(entries) + 1), partial(parse_handviewer, line))
        if numbered and entry.error is not None and entry.error.line is None:
            entry.error.line = number
            entry.error.args = (str(entry.error),)
        if entry.case is not None:
            entry = BoardInput(entry.case.board, entry.case, None)
        entries.append(entry)
    return entries

"""Readers and writers of cases: JSON, PBN, BBO LIN and handviewer links.

The front door is :func:`read_boards` (text) and :func:`read_path` (a file, ``-`` for stdin, or a
handviewer URL, which is parsed and never fetched). Reading is lenient per board: each board of the
input yields a :class:`BoardInput` holding either its :class:`~revoke_equity.model.Case` or the
:class:`~revoke_equity.errors.CaseError` that located what is wrong with it, so one bad board in a
file of 500 does not stop the other 499. Every case read has had its play record replayed
(:func:`revoke_equity.model.play.replay`).

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
from revoke_equity.io._board import BoardInput, read_one
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
_URL = re.compile(r"^\s*https?://", re.IGNORECASE)
_JSON = re.compile(r"^\s*(\{\s*\"|\[\s*[\{\]])")
_PBN = re.compile(r"^\s*(%|\[\s*[A-Za-z0-9_]+\s+\")", re.MULTILINE)
_LIN = re.compile(r"(^|\|)\s*(md|pc|mb|qx|pn|vg|st|ah)\|", re.IGNORECASE)


def sniff_format(text: str) -> str | None:
    """``"url"``, ``"json"``, ``"pbn"`` or ``"lin"`` from what ``text`` looks like, else None."""
    if _URL.match(text):
        return "url"
    if _JSON.match(text):
        return "json"
    if _LIN.search(text) and not _PBN.match(text):
        return "lin"
    if _PBN.search(text):
        return "pbn"
    return None


def read_boards(text: str, *, fmt: str | None = None, name: str = "<input>") -> list[BoardInput]:
    """Read every board of ``text`` (format ``fmt``, or sniffed), leniently: a board that cannot
    be read becomes an entry with its error. Raises ``ValueError`` only for an unknown ``fmt``."""
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
    if fmt == "url":
        return _read_urls(text)
    raise ValueError(f"unknown format {fmt!r} (expected one of {', '.join(FORMATS)})")


def read_path(path: str | Path, *, fmt: str | None = None) -> list[BoardInput]:
    """Read the boards of a file (format from its extension ``.json``/``.pbn``/``.lin``, else
    sniffed), of standard input (``-``), or of an ``http(s)://`` handviewer link (parsed, never
    fetched). A file that cannot be opened raises its ``OSError`` (a usage error, not a bad board)."""
    text_path = str(path)
    if _URL.match(text_path):
        return read_boards(text_path, fmt="url", name=text_path)
    if text_path == "-":
        return read_boards(sys.stdin.read(), fmt=fmt, name="<stdin>")
    file = Path(path)
    data = file.read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")  # PBN's own character set (ISO 8859-1)
    if fmt is None:
        fmt = _EXTENSIONS.get(file.suffix.lower())
    return read_boards(text, fmt=fmt, name=str(file))


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


def _read_urls(text: str) -> list[BoardInput]:
    """One board per non-empty line, each a handviewer link."""
    entries: list[BoardInput] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        entry = read_one(None, f"#{len(entries) + 1}", partial(parse_handviewer, line))
        if entry.error is not None and entry.error.line is None:
            entry.error.line = number
            entry.error.args = (str(entry.error),)
        if entry.case is not None:
            entry = BoardInput(entry.case.board, entry.case, None)
        entries.append(entry)
    return entries

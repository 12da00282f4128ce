"""From a request body to boards: content types, decoding, and errors as JSON.

Nothing here touches the file system or runs anything from the request: the body is text handed to
:func:`revoke_equity.io.read_boards` (a handviewer link is parsed, never fetched).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from revoke_equity.errors import CaseError
from revoke_equity.io import case_to_dict, handviewer_url, read_boards
from revoke_equity.model.cards import Suit
from revoke_equity.model.play import replay
from revoke_equity.model.seats import SEATS

__all__ = [
    "CONTENT_TYPES",
    "ReadBoard",
    "ReadRequest",
    "UnsupportedMediaType",
    "board_view",
    "case_error_dict",
    "decode_body",
    "format_for",
    "read_request",
]

CONTENT_TYPES: dict[str, str | None] = {
    "application/json": "json",
    "application/x-pbn": "pbn",
    "application/x-lin": "lin",
    "text/uri-list": "url",
    "text/plain": None,
    "text/x-pbn": "pbn",
    "text/x-lin": "lin",
}
"""Media type -> reader format (``None``: sniffed from the text)."""


class UnsupportedMediaType(ValueError):
    """A request body of a media type the service does not read."""


def format_for(content_type: str | None) -> str | None:
    """The reader format for a ``Content-Type`` header (parameters such as ``charset`` ignored);
    ``None`` means "sniff". Raises :class:`UnsupportedMediaType`."""
    media = (content_type or "").split(";", 1)[0].strip().lower()
    if not media or media in ("application/octet-stream", "application/x-www-form-urlencoded"):
        return None  # curl --data-binary sends the latter by default; the body is read as text
    if media in CONTENT_TYPES:
        return CONTENT_TYPES[media]
    if media.endswith("+json"):
        return "json"
    if media.startswith("text/"):
        return None
    raise UnsupportedMediaType(
        f"cannot read a body of type {media!r}: send application/json (a JSON case), "
        "application/x-pbn, application/x-lin, text/uri-list (handviewer links) or text/plain "
        "(any of them, recognised from the text)")


def decode_body(data: bytes, fmt: str | None) -> str:
    """The body as text: UTF-8 (a BOM is dropped), else Latin-1, PBN's own character set. A
    ``text/uri-list`` body loses its ``#`` comment lines (RFC 2483)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    if fmt == "url":
        text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    return text


@dataclass(frozen=True)
class ReadRequest:
    """A request body to read (in a worker process): its text and reader format (``None``: sniff)."""

    text: str
    fmt: str | None


class ReadBoard(NamedTuple):
    """One board of a body: its number when known, its place among the body's boards, and its
    case or the error dict that locates why it could not be read (a dict crosses the process
    boundary whole; a ``CaseError`` would not)."""

    board: int | None
    position: int
    """From 1: how the API names a board without a number (an error's ``position``)."""
    case: Any
    error: dict[str, Any] | None
    warnings: tuple[str, ...] = ()
    """What the reader found doubtful in a board it read (the ruling's ``warnings`` lead with it)."""


def read_request(request: ReadRequest) -> list[ReadBoard]:
    """The boards of a body, read leniently (:func:`revoke_equity.io.read_boards`)."""
    return [
        ReadBoard(entry.board, position, entry.case,
                  None if entry.error is None else case_error_dict(entry.error), entry.warnings)
        for position, entry in enumerate(
            read_boards(request.text, fmt=request.fmt, name="request body"), start=1)
    ]


def case_error_dict(exc: CaseError) -> dict[str, Any]:
    """A :class:`CaseError` as JSON: the full message, the bare reason, and where it is (its
    ``board`` as the error names it, a reader's label for a board without a number included:
    :func:`~revoke_equity.service.responses.located` makes it the answer's)."""
    return {
        "message": str(exc),
        "reason": exc.message,
        "board": exc.board,
        "line": exc.line,
        "trick": exc.trick,
        "seat": None if exc.seat is None else str(exc.seat),
        "card": None if exc.card is None else str(exc.card),
    }


def board_view(case: Any) -> dict[str, Any]:
    """What the web page draws besides the ruling: the JSON case, the hands, the tricks as played
    (leader, cards by seat, winner) and a BBO handviewer link."""
    record = replay(case)
    hands: dict[str, dict[str, str]] = {}
    for seat in SEATS:
        cards = case.deal.hand(seat)
        hands[str(seat)] = {
            str(suit): "".join(str(c)[1] for c in sorted(
                (c for c in cards if c.suit is suit), key=lambda c: c.rank, reverse=True))
            for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
        }
    tricks = [
        {"trick": t.number, "leader": str(t.leader),
         "cards": {str(seat): str(card) for seat, card in t.played()},
         "order": [str(seat) for seat, _ in t.played()],
         "winner": None if t.winner is None else str(t.winner)}
        for t in record.tricks
    ]
    try:
        link: str | None = handviewer_url(case)
    except Exception:  # a link is a convenience; never fail a ruling for it
        link = None
    return {"case": case_to_dict(case), "hands": hands, "tricks": tricks, "dummy": str(case.dummy),
            "handviewer_url": link}

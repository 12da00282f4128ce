"""The auction in PBN: the ``Auction`` section, its ``=n=`` notes and ``!`` alerts, the ``Note``
tags, and the ``Shown`` tag (the director's constraints).

A section token is a call (``Pass``, ``X``, ``XX``, ``1H``, ``3NT``), ``AP`` (all pass: passes
until the auction ends), a note reference ``=n=`` or an alert ``!`` (either alone or after the
call) for the call before it, ``-`` (no call), ``*``, a NAG ``$n`` or another suffix annotation
(``?``, ``!!``, ``??``, ``!?``, ``?!``: ignored). A call with a note or an alert counts as alerted:
it shows nothing (docs/auction.md).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from revoke_equity.errors import ParseError
from revoke_equity.io._fields import Board, parse_seat
from revoke_equity.io.pbn_text import tag
from revoke_equity.model.auction import Auction, AuctionError
from revoke_equity.model.seats import Seat

_NOTE_REF = re.compile(r"^=(\d+)=$")
_ANNOTATION = re.compile(r"(!!|\?\?|!\?|\?!|\?)$")
"""PBN's suffix annotations of a call other than the alert ``!`` (``?`` poor, ``!!`` very good,
``??``, ``!?``, ``?!``), after the call or alone: the call is read without it, not alerted."""


def read_auction(first: str, tokens: Iterable[tuple[str, int]], notes: dict[int, str], dealer: Seat | None,
                 where: Board, line: int) -> Auction:
    """The auction of an ``[Auction "first"]`` section. ``dealer`` (from ``Dealer`` or the
    board) must be ``first``: an auction that starts elsewhere is out of rotation."""
    start = parse_seat(first, board=where, what="Auction", line=line)
    if dealer is not None and start is not dealer:
        raise ParseError(f"the Auction section starts with {start} but the dealer is {dealer}: a call "
                         "out of rotation", board=where, line=line)
    calls: list[str] = []
    alerted: set[int] = set()
    explained: list[tuple[int, str]] = []
    for token, number in tokens:
        note = _NOTE_REF.match(token)
        if note is not None or token == "!":
            if not calls:
                raise ParseError(f"{token!r} before any call of the Auction section", board=where,
                                 line=number)
            alerted.add(len(calls) - 1)
            if note is not None and int(note.group(1)) in notes:
                explained.append((len(calls) - 1, notes[int(note.group(1))]))
            continue
        if token in ("-", "*", "+") or token.startswith("$") or _ANNOTATION.fullmatch(token):
            continue
        token = _ANNOTATION.sub("", token)
        if token.upper() == "AP":
            calls += ["P"] * _passes_to_end(start, calls, where, number)
            continue
        if token.endswith("!"):
            token = token[:-1]
            alerted.add(len(calls))
        calls.append(token)
        try:
            Auction.parse(start, calls)
        except AuctionError as exc:
            raise ParseError(str(exc), board=where, seat=exc.seat.value, line=number) from None
    return Auction.parse(start, calls, frozenset(alerted), tuple(explained))


def _passes_to_end(start: Seat, calls: list[str], where: Board, line: int) -> int:
    for extra in range(1, 5):
        try:
            auction = Auction.parse(start, calls + ["P"] * extra)
        except AuctionError:
            break
        if auction.is_complete:
            return extra
    raise ParseError("AP (all pass) where the auction cannot end in passes", board=where, line=line)


def note_text(value: str) -> tuple[int, str] | None:
    """``"1:weak two"`` as ``(1, "weak two")``; ``None`` when not numbered."""
    number, sep, text = value.partition(":")
    return (int(number), text.strip()) if sep and number.strip().isdigit() else None


def auction_lines(auction: Auction) -> list[str]:
    """The ``Auction`` tag, its calls four to a line (alerted ones with ``!`` or their note), then
    the ``Note`` tags."""
    notes = dict(auction.notes)
    numbers: dict[int, int] = {}
    tokens = []
    for index, call in enumerate(auction.calls):
        text = "Pass" if call.kind == "P" else str(call).replace("N", "NT") if call.is_bid else str(call)
        if index in notes:
            numbers[index] = len(numbers) + 1
            text += f" ={numbers[index]}="
        elif index in auction.alerted:
            text += "!"
        tokens.append(text)
    out = [f'[Auction "{auction.dealer}"]']
    out += [" ".join(tokens[i:i + 4]) for i in range(0, len(tokens), 4)]
    out += [tag("Note", f"{numbers[i]}:{notes[i]}") for i in sorted(numbers)]
    return out

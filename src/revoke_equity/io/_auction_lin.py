"""The auction in LIN: ``mb`` calls (``p``, ``d``, ``r``, bids, ``!`` for an alert) and the ``an``
explanation that follows a call (it counts as an alert too: an explained call shows nothing,
docs/auction.md)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from revoke_equity.errors import ParseError
from revoke_equity.io._fields import Board
from revoke_equity.model.auction import Auction, AuctionError, contract_warning
from revoke_equity.model.case import Case
from revoke_equity.model.seats import Seat

MADE_UP = "nt|the auction is not known: these calls give the contract|"
"""What the writer puts before an auction it makes up from the contract (a case without an
auction); the reader then reads no auction. ``nt`` is a note that BBO's tools skip."""
_MADE_UP_TEXT = MADE_UP.split("|")[1]


def lin_auction(commands: Iterable[tuple[str, str, int]], dealer: Seat, where: Board) -> Auction | None:
    """The auction of a record's ``mb`` and ``an`` commands (``None`` without calls, or after the
    writer's note that it made the calls up)."""
    commands = list(commands)
    if any(command == "nt" and argument == _MADE_UP_TEXT for command, argument, _ in commands):
        return None
    calls: list[str] = []
    alerted: set[int] = set()
    notes: list[tuple[int, str]] = []
    for command, argument, line in commands:
        if command == "an" and calls:
            alerted.add(len(calls) - 1)
            if argument.strip():
                notes.append((len(calls) - 1, argument.strip()))
        elif command == "mb":
            call = argument.strip()
            if call.endswith("!"):
                alerted.add(len(calls))
            calls.append(call.rstrip("!?").strip())
            try:
                Auction.parse(dealer, calls)
            except AuctionError as exc:
                raise ParseError(str(exc), board=where, seat=exc.seat.value, line=line) from None
    if not calls:
        return None
    return Auction.parse(dealer, calls, frozenset(alerted), tuple(notes))


def lin_calls(case: Case) -> list[str] | None:
    """The ``mb``/``an`` commands of the case's auction, when it reaches the case's contract
    (else ``None``: the writer makes an auction up from the contract)."""
    auction = case.auction
    if auction is None or not auction.is_complete or contract_warning(
            auction, str(case.contract), case.declarer) is not None:
        return None
    notes = dict(auction.notes)
    out = []
    for index, call in enumerate(auction.calls):
        text = {"P": "p", "X": "d", "XX": "r"}.get(call.kind, str(call))
        out.append(f"mb|{text}{'!' if index in auction.alerted else ''}|")
        if index in notes:
            out.append(f"an|{notes[index]}|")
    return out


def handviewer_auction(text: str, dealer: Seat, where: Board) -> Auction | None:
    """The auction of a handviewer link's ``a=`` (calls run together: ``1s``, ``p``, ``d``, ``r``,
    ``3nt``), a call followed by ``!`` or by a ``(...)`` explanation being alerted."""
    calls: list[str] = []
    alerted: set[int] = set()
    notes: list[tuple[int, str]] = []
    position = 0
    while position < len(text):
        char = text[position]
        if char.isspace() or char == "?":
            position += 1
        elif char == "!":
            if calls:
                alerted.add(len(calls) - 1)
            position += 1
        elif char == "(":
            closing = text.find(")", position)
            if closing < 0:
                raise ParseError("a (auction): an explanation '(' is not closed", board=where,
                                 seat=_seat_of_call(dealer, len(calls) - 1))
            if calls:
                alerted.add(len(calls) - 1)
                notes.append((len(calls) - 1, text[position + 1:closing].strip()))
            position = closing + 1
        else:
            match = _HV_CALL.match(text, position)
            if match is None:
                raise ParseError(f"a (auction): cannot read {text[position:position + 6]!r}... as call "
                                 f"{len(calls) + 1}", board=where, seat=_seat_of_call(dealer, len(calls)))
            calls.append(match.group())
            position = match.end()
            try:
                Auction.parse(dealer, calls)
            except AuctionError as exc:
                raise ParseError(f"a (auction): {exc}", board=where, seat=exc.seat.value) from None
    if not calls:
        return None
    return Auction.parse(dealer, calls, frozenset(alerted), tuple(notes))


def _seat_of_call(dealer: Seat, index: int) -> str | None:
    """The seat that makes call ``index`` (0 the dealer's first), ``None`` before the first."""
    return None if index < 0 else dealer.after(index).value


_HV_CALL = re.compile(r"[1-7](?:nt|[cdhsn])|xx|p|d|r|x", re.IGNORECASE)

"""The auction as the players saw it, for the ruling's outputs (Law 17: the calls from the dealer).

:func:`auction_grid` lays the calls out in rounds under West, North, East and South, as bridge
diagrams print them, with the cells before the dealer's first call empty; an alerted call is
marked ``!`` and its explanation, when the record gives one, is listed after the table.
:func:`shown_words` says in words what each seat showed, from the ruling JSON's
``equity.shown``, ``shown_from`` and ``shown_not_used`` (``docs/auction.md``).

    >>> from revoke_equity.model.auction import Auction
    >>> from revoke_equity.model.seats import Seat
    >>> grid = auction_grid(Auction.parse(Seat.N, ["1S", "P", "2S", "P", "P", "P"]))
    >>> grid.rows
    [['', '1S', 'Pass', '2S'], ['Pass', 'Pass', 'Pass', '']]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from revoke_equity.model.auction import Auction
from revoke_equity.model.seats import Seat
from revoke_equity.model.shown import Constraint

__all__ = ["COLUMNS", "AuctionGrid", "auction_grid", "shown_words"]

COLUMNS = (Seat.W, Seat.N, Seat.E, Seat.S)
"""The seats of the columns, in the order the diagrams print them."""


@dataclass(frozen=True)
class AuctionGrid:
    """The calls in rounds (``rows``, one cell per seat of :data:`COLUMNS`), and the
    explanations of annotated calls (``notes``: the call and its note)."""

    rows: list[list[str]]
    notes: list[tuple[str, str]]
    alerted: bool
    """Whether some call was alerted (marked ``!``)."""


def call_text(auction: Auction, index: int) -> str:
    """The call at ``index`` as printed: ``Pass``, ``X``, ``XX``, ``1H``, ``3NT``; ``!`` after an
    alerted call."""
    call = auction.calls[index]
    text = "Pass" if call.kind == "P" else str(call).replace("N", "NT") if call.is_bid else str(call)
    return text + ("!" if index in auction.alerted else "")


def auction_grid(auction: Auction) -> AuctionGrid:
    """The calls of ``auction`` in rounds under :data:`COLUMNS`."""
    cells = [""] * COLUMNS.index(auction.dealer)
    cells += [call_text(auction, i) for i in range(len(auction.calls))]
    cells += [""] * (-len(cells) % 4)
    rows = [cells[i:i + 4] for i in range(0, len(cells), 4)]
    notes = [(call_text(auction, i), text) for i, text in sorted(auction.notes)]
    return AuctionGrid(rows, notes, bool(auction.alerted))


def shown_words(equity: Mapping[str, Any] | None) -> list[str]:
    """What each seat showed, from the ruling JSON's ``equity``: ``"W: 7+ spades, 5-10 HCP, from
    3S (pre-empt)"`` per seat whose constraints the single-dummy layouts used, then ``"E: not used,
    the cards do not match 1H (overcall)"`` per constraint the real deal broke. Empty when the
    ruling used none."""
    if not isinstance(equity, Mapping):
        return []
    shown = equity.get("shown") or {}
    sources = equity.get("shown_from") or {}
    out = [f"{seat}: {Constraint.from_json(ranges)}, from {', '.join(sources.get(seat, ()))}"
           for seat, ranges in shown.items()]
    out += [f"{seat}: not used, the cards do not match {source}"
            for seat, broken in (equity.get("shown_not_used") or {}).items() for source in broken]
    out += [f"{seat}: dropped at {n} decision{'s' if n > 1 else ''}, where no layout of the unseen "
            "cards matched it" for seat, n in (equity.get("shown_dropped") or {}).items()]
    return out

"""The auction: calls in order from the dealer, with the alerted ones marked (Laws 17-22).

    >>> a = Auction.parse(Seat.N, ["1S", "P", "2S", "P", "P", "P"])
    >>> a.final_contract()
    ('2S', <Seat.N: 'N'>)
    >>> str(a.calls[0])
    '1S'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from revoke_equity.model.cards import Strain
from revoke_equity.model.seats import Seat

_STRAIN_ORDER = {Strain.CLUBS: 0, Strain.DIAMONDS: 1, Strain.HEARTS: 2, Strain.SPADES: 3,
                 Strain.NOTRUMP: 4}


class AuctionError(ValueError):
    """An auction that breaks the Laws of calls; ``index`` is the call's position from the dealer
    (0 for the dealer's first call) and ``seat`` who made it."""

    def __init__(self, message: str, index: int, seat: Seat) -> None:
        super().__init__(f"auction call {index + 1} ({seat.value}): {message}")
        self.index = index
        self.seat = seat


@dataclass(frozen=True)
class Call:
    """A pass (``"P"``), a double (``"X"``), a redouble (``"XX"``) or a bid (``level`` 1-7 and a
    ``strain``)."""

    kind: str
    """``"P"``, ``"X"``, ``"XX"`` or ``"bid"``."""
    level: int = 0
    strain: Strain | None = None

    @classmethod
    def from_str(cls, text: str) -> Call:
        """``P``/``Pass``, ``X``/``D``/``Dbl``, ``XX``/``R``/``Rdbl``, ``1H``, ``3N``/``3NT``."""
        key = text.strip().upper().rstrip("!")
        if key in ("P", "PASS", "AP"):
            return cls("P")
        if key in ("X", "D", "DBL"):
            return cls("X")
        if key in ("XX", "R", "RDBL"):
            return cls("XX")
        if len(key) >= 2 and key[0] in "1234567":
            try:
                return cls("bid", int(key[0]), Strain.from_str(key[1:]))
            except ValueError:
                pass
        raise ValueError(f"not a call: {text!r} (expected P, X, XX or a bid such as 1H, 3N)")

    @property
    def is_bid(self) -> bool:
        return self.kind == "bid"

    @property
    def rank(self) -> int:
        """The bid's place in the order of bids (1C lowest); 0 for other calls."""
        if self.strain is None:
            return 0
        return (self.level - 1) * 5 + _STRAIN_ORDER[self.strain] + 1

    def __str__(self) -> str:
        if self.is_bid:
            return f"{self.level}{self.strain}"
        return self.kind


@dataclass(frozen=True)
class Auction:
    """The calls from ``dealer`` on; ``alerted`` holds the indexes of alerted calls and ``notes``
    each alerted or annotated call's explanation (by index). Built by :meth:`parse`, which checks
    each call against the Laws of calls."""

    dealer: Seat
    calls: tuple[Call, ...]
    alerted: frozenset[int] = field(default=frozenset())
    notes: tuple[tuple[int, str], ...] = ()

    @classmethod
    def parse(cls, dealer: Seat, calls: list[str] | tuple[str, ...], alerted: frozenset[int] = frozenset(),
              notes: tuple[tuple[int, str], ...] = ()) -> Auction:
        """Check and build the auction: every bid higher than the last (Law 18), a double only of
        an opponent's undoubled bid, a redouble only of an opponent's double (Law 19), no call after
        the auction ended (three passes after a bid, or four passes, Law 22). Raises
        :class:`AuctionError` naming the call."""
        parsed: list[Call] = []
        seat = dealer
        for index, text in enumerate(calls):
            try:
                call = Call.from_str(text)
            except ValueError as exc:
                raise AuctionError(str(exc), index, seat) from None
            _check(parsed, call, index, seat, dealer)
            parsed.append(call)
            seat = seat.next
        for index in alerted:
            if not 0 <= index < len(parsed):
                raise ValueError(f"alerted call {index} is not a call of the auction "
                                 f"(0 to {len(parsed) - 1})")
        return cls(dealer, tuple(parsed), frozenset(alerted), notes)

    def seat_of(self, index: int) -> Seat:
        seat = self.dealer
        for _ in range(index % 4):
            seat = seat.next
        return seat

    @property
    def is_complete(self) -> bool:
        return _ended(list(self.calls))

    def final_contract(self) -> tuple[str, Seat] | None:
        """The contract (``"4HX"``) and declarer the auction reached (Law 22A: declarer is the
        first of the side to name the final strain), or ``None`` when it was passed out or has no
        bid."""
        last = max((i for i, c in enumerate(self.calls) if c.is_bid), default=None)
        if last is None:
            return None
        bid = self.calls[last]
        after = [c.kind for c in self.calls[last + 1:]]
        doubling = "XX" if "XX" in after else "X" if "X" in after else ""
        side = self.seat_of(last).side
        declarer = next(self.seat_of(i) for i, c in enumerate(self.calls)
                        if c.is_bid and c.strain is bid.strain and self.seat_of(i).side is side)
        return f"{bid}{doubling}", declarer

    def texts(self) -> list[str]:
        return [str(c) for c in self.calls]


def _ended(calls: list[Call]) -> bool:
    if len(calls) >= 4 and all(c.kind == "P" for c in calls[:4]) and len(calls) == 4:
        return True
    return (any(c.is_bid for c in calls) and len(calls) >= 4
            and all(c.kind == "P" for c in calls[-3:]))


def _check(before: list[Call], call: Call, index: int, seat: Seat, dealer: Seat) -> None:
    if _ended(before) or (len(before) >= 4 and all(c.kind == "P" for c in before[:4])):
        raise AuctionError("the auction had already ended", index, seat)
    last = next((i for i in range(len(before) - 1, -1, -1) if before[i].kind != "P"), None)
    last_bid = next((before[i] for i in range(len(before) - 1, -1, -1) if before[i].is_bid), None)
    by_opponent = last is not None and (index - last) % 2 == 1
    if call.is_bid:
        if last_bid is not None and call.rank <= last_bid.rank:
            raise AuctionError(f"insufficient bid {call}: the last bid was {last_bid} (Law 27)",
                               index, seat)
    elif call.kind == "X":
        if last is None or not before[last].is_bid or not by_opponent:
            raise AuctionError("a double must be of an opponent's undoubled bid (Law 19A)", index, seat)
    elif call.kind == "XX" and (last is None or before[last].kind != "X" or not by_opponent):
        raise AuctionError("a redouble must be of an opponent's double (Law 19B)", index, seat)


def contract_warning(auction: Auction, contract: str, declarer: Seat) -> str | None:
    """A sentence when the case's ``contract`` and ``declarer`` are not what the auction reached,
    or when the auction has not ended (Law 22: three passes after a bid, or four passes), the
    case's contract being ruled on; else ``None``."""
    if not auction.is_complete:
        return _unfinished_warning(auction, contract, declarer)
    reached = auction.final_contract()
    if reached is None:
        return f"the auction was passed out, but the case's contract is {contract} by {declarer.value}"
    text, by = reached
    if (text, by) != (contract, declarer):
        return (f"the auction reached {text} by {by.value}, but the case's contract is {contract} by "
                f"{declarer.value}: the case's contract is ruled on")
    return None


def _unfinished_warning(auction: Auction, contract: str, declarer: Seat) -> str:
    """The warning for an auction that has not ended: how far it got, and the contract ruled on."""
    calls = len(auction.calls)
    ruled = f"the case's contract {contract} by {declarer.value} is ruled on"
    if not calls:
        return f"the auction has no calls; {ruled}"
    reached = auction.final_contract()
    so_far = "no bid" if reached is None else f"{reached[0]} by {reached[1].value} so far"
    return (f"the auction is not finished: it stops after {calls} call{'s' if calls != 1 else ''} "
            f"({so_far}), without the passes that end it; {ruled}")

"""The contract of a synthetic case, chosen from the deal's double-dummy table (rule 4 of
:mod:`.generate`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from revoke_equity.model.cards import Strain
from revoke_equity.model.contract import Contract, Vulnerability
from revoke_equity.model.seats import Seat, Side
from revoke_equity.scoring import score_ns

__all__ = ["choose_contract"]


_STRAIN_PREFERENCE = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


def _side_seats(side: Side) -> tuple[Seat, Seat]:
    return (Seat.N, Seat.S) if side is Side.NS else (Seat.E, Seat.W)


def _nearer_dealer(seats: Sequence[Seat], dealer: Seat) -> list[Seat]:
    """``seats`` ordered from the dealer clockwise."""
    return sorted(seats, key=lambda s: (s.index - dealer.index) % 4)


def choose_contract(
    table: Mapping[tuple[Strain, Seat], int], vulnerable: Vulnerability, dealer: Seat
) -> tuple[Contract, Seat, int]:
    """The contract, declarer and declarer's double-dummy tricks for a deal with DD ``table``
    (``{(strain, declarer): tricks}``), by the rule of the module docstring."""
    best: dict[Side, tuple[int, int, Contract, Seat, int]] = {}
    for side in (Side.NS, Side.EW):
        seats = _nearer_dealer(_side_seats(side), dealer)
        top_tricks = 0
        options: list[tuple[int, int, int, Contract, Seat, int]] = []
        for rank, strain in enumerate(_STRAIN_PREFERENCE):
            tricks = max(table[(strain, s)] for s in seats)
            declarer = next(s for s in seats if table[(strain, s)] == tricks)  # first of equals
            top_tricks = max(top_tricks, tricks)
            for level in range(1, max(1, tricks - 6) + 1):
                contract = Contract(level, strain)
                score = score_ns(contract, declarer, vulnerable, tricks)
                own = score if side is Side.NS else -score
                options.append((own, -level, -rank, contract, declarer, tricks))
        if top_tricks <= 6:  # nothing makes: one of the best strain, down
            options = [o for o in options if o[5] == top_tricks]
        own, _, _, contract, declarer, tricks = max(options, key=lambda o: o[:3])
        best[side] = (top_tricks, own, contract, declarer, tricks)
    dealer_side = dealer.side

    def key(side: Side) -> tuple[int, int, int]:
        return (best[side][0], best[side][1], 1 if side is dealer_side else 0)

    side = max((Side.NS, Side.EW), key=key)
    _, _, contract, declarer, tricks = best[side]
    return contract, declarer, tricks

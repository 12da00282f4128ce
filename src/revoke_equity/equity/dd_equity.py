"""The double-dummy equity of ``ruling.md``: from the first established revoke, the offender follows
suit and all play is double-dummy.

``declarer_tricks`` is declarer's tricks won before the revoke trick at the table plus declarer's
side's double-dummy tricks from the position where the offender had to play; ``alternatives`` lists
each legal card of the offender with the declarer total it leads to. One solver call.
"""

from __future__ import annotations

from dataclasses import dataclass

from revoke_equity.laws.revokes import Revoke
from revoke_equity.model.cards import Card
from revoke_equity.model.play import PlayRecord
from revoke_equity.model.position import Position
from revoke_equity.model.seats import Seat, Side
from revoke_equity.solver.base import Solver


@dataclass(frozen=True)
class Alternative:
    """One legal card of the offender and declarer's total when it is played, the rest DD."""

    card: Card
    declarer_tricks: int

    def as_dict(self) -> dict[str, object]:
        return {"card": str(self.card), "declarer_tricks": self.declarer_tricks}


@dataclass(frozen=True)
class DdEquity:
    declarer_tricks: int
    from_trick: int
    offender_to_play: Seat
    alternatives: tuple[Alternative, ...]
    best_cards: tuple[Card, ...]
    """The offender's double-dummy best cards (all giving ``declarer_tricks``)."""


def declarer_totals(
    position: Position, scores: dict[Card, int], declarer_side: Side
) -> dict[Card, int]:
    """Turn a solver's per-card tricks for the side to move into declarer's totals for the board
    (tricks already won in ``position``'s history plus the double-dummy rest)."""
    before = position.tricks(declarer_side)
    remaining = position.tricks_left
    mover_is_declarer = position.to_move.side is declarer_side
    return {
        card: before + (tricks if mover_is_declarer else remaining - tricks)
        for card, tricks in scores.items()
    }


def dd_equity(record: PlayRecord, revoke: Revoke, solver: Solver) -> DdEquity:
    """The double-dummy equity from the position where ``revoke``'s offender had to play."""
    position = record.positions[revoke.index]
    totals = declarer_totals(position, solver.solve(position), record.declarer_side)
    offender_is_declarer = revoke.side is record.declarer_side
    best = (max if offender_is_declarer else min)(totals.values())
    ordered = sorted(totals, key=str)  # the order of the worked cases: by the card text
    return DdEquity(
        declarer_tricks=best,
        from_trick=revoke.trick,
        offender_to_play=revoke.player,
        alternatives=tuple(Alternative(c, totals[c]) for c in ordered),
        best_cards=tuple(c for c in ordered if totals[c] == best),
    )

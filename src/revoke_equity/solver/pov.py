"""The solver's answers from a side's point of view (:func:`~revoke_equity.model.seats.tricks_for`):
:meth:`~revoke_equity.solver.base.Solver.solve` counts the tricks of the side to move,
:meth:`~revoke_equity.solver.base.Solver.trace` North-South's."""

from __future__ import annotations

from revoke_equity.model.cards import Card
from revoke_equity.model.position import Position
from revoke_equity.model.seats import Side, tricks_for

__all__ = ["side_rest", "traced_rest"]


def side_rest(position: Position, scores: dict[Card, int], side: Side) -> dict[Card, int]:
    """A solver's per-card tricks for the side to move, as ``side``'s tricks from ``position`` on
    (the unfinished trick included)."""
    mover, left = position.to_move.side, position.tricks_left
    return {card: tricks_for(side, tricks, mover, left) for card, tricks in scores.items()}


def traced_rest(position: Position, ns_rest: int, side: Side) -> int:
    """A traced value (North-South's tricks from ``position`` on) as ``side``'s."""
    return tricks_for(side, ns_rest, Side.NS, position.tricks_left)

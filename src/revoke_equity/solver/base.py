"""The solver interface the law and equity code depends on (passed in, never imported globally)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from revoke_equity.model.cards import Card
from revoke_equity.model.position import Position


@dataclass
class SolverStats:
    """What a solver has done: calls into the engine, positions answered from cache, and time."""

    solve_calls: int = 0
    """Single-position solves sent to the engine (a batch of n positions counts n)."""
    batch_calls: int = 0
    """Batched engine calls (each may hold many positions)."""
    trace_calls: int = 0
    """Whole-line analyses (AnalysePlay)."""
    cache_hits: int = 0
    """Solves answered from the position cache without an engine call."""
    seconds: float = 0.0
    """Wall time spent inside the engine."""
    table_calls: int = 0
    """Double-dummy tables computed (CalcDDtable: 20 strain/declarer results each; added last so
    positional construction keeps working)."""

    @property
    def engine_calls(self) -> int:
        return self.solve_calls + self.trace_calls + self.table_calls

    def as_dict(self) -> dict[str, float | int]:
        return {
            "solve_calls": self.solve_calls,
            "batch_calls": self.batch_calls,
            "trace_calls": self.trace_calls,
            "cache_hits": self.cache_hits,
            "table_calls": self.table_calls,
            "engine_calls": self.engine_calls,
            "seconds": round(self.seconds, 6),
        }


class Solver(Protocol):
    """Double-dummy answers about positions. Implementations decide nothing about legality of the
    history: a position may have been reached through revokes."""

    stats: SolverStats

    def solve(self, position: Position) -> dict[Card, int]:
        """For each legal card of the player to move: the tricks that player's side wins from this
        position on (the unfinished trick included) when that card is played and all later play is
        double-dummy."""
        ...

    def solve_many(self, positions: Sequence[Position]) -> list[dict[Card, int]]:
        """:meth:`solve` for many positions (batched where the engine batches)."""
        ...

    def trace(self, position: Position, cards: Sequence[Card]) -> tuple[int, ...]:
        """North-South's double-dummy tricks from ``position`` (the unfinished trick included), then
        after each of ``cards`` in turn: ``len(cards) + 1`` values. Every card must be legal."""
        ...

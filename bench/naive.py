"""The naive baseline: the same solver interface with no reuse and no batching.

:class:`NaiveSolver` wraps a :class:`~revoke_equity.solver.dds.DdsSolver` and uses only its
single-position ``solve``, with the cache cleared before every call:

* :meth:`NaiveSolver.solve` (the equity alternatives, and every double-dummy choice of the replay)
  makes one ``SolveBoard`` per legal card, on the position after that card, instead of one for all
  the cards;
* :meth:`NaiveSolver.trace` makes one ``SolveBoard`` per position of the line instead of one
  ``AnalysePlay`` for the whole line;
* ``solve_many`` is one ``solve`` after the other.

The answers are the same by construction (the same double-dummy values), which the benchmark
checks ruling by ruling; the difference in time and DDS calls is what reuse and batching buy.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from revoke_equity.model.cards import Card
from revoke_equity.model.position import Position
from revoke_equity.model.seats import Side
from revoke_equity.solver.base import SolverStats


class NaiveSolver:
    """:class:`~revoke_equity.solver.base.Solver` answering everything by independent
    single-position solves (see the module docstring). Its :attr:`stats` are the wrapped
    solver's, so a ruling's ``solver_stats`` count the real DDS calls."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.stats: SolverStats = inner.stats  # the same object: the inner solver updates it

    def _ns_value(self, position: Position) -> int:
        """North-South's double-dummy tricks from ``position`` on (unfinished trick included):
        one uncached solve."""
        if position.is_over:
            return 0
        self.inner.clear_cache()
        scores: dict[Card, int] = self.inner.solve(position)
        best = max(scores.values())
        if position.to_move.side is Side.NS:
            return best
        return len(position.hand(position.to_move)) - best

    def solve(self, position: Position) -> dict[Card, int]:
        """Each legal card's tricks for the side to move: one solve of the position after it."""
        tricks = len(position.hand(position.to_move))
        mover_ns = position.to_move.side is Side.NS
        out: dict[Card, int] = {}
        for card in position.legal_cards():
            after = position.play(card)
            ns = after.ns_tricks - position.ns_tricks + self._ns_value(after)
            out[card] = ns if mover_ns else tricks - ns
        return out

    def solve_many(self, positions: Sequence[Position]) -> list[dict[Card, int]]:
        return [self.solve(position) for position in positions]

    def trace(self, position: Position, cards: Sequence[Card]) -> tuple[int, ...]:
        """North-South's remaining tricks at ``position`` and after each card: one solve each."""
        values = [self._ns_value(position)]
        for card in cards:
            position = position.play(card)
            values.append(self._ns_value(position))
        return tuple(values)

"""Double-dummy play for the study: the best card for the side to move, the lowest of equal cards
(rule 5 of :mod:`.generate`), with as few solver calls as it can."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from revoke_equity.model.cards import Card, Strain
from revoke_equity.model.deal import Deal
from revoke_equity.model.position import Position, equal_groups
from revoke_equity.model.seats import SEATS, Seat, Side, tricks_for
from revoke_equity.solver.base import Solver

__all__ = ["DdPlayer", "TableSolver", "all_equals", "lowest_card"]


class TableSolver(Solver, Protocol):
    """A :class:`~revoke_equity.solver.base.Solver` that also gives a deal's double-dummy table
    (:class:`~revoke_equity.solver.dds.DdsSolver` does)."""

    def dd_table(self, deal: Deal) -> dict[tuple[Strain, Seat], int]: ...


def lowest_card(cards: Iterable[Card]) -> Card:
    """The lowest card: lowest rank, then the suit order S H D C."""
    return min(cards, key=lambda c: (c.rank, c.suit.order))


def all_equals(position: Position, legal: frozenset[Card]) -> bool:
    """True when the legal cards are of one suit with no card of that suit held by another player
    or on the table ranking between two of them: then they are equal double-dummy."""
    suits = {c.suit for c in legal}
    if len(suits) != 1:
        return False
    suit = suits.pop()
    ranks = sorted(int(c.rank) for c in legal)
    mover = position.to_move
    outstanding = [int(c.rank) for c in position.trick if c.suit is suit]
    for seat in SEATS:
        if seat is not mover:
            outstanding += [int(c.rank) for c in position.hand(seat) if c.suit is suit]
    return not any(ranks[0] < r < ranks[-1] for r in outstanding)


class DdPlayer:
    """Chooses double-dummy cards (the lowest of the best) with as few solver calls as it can."""

    def __init__(self, solver: Solver, declarer_side: Side) -> None:
        self.solver = solver
        self.side = declarer_side

    def choose(self, position: Position) -> Card:
        legal = position.legal_cards()
        if len(legal) == 1 or all_equals(position, legal):
            return lowest_card(legal)
        scores = self.solver.solve(position)
        best = max(scores.values())
        return lowest_card([c for c, v in scores.items() if v == best])

    def expectation(self, position: Position) -> int:
        """Declarer's tricks so far plus his side's double-dummy tricks from ``position`` (one
        solve, which the next :meth:`choose` finds in the solver's cache)."""
        if position.is_over:
            return position.tricks(self.side)
        scores = self.solver.solve(position)
        best = max(scores.values())
        rest = tricks_for(self.side, best, position.to_move.side, position.tricks_left)
        return position.tricks(self.side) + rest

    def best_revoke(self, position: Position, cards: Sequence[Card]) -> tuple[Card, int]:
        """Of ``cards`` (revoke cards of the player to move), the one best for his side double-
        dummy (the lowest of equals), and declarer's expectation after it. One solve per group of
        equal cards; the chosen card's solve is the one the next card's choice needs anyway."""
        offender = position.to_move.side
        best: tuple[int, Card, int] | None = None
        for group in equal_groups(position, cards):
            card = lowest_card(group)
            value = self.expectation(position.play(card))
            own = tricks_for(offender, value, self.side, 13)
            if best is None or own > best[0] or (own == best[0] and _lower(card, best[1])):
                best = (own, card, value)
        assert best is not None
        return best[1], best[2]


def _lower(a: Card, b: Card) -> bool:
    return (a.rank, a.suit.order) < (b.rank, b.suit.order)

"""The ``dd`` estimate: from the comparison point both sides play double-dummy.

A point mass at the double-dummy value of the comparison position (the offender's best legal card;
declarer's best when he designates one of several penalty cards, Law 51), with the kept revokes'
transfers (64C2(a)). ``alternatives`` lists each card the offender could have played with declarer's
total after it. One solver call (more only when a 1997 kept revoke needs the double-dummy line).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from revoke_equity.equity.estimate import Estimate
from revoke_equity.laws.comparison import ComparisonPoint
from revoke_equity.laws.correction import Correction62
from revoke_equity.model.cards import Card, Suit
from revoke_equity.model.distribution import TrickDistribution
from revoke_equity.model.position import Position
from revoke_equity.model.seats import Seat, Side, tricks_for
from revoke_equity.solver.base import Solver
from revoke_equity.solver.pov import side_rest


@dataclass(frozen=True)
class Alternative:
    """One card the offender could have played and declarer's total when it is, the rest DD."""

    card: Card
    declarer_tricks: int

    def as_dict(self) -> dict[str, object]:
        return {"card": str(self.card), "declarer_tricks": self.declarer_tricks}


def best_card(position: Position, scores: dict[Card, int], side: Side,
              cards: tuple[Card, ...] | None = None) -> Card:
    """The double-dummy best card for ``side`` (the most tricks for it), the lowest of equals
    (lowest rank, then the suit order S H D C)."""
    rest = side_rest(position, scores, side)
    pool = [c for c in rest if cards is None or c in cards]
    top = max(rest[c] for c in pool)
    return min((c for c in pool if rest[c] == top), key=lambda c: (int(c.rank), c.suit.order))


def dd_line_suits(position: Position, solver: Solver, player: Seat) -> tuple[frozenset[Suit], int]:
    """The suits ``player`` wins tricks with on the double-dummy line from ``position`` (each player
    the best card for his side, lowest of equals), and the positions asked of the solver."""
    suits: set[Suit] = set()
    asked = 0
    while not position.is_over:
        mover = position.to_move
        card = best_card(position, solver.solve(position), mover.side)
        asked += 1
        after = position.play(card)
        if len(position.trick) == 3 and after.leader is player:
            offset = (after.leader.index - position.leader.index) % 4
            suits.add((*position.trick, card)[offset].suit)
        position = after
    return frozenset(suits), asked


class DoubleDummy:
    """The ``dd`` estimator."""

    name = "dd"

    def estimate(self, point: ComparisonPoint, solver: Solver) -> Estimate:
        if point.correction is not None:
            return self._corrected(point, point.correction, solver)
        asked = 1
        position = point.position
        declarer_side = point.declarer_side
        rest = side_rest(position, solver.solve(position), declarer_side)
        totals: dict[Card, int] = {}
        for card in point.choices:
            suits: frozenset[Suit] = frozenset()
            if point.tracks_offender_wins:
                suits, more = dd_line_suits(position.play(card), solver, point.player)
                asked += more
            totals[card] = point.total_from_rest(rest[card], suits)
        chooser = declarer_side if point.designated_by_declarer else point.revoke.side
        raw = {c: rest[c] for c in point.choices}
        pool = {c: tricks_for(chooser, t, declarer_side, position.tricks_left)
                for c, t in raw.items()}
        top = max(pool.values())
        chosen = min((c for c in pool if pool[c] == top), key=lambda c: (int(c.rank), c.suit.order))
        ordered = sorted(totals, key=str)  # the order of the worked cases: by the card text
        alternatives = [Alternative(c, totals[c]) for c in ordered]
        return Estimate(
            name=self.name,
            distribution=TrickDistribution.point(totals[chosen]),
            parameters={},
            solver_calls=asked,
            details={"card": str(chosen),
                     "alternatives": [a.as_dict() for a in alternatives],
                     "kept_transfer": abs(totals[chosen] - position.tricks(declarer_side)
                                          - rest[chosen])},
        )

    def _corrected(self, point: ComparisonPoint, correction: Correction62, solver: Solver
                   ) -> Estimate:
        """The corrected play of a revoke that is not established (Law 62): from the offender's
        substituted card on, each player plays his double-dummy best card among those the
        correction allows him (a penalty card at the first legal opportunity, Law 50D1;
        declarer designating among several, Law 51). The offender's choice (62B) is his side's
        best; ``alternatives`` gives declarer's total after each card he could substitute."""
        side = point.declarer_side
        before = point.position.tricks(side)
        lines: dict[Card, list[Card]] = {}
        asked = 0
        for card in point.choices:
            rest, calls = corrected_line(point.position.play(card), correction, solver, side)
            lines[card] = [card, *rest]
            asked += calls
        totals = {c: before + _won(point.position, line, side) for c, line in lines.items()}
        offending = correction.offending_side
        chosen = min(point.choices, key=lambda c: (
            -tricks_for(offending, totals[c] - before, side, point.position.tricks_left),
            int(c.rank), c.suit.order))
        return Estimate(
            name=self.name,
            distribution=TrickDistribution.point(totals[chosen]),
            parameters={},
            solver_calls=asked,
            details={"card": str(chosen),
                     "alternatives": [Alternative(c, totals[c]).as_dict()
                                      for c in sorted(totals, key=str)],
                     "kept_transfer": 0,
                     "line": [str(c) for c in lines[chosen]]},
        )


def corrected_line(position: Position, correction: Correction62, solver: Solver,
                   declarer_side: Side) -> tuple[list[Card], int]:
    """The double-dummy line from ``position`` to the end within what ``correction`` allows each
    player (:meth:`Correction62.allowed`): each plays the best card for his side among them,
    declarer designating among several penalty cards (Law 51); and the positions asked."""
    line: list[Card] = []
    asked = 0
    while not position.is_over:
        allowed = correction.allowed(position)
        if allowed is not None and len(allowed) == 1:
            card = allowed[0]
        else:
            scores = solver.solve(position)
            asked += 1
            side = declarer_side if allowed is not None else position.to_move.side
            card = best_card(position, scores, side, allowed)
        line.append(card)
        position = position.play(card)
    return line, asked


def _won(position: Position, line: Sequence[Card], side: Side) -> int:
    """Tricks ``side`` wins from ``position`` (the unfinished trick included) along ``line``."""
    return position.play_all(line).tricks(side) - position.tricks(side)

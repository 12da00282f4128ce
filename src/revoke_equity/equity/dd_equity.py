"""The ``dd`` estimate: from the comparison point both sides play double-dummy.

A point mass at the double-dummy value of the comparison position (the offender's best legal card;
declarer's best when he designates one of several penalty cards, Law 51), with the kept revokes'
transfers (64C2(a)). ``alternatives`` lists each card the offender could have played with declarer's
total after it. One solver call (more only when a 1997 kept revoke needs the double-dummy lines).

Under 1997 a kept 64A2 revoke transfers one more trick when the offender later wins a trick with a
card of the suit led to it; several double-dummy lines can be equally good and differ in that. The
non-offenders get the larger transfer of the equal lines (Law 12C2: the most favourable result
that was likely), found by a search over every line of cards best for their side.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from revoke_equity.equity.estimate import Estimate
from revoke_equity.laws.comparison import ComparisonPoint
from revoke_equity.laws.correction import Correction62
from revoke_equity.model.cards import Card, Suit
from revoke_equity.model.distribution import TrickDistribution
from revoke_equity.model.position import Position, equal_groups
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


LINE_SEARCH_POSITIONS = 4000
"""Positions the search over equal double-dummy lines asks of the solver at most, per card of the
offender; past it, the lines not yet searched are left out (``details["lines_complete"]``)."""


@dataclass
class _LineSearch:
    """The sets of ``wanted`` suits ``player`` can win tricks with on the double-dummy lines from a
    position: every line on which each player plays a card best for his side (one card of each
    group of equal cards), so every line the ``dd`` estimate could equally have followed."""

    solver: Solver
    player: Seat
    wanted: frozenset[Suit]
    asked: int = 0
    complete: bool = True
    memo: dict[Position, frozenset[frozenset[Suit]]] = field(default_factory=dict)

    def after(self, position: Position, card: Card) -> frozenset[frozenset[Suit]]:
        """The sets when ``card`` is played from ``position``, its own trick included."""
        suit = _won_with(position, card, self.player)
        now = frozenset({suit}) & self.wanted if suit is not None else frozenset()
        return _maximal(frozenset(now | s for s in self.reach(position.play(card))))

    def reach(self, position: Position) -> frozenset[frozenset[Suit]]:
        held = {c.suit for c in position.hand(self.player)}
        offset = (self.player.index - position.leader.index) % 4
        if offset < len(position.trick):  # his card in the unfinished trick may still win it
            held.add(position.trick[offset].suit)
        if position.is_over or not held & self.wanted:
            return frozenset({frozenset()})  # no card left to win a wanted trick with
        if position in self.memo:
            return self.memo[position]
        if self.asked >= LINE_SEARCH_POSITIONS:
            self.complete = False
            return frozenset({frozenset()})
        rest = side_rest(position, self.solver.solve(position), position.to_move.side)
        self.asked += 1
        top = max(rest.values())
        best = [c for c in rest if rest[c] == top]
        found: set[frozenset[Suit]] = set()
        for group in equal_groups(position, best):
            found |= self.after(position, group[0])
            if self.wanted in found:
                break  # no line wins more
        result = _maximal(frozenset(found))
        self.memo[position] = result
        return result


def _won_with(position: Position, card: Card, player: Seat) -> Suit | None:
    """The suit of ``player``'s card when ``card`` completes a trick that ``player`` wins."""
    if len(position.trick) != 3 or position.play(card).leader is not player:
        return None
    trick = (*position.trick, card)
    return trick[(player.index - position.leader.index) % 4].suit


def _maximal(sets: frozenset[frozenset[Suit]]) -> frozenset[frozenset[Suit]]:
    return frozenset(s for s in sets if not any(s < t for t in sets))


def line_wanted_suits(point: ComparisonPoint) -> frozenset[Suit]:
    """The suits led to the kept revokes whose 1997 extra trick turns on the replay: the offender
    wins a trick with a card of one of them on the line (Law 64A2, 1997)."""
    return frozenset(k.suit_led for k in point.kept
                     if k.recomputed and not k.won_revoke_trick and not k.won_with_suit_led
                     and k.suit_led is not None)


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
        complete = True
        for card in point.choices:
            totals[card] = point.total_from_rest(rest[card])
            if point.tracks_offender_wins:
                search = _LineSearch(solver, point.player, line_wanted_suits(point))
                lines = search.after(position, card)
                asked += search.asked
                complete = complete and search.complete
                # equal lines, unequal transfers: the non-offenders get the larger (Law 12C2)
                pick = min if point.offending_side is declarer_side else max
                totals[card] = pick(point.total_from_rest(rest[card], s) for s in lines)
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
                                          - rest[chosen]),
                     **({} if complete else {"lines_complete": False})},
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

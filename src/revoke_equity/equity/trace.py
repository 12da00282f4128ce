"""A double-dummy trace of the play at the table, revokes included, or of the corrected play.

Declarer's double-dummy expectation (tricks won so far plus the double-dummy rest) before each card
and after the last. The solver analyses whole legal lines in one call; a revoke card is a point
DDS cannot be asked to play through, so the record is split there: one line up to the card before
the revoke, the next from the position after it. Each revoke's swing is the expectation after it
minus the expectation before it.

When a revoke that is not established was corrected (Law 62), the trace follows the corrected play
(:func:`corrected_trace`): the table's cards before the revoke card, then the corrected line; it
marks the card substituted for the withdrawn revoke card (62A, 62B1 or 62B2) and each later card
of the table changed in the corrected play (62C1, 62C2).
"""

from __future__ import annotations

from dataclasses import dataclass

from revoke_equity.laws.correction import Correction62, changes
from revoke_equity.laws.revokes import Revoke
from revoke_equity.model.cards import Card
from revoke_equity.model.play import PlayRecord
from revoke_equity.model.position import Position
from revoke_equity.model.seats import Side
from revoke_equity.solver.base import Solver
from revoke_equity.solver.pov import traced_rest


@dataclass(frozen=True)
class RevokeSwing:
    trick: int
    player: str
    card: str
    before: int
    after: int

    @property
    def declarer_gain(self) -> int:
        return self.after - self.before

    def describe(self, declarer_side: Side) -> str:
        gain = self.declarer_gain
        if gain == 0:
            return (f"The revoke at trick {self.trick} ({self.player} {self.card}) changed nothing "
                    "double-dummy.")
        who = "declarer" if gain > 0 else "the defence"
        n = abs(gain)
        return (f"The revoke at trick {self.trick} ({self.player} {self.card}) gained {who} {n} "
                f"trick{'s' if n > 1 else ''} double-dummy.")


@dataclass(frozen=True)
class TracedChange:
    """A card of the traced (corrected) play that replaces the table's card at its place."""

    index: int
    """Its index in the play."""
    player: str
    card: str
    """The corrected play's card."""
    withdrawn: str
    """The table's card withdrawn: the revoke card (62A, 62B) or a later card (62C1, 62C2)."""
    clause: str
    """``62B1``, ``62B2`` (the substitute for the revoke card), ``62C1`` or ``62C2``."""

    @property
    def trick(self) -> int:
        return self.index // 4 + 1


@dataclass(frozen=True)
class PlayTrace:
    expectations: tuple[int, ...]
    """Declarer's DD expectation before card ``i`` (and, last, after the last card)."""
    swings: tuple[RevokeSwing, ...]
    cards: tuple[Card, ...] = ()
    """The play traced: the table's, or the corrected play when a revoke was corrected."""
    changes: tuple[TracedChange, ...] = ()
    """The corrected play's cards that replace the table's (none: the table's play)."""

    def per_trick(self) -> list[int]:
        """Declarer's expectation before each trick that was started, then after the last card."""
        return [self.expectations[i] for i in range(0, len(self.expectations) - 1, 4)] + [
            self.expectations[-1]
        ]


def _expectation(position: Position, ns_rest: int, declarer_side: Side) -> int:
    return position.tricks(declarer_side) + traced_rest(position, ns_rest, declarer_side)


def play_trace(record: PlayRecord, revokes: tuple[Revoke, ...], solver: Solver) -> PlayTrace:
    """Trace the table's play; one solver line per stretch between revoke cards."""
    side = record.declarer_side
    play = record.case.play
    cuts = sorted(r.index for r in revokes if not r.corrected)
    expectations: list[int] = [0] * (len(play) + 1)
    start = 0
    for stop in [*cuts, len(play)]:
        position = record.positions[start]
        if position.is_over:
            expectations[start] = position.tricks(side)
        else:
            values = solver.trace(position, play[start:stop])
            for offset, ns_rest in enumerate(values):
                expectations[start + offset] = _expectation(
                    record.positions[start + offset], ns_rest, side
                )
        start = stop + 1
    swings = tuple(
        RevokeSwing(r.trick, str(r.player), str(r.card), expectations[r.index],
                    expectations[r.index + 1])
        for r in revokes if not r.corrected
    )
    return PlayTrace(tuple(expectations), swings, play)


def corrected_trace(corrected: PlayRecord, correction: Correction62, revokes: tuple[Revoke, ...],
                    solver: Solver) -> PlayTrace:
    """Trace the corrected play (``corrected``: the table's cards before the revoke card, then the
    corrected line, Law 62); the earlier revokes not corrected stay as cuts and swings, and the
    substitute (62B) and each changed later card (62C1, 62C2) are marked."""
    start = correction.revoke.index
    line = corrected.case.play[start:]
    earlier = tuple(r for r in revokes if r.index < start)
    revoke = correction.revoke
    marked = [TracedChange(start, str(revoke.player), str(line[0]), str(revoke.card),
                           correction.clause)]
    marked += [TracedChange(x.index, str(x.seat), str(line[x.index - start]), str(x.card),
                            x.clause) for x in changes(correction, line)]
    traced = play_trace(corrected, earlier, solver)
    return PlayTrace(traced.expectations, traced.swings, traced.cards, tuple(marked))

"""A double-dummy trace of the play at the table, revokes included.

Declarer's double-dummy expectation (tricks won so far plus the double-dummy rest) before each card
and after the last. The solver analyses whole legal lines in one call; a revoke card is a point
DDS cannot be asked to play through, so the record is split there: one line up to the card before
the revoke, the next from the position after it. Each revoke's swing is the expectation after it
minus the expectation before it.
"""

from __future__ import annotations

from dataclasses import dataclass

from revoke_equity.laws.revokes import Revoke
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
class PlayTrace:
    expectations: tuple[int, ...]
    """Declarer's DD expectation before card ``i`` (and, last, after the last card)."""
    swings: tuple[RevokeSwing, ...]

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
    return PlayTrace(tuple(expectations), swings)

"""The play-guided estimate: the table's later cards, kept wherever they stay legal.

From the first established revoke the offender follows suit with his double-dummy best card (the
lowest of equals). The revoke card goes back to his hand and the card he followed with leaves it.
From then on every player plays his next card from the table's record as long as he still holds it
and it is legal; otherwise (and after the table's record runs out at a claim) the card is chosen
double-dummy. This is what a director means by "what would have happened", and it differs from the
pure double-dummy estimate when the table's later play was not double-dummy.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from revoke_equity.equity.dd_equity import declarer_totals
from revoke_equity.laws.revokes import Revoke
from revoke_equity.model.cards import Card
from revoke_equity.model.play import PlayRecord
from revoke_equity.model.position import Position
from revoke_equity.model.seats import SEATS, Seat
from revoke_equity.solver.base import Solver


@dataclass(frozen=True)
class ReplayedCard:
    trick: int
    seat: Seat
    card: Card
    from_table: bool
    """True when the card is the player's next card at the table; False when chosen DD."""
    note: str


@dataclass(frozen=True)
class ReplayEstimate:
    declarer_tricks: int
    cards: tuple[ReplayedCard, ...]
    differences: tuple[str, ...]
    """Plain-words list of where and why the replay leaves the table's play."""


def _dd_choice(position: Position, solver: Solver, record: PlayRecord) -> Card:
    """The double-dummy best card for the player to move, the lowest of equals."""
    totals = declarer_totals(position, solver.solve(position), record.declarer_side)
    mover_is_declarer = position.to_move.side is record.declarer_side
    best = (max if mover_is_declarer else min)(totals.values())
    return min((c for c, t in totals.items() if t == best), key=lambda c: (c.rank, c.suit.order))


def replay_estimate(record: PlayRecord, revoke: Revoke, solver: Solver) -> ReplayEstimate:
    """Replay the board from ``revoke`` without it (see the module docstring)."""
    start = revoke.index
    table = record.case.play
    queues: dict[Seat, deque[Card]] = {seat: deque() for seat in SEATS}
    for index in range(start, len(table)):
        queues[record.positions[index].to_move].append(table[index])
    position = record.positions[start]
    first = _dd_choice(position, solver, record)
    queues[revoke.player].popleft()
    note = f"follows suit with {first} (double-dummy best) instead of revoking with {revoke.card}"
    cards = [ReplayedCard(revoke.trick, revoke.player, first, False, note)]
    differences = [f"Trick {revoke.trick}: {revoke.player} {note}."]
    position = position.play(first)
    while not position.is_over:
        seat = position.to_move
        queue = queues[seat]
        trick = 14 - position.tricks_left
        if queue and queue[0] in position.hand(seat) and position.is_legal(queue[0]):
            card = queue.popleft()
            cards.append(ReplayedCard(trick, seat, card, True, "as at the table"))
        else:
            card = _dd_choice(position, solver, record)
            if queue:
                wanted = queue.popleft()
                why = (
                    "no longer held" if wanted not in position.hand(seat)
                    else "not legal here (it was a revoke, or the lead changed)"
                )
                note = f"plays {card} (double-dummy): the table's {wanted} is {why}"
            else:
                note = f"plays {card} (double-dummy): the table's play had stopped (claim)"
            differences.append(f"Trick {trick}: {seat} {note}.")
            cards.append(ReplayedCard(trick, seat, card, False, note))
        position = position.play(card)
    return ReplayEstimate(position.tricks(record.declarer_side), tuple(cards), tuple(differences))

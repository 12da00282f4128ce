"""The play record, trick by trick: leaders, cards in turn order, winners, claims.

:func:`replay` checks what every play record must satisfy (each card is held by the player in turn
and played once; a claim fits the tricks left) but not following suit: revokes are what we rule on.
"""

from __future__ import annotations

from dataclasses import dataclass

from revoke_equity.errors import PlayError
from revoke_equity.model.cards import Card, Suit
from revoke_equity.model.case import Case
from revoke_equity.model.position import Position
from revoke_equity.model.seats import Seat, Side


@dataclass(frozen=True)
class Trick:
    """One trick as played: ``cards[i]`` was played by ``leader.after(i)``; ``winner`` is ``None``
    while the trick is unfinished (play stopped by a claim)."""

    number: int
    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat | None
    first_index: int
    """Index of the trick's first card in the play record."""

    @property
    def complete(self) -> bool:
        return len(self.cards) == 4

    @property
    def suit_led(self) -> Suit:
        return self.cards[0].suit

    def seat_of(self, offset: int) -> Seat:
        return self.leader.after(offset)

    def played(self) -> list[tuple[Seat, Card]]:
        return [(self.leader.after(i), card) for i, card in enumerate(self.cards)]

    def card_of(self, seat: Seat) -> Card | None:
        offset = (seat.index - self.leader.index) % 4
        return self.cards[offset] if offset < len(self.cards) else None

    def index_of(self, seat: Seat) -> int | None:
        """Index in the play record of ``seat``'s card in this trick."""
        offset = (seat.index - self.leader.index) % 4
        return self.first_index + offset if offset < len(self.cards) else None


@dataclass(frozen=True)
class PlayRecord:
    """The tricks of a case and the position before every card (``positions[i]`` is the position
    in which card ``i`` of the play record was played; ``positions[-1]`` is after the last)."""

    case: Case
    tricks: tuple[Trick, ...]
    positions: tuple[Position, ...]

    @property
    def declarer_side(self) -> Side:
        return self.case.declarer.side

    @property
    def complete_tricks(self) -> tuple[Trick, ...]:
        return tuple(t for t in self.tricks if t.complete)

    def trick(self, number: int) -> Trick:
        return self.tricks[number - 1]

    def claimed_tricks(self, side: Side) -> int:
        """Tricks ``side`` received by the claim or concession (0 without a claim)."""
        claim = self.case.claim
        if claim is None:
            return 0
        remaining = 13 - claim.after_trick
        declarer = claim.declarer_tricks
        return declarer if side is self.declarer_side else remaining - declarer

    def tricks_won(self, side: Side, from_trick: int = 1) -> int:
        """Tricks ``side`` won from trick ``from_trick`` on, claimed tricks included (they count as
        won after the last played trick)."""
        played = sum(
            1
            for t in self.tricks
            if t.winner is not None and t.number >= from_trick and t.winner.side is side
        )
        return played + self.claimed_tricks(side)

    @property
    def declarer_tricks(self) -> int:
        """Declarer's side's tricks at the table."""
        return self.tricks_won(self.declarer_side)


# Over 60 lines: the play's checks (turn, possession, the claim) in one pass over the cards.
def replay(case: Case) -> PlayRecord:
    """Split ``case.play`` into tricks, checking turn order, possession and the claim.

    Raises :class:`PlayError` naming the board, trick, seat and card at fault.
    """
    board = case.board
    claim = case.claim
    if len(case.play) > 52:
        raise PlayError(f"the play record has {len(case.play)} cards, more than 52", board=board)
    position = Position.initial(case.deal, case.contract.strain.trump, case.opening_leader)
    positions = [position]
    tricks: list[Trick] = []
    current: list[Card] = []
    leader = position.leader
    first_index = 0
    for index, card in enumerate(case.play):
        trick_no = index // 4 + 1
        seat = position.to_move
        if card not in position.hand(seat):
            holder = case.deal.holder(card)
            if card not in position.hand(holder):
                played_at = _trick_of_card(case.play[:index], card)
                message = f"{card} was already played (by {holder}) at trick {played_at}"
            else:
                message = (
                    f"not in turn order: it is {seat}'s turn to play but {card} is "
                    f"{holder.name_long}'s card"
                )
            raise PlayError(message, board=board, trick=trick_no, seat=str(seat), card=str(card))
        current.append(card)
        position = position.play(card)
        positions.append(position)
        if len(current) == 4:
            tricks.append(Trick(trick_no, leader, tuple(current), position.leader, first_index))
            leader, current, first_index = position.leader, [], index + 1
    if current:
        tricks.append(Trick(len(tricks) + 1, leader, tuple(current), None, first_index))
    complete = len(case.play) // 4
    if claim is None:
        if len(case.play) < 52:
            raise PlayError(
                f"the play record stops after {len(case.play)} cards (trick {complete + 1}) with "
                "no claim; give a claim for the tricks that were not played",
                board=board,
                trick=complete + 1,
            )
    else:
        if claim.after_trick != complete:
            raise PlayError(
                f"the claim is after trick {claim.after_trick} but the play record holds "
                f"{complete} complete tricks",
                board=board,
                trick=claim.after_trick,
            )
        remaining = 13 - claim.after_trick
        if not 0 <= claim.declarer_tricks <= remaining:
            raise PlayError(
                f"the claim gives declarer {claim.declarer_tricks} tricks but only {remaining} "
                "remain",
                board=board,
                trick=claim.after_trick,
            )
    return PlayRecord(case, tuple(tricks), tuple(positions))


def _trick_of_card(play: tuple[Card, ...], card: Card) -> int:
    return play.index(card) // 4 + 1

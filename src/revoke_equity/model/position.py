"""A play position: the cards still held, the trump suit and the trick in progress.

Positions are immutable values: :meth:`Position.play` returns a new one. This makes double-dummy
results cacheable per position and positions safe to send to worker processes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from revoke_equity.model.cards import Card, Suit
from revoke_equity.model.deal import Deal
from revoke_equity.model.seats import SEATS, Seat, Side


def trick_winner(leader: Seat, cards: Iterable[Card], trump: Suit | None) -> Seat:
    """The seat that wins a complete trick led by ``leader`` (Law 44D, 44E)."""
    cards = list(cards)
    best_offset = 0
    best = cards[0]
    for offset, card in enumerate(cards[1:], start=1):
        if card.suit == best.suit:
            if card.rank > best.rank:
                best, best_offset = card, offset
        elif trump is not None and card.suit == trump:
            best, best_offset = card, offset
    return leader.after(best_offset)


@dataclass(frozen=True)
class Position:
    """Who holds what, whose lead it was, and the cards of the unfinished trick.

    ``ns_tricks``/``ew_tricks`` count the tricks completed since this position's history began
    (for a position built from a deal: since the opening lead).
    """

    hands: tuple[frozenset[Card], frozenset[Card], frozenset[Card], frozenset[Card]]
    trump: Suit | None
    leader: Seat
    trick: tuple[Card, ...] = ()
    ns_tricks: int = 0
    ew_tricks: int = 0

    @classmethod
    def initial(cls, deal: Deal, trump: Suit | None, leader: Seat) -> Position:
        return cls(deal.hands, trump, leader)

    @property
    def to_move(self) -> Seat:
        return self.leader.after(len(self.trick))

    @property
    def suit_led(self) -> Suit | None:
        return self.trick[0].suit if self.trick else None

    @property
    def cards_left(self) -> int:
        """Cards in the hand of the player to move."""
        return len(self.hands[self.to_move.index])

    @property
    def tricks_left(self) -> int:
        """Tricks still to be won, the unfinished one included."""
        return len(self.hands[self.to_move.index])

    @property
    def is_over(self) -> bool:
        return not self.trick and not any(self.hands)

    def hand(self, seat: Seat) -> frozenset[Card]:
        return self.hands[seat.index]

    def tricks(self, side: Side) -> int:
        return self.ns_tricks if side is Side.NS else self.ew_tricks

    def legal_cards(self) -> frozenset[Card]:
        """The cards the player to move may play: any card on the lead, else the suit led if he
        holds one (Law 44C), else any card."""
        hand = self.hands[self.to_move.index]
        led = self.suit_led
        if led is None:
            return hand
        following = frozenset(c for c in hand if c.suit == led)
        return following or hand

    def is_legal(self, card: Card) -> bool:
        return card in self.legal_cards()

    def play(self, card: Card) -> Position:
        """The position after the player to move plays ``card`` (legal or not: revokes happen).

        Raises ``ValueError`` if the player does not hold the card.
        """
        seat = self.to_move
        hand = self.hands[seat.index]
        if card not in hand:
            raise ValueError(f"{seat} does not hold {card}")
        hands = list(self.hands)
        hands[seat.index] = hand - {card}
        trick = (*self.trick, card)
        if len(trick) < 4:
            return Position(
                (hands[0], hands[1], hands[2], hands[3]),
                self.trump,
                self.leader,
                trick,
                self.ns_tricks,
                self.ew_tricks,
            )
        winner = trick_winner(self.leader, trick, self.trump)
        ns, ew = self.ns_tricks, self.ew_tricks
        if winner.side is Side.NS:
            ns += 1
        else:
            ew += 1
        return Position((hands[0], hands[1], hands[2], hands[3]), self.trump, winner, (), ns, ew)

    def play_all(self, cards: Iterable[Card]) -> Position:
        position = self
        for card in cards:
            position = position.play(card)
        return position


def equal_groups(position: Position, cards: Sequence[Card]) -> list[list[Card]]:
    """``cards`` (all held by the player to move, each suit's cards all of his cards of that suit)
    split into groups that are equal double-dummy: runs of one suit with no card of that suit held
    by another player or on the table between them."""
    mover = position.to_move
    groups: list[list[Card]] = []
    for suit in sorted({c.suit for c in cards}, key=lambda s: s.order):
        outstanding = {int(c.rank) for c in position.trick if c.suit is suit}
        for seat in SEATS:
            if seat is not mover:
                outstanding |= {int(c.rank) for c in position.hand(seat) if c.suit is suit}
        run: list[Card] = []
        for card in sorted((c for c in cards if c.suit is suit), key=lambda c: c.rank):
            if run and any(int(run[-1].rank) < r < int(card.rank) for r in outstanding):
                groups.append(run)
                run = []
            run.append(card)
        groups.append(run)
    return groups

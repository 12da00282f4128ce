"""A play position: the cards still held, the trump suit and the trick in progress.

Positions are immutable values: :meth:`Position.play` returns a new one. This makes double-dummy
results cacheable per position and positions safe to send to worker processes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from revoke_equity.model.cards import Card, Rank, Suit
from revoke_equity.model.deal import Deal
from revoke_equity.model.seats import SEATS, Seat, Side

_TO_MOVE = {leader: tuple(leader.after(k) for k in range(4)) for leader in SEATS}
"""Per leader, who plays the trick's card 1 to 4 (a look-up, asked all the time; a count of cards
on the table is taken modulo 4, as :meth:`Seat.after` does)."""
MOVE_INDEX = {leader: tuple(leader.after(k).index for k in range(4)) for leader in SEATS}
"""The same as seat indexes."""


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
        return _TO_MOVE[self.leader][len(self.trick) & 3]

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
        trick = self.trick
        hand = self.hands[MOVE_INDEX[self.leader][len(trick) & 3]]
        if not trick:
            return hand
        led = trick[0].suit
        following = frozenset(c for c in hand if c.suit == led)
        return following or hand

    def is_legal(self, card: Card) -> bool:
        return card in self.legal_cards()

    def play(self, card: Card) -> Position:
        """The position after the player to move plays ``card`` (legal or not: revokes happen).

        Raises ``ValueError`` if the player does not hold the card.
        """
        index = MOVE_INDEX[self.leader][len(self.trick) & 3]
        hand = self.hands[index]
        if card not in hand:
            raise ValueError(f"{self.to_move} does not hold {card}")
        hands = list(self.hands)
        hands[index] = hand - {card}
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
    mover = MOVE_INDEX[position.leader][len(position.trick) & 3]
    by_suit: dict[int, list[Card]] = {}
    for card in cards:
        by_suit.setdefault(_ORDER[card.suit], []).append(card)
    outstanding = [0, 0, 0, 0]
    """Per suit (in :attr:`Suit.order`), the ranks held by the others or on the table, as bits."""
    for card in position.trick:
        outstanding[_ORDER[card.suit]] |= 1 << card.rank
    for index, hand in enumerate(position.hands):
        if index != mover:
            for order, mask in enumerate(rank_masks(hand)):
                outstanding[order] |= mask
    groups: list[list[Card]] = []
    for order in sorted(by_suit):
        held = outstanding[order]
        run: list[Card] = []
        low = 0
        for card in sorted(by_suit[order], key=_rank):
            high = int(card.rank)
            if run and held & ((1 << high) - (2 << low)):  # a rank strictly between low and high
                groups.append(run)
                run = []
            run.append(card)
            low = high
        groups.append(run)
    return groups


_ORDER = {suit: suit.order for suit in Suit}


def _rank(card: Card) -> Rank:
    return card.rank


@lru_cache(maxsize=1 << 14)
def rank_masks(hand: frozenset[Card]) -> tuple[int, int, int, int]:
    """A hand's ranks as bits (``1 << rank``), suit by suit in :attr:`Suit.order` (spades
    first, as DDS counts suits too; memoised: the hands of the lines played, and those a player
    sees, recur at every decision and in every layout he imagines)."""
    masks = [0, 0, 0, 0]
    for card in hand:
        masks[_ORDER[card.suit]] |= 1 << card.rank
    return masks[0], masks[1], masks[2], masks[3]

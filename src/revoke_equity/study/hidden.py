"""Hidden-card revokes: a player misreads one card of his hand as a card of another suit.

Real revokes are accidents: a card sorted among the wrong suit (the heart seven among the diamonds,
the suit of the same colour) or hidden behind another. The player believes he holds a card he does
not, believes he is void in the suit when he has played its other cards, discards or ruffs as if he
were (Law 61A: a revoke), and may do so again on a later lead of the suit (Law 64B2) until the card
turns up.

The model: the offender (a defender; declarer, the card in his own hand; or declarer misreading a
card of dummy's) takes the real card for the card of the same rank in the suit of the same colour
(S-C, H-D), or the nearest rank of that suit, held in a hand he cannot see. Every card he chooses
is chosen on the position as he believes it to be: the two cards swapped between his hand (or
dummy's) and the hand that really holds the believed card. When he chooses the believed card, the
real card is played. The misreading lasts until he plays the real card, or until the card he took
it for is played by its holder (he then sees that card on the table and finds his own). Everyone
else sees the real cards; a show-out is believed until the suit turns up.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from revoke_equity.model.cards import Card, Suit
from revoke_equity.model.deal import Deal
from revoke_equity.model.position import Position
from revoke_equity.model.seats import SEATS, Seat

__all__ = ["SAME_COLOUR", "HiddenCard", "believed_position", "draw_hidden", "played_card",
           "unseen_hands"]

SAME_COLOUR: dict[Suit, Suit] = {Suit.SPADES: Suit.CLUBS, Suit.CLUBS: Suit.SPADES,
                                 Suit.HEARTS: Suit.DIAMONDS, Suit.DIAMONDS: Suit.HEARTS}
"""The suit a card is misread as: the other suit of its colour."""


@dataclass(frozen=True)
class HiddenCard:
    """``card`` in ``holder``'s hand, which ``reader`` (the holder, or declarer for dummy's hand)
    takes for ``taken_for``, really held in a hand ``reader`` cannot see."""

    holder: Seat
    reader: Seat
    card: Card
    taken_for: Card

    def active(self, position: Position) -> bool:
        """The misreading lasts: the card is still in the holder's hand and the card it is taken
        for is still in another hand."""
        if self.card not in position.hand(self.holder):
            return False
        return any(self.taken_for in position.hand(s) for s in SEATS if s is not self.holder)

    def __str__(self) -> str:
        return f"{self.holder} {self.card} read as {self.taken_for}"


def unseen_hands(reader: Seat, declarer: Seat) -> tuple[Seat, ...]:
    """The hands ``reader`` never sees: a defender sees dummy (after the opening lead) but not his
    partner's or declarer's hand; declarer sees dummy but neither defender's hand."""
    return tuple(s for s in SEATS if s not in (reader, declarer.partner))


def draw_hidden(deal: Deal, declarer: Seat, holder: Seat, rng: random.Random) -> HiddenCard | None:
    """A card of ``holder``'s hand drawn uniformly (one ``rng.random()``), misread as the card of
    the other suit of its colour with the same rank or, when that card is not in a hand the reader
    cannot see, the nearest rank there (the lower of two as near). ``None`` when no card of that
    suit is in those hands."""
    reader = declarer if holder is declarer.partner else holder
    hand = sorted(deal.hand(holder), key=Card.sort_key)
    card = hand[min(int(rng.random() * len(hand)), len(hand) - 1)]
    suit = SAME_COLOUR[card.suit]
    candidates = [c for s in unseen_hands(reader, declarer) for c in deal.hand(s) if c.suit is suit]
    if not candidates:
        return None
    taken_for = min(candidates, key=lambda c: (abs(int(c.rank) - int(card.rank)), c.rank))
    return HiddenCard(holder, reader, card, taken_for)


def believed_position(position: Position, hidden: Iterable[HiddenCard]) -> Position:
    """``position`` as the reader of the active ``hidden`` cards believes it to be: each card
    swapped with the card it is taken for."""
    hands = list(position.hands)
    for h in hidden:
        if not h.active(position):
            continue
        other = next(s for s in SEATS if s is not h.holder and h.taken_for in hands[s.index])
        hands[h.holder.index] = hands[h.holder.index] - {h.card} | {h.taken_for}
        hands[other.index] = hands[other.index] - {h.taken_for} | {h.card}
    return Position((hands[0], hands[1], hands[2], hands[3]), position.trump, position.leader,
                    position.trick, position.ns_tricks, position.ew_tricks)


def played_card(chosen: Card, mover: Seat, hidden: Sequence[HiddenCard]) -> Card:
    """The real card played when the player to move ``mover`` chose ``chosen`` on the believed
    position: the hidden card when he chose the card it is taken for."""
    for h in hidden:
        if h.holder is mover and chosen == h.taken_for:
            return h.card
    return chosen

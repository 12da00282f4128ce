"""Boards built around a hand-made ending: every trick before it is four cards of one suit (no
revoke), and the ending's leader wins the last of them, so that a test can state the ending alone."""

from __future__ import annotations

from collections.abc import Mapping

from revoke_equity.model import Card, Deal, Position, Seat, Suit
from revoke_equity.model.contract import Contract

SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
ALL = [Card.from_str(s + r) for s in "SHDC" for r in "23456789TJQKA"]


def board(ending: Mapping[Seat, str], leader: Seat, contract: str, declarer: Seat,
          last_suit: Suit = Suit.CLUBS) -> tuple[Deal, list[Card]]:
    """The deal and the play of the tricks before ``ending`` (each seat's last cards, e.g.
    ``"S5 S6"``), which ``leader`` leads. The other cards of each suit are dealt round-robin (each
    suit's count must be a multiple of four), ``leader`` holding the top card of ``last_suit``,
    whose round is played last."""
    kept = {seat: [Card.from_str(c) for c in text.split()] for seat, text in ending.items()}
    used = {c for cards in kept.values() for c in cards}
    hands: dict[Seat, list[Card]] = {seat: list(cards) for seat, cards in kept.items()}
    order = [s for s in SUITS if s is not last_suit] + [last_suit]
    for suit in order:
        rest = sorted((c for c in ALL if c.suit is suit and c not in used),
                      key=lambda c: -int(c.rank))
        assert len(rest) % 4 == 0, f"{suit}: {len(rest)} cards left"
        for i, card in enumerate(rest):
            hands[leader.after(i % 4)].append(card)
    deal = Deal.from_hands(hands)
    trump = Contract.from_str(contract).strain.trump
    position = Position.initial(deal, trump, declarer.next)
    play: list[Card] = []
    plan = [s for s in order for _ in range(sum(1 for c in hands[leader] if c.suit is s
                                                and c not in used))]
    for suit in plan:
        for _ in range(4):
            hand = position.hand(position.to_move)
            card = min((c for c in hand if c.suit is suit and c not in used),
                       key=lambda c: int(c.rank))
            play.append(card)
            position = position.play(card)
    assert position.to_move is leader, "the ending's leader must win the last trick before it"
    return deal, play

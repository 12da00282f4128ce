"""The deals of the solver-core benchmark and the positions taken from each.

A deal comes from a DDS hands file (its answers are the oracle) or is a seeded random deal with a
random trump, leader and legal line. From each deal: the opening lead; a mid-play position (at a
trick boundary, after :data:`MID_PLAY_CARDS` cards) and a mid-trick one (:data:`MID_TRICK_CARDS`
cards, two on the table), taken along the deal's line (a reference line shorter than that is
continued with seeded random legal cards); and the line itself for the whole-line trace.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from revoke_equity.model.cards import ALL_CARDS, Card, Suit
from revoke_equity.model.deal import Deal
from revoke_equity.model.position import Position
from revoke_equity.model.seats import SEATS

from bench.bare import endplay_deal
from bench.hands import RefDeal

MID_PLAY_CARDS = 16
"""The mid-play position: after trick 4, the lead of trick 5 to come."""
MID_TRICK_CARDS = 18
"""The mid-trick position: two cards of trick 5 on the table."""

_TRUMPS: tuple[Suit | None, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, None)


@dataclass(frozen=True)
class Spot:
    """One position to solve: ours and bare endplay's, and how many cards led to it."""

    cards: int
    position: Position
    bare: Any


@dataclass(frozen=True)
class BenchDeal:
    """A deal of the solver benchmark with everything both sides need, built before any timing."""

    name: str
    group: str
    """``ordinary`` (list100 and random deals) or ``hard`` (largest.txt)."""
    deal: Deal
    pbn: str
    trump: int
    first: int
    line: tuple[Card, ...]
    """The whole-line trace's line (the reference ``PLAY`` line, or a random legal 52 cards)."""
    lead: Spot
    mid_play: Spot
    mid_trick: Spot
    ref: RefDeal | None

    @property
    def line_text(self) -> tuple[str, ...]:
        return tuple(str(c) for c in self.line)


def _random_legal(position: Position, rng: random.Random, count: int) -> list[Card]:
    cards: list[Card] = []
    while len(cards) < count and not position.is_over:
        card = rng.choice(sorted(position.legal_cards(), key=Card.sort_key))
        cards.append(card)
        position = position.play(card)
    return cards


def _spot(deal: Deal, pbn: str, trump: int, first: int, cards: Sequence[Card]) -> Spot:
    start = Position.initial(deal, _TRUMPS[trump], SEATS[first])
    return Spot(len(cards), start.play_all(cards),
                endplay_deal(pbn, trump, first, [str(c) for c in cards]))


def build(name: str, group: str, deal: Deal, trump: int, first: int, line: Sequence[Card],
          rng: random.Random, ref: RefDeal | None = None) -> BenchDeal:
    """A :class:`BenchDeal`; ``line`` is continued at random when the mid positions need it."""
    start = Position.initial(deal, _TRUMPS[trump], SEATS[first])
    path = list(line[:MID_TRICK_CARDS])
    if len(path) < MID_TRICK_CARDS:
        path += _random_legal(start.play_all(path), rng, MID_TRICK_CARDS - len(path))
    pbn = deal.to_pbn()
    return BenchDeal(name, group, deal, pbn, trump, first, tuple(line),
                     _spot(deal, pbn, trump, first, ()),
                     _spot(deal, pbn, trump, first, path[:MID_PLAY_CARDS]),
                     _spot(deal, pbn, trump, first, path[:MID_TRICK_CARDS]), ref)


def from_reference(ref: RefDeal, group: str, rng: random.Random) -> BenchDeal:
    deal = Deal.from_pbn(ref.pbn)
    line = [Card.from_str(c) for c in ref.play]
    return build(ref.source, group, deal, ref.trump, ref.first, line, rng, ref)


def random_deal(index: int, rng: random.Random) -> BenchDeal:
    """A seeded random deal, trump (or no trump) and leader, with a random legal 52-card line."""
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    deal = Deal.from_hands({seat: cards[13 * i:13 * i + 13] for i, seat in enumerate(SEATS)})
    trump = rng.randrange(5)
    first = rng.randrange(4)
    start = Position.initial(deal, _TRUMPS[trump], SEATS[first])
    line = _random_legal(start, rng, 52)
    return build(f"random#{index}", "ordinary", deal, trump, first, line, rng)


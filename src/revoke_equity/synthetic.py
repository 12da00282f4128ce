"""Random deals and random play records, legal or with one revoke put in on purpose.

For property tests, benchmarks and examples: every function takes the ``random.Random`` it draws
from, so a seed reproduces the same deal and play. (The research study has its own generator,
which draws only through ``Random.random()`` so that its records stay identical across Python
versions: see :mod:`revoke_equity.study.generate`.)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from revoke_equity.model.cards import ALL_CARDS, Card
from revoke_equity.model.contract import Contract
from revoke_equity.model.deal import Deal
from revoke_equity.model.position import Position
from revoke_equity.model.seats import SEATS, Seat

Chooser = Callable[[Position, random.Random], Card]
"""Picks the card the player to move plays."""

LAST_REVOKE_CARD = 44
"""Revokes are put in before card 44 (trick 12), so that they are established and 62D stays out."""


def random_deal(rng: random.Random) -> Deal:
    """A uniformly random deal."""
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    return Deal.from_hands({seat: cards[13 * i: 13 * i + 13] for i, seat in enumerate(SEATS)})


def legal_choice(position: Position, rng: random.Random) -> Card:
    """A random legal card for the player to move."""
    return rng.choice(sorted(position.legal_cards(), key=str))


def revoke_options(position: Position) -> list[Card]:
    """The cards the player to move could revoke with (another suit while holding the suit led)."""
    led = position.suit_led
    hand = position.hand(position.to_move)
    if led is None or not any(c.suit is led for c in hand):
        return []
    return sorted((c for c in hand if c.suit is not led), key=str)


def play_out(
    deal: Deal,
    contract: Contract,
    declarer: Seat,
    rng: random.Random,
    prefix: Sequence[Card] = (),
    choose: Chooser = legal_choice,
    stop_after: int = 52,
) -> tuple[Card, ...]:
    """Complete ``prefix`` to a play record of ``stop_after`` cards, choosing with ``choose``."""
    position = Position.initial(deal, contract.strain.trump, declarer.next).play_all(prefix)
    play = list(prefix)
    while len(play) < stop_after:
        card = choose(position, rng)
        play.append(card)
        position = position.play(card)
    return tuple(play)


def play_with_revoke(
    deal: Deal, contract: Contract, declarer: Seat, rng: random.Random, at: int
) -> tuple[tuple[Card, ...], int] | None:
    """A random legal play of all 52 cards with one revoke at the first chance from card ``at`` on
    (before :data:`LAST_REVOKE_CARD`): the play and the revoke card's index, or ``None`` when no
    chance came."""
    position = Position.initial(deal, contract.strain.trump, declarer.next)
    play: list[Card] = []
    revoke_index = None
    while len(play) < 52:
        options = revoke_options(position) if revoke_index is None and len(play) >= at else []
        if options and len(play) < LAST_REVOKE_CARD:
            card = rng.choice(options)
            revoke_index = len(play)
        else:
            card = legal_choice(position, rng)
        play.append(card)
        position = position.play(card)
    return (tuple(play), revoke_index) if revoke_index is not None else None

"""Test helpers: random deals and play records, legal or with revokes put in on purpose."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from revoke_equity.model import Card, Case, Contract, Deal, Seat, Vulnerability
from revoke_equity.model.cards import ALL_CARDS
from revoke_equity.model.position import Position
from revoke_equity.model.seats import SEATS

Chooser = Callable[[Position, random.Random], Card]


def random_deal(rng: random.Random) -> Deal:
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    return Deal.from_hands({seat: cards[13 * i: 13 * i + 13] for i, seat in enumerate(SEATS)})


def legal_choice(position: Position, rng: random.Random) -> Card:
    return rng.choice(sorted(position.legal_cards(), key=str))


def revoke_options(position: Position) -> list[Card]:
    """Cards the player to move could revoke with (off-suit while holding the suit led)."""
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


def make_case(deal: Deal, contract: str, declarer: str, play: Sequence[Card], **extra: object) -> Case:
    return Case(deal=deal, contract=Contract.from_str(contract), declarer=Seat.from_str(declarer),
                play=tuple(play), vulnerable=extra.pop("vulnerable", Vulnerability.NONE),  # type: ignore[arg-type]
                **extra)  # type: ignore[arg-type]


def with_revoke_at(
    deal: Deal, contract: Contract, declarer: Seat, rng: random.Random, at: int
) -> tuple[tuple[Card, ...], int] | None:
    """A random legal play with one revoke at the first chance from card ``at`` on; returns the play
    and the revoke card's index, or ``None`` if no chance came."""
    position = Position.initial(deal, contract.strain.trump, declarer.next)
    play: list[Card] = []
    revoke_index = None
    while len(play) < 52:
        options = revoke_options(position) if revoke_index is None and len(play) >= at else []
        if options and len(play) < 44:
            card = rng.choice(options)
            revoke_index = len(play)
        else:
            card = legal_choice(position, rng)
        play.append(card)
        position = position.play(card)
    return (tuple(play), revoke_index) if revoke_index is not None else None

"""Test helpers: random deals and plays come from :mod:`revoke_equity.synthetic`; cases are built
here."""

from __future__ import annotations

import random
from collections.abc import Sequence

from revoke_equity.model import (
    Card,
    Case,
    Contract,
    Deal,
    Edition,
    Noticed,
    PenaltyCard,
    Position,
    Seat,
    Strain,
    Vulnerability,
)
from revoke_equity.synthetic import (
    LAST_REVOKE_CARD,
    legal_choice,
    play_out,
    play_with_revoke,
    random_deal,
    revoke_options,
)

with_revoke_at = play_with_revoke

__all__ = ["late_penalty_cards", "late_revokes", "legal_choice", "make_case", "play_out",
           "random_deal", "revoke_options", "with_revoke_at"]


def make_case(deal: Deal, contract: str, declarer: str, play: Sequence[Card],
              **extra: object) -> Case:
    vulnerable = extra.pop("vulnerable", Vulnerability.NONE)
    return Case(deal=deal, contract=Contract.from_str(contract), declarer=Seat.from_str(declarer),
                play=tuple(play), vulnerable=vulnerable, **extra)  # type: ignore[arg-type]


def late_revokes(rng: random.Random, *, first_card: int, revokes: int = 1,
                 same_suit: bool = False) -> Case:
    """A random deal and contract, played at random (legally) but for ``revokes`` revokes by one
    player (``same_suit``: all in the suit of the first), none before card ``first_card`` (0-51):
    endings small enough for the brute-force solver. Edition and notice at random."""
    while True:
        deal = random_deal(rng)
        contract = Contract(rng.randint(1, 7), rng.choice(list(Strain)))
        declarer = rng.choice([Seat.N, Seat.E, Seat.S, Seat.W])
        position = Position.initial(deal, contract.strain.trump, declarer.next)
        play: list[Card] = []
        offender: Seat | None = None
        suit = None
        made = 0
        while len(play) < 52:
            options = revoke_options(position)
            seat = position.to_move
            can = (options and first_card <= len(play) < LAST_REVOKE_CARD and made < revokes
                   and (offender is None or (seat is offender
                        and (not same_suit or position.suit_led is suit))))
            if can and rng.random() < 0.6:
                card = rng.choice(options)
                offender, suit = seat, position.suit_led
                made += 1
            else:
                card = legal_choice(position, rng)
            play.append(card)
            position = position.play(card)
        if made == revokes:
            return Case(deal, contract, declarer, tuple(play),
                        vulnerable=rng.choice(list(Vulnerability)),
                        laws=rng.choice(list(Edition)), noticed=rng.choice(list(Noticed)))


def late_penalty_cards(rng: random.Random, *, first_card: int, cards: int) -> Case:
    """A random legal play in which a defender who discards (unable to follow) from card
    ``first_card`` on had ``cards`` other cards of his hand on the table as major penalty cards
    from that trick: his discard is a failure to play one (Law 50D1)."""
    while True:
        deal = random_deal(rng)
        contract = Contract(rng.randint(1, 7), rng.choice(list(Strain)))
        declarer = rng.choice([Seat.N, Seat.E, Seat.S, Seat.W])
        play = play_out(deal, contract, declarer, rng)
        position = Position.initial(deal, contract.strain.trump, declarer.next)
        for index, card in enumerate(play):
            seat, led = position.to_move, position.suit_led
            others = sorted((c for c in position.hand(seat) if c != card), key=str)
            if (index >= first_card and seat.side is not declarer.side and led is not None
                    and card.suit is not led and len(others) >= cards):
                trick = index // 4 + 1
                penalty = tuple(PenaltyCard(seat, c, trick) for c in rng.sample(others, cards))
                return Case(deal, contract, declarer, play, penalty_cards=penalty,
                            vulnerable=rng.choice(list(Vulnerability)),
                            laws=rng.choice(list(Edition)), noticed=rng.choice(list(Noticed)))
            position = position.play(card)

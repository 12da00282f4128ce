"""Play with misread cards (the hidden-card kinds of :mod:`.generate`): who misreads which card,
and one play of the deal in which every revoke that follows is recorded."""

from __future__ import annotations

import random

from revoke_equity.equity.propagate import Line
from revoke_equity.model.cards import Card
from revoke_equity.model.contract import Contract
from revoke_equity.model.deal import Deal
from revoke_equity.model.position import Position
from revoke_equity.model.seats import Seat
from revoke_equity.study.dd_player import DdPlayer
from revoke_equity.study.draws import below
from revoke_equity.study.hidden import HiddenCard, believed_position, draw_hidden, played_card
from revoke_equity.study.kinds import StudyKind
from revoke_equity.study.players import PlayModel
from revoke_equity.study.revokes import (
    DECLARER,
    DEFENDER,
    DISCARD,
    DUMMY,
    MAX_REVOKE_TRICK,
    RUFF,
    InjectedRevoke,
    role_of,
)

__all__ = ["hidden_attempt"]

_HIDDEN_HOLDERS: dict[StudyKind, tuple[str, ...]] = {
    StudyKind.HIDDEN_DEFENDER: (DEFENDER,),
    StudyKind.HIDDEN_DECLARER: (DECLARER,),
    StudyKind.HIDDEN_DUMMY: (DUMMY,),
}


def _hidden_cards(kind: StudyKind, deal: Deal, declarer: Seat, rng: random.Random
                  ) -> tuple[HiddenCard, ...] | None:
    """The misread card(s) of a hidden-card kind: whose (a defender drawn of the two; for both
    sides, declarer's own hand or dummy's drawn too), which card, and what it is taken for."""
    roles = _HIDDEN_HOLDERS.get(kind)
    if roles is None:  # both sides
        roles = (DEFENDER, (DECLARER, DUMMY)[below(rng, 2)])
    hidden = []
    for role in roles:
        if role == DEFENDER:
            holder = (declarer.next, declarer.previous)[below(rng, 2)]
        else:
            holder = declarer if role == DECLARER else declarer.partner
        card = draw_hidden(deal, declarer, holder, rng)
        if card is None:
            return None
        hidden.append(card)
    return tuple(hidden)


def hidden_attempt(
    deal: Deal,
    contract: Contract,
    declarer: Seat,
    kind: StudyKind,
    rng: random.Random,
    player: DdPlayer,
    play: PlayModel,
    play_rng: random.Random,
) -> tuple[tuple[Card, ...], tuple[InjectedRevoke, ...], tuple[HiddenCard, ...]] | None:
    """One play of the deal with misread card(s) (:mod:`.hidden`); every revoke they lead to is
    recorded. ``None`` when they turned up without a revoke, or when none came by trick 11, or a
    revoke fell on trick 12 (Law 62D is left out of the study)."""
    hidden = _hidden_cards(kind, deal, declarer, rng)
    if hidden is None:
        return None
    line = Line(Position.initial(deal, contract.strain.trump, declarer.next), frozenset())
    play_cards: list[Card] = []
    revokes: list[InjectedRevoke] = []
    while not line.position.is_over:
        position = line.position
        mover = position.to_move
        reader = declarer if mover is declarer.partner else mover
        misread = [h for h in hidden if h.reader is reader and h.active(position)]
        believed = believed_position(position, misread) if misread else None
        card = played_card(play.card(line, play_rng, believed), mover, misread)
        led = position.suit_led
        if led is not None and card.suit is not led and any(c.suit is led
                                                            for c in position.hand(mover)):
            trick = 14 - position.tricks_left
            if trick > MAX_REVOKE_TRICK:
                return None
            manner = RUFF if card.suit is position.trump else DISCARD
            revokes.append(InjectedRevoke(trick, mover, card, led, role_of(mover, declarer), manner,
                                          len(play_cards), player.expectation(position),
                                          player.expectation(position.play(card))))
        line = line.play(card)
        play_cards.append(card)
        if not revokes and (14 - line.position.tricks_left > MAX_REVOKE_TRICK
                            or not any(h.active(line.position) for h in hidden)):
            return None  # no revoke can come now: stop, no more solves
    return tuple(play_cards), tuple(revokes), hidden

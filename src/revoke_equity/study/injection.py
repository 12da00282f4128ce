"""Revokes put in on purpose (rule 6 of :mod:`.generate`): where the next revoke may go, the
revoke card, and one play of the deal with the revokes of a kind."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from revoke_equity.equity.propagate import Line
from revoke_equity.model.cards import Card, Suit
from revoke_equity.model.contract import Contract
from revoke_equity.model.deal import Deal
from revoke_equity.model.position import Position
from revoke_equity.model.seats import Seat
from revoke_equity.study.dd_player import DdPlayer, lowest_card
from revoke_equity.study.draws import below, between
from revoke_equity.study.errors import StudyError
from revoke_equity.study.kinds import StudyKind
from revoke_equity.study.players import PlayModel
from revoke_equity.study.revokes import (
    BEST,
    DECLARER,
    DEFENDER,
    DISCARD,
    DUMMY,
    MAX_REVOKE_TRICK,
    RUFF,
    InjectedRevoke,
    role_of,
)

__all__ = ["injected_attempt", "revoke_cards"]


@dataclass(frozen=True)
class _Want:
    """Where the next revoke may go."""

    roles: tuple[str, ...]
    manners: tuple[str, ...]
    from_trick: int
    seat: Seat | None = None
    suit: Suit | None = None


@dataclass(frozen=True)
class _Pending:
    seat: Seat
    manner: str
    lowest: Card
    """The lowest card of the drawn suit (the ``lowest`` revoke-card rule)."""


def revoke_cards(hand: frozenset[Card], led: Suit, trump: Suit | None, manner: str) -> list[Card]:
    """The cards ``hand`` could revoke with in ``manner`` on a ``led`` lead."""
    if manner == RUFF:
        return [c for c in hand if trump is not None and led is not trump and c.suit is trump]
    return [c for c in hand if c.suit is not led and c.suit is not trump]


def _place(
    position: Position, want: _Want, declarer: Seat, rng: random.Random
) -> _Pending | None:
    """After a lead: draw a follower who can revoke as ``want`` says, his manner and card."""
    led = position.suit_led
    assert led is not None
    if want.suit is not None and led is not want.suit:
        return None
    choices: list[tuple[Seat, list[str]]] = []
    for offset in (1, 2, 3):
        seat = position.leader.after(offset)
        if want.seat is not None and seat is not want.seat:
            continue
        if role_of(seat, declarer) not in want.roles:
            continue
        hand = position.hand(seat)
        if not any(c.suit is led for c in hand):
            continue
        manners = [m for m in want.manners if revoke_cards(hand, led, position.trump, m)]
        if manners:
            choices.append((seat, manners))
    if not choices:
        return None
    seat, manners = choices[below(rng, len(choices))]
    manner = manners[below(rng, len(manners))]
    cards = revoke_cards(position.hand(seat), led, position.trump, manner)
    suits = sorted({c.suit for c in cards}, key=lambda s: s.order)
    suit = suits[below(rng, len(suits))]
    return _Pending(seat, manner, lowest_card([c for c in cards if c.suit is suit]))


_BOTH_MANNERS = (RUFF, DISCARD)
NextWant = Callable[[InjectedRevoke, random.Random], _Want]


def _plan(kind: StudyKind, rng: random.Random) -> tuple[_Want, NextWant | None]:
    """The first revoke's :class:`_Want` and how to place a second one after it (or ``None``)."""
    if kind is StudyKind.DEFENDER_DISCARD:
        return _Want((DEFENDER,), (DISCARD,), between(rng, 1, MAX_REVOKE_TRICK)), None
    if kind is StudyKind.DEFENDER_RUFF:
        return _Want((DEFENDER,), (RUFF,), between(rng, 1, MAX_REVOKE_TRICK)), None
    if kind is StudyKind.DECLARER:
        return _Want((DECLARER,), _BOTH_MANNERS, between(rng, 1, MAX_REVOKE_TRICK)), None
    if kind is StudyKind.DUMMY:
        return _Want((DUMMY,), _BOTH_MANNERS, between(rng, 1, MAX_REVOKE_TRICK)), None
    first_trick = between(rng, 1, MAX_REVOKE_TRICK - 1)
    if kind is StudyKind.SAME_SUIT_TWICE:

        def again(first: InjectedRevoke, rng: random.Random) -> _Want:
            return _Want((first.role,), _BOTH_MANNERS, first.trick + 1, first.seat, first.suit_led)

        return _Want((DEFENDER, DECLARER), _BOTH_MANNERS, first_trick), again
    first_role = (DEFENDER, DECLARER)[below(rng, 2)]

    def other_side(first: InjectedRevoke, rng: random.Random) -> _Want:
        role = DECLARER if first.role == DEFENDER else DEFENDER
        if first.trick >= MAX_REVOKE_TRICK:  # no trick left for it: the attempt will be dropped
            return _Want((role,), _BOTH_MANNERS, MAX_REVOKE_TRICK + 1)
        return _Want((role,), _BOTH_MANNERS, between(rng, first.trick + 1, MAX_REVOKE_TRICK))

    return _Want((first_role,), _BOTH_MANNERS, first_trick), other_side


# Over 60 lines: one play of the deal with the revokes put in, card by card to trick 11.
def injected_attempt(
    deal: Deal,
    contract: Contract,
    declarer: Seat,
    dd_tricks: int,
    kind: StudyKind,
    rng: random.Random,
    player: DdPlayer,
    revoke_card: str,
    play: PlayModel | None = None,
    play_rng: random.Random | None = None,
    before: Sequence[Card] = (),
) -> tuple[tuple[Card, ...], tuple[InjectedRevoke, ...]] | None:
    """One play of the deal with the revokes of ``kind`` put in; ``None`` when a revoke found no
    place by trick 11. Until the first revoke the cards are ``before``'s, as long as each is legal;
    every other card is double-dummy, or ``play``'s (drawing from ``play_rng``)."""
    want: _Want | None
    want, second = _plan(kind, rng)
    dd_play = play is None or play.name == "dd"
    line = Line(Position.initial(deal, contract.strain.trump, declarer.next), frozenset())
    play_cards: list[Card] = []
    injected: list[InjectedRevoke] = []
    pending: _Pending | None = None
    expectation = dd_tricks
    following = bool(before)
    while not line.position.is_over:
        position = line.position
        if pending is not None and position.to_move is pending.seat:
            led = position.suit_led
            assert led is not None
            trick = 14 - position.tricks_left
            before_dd = expectation if dd_play and not before else player.expectation(position)
            if revoke_card == BEST:
                cards = revoke_cards(position.hand(pending.seat), led, position.trump,
                                      pending.manner)
                card, _ = player.best_revoke(position, cards)
            else:
                card = pending.lowest
            line = line.play(card)
            play_cards.append(card)
            expectation = player.expectation(line.position)
            revoke = InjectedRevoke(trick, pending.seat, card, led,
                                    role_of(pending.seat, declarer), pending.manner,
                                    len(play_cards) - 1, before_dd, expectation)
            injected.append(revoke)
            pending = None
            want = second(revoke, rng) if second is not None else None
            second = None
            continue
        following = following and not injected and len(play_cards) < len(before) and \
            position.is_legal(before[len(play_cards)])
        if following:
            card = before[len(play_cards)]
        elif dd_play:
            card = player.choose(position)
        else:
            assert play is not None and play_rng is not None
            card = play.card(line, play_rng)
        line = line.play(card)
        play_cards.append(card)
        position = line.position
        if want is not None and pending is None and len(position.trick) == 1:
            trick = 14 - position.tricks_left
            if trick > MAX_REVOKE_TRICK:
                return None  # no place for the revoke: stop here, no more solves
            if trick >= want.from_trick:
                pending = _place(position, want, declarer, rng)
                if pending is not None:
                    want = None
    if want is not None or pending is not None:  # pragma: no cover - returned at trick 12
        return None
    table = line.position.tricks(declarer.side)
    if dd_play and table != expectation:
        raise StudyError(
            f"double-dummy play gave declarer {table} tricks but the expectation after the last "
            f"revoke was {expectation}"
        )
    return tuple(play_cards), tuple(injected)

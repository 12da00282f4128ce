"""Law 62: a revoke that is not established but still stands in the record is corrected.

A revoke is left unestablished when a claim or concession by the non-offending side, not agreed by
the offenders, stopped the play before the offender or his partner played to the next trick (Laws
63A3, 63A4). The record then shows the revoke card as played; the Director corrects it:

- 62A: the revoke must be corrected;
- 62B: the offender withdraws the revoke card and substitutes a legal card of his choice (the
  suit led, the penalty card or the card a requirement names: :attr:`Revoke.could_play`);
  62B1: a card withdrawn from a defender's unfaced hand becomes a major penalty card (Law 50),
  to be played at the first legal opportunity (Law 50D1) from the next trick on; 62B2: declarer's
  or dummy's card is replaced without further rectification (every edition: 1997, 2007, 2017);
- 62C1: each non-offender may withdraw a card he played after the revoke and play another;
- 62C2: after a non-offender so withdraws a card, the player of the offending side next in
  rotation may withdraw his card too.

Pure law code: :func:`correct` says what the correction allows (:class:`Correction62`), and
:meth:`Correction62.allowed` which cards each player may play as the corrected play goes on; the
play itself is chosen by the estimators (:mod:`revoke_equity.ruling.corrected`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from revoke_equity.laws.revokes import Revoke, penalty_cards_in_force
from revoke_equity.model.cards import Card
from revoke_equity.model.case import Case, PenaltyCard
from revoke_equity.model.play import PlayRecord
from revoke_equity.model.position import Position
from revoke_equity.model.seats import Seat, Side

C1, C2 = "62C1", "62C2"


@dataclass(frozen=True)
class LaterCard:
    """A table card played after the revoke, before the claim stopped the play."""

    index: int
    """Its index in the play record."""
    seat: Seat
    card: Card
    clause: str
    """``62C1``: a non-offender's, he may change it; ``62C2``: the offending side's, it may be
    changed only after the non-offender who played just before him changed his."""


@dataclass(frozen=True)
class Correction62:
    """What the Law 62 correction of one revoke allows."""

    revoke: Revoke
    position: Position
    """The position in which the offender played the revoke card (the table's play before it)."""
    choices: tuple[Card, ...]
    """The legal cards the offender may substitute (62B)."""
    penalty_card: PenaltyCard | None
    """The withdrawn card as a major penalty card (62B1, a defender's); ``None`` when declarer or
    dummy revoked (62B2: replaced without further rectification)."""
    penalty_cards: tuple[PenaltyCard, ...]
    """Every major penalty card in force in the corrected play (the case's, those of corrected
    revokes, and :attr:`penalty_card`)."""
    later: tuple[LaterCard, ...]
    """The table's cards after the revoke card, in play order."""
    claimer: Seat | None
    """Who made the claim or concession that stopped the play (``None``: no claim): it is ruled
    on the corrected position (Law 70)."""

    @property
    def clause(self) -> str:
        """``62B1`` (a defender's card, now a penalty card) or ``62B2`` (declarer's or dummy's)."""
        return "62B1" if self.penalty_card is not None else "62B2"

    @property
    def offending_side(self) -> Side:
        return self.revoke.side

    def allowed(self, position: Position) -> tuple[Card, ...] | None:
        """The cards the player to move at ``position`` (a position of the corrected play, from
        :attr:`position` on) may play, when the correction restricts him; ``None``: any legal card.

        The offender's first card is one of :attr:`choices`; a 62C2 table card stands unless the
        non-offender just before changed his card; otherwise a major penalty card must be played
        at the first legal opportunity (Law 50D1; several: declarer designates, Law 51)."""
        index = played(position)
        if index == self.revoke.index:
            return self.choices
        for later in self.later:
            if later.index == index and later.clause == C2:
                before = next(x for x in self.later if x.index == index - 1)
                if position.trick and position.trick[-1] == before.card \
                        and position.is_legal(later.card):
                    return (later.card,)
        forced = obligation(position, self.penalty_cards)
        return forced or None


def played(position: Position) -> int:
    """How many cards have been played to reach ``position`` (its index in a play record)."""
    return 52 - sum(len(hand) for hand in position.hands)


def obligation(position: Position, penalty_cards: Sequence[PenaltyCard]) -> tuple[Card, ...]:
    """The major penalty cards the player to move must choose among (Law 50D1: played at the first
    legal opportunity, leading, following or discarding), in bridge order; none when he has none
    on the table or none is legal."""
    seat = position.to_move
    trick = played(position) // 4 + 1
    legal = position.legal_cards()
    hand = position.hand(seat)
    cards = {p.card for p in penalty_cards
             if p.player is seat and p.from_trick <= trick and p.card in hand and p.card in legal}
    return tuple(sorted(cards, key=Card.sort_key))


def standing(revokes: Sequence[Revoke]) -> tuple[Revoke, ...]:
    """The revokes that are not established and still stand in the record (not listed among the
    case's corrections)."""
    return tuple(r for r in revokes if not r.established and not r.corrected)


def correct(record: PlayRecord, revokes: Sequence[Revoke]) -> Correction62 | None:
    """The Law 62 correction of the board's first revoke that is not established and stands in
    the record; ``None`` when there is none."""
    found = standing(revokes)
    if not found:
        return None
    revoke = found[0]
    case = record.case
    offending = revoke.side
    defender = offending is not case.declarer.side
    penalty = PenaltyCard(revoke.player, revoke.card, revoke.trick + 1) if defender else None
    in_force = penalty_cards_in_force(case) + ((penalty,) if penalty is not None else ())
    later: list[LaterCard] = []
    for index in range(revoke.index + 1, len(case.play)):
        seat = record.positions[index].to_move
        if seat.side is not offending:
            clause = C1
        elif later and later[-1].index == index - 1 and later[-1].clause == C1:
            clause = C2
        else:  # the offending side played on: the revoke would be established (Law 63A1)
            break
        later.append(LaterCard(index, seat, case.play[index], clause))
    claimer = case.claim.claimer(case.declarer) if case.claim is not None else None
    return Correction62(revoke, record.positions[revoke.index], revoke.could_play, penalty,
                        in_force, tuple(later), claimer)


def corrected_case(case: Case, correction: Correction62, line: Sequence[Card]) -> Case:
    """The case as corrected: the table's cards before the revoke card, then ``line`` (the
    corrected play from the offender's substituted card to the end of the board), no claim."""
    play = case.play[: correction.revoke.index] + tuple(line)
    return replace(case, play=play, claim=None)


def changes(correction: Correction62, line: Sequence[Card]) -> tuple[LaterCard, ...]:
    """The table's later cards that ``line`` (the corrected play) changes, each with the
    clause that lets its player change it (62C1, 62C2)."""
    start = correction.revoke.index
    out = []
    for later in correction.later:
        offset = later.index - start
        if offset < len(line) and line[offset] != later.card:
            out.append(later)
    return tuple(out)

"""Where the Director's counterfactual starts: the comparison point of Law 64C, per clause.

- **64C1** (one side revoked, no ``64B2`` revoke): the first established revoke; the offender plays a
  legal card instead (the penalty card, when the revoke was a failure to play one: Law 50D1).
- **64C2(a)** (2017; ``64C`` in 1997 and 2007): a player revoked again in the same suit. The
  comparison is "had one or more of the *subsequent* revokes not occurred": it starts at the first
  ``64B2`` revoke; the earlier revokes stay as played, and their Law 64A transfers are recomputed on
  the counterfactual play (the WBF Laws Committee judges the second revoke's equity from the position
  after the first). The 64C1 comparison is made as well; the non-offenders get the better of the two.
- **64C2(b)** (both sides established revokes; ``64C`` in 1997 and 2007): the first established revoke
  of either side, no revoke after it.

Pure law code: the counterfactual play itself is the estimators' job (:mod:`revoke_equity.equity`).
"""

from __future__ import annotations

from dataclasses import dataclass

from revoke_equity.laws.correction import Correction62
from revoke_equity.laws.editions import equity_label, has_64a2_extra_trick
from revoke_equity.laws.law import Law
from revoke_equity.laws.rectification import TrickTransfer, distinct_tricks
from revoke_equity.laws.revokes import Revoke, RevokeKind
from revoke_equity.model.cards import Card, Suit
from revoke_equity.model.edition import Edition
from revoke_equity.model.play import PlayRecord
from revoke_equity.model.position import Position
from revoke_equity.model.seats import Seat, Side, tricks_for

RECOMPUTED_LAWS = frozenset({Law.L64A1, Law.L64A2, Law.L64B1})
"""A kept revoke decided by one of these laws at the table is rectified again on the counterfactual
play (who wins the later tricks may change); one that a 64B exception of another kind exempted (a
revoke by dummy, noticed too late, ...) stays without transfer."""


@dataclass(frozen=True)
class KeptRevoke:
    """An established revoke before a 64C2(a) comparison point: it stays as played."""

    trick: int
    player: Seat
    suit_led: Suit | None
    won_revoke_trick: bool
    """The offender won the revoke trick (Law 64A1), rather than 64A2."""
    recomputed: bool
    """Its Law 64A transfer is recomputed on the counterfactual play (see :data:`RECOMPUTED_LAWS`)."""
    table_tricks: tuple[int, ...]
    """Numbers of the tricks the offending side won at the table from this revoke's trick up to the
    comparison trick (exclusive)."""
    won_with_suit_led: bool
    """1997 64A2: the offender won one of those tricks with a card of the suit led to the revoke."""


@dataclass(frozen=True)
class ComparisonPoint:
    """The position from which the play is replayed without the revoke(s)."""

    clause: str
    """``C1``, ``C2a`` or ``C2b`` (2017 numbering)."""
    law: Law
    """The clause the edition prints (``64C1``, ``64C2a``, ``64C2b``; ``64C`` in 1997 and 2007)."""
    revoke: Revoke
    position: Position
    """The position in which the offender had to play (table play up to the card before)."""
    choices: tuple[Card, ...]
    """The cards the offender may play instead: the suit led, or the penalty card(s) (Law 50D1)."""
    designated_by_declarer: bool
    """Several penalty cards could be played: declarer, the non-offender, designates one (Law 51)."""
    kept: tuple[KeptRevoke, ...]
    offending_side: Side | None
    """The side that revoked (``None`` for 64C2(b): both sides)."""
    declarer_side: Side
    extra_trick_rule: bool
    """The edition's 64A2 extra trick (1997) applies to kept revokes."""
    correction: Correction62 | None = None
    """Set for the corrected play of a revoke that is not established (clause ``62``): the cards
    the correction lets each player play (:meth:`Correction62.allowed`), not a comparison of
    Law 64C."""

    @property
    def trick(self) -> int:
        return self.revoke.trick

    @property
    def player(self) -> Seat:
        return self.revoke.player

    @property
    def tracks_offender_wins(self) -> bool:
        """The counterfactual must record which suits the offender won tricks with (1997 64A2)."""
        return self.extra_trick_rule and any(
            k.recomputed and not k.won_revoke_trick and not k.won_with_suit_led for k in self.kept
        )

    def kept_transfer(self, offending_tricks_after: int,
                      offender_won_suits: frozenset[Suit] = frozenset()) -> int:
        """Tricks Law 64A transfers for the kept revokes when the offending side wins
        ``offending_tricks_after`` tricks from the comparison trick on (all of them later than
        every kept revoke) and the offender wins tricks with cards of ``offender_won_suits``
        there. The cap on distinct tricks applies (``ruling.md``, "Several revokes by one side")."""
        if not self.kept:
            return 0
        later = [self.trick + i for i in range(offending_tricks_after)]
        units: list[list[int]] = []
        for kept in sorted(self.kept, key=lambda k: -k.trick):
            if not kept.recomputed:
                continue
            from_revoke = [n for n in kept.table_tricks if n >= kept.trick] + later
            after_revoke = [n for n in from_revoke if n > kept.trick]
            if kept.won_revoke_trick:  # 64A1
                units.append([kept.trick])
                if after_revoke:
                    units.append(after_revoke)
            elif from_revoke:  # 64A2 (else 64B1: nothing won, nothing transferred)
                units.append(from_revoke)
                won_with_suit = kept.won_with_suit_led or (
                    kept.suit_led is not None and kept.suit_led in offender_won_suits)
                if self.extra_trick_rule and won_with_suit:
                    units.append(from_revoke)
        return distinct_tricks(units)

    def declarer_total(self, final: Position, offender_won_suits: frozenset[Suit] = frozenset()
                       ) -> int:
        """Declarer's total for a counterfactual line that ended in ``final`` (a position of the
        same history as :attr:`position`, after trick 13): tricks won before the comparison trick
        at the table, the counterfactual tricks, and the kept revokes' transfers."""
        rest = final.tricks(self.declarer_side) - self.position.tricks(self.declarer_side)
        return self.total_from_rest(rest, offender_won_suits)

    def total_from_rest(self, declarer_rest: int,
                        offender_won_suits: frozenset[Suit] = frozenset()) -> int:
        """Declarer's total when declarer's side wins ``declarer_rest`` tricks from the comparison
        trick on (that trick included)."""
        tricks = self.position.tricks(self.declarer_side) + declarer_rest
        if self.offending_side is None or not self.kept:
            return tricks
        if self.offending_side is self.declarer_side:
            return tricks - self.kept_transfer(declarer_rest, offender_won_suits)
        after = tricks_for(self.offending_side, declarer_rest, self.declarer_side,
                           self.position.tricks_left)
        return tricks + self.kept_transfer(after, offender_won_suits)



def comparison_points(record: PlayRecord, revokes: tuple[Revoke, ...], transfer: TrickTransfer,
                      edition: Edition) -> tuple[ComparisonPoint, ...]:
    """The comparison points the Director weighs, the law's own first: 64C2(a) before 64C1 when a
    player revoked twice in a suit; 64C2(b) alone when both sides revoked; none without an
    established revoke."""
    established = [r for r in revokes if r.established]
    if not established:
        return ()
    side = transfer.offending_side
    first = established[0]
    if side is None:
        return (_point(record, first, "C2b", (), None, edition),)
    rects = dict(zip((r.index for r in established), transfer.rectifications, strict=True))
    repeat = next((r for r in established if rects[r.index].law is Law.L64B2), None)
    points = []
    if repeat is not None:
        kept = tuple(_kept(record, r, rects[r.index].law, repeat.trick)
                     for r in established if r.trick < repeat.trick)
        points.append(_point(record, repeat, "C2a", kept, side, edition))
    points.append(_point(record, first, "C1", (), side, edition))
    return tuple(points)


def _point(record: PlayRecord, revoke: Revoke, clause: str, kept: tuple[KeptRevoke, ...],
           side: Side | None, edition: Edition) -> ComparisonPoint:
    choices = revoke.could_play
    return ComparisonPoint(
        clause=clause,
        law=equity_label(edition, clause),
        revoke=revoke,
        position=record.positions[revoke.index],
        choices=choices,
        designated_by_declarer=revoke.kind is RevokeKind.PENALTY_CARD and len(choices) > 1,
        kept=kept,
        offending_side=side,
        declarer_side=record.declarer_side,
        extra_trick_rule=has_64a2_extra_trick(edition),
    )


def correction_point(record: PlayRecord, correction: Correction62) -> ComparisonPoint:
    """The corrected play of a revoke that is not established (Law 62) as a point the estimators
    play from: the offender substitutes one of his legal cards (62B), every later card is the
    estimate's within what :meth:`Correction62.allowed` lets its player play."""
    return ComparisonPoint(
        clause="62", law=Law.L62, revoke=correction.revoke, position=correction.position,
        choices=correction.choices, designated_by_declarer=False, kept=(),
        offending_side=correction.offending_side, declarer_side=record.declarer_side,
        extra_trick_rule=False, correction=correction)


def _kept(record: PlayRecord, revoke: Revoke, law: Law, point_trick: int) -> KeptRevoke:
    side = revoke.side
    won = tuple(t.number for t in record.tricks
                if revoke.trick <= t.number < point_trick and t.winner is not None
                and t.winner.side is side)
    with_suit = any(
        t.winner is revoke.player and (card := t.card_of(revoke.player)) is not None
        and card.suit is revoke.suit_led
        for t in record.tricks if revoke.trick < t.number < point_trick
    )
    return KeptRevoke(
        trick=revoke.trick,
        player=revoke.player,
        suit_led=revoke.suit_led,
        won_revoke_trick=record.trick(revoke.trick).winner is revoke.player,
        recomputed=law in RECOMPUTED_LAWS,
        table_tricks=won,
        won_with_suit_led=with_suit,
    )

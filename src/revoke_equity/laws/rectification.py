"""Law 64: the automatic trick transfer for established revokes, its exceptions and the cap.

Implements ``ruling.md`` ("Rectification of one established revoke", "Several revokes by one
side", "Mechanical result") for the 1997, 2007 and 2017 Laws.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from revoke_equity.errors import CaseError
from revoke_equity.laws.editions import (
    both_sides_need_established_revokes,
    has_64a2_extra_trick,
    rules,
)
from revoke_equity.laws.law import Law, Sentence, cite, sentence_text
from revoke_equity.laws.revokes import Revoke, RevokeKind
from revoke_equity.model.case import Noticed
from revoke_equity.model.edition import Edition
from revoke_equity.model.play import PlayRecord
from revoke_equity.model.seats import Side


@dataclass(frozen=True)
class Rectification:
    """The law that decided one established revoke, and the tricks it prescribes taken alone."""

    trick: int
    player: str
    law: Law
    tricks: int
    because: Sentence
    """Why that law, its citations apart (:attr:`reason` is its text)."""

    @property
    def reason(self) -> str:
        """:attr:`because` as plain text."""
        return sentence_text(self.because)


@dataclass(frozen=True)
class TrickTransfer:
    """The outcome of Law 64 for the whole board."""

    rectifications: tuple[Rectification, ...]
    offending_side: Side | None
    """The side whose established revokes are rectified; ``None`` when no side or both sides have
    established revokes. Under the 2007 Laws a corrected (or otherwise unestablished) revoke of the
    other side brings Law 64B7 but leaves this the side with the established revokes: the other
    side's revoke did no damage that Law 64C could be asked to repair."""
    prescribed: int
    """Sum of the tricks each rectification prescribes on its own."""
    transferred: int
    """Tricks actually transferred, after the cap on distinct tricks."""
    table_declarer_tricks: int
    """Declarer's side's tricks on the record Law 64 was applied to: the table's, or after a Law
    62D correction the table's tricks 1-11 and the corrected tricks 12-13."""
    declarer_side: Side

    @property
    def mechanical_declarer_tricks(self) -> int:
        """Law 64A at the end of play: declarer's table tricks, plus or minus the transfer."""
        if self.offending_side is None:
            return self.table_declarer_tricks
        sign = -1 if self.offending_side is self.declarer_side else 1
        return self.table_declarer_tricks + sign * self.transferred


# Over 60 lines: the exceptions of Law 64B, one branch each, tried in the edition's order.
def exception_64b(
    revoke: Revoke,
    earlier: list[Revoke],
    record: PlayRecord,
    edition: Edition,
    other_side: Revoke | None,
) -> tuple[Law, Sentence] | None:
    """The first Law 64B exception that applies, in the edition's order
    (:attr:`~revoke_equity.laws.editions.EditionRules.checks_64b`), with its reason.

    ``other_side`` is a revoke of the other side that makes "both sides revoked" (64B7) true under
    ``edition`` (see :func:`both_sides_revoke`), ``None`` when there is none."""
    edition_rules = rules(edition)
    noticed = record.case.noticed

    def after_next_deal_call() -> Sentence | None:
        if noticed is Noticed.AFTER_NEXT_DEAL_CALL:
            return ("attention was first drawn after a non-offender called on the next deal",)
        return None

    def after_round() -> Sentence | None:
        if noticed is Noticed.AFTER_ROUND:
            return ("attention was first drawn after the round ended",)
        return None

    def on_trick_twelve() -> Sentence | None:
        if revoke.trick == 12:
            return ("a revoke on trick 12 is corrected under ", cite(Law.L62D))
        return None

    def by_dummy_or_penalty_card() -> Sentence | None:
        if revoke.by_dummy:
            return ("a revoke by failing to play a card of dummy",)
        if revoke.kind is RevokeKind.PENALTY_CARD:
            return ("a revoke by failing to play a penalty card",)
        return None

    def repeated_in_suit() -> Sentence | None:
        for first in earlier:
            if (first.player is revoke.player and first.suit_led is revoke.suit_led
                    and first.kind is revoke.kind is RevokeKind.FOLLOW_SUIT):
                return (f"a second revoke by {revoke.player} in the same suit as the revoke at "
                        f"trick {first.trick}",)
        return None

    def both_sides() -> Sentence | None:
        if other_side is None:
            return None
        if other_side.established:
            return ("both sides have established revokes on the board",)
        return (f"both sides revoked on the board: {other_side.player}'s revoke at trick "
                f"{other_side.trick} counts though it was not established ({edition} Laws)",)

    def won_nothing() -> Sentence | None:
        if record.tricks_won(revoke.side, revoke.trick) == 0:
            return ("the offending side won neither the revoke trick nor any later trick",)
        return None

    checks: dict[Law, Callable[[], Sentence | None]] = {
        Law.L64B4: after_next_deal_call,
        Law.L64B5: after_round,
        edition_rules.trick_twelve: on_trick_twelve,
        Law.L64B3: by_dummy_or_penalty_card,
        Law.L64B2: repeated_in_suit,
        edition_rules.both_sides: both_sides,
        Law.L64B1: won_nothing,
    }
    for law in edition_rules.checks_64b:
        reason = checks[law]()
        if reason is not None:
            return law, reason
    return None


def rectify(record: PlayRecord, revokes: tuple[Revoke, ...], edition: Edition) -> TrickTransfer:
    """Apply Law 64 to every established revoke of ``record`` and cap the total transfer.

    ``record`` is the table's record, or the record corrected under Law 62D (see
    :func:`revoke_equity.laws.twelfth_trick.correct`); ``revokes`` are always the table's."""
    established = [r for r in revokes if r.established]
    sides = {r.side for r in established}
    rectifications: list[Rectification] = []
    demands: list[tuple[Revoke, int]] = []
    for i, revoke in enumerate(established):
        trick = record.trick(revoke.trick)
        if trick.winner is None:
            raise CaseError(
                "the revoke is in a trick left unfinished by the claim; who won that trick must be "
                "decided before Law 64 can be applied",
                board=record.case.board, trick=revoke.trick, seat=str(revoke.player),
                card=str(revoke.card),
            )
        other_side = both_sides_revoke(revoke, revokes, edition)
        exception = exception_64b(revoke, established[:i], record, edition, other_side)
        if exception is not None:
            law, because = exception
            rectifications.append(Rectification(revoke.trick, str(revoke.player), law, 0, because))
            continue
        later = record.tricks_won(revoke.side, revoke.trick + 1)
        if trick.winner is revoke.player:
            tricks = 1 + (1 if later > 0 else 0)
            reason = (
                f"{revoke.player} won the revoke trick: it is transferred"
                + (", plus one trick because the offending side won a later trick" if later else
                   "; the offending side won no later trick")
            )
            rectifications.append(Rectification(revoke.trick, str(revoke.player), Law.L64A1, tricks,
                                                 (reason,)))
        else:
            tricks = 1
            reason = (
                f"{revoke.player} did not win the revoke trick; the offending side won that trick "
                "or a later one: one trick is transferred"
            )
            if has_64a2_extra_trick(edition) and _won_later_with_card_he_could_play(record, revoke):
                tricks = 2
                reason += (
                    f", plus one because {revoke.player} later won a trick with a card he could "
                    "legally have played to the revoke trick (1997)"
                )
            rectifications.append(Rectification(revoke.trick, str(revoke.player), Law.L64A2, tricks,
                                                 (reason,)))
        demands.append((revoke, tricks))
    prescribed = sum(t for _, t in demands)
    transferred = _assign_distinct_tricks(record, demands)
    offending = next(iter(sides)) if len(sides) == 1 else None
    return TrickTransfer(
        tuple(rectifications), offending, prescribed, transferred, record.declarer_tricks,
        record.declarer_side,
    )


def both_sides_revoke(revoke: Revoke, revokes: tuple[Revoke, ...], edition: Edition) -> Revoke | None:
    """The first revoke of the other side that makes "both sides revoked" (Law 64B7; 1997: the
    equity of the 2001 WBF minute) apply to ``revoke``: an established one in 1997 and 2017, any
    one in 2007 (corrected or not established)."""
    need_established = both_sides_need_established_revokes(edition)
    return next((r for r in revokes if r.side is not revoke.side
                 and (r.established or not need_established)), None)


def _won_later_with_card_he_could_play(record: PlayRecord, revoke: Revoke) -> bool:
    """1997 Law 64A2: the offender later won a trick with a card he could legally have played to
    the revoke trick (one of ``could_play``: a card of the suit led, or a card that complied with
    the requirement)."""
    for trick in record.tricks[revoke.trick:]:
        if trick.winner is revoke.player:
            card = trick.card_of(revoke.player)
            if card is not None and card in revoke.could_play:
                return True
    return False


def _assign_distinct_tricks(record: PlayRecord, demands: list[tuple[Revoke, int]]) -> int:
    """The largest number of distinct tricks that can be transferred when each revoke may take only
    tricks its side won from its own trick on (and a 64A1 revoke its own trick first).

    A maximum bipartite matching (augmenting paths) of demanded tricks to tricks won; revokes are
    taken later ones first, as ``ruling.md`` says (the size of a maximum matching does not depend on
    the order).
    """
    if not demands:
        return 0
    side = demands[0][0].side
    won: list[int] = [
        t.number for t in record.tricks if t.winner is not None and t.winner.side is side
    ]
    claim = record.case.claim
    if claim is not None:
        won += [claim.after_trick + 1 + i for i in range(record.claimed_tricks(side))]
    units: list[list[int]] = []
    for revoke, tricks in sorted(demands, key=lambda d: -d[0].trick):
        trick = record.trick(revoke.trick)
        if trick.winner is revoke.player:
            units.append([revoke.trick])
            units += [[n for n in won if n > revoke.trick]] * (tricks - 1)
        else:
            units += [[n for n in won if n >= revoke.trick]] * tricks
    return distinct_tricks(units)


def distinct_tricks(units: list[list[int]]) -> int:
    """The largest number of units that can each take a distinct trick from its own list of trick
    numbers: a maximum bipartite matching by augmenting paths (its size does not depend on the
    order of the units)."""
    owner: dict[int, int] = {}

    def augment(unit: int, seen: set[int]) -> bool:
        for n in units[unit]:
            if n in seen:
                continue
            seen.add(n)
            if n not in owner or augment(owner[n], seen):
                owner[n] = unit
                return True
        return False

    return sum(1 for unit in range(len(units)) if augment(unit, set()))

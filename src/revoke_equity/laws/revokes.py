"""Finding revokes (Law 61) and deciding their establishment (Law 63).

A revoke is a failure to follow suit when able (Laws 44C, 61A), by any player, dummy included when
declarer plays from it; a failure to play a major penalty card at the first legal opportunity
(Laws 50D1, 61A); or a failure, when able, to lead or play as an opponent required in rectifying
an irregularity (Laws 26, 50D2, 57A, 59, 61A). A revoke listed among the case's corrections was
withdrawn before it was established (Law 62, or 62C3 in 2017) and is reported but never rectified.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from revoke_equity.errors import CaseError
from revoke_equity.laws.law import Law, Sentence, cite, sentence_text
from revoke_equity.model.cards import Card, Suit, format_cards
from revoke_equity.model.case import Case, Correction, PenaltyCard, Requirement, RequirementKind
from revoke_equity.model.play import PlayRecord, Trick
from revoke_equity.model.position import Position
from revoke_equity.model.seats import Seat, Side


class RevokeKind(enum.Enum):
    """What the offender failed to do."""

    FOLLOW_SUIT = "follow-suit"
    """Did not follow suit while holding a card of the suit led (Laws 44C, 61A)."""
    PENALTY_CARD = "penalty-card"
    """Did not play a major penalty card at the first legal opportunity (Laws 50D1, 61A)."""
    REQUIREMENT = "requirement"
    """Did not lead or play, when able, as an opponent required in rectification (Laws 26, 50D2,
    57A, 59, 61A)."""


@dataclass(frozen=True)
class Revoke:
    """One revoke: ``card`` is the card played (or, when corrected, the card withdrawn)."""

    trick: int
    player: Seat
    card: Card
    suit_led: Suit | None
    by_dummy: bool
    established: bool
    corrected: bool
    kind: RevokeKind
    index: int
    """Index in the play record of the offender's card in the revoke trick."""
    could_play: tuple[Card, ...]
    """The cards the offender had to choose from: the suit led, the penalty card, or the cards that
    comply with the requirement."""
    established_by: Seat | None = None
    """Who of the offending side played to the next trick and so established it (63A1); ``None``
    when a claim or concession established it (63A3/63A4) or it is not established."""
    requirement: Requirement | None = None
    """The requirement not complied with (kind ``REQUIREMENT`` only)."""

    @property
    def side(self) -> Side:
        return self.player.side

    def describe(self) -> str:
        """One line for a director, e.g. ``Trick 5: E played H2 on a spade lead while holding S9
        S3: revoke (Law 61A).``"""
        return sentence_text(self.describe_parts())

    def describe_parts(self) -> Sentence:
        """:meth:`describe` with its citations apart."""
        held = format_cards(self.could_play)
        who = f"{self.player} (dummy)" if self.by_dummy else str(self.player)
        what: Sentence
        if self.requirement is not None:
            what = (f"Trick {self.trick}: {who} ",
                    *self._failed_requirement(self.requirement, held))
        elif self.kind is RevokeKind.PENALTY_CARD:
            what = (
                f"Trick {self.trick}: {who} played {self.card} while the major penalty card "
                f"{held} could legally be played: revoke (", cite("50D1", Law.L61A), ")."
            )
        else:
            led = _SUIT_NAMES[self.suit_led] if self.suit_led else "a"
            what = (
                f"Trick {self.trick}: {who} played {self.card} on a {led} lead while holding "
                f"{held}: revoke (", cite(Law.L61A), ")."
            )
        if self.corrected:
            what += (" It was corrected before it was established (", cite("62"), ").")
        return what

    def _failed_requirement(self, requirement: Requirement, held: str) -> Sentence:
        """``led C5 when required to lead a heart ...``: the requirement, its law, the revoke."""
        kind = requirement.kind
        wanted = _SUIT_NAMES[requirement.suit] if requirement.suit else ""
        led = _SUIT_NAMES[self.suit_led] if self.suit_led else ""
        revoke = (": revoke (", cite("59", Law.L61A), ").")
        if kind is RequirementKind.LEAD:
            return (f"led {self.card} when required to lead a {wanted} (", cite("26", "50D2"),
                    f") while holding {held}", *revoke)
        if kind is RequirementKind.NO_LEAD:
            return (f"led {self.card} when forbidden to lead a {wanted} from trick "
                    f"{requirement.trick} for as long as he kept the lead (", cite("26", "50D2"),
                    f"), while holding {held}", *revoke)
        if kind is RequirementKind.SUIT:
            return (f"played {self.card} on a {led} lead when required to play a {wanted} (",
                    cite("57A"), f") while holding {held}", *revoke)
        return (f"played {self.card} on a {led} lead when required to play his {kind.value} {led}, "
                f"{held} (", cite("57A"), ")", *revoke)


_SUIT_NAMES = {Suit.SPADES: "spade", Suit.HEARTS: "heart", Suit.DIAMONDS: "diamond",
               Suit.CLUBS: "club"}


def find_revokes(record: PlayRecord) -> tuple[Revoke, ...]:
    """Every revoke of the play record, corrected ones included, in play order.

    Raises :class:`CaseError` for a correction or penalty card that does not fit the record.
    """
    case = record.case
    _check_penalty_cards(record)
    corrections = {(c.trick, c.player): c for c in case.corrected}
    _check_corrections(record, corrections)
    _check_requirements(record)
    penalty_cards = penalty_cards_in_force(case)
    found: list[Revoke] = []
    for trick in record.tricks:
        for offset, card in enumerate(trick.cards):
            seat = trick.seat_of(offset)
            index = trick.first_index + offset
            position = record.positions[index]
            correction = corrections.get((trick.number, seat))
            if correction is not None:
                found.append(_corrected(record, trick, seat, index, correction))
                continue
            revoke = _revoke_at(record, trick, seat, index, card, position, penalty_cards)
            if revoke is not None:
                found.append(revoke)
    return tuple(found)


def penalty_cards_in_force(case: Case) -> tuple[PenaltyCard, ...]:
    """The case's major penalty cards plus those that corrected revokes created: a card a defender
    withdraws under Law 62B1 becomes a major penalty card, to be played at the first legal
    opportunity from the next trick on (Law 50D1)."""
    listed = {(p.player, p.card) for p in case.penalty_cards}
    created = tuple(
        PenaltyCard(c.player, c.card, c.trick + 1)
        for c in case.corrected
        if c.player.side is not case.declarer.side and (c.player, c.card) not in listed
    )
    return case.penalty_cards + created


def _revoke_at(
    record: PlayRecord,
    trick: Trick,
    seat: Seat,
    index: int,
    card: Card,
    position: Position,
    penalty_cards: tuple[PenaltyCard, ...],
) -> Revoke | None:
    case = record.case
    hand = position.hand(seat)
    led = trick.suit_led if index > trick.first_index else None
    by_dummy = seat is case.dummy
    if led is not None and card.suit is not led:
        following = tuple(c for c in hand if c.suit is led)
        if following:
            established, by = _established(record, trick, seat)
            return Revoke(
                trick.number, seat, card, led, by_dummy, established, False,
                RevokeKind.FOLLOW_SUIT, index, following, by,
            )
    for requirement in _requirements_in_force(record, trick, seat):
        complying = _complying_cards(requirement, position)
        if complying and card not in complying:
            established, by = _established(record, trick, seat)
            return Revoke(
                trick.number, seat, card, led, by_dummy, established, False,
                RevokeKind.REQUIREMENT, index, complying, by, requirement,
            )
    penalty = _playable_penalty_cards(penalty_cards, seat, trick.number, position)
    if penalty and card not in penalty:
        established, by = _established(record, trick, seat)
        return Revoke(
            trick.number, seat, card, led, by_dummy, established, False,
            RevokeKind.PENALTY_CARD, index, penalty, by,
        )
    return None


def _requirements_in_force(record: PlayRecord, trick: Trick, seat: Seat) -> list[Requirement]:
    """The case's requirements that bind ``seat``'s card in ``trick``: a lead requirement at its
    trick; a lead prohibition from its trick for as long as ``seat`` keeps the lead (he led every
    trick since); a play requirement at its trick."""
    out = []
    for r in record.case.requirements:
        if r.player is not seat:
            continue
        if r.kind is RequirementKind.NO_LEAD:
            if r.trick <= trick.number and all(
                    record.trick(n).leader is seat for n in range(r.trick, trick.number + 1)):
                out.append(r)
        elif r.trick == trick.number:
            out.append(r)
    return out


def _complying_cards(requirement: Requirement, position: Position) -> tuple[Card, ...]:
    """The legal cards of the player to move that comply with ``requirement``; none when he is
    unable to comply (Law 59: he may then play any otherwise legal card). Following suit comes
    first: Law 59 excuses a player obliged to follow suit."""
    legal = position.legal_cards()
    kind = requirement.kind
    if kind in (RequirementKind.HIGHEST, RequirementKind.LOWEST):
        led = position.suit_led
        of_led = [c for c in legal if led is not None and c.suit is led]
        if not of_led:
            return ()
        pick = max if kind is RequirementKind.HIGHEST else min
        return (pick(of_led, key=lambda c: c.rank),)
    if kind is RequirementKind.NO_LEAD:
        complying = [c for c in legal if c.suit is not requirement.suit]
    else:
        complying = [c for c in legal if c.suit is requirement.suit]
    return tuple(sorted(complying, key=Card.sort_key))


def _playable_penalty_cards(
    penalty_cards: tuple[PenaltyCard, ...], seat: Seat, trick: int, position: Position
) -> tuple[Card, ...]:
    """Major penalty cards of ``seat`` that are on the table and legal to play now (Law 50D1)."""
    hand = position.hand(seat)
    legal = position.legal_cards()
    return tuple(
        p.card
        for p in penalty_cards
        if p.player is seat and p.from_trick <= trick and p.card in hand and p.card in legal
    )


def _established(record: PlayRecord, trick: Trick, offender: Seat) -> tuple[bool, Seat | None]:
    """Law 63A: the offender or his partner played to the next trick (63A1: the seat who did is
    returned), or a member of the offending side made or agreed to a claim or concession after the
    revoke trick (63A3, 63A4 in 2017; 63A3 in 1997 and 2007)."""
    if trick.number < len(record.tricks):
        following = record.tricks[trick.number]
        for seat in (offender, offender.partner):
            if following.card_of(seat) is not None:
                return True, seat
    claim = record.case.claim
    if claim is None or claim.after_trick < trick.number - (0 if trick.complete else 1):
        return False, None
    return claim_establishes(record.case, offender.side), None


def claim_establishes(case: Case, offending: Side) -> bool:
    """Law 63A3/63A4: the case's claim or concession establishes a revoke of side ``offending``
    when a member of that side made it, or agreed to the opponents' (1997 and 2007: both in 63A3).
    A claim by the other side that the offending side did not agree to leaves the revoke to be
    corrected (Law 62)."""
    claim = case.claim
    assert claim is not None
    return claim.claimer(case.declarer).side is offending or claim.agreed


def _corrected(
    record: PlayRecord, trick: Trick, seat: Seat, index: int, correction: Correction
) -> Revoke:
    position = record.positions[index]
    hand = position.hand(seat)
    led = trick.suit_led if index > trick.first_index else None
    following = tuple(c for c in hand if led is not None and c.suit is led)
    return Revoke(
        trick.number, seat, correction.card, led, seat is record.case.dummy, False, True,
        RevokeKind.FOLLOW_SUIT, index, following,
    )


def _check_corrections(record: PlayRecord, corrections: dict[tuple[int, Seat], Correction]) -> None:
    board = record.case.board
    for c in record.case.corrected:
        def error(message: str, c: Correction = c) -> CaseError:
            return CaseError(message, board=board, trick=c.trick, seat=str(c.player),
                             card=str(c.card))

        if not 1 <= c.trick <= len(record.tricks):
            raise error(f"corrected revoke names trick {c.trick}, which was not played")
        trick = record.trick(c.trick)
        index = trick.index_of(c.player)
        if index is None:
            raise error(f"{c.player} did not play to trick {c.trick}")
        if index == trick.first_index:
            raise error(f"{c.player} led to trick {c.trick}: a lead cannot revoke")
        hand = record.positions[index].hand(c.player)
        if c.card not in hand:
            raise error(f"{c.player} did not hold {c.card} at trick {c.trick}")
        if c.card.suit is trick.suit_led or not any(x.suit is trick.suit_led for x in hand):
            raise error(f"{c.card} on a {trick.suit_led} lead would not have been a revoke by {c.player}")
        played = trick.card_of(c.player)
        if played == c.card:
            raise error(f"the play record has {c.player} playing {c.card}, the withdrawn card, to "
                        f"trick {c.trick}: it holds the card that replaced it (Law 62B)")
        if played is not None and played.suit is not trick.suit_led:
            raise error(f"the play record's card for {c.player} at trick {c.trick}, {played}, does "
                        f"not follow {trick.suit_led} either: a revoke is corrected by following suit "
                        "(Law 62B)")
    if len(corrections) != len(record.case.corrected):
        raise CaseError("two corrections name the same trick and player", board=board)


def _check_requirements(record: PlayRecord) -> None:
    """Each requirement binds a defender at a trick that was played: a lead requirement or
    prohibition the leader of that trick, a play requirement another player of it."""
    case = record.case
    seen: set[tuple[int, Seat]] = set()
    for r in case.requirements:
        problem = None
        trick = record.trick(r.trick) if 1 <= r.trick <= len(record.tricks) else None
        if r.player.side is case.declarer.side:
            problem = "only a defender can be required to lead or play a card (Laws 26, 50D2, 57A)"
        elif trick is None:
            problem = f"requirement names trick {r.trick}, which was not played"
        elif trick.card_of(r.player) is None:
            problem = f"{r.player} did not play to trick {r.trick}"
        elif r.kind.is_lead and trick.leader is not r.player:
            problem = f"a '{r.kind}' requirement, but {trick.leader}, not {r.player}, led trick {r.trick}"
        elif not r.kind.is_lead and trick.leader is r.player:
            problem = f"a '{r.kind}' requirement is about following, but {r.player} led trick {r.trick}"
        elif (r.trick, r.player) in seen:
            problem = f"two requirements name trick {r.trick} and {r.player}"
        if problem is not None:
            raise CaseError(problem, board=case.board, trick=r.trick, seat=str(r.player))
        seen.add((r.trick, r.player))


def _check_penalty_cards(record: PlayRecord) -> None:
    case = record.case
    for p in case.penalty_cards:
        problem = None
        if case.deal.holder(p.card) is not p.player:
            problem = f"penalty card {p.card} is not {p.player}'s card"
        elif p.player.side is case.declarer.side:
            problem = "only a defender can have a penalty card (Law 50)"
        elif not 1 <= p.from_trick <= 13:
            problem = f"penalty card from trick {p.from_trick}: not 1-13"
        if problem is not None:
            raise CaseError(problem, board=case.board, trick=p.from_trick, seat=str(p.player),
                            card=str(p.card))

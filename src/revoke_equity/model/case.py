"""A case: one board as it was played, plus the facts a Director asks about (spec/case.md)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from revoke_equity.model.auction import Auction
from revoke_equity.model.cards import Card, Suit
from revoke_equity.model.contract import Contract, Vulnerability
from revoke_equity.model.deal import Deal
from revoke_equity.model.edition import DEFAULT_EDITION, Edition
from revoke_equity.model.seats import Seat
from revoke_equity.model.shown import Shown


class Noticed(enum.Enum):
    """When attention was first drawn to the revoke(s)."""

    DURING_PLAY = "during-play"
    """During the play of the board."""
    END_OF_PLAY = "end-of-play"
    """At the end of play, before anyone called on the next deal (the default)."""
    AFTER_NEXT_DEAL_CALL = "after-next-deal-call"
    """After a member of the non-offending side called on the next deal (Law 64B4)."""
    AFTER_ROUND = "after-round"
    """After the round ended (Law 64B5)."""

    @classmethod
    def from_str(cls, text: str) -> Noticed:
        try:
            return cls(text.strip().lower())
        except ValueError:
            names = ", ".join(n.value for n in cls)
            raise ValueError(f"unknown 'noticed' value {text!r} (expected one of {names})") from None

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Claim:
    """Play stopped after trick ``after_trick`` by a claim or concession; declarer's side received
    ``declarer_tricks`` of the remaining ``13 - after_trick`` tricks (as agreed, or as the Director
    ruled on the claim).

    ``by`` is the seat that claimed or conceded (``None``: declarer, the default) and ``agreed``
    whether the other side agreed. Both decide whether the claim establishes a revoke (Law 63A3,
    63A4)."""

    after_trick: int
    declarer_tricks: int
    by: Seat | None = None
    agreed: bool = True

    def claimer(self, declarer: Seat) -> Seat:
        """The seat that made the claim or concession (declarer when not given)."""
        return declarer if self.by is None else self.by


@dataclass(frozen=True)
class Correction:
    """A revoke corrected before it was established (Law 62) or under Law 62C3: ``card`` is the
    revoke card that was withdrawn; the play record holds the card that replaced it."""

    trick: int
    player: Seat
    card: Card


@dataclass(frozen=True)
class PenaltyCard:
    """A major penalty card of ``player`` on the table from the start of trick ``from_trick``."""

    player: Seat
    card: Card
    from_trick: int


class RequirementKind(enum.Enum):
    """What an opponent required as a rectification (Laws 26, 50D2, 57A)."""

    LEAD = "lead"
    """Lead ``suit`` at the requirement's trick (Laws 26, 50D2)."""
    NO_LEAD = "no-lead"
    """Do not lead ``suit`` from that trick for as long as the player keeps the lead (Laws 26,
    50D2)."""
    HIGHEST = "highest"
    """Play the highest card held of the suit led (Law 57A)."""
    LOWEST = "lowest"
    """Play the lowest card held of the suit led (Law 57A)."""
    SUIT = "suit"
    """Play a card of ``suit`` (Law 57A)."""

    @property
    def needs_suit(self) -> bool:
        """Whether the requirement names a suit (``highest`` and ``lowest`` take the suit led)."""
        return self not in (RequirementKind.HIGHEST, RequirementKind.LOWEST)

    @property
    def is_lead(self) -> bool:
        """Whether the requirement is about the player's lead."""
        return self in (RequirementKind.LEAD, RequirementKind.NO_LEAD)

    @classmethod
    def from_str(cls, text: str) -> RequirementKind:
        try:
            return cls(text.strip().lower())
        except ValueError:
            names = ", ".join(k.value for k in cls)
            raise ValueError(f"unknown requirement kind {text!r} (expected one of {names})") from None

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Requirement:
    """A lead or play an opponent required of ``player`` as a rectification, from trick ``trick``:
    failing to comply when able is a revoke (Laws 59, 61A). ``suit`` is ``None`` for ``highest``
    and ``lowest``."""

    trick: int
    player: Seat
    kind: RequirementKind
    suit: Suit | None = None


@dataclass(frozen=True)
class Case:
    """One board with its play record. Readers in :mod:`revoke_equity.io` build these."""

    deal: Deal
    contract: Contract
    declarer: Seat
    play: tuple[Card, ...]
    vulnerable: Vulnerability = Vulnerability.NONE
    board: int | None = None
    laws: Edition = DEFAULT_EDITION
    claim: Claim | None = None
    noticed: Noticed = Noticed.END_OF_PLAY
    corrected: tuple[Correction, ...] = field(default=())
    penalty_cards: tuple[PenaltyCard, ...] = field(default=())
    requirements: tuple[Requirement, ...] = field(default=())
    auction: Auction | None = None
    """The auction, when known (likely-result §7)."""
    shown: Shown = field(default=Shown())
    """What the director says the seats' calls showed; when given, it replaces what the auction's
    natural meanings would show."""

    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def opening_leader(self) -> Seat:
        return self.declarer.next

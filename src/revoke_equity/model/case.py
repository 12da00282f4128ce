"""A case: one board as it was played, plus the facts a Director asks about (spec/case.md)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from revoke_equity.model.cards import Card
from revoke_equity.model.contract import Contract, Vulnerability
from revoke_equity.model.deal import Deal
from revoke_equity.model.edition import Edition
from revoke_equity.model.seats import Seat


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
    """Play stopped after trick ``after_trick`` by an agreed claim or concession; declarer's side
    received ``declarer_tricks`` of the remaining ``13 - after_trick`` tricks."""

    after_trick: int
    declarer_tricks: int


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


@dataclass(frozen=True)
class Case:
    """One board with its play record. Readers in :mod:`revoke_equity.io` build these."""

    deal: Deal
    contract: Contract
    declarer: Seat
    play: tuple[Card, ...]
    vulnerable: Vulnerability = Vulnerability.NONE
    board: int | None = None
    laws: Edition = Edition.LAWS_2017
    claim: Claim | None = None
    noticed: Noticed = Noticed.END_OF_PLAY
    corrected: tuple[Correction, ...] = field(default=())
    penalty_cards: tuple[PenaltyCard, ...] = field(default=())

    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def opening_leader(self) -> Seat:
        return self.declarer.next

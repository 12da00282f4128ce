"""A revoke put into a synthetic case: its record and the words for its role and manner."""

from __future__ import annotations

from dataclasses import dataclass

from revoke_equity.model.cards import Card, Suit
from revoke_equity.model.seats import Seat

__all__ = [
    "BEST",
    "DECLARER",
    "DEFENDER",
    "DISCARD",
    "DUMMY",
    "LOWEST",
    "MAX_REVOKE_TRICK",
    "REVOKE_CARD_RULES",
    "RUFF",
    "InjectedRevoke",
    "role_of",
]

MAX_REVOKE_TRICK = 11
"""The last trick a revoke is injected at (trick 12 would bring in Law 62D)."""


RUFF, DISCARD = "ruff", "discard"
BEST, LOWEST = "best", "lowest"
REVOKE_CARD_RULES = (BEST, LOWEST)
"""How the revoke card is chosen among the offender's cards of the drawn manner: ``best`` for his
side double-dummy (he plays as if void, and well), or ``lowest`` of a drawn suit."""
DEFENDER, DECLARER, DUMMY = "defender", "declarer", "dummy"


@dataclass(frozen=True)
class InjectedRevoke:
    """One revoke put into the play on purpose, and what it did double-dummy."""

    trick: int
    seat: Seat
    card: Card
    suit_led: Suit
    role: str
    """``defender``, ``declarer`` or ``dummy``."""
    manner: str
    """``ruff`` (a trump) or ``discard`` (a card of a side suit)."""
    index: int
    """Index of the revoke card in the play record."""
    before: int
    """Declarer's double-dummy expectation (tricks won plus DD rest) just before the revoke."""
    after: int
    """The same just after it."""

    @property
    def offender_gain(self) -> int:
        """Tricks the revoke gained the offending side double-dummy (negative: it cost them)."""
        gain = self.after - self.before
        return -gain if self.role == DEFENDER else gain


def role_of(seat: Seat, declarer: Seat) -> str:
    if seat is declarer:
        return DECLARER
    if seat is declarer.partner:
        return DUMMY
    return DEFENDER

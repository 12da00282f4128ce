"""Small immutable values of our own: cards, seats, deals, contracts, cases, positions.

endplay's types are mutable ctypes structures and slow to import; conversion happens in ``io`` and
``solver`` only.
"""

from revoke_equity.model.cards import Card, Rank, Strain, Suit
from revoke_equity.model.case import (
    Case,
    Claim,
    Correction,
    Noticed,
    PenaltyCard,
    Requirement,
    RequirementKind,
)
from revoke_equity.model.contract import Contract, Doubling, Vulnerability
from revoke_equity.model.deal import Deal
from revoke_equity.model.edition import Edition
from revoke_equity.model.position import Position
from revoke_equity.model.seats import Seat, Side

__all__ = [
    "Card",
    "Case",
    "Claim",
    "Contract",
    "Correction",
    "Deal",
    "Doubling",
    "Edition",
    "Noticed",
    "PenaltyCard",
    "Position",
    "Rank",
    "Requirement",
    "RequirementKind",
    "Seat",
    "Side",
    "Strain",
    "Suit",
    "Vulnerability",
]

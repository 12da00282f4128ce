"""Where a study case's deal and contract come from when they are not shuffled and chosen by rule:
the interface :func:`.generate.generate_case` draws through (:mod:`.real_deals` implements it for
DDS's hand files)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from revoke_equity.model.auction import Auction
from revoke_equity.model.cards import Card
from revoke_equity.model.contract import Contract, Vulnerability
from revoke_equity.model.deal import Deal
from revoke_equity.model.seats import Seat

__all__ = ["DealSource", "SourcedDeal"]


@dataclass(frozen=True)
class SourcedDeal:
    """A deal with its contract, board conditions and the play at the table, from a source."""

    source: str
    """Which file and deal (``list100#7``)."""
    deal: Deal
    contract: Contract | None
    """``None`` when the source lacks it: the case draws another deal."""
    declarer: Seat
    dealer: Seat
    vulnerable: Vulnerability
    before: tuple[Card, ...] = ()
    """Cards to play, as they were played at the table, before the first injected revoke (empty:
    every card is the play model's)."""
    auction: Auction | None = None
    """The auction at the table, when the source has one: the single-dummy play model
    (``--play sd``) imagines its layouts to match what it showed, and the case keeps it."""


class DealSource(Protocol):
    """Deals for the cases of a study, a pure function of the case index and the draw."""

    def draw(self, index: int, nth: int) -> SourcedDeal:
        """The ``nth`` deal (1, 2, ...) drawn for case ``index``."""
        ...

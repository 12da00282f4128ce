"""Test helpers: random deals and plays come from :mod:`revoke_equity.synthetic`; cases are built
here."""

from __future__ import annotations

from collections.abc import Sequence

from revoke_equity.model import Card, Case, Contract, Deal, Seat, Vulnerability
from revoke_equity.synthetic import (
    legal_choice,
    play_out,
    play_with_revoke,
    random_deal,
    revoke_options,
)

with_revoke_at = play_with_revoke

__all__ = ["legal_choice", "make_case", "play_out", "random_deal", "revoke_options",
           "with_revoke_at"]


def make_case(deal: Deal, contract: str, declarer: str, play: Sequence[Card],
              **extra: object) -> Case:
    vulnerable = extra.pop("vulnerable", Vulnerability.NONE)
    return Case(deal=deal, contract=Contract.from_str(contract), declarer=Seat.from_str(declarer),
                play=tuple(play), vulnerable=vulnerable, **extra)  # type: ignore[arg-type]

"""The recommended score: the mechanical result, or the Director's equity under Law 64C.

Implements ``ruling.md`` ("Recommendation"): the comparison is one-sided (Law 12B2: never adjust
because the transfer was too severe); both sides revoking leads to the equity (64C2(b)).
"""

from __future__ import annotations

from dataclasses import dataclass

from revoke_equity.laws.editions import both_sides_label, equity_label
from revoke_equity.laws.rectification import TrickTransfer
from revoke_equity.model.edition import Edition


@dataclass(frozen=True)
class Recommendation:
    """The law the recommended score rests on, whether it is an adjusted score, and the tricks."""

    law: str
    adjusted: bool
    declarer_tricks: int
    reason: str


def recommend(
    edition: Edition,
    transfer: TrickTransfer,
    mechanical_tricks: int,
    equity_tricks: int | None,
    twelfth_trick_corrected: bool,
) -> Recommendation:
    """Choose between the mechanical result and the double-dummy equity.

    ``mechanical_tricks`` is declarer's total after Law 64A and, where it applied, the Law 62D
    correction; ``equity_tricks`` is ``None`` when no equity was computed.
    """
    rects = transfer.rectifications
    table = transfer.table_declarer_tricks
    if not rects:
        return Recommendation("none", False, mechanical_tricks, "No established revoke.")
    if transfer.offending_side is None:
        stands = both_sides_label(edition)
        if equity_tricks is None:
            return Recommendation(stands, False, table, "Both sides revoked; no equity computed.")
        if equity_tricks != table:
            return Recommendation(
                equity_label(edition, "C2b"), True, equity_tricks,
                "Both sides revoked: the score is adjusted to the likely result had no revoke "
                "occurred.",
            )
        return Recommendation(
            stands, False, table,
            "Both sides revoked, but the likely result without the revokes equals the table "
            "result, which stands.",
        )
    base = _mechanical_law(transfer, twelfth_trick_corrected)
    if equity_tricks is None:
        return Recommendation(base, False, mechanical_tricks, "No equity was computed.")
    gain = non_offenders_tricks(transfer, equity_tricks) - non_offenders_tricks(
        transfer, mechanical_tricks)
    if gain > 0:
        clause = "C2a" if any(r.law == "64B2" for r in rects) else "C1"
        return Recommendation(
            equity_label(edition, clause), True, equity_tricks,
            f"The non-offending side would likely have won {gain} more trick"
            f"{'s' if gain > 1 else ''} without the revoke than the mechanical result gives them, "
            "so the Director adjusts the score.",
        )
    return Recommendation(
        base, False, mechanical_tricks,
        "The mechanical result gives the non-offending side at least the likely result without "
        "the revoke; it stands (Law 12B2: no adjustment because a rectification was too severe)."
        if gain < 0 else
        "The mechanical result equals the likely result without the revoke; it stands.",
    )


def non_offenders_tricks(transfer: TrickTransfer, declarer_tricks: int) -> int:
    """The non-offending side's tricks when declarer's side takes ``declarer_tricks`` (one side
    offended: ``transfer.offending_side`` is set)."""
    assert transfer.offending_side is not None
    if transfer.offending_side is not transfer.declarer_side:
        return declarer_tricks
    return 13 - declarer_tricks


def _mechanical_law(transfer: TrickTransfer, twelfth_trick_corrected: bool) -> str:
    """The law a mechanical result rests on: 62D for a corrected trick-12 revoke, else the first
    rectification that transferred tricks, else the first rectification."""
    if twelfth_trick_corrected:
        return "62D"
    for r in transfer.rectifications:
        if r.tricks > 0:
            return r.law
    return transfer.rectifications[0].law


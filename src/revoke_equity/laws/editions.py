"""What differs between the 1997, 2007 and 2017 Laws, as data the law code reads.

See ``../shared/spec/ruling.md`` ("Editions") and ``../shared/laws.md``.
"""

from __future__ import annotations

from revoke_equity.model.edition import Edition


def has_64a2_extra_trick(edition: Edition) -> bool:
    """1997 Law 64A2: one more trick if the offender later won a trick with a card of the suit led
    to the revoke trick."""
    return edition is Edition.LAWS_1997


def trick_twelve_label(edition: Edition) -> str:
    """A revoke on trick 12: Law 64B6 (2007, 2017); in 1997 only Law 62D handles it."""
    return "62D" if edition is Edition.LAWS_1997 else "64B6"


def both_sides_need_established_revokes(edition: Edition) -> bool:
    """Who counts as "both sides revoked" for Law 64B7.

    2017: both sides have established revokes. 2007: "both sides have revoked on the same board":
    any revoke of each side counts, also one corrected before it was established. 1997 has no 64B7;
    the 2001 WBF Laws Committee minute (restore equity as if neither side had revoked) is read for
    established revokes of both sides, the revokes Law 64 would otherwise rectify."""
    return edition is not Edition.LAWS_2007


def both_sides_label(edition: Edition) -> str:
    """Both sides revoked: Law 64B7 (2007, 2017); in 1997 the 2001 WBF Laws Committee minute, reported
    as 64C."""
    return "64C" if edition is Edition.LAWS_1997 else "64B7"


def equity_label(edition: Edition, clause: str) -> str:
    """The label of an adjusted score replacing the mechanical result: ``clause`` is ``C1``,
    ``C2a`` or ``C2b`` (2017 numbering); 1997 and 2007 have one Law 64C."""
    return f"64{clause}" if edition is Edition.LAWS_2017 else "64C"


def weighted_label(edition: Edition) -> str:
    """The clause of a weighted adjusted score: Law 12C1(c) (2007, 2017); in 1997 weighting is an
    appeals committee's power, Law 12C3."""
    return "12C3" if edition is Edition.LAWS_1997 else "12C1(c)"


def split_label(edition: Edition) -> str:
    """The clause of the split pair (most favourable likely result to the non-offenders, most
    unfavourable at all probable result to the offenders): 12C1(e) (2007, 2017, where the
    regulating authority elects it); in 1997 it is the rule itself, Law 12C2."""
    return "12C2" if edition is Edition.LAWS_1997 else "12C1(e)"

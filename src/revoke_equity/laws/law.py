"""The law clauses a ruling cites, as printed (``64B2``, ``12C1(c)``): one vocabulary for every layer.

Which clause an edition prints for the same rule (the trick-12 exception is 64B6 in 2007 and 2017,
62D in 1997) is in :mod:`revoke_equity.laws.editions`. A :class:`Law` is a string enum so that its
printed label goes into JSON and text unchanged; code compares members (``law is Law.L64B2``),
never labels.
"""

from __future__ import annotations

import enum


class Law(enum.StrEnum):
    """A law clause, valued by its printed label."""

    L61A = "61A"
    """A revoke: failing to follow suit, or to comply with a requirement, when able."""
    L62D = "62D"
    """A revoke on trick 12 is corrected; tricks 12-13 are played again."""
    L63A1 = "63A1"
    """Established: the offender or his partner played to the next trick."""
    L63A3 = "63A3"
    """Established: a member of the offending side made (1997, 2007: or agreed to) a claim or
    concession."""
    L63A4 = "63A4"
    """Established (2017): a member of the offending side agreed to the opponents' claim."""
    L64A1 = "64A1"
    """The offender won the revoke trick: it is transferred, plus one if his side won a later one."""
    L64A2 = "64A2"
    """The offender did not win the revoke trick: one trick is transferred (1997: maybe two)."""
    L64B1 = "64B1"
    """No transfer: the offending side won neither the revoke trick nor a later one."""
    L64B2 = "64B2"
    """No transfer: a second revoke by the same player in the same suit."""
    L64B3 = "64B3"
    """No transfer: a revoke by failing to play a card of dummy or a penalty card."""
    L64B4 = "64B4"
    """No transfer: attention was first drawn after a non-offender called on the next deal."""
    L64B5 = "64B5"
    """No transfer: attention was first drawn after the round ended."""
    L64B6 = "64B6"
    """No transfer (2007, 2017): a revoke on trick 12."""
    L64B7 = "64B7"
    """No transfer (2007, 2017): both sides revoked on the board."""
    L64B8 = "64B8"
    """No transfer (2017): a revoke that Law 62C3 covers."""
    L64C = "64C"
    """Equity (1997, 2007): the non-offenders are not sufficiently compensated."""
    L64C1 = "64C1"
    """Equity (2017): the non-offenders are not sufficiently compensated."""
    L64C2A = "64C2a"
    """Equity (2017): a player revoked again in the same suit."""
    L64C2B = "64C2b"
    """Equity (2017): both sides established revokes."""
    L12B2 = "12B2"
    """An adjusted score does not make good a damage the non-offenders did to themselves; it is
    given only when the rectification was not sufficient."""
    L12C1C = "12C1(c)"
    """A weighted adjusted score (2007, 2017)."""
    L12C1E = "12C1(e)"
    """The split pair, where the regulating authority elects it (2007, 2017)."""
    L12C2 = "12C2"
    """The split pair (1997)."""
    L12C3 = "12C3"
    """A weighted adjusted score, an appeals committee's power (1997)."""
    NONE = "none"
    """No clause: no established revoke, the table result stands (printed ``none``)."""

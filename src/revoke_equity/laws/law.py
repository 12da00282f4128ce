"""The law clauses a ruling cites, as printed (``64B2``, ``12C1(c)``): one vocabulary for every layer.

Which clause an edition prints for the same rule (the trick-12 exception is 64B6 in 2007 and 2017,
62D in 1997) is in :mod:`revoke_equity.laws.editions`. A :class:`Law` is a string enum so that its
printed label goes into JSON and text unchanged; code compares members (``law is Law.L64B2``),
never labels. A sentence that cites clauses keeps each :class:`Citation` apart from its text
(:data:`Sentence`), so that writers can show citations as such.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Law(enum.StrEnum):
    """A law clause, valued by its printed label."""

    L61A = "61A"
    """A revoke: failing to follow suit, or to comply with a requirement, when able."""
    L62 = "62"
    """A revoke not established is corrected: the offender substitutes a legal card (62A-B), the
    non-offenders may change their later cards (62C1)."""
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


@dataclass(frozen=True)
class Citation:
    """A reference to law clauses inside a sentence, printed ``Law 61A`` or ``Laws 59, 61A``.

    ``clauses`` are printed labels: a :class:`Law`, or a clause outside Laws 61-64 that a sentence
    cites in passing (``26``, ``50D2``, ``57A``)."""

    clauses: tuple[str, ...]

    def __str__(self) -> str:
        return ("Law " if len(self.clauses) == 1 else "Laws ") + ", ".join(
            printed(c) for c in self.clauses)


PRINTED: dict[str, str] = {str(Law.L64C2A): "64C2(a)", str(Law.L64C2B): "64C2(b)"}
"""Clauses whose code (in JSON, ``64C2a``) differs from the way the Laws print them (``64C2(a)``)."""


def printed(clause: str) -> str:
    """``clause`` (a code such as ``64C2a``) as the Laws print it (``64C2(a)``); other clauses
    print as their code (``64A1``, ``12C1(c)``)."""
    return PRINTED.get(clause, clause)


def cite(*clauses: str) -> Citation:
    """The citation of ``clauses`` (``cite(Law.L64A1)``, ``cite("59", Law.L61A)``)."""
    return Citation(tuple(str(c) for c in clauses))


Sentence = tuple[str | Citation, ...]
"""A sentence as text and citations, so that writers can show each citation as such."""


def law_label(law: Law) -> str:
    """How a ruling prints the law it rests on: ``Law 64A1``, or ``no revoke`` for
    :attr:`Law.NONE`."""
    return "no revoke" if law is Law.NONE else str(cite(law))


def sentence_text(sentence: Sentence) -> str:
    """The sentence as plain text."""
    return "".join(str(part) for part in sentence)

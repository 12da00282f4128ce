"""What differs between the 1997, 2007 and 2017 Laws: one table per edition, which the law code reads.

See ``../shared/spec/ruling.md`` ("Editions") and ``../shared/laws.md``. Adding an edition is one
:class:`EditionRules` in :data:`RULES` (and its tests); the law code has no edition names in it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from revoke_equity.laws.law import Law
from revoke_equity.model.edition import Edition

EQUITY_CLAUSES = ("C1", "C2a", "C2b")
"""The three equity comparisons, in 2017's numbering (64C1, 64C2(a), 64C2(b))."""


@dataclass(frozen=True)
class EditionRules:
    """One edition's rules and the clauses it prints for them."""

    edition: Edition
    extra_trick_64a2: bool
    """1997 Law 64A2: one more trick if the offender later won a trick with a card he could have
    played to the revoke trick."""
    exceptions_64b: tuple[Law, ...]
    """The Law 64B items the edition has."""
    checks_64b: tuple[Law, ...]
    """The cases where Law 64 transfers nothing, in the order they are checked (the first that
    applies is reported: ``ruling.md``), each by the clause the edition prints for it, its
    :attr:`trick_twelve` and :attr:`both_sides` labels among them."""
    trick_twelve: Law
    """A revoke on trick 12: Law 64B6 (2007, 2017); in 1997 only Law 62D handles it."""
    both_sides: Law
    """Both sides revoked: Law 64B7 (2007, 2017); in 1997 the 2001 WBF Laws Committee minute
    (restore equity as if neither side had revoked), reported as 64C."""
    both_sides_need_established_revokes: bool
    """64B7's condition. 2017: both sides have established revokes. 2007: "both sides have revoked
    on the same board": any revoke of each side counts, also one corrected before it was
    established. 1997 (the minute) is read for established revokes of both sides, the revokes Law 64
    would otherwise rectify."""
    equity: Mapping[str, Law]
    """The label of an adjusted score replacing the mechanical result, by comparison (``C1``,
    ``C2a``, ``C2b``): 2017 numbers them; 1997 and 2007 have one Law 64C."""
    weighted: Law
    """A weighted adjusted score: Law 12C1(c); in 1997 an appeals committee's power, 12C3."""
    split: Law
    """The split pair (most favourable likely result to the non-offenders, most unfavourable at all
    probable result to the offenders): 12C1(e), where the regulating authority elects it; in 1997
    the rule itself, 12C2."""
    split_pair_is_the_score: bool
    """1997 Law 12C2: the split pair is the adjusted score (the non-offenders' side of it decides
    whether to adjust); 2007 and 2017 enter the weighted score."""
    agreeing_to_claim: Law
    """Establishment by agreeing to the opponents' claim or concession: 63A4 in 2017, part of 63A3
    before."""


def _one_64c() -> Mapping[str, Law]:
    return MappingProxyType(dict.fromkeys(EQUITY_CLAUSES, Law.L64C))


_B1_TO_B5 = (Law.L64B1, Law.L64B2, Law.L64B3, Law.L64B4, Law.L64B5)


def _checks_64b(trick_twelve: Law, both_sides: Law) -> tuple[Law, ...]:
    """The order of ``ruling.md``: noticed late (64B4, 64B5), trick 12, dummy or a penalty card
    (64B3), a repeat in the suit (64B2), both sides, the offenders won nothing (64B1)."""
    return (Law.L64B4, Law.L64B5, trick_twelve, Law.L64B3, Law.L64B2, both_sides, Law.L64B1)


RULES: Mapping[Edition, EditionRules] = MappingProxyType({
    Edition.LAWS_1997: EditionRules(
        Edition.LAWS_1997,
        extra_trick_64a2=True,
        exceptions_64b=_B1_TO_B5,
        checks_64b=_checks_64b(Law.L62D, Law.L64C),
        trick_twelve=Law.L62D,
        both_sides=Law.L64C,
        both_sides_need_established_revokes=True,
        equity=_one_64c(),
        weighted=Law.L12C3,
        split=Law.L12C2,
        split_pair_is_the_score=True,
        agreeing_to_claim=Law.L63A3,
    ),
    Edition.LAWS_2007: EditionRules(
        Edition.LAWS_2007,
        extra_trick_64a2=False,
        exceptions_64b=(*_B1_TO_B5, Law.L64B6, Law.L64B7),
        checks_64b=_checks_64b(Law.L64B6, Law.L64B7),
        trick_twelve=Law.L64B6,
        both_sides=Law.L64B7,
        both_sides_need_established_revokes=False,
        equity=_one_64c(),
        weighted=Law.L12C1C,
        split=Law.L12C1E,
        split_pair_is_the_score=False,
        agreeing_to_claim=Law.L63A3,
    ),
    Edition.LAWS_2017: EditionRules(
        Edition.LAWS_2017,
        extra_trick_64a2=False,
        exceptions_64b=(*_B1_TO_B5, Law.L64B6, Law.L64B7, Law.L64B8),
        checks_64b=_checks_64b(Law.L64B6, Law.L64B7),
        trick_twelve=Law.L64B6,
        both_sides=Law.L64B7,
        both_sides_need_established_revokes=True,
        equity=MappingProxyType({"C1": Law.L64C1, "C2a": Law.L64C2A, "C2b": Law.L64C2B}),
        weighted=Law.L12C1C,
        split=Law.L12C1E,
        split_pair_is_the_score=False,
        agreeing_to_claim=Law.L63A4,
    ),
})
"""Every edition's rules (:class:`~revoke_equity.model.edition.Edition` lists the editions)."""


EDITIONS_IN_ORDER: tuple[Edition, ...] = tuple(RULES)
"""The editions the law code knows, oldest first (for lists, choices and plots)."""


def rules(edition: Edition) -> EditionRules:
    return RULES[edition]


def has_64a2_extra_trick(edition: Edition) -> bool:
    """1997 Law 64A2's extra trick (:attr:`EditionRules.extra_trick_64a2`)."""
    return RULES[edition].extra_trick_64a2


def trick_twelve_label(edition: Edition) -> Law:
    """A revoke on trick 12 (:attr:`EditionRules.trick_twelve`)."""
    return RULES[edition].trick_twelve


def both_sides_need_established_revokes(edition: Edition) -> bool:
    """Who counts as "both sides revoked" (:attr:`EditionRules.both_sides_need_established_revokes`)."""
    return RULES[edition].both_sides_need_established_revokes


def both_sides_label(edition: Edition) -> Law:
    """Both sides revoked (:attr:`EditionRules.both_sides`)."""
    return RULES[edition].both_sides


def equity_label(edition: Edition, clause: str) -> Law:
    """An adjusted score replacing the mechanical result at comparison ``clause``
    (:attr:`EditionRules.equity`)."""
    return RULES[edition].equity[clause]


def weighted_label(edition: Edition) -> Law:
    """A weighted adjusted score (:attr:`EditionRules.weighted`)."""
    return RULES[edition].weighted


def split_label(edition: Edition) -> Law:
    """The split pair (:attr:`EditionRules.split`)."""
    return RULES[edition].split

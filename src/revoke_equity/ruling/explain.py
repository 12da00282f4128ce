"""The ``explanation`` steps of a ruling: every step, with the law it rests on, each citation kept
apart from the text (:data:`~revoke_equity.laws.law.Sentence`).

It reads the ruling through :class:`Findings` (what :class:`~revoke_equity.ruling.data.Ruling`
holds besides its steps), so that a ruling is built in one step, its explanation with it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from revoke_equity.equity.estimate import Estimate, find_estimator
from revoke_equity.equity.trace import PlayTrace
from revoke_equity.laws.adjudication import EACH_THEN_WEIGHT, Recommendation
from revoke_equity.laws.comparison import ComparisonPoint
from revoke_equity.laws.correction import Correction62
from revoke_equity.laws.editions import rules
from revoke_equity.laws.law import Citation, Law, Sentence, cite
from revoke_equity.laws.rectification import TrickTransfer
from revoke_equity.laws.revokes import Revoke, RevokeKind
from revoke_equity.model.case import Case
from revoke_equity.model.play import PlayRecord
from revoke_equity.ruling.corrected import CorrectedPlay


class Comparison(Protocol):
    """A comparison point and the estimates made there."""

    @property
    def point(self) -> ComparisonPoint: ...
    @property
    def estimates(self) -> Mapping[str, Estimate]: ...
    @property
    def kept_transfer(self) -> int: ...
    @property
    def dd_tricks(self) -> int: ...


class TwelfthTrick(Protocol):
    """Law 62D's correction of a trick-12 revoke."""

    @property
    def player(self) -> str: ...
    @property
    def declarer_tricks(self) -> int: ...
    @property
    def alternatives(self) -> Mapping[str, int]: ...


class Findings(Protocol):
    """What a ruling found and decided, which its steps explain."""

    @property
    def case(self) -> Case: ...
    @property
    def record(self) -> PlayRecord: ...
    @property
    def revokes(self) -> Sequence[Revoke]: ...
    @property
    def transfer(self) -> TrickTransfer: ...
    @property
    def mechanical_tricks(self) -> int: ...
    @property
    def twelfth(self) -> TwelfthTrick | None: ...
    @property
    def comparisons(self) -> Sequence[Comparison]: ...
    @property
    def trace(self) -> PlayTrace | None: ...
    @property
    def recommendation(self) -> Recommendation: ...
    @property
    def law62(self) -> Correction62 | None: ...
    @property
    def corrected(self) -> CorrectedPlay | None: ...
    @property
    def beside(self) -> Sequence[Recommendation]: ...
    def score(self, declarer_tricks: int) -> int: ...



def _tricks(n: int) -> str:
    return f"{n} trick{'s' if n != 1 else ''}"


def establishment(ruling: Findings, revoke: Revoke) -> Sentence:
    """Why a revoke is (not) established, with the Law 63 clause."""
    if revoke.corrected:
        return ("Not established: corrected before the offending side played to the next trick.",)
    claim = ruling.case.claim
    if not revoke.established and claim is not None and claim.after_trick >= revoke.trick - 1:
        claimer = claim.claimer(ruling.case.declarer)
        return (
            f"Not established: the claim or concession after trick {claim.after_trick} was made by "
            f"{claimer}, of the non-offending side, and the offending side did not agree to it (",
            cite(_claim_clause(ruling, opponents=True)), "); the revoke must be corrected (",
            cite("62A"), "), with no trick transfer."
        )
    if not revoke.established:
        return ("Not established: neither the offender nor his partner played to the next trick.",)
    seat = revoke.established_by
    if seat is not None:
        who = "the offender" if seat is revoke.player else "the offender's partner"
        return (f"Established: {who} ({seat}) played to trick {revoke.trick + 1} (",
                cite(Law.L63A1), ").")
    assert claim is not None
    claimer = claim.claimer(ruling.case.declarer)
    if claimer.side is revoke.side:
        how = f"{claimer}, of the offending side, made the claim or concession"
        clause = _claim_clause(ruling, opponents=False)
    else:
        how = f"the offending side agreed to {claimer}'s claim or concession"
        clause = _claim_clause(ruling, opponents=True)
    return (f"Established: {how} after the revoke trick (", cite(clause), ").")


def _claim_clause(ruling: Findings, *, opponents: bool) -> Law:
    """63A3 (a member of the offending side makes a claim or concession; 1997 and 2007: also agrees
    to one); 2017 puts agreeing to the opponents' claim in 63A4."""
    return rules(ruling.case.laws).agreeing_to_claim if opponents else Law.L63A3


def explain(ruling: Findings) -> list[Sentence]:
    """The steps of ``ruling``, in order."""
    lines: list[Sentence] = []
    record = ruling.record
    case = ruling.case
    score = ruling.score
    table = record.declarer_tricks
    lines.append((
        f"Table result: declarer {case.declarer} took {_tricks(table)} in {case.contract} "
        f"(NS {score(table):+d}).",
    ))
    if not ruling.revokes:
        lines.append(("No revoke was found: every player followed suit when able (", cite("44C"),
                      ")."))
        return lines
    for revoke in ruling.revokes:
        lines.append((*revoke.describe_parts(), " ", *establishment(ruling, revoke)))
    for rect in ruling.transfer.rectifications:
        lines.append((f"Trick {rect.trick}, {rect.player}: ", cite(rect.law), ": ",
                      *rect.because, f": {_tricks(rect.tricks)}."))
    t = ruling.transfer
    if t.transferred < t.prescribed:
        lines.append((
            f"The rectifications prescribe {_tricks(t.prescribed)} in all, but a trick is "
            "transferred only once and only a trick the offending side won from that revoke's "
            f"trick on: {_tricks(t.transferred)} transferred.",
        ))
    if ruling.twelfth is not None:
        alts = ", ".join(f"{c} {n}" for c, n in ruling.twelfth.alternatives.items())
        lines.append((
            cite(Law.L62D),
            f": the revoke on trick 12 is corrected; with {ruling.twelfth.player} following "
            f"suit and tricks 12-13 played double-dummy, declarer has "
            f"{_tricks(ruling.twelfth.declarer_tricks)} ({alts}).",
        ))
    lines += correction_lines(ruling)
    mech = ruling.mechanical_tricks
    lines.append((f"Mechanical result: declarer {_tricks(mech)} (NS {score(mech):+d}).",))
    for comparison in ruling.comparisons:
        lines += comparison_lines(ruling, comparison)
    if ruling.trace is not None:
        lines += [(s.describe(record.declarer_side),) for s in ruling.trace.swings]
    rec = ruling.recommendation
    # a weighted score or the split pair is entered as its components, not as this one result
    several = rec.enter == "split" or (
        rec.enter == "weighted" and rec.weighted is not None and len(rec.weighted.components) > 1)
    lines.append((
        f"Recommendation ({rec.words[0].upper()}{rec.words[1:]}, ", cite(rec.law), "): "
        f"{'most likely ' if several else ''}declarer "
        f"{_tricks(rec.declarer_tricks)} (NS {score(rec.declarer_tricks):+d}). ", *rec.because,
    ))
    if rec.weighted is not None:
        each = "" if len(rec.weighted.components) == 1 else (  # one result: nothing to weight
            f"; {EACH_THEN_WEIGHT} (net NS {rec.weighted.score_ns:+g})")
        lines.append(("Weighted score (", cite(rec.weighted.law),
                      f"): {rec.weighted.notation()}{each}."))
    if rec.split is not None:
        s = rec.split
        lines.append((
            "Split score (", cite(s.law), f"): non-offenders NS {s.non_offenders_score_ns:+d} "
            f"({_tricks(s.non_offenders_declarer_tricks)}), offenders NS "
            f"{s.offenders_score_ns:+d} ({_tricks(s.offenders_declarer_tricks)}).",
        ))
    lines += [beside_line(rec, score) for rec in ruling.beside]
    return lines


def beside_line(rec: Recommendation, score: Callable[[int], int]) -> Sentence:
    """What an estimate shown beside the ruling's own leads to, by the same rule: ``Beside it,
    single-dummy (sd): adjusted score, most likely declarer 8 tricks (NS -110); weighted score
    (Law 12C1(c)): 60% of 8 tricks (NS -110) + 40% of 7 tricks (NS +100), net NS -26.``"""
    label = find_estimator(rec.estimate or "").label.lower()
    weighted = rec.weighted is not None and len(rec.weighted.components) > 1
    several = rec.enter == "split" or (rec.enter == "weighted" and weighted)
    parts: list[str | Citation] = [
        f"Beside it, {label} ({rec.estimate}): {rec.words}, {'most likely ' if several else ''}"
        f"declarer {_tricks(rec.declarer_tricks)} (NS {score(rec.declarer_tricks):+d})"]
    if rec.weighted is not None and weighted:
        parts += ["; weighted score (", cite(rec.weighted.law),
                  f"): {rec.weighted.notation()}, net NS {rec.weighted.score_ns:+g}"]
    if rec.split is not None:
        s = rec.split
        parts += ["; split score (", cite(s.law), f"): non-offenders NS "
                  f"{s.non_offenders_score_ns:+d}, offenders NS {s.offenders_score_ns:+d}"]
    return (*parts, ".")


def correction_lines(ruling: Findings) -> list[Sentence]:
    """The Law 62 correction of a revoke that is not established: the substitution, the penalty
    card or its absence, the later cards changed, and the corrected play's result."""
    law62 = ruling.law62
    if law62 is None:
        return []
    revoke = law62.revoke
    played = ruling.corrected
    if played is None:
        return [(
            "The corrected play (", cite("62"), f") from trick {revoke.trick} needs the play of "
            f"{_tricks(law62.position.tricks_left)} and was not made without a solver: the "
            "mechanical result below is the table's; rule with an estimate for the corrected "
            "result.",
        )]
    who = f"{revoke.player} (dummy)" if revoke.by_dummy else str(revoke.player)
    lines: list[Sentence] = []
    if law62.penalty_card is not None:
        card: Sentence = (f"; {revoke.card} becomes a major penalty card (", cite("62B1", "50"),
                          "), played at the first legal opportunity (", cite("50D1"), ")")
    else:
        card = (f"; {revoke.card} is replaced without further rectification (", cite("62B2"),
                ")")
    lines.append((
        f"Trick {revoke.trick}: the revoke is corrected (", cite("62A", "62B"), f"): {who} "
        f"withdraws {revoke.card} and plays {played.substitute}", *card, ".",
    ))
    for later in law62.later:
        new = played.line[later.index - revoke.index]
        if new != later.card:
            lines.append((f"Trick {later.index // 4 + 1}: {later.seat} withdraws {later.card} "
                          f"and plays {new} (", cite(later.clause), ")."))
        else:
            lines.append((f"Trick {later.index // 4 + 1}: {later.seat}'s {later.card} stands (",
                          cite(later.clause), ")."))
    estimate = played.estimate
    name = _label(estimate.name)
    claimer = law62.claimer
    if claimer is not None:
        claim: Sentence = (
            f"; {claimer}'s claim is ruled on the corrected position, doubtful points against "
            "the claimer (", cite("70"), ")")
    else:
        claim = ()
    lines.append((
        f"The play is replayed from trick {revoke.trick} ({name.lower()}, {estimate.name}: "
        f"{distribution_text(estimate)})", *claim, f": the corrected result is declarer "
        f"{_tricks(played.declarer_tricks)} (NS {ruling.score(played.declarer_tricks):+d}).",
    ))
    return lines


def _label(name: str) -> str:
    """The estimator's label from the registry, or its name when it is not registered."""
    try:
        return find_estimator(name).label
    except ValueError:
        return name


def distribution_text(estimate: Estimate) -> str:
    """``11 tricks 62%, 12 tricks 38%``."""
    dist = estimate.distribution
    return ", ".join(f"{_tricks(t)} {100 * dist[t]:.0f}%" for t in dist.support)


def comparison_lines(ruling: Findings, comparison: Comparison) -> list[Sentence]:
    """The comparison point and what each estimate says there."""
    point = comparison.point
    score = ruling.score
    kept = ""
    if point.kept:
        tricks = ", ".join(str(k.trick) for k in point.kept)
        kept = (f"; the revoke(s) at trick {tricks} stay as played, with their transfer "
                f"recomputed on the replay ({_tricks(comparison.kept_transfer)} double-dummy)")
    penalty = point.revoke.kind is RevokeKind.PENALTY_CARD
    instead = "the penalty card" if penalty and len(point.choices) == 1 else "a legal card"
    lines: list[Sentence] = [(
        "Comparison point (", cite(point.law), f"): from trick {point.trick}, {point.player} plays "
        f"{instead} instead of {point.revoke.card}{kept}.",
    )]
    for name, estimate in comparison.estimates.items():
        label = find_estimator(name).label
        if name == "dd":
            alts = ", ".join(f"{a['card']} {a['declarer_tricks']}"
                             for a in estimate.details["alternatives"])  # type: ignore[attr-defined]
            t = comparison.dd_tricks
            lines.append((f"{label} ({name}): declarer takes {_tricks(t)} (NS {score(t):+d}); "
                          f"{point.player}'s cards: {alts}.",))
            continue
        p = estimate.parameters
        if "players" not in p:  # an estimator that imagines no players (a registry entry)
            lines.append((f"{label} ({name}): {distribution_text(estimate)} (expected "
                          f"{estimate.distribution.expected:.2f}).",))
            continue
        how = ("exact" if p.get("method") == "exact"
               else f"{p.get('playouts')} playouts")
        extra = ""
        if p.get("ignore_auction"):
            how += ", the auction ignored"
        departures = estimate.details.get("departures")
        if isinstance(departures, list):
            extra = f"; {len(departures)} card(s) of the most likely line differ from the table"
        lines.append((f"{label} ({name}, {p.get('players')} players, {p.get('worlds')} layouts "
                      f"per decision, {how}): {distribution_text(estimate)} (expected "
                      f"{estimate.distribution.expected:.2f}){extra}.",))
    return lines

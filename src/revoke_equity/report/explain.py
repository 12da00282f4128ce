"""The ``explanation`` lines of a ruling: every step, with the law it rests on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from revoke_equity.laws.revokes import Revoke

if TYPE_CHECKING:
    from revoke_equity.ruling import Ruling


def _tricks(n: int) -> str:
    return f"{n} trick{'s' if n != 1 else ''}"


def establishment(ruling: Ruling, revoke: Revoke) -> str:
    """Why a revoke is (not) established, with the Law 63 clause."""
    if revoke.corrected:
        return "Not established: corrected before the offending side played to the next trick."
    claim = ruling.case.claim
    if not revoke.established and claim is not None and claim.after_trick >= revoke.trick - 1:
        claimer = claim.claimer(ruling.case.declarer)
        return (
            f"Not established: the claim or concession after trick {claim.after_trick} was made by "
            f"{claimer}, of the non-offending side, and the offending side did not agree to it "
            f"(Law {_claim_clause(ruling, opponents=True)}); the revoke is corrected (Law 62), the "
            "tricks as played and the claim's tricks stand, with no trick transfer."
        )
    if not revoke.established:
        return "Not established: neither the offender nor his partner played to the next trick."
    seat = revoke.established_by
    if seat is not None:
        who = "the offender" if seat is revoke.player else "the offender's partner"
        return f"Established: {who} ({seat}) played to trick {revoke.trick + 1} (Law 63A1)."
    assert claim is not None
    claimer = claim.claimer(ruling.case.declarer)
    if claimer.side is revoke.side:
        how = f"{claimer}, of the offending side, made the claim or concession"
        clause = _claim_clause(ruling, opponents=False)
    else:
        how = f"the offending side agreed to {claimer}'s claim or concession"
        clause = _claim_clause(ruling, opponents=True)
    return f"Established: {how} after the revoke trick (Law {clause})."


def _claim_clause(ruling: Ruling, *, opponents: bool) -> str:
    """63A3 (a member of the offending side makes a claim or concession; 1997 and 2007: also agrees
    to one); 2017 puts agreeing to the opponents' claim in 63A4."""
    return "63A4" if opponents and ruling.case.laws.value == "2017" else "63A3"


def explain(ruling: Ruling) -> list[str]:
    lines: list[str] = []
    record = ruling.record
    case = ruling.case
    score = ruling.score
    table = record.declarer_tricks
    lines.append(
        f"Table result: declarer {case.declarer} took {_tricks(table)} in {case.contract} "
        f"(NS {score(table):+d})."
    )
    if not ruling.revokes:
        lines.append("No revoke was found: every player followed suit when able (Law 44C).")
        return lines
    for revoke in ruling.revokes:
        lines.append(f"{revoke.describe()} {establishment(ruling, revoke)}")
    for rect in ruling.transfer.rectifications:
        lines.append(
            f"Trick {rect.trick}, {rect.player}: Law {rect.law}: {rect.reason}: "
            f"{_tricks(rect.tricks)}."
        )
    t = ruling.transfer
    if t.transferred < t.prescribed:
        lines.append(
            f"The rectifications prescribe {_tricks(t.prescribed)} in all, but a trick is "
            "transferred only once and only a trick the offending side won from that revoke's "
            f"trick on: {_tricks(t.transferred)} transferred."
        )
    if ruling.twelfth is not None:
        alts = ", ".join(f"{c} {n}" for c, n in ruling.twelfth.alternatives.items())
        lines.append(
            f"Law 62D: the revoke on trick 12 is corrected; with {ruling.twelfth.player} following "
            f"suit and tricks 12-13 played double-dummy, declarer has "
            f"{_tricks(ruling.twelfth.declarer_tricks)} ({alts})."
        )
    mech = ruling.mechanical_tricks
    lines.append(
        f"Mechanical result: declarer {_tricks(mech)} (NS {score(mech):+d})."
    )
    if ruling.equity is not None:
        e = ruling.equity
        alts = ", ".join(f"{a.card} {a.declarer_tricks}" for a in e.alternatives)
        lines.append(
            f"Double-dummy equity: from trick {e.from_trick} with {e.offender_to_play} following "
            f"suit and all later play double-dummy, declarer takes {_tricks(e.declarer_tricks)} "
            f"(NS {score(e.declarer_tricks):+d}); {e.offender_to_play}'s legal cards: {alts}."
        )
    if ruling.replay is not None:
        r = ruling.replay
        lines.append(
            f"Replay keeping the table's later cards where they stay legal: declarer "
            f"{_tricks(r.declarer_tricks)} (NS {score(r.declarer_tricks):+d}); "
            f"{len(r.differences)} card(s) differ from the table."
        )
    if ruling.trace is not None:
        lines += [s.describe(record.declarer_side) for s in ruling.trace.swings]
    rec = ruling.recommendation
    verb = "Adjusted score" if rec.adjusted else "Result stands"
    lines.append(
        f"Recommendation ({verb}, Law {rec.law}): declarer {_tricks(rec.declarer_tricks)} "
        f"(NS {score(rec.declarer_tricks):+d}). {rec.reason}"
    )
    if ruling.weighted is not None:
        parts = " + ".join(
            f"{int(c.weight * 100)}% of {c.declarer_tricks} tricks (NS {c.score_ns:+d})"
            for c in ruling.weighted.components
        )
        lines.append(f"Weighted score (Law 12C1(c)): {parts} = NS {ruling.weighted.score_ns:+g}.")
    if ruling.split is not None:
        s = ruling.split
        lines.append(
            f"Split score (Law 12C1(e)): non-offenders NS {s.non_offenders_score_ns:+d} "
            f"({_tricks(s.non_offenders_declarer_tricks)}), offenders NS "
            f"{s.offenders_score_ns:+d} ({_tricks(s.offenders_declarer_tricks)})."
        )
    return lines

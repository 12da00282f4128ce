"""The parts of the ruling JSON (``revoke-equity/ruling@2``, :mod:`.schema`), each written from the
value it describes. :meth:`~revoke_equity.ruling.data.Ruling.to_dict` puts them together."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from revoke_equity.equity.estimate import Estimate
from revoke_equity.equity.lines import OutcomeLine, describe
from revoke_equity.equity.trace import PlayTrace
from revoke_equity.laws.adjudication import SplitScore, WeightedScore
from revoke_equity.laws.comparison import ComparisonPoint
from revoke_equity.laws.correction import Correction62
from revoke_equity.laws.law import Citation, Sentence
from revoke_equity.laws.rectification import Rectification
from revoke_equity.laws.revokes import Revoke
from revoke_equity.model.contract import Contract, contract_result
from revoke_equity.model.seats import Seat, Side
from revoke_equity.ruling.corrected import CorrectedPlay
from revoke_equity.ruling.schema import (
    AlternativeJSON,
    ChangedCardJSON,
    ComparisonJSON,
    CorrectionJSON,
    EstimateJSON,
    EstimateParametersJSON,
    OutcomeLineJSON,
    RectificationJSON,
    RevokeJSON,
    SolverJSON,
    SplitJSON,
    SplitSideJSON,
    StepPartJSON,
    TraceJSON,
    WeightedComponentJSON,
    WeightedJSON,
)
from revoke_equity.ruling.weight_error import WeightError

__all__ = [
    "comparison_json",
    "correction_json",
    "estimate_json",
    "rectification_json",
    "revoke_json",
    "solver_json",
    "split_json",
    "step_json",
    "trace_json",
    "weighted_json",
]


def revoke_json(revoke: Revoke) -> RevokeJSON:
    return {"trick": revoke.trick, "player": str(revoke.player), "card": str(revoke.card),
            "suit_led": str(revoke.suit_led) if revoke.suit_led else None,
            "by_dummy": revoke.by_dummy, "established": revoke.established,
            "corrected": revoke.corrected, "kind": revoke.kind.value}


def correction_json(correction: Correction62, played: CorrectedPlay | None) -> CorrectionJSON:
    """A Law 62 correction and, when it was played, its play and result."""
    revoke = correction.revoke
    later: list[ChangedCardJSON] = [
        {"trick": x.index // 4 + 1, "player": str(x.seat), "card": str(x.card),
         "corrected": str(x.card if played is None else played.line[x.index - revoke.index]),
         "law": x.clause}
        for x in correction.later]
    penalty = correction.penalty_card
    return {
        "trick": revoke.trick, "player": str(revoke.player), "withdrawn": str(revoke.card),
        "substituted": None if played is None else str(played.substitute),
        "law": correction.clause,
        "penalty_card": None if penalty is None else str(penalty.card),
        "later": later,
        "claim_by": None if correction.claimer is None else str(correction.claimer),
        "estimate": None if played is None else played.estimate.name,
        "distribution": None if played is None else played.estimate.distribution.as_dict(),
        "declarer_tricks": None if played is None else played.declarer_tricks,
        "play": [] if played is None else [str(c) for c in played.line],
    }


def rectification_json(rectification: Rectification) -> RectificationJSON:
    return {"trick": rectification.trick, "player": rectification.player,
            "law": str(rectification.law), "tricks": rectification.tricks}


def comparison_json(point: ComparisonPoint, kept_transfer: int) -> ComparisonJSON:
    return {"law": str(point.law), "trick": point.trick, "player": str(point.player),
            "kept_revokes": [k.trick for k in point.kept], "kept_transfer": kept_transfer}


def outcome_line_json(line: OutcomeLine) -> OutcomeLineJSON:
    """The line behind one outcome (see :mod:`revoke_equity.equity.lines`)."""
    out: OutcomeLineJSON = {
        "declarer_tricks": line.declarer_tricks, "share": round(line.share, 4),
        "cards": [f"{seat}:{card}" for _, seat, card, _ in line.steps],
        "text": describe(line)}
    if line.separates is not None:
        (trick, seat, card, p), instead = line.separates
        out["separates"] = {"trick": trick, "player": str(seat), "card": str(card),
                            "probability": round(p, 4), "instead": str(instead)}
    return out


def estimate_json(estimate: Estimate) -> EstimateJSON:
    """An estimate with its own details (the estimators give them JSON-ready)."""
    out: EstimateJSON = {
        "distribution": estimate.distribution.as_dict(),
        "expected": round(estimate.distribution.expected, 4),
        "parameters": cast(EstimateParametersJSON, dict(estimate.parameters)),
        "solver_calls": estimate.solver_calls,
    }
    if estimate.interval is not None:
        out["interval"] = {str(t): [round(lo, 4), round(hi, 4)]
                           for t, (lo, hi) in sorted(estimate.interval.items())}
    details = estimate.details
    if "card" in details:
        out["card"] = cast(str, details["card"])
    if "alternatives" in details:
        out["alternatives"] = cast(list[AlternativeJSON], details["alternatives"])
    if "kept_transfer" in details:
        out["kept_transfer"] = cast(int, details["kept_transfer"])
    if "decisions" in details:
        out["decisions"] = cast(int, details["decisions"])
    if "departures" in details:
        out["departures"] = cast(list[str], details["departures"])
    if "lines" in details:
        out["lines"] = [outcome_line_json(line)
                        for line in cast(list[OutcomeLine], details["lines"])]
    unknown = set(details) - {"card", "alternatives", "kept_transfer", "decisions", "departures",
                              "lines"}
    if unknown:
        raise ValueError(f"estimate {estimate.name}: details {sorted(unknown)} are not in the "
                         "ruling format")
    return out


def step_json(step: Sentence) -> list[StepPartJSON]:
    """A step as its parts: text (neighbouring pieces joined), and citations with the clauses they
    cite."""
    out: list[StepPartJSON] = []
    for part in step:
        if isinstance(part, Citation):
            out.append({"text": str(part), "laws": list(part.clauses)})
        elif out and "laws" not in out[-1]:
            out[-1] = {"text": out[-1]["text"] + part}
        else:
            out.append({"text": part})
    return out


def weighted_json(weighted: WeightedScore, contract: Contract, declarer: Seat,
                  error: WeightError | None = None) -> WeightedJSON:
    """The weighted score, each component with its contract, result and declarer as a scoring
    program takes them (Law 12C1(c): each component is scored, then weighted); with ``error``,
    each weight's 95% interval and the net's range within them."""
    components: list[WeightedComponentJSON] = [
        {"declarer_tricks": c.declarer_tricks, "score_ns": c.score_ns, "weight": c.percent / 100,
         "result": contract_result(contract, c.declarer_tricks), "declarer": str(declarer)}
        for c in weighted.components]
    out: WeightedJSON = {"law": str(weighted.law), "components": components,
                         "score_ns": weighted.score_ns}
    if error is not None:
        for component, (lo, hi) in zip(components, error.intervals, strict=True):
            component["weight_interval"] = [round(lo, 4), round(hi, 4)]
        out["score_ns_range"] = [round(error.net_ns[0], 2), round(error.net_ns[1], 2)]
    return out


def split_json(split: SplitScore, non_offenders: Side, contract: Contract,
               declarer: Seat) -> SplitJSON:
    def side(tricks: int, score_ns: int) -> SplitSideJSON:
        return {"declarer_tricks": tricks, "score_ns": score_ns,
                "result": contract_result(contract, tricks), "declarer": str(declarer)}

    return {"law": str(split.law), "non_offending_side": non_offenders.name,
            "non_offenders": side(split.non_offenders_declarer_tricks,
                                  split.non_offenders_score_ns),
            "offenders": side(split.offenders_declarer_tricks, split.offenders_score_ns)}


def trace_json(trace: PlayTrace) -> TraceJSON:
    return {"declarer_expectation_by_card": list(trace.expectations),
            "declarer_expectation_by_trick": trace.per_trick(),
            "revokes": [{"trick": s.trick, "player": s.player, "card": s.card,
                         "declarer_tricks_before": s.before, "declarer_tricks_after": s.after,
                         "declarer_gain": s.declarer_gain} for s in trace.swings],
            "cards": [str(c) for c in trace.cards],
            "changes": [{"trick": c.trick, "player": c.player, "card": c.card,
                         "withdrawn": c.withdrawn, "clause": c.clause,
                         "declarer_tricks_before": trace.expectations[c.index],
                         "declarer_tricks_after": trace.expectations[c.index + 1]}
                        for c in trace.changes]}


def solver_json(stats: Mapping[str, float | int]) -> SolverJSON:
    """The solver's work for one ruling (the differences of
    :meth:`~revoke_equity.solver.base.SolverStats.as_dict` before and after it)."""
    return cast(SolverJSON, dict(stats))

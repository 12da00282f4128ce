"""One ruling: read the play, find the revokes, apply Laws 62-64, estimate the equity, recommend.

:func:`rule` is the library's main entry point. The law code is pure; the solver is passed in (a
:class:`~revoke_equity.solver.dds.DdsSolver` normally, a brute-force one in tests, ``None`` for a
ruling without the double-dummy part, ``equity`` then being ``None``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from revoke_equity.equity.adjusted import SplitScore, WeightedScore, split_score, weighted_score
from revoke_equity.equity.dd_equity import DdEquity, dd_equity
from revoke_equity.equity.replay import ReplayEstimate, replay_estimate
from revoke_equity.equity.trace import PlayTrace, play_trace
from revoke_equity.laws import twelfth_trick
from revoke_equity.laws.recommendation import Recommendation, non_offenders_tricks, recommend
from revoke_equity.laws.rectification import TrickTransfer, rectify
from revoke_equity.laws.revokes import Revoke, find_revokes
from revoke_equity.model.case import Case
from revoke_equity.model.play import PlayRecord, replay
from revoke_equity.report.explain import explain
from revoke_equity.scoring import score_ns
from revoke_equity.solver.base import Solver

FORMAT = "revoke-equity/ruling@1"


@dataclass(frozen=True)
class TwelfthTrickCorrection:
    """Law 62D: declarer's total with tricks 12-13 replayed, the offender following suit."""

    trick: int
    player: str
    declarer_tricks: int
    alternatives: dict[str, int]


@dataclass(frozen=True)
class Ruling:
    case: Case
    record: PlayRecord
    revokes: tuple[Revoke, ...]
    transfer: TrickTransfer
    mechanical_tricks: int
    twelfth: TwelfthTrickCorrection | None
    equity: DdEquity | None
    replay: ReplayEstimate | None
    trace: PlayTrace | None
    recommendation: Recommendation
    weighted: WeightedScore | None
    split: SplitScore | None
    explanation: tuple[str, ...]
    solver_stats: dict[str, float | int] = field(default_factory=dict)

    def score(self, declarer_tricks: int) -> int:
        c = self.case
        return score_ns(c.contract, c.declarer, c.vulnerable, declarer_tricks)

    @property
    def established(self) -> tuple[Revoke, ...]:
        return tuple(r for r in self.revokes if r.established)

    def to_dict(self) -> dict[str, object]:
        """The ruling in the JSON format of ``ruling.md`` (``revoke-equity/ruling@1``)."""
        c = self.case
        table = self.record.declarer_tricks
        out: dict[str, object] = {
            "format": FORMAT,
            "board": c.board,
            "laws": str(c.laws),
            "contract": str(c.contract),
            "declarer": str(c.declarer),
            "vulnerable": str(c.vulnerable),
            "noticed": str(c.noticed),
            "table": {"declarer_tricks": table, "score_ns": self.score(table)},
            "revokes": [
                {"trick": r.trick, "player": str(r.player), "card": str(r.card),
                 "suit_led": str(r.suit_led) if r.suit_led else None, "by_dummy": r.by_dummy,
                 "established": r.established, "corrected": r.corrected, "kind": r.kind.value}
                for r in self.revokes
            ],
            "rectifications": [r.as_dict() for r in self.transfer.rectifications],
            "transferred": self.transfer.transferred,
            "mechanical": {"declarer_tricks": self.mechanical_tricks,
                           "score_ns": self.score(self.mechanical_tricks)},
            "equity": self._equity_dict(),
            "recommendation": self._recommendation_dict(),
            "explanation": list(self.explanation),
        }
        from revoke_equity.io.handviewer import handviewer_url

        out["handviewer"] = handviewer_url(c)
        if self.twelfth is not None:
            out["law_62D"] = {"trick": self.twelfth.trick, "player": self.twelfth.player,
                              "declarer_tricks": self.twelfth.declarer_tricks,
                              "alternatives": self.twelfth.alternatives}
        if self.trace is not None:
            out["trace"] = self.trace.as_dict()
        if self.solver_stats:
            out["solver"] = dict(self.solver_stats)
        return out

    def _equity_dict(self) -> dict[str, object] | None:
        e = self.equity
        if e is None:
            return None
        out: dict[str, object] = {
            "method": "double-dummy",
            "declarer_tricks": e.declarer_tricks,
            "score_ns": self.score(e.declarer_tricks),
            "from_trick": e.from_trick,
            "offender_to_play": str(e.offender_to_play),
            "alternatives": [a.as_dict() for a in e.alternatives],
        }
        if self.replay is not None:
            out["replay"] = {
                "method": "table play kept where legal, else double-dummy",
                "declarer_tricks": self.replay.declarer_tricks,
                "score_ns": self.score(self.replay.declarer_tricks),
                "differences": list(self.replay.differences),
            }
        return out

    def _recommendation_dict(self) -> dict[str, object]:
        r = self.recommendation
        out: dict[str, object] = {"law": r.law, "adjusted": r.adjusted,
                                  "declarer_tricks": r.declarer_tricks,
                                  "score_ns": self.score(r.declarer_tricks), "reason": r.reason}
        if self.weighted is not None:
            out["weighted"] = self.weighted.as_dict()
        if self.split is not None:
            out["split"] = self.split.as_dict()
        return out


def rule(case: Case, solver: Solver | None = None, *, trace: bool = True) -> Ruling:
    """Rule on ``case``: Laws 61-64 always; the double-dummy equity when a solver is given."""
    record = replay(case)
    revokes = find_revokes(record)
    correction = twelfth_trick.correct(record, revokes)  # Law 62D first, then Law 64
    transfer = rectify(record if correction is None else correction.record, revokes, case.laws)
    established = [r for r in revokes if r.established]
    calls_before = dict(solver.stats.as_dict()) if solver is not None else {}

    twelfth = None if correction is None else TwelfthTrickCorrection(
        12, str(correction.revoke.player), correction.declarer_tricks, correction.alternatives)
    mechanical = transfer.mechanical_declarer_tricks

    equity = replay_est = play_tr = None
    if solver is not None and established:
        equity = dd_equity(record, established[0], solver)
        replay_est = replay_estimate(record, established[0], solver)
    if solver is not None and trace and revokes:
        play_tr = play_trace(record, revokes, solver)

    recommendation = recommend(
        case.laws, transfer, mechanical, equity.declarer_tricks if equity else None,
        twelfth is not None,
    )
    weighted = split = None
    if equity is not None and replay_est is not None and transfer.offending_side is not None:
        non_offenders = transfer.offending_side.other
        side = record.declarer_side

        def score(t: int) -> int:
            return score_ns(case.contract, case.declarer, case.vulnerable, t)

        estimates = {"double-dummy": equity.declarer_tricks, "replay": replay_est.declarer_tricks}
        if any(non_offenders_tricks(transfer, t) > non_offenders_tricks(transfer, mechanical)
               for t in estimates.values()):
            weighted = weighted_score(estimates, non_offenders, side, score)
            split = split_score(list(estimates.values()),
                                [a.declarer_tricks for a in equity.alternatives],
                                non_offenders, side, score)

    stats: dict[str, float | int] = {}
    if solver is not None:
        after = solver.stats.as_dict()
        stats = {k: round(after[k] - calls_before.get(k, 0), 6) for k in after}
    ruling = Ruling(case, record, revokes, transfer, mechanical, twelfth, equity, replay_est,
                    play_tr, recommendation, weighted, split, (), stats)
    return replace(ruling, explanation=tuple(explain(ruling)))

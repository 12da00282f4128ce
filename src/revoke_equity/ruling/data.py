"""The ruling as plain data: what :func:`~revoke_equity.ruling.pipeline.rule` found and decided, and
its JSON form ``revoke-equity/ruling@2``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import cast

from revoke_equity.equity.estimate import Estimate, EstimateOptions, find_estimator
from revoke_equity.equity.shown import sources as shown_sources
from revoke_equity.equity.shown import used_shown
from revoke_equity.equity.trace import PlayTrace
from revoke_equity.io.handviewer import handviewer_url
from revoke_equity.laws.adjudication import Recommendation
from revoke_equity.laws.comparison import ComparisonPoint
from revoke_equity.laws.correction import Correction62
from revoke_equity.laws.law import Law, Sentence, law_label, sentence_text
from revoke_equity.laws.rectification import TrickTransfer
from revoke_equity.laws.revokes import Revoke
from revoke_equity.model.auction import contract_warning
from revoke_equity.model.case import Case
from revoke_equity.model.contract import contract_result
from revoke_equity.model.distribution import Z95
from revoke_equity.model.play import PlayRecord
from revoke_equity.model.shown import Shown
from revoke_equity.ruling.auction_effect import AuctionEffect
from revoke_equity.ruling.corrected import CorrectedPlay
from revoke_equity.ruling.explain import explain
from revoke_equity.ruling.json_form import (
    comparison_json,
    correction_json,
    estimate_json,
    rectification_json,
    revoke_json,
    solver_json,
    split_json,
    step_json,
    trace_json,
    weighted_json,
)
from revoke_equity.ruling.schema import (
    AlternativeJSON,
    ComparisonJSON,
    EquityJSON,
    RecommendationJSON,
    RulingJSON,
    ScoreComparisonJSON,
    SensitivityJSON,
)
from revoke_equity.ruling.score_entry import score_to_enter
from revoke_equity.ruling.weight_error import WeightError, weight_error
from revoke_equity.scoring import score_ns

FORMAT = "revoke-equity/ruling@2"


@dataclass(frozen=True)
class TwelfthTrickCorrection:
    """Law 62D: declarer's total with tricks 12-13 replayed, the offender following suit."""

    trick: int
    player: str
    declarer_tricks: int
    alternatives: dict[str, int]


@dataclass(frozen=True)
class Comparison:
    """A comparison point and the estimates made there (``dd`` always, when a solver was given)."""

    point: ComparisonPoint
    estimates: dict[str, Estimate]

    @property
    def dd(self) -> Estimate:
        return self.estimates["dd"]

    @property
    def dd_tricks(self) -> int:
        return self.dd.distribution.support[0]

    @property
    def kept_transfer(self) -> int:
        kept = self.dd.details.get("kept_transfer", 0)
        return kept if isinstance(kept, int) else 0

    def as_dict(self) -> ComparisonJSON:
        return comparison_json(self.point, self.kept_transfer)


@dataclass(frozen=True)
class NearThreshold:
    """A result whose probability lies within one sampling error of a threshold."""

    declarer_tricks: int
    probability: float
    threshold: str
    """``likely`` or ``probable``."""
    value: float
    sampling_error: float


@dataclass(frozen=True)
class Ruling:
    case: Case
    record: PlayRecord
    revokes: tuple[Revoke, ...]
    transfer: TrickTransfer
    mechanical_tricks: int
    mechanical_law: Law
    twelfth: TwelfthTrickCorrection | None
    comparisons: tuple[Comparison, ...]
    options: EstimateOptions
    trace: PlayTrace | None
    recommendation: Recommendation
    solver_stats: dict[str, float | int] = field(default_factory=dict)
    law62: Correction62 | None = None
    """The Law 62 correction of a revoke that is not established but stands in the record."""
    corrected: CorrectedPlay | None = None
    """That correction as played (``None`` when it could not be played: no solver and a large
    ending)."""
    shown_dropped: dict[str, int] = field(default_factory=dict)
    """Per seat, the single-dummy decisions at which no layout satisfied what it showed, so its
    constraint was dropped there (in this process: with ``jobs`` above 1 the playouts' own
    processes do not count theirs)."""
    auction_effect: AuctionEffect | None = None
    """Whether the auction moved the likely result (asked for by ``options.auction_effect``)."""
    beside: tuple[Recommendation, ...] = ()
    """The recommendation each estimate shown beside the ruling's own leads to
    (``options.beside``, in that order), by the same rule (Law 12C) from its distribution."""
    steps: tuple[Sentence, ...] = field(init=False)
    """The explanation, step by step, each citation apart (:mod:`.explain`): written when the
    ruling is made, from what it holds."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "steps", tuple(explain(self)))

    def score(self, declarer_tricks: int) -> int:
        c = self.case
        return score_ns(c.contract, c.declarer, c.vulnerable, declarer_tricks)

    @property
    def explanation(self) -> tuple[str, ...]:
        """The steps as plain text."""
        return tuple(sentence_text(s) for s in self.steps)

    @property
    def established(self) -> tuple[Revoke, ...]:
        return tuple(r for r in self.revokes if r.established)

    @property
    def comparison(self) -> Comparison | None:
        """The comparison the recommendation rests on (the law's own first when none is chosen)."""
        for c in self.comparisons:
            if c.point.clause == self.recommendation.comparison:
                return c
        return self.comparisons[0] if self.comparisons else None

    @property
    def estimate(self) -> Estimate | None:
        """The estimate the recommendation rests on, at its comparison point."""
        c = self.comparison
        return None if c is None else c.estimates.get(self.options.estimate)

    @property
    def near_thresholds(self) -> tuple[NearThreshold, ...]:
        """The results of the recommendation's estimate whose probability is within one
        sampling error (the 95% interval's wider half over 1.96) of the likely or the at all
        probable threshold: a recommendation that the estimate's own error could turn."""
        estimate = self.estimate
        if estimate is None or estimate.interval is None:
            return ()
        o = self.options
        out = []
        for t, (lo, hi) in sorted(estimate.interval.items()):
            p = estimate.distribution[t]
            error = max(p - lo, hi - p) / Z95
            for name, value in (("likely", o.likely), ("probable", o.probable)):
                if abs(p - value) <= error:
                    out.append(NearThreshold(t, p, name, value, error))
        return tuple(out)

    @property
    def weight_error(self) -> WeightError | None:
        """The 95% interval of each weight of the weighted score and the net's range with the
        weights inside them (:mod:`.weight_error`); ``None`` without a weighted score of several
        components or without intervals (an exact estimate)."""
        weighted, estimate = self.recommendation.weighted, self.estimate
        if weighted is None or estimate is None:
            return None
        return weight_error(weighted, estimate.distribution, estimate.interval)

    def to_dict(self, *, comparison: ScoreComparisonJSON | None = None,
                sensitivity: Sequence[SensitivityJSON] = ()) -> RulingJSON:
        """The ruling in the JSON format ``revoke-equity/ruling@2`` (:mod:`.schema`), the one
        writer of that format (the command line, the service and the library all use it): with
        ``score_to_enter`` always, and the command line's ``comparison`` (each option in IMPs or
        matchpoints, which the score to enter also gives) and ``sensitivity`` when given."""
        c = self.case
        table = self.record.declarer_tricks
        recommendation = self._recommendation_dict()
        enter = score_to_enter({"contract": str(c.contract), "declarer": str(c.declarer),
                                "recommendation": recommendation, "comparison": comparison})
        out: RulingJSON = {
            "format": FORMAT,
            "board": c.board,
            "laws": str(c.laws),
            "contract": str(c.contract),
            "declarer": str(c.declarer),
            "vulnerable": str(c.vulnerable),
            "noticed": str(c.noticed),
            "table": {"declarer_tricks": table, "score_ns": self.score(table)},
            "revokes": [revoke_json(r) for r in self.revokes],
            "rectifications": [rectification_json(r) for r in self.transfer.rectifications],
            "transferred": self.transfer.transferred,
            "mechanical": {"declarer_tricks": self.mechanical_tricks,
                           "score_ns": self.score(self.mechanical_tricks),
                           "law": str(self.mechanical_law)},
            "equity": self._equity_dict(),
            "recommendation": recommendation,
            "score_to_enter": [s.as_dict() for s in enter],
            "explanation": list(self.explanation),
            "steps": [step_json(s) for s in self.steps],
            "handviewer": handviewer_url(c),
        }
        if self.twelfth is not None:
            out["law_62D"] = {"trick": self.twelfth.trick, "player": self.twelfth.player,
                              "declarer_tricks": self.twelfth.declarer_tricks,
                              "alternatives": self.twelfth.alternatives}
        if self.law62 is not None:
            out["law_62"] = correction_json(self.law62, self.corrected)
        if self.trace is not None:
            out["trace"] = trace_json(self.trace)
        if self.solver_stats:
            out["solver"] = solver_json(self.solver_stats)
        if comparison:
            out["comparison"] = comparison
        if self.beside:
            out["beside"] = [view._recommendation_dict() for view in self.beside_views]
        if sensitivity:
            out["sensitivity"] = list(sensitivity)
        if c.auction is not None:
            out["auction"] = {"dealer": str(c.auction.dealer), "calls": c.auction.texts(),
                              "alerted": sorted(c.auction.alerted)}
        if self.warnings:
            out["warnings"] = list(self.warnings)
        if self.auction_effect is not None:
            out["auction_effect"] = self.auction_effect.as_dict()
        return out

    @property
    def warnings(self) -> tuple[str, ...]:
        """What the director should check in the case: a contract that is not what its auction
        reached (the case's contract is ruled on, Law 22A names the contract and declarer)."""
        auction = self.case.auction
        if auction is None:
            return ()
        warning = contract_warning(auction, str(self.case.contract), self.case.declarer)
        return () if warning is None else (warning,)

    @property
    def shown(self) -> tuple[Shown, Shown] | None:
        """``(used, not used)``: what the seats showed that the single-dummy players' layouts
        satisfy, and what the real deal broke; ``None`` when no estimate of single-dummy players
        was made, the auction was ignored, or nothing was shown."""
        if self.options.ignore_auction or not any(
                "ignore_auction" in find_estimator(name).options
                for c in self.comparisons for name in c.estimates):
            return None
        return used_shown(self.case)

    def _equity_dict(self) -> EquityJSON | None:
        chosen = self.comparison
        if chosen is None:
            return None
        tricks = chosen.dd_tricks
        out: EquityJSON = {
            "declarer_tricks": tricks,
            "score_ns": self.score(tricks),
            "from_trick": chosen.point.trick,
            "offender_to_play": str(chosen.point.player),
            "alternatives": cast(list[AlternativeJSON], chosen.dd.details["alternatives"]),
            "comparison": chosen.as_dict(),
            "estimates": {name: estimate_json(e) for name, e in chosen.estimates.items()},
        }
        shown = self.shown
        if shown is not None:
            used, broken = shown
            out["shown"] = used.to_json()
            out["shown_from"] = shown_sources(used)
            if broken:
                out["shown_not_used"] = shown_sources(broken)
            if self.shown_dropped:
                out["shown_dropped"] = dict(self.shown_dropped)
        if len(self.comparisons) > 1:
            out["comparisons"] = [
                {**c.as_dict(),
                 "estimates": {n: estimate_json(e) for n, e in c.estimates.items()}}
                for c in self.comparisons
            ]
        return out

    @cached_property
    def beside_views(self) -> tuple[Ruling, ...]:
        """This ruling as it would read resting on each estimate shown beside: its options'
        estimate and its recommendation that estimate's, nothing else changed (made once: the
        JSON, the text report and the auction's effect each read them)."""
        return tuple(replace(self, options=replace(self.options, estimate=r.estimate or ""),
                             recommendation=r, beside=(), auction_effect=None)
                     for r in self.beside)

    def _recommendation_dict(self) -> RecommendationJSON:
        r = self.recommendation
        out: RecommendationJSON = {
            "law": str(r.law), "adjusted": r.adjusted, "estimate": r.estimate,
            "declarer_tricks": r.declarer_tricks, "score_ns": self.score(r.declarer_tricks),
            "result": contract_result(self.case.contract, r.declarer_tricks),
            "words": r.words, "reason": r.reason, "reason_parts": step_json(r.because),
            "label": law_label(r.law),
            "established_revoke": bool(self.established), "enter": r.enter,
        }
        estimate = self.estimate
        if estimate is not None:
            o = self.options
            out["likely"] = list(estimate.distribution.likely(o.likely))
            out["probable"] = list(estimate.distribution.probable(o.probable))
            out["thresholds"] = {"likely": round(o.likely, 6), "probable": round(o.probable, 6)}
        near = self.near_thresholds
        if near:
            out["near_threshold"] = [
                {"declarer_tricks": n.declarer_tricks, "probability": round(n.probability, 4),
                 "threshold": n.threshold, "value": round(n.value, 6),
                 "sampling_error": round(n.sampling_error, 4)} for n in near]
        if r.weighted is not None:
            out["weighted"] = weighted_json(r.weighted, self.case.contract, self.case.declarer,
                                            self.weight_error)
        if r.split is not None:
            assert r.non_offenders is not None  # a split pair has a non-offending side
            out["split"] = split_json(r.split, r.non_offenders, self.case.contract,
                                      self.case.declarer)
        return out

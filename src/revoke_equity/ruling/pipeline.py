"""One ruling: read the play, find the revokes, apply Laws 62-64, estimate the likely result, score.

This is the library's main entry point. The pipeline: find the revokes (Law 61) and their
establishment (63) -> the Law 62 correction of a revoke not established, played by the case's
estimate (:mod:`revoke_equity.ruling.corrected`) -> the 62D correction -> Law 64 -> the
comparison points (64C1, 64C2(a), 64C2(b)) -> the estimates at each -> one adjudication (64C,
12B2, 12C). The law code is pure; the solver is passed in (a
:class:`~revoke_equity.solver.dds.DdsSolver` normally, a brute-force one in tests, ``None`` for a
ruling without estimates).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from revoke_equity.equity.estimate import Estimate, EstimateOptions, Estimator, find_estimator
from revoke_equity.equity.policy import SingleDummyPolicy
from revoke_equity.equity.propagate import Advance
from revoke_equity.equity.single_dummy import SingleDummy, estimator
from revoke_equity.equity.trace import PlayTrace, corrected_trace, play_trace
from revoke_equity.laws import correction as correction62
from revoke_equity.laws import twelfth_trick
from revoke_equity.laws.adjudication import Candidate, Recommendation, Thresholds, adjudicate
from revoke_equity.laws.comparison import ComparisonPoint, comparison_points
from revoke_equity.laws.law import Law
from revoke_equity.laws.rectification import TrickTransfer, rectify
from revoke_equity.laws.revokes import Revoke, find_revokes
from revoke_equity.model.case import Case
from revoke_equity.model.play import PlayRecord, replay
from revoke_equity.ruling.auction_effect import auction_effect
from revoke_equity.ruling.corrected import CorrectedPlay, play_corrected
from revoke_equity.ruling.data import Comparison, Ruling, TwelfthTrickCorrection
from revoke_equity.ruling.progress import Progress, Stage
from revoke_equity.scoring import score_ns
from revoke_equity.solver.base import Solver


def rule(case: Case, solver: Solver | None = None, *, options: EstimateOptions | None = None,
         trace: bool = True, progress: Progress | None = None) -> Ruling:
    """Rule on ``case``: Laws 61-64 always; the estimates and the adjudication when a solver is
    given (``options`` choose the estimate the score rests on; by default
    :data:`~revoke_equity.equity.estimate.DEFAULT_ESTIMATE`, as on every surface). ``progress``
    is told each stage as it starts and ends (:mod:`revoke_equity.ruling.progress`)."""
    options = options or EstimateOptions()
    record = replay(case)
    revokes = find_revokes(record)
    calls_before = dict(solver.stats.as_dict()) if solver is not None else {}
    law62 = correction62.correct(record, revokes)  # a revoke not established is corrected first
    policy = SingleDummy(record, options).new_policy(solver) \
        if solver is not None and law62 is not None else None
    corrected = None if law62 is None else play_corrected(record, law62, solver, options, policy)
    played = record if corrected is None else corrected.record
    correction = twelfth_trick.correct(played, revokes)  # Law 62D next, then Law 64
    transfer = rectify(played if correction is None else correction.record, revokes, case.laws)

    twelfth = None if correction is None else TwelfthTrickCorrection(
        12, str(correction.revoke.player), correction.declarer_tricks, correction.alternatives)
    mechanical = transfer.mechanical_declarer_tricks
    mechanical_law = _mechanical_law(transfer, twelfth is not None, law62 is not None)

    comparisons: tuple[Comparison, ...] = ()
    if solver is not None:
        points = comparison_points(record, revokes, transfer, case.laws)
        if policy is None and points:
            policy = SingleDummy(record, options).new_policy(solver)
        steps = len(points) * len(options.names) + 1
        report = progress or _silent
        report(Stage("laws", 0, steps, f"{len(points)} comparison point(s) (Law 64C)"))
        comparisons = _estimated(points, record, solver, options, policy, report, steps)
        report(Stage("trace", steps - 1, steps, "the play traced double-dummy"))
    play_tr = _trace(record, revokes, corrected, solver) if trace and revokes else None

    def score(t: int) -> int:
        return score_ns(case.contract, case.declarer, case.vulnerable, t)

    def recommend(name: str) -> Recommendation:
        return adjudicate(
            case.laws, transfer, mechanical, mechanical_law,
            [Candidate(c.point.law, c.point.clause, c.estimates[name].distribution)
             for c in comparisons if not _corrected_here(c, correction)],
            score,
            estimate=name if comparisons else None,
            thresholds=Thresholds(options.likely, options.probable),
            table_tricks=record.declarer_tricks,
            replayed=law62 is None or corrected is not None,
        )

    recommendation = recommend(options.estimate)
    beside = tuple(recommend(name) for name in options.beside) if comparisons else ()
    stats: dict[str, float | int] = {}
    if solver is not None:
        after = solver.stats.as_dict()
        stats = {k: round(after[k] - calls_before.get(k, 0), 6) for k in after}
    dropped = {} if policy is None else {
        str(seat): n for seat, n in sorted(policy.stats.shown_dropped.items(), key=lambda i: i[0].index)}
    ruling = Ruling(case, record, revokes, transfer, mechanical, mechanical_law, twelfth,
                    comparisons, options, play_tr, recommendation, stats, law62, corrected,
                    shown_dropped=dropped, beside=beside)
    if solver is not None and options.auction_effect and ruling.shown is not None:
        ruling = _with_auction_effect(ruling, solver, progress or _silent, calls_before)
    if solver is not None and comparisons:
        (progress or _silent)(Stage("done", steps, steps, "ruled"))
    return ruling


def _estimated(points: Sequence[ComparisonPoint], record: PlayRecord, solver: Solver,
               options: EstimateOptions, policy: SingleDummyPolicy | None, report: Progress,
               steps: int) -> tuple[Comparison, ...]:
    """Each comparison point with its estimates (``options.names``), each reported as it starts
    and ends."""
    found: list[Comparison] = []
    for point in points:
        estimates: dict[str, Estimate] = {}
        for name in options.names:
            where = f"estimate {name} at Law 64{point.clause.removeprefix('64')}"
            stage = Stage("estimate", _done(found, estimates, options), steps, where)
            report(stage)
            advance = _advancing(report, stage)
            estimates[name] = _made(name, record, options, policy, advance).estimate(point, solver)
            done = _done(found, estimates, options)
            report(Stage("estimate", done, steps, where + _cost(estimates[name])))
        found.append(Comparison(point, estimates))
    return tuple(found)


def _trace(record: PlayRecord, revokes: tuple[Revoke, ...], corrected: CorrectedPlay | None,
           solver: Solver | None) -> PlayTrace | None:
    """The double-dummy trace of the table's play, or of the corrected play when a revoke not
    established was corrected (Law 62); none without a solver."""
    if solver is None:
        return None
    if corrected is None:
        return play_trace(record, revokes, solver)
    return corrected_trace(corrected.record, corrected.correction, revokes, solver)


def _with_auction_effect(ruling: Ruling, solver: Solver, report: Progress,
                         calls_before: dict[str, float | int]) -> Ruling:
    """``ruling`` with whether the auction moved its likely result: the case ruled once more
    ignoring the auction (same options and seed, no extra estimates, no trace) on the estimate
    that reads the auction (the ruling's own, or the single-dummy one shown beside the default
    double-dummy one), its solver work added to the ruling's."""
    seconds = solver.stats.as_dict().get("seconds", 0)

    def told(stage: Stage) -> None:
        if stage.stage != "done":
            report(Stage("estimate", max(stage.step - 1, 0), stage.steps,
                         f"ignoring the auction: {stage.text}"))

    # the estimate that reads the auction: the ruling's own, or one shown beside it (sd beside dd)
    view = next((v for v in (ruling, *ruling.beside_views)
                 if "ignore_auction" in find_estimator(v.options.estimate).options), ruling)
    options = replace(view.options, ignore_auction=True, auction_effect=False, extra=())
    without = rule(ruling.case, solver, options=options, trace=False, progress=told)
    after = solver.stats.as_dict()
    effect = auction_effect(
        view.estimate, without.estimate, ruling.options.likely,
        (view.score(view.recommendation.declarer_tricks),
         without.score(without.recommendation.declarer_tricks)),
        after.get("seconds", 0) - seconds, beside=view is not ruling)
    stats = {k: round(after[k] - calls_before.get(k, 0), 6) for k in after}
    return replace(ruling, auction_effect=effect, solver_stats=stats)


def _made(name: str, record: PlayRecord, options: EstimateOptions,
          policy: SingleDummyPolicy | None, advance: Advance) -> Estimator:
    """The estimator ``name`` of the registry, for this ruling (the built-in ones share the
    single-dummy ``policy`` and tell ``advance`` as they go)."""
    build = find_estimator(name).build
    if build is not None:
        return build(record, options)
    return estimator(name, record, options, policy, advance)


def _advancing(report: Progress, stage: Stage) -> Advance:
    """An estimate's advance (its playouts and precision, or the exact tree's depths) reported as
    ``stage`` with the advance first in its text (an 80-column terminal cuts the line's end) and
    the part of the estimate done, ``done`` of ``planned``."""
    def advance(done: int, planned: int, text: str) -> None:
        part = min(max(done / planned, 0.0), 1.0) if planned > 0 else 0.0
        report(replace(stage, text=f"{text} ({stage.text})", part=part))

    return advance


def _silent(_: Stage) -> None:
    pass


def _done(found: list[Comparison], estimates: dict[str, Estimate], options: EstimateOptions
          ) -> int:
    """Estimates finished so far."""
    return len(found) * len(options.names) + len(estimates)


def _cost(estimate: Estimate) -> str:
    """What a finished estimate did: its playouts and their widest 95% interval, when sampled."""
    playouts = estimate.parameters.get("playouts")
    if playouts is None:
        return ""
    width = max(((hi - lo) / 2 for lo, hi in (estimate.interval or {}).values()), default=0.0)
    return f": {playouts} playouts, +/-{width:.2f}"


def _corrected_here(comparison: Comparison, correction: twelfth_trick.Correction62D | None
                    ) -> bool:
    """The comparison starts at the revoke Law 62D corrected: the correction is the law's own
    remedy, so Law 64C adjusts only for another revoke (the estimates are still shown)."""
    return correction is not None and comparison.point.revoke == correction.revoke


def _mechanical_law(transfer: TrickTransfer, twelfth_trick_corrected: bool,
                    corrected: bool = False) -> Law:
    """The law a mechanical result rests on: 62D for a corrected trick-12 revoke, else the first
    rectification that transferred tricks, else 62 when a revoke not established was corrected,
    else the first rectification (``none`` without one)."""
    if twelfth_trick_corrected:
        return Law.L62D
    for r in transfer.rectifications:
        if r.tricks > 0:
            return r.law
    if corrected:
        return Law.L62
    return transfer.rectifications[0].law if transfer.rectifications else Law.NONE

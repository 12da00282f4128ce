"""The single-dummy estimate: what it costs, against one DD table and against a naive version.

Cases: the worked cases, then seeded synthetic cases with one revoke at each trick from 1 to 11 in
turn (random deal, contract and legal play). For each case every comparison point the law weighs
is estimated with the default options (``--players strong``, 8 layouts a decision, at most 200
playouts when the tree is too large for exact propagation), from an empty cache and a flushed DDS:

* seconds per estimate (all comparison points of the case), DDS calls, boards per DDS call,
  decisions solved, the widest 95% interval of a reported probability;
* the ratio to one DD table of the same deal;
* on the cheapest cases that solve at least 100 boards, the ratio to a naive version (one
  uncached ``SolveBoard`` per layout, no memo of decisions) whose distributions must be identical
  (the layouts are the same: they are drawn from the seed and the player's view).

Then the stability table (:mod:`bench.stability`): the worked cases, the published cases
(``tests/data/published/*.json``, when the folder exists) and seeded synthetic cases with the
revoke at tricks 4 to 11 (:func:`revoke_cases`; 10 in the full run, none with ``--quick``), each
ruled under the run's seed and seeds derived from it (``--only sd-stability`` runs this table
alone, ``--set`` picks its sets), and the same boards under the same seeds with the default
estimate, whose score to enter is what the surfaces give when no estimate is named; and the
auction's cost (:mod:`bench.auction_cost`): the cases with an auction ruled with and without it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from revoke_equity.equity.estimate import DEFAULT_ESTIMATE, EstimateOptions
from revoke_equity.equity.policy import SingleDummyPolicy
from revoke_equity.equity.single_dummy import SingleDummy
from revoke_equity.laws.comparison import comparison_points
from revoke_equity.laws.rectification import rectify
from revoke_equity.laws.revokes import find_revokes
from revoke_equity.model.cards import Strain
from revoke_equity.model.case import Case
from revoke_equity.model.contract import Contract, Doubling, Vulnerability
from revoke_equity.model.play import replay
from revoke_equity.model.seats import SEATS
from revoke_equity.synthetic import play_with_revoke, random_deal

from bench.cases import BenchCase, published_cases, worked_cases
from bench.config import Config, Log
from bench.oracle import Oracle
from bench.timing import distribution, flush_dds, median, timed

NAIVE_MIN_BOARDS = 100
"""The naive comparison's cases solve at least this many boards (below, both take milliseconds)."""


def revoke_cases(seed: int, count: int, tricks: tuple[int, ...]) -> list[BenchCase]:
    """``count`` seeded synthetic cases, the revoke at each of ``tricks`` in turn."""
    rng = random.Random(f"bench-sd-cases:{seed}")
    out: list[BenchCase] = []
    while len(out) < count:
        trick = tricks[len(out) % len(tricks)]
        deal = random_deal(rng)
        contract = Contract(rng.randint(1, 7), rng.choice(list(Strain)),
                            rng.choice((Doubling.UNDOUBLED, Doubling.UNDOUBLED, Doubling.DOUBLED)))
        declarer = rng.choice(SEATS)
        made = play_with_revoke(deal, contract, declarer, rng, 4 * (trick - 1) + 1)
        if made is None or made[1] // 4 + 1 != trick:
            continue
        case = Case(deal=deal, contract=contract, declarer=declarer, play=made[0],
                    vulnerable=rng.choice(list(Vulnerability)), board=len(out) + 1)
        out.append(BenchCase(f"revoke@{trick}#{len(out)}", "synthetic", case, None))
    return out


class _NoMemo(dict):  # type: ignore[type-arg]
    """A memo that forgets everything: every decision is solved again."""

    def __setitem__(self, key: object, value: object) -> None:
        return None


class _Uncached:
    """A solver answering each position of a batch with its own uncached ``SolveBoard``."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.stats = inner.stats

    def solve(self, position: Any) -> Any:
        self.inner.clear_cache()
        return self.inner.solve(position)

    def solve_many(self, positions: Any) -> list[Any]:
        return [self.solve(p) for p in positions]


@dataclass
class _Run:
    seconds: float
    distributions: list[dict[str, float]]
    engine_calls: int
    batch_calls: int
    solve_calls: int
    decisions: int
    worlds: int
    widest: float
    method: str


def _estimate(case: Case, solver: Any, options: EstimateOptions, naive: bool = False) -> _Run:
    """Every comparison point of ``case`` estimated single-dummy, timed as one."""
    record = replay(case)
    revokes = find_revokes(record)
    points = comparison_points(record, revokes, rectify(record, revokes, case.laws), case.laws)
    solver.clear_cache()
    flush_dds()
    before = dict(solver.stats.as_dict())
    engine: Any = _Uncached(solver) if naive else solver

    def work() -> list[Any]:
        estimator = SingleDummy(record, options)
        policy: SingleDummyPolicy = estimator.new_policy(engine)
        if naive:  # one solve per layout, each decision solved again, nothing batched
            policy._memo = _NoMemo()
            policy.small = None
            policy.batched = False
        estimator.shared = policy
        return [estimator.estimate(p, engine) for p in points]

    seconds, estimates = timed(work)
    after = solver.stats.as_dict()
    widest = max((hi - lo for e in estimates for lo, hi in (e.interval or {}).values()),
                 default=0.0)
    return _Run(
        seconds=seconds,
        distributions=[e.distribution.as_dict() for e in estimates],
        engine_calls=int(after["engine_calls"] - before["engine_calls"]),
        batch_calls=int(after["batch_calls"] - before["batch_calls"]),
        solve_calls=int(after["solve_calls"] - before["solve_calls"]),
        decisions=sum(int(e.details.get("decisions", 0)) for e in estimates),
        worlds=sum(e.solver_calls for e in estimates),
        widest=widest / 2,
        method="+".join(str(e.parameters.get("method")) for e in estimates),
    )


def run_single_dummy(config: Config, oracle: Oracle, log: Log) -> dict[str, Any]:
    """The single-dummy section (see the module docstring); the stability table alone with
    ``config.stability_alone``."""
    from revoke_equity.solver.dds import DdsSolver

    if config.stability_alone:
        return {"stability": run_stability_alone(config, log)}

    cases = (worked_cases(None, config.sd_worked)
             + revoke_cases(config.seed, config.sd_synthetic, config.sd_tricks))
    options = sd_options(config)
    solver = DdsSolver()
    _estimate(cases[0].case, solver, options)  # warm-up, untimed
    log(f"single-dummy: {len(cases)} cases")
    rows: list[dict[str, Any]] = []
    for bc in cases:
        run = _estimate(bc.case, solver, options)
        again = _estimate(bc.case, solver, options)
        oracle.equal("sd estimate repeated", again.distributions, run.distributions, bc.name)
        for dist in run.distributions:
            oracle.equal("sd distribution sums to 1", round(sum(dist.values()), 4), 1.0, bc.name)
        flush_dds()
        table, _ = timed(partial(solver.dd_table, bc.case.deal))
        trick = next(r.trick for r in find_revokes(replay(bc.case)) if r.established)
        rows.append({
            "name": bc.name, "group": bc.group, "revoke_trick": trick,
            "seconds": min(run.seconds, again.seconds), "engine_calls": run.engine_calls,
            "batch_calls": run.batch_calls,
            "boards_per_call": run.solve_calls / run.batch_calls if run.batch_calls else 0.0,
            "decisions": run.decisions, "worlds": run.worlds, "widest_half_interval": run.widest,
            "method": run.method, "table_seconds": table,
            "ratio_to_table": min(run.seconds, again.seconds) / table,
        })
        log(f"  {bc.name}: {rows[-1]['seconds']:.2f} s, {run.engine_calls} DDS boards, "
            f"{run.method}")
    naive_rows = []
    # Cases that need real work but stay cheap enough for the naive version (which replays every
    # decision): at least NAIVE_MIN_BOARDS boards, the cheapest of those.
    cheap = sorted((r for r in rows if r["engine_calls"] >= NAIVE_MIN_BOARDS),
                   key=lambda r: r["seconds"])[:config.sd_naive]
    by_name = {bc.name: bc for bc in cases}
    log(f"single-dummy: {len(cheap)} cases against the naive version")
    for row in cheap:
        bc = by_name[row["name"]]
        ours = _estimate(bc.case, solver, options)
        naive = _estimate(bc.case, solver, options, naive=True)
        oracle.equal("sd naive vs ours", naive.distributions, ours.distributions, bc.name)
        naive_rows.append({"name": bc.name, "ours": ours.seconds, "naive": naive.seconds,
                           "ratio": naive.seconds / ours.seconds,
                           "ours_engine_calls": ours.engine_calls,
                           "naive_engine_calls": naive.engine_calls})
    stability = stability_table(config, solver, options, log)
    from bench.auction_cost import run_auction_cost

    log("single-dummy: with and without the auction")
    auction = run_auction_cost(solver, options, oracle, log, config.sd_auction_rounds,
                               config.sd_auction_cases, config.sd_auction_sampler)
    return {"cases": rows, "naive": naive_rows, "summary": _summary(rows, naive_rows),
            "stability": stability, "auction": auction,
            "options": {"worlds": options.worlds, "max_worlds": options.max_worlds,
                        "tolerance": options.tolerance, "playouts": options.playouts,
                        "players": options.players, "jobs": options.jobs,
                        "precision": options.precision}}


def sd_options(config: Config) -> EstimateOptions:
    """The single-dummy options of a run: the product's defaults but for what ``config`` sets
    (``--worlds``, ``--max-worlds``, ``--tolerance``, ``--playouts``, ``--precision``,
    ``--jobs``)."""
    options = EstimateOptions(estimate="sd", jobs=config.sd_jobs)
    if config.sd_worlds is not None:
        options = replace(options, worlds=config.sd_worlds)
    if config.sd_max_worlds is not None:
        options = replace(options, max_worlds=config.sd_max_worlds)
    if config.sd_tolerance is not None:
        options = replace(options, tolerance=config.sd_tolerance)
    if config.sd_playouts is not None:
        options = replace(options, playouts=config.sd_playouts)
    if config.sd_precision is not None:
        options = replace(options, precision=config.sd_precision)
    return options


def run_stability_alone(config: Config, log: Log) -> dict[str, Any]:
    """The stability table alone (``--only sd-stability``): the sets of
    ``config.stability_sets`` with the options of :func:`sd_options`."""
    from revoke_equity.solver.dds import DdsSolver

    return stability_table(config, DdsSolver(), sd_options(config), log)


def stability_sets(config: Config, skipped: list[str]) -> dict[str, list[BenchCase]]:
    """The cases of the stability table by set, for the sets of ``config.stability_sets`` (the
    others empty): the worked cases of ``stability_worked``, the published cases (the first
    ``stability_published``), each narrowed to the names starting with one of
    ``stability_names`` when given, and ``stability_synthetic`` seeded synthetic cases with the
    revokes at ``stability_tricks`` in turn. A published board that cannot be read is left out,
    its error appended to ``skipped``."""
    wanted = set(config.stability_sets)
    names = config.stability_names
    sets: dict[str, list[BenchCase]] = {name: [] for name in ("worked", "published", "synthetic")}
    if "worked" in wanted and config.stability_worked:
        sets["worked"] = worked_cases(None, config.stability_worked)
    if "published" in wanted:
        sets["published"] = published_cases(config.stability_published, skipped=skipped)
    if names:
        for group in ("worked", "published"):
            sets[group] = [bc for bc in sets[group] if bc.name.startswith(names)]
    if "synthetic" in wanted and config.stability_synthetic:
        sets["synthetic"] = revoke_cases(config.seed, config.stability_synthetic,
                                         config.stability_tricks)
    return sets


def stability_table(config: Config, solver: Any, options: EstimateOptions,
                    log: Log) -> dict[str, Any]:
    """The stability table over the worked, published and synthetic sets (see the module
    docstring), each case ruled under ``config.sd_seeds`` seeds with ``options``; and
    ``default``: whether the score to enter of the default estimate holds on the same boards
    under the same seeds."""
    from revoke_equity.ruling import rule

    from bench.stability import derived_seeds, run_stability

    skipped: list[str] = []
    sets = stability_sets(config, skipped)
    for error in skipped:
        log(f"stability: published case skipped: {error}")
    seeds = derived_seeds(config.seed, config.sd_seeds)
    log(f"stability: {sum(len(c) for c in sets.values())} cases under seeds "
        f"{', '.join(map(str, seeds))}")

    def rule_json(bc: BenchCase, seeded: EstimateOptions) -> dict[str, Any]:
        solver.clear_cache()  # a ruling's cost, not the rulings' before it: another seed or deal
        return dict(rule(bc.case, solver, options=seeded, trace=False).to_dict())

    out = run_stability(sets, seeds, options, rule_json, log)
    # the score to enter of the default estimate, on the same boards under the same seeds (the
    # estimates shown beside it do not change it, so they are not made here)
    default = run_stability(sets, seeds, EstimateOptions(estimate=DEFAULT_ESTIMATE),
                            rule_json, lambda _: None)
    out["default"] = {"estimate": DEFAULT_ESTIMATE, "sets": {
        group: {k: g[k] for k in ("boards", "same_score_boards", "same_score_share",
                                  "weighted_boards", "weighted_within", "cpu_seconds")}
        for group, g in default["sets"].items()}}
    out["cache_cleared"] = True
    out["published_skipped"] = skipped
    out["options"] = {"worlds": options.worlds, "max_worlds": options.max_worlds,
                      "tolerance": options.tolerance, "playouts": options.playouts,
                      "precision": options.precision}
    return out


def _summary(rows: list[dict[str, Any]], naive: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for group in ("worked", "synthetic", "all"):
        mine = [r for r in rows if group in ("all", r["group"])]
        if not mine:
            continue
        out[group] = {
            "cases": len(mine),
            "seconds": distribution([r["seconds"] for r in mine]),
            "engine_calls": distribution([r["engine_calls"] for r in mine]),
            "boards_per_call": median([r["boards_per_call"] for r in mine]),
            "decisions": distribution([r["decisions"] for r in mine]),
            "ratio_to_table": distribution([r["ratio_to_table"] for r in mine]),
            "widest_half_interval": max(r["widest_half_interval"] for r in mine),
        }
    by_trick: dict[int, list[float]] = {}
    for r in rows:
        if r["group"] == "synthetic":
            by_trick.setdefault(r["revoke_trick"], []).append(r["seconds"])
    out["by_trick"] = {t: median(v) for t, v in sorted(by_trick.items())}
    if naive:
        out["naive"] = {"cases": len(naive), "ratio_median": median([n["ratio"] for n in naive]),
                        "ratio_min": min(n["ratio"] for n in naive),
                        "ratio_max": max(n["ratio"] for n in naive),
                        "ours_engine_calls": median([n["ours_engine_calls"] for n in naive]),
                        "naive_engine_calls": median([n["naive_engine_calls"] for n in naive])}
    return out

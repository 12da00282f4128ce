"""The ruling pipeline: :func:`revoke_equity.ruling.rule` with DDS, warm and cold, and the naive
no-reuse baseline.

Warm: one :class:`~revoke_equity.solver.dds.DdsSolver` for the run, the process warmed by an
untimed ruling; before each timed ruling the solver's cache is cleared and DDS flushed, so a ruling
gets no help from an earlier one. For each case: the wall time, the DDS calls and DDS time of the
ruling (``Ruling.solver_stats``; our code's time is the rest), and one full DD table of the same
deal timed the same way (the ruling's cost in "DD tables"). Cold: :func:`bench.cold.cold_ruling`.

Oracles: a worked case's ruling must give its pinned answers (the fields of ``expect``); every
double-dummy equity must list the alternatives that a bare endplay ``solve_board`` at the revoke
gives; every cold ruling must equal the warm one; every naive ruling must equal ours.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from typing import Any

from bench.bare import bare_solve, endplay_position
from bench.cases import BenchCase, synthetic_cases, worked_cases
from bench.cold import cold_ruling
from bench.config import Config
from bench.naive import NaiveSolver
from bench.oracle import Oracle
from bench.timing import distribution, flush_dds, median, timed

Log = Callable[[str], None]
GROUPS = ("worked", "synthetic", "all")
STAT_KEYS = ("engine_calls", "solve_calls", "batch_calls", "trace_calls", "table_calls",
             "cache_hits")


def select_cases(config: Config) -> list[BenchCase]:
    """The worked cases (all, or the first ``worked_cases``), then the synthetic ones."""
    return (worked_cases(config.worked_cases, config.worked_names)
            + synthetic_cases(config.seed, config.synthetic_cases))


def _mixed(cases: list[BenchCase], count: int) -> list[BenchCase]:
    """``count`` cases: half (rounded up) worked, the rest synthetic, topped up from either."""
    worked = [c for c in cases if c.group == "worked"]
    synthetic = [c for c in cases if c.group == "synthetic"]
    want_worked = min(len(worked), -(-count // 2))
    chosen = worked[:want_worked] + synthetic[:count - want_worked]
    chosen += worked[want_worked:want_worked + count - len(chosen)]
    return chosen[:count]


def _comparable(ruling: dict[str, Any]) -> dict[str, Any]:
    """A ruling's JSON without the solver counts (which differ between solvers and runs)."""
    out: dict[str, Any] = json.loads(json.dumps(ruling))
    out.pop("solver", None)
    return out


def check_worked(oracle: Oracle, name: str, ruling: dict[str, Any], expect: dict[str, Any]) -> None:
    """The worked case's pinned fields (as ``tests/test_shared_cases.py`` reads them)."""
    for key in ("rectifications", "table", "mechanical"):
        if key in expect:
            got = ruling[key]
            if isinstance(got, dict):  # the format may add fields, never rename
                got = {k: got.get(k) for k in expect[key]}
            oracle.equal("worked case", got, expect[key], f"{name} {key}")
    if "revokes" in expect:
        got = [{k: r.get(k) for k in e} for r, e in zip(ruling["revokes"], expect["revokes"],
                                                         strict=False)]
        oracle.equal("worked case", (len(ruling["revokes"]), got),
                     (len(expect["revokes"]), expect["revokes"]), f"{name} revokes")
    if "equity" in expect:
        equity = ruling["equity"] or {}
        got_equity = {k: equity.get(k) for k in expect["equity"]}
        oracle.equal("worked case", got_equity, expect["equity"], f"{name} equity")
    if "recommendation" in expect:
        rec = ruling["recommendation"]
        oracle.equal("worked case", {k: rec.get(k) for k in expect["recommendation"]},
                     expect["recommendation"], f"{name} recommendation")


def check_equity_bare(oracle: Oracle, name: str, ruling: Any) -> None:
    """The equity alternatives against a bare endplay ``solve_board`` at the comparison point
    (declarer's totals worked out here, not by the equity code; a kept revoke's transfer, 64C2(a),
    is added as the ruling reports it)."""
    comparison = ruling.comparison
    if comparison is None:
        return
    position = comparison.point.position
    side = ruling.record.declarer_side
    answer = bare_solve(endplay_position(position))
    remaining = len(position.hand(position.to_move))
    mover_is_declarer = position.to_move.side is side
    offender_is_declarer = comparison.point.revoke.side is side
    kept = comparison.kept_transfer * (-1 if offender_is_declarer else 1)
    choices = {str(c) for c in comparison.point.choices}
    expected = [{"card": card, "declarer_tricks": position.tricks(side) + kept
                 + (t if mover_is_declarer else remaining - t)}
                for card, t in sorted(answer.items()) if card in choices]
    got = ruling.to_dict()["equity"]["alternatives"]
    oracle.equal("equity vs bare solve_board", got, expected, name)


def _warm_ruling(case: BenchCase, solver: Any) -> tuple[float, Any]:
    """``(seconds, ruling)`` of one timed ``rule()`` (``to_dict`` not included), from an empty
    cache and a flushed DDS."""
    solver.clear_cache()
    flush_dds()
    from revoke_equity.equity.estimate import EstimateOptions
    from revoke_equity.ruling import rule

    dd = EstimateOptions(estimate="dd")
    return timed(lambda: rule(case.case, solver, options=dd))


def _summary(rows: list[dict[str, Any]], cold: list[dict[str, Any]]) -> dict[str, Any]:
    """Per group (worked, synthetic, all): distributions over the cases' medians."""
    out: dict[str, Any] = {}
    for group in GROUPS:
        mine = [r for r in rows if group in ("all", r["group"])]
        if not mine:
            continue
        walls = [r["warm_median"] for r in mine]
        dds = [r["dds_seconds"] for r in mine]
        colds = [c for c in cold if group in ("all", c["group"])]
        ratios = [r["ratio_to_table"] for r in mine]
        out[group] = {
            "cases": len(mine),
            "warm": distribution(walls),
            "our_code": distribution([r["our_seconds"] for r in mine]),
            "dds_share": sum(dds) / sum(walls) if sum(walls) else float("nan"),
            "engine_calls": distribution([r["engine_calls"] for r in mine]),
            "table": distribution([r["table_median"] for r in mine]),
            "ratio_to_table_median": median(ratios),
            "ratio_to_table_worst": max(ratios),
            "cold": distribution([c["wall"] for c in colds]),
            "cold_phases": {k: median([c[k] for c in colds]) if colds else float("nan")
                            for k in ("imports", "solver_load", "rule")},
        }
    return out


def run_pipeline(config: Config, oracle: Oracle, log: Log) -> dict[str, Any]:
    """Warm and cold rulings of every case (see the module docstring)."""
    from revoke_equity.solver.dds import DdsSolver

    cases = select_cases(config)
    solver = DdsSolver()
    _warm_ruling(cases[0], solver)  # the process warm-up (imports, DDS memory), untimed
    rows: list[dict[str, Any]] = []
    log(f"ruling pipeline: {len(cases)} cases x {config.ruling_reps} warm rulings")
    for bc in cases:
        walls: list[float] = []
        in_dds: list[float] = []
        ruling = None
        for _ in range(config.ruling_reps):
            seconds, ruling = _warm_ruling(bc, solver)
            walls.append(seconds)
            in_dds.append(float(ruling.solver_stats.get("seconds", 0.0)))
        assert ruling is not None
        as_dict = ruling.to_dict()
        if bc.expect is not None:
            check_worked(oracle, bc.name, as_dict, bc.expect)
        check_equity_bare(oracle, bc.name, ruling)
        stats = ruling.solver_stats
        rows.append({
            "name": bc.name, "group": bc.group,
            "revokes": len(ruling.revokes), "established": len(ruling.established),
            "warm": walls, "warm_median": median(walls),
            "dds_seconds": median(in_dds),
            "our_seconds": median([w - d for w, d in zip(walls, in_dds, strict=True)]),
            **{k: int(stats.get(k, 0)) for k in STAT_KEYS},
            "ruling": _comparable(as_dict),
        })
    log(f"ruling pipeline: one DD table per case x {config.table_reps}")
    for row, bc in zip(rows, cases, strict=True):
        tables = []
        for _ in range(config.table_reps):
            flush_dds()
            seconds, _ = timed(partial(solver.dd_table, bc.case.deal))
            tables.append(seconds)
        row["table"] = tables
        row["table_median"] = median(tables)
        row["ratio_to_table"] = row["warm_median"] / row["table_median"]
    cold: list[dict[str, Any]] = []
    by_name = {r["name"]: r for r in rows}
    cold_cases = _mixed(cases, config.cold_cases)
    log(f"ruling pipeline: {len(cold_cases)} cases x {config.cold_reps} cold rulings "
        "(fresh interpreter each)")
    for bc in cold_cases:
        for rep in range(config.cold_reps):
            result = cold_ruling(bc.as_json())
            oracle.equal("cold vs warm ruling", _comparable(result.pop("ruling")),
                         by_name[bc.name]["ruling"], f"{bc.name} (cold)")
            cold.append({"name": bc.name, "group": bc.group, "rep": rep, **result})
    for row in rows:
        row.pop("ruling")
    return {"cases": rows, "cold": cold, "summary": _summary(rows, cold)}


def run_naive(config: Config, oracle: Oracle, log: Log) -> dict[str, Any]:
    """Ours against :class:`~bench.naive.NaiveSolver` on the same rulings, interleaved (the two
    take turns going first), each ruling checked equal."""
    from revoke_equity.equity.estimate import EstimateOptions
    from revoke_equity.ruling import rule
    from revoke_equity.solver.dds import DdsSolver

    dd = EstimateOptions(estimate="dd")  # as the warm ruling it is checked against
    cases = _mixed(select_cases(config), config.naive_cases)
    ours = DdsSolver()
    naive = NaiveSolver(DdsSolver(cache_size=0))
    _warm_ruling(cases[0], ours)
    log(f"naive baseline: {len(cases)} cases x {config.ruling_reps} rulings x 2 solvers")
    rows: list[dict[str, Any]] = []
    for bc in cases:
        times: dict[str, list[float]] = {"ours": [], "naive": []}
        rulings: dict[str, Any] = {}
        for rep in range(config.ruling_reps):
            order = ("ours", "naive") if rep % 2 == 0 else ("naive", "ours")
            for side in order:
                if side == "ours":
                    seconds, rulings["ours"] = _warm_ruling(bc, ours)
                else:
                    flush_dds()
                    seconds, rulings["naive"] = timed(partial(rule, bc.case, naive, options=dd))
                times[side].append(seconds)
        oracle.equal("naive vs ours", _comparable(rulings["naive"].to_dict()),
                     _comparable(rulings["ours"].to_dict()), bc.name)
        ours_median, naive_median = median(times["ours"]), median(times["naive"])
        rows.append({
            "name": bc.name, "group": bc.group,
            "ours": times["ours"], "naive": times["naive"],
            "ours_median": ours_median, "naive_median": naive_median,
            "ratio": naive_median / ours_median,
            "ours_engine_calls": int(rulings["ours"].solver_stats.get("engine_calls", 0)),
            "naive_engine_calls": int(rulings["naive"].solver_stats.get("engine_calls", 0)),
            "ours_dds_seconds": float(rulings["ours"].solver_stats.get("seconds", 0.0)),
            "naive_dds_seconds": float(rulings["naive"].solver_stats.get("seconds", 0.0)),
        })
    ratios = [r["ratio"] for r in rows]
    summary = {
        "cases": len(rows),
        "ours": distribution([r["ours_median"] for r in rows]),
        "naive": distribution([r["naive_median"] for r in rows]),
        "ratio_median": median(ratios),
        "ratio_min": min(ratios),
        "ratio_max": max(ratios),
        "ratio_total": sum(r["naive_median"] for r in rows) / sum(r["ours_median"] for r in rows),
        "ours_engine_calls": distribution([r["ours_engine_calls"] for r in rows]),
        "naive_engine_calls": distribution([r["naive_engine_calls"] for r in rows]),
    }
    return {"cases": rows, "summary": summary}

"""The equity engine: the play-guided replay, the DD trace through revokes, and solver economy."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from revoke_equity.equity.estimate import EstimateOptions
from revoke_equity.equity.trace import play_trace
from revoke_equity.io.json_case import case_from_dict
from revoke_equity.laws.revokes import find_revokes
from revoke_equity.model import Case
from revoke_equity.model.play import replay
from revoke_equity.ruling import rule

from conftest import CASES


def worked(name: str) -> Case:
    (path,) = CASES.glob(f"{name}*.json")
    return case_from_dict(json.loads(path.read_text()))


ALL = sorted(p.stem.split("-")[0] for p in CASES.glob("p*.json"))


FAST = EstimateOptions(estimate="table", worlds=4, playouts=8)


def test_table_estimate_keeps_the_table_cards_and_lists_departures(dds_solver: Any) -> None:
    """p11 from the first revoke: South follows suit at trick 2, so his table spade at trick 5 is
    gone and the table's second revoke (C5 at trick 8) is not legal: both are departures."""
    ruling = rule(worked("p11"), dds_solver, options=FAST)
    c1 = next(c for c in ruling.comparisons if c.point.clause == "C1")
    departures = c1.estimates["table"].details["departures"]
    assert isinstance(departures, list)
    assert departures[0].startswith("Trick 2: S plays S")
    assert any(d.startswith("Trick 8: S") and "C5" in d for d in departures)
    assert all("single-dummy" in d for d in departures)


def test_table_estimate_is_single_dummy_after_a_claim(dds_solver: Any) -> None:
    """p14: the claim came right after the revoke, so no table card is left to keep: the table
    estimate is the single-dummy estimate."""
    options = EstimateOptions(estimate="table", extra=("sd",), worlds=4, playouts=8)
    ruling = rule(worked("p14"), dds_solver, options=options)
    (comparison,) = ruling.comparisons
    sd, table = comparison.estimates["sd"], comparison.estimates["table"]
    assert sd.distribution == table.distribution
    assert all("claim" in d or "single-dummy" in d
               for d in table.details["departures"])  # type: ignore[union-attr]


@pytest.mark.parametrize("name", ALL)
def test_trace_splits_at_revokes_and_is_consistent(name: str, dds_solver: Any) -> None:
    """Declarer's DD expectation is non-increasing under declarer's side's legal plays and
    non-decreasing under the other side's; the swing of each revoke is the jump at its card."""
    case = worked(name)
    record = replay(case)
    revokes = find_revokes(record)
    trace = play_trace(record, revokes, dds_solver)
    assert len(trace.expectations) == len(case.play) + 1
    cuts = {r.index for r in revokes if not r.corrected}
    for i, _card in enumerate(case.play):
        if i in cuts:
            continue
        mover = record.positions[i].to_move.side
        before, after = trace.expectations[i], trace.expectations[i + 1]
        if mover is record.declarer_side:
            assert after <= before, (i, before, after)
        else:
            assert after >= before, (i, before, after)
    if not case.claim:
        assert trace.expectations[-1] == record.declarer_tricks
    for swing in trace.swings:
        assert swing.before == trace.expectations[next(r.index for r in revokes
                                                       if r.trick == swing.trick)]


def test_double_dummy_estimate_costs_one_solver_call(dds_solver: Any) -> None:
    """One SolveBoard gives every alternative; the trace is one AnalysePlay per stretch between
    revokes."""
    case = worked("p01")
    fresh = dataclasses.replace(case, board=99)
    from revoke_equity.solver.dds import DdsSolver

    solver = DdsSolver()
    ruling = rule(fresh, solver)
    assert ruling.solver_stats["trace_calls"] == 2
    assert ruling.solver_stats["solve_calls"] == 1
    assert ruling.comparisons[0].dd.solver_calls == 1

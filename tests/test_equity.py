"""The equity engine: the play-guided replay, the DD trace through revokes, and solver economy."""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

import pytest

from revoke_equity.equity.estimate import DEFAULT_ESTIMATE, EstimateOptions
from revoke_equity.equity.trace import play_trace
from revoke_equity.io.json_case import case_from_dict
from revoke_equity.laws.revokes import find_revokes
from revoke_equity.model import Case
from revoke_equity.model.play import replay
from revoke_equity.ruling import rule

from conftest import CASES, DD


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
    ruling = rule(fresh, solver, options=DD)
    assert ruling.solver_stats["trace_calls"] == 2
    assert ruling.solver_stats["solve_calls"] == 1
    assert ruling.comparisons[0].dd.solver_calls == 1


@pytest.mark.parametrize(("field", "bad", "good", "message"), [
    ("estimate", "ddd", "table", "unknown estimate 'ddd' (expected sd, dd or table)"),
    ("extra", ("sd", "xx"), ("sd", "table"), "unknown estimate 'xx' (expected sd, dd or table)"),
    ("players", "pro", "club", "unknown class of player 'pro' (expected expert, strong, club)"),
    ("worlds", 0, 1, "worlds must be 1-200 (DDS solves at most 200 boards in one batch)"),
    ("worlds", 201, 200, "worlds must be 1-200"),
    ("playouts", 0, 1, "playouts must be 1-100000"),
    ("playouts", 100_001, 100_000, "playouts must be 1-100000"),
    ("jobs", 0, 1, "jobs must be 1-64"),
    ("jobs", 65, 64, "jobs must be 1-64"),
    ("precision", -0.01, 0.0, "precision must be at least 0 and below 1"),
    ("precision", 1.0, 0.99, "precision must be at least 0 and below 1"),
    ("probable", 0.0, 0.01, "the thresholds need 0 < probable <= likely <= 1"),
    ("probable", 0.9, 0.8, "the thresholds need 0 < probable <= likely <= 1"),
    ("likely", 1.01, 1.0, "the thresholds need 0 < probable <= likely <= 1"),
])
def test_estimate_options_refuse_values_out_of_range(field: str, bad: object, good: object,
                                                      message: str) -> None:
    """Each bound, just outside (refused with its message) and just inside (accepted)."""
    base = {"likely": 0.8, "probable": 0.3} if field in ("probable", "likely") else {}
    with pytest.raises(ValueError, match="^" + re.escape(message)):
        EstimateOptions(**{**base, field: bad})  # type: ignore[arg-type]
    assert getattr(EstimateOptions(**{**base, field: good}), field) == good  # type: ignore[arg-type]


def test_estimate_options_name_dd_first_and_each_estimate_once() -> None:
    assert EstimateOptions().estimate == DEFAULT_ESTIMATE  # the one default of every surface
    assert EstimateOptions(estimate="dd").names == ("dd",)
    assert EstimateOptions(estimate="sd", extra=("table", "sd", "dd")).names == ("dd", "sd", "table")
    assert EstimateOptions(estimate="table", extra=("sd",)).names == ("dd", "table", "sd")
    assert [EstimateOptions(players=p).temperature for p in ("expert", "strong", "club")] == [
        0.1, 0.3, 0.6]


def test_estimate_json_rounds_and_adds_the_intervals_and_details() -> None:
    from revoke_equity.equity.estimate import Estimate
    from revoke_equity.model.distribution import TrickDistribution
    from revoke_equity.ruling.json_form import estimate_json

    distribution = TrickDistribution.from_mapping({8: 1, 9: 2})
    plain = Estimate("dd", distribution, {"seed": 1}, 3)
    assert estimate_json(plain) == {"distribution": distribution.as_dict(), "expected": 8.6667,
                               "parameters": {"seed": 1}, "solver_calls": 3}
    sampled = Estimate("sd", distribution, {}, 5, {9: (0.123456, 0.9), 8: (0.0, 0.55556)},
                       {"decisions": 2})
    data = estimate_json(sampled)
    assert data["interval"] == {"8": [0.0, 0.5556], "9": [0.1235, 0.9]}
    assert list(data["interval"]) == ["8", "9"]  # type: ignore[call-overload]
    assert data["decisions"] == 2


def test_the_results_not_drawn_are_one_line_under_the_bars() -> None:
    """The text report names the results an estimate gives an interval for but did not draw,
    as ranges of tricks, with the highest upper bound; nothing when every result was drawn or
    no bound reaches 0.1%."""
    from revoke_equity.equity.estimate import Estimate
    from revoke_equity.model.distribution import TrickDistribution
    from revoke_equity.report.text import trick_ranges, unseen_text

    distribution = TrickDistribution.from_counts({9: 56, 10: 4})
    zero_of_60 = 1.959963984540054 ** 2 / (60 + 1.959963984540054 ** 2)  # 0.0602
    interval = {t: (0.0, zero_of_60) for t in (5, 6, 7, 8, 12)}
    interval |= {9: (0.84, 0.98), 10: (0.02, 0.16)}
    sampled = Estimate("sd", distribution, {"playouts": 60}, 5, interval)
    assert unseen_text(sampled) == ("not seen in 60 playouts: 5-8, 12 tricks, each at most 6.0% "
                                    "(95%)")
    exact = Estimate("sd", distribution, {"method": "exact"}, 5,
                     {8: (0.0, 0.021), 9: (0.9, 1.0), 10: (0.0, 0.1)})
    assert unseen_text(exact) == "not reached with these layouts: 8 tricks, at most 2.1% (95%)"
    assert unseen_text(Estimate("sd", distribution, {}, 5, {8: (0.0, 0.0003), 9: (0.9, 1.0),
                                                            10: (0.0, 0.1)})) is None
    assert unseen_text(Estimate("sd", distribution, {}, 5, {9: (0.9, 1.0),
                                                            10: (0.0, 0.1)})) is None
    assert unseen_text(Estimate("dd", TrickDistribution.point(9), {}, 1)) is None
    assert trick_ranges([0, 1, 2, 4, 6, 7]) == "0-2, 4, 6-7"


def test_estimate_arguments_parse_with_their_defaults() -> None:
    import argparse

    from revoke_equity.equity.estimate import (
        DEFAULT_MAX_WORLDS,
        DEFAULT_PLAYOUTS,
        DEFAULT_PRECISION,
        DEFAULT_TOLERANCE,
        DEFAULT_WORLDS,
        add_estimate_arguments,
    )

    parser = argparse.ArgumentParser()
    add_estimate_arguments(parser, "sd")
    args = parser.parse_args([])
    assert (args.estimate, args.players, args.worlds, args.playouts) == (
        "sd", "strong", DEFAULT_WORLDS, DEFAULT_PLAYOUTS)
    args = parser.parse_args(["--estimate", "table", "--players", "club", "--worlds", "5",
                              "--playouts", "30"])
    assert (args.estimate, args.players, args.worlds, args.playouts) == ("table", "club", 5, 30)
    with pytest.raises(SystemExit):
        parser.parse_args(["--estimate", "xx"])
    with pytest.raises(SystemExit):
        parser.parse_args(["--players", "pro"])
    text = " ".join(parser.format_help().split())
    assert (
        "--estimate {sd,dd,table} the estimate of the likely result the score rests on: sd "
        "single-dummy play (default), dd double-dummy play, table the table's later cards kept "
        "where legal --players {expert,strong,club} class of player of the sd and table "
        "estimates (default strong) --worlds WORLDS layouts a single-dummy decision draws first "
        f"(default {DEFAULT_WORLDS}) --max-worlds MAX_WORLDS the most layouts a decision draws "
        f"while it is not settled (default {DEFAULT_MAX_WORLDS}, or --worlds when that is more; "
        "refused below --worlds) --tolerance TOLERANCE a decision "
        "is settled once its cards' probabilities vary by at most this over resamples of its "
        f"layouts (default {DEFAULT_TOLERANCE:g}) --playouts PLAYOUTS the most sampled playouts "
        f"of an estimate (default {DEFAULT_PLAYOUTS}; they stop once every probability is known within "
        f"+/-{DEFAULT_PRECISION:g} at 95%)") in text

"""The equity engine: the play-guided replay, the DD trace through revokes, and solver economy."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from revoke_equity.equity.replay import replay_estimate
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


@pytest.mark.parametrize("name", ALL)
def test_replay_is_a_legal_play_from_the_revoke(name: str, dds_solver: Any) -> None:
    case = worked(name)
    record = replay(case)
    revoke = next(r for r in find_revokes(record) if r.established)
    estimate = replay_estimate(record, revoke, dds_solver)
    position = record.positions[revoke.index]
    for replayed in estimate.cards:
        assert replayed.seat is position.to_move
        assert position.is_legal(replayed.card), (replayed, position)
        position = position.play(replayed.card)
    assert position.is_over
    assert estimate.declarer_tricks == position.tricks(record.declarer_side)
    # Every card flagged as the table's is the player's next table card; the others are explained.
    assert all(c.from_table == (c.note == "as at the table") for c in estimate.cards)
    assert len(estimate.differences) == sum(1 for c in estimate.cards if not c.from_table)


def test_replay_revoke_card_returns_and_is_played_later(dds_solver: Any) -> None:
    """p11: South revoked with D3 at trick 2; in the replay he follows with a spade, so the table's
    spade at trick 5 is no longer his and D3, back in his hand, is played instead."""
    record = replay(worked("p11"))
    revoke = find_revokes(record)[0]
    estimate = replay_estimate(record, revoke, dds_solver)
    first = estimate.cards[0]
    assert (first.trick, str(first.seat), first.card.suit.value) == (2, "S", "S")
    d3 = [c for c in estimate.cards if str(c.card) == "D3"]
    assert len(d3) == 1 and d3[0].trick > 2 and not d3[0].from_table


def test_replay_second_revoke_card_is_illegal_and_replaced(dds_solver: Any) -> None:
    """p11: the table's second revoke (C5 on a spade at trick 8) is not legal in the replay."""
    record = replay(worked("p11"))
    estimate = replay_estimate(record, find_revokes(record)[0], dds_solver)
    trick8 = [c for c in estimate.cards if c.trick == 8 and str(c.seat) == "S"]
    assert trick8 and not trick8[0].from_table and trick8[0].card.suit.value == "S"
    assert any("Trick 8" in d and "C5" in d for d in estimate.differences)


def test_replay_equals_table_after_revoke_when_table_play_stays_legal(dds_solver: Any) -> None:
    """A claim right after the revoke: everything after the revoke is chosen double-dummy, so the
    replay equals the pure double-dummy equity."""
    record = replay(worked("p14"))
    revoke = find_revokes(record)[0]
    ruling = rule(worked("p14"), dds_solver)
    assert ruling.equity is not None
    estimate = replay_estimate(record, revoke, dds_solver)
    assert estimate.declarer_tricks == ruling.equity.declarer_tricks


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


def test_equity_costs_few_solver_calls(dds_solver: Any) -> None:
    """A ruling asks the solver once for the equity (all alternatives in one call), a few times for
    the replay's deviations, and once per stretch between revokes for the trace."""
    case = worked("p01")
    fresh = dataclasses.replace(case, board=99)
    from revoke_equity.solver.dds import DdsSolver

    solver = DdsSolver()
    ruling = rule(fresh, solver)
    assert ruling.solver_stats["trace_calls"] == 2
    replay_deviations = sum(1 for c in ruling.replay.cards if not c.from_table)  # type: ignore[union-attr]
    assert ruling.solver_stats["solve_calls"] + ruling.solver_stats["cache_hits"] == (
        1 + replay_deviations)

"""The double-dummy trace of a board whose revoke was corrected before it was established (Law 62):
it follows the corrected play from the revoke card on and marks the card substituted for the
withdrawn revoke card (62B1, 62B2) and each later card changed (62C1, 62C2).

The traced cards are checked against the corrected play the ruling made (``law_62.play``) and the
table's play before the revoke; the double-dummy totals against a made-up oracle (no DDS) and, on
the worked cases, against DDS at the last card (the corrected play's own result, no claim left).
"""

from __future__ import annotations

from typing import Any

import pytest

from revoke_equity.equity.trace import corrected_trace
from revoke_equity.model import Case, Edition
from revoke_equity.ruling import Ruling, rule
from revoke_equity.ruling.schema import RulingJSON
from test_law62 import claimed_trick12_board
from test_law_cases import law_case
from test_ruling_schema import mismatches
from test_trace_bookkeeping import Oracle

from conftest import DD

EDITIONS = pytest.mark.parametrize("edition", list(Edition), ids=str)


def _check_follows_the_correction(r: Ruling, data: dict[str, Any]) -> None:
    """The trace's cards are the table's up to the revoke card, then the corrected play; the
    revoke card is not in the traced trick; the first change is the substitution."""
    assert r.law62 is not None and r.corrected is not None
    trace, law62 = data["trace"], data["law_62"]
    start = r.law62.revoke.index
    table = [str(c) for c in r.case.play]
    assert trace["cards"][:start] == table[:start]
    assert trace["cards"][start:] == law62["play"]
    assert trace["cards"] == [str(c) for c in r.corrected.record.case.play]
    trick = r.law62.revoke.trick
    assert law62["withdrawn"] not in trace["cards"][4 * (trick - 1):4 * trick]
    assert trace["changes"][0] == {
        "trick": trick, "player": law62["player"], "card": law62["substituted"],
        "withdrawn": law62["withdrawn"], "clause": law62["law"],
        "declarer_tricks_before": trace["declarer_expectation_by_card"][start],
        "declarer_tricks_after": trace["declarer_expectation_by_card"][start + 1]}
    changed = [(x["trick"], x["player"], x["corrected"], x["card"], x["law"])
               for x in law62["later"] if x["corrected"] != x["card"]]
    assert [(c["trick"], c["player"], c["card"], c["withdrawn"], c["clause"])
            for c in trace["changes"][1:]] == changed
    assert len(trace["declarer_expectation_by_card"]) == len(trace["cards"]) + 1
    assert mismatches(data, RulingJSON) == []


@EDITIONS
def test_the_trace_of_the_claimed_trick12_board_shows_each_change(edition: Edition,
                                                                 dds_solver: Any) -> None:
    """The hand-made ending: E's C2 is withdrawn for S4 (62B1), S's D3 for H2 (62C1), W's SA for
    SK (62C2); the trace ends on the corrected result, 2 of the last 2 for N-S."""
    case = claimed_trick12_board(edition)
    r = rule(case, dds_solver, options=DD)
    data = r.to_dict()
    _check_follows_the_correction(r, data)
    changes = data["trace"]["changes"]
    assert [(c["trick"], c["player"], c["withdrawn"], c["card"], c["clause"]) for c in changes] == [
        (12, "E", "C2", "S4", "62B1"), (12, "S", "D3", "H2", "62C1"),
        (12, "W", "SA", "SK", "62C2")]
    assert data["trace"]["cards"][44:] == ["S5", "S4", "H2", "SK", "D3", "SA", "S6", "C2"]
    assert "C2" not in data["trace"]["cards"][44:48]
    assert r.corrected is not None
    assert data["trace"]["declarer_expectation_by_card"][-1] == r.corrected.declarer_tricks
    assert data["trace"]["revokes"] == []  # the corrected revoke is no longer in the play


@EDITIONS
def test_the_trace_of_l01_follows_the_corrected_play(edition: Edition, dds_solver: Any) -> None:
    """l01: E's H2 at trick 6 is withdrawn for D8 (62B1); S's D2 and W's DT stand (no change
    marked); the trace goes on to trick 13 (S's claim is ruled on the corrected play)."""
    import dataclasses

    r = rule(dataclasses.replace(law_case("l01"), laws=edition), dds_solver, options=DD)
    data = r.to_dict()
    _check_follows_the_correction(r, data)
    trace = data["trace"]
    assert [(c["trick"], c["player"], c["withdrawn"], c["card"], c["clause"])
            for c in trace["changes"]] == [(6, "E", "H2", "D8", "62B1")]
    assert len(trace["cards"]) == 52 and len(trace["declarer_expectation_by_trick"]) == 14
    assert r.corrected is not None
    assert trace["declarer_expectation_by_card"][-1] == r.corrected.declarer_tricks == 10


@EDITIONS
def test_the_trace_of_l02_keeps_the_earlier_established_revoke(edition: Edition,
                                                               dds_solver: Any) -> None:
    """l02: S's D9 at trick 9 is withdrawn for H9 (62B2, declarer's); E's established revoke at
    trick 6 stays in the traced play with its swing."""
    import dataclasses

    r = rule(dataclasses.replace(law_case("l02"), laws=edition), dds_solver, options=DD)
    data = r.to_dict()
    _check_follows_the_correction(r, data)
    trace = data["trace"]
    assert [(c["trick"], c["player"], c["withdrawn"], c["card"], c["clause"])
            for c in trace["changes"]] == [(9, "S", "D9", "H9", "62B2")]
    assert [(s["trick"], s["player"]) for s in trace["revokes"]] == [(6, "E")]
    assert len(trace["cards"]) == 52


@pytest.mark.parametrize("name", ["trick12", "l02"])
def test_the_corrected_trace_against_an_oracle(name: str) -> None:
    """Without DDS (the corrected play made by the exact search): every expectation is the
    oracle's value of the corrected play's position, the line cut only at an earlier revoke not
    corrected, and the marks as the correction says."""
    case: Case = claimed_trick12_board(Edition.LAWS_2017) if name == "trick12" else law_case(name)
    r = rule(case)
    assert r.corrected is not None and r.law62 is not None
    oracle = Oracle()
    trace = corrected_trace(r.corrected.record, r.law62, r.revokes, oracle)  # type: ignore[arg-type]
    record = r.corrected.record
    assert trace.cards == record.case.play
    cuts = [x.index for x in r.revokes if x.index < r.law62.revoke.index and not x.corrected]
    starts = [0] + [c + 1 for c in cuts]
    assert [(p, cards) for p, cards in oracle.lines] == [
        (record.positions[a], record.case.play[a:b])
        for a, b in zip(starts, [*cuts, len(record.case.play)], strict=True)]
    for i, value in enumerate(trace.expectations):
        if i in cuts:
            continue
        position = record.positions[i]
        assert value == position.tricks(record.declarer_side) + (
            Oracle.value(position) if record.declarer_side.name == "NS"
            else position.tricks_left - Oracle.value(position))
    start = r.law62.revoke.index
    first = trace.changes[0]
    assert (first.index, first.trick, first.player, first.withdrawn, first.card, first.clause) == (
        start, r.law62.revoke.trick, str(r.law62.revoke.player), str(r.law62.revoke.card),
        str(r.corrected.substitute), r.law62.clause)
    assert [(c.index, c.player, c.withdrawn, c.card, c.clause) for c in trace.changes[1:]] == [
        (x.index, str(x.seat), str(x.card), str(record.case.play[x.index]), x.clause)
        for x in r.corrected.changed]
    assert [s.trick for s in trace.swings] == [x.trick for x in r.revokes if x.index in cuts]

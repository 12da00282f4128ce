"""Calibration on real play: the DDS hand files read as real boards, the trace's view checked with
the solver, the re-tempered probabilities, the fit, and a small calibration from the command
line."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from revoke_equity.cli import main
from revoke_equity.equity.policy import softmax
from revoke_equity.errors import RevokeEquityError
from revoke_equity.model.cards import Card
from revoke_equity.model.position import Position
from revoke_equity.model.seats import Seat, Side
from revoke_equity.study.calibration import (
    TEMPERATURES,
    calibrate,
    decisions,
    fit_temperature,
    retemper,
)
from revoke_equity.study.realplay import read_real_boards

HANDS = Path(__file__).parent / "data" / "dds-hands"


@pytest.fixture(scope="module")
def boards() -> list[Any]:
    return read_real_boards(HANDS / "list100.txt")


def test_hand_files_are_read(boards: list[Any]) -> None:
    largest = read_real_boards(HANDS / "largest.txt")
    assert (len(boards), len(largest)) == (100, 21)
    first = boards[0]  # PBN 0 0 0 0: N on lead in spades, so W declares; PLAY 45, TRACE 46
    assert (first.source, first.declarer, first.leader, len(first.play), len(first.trace)) == (
        "list100#0", Seat.W, Seat.N, 45, 46)
    assert first.play[:2] == (Card.from_str("CT"), Card.from_str("C4"))
    assert all(len(b.trace) <= len(b.play) + 1 for b in [*boards, *largest])


def test_the_trace_is_declarers_side_won_plus_double_dummy(boards: list[Any], dds_solver: Any
                                                            ) -> None:
    """DDS's trace against our solver: declarer's side's tricks won so far plus North-South's
    double-dummy tricks from each position, turned to declarer's side."""
    largest = read_real_boards(HANDS / "largest.txt")
    for board in (boards[1], largest[1]):
        start = Position.initial(board.deal, board.trump, board.leader)
        cards = list(board.play[20:28])
        position = start.play_all(board.play[:20])
        ns = dds_solver.trace(position, cards)
        totals = []
        for i, rest in enumerate(ns):
            total = rest + position.ns_tricks
            totals.append(total if board.declarer.side is Side.NS else 13 - total)
            if i < len(cards):
                position = position.play(cards[i])
        assert tuple(totals) == board.trace[20:29], board.source


def test_decisions_and_their_losses(boards: list[Any]) -> None:
    board = boards[1]  # the trace rises to 10 after card 1 and falls back to 9 after card 37
    found = decisions(board)
    assert all(d.trick == 14 - d.position.tricks_left for d in found)
    assert all(0 <= d.index < len(board.trace) - 1 for d in found)
    losses = {d.index: (d.role, d.loss) for d in found if d.loss}
    # card 1 (E's opening lead) gives declarer (N, no trump) a tenth trick; card 37 is
    # declarer's and loses it again
    assert losses == {0: ("defender", 1), 36: ("declarer", 1)}


def test_retempering_is_the_softmax_at_the_new_temperature() -> None:
    values = [7.0, 6.5, 6.9375, 3.0]
    cards = [Card.from_str(c) for c in ("SA", "SK", "HA", "C2")]
    at_one = tuple(zip(cards, softmax(values, 1.0), strict=True))
    for tau in (0.05, 0.1, 0.3, 0.6, 2.0):
        wanted = softmax(values, tau)
        got = retemper(at_one, 1.0, tau)
        for card, p in zip(cards, wanted, strict=True):
            assert math.isclose(got.get(card, 0.0), p, abs_tol=1e-12), (tau, card)
    assert retemper(at_one, 1.0, 0.0) == {cards[0]: 1.0}


def test_fit_temperature() -> None:
    policy = {"0.0": 0.02, "0.1": 0.04, "0.3": 0.08}
    assert fit_temperature(0.03, policy) == 0.05
    assert fit_temperature(0.06, policy) == 0.2
    assert fit_temperature(0.02, policy) == 0.0
    assert fit_temperature(0.01, policy) is None and fit_temperature(0.09, policy) is None
    assert fit_temperature(None, policy) is None


def test_a_small_calibration(boards: list[Any], dds_solver: Any) -> None:
    few = boards[:4]
    result = calibrate(few, dds_solver, positions=6, worlds=2, seed=3)
    everything = [d for b in few for d in decisions(b)]
    real = result["real"]
    assert real["declarer"]["decisions"] + real["defender"]["decisions"] == len(everything)
    assert real["declarer"]["count"] + real["defender"]["count"] == sum(d.loss > 0
                                                                         for d in everything)
    assert result["sampled"] == 6 and result["trace_agrees"] == 6
    overall = next(r for r in result["comparison"] if (r["role"], r["trick"]) == ("all", "all"))
    assert overall["n"] == 6 and set(overall["policy"]) == {str(t) for t in TEMPERATURES}
    assert all(0 <= p <= 1 for p in overall["policy"].values())
    again = calibrate(few, dds_solver, positions=6, worlds=2, seed=3)
    assert again == result


def test_the_command_line(tmp_path: Path, capsys: Any) -> None:
    text = (HANDS / "list100.txt").read_text().splitlines()
    blocks = [i for i, line in enumerate(text) if line.startswith("PBN")]
    small = tmp_path / "two.txt"
    small.write_text("\n".join(text[:blocks[2]]) + "\n")
    out = tmp_path / "out"
    assert main(["calibrate", str(small), "--positions", "3", "--worlds", "2", "--out", str(out),
                 "--no-progress"]) == 0
    assert "# Calibration of the single-dummy policy" in capsys.readouterr().out
    result = json.loads((out / "calibration.json").read_text())
    assert result["parameters"]["boards"] == ["two#0", "two#1"] and result["sampled"] == 3
    assert (out / "calibration.png").read_bytes()[:4] == b"\x89PNG"
    assert "| declarer |" in (out / "calibration.md").read_text()
    bad = tmp_path / "bad.txt"
    bad.write_text('PBN 0 0 9 0 "N:AK.." \nPLAY 1 "SA"\nTRACE 2 7 7\n')
    assert main(["calibrate", str(bad), "--out", str(out)]) == 2
    assert "bad.txt, line 1" in capsys.readouterr().err
    with pytest.raises(RevokeEquityError, match=r"bad\.txt, line 1"):
        read_real_boards(bad)

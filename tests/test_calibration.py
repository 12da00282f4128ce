"""Calibration on real play: the DDS hand files read as real boards, the trace's view checked with
the solver, the classification of decisions (dominated card or guess) on small endings solved by
brute force, the fit of ``slip`` and ``tau``, and a small calibration from the command line."""

from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from revoke_equity.cli import main
from revoke_equity.errors import RevokeEquityError
from revoke_equity.model.cards import Card
from revoke_equity.model.position import Position
from revoke_equity.model.seats import SEATS, Seat, Side
from revoke_equity.solver.bruteforce import BruteForceSolver
from revoke_equity.study.calibration import (
    DOMINATED,
    GUESS,
    SURE,
    TEMPERATURES,
    Decision,
    Measured,
    calibrate,
    classify,
    decisions,
    fit,
    fit_temperature,
    measure,
    rarity,
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


def _cards(text: str) -> frozenset[Card]:
    return frozenset(Card.from_str(c) for c in text.split())


def _ending(hands: dict[Seat, str], trick: str = "") -> Position:
    """Two tricks left, no trump, North on lead, eleven tricks gone (so dummy, North, is faced),
    then the cards of ``trick``."""
    held = tuple(_cards(hands[s]) for s in SEATS)
    position = Position((held[0], held[1], held[2], held[3]), None, Seat.N, (), 11, 0)
    for card in trick.split():
        position = position.play(Card.from_str(card))
    return position


def _decision(boards: list[Any], position: Position, real: str, loss: int) -> Decision:
    """South (declarer) to play ``real`` at ``position``."""
    board = dataclasses.replace(boards[0], declarer=Seat.S, play=(Card.from_str(real),))
    return Decision(board, 0, position, frozenset(), "declarer", 12, loss)


def test_a_card_that_can_lose_and_cannot_gain_is_dominated(boards: list[Any]) -> None:
    """South on lead with the spade ace and three, the king unseen among East's and West's four
    cards: the ace takes both tricks in every layout (the king must fall under it), the three none
    (the king wins and a heart or club comes back). The three is dominated."""
    position = Position((_cards("D2 D3"), _cards("C2 H2"), _cards("SA S3"), _cards("SK C3")),
                        None, Seat.S, (), 11, 0)
    solver = BruteForceSolver()
    for real, dominated_card in (("S3", True), ("SA", False)):
        m = measure(_decision(boards, position, real, 2 if dominated_card else 0), solver,
                    worlds=8, seed=1, temperatures=(0.0, 0.5))
        assert m.kind == DOMINATED and m.real_dominated is dominated_card
        assert m.mean_loss == (2.0 if dominated_card else 0.0)
        assert m.lose == {} and m.trace_agrees


def test_a_finesse_is_a_guess(boards: list[Any]) -> None:
    """North leads the spade two, East follows with the five; South holds the ace and queen, the
    king unseen among East's last card and West's two. Queen: two tricks when East has the king
    (one layout of three), none otherwise; ace: one trick and two. No card is dominated; on the
    real deal (East has the king) the ace loses a trick, and its mean (5/3) beats the queen's
    (2/3) by a trick."""
    position = _ending({Seat.N: "S2 D2", Seat.E: "S5 SK", Seat.S: "SA SQ", Seat.W: "H2 H3"},
                       trick="S2 S5")
    solver = BruteForceSolver()
    temperatures = (0.0, 0.25, 1.0)
    ace = measure(_decision(boards, position, "SA", 1), solver, worlds=8, seed=1,
                  temperatures=temperatures)
    queen = measure(_decision(boards, position, "SQ", 0), solver, worlds=8, seed=1,
                    temperatures=temperatures)
    assert ace.kind == queen.kind == GUESS
    assert not ace.real_dominated and not queen.real_dominated
    assert math.isclose(ace.mean_loss, 0.0) and math.isclose(queen.mean_loss, 1.0)
    assert ace.trace_agrees and queen.trace_agrees
    for tau in temperatures:
        # the ace (the losing card on the real deal) is the better mean by one trick
        wanted = 1.0 if tau == 0 else 1 / (1 + math.exp(-1 / tau))
        assert math.isclose(ace.lose[tau], wanted, abs_tol=1e-9), tau
        assert ace.lose[tau] == queen.lose[tau]


def test_classify() -> None:
    guess = np.array([[2.0, 1.0], [0.0, 2.0]])
    assert classify(guess, 0) == (GUESS, False, 0.5)
    tied = np.array([[1.0, 1.0], [2.0, 2.0]])  # every card equal in value: no dominated card
    assert classify(tied, 1) == (GUESS, False, 0.0)
    # column 2 never beats column 0 and loses to it once; column 1 is a guess against column 0
    mixed = np.array([[3.0, 4.0, 3.0], [2.0, 1.0, 1.0]])
    assert classify(mixed, 2) == (DOMINATED, True, 0.5)  # means 2.5, 2.5, 2
    assert classify(mixed, 1) == (DOMINATED, False, 0.0)


def _measured(boards: list[Any], role: str, kind: str, dominated_card: bool, lost: bool,
              lose: dict[float, float]) -> Measured:
    position = Position.initial(boards[0].deal, boards[0].trump, boards[0].leader)
    decision = Decision(boards[0], 0, position, frozenset(), role, 1, int(lost))
    return Measured(decision, kind, dominated_card, 0.0, lose, True)


def test_the_fit_per_kind_and_role(boards: list[Any]) -> None:
    temperatures = (0.0, 0.5)
    curve = {0.0: 0.0, 0.5: 0.4}
    sample = (
        # declarer: 4 decisions with a dominated card, 1 slip; defender: 2, none
        [_measured(boards, "declarer", DOMINATED, i == 0, i == 0, {}) for i in range(4)]
        + [_measured(boards, "defender", DOMINATED, False, False, {}) for _ in range(2)]
        # guesses: declarer 1 lost of 5 (20%: tau 0.25 on a curve 0 to 40%), defender 0 of 3
        + [_measured(boards, "declarer", GUESS, False, i == 0, curve) for i in range(5)]
        + [_measured(boards, "defender", GUESS, False, False, curve) for _ in range(3)]
    )
    rows = {(r["kind"], r["role"]): r for r in fit(sample, temperatures)}
    assert set(rows) == {(k, r) for k in (DOMINATED, GUESS, SURE)
                         for r in ("declarer", "defender", "all")}
    assert all(rows[SURE, r]["n"] == 0 for r in ("declarer", "defender", "all"))
    assert [rows[DOMINATED, r]["n"] for r in ("declarer", "defender", "all")] == [4, 2, 6]
    assert rows[DOMINATED, "declarer"]["value"] == 0.25
    assert rows[DOMINATED, "defender"]["value"] == 0.0
    assert math.isclose(rows[DOMINATED, "all"]["value"], 1 / 6)
    low, high = rows[DOMINATED, "all"]["ci95"]
    assert low < 1 / 6 < high
    assert rows[DOMINATED, "declarer"]["dominated_lost"]["share"] == 1.0
    assert rows[GUESS, "declarer"]["value"] == 0.25
    assert rows[GUESS, "defender"]["value"] == 0.0
    assert rows[GUESS, "all"]["value"] == 0.156  # 1 of 8: 12.5% on the curve, 0.5 * 12.5 / 40
    assert rows[GUESS, "all"]["policy"] == {"0.0": 0.0, "0.5": 0.4}


def test_the_sure_loss_rate_apart(boards: list[Any]) -> None:
    """Among decisions with a sure loss, ``sure`` is the share of real cards that were one; a
    sure loss the real deal punished counts in ``dominated_lost``."""
    def one(role: str, has: bool, real: bool, lost: bool) -> Measured:
        return dataclasses.replace(_measured(boards, role, DOMINATED, real, lost, {}),
                                   has_sure=has, real_sure=real)
    # declarer: 5 decisions with a sure loss, 2 played (1 of them lost a trick); defender: 3, 0
    # played; one decision without a sure loss does not count.
    sample = ([one("declarer", True, i < 2, i == 0) for i in range(5)]
              + [one("defender", True, False, False) for _ in range(3)]
              + [one("defender", False, False, False)])
    rows = {(r["kind"], r["role"]): r for r in fit(sample, (0.0,)) if r["kind"] == SURE}
    assert [rows[SURE, r]["n"] for r in ("declarer", "defender", "all")] == [5, 3, 8]
    assert rows[SURE, "declarer"]["value"] == 0.4
    assert rows[SURE, "defender"]["value"] == 0.0
    assert rows[SURE, "all"]["value"] == 0.25
    assert rows[SURE, "declarer"]["dominated_lost"]["share"] == 0.5
    low, high = rows[SURE, "defender"]["ci95"]
    assert low == 0.0 and 0.4 < high < 0.6  # Wilson: 0 of 3


def _with_evidence(boards: list[Any], matrix: Any, column: int, lost: bool = False) -> Measured:
    return dataclasses.replace(_measured(boards, "declarer", DOMINATED, False, lost, {}),
                               matrix=np.asarray(matrix, dtype=float), column=column)


def test_how_often_real_players_play_a_card_by_how_rarely_it_loses(boards: list[Any]) -> None:
    """Each card is counted in the band of the share of layouts where another card is better and
    never worse; the ratio is the real count over an even choice (1 / cards a decision)."""
    rare = [[2, 2], *[[2, 2]] * 62, [3, 2]]  # column 1 loses in 1 of 64: band 0-1/64
    often = [[3, 2, 1]] * 2 + [[2, 2, 1]] * 2  # column 1: 1/2; column 2: every layout (sure)
    gains = [[3, 2]] * 30 + [[2, 2]] * 33 + [[2, 3]]  # column 1 loses often, gains once in 64
    sample = [_with_evidence(boards, rare, 1), _with_evidence(boards, rare, 0),
              _with_evidence(boards, often, 0), _with_evidence(boards, gains, 0)]
    rows = {r["band"]: r for r in rarity(sample)}
    assert rows["0-1/64"]["cards"] == 2 and rows["0-1/64"]["played"]["count"] == 1
    assert rows["0-1/64"]["ratio"] == 1.0  # played once, an even choice of 2 twice: 1 / 1
    assert rows["1/4-1/2"]["cards"] == 1 and rows["1/4-1/2"]["played"]["count"] == 0
    assert rows["sure"]["cards"] == 1 and rows["sure"]["ratio"] == 0.0
    assert rows["gains rarely, loses in > 1/4"]["cards"] == 1
    # never dominated: columns 0 of every decision, and the rarely gaining card
    assert rows["never dominated"]["cards"] == 4 + 1
    assert rows["never dominated"]["played"]["count"] == 3


def test_the_fit_of_rare_prefers_the_model_that_made_the_choices(boards: list[Any]) -> None:
    """Real cards drawn from the graded model at ``rare`` 1/8 are more likely under it than
    under the strict model, at the best temperature and slip of each."""
    from revoke_equity.equity.error_model import PlayerClass, card_probabilities
    from revoke_equity.study.calibration import fit_rare

    rng = np.random.default_rng(5)
    truth = PlayerClass("truth", tau=0.3, slip=0.04, sure=0.0, rare=1 / 8)
    sample = []
    for _ in range(300):
        matrix = np.full((32, 3), 2.0)
        matrix[: rng.integers(1, 5), 0] = 3.0  # card 0 better than card 1 in 1-4 layouts of 32
        matrix[:, 2] = rng.integers(1, 4, size=32)
        p = np.asarray(card_probabilities(matrix, truth))
        sample.append(_with_evidence(boards, matrix, int(rng.choice(3, p=p / p.sum()))))
    rows = {r["rare"]: r for r in fit_rare(sample, rares=(0.0, 1 / 8), grid=((0.3,), (0.04,)))}
    assert rows[1 / 8]["log_likelihood"] > rows[0.0]["log_likelihood"] + 10
    assert rows[1 / 8]["decisions"] == 300


def test_the_graded_slip_counts_each_dominated_card_by_its_degree(boards: list[Any]) -> None:
    from revoke_equity.study.calibration import graded_rates

    half = [[3, 2]] * 1 + [[2, 2]] * 15  # column 1 beaten in 1/16: degree 1/2 at rare 1/8
    whole = [[3, 2]] * 4 + [[2, 2]] * 12  # beaten in 1/4: degree 1
    sample = [_with_evidence(boards, half, 1, lost=True), _with_evidence(boards, whole, 0),
              _with_evidence(boards, whole, 1)]
    rates = graded_rates(sample, 1 / 8)
    assert rates["dominated_mass"] == 2.5
    assert rates["played"]["share"] == pytest.approx(1.5 / 2.5, abs=1e-4)
    assert rates["lost"]["share"] == pytest.approx(0.5 / 2.5, abs=1e-4)
    assert rates["lost"]["ci95"][0] < 0.2 < rates["lost"]["ci95"][1]


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
    rows = {(r["kind"], r["role"]): r for r in result["fit"]}
    assert rows[DOMINATED, "all"]["n"] + rows[GUESS, "all"]["n"] == 6
    for kind in (DOMINATED, GUESS):
        assert rows[kind, "declarer"]["n"] + rows[kind, "defender"]["n"] == rows[kind, "all"]["n"]
    guesses = rows[GUESS, "all"]
    assert set(guesses["policy"]) == {str(t) for t in TEMPERATURES}
    assert all(p is None or 0 <= p <= 1 for p in guesses["policy"].values())
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
    assert "# Calibration of the single-dummy player's error model" in capsys.readouterr().out
    result = json.loads((out / "calibration.json").read_text())
    assert result["parameters"]["boards"] == ["two#0", "two#1"] and result["sampled"] == 3
    assert (out / "calibration.png").read_bytes()[:4] == b"\x89PNG"
    assert "| has a dominated card | declarer |" in (out / "calibration.md").read_text()
    bad = tmp_path / "bad.txt"
    bad.write_text('PBN 0 0 9 0 "N:AK.." \nPLAY 1 "SA"\nTRACE 2 7 7\n')
    assert main(["calibrate", str(bad), "--out", str(out)]) == 2
    assert "bad.txt, line 1" in capsys.readouterr().err
    with pytest.raises(RevokeEquityError, match=r"bad\.txt, line 1"):
        read_real_boards(bad)

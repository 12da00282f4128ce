"""Law 62: a revoke corrected before it is established, and Law 62D's trick-12 correction, with
each non-offender free to change a card he played after the revoke (Law 62C1).

The boards are built around a hand-made ending (``law62_boards``): every earlier trick is four
cards of one suit, so the hand-worked numbers rest on the ending alone, and the brute-force solver
checks them there.
"""

from __future__ import annotations

import pytest

from law62_boards import board
from revoke_equity.equity.estimate import EstimateOptions
from revoke_equity.laws import twelfth_trick
from revoke_equity.model import Card, Case, Edition, Seat, Side
from revoke_equity.model.play import replay
from revoke_equity.ruling import rule
from revoke_equity.solver.bruteforce import BruteForceSolver

from playgen import make_case

EDITIONS = pytest.mark.parametrize("edition", list(Edition), ids=str)
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def trick12_board(edition: Edition) -> Case:
    """4H by S. Ending, N to lead trick 12:
    N S5 S6 · E S4 C2 · S D3 H2 · W SA SK.
    Trick 12: N S5, E C2 (a revoke: he holds S4), S (declarer) discards D3, W SA wins; trick 13:
    W SK, N S6, E S4, S ruffs H2. Declarer's side takes 1 of the last 2 at the table.
    Corrected (Law 62D): E plays S4; S may now ruff (62C1) with H2 and lead D3, which W (SK
    only) cannot beat: 2 of 2. Discarding again would give 1 (W SA, then S ruffs SK)."""
    ending = {N: "S5 S6", E: "S4 C2", S: "D3 H2", W: "SA SK"}
    deal, play = board(ending, N, "4H", S)
    play += [Card.from_str(c) for c in ("S5", "C2", "D3", "SA", "SK", "S6", "S4", "H2")]
    return make_case(deal, "4H", "S", play, laws=edition)


def test_trick12_board_is_as_worked() -> None:
    record = replay(trick12_board(Edition.LAWS_2017))
    # the ending as played: W wins trick 12 with SA, S ruffs trick 13
    assert record.tricks[11].winner is W and record.tricks[12].winner is S
    ending = record.positions[44]
    assert BruteForceSolver().solve(ending)  # the ending is small enough to check exactly
    corrected = ending.play(Card.from_str("S5")).play(Card.from_str("S4"))
    # the brute force agrees with the hand-worked correction: S ruffs, 2 tricks; discards, 1
    assert twelfth_trick.corrected_results(corrected, Side.NS) == {"H2": 2, "D3": 1}


@EDITIONS
def test_table_estimate_lets_the_non_offender_change_his_trick12_card(edition: Edition) -> None:
    """Law 62C1 in the 62D correction: the table's D3 (S's discard after E's revoke) is not kept;
    the single-dummy S ruffs, as the correction has it. The result is the corrected one and no
    adjusted score is given: Law 64C applies to no other revoke."""
    case = trick12_board(edition)
    options = EstimateOptions(estimate="table", worlds=4)
    ruling = rule(case, BruteForceSolver(), options=options, trace=False)
    before = replay(case).positions[44].tricks(Side.NS)
    assert ruling.twelfth is not None and ruling.twelfth.declarer_tricks == before + 2
    assert ruling.mechanical_tricks == before + 2 and str(ruling.mechanical_law) == "62D"
    table = ruling.comparisons[0].estimates["table"]
    # kept, S's discard would give declarer before + 1 for sure; re-chosen, S ruffs
    assert table.distribution[before + 2] > 0.9
    assert any("Law 62C1 lets S change the table's D3" in d
               for d in table.details["departures"])  # type: ignore[union-attr]
    rec = ruling.recommendation
    assert not rec.adjusted and str(rec.law) == "62D" and rec.declarer_tricks == before + 2
    assert rec.words == "corrected result"

"""The study's single-dummy play (``--play sd``) on a deal with an auction: the layouts each player
imagines match what the auction showed (docs/auction.md), and the case keeps the auction.

The deal is board 9 of ``tests/data/auction`` (North opened 1C: 3+ clubs, 12-21 HCP), its table
play kept for up to eight tricks (until the injected revoke), so the play model chooses few cards.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from revoke_equity.equity.shown import infer
from revoke_equity.io.json_case import case_from_dict
from revoke_equity.model.cards import ALL_CARDS
from revoke_equity.model.position import Position
from revoke_equity.model.seats import Seat
from revoke_equity.study.dealsource import SourcedDeal
from revoke_equity.study.generate import StudyKind, generate_case
from revoke_equity.study.players import PlaySpec

BOARD = case_from_dict(json.loads(
    (Path(__file__).parent / "data" / "auction" / "board-9-1c-opening.json").read_text()))
KEPT = 32
"""The table's cards kept: eight tricks."""


class OneDeal:
    """The board, with its auction or without, for every case of the study."""

    def __init__(self, with_auction: bool) -> None:
        self.with_auction = with_auction

    def draw(self, index: int, nth: int) -> SourcedDeal:
        return SourcedDeal("board-9", BOARD.deal, BOARD.contract, BOARD.declarer, Seat.N,
                           BOARD.vulnerable, BOARD.play[:KEPT],
                           BOARD.auction if self.with_auction else None)


class Recording:
    """The solver, recording every position it is asked to solve in a batch (the layouts)."""

    def __init__(self, solver: Any) -> None:
        self.solver = solver
        self.positions: list[Position] = []

    def solve_many(self, positions: list[Position]) -> Any:
        self.positions += positions
        return self.solver.solve_many(positions)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.solver, name)


def north_hands(positions: list[Position]) -> list[frozenset[Any]]:
    """North's thirteen cards in each imagined layout where North's hand is not the real one:
    the cards the layout gives him and those he played (a played card was its owner's)."""
    real = BOARD.deal.hand(Seat.N)
    out = []
    for position in positions:
        held = position.hand(Seat.N)
        played = frozenset(ALL_CARDS) - frozenset().union(*(position.hand(s) for s in Seat))
        if held != real - played:
            out.append(held | (played & real))
    return out


def layouts(dds_solver: Any, with_auction: bool) -> tuple[Any, list[frozenset[Any]]]:
    solver = Recording(dds_solver)
    synthetic = generate_case(5, 0, {StudyKind.DECLARER: 1.0}, solver,
                              play=PlaySpec("sd", "strong", 4), deals=OneDeal(with_auction))
    return synthetic, north_hands(solver.positions)


def test_single_dummy_play_imagines_layouts_that_match_the_auction(dds_solver: Any) -> None:
    opening = infer(BOARD.auction).of_seat(Seat.N)
    assert opening.holds(BOARD.deal.hand(Seat.N))
    synthetic, imagined = layouts(dds_solver, with_auction=True)
    assert synthetic.case.auction == BOARD.auction
    kept = min(synthetic.revokes[0].index, KEPT)  # the table's cards up to the injected revoke
    assert synthetic.case.play[:kept] == BOARD.play[:kept]
    assert imagined, "some player imagined North's hand"
    assert all(opening.holds(hand) for hand in imagined)
    # the same deal without its auction: some imagined North hand does not match 1C
    plain, free = layouts(dds_solver, with_auction=False)
    assert plain.case.auction is None
    assert any(not opening.holds(hand) for hand in free)

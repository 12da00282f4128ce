"""The auction decides the play: a two-way finesse against a pre-empt.

Five cards left at no trump, South (declarer) on lead. North A J 2 of hearts and two small spades,
South K T 3 of hearts and two small spades; the defenders hold the other seven hearts (the queen
with East) and three spades. West opened 3S (seven spades, 5-10 points) and has played four spades,
so his last five cards hold three spades and two hearts: East has five hearts to West's two, and
the queen is with East five times in seven. A declarer who heard the auction finesses East and
takes three heart tricks; ignoring it, the queen is as likely either way, and the single-dummy
declarer who plays West for it takes two. The propagation is exact, so the difference is no
sampling error; it holds for every seed of the layouts."""

from __future__ import annotations

from typing import Any

import pytest

from revoke_equity.equity.policy import SingleDummyPolicy
from revoke_equity.equity.propagate import Line, exact
from revoke_equity.equity.shown import ShownHands
from revoke_equity.model import Card, Position, Seat
from revoke_equity.model.shown import Shown
from revoke_equity.solver.bruteforce import BruteForceSolver


def cards(text: str) -> frozenset[Card]:
    return frozenset(Card.from_str(c) for c in text.split())


HANDS = {Seat.N: cards("HA HJ H2 S2 S3"), Seat.E: cards("HQ H9 H8 H7 H6"),
         Seat.S: cards("HK HT H3 S4 S6"), Seat.W: cards("H5 H4 S9 S8 S7")}
WEST_DEALT = HANDS[Seat.W] | cards("SA SK ST S5 D4 D5 D6 C4")
"""West's thirteen cards: seven spades and 7 points, as his 3S showed."""


def declarer_tricks(solver: Any, seed: int, shown: ShownHands | None) -> dict[int, float]:
    position = Position((HANDS[Seat.N], HANDS[Seat.E], HANDS[Seat.S], HANDS[Seat.W]), None,
                        Seat.S, (), 5, 3)
    policy = SingleDummyPolicy(solver, Seat.S, worlds=200, tau=0.0, seed=seed, shown=shown,
                               small=BruteForceSolver())
    return exact(Line(position, frozenset()), lambda line: policy.choose(line.position, line.voids),
                 lambda line: line.position.tricks(Seat.S.side), budget=100_000)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_pre_empt_tells_declarer_which_way_to_finesse(dds_solver: Any, seed: int) -> None:
    shown = Shown.from_text("W: S 7+, HCP 5-10", source="3S (pre-empt)")
    assert shown.of_seat(Seat.W).holds(WEST_DEALT)
    with_auction = declarer_tricks(dds_solver, seed, ShownHands(shown, {Seat.W: WEST_DEALT}))
    ignoring = declarer_tricks(dds_solver, seed, None)
    # with the auction, declarer takes what double dummy takes on the real deal: 5 + 3 tricks
    position = Position((HANDS[Seat.N], HANDS[Seat.E], HANDS[Seat.S], HANDS[Seat.W]), None,
                        Seat.S, (), 5, 3)
    best = max(dds_solver.solve_many([position])[0].values())
    assert with_auction == {5 + best: 1.0}
    # ignoring it, a trick less on average (the finesse taken the wrong way)
    mean = sum(t * p for t, p in ignoring.items())
    assert mean <= 5 + best - 0.5


def test_a_constraint_a_false_void_leaves_no_layout_for_is_dropped_and_counted() -> None:
    """West's 3S leaves him three spades of his last five; had he shown out of spades (a revoke),
    no layout gives him both: his constraint is dropped at that decision, and counted."""
    from revoke_equity.model import Suit

    shown = ShownHands(Shown.from_text("W: S 7+, HCP 5-10", source="3S (pre-empt)"),
                       {Seat.W: WEST_DEALT})
    position = Position((HANDS[Seat.N], HANDS[Seat.E], HANDS[Seat.S], HANDS[Seat.W]), None,
                        Seat.S, (), 5, 3)
    for voids, dropped in ((frozenset(), {}),
                           (frozenset({(Seat.W, Suit.SPADES)}), {Seat.W: 1})):
        policy = SingleDummyPolicy(BruteForceSolver(), Seat.S, worlds=8, tau=0.0, seed=1,
                                   shown=shown)
        policy.decide(position, voids)
        assert policy.stats.shown_dropped == dropped


def test_the_ruling_says_where_a_constraint_was_dropped(dds_solver: Any) -> None:
    """The count per seat goes to the JSON's ``equity.shown_dropped`` and the text report; a
    ruling where none was dropped says nothing of it."""
    import dataclasses
    import json
    from pathlib import Path

    from revoke_equity.equity.estimate import EstimateOptions
    from revoke_equity.io.json_case import case_from_dict
    from revoke_equity.report.text import render
    from revoke_equity.ruling import rule
    from revoke_equity.ruling.schema import RulingJSON
    from test_ruling_schema import mismatches

    board = Path(__file__).parent / "data" / "auction" / "board-8-pre-empt-finesse.json"
    options = EstimateOptions(estimate="sd", worlds=4, max_worlds=4, playouts=20)
    ruled = rule(case_from_dict(json.loads(board.read_text())), dds_solver, options=options)
    equity = ruled.to_dict()["equity"]
    assert equity is not None and equity["shown_from"] and ruled.shown_dropped == {}
    assert "shown_dropped" not in equity and "dropped at" not in render(ruled)
    dropped = dataclasses.replace(ruled, shown_dropped={"W": 2})
    data = dropped.to_dict()
    assert data["equity"] is not None and data["equity"]["shown_dropped"] == {"W": 2}
    assert mismatches(data, RulingJSON) == []
    line = "W: dropped at 2 decisions, where no layout of the unseen cards matched it"
    assert f"  {line}" in render(dropped)
    from revoke_equity.report.auction import shown_words

    assert shown_words(data["equity"])[-1] == line  # the sheet, the PBN ruling

"""Double-dummy numbers checked with the project's own brute-force solver (no DDS).

- The worked cases' ``expect.equity`` (worked out with DDS) wherever the ending at the revoke is
  small enough for the brute force: at most ``MAX_TRICKS_LEFT`` tricks (well under a second each).
- Law 62D's search (``laws/twelfth_trick.py``) against the brute force on random trick-12 endings,
  for either side and whoever is to move.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from revoke_equity.io.json_case import case_from_dict
from revoke_equity.laws import twelfth_trick
from revoke_equity.model import Card, Position, Seat, Side, Suit
from revoke_equity.model.cards import ALL_CARDS
from revoke_equity.model.play import replay
from revoke_equity.solver.bruteforce import BruteForceSolver

from conftest import CASES

MAX_TRICKS_LEFT = 5
"""Endings of up to five cards a hand: the brute force takes a few milliseconds on each."""


def _first_revoke(case_json: dict[str, Any]) -> tuple[Any, int]:
    """The play record and the index of the first card that did not follow suit when able."""
    record = replay(case_from_dict(case_json))
    for index, card in enumerate(record.case.play):
        position = record.positions[index]
        led = position.suit_led
        hand = position.hand(position.to_move)
        if led is not None and card.suit is not led and any(c.suit is led for c in hand):
            return record, index
    raise AssertionError("no revoke")  # pragma: no cover


def _small_cases() -> list[Any]:
    params = []
    for path in sorted(CASES.glob("p*.json")):
        worked = json.loads(path.read_text())
        if "comparison" in worked["expect"]["equity"]:
            continue  # a 64C2a comparison keeps earlier transfers: not a plain DD number
        record, index = _first_revoke(worked["case"])
        if record.positions[index].tricks_left <= MAX_TRICKS_LEFT:
            params.append(pytest.param(worked, id=path.stem[:3]))
    return params


SMALL = _small_cases()


def test_some_worked_cases_are_small_enough() -> None:
    assert [p.id for p in SMALL] == ["p02", "p04", "p05", "p09"]


@pytest.mark.parametrize("worked", SMALL)
def test_worked_case_equity_matches_the_brute_force(worked: dict[str, Any]) -> None:
    """Each alternative: declarer's tricks before the revoke plus the brute force's tricks after
    the offender plays that card instead; the equity is the offender's best of them."""
    record, index = _first_revoke(worked["case"])
    position = record.positions[index]
    side = record.declarer_side
    offender_side = position.to_move.side
    per_card = BruteForceSolver().solve(position)
    before = position.tricks(side)
    alternatives = {
        str(card): before + (tricks if offender_side is side else position.tricks_left - tricks)
        for card, tricks in per_card.items()
    }
    expect = worked["expect"]["equity"]
    assert alternatives == {a["card"]: a["declarer_tricks"] for a in expect["alternatives"]}
    best = (max if offender_side is side else min)(alternatives.values())
    assert best == expect["declarer_tricks"]


def test_worked_62D_ending_matches_the_brute_force() -> None:
    """p04: the trick-12 correction (mechanical 11) is the brute force's value with dummy following
    suit, and the product's 62D search gives the same per-card numbers."""
    (path,) = CASES.glob("p04*.json")
    worked = json.loads(path.read_text())
    record, index = _first_revoke(worked["case"])
    position = record.positions[index]
    assert index // 4 + 1 == 12
    side = record.declarer_side
    brute = {str(c): position.tricks(side) + (t if position.to_move.side is side else 2 - t)
             for c, t in BruteForceSolver().solve(position).items()}
    ours = twelfth_trick.corrected_results(position, side)
    assert {c: position.tricks(side) + t for c, t in ours.items()} == brute
    assert worked["expect"]["mechanical"]["declarer_tricks"] == max(brute.values())


def random_ending(rng: random.Random) -> Position:
    """A random two-card ending (trick 12) with 0-3 cards of trick 12 on the table, the tricks
    won so far split at random."""
    cards = rng.sample(ALL_CARDS, 8)
    leader = rng.choice(list(Seat))
    hands: list[frozenset[Card]] = [frozenset()] * 4
    for offset in range(4):
        hands[leader.after(offset).index] = frozenset(cards[2 * offset:2 * offset + 2])
    ns = rng.randint(0, 11)
    position = Position((hands[0], hands[1], hands[2], hands[3]), rng.choice((None, *Suit)),
                        leader, (), ns, 11 - ns)
    for _ in range(rng.randint(0, 3)):
        position = position.play(rng.choice(sorted(position.legal_cards(), key=str)))
    return position


@pytest.mark.parametrize("side", list(Side), ids=str)
def test_62D_search_matches_the_brute_force_on_random_endings(side: Side) -> None:
    """300 endings per side: each card's result, the best of them for the player to move, and
    the exact value; the player to move is of ``side`` in about half of them."""
    rng = random.Random(62)
    solver = BruteForceSolver()
    mover_is_side = 0
    for _ in range(300):
        position = random_ending(rng)
        mine = position.to_move.side is side
        mover_is_side += mine
        left = position.tricks_left
        brute = {str(c): t if mine else left - t for c, t in solver.solve(position).items()}
        results = twelfth_trick.corrected_results(position, side)
        assert results == brute
        assert twelfth_trick.best_of(position, side, results) == (
            max if mine else min)(brute.values())
        ns = solver.ns_value(position)
        assert twelfth_trick.exact_tricks(position, side) == (ns if side is Side.NS else left - ns)
    assert 100 < mover_is_side < 200


@pytest.mark.parametrize("side", list(Side), ids=str)
def test_62D_corrected_line_reaches_the_brute_force_value_on_random_endings(side: Side) -> None:
    """The corrected play of tricks 12-13 (every card double-dummy, the first in bridge order
    among equals) ends with ``side`` holding as many tricks as the brute force says, for either
    side as declarer's."""
    rng = random.Random(6212)
    solver = BruteForceSolver()
    for _ in range(200):
        position = random_ending(rng)
        ns = solver.ns_value(position)
        value = ns if side is Side.NS else position.tricks_left - ns
        end = position
        for card in twelfth_trick._best_line(position, side):
            end = end.play(card)
        assert end.is_over
        assert end.tricks(side) - position.tricks(side) == value

"""BruteForceSolver against a naive minimax (no pruning, no memo, no card equivalence).

The brute force is the oracle for DDS, so its pruning, transposition table and equivalence
shortcut are checked here against the plainest possible search, written on the model alone.
"""

from __future__ import annotations

import doctest
import random

import pytest

from revoke_equity.errors import SolverError
from revoke_equity.model import Card, Position, Seat, Suit
from revoke_equity.model.cards import ALL_CARDS
from revoke_equity.model.seats import SEATS, Side
from revoke_equity.solver import bruteforce
from revoke_equity.solver.base import Solver
from revoke_equity.solver.bruteforce import BruteForceSolver, best_tricks


def naive_ns(position: Position) -> int:
    """North-South's tricks from ``position`` on (unfinished trick included), by plain minimax."""
    if position.is_over:
        return 0
    values = [naive_after(position, card) for card in position.legal_cards()]
    return max(values) if position.to_move.side is Side.NS else min(values)


def naive_after(position: Position, card: Card) -> int:
    after = position.play(card)
    return after.ns_tricks - position.ns_tricks + naive_ns(after)


def random_position(rng: random.Random, per_hand: int) -> Position:
    cards = rng.sample(ALL_CARDS, 4 * per_hand)
    leader = rng.choice(SEATS)
    on_table = rng.randint(0, 3)
    by_offset = [cards[i * per_hand:(i + 1) * per_hand] for i in range(4)]
    trick = tuple(by_offset[i].pop(rng.randrange(per_hand)) for i in range(on_table))
    hands: list[frozenset[Card]] = [frozenset()] * 4
    for offset in range(4):
        hands[leader.after(offset).index] = frozenset(by_offset[offset])
    return Position((hands[0], hands[1], hands[2], hands[3]), rng.choice((None, *Suit)), leader,
                    trick)


@pytest.mark.parametrize("per_hand", [1, 2, 3])
def test_bruteforce_matches_naive_minimax(per_hand: int) -> None:
    rng = random.Random(per_hand)
    solver = BruteForceSolver()  # one solver: its transposition table is reused across positions
    for _ in range(400 if per_hand < 3 else 150):
        position = random_position(rng, per_hand)
        tricks = len(position.hand(position.to_move))
        ns_to_move = position.to_move.side is Side.NS
        expected = {
            card: naive_after(position, card) if ns_to_move else tricks - naive_after(position, card)
            for card in position.legal_cards()
        }
        assert solver.solve(position) == expected
        assert best_tricks(position) == max(expected.values())
        assert solver.ns_value(position) == naive_ns(position)


def test_bruteforce_trace_follows_the_line() -> None:
    rng = random.Random(7)
    solver = BruteForceSolver()
    for _ in range(100):
        position = random_position(rng, 3)
        line, values = [], [naive_ns(position)]
        p = position
        while not p.is_over:
            card = rng.choice(sorted(p.legal_cards(), key=Card.sort_key))
            line.append(card)
            p = p.play(card)
            values.append(naive_ns(p))
        assert solver.trace(position, line) == tuple(values)
    assert solver.stats.trace_calls == 100


def test_bruteforce_implements_the_protocol_and_counts() -> None:
    solver: Solver = BruteForceSolver()
    position = random_position(random.Random(1), 2)
    assert solver.solve_many([position, position]) == [solver.solve(position)] * 2
    assert solver.stats.solve_calls == 3


@pytest.mark.parametrize(
    ("hands", "leader", "trick", "message"),
    [
        pytest.param(("", "", "", ""), Seat.N, "", "no cards are left", id="nothing-left"),
        pytest.param(("SA SK", "S2", "S3 S4", "S5 S6"), Seat.N, "", "East holds 1",
                     id="short-hand"),
        pytest.param(("SA", "SA", "S3", "S4"), Seat.N, "", "held twice", id="card-held-twice"),
    ],
)
def test_bruteforce_rejects_bad_positions(hands: tuple[str, ...], leader: Seat, trick: str,
                                          message: str) -> None:
    as_sets = tuple(frozenset(Card.from_str(c) for c in h.split()) for h in hands)
    position = Position(as_sets, None, leader,  # type: ignore[arg-type]
                        tuple(Card.from_str(c) for c in trick.split()))
    with pytest.raises(SolverError, match=message):
        BruteForceSolver().solve(position)


def test_bruteforce_trace_rejects_a_revoke() -> None:
    hands = ("H2 D3", "S2", "H5 D9", "H6 C4")  # East led DA; South holds D9
    position = Position(
        tuple(frozenset(Card.from_str(c) for c in h.split()) for h in hands),  # type: ignore[arg-type]
        None, Seat.E, (Card.from_str("DA"),))
    with pytest.raises(SolverError, match="must follow"):
        BruteForceSolver().trace(position, [Card.from_str("H5")])


def test_bruteforce_docstring_example_runs() -> None:
    failures, tried = doctest.testmod(bruteforce)
    assert tried > 0 and failures == 0

"""DdsSolver: what it counts in the middle of a trick, its stats and cache, its errors."""

from __future__ import annotations

import ctypes
import random
import subprocess
import sys

import pytest

from revoke_equity.errors import SolverError
from revoke_equity.model import Card, Deal, Position, Seat, Strain, Suit
from revoke_equity.model.cards import ALL_CARDS
from revoke_equity.model.seats import SEATS
from revoke_equity.solver.base import Solver
from revoke_equity.solver.bruteforce import BruteForceSolver
from revoke_equity.solver.dds import DdsSolver

FIRST_LIST100 = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"


def cards(text: str) -> frozenset[Card]:
    return frozenset(Card.from_str(c) for c in text.split())


def cards_in_order(text: str) -> tuple[Card, ...]:
    return tuple(Card.from_str(c) for c in text.split())


def position(n: str, e: str, s: str, w: str, trump: Suit | None, leader: Seat,
             trick: str = "") -> Position:
    return Position((cards(n), cards(e), cards(s), cards(w)), trump, leader,
                    cards_in_order(trick))


@pytest.fixture
def dds() -> DdsSolver:
    return DdsSolver()


def test_dds_solver_implements_the_protocol(dds: DdsSolver) -> None:
    solver: Solver = dds
    before = solver.stats.solve_calls + solver.stats.batch_calls
    solver.solve(position("S2", "S3", "S4", "S5", None, Seat.N))
    assert solver.stats.solve_calls + solver.stats.batch_calls > before
    cached = solver.stats.cache_hits
    solver.solve(position("S2", "S3", "S4", "S5", None, Seat.N))
    assert solver.stats.cache_hits == cached + 1


# -- what DDS counts mid-trick ------------------------------------------------------------------

MID_TRICK = [
    pytest.param(position("S2", "", "", "", Suit.SPADES, Seat.E, "SA H2 SK"), {"S2": 0},
                 id="fourth-hand-cannot-win-the-unfinished-trick"),
    pytest.param(position("S2", "", "", "", Suit.SPADES, Seat.E, "H3 H4 D5"), {"S2": 1},
                 id="fourth-hand-ruffs-the-unfinished-trick"),
    pytest.param(position("H5 D9", "C2", "H2 C3", "H6 D4", None, Seat.E, "HA"), {"H2": 1},
                 id="second-hand-loses-this-trick-wins-the-last"),
    pytest.param(position("S3", "S2 SQ", "H2 D3", "C4", None, Seat.W, "HA H3"),
                 {"S2": 2, "SQ": 2}, id="third-hand-partner-already-winning-counts"),
]


@pytest.mark.parametrize(("pos", "expected"), MID_TRICK)
def test_solve_counts_the_unfinished_trick_for_the_side_to_move(
    pos: Position, expected: dict[str, int], dds: DdsSolver
) -> None:
    want = {Card.from_str(c): v for c, v in expected.items()}
    assert dds.solve(pos) == want
    assert BruteForceSolver().solve(pos) == want


@pytest.mark.parametrize(("pos", "expected"), MID_TRICK)
def test_trace_start_is_north_south_remaining_tricks(
    pos: Position, expected: dict[str, int], dds: DdsSolver
) -> None:
    best = max(expected.values())
    tricks = len(pos.hand(pos.to_move))
    ns = best if pos.to_move in (Seat.N, Seat.S) else tricks - best
    assert dds.trace(pos, ()) == (ns,)


def test_trace_goes_down_as_north_south_win_tricks(dds: DdsSolver) -> None:
    start = Position.initial(Deal.from_pbn(FIRST_LIST100), Suit.SPADES, Seat.N)
    line = list(cards_in_order("CT C4 CA CJ"))  # South wins the first trick
    assert dds.trace(start, line) == (5, 5, 5, 5, 4)


def test_dd_table_has_every_strain_and_declarer(dds: DdsSolver) -> None:
    table = dds.dd_table(Deal.from_pbn(FIRST_LIST100))
    assert set(table) == {(s, seat) for s in Strain for seat in SEATS}
    assert table[(Strain.SPADES, Seat.W)] == 8 and table[(Strain.NOTRUMP, Seat.N)] == 6
    assert dds.stats.table_calls == 1


# -- stats and cache ---------------------------------------------------------------------------

def _openings(count: int) -> list[Position]:
    start = Position.initial(Deal.from_pbn(FIRST_LIST100), Suit.HEARTS, Seat.E)
    positions = [start.play_all(cards_in_order("S3 S5 SA S6"))]
    for card in sorted(positions[0].legal_cards(), key=Card.sort_key)[:count - 1]:
        positions.append(positions[0].play(card))
    return positions[:count]


def test_distinct_solves_are_engine_calls_repeats_are_cache_hits(dds: DdsSolver) -> None:
    positions = _openings(4)
    first = [dds.solve(p) for p in positions]
    assert (dds.stats.solve_calls, dds.stats.cache_hits, dds.stats.batch_calls) == (4, 0, 0)
    assert [dds.solve(p) for p in positions] == first
    assert (dds.stats.solve_calls, dds.stats.cache_hits) == (4, 4)
    assert dds.stats.seconds > 0


def test_solve_many_batches_new_positions_and_counts_cache_hits(dds: DdsSolver) -> None:
    positions = _openings(5)
    dds.solve(positions[0])
    answers = dds.solve_many([*positions, positions[1]])
    assert answers[1] == answers[5]
    # 1 solve, then a batch of the 4 new positions; position 0 cached, position 1 repeated
    assert (dds.stats.solve_calls, dds.stats.batch_calls, dds.stats.cache_hits) == (5, 1, 2)
    assert answers == [DdsSolver().solve(p) for p in [*positions, positions[1]]]


def test_the_cache_ignores_tricks_already_won(dds: DdsSolver) -> None:
    p = _openings(1)[0]
    moved = Position(p.hands, p.trump, p.leader, p.trick, p.ns_tricks + 3, p.ew_tricks)
    assert dds.solve(p) == dds.solve(moved)
    assert (dds.stats.solve_calls, dds.stats.cache_hits) == (1, 1)


def test_the_cache_is_bounded() -> None:
    solver = DdsSolver(cache_size=2)
    a, b, c = _openings(3)
    for p in (a, b, c, a):
        solver.solve(p)
    assert (solver.stats.solve_calls, solver.stats.cache_hits) == (4, 0)
    solver.solve(a)
    assert solver.stats.cache_hits == 1


def test_returned_answers_are_copies(dds: DdsSolver) -> None:
    p = _openings(1)[0]
    dds.solve(p).clear()
    assert dds.solve(p)


class _Info(ctypes.Structure):
    """DDS's ``DDSInfo`` (``GetDDSInfo``)."""

    _fields_ = [("major", ctypes.c_int), ("minor", ctypes.c_int), ("patch", ctypes.c_int),
                ("version", ctypes.c_char * 10), ("system", ctypes.c_int),
                ("bits", ctypes.c_int), ("compiler", ctypes.c_int),
                ("constructor", ctypes.c_int), ("cores", ctypes.c_int),
                ("threading", ctypes.c_int), ("threads", ctypes.c_int),
                ("sizes", ctypes.c_char * 128), ("text", ctypes.c_char * 1024)]


def _table_sizes() -> str:
    """DDS's count of small and large transposition tables, e.g. ``"0 S, 2 L"``."""
    import endplay._dds as raw

    info = _Info()
    raw._dll.GetDDSInfo(ctypes.byref(info))
    return info.sizes.decode()


def _small_endings(count: int) -> list[Position]:
    """Seeded three-card endings, some in the middle of a trick."""
    rng = random.Random(7)
    out = []
    for _ in range(count):
        dealt = rng.sample(ALL_CARDS, 12)
        hands = [frozenset(dealt[3 * i:3 * i + 3]) for i in range(4)]
        p = Position((hands[0], hands[1], hands[2], hands[3]), rng.choice((None, *Suit)),
                     rng.choice(SEATS), ())
        for _ in range(rng.randint(0, 3)):
            p = p.play(sorted(p.legal_cards(), key=Card.sort_key)[0])
        out.append(p)
    return out


def test_batches_run_on_small_tables_and_full_tables_on_large_ones() -> None:
    solver = DdsSolver(cache_size=0)
    endings = _small_endings(40)
    solver.dd_table(Deal.from_pbn(FIRST_LIST100))
    default = _table_sizes()  # DDS's own choice: large tables where memory allows
    large = [solver.solve(p) for p in endings]  # single solves keep the tables set
    table = solver.dd_table(Deal.from_pbn(FIRST_LIST100))
    batched = solver.solve_many(endings)
    assert _table_sizes().endswith(", 0 L")
    assert batched == large == BruteForceSolver().solve_many(endings)
    assert solver.dd_table(Deal.from_pbn(FIRST_LIST100)) == table
    assert _table_sizes() == default


def test_trace_and_table_counts(dds: DdsSolver) -> None:
    p = _openings(1)[0]
    dds.trace(p, sorted(p.legal_cards(), key=Card.sort_key)[:1])
    dds.dd_table(Deal.from_pbn(FIRST_LIST100))
    stats = dds.stats.as_dict()
    assert (stats["trace_calls"], stats["table_calls"], stats["solve_calls"]) == (1, 1, 0)
    assert stats["engine_calls"] == 2
    assert set(stats) == {"solve_calls", "batch_calls", "trace_calls", "cache_hits",
                          "table_calls", "engine_calls", "seconds"}


# -- errors --------------------------------------------------------------------------------------

BAD_POSITIONS = [
    pytest.param(position("", "", "", "", None, Seat.N), "no cards are left",
                 id="nothing-left"),
    pytest.param(position("SA SK", "S2", "S3 S4", "S5 S6", None, Seat.N), "East holds 1",
                 id="short-hand"),
    pytest.param(position("SA", "S2", "S3", "S4", None, Seat.N, "HA"), "North holds 1",
                 id="leader-did-not-lose-a-card"),
    pytest.param(position("SA", "SA", "S3", "S4", None, Seat.N), "SA is held by",
                 id="card-held-twice"),
    pytest.param(position("SA", "S2", "S3", "", None, Seat.W, "SA"), "SA is held by",
                 id="card-held-and-on-the-table"),
]


@pytest.mark.parametrize(("pos", "message"), BAD_POSITIONS)
def test_bad_positions_raise_solver_error_before_dds(pos: Position, message: str,
                                                     dds: DdsSolver) -> None:
    for call in (dds.solve, lambda p: dds.solve_many([p]), lambda p: dds.trace(p, ())):
        with pytest.raises(SolverError, match=message) as caught:
            call(pos)
        assert caught.value.code is None
    assert dds.stats.engine_calls == 0


BAD_LINES = [
    pytest.param("H5", "must follow", id="revoke"),
    pytest.param("C9", "does not hold", id="not-held"),
    pytest.param("D9 C4 D3 S2 H5 H6 H2 SA", "already over", id="past-the-end"),
]


@pytest.mark.parametrize(("line", "message"), BAD_LINES)
def test_bad_lines_raise_solver_error(line: str, message: str, dds: DdsSolver) -> None:
    # E led DA; South holds D9 and H5.
    pos = position("H2 D3", "S2", "H5 D9", "H6 C4", None, Seat.E, "DA")
    with pytest.raises(SolverError, match=message):
        dds.trace(pos, cards_in_order(line))
    assert dds.stats.trace_calls == 0


def test_importing_the_solver_modules_does_not_import_endplay() -> None:
    code = ("import sys, revoke_equity.solver.dds, revoke_equity.solver.pool, "
            "revoke_equity.solver.bruteforce; print('endplay' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_a_hands_rank_masks_are_ddss_rows() -> None:
    """DDS's suit codes are the suits' order, so one hand's rank masks serve both."""
    from revoke_equity.model.position import rank_masks
    from revoke_equity.solver.dds import _SUIT_CODE

    assert all(_SUIT_CODE[suit] == suit.order for suit in Suit)
    assert rank_masks(cards("SA S2 HK DT C3")) == (1 << 14 | 1 << 2, 1 << 13, 1 << 10, 1 << 3)

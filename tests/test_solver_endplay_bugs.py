"""Known bugs of endplay 0.5.12 and of the DDS 2.9.0 library it ships, pinned down.

Each test asserts the *buggy* behaviour, so it fails (and tells us to revisit our workaround) when
the bug is fixed; each also checks that our solver layer is not affected.
"""

from __future__ import annotations

import ast
import ctypes
from pathlib import Path
from typing import Any

import pytest

from revoke_equity.errors import SolverError
from revoke_equity.model import Card, Deal, Position, Seat, Suit
from revoke_equity.model.cards import ALL_CARDS
from revoke_equity.solver import dds as dds_module
from revoke_equity.solver.dds import DdsSolver

_dds: Any = pytest.importorskip("endplay._dds")

FIRST_LIST100 = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"


def _raw_deal(first: int, trump: int, trick: list[tuple[int, int]],
              hands: list[list[tuple[int, int]]]) -> Any:
    """A DDS ``deal`` from (suit code, rank) pairs, built by hand (independent of dds.py)."""
    dl = _dds.deal()
    dl.first, dl.trump = first, trump
    for i, (suit, rank) in enumerate(trick):
        dl.currentTrickSuit[i], dl.currentTrickRank[i] = suit, rank
    for hand, cards in enumerate(hands):
        for suit, rank in cards:
            dl.remainCards[hand][suit] |= 1 << rank
    return dl


# -- endplay ---------------------------------------------------------------------------------------

def test_endplay_result_lists_reject_negative_indexes() -> None:
    """``SolvedBoardList``, ``SolvedPlay`` and ``SolvedPlayList`` compute ``len - i`` for a
    negative ``i`` (instead of ``len + i``): ``[-1]`` raises IndexError, never the last item."""
    from endplay.dds.analyse import SolvedPlay, SolvedPlayList
    from endplay.dds.solve import SolvedBoardList

    boards = _dds.solvedBoards()
    boards.noOfBoards = 3
    plays = _dds.solvedPlays()
    plays.noOfBoards = 3
    play = _dds.solvedPlay()
    play.number = 3
    play.tricks[0], play.tricks[1], play.tricks[2] = 7, 8, 9
    for results in (SolvedBoardList(boards), SolvedPlay(play), SolvedPlayList(plays)):
        assert len(results) == 3
        results[2]
        with pytest.raises(IndexError):
            results[-1]
    assert SolvedPlay(play)[2] == 9
    assert list(SolvedPlay(play))[-1] == 9  # what [-1] should give


def test_our_layer_never_indexes_negatively_nor_uses_endplay_result_lists() -> None:
    source = Path(dds_module.__file__).read_text()
    tree = ast.parse(source)
    negative = [
        node.lineno for node in ast.walk(tree)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub)
        and any(isinstance(parent, ast.Subscript | ast.Slice) for parent in _parents(tree, node))
    ]
    assert negative == [], f"negative index at lines {negative}"
    imported = {
        alias.name if isinstance(node, ast.Import) else f"{node.module}"
        for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    assert "endplay._dds" in imported
    assert not {"endplay.dds", "endplay.types", "endplay"} & imported


def _parents(tree: ast.AST, target: ast.AST) -> list[ast.AST]:
    out: list[ast.AST] = []
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            if child is target:
                out.append(node)
    return out


@pytest.mark.parametrize("name", ["solve_all_boards", "analyse_all_starts"])
def test_endplay_batch_limit_is_off_by_one(name: str) -> None:
    """``if i > MAXNOOFBOARDS`` lets board 201 through to a ctypes array of 200: IndexError
    ('invalid index') instead of the intended RuntimeError('Too many boards')."""
    import endplay.dds
    from endplay.types import Deal as EndplayDeal

    with pytest.raises(IndexError, match="invalid index"):
        getattr(endplay.dds, name)([EndplayDeal() for _ in range(_dds.MAXNOOFBOARDS + 1)])


def test_our_batches_are_split_at_maxnoofboards() -> None:
    """401 one-card endings (H2 H3 H4 on the table, the last player holds one non-heart): three
    SolveAllBoardsBin calls of at most 200, every answer right (the card wins iff it is a trump)."""
    trick = tuple(Card.from_str(c) for c in ("H2", "H3", "H4"))
    cases = [
        (leader, trump, card)
        for leader in (Seat.N, Seat.E, Seat.S, Seat.W)
        for trump in (None, *Suit)
        for card in ALL_CARDS if card.suit is not Suit.HEARTS
    ][:401]
    positions = []
    for leader, trump, card in cases:
        hands: list[frozenset[Card]] = [frozenset()] * 4
        hands[leader.previous.index] = frozenset({card})
        positions.append(Position((hands[0], hands[1], hands[2], hands[3]), trump, leader, trick))
    solver = DdsSolver()
    answers = solver.solve_many(positions)
    assert answers == [{card: int(card.suit is trump)} for _, trump, card in cases]
    assert solver.stats.batch_calls == 3
    assert solver.stats.solve_calls == 401


def test_endplay_declarer_is_first_is_off_by_one_in_mid_trick() -> None:
    """``analyse_start``/``analyse_play(..., declarer_is_first=True)`` subtract DDS's count from
    the cards of ``deal.first``; once the leader has played to the trick that is one too few."""
    from endplay.dds import analyse_play, analyse_start
    from endplay.types import Deal as EndplayDeal
    from endplay.types import Denom, Player

    deal = EndplayDeal(FIRST_LIST100)
    deal.first, deal.trump = Player.north, Denom.spades
    assert analyse_start(deal, declarer_is_first=True) == 5  # right at the start of a trick
    deal.play("CT")
    assert analyse_start(deal, declarer_is_first=True) == 4  # wrong: NS still make 5
    assert analyse_play(deal, ["C4"], declarer_is_first=True)[0] == 4

    ours = Position.initial(Deal.from_pbn(FIRST_LIST100), Suit.SPADES, Seat.N)
    ours = ours.play(Card.from_str("CT"))
    assert DdsSolver().trace(ours, ()) == (5,)
    assert 13 - max(DdsSolver().solve(ours).values()) == 5


class _DDSInfo29(ctypes.Structure):
    """``DDSInfo`` as DDS 2.9.0's dll.h declares it."""

    _fields_ = [
        ("major", ctypes.c_int), ("minor", ctypes.c_int), ("patch", ctypes.c_int),
        ("versionString", ctypes.c_char * 10), ("system", ctypes.c_int),
        ("numBits", ctypes.c_int), ("compiler", ctypes.c_int), ("constructor", ctypes.c_int),
        ("numCores", ctypes.c_int), ("threading", ctypes.c_int), ("noOfThreads", ctypes.c_int),
        ("threadSizes", ctypes.c_char * 128), ("systemString", ctypes.c_char * 1024),
    ]


def test_endplay_ddsinfo_struct_is_too_small_for_the_dds_it_ships() -> None:
    """endplay's ``DDSInfo`` (556 bytes) lacks numBits, numCores and threadSizes and has a
    512-byte systemString: ``GetDDSInfo`` writes 1204 bytes into it (heap corruption, seen as
    'free(): invalid size' and an abort). We never call GetDDSInfo with it."""
    info = _DDSInfo29()
    _dds._dll.GetDDSInfo(ctypes.byref(info))
    assert (info.major, info.minor, info.versionString) == (2, 9, b"2.9.0")
    assert ctypes.sizeof(_dds.DDSInfo) < ctypes.sizeof(_DDSInfo29)
    assert "GetDDSInfo" not in Path(dds_module.__file__).read_text()


def test_endplay_ddserror_drops_the_return_code_we_restore_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # DDS writes dump.txt to the working directory on an error
    error = _dds.DDSError.from_code(-14)
    assert str(error) == "Wrong number of remaining cards in a hand"
    assert not hasattr(error, "code")
    solver = DdsSolver()
    bad = _raw_deal(0, 4, [], [[(0, 14)], [(0, 13)], [], []])  # 1, 1, 0, 0 cards
    with pytest.raises(SolverError) as caught, solver._engine():
        _dds.SolveBoard(bad, -1, 3, 1, _dds.futureTricks(), 0)
    assert caught.value.code == -14
    assert str(caught.value) == "DDS error -14: Wrong number of remaining cards in a hand"
    assert isinstance(caught.value.__cause__, _dds.DDSError)
    assert (tmp_path / "dump.txt").exists()


# -- DDS 2.9.0 (inside endplay) ------------------------------------------------------------------

# North holds S2 (spades trumps); East led, three cards on the table.
_RUFF_LOSES = _raw_deal(1, 0, [(0, 14), (1, 2), (0, 13)], [[(0, 2)], [], [], []])  # SA H2 SK
_RUFF_WINS = _raw_deal(1, 0, [(1, 3), (1, 4), (2, 5)], [[(0, 2)], [], [], []])  # H3 H4 D5


def _batch(*deals: Any) -> list[tuple[int, int, int]]:
    bop = _dds.boards()
    bop.noOfBoards = len(deals)
    for i, dl in enumerate(deals):
        bop.deals[i], bop.target[i], bop.solutions[i], bop.mode[i] = dl, -1, 3, 1
    solved = _dds.solvedBoards()
    _dds.SolveAllBoardsBin(bop, solved)
    out = []
    for i in range(len(deals)):
        fut = solved.solvedBoard[i]
        out.append((fut.suit[0], fut.rank[0], fut.score[0]))
    return out


def test_dds_batch_copies_answers_between_boards_differing_only_in_the_trick() -> None:
    """SolveAllBoardsBin's scheduler treats boards with equal remaining cards, strain and first
    as repeats and copies the first answer, ignoring currentTrickSuit/Rank."""
    assert _batch(_RUFF_LOSES) == [(0, 2, 0)]
    assert _batch(_RUFF_WINS) == [(0, 2, 1)]
    assert _batch(_RUFF_LOSES, _RUFF_WINS) == [(0, 2, 0), (0, 2, 0)]  # second is wrong
    # Even the card is copied: South to follow to a diamond is told to play a heart.
    hands = [[(1, 2), (2, 3)], [(0, 2)], [(1, 5), (2, 9)], [(1, 6), (3, 4)]]
    heart_led = _raw_deal(1, 4, [(1, 14)], hands)
    diamond_led = _raw_deal(1, 4, [(2, 14)], hands)
    assert _batch(heart_led, diamond_led) == [(1, 5, 0), (1, 5, 0)]
    assert _batch(diamond_led) == [(2, 9, 0)]


def _analyse(dl: Any, cards: list[tuple[int, int]]) -> tuple[int, list[int]]:
    play = _dds.playTraceBin()
    play.number = len(cards)
    for i, (suit, rank) in enumerate(cards):
        play.suit[i], play.rank[i] = suit, rank
    solved = _dds.solvedPlay()
    _dds.AnalysePlayBin(dl, play, solved, 0)
    return solved.number, [solved.tricks[i] for i in range(max(solved.number, 1))]


# East led HA; three tricks at no trump.
_HANDS = [[(1, 2), (2, 3), (3, 9)], [(0, 2), (0, 9)], [(1, 5), (2, 9), (0, 3)],
          [(1, 6), (3, 4), (0, 4)]]
_MID_TRICK = _raw_deal(1, 4, [(1, 14)], _HANDS)


def test_dds_trace_from_mid_trick_drops_the_last_cards_of_the_line() -> None:
    """AnalysePlayBin counts the tricks to analyse from the line's length alone: with k cards on
    the table the last k cards of the line are skipped (and not even checked)."""
    assert _analyse(_MID_TRICK, [])[0] == 0  # not even the start
    assert _analyse(_MID_TRICK, [(1, 5), (1, 6), (1, 2)])[0] == 3  # 4 expected
    assert _analyse(_MID_TRICK, [(3, 2)]) == (1, [0])  # C2, held by nobody: skipped, no error
    position = Position(
        tuple(frozenset(Card.from_str(c) for c in h.split()) for h in
              ("H2 D3 C9", "S2 S9", "H5 D9 S3", "H6 C4 S4")),  # type: ignore[arg-type]
        None, Seat.E, (Card.from_str("HA"),))
    line = [Card.from_str(c) for c in ("H5", "H6", "H2")]
    assert len(DdsSolver().trace(position, line)) == 4
    with pytest.raises(SolverError, match="does not hold"):
        DdsSolver().trace(position, [Card.from_str("C2")])


def test_dds_trace_never_reports_the_last_trick() -> None:
    full = [(1, 5), (1, 6), (1, 2), (0, 2), (0, 3), (0, 4), (2, 3), (0, 9), (2, 9), (3, 4),
            (3, 9)]
    number, _ = _analyse(_MID_TRICK, full)
    assert number == 8  # start + the 7 cards that finish tricks 1 and 2


def test_dds_trace_accepts_a_revoke_our_layer_refuses_it() -> None:
    assert _analyse(_MID_TRICK, [(2, 9), (1, 6), (1, 2), (0, 2)])[0] == 4  # South holds H5
    position = Position(
        tuple(frozenset(Card.from_str(c) for c in h.split()) for h in
              ("H2 D3 C9", "S2 S9", "H5 D9 S3", "H6 C4 S4")),  # type: ignore[arg-type]
        None, Seat.E, (Card.from_str("HA"),))
    with pytest.raises(SolverError, match="must follow"):
        DdsSolver().trace(position, [Card.from_str("D9")])


# -- endplay's package import --------------------------------------------------------------------

def _child(code: str) -> list[str]:
    """The lines ``code`` prints in a fresh interpreter (``sys.modules`` as a cold start has it)."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300, check=True)
    return done.stdout.split()


def test_endplay_imports_matplotlib_for_its_dds_binding_alone() -> None:
    """``import endplay._dds`` runs endplay's ``__init__``, which imports ``endplay.dealer`` and
    its HTML actions, which import ``matplotlib.pyplot`` (a second of a cold start)."""
    assert _child("import sys, endplay._dds; print('matplotlib' in sys.modules)") == ["True"]


def test_our_endplay_loader_keeps_plotting_out_and_the_whole_package_available() -> None:
    """:func:`revoke_equity._endplay.load`: the binding and the types alone; the names of endplay's
    ``__init__`` still work afterwards (and then bring its plotting, as endplay does)."""
    out = _child(
        "import sys\n"
        "from revoke_equity import _endplay\n"
        "_endplay.load()\n"
        "import endplay._dds, endplay.types\n"
        "print('matplotlib' in sys.modules, 'endplay.dealer' in sys.modules)\n"
        "import endplay\n"
        "from endplay import Deal, generate_deal\n"
        "print(Deal is endplay.types.Deal, callable(generate_deal), 'matplotlib' in sys.modules)\n")
    assert out == ["False", "False", "True", "True", "True"]


def test_a_dd_ruling_does_not_import_plotting() -> None:
    """The command line's ``rule`` (DDS, scoring, the text report) never loads matplotlib."""
    out = _child(
        "import contextlib, io, sys\n"
        "from revoke_equity.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()) as text:\n"
        "    code = main(['rule', '--example', '--estimate', 'dd'])\n"
        "print(code, 'Score to enter' in text.getvalue(), 'matplotlib' in sys.modules,\n"
        "      'endplay._dds' in sys.modules)\n")
    assert out == ["0", "True", "False", "True"]

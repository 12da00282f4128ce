"""DdsSolver against DDS's own reference answers (tests/data/dds-hands, see FORMAT.md).

For each deal: ``dd_table`` against TABLE, ``solve`` at the opening lead against FUT, ``trace`` of
the recorded play against TRACE. TRACE counts, cumulatively from the opening lead, the tricks of
the side *not* on lead (DDS's "declarer" is the leader's right-hand opponent), and stops before
the last trick; ``trace`` gives North-South's remaining tricks, so we convert.

Default run: all 100 deals of list100 for FUT and TRACE, the first 25 for TABLE. Slow: the other
75 tables and every check on largest.txt (DDS's heavy tail).
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest

from revoke_equity.model import Card, Deal, Position, Seat, Strain, Suit
from revoke_equity.model.cards import Rank
from revoke_equity.model.seats import SEATS, Side
from revoke_equity.solver.dds import DdsSolver

HANDS = Path(__file__).parent / "data" / "dds-hands"
_STRAINS = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP)
_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


@dataclass(frozen=True)
class Reference:
    number: int
    deal: Deal
    strain: Strain
    first: Seat
    fut: dict[Card, int]
    table: dict[tuple[Strain, Seat], int]
    play: tuple[Card, ...]
    trace: tuple[int, ...]

    @property
    def start(self) -> Position:
        return Position.initial(self.deal, self.strain.trump, self.first)


def _fut(numbers: list[int]) -> dict[Card, int]:
    n = numbers[0]
    suits, ranks, equals, scores = (numbers[1 + i * n:1 + (i + 1) * n] for i in range(4))
    out: dict[Card, int] = {}
    for suit, rank, eq, score in zip(suits, ranks, equals, scores, strict=True):
        for r in Rank:
            if r == rank or eq & (1 << int(r)):
                out[Card(_SUITS[suit], r)] = score
    return out


def load(name: str) -> list[Reference]:
    """The deals of one reference file, in order."""
    refs: list[Reference] = []
    block: dict[str, list[str]] = {}

    def flush() -> None:
        if not block:
            return
        pbn = block["PBN"]
        play_text = block["PLAY"][1] if "PLAY" in block else ""
        table = [int(x) for x in block["TABLE"]]
        refs.append(Reference(
            number=len(refs) + 1,
            deal=Deal.from_pbn(pbn[4]),
            strain=_STRAINS[int(pbn[2])],
            first=SEATS[int(pbn[3])],
            fut=_fut([int(x) for x in block["FUT"]]),
            table={(s, seat): table[4 * i + seat.index]
                   for i, s in enumerate(_STRAINS) for seat in SEATS},
            play=tuple(Card.from_str(play_text[i:i + 2]) for i in range(0, len(play_text), 2)),
            trace=tuple(int(x) for x in block["TRACE"][1:]),
        ))
        block.clear()

    for raw in (HANDS / name).read_text().splitlines():
        words = shlex.split(raw)
        if not words or words[0] == "NUMBER":
            continue
        if words[0] == "PBN":
            flush()
        block[words[0]] = words[1:]
    flush()
    return refs


def _params(name: str, fast: int | None = None) -> list[object]:
    """One ``pytest.param`` per deal; those after the first ``fast`` are marked slow."""
    return [
        pytest.param(r, id=f"{Path(name).stem}-{r.number:03d}",
                     marks=[pytest.mark.slow] if fast is not None and i >= fast else [])
        for i, r in enumerate(load(name))
    ]


LIST100 = _params("list100.txt")
LARGEST = _params("largest.txt", fast=0)
TABLES = _params("list100.txt", fast=25) + LARGEST
"""A DD table (20 solves) takes about 0.2-0.4 s: 25 in the default run, the rest slow."""


@pytest.fixture(scope="module")
def dds() -> DdsSolver:
    return DdsSolver()


def test_reference_files_parse() -> None:
    assert len(LIST100) == 100
    assert len(LARGEST) == 21


@pytest.mark.parametrize("ref", TABLES)
def test_dd_table_matches_table(ref: Reference, dds: DdsSolver) -> None:
    assert dds.dd_table(ref.deal) == ref.table


@pytest.mark.parametrize("ref", LIST100 + LARGEST)
def test_solve_at_the_opening_lead_matches_fut(ref: Reference, dds: DdsSolver) -> None:
    assert dds.solve(ref.start) == ref.fut


@pytest.mark.parametrize("ref", LIST100 + LARGEST)
def test_trace_matches_trace(ref: Reference, dds: DdsSolver) -> None:
    ours = dds.trace(ref.start, ref.play)
    assert len(ours) == len(ref.play) + 1
    # DDS counts the tricks of the side not on lead, from the opening lead on, cumulatively.
    declarer_is_ns = ref.first.side is Side.EW
    position, expected = ref.start, []
    for j, value in enumerate(ref.trace):
        ns_total = value if declarer_is_ns else 13 - value
        expected.append(ns_total - position.ns_tricks)
        if j < len(ref.play):
            position = position.play(ref.play[j])
    assert ours[:len(ref.trace)] == tuple(expected)

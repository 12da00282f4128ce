"""The DDS reference deals (``tests/data/dds-hands``, see its ``FORMAT.md``) and their answers.

Parsed here independently of the solver layer, so that the answers can check it: ``FUT`` (every
card's tricks at the opening lead, for the side on lead), ``TABLE`` (the 20 double-dummy results)
and ``TRACE`` (``AnalysePlay`` along the ``PLAY`` line, as DDS reports it).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

SUITS = "SHDC"
"""DDS suit codes 0-3; strain code 4 is no trump."""
STRAINS = "SHDCN"
SEATS = "NESW"
RANKS = "23456789TJQKA"


@dataclass(frozen=True)
class RefDeal:
    """One deal of a DDS hands file."""

    source: str
    """``list100#7``: the file's stem and the deal's index in it."""
    pbn: str
    trump: int
    """0-4 = S H D C NT."""
    first: int
    """0-3 = N E S W: the player on lead."""
    fut: tuple[tuple[int, int, int, int], ...]
    """Card groups ``(suit, rank, equals, score)`` of ``SolveBoard`` at the opening lead."""
    table: tuple[int, ...]
    """20 results, strain by strain (S H D C NT), declarer N E S W."""
    play: tuple[str, ...]
    """The ``PLAY`` line as cards ``"SA"``."""
    trace: tuple[int, ...]
    """``AnalysePlay`` on the line: DDS's counts at the start and after each reported card."""

    def lead_answer(self) -> dict[str, int]:
        """``FUT`` as ``{card: tricks for the side on lead}``, card groups expanded."""
        out: dict[str, int] = {}
        for suit, rank, equals, score in self.fut:
            mask = equals | (1 << rank)
            for r in range(2, 15):
                if mask & (1 << r):
                    out[SUITS[suit] + RANKS[r - 2]] = score
        return out

    def table_answer(self) -> dict[str, int]:
        """``TABLE`` as ``{"SN": tricks, ...}`` (strain letter, declarer letter)."""
        return {STRAINS[i // 4] + SEATS[i % 4]: t for i, t in enumerate(self.table)}


def _ints(parts: list[str]) -> list[int]:
    return [int(p) for p in parts]


def read_hands(path: Path) -> list[RefDeal]:
    """Every deal of a DDS hands file (``PBN``/``FUT``/``TABLE``/``PLAY``/``TRACE`` blocks)."""
    deals: list[RefDeal] = []
    block: dict[str, object] = {}

    def close() -> None:
        if block:
            fut = _ints(block["FUT"])  # type: ignore[arg-type]
            n = fut[0]
            groups = tuple(zip(fut[1:1 + n], fut[1 + n:1 + 2 * n], fut[1 + 2 * n:1 + 3 * n],
                               fut[1 + 3 * n:1 + 4 * n], strict=True))
            play_text = str(block["PLAY"])
            trace = _ints(block["TRACE"])  # type: ignore[arg-type]
            deals.append(RefDeal(
                source=f"{path.stem}#{len(deals)}",
                pbn=str(block["PBN"]),
                trump=int(block["trump"]),  # type: ignore[call-overload]
                first=int(block["first"]),  # type: ignore[call-overload]
                fut=groups,
                table=tuple(_ints(block["TABLE"])),  # type: ignore[arg-type]
                play=tuple(play_text[i:i + 2] for i in range(0, len(play_text), 2)),
                trace=tuple(trace[1:1 + trace[0]]),
            ))
            block.clear()

    for line in path.read_text().splitlines():
        parts = line.split()
        if not parts:
            continue
        tag = parts[0]
        if tag == "PBN":
            close()
            block["trump"], block["first"] = parts[3], parts[4]
            block["PBN"] = line.split('"')[1]
        elif tag in ("FUT", "TABLE", "TRACE"):
            block[tag] = parts[1:]
        elif tag == "PLAY":
            block["PLAY"] = line.split('"')[1]
    close()
    return deals

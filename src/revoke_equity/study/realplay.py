"""Real deals with the play as it happened: DDS's hand files (``list100.txt``, ``largest.txt``).

Each block of such a file (its ``FORMAT.md``) holds a deal (``PBN dealer vul trump first "deal"``),
a line of play (``PLAY n "cards"``, from the player on lead) and DDS's ``AnalysePlay`` along it
(``TRACE n t...``): declarer's side's tricks, won plus double-dummy from there, at the start and
after each card it covers (DDS may stop before the last trick). Declarer is the player before the
one on lead; the files give the strain, not the level.

A bad block raises :class:`~revoke_equity.errors.RevokeEquityError` naming the file and the line;
so does a file that is not text.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from revoke_equity.errors import RevokeEquityError
from revoke_equity.model.cards import Card, Suit
from revoke_equity.model.contract import Vulnerability
from revoke_equity.model.deal import Deal
from revoke_equity.model.seats import SEATS, Seat

__all__ = ["RealBoard", "read_real_boards"]

_TRUMPS: tuple[Suit | None, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, None)
_VULNERABLE = (Vulnerability.NONE, Vulnerability.ALL, Vulnerability.NS, Vulnerability.EW)
"""DDS's vulnerability codes 0-3."""


def _code(text: str, count: int) -> int:
    """A DDS code in ``[0, count)``."""
    value = int(text)
    if not 0 <= value < count:
        raise ValueError(f"{value} is not a code 0-{count - 1}")
    return value


@dataclass(frozen=True)
class RealBoard:
    """One deal of a hand file and its play."""

    source: str
    """``list100#7``: the file's stem and the deal's index in it."""
    deal: Deal
    trump: Suit | None
    declarer: Seat
    play: tuple[Card, ...]
    trace: tuple[int, ...]
    """Declarer's side's tricks (won plus double-dummy) at the start and after each of the first
    ``len(trace) - 1`` cards."""
    dealer: Seat = Seat.N
    vulnerable: Vulnerability = Vulnerability.NONE

    @property
    def leader(self) -> Seat:
        return self.declarer.next


def read_real_boards(path: str | Path, *, unplayed: bool = False) -> list[RealBoard]:
    """Every deal of a DDS hand file that has a play and a trace (with ``unplayed``, every deal:
    those without a play or trace have an empty one). Raises
    :class:`~revoke_equity.errors.RevokeEquityError` naming the file and line on a bad block."""
    path = Path(path)
    boards: list[RealBoard] = []
    block: dict[str, str] = {}
    number = 0

    def close() -> None:
        nonlocal number
        played = "PLAY" in block and "TRACE" in block
        if "PBN" in block and (played or unplayed):
            where = f"{path.name}, line {block['line']}"
            play: tuple[Card, ...] = ()
            trace: tuple[int, ...] = ()
            try:
                parts = block["PBN"].split()
                dealer, vulnerable = SEATS[_code(parts[1], 4)], _VULNERABLE[_code(parts[2], 4)]
                trump, first = _TRUMPS[_code(parts[3], 5)], SEATS[_code(parts[4], 4)]
                deal = Deal.from_pbn(block["PBN"].split('"')[1])
                if played:
                    text = block["PLAY"].split('"')[1]
                    play = tuple(Card.from_str(text[i:i + 2]) for i in range(0, len(text), 2))
                    numbers = [int(t) for t in block["TRACE"].split()[1:]]
                    trace = tuple(numbers[1:1 + numbers[0]])
            except (IndexError, ValueError) as exc:
                raise RevokeEquityError(f"{where}: not a deal with its play ({exc})") from None
            if len(trace) > len(play) + 1:
                raise RevokeEquityError(f"{where}: the trace is longer than the play")
            boards.append(RealBoard(f"{path.stem}#{number}", deal, trump, first.previous, play,
                                    trace, dealer, vulnerable))
        if "PBN" in block:
            number += 1
        block.clear()

    try:
        lines = path.read_text().splitlines()
    except UnicodeDecodeError as exc:
        raise RevokeEquityError(f"{path.name}: not a text file ({exc.reason} at byte {exc.start})"
                                ) from None
    for line_number, line in enumerate(lines, 1):
        tag = line.split(maxsplit=1)[0] if line.strip() else ""
        if tag == "PBN":
            close()
            block["line"] = str(line_number)
        if tag in ("PBN", "PLAY", "TRACE"):
            block[tag] = line
    close()
    return boards

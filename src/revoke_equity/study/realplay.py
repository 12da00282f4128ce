"""Real deals with the play as it happened: DDS's hand files (``list100.txt``, ``largest.txt``).

Each block of such a file (its ``FORMAT.md``) holds a deal (``PBN dealer vul trump first "deal"``),
a line of play (``PLAY n "cards"``, from the player on lead) and DDS's ``AnalysePlay`` along it
(``TRACE n t...``): declarer's side's tricks, won plus double-dummy from there, at the start and
after each card it covers (DDS may stop before the last trick). Declarer is the player before the
one on lead; the files give the strain, not the level.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from revoke_equity.errors import RevokeEquityError
from revoke_equity.model.cards import Card, Suit
from revoke_equity.model.deal import Deal
from revoke_equity.model.seats import SEATS, Seat

__all__ = ["RealBoard", "read_real_boards"]

_TRUMPS: tuple[Suit | None, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, None)


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

    @property
    def leader(self) -> Seat:
        return self.declarer.next


def read_real_boards(path: str | Path) -> list[RealBoard]:
    """Every deal of a DDS hand file that has a play and a trace. Raises
    :class:`~revoke_equity.errors.RevokeEquityError` naming the file and line on a bad block."""
    path = Path(path)
    boards: list[RealBoard] = []
    block: dict[str, str] = {}
    number = 0

    def close() -> None:
        nonlocal number
        if "PBN" in block and "PLAY" in block and "TRACE" in block:
            where = f"{path.name}, line {block['line']}"
            try:
                parts = block["PBN"].split()
                trump, first = _TRUMPS[int(parts[3])], SEATS[int(parts[4])]
                deal = Deal.from_pbn(block["PBN"].split('"')[1])
                text = block["PLAY"].split('"')[1]
                play = tuple(Card.from_str(text[i:i + 2]) for i in range(0, len(text), 2))
                numbers = [int(t) for t in block["TRACE"].split()[1:]]
                trace = tuple(numbers[1:1 + numbers[0]])
            except (IndexError, ValueError) as exc:
                raise RevokeEquityError(f"{where}: not a deal with its play ({exc})") from None
            if len(trace) > len(play) + 1:
                raise RevokeEquityError(f"{where}: the trace is longer than the play")
            boards.append(RealBoard(f"{path.stem}#{number}", deal, trump, first.previous, play,
                                    trace))
        if "PBN" in block:
            number += 1
        block.clear()

    for line_number, line in enumerate(path.read_text().splitlines(), 1):
        tag = line.split(maxsplit=1)[0] if line.strip() else ""
        if tag == "PBN":
            close()
            block["line"] = str(line_number)
        if tag in ("PBN", "PLAY", "TRACE"):
            block[tag] = line
    close()
    return boards

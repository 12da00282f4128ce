"""Contracts and vulnerability."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from revoke_equity.model.cards import Strain
from revoke_equity.model.seats import Seat, Side


class Doubling(enum.IntEnum):
    """Whether the contract was doubled or redoubled."""

    UNDOUBLED = 0
    DOUBLED = 1
    REDOUBLED = 2

    @property
    def suffix(self) -> str:
        return ("", "X", "XX")[self]


_CONTRACT = re.compile(r"^([1-7])(NT|[SHDCN])(X{0,2})$")


@dataclass(frozen=True)
class Contract:
    """A final contract: level 1-7, strain, doubling. ``str`` gives ``4S``, ``3NX``, ``6HXX``."""

    level: int
    strain: Strain
    doubling: Doubling = Doubling.UNDOUBLED

    def __post_init__(self) -> None:
        if not 1 <= self.level <= 7:
            raise ValueError(f"contract level {self.level} is not 1-7")

    @classmethod
    def from_str(cls, text: str) -> Contract:
        match = _CONTRACT.match(text.strip().upper().replace("*", "X"))
        if not match:
            raise ValueError(f"unknown contract {text!r} (expected e.g. 4S, 3NT, 3NX, 6HXX)")
        level, strain, doubles = match.groups()
        return cls(int(level), Strain.from_str(strain), Doubling(len(doubles)))

    @property
    def tricks_needed(self) -> int:
        return self.level + 6

    def __str__(self) -> str:
        return f"{self.level}{self.strain.value}{self.doubling.suffix}"


class Vulnerability(enum.Enum):
    """Which sides are vulnerable."""

    NONE = "None"
    """Neither side."""
    NS = "NS"
    """North-South only."""
    EW = "EW"
    """East-West only."""
    ALL = "All"
    """Both sides."""

    def is_vulnerable(self, side: Side) -> bool:
        return self is Vulnerability.ALL or self.value == side.value

    @classmethod
    def from_str(cls, text: str) -> Vulnerability:
        key = text.strip().upper()
        aliases = {
            "NONE": "None", "-": "None", "LOVE": "None", "O": "None", "0": "None",
            "NS": "NS", "N-S": "NS", "EW": "EW", "E-W": "EW",
            "ALL": "All", "BOTH": "All", "B": "All",
        }
        if key not in aliases:
            raise ValueError(f"unknown vulnerability {text!r} (expected None, NS, EW or All)")
        return cls(aliases[key])

    @classmethod
    def for_board(cls, board: int) -> Vulnerability:
        """The vulnerability that duplicate boards carry (board 1 None, 2 NS, ...; period 16)."""
        pattern = "0NEBNEBOEBONBONE"
        code = pattern[(board - 1) % 16]
        return {"0": cls.NONE, "O": cls.NONE, "N": cls.NS, "E": cls.EW, "B": cls.ALL}[code]

    def __str__(self) -> str:
        return self.value


def dealer_for_board(board: int) -> Seat:
    """The dealer of a duplicate board: board 1 North, 2 East, 3 South, 4 West, and so on."""
    return Seat.N.after(board - 1)


def contract_result(contract: str | Contract, declarer_tricks: int) -> str:
    """The result in scorers' notation: ``4S=``, ``4S+1``, ``3NTX-2`` (``N`` written ``NT``), the
    form Bridgemate and the scoring programs take with the declarer."""
    c = contract if isinstance(contract, Contract) else Contract.from_str(contract)
    over = declarer_tricks - c.tricks_needed
    mark = "=" if over == 0 else f"{over:+d}"
    strain = "NT" if c.strain.value == "N" else c.strain.value
    return f"{c.level}{strain}{c.doubling.suffix}{mark}"

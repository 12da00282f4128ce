"""Seats at the table and the two sides."""

from __future__ import annotations

import enum
from typing import TypeVar

Tricks = TypeVar("Tricks", int, float)


class Side(enum.Enum):
    """A partnership."""

    __hash__ = object.__hash__  # identity, in C (see Suit)

    NS = "NS"
    """North and South."""
    EW = "EW"
    """East and West."""

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    def __str__(self) -> str:
        return self.value


def tricks_for(side: Side, tricks: Tricks, won_by: Side, out_of: int) -> Tricks:
    """``tricks`` that ``won_by`` wins (or expects) out of ``out_of``, counted for ``side``: the one
    point-of-view conversion of trick counts (the solver's "tricks of the side to move", North-
    South's traced tricks, declarer's total as the non-offenders' or the offenders')."""
    return tricks if won_by is side else out_of - tricks


class Seat(enum.Enum):
    """The four seats, clockwise from North."""

    __hash__ = object.__hash__  # identity, in C (see Suit)

    N = "N"
    """North."""
    E = "E"
    """East."""
    S = "S"
    """South."""
    W = "W"
    """West."""

    @property
    def index(self) -> int:
        """0 for North, clockwise to 3 for West."""
        return _SEAT_INDEX[self]

    @property
    def next(self) -> Seat:
        """The player on this seat's left, who plays next."""
        return _SEATS[(_SEAT_INDEX[self] + 1) % 4]

    @property
    def partner(self) -> Seat:
        return _SEATS[(_SEAT_INDEX[self] + 2) % 4]

    @property
    def previous(self) -> Seat:
        """The player on this seat's right."""
        return _SEATS[(_SEAT_INDEX[self] + 3) % 4]

    @property
    def side(self) -> Side:
        return Side.NS if self in (Seat.N, Seat.S) else Side.EW

    @property
    def name_long(self) -> str:
        return _LONG_NAMES[self]

    def after(self, steps: int) -> Seat:
        """The seat ``steps`` places clockwise from this one."""
        return _SEATS[(_SEAT_INDEX[self] + steps) % 4]

    @classmethod
    def from_str(cls, text: str) -> Seat:
        key = text.strip().upper()
        if key in _FROM_LONG:
            key = _FROM_LONG[key]
        try:
            return cls(key)
        except ValueError:
            raise ValueError(f"unknown seat {text!r} (expected N, E, S or W)") from None

    def __str__(self) -> str:
        return self.value


_SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
_SEAT_INDEX = {seat: i for i, seat in enumerate(_SEATS)}
_LONG_NAMES = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
SEATS = _SEATS
_FROM_LONG = {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}

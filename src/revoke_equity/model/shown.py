"""What a seat's calls showed: high-card points and suit lengths, as ranges (likely-result §7).

A :class:`Constraint` bounds a set of cards: its high-card points (ace 4, king 3, queen 2, jack 1)
and, per suit, how many cards of the suit it holds. It reads and writes the director's text form::

    >>> c = Constraint.from_text("S 7-8, HCP 6-10")
    >>> str(c)
    '7-8 spades, 6-10 HCP'
    >>> c.holds([])
    False

:meth:`Constraint.after` turns a constraint on a seat's thirteen cards into one on the cards still
to be dealt to it, once some of them are known (played or seen).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from revoke_equity.model.cards import Card, Rank, Suit
from revoke_equity.model.seats import Seat

Range = tuple[int, int]
"""An inclusive range ``(low, high)``."""

MAX_HCP = 37
"""The most high-card points thirteen cards can hold (four aces, four kings, four queens, a jack)."""
ANY_HCP: Range = (0, MAX_HCP)
ANY_LENGTH: Range = (0, 13)

_POINTS = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
_SUIT_NAMES = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds",
               Suit.CLUBS: "clubs"}


def card_points(card: Card) -> int:
    """High-card points: ace 4, king 3, queen 2, jack 1, other cards 0."""
    return _POINTS.get(card.rank, 0)


def points(cards: Iterable[Card]) -> int:
    """The high-card points of ``cards``."""
    return sum(_POINTS.get(c.rank, 0) for c in cards)


@dataclass(frozen=True)
class Constraint:
    """High-card points within ``hcp`` and, for each suit in bridge order (spades first), a length
    within ``lengths[suit.order]``. Ranges may be empty (low above high): no cards satisfy them."""

    hcp: Range = ANY_HCP
    lengths: tuple[Range, Range, Range, Range] = (ANY_LENGTH,) * 4

    @classmethod
    def of(cls, hcp: Range | None = None, **suits: Range) -> Constraint:
        """``Constraint.of(hcp=(6, 10), S=(7, 8))``: suits by letter."""
        lengths = [ANY_LENGTH] * 4
        for letter, bounds in suits.items():
            lengths[Suit.from_str(letter).order] = bounds
        return cls(ANY_HCP if hcp is None else hcp, (lengths[0], lengths[1], lengths[2], lengths[3]))

    def length(self, suit: Suit) -> Range:
        return self.lengths[suit.order]

    @property
    def is_free(self) -> bool:
        """Whether the constraint says nothing (every hand of thirteen cards satisfies it)."""
        return _covers(self.hcp, ANY_HCP) and all(_covers(r, ANY_LENGTH) for r in self.lengths)

    @property
    def is_empty(self) -> bool:
        """Whether a range is empty, so that no cards satisfy the constraint."""
        return any(lo > hi for lo, hi in (self.hcp, *self.lengths))

    def holds(self, cards: Iterable[Card]) -> bool:
        """Whether ``cards`` satisfy the constraint."""
        held = list(cards)
        if not _within(points(held), self.hcp):
            return False
        return all(_within(sum(1 for c in held if c.suit is suit), self.length(suit)) for suit in Suit)

    def after(self, known: Iterable[Card]) -> Constraint:
        """The constraint on the rest of the cards once ``known`` of them are known: each bound less
        what ``known`` holds (a low bound stops at 0; a high bound below 0 leaves an empty range)."""
        cards = list(known)
        hcp = _less(self.hcp, points(cards))
        lengths = [_less(self.length(suit), sum(1 for c in cards if c.suit is suit)) for suit in Suit]
        return Constraint(hcp, (lengths[0], lengths[1], lengths[2], lengths[3]))

    def meet(self, other: Constraint) -> Constraint:
        """Both constraints at once (each range the intersection of the two)."""
        lengths = [_meet(a, b) for a, b in zip(self.lengths, other.lengths, strict=True)]
        return Constraint(_meet(self.hcp, other.hcp), (lengths[0], lengths[1], lengths[2], lengths[3]))

    def parts(self) -> list[str]:
        """The constraint's ranges in words: ``["7+ spades", "6-10 HCP"]`` (suits first)."""
        out = [f"{_range_text(r, 13)} {_SUIT_NAMES[suit]}" for suit in Suit
               if not _covers(r := self.length(suit), ANY_LENGTH)]
        if not _covers(self.hcp, ANY_HCP):
            out.append(f"{_range_text(self.hcp, MAX_HCP)} HCP")
        return out

    def __str__(self) -> str:
        return ", ".join(self.parts()) or "anything"

    def to_json(self) -> dict[str, list[int]]:
        """``{"hcp": [6, 10], "S": [7, 8]}``: only the ranges that say something."""
        out: dict[str, list[int]] = {}
        if not _covers(self.hcp, ANY_HCP):
            out["hcp"] = list(self.hcp)
        for suit in Suit:
            if not _covers(self.length(suit), ANY_LENGTH):
                out[suit.letter] = list(self.length(suit))
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Constraint:
        """The inverse of :meth:`to_json`; raises ``ValueError`` naming a bad key or range."""
        hcp: Range | None = None
        suits: dict[str, Range] = {}
        for key, value in data.items():
            bounds = _json_range(key, value, MAX_HCP if key.lower() == "hcp" else 13)
            if key.lower() == "hcp":
                hcp = bounds
            elif key.upper() in ("S", "H", "D", "C"):
                suits[key.upper()] = bounds
            else:
                raise ValueError(f"unknown key {key!r} (expected hcp, S, H, D or C)")
        return cls.of(hcp, **suits)

    @classmethod
    def from_text(cls, text: str) -> Constraint:
        """``"S 7-8, HCP 6-10"``: comma-separated items, each ``HCP`` or a suit letter and a range
        (``7-8``, ``7+``, ``7``, or ``-10`` for at most 10); raises ``ValueError`` naming an item
        that cannot be read or a range past 13 cards or 37 points, or backwards (``9-7``)."""
        hcp: Range | None = None
        suits: dict[str, Range] = {}
        for item in filter(None, (part.strip() for part in text.split(","))):
            match = re.fullmatch(r"(hcp|[shdc])\s*(\d+\s*-\s*\d+|\d+\+|-\s*\d+|\d+)", item, re.I)
            if match is None:
                raise ValueError(f"not a constraint: {item!r} (expected e.g. 'S 7-8' or 'HCP 6-10')")
            name = match.group(1).upper()
            bounds = _text_range(match.group(2), MAX_HCP if name == "HCP" else 13)
            if name == "HCP":
                hcp = bounds
            else:
                suits[name] = bounds
        return cls.of(hcp, **suits)


@dataclass(frozen=True)
class ShownConstraint:
    """A seat's constraint and where it came from: a call and its meaning (``"3S (pre-empt)"``)
    or ``"director"``."""

    seat: Seat
    constraint: Constraint
    source: str


@dataclass(frozen=True)
class Shown:
    """What the seats showed: each entry one constraint with its source. A seat may have several
    (an opening and a rebid); :meth:`of_seat` meets them."""

    entries: tuple[ShownConstraint, ...] = field(default=())

    def of_seat(self, seat: Seat) -> Constraint:
        out = Constraint()
        for entry in self.entries:
            if entry.seat is seat:
                out = out.meet(entry.constraint)
        return out

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats with a constraint, in seat order."""
        return tuple(sorted({e.seat for e in self.entries}, key=lambda s: s.index))

    def __bool__(self) -> bool:
        return bool(self.entries)

    def to_json(self) -> dict[str, dict[str, list[int]]]:
        """``{"E": {"hcp": [6, 10], "S": [7, 8]}}``: each seat's constraints met."""
        return {seat.value: self.of_seat(seat).to_json() for seat in self.seats}

    @classmethod
    def from_json(cls, data: Mapping[str, object], source: str = "director") -> Shown:
        entries = []
        for key, value in data.items():
            seat = _seat(key)
            if not isinstance(value, Mapping):
                raise ValueError(f"shown {key}: expected an object such as {{\"hcp\": [6, 10]}}")
            try:
                entries.append(ShownConstraint(seat, Constraint.from_json(value), source))
            except ValueError as exc:
                raise ValueError(f"shown {key}: {exc}") from None
        return cls(tuple(entries))

    @classmethod
    def from_text(cls, text: str, source: str = "director") -> Shown:
        """``"E: S 7-8, HCP 6-10; W: HCP 0-11"``: seats separated by ``;``."""
        entries = []
        for part in filter(None, (p.strip() for p in text.split(";"))):
            head, sep, body = part.partition(":")
            if not sep:
                raise ValueError(f"not a seat's constraint: {part!r} (expected e.g. 'E: S 7-8, HCP 6-10')")
            seat = _seat(head)
            try:
                entries.append(ShownConstraint(seat, Constraint.from_text(body), source))
            except ValueError as exc:
                raise ValueError(f"shown {seat.value}: {exc}") from None
        return cls(tuple(entries))

    def to_text(self) -> str:
        """The inverse of :meth:`from_text` (each seat's constraints met)."""
        return "; ".join(f"{seat.value}: {_compact(self.of_seat(seat))}" for seat in self.seats)


def _seat(text: str) -> Seat:
    try:
        return Seat(text.strip().upper())
    except ValueError:
        raise ValueError(f"unknown seat {text!r} (expected N, E, S or W)") from None


def _compact(constraint: Constraint) -> str:
    items = [f"{suit.letter} {r[0]}-{r[1]}" for suit in Suit
             if not _covers(r := constraint.length(suit), ANY_LENGTH)]
    if not _covers(constraint.hcp, ANY_HCP):
        items.append(f"HCP {constraint.hcp[0]}-{constraint.hcp[1]}")
    return ", ".join(items)


def _covers(r: Range, whole: Range) -> bool:
    return r[0] <= whole[0] and r[1] >= whole[1]


def _within(n: int, r: Range) -> bool:
    return r[0] <= n <= r[1]


def _less(r: Range, n: int) -> Range:
    return (max(0, r[0] - n), r[1] - n)


def _meet(a: Range, b: Range) -> Range:
    return (max(a[0], b[0]), min(a[1], b[1]))


def _range_text(r: Range, top: int) -> str:
    lo, hi = r
    if lo == hi:
        return str(lo)
    if hi >= top:
        return f"{lo}+"
    if lo <= 0:
        return f"0-{hi}"
    return f"{lo}-{hi}"


def _text_range(text: str, top: int) -> Range:
    """``7-8``, ``7+``, ``-10`` or ``7`` as a range within 0-``top``; a ``ValueError`` when it
    goes past ``top`` or runs backwards (``9-7``)."""
    text = text.replace(" ", "")
    if text.endswith("+"):
        bounds = (int(text[:-1]), top)
    elif text.startswith("-"):
        bounds = (0, int(text[1:]))
    elif "-" in text:
        lo, hi = text.split("-")
        bounds = (int(lo), int(hi))
    else:
        bounds = (int(text), int(text))
    if max(bounds) > top:
        raise ValueError(f"range {text!r} is not within 0-{top}")
    if bounds[0] > bounds[1]:
        raise ValueError(f"range {text!r} runs backwards (low above high): write "
                         f"{bounds[1]}-{bounds[0]}")
    return bounds


def _json_range(key: str, value: object, top: int) -> Range:
    """``[low, high]`` as a range within 0-``top``; a ``ValueError`` naming ``key`` when it is
    not two integers, goes outside 0-``top`` or runs backwards (``[10, 6]``)."""
    if (not isinstance(value, list | tuple) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise ValueError(f"{key}: expected [low, high], got {value!r}")
    lo, hi = int(value[0]), int(value[1])
    if not (0 <= lo <= top and 0 <= hi <= top):
        raise ValueError(f"{key}: range [{lo}, {hi}] is not within 0-{top}")
    if lo > hi:
        raise ValueError(f"{key}: range [{lo}, {hi}] runs backwards (low above high): write "
                         f"[{hi}, {lo}]")
    return (lo, hi)

"""Suits, strains, ranks and cards.

A card is an immutable value with an exact text round trip::

    >>> Card.from_str("s10")
    Card.from_str('ST')
    >>> str(Card.from_str("HA"))
    'HA'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from functools import lru_cache


class Suit(enum.Enum):
    """The four suits, in bridge order (spades highest)."""

    # Members are singletons compared by identity: hash them by identity too, in C (Enum's own
    # hash calls Python code, and cards are hashed millions of times by the solvers and caches).
    __hash__ = object.__hash__

    SPADES = "S"
    """Spades."""
    HEARTS = "H"
    """Hearts."""
    DIAMONDS = "D"
    """Diamonds."""
    CLUBS = "C"
    """Clubs."""

    @property
    def letter(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def order(self) -> int:
        """0 for spades to 3 for clubs (the order of PBN hands)."""
        return _SUIT_ORDER[self]

    @classmethod
    def from_str(cls, text: str) -> Suit:
        try:
            return cls(text.strip().upper())
        except ValueError:
            raise ValueError(f"unknown suit {text!r} (expected S, H, D or C)") from None

    def __str__(self) -> str:
        return self.value


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_ORDER = {suit: i for i, suit in enumerate(Suit)}


class Strain(enum.Enum):
    """A contract's strain: one of the four suits as trumps, or no trump."""

    SPADES = "S"
    """Spades are trumps."""
    HEARTS = "H"
    """Hearts are trumps."""
    DIAMONDS = "D"
    """Diamonds are trumps."""
    CLUBS = "C"
    """Clubs are trumps."""
    NOTRUMP = "N"
    """No trump."""

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or ``None`` at no trump."""
        return None if self is Strain.NOTRUMP else Suit(self.value)

    @classmethod
    def from_str(cls, text: str) -> Strain:
        key = text.strip().upper()
        if key == "NT":
            key = "N"
        try:
            return cls(key)
        except ValueError:
            raise ValueError(f"unknown strain {text!r} (expected S, H, D, C or N)") from None

    def __str__(self) -> str:
        return self.value


class Rank(enum.IntEnum):
    """Card ranks, two (2) to ace (14)."""

    __hash__ = int.__hash__  # as the int it equals, in C (see Suit)

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return _RANK_LETTERS[self.value - 2]

    @classmethod
    def from_str(cls, text: str) -> Rank:
        key = text.strip().upper()
        if key == "10":
            key = "T"
        index = _RANK_LETTERS.find(key) if len(key) == 1 else -1
        if index < 0:
            raise ValueError(f"unknown rank {text!r} (expected 2-9, T or 10, J, Q, K, A)")
        return cls(index + 2)

    def __str__(self) -> str:
        return self.letter


_RANK_LETTERS = "23456789TJQKA"


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card: suit and rank. Compare with ``==``; sort with :meth:`sort_key`."""

    suit: Suit
    rank: Rank
    _hash: int = field(init=False, repr=False, compare=False)
    """The hash of ``(suit, rank)``, taken once: cards are hashed millions of times by the
    solvers and caches (the same value as the dataclass's own hash, so sets keep their order)."""
    _text: str = field(init=False, repr=False, compare=False)
    """The card's text, written once (the memo keys of the decisions spell their cards)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.suit, self.rank)))
        object.__setattr__(self, "_text", self.suit.value + _RANK_LETTERS[self.rank - 2])

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[type[Card], tuple[Suit, Rank]]:
        # rebuilt from its suit and rank: the hash is taken again where it is unpickled (a
        # suit's hash is its identity, which differs from process to process)
        return (Card, (self.suit, self.rank))

    @classmethod
    def from_str(cls, text: str) -> Card:
        """Parse ``SA``, ``ht``, ``D10``: suit letter then rank (``10`` means ``T``)."""
        return _card_from_str(text.strip().upper())

    def sort_key(self) -> tuple[int, int]:
        """Spades first, then each suit from the ace down."""
        return (self.suit.order, -self.rank)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.from_str({self._text!r})"


@lru_cache(maxsize=512)  # bounded: input text may spell a card in endless ways ("S  A")
def _card_from_str(text: str) -> Card:
    if len(text) < 2:
        raise ValueError(f"not a card: {text!r} (expected suit then rank, e.g. SA, HT, D10)")
    try:
        suit = Suit.from_str(text[0])
        rank = Rank.from_str(text[1:])
    except ValueError:
        raise ValueError(f"not a card: {text!r} (expected suit then rank, e.g. SA, HT, D10)") from None
    return Card(suit, rank)


ALL_CARDS: tuple[Card, ...] = tuple(Card(suit, rank) for suit in Suit for rank in reversed(Rank))
"""The 52 cards, spades first, each suit from the ace down."""


def format_cards(cards: object) -> str:
    """``"SA SK H2"``: cards in bridge order, separated by spaces."""
    return " ".join(str(c) for c in sorted(cards, key=Card.sort_key))  # type: ignore[call-overload]

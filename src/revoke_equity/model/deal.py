"""The deal: four hands of 13 distinct cards, immutable and validated on construction."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from revoke_equity.errors import CaseError
from revoke_equity.model.cards import Card, Rank, Suit
from revoke_equity.model.seats import SEATS, Seat


@dataclass(frozen=True)
class Deal:
    """Four hands, indexed by :class:`Seat`. Build with :meth:`from_pbn` or :meth:`from_hands`."""

    hands: tuple[frozenset[Card], frozenset[Card], frozenset[Card], frozenset[Card]]

    def __post_init__(self) -> None:
        seen: dict[Card, Seat] = {}
        for seat in SEATS:
            hand = self.hands[seat.index]
            if len(hand) != 13:
                raise CaseError(f"{seat.name_long} holds {len(hand)} cards, not 13", seat=str(seat))
            for card in hand:
                if card in seen:
                    raise CaseError(
                        f"{card} is dealt to both {seen[card].name_long} and {seat.name_long}",
                        seat=str(seat),
                        card=str(card),
                    )
                seen[card] = seat

    @classmethod
    def from_hands(cls, hands: Mapping[Seat, Iterable[Card]]) -> Deal:
        """Build from a mapping seat -> cards; a card listed twice in one hand is an error."""
        built = []
        for seat in SEATS:
            cards = list(hands.get(seat, ()))
            unique = frozenset(cards)
            if len(unique) != len(cards):
                dup = next(c for c in cards if cards.count(c) > 1)
                raise CaseError(
                    f"{dup} appears twice in {seat.name_long}'s hand", seat=str(seat), card=str(dup)
                )
            built.append(unique)
        return cls((built[0], built[1], built[2], built[3]))

    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """Parse a PBN deal string ``"N:AKQ2.KQ2.A32.AK2 ..."`` (hands clockwise from ``first``).

        A ``-`` hand (unknown) is not accepted, and is named: a ruling needs all four hands
        (when one is ``-``, the error gives the 13 cards the other three leave over).
        """
        text = text.strip()
        if len(text) < 2 or text[1] != ":":
            raise CaseError(f"deal {text!r} does not start with a seat and a colon (e.g. 'N:')")
        try:
            first = Seat.from_str(text[0])
        except ValueError as exc:
            raise CaseError(f"deal {text!r}: {exc}") from None
        hand_texts = text[2:].split()
        unknown = [first.after(offset) for offset, hand in enumerate(hand_texts[:4]) if hand == "-"]
        if unknown:
            raise _unknown_hands(unknown, [(first.after(offset), hand) for offset, hand
                                           in enumerate(hand_texts) if hand != "-"])
        if len(hand_texts) != 4:
            raise CaseError(f"deal {text!r} has {len(hand_texts)} hands, not 4")
        return cls.from_hands({first.after(offset): _hand_from_pbn(hand_text, first.after(offset))
                               for offset, hand_text in enumerate(hand_texts)})

    def hand(self, seat: Seat) -> frozenset[Card]:
        return self.hands[seat.index]

    def holder(self, card: Card) -> Seat:
        """The seat that was dealt ``card``."""
        for seat in SEATS:
            if card in self.hands[seat.index]:
                return seat
        raise AssertionError("a valid deal holds every card")  # pragma: no cover

    def to_pbn(self, first: Seat = Seat.N) -> str:
        """The PBN deal string, hands clockwise from ``first``."""
        return f"{first}:" + " ".join(
            hand_to_pbn(self.hands[first.after(i).index]) for i in range(4)
        )

    def __str__(self) -> str:
        return self.to_pbn()


def _hand_from_pbn(hand_text: str, seat: Seat) -> list[Card]:
    """The cards of one PBN hand ``AKQ2.KQ2.A32.AK2`` of ``seat`` (a :class:`CaseError` naming
    the seat when it cannot be read)."""
    suits = hand_text.split(".")
    if len(suits) != 4:
        raise CaseError(
            f"hand {hand_text!r} has {len(suits)} suits, not 4 (spades.hearts.diamonds.clubs)",
            seat=str(seat),
        )
    cards: list[Card] = []
    for suit, holding in zip(Suit, suits, strict=True):
        for letter in holding.upper().replace("10", "T"):
            try:
                cards.append(Card(suit, Rank.from_str(letter)))
            except ValueError:
                raise CaseError(
                    f"{letter!r} is not a rank in {suit.name.lower()} of {hand_text!r}",
                    seat=str(seat),
                ) from None
    return cards


def _unknown_hands(unknown: list[Seat], known: list[tuple[Seat, str]]) -> CaseError:
    """The error for hands given as ``-``: the seats named, and when one is, the 13 cards the
    other three (``known``) leave over."""
    names = " and ".join(seat.name_long for seat in unknown)
    whose = f"{names}'s hand is" if len(unknown) == 1 else f"the hands of {names} are"
    message = f"{whose} '-' (not given): a revoke ruling needs all four hands"
    left = _left_over(known) if len(unknown) == 1 else None
    if left is not None:
        message += f"; the cards the other three do not hold are {left}"
    return CaseError(message, seat=str(unknown[0]) if len(unknown) == 1 else None)


def _left_over(known: list[tuple[Seat, str]]) -> str | None:
    """The PBN hand of the 13 cards that three hands of 13 distinct cards leave over, else
    ``None``."""
    if len(known) != 3:
        return None
    dealt: set[Card] = set()
    for seat, hand_text in known:
        try:
            cards = _hand_from_pbn(hand_text, seat)
        except CaseError:
            return None
        if len(cards) != 13 or len(set(cards)) != 13 or dealt & set(cards):
            return None
        dealt |= set(cards)
    return hand_to_pbn(Card(suit, rank) for suit in Suit for rank in Rank
                       if Card(suit, rank) not in dealt)


def hand_to_pbn(cards: Iterable[Card]) -> str:
    """``AKQ2.KQ2.A32.AK2``: one hand in PBN form (``T`` for ten)."""
    by_suit: dict[Suit, list[Card]] = {suit: [] for suit in Suit}
    for card in cards:
        by_suit[card.suit].append(card)
    return ".".join(
        "".join(c.rank.letter for c in sorted(by_suit[suit], key=lambda c: -c.rank))
        for suit in Suit
    )

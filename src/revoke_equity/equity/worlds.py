"""The layouts a player can imagine: the cards he cannot see, dealt to the hands he cannot see.

A player sees his own hand, dummy's (once the opening lead is faced) and every card played; he also
knows the voids that show-outs revealed. The unseen cards can lie in any way that respects the
unseen hands' sizes and those voids. :class:`Layouts` counts them exactly, suit by suit, draws them
uniformly, or lists them all when there are few.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property

from revoke_equity.model.cards import Card, Suit
from revoke_equity.model.seats import Seat

Hands = dict[Seat, frozenset[Card]]


@dataclass(frozen=True)
class Layouts:
    """The deals of ``cards`` to ``sizes`` (seat -> cards held) with no card of a suit going to a
    seat that showed out of it (``voids``)."""

    cards: frozenset[Card]
    sizes: tuple[tuple[Seat, int], ...]
    voids: frozenset[tuple[Seat, Suit]]

    @classmethod
    def of(cls, cards: frozenset[Card], sizes: Mapping[Seat, int],
           voids: frozenset[tuple[Seat, Suit]]) -> Layouts:
        """The layouts, dropping the voids if no layout respects them (a show-out that was a
        revoke: the cards say otherwise)."""
        seats = tuple(sorted(sizes.items(), key=lambda item: item[0].index))
        relevant = frozenset(v for v in voids if v[0] in sizes)
        layouts = cls(cards, seats, relevant)
        if relevant and layouts.count == 0:
            return cls(cards, seats, frozenset())
        return layouts

    @cached_property
    def _suits(self) -> tuple[tuple[Card, ...], ...]:
        by_suit = {suit: sorted((c for c in self.cards if c.suit is suit), key=Card.sort_key)
                   for suit in Suit}
        return tuple(tuple(cards) for cards in by_suit.values() if cards)

    def _allowed(self, suit: Suit) -> tuple[int, ...]:
        return tuple(i for i, (seat, _) in enumerate(self.sizes) if (seat, suit) not in self.voids)

    def _splits(self, index: int, caps: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        """Ways to share the cards of suit ``index`` among the seats (counts per seat)."""
        n = len(self._suits[index])
        allowed = self._allowed(self._suits[index][0].suit)
        yield from _compositions(n, [caps[i] if i in allowed else 0 for i in range(len(caps))])

    def _ways(self, index: int, caps: tuple[int, ...], memo: dict[tuple[int, tuple[int, ...]], int]
              ) -> int:
        if index == len(self._suits):
            return 1 if not any(caps) else 0
        key = (index, caps)
        if key not in memo:
            n = len(self._suits[index])
            total = 0
            for split in self._splits(index, caps):
                rest = tuple(c - k for c, k in zip(caps, split, strict=True))
                total += _multinomial(n, split) * self._ways(index + 1, rest, memo)
            memo[key] = total
        return memo[key]

    @cached_property
    def _memo(self) -> dict[tuple[int, tuple[int, ...]], int]:
        return {}

    @property
    def count(self) -> int:
        """How many layouts there are."""
        if sum(size for _, size in self.sizes) != len(self.cards):
            return 0
        return self._ways(0, tuple(size for _, size in self.sizes), self._memo)

    def _options(self, index: int, caps: tuple[int, ...]
                 ) -> list[tuple[tuple[int, ...], tuple[int, ...], int]]:
        """The splits of suit ``index`` that lead to some layout, each with the rest of the
        capacities and its number of layouts (memoised: every draw walks the same tree)."""
        key = (index, caps)
        options = self._option_memo.get(key)
        if options is None:
            n = len(self._suits[index])
            options = []
            for split in self._splits(index, caps):
                rest = tuple(c - k for c, k in zip(caps, split, strict=True))
                weight = _multinomial(n, split) * self._ways(index + 1, rest, self._memo)
                if weight:
                    options.append((split, rest, weight))
            self._option_memo[key] = options
        return options

    @cached_property
    def _option_memo(self) -> dict[tuple[int, tuple[int, ...]],
                                   list[tuple[tuple[int, ...], tuple[int, ...], int]]]:
        return {}

    def sample(self, rng: random.Random) -> Hands:
        """One layout, uniformly at random."""
        caps = tuple(size for _, size in self.sizes)
        hands: list[list[Card]] = [[] for _ in self.sizes]
        for index, cards in enumerate(self._suits):
            split, rest = _weighted_pick(self._options(index, caps), rng)
            shuffled = list(cards)
            rng.shuffle(shuffled)
            start = 0
            for i, k in enumerate(split):
                hands[i] += shuffled[start:start + k]
                start += k
            caps = rest
        return {seat: frozenset(hand) for (seat, _), hand in zip(self.sizes, hands, strict=True)}

    def all(self) -> list[Hands]:
        """Every layout (meant for a small :attr:`count`), in a fixed order."""
        out: list[Hands] = []

        def walk(index: int, caps: tuple[int, ...], hands: list[tuple[Card, ...]]) -> None:
            if index == len(self._suits):
                if not any(caps):
                    out.append({seat: frozenset(h) for (seat, _), h in
                                zip(self.sizes, hands, strict=True)})
                return
            cards = self._suits[index]
            for split in self._splits(index, caps):
                rest = tuple(c - k for c, k in zip(caps, split, strict=True))
                if self._ways(index + 1, rest, self._memo) == 0:
                    continue
                for parts in _partitions(cards, split):
                    walk(index + 1, rest, [h + p for h, p in zip(hands, parts, strict=True)])

        walk(0, tuple(size for _, size in self.sizes), [() for _ in self.sizes])
        return out

    def choose(self, limit: int, rng: random.Random) -> list[Hands]:
        """All layouts when there are at most ``limit``, else ``limit`` drawn uniformly."""
        if self.count <= limit:
            return self.all()
        return [self.sample(rng) for _ in range(limit)]


def _weighted_pick(options: list[tuple[tuple[int, ...], tuple[int, ...], int]],
                   rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """One ``(split, rest)`` of ``options``, with probability proportional to its weight."""
    pick = rng.randrange(sum(w for _, _, w in options))
    for split, rest, weight in options:
        if pick < weight:
            return split, rest
        pick -= weight
    raise AssertionError("unreachable: pick is below the total weight")


def _compositions(n: int, caps: list[int]) -> Iterator[tuple[int, ...]]:
    """Tuples of non-negative counts, each within its cap, summing to ``n``."""
    if len(caps) == 1:
        if n <= caps[0]:
            yield (n,)
        return
    for first in range(min(n, caps[0]) + 1):
        for rest in _compositions(n - first, caps[1:]):
            yield (first, *rest)


def _multinomial(n: int, parts: tuple[int, ...]) -> int:
    out = math.factorial(n)
    for k in parts:
        out //= math.factorial(k)
    return out


def _partitions(cards: tuple[Card, ...], split: tuple[int, ...]) -> Iterator[tuple[tuple[Card, ...], ...]]:
    """Every way to give ``split[i]`` of ``cards`` to seat ``i``."""
    if len(split) == 1:
        yield (cards,)
        return
    for first in itertools.combinations(cards, split[0]):
        rest = tuple(c for c in cards if c not in first)
        for others in _partitions(rest, split[1:]):
            yield (first, *others)

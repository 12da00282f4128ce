"""The layouts a player can imagine: counted, listed and drawn against a brute-force enumeration."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from revoke_equity.equity.worlds import Layouts
from revoke_equity.model import Card, Seat, Suit


def cards(text: str) -> frozenset[Card]:
    return frozenset(Card.from_str(c) for c in text.split())


def brute_force(pool: frozenset[Card], sizes: dict[Seat, int],
                voids: frozenset[tuple[Seat, Suit]]) -> list[dict[Seat, frozenset[Card]]]:
    """Every deal of ``pool`` to ``sizes`` respecting ``voids``, by trying every assignment."""
    seats = sorted(sizes, key=lambda s: s.index)
    out = []
    for assignment in itertools.product(seats, repeat=len(pool)):
        hands: dict[Seat, set[Card]] = {s: set() for s in seats}
        for card, seat in zip(sorted(pool, key=Card.sort_key), assignment, strict=True):
            hands[seat].add(card)
        if all(len(hands[s]) == sizes[s] for s in seats) and not any(
                (s, c.suit) in voids for s in seats for c in hands[s]):
            out.append({s: frozenset(h) for s, h in hands.items()})
    return out


CASES = [
    pytest.param(cards("SA SK S2 H3 D4 C5"), {Seat.E: 3, Seat.W: 3}, frozenset(), id="two-hands"),
    pytest.param(cards("SA SK S2 H3 D4 C5"), {Seat.E: 3, Seat.W: 3},
                 frozenset({(Seat.E, Suit.SPADES)}), id="east-void-in-spades"),
    pytest.param(cards("SA SK S2 H3 D4 C5 C6"), {Seat.N: 2, Seat.E: 3, Seat.W: 2},
                 frozenset({(Seat.W, Suit.CLUBS), (Seat.N, Suit.SPADES)}), id="three-hands"),
    # a suit shared by three hands, one card each possible
    pytest.param(cards("SA SK SQ H2"), {Seat.N: 1, Seat.E: 2, Seat.W: 1}, frozenset(),
                 id="three-hands-one-suit"),
    pytest.param(cards("SA SK S2 S3 H4"), {Seat.E: 1, Seat.W: 4},
                 frozenset({(Seat.W, Suit.SPADES)}), id="impossible-void-dropped"),
    # one spade each leaves E (void in hearts) a place W cannot fill: the one layout gives E both
    pytest.param(cards("SA SK H2"), {Seat.E: 2, Seat.W: 1},
                 frozenset({(Seat.E, Suit.HEARTS)}), id="a-dead-end-before-the-layout"),
]


@pytest.mark.parametrize(("pool", "sizes", "voids"), CASES)
def test_count_and_listing_agree_with_brute_force(pool: frozenset[Card], sizes: dict[Seat, int],
                                                   voids: frozenset[tuple[Seat, Suit]]) -> None:
    layouts = Layouts.of(pool, sizes, voids)
    expected = brute_force(pool, sizes, layouts.voids)
    assert layouts.count == len(expected) > 0
    listed = layouts.all()
    assert sorted(map(_key, listed)) == sorted(map(_key, expected))


def test_a_void_no_layout_respects_is_dropped() -> None:
    """West showed out of spades (a revoke) but four spades are unseen and East holds one card."""
    layouts = Layouts.of(cards("SA SK S2 S3 H4"), {Seat.E: 1, Seat.W: 4},
                         frozenset({(Seat.W, Suit.SPADES)}))
    assert layouts.voids == frozenset()


@pytest.mark.parametrize(("pool", "sizes", "voids"), CASES[:4])
def test_samples_are_uniform_and_respect_voids(pool: frozenset[Card], sizes: dict[Seat, int],
                                               voids: frozenset[tuple[Seat, Suit]]) -> None:
    layouts = Layouts.of(pool, sizes, voids)
    rng = random.Random(7)
    draws = 300 * layouts.count
    seen = Counter(_key(layouts.sample(rng)) for _ in range(draws))
    assert set(seen) == {_key(x) for x in brute_force(pool, sizes, voids)}
    # Each layout is drawn 300 times on average; a 5-sigma band for a binomial count.
    sigma = (300 * (1 - 1 / layouts.count)) ** 0.5
    assert all(abs(n - 300) <= 5 * sigma for n in seen.values())


def test_choose_lists_all_when_few_and_draws_otherwise() -> None:
    layouts = Layouts.of(cards("SA SK S2 H3 D4 C5"), {Seat.E: 3, Seat.W: 3}, frozenset())
    assert layouts.count == 20
    every = sorted(map(_key, brute_force(layouts.cards, {Seat.E: 3, Seat.W: 3}, frozenset())))
    # as many layouts as the limit: all of them, each once (a draw of 20 would repeat some)
    assert sorted(map(_key, layouts.choose(20, random.Random(1)))) == every
    assert sorted(map(_key, layouts.choose(21, random.Random(1)))) == every
    drawn = layouts.choose(8, random.Random(1))
    assert len(drawn) == 8 and drawn == layouts.choose(8, random.Random(1))  # seeded


def _key(hands: dict[Seat, frozenset[Card]]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(sorted(map(str, hands[s]))) for s in sorted(hands, key=lambda s: s.index))

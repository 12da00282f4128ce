"""Layouts under what the seats showed: counted, listed and drawn against a brute-force enumeration
that filters every layout by the constraints; the conversion of a constraint on thirteen cards into
one on the cards still to deal."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from revoke_equity.equity.worlds import Layouts
from revoke_equity.model import Card, Seat, Suit
from revoke_equity.model.shown import Constraint, Shown, points


def cards(text: str) -> frozenset[Card]:
    return frozenset(Card.from_str(c) for c in text.split())


def brute_force(pool: frozenset[Card], sizes: dict[Seat, int], voids: frozenset[tuple[Seat, Suit]],
                limits: dict[Seat, Constraint]) -> list[dict[Seat, frozenset[Card]]]:
    """Every deal of ``pool`` to ``sizes`` respecting ``voids`` and ``limits``, by trying every
    assignment of a seat to each card and counting points and lengths directly."""
    seats = sorted(sizes, key=lambda s: s.index)
    out = []
    for assignment in itertools.product(seats, repeat=len(pool)):
        hands: dict[Seat, list[Card]] = {s: [] for s in seats}
        for card, seat in zip(sorted(pool, key=Card.sort_key), assignment, strict=True):
            hands[seat].append(card)
        if any(len(hands[s]) != sizes[s] for s in seats):
            continue
        if any((s, c.suit) in voids for s in seats for c in hands[s]):
            continue
        ok = True
        for seat, limit in limits.items():
            hcp = sum({14: 4, 13: 3, 12: 2, 11: 1}.get(int(c.rank), 0) for c in hands[seat])
            if not limit.hcp[0] <= hcp <= limit.hcp[1]:
                ok = False
            for suit in Suit:
                lo, hi = limit.length(suit)
                if not lo <= sum(1 for c in hands[seat] if c.suit is suit) <= hi:
                    ok = False
        if ok:
            out.append({s: frozenset(h) for s, h in hands.items()})
    return out


def _key(hands: dict[Seat, frozenset[Card]]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    return tuple(sorted((s.value, tuple(sorted(map(str, h)))) for s, h in hands.items()))


POOL = cards("SA SK SQ S2 S3 HA HJ H4 DK D5")
CASES = [
    pytest.param(POOL, {Seat.E: 5, Seat.W: 5}, frozenset(), {Seat.E: Constraint.of(hcp=(8, 11))},
                 id="points-only"),
    pytest.param(POOL, {Seat.E: 5, Seat.W: 5}, frozenset(), {Seat.E: Constraint.of(S=(3, 4))},
                 id="a-suit-length"),
    pytest.param(POOL, {Seat.E: 5, Seat.W: 5}, frozenset(),
                 {Seat.E: Constraint.of(hcp=(5, 9), S=(3, 5)), Seat.W: Constraint.of(hcp=(6, 13))},
                 id="points-and-lengths-together"),
    pytest.param(POOL, {Seat.N: 3, Seat.E: 4, Seat.W: 3}, frozenset({(Seat.W, Suit.HEARTS)}),
                 {Seat.E: Constraint.of(hcp=(0, 5), H=(1, 2)), Seat.N: Constraint.of(D=(1, 1))},
                 id="three-hands-with-a-void"),
    # North and West have neither a constraint nor a void: they share a slot, split afterwards
    pytest.param(cards("SA SK S2 HQ D4 C5 C6"), {Seat.N: 2, Seat.E: 3, Seat.W: 2}, frozenset(),
                 {Seat.E: Constraint.of(hcp=(3, 5), S=(1, 2))}, id="two-hands-alike"),
    pytest.param(cards("SA SK S2 H3 D4 C5 C6 C7"), {Seat.E: 4, Seat.W: 4}, frozenset(),
                 {Seat.W: Constraint.of(hcp=(0, 0), C=(2, 3), D=(0, 0))},
                 id="no-points-and-a-suit-it-cannot-hold"),
    pytest.param(POOL, {Seat.E: 5, Seat.W: 5}, frozenset({(Seat.E, Suit.HEARTS)}),
                 {Seat.E: Constraint.of(hcp=(6, 12), H=(0, 2), S=(2, 4))},
                 id="a-void-and-a-constraint-of-the-same-seat"),
]


@pytest.mark.parametrize(("pool", "sizes", "voids", "limits"), CASES)
def test_count_and_listing_agree_with_brute_force(pool: frozenset[Card], sizes: dict[Seat, int],
                                                   voids: frozenset[tuple[Seat, Suit]],
                                                   limits: dict[Seat, Constraint]) -> None:
    layouts = Layouts.of(pool, sizes, voids, limits)
    expected = brute_force(pool, sizes, voids, limits)
    assert layouts.dropped == ()
    assert 0 < layouts.count == len(expected) < len(brute_force(pool, sizes, voids, {}))
    assert sorted(map(_key, layouts.all())) == sorted(map(_key, expected))


@pytest.mark.parametrize(("pool", "sizes", "voids", "limits"), CASES)
def test_draws_are_uniform_over_the_layouts_that_satisfy_the_constraints(
        pool: frozenset[Card], sizes: dict[Seat, int], voids: frozenset[tuple[Seat, Suit]],
        limits: dict[Seat, Constraint]) -> None:
    layouts = Layouts.of(pool, sizes, voids, limits)
    expected = {_key(x) for x in brute_force(pool, sizes, voids, limits)}
    rng = random.Random(11)
    per = 200
    seen = Counter(_key(layouts.sample(rng)) for _ in range(per * len(expected)))
    assert set(seen) == expected
    # Pearson's chi-square against the uniform law: with k - 1 degrees of freedom its mean is
    # k - 1 and its standard deviation sqrt(2 (k - 1)); six standard deviations above the mean.
    k = len(expected)
    chi2 = sum((n - per) ** 2 / per for n in seen.values())
    assert chi2 <= (k - 1) + 6 * (2 * (k - 1)) ** 0.5


def test_a_constraint_no_layout_satisfies_is_dropped_and_reported() -> None:
    """East must hold 18+ points, but only 17 are unseen: East's constraint goes, West's stays."""
    limits = {Seat.E: Constraint.of(hcp=(18, 20)), Seat.W: Constraint.of(S=(3, 5))}
    layouts = Layouts.of(POOL, {Seat.E: 5, Seat.W: 5}, frozenset(), limits)
    assert layouts.dropped == (Seat.E,)
    assert dict(layouts.limits) == {Seat.W: limits[Seat.W]}
    assert layouts.count == len(brute_force(POOL, {Seat.E: 5, Seat.W: 5}, frozenset(),
                                            {Seat.W: limits[Seat.W]}))


def test_a_constraint_a_void_contradicts_is_dropped_not_the_void() -> None:
    """East showed out of hearts (a revoke, say) but his constraint wants a heart: no layout has
    both, so the constraint goes and the void stays."""
    voids = frozenset({(Seat.E, Suit.HEARTS)})
    layouts = Layouts.of(POOL, {Seat.E: 5, Seat.W: 5}, voids, {Seat.E: Constraint.of(H=(1, 3))})
    assert layouts.dropped == (Seat.E,)
    assert layouts.count == len(brute_force(POOL, {Seat.E: 5, Seat.W: 5}, voids, {}))
    assert all(not any(c.suit is Suit.HEARTS for c in h[Seat.E]) for h in layouts.all())


def test_constraints_that_clash_keep_the_first_seat_s() -> None:
    """Each seat's constraint alone can be met, not both: five spades are unseen and each seat
    must hold three or more. The first seat's is kept."""
    limits = {Seat.E: Constraint.of(S=(3, 5)), Seat.W: Constraint.of(S=(3, 5))}
    layouts = Layouts.of(POOL, {Seat.E: 5, Seat.W: 5}, frozenset(), limits)
    assert layouts.dropped == (Seat.W,)
    assert all(sum(1 for c in h[Seat.E] if c.suit is Suit.SPADES) >= 3 for h in layouts.all())


def test_without_constraints_the_draws_are_those_of_the_voids_alone() -> None:
    pool = cards("SA SK S2 H3 D4 C5 C6")
    sizes = {Seat.N: 2, Seat.E: 3, Seat.W: 2}
    voids = frozenset({(Seat.W, Suit.CLUBS)})
    plain = Layouts.of(pool, sizes, voids)
    for limits in (None, {}, {Seat.E: Constraint()}, {Seat.S: Constraint.of(hcp=(0, 3))}):
        other = Layouts.of(pool, sizes, voids, limits)
        assert other == plain
        a, b = random.Random(5), random.Random(5)
        assert [plain.sample(a) for _ in range(20)] == [other.sample(b) for _ in range(20)]


def test_a_full_deal_under_constraints_is_counted_exactly() -> None:
    """Two hands of thirteen from 26 cards: the count equals the number of East hands that meet
    East's constraint and leave West's, summed over the suit lengths and honours (an independent
    count by combinations of each suit)."""
    pool = cards("SA SK SQ SJ ST S9 S8 HA HK H7 H6 H5 H4 DQ DJ D3 D2 CA CK CQ C9 C8 C7 C6 C5 C4")
    limits = {Seat.E: Constraint.of(hcp=(6, 10), S=(5, 7))}
    layouts = Layouts.of(pool, {Seat.E: 13, Seat.W: 13}, frozenset(), limits)
    by_suit = {suit: [c for c in pool if c.suit is suit] for suit in Suit}
    # East's hand as a choice of a subset in each suit: count subsets by (size, points) per suit.
    tables = []
    for suit in Suit:
        table: Counter[tuple[int, int]] = Counter()
        for k in range(len(by_suit[suit]) + 1):
            for part in itertools.combinations(by_suit[suit], k):
                table[(k, points(part))] += 1
        tables.append(table)
    expected = 0
    for combo in itertools.product(*(t.items() for t in tables)):
        size = sum(k for (k, _), _ in combo)
        hcp = sum(p for (_, p), _ in combo)
        spades = combo[0][0][0]
        if size == 13 and 6 <= hcp <= 10 and 5 <= spades <= 7:
            ways = 1
            for _, n in combo:
                ways *= n
            expected += ways
    assert layouts.count == expected
    rng = random.Random(2)
    for _ in range(50):
        hands = layouts.sample(rng)
        assert limits[Seat.E].holds(hands[Seat.E]) and len(hands[Seat.W]) == 13


def test_after_subtracts_the_known_cards() -> None:
    """East showed 6-10 points and 7-8 spades; he has played the SK and the H2: his remaining
    cards hold 3-7 points and 6-7 spades, and no more of what was unbounded."""
    shown = Constraint.of(hcp=(6, 10), S=(7, 8))
    rest = shown.after(cards("SK H2"))
    assert rest == Constraint.of(hcp=(3, 7), S=(6, 7), H=(0, 12), D=(0, 13), C=(0, 13))
    assert shown.after(cards("SA SK SQ")).hcp == (0, 1)
    # more known than the maximum: an empty range, no layout satisfies it
    assert shown.after(cards("SA SK SQ HA")).is_empty


def test_the_text_and_json_forms_round_trip() -> None:
    shown = Shown.from_text("E: S 7-8, HCP 6-10; W: hcp 0-11; N: H 5+")
    assert shown.to_json() == {"N": {"H": [5, 13]}, "E": {"hcp": [6, 10], "S": [7, 8]},
                               "W": {"hcp": [0, 11]}}
    assert Shown.from_json(shown.to_json()).to_json() == shown.to_json()
    assert Shown.from_text(shown.to_text()).to_json() == shown.to_json()
    assert str(shown.of_seat(Seat.E)) == "7-8 spades, 6-10 HCP"
    assert str(shown.of_seat(Seat.N)) == "5+ hearts"


@pytest.mark.parametrize("text", ["E S 7-8", "E: S 9-7", "X: HCP 6", "E: Z 3", "E: HCP 40"])
def test_bad_shown_text_is_refused_with_its_item(text: str) -> None:
    with pytest.raises(ValueError):
        Shown.from_text(text)

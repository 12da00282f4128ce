"""The constrained layouts counted with numpy tables (``_Tabulated``) against the same programme
counted state by state (``_Constrained``), and a large case (three hidden hands of thirteen, each
with a range of points) that the tables count in a fraction of a second: its draws satisfy the
constraints and follow the counts."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from revoke_equity.equity.worlds import Layouts, _Constrained, _Tabulated
from revoke_equity.model import Card, Seat
from revoke_equity.model.cards import ALL_CARDS
from revoke_equity.model.shown import Constraint
from test_worlds_constrained import CASES


def _key(hands: dict[Seat, frozenset[Card]]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    return tuple(sorted((s.value, tuple(sorted(map(str, h)))) for s, h in hands.items()))


@pytest.mark.parametrize(("pool", "sizes", "voids", "limits"), CASES)
def test_the_tables_count_and_list_as_the_states_do(pool: Any, sizes: Any, voids: Any,
                                                   limits: Any) -> None:
    layouts = Layouts(pool, tuple(sorted(sizes.items(), key=lambda i: i[0].index)), voids,
                      tuple(sorted(limits.items(), key=lambda i: i[0].index)))
    tables = _Tabulated.of(layouts)
    assert tables is not None
    states = _Constrained(layouts)
    assert tables.count == states.count
    assert sorted(map(_key, tables.all())) == sorted(map(_key, states.all()))


def test_three_hands_all_with_points_and_lengths_count_as_the_states_do() -> None:
    """Every hand's points tracked (the last one's are then implied), with suit lengths."""
    deck = list(ALL_CARDS)
    random.Random(4).shuffle(deck)
    pool = frozenset(deck[:21])
    layouts = Layouts(pool, ((Seat.N, 7), (Seat.E, 7), (Seat.S, 7)), frozenset(), (
        (Seat.N, Constraint((4, 9), ((1, 4), (2, 5), (1, 4), (0, 3)))),
        (Seat.E, Constraint.of(hcp=(0, 6))), (Seat.S, Constraint.of(hcp=(3, 8), C=(2, 7)))))
    tables = _Tabulated.of(layouts)
    assert tables is not None and tables.implicit
    assert tables.count == _Constrained(layouts).count > 0


def _deal() -> tuple[frozenset[Card], dict[Seat, Constraint]]:
    """West's thirteen cards seen; North, East and South hidden, each with a range of points."""
    deck = list(ALL_CARDS)
    random.Random(1).shuffle(deck)
    hidden = frozenset(deck[13:])
    limits = {Seat.N: Constraint.of(hcp=(12, 21)), Seat.E: Constraint.of(hcp=(0, 11)),
              Seat.S: Constraint.of(hcp=(6, 10))}
    return hidden, limits


def test_three_hidden_hands_with_points_are_counted_by_the_tables() -> None:
    hidden, limits = _deal()
    sizes = {Seat.N: 13, Seat.E: 13, Seat.S: 13}
    layouts = Layouts.of(hidden, sizes, frozenset(), limits)
    assert layouts.dropped == () and isinstance(layouts._dp, _Tabulated)
    count = layouts.count
    assert 0 < count < math.factorial(39) // math.factorial(13) ** 3
    rng = random.Random(7)
    draws = [layouts.sample(rng) for _ in range(1500)]
    assert all(limits[s].holds(hand) and len(hand) == 13 for d in draws for s, hand in d.items())
    # each draw follows the counts: the share of draws that give North a card is the share of the
    # layouts that do (the layouts of the other cards, North's constraint less the card's points)
    for card in sorted(hidden, key=Card.sort_key)[:3]:
        rest = Layouts.of(hidden - {card}, {**sizes, Seat.N: 12}, frozenset(),
                          {**limits, Seat.N: limits[Seat.N].after([card])})
        assert rest.dropped == ()
        p = rest.count / count
        share = sum(card in d[Seat.N] for d in draws) / len(draws)
        assert abs(share - p) <= 4 * math.sqrt(p * (1 - p) / len(draws)) + 1e-9

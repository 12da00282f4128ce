"""The layouts a player can imagine: the cards he cannot see, dealt to the hands he cannot see.

A player sees his own hand, dummy's (once the opening lead is faced) and every card played; he also
knows the voids that show-outs revealed. The unseen cards can lie in any way that respects the
unseen hands' sizes and those voids. :class:`Layouts` counts them exactly, suit by suit, draws them
uniformly, or lists them all when there are few.

A player who heard the auction also knows what each seat showed: constraints on high-card points
and suit lengths (:class:`~revoke_equity.model.shown.Constraint`) on the cards still to be dealt to
a seat. With constraints, :class:`Layouts` stays exact: it counts the layouts that satisfy them by
dynamic programming over the suits, the state being each seat's cards still to deal and its points
so far, and draws a layout by those counts (uniform over the layouts that satisfy every constraint,
in time bounded by the number of states; no rejection). The counts are tabulated with numpy, every
state of a step at once, when they fit 64-bit integers and the tables at most :data:`MAX_CELLS`
cells (three hidden hands of thirteen, each with a range of points: about 0.02 s where counting
state by state takes 4 s; with a balanced hand's lengths too, 0.4 s against 5 s); else counted
state by state.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, cast

import numpy as np

from revoke_equity.model.cards import Card, Suit
from revoke_equity.model.seats import Seat
from revoke_equity.model.shown import MAX_HCP, Constraint, card_points

Hands = dict[Seat, frozenset[Card]]


@dataclass(frozen=True)
class Layouts:
    """The deals of ``cards`` to ``sizes`` (seat -> cards held) with no card of a suit going to a
    seat that showed out of it (``voids``) and each seat's cards satisfying its constraint in
    ``limits`` (on the cards dealt to it here). ``dropped`` are the seats whose constraint
    :meth:`of` left out because no layout satisfied it."""

    cards: frozenset[Card]
    sizes: tuple[tuple[Seat, int], ...]
    voids: frozenset[tuple[Seat, Suit]]
    limits: tuple[tuple[Seat, Constraint], ...] = ()
    dropped: tuple[Seat, ...] = ()

    @classmethod
    def of(cls, cards: frozenset[Card], sizes: Mapping[Seat, int],
           voids: frozenset[tuple[Seat, Suit]],
           limits: Mapping[Seat, Constraint] | None = None) -> Layouts:
        """The layouts, dropping the voids if no layout respects them (a show-out that was a
        revoke: the cards say otherwise), then the constraints of the seats (in seat order) that no
        layout satisfies together with the voids and the constraints kept before them; the
        dropped seats are in :attr:`dropped`. Without constraints the layouts, their count and
        their draws are those of the voids alone."""
        seats = tuple(sorted(sizes.items(), key=lambda item: item[0].index))
        relevant = frozenset(v for v in voids if v[0] in sizes)
        layouts = cls(cards, seats, relevant)
        if relevant and layouts.count == 0:
            layouts = cls(cards, seats, frozenset())
        wanted = tuple((seat, c) for seat, _ in seats
                       if limits and (c := limits.get(seat)) is not None and not c.is_free)
        if not wanted or layouts.count == 0:
            return layouts
        together = cls(cards, seats, layouts.voids, wanted)
        if together.count:
            return together
        kept: list[tuple[Seat, Constraint]] = []
        dropped: list[Seat] = []
        for seat, constraint in wanted:
            if cls(cards, seats, layouts.voids, (*kept, (seat, constraint))).count:
                kept.append((seat, constraint))
            else:
                dropped.append(seat)
        if not kept:
            return cls(cards, seats, layouts.voids, (), tuple(dropped))
        return cls(cards, seats, layouts.voids, tuple(kept), tuple(dropped))

    @cached_property
    def _dp(self) -> _Constrained:
        return _Tabulated.of(self) or _Constrained(self)

    @cached_property
    def _suits(self) -> tuple[tuple[Card, ...], ...]:
        by_suit = {suit: sorted((c for c in self.cards if c.suit is suit), key=Card.sort_key)
                   for suit in Suit}
        return tuple(tuple(cards) for cards in by_suit.values() if cards)

    def _allowed(self, suit: Suit) -> tuple[int, ...]:
        return tuple(i for i, (seat, _) in enumerate(self.sizes) if (seat, suit) not in self.voids)

    @cached_property
    def _shape(self) -> _Shape:
        """Per suit, its number of cards and the seats (by position) that may hold them: all the
        counting depends on (shared by every set of layouts of the same shape)."""
        return tuple((len(cards), self._allowed(cards[0].suit)) for cards in self._suits)

    def _splits(self, index: int, caps: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        """Ways to share the cards of suit ``index`` among the seats (counts per seat)."""
        return _shape_splits(self._shape[index], caps)

    def _ways(self, index: int, caps: tuple[int, ...]) -> int:
        return _shape_ways(self._shape[index:], caps)

    @property
    def count(self) -> int:
        """How many layouts there are."""
        if sum(size for _, size in self.sizes) != len(self.cards):
            return 0
        if self.limits:
            return self._dp.count
        return self._ways(0, tuple(size for _, size in self.sizes))

    @cached_property
    def _tails(self) -> tuple[_Shape, ...]:
        """The shape from each suit on (``_shape[index:]``, sliced once)."""
        return tuple(self._shape[index:] for index in range(len(self._shape)))

    @cached_property
    def _picks(self) -> dict[tuple[int, tuple[int, ...]],
                             tuple[int, list[tuple[tuple[int, ...], tuple[int, ...], int]]]]:
        """:func:`_shape_picks` of each suit's tail, by suit index and capacities (read here
        without hashing the tail's shape every draw)."""
        return {}

    @cached_property
    def _seats(self) -> tuple[Seat, ...]:
        return tuple(seat for seat, _ in self.sizes)

    def sample(self, rng: random.Random) -> Hands:
        """One layout, uniformly at random (per suit, a split drawn by its layouts, then the
        suit's cards shuffled and dealt by it)."""
        if self.limits:
            return self._dp.sample(rng)
        below = _below(rng)
        caps = tuple(size for _, size in self.sizes)
        hands: list[list[Card]] = [[] for _ in self.sizes]
        picks = self._picks
        for index, cards in enumerate(self._suits):
            found = picks.get((index, caps))
            if found is None:
                found = picks[index, caps] = _shape_picks(self._tails[index], caps)
            total, options = found
            split, caps = _pick_split(options, _draw(below, total))
            shuffled = _shuffled(cards, below)
            start = 0
            for i, k in enumerate(split):
                if k:
                    hands[i] += shuffled[start:start + k]
                    start += k
        return dict(zip(self._seats, map(frozenset, hands), strict=True))

    def all(self) -> list[Hands]:
        """Every layout (meant for a small :attr:`count`), in a fixed order."""
        if self.limits:
            return self._dp.all()
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
                if self._ways(index + 1, rest) == 0:
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


_State = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""``(step, cards still to deal per seat, points so far per tracked seat, honours of the step's suit
held so far per seat with a length range in it)``."""
_Node = tuple[int, list[tuple[int, object, "_State"]]]
"""The layouts from a state on, and the moves that lead to some: ``(layouts, move, next state)``."""


class _Constrained:
    """The layouts of :class:`Layouts` under its constraints, counted by dynamic programming.

    The cards are dealt in steps: suit by suit, each honour (ace to jack) to one seat, then the
    suit's other cards, shared by a split (the cards themselves by the multinomial count). The
    state (see ``_State``) holds each seat's cards still to deal, the points dealt so far to each
    seat with a points constraint (only those are tracked), and, within a suit, the honours of it
    given to each seat whose length in it is bounded (voids are lengths 0-0). A move never puts a
    tracked seat above its maximum nor where its minimum is out of reach, nor a seat's length in
    the suit above its range; the split puts each length at or above its minimum; at the end every
    seat has its cards and every minimum is met. The counts are exact integers and a draw follows
    them, so every layout that satisfies the constraints has the same chance; the work is bounded
    by the number of states times the moves from each."""

    def __init__(self, layouts: Layouts) -> None:
        self.sizes = layouts.sizes
        limits = dict(layouts.limits)
        free = Constraint()
        # Seats with neither a constraint nor a void are alike: they share one slot of the
        # dynamic programme, whose cards are then split among them uniformly (the same number of
        # splits, a multinomial, for every deal of the slots: the layouts stay equally likely).
        alike = [i for i, (seat, _) in enumerate(layouts.sizes) if seat not in limits
                 and not any((seat, suit) in layouts.voids for suit in Suit)]
        if len(alike) < 2:
            alike = []
        self.slots: list[tuple[int, ...]] = [(i,) for i in range(len(layouts.sizes)) if i not in alike]
        if alike:
            self.slots.append(tuple(alike))
        self.alike = tuple(alike)
        seats = [layouts.sizes[slot[0]][0] for slot in self.slots]
        constraints = [free if len(slot) > 1 else limits.get(seats[k], free)
                       for k, slot in enumerate(self.slots)]
        shared = len(self.slots) - 1 if alike else -1
        tracked = [i for i, c in enumerate(constraints) if c.hcp != (0, MAX_HCP)]
        self.slot = {seat: tracked.index(seat) for seat in range(len(seats)) if seat in tracked}
        """The index in the points tuple of each tracked seat."""
        self.hcp = tuple(constraints[i].hcp for i in tracked)
        self.steps: list[tuple[int, tuple[Card, ...]]] = []
        """Per step: the suit's index and its cards: one honour, or the other cards."""
        self.ranges: list[tuple[tuple[int, int], ...]] = []
        self.ranged: list[tuple[int, ...]] = []
        """Per suit index: each seat's length range, and the seats whose range bounds something."""
        for index, suit in enumerate(Suit):
            cards = sorted((c for c in layouts.cards if c.suit is suit), key=Card.sort_key)
            # a void is a length of at most 0, on top of the seat's own range (a minimum above
            # 0 then leaves no layout: the constraint is dropped, not the void ignored)
            ranges = tuple((0, 52) if k == shared
                           else (c.length(suit)[0], 0) if (seat, suit) in layouts.voids
                           else c.length(suit)
                           for k, (seat, c) in enumerate(zip(seats, constraints, strict=True)))
            self.ranges.append(ranges)
            self.ranged.append(tuple(i for i, (lo, hi) in enumerate(ranges) if lo > 0 or hi < 13))
            self.steps += [(index, (c,)) for c in cards if card_points(c)]
            self.steps.append((index, tuple(c for c in cards if not card_points(c))))
        self.tracked = tuple(tracked)
        """The slots whose points are tracked, in the order of the points tuple."""
        self.best: list[tuple[int, ...]] = []
        """Per step: the most points ``c`` cards dealt from that step on can hold (index ``c``;
        the last entry for ``c`` at or above the honours still to deal)."""
        for step in range(len(self.steps) + 1):
            values = sorted((card_points(c) for _, cards in self.steps[step:] for c in cards
                             if card_points(c)), reverse=True)
            self.best.append(tuple(itertools.accumulate(values, initial=0)))
        self.memo: dict[_State, _Node] = {}
        caps = tuple(sum(layouts.sizes[i][1] for i in slot) for slot in self.slots)
        self.start: _State = (0, caps, tuple(0 for _ in tracked), tuple(0 for _ in self.ranged[0]))
        self.splits = _multinomial(sum(layouts.sizes[i][1] for i in alike),
                                   tuple(layouts.sizes[i][1] for i in alike)) if alike else 1
        """The ways to split the shared slot's cards among its seats."""

    def node(self, state: _State) -> _Node:
        found = self.memo.get(state)
        if found is None:
            found = self._expand(state)
            self.memo[state] = found
        return found

    def _expand(self, state: _State) -> _Node:
        step, caps, pts, held = state
        if step == len(self.steps):
            ok = all(p >= lo for p, (lo, _) in zip(pts, self.hcp, strict=True))
            return (1 if ok else 0, [])
        index, cards = self.steps[step]
        ranges, ranged = self.ranges[index], self.ranged[index]
        moves: list[tuple[int, object, _State]] = []
        total = 0
        best = self.best[step + 1]
        top = len(best) - 1
        if len(cards) == 1 and card_points(cards[0]):
            value = card_points(cards[0])
            for seat, cap in enumerate(caps):
                if not cap:
                    continue
                now = pts
                slot = self.slot.get(seat)
                if slot is not None:
                    hi = self.hcp[slot][1]
                    p = pts[slot] + value
                    if p > hi:
                        continue
                    now = (*pts[:slot], p, *pts[slot + 1:])
                # a tracked seat must still be able to reach its minimum with the cards it has
                # room for (the most points that many of the cards to come can hold)
                if any(q + best[min(caps[s] - (s == seat), top)] < lo
                       for q, s, (lo, _) in zip(now, self.tracked, self.hcp, strict=True)):
                    continue
                more = held
                if seat in ranged:
                    at = ranged.index(seat)
                    if held[at] + 1 > ranges[seat][1]:
                        continue
                    more = (*held[:at], held[at] + 1, *held[at + 1:])
                rest = (*caps[:seat], cap - 1, *caps[seat + 1:])
                nxt = (step + 1, rest, now, more)
                ways = self.ways(nxt)
                if ways:
                    moves.append((ways, seat, nxt))
                    total += ways
            return (total, moves)
        room = list(caps)
        for at, seat in enumerate(ranged):
            room[seat] = min(room[seat], ranges[seat][1] - held[at])
        follow = self.ranged[index + 1] if index + 1 < len(self.ranged) else ()
        for split in _compositions(len(cards), room):
            if any(held[at] + split[seat] < ranges[seat][0] for at, seat in enumerate(ranged)):
                continue
            rest = tuple(c - k for c, k in zip(caps, split, strict=True))
            if any(q + best[min(rest[s], top)] < lo
                   for q, s, (lo, _) in zip(pts, self.tracked, self.hcp, strict=True)):
                continue
            nxt = (step + 1, rest, pts, tuple(0 for _ in follow))
            ways = self.ways(nxt)
            if ways:
                ways *= _multinomial(len(cards), split)
                moves.append((ways, split, nxt))
                total += ways
        return (total, moves)

    def ways(self, state: _State) -> int:
        """The layouts from ``state`` on."""
        return self.node(state)[0]

    @cached_property
    def count(self) -> int:
        return self.ways(self.start) * self.splits

    def _hands(self, slots: list[list[Card]] | list[tuple[Card, ...]], split: list[tuple[Card, ...]] | None
               ) -> Hands:
        """The seats' hands from the slots' cards; the shared slot's split among its seats as
        ``split`` gives (in seat order)."""
        out: Hands = {}
        for slot, cards in zip(self.slots, slots, strict=True):
            if len(slot) == 1:
                out[self.sizes[slot[0]][0]] = frozenset(cards)
        if self.alike:
            assert split is not None
            for i, cards in zip(self.alike, split, strict=True):
                out[self.sizes[i][0]] = frozenset(cards)
        return {seat: out[seat] for seat, _ in self.sizes}

    def _is_honour(self, step: int) -> bool:
        cards = self.steps[step][1]
        return len(cards) == 1 and card_points(cards[0]) > 0

    def sample(self, rng: random.Random) -> Hands:
        """One layout, uniformly: each move by the layouts it leads to, then the other cards of a
        suit shuffled and dealt by the split."""
        state = self.start
        below = _below(rng)
        hands: list[list[Card]] = [[] for _ in self.slots]
        while state[0] < len(self.steps):
            step = state[0]
            move, nxt = _follow(self.node(state), rng)
            cards = self.steps[step][1]
            if self._is_honour(step):
                hands[cast(int, move)].append(cards[0])  # an honour's move: its slot
            else:
                shuffled = _shuffled(cards, below)
                start = 0
                for i, k in enumerate(cast(tuple[int, ...], move)):  # a suit's split
                    hands[i] += shuffled[start:start + k]
                    start += k
            state = nxt
        split = None
        if self.alike:
            shuffled = _shuffled(hands[-1], below)
            split, start = [], 0
            for i in self.alike:
                split.append(tuple(shuffled[start:start + self.sizes[i][1]]))
                start += self.sizes[i][1]
        return self._hands(hands, split)

    def all(self) -> list[Hands]:
        out: list[Hands] = []

        def walk(state: _State, hands: list[tuple[Card, ...]]) -> None:
            step = state[0]
            if step == len(self.steps):
                if not self.alike:
                    out.append(self._hands(hands, None))
                    return
                shared = tuple(sorted(hands[-1], key=Card.sort_key))
                for parts in _partitions(shared, tuple(self.sizes[i][1] for i in self.alike)):
                    out.append(self._hands(hands, list(parts)))
                return
            cards = self.steps[step][1]
            for _, move, nxt in self.node(state)[1]:
                if self._is_honour(step):
                    walk(nxt, [h + cards if i == move else h for i, h in enumerate(hands)])
                else:
                    for parts in _partitions(cards, move):  # type: ignore[arg-type]
                        walk(nxt, [h + p for h, p in zip(hands, parts, strict=True)])

        walk(self.start, [() for _ in self.slots])
        return out


MAX_CELLS = 12_000_000
"""The most cells :class:`_Tabulated` fills (all steps together); a larger programme is counted
state by state (:class:`_Constrained`)."""
_INT64_SAFE = 2**62
"""Counts below this fit numpy's 64-bit integers with room for a sum."""


class _Tabulated(_Constrained):
    """The same programme as :class:`_Constrained`, its counts tabulated step by step with numpy,
    from the last step back: the same states, moves and draws, but each step's counts for every
    state at once (arrays over the cards dealt to each slot but the last, the tracked seats'
    points, and the honours of the step's suit held by the seats with a length range in it). A
    state out of an array's bounds (a slot over its size, points over a maximum, a length over
    its range) has no layout. Exact while every count fits a 64-bit integer (all layouts without
    constraints do); used only then, and when the arrays are small."""

    @classmethod
    def of(cls, layouts: Layouts) -> _Tabulated | None:
        base = _Constrained(layouts)
        caps = base.start[1]
        if _multinomial(sum(caps), caps) * base.splits >= _INT64_SAFE:
            return None
        cells = 0
        for index, _ in base.steps:
            cells += math.prod(cls._shape(base, index))
        if cells > MAX_CELLS:
            return None
        return cls(layouts)

    @staticmethod
    def _implicit(base: _Constrained) -> bool:
        """Whether every slot's points are tracked: then the last one's are the points dealt less
        the others', and need no axis of their own."""
        return len(base.tracked) == len(base.slots)

    @staticmethod
    def _shape(base: _Constrained, index: int | None) -> tuple[int, ...]:
        """The array's shape at a step of suit ``index`` (``None``: after the last step)."""
        caps = base.start[1]
        dims = [c + 1 for c in caps[:-1]]
        hcp = base.hcp[:-1] if _Tabulated._implicit(base) else base.hcp
        dims += [hi + 1 for _, hi in hcp]
        if index is not None:
            honours = sum(1 for i, cards in base.steps if i == index and len(cards) == 1
                          and card_points(cards[0]))
            dims += [min(base.ranges[index][seat][1], honours) + 1 for seat in base.ranged[index]]
        return tuple(dims)

    def __init__(self, layouts: Layouts) -> None:
        super().__init__(layouts)
        self.sizes_dealt = self.start[1]
        self.implicit = self._implicit(self)
        last = len(self.steps)
        end = np.zeros(self._shape(self, None), dtype=np.int64)
        at = tuple(c for c in self.sizes_dealt[:-1])
        shown = self.hcp[:-1] if self.implicit else self.hcp
        total = self.best[0][-1]
        for pts in itertools.product(*(range(lo, hi + 1) for lo, hi in shown)):
            if self.implicit:
                lo, hi = self.hcp[-1]
                if not lo <= total - sum(pts) <= hi:
                    continue
            end[at + pts] = 1
        tables: list[np.ndarray] = [end]
        for step in reversed(range(last)):
            tables.append(self._table(step, tables[-1]))
        tables.reverse()
        self.tables = tables

    def _table(self, step: int, after: np.ndarray) -> np.ndarray:
        index, cards = self.steps[step]
        slots = len(self.slots)
        axes = self.tracked[:-1] if self.implicit else self.tracked
        points_axis = {slot: slots - 1 + k for k, slot in enumerate(axes)}
        first_held = slots - 1 + len(axes)
        ranged = self.ranged[index]
        out = np.zeros(self._shape(self, index), dtype=np.int64)
        if len(cards) == 1 and card_points(cards[0]):
            value = card_points(cards[0])
            for slot in range(slots):
                shifts = {}
                if slot < slots - 1:
                    shifts[slot] = 1
                if slot in points_axis:
                    shifts[points_axis[slot]] = value
                if slot in ranged:
                    shifts[first_held + ranged.index(slot)] = 1
                out += _shifted(after, shifts)
            return out
        # the suit's other cards: ``after`` is the next suit's table at no honour held yet
        follow = after.ndim - first_held
        at_none: tuple[Any, ...] = (Ellipsis, *([0] * follow))
        base = after[at_none] if follow else after
        base = base.reshape(base.shape + (1,) * len(ranged))
        held = np.indices(out.shape[first_held:]) if ranged else None
        for split in _compositions(len(cards), list(self.sizes_dealt)):
            moved = _shifted(base, {slot: k for slot, k in enumerate(split[:-1]) if k})
            if held is not None:
                mask = np.ones(out.shape[first_held:], dtype=bool)
                for at, seat in enumerate(ranged):
                    lo, hi = self.ranges[index][seat]
                    mask &= (held[at] + split[seat] >= lo) & (held[at] + split[seat] <= hi)
                moved = moved * mask
            out += _multinomial(len(cards), split) * moved
        return out

    def ways(self, state: _State) -> int:
        step, caps, pts, held = state
        table = self.tables[step]
        dealt = tuple(size - cap for size, cap in zip(self.sizes_dealt[:-1], caps[:-1], strict=True))
        where = (*dealt, *(pts[:-1] if self.implicit else pts), *held)
        if any(i < 0 or i >= n for i, n in zip(where, table.shape, strict=True)):
            return 0
        return int(table[where])


def _shifted(table: np.ndarray, shifts: Mapping[int, int]) -> np.ndarray:
    """``table`` read ``shifts[axis]`` further along each axis (zero past its end)."""
    if not shifts:
        return table
    out = np.zeros_like(table)
    source = [slice(None)] * table.ndim
    target = [slice(None)] * table.ndim
    for axis, k in shifts.items():
        if k >= table.shape[axis]:
            return out
        source[axis] = slice(k, None)
        target[axis] = slice(0, table.shape[axis] - k)
    out[tuple(target)] = table[tuple(source)]
    return out


def _follow(node: _Node, rng: random.Random) -> tuple[object, _State]:
    """One move of ``node`` with its next state, with probability proportional to its layouts."""
    total, moves = node
    pick = _draw(_below(rng), total)
    for ways, move, nxt in moves:
        if pick < ways:
            return move, nxt
        pick -= ways
    raise AssertionError("unreachable: pick is below the total weight")


_Shape = tuple[tuple[int, tuple[int, ...]], ...]


def _shape_splits(suit: tuple[int, tuple[int, ...]], caps: tuple[int, ...]
                  ) -> Iterator[tuple[int, ...]]:
    """Ways to share a suit of ``n`` cards among the seats allowed it (counts per seat)."""
    n, allowed = suit
    return _compositions(n, [caps[i] if i in allowed else 0 for i in range(len(caps))])


@lru_cache(maxsize=1 << 16)
def _shape_ways(shape: _Shape, caps: tuple[int, ...]) -> int:
    """How many layouts deal the suits of ``shape`` into hands of ``caps`` cards."""
    if not shape:
        return 1 if not any(caps) else 0
    n = shape[0][0]
    total = 0
    for split in _shape_splits(shape[0], caps):
        rest = tuple(c - k for c, k in zip(caps, split, strict=True))
        total += _multinomial(n, split) * _shape_ways(shape[1:], rest)
    return total


@lru_cache(maxsize=1 << 14)
def _shape_picks(shape: _Shape, caps: tuple[int, ...]
                 ) -> tuple[int, list[tuple[tuple[int, ...], tuple[int, ...], int]]]:
    """The splits of the first suit of ``shape`` that lead to some layout, each with the rest of
    the capacities and its number of layouts, and their total (read only: shared by every
    caller; memoised: every draw walks the same tree)."""
    n = shape[0][0]
    options = []
    for split in _shape_splits(shape[0], caps):
        rest = tuple(c - k for c, k in zip(caps, split, strict=True))
        weight = _multinomial(n, split) * _shape_ways(shape[1:], rest)
        if weight:
            options.append((split, rest, weight))
    return sum(w for _, _, w in options), options


def _pick_split(options: list[tuple[tuple[int, ...], tuple[int, ...], int]], pick: int
                ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The ``(split, rest)`` of ``options`` at ``pick`` (0 <= pick < the total weight)."""
    for split, rest, weight in options:
        if pick < weight:
            return split, rest
        pick -= weight
    raise AssertionError("unreachable: pick is below the total weight")


def _below(rng: random.Random) -> Callable[[int], int]:
    """``rng``'s draw of an integer in ``[0, n)``: the one ``randrange(n)`` and ``shuffle``
    make, called directly (the same numbers from the same stream, without their checks)."""
    return rng._randbelow  # type: ignore[attr-defined,no-any-return]


def _draw(below: Callable[[int], int], total: int) -> int:
    """``randrange(total)``: an error when ``total`` is not positive."""
    if total <= 0:
        raise ValueError("empty range for randrange()")
    return below(total)


def _shuffled(cards: Sequence[Card], below: Callable[[int], int]) -> list[Card]:
    """``cards`` shuffled as ``random.shuffle`` does (the same swaps from the same draws)."""
    out = list(cards)
    bits = _getrandbits(below)
    if bits is None:
        for i in range(len(out) - 1, 0, -1):
            j = below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out
    for i, n, k in _SWAPS[len(out)]:  # Random._randbelow_with_getrandbits, inline
        j = bits(k)
        while j >= n:
            j = bits(k)
        out[i], out[j] = out[j], out[i]
    return out


_SWAPS = tuple(tuple((i, i + 1, (i + 1).bit_length()) for i in range(n - 1, 0, -1))
               for n in range(53))
"""Per count of cards, the shuffle's steps: the place swapped, the draw's bound and its bits."""


def _getrandbits(below: Callable[[int], int]) -> Callable[[int], int] | None:
    """The ``getrandbits`` behind ``below`` when it is ``random.Random``'s own draw by bits
    (then the draws can be made inline, the same numbers), else ``None``."""
    func = getattr(below, "__func__", None)
    if func is not _RANDBELOW_BITS:
        return None
    return below.__self__.getrandbits  # type: ignore[attr-defined,no-any-return]


_RANDBELOW_BITS = getattr(random.Random, "_randbelow_with_getrandbits", None)


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

"""The single-dummy player: a card chosen from what the player to play can know.

At each decision the player deals the unseen cards into layouts consistent with what he knows
(:mod:`revoke_equity.equity.worlds`), has every layout solved double-dummy, and plays a card with
the probability his class of player gives it (:mod:`revoke_equity.equity.error_model`): a card
that can lose and cannot gain is a slip, the others are weighed by their mean tricks. Touching
cards are equals (the lowest is played). A decision with one legal card, or whose legal cards are
all touching, costs no solver call. Declarer decides for dummy.

The model is the player who imagines *every* layout; the layouts drawn are a Monte-Carlo estimate
of it. So a decision draws layouts in rounds (``worlds`` first, then doubling up to
``max_worlds``) until it is settled: the probabilities of its cards vary by at most ``tolerance``
(their standard deviation over bootstrap resamples of the layouts drawn) and no two cards that are
not equals tie in every layout drawn (a tie that more layouts would break is not left to card
order). Two cards of one suit that tie in every layout drawn and on the real deal double-dummy
are near-equals (the five and the three with the four unseen, say): which of them is played
does not change the real deal's double-dummy result, so they share their probability alike
without more layouts.
When the layouts are few enough they are all taken and the decision is exact.

A decision's sampling error reaches the estimate in proportion to how often the replay passes
through it, so a decision can be asked at a *level* (:func:`trunk_level`): at level ``k`` it draws
up to ``max_worlds`` times ``2**k`` layouts (at most :data:`TRUNK_WORLDS`, all of them when
there are no more), is settled at ``tolerance`` over ``2**k``, and a tie between cards that are
not equals draws layouts up to that cap too (a layout that tells them apart may be rare). The
estimators ask the decisions near the comparison point that most replays reach at a higher level
(:func:`revoke_equity.equity.propagate.walk_trunk`). A decision at a level extends the layouts of
the same decision at level 0 (one stream of draws per view), so it is the same function of what
the player knows and the seed, at any level.

What the layouts drawn leave uncertain is carried to the estimate: each decision also gives
``replicas`` bootstrap versions of its probabilities (the layouts resampled), and the estimate's
interval includes how far the result moves between them.

The layouts are drawn from a seed and the player's view alone, so a decision is a function of what
the player knows: it is memoised on that view and identical in every process. That also lets many
decisions share the solver's calls: while :meth:`SingleDummyPolicy.collecting`, a decision not yet
memoised is only noted (:class:`Pending` is raised), and :meth:`SingleDummyPolicy.resolve` then
solves every noted decision together, each round of layouts of all of them in one batch, and
weighs their layouts together too (the error model's probabilities of every decision waiting for
them, one stack of matrices per shape). Each decision draws the same layouts and resamples as
alone, so the answers are the same.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import cast

import numpy as np

from revoke_equity.equity.error_model import Matrix, PlayerClass, stacked_probabilities
from revoke_equity.equity.error_model import softmax as softmax
from revoke_equity.equity.shown import ShownHands, limits_for
from revoke_equity.equity.worlds import Hands, Layouts
from revoke_equity.model.cards import Card, Suit
from revoke_equity.model.position import Position, equal_groups
from revoke_equity.model.seats import SEATS, Seat
from revoke_equity.solver.base import Solver

Voids = frozenset[tuple[Seat, Suit]]
Choice = tuple[tuple[Card, float], ...]
"""Cards with their probabilities (summing to 1), the most probable first."""

DEFAULT_REPLICAS = 20
"""Bootstrap versions of each decision, for the estimate's interval."""
TIE_ROUNDS = 2
"""A tie between cards that are not equals (of two suits, or of one that the real deal tells apart)
draws layouts until this many times ``worlds``."""
SETTLE_RESAMPLES = 16
"""Bootstrap resamples behind the test of whether a decision is settled."""
TRUNK_WORLDS = 256
"""The most layouts a decision draws at any level (:func:`trunk_level`)."""


@dataclass(frozen=True)
class Decision:
    """A decision's cards and their probabilities: ``rows[0]`` the estimate, ``rows[1:]`` the
    bootstrap replicas (the same as ``rows[0]`` where nothing was sampled)."""

    cards: tuple[Card, ...]
    rows: tuple[tuple[float, ...], ...]
    layouts: int = 0
    """Layouts solved for it (0: no solver call)."""
    exhaustive: bool = True
    """Every layout the player can imagine was solved (or none was needed)."""

    @classmethod
    def certain(cls, card: Card, replicas: int) -> Decision:
        return cls((card,), ((1.0,),) * (1 + replicas))

    @property
    def choice(self) -> Choice:
        """The estimate's probabilities, the most probable first, cards of probability 0 left out."""
        ranked = sorted(zip(self.cards, self.rows[0], strict=True), key=lambda cp: -cp[1])
        return tuple((c, p) for c, p in ranked if p > 0)

    def replica(self, index: int) -> Choice:
        """Replica ``index``'s probabilities (0-based), in card order, probability 0 left out."""
        row = self.rows[1 + index]
        return tuple((c, p) for c, p in zip(self.cards, row, strict=True) if p > 0)


class Pending(Exception):
    """A decision asked for while collecting that is not memoised yet: it is noted, to be solved
    with the others by :meth:`SingleDummyPolicy.resolve`."""


Request = tuple[Solver, list[Position]]
"""Positions a decision needs solved, and the solver to ask."""
Rows = tuple[tuple[float, ...], ...]
"""A decision's probabilities: the estimate, then its replicas (:attr:`Decision.rows`)."""


@dataclass(frozen=True)
class Weigh:
    """A stack of matrices (``stack x layouts x cards``) whose cards' probabilities a decision
    needs from the error model: answered with one row of probabilities per matrix."""

    stack: Matrix


Ask = Request | Weigh
Reply = list[dict[Card, int]] | Matrix
"""The answers to a :data:`Request`, or the probabilities a :class:`Weigh` asked for."""
Rounds = Generator[Ask, Reply, tuple[Matrix, bool, Rows]]
"""A decision's rounds of layouts: yields what it needs solved or weighed, is sent the answers,
returns its matrix, whether it is exhaustive, and its rows of probabilities."""


@dataclass
class PolicyStats:
    decisions: int = 0
    """Decisions asked for (memo hits included)."""
    solved_decisions: int = 0
    """Decisions that needed the solver."""
    worlds_solved: int = 0
    """Layouts sent to the solver (a batch of n counts n)."""
    shown_dropped: dict[Seat, int] = field(default_factory=dict)
    """Per seat, the decisions at which no layout satisfied its shown constraint, so it was
    dropped there (a show-out that was a revoke can do it)."""


def dummy_exposed(position: Position) -> bool:
    """Dummy's hand is faced once the opening lead is (Law 41D)."""
    return bool(position.trick) or position.ns_tricks + position.ew_tricks > 0


class SingleDummyPolicy:
    """The card probabilities of a single-dummy player (see the module docstring)."""

    def __init__(self, solver: Solver, declarer: Seat, *, worlds: int, tau: float, seed: int,
                 small: Solver | None = None, slip: float = 0.0, sure: float | None = None,
                 max_worlds: int | None = None,
                 tolerance: float = 0.0, replicas: int = DEFAULT_REPLICAS,
                 shown: ShownHands | None = None, rare: float = 0.0) -> None:
        self.solver = solver
        self.shown = shown
        """What the auction showed: the layouts satisfy the constraints of the seats the player
        cannot see."""
        self.small = small
        """Solver for endings of at most two tricks (an exact search beats an engine call)."""
        self.declarer = declarer
        self.worlds = worlds
        self.max_worlds = max(worlds, max_worlds or worlds)
        self.player = PlayerClass("", tau, slip, slip if sure is None else sure, rare)
        """The error model (``sure`` left out: a sure loss at the ``slip`` rate)."""
        self.tolerance = tolerance
        self.replicas = replicas
        self.seed = seed
        self.stats = PolicyStats()
        self._memo: dict[tuple[object, ...], Decision] = {}
        self._used: dict[tuple[object, ...], None] = {}
        self._pending: dict[tuple[object, ...], tuple[Rounds, tuple[Card, ...]]] = {}
        self._collecting = False

    batched = True
    """Decisions noted while :meth:`collecting` are solved together; ``False``: each is solved
    alone when asked for (the same answers, one solver call a round of each decision)."""

    @contextmanager
    def collecting(self) -> Iterator[None]:
        """While inside: a decision not memoised raises :class:`Pending` and is noted, for
        :meth:`resolve` (nothing is noted when :attr:`batched` is off)."""
        self._collecting = self.batched
        try:
            yield
        finally:
            self._collecting = False

    def resolve(self) -> None:
        """Solve every decision noted while collecting: the stacks of every decision waiting for
        the error model are weighed together (one call a shape), until every decision waits for
        the solver; then their layouts go to it together (one ``solve_many`` a solver)."""
        pending, self._pending = self._pending, {}
        rounds = {key: gen for key, (gen, _) in pending.items()}
        asks: dict[tuple[object, ...], Ask] = {key: next(gen) for key, gen in rounds.items()}
        while asks:
            weighs = {key: ask for key, ask in asks.items() if isinstance(ask, Weigh)}
            replies = self._weigh_all(weighs) if weighs else _solve_all(
                {key: ask for key, ask in asks.items() if not isinstance(ask, Weigh)})
            for key, reply in replies.items():
                try:
                    asks[key] = rounds[key].send(reply)
                except StopIteration as done:
                    del asks[key]
                    matrix, exhaustive, rows = done.value
                    self._store(key, pending[key][1], matrix, exhaustive, rows)

    def _weigh_all(self, asks: dict[tuple[object, ...], Weigh]
                   ) -> dict[tuple[object, ...], Reply]:
        """The probabilities each :class:`Weigh` asked for, the stacks of one shape (layouts,
        cards) weighed in one call (each matrix's row is the same as alone)."""
        shapes: dict[tuple[int, ...], list[tuple[object, ...]]] = {}
        for key, ask in asks.items():
            shapes.setdefault(ask.stack.shape[1:], []).append(key)
        replies: dict[tuple[object, ...], Reply] = {}
        for keys in shapes.values():
            stacks = [asks[key].stack for key in keys]
            rows = stacked_probabilities(np.concatenate(stacks) if len(stacks) > 1 else stacks[0],
                                         self.player)
            start = 0
            for key, stack in zip(keys, stacks, strict=True):
                replies[key] = rows[start:start + len(stack)].copy()
                start += len(stack)
        return replies

    @property
    def tau(self) -> float:
        return self.player.tau

    def used(self) -> list[tuple[tuple[object, ...], Decision]]:
        """The decisions asked for since the last call, solved now or before, in order."""
        out = [(view, self._memo[view]) for view in self._used]
        self._used = {}
        return out

    def known(self) -> list[tuple[tuple[object, ...], Decision]]:
        """Every decision memoised here."""
        return list(self._memo.items())

    def learn(self, decisions: list[tuple[tuple[object, ...], Decision]]) -> None:
        """Take decisions solved elsewhere (another process) as if solved here: the stats count
        each view once, whoever solved it first."""
        for view, decision in decisions:
            if view not in self._memo:
                self._memo[view] = decision
                self.stats.solved_decisions += 1
                self.stats.worlds_solved += decision.layouts

    def decider(self, position: Position) -> Seat:
        """Who chooses the card: the player to move, or declarer for dummy."""
        seat = position.to_move
        return self.declarer if seat is self.declarer.partner else seat

    def choose(self, position: Position, voids: Voids, *, among: Sequence[Card] | None = None,
               chooser: Seat | None = None, pinned: frozenset[Card] = frozenset()) -> Choice:
        """The estimate's probabilities of the cards the player to move may play (see
        :meth:`decide`)."""
        return self.decide(position, voids, among=among, chooser=chooser, pinned=pinned).choice

    def decide(self, position: Position, voids: Voids, *, among: Sequence[Card] | None = None,
               chooser: Seat | None = None, pinned: frozenset[Card] = frozenset(),
               level: int = 0) -> Decision:
        """The decision of the player to move (``among`` restricts his cards: the penalty cards,
        say). ``chooser`` is who decides when it is not the player to move or declarer for dummy
        (declarer designating a penalty card, Law 51); ``pinned`` are cards of the player to move
        that everyone can see (penalty cards on the table); ``level``: how far it is converged
        (see the module docstring)."""
        self.stats.decisions += 1
        legal = sorted(position.legal_cards() if among is None else among, key=Card.sort_key)
        groups = equal_groups(position, legal)
        if len(groups) == 1:
            return Decision.certain(groups[0][0], self.replicas)
        who = chooser or self.decider(position)
        seen = self._seen(position, who, pinned)
        view = self._view(position, who, seen, voids, tuple(legal))
        key = (*view, level) if level else view
        self._used[key] = None
        cached = self._memo.get(key)
        if cached is not None:
            return cached
        cards = tuple(group[0] for group in groups)
        if self._collecting:
            if key not in self._pending:
                self._pending[key] = (
                    self._rounds(position, who, seen, voids, cards, view, level), cards)
            self.stats.decisions -= 1  # counted when asked again, once solved
            raise Pending
        return self._store(key, cards,
                           *self._evaluate(position, who, seen, voids, cards, view, level))

    def _store(self, key: tuple[object, ...], cards: tuple[Card, ...], matrix: Matrix,
               exhaustive: bool, rows: Rows) -> Decision:
        decision = Decision(cards, rows, len(matrix), exhaustive)
        self.stats.solved_decisions += 1
        self.stats.worlds_solved += decision.layouts
        self._memo[key] = decision
        return decision

    def evaluate(self, position: Position, voids: Voids, level: int = 0
                 ) -> tuple[tuple[Card, ...], Matrix, bool]:
        """The player to move's cards (one per set of equals), the tricks each takes for his side
        in each layout he draws at ``level`` (rows), and whether those are every layout: the
        decision's evidence, as the error model sees it."""
        legal = sorted(position.legal_cards(), key=Card.sort_key)
        cards = tuple(group[0] for group in equal_groups(position, legal))
        who = self.decider(position)
        seen = self._seen(position, who, frozenset())
        key = self._view(position, who, seen, voids, tuple(legal))
        matrix, exhaustive, _ = self._evaluate(position, who, seen, voids, cards, key, level)
        return cards, matrix, exhaustive

    def _seen(self, position: Position, who: Seat, pinned: frozenset[Card]) -> dict[Seat, frozenset[Card]]:
        """The hands (or known parts of hands) ``who`` can see."""
        seen = {who: position.hand(who)}
        dummy = self.declarer.partner
        if dummy_exposed(position) or who is self.declarer:
            seen[dummy] = position.hand(dummy)
        if who is self.declarer and dummy_exposed(position):
            seen[self.declarer] = position.hand(self.declarer)
        if pinned:
            mover = position.to_move
            seen.setdefault(mover, frozenset())
            seen[mover] = seen[mover] | (pinned & position.hand(mover))
        return seen

    def _view(self, position: Position, who: Seat, seen: dict[Seat, frozenset[Card]], voids: Voids,
              legal: tuple[Card, ...]) -> tuple[object, ...]:
        """What ``who`` knows at ``position`` (the memo key and the seed of his layouts)."""
        hidden = [s for s in SEATS if s not in seen or seen[s] != position.hand(s)]
        unseen = frozenset().union(*(position.hand(s) for s in hidden)) - frozenset().union(
            *seen.values())
        return (
            who, position.to_move, position.leader, position.trick,
            tuple(sorted((s.index, tuple(sorted(map(str, cards)))) for s, cards in seen.items())),
            tuple(sorted(map(str, unseen))),
            tuple(sorted((s.index, len(position.hand(s))) for s in hidden)),
            tuple(sorted((s.index, str(suit)) for s, suit in voids if s in hidden)),
            legal, position.trump,
        )

    def _evaluate(self, position: Position, who: Seat, seen: dict[Seat, frozenset[Card]],
                  voids: Voids, cards: tuple[Card, ...], key: tuple[object, ...], level: int
                  ) -> tuple[Matrix, bool, Rows]:
        """The tricks each card takes for ``who``'s side in each layout drawn, drawing in rounds
        until the decision is settled at ``level`` (see the module docstring); whether they are
        all layouts; the decision's rows of probabilities."""
        rounds = self._rounds(position, who, seen, voids, cards, key, level)
        ask = next(rounds)
        while True:
            reply: Reply
            if isinstance(ask, Weigh):
                reply = stacked_probabilities(ask.stack, self.player)
            else:
                reply = ask[0].solve_many(ask[1])
            try:
                ask = rounds.send(reply)
            except StopIteration as done:
                return done.value  # type: ignore[no-any-return]

    def _rounds(self, position: Position, who: Seat, seen: dict[Seat, frozenset[Card]],
                voids: Voids, cards: tuple[Card, ...], key: tuple[object, ...], level: int
                ) -> Rounds:
        """:meth:`_evaluate` as rounds: each round yields the positions of its layouts (and the
        solver for them) and is sent their answers. ``key``: the player's view, which seeds the
        layouts (the same at every level)."""
        fixed = {s: seen[s] for s in SEATS if s in seen and seen[s] == position.hand(s)}
        partial = {s: seen[s] for s in seen if s not in fixed}
        unseen_seats = [s for s in SEATS if s not in fixed]
        pool = frozenset().union(*(position.hand(s) for s in unseen_seats)) - frozenset().union(
            *partial.values())
        sizes = {s: len(position.hand(s)) - len(partial.get(s, frozenset())) for s in unseen_seats}
        limits = limits_for(self.shown, position, who, partial)
        layouts = Layouts.of(pool, sizes, voids, limits)
        for seat in layouts.dropped:
            self.stats.shown_dropped[seat] = self.stats.shown_dropped.get(seat, 0) + 1
        count = layouts.count
        solver = self.small if self.small is not None and position.tricks_left <= 2 else self.solver

        def solved(worlds: list[Hands]) -> Generator[Ask, Reply, Matrix]:
            answers = yield solver, self._positions(position, fixed, partial, worlds)
            return self._matrix(position, who, cards, cast(list[dict[Card, int]], answers))

        if count <= self.worlds:
            matrix = yield from solved(layouts.all())
            return matrix, True, (yield from self._weighed(matrix, True, ""))
        view = repr(key)  # the seeds' text, written once
        rng = random.Random(_seed(self.seed, view))
        matrix = yield from solved([layouts.sample(rng) for _ in range(self.worlds)])
        real: list[dict[Card, int]] = []

        def told_apart(groups: list[list[int]]) -> Generator[Ask, Reply, bool]:
            """Whether one of ``groups`` holds cards of two suits, or cards of one suit that the
            real deal tells apart double-dummy (its position solved once, in the round that
            first asks)."""
            if any(len({cards[i].suit for i in group}) > 1 for group in groups):
                return True
            if not real:
                real.extend(cast(list[dict[Card, int]], (yield solver, [position])))
            return any(len({real[0][cards[i]] for i in group}) > 1 for group in groups)

        cap, tolerance, ties = self.limits(level)
        while len(matrix) < cap and not (
                yield from self._settled(matrix, view, told_apart, tolerance, ties)):
            want = min(2 * len(matrix), cap)
            if want >= count:
                matrix = yield from solved(layouts.all())
                return matrix, True, (yield from self._weighed(matrix, True, view))
            more = yield from solved([layouts.sample(rng) for _ in range(want - len(matrix))])
            matrix = np.vstack((matrix, more))
        return matrix, False, (yield from self._weighed(matrix, False, view))

    @staticmethod
    def _positions(position: Position, fixed: dict[Seat, frozenset[Card]],
                   partial: dict[Seat, frozenset[Card]], worlds: list[Hands]) -> list[Position]:
        """The position of each layout (the hands ``who`` sees, the others dealt)."""
        positions = []
        # per seat: his hand if ``who`` sees it all, else the cards ``who`` sees of it (if any)
        whole = [fixed.get(s) for s in SEATS]
        part = [partial.get(s, frozenset()) for s in SEATS]
        for world in worlds:
            hands = [h if h is not None else ((world[s] | p) if p else world[s])
                     for s, h, p in zip(SEATS, whole, part, strict=True)]
            positions.append(Position((hands[0], hands[1], hands[2], hands[3]), position.trump,
                                      position.leader, position.trick, position.ns_tricks,
                                      position.ew_tricks))
        return positions

    @staticmethod
    def _matrix(position: Position, who: Seat, cards: tuple[Card, ...],
                answers: list[dict[Card, int]]) -> Matrix:
        """Each layout solved double-dummy: one row per layout, one column per card, the tricks
        for ``who``'s side."""
        raw = np.array([[a[card] for card in cards] for a in answers], dtype=np.float64)
        if who.side is position.to_move.side:
            return raw
        return position.tricks_left - raw

    def limits(self, level: int) -> tuple[int, float, int]:
        """At ``level``: the most layouts a decision draws, the tolerance it is settled at, and
        the layouts up to which a tie between cards that are not equals draws more (see the
        module docstring)."""
        if not level:
            return self.max_worlds, self.tolerance, TIE_ROUNDS * self.worlds
        cap = level_cap(self.max_worlds, level)
        return cap, self.tolerance / (1 << level), cap

    def _settled(self, matrix: Matrix, view: str,
                 told_apart: Callable[[list[list[int]]], Generator[Ask, Reply, bool]],
                 tolerance: float, ties: int) -> Generator[Ask, Reply, bool]:
        """No two cards of two suits, or of one suit that the real deal tells apart
        (``told_apart`` of groups of columns), tie in every layout drawn (while fewer than
        ``ties`` are), and the cards' probabilities vary by at most ``tolerance`` over bootstrap
        resamples of the layouts (``view``: the ``repr`` of the decision's view)."""
        if len(matrix) < ties:
            groups = tied_columns(matrix)
            if groups and (yield from told_apart(groups)):
                return False
        stack = self._resampled(matrix, SETTLE_RESAMPLES, f"('settle', {len(matrix)}, {view})")
        rows = cast(Matrix, (yield Weigh(stack)))
        return float(np.std(rows, axis=0).max()) <= tolerance

    def _weighed(self, matrix: Matrix, exhaustive: bool, view: str
                 ) -> Generator[Ask, Reply, Rows]:
        """The decision's rows: the probabilities of ``matrix``, then of each replica (its
        layouts resampled; the same as the estimate when ``exhaustive``; ``view``: the ``repr``
        of the decision's view)."""
        if exhaustive:
            estimate = tuple(cast(Matrix, (yield Weigh(matrix[None])))[0].tolist())
            return (estimate,) * (1 + self.replicas)
        stack = self._resampled(matrix, self.replicas, f"('replicas', {view})")
        rows = cast(Matrix, (yield Weigh(np.concatenate((matrix[None], stack)))))
        return tuple(tuple(row) for row in rows.tolist())

    def _resampled(self, matrix: Matrix, count: int, salt: str) -> Matrix:
        """``count`` bootstrap resamples of the layouts (rows) of ``matrix``, seeded by
        ``salt`` (the ``repr`` of a tuple naming them and the decision's view)."""
        rng = np.random.default_rng(_seed(self.seed, salt))
        n = len(matrix)
        picks = rng.integers(0, n, size=(count, n))
        return matrix[picks]


def trunk_level(reach: float, floor: float) -> int:
    """The level a decision is asked at when a share ``reach`` of the replays passes through it:
    ``k`` from ``2**k`` times ``floor`` on (0 below twice ``floor``, or when ``floor`` is 0), so
    that its sampling error, scaled by its reach, stays about that of a decision at ``floor``."""
    if floor <= 0 or reach < 2 * floor:
        return 0
    return math.floor(math.log2(reach / floor) + 1e-9)


def level_cap(max_worlds: int, level: int) -> int:
    """The most layouts a decision draws at ``level``: ``max_worlds`` times ``2**level``, at
    most :data:`TRUNK_WORLDS` (never fewer than ``max_worlds``)."""
    return max(max_worlds, min(TRUNK_WORLDS, max_worlds << level))


def tied_columns(matrix: Matrix) -> list[list[int]]:
    """The groups of two columns or more of ``matrix`` that are alike in every row (cards that
    tie in every layout drawn), in column order."""
    groups: dict[bytes, list[int]] = {}
    for i in range(matrix.shape[1]):
        groups.setdefault(matrix[:, i].tobytes(), []).append(i)
    return [group for group in groups.values() if len(group) > 1]


def _solve_all(asks: dict[tuple[object, ...], Request]) -> dict[tuple[object, ...], Reply]:
    """The answers to every :data:`Request`, the positions of all asking the same solver sent to
    it in one ``solve_many``."""
    solvers: dict[int, tuple[Solver, list[tuple[object, ...]], list[Position]]] = {}
    for key, (solver, positions) in asks.items():
        entry = solvers.setdefault(id(solver), (solver, [], []))
        entry[1].append(key)
        entry[2].extend(positions)
    replies: dict[tuple[object, ...], Reply] = {}
    for solver, keys, positions in solvers.values():
        solved = solver.solve_many(positions) if positions else []
        start = 0
        for key in keys:
            n = len(asks[key][1])
            replies[key] = solved[start:start + n]
            start += n
    return replies


def _seed(seed: int, view: str) -> int:
    """The seed of a stream of draws: the run's ``seed`` and the ``repr`` of what it is for."""
    digest = hashlib.sha256(f"{seed}|{view}".encode()).digest()
    return int.from_bytes(digest[:8], "big")

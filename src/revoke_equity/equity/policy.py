"""The single-dummy player: a card chosen from what the player to play can know.

At each decision the player deals the unseen cards into ``worlds`` layouts consistent with what he
knows (:mod:`revoke_equity.equity.worlds`), has every layout solved double-dummy in one batch, values
each legal card by its mean trick count over the layouts (for his side), and plays a card with the
softmax probability of that value at temperature ``tau`` (the class of player). Equals count once:
touching cards (the lowest is played), and cards with the same tricks in every layout (the first in
card order is played). A decision with one legal card, or whose legal cards are all touching,
costs no solver call. Declarer decides for dummy.

The layouts are drawn from a seed and the player's view alone, so a decision is a function of what
the player knows: it is memoised on that view and identical in every process.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from revoke_equity.equity.shown import ShownHands, limits_for
from revoke_equity.equity.worlds import Layouts
from revoke_equity.model.cards import Card, Suit
from revoke_equity.model.position import Position, equal_groups
from revoke_equity.model.seats import SEATS, Seat, tricks_for
from revoke_equity.solver.base import Solver

Voids = frozenset[tuple[Seat, Suit]]
Choice = tuple[tuple[Card, float], ...]
"""Cards with their probabilities (summing to 1), the most probable first."""


@dataclass
class PolicyStats:
    decisions: int = 0
    """Decisions asked for (memo hits included)."""
    solved_decisions: int = 0
    """Decisions that needed the solver."""
    worlds_solved: int = 0
    """Layouts sent to the solver (a batch of n counts n)."""


def dummy_exposed(position: Position) -> bool:
    """Dummy's hand is faced once the opening lead is (Law 41D)."""
    return bool(position.trick) or position.ns_tricks + position.ew_tricks > 0


def softmax(values: Sequence[float], tau: float) -> list[float]:
    """Probabilities proportional to ``exp(value / tau)``; ``tau == 0`` shares the weight equally
    among the best values."""
    top = max(values)
    if tau <= 0:
        best = [1.0 if v >= top - 1e-9 else 0.0 for v in values]
        return [b / sum(best) for b in best]
    weights = [math.exp((v - top) / tau) for v in values]
    total = math.fsum(weights)
    return [w / total for w in weights]


class SingleDummyPolicy:
    """The card probabilities of a single-dummy player (see the module docstring)."""

    def __init__(self, solver: Solver, declarer: Seat, *, worlds: int, tau: float, seed: int,
                 small: Solver | None = None, shown: ShownHands | None = None) -> None:
        self.solver = solver
        self.shown = shown
        """What the auction showed: the layouts satisfy the constraints of the seats the player
        cannot see."""
        self.small = small
        """Solver for endings of at most two tricks (an exact search beats an engine call)."""
        self.declarer = declarer
        self.worlds = worlds
        self.tau = tau
        self.seed = seed
        self.stats = PolicyStats()
        self._memo: dict[tuple[object, ...], Choice] = {}
        self._worlds: dict[tuple[object, ...], int] = {}
        """Layouts solved for each memoised view (for :meth:`used`)."""
        self._used: dict[tuple[object, ...], None] = {}

    def used(self) -> list[tuple[tuple[object, ...], Choice, int]]:
        """The decisions asked for since the last call, solved now or before: ``(view, choice,
        layouts)``, in order."""
        out = [(view, self._memo[view], self._worlds.get(view, 0)) for view in self._used]
        self._used = {}
        return out

    def known(self) -> list[tuple[tuple[object, ...], Choice, int]]:
        """Every decision memoised here: ``(view, choice, layouts)``."""
        return [(view, choice, self._worlds.get(view, 0)) for view, choice in self._memo.items()]

    def learn(self, decisions: list[tuple[tuple[object, ...], Choice, int]]) -> None:
        """Take decisions solved elsewhere (another process) as if solved here: the stats count
        each view once, whoever solved it first."""
        for view, choice, worlds in decisions:
            if view not in self._memo:
                self._memo[view] = choice
                self._worlds[view] = worlds
                self.stats.solved_decisions += 1
                self.stats.worlds_solved += worlds

    def decider(self, position: Position) -> Seat:
        """Who chooses the card: the player to move, or declarer for dummy."""
        seat = position.to_move
        return self.declarer if seat is self.declarer.partner else seat

    def choose(self, position: Position, voids: Voids, *, among: Sequence[Card] | None = None,
               chooser: Seat | None = None, pinned: frozenset[Card] = frozenset()) -> Choice:
        """The probabilities of the cards the player to move may play (``among`` restricts them:
        the penalty cards, say). ``chooser`` is who decides when it is not the player to move or
        declarer for dummy (declarer designating a penalty card, Law 51); ``pinned`` are cards of
        the player to move that everyone can see (penalty cards on the table)."""
        self.stats.decisions += 1
        legal = sorted(position.legal_cards() if among is None else among, key=Card.sort_key)
        groups = equal_groups(position, legal)
        if len(groups) == 1:
            return ((groups[0][0], 1.0),)
        who = chooser or self.decider(position)
        seen = self._seen(position, who, pinned)
        key = self._view(position, who, seen, voids, tuple(legal))
        self._used[key] = None
        cached = self._memo.get(key)
        if cached is not None:
            return cached
        before = self.stats.worlds_solved
        reps, values = self._values(position, who, seen, voids, groups, key)
        self._worlds[key] = self.stats.worlds_solved - before
        probs = softmax(values, self.tau)
        ranked = sorted(zip(reps, probs, strict=True), key=lambda cp: -cp[1])
        choice = tuple((c, p) for c, p in ranked if p > 0)
        self._memo[key] = choice
        return choice

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

    def _values(self, position: Position, who: Seat, seen: dict[Seat, frozenset[Card]],
                voids: Voids, groups: list[list[Card]], key: tuple[object, ...]
                ) -> tuple[list[Card], list[float]]:
        """The cards to weigh (one per set of equals) and the mean tricks each gives ``who``'s
        side over the layouts. Cards with the same tricks in every layout are equals too (the
        player sees no difference between them): they count once, the first in card order."""
        fixed = {s: seen[s] for s in SEATS if s in seen and seen[s] == position.hand(s)}
        partial = {s: seen[s] for s in seen if s not in fixed}
        unseen_seats = [s for s in SEATS if s not in fixed]
        pool = frozenset().union(*(position.hand(s) for s in unseen_seats)) - frozenset().union(
            *partial.values())
        sizes = {s: len(position.hand(s)) - len(partial.get(s, frozenset())) for s in unseen_seats}
        layouts = Layouts.of(pool, sizes, voids, limits_for(self.shown, position, who, partial))
        rng = random.Random(_seed(self.seed, key))
        worlds = layouts.choose(self.worlds, rng)
        positions = []
        for world in worlds:
            hands = [fixed[s] if s in fixed else world[s] | partial.get(s, frozenset())
                     for s in SEATS]
            positions.append(Position((hands[0], hands[1], hands[2], hands[3]), position.trump,
                                      position.leader, position.trick, position.ns_tricks,
                                      position.ew_tricks))
        solver = self.small if self.small is not None and position.tricks_left <= 2 else self.solver
        answers = solver.solve_many(positions)
        self.stats.solved_decisions += 1
        self.stats.worlds_solved += len(positions)
        left = position.tricks_left
        reps: list[Card] = []
        values: list[float] = []
        seen_vectors: set[tuple[object, ...]] = set()
        for group in groups:
            card = group[0]
            vector = tuple(a[card] for a in answers)
            if vector in seen_vectors:
                continue
            seen_vectors.add(vector)
            mean = math.fsum(vector) / len(answers)
            reps.append(card)
            values.append(tricks_for(who.side, mean, position.to_move.side, left))
        return reps, values


def _seed(seed: int, view: tuple[object, ...]) -> int:
    digest = hashlib.sha256(f"{seed}|{view!r}".encode()).digest()
    return int.from_bytes(digest[:8], "big")

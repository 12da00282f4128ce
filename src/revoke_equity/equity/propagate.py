"""From a card policy to a distribution of declarer's final tricks.

A :class:`Line` is a counterfactual play in progress: the position, the voids shown so far (a
show-out is dropped when the player later plays the suit: it was a revoke), the suits the offender has
won tricks with (1997 64A2 needs them for a kept revoke) and, for the table estimator, how far each
player has got through his table cards. :func:`exact` propagates the policy's probabilities over
every line (memoised on the line's state); :func:`sampled` plays seeded playouts. Both are
deterministic. Given the single-dummy policy behind the decisions (``batch``), both ask for many
decisions at once (every line of one depth of the tree; one step of every playout of a block, the
playouts advanced in lockstep, each by its own seed) so that the solver gets their layouts in few
calls; the answers are the same as one decision at a time.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from revoke_equity.equity.policy import (
    Choice,
    Decision,
    Pending,
    SingleDummyPolicy,
    Voids,
    trunk_level,
)
from revoke_equity.model.cards import Card, Suit
from revoke_equity.model.distribution import Z95, wilson_interval
from revoke_equity.model.play import PlayRecord
from revoke_equity.model.position import Position, equal_groups, trick_winner
from revoke_equity.model.seats import Seat
from revoke_equity.solver.dds import position_key


@dataclass(frozen=True)
class Line:
    position: Position
    voids: Voids
    won_suits: frozenset[Suit] = frozenset()
    table: tuple[int, ...] = ()
    """Per seat (by index), how many of the table's cards from the comparison point on he has
    used up; empty when the estimator does not follow the table."""
    first: bool = True
    """No card has been played yet from the comparison point."""

    def key(self) -> tuple[object, ...]:
        p = self.position
        return (position_key(p), p.ns_tricks, p.ew_tricks, self.voids, self.won_suits, self.table,
                self.first)

    def play(self, card: Card, offender: Seat | None = None) -> Line:
        """The line after the player to move plays ``card``; ``offender`` set: record the suits he
        wins tricks with."""
        p = self.position
        seat = p.to_move
        led = p.suit_led
        if led is not None and card.suit is not led:
            voids = self.voids | {(seat, led)}
        else:
            voids = self.voids - {(seat, card.suit)}
        won = self.won_suits
        if offender is not None and len(p.trick) == 3:
            trick = (*p.trick, card)
            winner = trick_winner(p.leader, trick, p.trump)
            if winner is offender:
                won = won | {trick[(offender.index - p.leader.index) % 4].suit}
        table = self.table
        if table:
            table = tuple(n + 1 if i == seat.index else n for i, n in enumerate(table))
        return Line(p.play(card), voids, won, table, False)


def voids_shown(record: PlayRecord, upto: int) -> Voids:
    """The voids the table's play before card ``upto`` showed (and did not contradict)."""
    voids: set[tuple[Seat, Suit]] = set()
    for index in range(upto):
        position = record.positions[index]
        card = record.case.play[index]
        seat = position.to_move
        led = position.suit_led
        if led is not None and card.suit is not led:
            voids.add((seat, led))
        else:
            voids.discard((seat, card.suit))
    return frozenset(voids)


Policy = Callable[[Line], Decision | Choice]
"""A line's decision (a plain choice is the same in every replica)."""
Outcome = Callable[[Line], int]
@dataclass(frozen=True)
class BlockResult:
    """The outcome counts of one block of playouts run elsewhere, and what to do if the caller
    uses them (it may stop before: the blocks of a round past the stopping point are dropped)."""

    tally: Tally
    accept: Callable[[], None] = lambda: None


RunBlocks = Callable[[list[range]], list[BlockResult]]
"""Runs blocks of playouts (by their numbers) elsewhere."""

Advance = Callable[[int, int, str], None]
"""Told as an estimate advances: ``done`` of ``planned`` (playouts, or depths of the exact tree;
``planned`` 0 where the end is not known, as for the trunk's depths) and the same for people ("60
of 200 playouts, +/-0.08"). It draws no random number and must not raise, so the estimate is the
same with it or without."""


def tree_size(root: Line, limit: int, first: Sequence[Card] | None = None) -> int:
    """How many lines the exact propagation could expand from ``root`` (every legal card, equals
    once; ``first``: the cards of the first decision), counted without a solver; stops past
    ``limit``."""
    count = 0
    seen: set[tuple[object, ...]] = set()

    def walk(line: Line, cards: Sequence[Card] | None) -> None:
        nonlocal count
        if count > limit or line.position.is_over:
            return
        key = line.key()
        if key in seen:
            return
        seen.add(key)
        count += 1
        position = line.position
        legal = sorted(position.legal_cards() if cards is None else cards, key=Card.sort_key)
        for group in equal_groups(position, legal):
            walk(line.play(group[0]), None)

    walk(root, first)
    return count


class OverBudget(Exception):
    """The exact propagation would expand more lines than it was allowed."""


def remembered(policy: Policy) -> Policy:
    """``policy`` asked once per line state (:meth:`Line.key`): a policy's answer depends on the
    line's state alone (the exact propagation memoises on it too), so every later visit of the
    state, by another playout or the replay of the lines, is a look-up."""
    memo: dict[tuple[object, ...], Decision | Choice] = {}

    def ask(line: Line) -> Decision | Choice:
        key = line.key()
        answer = memo.get(key)
        if answer is None:
            answer = memo[key] = policy(line)
        return answer

    return ask


def as_decision(answer: Decision | Choice) -> Decision:
    """A policy's answer as a :class:`Decision` (a plain choice: the same in every replica)."""
    if isinstance(answer, Decision):
        return answer
    return Decision(tuple(c for c, _ in answer), (tuple(p for _, p in answer),))


def decide_all(policy: Policy, lines: Sequence[Line], batch: SingleDummyPolicy | None
               ) -> list[Decision]:
    """The decision at each of ``lines``; with ``batch`` (the single-dummy policy the decisions
    come from), those not yet memoised are solved together."""
    if batch is None:
        return [as_decision(policy(line)) for line in lines]
    out: list[Decision | None] = [None] * len(lines)
    while True:
        waiting = False
        with batch.collecting():
            for i, line in enumerate(lines):
                if out[i] is None:
                    try:
                        out[i] = as_decision(policy(line))
                    except Pending:
                        waiting = True
        if not waiting:
            return [d for d in out if d is not None]
        batch.resolve()


def _prefetch(root: Line, policy: Policy, batch: SingleDummyPolicy, offender: Seat | None,
              advance: Advance | None = None) -> None:
    """Solve the decisions of the tree :func:`exact_rows` walks (every card some replica plays),
    one depth at a time, each depth's together (``advance`` told after each)."""
    level = [root]
    depth, depths = 0, root.position.cards_left
    while level:
        distinct: dict[tuple[object, ...], Line] = {}
        for line in level:
            if not line.position.is_over:
                distinct.setdefault(line.key(), line)
        lines = list(distinct.values())
        level = []
        for line, decision in zip(lines, decide_all(policy, lines, batch), strict=True):
            weights = np.array(decision.rows)
            for i, card in enumerate(decision.cards):
                if weights[:, i].any():
                    level.append(line.play(card, offender))
        depth += 1
        if advance is not None:
            advance(depth, depths, f"exact: depth {depth} of {depths}, "
                                   f"{batch.stats.solved_decisions} decisions solved")


def walk_trunk(root: Line, policy: Policy, levels: dict[tuple[object, ...], int],
               batch: SingleDummyPolicy | None, offender: Seat | None, floor: float,
               advance: Advance | None = None) -> int:
    """Ask the decisions of the trunk from ``root``: the lines the replay reaches with a
    probability of at least twice ``floor`` (under the estimate's decisions, every path to a
    line summed), one depth at a time, each depth's together. Before a line is asked its level
    (:func:`~revoke_equity.equity.policy.trunk_level` of its reach) goes into ``levels``, which
    ``policy`` reads, so that every later visit finds the converged decision. The sampling error
    of a decision's layouts reaches the estimate scaled by its reach, so this keeps each trunk
    decision's share of the estimate's error about that of a decision reached by ``floor`` of the
    replays (0: no trunk). Returns how many lines are on the trunk. ``advance``: told after each
    depth, with nothing planned (0: the trunk's depth is not known before it is walked)."""
    front: dict[tuple[object, ...], tuple[Line, float]] = {root.key(): (root, 1.0)}
    depth, count = 0, 0
    while front:
        lines = []
        for key, (line, reach) in front.items():
            level = trunk_level(reach, floor)
            if level and not line.position.is_over:
                levels[key] = level
                lines.append((line, reach))
        count += len(lines)
        front = {}
        decisions = decide_all(policy, [line for line, _ in lines], batch)
        for (line, reach), decision in zip(lines, decisions, strict=True):
            for card, p in zip(decision.cards, decision.rows[0], strict=True):
                if p > 0:
                    child = line.play(card, offender)
                    key = child.key()
                    before = front.get(key)
                    front[key] = (child, reach * p + (before[1] if before else 0.0))
        depth += 1
        if advance is not None and lines:  # how deep the trunk goes is not known before
            advance(depth, 0, f"{count} decisions most replays reach converged, "
                              f"{depth} cards deep")
    return count


def exact_rows(root: Line, policy: Policy, outcome: Outcome, budget: int,
               offender: Seat | None = None, batch: SingleDummyPolicy | None = None,
               advance: Advance | None = None) -> npt.NDArray[np.float64]:
    """The exact distribution of ``outcome`` (0-13) at the end of the board under ``policy``, for
    the estimate (row 0) and each replica of its decisions (the rows after); raises
    :class:`OverBudget` after ``budget`` distinct lines. ``batch``: the decisions' single-dummy
    policy, to solve them a depth at a time (the caller has checked the tree is within budget,
    :func:`tree_size`). ``advance``: told after each depth so solved."""
    if batch is not None:
        _prefetch(root, policy, batch, offender, advance)
    memo: dict[tuple[object, ...], npt.NDArray[np.float64]] = {}

    def walk(line: Line) -> npt.NDArray[np.float64]:
        if line.position.is_over:
            out = np.zeros((1, 14))
            out[0, outcome(line)] = 1.0
            return out
        key = line.key()
        cached = memo.get(key)
        if cached is not None:
            return cached
        if len(memo) >= budget:
            raise OverBudget
        decision = as_decision(policy(line))
        weights = np.array(decision.rows)  # rows x cards
        total: npt.NDArray[np.float64] = np.zeros((1, 14))
        for i, card in enumerate(decision.cards):
            column = weights[:, i:i + 1]
            if column.any():
                total = total + column * walk(line.play(card, offender))
        memo[key] = total
        return total

    return walk(root)


def exact(root: Line, policy: Policy, outcome: Outcome, budget: int,
          offender: Seat | None = None) -> dict[int, float]:
    """The exact distribution of ``outcome`` at the end of the board under ``policy`` (the
    estimate's row); raises :class:`OverBudget` after ``budget`` distinct lines."""
    row = exact_rows(root, policy, outcome, budget, offender)[0]
    return {t: float(p) for t, p in enumerate(row) if p > 0}


UNSEEN_FLOOR = 0.0005
"""A result no playout ended with keeps the share the correction gives it only from this on (a
share that a report would print as 0.0%)."""
NARROWED_FROM = 5
"""The correction narrows a result's interval only where at least this many playouts ended
there, and at least this many did not."""

Control = Callable[[Sequence[tuple[Line, tuple[Card, ...]]]], list[tuple[int, ...]]]
"""For each line and the cards of its decision: the outcome each card leads to when the rest of
the board is played double-dummy on the real deal (the control variate's prediction)."""


@dataclass
class Tally:
    """What a set of playouts gave: how many ended with each outcome under the estimate's
    decisions, and for each replica of the decisions (rows) the playouts' likelihood ratios
    summed by outcome (columns 0-13): the same playouts, weighed as if each decision had
    been the replica's, give the replica's distribution without playing again.

    With a control (:data:`Control`), each playout also carries its correction: at every decision,
    the outcome the double-dummy play predicts averaged over the decision's cards (by their
    probabilities) less the prediction for the card played. Its expectation is 0 whatever the
    prediction, so an outcome's share plus a multiple of the mean correction is an unbiased
    estimate, and the variance falls as far as the prediction follows the play
    (:meth:`coefficient`). ``corrections``, ``squares`` and ``cross`` are the per-outcome sums of
    the corrections, of their squares and of their products with the playouts' indicators;
    ``corrected`` the replicas' corrections, weighed like ``weights``."""

    counts: Counter[int]
    weights: npt.NDArray[np.float64]
    corrections: npt.NDArray[np.float64] = field(default_factory=lambda: np.zeros(14))
    squares: npt.NDArray[np.float64] = field(default_factory=lambda: np.zeros(14))
    cross: npt.NDArray[np.float64] = field(default_factory=lambda: np.zeros(14))
    corrected: npt.NDArray[np.float64] = field(default_factory=lambda: np.zeros((0, 14)))

    @classmethod
    def empty(cls, replicas: int) -> Tally:
        return cls(Counter(), np.zeros((replicas, 14)), corrected=np.zeros((replicas, 14)))

    def update(self, other: Tally) -> None:
        self.counts.update(other.counts)
        self.weights = self.weights + other.weights
        self.corrections = self.corrections + other.corrections
        self.squares = self.squares + other.squares
        self.cross = self.cross + other.cross
        self.corrected = self.corrected + other.corrected

    @property
    def done(self) -> int:
        return sum(self.counts.values())

    def shares(self) -> npt.NDArray[np.float64]:
        """Each outcome's share of the playouts (0-13)."""
        out = np.zeros(14)
        for t, n in self.counts.items():
            out[t] = n
        return out / max(1, self.done)

    def coefficient(self) -> float:
        """The multiple of the mean correction added to the shares: the one of least total
        variance over the outcomes, from these playouts, kept within [0, 1]; 1 (the prediction
        followed as it is) where fewer than :data:`NARROWED_FROM` playouts left the most common
        outcome, as such a fit has nothing to go on (it would drop a correction that every
        playout carries alike)."""
        n = self.done
        if n < 2:
            return 1.0
        mean_c = self.corrections / n
        var_c = float(np.sum(self.squares / n - mean_c ** 2))
        if var_c <= 1e-12 or n - max(self.counts.values()) < NARROWED_FROM:
            return 1.0
        cov = float(np.sum(self.cross / n - self.shares() * mean_c))
        return min(1.0, max(0.0, -cov / var_c))

    def estimate(self) -> npt.NDArray[np.float64]:
        """The distribution (0-13): the shares plus :meth:`coefficient` times the mean
        correction, a negative value (from the prediction's noise, at most a few thousandths)
        set to 0, and so is the share below :data:`UNSEEN_FLOOR` that the correction gives a
        result no playout ended with; the rest renormalised."""
        raw = _normalised(self.shares() + self.coefficient() * self.corrections
                          / max(1, self.done))
        for t in range(14):
            if not self.counts[t] and raw[t] < UNSEEN_FLOOR:
                raw[t] = 0.0
        return _normalised(raw)

    def narrowed(self) -> npt.NDArray[np.bool_]:
        """Per outcome: whether the correction may narrow its interval: at least
        :data:`NARROWED_FROM` playouts ended there, and at least as many did not (a rare
        result's variance cannot be told from a handful of playouts)."""
        n = self.done
        counts = self.shares() * n
        return (counts >= NARROWED_FROM - 0.5) & (n - counts >= NARROWED_FROM - 0.5)

    def variance_ratios(self) -> npt.NDArray[np.float64]:
        """Per outcome: the variance of a playout's corrected value over its indicator's, where
        :meth:`narrowed`; 1 elsewhere."""
        n = max(1, self.done)
        a = self.coefficient()
        p = self.shares()
        mean_c = self.corrections / n
        plain = p * (1 - p)
        corrected = (plain + a * a * (self.squares / n - mean_c ** 2)
                     + 2 * a * (self.cross / n - p * mean_c))
        out = np.ones(14)
        varies = self.narrowed()
        out[varies] = np.maximum(corrected[varies], 0.0) / plain[varies]
        return out

    def half_widths(self) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """The playouts' own 95% half-interval below and above :meth:`estimate` per outcome.
        Where :meth:`narrowed`: the Wilson interval of the outcome's share, each half scaled by
        the square root of :meth:`variance_ratios` (the correction's share of the variance taken
        off), and where that took variance off each half at least Student's t times the
        corrected values' standard error (the corrected estimate's error is symmetric, where the
        share's Wilson interval is not, and its variance is itself estimated from the playouts).
        Elsewhere: the share's Wilson interval stretched to take in the estimate too."""
        n = self.done
        p = self.shares()
        estimate = self.estimate()
        ratios = self.variance_ratios()
        narrowed = self.narrowed()
        below, above = np.zeros(14), np.zeros(14)
        t95 = student_t95(n - 1) if n > 1 else 0.0
        for t in range(14):
            lo, hi = wilson_interval(self.counts[t], n) if n else (0.0, 1.0)
            if not narrowed[t]:
                below[t] = estimate[t] - min(lo, estimate[t])
                above[t] = max(hi, estimate[t]) - estimate[t]
                continue
            scale = math.sqrt(ratios[t])
            below[t] = (p[t] - lo) * scale
            above[t] = (hi - p[t]) * scale
            if ratios[t] < 1.0:
                symmetric = t95 * math.sqrt(ratios[t] * p[t] * (1 - p[t]) / (n - 1))
                below[t] = max(below[t], symmetric)
                above[t] = max(above[t], symmetric)
        return below, above

    def widest(self) -> float:
        """The widest half 95% interval of the playouts' own error, over the outcomes drawn (0
        with no playouts)."""
        if not self.done:
            return 0.0
        below, above = self.half_widths()
        drawn = [t for t, k in self.counts.items() if k]
        return max(max(float(below[t]), float(above[t])) for t in drawn)

    def replica_distributions(self) -> npt.NDArray[np.float64]:
        """Each replica's distribution (rows), from the weighed playouts and their weighed
        corrections (with the estimate's :meth:`coefficient`)."""
        raw = self.weights + self.coefficient() * self.corrected
        totals = self.weights.sum(axis=1, keepdims=True)
        rows = np.divide(raw, totals, out=np.zeros_like(raw), where=totals > 0)
        return np.vstack([_normalised(row) if row.any() else row for row in rows]) \
            if len(rows) else rows


_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262)
"""Student's t two-sided 95% quantiles for 1 to 9 degrees of freedom (the table)."""


def student_t95(df: int) -> float:
    """Student's t two-sided 95% quantile for ``df`` degrees of freedom: the table below 10,
    else the Cornish-Fisher expansion about the normal quantile (within 0.003 of the table)."""
    if df < 1:
        raise ValueError("Student's t needs at least one degree of freedom")
    if df <= len(_T95):
        return _T95[df - 1]
    z = Z95
    return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)


def _normalised(raw: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    clipped = np.maximum(raw, 0.0)
    total = clipped.sum()
    return clipped / total if total > 0 else clipped


def sampled(root: Line, policy: Policy, outcome: Outcome, playouts: int, seed: int,
            offender: Seat | None = None, *, precision: float = 0.0, block: int = 20,
            run_blocks: RunBlocks | None = None, width: int = 1, replicas: int = 0,
            batch: SingleDummyPolicy | None = None, advance: Advance | None = None,
            control: Control | None = None, settled: Callable[[Tally], bool] | None = None
            ) -> Tally:
    """Seeded playouts (see :func:`playout_block`, ``control`` its control variate): at most
    ``playouts``, in blocks of ``block``; with ``precision`` > 0, no more once every result's 95%
    interval from the playouts (:meth:`Tally.widest`) is within +/-``precision``. The check
    follows each block in order, so the tally is the same however the blocks are run: here one
    at a time, or ``width`` at a time by ``run_blocks`` (in other processes). ``settled``: also
    stop once it says so of the tally, from :data:`SETTLED_FROM` playouts on, where every interval
    is within twice the precision. ``advance``: told after each block, with the widest 95%
    interval so far."""
    blocks = [range(start, min(start + block, playouts)) for start in range(0, playouts, block)]
    tally = Tally.empty(replicas)
    done = 0
    while done < len(blocks):
        round_ = blocks[done:done + width]
        if run_blocks is None:
            results = [BlockResult(playout_block(root, policy, outcome, numbers, seed, offender,
                                                 replicas, batch, control))
                       for numbers in round_]
        else:
            results = run_blocks(round_)
        for result in results:
            result.accept()
            tally.update(result.tally)
            done += 1
            if advance is not None:
                advance(tally.done, playouts, f"{tally.done}/{playouts} playouts, "
                                              f"+/-{tally.widest():.2f}")
            if precision > 0 and done < len(blocks) and _enough(tally, precision, settled):
                return tally
    return tally


SETTLED_FROM = 40
"""The fewest playouts after which a settled tally stops the sampling short of its precision."""


def _enough(tally: Tally, precision: float, settled: Callable[[Tally], bool] | None) -> bool:
    widest = tally.widest()
    return widest <= precision or (settled is not None and tally.done >= SETTLED_FROM
                                   and widest <= 2 * precision and settled(tally))


def playout(root: Line, policy: Policy, seed: int, number: int, offender: Seat | None = None
            ) -> tuple[Line, list[tuple[Line, Decision, int]]]:
    """Playout ``number`` (seeded by its number alone) under the estimate's decisions: the line
    at the end, and each step's line, decision and the index of the card played."""
    rng = random.Random(playout_seed(seed, number))
    steps = []
    line = root
    while not line.position.is_over:
        decision = as_decision(policy(line))
        index = pick_index(decision.rows[0], rng.random())
        steps.append((line, decision, index))
        line = line.play(decision.cards[index], offender)
    return line, steps


def playouts_lockstep(root: Line, policy: Policy, seed: int, numbers: range,
                      offender: Seat | None, batch: SingleDummyPolicy
                      ) -> list[tuple[Line, list[tuple[Line, Decision, int]]]]:
    """:func:`playout` for each of ``numbers``, advanced together a card at a time, the
    decisions of each step solved together (each playout draws from its own seed, so each is
    the playout alone)."""
    rngs = [random.Random(playout_seed(seed, number)) for number in numbers]
    lines = [root] * len(rngs)
    steps: list[list[tuple[Line, Decision, int]]] = [[] for _ in rngs]
    active = [i for i, line in enumerate(lines) if not line.position.is_over]
    while active:
        decisions = decide_all(policy, [lines[i] for i in active], batch)
        for i, decision in zip(active, decisions, strict=True):
            index = pick_index(decision.rows[0], rngs[i].random())
            steps[i].append((lines[i], decision, index))
            lines[i] = lines[i].play(decision.cards[index], offender)
        active = [i for i in active if not lines[i].position.is_over]
    return list(zip(lines, steps, strict=True))


def playout_block(root: Line, policy: Policy, outcome: Outcome, numbers: range, seed: int,
                  offender: Seat | None = None, replicas: int = 0,
                  batch: SingleDummyPolicy | None = None, control: Control | None = None) -> Tally:
    """The playouts numbered ``numbers`` (:func:`playout`) under the estimate's decisions,
    weighed for the first ``replicas`` replicas of the decisions; ``batch``: the decisions'
    single-dummy policy, to play them in lockstep (:func:`playouts_lockstep`); ``control``: the
    double-dummy predictions behind each playout's correction (:class:`Tally`), asked once for
    the block's distinct decisions between two cards or more."""
    tally = Tally.empty(replicas)
    played = (playouts_lockstep(root, policy, seed, numbers, offender, batch) if batch is not None
              else [playout(root, policy, seed, number, offender) for number in numbers])
    predicted = _predictions(played, control) if control is not None else {}
    for end, steps in played:
        ratio = np.ones(replicas)
        correction = np.zeros(14)
        corrected = np.zeros((replicas, 14))
        for line, decision, index in steps:
            rows = np.asarray(decision.rows)
            within = rows[1:replicas + 1] if replicas and len(rows) > 1 else None
            totals = predicted.get(line.key()) if len(decision.cards) > 1 else None
            if totals is not None:
                columns = np.asarray(totals)
                expected = np.zeros((len(rows), 14))
                for i, t in enumerate(columns):
                    expected[:, t] += rows[:, i]
                correction += expected[0]
                correction[columns[index]] -= 1.0
                if replicas:
                    theirs = expected[1:replicas + 1] if within is not None \
                        else np.broadcast_to(expected[0], (replicas, 14))
                    step = ratio[:, None] * theirs
                    rho = within[:, index] / rows[0, index] if within is not None \
                        else np.ones(replicas)
                    step[:, columns[index]] -= ratio * rho
                    corrected += step
            if within is not None:
                ratio = ratio * (within[:, index] / rows[0, index])
        total = outcome(end)
        tally.counts[total] += 1
        tally.weights[:, total] += ratio
        if control is not None:
            tally.corrections += correction
            tally.squares += correction ** 2
            tally.cross[total] += correction[total]
            tally.corrected += corrected
    return tally


def _predictions(played: Sequence[tuple[Line, list[tuple[Line, Decision, int]]]],
                 control: Control) -> dict[tuple[object, ...], tuple[int, ...]]:
    """The control's predictions for every distinct decision between two cards or more of the
    playouts, asked for in one call."""
    wanted: dict[tuple[object, ...], tuple[Line, tuple[Card, ...]]] = {}
    for _, steps in played:
        for line, decision, _ in steps:
            if len(decision.cards) > 1:
                wanted.setdefault(line.key(), (line, decision.cards))
    answers = control(list(wanted.values()))
    return dict(zip(wanted, answers, strict=True))


def pick_index(probabilities: Sequence[float], u: float) -> int:
    """The index at cumulative probability ``u`` (0 <= u < 1), skipping probability 0."""
    acc = 0.0
    last = 0
    for i, p in enumerate(probabilities):
        if p <= 0:
            continue
        acc += p
        last = i
        if u < acc:
            return i
    return last


def pick(choice: Choice, u: float) -> Card:
    """The card of ``choice`` at cumulative probability ``u`` (0 <= u < 1)."""
    acc = 0.0
    last = choice[-1][0]
    for card, p in choice:
        if p <= 0:
            continue
        acc += p
        last = card
        if u < acc:
            return card
    return last


def modal(root: Line, policy: Policy, offender: Seat | None = None) -> list[tuple[Line, Card]]:
    """The most probable card at every step, from ``root`` to the end: ``(line, card)`` pairs."""
    steps = []
    line = root
    while not line.position.is_over:
        card = as_decision(policy(line)).choice[0][0]
        steps.append((line, card))
        line = line.play(card, offender)
    return steps


def playout_seed(seed: int, number: int) -> int:
    digest = hashlib.sha256(f"{seed}|playout|{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")

"""The ``sd`` and ``table`` estimates: players who see only what they can see.

``sd``: from the comparison point every card is chosen by the single-dummy policy
(:mod:`revoke_equity.equity.policy`); the offender's first card among the cards he had to choose
from (declarer designating when several penalty cards could be played, Law 51).

``table``: the table's later cards are kept wherever they stay legal and held and the law does not
let their player change them (after a revoke that Law 62D corrects, or one not established that
Law 62 corrects, a non-offender may change each card he played after it, Law 62C1); any other card
is the single-dummy policy's.

In the corrected play of a revoke that is not established (a point with a ``correction``), every
player is held to what the correction allows (a penalty card at the first legal opportunity, Law
50D1; a 62C2 card that stands).
The departures from the table's play are listed (along the most probable line).

The distribution is propagated exactly when the tree of lines is small enough, else estimated from
seeded playouts with a 95% interval per result. Both are deterministic for a seed, whatever the
process.
"""

from __future__ import annotations

import hashlib
import math
import pickle
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from typing import cast

import numpy as np
import numpy.typing as npt

from revoke_equity.equity.dd_equity import DoubleDummy
from revoke_equity.equity.estimate import Estimate, EstimateOptions, Estimator
from revoke_equity.equity.lines import OutcomeLine, exact_lines, sampled_lines
from revoke_equity.equity.policy import Decision, SingleDummyPolicy
from revoke_equity.equity.propagate import (
    Advance,
    BlockResult,
    Control,
    Line,
    OverBudget,
    Policy,
    Tally,
    exact_rows,
    modal,
    playout_block,
    remembered,
    sampled,
    student_t95,
    tree_size,
    voids_shown,
    walk_trunk,
)
from revoke_equity.equity.shown import ShownHands
from revoke_equity.laws import twelfth_trick
from revoke_equity.laws.comparison import ComparisonPoint
from revoke_equity.model.cards import Card
from revoke_equity.model.distribution import Z95, TrickDistribution
from revoke_equity.model.play import PlayRecord
from revoke_equity.model.seats import SEATS, Seat, Side, tricks_for
from revoke_equity.solver.base import Solver
from revoke_equity.solver.bruteforce import BruteForceSolver


class _Estimator:
    name = ""

    def __init__(self, record: PlayRecord, options: EstimateOptions,
                 policy: SingleDummyPolicy | None = None, advance: Advance | None = None) -> None:
        self.record = record
        self.options = options
        self.shared = policy
        """A policy shared with the ruling's other estimates (its decisions are memoised on the
        player's view, so they serve every estimate alike); ``None``: one of its own."""
        self.advance = advance
        """Told as the estimate advances (playouts, or depths of the exact tree)."""

    def new_policy(self, solver: Solver) -> SingleDummyPolicy:
        opts = self.options
        shown = None if opts.ignore_auction else ShownHands.of(self.record.case)[0]
        return new_policy(solver, self.record.case.declarer, opts, shown)

    def policy(self, point: ComparisonPoint, sd: SingleDummyPolicy,
               levels: Mapping[tuple[object, ...], int]) -> tuple[Line, Policy]:
        """The line at the comparison point and the policy that plays from it (each line's
        decision asked at its level in ``levels``, 0 where it has none: see
        :func:`~revoke_equity.equity.propagate.walk_trunk`)."""
        raise NotImplementedError

    def played(self, point: ComparisonPoint, sd: SingleDummyPolicy, offender: Seat | None,
               levels: dict[tuple[object, ...], int]) -> tuple[Line, Policy]:
        """The line at the comparison point and its policy, remembered per line, with the
        trunk's decisions converged (``levels`` filled as they are)."""
        root, policy = self.policy(point, sd, levels)
        policy = remembered(policy)
        walk_trunk(root, policy, levels, sd, offender, self.options.trunk, self.advance)
        return root, policy

    def _first(self, point: ComparisonPoint, sd: SingleDummyPolicy, line: Line,
               level: int) -> Decision:
        """The offender's card at the comparison point, among the cards he could have played. A
        penalty card of another suit than the one led is playable only by a player void in it
        (Law 50D1), so the layouts imagined for declarer designating one (Law 51) are void too."""
        declarer = self.record.case.declarer
        voids = line.voids
        led = line.position.suit_led
        if led is not None and not any(card.suit is led for card in point.choices):
            voids = voids | {(line.position.to_move, led)}
        return sd.decide(line.position, voids, among=point.choices,
                         chooser=declarer if point.designated_by_declarer else None,
                         pinned=frozenset(point.choices) if point.designated_by_declarer
                         else frozenset(), level=level)

    def _restricted(self, point: ComparisonPoint, sd: SingleDummyPolicy, line: Line,
                    level: int) -> Decision | None:
        """In the corrected play of a revoke that is not established (Law 62, after the
        offender's substituted card): the decision the correction imposes (a 62C2 table card that
        stands; a major penalty card at the first legal opportunity, Law 50D1, declarer
        designating among several, Law 51); ``None``: the player is free."""
        if point.correction is None:
            return None
        allowed = point.correction.allowed(line.position)
        if allowed is None:
            return None
        if len(allowed) == 1:
            return Decision.certain(allowed[0], sd.replicas)
        return sd.decide(line.position, line.voids, among=allowed,
                         chooser=self.record.case.declarer, pinned=frozenset(allowed),
                         level=level)

    def estimate(self, point: ComparisonPoint, solver: Solver) -> Estimate:
        opts = self.options
        sd = self.shared or self.new_policy(solver)
        decisions, worlds = sd.stats.solved_decisions, sd.stats.worlds_solved
        offender = point.player if point.tracks_offender_wins else None
        levels: dict[tuple[object, ...], int] = {}
        root, policy = self.played(point, sd, offender, levels)
        outcome = partial(_outcome, point)
        parameters: dict[str, object] = {
            "players": opts.players, "tau": opts.player.tau, "slip": opts.player.slip,
            "sure": opts.player.sure, "rare": opts.player.rare,
            "worlds": opts.worlds, "max_worlds": max(opts.worlds, opts.max_worlds),
            "tolerance": opts.tolerance, "trunk": opts.trunk, "seed": opts.seed}
        if opts.ignore_auction:
            parameters["ignore_auction"] = True
        try:
            if tree_size(root, opts.exact_budget, point.choices) > opts.exact_budget:
                raise OverBudget
            rows = exact_rows(root, policy, outcome, opts.exact_budget, offender, sd, self.advance)
            distribution = TrickDistribution.from_mapping(
                {t: float(p) for t, p in enumerate(rows[0]) if p > 0})
            interval = _exact_interval(rows, opts.worlds)
            parameters["method"] = "exact"
        except OverBudget:
            fan_out = None
            control = point_control(point, solver, sd.batched)
            if opts.jobs > 1:
                def local(numbers: range) -> Tally:
                    return playout_block(root, policy, outcome, numbers, opts.seed, offender,
                                         sd.replicas, sd, control)

                fan_out = _ProcessBlocks(self.name, self.record, opts, point, sd, local, levels)
            possible = possible_results(point)

            def settled(tally: Tally) -> bool:
                return single_result(sampled_interval(tally, possible, opts.worlds),
                                     opts.likely, opts.probable)

            tally = sampled(root, policy, outcome, opts.playouts, opts.seed, offender,
                            precision=opts.precision, run_blocks=fan_out, width=opts.jobs,
                            replicas=sd.replicas, batch=sd, advance=self.advance,
                            control=control, settled=settled)
            distribution = TrickDistribution.from_mapping(
                {t: float(p) for t, p in enumerate(tally.estimate()) if p > 0})
            interval = sampled_interval(tally, possible, opts.worlds)
            parameters["method"] = "sampled"
            parameters["playouts"] = tally.done
            parameters["precision"] = opts.precision
            parameters["control"] = round(tally.coefficient(), 4)
        details = self.details(point, root, policy, offender)
        details["lines"] = self._lines(root, policy, outcome, offender, distribution,
                                       parameters)
        details["decisions"] = sd.stats.solved_decisions - decisions
        worlds = sd.stats.worlds_solved - worlds
        return Estimate(self.name, distribution, parameters, worlds, interval, details)

    def details(self, point: ComparisonPoint, root: Line, policy: Policy,
                offender: Seat | None) -> dict[str, object]:
        return {}

    def _lines(self, root: Line, policy: Policy, outcome: Callable[[Line], int],
               offender: Seat | None, distribution: TrickDistribution,
               parameters: dict[str, object]) -> list[OutcomeLine]:
        """The line behind each result at all probable, the most likely first."""
        probable = sorted(distribution.probable(self.options.probable),
                          key=lambda t: -distribution[t])
        if parameters["method"] == "exact":
            found = exact_lines(root, policy, outcome, probable, self.options.exact_budget,
                                offender)
        else:
            found = sampled_lines(root, policy, outcome, probable,
                                  cast(int, parameters["playouts"]), self.options.seed,
                                  offender)
        return [found[t] for t in probable if t in found]


class SingleDummy(_Estimator):
    """The ``sd`` estimator."""

    name = "sd"

    def policy(self, point: ComparisonPoint, sd: SingleDummyPolicy,
               levels: Mapping[tuple[object, ...], int]) -> tuple[Line, Policy]:
        root = Line(point.position, voids_shown(self.record, point.revoke.index))

        def policy(line: Line) -> Decision:
            level = levels.get(line.key(), 0)
            if line.first:
                return self._first(point, sd, line, level)
            imposed = self._restricted(point, sd, line, level)
            return imposed if imposed is not None else sd.decide(line.position, line.voids,
                                                                 level=level)

        return root, policy


class TablePlayKept(_Estimator):
    """The ``table`` estimator."""

    name = "table"

    def _queues(self, point: ComparisonPoint) -> dict[Seat, list[Card]]:
        queues: dict[Seat, list[Card]] = {seat: [] for seat in SEATS}
        record = self.record
        for index in range(point.revoke.index, len(record.case.play)):
            queues[record.positions[index].to_move].append(record.case.play[index])
        return queues

    def policy(self, point: ComparisonPoint, sd: SingleDummyPolicy,
               levels: Mapping[tuple[object, ...], int]) -> tuple[Line, Policy]:
        root = Line(point.position, voids_shown(self.record, point.revoke.index), table=(0, 0, 0, 0))
        queues = self._queues(point)

        changeable = self._changeable(point)

        def policy(line: Line) -> Decision:
            level = levels.get(line.key(), 0)
            if not line.first and (
                    imposed := self._restricted(point, sd, line, level)) is not None:
                return imposed
            wanted = self._wanted(queues, line)
            allowed = point.choices if line.first else None
            if (wanted is not None and _keeps(line, wanted, allowed)
                    and not changeable(line.position.to_move)):
                return Decision.certain(wanted, sd.replicas)
            if line.first:
                return self._first(point, sd, line, level)
            return sd.decide(line.position, line.voids, level=level)

        return root, policy

    def _changeable(self, point: ComparisonPoint) -> Callable[[Seat], bool]:
        """Whose table cards from the comparison point on the law lets their player change: when
        the revoke there is corrected (Law 62 for a revoke not established, 62D on trick 12
        noticed in time), each non-offender may withdraw a card he played after it (62C1; the
        offending side's card that 62C2 lets stand is imposed by the correction); otherwise no
        one."""
        corrected = point.correction is not None or (
            point.trick == 12 and point.revoke.established
            and twelfth_trick.applies(self.record.case.noticed))
        offending = point.revoke.side
        return lambda seat: corrected and seat.side is not offending

    @staticmethod
    def _wanted(queues: dict[Seat, list[Card]], line: Line) -> Card | None:
        seat = line.position.to_move
        used = line.table[seat.index]
        queue = queues[seat]
        return queue[used] if used < len(queue) else None

    def details(self, point: ComparisonPoint, root: Line, policy: Policy,
                offender: Seat | None) -> dict[str, object]:
        queues = self._queues(point)
        changeable = self._changeable(point)
        departures: list[str] = []
        for line, card in modal(root, policy, offender):
            wanted = self._wanted(queues, line)
            if wanted == card:
                continue
            seat = line.position.to_move
            trick = 14 - line.position.tricks_left
            if wanted is None:
                why = "the table's play had stopped (claim)"
            elif changeable(seat) and _keeps(line, wanted, None):
                why = (f"the revoke is corrected and Law 62C1 lets {seat} change the table's "
                       f"{wanted}")
            elif wanted not in line.position.hand(seat):
                why = f"the table's {wanted} is no longer held"
            else:
                why = f"the table's {wanted} is not legal here (it was a revoke, or the lead changed)"
            departures.append(f"Trick {trick}: {seat} plays {card} (single-dummy): {why}.")
        return {"departures": departures}


class _ProcessBlocks:
    """Runs blocks of playouts in loky worker processes (each with its own DDS), and teaches
    the parent's policy what the workers solved, so that later estimates and the counts of
    solver work are the same as in one process."""

    def __init__(self, name: str, record: PlayRecord, options: EstimateOptions,
                 point: ComparisonPoint, policy: SingleDummyPolicy,
                 local: Callable[[range], Tally], levels: dict[tuple[object, ...], int]) -> None:
        self.job = (name, record, options, point, levels)
        self.token = hashlib.sha256(pickle.dumps(self.job)).hexdigest()
        self.policy = policy
        self.local = local
        self.spent = 0.0

    def __call__(self, blocks: list[range]) -> list[BlockResult]:
        """The blocks' results, in order. The first blocks run here until they have taken
        :data:`FAN_OUT_AFTER` seconds (starting worker processes costs about a second); the rest
        in workers, whose decisions the parent's policy learns for each block the caller uses."""
        if self.spent < FAN_OUT_AFTER:
            start = time.perf_counter()
            counts = self.local(blocks[0])
            self.spent += time.perf_counter() - start
            return [BlockResult(counts)]
        from joblib import Parallel, delayed  # type: ignore[import-untyped]  # no type stubs

        known = self.policy.known()  # what the workers need not solve again
        results = Parallel(n_jobs=len(blocks), backend="loky")(
            delayed(_worker_block)(self.token, self.job, numbers, known) for numbers in blocks)
        return [BlockResult(counts, partial(self.policy.learn, used)) for counts, used in results]


FAN_OUT_AFTER = 1.5
"""Seconds of playouts in this process before the rest go to worker processes."""


_WORKER_ESTIMATES: dict[str, tuple[Line, Policy, SingleDummyPolicy, Callable[[Line], int],
                                   Seat | None, Control]] = {}
"""In a worker process: the estimate each job token is running (its policy's memo persists
between the blocks it is sent)."""


def _worker_block(token: str, job: tuple[str, PlayRecord, EstimateOptions, ComparisonPoint,
                                         dict[tuple[object, ...], int]],
                  numbers: range, known: list[tuple[tuple[object, ...], Decision]]
                  ) -> tuple[Tally, list[tuple[tuple[object, ...], Decision]]]:
    """One block of playouts in a worker process (its lines asked at the parent's trunk
    ``levels``); what its policy newly solved."""
    from revoke_equity.solver.pool import default_solver

    state = _WORKER_ESTIMATES.get(token)
    if state is None:
        name, record, options, point, levels = job
        est = SingleDummy(record, options) if name == "sd" else TablePlayKept(record, options)
        policy_state = est.new_policy(default_solver())
        start, play = est.policy(point, policy_state, levels)
        state = (start, remembered(play), policy_state, partial(_outcome, point),
                 point.player if point.tracks_offender_wins else None,
                 point_control(point, policy_state.solver, policy_state.batched))
        _WORKER_ESTIMATES.clear()  # one estimate at a time per worker
        _WORKER_ESTIMATES[token] = state
    root, policy, sd, outcome, offender, control = state
    sd.learn(known)
    sd.used()  # forget what earlier blocks asked for
    counts = playout_block(root, policy, outcome, numbers, job[2].seed, offender, sd.replicas, sd,
                           control)
    return counts, sd.used()


def new_policy(solver: Solver, declarer: Seat, options: EstimateOptions,
               shown: ShownHands | None = None) -> SingleDummyPolicy:
    """The single-dummy player the options describe (``shown``: what the auction showed of the
    hands he cannot see)."""
    player = options.player
    return SingleDummyPolicy(solver, declarer, worlds=options.worlds, tau=player.tau,
                             slip=player.slip, sure=player.sure, rare=player.rare,
                             max_worlds=options.max_worlds,
                             tolerance=options.tolerance, seed=options.seed,
                             small=BruteForceSolver(), shown=shown)


def possible_results(point: ComparisonPoint) -> frozenset[int]:
    """Every declarer total the play from ``point`` can end with: what declarer's side has won
    before the comparison trick plus any number of the tricks left, with the kept revokes'
    transfers as :func:`_outcome` counts them (for each set of the suits led to a kept revoke
    that the offender could win tricks with, when his side wins any)."""
    led = sorted({k.suit_led for k in point.kept if k.suit_led is not None}, key=lambda s: s.value)
    suit_sets = [frozenset(s for i, s in enumerate(led) if mask >> i & 1)
                 for mask in range(1 << len(led))] if point.tracks_offender_wins else [frozenset()]
    left = point.position.tricks_left
    out = set()
    for rest in range(left + 1):
        offenders_win = point.offending_side is not None and tricks_for(
            point.offending_side, rest, point.declarer_side, left) > 0
        for suits in suit_sets if offenders_win else [frozenset()]:
            out.add(point.total_from_rest(rest, suits))
    return frozenset(out)


def single_result(interval: dict[int, tuple[float, float]], likely: float, probable: float
                  ) -> bool:
    """One result is likely and no other at all probable (Law 12C) wherever in their 95%
    intervals the probabilities lie: the score the laws lead to is that result's, however the
    sampling error falls."""
    sure = [t for t, (lo, _) in interval.items() if lo >= likely]
    return len(sure) == 1 and all(hi < probable for t, (_, hi) in interval.items()
                                  if t != sure[0])


def layout_z(replicas: int, layouts: int) -> float:
    """The multiple of the replicas' spread in a 95% interval: Student's t for ``replicas`` less
    one degrees of freedom (the spread is estimated from the replicas), times ``sqrt(n / (n -
    1))`` for the ``layouts`` a sampled decision draws first (a bootstrap resample of ``n``
    layouts varies by ``(n - 1) / n`` of their variance)."""
    t = student_t95(replicas - 1) if replicas > 1 else Z95
    return t * math.sqrt(layouts / (layouts - 1)) if layouts > 1 else t


def _exact_interval(rows: npt.NDArray[np.float64], layouts: int = 0
                    ) -> dict[int, tuple[float, float]] | None:
    """The 95% interval of each probability of an exact propagation: the spread of the replicas (the
    layouts resampled at every sampled decision, ``layouts`` drawn first) around the estimate,
    times :func:`layout_z`, for every result the estimate or one of its replicas reaches (one
    the estimate does not reach: ``[0, z x`` its spread ``]``); ``None`` when no decision was
    sampled (every layout was solved: nothing is uncertain). A result no replica reaches has
    none: the replicas cannot bound it (spec likely-result.md section 6, "Honest intervals";
    ``docs/likely-result.md``)."""
    estimate = rows[0]
    spread = np.sqrt(np.mean((rows[1:] - estimate) ** 2, axis=0)) if len(rows) > 1 else None
    if spread is None or not spread.any():
        return None
    reached = rows.max(axis=0) > 0
    z = layout_z(len(rows) - 1, layouts)
    return {t: (max(0.0, float(p - z * spread[t])), min(1.0, float(p + z * spread[t])))
            for t, p in enumerate(estimate) if bool(reached[t])}


def double_dummy_control(solver: Solver, side: Side, total: Callable[[Line, int], int],
                         batched: bool = True) -> Control:
    """The sampled playouts' control variate: for a line and its decision's cards, the outcome
    when each card is followed by double-dummy play on the real deal, ``total(line, tricks)``
    of the tricks ``side`` then wins from the line's position on (one batch of solves for all
    the lines asked, each line's answer remembered; one solve a line when not ``batched``, as
    the policy's decisions are solved then). The playouts' estimate stays unbiased
    whatever this predicts; it is the more precise the closer the players' play comes to
    double-dummy play (:class:`~revoke_equity.equity.propagate.Tally`)."""
    known: dict[tuple[object, ...], dict[Card, int]] = {}

    def predict(asked: Sequence[tuple[Line, tuple[Card, ...]]]) -> list[tuple[int, ...]]:
        fresh = {line.key(): line.position for line, _ in asked if line.key() not in known}
        positions = list(fresh.values())
        answers = solver.solve_many(positions) if batched else [
            solver.solve_many([position])[0] for position in positions]
        for key, scores in zip(fresh, answers, strict=True):
            known[key] = scores
        out = []
        for line, cards in asked:
            scores = known[line.key()]
            left = line.position.tricks_left
            ours = line.position.to_move.side is side
            out.append(tuple(total(line, scores[card] if ours else left - scores[card])
                             for card in cards))
        return out

    return predict


def point_control(point: ComparisonPoint, solver: Solver, batched: bool = True) -> Control:
    """:func:`double_dummy_control` for the lines from ``point``: declarer's total as
    :func:`_outcome` counts it (the kept revokes' transfers, with the suits the offender has won
    tricks with so far)."""
    side = point.declarer_side
    start = point.position.tricks(side)

    def total(line: Line, tricks: int) -> int:
        return point.total_from_rest(line.position.tricks(side) - start + tricks, line.won_suits)

    return double_dummy_control(solver, side, total, batched)


RESOLUTION = 0.005
"""The narrowest half 95% interval sampled playouts report: the replicas of a decision that
drew a few layouts, all alike, cannot show a spread smaller than this."""


def sampled_interval(tally: Tally, possible: Iterable[int] = (), layouts: int = 0
                     ) -> dict[int, tuple[float, float]]:
    """The 95% interval of each probability of sampled playouts: the playouts' own (the Wilson
    interval of the share, narrowed as far as the control variate took variance off,
    :meth:`Tally.half_widths`, around :meth:`Tally.estimate`) widened by what the layouts drawn
    leave uncertain (the spread of the replicas' distributions, from the same playouts weighed,
    around the estimate's, times :func:`layout_z` for ``layouts`` drawn first), the two combined
    in quadrature; for every result drawn and every one
    of ``possible`` (the results the position allows, :func:`possible_results`). A result no
    playout drew gets ``[0, hi]``, ``hi`` its estimate (0 unless the correction gave it some)
    plus the Wilson bound of 0 of the playouts, widened alike (the replicas weigh the same
    playouts, so they give it no spread of its own) (spec likely-result.md section 6, "Honest
    intervals")."""
    estimate = tally.estimate()
    below, above = tally.half_widths()
    layout = np.zeros(14)
    if len(tally.weights):
        layout = np.sqrt(np.mean((tally.replica_distributions() - estimate) ** 2, axis=0))
    z = layout_z(len(tally.weights), layouts)
    out = {}
    for t in sorted(set(tally.counts) | set(possible) | {int(i) for i in np.flatnonzero(estimate)}):
        p = float(estimate[t])
        wide = z * float(layout[t])
        up = max(RESOLUTION, math.hypot(float(above[t]), wide))
        if not tally.counts[t]:
            out[t] = (0.0, min(1.0, p + up))
            continue
        out[t] = (max(0.0, p - max(RESOLUTION, math.hypot(float(below[t]), wide))),
                  min(1.0, p + up))
    return out


def _outcome(point: ComparisonPoint, line: Line) -> int:
    """Declarer's total at the end of a counterfactual line (kept revokes' transfers included)."""
    return point.declarer_total(line.position, line.won_suits)


def _keeps(line: Line, card: Card, allowed: Sequence[Card] | None) -> bool:
    position = line.position
    return (card in position.hand(position.to_move) and position.is_legal(card)
            and (allowed is None or card in allowed))


def estimator(name: str, record: PlayRecord, options: EstimateOptions,
              policy: SingleDummyPolicy | None = None, advance: Advance | None = None) -> Estimator:
    """The estimator called ``name`` (``policy``: the single-dummy policy it shares; ``advance``:
    told as a single-dummy estimate advances)."""
    if name == "dd":
        return DoubleDummy()
    if name == "sd":
        return SingleDummy(record, options, policy, advance)
    if name == "table":
        return TablePlayKept(record, options, policy, advance)
    raise ValueError(f"unknown estimate {name!r}")

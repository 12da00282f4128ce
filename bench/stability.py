"""Stability of the single-dummy estimate under other seeds: does a ruling stay put?

Each case is ruled (``rule(case, solver, options=EstimateOptions(estimate="sd", seed=s))``, the
other options at their defaults) under several seeds: the first is the bench's seed, the others
are derived from it (:func:`derived_seeds`). Only the ruling JSON is read (``Ruling.to_dict()``:
``recommendation``, ``equity.estimates.<name>`` with ``distribution``, ``interval``, ``parameters``,
and ``equity.comparisons`` when the law weighs several comparison points), so the table measures
whatever estimate the product gives. Per set of cases (worked, published, synthetic):

* **inside**: of the outcomes the other seeds report (each trick count with a probability, of each
  estimate with an interval, at each comparison point), the share whose probability lies inside the
  first seed's 95% interval for that trick count. The ruling gives an interval for each result
  the position allows, drawn or not (one not drawn in ``n`` playouts: ``[0, hi]``, ``hi`` at least
  the 95% Wilson bound of 0 of ``n``, ``z^2 / (n + z^2)``; ``docs/likely-result.md``, "Honest
  intervals"), so an outcome the first seed did not draw is inside when that interval covers it;
  one the first seed gives no interval for (an exact propagation that no replica of its layouts
  leads to it) counts as outside. Where the first seed's estimate has no interval at all (every
  layout of every decision solved: the model's own value), the other seed's outcome is inside
  when it holds that value (inside its own interval, or equal to it when exact too);
* **consistent**: the share of the same outcomes whose two probabilities (the first seed's and the
  other's) agree as two independent estimates with those intervals should (:func:`agree`). With
  honest intervals *inside* is expected near 83% where sampling error dominates (and 100% where an
  outcome is settled), *consistent* near 95%;
* **probability spread**: for each such outcome (trick counts reported by any seed, 0 where a seed
  did not report it), max - min of its probability over the seeds; median and max;
* **weighted spread**: on the boards where at least one seed offers a weighted score
  (``recommendation.weighted``), max - min over the seeds of NS's points, the weighted score where
  offered, else the result recommended (``recommendation.score_ns``); median, max and the share of
  those boards within :data:`WEIGHTED_TOLERANCE` points;
* **same score to enter**: the share of boards whose score to enter (both sides' lines of
  :func:`~revoke_equity.ruling.score_entry.score_to_enter`: the result, or each weighted
  component's result and weight) is the same under every seed; of the others, how many rulings say
  the recommendation is within one sampling error of a threshold (``recommendation.near_threshold``
  true under at least one seed), when the rulings carry that field; and how many are flagged or
  have every other seed's NS points inside the first seed's range of the net
  (``recommendation.weighted.score_ns_range``: the net with each weight inside its 95% interval),
  so that the ruling showed the move as within its own error. Each board also keeps every seed's
  score to enter and NS's points, to see what moved.

The cost of one ruling is its CPU seconds (DDS's threads included; median, p90, max), beside the
wall seconds and the load average; the caller's ``rule_json`` clears the solver's cache before each
ruling (the full bench does), so that a ruling does not find the positions of another seed's or of
another case on the same deal.

Run alone: ``python -m bench --only sd-stability [--set worked published synthetic] [--cases
p07 p10] [--seeds N] [--tolerance T] [--max-worlds M] [--worlds W]`` (the sets and cases of the
full configuration, or of ``--quick``; the report files are ``bench-<mode>.md/.json``).

The targets (:data:`TARGETS`) are printed beside the numbers, never asserted.
"""

from __future__ import annotations

import math
import os
import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from revoke_equity.equity.estimate import EstimateOptions
from revoke_equity.ruling.score_entry import score_to_enter

from bench.cases import BenchCase
from bench.machine import load_average

Ruling = Mapping[str, Any]
"""A ruling as its JSON dict (``Ruling.to_dict()``)."""

WEIGHTED_TOLERANCE = 40
"""A board's weighted score is stable when its spread over the seeds is at most this (points)."""

TARGETS = {"inside": 0.95, "same_score": 0.90, "weighted_within": 0.90}
"""The shares the estimate aims at (printed beside the measured numbers)."""


def derived_seeds(seed: int, count: int) -> list[int]:
    """``seed`` and ``count - 1`` seeds derived from it (distinct, deterministic)."""
    rng = random.Random(f"bench-stability:{seed}")
    out = [seed]
    while len(out) < count:
        candidate = rng.randrange(1, 2**31)
        if candidate not in out:
            out.append(candidate)
    return out


@dataclass(frozen=True)
class EstimateView:
    """One estimate at one comparison point, as the ruling JSON gives it."""

    distribution: dict[int, float]
    interval: dict[int, tuple[float, float]] | None

    def interval_for(self, tricks: int) -> tuple[float, float] | None:
        """The 95% interval the ruling gives ``tricks`` (drawn or not); ``None``: none."""
        return None if self.interval is None else self.interval.get(tricks)


def estimates(ruling: Ruling) -> dict[tuple[int, str], EstimateView]:
    """Every estimate of ``ruling``, keyed by (comparison point, estimate name): the points of
    ``equity.comparisons`` in order when present, else ``equity`` alone as point 0."""
    equity = ruling.get("equity")
    if not equity:
        return {}
    points = equity.get("comparisons") or [equity]
    out: dict[tuple[int, str], EstimateView] = {}
    for index, point in enumerate(points):
        for name, estimate in (point.get("estimates") or {}).items():
            interval = estimate.get("interval")
            out[(index, name)] = EstimateView(
                {int(t): float(p) for t, p in estimate.get("distribution", {}).items()},
                None if interval is None
                else {int(t): (float(lo), float(hi)) for t, (lo, hi) in interval.items()},
            )
    return out


def agree(first: EstimateView, other: EstimateView, tricks: int) -> bool:
    """Whether two seeds' probabilities of ``tricks`` agree as two independent estimates do: their
    difference within the two intervals' half-widths on the facing sides combined in quadrature
    (the 95% test of a difference). Two honest 95% intervals of the same spread put the other
    seed's value inside the first's interval only about 83% of the time (the difference has
    sqrt(2) times either's error), so this is the share to expect near 95%."""
    p1, p2 = first.distribution.get(tricks, 0.0), other.distribution.get(tricks, 0.0)
    if first.interval is None:
        return holds(other, tricks, p1)
    if other.interval is None:
        return holds(first, tricks, p2)
    b1, b2 = first.interval_for(tricks), other.interval_for(tricks)
    if b1 is None or b2 is None:
        return abs(p1 - p2) <= 1e-9
    facing = (b1[1] - p1, p2 - b2[0]) if p2 >= p1 else (p1 - b1[0], b2[1] - p2)
    reach = math.hypot(*facing)
    return abs(p2 - p1) <= reach + 1e-9


def holds(estimate: EstimateView, tricks: int, value: float) -> bool:
    """Whether ``estimate`` holds ``value`` as its probability of ``tricks``: inside its 95%
    interval, or equal to it when the estimate has none at all (every layout solved: the model's
    own value; a sampled estimate that gives this result no interval does not hold it)."""
    if estimate.interval is None:
        return abs(estimate.distribution.get(tricks, 0.0) - value) <= 1e-9
    bounds = estimate.interval_for(tricks)
    return bounds is not None and bounds[0] - 1e-9 <= value <= bounds[1] + 1e-9


def _score_to_enter(ruling: Ruling) -> tuple[str, ...]:
    return tuple(s.text for s in score_to_enter(ruling))


def _points_ns(ruling: Ruling) -> float:
    """NS's points: the weighted score when one is offered, else the result recommended."""
    rec = ruling.get("recommendation") or {}
    weighted = rec.get("weighted")
    if isinstance(weighted, Mapping) and "score_ns" in weighted:
        return float(weighted["score_ns"])
    return float(rec.get("score_ns", 0))


def _near_threshold(ruling: Ruling) -> bool | None:
    """``recommendation.near_threshold`` (true when present and set; None when absent)."""
    rec = ruling.get("recommendation") or {}
    if "near_threshold" not in rec:
        return None
    return bool(rec["near_threshold"])


def _net_range(ruling: Ruling) -> tuple[float, float] | None:
    """``recommendation.weighted.score_ns_range``: the net's range with the weights inside their
    intervals (None when the ruling gives none)."""
    weighted = (ruling.get("recommendation") or {}).get("weighted")
    if not isinstance(weighted, Mapping) or "score_ns_range" not in weighted:
        return None
    low, high = weighted["score_ns_range"]
    return float(low), float(high)


def board_stability(rulings: Sequence[Ruling]) -> dict[str, Any]:
    """One board ruled under several seeds (the first seed's ruling first): see the module
    docstring for each number."""
    if len(rulings) < 2:
        raise ValueError("stability needs the rulings of at least two seeds")
    views = [estimates(r) for r in rulings]
    first = views[0]
    compared = inside = consistent = 0
    spreads: list[float] = []
    sampled = sorted({key for v in views for key, e in v.items() if e.interval is not None})
    for key in sampled:
        base = first.get(key)
        for other in views[1:]:
            estimate = other.get(key)
            if estimate is None:
                continue
            for tricks, p in estimate.distribution.items():
                compared += 1
                if base is None:
                    continue
                if base.interval is None:  # the model's own value: the other seed holds it
                    inside += holds(estimate, tricks, base.distribution.get(tricks, 0.0))
                else:
                    inside += holds(base, tricks, p)
                consistent += agree(base, estimate, tricks)
        outcomes = sorted({t for v in views if key in v for t in v[key].distribution})
        for tricks in outcomes:
            probs = [v[key].distribution.get(tricks, 0.0) if key in v else 0.0 for v in views]
            spreads.append(max(probs) - min(probs))
    offers_weighted = any(isinstance((r.get("recommendation") or {}).get("weighted"), Mapping)
                          for r in rulings)
    points = [_points_ns(r) for r in rulings]
    flags = [_near_threshold(r) for r in rulings]
    scores = [_score_to_enter(r) for r in rulings]
    bounds = _net_range(rulings[0])
    within = None if bounds is None else all(
        bounds[0] - 1e-6 <= p <= bounds[1] + 1e-6 for p in points[1:])
    return {
        "compared": compared,
        "inside": inside,
        "consistent": consistent,
        "spreads": spreads,
        "weighted_spread": max(points) - min(points) if offers_weighted else None,
        "same_score": len(set(scores)) == 1,
        "near_threshold": None if all(f is None for f in flags) else any(bool(f) for f in flags),
        "within_range": within,
        "scores": [list(s) for s in scores],
        "points_ns": points,
    }


def summarise(boards: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The numbers of one set of boards (each a :func:`board_stability`)."""
    compared = sum(b["compared"] for b in boards)
    inside = sum(b["inside"] for b in boards)
    consistent = sum(b.get("consistent", 0) for b in boards)
    spreads = [s for b in boards for s in b["spreads"]]
    weighted = [b["weighted_spread"] for b in boards if b["weighted_spread"] is not None]
    same = sum(1 for b in boards if b["same_score"])
    changed = [b for b in boards if not b["same_score"]]
    flagged = (None if all(b["near_threshold"] is None for b in changed)
               else sum(1 for b in changed if b["near_threshold"]))
    shown = (None if all(b.get("within_range") is None for b in changed)
             else sum(1 for b in changed if b.get("within_range") or b["near_threshold"]))
    return {
        "boards": len(boards),
        "outcomes_compared": compared,
        "outcomes_inside": inside,
        "inside_share": inside / compared if compared else None,
        "outcomes_consistent": consistent,
        "consistent_share": consistent / compared if compared else None,
        "probability_spread_median": statistics.median(spreads) if spreads else None,
        "probability_spread_max": max(spreads) if spreads else None,
        "weighted_boards": len(weighted),
        "weighted_spread_median": statistics.median(weighted) if weighted else None,
        "weighted_spread_max": max(weighted) if weighted else None,
        "weighted_within": (sum(1 for w in weighted if w <= WEIGHTED_TOLERANCE) / len(weighted)
                            if weighted else None),
        "same_score_boards": same,
        "same_score_share": same / len(boards) if boards else None,
        "changed_boards": len(changed),
        "changed_flagged_near_threshold": flagged,
        "changed_flagged_or_within_range": shown,
    }


def _cpu_seconds() -> float:
    """CPU time of this process (DDS's threads included) and of its finished children."""
    times = os.times()
    return time.process_time() + times.children_user + times.children_system


def _spread(values: Sequence[float]) -> dict[str, float]:
    """Median, 90th percentile and maximum of ``values`` (seconds of one ruling)."""
    ordered = sorted(values)
    return {"median": statistics.median(ordered),
            "p90": ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))],
            "max": ordered[-1]}


RuleFn = Callable[[BenchCase, EstimateOptions], Ruling]


def run_stability(sets: Mapping[str, Sequence[BenchCase]], seeds: Sequence[int],
                  options: EstimateOptions, rule_json: RuleFn,
                  log: Callable[[str], None]) -> dict[str, Any]:
    """Rule every case of every set under each of ``seeds`` (``options`` otherwise) with
    ``rule_json``; the numbers per set, the time each set took (wall and CPU), the cost of one
    ruling (wall and CPU seconds: median, p90, max) and the load average at the start and end."""
    load_start = load_average()
    out_sets: dict[str, Any] = {}
    for group, cases in sets.items():
        if not cases:
            continue
        wall, cpu = time.perf_counter(), _cpu_seconds()
        boards = []
        walls: list[float] = []
        cpus: list[float] = []
        for bc in cases:
            rulings = []
            for s in seeds:
                start, start_cpu = time.perf_counter(), _cpu_seconds()
                rulings.append(rule_json(bc, replace(options, seed=s)))
                walls.append(time.perf_counter() - start)
                cpus.append(_cpu_seconds() - start_cpu)
            board = board_stability(rulings)
            boards.append({"name": bc.name, **board,
                           "ruling_seconds": walls[-len(seeds):],
                           "ruling_cpu_seconds": cpus[-len(seeds):]})
            log(f"  stability {bc.name}: {board['inside']}/{board['compared']} inside, "
                f"score to enter {'same' if board['same_score'] else 'CHANGES'}")
        out_sets[group] = {**summarise(boards), "wall_seconds": time.perf_counter() - wall,
                           "cpu_seconds": _cpu_seconds() - cpu,
                           "rulings": len(walls), "ruling_seconds": _spread(walls),
                           "ruling_cpu_seconds": _spread(cpus), "cases": boards}
    return {"seeds": list(seeds), "estimate": options.estimate, "sets": out_sets,
            "targets": {**TARGETS, "weighted_tolerance": WEIGHTED_TOLERANCE},
            "load_average_start": load_start, "load_average_end": load_average()}

"""How far a weighted score's weights can move with the estimate's own error.

A weighted score (Law 12C1(c); 1997: 12C3) weights the results at all probable by their
probabilities, renormalised and rounded to whole 5%. The probabilities of a sampled estimate carry
95% intervals (spec likely-result.md section 6, "Honest intervals"), so its weights do too: a
weight's interval is its result's probability interval over the same normaliser (the sum of the
results' probabilities at all probable), and the net score's range is the least and the most it
comes to with every weight inside its interval and the weights summing to one. A weight that is
60% with an interval of 48-72% says the estimate cannot tell 55/45 from 65/35; another seed may
round it to either.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from revoke_equity.laws.adjudication import WeightedScore
from revoke_equity.model.distribution import TrickDistribution

__all__ = ["WeightError", "net_range", "weight_error"]


@dataclass(frozen=True)
class WeightError:
    """Per component (in the weighted score's order) the 95% interval of its weight, and the
    range of the net score (NS) with the weights inside those intervals."""

    intervals: tuple[tuple[float, float], ...]
    net_ns: tuple[float, float]


def weight_error(weighted: WeightedScore, distribution: TrickDistribution,
                 interval: Mapping[int, tuple[float, float]] | None) -> WeightError | None:
    """The weights' intervals and the net's range of ``weighted``, made from ``distribution``
    and its 95% ``interval``; ``None`` when there is nothing to weigh (one component) or the
    estimate has no interval for a component (it is exact, as double-dummy is)."""
    components = weighted.components
    if len(components) < 2 or interval is None:
        return None
    tricks = [c.declarer_tricks for c in components]
    if any(t not in interval for t in tricks):
        return None
    total = sum(distribution[t] for t in tricks)
    if total <= 0:
        return None
    # a lower bound is at most its probability, so over the total it is at most one already
    intervals = tuple((interval[t][0] / total, min(1.0, interval[t][1] / total)) for t in tricks)
    low, high = net_range([c.score_ns for c in components], intervals)
    return WeightError(intervals, (min(low, weighted.score_ns), max(high, weighted.score_ns)))


def net_range(scores: Sequence[int], intervals: Sequence[tuple[float, float]]
              ) -> tuple[float, float]:
    """The least and the most of ``sum(w * score)`` over weights ``w`` each inside its interval
    and summing to one (a linear programme: each bound is reached by giving the weight left over
    the lower bounds to the best scores first, or to the worst first)."""
    def extreme(order: list[int]) -> float:
        weights = [lo for lo, _ in intervals]
        spare = 1.0 - sum(weights)
        for i in order:
            more = max(0.0, min(intervals[i][1] - weights[i], spare))
            weights[i] += more
            spare -= more
        return sum(w * s for w, s in zip(weights, scores, strict=True))

    by_score = sorted(range(len(scores)), key=lambda i: scores[i])
    return extreme(by_score), extreme(by_score[::-1])

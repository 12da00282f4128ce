"""The weights' error of a weighted score: each weight's 95% interval is its result's probability
interval over the normaliser, and the net's range is the linear programme's optimum, checked
against an independent enumeration of the vertices of the weights' polytope."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

from revoke_equity.equity.estimate import EstimateOptions
from revoke_equity.io.json_case import case_from_dict
from revoke_equity.laws.adjudication import weighted_score
from revoke_equity.laws.law import Law
from revoke_equity.model.distribution import TrickDistribution
from revoke_equity.report.text import render
from revoke_equity.ruling import rule
from revoke_equity.ruling.schema import RulingJSON
from revoke_equity.ruling.weight_error import net_range, weight_error
from test_ruling_schema import mismatches

from conftest import CASES


def _vertex_range(scores: list[int], intervals: list[tuple[float, float]]) -> tuple[float, float]:
    """The least and most net over the vertices of {w: lo <= w <= hi, sum w = 1}: every vertex
    has all weights but one at a bound, that one making the sum one."""
    nets = []
    for free in range(len(scores)):
        others = [i for i in range(len(scores)) if i != free]
        for bounds in itertools.product((0, 1), repeat=len(others)):
            w = [0.0] * len(scores)
            for i, b in zip(others, bounds, strict=True):
                w[i] = intervals[i][b]
            w[free] = 1 - sum(w)
            if intervals[free][0] - 1e-12 <= w[free] <= intervals[free][1] + 1e-12:
                nets.append(sum(x * s for x, s in zip(w, scores, strict=True)))
    return min(nets), max(nets)


@pytest.mark.parametrize("seed", range(40))
def test_the_net_range_is_the_least_and_most_over_the_weights_polytope(seed: int) -> None:
    rng = random.Random(seed)
    k = rng.randint(2, 5)
    weights = [rng.random() + 0.05 for _ in range(k)]
    weights = [w / sum(weights) for w in weights]
    intervals = [(max(0.0, w - rng.random() * 0.3), min(1.0, w + rng.random() * 0.3))
                 for w in weights]
    scores = [rng.choice([-1, 1]) * 10 * rng.randint(0, 170) for _ in range(k)]
    low, high = net_range(scores, intervals)
    want_low, want_high = _vertex_range(scores, intervals)
    assert low == pytest.approx(want_low, abs=1e-9)
    assert high == pytest.approx(want_high, abs=1e-9)


def _score(tricks: int) -> int:
    return {9: 110, 10: 130, 11: 150, 8: -50}[tricks]


def test_a_weight_interval_is_its_probability_interval_over_the_results_at_all_probable() -> None:
    dist = TrickDistribution.from_mapping({8: 0.1, 9: 0.6, 10: 0.3})
    weighted = weighted_score(dist, float, _score, Law.L12C1C, 1 / 6)
    assert [(c.declarer_tricks, c.percent) for c in weighted.components] == [(10, 35), (9, 65)]
    interval = {8: (0.0, 0.2), 9: (0.5, 0.7), 10: (0.2, 0.4)}
    error = weight_error(weighted, dist, interval)
    assert error is not None
    assert [x for pair in error.intervals for x in pair] == pytest.approx(
        [0.2 / 0.9, 0.4 / 0.9, 0.5 / 0.9, 0.7 / 0.9])
    # the most for NS: 10 tricks at its upper bound, 9 tricks the rest
    hi_10 = 0.4 / 0.9
    assert error.net_ns[1] == pytest.approx(hi_10 * 130 + (1 - hi_10) * 110)
    lo_10 = 0.2 / 0.9
    assert error.net_ns[0] == pytest.approx(lo_10 * 130 + (1 - lo_10) * 110)
    assert error.net_ns[0] <= weighted.score_ns <= error.net_ns[1]


def test_no_weights_error_for_one_component_or_an_exact_estimate() -> None:
    one = TrickDistribution.from_mapping({9: 0.9, 10: 0.1})
    weighted = weighted_score(one, float, _score, Law.L12C1C, 1 / 6)
    assert len(weighted.components) == 1
    assert weight_error(weighted, one, {9: (0.8, 1.0), 10: (0.0, 0.2)}) is None
    two = TrickDistribution.from_mapping({9: 0.6, 10: 0.4})
    weighted = weighted_score(two, float, _score, Law.L12C1C, 1 / 6)
    assert weight_error(weighted, two, None) is None
    assert weight_error(weighted, two, {9: (0.5, 0.7)}) is None  # 10 tricks has no interval


def test_a_sampled_weighted_ruling_gives_each_weight_its_interval(dds_solver: Any) -> None:
    """p07 under cheap single-dummy options is a weighted score of two results: the JSON gives
    each component's weight interval and the net's range, the text report says them, and the
    double-dummy estimate (exact, one result) gives none."""
    case = case_from_dict(json.loads(
        (CASES / "p07-64B3-dummy-then-64C1.json").read_text())["case"])
    options = EstimateOptions(estimate="sd", worlds=4, max_worlds=4, playouts=40, seed=2024)
    ruling = rule(case, dds_solver, options=options)
    estimate = ruling.estimate
    assert estimate is not None and estimate.interval is not None
    data = ruling.to_dict()
    weighted = data["recommendation"]["weighted"]
    components = weighted["components"]
    assert len(components) == 2
    total = sum(estimate.distribution[c["declarer_tricks"]] for c in components)
    for c in components:
        lo, hi = estimate.interval[c["declarer_tricks"]]
        assert c["weight_interval"] == pytest.approx([lo / total, min(1.0, hi / total)], abs=1e-4)
    low, high = weighted["score_ns_range"]
    assert low <= weighted["score_ns"] <= high and low < high
    assert mismatches(data, RulingJSON) == []
    text = render(ruling)
    assert "Weights with the estimate's error (95%): " in text
    assert f"the net is NS {low:+.0f} to {high:+.0f} within them." in text
    exact = rule(case, dds_solver, options=EstimateOptions(estimate="dd"))
    assert "score_ns_range" not in exact.to_dict()["recommendation"].get("weighted", {})
    assert "Weights with" not in render(exact)

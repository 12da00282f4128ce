"""An estimate tells how far it is as it goes (likely-result.md §6: the playouts done of those
planned and the widest 95% interval so far; the exact tree's depths and the decisions solved),
and telling it changes nothing in the estimate: the callback draws no random number. A ruling
passes it on as the part of its step done."""

from __future__ import annotations

import json
import re
from collections import Counter
from itertools import groupby
from typing import Any

import numpy as np

from revoke_equity.equity.estimate import EstimateOptions
from revoke_equity.equity.propagate import Tally, sampled
from revoke_equity.io import case_from_dict
from revoke_equity.ruling import rule
from revoke_equity.ruling.progress import Stage
from test_single_dummy import _sampling

from conftest import CASES


def test_each_block_of_playouts_is_told_with_the_count_so_far_and_the_precision() -> None:
    root, policy, outcome = _sampling()
    told: list[tuple[int, int, str]] = []
    quiet = sampled(root, policy, outcome, 200, seed=9, precision=0.1, block=20)
    tally = sampled(root, policy, outcome, 200, seed=9, precision=0.1, block=20,
                    advance=lambda done, planned, text: told.append((done, planned, text)))
    assert tally.counts == quiet.counts
    assert [done for done, _, _ in told] == list(range(20, tally.done + 1, 20))
    assert {planned for _, planned, _ in told} == {200}
    assert told[-1][2] == f"{tally.done}/200 playouts, +/-{tally.widest():.2f}"
    widths = [float(re.findall(r"\+/-([0-9.]+)", text)[0]) for _, _, text in told]
    assert widths[-1] <= 0.1 < widths[0]


def widest(counts: Counter[int]) -> float:
    """The widest half interval of playouts that ended so, with no correction."""
    return Tally(counts, np.zeros((0, 14))).widest()


def test_the_widest_interval_is_what_the_stopping_rule_compares() -> None:
    assert widest(Counter()) == 0.0
    assert 0.035 < widest(Counter({8: 100})) < 0.04  # precise at 0.04, not at 0.035
    assert widest(Counter({8: 95, 9: 5})) > 0.05


def test_a_ruling_reports_the_part_of_each_estimate_done(dds_solver: Any) -> None:
    """p09's single-dummy estimate sampled in three blocks of 20 playouts: the ruling's stages
    report the part of the estimate done, a third after each block, and no part goes back or
    past 1."""
    case = case_from_dict(json.loads((CASES / "p09-64A1-one-trick.json").read_text()))
    options = EstimateOptions(estimate="sd", worlds=4, max_worlds=4, playouts=60, precision=0,
                              exact_budget=0)
    stages: list[Stage] = []
    rule(case, dds_solver, options=options, progress=stages.append)
    estimates = [s for s in stages if s.stage == "estimate"]
    parts = {step: [s.part for s in group] for step, group in groupby(estimates, lambda s: s.step)}
    for step, seen in parts.items():
        assert seen == sorted(seen) and seen[0] >= 0 and seen[-1] <= 1, (step, seen)
    advanced = [seen for seen in parts.values() if len(seen) > 1 and seen[-1] > 0]
    assert len(advanced) == 1 and advanced[0][-3:] == [1 / 3, 2 / 3, 1.0], parts

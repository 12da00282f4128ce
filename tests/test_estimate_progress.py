"""An estimate tells how far it is as it goes (likely-result.md §6: the playouts done of those
planned and the widest 95% interval so far; the exact tree's depths and the decisions solved),
and telling it changes nothing in the estimate: the callback draws no random number."""

from __future__ import annotations

import re
from collections import Counter

import numpy as np

from revoke_equity.equity.propagate import Tally, sampled
from test_single_dummy import _sampling


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

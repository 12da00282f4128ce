"""The single-dummy decisions solved together (a depth of the exact tree, a step of a block of
playouts) give the same ruling as each decision solved alone, in fewer and larger solver calls."""

from __future__ import annotations

import json
from typing import Any

import pytest

from revoke_equity.equity.estimate import EstimateOptions
from revoke_equity.equity.policy import SingleDummyPolicy, level_cap, trunk_level
from revoke_equity.io.json_case import case_from_dict
from revoke_equity.model import Case
from revoke_equity.ruling import rule

from conftest import CASES

SMALL = EstimateOptions(estimate="sd", extra=("table",), worlds=4, max_worlds=8, playouts=40)
"""Two blocks of playouts at most; few layouts a decision."""


def worked(name: str) -> Case:
    (path,) = CASES.glob(f"{name}*.json")
    return case_from_dict(json.loads(path.read_text()))


class Recording:
    """A solver that notes how many positions each ``solve_many`` call is given."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.stats = inner.stats
        self.sizes: list[int] = []

    def solve(self, position: Any) -> Any:
        return self.inner.solve(position)

    def solve_many(self, positions: Any) -> Any:
        self.sizes.append(len(positions))
        return self.inner.solve_many(positions)

    def trace(self, position: Any, cards: Any) -> Any:
        return self.inner.trace(position, cards)


def _ruling(case: Case, options: EstimateOptions, batched: bool,
            monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, Any], list[int]]:
    from revoke_equity.solver.dds import DdsSolver

    monkeypatch.setattr(SingleDummyPolicy, "batched", batched)
    solver = Recording(DdsSolver())
    out = rule(case, solver, options=options, trace=False).to_dict()  # type: ignore[arg-type]
    out.pop("solver")  # the engine's time and call count: what the batching changes
    return out, solver.sizes


@pytest.mark.parametrize(("name", "budget"), [("p06", 2000), ("p09", 2000), ("p09", 50),
                                              ("p13", 50)])
def test_batched_decisions_give_the_same_ruling(name: str, budget: int,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The same ruling JSON, exact propagation (budget 2000) and sampled playouts (50)."""
    options = EstimateOptions(**{**SMALL.__dict__, "exact_budget": budget})
    alone, _ = _ruling(worked(name), options, False, monkeypatch)
    together, _ = _ruling(worked(name), options, True, monkeypatch)
    assert together == alone


def test_batched_decisions_share_solver_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    """Alone, a call holds one round of one decision (at most the layouts a decision every
    replay passes through may draw); together, the layouts of many decisions go in one call, and
    the calls are fewer."""
    options = EstimateOptions(**{**SMALL.__dict__, "exact_budget": 50})
    _, alone = _ruling(worked("p09"), options, False, monkeypatch)
    _, together = _ruling(worked("p09"), options, True, monkeypatch)
    assert max(alone) <= level_cap(options.max_worlds, trunk_level(1.0, options.trunk))
    assert max(together) > 2 * options.max_worlds
    assert len(together) < len(alone)
    assert sum(together) == sum(alone)

"""A pool that rules in this process, one case at a time, on a solver it is given (the brute-force
solver, or a test's DDS solver): the routes without a DDS process. It does not stop a ruling that
runs over its time budget (the worker pool, :mod:`revoke_equity.service.workers`, does).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from revoke_equity.equity.estimate import EstimateOptions
from revoke_equity.errors import CaseError, SolverError
from revoke_equity.model.case import Case
from revoke_equity.ruling import rule
from revoke_equity.service.inputs import ReadRequest, case_error_dict, read_request
from revoke_equity.service.workers import RulingFailed
from revoke_equity.solver.base import Solver

__all__ = ["InProcessPool"]


class InProcessPool:
    """Rules in this process on ``solver`` (one ruling at a time: a solver is not shared between
    threads), reading bodies the same way the workers do."""

    def __init__(self, solver: Solver) -> None:
        self.size = 1
        self.solver = solver
        self.rulings = 0
        self._turn = asyncio.Lock()

    async def start(self) -> None:
        pass

    async def close(self) -> None:
        pass

    async def rule(self, case: Case, budget: float, options: EstimateOptions | None = None,
                   progress: Callable[[dict[str, Any]], None] | None = None,
                   patience: float | None = None) -> dict[str, Any]:
        def report(stage: Any) -> None:
            if progress is not None:
                progress(stage.as_dict())

        def work() -> dict[str, Any]:
            try:
                return dict(rule(case, self.solver, options=options, progress=report).to_dict())
            except CaseError as exc:
                fields = case_error_dict(exc)
                raise RulingFailed("case", str(fields.get("message")), dict(fields)) from exc
            except SolverError as exc:
                raise RulingFailed("solver", f"the double-dummy solver failed: {exc}") from exc
            except Exception as exc:  # a bug: the request fails, the service goes on
                raise RulingFailed("internal", f"internal error while ruling: {exc}") from exc

        async with self._turn:
            answer = await asyncio.to_thread(work)
            self.rulings += 1
            return answer

    async def read(self, request: ReadRequest, budget: float, patience: float | None = None
                   ) -> Any:
        def work() -> Any:
            try:
                return read_request(request)
            except Exception as exc:  # a reader bug: the body cannot be read
                raise RulingFailed("internal", f"internal error while reading: {exc}") from exc

        async with self._turn:
            boards = await asyncio.to_thread(work)
            self.rulings += 1
            return boards

    def status(self) -> dict[str, Any]:
        return {"configured": self.size, "alive": 1, "busy": int(self._turn.locked()),
                "starting": 0, "failing": False, "replaced": 0, "budget_kills": 0, "pids": [],
                "rulings": self.rulings, "in_process": True}

"""What the routes share: the ruling log, the worker pool and the limits, and how one case is
ruled or one body read in a worker."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

from revoke_equity import __version__
from revoke_equity.equity.estimate import EstimateOptions, find_estimator
from revoke_equity.service.connections import READ_TIMEOUT
from revoke_equity.service.inputs import ReadRequest
from revoke_equity.service.jobs import JobBoard
from revoke_equity.service.pool import RulingPool
from revoke_equity.service.responses import located
from revoke_equity.service.store import RulingLog
from revoke_equity.service.workers import (
    BudgetExceeded,
    RulingFailed,
    WorkerUnavailable,
)

__all__ = ["ServiceContext"]

log = logging.getLogger("revoke_equity.service")

class ServiceContext:
    """What the routes share: the log, the worker pool and the limits."""

    def __init__(self, db_path: Path, pool: RulingPool, time_budget: float, max_body: int,
                 read_timeout: float = READ_TIMEOUT) -> None:
        self.db_path = db_path
        self.pool = pool
        self.workers = pool.size
        self.time_budget = time_budget
        self.max_body = max_body
        self.read_timeout = read_timeout
        self.store: RulingLog | None = None
        self.jobs = JobBoard()

    async def start(self) -> None:
        self.store = await asyncio.to_thread(RulingLog, self.db_path)
        await self.pool.start()
        log.info("revoke-equity %s: %d workers, time budget %g s, ruling log %s",
                 __version__, self.workers, self.time_budget, self.db_path)

    async def stop(self) -> None:
        await self.jobs.close()
        await self.pool.close()
        if self.store is not None:
            self.store.close()

    async def rule_one(self, case: Any, budget: float, options: EstimateOptions | None = None,
                       progress: Any = None, patience: float | None = None,
                       ) -> tuple[int, dict[str, Any]]:
        """``(200, ruling)`` or ``(status, error dict)`` for one case. When the estimate asked for
        cannot finish within the budget, the double-dummy ruling with its ``unfinished`` note
        (:func:`unfinished_note`); a bare 504 only when even that did not finish. ``patience``:
        the wait for a free worker (:meth:`WorkerPool.rule`)."""
        try:
            return 200, await self.pool.rule(case, budget, options, progress, patience)
        except RulingFailed as exc:
            status = {"case": 422, "solver": 503}.get(exc.kind, 500)
            fields = exc.fields if exc.kind == "case" else {"message": exc.message}
            return status, located(fields, case.board)
        except BudgetExceeded as exc:
            if exc.fallback is not None and options is not None:
                return 200, {**exc.fallback, "unfinished": unfinished_note(options, budget)}
            return 504, located({"message": str(exc)}, case.board)
        except WorkerUnavailable as exc:
            return 503, located({"message": str(exc)}, case.board)

    async def read(self, text: str, fmt: str | None, budget: float,
                   patience: float | None = None) -> tuple[int, Any]:
        """``(200, boards)`` of a body, read in a worker within ``budget``, or ``(status, error
        dict)``: a reader is linear, but the text is untrusted; it never runs in this process."""
        try:
            return 200, await self.pool.read(ReadRequest(text, fmt), budget, patience)
        except BudgetExceeded as exc:
            return 504, located({"message": str(exc)}, None)
        except WorkerUnavailable as exc:
            return 503, located({"message": str(exc)}, None)
        except RulingFailed as exc:  # a reader bug: the body cannot be read, the service goes on
            return 422, located({"message": f"request body: cannot be read ({exc.message})"}, None)


def unfinished_note(options: EstimateOptions, budget: float) -> dict[str, Any]:
    """What a ruling given on the double-dummy estimate alone says when the ``options.estimate``
    one, or one shown beside it, ran out of time: what ran out, and how to get it."""
    late = options.estimate if options.estimate != "dd" else next(
        (n for n in options.names if n != "dd"), "dd")
    name = find_estimator(late).label.lower()
    how = (f"a longer budget (the request's time_budget, up to the server's --time-budget), or the "
           f"command line: revoke-equity rule FILE --estimate {options.estimate}")
    if late == options.estimate:
        message = (f"the {name} estimate ({late}) did not finish within the time budget of "
                   f"{budget:g} s a stage, so this ruling rests on the double-dummy estimate "
                   f"(dd). For the {name} one: {how}")
    else:
        message = (f"the {name} estimate ({late}) shown beside the double-dummy one did not "
                   f"finish within the time budget of {budget:g} s a stage, so this ruling gives "
                   f"the double-dummy estimate (dd) alone, on which its score rests. For the "
                   f"{name} one beside it: {how} --also {late}")
    return {"estimate": late, "time_budget": budget, "message": message}

"""Rulings run as jobs the page can follow: each job's stage, its bar and its answer, in memory.

``POST /api/v1/rulings?job=true`` answers at once with the job's id and its progress URL; the
ruling runs as an :mod:`asyncio` task over the same worker pool, reporting each stage the worker
sends (:mod:`revoke_equity.ruling.progress`). ``GET`` the progress URL for the state (and, once
done, the answer the synchronous form would have given: status and body); ``DELETE`` it to cancel:
the task is cancelled, which stops and replaces the worker running it (the pool stays whole). A
job's rulings are logged once, by the same code as the synchronous form, before it is done.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["MAX_JOBS", "Job", "JobBoard"]

MAX_JOBS = 500
"""Jobs kept (the oldest finished ones are forgotten first; their rulings stay in the log)."""


@dataclass(eq=False)
class Job:
    """One ruling request run in the background."""

    id: str
    boards: int = 0
    board: int = 0
    """Boards started so far (the one being ruled, 1-based)."""
    stage: dict[str, Any] = field(default_factory=lambda: {
        "stage": "queued", "step": 0, "steps": 1, "text": "waiting for a worker", "part": 0.0})
    state: str = "running"
    """``running``, ``done`` (``status`` and ``result`` hold the answer) or ``cancelled``."""
    status: int | None = None
    result: Any = None
    started: float = field(default_factory=time.monotonic)
    ended: float | None = None
    task: asyncio.Task[None] | None = None
    reached: float = 0.0
    """How much of the job the stages reported so far have shown done, at most (:meth:`fraction`
    never goes back)."""

    def progress(self, board: int) -> Callable[[dict[str, Any]], None]:
        """The callback for the ruling of the ``board``-th board."""
        def report(stage: dict[str, Any]) -> None:
            self.board = max(self.board, board)
            self.stage = stage
            self.reached = max(self.reached, self._shown())
        return report

    def as_dict(self) -> dict[str, Any]:
        end = self.ended if self.ended is not None else time.monotonic()
        out: dict[str, Any] = {
            "id": self.id, "state": self.state, "stage": self.stage, "boards": self.boards,
            "board": self.board, "elapsed": round(end - self.started, 3),
            "fraction": self.fraction()}
        if self.state == "done":
            out["status"], out["result"] = self.status, self.result
        return out

    def fraction(self) -> float:
        """How much of the job is done, 0 to 1 (1 once done; a cancelled job keeps what it had
        done)."""
        return 1.0 if self.state == "done" else self.reached

    def _shown(self) -> float:
        """How much of the job the last stage reported shows done: boards done plus the current
        board's steps, the step under way counted by its ``part`` (an estimate's playouts, or the
        exact tree's depths). A stage reported later may show less (a second ruling that ignores
        the auction counts its own steps, boards ruled side by side report in turn), so the job's
        fraction is the most shown so far."""
        if not self.boards:
            return 0.0
        steps = max(int(self.stage.get("steps", 1)), 1)
        part = min(max(float(self.stage.get("part", 0.0)), 0.0), 1.0)
        within = min(min(int(self.stage.get("step", 0)), steps) + part, steps) / steps
        return round(min((max(self.board - 1, 0) + within) / self.boards, 1.0), 4)


class JobBoard:
    """The jobs of one server."""

    def __init__(self, limit: int = MAX_JOBS) -> None:
        self.limit = limit
        self._jobs: OrderedDict[str, Job] = OrderedDict()

    def start(self, run: Callable[[Job], Awaitable[tuple[int, Any]]]) -> Job:
        """A new job running ``run(job)`` (which answers ``(status, body)``)."""
        job = Job("job-" + secrets.token_hex(8))

        async def body() -> None:
            try:
                job.status, job.result = await run(job)
                job.state = "done"
            except asyncio.CancelledError:
                job.state = "cancelled"
            except Exception as exc:  # a bug: the job says so instead of running forever
                job.state, job.status = "done", 500
                job.result = {"detail": f"internal error: {type(exc).__name__}", "errors": []}
            finally:
                job.ended = time.monotonic()

        job.task = asyncio.get_running_loop().create_task(body())
        self._jobs[job.id] = job
        self._forget()
        return job

    def full(self) -> bool:
        """Whether ``limit`` jobs are running already (a new one is refused, not queued)."""
        return sum(1 for job in self._jobs.values() if job.state == "running") >= self.limit

    def get(self, job_id: str) -> Job | None:
        return self._jobs.get(job_id)

    def cancel(self, job_id: str) -> Job | None:
        job = self._jobs.get(job_id)
        if job is not None and job.task is not None and job.state == "running":
            job.task.cancel()
        return job

    async def close(self) -> None:
        for job in list(self._jobs.values()):
            if job.task is not None and not job.task.done():
                job.task.cancel()
                with contextlib.suppress(BaseException):
                    await job.task

    def _forget(self) -> None:
        for job_id in list(self._jobs):
            if len(self._jobs) <= self.limit:
                return
            if self._jobs[job_id].state != "running":
                del self._jobs[job_id]

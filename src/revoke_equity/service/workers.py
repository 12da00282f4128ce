"""Double-dummy work in worker processes, with a time budget per ruling and kill-and-respawn.

Why processes: endplay hands DDS thread slot 0 on every call, so DDS is not thread-safe in one
process (``solver/dds.py`` serialises every call behind a lock). Each worker process holds its own
:class:`~revoke_equity.solver.dds.DdsSolver` (and so its own position cache), and rules one case at
a time.

Why not :class:`concurrent.futures.ProcessPoolExecutor`: it cannot stop one task. A deal that makes
DDS search for minutes would hold a worker for minutes, and the executor has no way to kill just
that worker. Here each worker is a :mod:`multiprocessing` ``spawn`` process talking to the server
over its own :func:`~multiprocessing.Pipe`:

* the event loop waits for a reply with ``loop.add_reader`` on the pipe (no thread, no blocking);
* a reply that does not come within the budget gets the worker SIGKILLed; a new worker is spawned in
  its place in the background, and the request fails with :class:`BudgetExceeded`;
* a worker that dies (crash, OOM kill) is noticed by end-of-file on its pipe, or by the supervisor
  while idle, and replaced the same way;
* idle workers wait in an :class:`asyncio.Queue`; a request that cannot get one within
  ``queue_timeout`` fails with :class:`WorkerUnavailable` instead of waiting forever.

Reading a request body runs there too (:meth:`WorkerPool.read`), under the same time budget: the
readers are linear, but a body is untrusted text, and parsing it in the server process would hold
its interpreter lock, and so every other request, for as long as it takes.

Workers exit when the server does: on end-of-file of their pipe, and on Linux also by
``PR_SET_PDEATHSIG`` (SIGKILL when the server dies, even by ``kill -9`` in the middle of a search).

This module does not import FastAPI, and the worker side imports only the library.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import multiprocessing
import os
import signal
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnContext, SpawnProcess
from typing import Any

__all__ = ["BudgetExceeded", "RulingFailed", "WorkerPool", "WorkerUnavailable"]

log = logging.getLogger("revoke_equity.service")


class BudgetExceeded(Exception):
    """The ruling (or the reading of a body) took longer than its time budget; the worker was
    killed and is being replaced."""

    def __init__(self, budget: float, *, reading: bool = False,
                 fallback: dict[str, Any] | None = None) -> None:
        self.budget = budget
        self.fallback = fallback
        """The double-dummy ruling of the board, when the worker had sent it."""
        if reading:
            message = (f"reading the request body did not finish within the time budget of "
                       f"{budget:g} s; the worker was stopped and replaced")
        else:
            message = (f"the ruling did not finish within its time budget of {budget:g} s a stage "
                       "(the double-dummy search on this deal is too long); the worker was stopped "
                       "and replaced")
        super().__init__(message)


class WorkerUnavailable(Exception):
    """No worker could take the ruling: all busy for too long, or the worker died under it."""


class RulingFailed(Exception):
    """``rule()`` raised in the worker. ``kind`` is ``"case"`` (a :class:`CaseError`; ``fields``
    holds its location), ``"solver"`` (a :class:`SolverError`) or ``"internal"`` (a bug)."""

    def __init__(self, kind: str, message: str, fields: dict[str, Any] | None = None) -> None:
        self.kind = kind
        self.message = message
        self.fields = fields or {"message": message}
        super().__init__(message)


# --------------------------------------------------------------------------- worker process side


def _die_with_parent() -> None:
    """Linux: have the kernel SIGKILL this process when the server process dies."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(Exception):
        import ctypes

        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)


def _worker_main(conn: Connection, parent_pid: int) -> None:
    """The worker loop: ``(job, case)`` in, ``(job, status, payload)`` out; ``None`` stops it."""
    _die_with_parent()
    if os.getppid() != parent_pid:  # the server died before the death signal was armed
        return
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
    from importlib import resources

    # Only the worker processes load the ruling pipeline and endplay's DDS; the server does not.
    from revoke_equity.equity.estimate import EstimateOptions
    from revoke_equity.errors import CaseError, SolverError
    from revoke_equity.io import read_boards
    from revoke_equity.ruling import rule
    from revoke_equity.service.inputs import ReadRequest, case_error_dict, read_request
    from revoke_equity.solver.dds import DdsSolver

    solver = DdsSolver()
    # Warm up: import every module a ruling uses and let DDS allocate its tables now, not on the
    # first request (whose time budget would pay for it); the double-dummy estimate is enough.
    example = resources.files("revoke_equity").joinpath("examples/two-revokes-same-suit.json")
    for entry in read_boards(example.read_text(), fmt="json", name="warm-up"):
        if entry.case is not None:
            rule(entry.case, solver, options=EstimateOptions(estimate="dd"))
    solver.clear_cache()
    conn.send(("ready", os.getpid()))
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        job, task = message
        reply: tuple[Any, ...]
        try:
            if isinstance(task, ReadRequest):
                reply = (job, "ok", read_request(task))
            else:
                case, asked = task
                options = asked if asked is not None else EstimateOptions()
                if options.names != ("dd",):
                    # The double-dummy ruling first (a fraction of the single-dummy one's cost, and
                    # the start of it: the solver's cache keeps its answers): the answer given
                    # when the single-dummy estimate, asked for or beside, cannot finish within
                    # the budget.
                    quick = replace(options, estimate="dd", extra=())
                    conn.send((job, "fallback", rule(case, solver, options=quick).to_dict()))

                def progress(stage: Any, job: int = job) -> None:
                    conn.send((job, "progress", stage.as_dict()))

                reply = (job, "ok", rule(case, solver, options=options,
                                         progress=progress).to_dict())
        except CaseError as exc:
            reply = (job, "case", case_error_dict(exc))
        except SolverError as exc:
            reply = (job, "solver", str(exc))
        except Exception as exc:  # a bug: report it, keep serving
            reply = (job, "internal", f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}")
        try:
            conn.send(reply)
        except (BrokenPipeError, OSError):
            return


# --------------------------------------------------------------------------- server side


class _WorkerDied(Exception):
    pass


@dataclass(eq=False)
class _Worker:
    process: SpawnProcess
    conn: Connection
    pid: int
    started: float = field(default_factory=time.monotonic)
    rulings: int = 0
    busy: bool = False
    retired: bool = False


class WorkerPool:
    """``size`` worker processes ruling cases. Use from one event loop: ``await start()``, then
    ``await rule(case, budget)`` from any number of tasks, ``await close()`` at the end."""

    def __init__(self, size: int = 2, *, queue_timeout: float = 120.0,
                 start_timeout: float = 120.0) -> None:
        if size < 1:
            raise ValueError(f"a worker pool needs at least one worker, not {size}")
        self.size = size
        self.queue_timeout = queue_timeout
        self.start_timeout = start_timeout
        self._ctx: SpawnContext = multiprocessing.get_context("spawn")
        self._workers: set[_Worker] = set()
        self._idle: asyncio.Queue[_Worker] | None = None
        self._spawning = 0
        self._jobs = itertools.count(1)
        self._background: set[asyncio.Task[Any]] = set()
        self._supervisor: asyncio.Task[None] | None = None
        self._closed = False
        self.replaced = 0
        """Workers killed or found dead and replaced since start."""
        self.budget_kills = 0
        """Workers killed because a ruling exceeded its time budget."""
        self._failing = False
        """Whether the last attempt to start a replacement worker failed."""

    # ----------------------------------------------------------------- lifecycle

    async def start(self) -> None:
        """Spawn the workers and wait until each has warmed up."""
        self._idle = asyncio.Queue()
        self._spawning = self.size
        try:
            workers = await asyncio.gather(*(self._spawn() for _ in range(self.size)))
        finally:
            self._spawning = 0
        for worker in workers:
            self._workers.add(worker)
            self._idle.put_nowait(worker)
        self._supervisor = asyncio.create_task(self._supervise())

    async def close(self) -> None:
        """Stop every worker (politely, then by force) and the background tasks."""
        self._closed = True
        tasks = list(self._background) + ([self._supervisor] if self._supervisor else [])
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        workers, self._workers = list(self._workers), set()
        for worker in workers:
            with contextlib.suppress(OSError):
                worker.conn.send(None)
        deadline = time.monotonic() + 3.0
        for worker in workers:
            await asyncio.to_thread(worker.process.join, max(0.0, deadline - time.monotonic()))
            if worker.process.is_alive():
                worker.process.kill()
                await asyncio.to_thread(worker.process.join, 2.0)
            worker.conn.close()

    async def _spawn(self) -> _Worker:
        parent, child = self._ctx.Pipe(duplex=True)
        process = self._ctx.Process(target=_worker_main, args=(child, os.getpid()),
                                    name="revoke-equity-worker", daemon=True)
        # Started from the event loop's own (main) thread: PR_SET_PDEATHSIG fires when the thread
        # that forked the child ends, so it must be one that lives as long as the server.
        process.start()
        child.close()
        try:
            reply = await self._receive(parent, self.start_timeout)
        except BaseException:
            process.kill()
            await asyncio.to_thread(process.join, 5.0)
            parent.close()
            raise
        if not (isinstance(reply, tuple) and reply[0] == "ready"):
            process.kill()
            parent.close()
            raise WorkerUnavailable(f"a new worker sent {reply!r} instead of 'ready'")
        log.info("worker %s ready", reply[1])
        return _Worker(process, parent, int(reply[1]))

    async def _receive(self, conn: Connection, timeout: float) -> Any:
        """The next message on ``conn``, waited for without blocking the loop."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        fd = conn.fileno()

        def readable() -> None:
            if future.done():
                return
            try:
                future.set_result(conn.recv())
            except (EOFError, OSError) as exc:
                future.set_exception(_WorkerDied(f"the worker's pipe closed ({type(exc).__name__})"))
            except Exception as exc:  # an unreadable message
                future.set_exception(_WorkerDied(f"unreadable reply from the worker: {exc!r}"))

        loop.add_reader(fd, readable)
        try:
            return await asyncio.wait_for(future, timeout)
        finally:
            loop.remove_reader(fd)

    # ----------------------------------------------------------------- the work

    async def rule(self, case: Any, budget: float, options: Any = None,
                   progress: Callable[[dict[str, Any]], None] | None = None,
                   patience: float | None = None) -> dict[str, Any]:
        """The ruling JSON of ``case`` (``Ruling.to_dict()``, with the estimate ``options``),
        computed by a worker within ``budget`` seconds a stage (each estimate gets the budget
        afresh, so a ruling with more estimates may take longer; the double-dummy ruling sent
        first gets one). ``progress`` is given each stage the worker reports
        (:class:`~revoke_equity.ruling.progress.Stage` as a dict). Raises
        :class:`BudgetExceeded` (with the double-dummy ruling as ``fallback`` when there is one),
        :class:`WorkerUnavailable` or :class:`RulingFailed`. ``patience``: the seconds to wait
        for a free worker, instead of ``queue_timeout`` (a job, which its client follows, waits
        longer than a request held open)."""
        return dict(await self._run((case, options), budget, progress=progress, patience=patience))

    async def read(self, request: Any, budget: float, patience: float | None = None) -> Any:
        """The boards of a request body (a :class:`~revoke_equity.service.inputs.ReadRequest`),
        read by a worker within ``budget`` seconds: what
        :func:`~revoke_equity.service.inputs.read_request` returns. Raises as :meth:`rule` does."""
        return await self._run(request, budget, reading=True, patience=patience)

    async def _run(self, task: Any, budget: float, *, reading: bool = False,
                   progress: Callable[[dict[str, Any]], None] | None = None,
                   patience: float | None = None) -> Any:
        worker = await self._acquire(self.queue_timeout if patience is None else patience)
        job = next(self._jobs)
        what = "reading a body" if reading else "ruling"
        fallback: dict[str, Any] | None = None
        try:
            worker.conn.send((job, task))
            while True:  # a stage's messages, each within the budget, then the answer
                reply = await self._receive(worker.conn, budget)
                if not (isinstance(reply, tuple) and len(reply) == 3 and reply[0] == job
                        and reply[1] in ("progress", "fallback")):
                    break
                if reply[1] == "fallback":
                    fallback = reply[2]
                elif progress is not None:
                    progress(reply[2])
        except TimeoutError:
            self.budget_kills += 1
            self._retire(worker, f"{what} exceeded its {budget:g} s budget")
            raise BudgetExceeded(budget, reading=reading, fallback=fallback) from None
        except (_WorkerDied, OSError) as exc:
            self._retire(worker, f"died while {what}: {exc}")
            doing = "reading the body" if reading else "ruling this board"
            raise WorkerUnavailable(
                f"the worker process {doing} died; it has been replaced, try again") from None
        except BaseException:  # cancelled: the worker's state is unknown, so start afresh
            self._retire(worker, "its request was cancelled")
            raise
        if not (isinstance(reply, tuple) and len(reply) == 3 and reply[0] == job):
            self._retire(worker, f"out-of-step reply {str(reply)[:80]!r}")
            raise WorkerUnavailable("the worker answered out of step; it has been replaced, try again")
        self._release(worker)
        _, status, payload = reply
        if status == "ok":
            return payload
        if status == "case":
            raise RulingFailed("case", str(payload.get("message")), dict(payload))
        if status == "solver":
            raise RulingFailed("solver", f"the double-dummy solver failed: {payload}")
        log.error("internal error in worker %s:\n%s", worker.pid, payload)
        raise RulingFailed("internal", f"internal error while {what}: {str(payload).splitlines()[0]}")

    async def _acquire(self, patience: float) -> _Worker:
        assert self._idle is not None, "WorkerPool.start() was not awaited"
        deadline = time.monotonic() + patience
        while True:
            remaining = deadline - time.monotonic()
            try:
                worker = await asyncio.wait_for(self._idle.get(), max(remaining, 0.0))
            except TimeoutError:
                raise WorkerUnavailable(
                    f"all {self.size} workers stayed busy for {patience:g} s; "
                    "try again later") from None
            if worker.retired:
                continue
            if not worker.process.is_alive():
                self._retire(worker, "found dead while idle")
                continue
            worker.busy = True
            return worker

    def _release(self, worker: _Worker) -> None:
        worker.busy = False
        worker.rulings += 1
        assert self._idle is not None
        self._idle.put_nowait(worker)

    def _retire(self, worker: _Worker, reason: str) -> None:
        """Kill ``worker`` (if alive) and start a replacement in the background."""
        if worker.retired:
            return
        worker.retired = True
        self._workers.discard(worker)
        self.replaced += 1
        log.warning("worker %s replaced: %s", worker.pid, reason)
        if worker.process.is_alive():
            worker.process.kill()
        self._in_background(self._reap(worker))
        if not self._closed:
            self._in_background(self._replace())

    def _in_background(self, coroutine: Any) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _reap(self, worker: _Worker) -> None:
        await asyncio.to_thread(worker.process.join, 10.0)
        worker.conn.close()

    async def _replace(self) -> None:
        self._spawning += 1
        try:
            while not self._closed:
                try:
                    worker = await self._spawn()
                except (WorkerUnavailable, _WorkerDied, TimeoutError, OSError) as exc:
                    self._failing = True
                    log.error("could not start a worker (%s); retrying in 1 s", exc)
                    await asyncio.sleep(1.0)
                    continue
                if self._closed:
                    worker.process.kill()
                    await self._reap(worker)
                    return
                self._failing = False
                self._workers.add(worker)
                assert self._idle is not None
                self._idle.put_nowait(worker)
                return
        finally:
            self._spawning -= 1

    async def _supervise(self) -> None:
        """Replace idle workers that died on their own (killed from outside, out of memory)."""
        while not self._closed:
            await asyncio.sleep(1.0)
            for worker in list(self._workers):
                if not worker.busy and not worker.process.is_alive():
                    self._retire(worker, f"found dead while idle (exit code {worker.process.exitcode})")

    # ----------------------------------------------------------------- health

    def status(self) -> dict[str, Any]:
        """Workers configured, alive, busy, being started (``failing`` when the last start
        failed), and replaced so far."""
        alive = [w for w in self._workers if w.process.is_alive()]
        return {
            "configured": self.size,
            "alive": len(alive),
            "busy": sum(1 for w in alive if w.busy),
            "starting": self._spawning,
            "failing": self._failing,
            "replaced": self.replaced,
            "budget_kills": self.budget_kills,
            "pids": sorted(w.pid for w in alive),
            "rulings": sum(w.rulings for w in self._workers),
        }

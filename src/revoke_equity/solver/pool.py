"""Using DDS from several threads or processes.

Threads may share one :class:`~revoke_equity.solver.dds.DdsSolver` (or several): every DDS call
holds the process-wide :data:`~revoke_equity.solver.dds.DDS_LOCK`, so they are safe but take turns.
To use several cores, use processes: each worker gets its own DDS through :func:`default_solver`
(the helpers below do this with joblib's loky backend, which starts fresh processes rather than
forking one that may hold the lock).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from typing import TypeVar

from revoke_equity.model.cards import Card
from revoke_equity.model.position import Position
from revoke_equity.solver.dds import DdsSolver

__all__ = ["default_solver", "parallel_solve_many", "parallel_traces"]

T = TypeVar("T")
R = TypeVar("R")

_solver: DdsSolver | None = None
_owner_pid: int | None = None
_guard = threading.Lock()


def _after_fork_in_child() -> None:
    global _guard
    _guard = threading.Lock()


os.register_at_fork(after_in_child=_after_fork_in_child)


def default_solver() -> DdsSolver:
    """This process's shared :class:`DdsSolver` (built on first use; a new one after a fork)."""
    global _solver, _owner_pid
    with _guard:
        if _solver is None or _owner_pid != os.getpid():
            _solver = DdsSolver()
            _owner_pid = os.getpid()
        return _solver


def _solve_chunk(positions: Sequence[Position]) -> list[dict[Card, int]]:
    return default_solver().solve_many(positions)


def _trace_chunk(jobs: Sequence[tuple[Position, Sequence[Card]]]) -> list[tuple[int, ...]]:
    solver = default_solver()
    return [solver.trace(position, cards) for position, cards in jobs]


def _chunks(items: Sequence[T], n_jobs: int) -> list[list[T]]:
    size = max(1, -(-len(items) // n_jobs))
    return [list(items[i:i + size]) for i in range(0, len(items), size)]


def _in_processes(work: Callable[[list[T]], list[R]], items: Sequence[T],
                  n_jobs: int) -> list[R]:
    """``work`` over ``n_jobs`` near-equal chunks of ``items`` in loky workers, in order."""
    from joblib import Parallel, delayed  # type: ignore[import-untyped]  # no type stubs

    parts = Parallel(n_jobs=n_jobs, backend="loky")(
        delayed(work)(chunk) for chunk in _chunks(items, n_jobs)
    )
    return [result for part in parts for result in part]


def parallel_solve_many(positions: Sequence[Position], n_jobs: int = 2) -> list[dict[Card, int]]:
    """:meth:`DdsSolver.solve_many` split over ``n_jobs`` loky worker processes, in order."""
    return _in_processes(_solve_chunk, positions, n_jobs)


def parallel_traces(
    jobs: Sequence[tuple[Position, Sequence[Card]]], n_jobs: int = 2
) -> list[tuple[int, ...]]:
    """:meth:`DdsSolver.trace` of each ``(position, cards)`` over ``n_jobs`` worker processes."""
    return _in_processes(_trace_chunk, jobs, n_jobs)

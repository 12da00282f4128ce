"""What the service asks of a pool that rules cases and reads request bodies.

:class:`~revoke_equity.service.workers.WorkerPool` is the server's: worker processes, each with its
own DDS solver, killed and replaced when a ruling runs over its time budget.
:class:`~revoke_equity.service.in_process.InProcessPool` rules in this process on a solver it is
given, so that the routes can be tested without a DDS process (as python-chess's engine tests use a
mock transport). This module imports neither: the server process loads no ruling code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

__all__ = ["RulingPool"]


class RulingPool(Protocol):
    """A pool the routes rule with (:class:`~revoke_equity.service.workers.WorkerPool`,
    :class:`InProcessPool`)."""

    size: int
    """How many rulings it makes at once."""

    async def start(self) -> None: ...

    async def close(self) -> None: ...

    async def rule(self, case: Any, budget: float, options: Any = None,
                   progress: Callable[[dict[str, Any]], None] | None = None,
                   patience: float | None = None) -> dict[str, Any]:
        """The ruling JSON of ``case``; raises the errors of
        :meth:`~revoke_equity.service.workers.WorkerPool.rule` (``patience``: the seconds to wait
        for a free worker, else the pool's own)."""
        ...

    async def read(self, request: Any, budget: float, patience: float | None = None) -> Any:
        """The boards of a request body (:func:`~revoke_equity.service.inputs.read_request`)."""
        ...

    def status(self) -> dict[str, Any]: ...

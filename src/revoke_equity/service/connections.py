"""HTTP connections with a deadline for each request's head.

uvicorn closes a connection that stays idle after a response (``timeout_keep_alive``), but it
waits forever for the head of a request, and any byte it receives resets that idle timer: a client
that opens connections and sends a header line now and then holds them open indefinitely. Here a
request's head (request line and headers) must be complete within ``read_timeout`` seconds of the
connection opening or of the previous response, however the bytes trickle in; the connection is
closed otherwise. The same deadline closes a connection that, after its answer, goes on trickling
a body the service did not read (a request refused before its body). The body of a request being
served has its own deadline (:mod:`revoke_equity.service.body`).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["READ_TIMEOUT", "protocol_with_deadline"]

log = logging.getLogger("revoke_equity.service")

READ_TIMEOUT = 20.0
"""Seconds a client has to send a request's head, and again its body."""


class _DeadlineH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request's head."""

    read_timeout: float = READ_TIMEOUT
    _head_deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def handle_events(self) -> None:
        super().handle_events()
        if self._serving():  # a request's head has come: the route has it now
            self._disarm()

    def _serving(self) -> bool:
        return self.cycle is not None and not self.cycle.response_complete

    def on_response_complete(self) -> None:
        self._arm()  # the next request's head has the same deadline
        super().on_response_complete()
        if self.transport.is_closing():
            self._disarm()

    def _arm(self) -> None:
        self._disarm()
        self._head_deadline = self.loop.call_later(self.read_timeout, self._head_too_late)

    def _disarm(self) -> None:
        if self._head_deadline is not None:
            self._head_deadline.cancel()
            self._head_deadline = None

    def _head_too_late(self) -> None:
        self._head_deadline = None
        if not self._serving() and not self.transport.is_closing():
            client = f"{self.client[0]}:{self.client[1]}" if self.client else "a client"
            log.info("%s sent no complete request within %g s; connection closed", client,
                     self.read_timeout)
            self.transport.close()


def protocol_with_deadline(read_timeout: float) -> type[H11Protocol]:
    """The protocol class to give uvicorn (``Config(http=...)``) for this ``read_timeout``."""
    return type("DeadlineH11Protocol", (_DeadlineH11Protocol,), {"read_timeout": read_timeout})

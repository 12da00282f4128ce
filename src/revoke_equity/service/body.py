"""Reading a request body: a size bound, a deadline, and a client that goes away.

A connection must not be held open for nothing: the body must arrive within ``timeout`` seconds of
the request's head (a client that sends a byte now and then, or stops, gets 408), and a client that
disconnects before the end is not an error of the service (one line in the log, no traceback).
The request's head has its own deadline (:mod:`revoke_equity.service.connections`).
"""

from __future__ import annotations

import asyncio

from starlette.requests import ClientDisconnect, Request

__all__ = ["BodyTimeout", "BodyTooLarge", "ClientGone", "read_body"]

DRAIN_FACTOR = 16
"""An oversized body is read and dropped up to this many times the limit, so that the client sees
the 413 cleanly instead of a reset connection."""


class BodyTooLarge(Exception):
    """The body is larger than the limit."""


class BodyTimeout(Exception):
    """The body did not arrive in time."""


class ClientGone(Exception):
    """The client disconnected before sending the whole body; ``received`` bytes came."""

    def __init__(self, received: int) -> None:
        self.received = received
        super().__init__(f"the client disconnected after {received} bytes of the body")


async def read_body(request: Request, limit: int, timeout: float) -> bytes:
    """The request body, at most ``limit`` bytes, within ``timeout`` seconds. Raises
    :class:`BodyTooLarge` (after draining up to :data:`DRAIN_FACTOR` times the limit),
    :class:`BodyTimeout` or :class:`ClientGone`."""
    drain = DRAIN_FACTOR * limit
    declared = request.headers.get("content-length", "")
    if declared.isascii() and declared.isdigit() and len(declared) < 20 and int(declared) > drain:
        raise BodyTooLarge
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    chunks: list[bytes] = []
    size = 0
    stream = request.stream()
    while True:
        remaining = deadline - loop.time()
        try:
            if remaining <= 0:
                raise TimeoutError
            chunk = await asyncio.wait_for(anext(stream), remaining)
        except StopAsyncIteration:
            break
        except TimeoutError:
            raise BodyTimeout from None
        except ClientDisconnect:
            raise ClientGone(size) from None
        size += len(chunk)
        if size > drain:
            raise BodyTooLarge
        if size <= limit:
            chunks.append(chunk)
    if size > limit:
        raise BodyTooLarge
    return b"".join(chunks)

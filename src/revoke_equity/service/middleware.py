"""ASGI middleware of the service: security headers on every answer, and the ``Host`` check."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from revoke_equity.report.html import SHEET_STYLE_SOURCE
from revoke_equity.service.docs import DOCS_PATHS, DOCS_POLICY
from revoke_equity.service.responses import error_response

__all__ = ["HostGuard", "SecurityHeaders"]

ASGIApp = Callable[[MutableMapping[str, Any], Any, Any], Awaitable[None]]

# The ruling sheet's one inline style is allowed by its hash (the page prints the sheet in a frame).
_CSP = ("default-src 'self'; script-src 'self'; "
        f"style-src 'self' {SHEET_STYLE_SOURCE}; img-src 'self' data:; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
        "form-action 'self'")


class SecurityHeaders:
    """Security headers on every answer; the strict Content-Security-Policy everywhere but the
    interactive API docs, which get their own (their pages start Swagger UI / ReDoc inline)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        docs = scope.get("path", "") in DOCS_PATHS

        async def send_with_headers(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers.append((b"x-content-type-options", b"nosniff"))
                headers.append((b"referrer-policy", b"no-referrer"))
                policy = DOCS_POLICY if docs else _CSP
                headers.append((b"content-security-policy", policy.encode()))
                headers.append((b"x-frame-options", b"DENY"))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


class HostGuard:
    """Answer 400 to a request whose ``Host`` is not one of ``allowed`` (port ignored): with the
    server on loopback, this stops a web page from reaching it through DNS rebinding."""

    def __init__(self, app: ASGIApp, allowed: list[str]) -> None:
        self.app = app
        self.allowed = {h.lower().strip("[]") for h in allowed}

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            host = ""
            for key, value in scope.get("headers", []):
                if key == b"host":
                    host = value.decode("latin-1").lower()
            if host.startswith("["):
                host = host[1:].split("]", 1)[0]
            else:
                host = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
            if host not in self.allowed:
                response = error_response(400, f"Host {host!r} is not served here")
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)

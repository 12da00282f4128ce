"""Who may use the API: an access token beyond loopback, and never a request from another site.

The ruling log holds every board ruled; on a club network anyone could read it or fill it. So:

* **Token.** Bound to an address other than loopback, the service needs an access token (given with
  ``--token``, or generated and printed at start; ``--insecure-no-token`` is the explicit choice of
  none). Every ``/api/`` request must carry ``Authorization: Bearer <token>``; the page asks for the
  token once and keeps it in the browser. On loopback no token is needed unless one is given.
* **Same origin only.** A web page the director happens to open may send requests to the service
  (a "simple" ``text/plain`` POST needs no permission from it). A request to ``/api/`` whose
  ``Origin`` is not the service's own, or that the browser marks as cross-site
  (``Sec-Fetch-Site``), is refused before its body is read: no text from another site is ever
  sniffed or parsed.

The page itself (``/``, ``/static/``) and the API description are public: they hold nothing of the
log.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from revoke_equity.service.responses import error_response

__all__ = ["MIN_TOKEN", "AccessGuard", "check_token", "new_token", "same_origin"]

ASGIApp = Callable[[MutableMapping[str, Any], Any, Any], Awaitable[None]]

MIN_TOKEN = 16
"""Shortest token accepted (a generated one has 32 characters)."""
_PROTECTED = "/api/"
_CROSS_SITE = (b"cross-site", b"same-site")
"""``Sec-Fetch-Site`` values of a request made by a page of another origin."""


def new_token() -> str:
    """A random access token: 32 URL-safe characters (192 bits)."""
    return secrets.token_urlsafe(24)


def check_token(token: str) -> str | None:
    """Why ``token`` cannot be an access token, or ``None`` when it can."""
    if len(token) < MIN_TOKEN:
        return f"an access token needs at least {MIN_TOKEN} characters"
    if not token.isascii() or not token.isprintable() or " " in token:
        return "an access token is printable ASCII without spaces"
    return None


def same_origin(origin: str, host: str) -> bool:
    """Whether an ``Origin`` header names the site the request was sent to (its ``Host``)."""
    if origin == "null":
        return False
    try:
        parts = urlsplit(origin)
        origin_port = parts.port
    except ValueError:
        return False
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return False
    default = 443 if parts.scheme == "https" else 80
    try:
        target = urlsplit(f"//{host}")
        host_port = target.port
    except ValueError:
        return False
    return (parts.hostname == target.hostname
            and (origin_port or default) == (host_port or default))


class AccessGuard:
    """ASGI middleware guarding ``/api/``: same-origin requests only, and the bearer token when
    there is one. Refused requests get 403 or 401 in the API's error format, before the route runs
    (so before any body is read)."""

    def __init__(self, app: ASGIApp, token: str | None = None) -> None:
        self.app = app
        self.expected = None if token is None else token.encode()

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or not str(scope.get("path", "")).startswith(_PROTECTED):
            await self.app(scope, receive, send)
            return
        headers: dict[bytes, bytes] = {}
        for key, value in scope.get("headers", []):
            headers.setdefault(key.lower(), value)
        refusal = self._refusal(headers)
        if refusal is None:
            await self.app(scope, receive, send)
            return
        status, detail = refusal
        extra = {"www-authenticate": 'Bearer realm="revoke-equity"'} if status == 401 else None
        response = error_response(status, detail, headers=extra)
        await response(scope, receive, send)

    def _refusal(self, headers: dict[bytes, bytes]) -> tuple[int, str] | None:
        origin = headers.get(b"origin")
        host = headers.get(b"host", b"").decode("latin-1")
        if origin is not None and not same_origin(origin.decode("latin-1"), host):
            return 403, "requests from another site are refused"
        if headers.get(b"sec-fetch-site", b"").lower() in _CROSS_SITE:
            return 403, "requests from another site are refused"
        if self.expected is not None:
            scheme, _, given = headers.get(b"authorization", b"").strip().partition(b" ")
            if scheme.lower() != b"bearer" or not hmac.compare_digest(given.strip(), self.expected):
                return 401, ("this service needs its access token: send 'Authorization: Bearer "
                             "<token>' (the token is printed where the service was started)")
        return None

"""The revoke-equity service: an HTTP API, a web page for directors, and a ruling log.

``revoke-equity serve`` (or ``python -m revoke_equity.service``) runs it with uvicorn. This package
``__init__`` stays light: :func:`add_arguments` and :func:`run` import FastAPI and uvicorn only when
the server starts, so the command line's parser can be built without them.

* :func:`create_app` - the ASGI app (FastAPI): ``POST /api/v1/rulings`` and the log, ``/`` the page,
  ``/docs`` the OpenAPI docs. See :mod:`revoke_equity.service.app`.
* rulings run in worker processes with a time budget (:mod:`revoke_equity.service.workers`);
* every ruling is committed to an SQLite log before it is answered
  (:mod:`revoke_equity.service.store`).
"""

from __future__ import annotations

import argparse
import ipaddress
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fastapi import FastAPI

__all__ = ["DEFAULT_DB", "add_arguments", "create_app", "run"]

DEFAULT_DB = "./revoke-equity.sqlite"
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
TOKEN_VARIABLE = "REVOKE_EQUITY_TOKEN"
"""Environment variable giving the access token (so that it is not seen in the process list)."""
MAX_CONNECTIONS = 200
"""Open connections (and requests) served at once; more get 503 at once instead of waiting."""
MAX_HEAD = 16 * 1024
"""Bytes of a request's head (request line and headers); a larger one is refused with 400."""


def create_app(db_path: str | Path, *, workers: int = 2, time_budget: float = 30.0,
               **options: Any) -> FastAPI:
    """The ASGI app; see :func:`revoke_equity.service.app.create_app`."""
    from revoke_equity.service.app import create_app as _create_app

    return _create_app(db_path, workers=workers, time_budget=time_budget, **options)


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0, not {text}")
    return value


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"not a port number: {value}")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ``serve`` options to ``parser``: --host, --port, --db, --workers, --time-budget,
    --token, --insecure-no-token, --read-timeout, --log-level."""
    parser.add_argument("--host", default=DEFAULT_HOST,
                        help=f"address to listen on (default {DEFAULT_HOST}: this machine only). "
                        "Any other address needs an access token: --token, or one is generated "
                        "and printed at start")
    parser.add_argument("--port", type=_port, default=DEFAULT_PORT,
                        help=f"TCP port (default {DEFAULT_PORT})")
    parser.add_argument("--db", metavar="PATH", default=DEFAULT_DB,
                        help=f"SQLite file of the ruling log (default {DEFAULT_DB}; created if "
                        "missing)")
    parser.add_argument("--workers", type=_positive_int, default=2,
                        help="worker processes running the double-dummy solver (default 2); "
                        "one request rules on all of them but one, so another finds one free")
    parser.add_argument("--time-budget", type=_positive_float, default=30.0, metavar="SECONDS",
                        help="longest a stage of a board's ruling (each estimate) may take before "
                        "its worker is stopped: a single-dummy estimate that runs out gives the "
                        "double-dummy ruling with a note; a double-dummy one, 504 (default 30)")
    parser.add_argument("--token", metavar="TOKEN", default=os.environ.get(TOKEN_VARIABLE),
                        help="access token the page and the API must give (Authorization: Bearer "
                        f"TOKEN; at least 16 characters; default ${TOKEN_VARIABLE}). Needed beyond "
                        "loopback: generated and printed at start when not given")
    parser.add_argument("--insecure-no-token", action="store_true",
                        help="serve an address beyond loopback without an access token: anyone "
                        "who can reach it can read and fill the ruling log")
    parser.add_argument("--read-timeout", type=_positive_float, default=20.0, metavar="SECONDS",
                        help="longest a client may take to send a request's head, and again its "
                        "body, before the connection is closed (default 20)")
    parser.add_argument("--log-level", default="info",
                        choices=["critical", "error", "warning", "info", "debug"],
                        help="server log level (default info)")


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this machine only (127.0.0.0/8, ::1, localhost)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def access_token(host: str, given: str | None, insecure: bool) -> tuple[str | None, str | None]:
    """The access token to require, and a usage problem if any: ``given`` when there is one; a
    new one beyond loopback; none on loopback, or with ``insecure`` (only beyond loopback)."""
    from revoke_equity.service.security import check_token, new_token

    if given is not None:
        if insecure:
            return None, "--token and --insecure-no-token contradict each other"
        return given, check_token(given)
    if is_loopback(host) or insecure:
        return None, None
    return new_token(), None


def _log_config(level: str) -> dict[str, Any]:
    """uvicorn's logging set-up, with the service's own messages (workers, clients that went away)
    printed the same way and at the same level."""
    import copy

    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["loggers"]["revoke_equity"] = {"handlers": ["default"], "level": level.upper(),
                                          "propagate": False}
    return config


def run(args: argparse.Namespace) -> int:
    """Serve until stopped (Ctrl-C / SIGTERM). Returns the exit code: 0 after a clean stop, 1 if
    the server could not start (the ruling log cannot be opened, the port is taken), 2 for bad
    options or FastAPI/uvicorn missing. (uvicorn itself ends the process with 3 when the app's
    startup fails, and re-raises SIGTERM/SIGINT after a graceful stop.)"""
    try:
        import uvicorn

        from revoke_equity.service.app import create_app as _create_app
    except ImportError as exc:
        print(f"revoke-equity serve: {exc.name or exc} is not installed; install the service "
              "with: pip install 'revoke-equity[serve]'", file=sys.stderr)
        return 2
    db = Path(args.db).expanduser()
    if not db.parent.is_dir():
        print(f"revoke-equity serve: --db {args.db}: folder {db.parent} does not exist",
              file=sys.stderr)
        return 2
    try:  # open (create) the log now, for a plain message instead of a startup traceback
        import sqlite3

        from revoke_equity.service.store import RulingLog

        RulingLog(db).close()
    except (sqlite3.Error, OSError) as exc:
        print(f"revoke-equity serve: cannot open the ruling log {db}: {exc}", file=sys.stderr)
        return 1
    host = str(args.host)
    token, problem = access_token(host, args.token, args.insecure_no_token)
    if problem is not None:
        print(f"revoke-equity serve: {problem}", file=sys.stderr)
        return 2
    allowed: list[str] | None = None
    if is_loopback(host):
        allowed = [*LOOPBACK_NAMES, host]
    elif token is None:
        print(f"revoke-equity serve: warning: listening on {host} WITHOUT an access token "
              "(--insecure-no-token): anyone who can reach it can read and fill the ruling log",
              file=sys.stderr)
    else:
        print(f"revoke-equity serve: listening on {host}, reachable from other machines; no "
              "encryption (use it on a network you trust)", file=sys.stderr)
    if token is not None and token != args.token:
        shown = "<this machine's address>" if host in ("0.0.0.0", "::") else host
        print(f"revoke-equity serve: access token: {token}\n  open http://{shown}:{args.port}/"
              f"#token={token} (the page keeps it), or send 'Authorization: Bearer {token}'",
              file=sys.stderr, flush=True)
    from revoke_equity.service.connections import protocol_with_deadline

    app = _create_app(db, workers=args.workers, time_budget=args.time_budget,
                      allowed_hosts=allowed, token=token, read_timeout=args.read_timeout)
    config = uvicorn.Config(app, host=host, port=args.port, log_level=args.log_level,
                            log_config=_log_config(args.log_level),
                            timeout_graceful_shutdown=10, server_header=False,
                            http=protocol_with_deadline(args.read_timeout),
                            timeout_keep_alive=5, limit_concurrency=MAX_CONNECTIONS,
                            h11_max_incomplete_event_size=MAX_HEAD)
    server = uvicorn.Server(config)
    server.run()
    return 0 if server.started else 1

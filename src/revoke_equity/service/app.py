"""The ASGI application: API v1, the web page, the ruling log and the worker pool.

Build it with :func:`create_app`; serve it with uvicorn (``revoke-equity serve`` /
``python -m revoke_equity.service``, see :func:`revoke_equity.service.run`).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from revoke_equity import __version__
from revoke_equity.service.connections import READ_TIMEOUT
from revoke_equity.service.context import ServiceContext
from revoke_equity.service.docs import add_offline_docs
from revoke_equity.service.job_routes import add_job_routes
from revoke_equity.service.known_query import known_query
from revoke_equity.service.log_routes import add_log_routes
from revoke_equity.service.middleware import HostGuard, SecurityHeaders
from revoke_equity.service.openapi import API_DESCRIPTION, add_schemas
from revoke_equity.service.page import add_page
from revoke_equity.service.pool import RulingPool
from revoke_equity.service.responses import error_response, located
from revoke_equity.service.rule_route import add_rule_route
from revoke_equity.service.security import AccessGuard
from revoke_equity.service.workers import WorkerPool

__all__ = ["DEFAULT_TIME_BUDGET", "MAX_BODY", "create_app"]

log = logging.getLogger("revoke_equity.service")

MAX_BODY = 1024 * 1024
"""Largest request body read (1 MiB); a larger one gets 413."""
DEFAULT_TIME_BUDGET = 30.0
"""Seconds one board's ruling may take in a worker before the worker is killed (504)."""


# Over 60 lines for its docstring and the app's parts put together in order (routes, then the
# middleware, outermost last); each part is its own module.
def create_app(
    db_path: str | Path,
    *,
    workers: int = 2,
    time_budget: float = DEFAULT_TIME_BUDGET,
    max_body: int = MAX_BODY,
    allowed_hosts: list[str] | None = None,
    token: str | None = None,
    read_timeout: float = READ_TIMEOUT,
    pool: RulingPool | None = None,
) -> FastAPI:
    """The service as an ASGI app: rulings by ``workers`` worker processes, each board within
    ``time_budget`` seconds, every ruling logged in the SQLite file ``db_path``. With
    ``allowed_hosts``, requests naming another ``Host`` are refused
    (:class:`~revoke_equity.service.middleware.HostGuard`); with ``token``, ``/api/`` requests must
    carry it as a bearer token; requests from another site are always refused
    (:mod:`revoke_equity.service.security`). A body must arrive within ``read_timeout`` seconds.
    ``pool`` is the worker pool to rule with instead of a new one of ``workers`` processes (so a
    test can watch it); the app starts and closes it either way."""
    if pool is None and workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    if not time_budget > 0:
        raise ValueError(f"time_budget must be positive, not {time_budget}")
    pool = WorkerPool(workers) if pool is None else pool
    service = ServiceContext(Path(db_path), pool, float(time_budget), max_body, float(read_timeout))

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await service.start()
        try:
            yield
        finally:
            await service.stop()

    app = FastAPI(
        title="revoke-equity",
        version=__version__,
        description=API_DESCRIPTION,
        lifespan=lifespan,
        dependencies=[Depends(known_query)],
        docs_url=None,  # served offline by add_offline_docs below
        redoc_url=None,
        openapi_tags=[
            {"name": "rulings", "description": "Rule on boards; read the ruling log."},
            {"name": "service", "description": "Health."},
        ],
    )
    app.state.service = service

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        errors = []
        for error in exc.errors():
            where = " ".join(str(part) for part in error.get("loc", ()))
            errors.append(located({"message": f"{where}: {error.get('msg')}",
                                   "reason": error.get("msg")}, None))
        detail = "; ".join(e["message"] for e in errors) or "invalid request"
        return error_response(422, detail, errors)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        return error_response(exc.status_code, str(exc.detail), headers=exc.headers)

    @app.exception_handler(Exception)
    async def _internal(_: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error", exc_info=exc)
        return error_response(500, f"internal error: {type(exc).__name__}")

    add_rule_route(app, service)
    add_job_routes(app, service)
    add_log_routes(app, service)
    add_page(app)
    add_offline_docs(app)
    add_schemas(app, token_required=token is not None)
    app.add_middleware(AccessGuard, token=token)
    app.add_middleware(SecurityHeaders)
    if allowed_hosts:
        app.add_middleware(HostGuard, allowed=allowed_hosts)
    return app

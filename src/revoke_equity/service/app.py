"""The ASGI application: API v1, the web page, the ruling log and the worker pool.

Build it with :func:`create_app`; serve it with uvicorn (``revoke-equity serve`` /
``python -m revoke_equity.service``, see :func:`revoke_equity.service.run`).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping, MutableMapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from revoke_equity import __version__
from revoke_equity.equity.estimate import (
    DEFAULT_PLAYOUTS,
    DEFAULT_SEED,
    DEFAULT_WORLDS,
    EstimateOptions,
)
from revoke_equity.errors import CaseError
from revoke_equity.io import apply_overrides, case_from_dict, case_to_dict
from revoke_equity.model.distribution import LIKELY, PROBABLE
from revoke_equity.model.edition import DEFAULT_EDITION, EDITIONS
from revoke_equity.service.body import BodyTimeout, BodyTooLarge, ClientGone, read_body
from revoke_equity.service.connections import READ_TIMEOUT
from revoke_equity.service.docs import DOCS_PATHS, DOCS_POLICY, add_offline_docs
from revoke_equity.service.inputs import (
    ReadRequest,
    UnsupportedMediaType,
    board_view,
    case_error_dict,
    decode_body,
    format_for,
)
from revoke_equity.service.security import AccessGuard
from revoke_equity.service.store import LoggedRuling, RulingLog, new_id, utc_now
from revoke_equity.service.workers import (
    BudgetExceeded,
    RulingFailed,
    WorkerPool,
    WorkerUnavailable,
)

__all__ = ["DEFAULT_TIME_BUDGET", "MAX_BODY", "create_app"]

log = logging.getLogger("revoke_equity.service")

MAX_BODY = 1024 * 1024
"""Largest request body read (1 MiB); a larger one gets 413."""
DEFAULT_TIME_BUDGET = 30.0
"""Seconds one board's ruling may take in a worker before the worker is killed (504)."""
STATIC = Path(__file__).parent / "static"

Laws = Literal[EDITIONS]  # type: ignore[valid-type]  # the editions' names
NoticedValue = Literal["during-play", "end-of-play", "after-next-deal-call", "after-round"]
EstimateName = Literal["sd", "dd", "table"]
PlayerClass = Literal["expert", "strong", "club"]

API_DESCRIPTION = """\
Law-exact revoke rulings (Laws 61-64, 12C of the Laws of Duplicate Bridge 1997, 2007 and 2017)
with a double-dummy (DDS) estimate of the result without the revoke.

**Rule on a board: `POST /api/v1/rulings`.** The body is the board as played, in one of:

| Content-Type | body |
|---|---|
| `application/json` | a JSON case (`docs/case-format.md`), a list of them, or `{"name", "case", "expect"}` |
| `application/x-pbn` | a PBN file, one or more boards with a `Play` section |
| `application/x-lin` | a BBO LIN record (`md|...|pc|...|`) |
| `text/uri-list` | BBO handviewer links, one per line (parsed, never fetched) |
| `text/plain` (or none) | any of the above, recognised from the text |

Options are query parameters, the same for every format and overriding the case's own fields:
`laws` (edition), `noticed` (when attention was drawn to the revoke), `board` (rule on that board
of a multi-board file only), `include_case` (add the case, the hands, the tricks and a handviewer
link to each ruling, for display) and `time_budget` (seconds, can only lower the server's budget).

**Answer.** One board in the input: the ruling JSON (`docs/ruling-format.md`, format
`revoke-equity/ruling@1`) plus `id` and `created`. Several boards: a JSON list in input order,
one ruling per board, or `{"board", "error"}` for a board that could not be read or ruled (the
others are still ruled; status 200 when at least one board was ruled). Every ruling is committed
to the ruling log before the answer is sent.

**Errors** are JSON `{"detail": message, "errors": [{"message", "reason", "board", "line",
"trick", "seat", "card"}]}`: 422 a board that cannot be read or ruled (the message names the board,
trick, seat and card at fault), 413 a body over 1 MiB, 415 an unknown Content-Type, 503 no worker
free (or the solver failed), 504 the ruling (or the reading of the body, which runs in a worker
too) exceeded its time budget (the worker is replaced), 408 the body did not arrive in time.

**Access.** Every `/api/` request from another site is refused (403). A service with an access
token (always so beyond loopback) wants it as `Authorization: Bearer <token>` (401 without it).

**The log.** `GET /api/v1/rulings/{id}` one stored ruling, the same JSON as the POST answer
(`include_case` as there); `GET /api/v1/rulings?limit&offset`
the newest first; `GET /api/v1/rulings/export` every ruling as JSON lines, oldest first.
`GET /api/v1/health` the version, the log and the workers. The page for directors is at `/`.
"""

_CASE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "A JSON case (docs/case-format.md): one board as it was played.",
    "required": ["deal", "contract", "declarer", "play"],
    "additionalProperties": False,
    "properties": {
        "board": {"type": "integer", "minimum": 1},
        "laws": {"type": "string", "enum": list(EDITIONS), "default": str(DEFAULT_EDITION)},
        "deal": {"type": "string", "description": "PBN deal: first seat, colon, four hands",
                 "example": "N:AKQ2.KQ2.A32.AK2 JT9.JT9.JT9.JT98 876.876.8765.765 543.A543.KQ4.Q43"},
        "contract": {"type": "string", "example": "4S"},
        "declarer": {"type": "string", "enum": ["N", "E", "S", "W"]},
        "vulnerable": {"type": "string", "enum": ["None", "NS", "EW", "All"], "default": "None"},
        "play": {"type": "array", "items": {"type": "string", "example": "HK"},
                 "description": "cards in play order from the opening lead"},
        "claim": {"type": "object", "required": ["after_trick", "declarer_tricks"],
                  "properties": {"after_trick": {"type": "integer"},
                                 "declarer_tricks": {"type": "integer"},
                                 "by": {"type": "string", "enum": ["N", "E", "S", "W"],
                                        "description": "who claimed or conceded (default declarer)"},
                                 "agreed": {"type": "boolean", "default": True,
                                            "description": "whether the other side agreed"}}},
        "noticed": {"type": "string", "enum": ["during-play", "end-of-play",
                                               "after-next-deal-call", "after-round"]},
        "corrected": {"type": "array", "items": {
            "type": "object", "properties": {"trick": {"type": "integer"},
                                             "player": {"type": "string"},
                                             "card": {"type": "string"}}}},
        "penalty_cards": {"type": "array", "items": {
            "type": "object", "properties": {"player": {"type": "string"},
                                             "card": {"type": "string"},
                                             "from_trick": {"type": "integer"}}}},
        "requirements": {"type": "array", "items": {
            "type": "object", "required": ["trick", "player", "kind"],
            "properties": {"trick": {"type": "integer"},
                           "player": {"type": "string"},
                           "kind": {"type": "string",
                                    "enum": ["lead", "no-lead", "highest", "lowest", "suit"]},
                           "suit": {"type": "string", "enum": ["S", "H", "D", "C"]}}}},
    },
}
_EXAMPLE_PBN = (STATIC / "example.pbn").read_text()
"""The board the page's "Load an example" button loads, also the OpenAPI example of a PBN body."""
_REQUEST_BODY: dict[str, Any] = {
    "required": True,
    "description": "The board(s) as played; the format follows the Content-Type.",
    "content": {
        "application/json": {"schema": {"oneOf": [
            {"$ref": "#/components/schemas/Case"},
            {"type": "array", "items": {"$ref": "#/components/schemas/Case"}},
            {"type": "object", "description": "worked-case wrapper",
             "properties": {"name": {"type": "string"},
                            "case": {"$ref": "#/components/schemas/Case"},
                            "expect": {"type": "object"}}},
        ]}},
        "application/x-pbn": {"schema": {"type": "string"}, "example": _EXAMPLE_PBN},
        "application/x-lin": {"schema": {"type": "string"},
                              "example": "md|3SJ96HQJT952D5CAJT,...|sv|e|mb|4S|mb|p|...|pc|D4|..."},
        "text/uri-list": {"schema": {"type": "string"},
                          "example": "https://www.bridgebase.com/tools/handviewer.html?lin=..."},
        "text/plain": {"schema": {"type": "string"}},
    },
}
_ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "detail": {"type": "string"},
        "errors": {"type": "array", "items": {"$ref": "#/components/schemas/BoardError"}},
    },
}
_BOARD_ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "Why one board could not be read or ruled, and where.",
    "properties": {k: {"type": ["string", "integer", "null"]} for k in
                   ("message", "reason", "board", "line", "trick", "seat", "card")},
}


def _error_response(status: int, detail: str, errors: list[dict[str, Any]] | None = None,
                     headers: Mapping[str, str] | None = None) -> JSONResponse:
    body: dict[str, Any] = {"detail": detail}
    if errors is not None:
        body["errors"] = errors
    return JSONResponse(body, status_code=status, headers=dict(headers) if headers else None)


# ------------------------------------------------------------------------------ ASGI middleware

ASGIApp = Callable[[MutableMapping[str, Any], Any, Any], Awaitable[None]]

_CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
        "form-action 'self'")


class _Headers:
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


class _HostGuard:
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
                response = _error_response(400, f"Host {host!r} is not served here")
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


# ------------------------------------------------------------------------------ the application


class _Service:
    """What the routes share: the log, the worker pool and the limits."""

    def __init__(self, db_path: Path, pool: WorkerPool, time_budget: float, max_body: int,
                 read_timeout: float = READ_TIMEOUT) -> None:
        self.db_path = db_path
        self.pool = pool
        self.workers = pool.size
        self.time_budget = time_budget
        self.max_body = max_body
        self.read_timeout = read_timeout
        self.store: RulingLog | None = None

    async def start(self) -> None:
        self.store = await asyncio.to_thread(RulingLog, self.db_path)
        await self.pool.start()
        log.info("revoke-equity %s: %d workers, time budget %g s, ruling log %s",
                 __version__, self.workers, self.time_budget, self.db_path)

    async def stop(self) -> None:
        await self.pool.close()
        if self.store is not None:
            self.store.close()

    async def rule_one(self, case: Any, budget: float, options: EstimateOptions | None = None
                       ) -> tuple[int, dict[str, Any]]:
        """``(200, ruling)`` or ``(status, error dict)`` for one case."""
        try:
            return 200, await self.pool.rule(case, budget, options)
        except RulingFailed as exc:
            status = {"case": 422, "solver": 503}.get(exc.kind, 500)
            fields = exc.fields if exc.kind == "case" else {"message": exc.message}
            return status, _located(fields, case.board)
        except BudgetExceeded as exc:
            return 504, _located({"message": str(exc)}, case.board)
        except WorkerUnavailable as exc:
            return 503, _located({"message": str(exc)}, case.board)

    async def read(self, text: str, fmt: str | None, budget: float) -> tuple[int, Any]:
        """``(200, boards)`` of a body, read in a worker within ``budget``, or ``(status, error
        dict)``: a reader is linear, but the text is untrusted; it never runs in this process."""
        try:
            return 200, await self.pool.read(ReadRequest(text, fmt), budget)
        except BudgetExceeded as exc:
            return 504, _located({"message": str(exc)}, None)
        except WorkerUnavailable as exc:
            return 503, _located({"message": str(exc)}, None)
        except RulingFailed as exc:  # a reader bug: the body cannot be read, the service goes on
            return 422, _located({"message": f"request body: cannot be read ({exc.message})"}, None)


def _located(fields: dict[str, Any], board: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {"message": None, "reason": None, "board": None, "line": None,
                           "trick": None, "seat": None, "card": None}
    out.update(fields)
    if out["board"] is None and board is not None:
        out["board"] = board
        out["message"] = f"board {board}: {out['message']}"
    if out["reason"] is None:
        out["reason"] = fields.get("message")
    return out


def create_app(
    db_path: str | Path,
    *,
    workers: int = 2,
    time_budget: float = DEFAULT_TIME_BUDGET,
    max_body: int = MAX_BODY,
    allowed_hosts: list[str] | None = None,
    token: str | None = None,
    read_timeout: float = READ_TIMEOUT,
    pool: WorkerPool | None = None,
) -> FastAPI:
    """The service as an ASGI app: rulings by ``workers`` worker processes, each board within
    ``time_budget`` seconds, every ruling logged in the SQLite file ``db_path``. With
    ``allowed_hosts``, requests naming another ``Host`` are refused (see :class:`_HostGuard`);
    with ``token``, ``/api/`` requests must carry it as a bearer token; requests from another site
    are always refused (:mod:`revoke_equity.service.security`). A body must arrive within
    ``read_timeout`` seconds. ``pool`` is the worker pool to rule with instead of a new one of
    ``workers`` processes (so a test can watch it); the app starts and closes it either way."""
    if pool is None and workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    if not time_budget > 0:
        raise ValueError(f"time_budget must be positive, not {time_budget}")
    pool = WorkerPool(workers) if pool is None else pool
    service = _Service(Path(db_path), pool, float(time_budget), max_body, float(read_timeout))

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
            errors.append({"message": f"{where}: {error.get('msg')}", "reason": error.get("msg"),
                           "board": None, "line": None, "trick": None, "seat": None,
                           "card": None})
        detail = "; ".join(e["message"] for e in errors) or "invalid request"
        return _error_response(422, detail, errors)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        return _error_response(exc.status_code, str(exc.detail), headers=exc.headers)

    @app.exception_handler(Exception)
    async def _internal(_: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error", exc_info=exc)
        return _error_response(500, f"internal error: {type(exc).__name__}")

    # -------------------------------------------------------------------------- rulings

    @app.post(
        "/api/v1/rulings",
        tags=["rulings"],
        summary="Rule on the board(s) of a JSON case, PBN, LIN or handviewer link",
        openapi_extra={"requestBody": _REQUEST_BODY},
        responses={
            200: {"description": "The ruling JSON (docs/ruling-format.md) with its `id`; a list for "
                                 "several boards, where a bad board is `{\"board\", \"error\"}`.",
                  "content": {"application/json": {"schema": {"type": ["object", "array"]}}}},
            413: {"description": "Body over 1 MiB",
                  "content": {"application/json": {"schema": _ERROR_SCHEMA}}},
            415: {"description": "Unknown Content-Type",
                  "content": {"application/json": {"schema": _ERROR_SCHEMA}}},
            422: {"description": "No board could be read or ruled; `errors` says where",
                  "content": {"application/json": {"schema": _ERROR_SCHEMA}}},
            503: {"description": "No worker free in time, a worker died, or the solver failed",
                  "content": {"application/json": {"schema": _ERROR_SCHEMA}}},
            504: {"description": "The ruling exceeded its time budget (the worker was replaced)",
                  "content": {"application/json": {"schema": _ERROR_SCHEMA}}},
        },
    )
    async def create_rulings(
        request: Request,
        laws: Annotated[Laws | None, Query(description="law edition; default: the case's "
                                                       "own, else 2017")] = None,
        noticed: Annotated[NoticedValue | None, Query(
            description="when attention was first drawn to the revoke; default: the case's own, "
                        "else end-of-play")] = None,
        board: Annotated[int | None, Query(ge=1, description="rule on this board of the input "
                                                             "only")] = None,
        include_case: Annotated[bool, Query(
            description="add `case`, `hands`, `tricks`, `dummy` and `handviewer_url` to each "
                        "ruling (what the web page draws)")] = False,
        time_budget: Annotated[float | None, Query(
            gt=0, description="seconds per board, and for reading the body; may only lower the "
                                "server's budget")] = None,
        estimate: Annotated[EstimateName, Query(
            description="the estimate of the likely result the score rests on: sd single-dummy "
                        "play, dd double-dummy, table the table's later cards kept")] = "sd",
        also: Annotated[str, Query(description="more estimates to show, e.g. `dd,table`")] = "",
        players: Annotated[PlayerClass, Query(
            description="class of player of the sd and table estimates")] = "strong",
        seed: Annotated[int, Query(ge=0, lt=2**63, description="seed of the sampled layouts "
                                                                "and playouts")] = DEFAULT_SEED,
        worlds: Annotated[int, Query(ge=1, le=200, description="layouts per single-dummy "
                                                               "decision")] = DEFAULT_WORLDS,
        playouts: Annotated[int, Query(ge=1, le=10_000, description="sampled playouts when exact "
                                       "propagation is too large")] = DEFAULT_PLAYOUTS,
        likely: Annotated[float, Query(gt=0, le=1, description="probability of a likely "
                                                               "result")] = LIKELY,
        probable: Annotated[float, Query(gt=0, le=1, description="probability of a result at "
                                                                 "all probable")] = PROBABLE,
    ) -> Any:
        try:
            options = EstimateOptions(
                estimate=estimate, players=players, seed=seed, worlds=worlds, playouts=playouts,
                likely=likely, probable=probable,
                extra=tuple(n.strip() for n in also.split(",") if n.strip()))
        except ValueError as exc:
            return _error_response(422, str(exc))
        try:
            fmt = format_for(request.headers.get("content-type"))
        except UnsupportedMediaType as exc:
            return _error_response(415, str(exc))
        try:
            data = await read_body(request, service.max_body, service.read_timeout)
        except BodyTooLarge:
            return _error_response(
                413, f"the request body is larger than {service.max_body // 1024} KiB; "
                     "send fewer boards per request", headers={"connection": "close"})
        except BodyTimeout:
            return _error_response(
                408, f"the request body did not arrive within {service.read_timeout:g} s",
                headers={"connection": "close"})
        except ClientGone as exc:
            client = request.client.host if request.client else "a client"
            log.info("%s disconnected before sending the whole request body (%d bytes came)",
                     client, exc.received)
            return Response(status_code=400)
        if not data.strip():
            return _error_response(422, "the request body is empty: send a JSON case, PBN, LIN "
                                        "or a handviewer link")
        text = decode_body(data, fmt)
        budget = service.time_budget if time_budget is None else min(time_budget,
                                                                     service.time_budget)
        status, entries = await service.read(text, fmt, budget)
        if status != 200:
            return _error_response(status, entries["message"], [entries])
        if board is not None:
            numbers = sorted({e.board for e in entries if e.board is not None})
            entries = [e for e in entries if e.board == board]
            if not entries:
                listed = ", ".join(str(n) for n in numbers) or "none numbered"
                return _error_response(422, f"no board {board} in the input (boards: {listed})")
        if not entries:
            return _error_response(422, "the input holds no board")
        # A many-board file keeps at most one board per worker waiting at a time, so its later
        # boards are not charged the queue time of its earlier ones, and other requests get turns.
        in_flight = asyncio.Semaphore(service.workers)

        async def one(entry: Any) -> tuple[int, dict[str, Any], Any]:
            if entry.error is not None or entry.case is None:
                return 422, entry.error, None
            try:
                case = _overrides(entry.case, laws, noticed)
            except CaseError as exc:
                return 422, case_error_dict(exc), None
            async with in_flight:
                status, payload = await service.rule_one(case, budget, options)
            return status, payload, case

        results = await asyncio.gather(*(one(e) for e in entries))
        created = utc_now()
        rows: list[LoggedRuling] = []
        out: list[dict[str, Any]] = []
        for (status, payload, case), entry in zip(results, entries, strict=True):
            if status != 200:
                out.append({"board": entry.board if entry.board is not None else payload["board"],
                            "status": status, "error": payload})
                continue
            row = LoggedRuling(new_id(), created, __version__, str(case.laws), case.board,
                               case_to_dict(case), payload)
            rows.append(row)
            item = {**payload, "id": row.id, "created": created}
            if include_case:
                item.update(await asyncio.to_thread(board_view, case))
            out.append(item)
        if rows:
            assert service.store is not None
            try:
                await asyncio.to_thread(service.store.add, rows)
            except Exception as exc:  # sqlite3.Error, OSError: no ruling leaves unlogged
                log.exception("ruling log write failed")
                return _error_response(503, f"the ruling log could not be written ({exc}); "
                                            "no ruling was given")
        if len(entries) == 1:
            item = out[0]
            if "error" in item:
                return _error_response(item["status"], item["error"]["message"], [item["error"]])
            return JSONResponse(item)
        if not rows:
            statuses = [item["status"] for item in out]
            status = 422 if 422 in statuses else statuses[0]
            errors = [item["error"] for item in out]
            return _error_response(status, f"none of the {len(out)} boards could be ruled; "
                                           f"first: {errors[0]['message']}", errors)
        return JSONResponse(out)

    @app.get("/api/v1/rulings", tags=["rulings"], summary="The ruling log, newest first")
    async def list_rulings(
        limit: Annotated[int, Query(ge=1, le=500)] = 50,
        offset: Annotated[int, Query(ge=0)] = 0,
    ) -> dict[str, Any]:
        assert service.store is not None
        total, rows = await asyncio.to_thread(service.store.page, limit, offset)
        return {"total": total, "limit": limit, "offset": offset,
                "items": [r.summary() for r in rows]}

    @app.get("/api/v1/rulings/export", tags=["rulings"],
             summary="Every stored ruling as JSON lines, oldest first",
             response_class=StreamingResponse,
             responses={200: {"content": {"application/x-ndjson": {}},
                              "description": "one record per line: id, created, version, laws, "
                                             "board, case, ruling"}})
    async def export_rulings() -> StreamingResponse:
        assert service.store is not None
        store = service.store

        def lines() -> Iterator[bytes]:
            for row in store.export():
                yield (json.dumps(row.as_dict(), ensure_ascii=False, separators=(",", ":"))
                       + "\n").encode()

        return StreamingResponse(
            lines(), media_type="application/x-ndjson",
            headers={"content-disposition": 'attachment; filename="revoke-equity-rulings.jsonl"'})

    @app.get("/api/v1/rulings/{ruling_id}", tags=["rulings"],
             summary="One stored ruling, as POST answered it",
             responses={404: {"description": "No ruling with this id",
                              "content": {"application/json": {"schema": _ERROR_SCHEMA}}}})
    async def get_ruling(
        ruling_id: str,
        include_case: Annotated[bool, Query(
            description="add `case`, `hands`, `tricks`, `dummy` and `handviewer_url`, as POST "
                        "does")] = False,
    ) -> Any:
        assert service.store is not None
        row = await asyncio.to_thread(service.store.get, ruling_id)
        if row is None:
            return _error_response(404, f"no ruling with id {ruling_id!r}")
        item = {**row.ruling, "id": row.id, "created": row.created}  # the POST answer's shape
        if include_case:
            item.update(await asyncio.to_thread(_stored_view, row.case))
        return JSONResponse(item)

    @app.get("/api/v1/health", tags=["service"], summary="Version, ruling log and workers")
    async def health() -> JSONResponse:
        assert service.store is not None
        db = await asyncio.to_thread(service.store.check)
        workers = service.pool.status()
        serving = db["ok"] and workers["alive"] >= 1
        status = "ok" if serving and workers["alive"] == workers["configured"] else (
            "degraded" if serving else "down")
        body = {"status": status, "version": __version__, "time_budget": service.time_budget,
                "max_body": service.max_body, "db": db, "workers": workers}
        return JSONResponse(body, status_code=200 if serving else 503)

    # -------------------------------------------------------------------------- the page

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", media_type="text/html; charset=utf-8",
                            headers={"cache-control": "no-cache"})

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    add_offline_docs(app)
    _original_openapi = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = _original_openapi()
            components = schema.setdefault("components", {}).setdefault("schemas", {})
            components["Case"] = _CASE_SCHEMA
            components["BoardError"] = _BOARD_ERROR_SCHEMA
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    app.add_middleware(AccessGuard, token=token)
    app.add_middleware(_Headers)
    if allowed_hosts:
        app.add_middleware(_HostGuard, allowed=allowed_hosts)
    return app


def _overrides(case: Any, laws: str | None, noticed: str | None) -> Any:
    return apply_overrides(case, laws=laws, noticed=noticed)


def _stored_view(case_json: dict[str, Any]) -> dict[str, Any]:
    try:
        return board_view(case_from_dict(case_json))
    except Exception:  # a record from another version that no longer reads: show the ruling alone
        log.warning("stored case could not be re-read for display", exc_info=True)
        return {"case": case_json, "hands": None, "tricks": None, "dummy": None,
                "handviewer_url": None}

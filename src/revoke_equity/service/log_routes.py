"""The ruling log's routes (``GET /api/v1/rulings``, ``/export``, ``/{id}``, ``/{id}/sheet``) and
``GET /api/v1/health``."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated, Any, cast

from fastapi import FastAPI, Query
from fastapi.responses import HTMLResponse, JSONResponse, StreamingResponse

from revoke_equity import __version__
from revoke_equity.errors import RevokeEquityError
from revoke_equity.io import case_from_dict
from revoke_equity.report.html import SheetFields, stored_sheet_html
from revoke_equity.service.context import ServiceContext
from revoke_equity.service.inputs import board_view
from revoke_equity.service.openapi import ERROR_SCHEMA
from revoke_equity.service.responses import error_response

if TYPE_CHECKING:
    from revoke_equity.ruling.schema import RulingJSON

__all__ = ["MAX_FIELD", "MAX_OFFSET", "add_log_routes"]

MAX_FIELD = 200
"""The longest event, session, table or pair name a sheet takes."""

MAX_OFFSET = 2**63 - 1
"""The largest offset into the log: SQLite's integer range."""

log = logging.getLogger("revoke_equity.service")


# Over 60 lines for short routes (the log, its export, a ruling, its sheet, the health) declared with
# their OpenAPI descriptions.
def add_log_routes(app: FastAPI, service: ServiceContext) -> None:
    """The log's routes and the health route on ``app``."""

    @app.get("/api/v1/rulings", tags=["rulings"], summary="The ruling log, newest first")
    async def list_rulings(
        limit: Annotated[int, Query(ge=1, le=500)] = 50,
        offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
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
                              "content": {"application/json": {"schema": ERROR_SCHEMA}}}})
    async def get_ruling(
        ruling_id: str,
        include_case: Annotated[bool, Query(
            description="add `case`, `hands`, `tricks`, `dummy` and `handviewer_url`, as POST "
                        "does")] = False,
    ) -> Any:
        assert service.store is not None
        row = await asyncio.to_thread(service.store.get, ruling_id)
        if row is None:
            return error_response(404, f"no ruling with id {ruling_id!r}")
        item = {**row.ruling, "id": row.id, "created": row.created}  # the POST answer's shape
        if include_case:
            item.update(await asyncio.to_thread(_stored_view, row.case))
        return JSONResponse(item)

    @app.get("/api/v1/rulings/{ruling_id}/sheet", tags=["rulings"],
             summary="One stored ruling as the printable ruling sheet (HTML, one A4 page)",
             response_class=HTMLResponse,
             responses={200: {"content": {"text/html": {}},
                              "description": "the sheet `rule --format html` writes for the board"},
                        404: {"description": "No ruling with this id",
                              "content": {"application/json": {"schema": ERROR_SCHEMA}}},
                        422: {"description": "The stored case no longer reads",
                              "content": {"application/json": {"schema": ERROR_SCHEMA}}}})
    async def get_sheet(
        ruling_id: str,
        event: Annotated[str | None, Query(max_length=MAX_FIELD, description="the event")] = None,
        session: Annotated[str | None, Query(max_length=MAX_FIELD)] = None,
        table: Annotated[str | None, Query(max_length=MAX_FIELD)] = None,
        ns_pair: Annotated[str | None, Query(max_length=MAX_FIELD, description="NS pair")] = None,
        ew_pair: Annotated[str | None, Query(max_length=MAX_FIELD, description="EW pair")] = None,
    ) -> Any:
        assert service.store is not None
        row = await asyncio.to_thread(service.store.get, ruling_id)
        if row is None:
            return error_response(404, f"no ruling with id {ruling_id!r}")
        fields = SheetFields(event, session, table, ns_pair, ew_pair)
        try:
            page = await asyncio.to_thread(_sheet, row.case, row.ruling, fields)
        except RevokeEquityError as exc:
            return error_response(422, f"the stored case of ruling {ruling_id} no longer reads: {exc}")
        return HTMLResponse(page)

    @app.get("/api/v1/health", tags=["service"], summary="Version, ruling log and workers")
    async def health() -> JSONResponse:
        assert service.store is not None
        db = await asyncio.to_thread(service.store.check)
        workers = service.pool.status()
        # Workers being replaced (after a budget kill) still serve: requests wait for them.
        replacing = workers["starting"] >= 1 and not workers["failing"]
        serving = db["ok"] and (workers["alive"] >= 1 or replacing)
        status = "ok" if serving and workers["alive"] == workers["configured"] else (
            "degraded" if serving else "down")
        body = {"status": status, "version": __version__, "time_budget": service.time_budget,
                "max_body": service.max_body, "db": db, "workers": workers}
        return JSONResponse(body, status_code=200 if serving else 503)


def _sheet(case_json: dict[str, Any], ruling: dict[str, Any], fields: SheetFields) -> str:
    # The log keeps each ruling as ``Ruling.to_dict()`` wrote it: a ``ruling@2`` JSON.
    return stored_sheet_html(case_from_dict(case_json), cast("RulingJSON", ruling), fields)


def _stored_view(case_json: dict[str, Any]) -> dict[str, Any]:
    try:
        return board_view(case_from_dict(case_json))
    except Exception:  # a record from another version that no longer reads: show the ruling alone
        log.warning("stored case could not be re-read for display", exc_info=True)
        return {"case": case_json, "hands": None, "tricks": None, "dummy": None,
                "handviewer_url": None}

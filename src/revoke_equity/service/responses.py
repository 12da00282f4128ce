"""The service's error answers: ``{"detail", "errors"}`` and one board's located error."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi.responses import JSONResponse

__all__ = ["error_response", "located"]


def error_response(status: int, detail: str, errors: list[dict[str, Any]] | None = None,
                    headers: Mapping[str, str] | None = None) -> JSONResponse:
    """Every error answer of the API: ``{"detail", "errors"}``; without ``errors`` of its own,
    one entry that is ``detail`` with no board, line, trick, seat or card."""
    if errors is None:
        errors = [located({"message": detail}, None)]
    body: dict[str, Any] = {"detail": detail, "errors": errors}
    return JSONResponse(body, status_code=status, headers=dict(headers) if headers else None)


def located(fields: dict[str, Any], board: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {"message": None, "reason": None, "board": None, "line": None,
                           "trick": None, "seat": None, "card": None}
    out.update(fields)
    if out["board"] is None and board is not None:
        out["board"] = board
        out["message"] = f"board {board}: {out['message']}"
    if out["reason"] is None:
        out["reason"] = fields.get("message")
    return out

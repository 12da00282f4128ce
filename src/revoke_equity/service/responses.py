"""The service's error answers: ``{"detail", "errors"}`` and one board's located error."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi.responses import JSONResponse

__all__ = ["ERROR_FIELDS", "error_response", "located"]

ERROR_FIELDS = ("message", "reason", "board", "position", "line", "trick", "seat", "card")
"""The fields of every entry of an error answer's ``errors``, each present (null when unknown)."""


def error_response(status: int, detail: str, errors: list[dict[str, Any]] | None = None,
                    headers: Mapping[str, str] | None = None) -> JSONResponse:
    """Every error answer of the API: ``{"detail", "errors"}``; without ``errors`` of its own,
    one entry that is ``detail`` with no board, position, line, trick, seat or card."""
    if errors is None:
        errors = [located({"message": detail}, None)]
    body: dict[str, Any] = {"detail": detail, "errors": errors}
    return JSONResponse(body, status_code=status, headers=dict(headers) if headers else None)


def located(fields: Mapping[str, Any], board: int | None, position: int | None = None
            ) -> dict[str, Any]:
    """``fields`` (a :func:`~revoke_equity.service.inputs.case_error_dict`, or a bare
    ``message``) as an entry of ``errors``, with every one of :data:`ERROR_FIELDS`: ``board`` the
    board's number, an integer, or null when the input gives none (a reader's name for a board
    without one, such as ``"2 of the input"``, stays in the message only), and ``position`` the
    board's place among the input's boards, from 1 (both null for an error of the request as a
    whole). A message that names no board is given ``board``'s number in front."""
    out: dict[str, Any] = dict.fromkeys(ERROR_FIELDS)
    out.update(fields)
    named = out["board"]
    if named is None and board is not None:
        out["message"] = f"board {board}: {out['message']}"
    out["board"] = named if isinstance(named, int) and not isinstance(named, bool) else board
    if position is not None:
        out["position"] = position
    if out["reason"] is None:
        out["reason"] = fields.get("message")
    return out

"""The OpenAPI description of the API: its text, the schemas of a case, of a request body and of
an error, added to the app's generated schema."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from revoke_equity.model.edition import DEFAULT_EDITION, EDITIONS
from revoke_equity.service.docs import declare_access_token
from revoke_equity.service.page import STATIC
from revoke_equity.service.responses import ERROR_FIELDS

__all__ = ["API_DESCRIPTION", "ERROR_SCHEMA", "REQUEST_BODY", "add_schemas"]

API_DESCRIPTION = """\
Law-exact revoke rulings (Laws 61-64, 12C of the Laws of Duplicate Bridge 1997, 2007 and 2017)
with an estimate of the likely result without the revoke: double-dummy play by default, with
single-dummy players (each sees what he would see) shown beside it and the score they would lead
to (`beside`); single-dummy or the table's own play on request (`estimate`, `also`).

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
Every number is bounded, and one past its bounds is a 422 naming the parameter: `board` 1 to
99999, `time_budget` 1 to 86400 (a shorter budget would only cost a worker), `seed` 0 to 2^63-1,
`worlds` 1 to 200, `playouts` 1 to 10000, `precision` 0 to 0.5, `likely` and `probable` above 0
and at most 1; in the log, `limit` 1 to 500 and `offset` 0 to 2^63-1. While workers stopped by a
budget are replaced, health answers 200 `degraded` and requests wait for them.

**Answer.** One board in the input: the ruling JSON (`docs/ruling-format.md`, format
`revoke-equity/ruling@2`) plus `id` and `created`. Several boards: a JSON list in input order,
one ruling per board, or `{"board", "position", "status", "error"}` (`BoardFailure`) for a board
that could not be read or ruled (the others are still ruled; status 200 when at least one board
was ruled). Every ruling is committed to the ruling log before the answer is sent.

**Errors** are JSON `{"detail": message, "errors": [{"message", "reason", "board", "position",
"line", "trick", "seat", "card"}]}` (`BoardError`): `board` is the board's number, an integer, or
null when the input gives it none; `position` is the board's place among the input's boards, from
1, given with every error of a board; both are null for an error of the request as a whole (a
parameter, the body's size or type). 422 a board that cannot be read or ruled (the message names
the board, trick, seat and card at fault; a board without a number as `board 2 of the input`), 413
a body over 1 MiB, 415 an unknown Content-Type, 503 no worker free (or the solver failed), 504 the
ruling (or the reading of the body, which runs in a worker too) exceeded its time budget (the
worker is replaced), 408 the body did not arrive in time.

**Access.** Every `/api/` request from another site is refused (403). A service with an access
token (always so beyond loopback) wants it as `Authorization: Bearer <token>` (401 without it).

**The log.** `GET /api/v1/rulings/{id}` one stored ruling, the same JSON as the POST answer
(`include_case` as there); `GET /api/v1/rulings/{id}/sheet?event&session&table&ns_pair&ew_pair`
its printable ruling sheet, the HTML `rule --format html` writes (one A4 page; each field at
most 200 characters); `GET /api/v1/rulings?limit&offset`
the newest first; `GET /api/v1/rulings/export` every ruling as JSON lines, oldest first.
`GET /api/v1/health` the version, the log and the workers. The page for directors is at `/`.
"""

CASE_SCHEMA: dict[str, Any] = {
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
EXAMPLE_PBN = (STATIC / "example.pbn").read_text()
"""The board the page's "Load an example" button loads, also the OpenAPI example of a PBN body."""
REQUEST_BODY: dict[str, Any] = {
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
        "application/x-pbn": {"schema": {"type": "string"}, "example": EXAMPLE_PBN},
        "application/x-lin": {"schema": {"type": "string"},
                              "example": "md|3SJ96HQJT952D5CAJT,...|sv|e|mb|4S|mb|p|...|pc|D4|..."},
        "text/uri-list": {"schema": {"type": "string"},
                          "example": "https://www.bridgebase.com/tools/handviewer.html?lin=..."},
        "text/plain": {"schema": {"type": "string"}},
    },
}
ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "detail": {"type": "string"},
        "errors": {"type": "array", "items": {"$ref": "#/components/schemas/BoardError"}},
    },
}
BOARD_ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "Why one board could not be read or ruled, and where (or, with `board` and "
                   "`position` null, why the request could not be served). Every field is "
                   "present, null when unknown.",
    "required": list(ERROR_FIELDS),
    "additionalProperties": False,
    "properties": {
        "message": {"type": "string", "description": "the whole message, where then why: "
                    "`board 7, trick 4, E, card SA: E does not hold SA`"},
        "reason": {"type": ["string", "null"], "description": "why, without where"},
        "board": {"type": ["integer", "null"], "minimum": 1,
                  "description": "the board's number; null when the input gives none (or the "
                                 "error is not of one board)"},
        "position": {"type": ["integer", "null"], "minimum": 1,
                     "description": "the board's place among the input's boards, from 1; null "
                                    "only for an error of the request as a whole"},
        "line": {"type": ["integer", "null"], "description": "the line of the body"},
        "trick": {"type": ["integer", "null"]},
        "seat": {"type": ["string", "null"], "enum": ["N", "E", "S", "W", None]},
        "card": {"type": ["string", "null"], "description": "the card as given"},
    },
}
BOARD_FAILURE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "A board of several that could not be read or ruled, in its place in the "
                   "answer's list (the others are ruled).",
    "required": ["board", "position", "status", "error"],
    "properties": {
        "board": {"type": ["integer", "null"], "minimum": 1,
                  "description": "the board's number; null when the input gives none"},
        "position": {"type": "integer", "minimum": 1,
                     "description": "the board's place among the input's boards, from 1"},
        "status": {"type": "integer", "description": "the status a request of this board alone "
                                                     "would have had (422, 503, 504)"},
        "error": {"$ref": "#/components/schemas/BoardError"},
    },
}


def add_schemas(app: FastAPI, *, token_required: bool) -> None:
    """Put the ``Case``, ``BoardError`` and ``BoardFailure`` schemas into the app's OpenAPI
    document, and the access token (required, or optional on loopback without one) on every
    ``/api/`` operation."""
    generated = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = generated()
            components = schema.setdefault("components", {}).setdefault("schemas", {})
            components["Case"] = CASE_SCHEMA
            components["BoardError"] = BOARD_ERROR_SCHEMA
            components["BoardFailure"] = BOARD_FAILURE_SCHEMA
            declare_access_token(schema, required=token_required)
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]

"""The API's error answers have one shape, whatever the input: each entry of ``errors`` (and each
board of several that could not be ruled) gives ``board``, the board's number as an integer or null
when the input gives it none, and ``position``, the board's place among the input's boards; both
are null only for an error of the request itself. Served in this process (the routes with an
in-process pool on DDS, the double-dummy estimate), so no worker process is started."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest

from revoke_equity.io.handviewer import HANDVIEWER
from revoke_equity.io.json_case import loads
from revoke_equity.io.lin import dumps_lin
from revoke_equity.io.pbn import dumps_pbn
from revoke_equity.service.app import create_app
from revoke_equity.service.in_process import InProcessPool
from revoke_equity.service.responses import ERROR_FIELDS

CASES = Path(__file__).parent / "data" / "cases"
CASE_FILE = CASES / "p09-64A1-one-trick.json"
(CASE,) = loads(CASE_FILE.read_text())
PBN = (CASES / "p-boards.pbn").read_text()
CONTENT_TYPES = {"pbn": "application/x-pbn", "json": "application/json",
                 "lin": "application/x-lin", "url": "text/uri-list"}


def _post(tmp_path: Path, solver: Any, requests: list[tuple[str, str, dict[str, str]]]
          ) -> list[httpx.Response]:
    """Each ``(body, content type, query)`` posted in turn to an app ruling on ``solver``."""
    app = create_app(tmp_path / "log.sqlite", pool=InProcessPool(solver))

    async def scenario() -> list[httpx.Response]:
        async with app.router.lifespan_context(app), httpx.AsyncClient(
                transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1",
                timeout=300) as client:
            return [await client.post("/api/v1/rulings", content=body, params=query,
                                      headers={"content-type": content_type})
                    for body, content_type, query in requests]

    return asyncio.run(scenario())


def _numbered_then_unnumbered(fmt: str) -> str:
    """Board 9 as played, then the same board without a number and with a card that cannot be
    read."""
    if fmt == "pbn":
        good = dumps_pbn(CASE)
        second = good.replace(f'[Board "{CASE.board}"]', '[Board "?"]')
        return good + "\n" + second.replace("S3 S2 S5 S6", "S3 S2 S5 XX")
    if fmt == "json":
        case = json.loads(CASE_FILE.read_text())["case"]
        unnumbered = {k: v for k, v in case.items() if k != "board"}
        unnumbered["play"] = ["XX", *unnumbered["play"][1:]]
        return json.dumps([case, unnumbered])
    good = dumps_lin(CASE)
    records = (good, good.replace(f"ah|Board {CASE.board}|", "").replace("pc|S3|", "pc|XX|"))
    if fmt == "lin":
        return "\n".join(records)
    return "\n".join(f"{HANDVIEWER}?lin={quote(record, safe='')}" for record in records)


def _shaped(error: dict[str, Any]) -> None:
    """Every field, ``board`` and ``position`` integers or null."""
    assert tuple(error) == ERROR_FIELDS, error
    for key in ("board", "position"):
        assert error[key] is None or (type(error[key]) is int and error[key] >= 1), error


@pytest.mark.parametrize("fmt", list(CONTENT_TYPES))
def test_a_bad_board_without_a_number_is_null_at_its_position(tmp_path: Path, dds_solver: Any,
                                                              fmt: str) -> None:
    (response,) = _post(tmp_path, dds_solver, [
        (_numbered_then_unnumbered(fmt), CONTENT_TYPES[fmt], {"estimate": "dd"})])
    assert response.status_code == 200, response.text
    ruled, failed = response.json()
    assert ruled["board"] == 9 and "id" in ruled
    assert (failed["board"], failed["position"], failed["status"]) == (None, 2, 422), failed
    _shaped(failed["error"])
    assert (failed["error"]["board"], failed["error"]["position"]) == (None, 2)
    assert failed["error"]["message"].startswith("board 2 of the input, "), failed["error"]
    assert failed["error"]["card"] == "XX"


def test_a_board_number_that_cannot_be_read_is_null_not_its_text(tmp_path: Path,
                                                                 dds_solver: Any) -> None:
    text = PBN.replace('[Board "2"]', '[Board "12a"]', 1)
    (response,) = _post(tmp_path, dds_solver, [(text, "application/x-pbn", {"estimate": "dd"})])
    assert response.status_code == 200, response.text
    failed = response.json()[1]
    assert (failed["board"], failed["position"], failed["status"]) == (None, 2, 422), failed
    _shaped(failed["error"])
    assert failed["error"]["message"].startswith("board 12a, line "), failed["error"]


def test_a_numbered_bad_board_gives_its_number_and_its_position(tmp_path: Path,
                                                                dds_solver: Any) -> None:
    blocks = PBN.split("\n\n")
    third = next(i for i, b in enumerate(blocks) if '[Board "14"]' in b)
    blocks[third] = blocks[third].replace("[Deal", '[Contract "9Z"]\n[Deal', 1)
    (response,) = _post(tmp_path, dds_solver, [("\n\n".join(blocks), "application/x-pbn",
                                                 {"estimate": "dd"})])
    assert response.status_code == 200, response.text
    failed = response.json()[2]
    assert (failed["board"], failed["position"], failed["status"]) == (14, 3, 422), failed
    _shaped(failed["error"])
    assert (failed["error"]["board"], failed["error"]["position"]) == (14, 3)


def test_a_single_case_without_a_number_and_boards_that_all_fail(tmp_path: Path,
                                                                 dds_solver: Any) -> None:
    unnumbered = {k: v for k, v in json.loads(CASE_FILE.read_text())["case"].items()
                  if k != "board"}
    one = json.dumps({**unnumbered, "contract": "0S"})
    both = json.dumps([{**unnumbered, "contract": "0S"}, {**unnumbered, "declarer": "Q"}])
    single, every = _post(tmp_path, dds_solver, [(one, "application/json", {"estimate": "dd"}),
                                                 (both, "application/json", {"estimate": "dd"})])
    assert single.status_code == 422, single.text
    (error,) = single.json()["errors"]
    _shaped(error)
    assert (error["board"], error["position"]) == (None, 1)
    assert error["message"].startswith("contract: ") and "?" not in error["message"], error
    assert every.status_code == 422, every.text
    errors = every.json()["errors"]
    for error in errors:
        _shaped(error)
    assert [(e["board"], e["position"]) for e in errors] == [(None, 1), (None, 2)]


def test_an_error_of_the_request_itself_names_no_board_nor_position(tmp_path: Path,
                                                                    dds_solver: Any) -> None:
    text = CASE_FILE.read_text()
    answers = _post(tmp_path, dds_solver, [
        (text, "application/json", {"estimate": "dd", "board": "5"}),  # no board 5
        (text, "application/json", {"estimate": "dd", "likely": "2"}),  # past its bounds
        (text, "image/png", {}),
        ("", "application/json", {}),
    ])
    assert [a.status_code for a in answers] == [422, 422, 415, 422]
    for answer in answers:
        for error in answer.json()["errors"]:
            _shaped(error)
            assert (error["board"], error["position"]) == (None, None), error


def test_openapi_gives_board_and_position_as_integers_or_null(tmp_path: Path,
                                                              dds_solver: Any) -> None:
    app = create_app(tmp_path / "log.sqlite", pool=InProcessPool(dds_solver))
    schemas = app.openapi()["components"]["schemas"]
    error, failure = schemas["BoardError"], schemas["BoardFailure"]
    assert tuple(error["required"]) == ERROR_FIELDS
    assert error["properties"]["board"]["type"] == ["integer", "null"]
    assert error["properties"]["position"]["type"] == ["integer", "null"]
    assert failure["properties"]["board"]["type"] == ["integer", "null"]
    assert failure["properties"]["position"]["type"] == "integer"
    assert failure["properties"]["error"] == {"$ref": "#/components/schemas/BoardError"}

"""The service's routes in this process (the app given its worker pool), beside the tests against a
real server in ``test_service.py``: the pool the app was given is the one that rules, the app starts
and closes it, and the answers are the library's."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from revoke_equity.cli import main
from revoke_equity.io import read_boards
from revoke_equity.ruling import rule
from revoke_equity.service.app import create_app
from revoke_equity.service.workers import WorkerPool
from service_helpers import comparable

CASE = Path(__file__).parent / "data" / "cases" / "p01-64A1-offender-won-revoke-trick.json"


def test_routes_rule_with_the_pool_the_app_was_given(tmp_path: Path, dds_solver: Any) -> None:
    pool = WorkerPool(1)
    app = create_app(tmp_path / "log.sqlite", pool=pool)
    text = CASE.read_text()

    async def scenario() -> tuple[httpx.Response, httpx.Response, dict[str, Any], dict[str, Any]]:
        async with app.router.lifespan_context(app), httpx.AsyncClient(
                transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1") as client:
            health = (await client.get("/api/v1/health")).json()
            posted = await client.post("/api/v1/rulings", content=text,
                                       headers={"content-type": "application/json"},
                                       params={"estimate": "dd"})
            stored = await client.get(f"/api/v1/rulings/{posted.json().get('id')}")
            return posted, stored, health, pool.status()

    posted, stored, health, status = asyncio.run(scenario())
    assert health["workers"]["configured"] == 1 and health["workers"]["pids"] == status["pids"] != []
    assert posted.status_code == 200, posted.text
    assert status["rulings"] == 2  # its one worker read the body, then ruled on the board
    case = read_boards(text, fmt="json")[0].case
    assert comparable(posted.json()) == comparable(rule(case, dds_solver).to_dict())
    assert [s["side"] for s in posted.json()["score_to_enter"]] == ["NS", "EW"]
    assert stored.status_code == 200 and stored.json() == posted.json()
    assert pool.status()["alive"] == 0  # the app closed it with its lifespan


def test_the_api_and_the_command_line_write_one_shape_of_the_ruling(
        tmp_path: Path, dds_solver: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """The same ruling from ``POST /api/v1/rulings`` and ``rule --json``, the score to enter
    included: the service adds only its ``id`` and ``created``."""
    app = create_app(tmp_path / "log.sqlite", pool=WorkerPool(1))

    async def scenario() -> httpx.Response:
        async with app.router.lifespan_context(app), httpx.AsyncClient(
                transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1") as client:
            return await client.post("/api/v1/rulings", content=CASE.read_text(),
                                     headers={"content-type": "application/json"},
                                     params={"estimate": "dd"})

    posted = asyncio.run(scenario()).json()
    assert main(["rule", str(CASE), "--json", "--estimate", "dd", "--quiet"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert set(posted) - set(printed) == {"id", "created"}
    assert comparable(posted) == comparable(printed)

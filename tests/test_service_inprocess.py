"""The service's routes in this process (the app given its worker pool), beside the tests against a
real server in ``test_service.py``: the pool the app was given is the one that rules, the app starts
and closes it, and the answers are the library's."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from revoke_equity.cli import main
from revoke_equity.io import read_boards
from revoke_equity.ruling import rule
from revoke_equity.service.app import create_app
from revoke_equity.service.in_process import InProcessPool
from revoke_equity.service.inputs import ReadRequest
from revoke_equity.service.workers import WorkerPool
from service_helpers import comparable

from conftest import DD

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
    assert comparable(posted.json()) == comparable(rule(case, dds_solver, options=DD).to_dict())
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


def _post_all(app: Any, requests: list[tuple[str, dict[str, Any], dict[str, str]]]
              ) -> list[httpx.Response]:
    async def scenario() -> list[httpx.Response]:
        async with app.router.lifespan_context(app), httpx.AsyncClient(
                transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1") as client:
            return [await client.post("/api/v1/rulings", content=body, params=params,
                                      headers=headers) for body, params, headers in requests]

    return asyncio.run(scenario())


def test_the_route_steps_with_a_pool_in_this_process(tmp_path: Path, dds_solver: Any) -> None:
    """The route's steps (query, body, boards, rulings, log, answer) on an in-process pool: no
    worker process is started."""
    pbn = (CASE.parent / "p-boards.pbn").read_text()
    pool = InProcessPool(dds_solver)
    app = create_app(tmp_path / "log.sqlite", pool=pool)
    text = {"content-type": "text/plain"}
    every, second, missing, empty, bad_type, bad_estimate = _post_all(app, [
        (pbn, {"estimate": "dd"}, text),
        (pbn, {"estimate": "dd", "board": read_boards(pbn)[1].board}, text),
        (pbn, {"estimate": "dd", "board": 99}, text),
        ("  ", {}, text),
        (pbn, {}, {"content-type": "image/png"}),
        (pbn, {"estimate": "none", "also": "x"}, text),
    ])
    assert every.status_code == 200, every.text
    expected = [comparable(rule(b.case, dds_solver, options=DD).to_dict()) for b in read_boards(pbn)]
    assert [comparable(r) for r in every.json()] == expected
    assert second.status_code == 200 and comparable(second.json()) == expected[1]
    numbers = ", ".join(str(b.board) for b in read_boards(pbn))
    assert missing.status_code == 422 and f"no board 99 in the input (boards: {numbers})" in missing.text
    assert empty.status_code == 422 and "empty" in empty.text
    assert bad_type.status_code == 415
    assert bad_estimate.status_code == 422
    assert pool.status()["in_process"] and pool.rulings == 2 + 3 + 1 + 1  # reads and rulings


def test_a_job_waits_its_turn_where_a_request_held_open_is_refused(tmp_path: Path) -> None:
    """One worker, a queue wait of 1 s, and the worker held by a single-dummy ruling far beyond
    its 3 s budget (it falls back to dd and its worker is replaced): a synchronous request posted
    meanwhile gets its 503 after 1 s, a job posted meanwhile waits for the worker and ends 200."""
    pool = WorkerPool(1, queue_timeout=1.0)
    app = create_app(tmp_path / "log.sqlite", pool=pool)
    slow = (Path(__file__).parents[1] / "src" / "revoke_equity" / "examples"
            / "two-revokes-same-suit.json").read_text()
    headers = {"content-type": "application/json"}

    async def scenario() -> tuple[httpx.Response, httpx.Response, dict[str, Any]]:
        async with app.router.lifespan_context(app), httpx.AsyncClient(
                transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1",
                timeout=300) as client:
            held = asyncio.create_task(client.post(
                "/api/v1/rulings", content=slow, headers=headers,
                params={"estimate": "sd", "worlds": "200", "playouts": "10000",
                        "time_budget": "3"}))
            for _ in range(600):  # until the worker is ruling on it (its body read)
                if pool.status()["busy"] and pool.status()["rulings"] >= 1:
                    break
                await asyncio.sleep(0.05)
            job = (await client.post("/api/v1/rulings", content=CASE.read_text(), headers=headers,
                                     params={"estimate": "dd", "job": "true"})).json()
            refused = await client.post("/api/v1/rulings", content=CASE.read_text(),
                                        headers=headers, params={"estimate": "dd"})
            assert (await held).status_code == 200
            for _ in range(3000):  # 300 s: ten times what it takes on a loaded machine
                state = (await client.get(job["progress_url"])).json()
                if state["state"] != "running":
                    break
                await asyncio.sleep(0.1)
            return refused, held.result(), state

    refused, held, state = asyncio.run(scenario())
    assert refused.status_code == 503 and "busy for 1 s" in refused.json()["detail"]
    assert "unfinished" in held.json()
    assert state["state"] == "done" and state["status"] == 200, state
    assert state["result"]["recommendation"]["law"]


class TwoWorkers(InProcessPool):
    """Two workers' turns over an in-process pool: a ruling, or the reading of a body, takes one of
    two turns (the work itself runs on the one solver, one at a time), and the ruling of a board
    in ``held`` keeps its turn until ``gate`` opens: a file whose boards never finish by
    themselves."""

    def __init__(self, solver: Any, held: set[int]) -> None:
        super().__init__(solver)
        self.size = 2
        self.held = held
        self.turns = asyncio.Semaphore(2)
        self.gate = asyncio.Event()
        self.holding = 0
        """Held boards waiting at the gate, each with its turn."""

    async def rule(self, case: Any, budget: float, options: Any = None,
                   progress: Callable[[dict[str, Any]], None] | None = None,
                   patience: float | None = None) -> dict[str, Any]:
        async with self.turns:
            if case.board in self.held:
                self.holding += 1
                await self.gate.wait()
            return await super().rule(case, budget, options, progress, patience)

    async def read(self, request: ReadRequest, budget: float, patience: float | None = None
                   ) -> Any:
        async with self.turns:
            return await super().read(request, budget, patience)


SMALL_LIMIT = 60.0
"""Seconds the small request may take: ten times a double-dummy ruling of a worked case on a
loaded machine, and far beyond it here, where its turn is free or never comes."""


def test_a_file_of_boards_leaves_a_worker_to_a_request_posted_meanwhile(
        tmp_path: Path, dds_solver: Any) -> None:
    """Three boards whose rulings hold their workers until released take one of two workers,
    never both: a single board posted meanwhile is read and ruled while they wait, and the file's
    answer, once released, is each board's ruling as the library gives it."""
    paths = sorted(CASE.parent.glob("p0[1-3]-*.json"))
    cases = [json.loads(p.read_text())["case"] for p in paths]
    pool = TwoWorkers(dds_solver, held={c["board"] for c in cases})
    app = create_app(tmp_path / "log.sqlite", pool=pool)
    small = (CASE.parent / "p09-64A1-one-trick.json").read_text()
    headers = {"content-type": "application/json"}

    async def scenario() -> tuple[httpx.Response, int, bool, httpx.Response]:
        async with app.router.lifespan_context(app), httpx.AsyncClient(
                transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1",
                timeout=300) as client:
            large = asyncio.create_task(client.post(
                "/api/v1/rulings", content=json.dumps(cases), headers=headers,
                params={"estimate": "dd"}))
            for _ in range(600):  # until its rulings have begun
                if pool.holding:
                    break
                await asyncio.sleep(0.05)
            served = await asyncio.wait_for(client.post(
                "/api/v1/rulings", content=small, headers=headers, params={"estimate": "dd"}),
                SMALL_LIMIT)
            holding, waiting = pool.holding, not large.done()
            pool.gate.set()
            return served, holding, waiting, await large

    served, holding, waiting, large = asyncio.run(scenario())
    assert served.status_code == 200 and served.json()["board"] == 9, served.text
    assert waiting and holding == 1  # the file waited on one worker while the board was served
    assert large.status_code == 200, large.text
    expected = [comparable(rule(b.case, dds_solver, options=DD).to_dict())
                for b in read_boards(json.dumps(cases))]
    assert [comparable(r) for r in large.json()] == expected

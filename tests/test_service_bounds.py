"""Every number a request gives the API is bounded: at its bounds it is served, past them it is a
422 naming the parameter (never a 500); and no request, whatever its parameters, takes the service
down for others: health stays up while the workers it cost are replaced."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from revoke_equity.service.log_routes import MAX_OFFSET
from revoke_equity.service.rule_route import MAX_BOARD, MAX_TIME_BUDGET, MIN_TIME_BUDGET
from service_helpers import HARD_DEAL_CASE, Server, clean_server, wait_until

CASE = (Path(__file__).parent / "data" / "cases" / "p09-64A1-one-trick.json").read_text()
TIMEOUT = httpx.Timeout(300.0)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("bounds")
    with clean_server(Server(folder / "log.sqlite", folder / "server.log")) as srv:
        yield srv


@pytest.fixture(scope="module")
def client(server: Server) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=TIMEOUT) as c:
        yield c


def _rule(client: httpx.Client, **params: str) -> httpx.Response:
    return client.post("/api/v1/rulings", content=CASE, params=params,
                       headers={"content-type": "application/json"})


def _refused(response: httpx.Response, name: str) -> None:
    assert response.status_code == 422, response.text
    body = response.json()
    assert name in body["detail"] and body["errors"][0]["message"].startswith(f"query {name}")


@pytest.mark.parametrize("offset", ["0", str(MAX_OFFSET)])
def test_log_offset_at_its_bounds_is_served(client: httpx.Client, offset: str) -> None:
    response = client.get("/api/v1/rulings", params={"offset": offset})
    assert response.status_code == 200, response.text
    assert response.json()["offset"] == int(offset)


@pytest.mark.parametrize("name, value", [
    ("offset", str(MAX_OFFSET + 1)), ("offset", "-1"), ("offset", "1" * 5000),
    ("limit", "0"), ("limit", "501"), ("limit", "9223372036854775808"),
])
def test_log_parameter_past_its_bounds_is_a_located_422(client: httpx.Client, name: str,
                                                        value: str) -> None:
    _refused(client.get("/api/v1/rulings", params={name: value}), name)


@pytest.mark.parametrize("name, value", [
    ("time_budget", f"{MIN_TIME_BUDGET:g}"), ("time_budget", f"{MAX_TIME_BUDGET:g}"),
    ("seed", "0"), ("seed", str(2**63 - 1)), ("worlds", "1"), ("playouts", "1"),
    ("likely", "1"), ("probable", "1"), ("precision", "0"), ("precision", "0.5"),
])
def test_rule_parameter_at_its_bound_is_served(client: httpx.Client, name: str, value: str) -> None:
    extra = {"likely": "1"} if name == "probable" else {}  # probable <= likely
    response = _rule(client, estimate="dd", **{name: value}, **extra)
    assert response.status_code == 200, response.text


def test_board_at_its_bounds_is_read_as_a_board_number(client: httpx.Client) -> None:
    for board in ("1", str(MAX_BOARD)):
        response = _rule(client, estimate="dd", board=board)
        assert response.status_code == 422 and f"no board {board} in the input" in response.text


@pytest.mark.parametrize("name, value", [
    ("time_budget", "1e-300"), ("time_budget", "0"), ("time_budget", "0.999"),
    ("time_budget", "nan"), ("time_budget", "inf"), ("time_budget", "1e309"),
    ("time_budget", f"{MAX_TIME_BUDGET + 1:g}"),
    ("board", "0"), ("board", str(MAX_BOARD + 1)), ("board", "9223372036854775808"),
    ("seed", "-1"), ("seed", str(2**63)), ("worlds", "0"), ("worlds", "201"),
    ("playouts", "0"), ("playouts", "10001"), ("likely", "0"), ("likely", "1.01"),
    ("likely", "nan"), ("probable", "0"), ("probable", "inf"), ("also_players", "expert," * 6),
    ("precision", "-0.01"), ("precision", "0.51"), ("precision", "nan"),
])
def test_rule_parameter_past_its_bounds_is_a_located_422(client: httpx.Client, name: str,
                                                         value: str) -> None:
    _refused(_rule(client, **{name: value}), name)


def test_tiny_and_short_budgets_repeated_keep_health_up(server: Server, client: httpx.Client) -> None:
    """Ten requests with a budget of 1e-300 s (refused), then ten with the shortest budget on a
    deal that outlasts it (each costs a worker): health, polled all along, never says down."""
    before = client.get("/api/v1/health").json()["workers"]
    statuses: list[int] = []
    stop = threading.Event()

    def poll() -> None:
        with httpx.Client(base_url=server.url, timeout=TIMEOUT) as c:
            while not stop.is_set():
                statuses.append(c.get("/api/v1/health").status_code)
                stop.wait(0.2)

    poller = threading.Thread(target=poll)
    poller.start()
    try:
        for _ in range(10):
            _refused(_rule(client, time_budget="1e-300"), "time_budget")
        assert client.get("/api/v1/health").json()["workers"]["budget_kills"] == before["budget_kills"]
        for _ in range(10):
            response = client.post("/api/v1/rulings", content=json.dumps(HARD_DEAL_CASE),
                                   params={"time_budget": f"{MIN_TIME_BUDGET:g}"},
                                   headers={"content-type": "application/json"})
            assert response.status_code in (200, 504), response.text
    finally:
        stop.set()
        poller.join(timeout=60)
    assert statuses and set(statuses) == {200}, statuses
    assert wait_until(lambda: client.get("/api/v1/health").json()["status"] == "ok", 120)
    assert _rule(client, estimate="dd").status_code == 200


def test_precision_reaches_the_single_dummy_estimate(client: httpx.Client) -> None:
    """p15 is sampled: with ``precision=0`` every one of the 40 playouts asked is played, with 0.5
    the first block of 20 is enough; the ruling says so."""
    body = (Path(__file__).parent / "data" / "cases" / "p15-noticed-after-round.json").read_text()
    played = {}
    for precision in ("0", "0.5"):
        response = client.post("/api/v1/rulings", content=body, headers={
            "content-type": "application/json"}, params={
            "estimate": "sd", "worlds": "4", "playouts": "40", "precision": precision})
        assert response.status_code == 200, response.text
        parameters = response.json()["equity"]["estimates"]["sd"]["parameters"]
        assert parameters["precision"] == float(precision)
        played[precision] = parameters["playouts"]
    assert played == {"0": 40, "0.5": 20}


@pytest.mark.parametrize("also_players, words", [
    ("wizard", "unknown class of player 'wizard'"),
    ("expert", "does not apply to the dd estimate"),
])
def test_other_classes_that_cannot_be_ruled_are_a_422(client: httpx.Client, also_players: str,
                                                      words: str) -> None:
    """An unknown class, or a class with an estimate that models no players (every class would
    give the same ruling), is refused before the board is read."""
    response = _rule(client, estimate="dd", also_players=also_players)
    assert response.status_code == 422, response.text
    assert "also_players: " in response.text and words in response.text


@pytest.mark.parametrize("query, name, words", [
    ({"estimate": "dd", "noticd": "after-round"}, "noticd", "unknown parameter (expected one of: "),
    ([("estimate", "sd"), ("estimate", "dd")], "estimate", "given more than once"),
])
def test_an_unknown_or_repeated_parameter_is_a_422_naming_it(client: httpx.Client, query: Any,
                                                            name: str, words: str) -> None:
    """A misspelt parameter would otherwise rule under the default (here another law), and a
    repeated one under whichever came last."""
    response = client.post("/api/v1/rulings", content=CASE, params=query,
                           headers={"content-type": "application/json"})
    _refused(response, name)
    assert words in response.json()["detail"]
    if name == "noticd":
        assert "noticed" in response.json()["detail"]


def test_every_api_route_refuses_an_unknown_parameter(client: httpx.Client) -> None:
    for path, words in (("/api/v1/rulings", "expected one of: limit, offset"),
                        ("/api/v1/health", "this route takes none")):
        response = client.get(path, params={"lmit": "3"})
        _refused(response, "lmit")
        assert words in response.json()["detail"]
    assert client.get("/api/v1/rulings", params={"limit": "3"}).status_code == 200


@pytest.mark.parametrize("params, words", [
    ({"also": "foo"}, "also: unknown estimate 'foo'"),
    ({"likely": "0.1", "probable": "0.5"}, "probable 0.5 is above likely 0.1"),
    ({"shown": "blah"}, "shown: "),
    ({"board": "5"}, "no board 5 in the input"),
])
def test_every_error_has_its_errors_list_and_names_the_parameter(client: httpx.Client,
                                                                 params: dict[str, str],
                                                                 words: str) -> None:
    response = _rule(client, estimate="dd", **params)
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["detail"].startswith(words) or words in body["detail"]
    (error,) = body["errors"]
    assert error["message"] == body["detail"]
    assert set(error) == {"message", "reason", "board", "position", "line", "trick", "seat", "card"}
    assert error["board"] is None and error["position"] is None  # the request's, not a board's


def test_an_empty_body_and_an_unknown_content_type_have_their_errors_list(
        client: httpx.Client) -> None:
    for response in (client.post("/api/v1/rulings", content=b"",
                                 headers={"content-type": "application/json"}),
                     client.post("/api/v1/rulings", content=b"x",
                                 headers={"content-type": "image/png"})):
        assert response.status_code in (415, 422), response.text
        assert response.json()["errors"][0]["message"] == response.json()["detail"]

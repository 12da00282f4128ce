"""The service against hostile clients, on a real server process: bodies that stall a
quadratic reader, bodies read under the time budget in a worker that can be killed, slow and idle
connections, clients that go away mid-body. Never a 5xx for input, never a traceback in the log."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from service_helpers import Server, clean_server, wait_until

CASES = Path(__file__).parent / "data" / "cases"
LIN = (CASES / "p03-two-defenders-revoke-cap.lin").read_text()
READ_TIMEOUT = 2.0
TIME_BUDGET = 30.0

HOSTILE: dict[str, tuple[bytes, str]] = {
    "blank lines 40 KB": (b"\n" * 40_000 + b"x", "text/plain"),
    "blank lines 1 MB": (b"\n" * 1_000_000 + b"x", "text/plain"),
    "LIN calls and empty tags 72 KB": ((LIN.split("mb|")[0] + "mb|p|st||" * 8000).encode(), "text/plain"),
    "JSON nested 5000 deep": (b"[" * 5000 + b"]" * 5000, "application/json"),
    "integer of 5000 digits": (b'{"board": ' + b"9" * 5000 + b"}", "application/json"),
    "superscript board number": (b'[Board "\xc2\xb2"]\n[Deal "x"]', "application/x-pbn"),
    "unclosed PBN comment": (((CASES / "p-boards.pbn").read_text().replace('[Board "2"]', '[Board "2"]\n{'))
                             .encode(), "application/x-pbn"),
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("hostile")
    with clean_server(Server(folder / "log.sqlite", folder / "server.log", time_budget=TIME_BUDGET,
                             extra=("--read-timeout", str(READ_TIMEOUT), "--log-level", "info"))
                      ) as srv:
        yield srv


@pytest.fixture(scope="module")
def client(server: Server) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=httpx.Timeout(120.0)) as c:
        yield c


def _post(client: httpx.Client, body: bytes, content_type: str, **params: Any) -> httpx.Response:
    return client.post("/api/v1/rulings", content=body, headers={"content-type": content_type},
                       params=params)


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_body_is_a_located_422_or_a_partial_ruling(client: httpx.Client, name: str) -> None:
    body, content_type = HOSTILE[name]
    response = _post(client, body, content_type)
    assert response.status_code in (200, 422), response.text
    data = response.json()
    if response.status_code == 422:
        assert data["detail"] and data["errors"]
    else:  # the unclosed comment: boards 1 and 14 ruled, board 2 reported
        assert [item.get("board") for item in data] == [1, 2, 14]
        assert "comment opened at line" in data[1]["error"]["message"]


def test_reading_a_body_runs_under_the_time_budget_in_a_worker(client: httpx.Client) -> None:
    """A body whose reading outlasts the (lowered) budget: the worker reading it is stopped and
    replaced, as for a ruling, and the service goes on."""
    before = client.get("/api/v1/health").json()["workers"]["budget_kills"]
    # 3,000 boards, just under 1 MiB: seconds of reading, beyond the shortest budget allowed.
    boards = "\n\n".join([(CASES / "p-boards.pbn").read_text()] * 1000).encode()
    response = _post(client, boards, "application/x-pbn", time_budget="1")
    assert response.status_code == 504, response.text[:300]
    assert "reading the request body" in response.json()["detail"]
    assert client.get("/api/v1/health").json()["workers"]["budget_kills"] == before + 1
    good = _post(client, (CASES / "p07-64B3-dummy-then-64C1.json").read_bytes(), "application/json")
    assert good.status_code == 200, good.text


def test_hostile_bodies_do_not_stall_other_requests(server: Server) -> None:
    """Six 1 MB bodies at once, while health checks and a good ruling run: every answer comes within
    the time budget, and none is a 5xx."""
    statuses: list[int] = []
    health: list[float] = []
    lock = threading.Lock()

    def hostile() -> None:
        with httpx.Client(base_url=server.url, timeout=120) as c:
            body, content_type = HOSTILE["blank lines 1 MB"]
            status = _post(c, body, content_type).status_code
            with lock:
                statuses.append(status)

    threads = [threading.Thread(target=hostile) for _ in range(6)]
    for thread in threads:
        thread.start()
    with httpx.Client(base_url=server.url, timeout=120) as c:
        while any(thread.is_alive() for thread in threads):
            t0 = time.perf_counter()
            assert c.get("/api/v1/health").status_code == 200
            health.append(time.perf_counter() - t0)
            time.sleep(0.05)
        t0 = time.perf_counter()
        good = _post(c, (CASES / "p02-64A2-declarer-revoked.json").read_bytes(), "application/json")
        good_seconds = time.perf_counter() - t0
    for thread in threads:
        thread.join()
    assert statuses == [422] * 6
    assert good.status_code == 200
    print(f"\nhealth during six 1 MB bodies: {len(health)} checks, max {max(health) * 1000:.0f} ms; "
          f"a ruling after them {good_seconds * 1000:.0f} ms")
    assert max(health) < TIME_BUDGET and good_seconds < TIME_BUDGET


def _raw(server: Server) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    return sock


def _read_all(sock: socket.socket) -> bytes:
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    return data


def test_slow_body_gets_408(server: Server) -> None:
    with _raw(server) as sock:
        sock.sendall(b"POST /api/v1/rulings HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"deal\"")
        t0 = time.monotonic()
        answer = _read_all(sock)
        waited = time.monotonic() - t0
    assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
    assert b"did not arrive within 2 s" in answer
    assert waited >= READ_TIMEOUT * 0.9


def test_slow_head_is_cut_off_however_it_trickles(server: Server) -> None:
    """A request head sent one header line at a time: every byte would reset an idle timer, but the
    head has a deadline of its own."""
    with _raw(server) as sock:
        sock.sendall(b"POST /api/v1/rulings HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        t0 = time.monotonic()
        closed = False
        for number in range(40):
            time.sleep(0.25)
            try:
                sock.sendall(f"X-Slow-{number}: 1\r\n".encode())
            except OSError:
                closed = True
                break
            sock.settimeout(0.01)
            try:
                if sock.recv(1) == b"":
                    closed = True
                    break
            except TimeoutError:
                pass
            finally:
                sock.settimeout(30)
        waited = time.monotonic() - t0
    assert closed, "the connection was still open after 10 s of trickled headers"
    assert waited >= READ_TIMEOUT * 0.9


def test_refused_request_cannot_hold_its_connection_with_a_trickled_body(server: Server) -> None:
    """Refused before its body is read (another site), then the body trickles on: closed anyway."""
    with _raw(server) as sock:
        sock.sendall(b"POST /api/v1/rulings HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://evil.example"
                     b"\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\nx")
        t0 = time.monotonic()
        answer = b""
        sock.settimeout(0.25)
        for _ in range(40):
            try:
                sock.sendall(b"y")
                chunk = sock.recv(65536)
            except TimeoutError:
                continue
            except OSError:
                break
            if not chunk:
                break
            answer += chunk
        waited = time.monotonic() - t0
    assert answer.startswith(b"HTTP/1.1 403"), answer[:200]
    assert READ_TIMEOUT * 0.9 <= waited < 9, waited


def test_idle_connection_is_closed(server: Server) -> None:
    with _raw(server) as sock:
        t0 = time.monotonic()
        assert _read_all(sock) == b""
        assert time.monotonic() - t0 >= READ_TIMEOUT * 0.9


def test_client_leaving_mid_body_is_one_log_line(server: Server) -> None:
    with _raw(server) as sock:
        sock.sendall(b"POST /api/v1/rulings HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Type: application/x-pbn\r\nContent-Length: 5000\r\n\r\n[Board \"1\"]\n")
        time.sleep(0.3)
    assert wait_until(lambda: "disconnected before sending the whole request body" in server.log(), 10)
    lines = [line for line in server.log().splitlines() if "disconnected before" in line]
    assert len(lines) == 1 and "(12 bytes came)" in lines[0]
    assert "Traceback" not in server.log() and "internal error" not in server.log()


def test_content_length_that_is_not_a_number(client: httpx.Client, server: Server) -> None:
    with _raw(server) as sock:
        sock.sendall(b"POST /api/v1/rulings HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Length: \xc2\xb2\r\n\r\n")
        answer = _read_all(sock)
    assert answer.startswith(b"HTTP/1.1 400"), answer[:200]
    assert client.get("/api/v1/health").status_code == 200


def test_oversized_head_is_refused(client: httpx.Client, server: Server) -> None:
    """A head still incomplete after 16 KiB is refused (one arriving whole in a single read of 64
    KiB is bounded by that read)."""
    with _raw(server) as sock:
        sock.sendall(b"GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"x" * 20_000)
        time.sleep(0.3)
        with contextlib.suppress(OSError):
            sock.sendall(b"\r\n\r\n")
        answer = _read_all(sock)
    assert answer.startswith(b"HTTP/1.1 400"), answer[:200]
    assert client.get("/api/v1/health").status_code == 200


def test_rulings_json_is_unchanged_by_the_worker_read(client: httpx.Client) -> None:
    """Reading in a worker gives the same boards: a PBN file of three boards, one bad."""
    text = (CASES / "p-boards.pbn").read_text().replace("S3 SQ S6 S2", "S3 SQ S6 SX", 1)
    data = _post(client, text.encode(), "application/x-pbn").json()
    assert [item.get("board") for item in data] == [1, 2, 14]
    assert data[0]["error"]["card"] == "SX" and data[0]["error"]["line"] == 13
    assert json.dumps(data[1]["recommendation"])

"""The HTTP service against a real server process on 127.0.0.1 (``python -m revoke_equity.service``):
rulings identical to the library's, bad input located and never a 500, concurrency, the ruling log
across a ``kill -9``, and the time budget that kills and replaces a stuck worker."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from revoke_equity import __version__
from revoke_equity.io import apply_overrides, handviewer_url, read_boards
from revoke_equity.ruling import rule
from service_helpers import HARD_DEAL_CASE, Server, comparable, pid_alive, wait_until

from conftest import DD

CASES = Path(__file__).parent / "data" / "cases"
WORKED = sorted(CASES.glob("p*.json"))
PBN = CASES / "p-boards.pbn"
LIN = CASES / "p03-two-defenders-revoke-cap.lin"
TIMEOUT = httpx.Timeout(60.0)
CLEAN_EXIT = (0, -signal.SIGTERM)
"""uvicorn shuts down gracefully on SIGTERM, then re-raises it: the exit is "killed by SIGTERM"."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the module: 2 workers, a temporary ruling log."""
    folder = tmp_path_factory.mktemp("service")
    srv = Server(folder / "log.sqlite", folder / "server.log").start()
    try:
        yield srv
    finally:
        code = srv.stop()
        assert code in CLEAN_EXIT, f"the server did not stop cleanly ({code}):\n{srv.log()}"
        assert "Traceback" not in srv.log(), srv.log()


@pytest.fixture(scope="module")
def client(server: Server) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=TIMEOUT) as c:
        yield c


def _post(client: httpx.Client, body: str | bytes, content_type: str, **params: Any) -> httpx.Response:
    """POST a ruling request; the double-dummy estimate unless ``estimate`` is given (these tests
    are about the service; the default, with the single-dummy one beside it, has a test of its
    own)."""
    params.setdefault("estimate", "dd")
    return client.post("/api/v1/rulings", content=body, headers={"content-type": content_type},
                       params={k: v for k, v in params.items() if v is not None})


def _expected(text: str, fmt: str, dds: Any, **overrides: Any) -> list[dict[str, Any]]:
    """The rulings computed in this process, as ``rule(case, DdsSolver()).to_dict()``."""
    out = []
    for entry in read_boards(text, fmt=fmt):
        assert entry.case is not None, entry.error
        out.append(comparable(rule(apply_overrides(entry.case, **overrides), dds, options=DD).to_dict()))
    return out


# ------------------------------------------------------------------------------ health and docs


def test_health(client: httpx.Client) -> None:
    response = client.get("/api/v1/health")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["version"] == __version__
    assert body["db"]["ok"] is True and body["db"]["journal_mode"] == "wal"
    assert body["workers"]["configured"] == 2 and body["workers"]["alive"] == 2
    assert all(pid_alive(pid) for pid in body["workers"]["pids"])


def test_openapi_documents_the_api(client: httpx.Client) -> None:
    schema = client.get("/openapi.json").json()
    paths = schema["paths"]
    for path in ("/api/v1/rulings", "/api/v1/rulings/{ruling_id}", "/api/v1/rulings/export",
                 "/api/v1/rulings/{ruling_id}/sheet", "/api/v1/health"):
        assert path in paths
    body = paths["/api/v1/rulings"]["post"]["requestBody"]["content"]
    assert {"application/json", "application/x-pbn", "application/x-lin", "text/uri-list",
            "text/plain"} <= set(body)
    params = {p["name"] for p in paths["/api/v1/rulings"]["post"]["parameters"]}
    assert {"laws", "noticed", "board"} <= params
    assert "Case" in schema["components"]["schemas"]
    assert schema["components"]["securitySchemes"]["accessToken"]["scheme"] == "bearer"
    for item in paths.values():  # loopback without a token: the token is optional
        assert all(op["security"] == [{"accessToken": []}, {}] for op in item.values())
    docs = client.get("/docs")
    assert docs.status_code == 200
    assert "cdn" not in docs.text and "/static-docs/swagger-ui-bundle.js" in docs.text
    assert "default-src 'self'" in docs.headers["content-security-policy"]
    bundle = client.get("/static-docs/swagger-ui-bundle.js")
    assert bundle.status_code == 200 and "SwaggerUIBundle" in bundle.text


def test_page_is_served_with_a_strict_policy(client: httpx.Client) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert "/static/app.js" in page.text and "http" not in page.text.split("<body>")[0]
    script = client.get("/static/app.js")
    assert script.status_code == 200
    assert "innerHTML" not in script.text.replace("never through innerHTML", "")
    entry = client.get("/static/entry.js")
    assert entry.status_code == 200 and "innerHTML" not in entry.text
    assert "/static/entry.js" in page.text
    assert client.get("/static/style.css").status_code == 200
    assert client.get("/static/../service/app.py").status_code == 404


def test_foreign_host_header_is_refused(server: Server) -> None:
    response = httpx.get(f"{server.url}/api/v1/health", headers={"host": "evil.example"})
    assert response.status_code == 400


# ------------------------------------------------------------------------------ rulings = library


@pytest.mark.parametrize("path", WORKED, ids=[p.stem for p in WORKED])
def test_worked_case_ruling_equals_library(client: httpx.Client, dds_solver: Any, path: Path) -> None:
    text = path.read_text()
    response = _post(client, text, "application/json")
    assert response.status_code == 200, response.text
    body = response.json()
    assert isinstance(body, dict) and len(body["id"]) == 32
    assert comparable(body) == _expected(text, "json", dds_solver)[0]
    assert body["solver"]["engine_calls"] >= 0
    stored = client.get(f"/api/v1/rulings/{body['id']}")
    assert stored.status_code == 200
    assert stored.json() == body  # the same answer, id and time included


def test_pbn_boards(client: httpx.Client, dds_solver: Any) -> None:
    text = PBN.read_text()
    expected = _expected(text, "pbn", dds_solver)
    for content_type in ("application/x-pbn", "text/plain"):  # declared, and sniffed
        response = _post(client, text, content_type)
        assert response.status_code == 200, response.text
        body = response.json()
        assert isinstance(body, list) and len(body) == 3
        assert [comparable(r) for r in body] == expected
        assert len({r["id"] for r in body}) == 3


def test_pbn_board_option_picks_one_board(client: httpx.Client, dds_solver: Any) -> None:
    text = PBN.read_text()
    response = _post(client, text, "application/x-pbn", board=2)
    assert response.status_code == 200
    body = response.json()
    assert isinstance(body, dict) and body["board"] == 2
    assert comparable(body) == _expected(text, "pbn", dds_solver)[1]
    missing = _post(client, text, "application/x-pbn", board=99)
    assert missing.status_code == 422 and "no board 99" in missing.json()["detail"]


def test_lin_record(client: httpx.Client, dds_solver: Any) -> None:
    text = LIN.read_text()
    response = _post(client, text, "application/x-lin")
    assert response.status_code == 200, response.text
    assert comparable(response.json()) == _expected(text, "lin", dds_solver)[0]
    json_case = (CASES / "p03-two-defenders-revoke-cap.json").read_text()
    from_json = comparable(_post(client, json_case, "application/json").json())
    assert {k: from_json[k] for k in ("revokes", "rectifications", "mechanical", "recommendation")} == {
        k: comparable(response.json())[k] for k in ("revokes", "rectifications", "mechanical",
                                                    "recommendation")}


def test_handviewer_link(client: httpx.Client, dds_solver: Any) -> None:
    text = (CASES / "p01-64A1-offender-won-revoke-trick.json").read_text()
    case = read_boards(text, fmt="json")[0].case
    assert case is not None
    link = handviewer_url(case)
    response = _post(client, f"# a comment line\n{link}\n", "text/uri-list")
    assert response.status_code == 200, response.text
    assert comparable(response.json()) == _expected(link, "url", dds_solver)[0]


@pytest.mark.parametrize(("name", "laws", "noticed"), [
    ("p12-1997-extra-trick", "2017", None),
    ("p13-same-deal-2017", "1997", None),
    ("p01-64A1-offender-won-revoke-trick", None, "after-round"),
    ("p10-two-64A1-revokes", "2007", "after-next-deal-call"),
])
def test_options_override_the_case(client: httpx.Client, dds_solver: Any, name: str,
                                   laws: str | None, noticed: str | None) -> None:
    text = (CASES / f"{name}.json").read_text()
    response = _post(client, text, "application/json", laws=laws, noticed=noticed)
    assert response.status_code == 200, response.text
    body = response.json()
    assert comparable(body) == _expected(text, "json", dds_solver, laws=laws, noticed=noticed)[0]
    if laws:
        assert body["laws"] == laws
    if noticed:
        assert body["noticed"] == noticed


def test_single_dummy_through_the_service_equals_the_library(client: httpx.Client,
                                                              dds_solver: Any) -> None:
    """With no estimate named the score rests on dd with sd beside it, and with sd named on sd
    alone; the same case, seed and parameters give the same JSON in a worker process as in this
    one."""
    from revoke_equity.equity.estimate import EstimateOptions

    text = (CASES / "p05-64B3-dummy-revoke.json").read_text()
    (entry,) = read_boards(text, fmt="json")
    assert entry.case is not None
    for asked, options in ((None, EstimateOptions(extra=("sd",), worlds=6, playouts=20, seed=9)),
                           ("sd", EstimateOptions(estimate="sd", worlds=6, playouts=20, seed=9))):
        response = _post(client, text, "application/json", estimate=asked, worlds=6,
                         playouts=20, seed=9)
        assert response.status_code == 200, response.text
        body = response.json()
        assert body["recommendation"]["estimate"] == (asked or "dd")
        assert [b["estimate"] for b in body.get("beside", [])] == ([] if asked else ["sd"])
        assert "sd" in body["equity"]["estimates"]
        here = rule(entry.case, dds_solver, options=options)
        assert comparable(body) == comparable(here.to_dict())
    bad = _post(client, text, "application/json", likely="0.1", probable="0.5")
    assert bad.status_code == 422


def test_json_list_of_cases(client: httpx.Client, dds_solver: Any) -> None:
    cases = [json.loads(p.read_text())["case"] for p in WORKED[:3]]
    text = json.dumps(cases)
    response = _post(client, text, "application/json")
    assert response.status_code == 200
    assert [comparable(r) for r in response.json()] == _expected(text, "json", dds_solver)


def test_include_case_adds_what_the_page_draws(client: httpx.Client) -> None:
    text = (CASES / "p01-64A1-offender-won-revoke-trick.json").read_text()
    body = _post(client, text, "application/json", include_case="true").json()
    assert body["case"]["deal"].startswith("N:42.AK72")
    assert body["hands"]["E"] == {"S": "J73", "H": "653", "D": "A43", "C": "6532"}
    assert len(body["tricks"]) == 13
    assert body["tricks"][3] == {"trick": 4, "leader": "S", "order": ["S", "W", "N", "E"],
                                 "cards": {"S": "H9", "W": "H4", "N": "H7", "E": "C2"},
                                 "winner": "E"}
    assert body["dummy"] == "S"
    assert body["handviewer_url"].startswith("https://www.bridgebase.com/tools/handviewer.html?lin=")
    stored = client.get(f"/api/v1/rulings/{body['id']}", params={"include_case": "true"})
    assert stored.json() == body
    plain = client.get(f"/api/v1/rulings/{body['id']}").json()
    assert "hands" not in plain and plain["id"] == body["id"] and plain["created"] == body["created"]


@pytest.mark.parametrize(("body", "content_type"), [
    pytest.param("", "application/x-pbn", id="empty-pbn"),
    pytest.param("% PBN 2.1\n% EXPORT\n", "application/x-pbn", id="pbn-header-only"),
    pytest.param("[]", "application/json", id="empty-json-list"),
])
def test_no_board_is_422(client: httpx.Client, body: str, content_type: str) -> None:
    response = _post(client, body, content_type)
    assert response.status_code == 422
    assert "board" in response.json()["detail"] or "empty" in response.json()["detail"]


LAW_CASES = sorted((Path(__file__).parent / "data" / "laws").glob("l0[1-4]*.json"))


@pytest.mark.parametrize("path", LAW_CASES, ids=[p.stem.split("-")[0] for p in LAW_CASES])
def test_claims_and_requirements_pass_through(client: httpx.Client, dds_solver: Any,
                                              path: Path) -> None:
    """Who claimed, whether it was agreed, and the requirements reach the ruling and the page."""
    text = path.read_text()
    body = _post(client, text, "application/json", include_case="true").json()
    expected = _expected(text, "json", dds_solver)[0]
    assert {k: body[k] for k in expected} == expected
    assert body["case"] == json.loads(text)["case"]


# ------------------------------------------------------------------------------ bad input


def _p01_case() -> dict[str, Any]:
    return json.loads((CASES / "p01-64A1-offender-won-revoke-trick.json").read_text())["case"]


def _bad_json_cases() -> list[Any]:
    not_held = _p01_case()
    not_held["play"][15] = "SA"  # trick 4, East's card: West holds SA
    twice = _p01_case()
    twice["play"][17] = "S3"  # trick 5, South: S3 was East's card at trick 1
    dealt_twice = _p01_case()
    dealt_twice["deal"] = dealt_twice["deal"].replace("AT986", "AT982")
    contract = _p01_case()
    contract["contract"] = "8C"
    unknown = _p01_case()
    unknown["noticd"] = "after-round"
    claim = _p01_case()
    claim["play"] = claim["play"][:16]
    claim["claim"] = {"after_trick": 4, "declarer_tricks": 10}
    return [
        pytest.param(not_held, ("trick 4", "E", "SA"), id="card-not-held"),
        pytest.param(twice, ("trick 5", "S3"), id="card-played-twice"),
        pytest.param(dealt_twice, ("S2",), id="card-dealt-twice"),
        pytest.param(contract, ("8C",), id="bad-contract"),
        pytest.param(unknown, ("noticd",), id="unknown-field"),
        pytest.param(claim, ("claim",), id="claim-too-many-tricks"),
    ]


@pytest.mark.parametrize(("case", "needles"), _bad_json_cases())
def test_bad_json_case_is_422_located(client: httpx.Client, case: dict[str, Any],
                                      needles: tuple[str, ...]) -> None:
    response = _post(client, json.dumps(case), "application/json")
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["detail"].startswith("board 1"), body
    for needle in needles:
        assert needle in body["detail"], (needle, body["detail"])
    error = body["errors"][0]
    assert error["board"] == 1 and error["message"] == body["detail"]


def test_bad_card_location_fields(client: httpx.Client) -> None:
    case = _p01_case()
    case["play"][15] = "SA"
    error = _post(client, json.dumps(case), "application/json").json()["errors"][0]
    assert (error["board"], error["trick"], error["seat"], error["card"]) == (1, 4, "E", "SA")


def test_bad_pbn_board_among_good_ones(client: httpx.Client) -> None:
    text = PBN.read_text().replace("C2 H9 H4 H7", "C2 H9 H4 SA", 1)  # board 1, trick 4, N
    response = _post(client, text, "application/x-pbn")
    assert response.status_code == 200, response.text
    body = response.json()
    assert len(body) == 3
    assert body[0]["board"] == 1 and body[0]["status"] == 422
    message = body[0]["error"]["message"]
    assert all(part in message for part in ("board 1", "trick 4", "N", "SA")), message
    assert [b["board"] for b in body[1:]] == [2, 14] and all("id" in b for b in body[1:])


def test_bad_lin_card(client: httpx.Client) -> None:
    text = LIN.read_text().replace("pc|D4|", "pc|DZ|", 1)
    response = _post(client, text, "application/x-lin")
    assert response.status_code == 422
    assert "DZ" in response.json()["detail"]


@pytest.mark.parametrize(("body", "content_type", "params", "status", "needle"), [
    pytest.param("", "text/plain", {}, 422, "empty", id="empty-body"),
    pytest.param("{", "application/json", {}, 422, "JSON", id="broken-json"),
    pytest.param("[]", "application/json", {}, 422, "", id="empty-list"),
    pytest.param("42", "application/json", {}, 422, "", id="json-number"),
    pytest.param("hello, director", "text/plain", {}, 422, "not a JSON case", id="not-a-case"),
    pytest.param("https://example.org/page?x=1", "text/uri-list", {}, 422, "handviewer",
                 id="not-a-handviewer-link"),
    pytest.param("\xff\xfe\x00garbage", "application/x-pbn", {}, 422, "", id="binary-pbn"),
    pytest.param("{}", "application/json", {"laws": "1999"}, 422, "laws", id="bad-laws-option"),
    pytest.param("{}", "application/json", {"noticed": "never"}, 422, "noticed",
                 id="bad-noticed-option"),
    pytest.param("{}", "application/json", {"board": "x"}, 422, "board", id="bad-board-option"),
    pytest.param("x", "image/png", {}, 415, "image/png", id="unsupported-type"),
])
def test_bad_requests(client: httpx.Client, body: str, content_type: str, params: dict[str, str],
                      status: int, needle: str) -> None:
    response = _post(client, body.encode("latin-1"), content_type, **params)
    assert response.status_code == status, response.text
    assert needle in response.json()["detail"]


def test_oversize_body_is_413(client: httpx.Client) -> None:
    big = b"%" + b" " * (1024 * 1024)
    response = _post(client, big, "application/x-pbn")
    assert response.status_code == 413
    assert "1024 KiB" in response.json()["detail"]
    assert client.get("/api/v1/health").status_code == 200


def test_unknown_ruling_is_404(client: httpx.Client) -> None:
    response = client.get("/api/v1/rulings/0123456789abcdef0123456789abcdef")
    assert response.status_code == 404 and "no ruling" in response.json()["detail"]


def test_sheet_of_a_logged_ruling(client: httpx.Client) -> None:
    """The service's sheet is the command line's ``--format html`` for the board, with the fields."""
    from revoke_equity.report.html import SHEET_STYLE_SOURCE

    case = next(CASES.glob("p02-*.json"))
    posted = client.post("/api/v1/rulings", content=case.read_text(), params={"estimate": "dd"},
                         headers={"content-type": "application/json"}).json()
    sheet = client.get(f"/api/v1/rulings/{posted['id']}/sheet",
                       params={"event": "Spring <pairs>", "table": "4", "ns_pair": "3"})
    assert sheet.status_code == 200 and sheet.headers["content-type"].startswith("text/html")
    assert SHEET_STYLE_SOURCE in sheet.headers["content-security-policy"]
    assert '<span class="value">Spring &lt;pairs&gt;</span>' in sheet.text
    cli = subprocess.run([sys.executable, "-m", "revoke_equity.cli", "rule", "--format", "html",
                          "--estimate", "dd", "--quiet", "--event", "Spring <pairs>", "--table", "4",
                          "--pairs", "3", "", str(case)], capture_output=True, text=True, check=True)
    assert sheet.text == cli.stdout
    assert client.get("/api/v1/rulings/0123456789abcdef0123456789abcdef/sheet").status_code == 404
    too_long = client.get(f"/api/v1/rulings/{posted['id']}/sheet", params={"event": "x" * 201})
    assert too_long.status_code == 422 and "event" in too_long.text


def test_mangled_inputs_never_500(client: httpx.Client) -> None:
    """Random damage to good PBN, LIN and JSON inputs: always 200 or 422, never a 500."""
    rng = random.Random(20240611)
    sources = [(PBN.read_text(), "application/x-pbn"), (LIN.read_text(), "application/x-lin"),
               ((CASES / "p08-both-sides-64C2b.json").read_text(), "application/json")]
    statuses: dict[int, int] = {}
    for _ in range(45):
        text, content_type = rng.choice(sources)
        chars = list(text)
        for _ in range(rng.randint(1, 4)):
            where = rng.randrange(len(chars))
            action = rng.random()
            if action < 0.4:
                chars[where] = rng.choice("SHDCAKQJT98765432NXEW|:\"[]{}*-. \n0")
            elif action < 0.7:
                del chars[where:where + rng.randint(1, 12)]
            else:
                chars.insert(where, rng.choice(["|", "pc|", "\"", "[", "}", "SA ", "\n\n", "10"]))
        response = _post(client, "".join(chars), rng.choice([content_type, "text/plain"]))
        statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
        assert response.status_code in (200, 422), response.text
        if response.status_code == 422:
            assert response.json()["detail"]
    assert statuses.get(422, 0) > 10


# ------------------------------------------------------------------------------ the log


def test_listing_and_export(client: httpx.Client) -> None:
    text = (CASES / "p02-64A2-declarer-revoked.json").read_text()
    ids = [_post(client, text, "application/json").json()["id"] for _ in range(3)]
    listing = client.get("/api/v1/rulings", params={"limit": 2}).json()
    assert listing["total"] >= 3 and listing["limit"] == 2 and len(listing["items"]) == 2
    assert [item["id"] for item in listing["items"]] == ids[:0:-1]  # newest first
    assert listing["items"][0]["recommendation"]["law"] == "64A2"
    page2 = client.get("/api/v1/rulings", params={"limit": 2, "offset": 1}).json()
    assert page2["items"][0]["id"] == ids[1]
    assert client.get("/api/v1/rulings", params={"limit": 0}).status_code == 422
    export = client.get("/api/v1/rulings/export")
    assert export.status_code == 200
    assert export.headers["content-type"].startswith("application/x-ndjson")
    records = [json.loads(line) for line in export.text.splitlines()]
    assert len(records) == listing["total"]
    assert [r["id"] for r in records[-3:]] == ids
    assert {"id", "created", "version", "laws", "board", "case", "ruling"} <= set(records[-1])
    assert records[-1]["case"]["contract"] == records[-1]["ruling"]["contract"]


# ------------------------------------------------------------------------------ concurrency


HOSTILE_BODIES: list[tuple[bytes, str]] = [
    (b"\n" * 40_000 + b"x", "text/plain"),  # sniffed: quadratic for a regular expression
    (b"\n" * 1_000_000 + b"x", "text/plain"),
    ((LIN.read_text().split("mb|")[0] + "mb|p|st||" * 8000).encode(), "text/plain"),  # many calls
    (b"[" * 5000 + b"]" * 5000, "application/json"),
    (b'{"board": ' + b"9" * 5000 + b', "deal": 1}', "application/json"),
    (PBN.read_text().replace('[Board "2"]', '[Board "2"]\n{').encode(), "application/x-pbn"),
]
"""Bodies that stall a quadratic reader, or make a naive one raise."""


def test_concurrent_clients(server: Server, tmp_path: Path) -> None:
    """16 clients at once, each sending 4 requests in a row, a quarter of them hostile bodies: no
    5xx, no transport error, every ruling stored; no request waits longer than the time budget
    (30 s), so no body stalls the others. Latency figures printed."""
    bodies = [(p.read_text(), "application/json") for p in WORKED]
    bodies.append((PBN.read_text(), "application/x-pbn"))
    bodies.append((LIN.read_text(), "application/x-lin"))
    latencies: dict[str, list[float]] = {"good": [], "hostile": []}
    errors: list[str] = []
    statuses: dict[int, int] = {}
    ids: list[str] = []
    lock = threading.Lock()
    start = threading.Barrier(16)

    def client_thread(number: int) -> None:
        with httpx.Client(base_url=server.url, timeout=TIMEOUT) as c:
            start.wait()
            for k in range(4):
                hostile = (number + k) % 4 == 0
                if hostile:
                    body, content_type = HOSTILE_BODIES[(number * 4 + k) % len(HOSTILE_BODIES)]
                else:
                    body, content_type = bodies[(number * 4 + k) % len(bodies)]
                t0 = time.perf_counter()
                try:
                    response = _post(c, body, content_type)
                except httpx.HTTPError as exc:
                    with lock:
                        errors.append(repr(exc))
                    continue
                elapsed = time.perf_counter() - t0
                with lock:
                    latencies["hostile" if hostile else "good"].append(elapsed)
                    statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
                    if response.status_code >= 500 or (not hostile and response.status_code != 200):
                        errors.append(f"{response.status_code} {response.text[:200]}")
                    elif response.status_code == 200:
                        data = response.json()
                        ids.extend(r["id"] for r in (data if isinstance(data, list) else [data])
                                   if "id" in r)

    threads = [threading.Thread(target=client_thread, args=(n,)) for n in range(16)]
    t0 = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    wall = time.perf_counter() - t0
    assert not errors, errors[:5]
    every = sorted(latencies["good"] + latencies["hostile"])
    assert len(every) == 64 and len(set(ids)) == len(ids)
    assert len(latencies["hostile"]) == 16 and not any(code >= 500 for code in statuses)

    def p(values: list[float], q: float) -> float:
        ordered = sorted(values)
        return round(ordered[int(q * (len(ordered) - 1))] * 1000, 1)

    figures = {
        "clients": 16, "requests": len(every), "hostile": len(latencies["hostile"]),
        "statuses": {str(k): v for k, v in sorted(statuses.items())}, "rulings": len(ids),
        "wall_s": round(wall, 2), "p50_ms": p(every, 0.5), "p95_ms": p(every, 0.95),
        "max_ms": p(every, 1.0), "good_p95_ms": p(latencies["good"], 0.95),
        "hostile_p95_ms": p(latencies["hostile"], 0.95),
    }
    (tmp_path / "load.json").write_text(json.dumps(figures))
    print(f"\nconcurrent load: {json.dumps(figures)}")
    assert every[-1] < server.time_budget, "a request waited longer than the time budget"
    with httpx.Client(base_url=server.url, timeout=TIMEOUT) as c:
        for ruling_id in ids:
            assert c.get(f"/api/v1/rulings/{ruling_id}").status_code == 200


# ------------------------------------------------------------------------------ time budget


def test_short_time_budget_fails_cleanly_and_service_recovers(client: httpx.Client) -> None:
    before = client.get("/api/v1/health").json()["workers"]
    # A deal no worker has solved (no cached answer): ruling it takes far longer than 1 s.
    response = _post(client, json.dumps(HARD_DEAL_CASE), "application/json", time_budget="1")
    assert response.status_code == 504, response.text
    assert "time budget" in response.json()["detail"]
    after = _post(client, (CASES / "p07-64B3-dummy-then-64C1.json").read_text(), "application/json")
    assert after.status_code == 200, after.text
    assert wait_until(lambda: client.get("/api/v1/health").json()["workers"]["alive"] == 2, 60)
    health = client.get("/api/v1/health").json()["workers"]
    assert health["budget_kills"] == before["budget_kills"] + 1
    assert health["replaced"] == before["replaced"] + 1


def test_pathological_deal_worker_is_killed_mid_search(client: httpx.Client) -> None:
    """A deal whose double-dummy search takes seconds: with a 1 s budget the request fails with
    504 after about a second, the busy worker is killed, and the service goes on."""
    before = client.get("/api/v1/health").json()["workers"]
    t0 = time.perf_counter()
    response = _post(client, json.dumps(HARD_DEAL_CASE), "application/json", time_budget="1")
    elapsed = time.perf_counter() - t0
    assert response.status_code == 504, response.text
    assert elapsed < 10
    killed = set(before["pids"]) - set(client.get("/api/v1/health").json()["workers"]["pids"])
    assert len(killed) == 1
    assert wait_until(lambda: not pid_alive(next(iter(killed))), 10)
    ok = _post(client, (CASES / "p09-64A1-one-trick.json").read_text(), "application/json")
    assert ok.status_code == 200
    assert wait_until(lambda: client.get("/api/v1/health").json()["workers"]["alive"] == 2, 60)


def test_worker_killed_from_outside_is_replaced(client: httpx.Client) -> None:
    import os

    pids = client.get("/api/v1/health").json()["workers"]["pids"]
    os.kill(pids[0], signal.SIGKILL)
    assert wait_until(lambda: pids[0] not in client.get("/api/v1/health").json()["workers"]["pids"]
                      and client.get("/api/v1/health").json()["workers"]["alive"] == 2, 60)
    for path in WORKED[:4]:
        assert _post(client, path.read_text(), "application/json").status_code == 200


# ------------------------------------------------------------------------------ kill -9


def test_log_survives_kill_9_under_load(tmp_path: Path) -> None:
    """Concurrent writers; the server is killed with SIGKILL while requests are in flight; on a
    restart with the same database every ruling id a client was given is still there."""
    db = tmp_path / "log.sqlite"
    server = Server(db, tmp_path / "server.log").start()
    bodies = [p.read_text() for p in WORKED]
    given: list[str] = []
    lock = threading.Lock()
    stop = threading.Event()
    try:
        worker_pids = httpx.get(f"{server.url}/api/v1/health").json()["workers"]["pids"]

        def writer(number: int) -> None:
            with httpx.Client(base_url=server.url, timeout=TIMEOUT) as c:
                k = 0
                while not stop.is_set() and k < 200:
                    try:
                        response = _post(c, bodies[(number + k) % len(bodies)], "application/json")
                    except httpx.HTTPError:
                        return  # the server is gone
                    k += 1
                    if response.status_code == 200:
                        with lock:
                            given.append(response.json()["id"])

        threads = [threading.Thread(target=writer, args=(n,)) for n in range(8)]
        for thread in threads:
            thread.start()
        assert wait_until(lambda: len(given) >= 40, 60)
        server.kill9()
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
        assert wait_until(lambda: not any(pid_alive(p) for p in worker_pids), 10), \
            "workers outlived the killed server"
    finally:
        stop.set()
        server.stop()
    restarted = Server(db, tmp_path / "server2.log").start()
    try:
        with httpx.Client(base_url=restarted.url, timeout=TIMEOUT) as c:
            total = c.get("/api/v1/rulings", params={"limit": 1}).json()["total"]
            assert total >= len(given)
            for ruling_id in given:
                response = c.get(f"/api/v1/rulings/{ruling_id}")
                assert response.status_code == 200, ruling_id
            assert c.get("/api/v1/health").json()["db"]["ok"] is True
            new = _post(c, bodies[0], "application/json")
            assert new.status_code == 200
    finally:
        assert restarted.stop() in CLEAN_EXIT
    print(f"\nkill -9 under load: {len(given)} rulings answered before the kill, all retrievable "
          f"after restart ({total} in the log)")


def test_ignore_auction_rules_without_what_the_auction_showed(client: httpx.Client) -> None:
    """South's pass of North's 1C showed 0-5 points; with ignore_auction the ruling lists none."""
    data = json.loads((CASES / "p04-62D-dummy-revoke-trick-12.json").read_text())["case"]
    data.update(dealer="N", auction=["1C", "P", "P", "P"])
    body = json.dumps(data)
    used = _post(client, body, "application/json", estimate="sd", worlds="8", playouts="20")
    ignored = _post(client, body, "application/json", estimate="sd", worlds="8", playouts="20",
                    ignore_auction="true")
    assert used.status_code == ignored.status_code == 200
    assert used.json()["equity"]["shown_from"] == {"S": ["P (pass of partner's opening)"]}
    assert "shown" not in ignored.json()["equity"]

"""Access control: the access token beyond loopback (given, generated and printed, or refused
only by an explicit --insecure-no-token), the bearer token on the API, and no request from another
site, on real server processes."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from revoke_equity.service import access_token, add_arguments, run
from revoke_equity.service.security import check_token, new_token, same_origin
from service_helpers import Server

CASES = Path(__file__).parent / "data" / "cases"
CASE = (CASES / "p02-64A2-declarer-revoked.json").read_bytes()
TOKEN = "a-test-token-of-some-length-42"


# ------------------------------------------------------------------------------ units


@pytest.mark.parametrize(("origin", "host", "same"), [
    ("http://127.0.0.1:8000", "127.0.0.1:8000", True),
    ("http://LOCALHOST:8000", "localhost:8000", True),
    ("http://example.org", "example.org:80", True),
    ("https://example.org", "example.org", True),  # behind a TLS proxy: the Host has no scheme
    ("https://example.org", "example.org:80", False),
    ("http://[::1]:8000", "[::1]:8000", True),
    ("http://evil.example", "127.0.0.1:8000", False),
    ("http://127.0.0.1:9000", "127.0.0.1:8000", False),
    ("null", "127.0.0.1:8000", False),
    ("file://", "127.0.0.1:8000", False),
    ("http://127.0.0.1:99999", "127.0.0.1:8000", False),
    ("not a url", "127.0.0.1", False),
])
def test_same_origin(origin: str, host: str, same: bool) -> None:
    assert same_origin(origin, host) is same


def test_tokens() -> None:
    token = new_token()
    assert len(token) == 32 and check_token(token) is None and new_token() != token
    assert "at least 16" in str(check_token("short"))
    assert "printable ASCII" in str(check_token("a token with spaces in it"))
    assert "printable ASCII" in str(check_token("tökentökentökentöken"))


@pytest.mark.parametrize(("host", "given", "insecure", "required"), [
    ("127.0.0.1", None, False, None),  # loopback: none needed
    ("127.0.0.1", TOKEN, False, TOKEN),  # unless one is given
    ("::1", None, False, None),
    ("0.0.0.0", TOKEN, False, TOKEN),
    ("0.0.0.0", None, True, None),  # the explicit choice
])
def test_access_token(host: str, given: str | None, insecure: bool, required: str | None) -> None:
    assert access_token(host, given, insecure) == (required, None)


def test_access_token_is_generated_beyond_loopback() -> None:
    token, problem = access_token("192.168.1.20", None, False)
    assert problem is None and token is not None and check_token(token) is None


@pytest.mark.parametrize(("argv", "message"), [
    (["--host", "0.0.0.0", "--token", TOKEN, "--insecure-no-token"], "contradict"),
    (["--host", "0.0.0.0", "--token", "short"], "at least 16"),
])
def test_bad_token_options_are_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            argv: list[str], message: str) -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = parser.parse_args([*argv, "--db", str(tmp_path / "log.sqlite")])
    assert run(args) == 2
    assert message in capsys.readouterr().err


def test_token_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REVOKE_EQUITY_TOKEN", TOKEN)
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert parser.parse_args([]).token == TOKEN


# ------------------------------------------------------------------------------ servers


def _start(tmp: pytest.TempPathFactory, name: str, **options: object) -> Server:
    folder = tmp.mktemp(name)
    return Server(folder / "log.sqlite", folder / "server.log", workers=1, **options).start()  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def loopback_with_token(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = _start(tmp_path_factory, "token", token=TOKEN)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def network_generated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = _start(tmp_path_factory, "generated", host="0.0.0.0")
    yield server
    server.stop()


def _rule(server: Server, headers: dict[str, str]) -> httpx.Response:
    return httpx.post(f"{server.url}/api/v1/rulings", content=CASE, timeout=60,
                      headers={"content-type": "application/json", **headers})


def test_api_needs_the_bearer_token(loopback_with_token: Server) -> None:
    server = loopback_with_token
    for headers in ({}, {"authorization": "Bearer wrong-token-wrong-token"},
                    {"authorization": f"Basic {TOKEN}"}, {"authorization": TOKEN}):
        response = _rule(server, headers)
        assert response.status_code == 401, headers
        assert response.headers["www-authenticate"].startswith("Bearer")
        assert "access token" in response.json()["detail"]
        for path in ("/api/v1/health", "/api/v1/rulings", "/api/v1/rulings/export"):
            assert httpx.get(server.url + path, headers=headers).status_code == 401
    assert _rule(server, {"authorization": f"Bearer {TOKEN}"}).status_code == 200
    assert _rule(server, {"authorization": f"bearer {TOKEN}"}).status_code == 200
    listing = httpx.get(f"{server.url}/api/v1/rulings", headers=server.headers).json()
    assert listing["total"] == 2  # only the two accepted requests reached the log


def test_page_and_api_description_are_public(loopback_with_token: Server) -> None:
    for path in ("/", "/static/app.js", "/openapi.json"):
        assert httpx.get(loopback_with_token.url + path).status_code == 200, path


def test_generated_token_is_printed_and_required(network_generated: Server) -> None:
    server = network_generated
    assert server.token is not None and check_token(server.token) is None
    log = server.log()
    assert f"access token: {server.token}" in log and f"#token={server.token}" in log
    assert httpx.get(f"{server.url}/api/v1/health").status_code == 401
    assert httpx.get(f"{server.url}/api/v1/health", headers=server.headers).status_code == 200
    assert _rule(server, server.headers).status_code == 200


def test_insecure_no_token_is_an_explicit_choice(tmp_path_factory: pytest.TempPathFactory) -> None:
    server = _start(tmp_path_factory, "insecure", host="0.0.0.0", extra=("--insecure-no-token",))
    try:
        assert "WITHOUT an access token" in server.log() and "access token:" not in server.log()
        assert _rule(server, {}).status_code == 200
    finally:
        server.stop()


@pytest.mark.parametrize("headers", [
    {"origin": "http://evil.example"},
    {"origin": "null"},
    {"sec-fetch-site": "cross-site"},
    {"sec-fetch-site": "same-site"},
    {"origin": "http://evil.example", "content-type": "text/plain"},
])
def test_requests_from_another_site_are_refused(loopback_with_token: Server,
                                                headers: dict[str, str]) -> None:
    server = loopback_with_token
    before = httpx.get(f"{server.url}/api/v1/rulings", headers=server.headers).json()["total"]
    response = _rule(server, {**server.headers, **headers})
    assert response.status_code == 403 and "another site" in response.json()["detail"]
    after = httpx.get(f"{server.url}/api/v1/rulings", headers=server.headers).json()["total"]
    assert after == before


def test_requests_from_the_page_itself_are_served(loopback_with_token: Server) -> None:
    server = loopback_with_token
    same = {"origin": server.url, "sec-fetch-site": "same-origin", **server.headers}
    response = httpx.post(f"{server.url}/api/v1/rulings", content=CASE, timeout=60,
                          headers={**same, "content-type": "text/plain"})
    assert response.status_code == 200, response.text
    assert json.loads(response.text)["recommendation"]["law"] == "64A2"


def test_loopback_without_a_token_needs_none_but_refuses_other_sites(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    server = _start(tmp_path_factory, "open")
    try:
        assert _rule(server, {}).status_code == 200
        assert _rule(server, {"origin": "http://evil.example"}).status_code == 403
    finally:
        server.stop()

"""A real revoke-equity server process for the service tests, on 127.0.0.1 and a free port."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

START_TIMEOUT = 90.0

HARD_DEAL_CASE: dict[str, Any] = {
    # Deal 5 of DDS's own "largest.txt" (hands that take DDS longest), with dummy revoking at trick
    # 1 and a claim right after: the double-dummy equity is a search of the whole deal, about 4 s
    # on a cold solver, so a 1 s budget is exceeded by a wide margin.
    "deal": "N:K84.AQ753.QT4.Q7 AJ92.K964.J9.K93 QT753..A765.AT85 6.JT82.K832.J642",
    "contract": "3N", "declarer": "S", "board": 5,
    "play": ["S6", "C7", "S2", "S3"],
    "claim": {"after_trick": 1, "declarer_tricks": 6},
}


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """``python -m revoke_equity.service`` in a child process; ``url`` is its base URL."""

    def __init__(self, db: Path, log: Path, *, workers: int = 2, time_budget: float = 30.0,
                 host: str = "127.0.0.1", token: str | None = None, extra: tuple[str, ...] = ()) -> None:
        self.db = db
        self.log_path = log
        self.workers = workers
        self.time_budget = time_budget
        self.host = host
        self.token = token
        self.extra = extra
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def headers(self) -> dict[str, str]:
        """The Authorization header the API needs (none without a token)."""
        return {"authorization": f"Bearer {self.token}"} if self.token else {}

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        """Start the server and wait until ``/api/v1/health`` answers 200 with every worker up."""
        self.port = free_port()
        command = [sys.executable, "-m", "revoke_equity.service", "--host", self.host,
                   "--port", str(self.port), "--db", str(self.db), "--workers", str(self.workers),
                   "--time-budget", str(self.time_budget), "--log-level", "warning", *self.extra]
        if self.token is not None:
            command += ["--token", self.token]
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                                            stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}:\n{self.log()}")
            if self.token is None and "access token: " in self.log():  # generated and printed
                self.token = self.log().split("access token: ", 1)[1].split()[0]
            with contextlib.suppress(httpx.TransportError):
                response = httpx.get(f"{self.url}/api/v1/health", timeout=5, headers=self.headers)
                if response.status_code == 200 and response.json()["status"] == "ok":
                    return self
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"the server did not become healthy in {START_TIMEOUT} s:\n{self.log()}")

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def stop(self) -> int | None:
        """SIGTERM, then SIGKILL after 20 s; the exit code."""
        if self.process is None:
            return None
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        return self.process.returncode

    def kill9(self) -> None:
        """``kill -9`` the server process (not its workers: they must go by themselves)."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)


def pid_alive(pid: int) -> bool:
    """Whether a process with this pid exists (and is not a zombie we could reap)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return True


def wait_until(predicate: Any, timeout: float, interval: float = 0.2) -> bool:
    """Poll ``predicate()`` until it is true or ``timeout`` seconds pass; its last value."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value or time.monotonic() > deadline:
            return bool(value)
        time.sleep(interval)


def comparable(ruling: dict[str, Any]) -> dict[str, Any]:
    """A ruling without what may differ between two runs of the same ruling: the service's ``id``
    and ``created``, and the solver's call counts and timing (which depend on its cache)."""
    return {k: v for k, v in ruling.items() if k not in ("id", "created", "solver")}


@contextlib.contextmanager
def clean_server(server: Server) -> Iterator[Server]:
    """``server`` started, then stopped, its log checked for a traceback."""
    server.start()
    try:
        yield server
    finally:
        server.stop()
        assert "Traceback" not in server.log(), server.log()

"""The service at its defaults under the worked cases: each posted once, then eight at once.

``PYTHONPATH=src:. python -m bench.service_load [--workers N] [--time-budget S] [--json]``

Starts ``python -m revoke_equity.service`` with no option but its port and a fresh ruling log (so
the default estimate, workers and time budget), posts every worked case of ``tests/data/cases``
one after the other, then the first eight of them at once, each as a job the way the page posts
it, and follows each to its end. Reported: each answer's status (200, or the 4xx/5xx that a
ruling must never get), whether it came with the single-dummy estimate or degraded to the
double-dummy one with its ``unfinished`` note, wall seconds, the CPU seconds of the server and
its workers (those replaced included), and the load average. Not part of ``python -m bench``:
it takes minutes. "A worker took it" is when the job left the queue (its first stage not
``queued``): under load, most of an answer's wall time when eight are posted at once.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx

CASES = Path(__file__).resolve().parents[1] / "tests" / "data" / "cases"
START_LIMIT = 120.0
JOB_LIMIT = 1800.0
"""Seconds a job may take before it is called lost (the default budget is 30 s a stage)."""
AT_ONCE = 8


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _ticks(pid: int) -> float:
    """CPU seconds of ``pid``, of its children it has reaped, and of its live children."""
    hertz = os.sysconf("SC_CLK_TCK")
    total = 0.0
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += sum(int(f) for f in fields[11:15]) / hertz  # utime stime cutime cstime
        for task in Path(f"/proc/{pid}/task").iterdir():
            children = (task / "children").read_text().split()
            total += sum(_ticks(int(child)) for child in children)
    except (OSError, ValueError):
        pass
    return total


class Service:
    """The server process and an HTTP client for it."""

    def __init__(self, folder: Path, extra: list[str]) -> None:
        self.port = _free_port()
        self.log = folder / "server.log"
        command = [sys.executable, "-m", "revoke_equity.service", "--port", str(self.port),
                   "--db", str(folder / "log.sqlite"), *extra]
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                                            stdin=subprocess.DEVNULL)
        self.url = f"http://127.0.0.1:{self.port}"
        self.headers: dict[str, str] = {}

    def wait_healthy(self) -> None:
        deadline = time.monotonic() + START_LIMIT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited:\n{self.log.read_text()}")
            text = self.log.read_text(errors="replace")
            if "access token: " in text:
                self.headers = {"authorization": "Bearer "
                                + text.split("access token: ", 1)[1].split()[0]}
            with contextlib.suppress(httpx.TransportError):
                health = httpx.get(self.url + "/api/v1/health", headers=self.headers, timeout=5)
                if health.status_code == 200 and health.json()["status"] == "ok":
                    return
            time.sleep(0.3)
        raise RuntimeError(f"the server was not healthy in {START_LIMIT:g} s")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)


@contextlib.contextmanager
def service(extra: list[str]) -> Iterator[Service]:
    with tempfile.TemporaryDirectory(prefix="revoke-equity-load-") as folder:
        srv = Service(Path(folder), extra)
        try:
            srv.wait_healthy()
            yield srv
        finally:
            srv.stop()


def _one(client: httpx.Client, path: Path) -> dict[str, Any]:
    """Post ``path`` as a job, follow it to its end: status, outcome and wall seconds."""
    start = time.monotonic()
    posted = client.post("/api/v1/rulings", params={"job": "true"}, content=path.read_text(),
                         headers={"content-type": "application/json"})
    row: dict[str, Any] = {"case": path.stem}
    if posted.status_code != 202:
        return {**row, "status": posted.status_code, "outcome": "refused",
                "wall": time.monotonic() - start}
    url = posted.json()["progress_url"]
    first = None
    while True:
        state = client.get(url).json()
        if first is None and state["stage"]["stage"] not in ("queued",):
            first = time.monotonic() - start
        if state["state"] != "running":
            break
        if time.monotonic() - start > JOB_LIMIT:
            return {**row, "status": None, "outcome": "lost", "wall": time.monotonic() - start}
        time.sleep(0.1)
    status = state.get("status")
    result = state.get("result") or {}
    if status != 200:
        outcome = "error"
    elif "unfinished" in result:
        outcome = "dd (sd unfinished)"
    else:
        outcome = str(result.get("recommendation", {}).get("estimate") or "no estimate needed")
    return {**row, "status": status, "outcome": outcome, "wall": time.monotonic() - start,
            "first_stage": first, "id": result.get("id")}


def _round(srv: Service, client: httpx.Client, paths: list[Path], at_once: int) -> dict[str, Any]:
    cpu, start = _ticks(srv.process.pid), time.monotonic()
    with ThreadPoolExecutor(at_once) as pool:
        rows = list(pool.map(lambda p: _one(client, p), paths))
    wall, cpu = time.monotonic() - start, _ticks(srv.process.pid) - cpu
    logged = [r["id"] for r in client.get("/api/v1/rulings", params={"limit": 500}).json()["items"]]
    return {"at_once": at_once, "wall": wall, "cpu": cpu, "rows": rows,
            "degraded": sum(r["outcome"].startswith("dd (") for r in rows),
            "not_200": sum(r["status"] != 200 for r in rows),
            "logged_once": sum(logged.count(r.get("id")) == 1 for r in rows),
            "load_average": os.getloadavg(),
            "health": client.get("/api/v1/health").json()["workers"]}


def run(extra: list[str]) -> dict[str, Any]:
    paths = sorted(CASES.glob("p*.json"))
    with service(extra) as srv, httpx.Client(base_url=srv.url, headers=srv.headers,
                                             timeout=120) as client:
        return {"options": extra or ["(defaults)"], "load_average_before": os.getloadavg(),
                "one_by_one": _round(srv, client, paths, 1),
                "at_once": _round(srv, client, paths[:AT_ONCE], AT_ONCE)}


def _print(report: dict[str, Any]) -> None:
    print(f"service options: {' '.join(report['options'])}; load average before: "
          + " ".join(f"{x:.2f}" for x in report["load_average_before"]))
    for name in ("one_by_one", "at_once"):
        r = report[name]
        print(f"\n{name.replace('_', ' ')} ({len(r['rows'])} cases, {r['at_once']} at a time): "
              f"wall {r['wall']:.1f} s, CPU {r['cpu']:.1f} s, degraded to dd {r['degraded']}, "
              f"not 200 {r['not_200']}, logged once {r['logged_once']}/{len(r['rows'])}, load "
              + " ".join(f"{x:.2f}" for x in r["load_average"])
              + f"; workers replaced {r['health']['replaced']}")
        for row in r["rows"]:
            first = row.get("first_stage")
            took = "" if first is None else f"  (a worker took it at {first:.2f} s)"
            print(f"  {row['case']:<40} {row['status']!s:>4} {row['outcome']:<20} "
                  f"{row['wall']:6.1f} s{took}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.service_load", description=__doc__)
    parser.add_argument("--workers", help="server's --workers (default: the server's default)")
    parser.add_argument("--time-budget", help="server's --time-budget (default: the server's)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    extra: list[str] = []
    if args.workers:
        extra += ["--workers", args.workers]
    if args.time_budget:
        extra += ["--time-budget", args.time_budget]
    report = run(extra)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        _print(report)
    bad = report["one_by_one"]["not_200"] + report["at_once"]["not_200"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

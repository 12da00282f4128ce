"""One study throughput measurement, run as a script in a fresh interpreter by
:mod:`bench.study_bench` (so that earlier sections do not inflate its memory figures).

Argument: a JSON object ``{"jobs", "cases", "seed", "chunk_size", "dir", "warm_up"}``. Prints one JSON line:
the timed run's seconds and cases, the peak RSS (``VmHWM``) of this process and of every
descendant (loky workers and helpers) sampled from ``/proc`` every 0.2 s, and a digest of the
records' identity columns (equal for equal seeds whatever the number of workers).

Only the standard library and revoke-equity (its study module) are imported here.
"""

from __future__ import annotations

import hashlib
import json
import os
import resource
import sys
import threading
import time
from pathlib import Path
from typing import Any


def _ppid(pid: str) -> int | None:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return int(handle.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None


def _hwm_kb(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/status") as handle:
            for line in handle:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        return None
    return None


def _cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            return handle.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def _descendants(root: int) -> list[int]:
    """Every live descendant of ``root`` (from ``/proc``; empty where there is none)."""
    if not os.path.isdir("/proc"):
        return []
    children: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            parent = _ppid(name)
            if parent is not None:
                children.setdefault(parent, []).append(int(name))
    out: list[int] = []
    todo = [root]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


class Sampler(threading.Thread):
    """Keeps the highest ``VmHWM`` seen for each descendant process, and its command line."""

    def __init__(self, interval: float = 0.2) -> None:
        super().__init__(daemon=True)
        self.interval = interval
        self.peaks: dict[int, int] = {}
        self.names: dict[int, str] = {}
        self.stopping = threading.Event()

    def sample(self) -> None:
        for pid in _descendants(os.getpid()):
            hwm = _hwm_kb(pid)
            if hwm is not None:
                self.peaks[pid] = max(hwm, self.peaks.get(pid, 0))
                if pid not in self.names:
                    self.names[pid] = _cmdline(pid)

    def run(self) -> None:
        while not self.stopping.wait(self.interval):
            self.sample()


def _records_digest(directory: Path) -> tuple[str, int]:
    """SHA-256 of the identity columns of every chunk's records (sorted), and the row count."""
    import pyarrow.parquet as pq

    from revoke_equity.study.records import IDENTITY_COLUMNS

    rows: list[dict[str, Any]] = []
    for path in sorted((directory / "chunks").glob("chunk-*.parquet")):
        rows += pq.read_table(path, columns=list(IDENTITY_COLUMNS)).to_pylist()
    rows.sort(key=lambda r: json.dumps(r, sort_keys=True, default=str))
    text = json.dumps(rows, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest(), len(rows)


def main(argv: list[str]) -> int:
    args = json.loads(argv[1])
    jobs, cases, seed = int(args["jobs"]), int(args["cases"]), int(args["seed"])
    base = Path(args["dir"])
    from revoke_equity.study.runner import StudyParams, run_study

    sampler = Sampler()
    sampler.start()
    if args.get("warm_up", True):
        # Start the workers (loky reuses them) and load DDS in each; not timed.
        run_study(StudyParams(deals=jobs, seed=seed + 1, chunk_size=1, estimate="dd"), base / "warm-up",
                  jobs=jobs, progress=False, finish=False)
    start = time.perf_counter()
    result = run_study(StudyParams(deals=cases, seed=seed, chunk_size=int(args["chunk_size"]),
                                   estimate="dd"),
                       base / "run", jobs=jobs, progress=False, finish=False)
    wall = time.perf_counter() - start
    sampler.sample()  # the workers are still alive (loky keeps them): their final peaks
    sampler.stopping.set()
    digest, rows = _records_digest(base / "run")
    workers = {pid: kb for pid, kb in sampler.peaks.items() if "LokyProcess" in sampler.names[pid]}
    helpers = {pid: kb for pid, kb in sampler.peaks.items() if pid not in workers}
    print(json.dumps({
        "jobs": jobs,
        "cases": result.cases_run,
        "editions": len(result.params.editions),
        "seconds": result.seconds,
        "wall": wall,
        "cases_per_second": result.cases_per_second,
        "self_peak_kb": _hwm_kb(os.getpid())
        or resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
        "worker_peak_kb": sorted(workers.values()),
        "helper_peak_kb": sorted(helpers.values()),
        "records": rows,
        "records_digest": digest,
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

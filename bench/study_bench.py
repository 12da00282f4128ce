"""Study throughput: cases per second of :func:`revoke_equity.study.runner.run_study` with 1 and
2 worker processes, the parallel efficiency, and the peak RSS of each worker.

Each worker count runs in a fresh interpreter (:mod:`bench.study_child`): an untimed warm-up study
starts the loky workers and loads DDS in them, then the timed study runs on the same workers
(``finish=False``: the chunk files are written, the final Parquet/CSV/plots are not). With one
job the study runs in the child itself, so its peak RSS is the worker's; with more, each loky
worker's ``VmHWM`` is sampled from ``/proc``. The oracle: every worker count writes the same
records (a digest of the identity columns), as the study promises for a given seed.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.config import Config
from bench.oracle import Oracle

Log = Callable[[str], None]
CHILD = Path(__file__).with_name("study_child.py")


def chunk_size(config: Config) -> int:
    """About four chunks per worker of the largest count (load balance), at least one case."""
    return max(1, -(-config.study_cases // (4 * max(config.study_workers))))


def _run_child(jobs: int, config: Config, directory: Path) -> dict[str, Any]:
    args = {"jobs": jobs, "cases": config.study_cases, "seed": config.seed,
            "chunk_size": chunk_size(config), "dir": str(directory),
            "warm_up": config.study_warm_up}
    done = subprocess.run([sys.executable, str(CHILD), json.dumps(args)], capture_output=True,
                          text=True, timeout=3600, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"study run with {jobs} job(s) failed (exit {done.returncode}):\n"
                           f"{done.stderr[-4000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def run_study_bench(config: Config, oracle: Oracle, log: Log) -> dict[str, Any]:
    """One timed study per worker count (see the module docstring)."""
    runs: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="bench-study-") as tmp:
        for jobs in config.study_workers:
            log(f"study: {config.study_cases} cases with {jobs} worker process(es), "
                f"chunks of {chunk_size(config)}")
            run = _run_child(jobs, config, Path(tmp) / f"jobs-{jobs}")
            workers = run["worker_peak_kb"] if jobs > 1 else [run["self_peak_kb"]]
            run["peak_rss_per_worker_mb"] = [kb / 1024 for kb in workers]
            run["coordinator_peak_rss_mb"] = run["self_peak_kb"] / 1024 if jobs > 1 else None
            runs.append(run)
    first = runs[0]
    for run in runs[1:]:
        oracle.equal("study records vs 1 worker", (run["records"], run["records_digest"]),
                     (first["records"], first["records_digest"]), f"study with {run['jobs']} jobs")
    oracle.equal("study records written", first["records"] > 0, True, "study")
    base = next((r for r in runs if r["jobs"] == 1), None)
    for run in runs:
        run["speedup"] = (run["cases_per_second"] / base["cases_per_second"]) if base else None
        run["efficiency"] = run["speedup"] / run["jobs"] if run["speedup"] is not None else None
    return {"chunk_size": chunk_size(config), "cases": config.study_cases,
            "editions": first["editions"], "warm_up": config.study_warm_up, "runs": runs}

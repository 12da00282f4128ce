"""Running the sections of a benchmark and assembling the report."""

from __future__ import annotations

import sys
import time
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.config import Config, Log
from bench.machine import load_average, machine_facts
from bench.oracle import Oracle
from bench.report import FORMAT, write


def stderr_log(message: str) -> None:
    print(f"bench: {message}", file=sys.stderr, flush=True)


def run(config: Config, out: Path | None = None, log: Log = stderr_log) -> dict[str, Any]:
    """Run ``config``'s sections; return the report (and write it into ``out`` if given).

    Raises :class:`~bench.oracle.OracleMismatch` at the first answer that fails its check.
    """
    start = time.perf_counter()
    oracle = Oracle()
    report: dict[str, Any] = {
        "format": FORMAT,
        "mode": config.mode,
        "seed": config.seed,
        "started": datetime.now(UTC).isoformat(timespec="seconds"),
        "load_average_start": load_average(),
        "machine": machine_facts(),
        "config": asdict(config),
    }
    if "solver" in config.sections:
        from bench.solver_core import run_solver_core

        report["solver_core"] = run_solver_core(config, oracle, log)
    if "ruling" in config.sections:
        from bench.pipeline import run_pipeline

        report["pipeline"] = run_pipeline(config, oracle, log)
        if config.cold_start_rounds:
            from bench.cold import cold_start

            log(f"cold start: {config.cold_start_rounds} paired rounds of whole processes")
            report["cold_start"] = cold_start(config.cold_start_rounds)
    if "naive" in config.sections:
        from bench.pipeline import run_naive

        report["naive"] = run_naive(config, oracle, log)
    if "sd" in config.sections:
        from bench.single_dummy import run_single_dummy

        report["single_dummy"] = run_single_dummy(config, oracle, log)
    if "cashout" in config.sections:
        from bench.cashout import run_cashout

        report["cashout"] = run_cashout(config, oracle, log)
    if "study" in config.sections:
        from bench.study_bench import run_study_bench

        report["study"] = run_study_bench(config, oracle, log)
    report["checks"] = oracle.as_dict()
    report["load_average_end"] = load_average()
    report["wall_seconds"] = time.perf_counter() - start
    if out is not None:
        md_path, json_path = write(report, out)
        report["files"] = [str(md_path), str(json_path)]
    return report

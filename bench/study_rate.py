"""Research mode's speed: cases per second with 1 and 2 workers, and the raw DDS floor.

    python bench/study_rate.py --deals 200 --seed 1 [--jobs 1,2] [--out /tmp/study-bench]

For each worker count, a fresh study of ``--deals`` cases (all three law editions, the default kind
mix) is run with the loky backend and timed (the run alone, then the final outputs). The floor:
the same cases' solver calls (the DD table, every solve the generation and the three rulings
asked for, in order, with the cache cleared before each case as the study does) replayed alone on
one DdsSolver in this process and timed: the cost of DDS and of the solver layer, without the
study's own Python work. An oracle as well as a benchmark: it checks that the records of every
worker count are identical, and that the replayed calls give the same answers.

The machine's load is printed before and after (other processes sharing the cores change every
number here).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

from revoke_equity.model.cards import Card
from revoke_equity.model.deal import Deal
from revoke_equity.model.position import Position
from revoke_equity.solver.dds import DdsSolver
from revoke_equity.study.generate import DEFAULT_MIX, generate_case
from revoke_equity.study.params import ALL_EDITIONS
from revoke_equity.study.records import IDENTITY_COLUMNS, records_for_case
from revoke_equity.study.runner import StudyParams, run_study


class RecordingSolver:
    """A DdsSolver that also writes down every call and its answer."""

    def __init__(self, inner: DdsSolver) -> None:
        self.inner = inner
        self.stats = inner.stats
        self.calls: list[tuple[str, Any, Any]] = []

    def solve(self, position: Position) -> dict[Card, int]:
        answer = self.inner.solve(position)
        self.calls.append(("solve", position, answer))
        return answer

    def solve_many(self, positions: Sequence[Position]) -> list[dict[Card, int]]:
        answer = self.inner.solve_many(positions)
        self.calls.append(("solve_many", list(positions), answer))
        return answer

    def trace(self, position: Position, cards: Sequence[Card]) -> tuple[int, ...]:
        answer = self.inner.trace(position, cards)
        self.calls.append(("trace", (position, tuple(cards)), answer))
        return answer

    def dd_table(self, deal: Deal) -> Any:
        answer = self.inner.dd_table(deal)
        self.calls.append(("dd_table", deal, answer))
        return answer

    def clear_cache(self) -> None:
        self.inner.clear_cache()


def machine_load() -> str:
    load = os.getloadavg()
    top = subprocess.run(["ps", "-eo", "pcpu,etime,args", "--sort=-pcpu"], capture_output=True,
                         text=True, check=False).stdout.splitlines()[1:7]
    busy = [line.strip()[:150] for line in top if float(line.split()[0]) >= 5.0]
    return f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; busy: " + (
        " | ".join(busy) or "nothing above 5% CPU")


def floor(deals: int, seed: int) -> dict[str, float]:
    """Record the solver calls of ``deals`` cases, then replay them alone and time them."""
    recorder = RecordingSolver(DdsSolver())
    per_case: list[list[tuple[str, Any, Any]]] = []
    for index in range(deals):
        recorder.clear_cache()
        recorder.calls = []
        synthetic = generate_case(seed, index, DEFAULT_MIX, recorder)
        records_for_case(synthetic, ALL_EDITIONS, recorder)
        per_case.append(recorder.calls)
    solver = DdsSolver()
    start = time.perf_counter()
    for calls in per_case:
        solver.clear_cache()
        for method, argument, answer in calls:
            if method == "trace":
                position, cards = argument
                got: Any = solver.trace(position, cards)
            else:
                got = getattr(solver, method)(argument)
            assert got == answer, (method, got, answer)
    seconds = time.perf_counter() - start
    stats = solver.stats
    return {"seconds": seconds, "engine_seconds": stats.seconds, "tables": stats.table_calls,
            "solves": stats.solve_calls, "cache_hits": stats.cache_hits,
            "traces": stats.trace_calls, "calls_per_case": stats.engine_calls / deals}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", default="1,2")
    parser.add_argument("--chunk-size", type=int, default=10)
    parser.add_argument("--out", default="/tmp/study-bench")
    parser.add_argument("--no-floor", action="store_true")
    args = parser.parse_args(argv)
    print(f"before: {machine_load()}", flush=True)
    params = StudyParams(args.deals, args.seed, ALL_EDITIONS, tuple(DEFAULT_MIX.items()),
                         args.chunk_size, estimate="dd")
    reference = None
    for jobs in (int(j) for j in args.jobs.split(",")):
        out = Path(args.out) / f"jobs-{jobs}"
        shutil.rmtree(out, ignore_errors=True)
        start = time.perf_counter()
        run_study(params, out, jobs=jobs, progress=False, finish=False)
        run_seconds = time.perf_counter() - start
        from revoke_equity.study.outputs import write_outputs

        start = time.perf_counter()
        write_outputs(out, params)
        out_seconds = time.perf_counter() - start
        table = pq.read_table(out / "records.parquet")
        identity = table.select(list(IDENTITY_COLUMNS))
        if reference is None:
            reference = identity
        same = identity.equals(reference)
        rows = table.to_pylist()
        gen = sum(r["gen_seconds"] for r in rows if r["edition"] == "1997")
        rule_s = sum(r["rule_seconds"] for r in rows)
        print(f"jobs {jobs}: {args.deals} cases in {run_seconds:.1f} s = "
              f"{args.deals / run_seconds:.2f} cases/s (outputs {out_seconds:.1f} s; in the "
              f"workers: generation {gen:.1f} s, rulings {rule_s:.1f} s); records identical to "
              f"the first run: {same}", flush=True)
        print(f"  during: {machine_load()}", flush=True)
        if not same:
            return 1
    if not args.no_floor:
        f = floor(args.deals, args.seed)
        print(f"DDS floor, one process: {f['seconds']:.1f} s = {args.deals / f['seconds']:.2f} "
              f"cases/s (engine {f['engine_seconds']:.1f} s); per case "
              f"{f['calls_per_case']:.1f} engine calls ({f['tables']:.0f} tables, "
              f"{f['solves']:.0f} solves, {f['traces']:.0f} traces, {f['cache_hits']:.0f} cache "
              "hits in all)", flush=True)
    print(f"after: {machine_load()}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

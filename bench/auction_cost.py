"""What the auction costs the single-dummy estimate: the same cases ruled with the layouts matching
what the auction showed and with ``ignore_auction``, in one run, alternating, so that the machine's
load is shared alike; and the constrained sampler alone on its largest usual case.

* **Rulings**: each case of ``tests/data/auction`` ruled with the sd estimate at the run's options
  (from an empty cache and a flushed DDS), ``rounds`` times each way, alternating; the median wall
  and CPU seconds (``time.process_time``: every thread of this process, DDS's included) each way,
  and their ratio (with / without).
* **Sampler**: three hidden hands of thirteen, each with a range of points (a first lead's
  layouts after a natural auction): the layouts counted by numpy tables and state by state, the
  counts checked equal, and 16 draws.

``python -m bench.auction_cost`` runs it alone and prints the JSON.
"""

from __future__ import annotations

import dataclasses
import json
import random
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from revoke_equity.equity.estimate import EstimateOptions
from revoke_equity.io.json_case import case_from_dict
from revoke_equity.model.case import Case

from bench.config import Log
from bench.machine import load_average
from bench.oracle import Oracle
from bench.timing import flush_dds, median

AUCTION_CASES = Path(__file__).resolve().parents[1] / "tests" / "data" / "auction"


def _cases(prefix: str) -> list[tuple[str, Case]]:
    return [(p.stem, case_from_dict(json.loads(p.read_text())))
            for p in sorted(AUCTION_CASES.glob(f"{prefix}*.json"))]


def _clocked(fn: Callable[[], Any]) -> tuple[float, float, Any]:
    """``(wall seconds, CPU seconds, result)`` of ``fn()``."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = fn()
    return time.perf_counter() - wall, time.process_time() - cpu, result


def run_auction_cost(solver: Any, options: EstimateOptions, oracle: Oracle, log: Log,
                     rounds: int = 2, cases: str = "", sampler: bool = True) -> dict[str, Any]:
    """The rulings of the cases whose names start with ``cases``, and the sampler when asked (see
    the module docstring)."""
    from revoke_equity.ruling import rule

    start = load_average()
    rows = []
    for name, case in _cases(cases):
        times: dict[str, list[tuple[float, float]]] = {"with": [], "without": []}
        distributions: dict[str, Any] = {}
        for _ in range(rounds):
            for way in ("with", "without"):
                opts = dataclasses.replace(options, ignore_auction=way == "without")
                solver.clear_cache()
                flush_dds()
                wall, cpu, ruling = _clocked(partial(rule, case, solver, options=opts))
                times[way].append((wall, cpu))
                dist = ruling.to_dict()["equity"]["estimates"]["sd"]["distribution"]
                if way in distributions:
                    oracle.equal("sd with/without the auction repeated", dist,
                                 distributions[way], name)
                distributions[way] = dist
        row: dict[str, Any] = {"name": name}
        for way in ("with", "without"):
            row[f"{way}_wall"] = median([w for w, _ in times[way]])
            row[f"{way}_cpu"] = median([c for _, c in times[way]])
            row[f"{way}_distribution"] = distributions[way]
        row["ratio_wall"] = row["with_wall"] / row["without_wall"]
        row["ratio_cpu"] = row["with_cpu"] / row["without_cpu"]
        rows.append(row)
        log(f"  auction {name}: with {row['with_cpu']:.2f} s CPU, without "
            f"{row['without_cpu']:.2f} s CPU (x{row['ratio_cpu']:.2f})")
    return {"rounds": rounds, "cases": rows, "sampler": _sampler(oracle) if sampler else None,
            "load_average_start": start, "load_average_end": load_average()}


def _sampler(oracle: Oracle) -> dict[str, Any]:
    from revoke_equity.equity.worlds import Layouts, _Constrained, _Tabulated
    from revoke_equity.model.cards import ALL_CARDS
    from revoke_equity.model.seats import Seat
    from revoke_equity.model.shown import Constraint

    deck = list(ALL_CARDS)
    random.Random(1).shuffle(deck)
    hidden = frozenset(deck[13:])
    limits = {Seat.N: Constraint.of(hcp=(12, 21)), Seat.E: Constraint.of(hcp=(0, 11)),
              Seat.S: Constraint.of(hcp=(6, 10))}
    layouts = Layouts.of(hidden, {Seat.N: 13, Seat.E: 13, Seat.S: 13}, frozenset(), limits)
    wall_t, cpu_t, tables = _clocked(lambda: _Tabulated.of(layouts))
    assert tables is not None
    count_wall, count_cpu, count = _clocked(lambda: tables.count)
    rng = random.Random(2)
    draw_wall, draw_cpu, _ = _clocked(lambda: [tables.sample(rng) for _ in range(16)])
    wall_s, cpu_s, states = _clocked(lambda: _Constrained(layouts).count)
    oracle.equal("constrained count: tables vs states", count, states, "three hidden hands")
    return {"case": "three hidden hands of 13, HCP 12-21, 0-11, 6-10",
            "tables_wall": wall_t + count_wall, "tables_cpu": cpu_t + count_cpu,
            "draws_16_cpu": draw_cpu, "draws_16_wall": draw_wall,
            "states_wall": wall_s, "states_cpu": cpu_s, "count": count}


def auction_md(section: dict[str, Any]) -> list[str]:
    """The section's lines in the Markdown report."""
    lines = ["", f"**The auction's cost** (sd, the same cases with the layouts matching the "
             f"auction and with `--ignore-auction`, alternating, median of {section['rounds']}; "
             f"load average {section['load_average_start']} → {section['load_average_end']}):",
             "", "| case | with: wall / CPU s | without: wall / CPU s | with ÷ without (CPU) |",
             "|---|---:|---:|---:|"]
    for r in section["cases"]:
        lines.append(f"| {r['name']} | {r['with_wall']:.2f} / {r['with_cpu']:.2f} | "
                     f"{r['without_wall']:.2f} / {r['without_cpu']:.2f} | {r['ratio_cpu']:.2f} |")
    s = section["sampler"]
    if s is None:
        return lines
    lines += ["", f"Constrained sampler, {s['case']}: counted by tables {s['tables_cpu']:.2f} s "
              f"CPU, state by state {s['states_cpu']:.2f} s CPU (the same count, {s['count']}); "
              f"16 draws {s['draws_16_cpu']:.3f} s."]
    return lines


def main() -> None:
    import sys

    from revoke_equity.solver.dds import DdsSolver

    oracle = Oracle()
    out = run_auction_cost(DdsSolver(), EstimateOptions(estimate="sd"), oracle,
                           lambda m: print(m, file=sys.stderr))
    out["checks"] = oracle.as_dict()
    print(json.dumps(out, indent=1))
    print("\n".join(auction_md(out)), file=sys.stderr)


if __name__ == "__main__":
    main()

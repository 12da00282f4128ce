"""``python -m bench.before_after [--base REF] [--synthetic N] [--worked PREFIX ...]``

The single-dummy estimate of the code at ``REF`` (a git revision, exported into a temporary
folder) against the code of this checkout, in one run: the bench's sd cases (the worked cases,
then seeded synthetic ones, :func:`bench.single_dummy.revoke_cases`), each estimated in a fresh
child process by each version in turn (base first, then ours, case by case, so that a change of
the machine's load falls on both). A child measures the CPU seconds of its estimate alone
(``getrusage`` of the process: every DDS thread included; the import, the solver's start and one
DD table to warm DDS up are left out), and reports its distributions, which must be identical.

Prints a table per case and the ratios ours/base of the CPU seconds (median, p90, max), the boards
per DDS call of each version, and the load average before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path
from typing import Any

from bench.config import REPO
from bench.machine import load_average
from bench.timing import quantile

_CHILD = """
import json, resource, sys
from bench.cases import worked_cases
from bench.single_dummy import _estimate, revoke_cases
from revoke_equity.equity.estimate import EstimateOptions
from revoke_equity.solver.dds import DdsSolver
group, name, seed, count = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
if group == "worked":
    (bc,) = [c for c in worked_cases(None, (name,))]
else:
    (bc,) = [c for c in revoke_cases(seed, count, tuple(range(1, 12))) if c.name == name]
solver = DdsSolver()
solver.dd_table(bc.case.deal)
def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime
start = cpu()
run = _estimate(bc.case, solver, EstimateOptions(estimate="sd"))
print(json.dumps({"cpu": cpu() - start, "wall": run.seconds, "distributions": run.distributions,
                  "solve_calls": run.solve_calls, "batch_calls": run.batch_calls,
                  "method": run.method}))
"""


def export(ref: str, into: Path) -> Path:
    """The ``src`` folder of revision ``ref``, written under ``into``."""
    data = subprocess.run(["git", "-C", str(REPO), "archive", ref, "src"], check=True,
                          capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def child(src: Path, group: str, name: str, seed: int, count: int) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": f"{src}{os.pathsep}{REPO}"}
    out = subprocess.run([sys.executable, "-c", _CHILD, group, name, str(seed), str(count)],
                         check=True, capture_output=True, text=True, env=env, cwd=REPO)
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.before_after", description=__doc__)
    parser.add_argument("--base", default="HEAD", help="the revision to compare with")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--synthetic", type=int, default=22, help="synthetic cases (default 22)")
    parser.add_argument("--worked", nargs="*", default=["p"], help="worked case prefixes")
    parser.add_argument("--out", type=Path, help="write every number here (JSON)")
    args = parser.parse_args(argv)
    from bench.cases import worked_cases
    from bench.single_dummy import revoke_cases

    names = [("worked", bc.name) for bc in worked_cases(None, tuple(args.worked))]
    names += [("synthetic", bc.name)
              for bc in revoke_cases(args.seed, args.synthetic, tuple(range(1, 12)))]
    ours = REPO / "src"
    rows: list[dict[str, Any]] = []
    start_load = load_average()
    with tempfile.TemporaryDirectory() as tmp:
        base = export(args.base, Path(tmp))
        for group, name in names:
            b = child(base, group, name, args.seed, args.synthetic)
            o = child(ours, group, name, args.seed, args.synthetic)
            if b["distributions"] != o["distributions"]:
                print(f"MISMATCH on {name}: {b['distributions']} != {o['distributions']}",
                      file=sys.stderr)
                return 1
            row = {"name": name, "method": o["method"], "base": b, "ours": o,
                   "ratio": o["cpu"] / b["cpu"] if b["cpu"] else 1.0, "load": load_average()}
            rows.append(row)
            print(f"{name:16} {o['method']:16} base {b['cpu']:7.2f} CPU-s "
                  f"{_per_call(b):6.1f} b/call | ours {o['cpu']:7.2f} CPU-s {_per_call(o):6.1f} "
                  f"b/call | ratio {row['ratio']:.2f} | load {row['load'][0]:.1f}", flush=True)
    summary = summarise(rows)
    summary["load_average_start"] = start_load
    summary["load_average_end"] = load_average()
    print(json.dumps(summary, indent=1))
    if args.out:
        args.out.write_text(json.dumps({"rows": rows, "summary": summary}, indent=1))
    return 0


def _per_call(run: dict[str, Any]) -> float:
    return run["solve_calls"] / run["batch_calls"] if run["batch_calls"] else 0.0


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The CPU seconds of each version (median, p90, max) and their ratios, boards per call."""
    out: dict[str, Any] = {"cases": len(rows)}
    for side in ("base", "ours"):
        cpu = [r[side]["cpu"] for r in rows]
        out[side] = {"cpu_median": quantile(cpu, 0.5), "cpu_p90": quantile(cpu, 0.9),
                     "cpu_max": max(cpu), "cpu_total": sum(cpu),
                     "boards_per_call_median": quantile([_per_call(r[side]) for r in rows], 0.5)}
    for stat in ("cpu_median", "cpu_p90", "cpu_max", "cpu_total"):
        out[f"ratio_{stat}"] = out["ours"][stat] / out["base"][stat]
    out["ratio_per_case_median"] = quantile([r["ratio"] for r in rows], 0.5)
    return out


if __name__ == "__main__":
    sys.exit(main())

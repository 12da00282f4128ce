"""A cold ruling: a fresh interpreter that imports revoke-equity, loads DDS and rules on one case.

The wall time is measured from the parent (interpreter start-up included); the child reports its
own phases (imports, solver load with endplay's import, the ruling) and the ruling itself, which
the parent checks against the warm one.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from typing import Any

CHILD = r"""
import json, sys, time
t0 = time.perf_counter()
from revoke_equity.io.json_case import case_from_dict
from revoke_equity.equity.estimate import EstimateOptions
from revoke_equity.ruling import rule
from revoke_equity.solver.dds import DdsSolver
t1 = time.perf_counter()
solver = DdsSolver()
t2 = time.perf_counter()
ruling = rule(case_from_dict(json.loads(sys.stdin.read())), solver,
              options=EstimateOptions(estimate="dd")).to_dict()
t3 = time.perf_counter()
print(json.dumps({"imports": t1 - t0, "solver_load": t2 - t1, "rule": t3 - t2,
                  "ruling": ruling}))
"""


def cold_ruling(case_json: str, timeout: float = 900.0) -> dict[str, Any]:
    """Rule on ``case_json`` in a fresh ``python -c`` process; ``wall`` plus the child's phases
    and ``ruling`` (its JSON). Raises ``RuntimeError`` with the child's stderr if it fails."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", CHILD], input=case_json, capture_output=True,
                          text=True, timeout=timeout, check=False)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"cold ruling failed (exit {done.returncode}):\n{done.stderr}")
    out: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    out["wall"] = wall
    return out


COMMANDS: dict[str, list[str]] = {
    "import endplay.dds": ["-c", "import endplay.dds"],
    "rule --example --estimate dd": ["-m", "revoke_equity.cli", "rule", "--example", "--estimate",
                                     "dd"],
    "--version": ["-m", "revoke_equity.cli", "--version"],
}
"""The whole processes timed against each other: endplay's own import, a cold double-dummy
ruling of the bundled example, and ``revoke-equity --version``."""


def _whole_process(args: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system, the child's) of ``python ARGS``."""
    import os
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], capture_output=True, check=True, timeout=300,
                   env={**os.environ, "PYTHONDONTWRITEBYTECODE": ""})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def cold_start(rounds: int = 5) -> dict[str, Any]:
    """Paired whole-process timings of :data:`COMMANDS`: each round runs every command once, one
    after the other, so that the machine's load is shared alike; ``ratio`` is the median over the
    rounds of the ruling's (and ``--version``'s) wall time over endplay's import in the same
    round. Bytecode is written and one unmeasured round runs first (what an installed package
    has)."""
    import os
    from statistics import median

    for args in COMMANDS.values():
        _whole_process(args)
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in COMMANDS}
    for _ in range(rounds):
        for name, args in COMMANDS.items():
            runs[name].append(_whole_process(args))
    base = runs["import endplay.dds"]
    out: dict[str, Any] = {"rounds": rounds, "load_average": os.getloadavg()}
    for name, timings in runs.items():
        out[name] = {
            "wall_median": median(w for w, _ in timings),
            "cpu_median": median(c for _, c in timings),
            "wall_ratio_to_endplay": median(w / b[0] for (w, _), b in zip(timings, base,
                                                                         strict=True)),
            "cpu_ratio_to_endplay": median(c / b[1] for (_, c), b in zip(timings, base,
                                                                        strict=True)),
        }
    return out


TARGETS = {"rule --example --estimate dd": ("wall_ratio_to_endplay", 0.8, "x endplay's import"),
           "--version": ("wall_median", 0.25, "s")}
"""The bound each command is held to: its figure, the bound, the unit."""


def cold_start_md(section: dict[str, Any]) -> list[str]:
    """The Markdown of :func:`cold_start`'s answer."""
    load = " ".join(f"{x:.2f}" for x in section["load_average"])
    lines = ["", f"**Cold start**: whole processes, {section['rounds']} paired rounds (median; "
             f"load average {load}); the ratio is to `python -c \"import endplay.dds\"` in the same "
             "round.", "", "| command | wall s | CPU s | wall ÷ endplay | CPU ÷ endplay | target |",
             "|---|---:|---:|---:|---:|---|"]
    for name in COMMANDS:
        row = section[name]
        target = ""
        if name in TARGETS:
            key, bound, unit = TARGETS[name]
            met = "met" if row[key] <= bound else "NOT met"
            target = f"<= {bound:g} {unit}: {met}"
        lines.append(f"| `{name}` | {row['wall_median']:.3f} | {row['cpu_median']:.3f} | "
                     f"{row['wall_ratio_to_endplay']:.2f} | {row['cpu_ratio_to_endplay']:.2f} | "
                     f"{target} |")
    return lines


if __name__ == "__main__":  # python -m bench.cold [ROUNDS]
    print(json.dumps(cold_start(int(sys.argv[1]) if len(sys.argv) > 1 else 5), indent=2))

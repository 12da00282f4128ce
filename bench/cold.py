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
from revoke_equity.ruling import rule
from revoke_equity.solver.dds import DdsSolver
t1 = time.perf_counter()
solver = DdsSolver()
t2 = time.perf_counter()
ruling = rule(case_from_dict(json.loads(sys.stdin.read())), solver).to_dict()
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

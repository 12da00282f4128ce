"""Rulings from several threads and from a process pool equal serial rulings (DDS is not thread-safe
through endplay: the solver layer serialises calls in a process; processes each have their own)."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from revoke_equity.io.json_case import case_from_dict
from revoke_equity.model import Case
from revoke_equity.ruling import rule
from revoke_equity.solver.dds import DdsSolver

from conftest import CASES, DD


def _cases() -> list[Case]:
    return [case_from_dict(json.loads(p.read_text())) for p in sorted(CASES.glob("p*.json"))]


def _answer(case: Case, solver: Any = None) -> dict[str, Any]:
    from revoke_equity.solver.pool import default_solver

    data = rule(case, solver or default_solver(), options=DD).to_dict()
    data.pop("solver")  # call counts depend on what the cache already holds
    return data


def test_threads_share_one_solver_safely() -> None:
    cases = _cases() * 4
    serial = [_answer(c, DdsSolver()) for c in cases]
    shared = DdsSolver()
    with ThreadPoolExecutor(max_workers=8) as pool:
        threaded = list(pool.map(lambda c: _answer(c, shared), cases))
    assert threaded == serial


def test_threads_with_their_own_solvers() -> None:
    cases = _cases() * 2
    serial = [_answer(c, DdsSolver()) for c in cases]
    with ThreadPoolExecutor(max_workers=4) as pool:
        threaded = list(pool.map(lambda c: _answer(c, DdsSolver()), cases))
    assert threaded == serial


def test_joblib_process_pool() -> None:
    from joblib import Parallel, delayed

    cases = _cases()
    serial = [_answer(c, DdsSolver()) for c in cases]
    parallel = Parallel(n_jobs=2, backend="loky")(delayed(_answer)(c) for c in cases)
    assert parallel == serial

"""Shared fixtures: the worked cases of ../shared/cases (copied into tests/data/cases)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).parent / "data"
CASES = DATA / "cases"


def worked_cases() -> list[Any]:
    """``pytest.param``s of every worked case, named after its file."""
    return [
        pytest.param(json.loads(p.read_text()), id=p.stem)
        for p in sorted(CASES.glob("p*.json"))
    ]


@pytest.fixture(scope="session")
def dds_solver() -> Any:
    from revoke_equity.solver.dds import DdsSolver

    return DdsSolver()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests that use the ``dds_solver`` fixture are marked ``dds`` (mutation testing runs
    without them: the brute-force solver stands in on small endings)."""
    for item in items:
        if "dds_solver" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.dds)

"""Shared fixtures: the worked cases of ../shared/cases (copied into tests/data/cases)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from revoke_equity.equity.estimate import EstimateOptions

DATA = Path(__file__).parent / "data"
CASES = DATA / "cases"

# The page's tests share one module-scoped ``browser`` (headless Chromium) and ``server`` (the service on
# loopback); a module that needs another kind defines its own, which takes precedence.
pytest_plugins = ["browser_helpers"]


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


def _browser_tests() -> str:
    """Whether the page's browser tests run, and what to install when they would be skipped."""
    from browser_helpers import CHROMEDRIVER, CHROMIUM

    try:
        import selenium  # noqa: F401
    except ImportError:
        missing = ["Selenium (pip install -e '.[test]')"]
    else:
        missing = []
    if CHROMIUM is None:
        missing.append("Chromium (apt-get install chromium)")
    if CHROMEDRIVER is None:
        missing.append("chromedriver (apt-get install chromium-driver)")
    if missing:
        return "browser tests: SKIPPED, missing " + ", ".join(missing)
    return f"browser tests: run with {CHROMIUM} and {CHROMEDRIVER}"


def pytest_report_header() -> str:
    return _browser_tests()


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """The same line at the end, even under ``-q``, when browser tests were skipped."""
    text = _browser_tests()
    if "SKIPPED" in text and terminalreporter.stats.get("skipped"):
        terminalreporter.write_line(text)


DD = EstimateOptions(estimate="dd")
"""The double-dummy estimate: the fast one, for the tests that need an estimate but not a
particular one (the default of every surface is the slower single-dummy one)."""

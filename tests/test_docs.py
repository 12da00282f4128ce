"""The documents in docs/ stay in step with the code: their examples are checked against the
readers and against real rulings, and the README and the command line point to docs/, not to
files a user of the project does not have."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from revoke_equity.cli import build_parser
from revoke_equity.equity.estimate import EstimateOptions
from revoke_equity.io import case_from_dict, case_to_dict
from revoke_equity.io.json_case import FIELDS
from revoke_equity.ruling import rule

from conftest import CASES

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"

DYNAMIC_KEYS = ("distribution", "interval", "parameters")
"""Objects whose keys are values (trick counts, parameter names), not field names."""


def _json_blocks(path: Path) -> list[Any]:
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", path.read_text(), re.S)]


def _paths(value: Any, prefix: str = "") -> Iterator[str]:
    """Every field path of a JSON value: ``equity.alternatives.card``; list items share a path."""
    if isinstance(value, dict):
        for key, item in value.items():
            path = f"{prefix}.{key}" if prefix else key
            yield path
            if key not in DYNAMIC_KEYS:
                yield from _paths(item, path)
    elif isinstance(value, list):
        for item in value:
            yield from _paths(item, prefix)


def test_case_example_is_a_case_the_reader_takes() -> None:
    (example,) = _json_blocks(DOCS / "case-format.md")
    present = set(_paths(example))
    assert {"claim.by", "claim.agreed", "requirements"} <= present, "every documented field"
    case = case_from_dict(example)
    assert case.board == example["board"] and len(case.play) == len(example["play"])
    assert case.claim is not None and case.claim.declarer_tricks == example["claim"]["declarer_tricks"]
    assert case_to_dict(case_from_dict(case_to_dict(case))) == case_to_dict(case)


def test_case_fields_table_lists_what_the_reader_reads() -> None:
    text = (DOCS / "case-format.md").read_text()
    first_cells = [line.split("|")[1] for line in text.splitlines() if line.startswith("| `")]
    documented = {name for cell in first_cells for name in re.findall(r"`([^`]+)`", cell)}
    assert documented == set(FIELDS)


@pytest.fixture(scope="module")
def ruling_paths(dds_solver: Any) -> set[str]:
    """Every field path of the rulings of the worked cases, from cheap single-dummy estimates
    (few layouts and playouts: the fields are those of the surfaces' defaults, sd beside dd, at a
    sixth of the cost)."""
    paths: set[str] = set()
    small = EstimateOptions(estimate="sd", extra=("table",), worlds=4, playouts=8, exact_budget=0)
    cheap = EstimateOptions(extra=("sd",), worlds=4, max_worlds=4, playouts=20)
    for path in sorted(CASES.glob("p*.json")):
        case = case_from_dict(json.loads(path.read_text()))
        options = small if path.name.startswith("p11") else cheap  # sd and table on one case
        paths |= set(_paths(rule(case, dds_solver, options=options).to_dict()))
    return paths


def test_ruling_example_fields_exist_in_real_rulings(ruling_paths: set[str]) -> None:
    (example,) = _json_blocks(DOCS / "ruling-format.md")
    assert example["format"] == "revoke-equity/ruling@2"
    missing = sorted(p for p in _paths(example) if p not in ruling_paths)
    assert not missing, f"documented but not in any ruling: {missing}"


def test_ruling_fields_table_names_the_top_level_fields(ruling_paths: set[str]) -> None:
    text = (DOCS / "ruling-format.md").read_text()
    section = text.split("## Fields", 1)[1].split("###", 1)[0]
    first_cells = [line.split("|")[1] for line in section.splitlines() if line.startswith("| `")]
    documented = {name for cell in first_cells for name in re.findall(r"`([^`]+)`", cell)}
    real_top = {p for p in ruling_paths if "." not in p}
    assert real_top <= documented, sorted(real_top - documented)


def test_readme_and_help_point_to_docs_not_to_shared() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "../shared" not in readme
    for name in ("docs/case-format.md", "docs/ruling-format.md"):
        assert name in readme and (ROOT / name).is_file()
    for image in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", readme):
        assert (ROOT / image).is_file(), image
    parser = build_parser()
    subparsers = next(a for a in parser._actions if a.choices and "rule" in a.choices)
    for sub in subparsers.choices.values():
        assert "../shared" not in sub.format_help()
    rule_help = re.sub(r"\s+", "", subparsers.choices["rule"].format_help())  # lines wrap at "-"
    assert "docs/case-format.md" in rule_help and "docs/ruling-format.md" in rule_help

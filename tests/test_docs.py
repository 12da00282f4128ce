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
from revoke_equity.errors import ParseError
from revoke_equity.io import case_from_dict, case_to_dict
from revoke_equity.io.json_case import FIELDS
from revoke_equity.ruling import rule

from conftest import CASES

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"

CASE_FIELDS_NOT_YET_READ = ("claim.by", "claim.agreed", "requirements")
"""Documented case fields the JSON reader does not read yet (it rejects them as unknown). The
example is checked without them; once the reader takes one, remove it here."""

RULING_FIELDS_NOT_YET_WRITTEN = ("equity.comparison", "equity.estimates", "recommendation.estimate")
"""Fields of the documented ruling@2 format (and everything under them) that the ruling JSON does
not have yet. Once a ruling has one, remove it here."""

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


def _without(data: dict[str, Any], path: str) -> None:
    head, _, rest = path.partition(".")
    if not rest:
        data.pop(head, None)
    elif isinstance(data.get(head), dict):
        _without(data[head], rest)


def test_case_example_is_a_case_the_reader_takes() -> None:
    (example,) = _json_blocks(DOCS / "case-format.md")
    present = set(_paths(example))
    assert set(CASE_FIELDS_NOT_YET_READ) <= present, "the example shows every documented field"
    readable = json.loads(json.dumps(example))
    for path in CASE_FIELDS_NOT_YET_READ:
        _without(readable, path)
    case = case_from_dict(readable)
    assert case.board == example["board"] and len(case.play) == len(example["play"])
    assert case.claim is not None and case.claim.declarer_tricks == example["claim"]["declarer_tricks"]
    assert case_to_dict(case_from_dict(case_to_dict(case))) == case_to_dict(case)


@pytest.mark.parametrize("path", CASE_FIELDS_NOT_YET_READ)
def test_case_fields_not_yet_read_are_still_refused(path: str) -> None:
    """Keeps CASE_FIELDS_NOT_YET_READ honest: it fails once the reader takes the field."""
    (example,) = _json_blocks(DOCS / "case-format.md")
    readable = json.loads(json.dumps(example))
    for other in CASE_FIELDS_NOT_YET_READ:
        if other != path:
            _without(readable, other)
    with pytest.raises(ParseError, match="unknown field"):
        case_from_dict(readable)


def test_case_fields_table_lists_what_the_reader_reads() -> None:
    text = (DOCS / "case-format.md").read_text()
    first_cells = [line.split("|")[1] for line in text.splitlines() if line.startswith("| `")]
    documented = {name for cell in first_cells for name in re.findall(r"`([^`]+)`", cell)}
    top_level = {p for p in CASE_FIELDS_NOT_YET_READ if "." not in p}
    assert documented == set(FIELDS) | top_level


@pytest.fixture(scope="module")
def ruling_paths(dds_solver: Any) -> set[str]:
    """Every field path of the rulings of the worked cases, and of the command line's additions."""
    from revoke_equity.report.score_entry import score_to_enter

    paths: set[str] = set()
    for path in sorted(CASES.glob("p*.json")):
        data = rule(case_from_dict(json.loads(path.read_text())), dds_solver).to_dict()
        data["score_to_enter"] = [s.as_dict() for s in score_to_enter(data)]
        paths |= set(_paths(data))
    return paths


def test_ruling_example_fields_exist_in_real_rulings(ruling_paths: set[str]) -> None:
    (example,) = _json_blocks(DOCS / "ruling-format.md")
    assert example["format"] == "revoke-equity/ruling@2"
    pending = tuple(RULING_FIELDS_NOT_YET_WRITTEN)
    missing = sorted(p for p in _paths(example)
                     if p not in ruling_paths and not p.startswith(pending))
    assert not missing, f"documented but not in any ruling: {missing}"


@pytest.mark.parametrize("path", RULING_FIELDS_NOT_YET_WRITTEN)
def test_ruling_fields_not_yet_written_are_still_missing(ruling_paths: set[str], path: str) -> None:
    """Keeps RULING_FIELDS_NOT_YET_WRITTEN honest: it fails once the rulings have the field."""
    assert path not in ruling_paths


def test_ruling_fields_table_names_the_top_level_fields(ruling_paths: set[str]) -> None:
    text = (DOCS / "ruling-format.md").read_text()
    section = text.split("## Fields", 1)[1].split("###", 1)[0]
    first_cells = [line.split("|")[1] for line in section.splitlines() if line.startswith("| `")]
    documented = {name for cell in first_cells for name in re.findall(r"`([^`]+)`", cell)}
    real_top = {p for p in ruling_paths if "." not in p} - {"score_to_enter"}
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

"""Every worked case of ../shared/cases gives the spec's answers (ruling.md), field by field."""

from __future__ import annotations

from typing import Any

import pytest

from revoke_equity.equity.estimate import EstimateOptions
from revoke_equity.io.json_case import case_from_dict
from revoke_equity.ruling import rule

from conftest import worked_cases

LAW_FIELDS = ("revokes", "rectifications", "table", "mechanical")


def _subset(actual: Any, expected: Any) -> Any:
    """The part of ``actual`` that ``expected`` names (the format may add fields, never rename)."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        return {k: _subset(actual.get(k), v) for k, v in expected.items()}
    if isinstance(expected, list) and isinstance(actual, list) and len(actual) == len(expected):
        return [_subset(a, e) for a, e in zip(actual, expected, strict=True)]
    return actual


@pytest.mark.parametrize("worked", worked_cases())
def test_law_fields_without_solver(worked: dict[str, Any]) -> None:
    """Laws 61-64 need no solver: revokes, rectifications, table and mechanical results."""
    ruling = rule(case_from_dict(worked["case"])).to_dict()
    expect = worked["expect"]
    for key in LAW_FIELDS:
        if key == "revokes":
            got = [_subset(r, e) for r, e in zip(ruling["revokes"], expect["revokes"], strict=True)]
            assert got == expect["revokes"]
        else:
            assert _subset(ruling[key], expect[key]) == expect[key], key
    assert ruling["equity"] is None  # no solver: no estimate, the law's own result recommended
    assert ruling["recommendation"]["law"] in {r["law"] for r in expect["rectifications"]} | {
        "62D", "none"}


@pytest.mark.parametrize("worked", worked_cases())
def test_every_field_with_dds(worked: dict[str, Any], dds_solver: Any) -> None:
    """With the double-dummy estimate (``--estimate dd``, as the worked answers are): the equity,
    its comparison point, the alternatives and the recommendation too."""
    ruling = rule(case_from_dict(worked["case"]), dds_solver,
                  options=EstimateOptions(estimate="dd")).to_dict()
    expect = worked["expect"]
    for key in LAW_FIELDS:
        if key != "revokes":
            assert _subset(ruling[key], expect[key]) == expect[key], key
    equity = ruling["equity"]
    assert equity is not None
    assert equity["declarer_tricks"] == expect["equity"]["declarer_tricks"]
    assert equity["alternatives"] == expect["equity"]["alternatives"]
    if "comparison" in expect["equity"]:
        assert equity["comparison"] == expect["equity"]["comparison"]
    assert _subset(ruling["recommendation"], expect["recommendation"]) == expect["recommendation"]


def test_copied_cases_match_the_shared_folder() -> None:
    """tests/data/cases is a copy of ../shared/cases (so a clone alone can run the tests); when the
    shared folder sits beside the clone, as in CI, the copy must equal it."""
    from pathlib import Path

    from conftest import CASES

    shared = Path(__file__).resolve().parents[2] / "shared" / "cases"
    if not shared.is_dir():
        pytest.skip("../shared/cases is not beside this clone")
    for original in shared.iterdir():
        assert (CASES / original.name).read_bytes() == original.read_bytes(), original.name

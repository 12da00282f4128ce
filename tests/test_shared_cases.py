"""Every worked case of ../shared/cases gives the spec's answers (ruling.md), field by field."""

from __future__ import annotations

from typing import Any

import pytest

from revoke_equity.io.json_case import case_from_dict
from revoke_equity.ruling import rule

from conftest import worked_cases

LAW_FIELDS = ("revokes", "rectifications", "table", "mechanical")


def _subset(actual: dict[str, Any], expected: dict[str, Any]) -> dict[str, Any]:
    return {k: actual.get(k) for k in expected}


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
            assert ruling[key] == expect[key], key
    if ruling["equity"] is None:
        assert ruling["recommendation"]["law"] in {r["law"] for r in expect["rectifications"]} | {
            "62D", "none"}


@pytest.mark.parametrize("worked", worked_cases())
def test_every_field_with_dds(worked: dict[str, Any], dds_solver: Any) -> None:
    """With the double-dummy solver: equity, alternatives and the recommendation too."""
    ruling = rule(case_from_dict(worked["case"]), dds_solver).to_dict()
    expect = worked["expect"]
    for key in LAW_FIELDS:
        if key != "revokes":
            assert ruling[key] == expect[key], key
    equity = ruling["equity"]
    assert equity is not None
    assert equity["declarer_tricks"] == expect["equity"]["declarer_tricks"]
    assert equity["alternatives"] == expect["equity"]["alternatives"]
    rec = ruling["recommendation"]
    assert {"law": rec["law"], "declarer_tricks": rec["declarer_tricks"]} == expect[
        "recommendation"]


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

"""A range of what a seat showed that runs backwards is refused as such, in text and in JSON, with
the range the director meant; one past 13 cards or 37 points is refused as out of bounds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from revoke_equity.cli import main
from revoke_equity.model.shown import Constraint, Shown

from conftest import CASES


@pytest.mark.parametrize(("text", "message"), [
    pytest.param("S 9-7", "range '9-7' runs backwards (low above high): write 7-9", id="suit"),
    pytest.param("HCP 10-6", "range '10-6' runs backwards (low above high): write 6-10", id="hcp"),
    pytest.param("H 5 - 3", "range '5-3' runs backwards (low above high): write 3-5", id="spaced"),
    pytest.param("S 15+", "range '15+' is not within 0-13", id="low-past-13"),
    pytest.param("S 9-14", "range '9-14' is not within 0-13", id="high-past-13"),
    pytest.param("HCP 40-6", "range '40-6' is not within 0-37", id="backwards-and-past-37"),
])
def test_a_backwards_or_out_of_bounds_text_range_says_which(text: str, message: str) -> None:
    """Out of bounds is said first: swapping such a range would not mend it."""
    with pytest.raises(ValueError) as info:
        Constraint.from_text(text)
    assert str(info.value) == message


@pytest.mark.parametrize(("data", "message"), [
    pytest.param({"hcp": [10, 6]}, "hcp: range [10, 6] runs backwards (low above high): write [6, 10]",
                 id="hcp"),
    pytest.param({"S": [9, 7]}, "S: range [9, 7] runs backwards (low above high): write [7, 9]",
                 id="suit"),
    pytest.param({"S": [14, 7]}, "S: range [14, 7] is not within 0-13", id="backwards-and-past-13"),
    pytest.param({"hcp": [-1, 6]}, "hcp: range [-1, 6] is not within 0-37", id="negative"),
])
def test_a_json_range_backwards_or_out_of_bounds_says_which(data: dict[str, list[int]],
                                                           message: str) -> None:
    with pytest.raises(ValueError) as info:
        Constraint.from_json(data)
    assert str(info.value) == message


def test_ranges_the_right_way_round_still_read() -> None:
    assert Constraint.from_text("S 7-7, HCP 0-37") == Constraint.of(hcp=(0, 37), S=(7, 7))
    assert Constraint.from_json({"hcp": [6, 6], "S": [0, 13]}) == Constraint.of(hcp=(6, 6))
    assert Shown.from_text("E: S 7-9").to_text() == "E: S 7-9"


def test_a_case_with_a_backwards_shown_names_board_seat_and_range(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = json.loads((CASES / "p01-64A1-offender-won-revoke-trick.json").read_text())["case"]
    case["shown"] = {"E": {"hcp": [10, 6]}}
    path = tmp_path / "backwards.json"
    path.write_text(json.dumps(case))
    code = main(["rule", str(path), "--no-equity"])
    err = capsys.readouterr().err
    assert code == 1
    assert "board 1: shown E: hcp: range [10, 6] runs backwards (low above high): write [6, 10]" in err

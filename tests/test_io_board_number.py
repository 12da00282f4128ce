"""A board number that cannot be read is that board's located error (board, line, field), in
every reader; the other boards are still read, and the command line exits 1. A board without a
number is named by its place in the input."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

import pytest

from revoke_equity.cli import main
from revoke_equity.io import read_boards
from revoke_equity.io.handviewer import HANDVIEWER
from revoke_equity.io.json_case import loads
from revoke_equity.io.lin import dumps_lin
from revoke_equity.io.pbn import dumps_pbn

CASES = Path(__file__).parent / "data" / "cases"
(CASE,) = loads((CASES / "p09-64A1-one-trick.json").read_text())
UNREADABLE = ["\u00b2", "9" * 4301, "0", "12a"]


def _pbn_boards(bad: str) -> str:
    """Three boards (1, the bad one, 3) of the same play."""
    one = dumps_pbn(CASE).replace(f'[Board "{CASE.board}"]', '[Board "1"]')
    return "\n".join([one, one.replace('[Board "1"]', f'[Board "{bad}"]'),
                      one.replace('[Board "1"]', '[Board "3"]')])


@pytest.mark.parametrize("bad", UNREADABLE, ids=["superscript", "4301 digits", "zero", "letters"])
def test_pbn_unreadable_board_number_is_that_boards_error(bad: str) -> None:
    text = _pbn_boards(bad)
    entries = read_boards(text, fmt="pbn", name="boards.pbn")
    assert [e.ok for e in entries] == [True, False, True]
    error = entries[1].error
    assert error is not None and "Board" in error.message
    assert error.line == text.splitlines().index(f'[Board "{bad}"]') + 1
    assert entries[0].case.board == 1 and entries[2].case.board == 3


@pytest.mark.parametrize("blank", ["", "?"])
def test_pbn_board_tag_without_a_number_is_still_a_board(blank: str) -> None:
    """PBN's "unknown" values: a board without a number, not an error."""
    text = dumps_pbn(CASE).replace(f'[Board "{CASE.board}"]', f'[Board "{blank}"]')
    (entry,) = read_boards(text, fmt="pbn")
    assert entry.ok and entry.case.board is None


@pytest.mark.parametrize("bad", ["\u00b2", "9" * 4301])
def test_lin_unreadable_board_number_is_that_boards_error(bad: str) -> None:
    good = dumps_lin(CASE)
    assert f"ah|Board {CASE.board}|" in good
    text = "\n".join([good, good.replace(f"ah|Board {CASE.board}|", f"ah|Board {bad}|"), good])
    entries = read_boards(text, fmt="lin", name="boards.lin")
    assert [e.ok for e in entries] == [True, False, True]
    error = entries[1].error
    assert error is not None and error.line == 2 and "ah|" in error.message


@pytest.mark.parametrize("bad", ['"\u00b2"', "9" * 4301, "0"])
def test_json_unreadable_board_number_is_that_boards_error(bad: str) -> None:
    case = json.loads((CASES / "p09-64A1-one-trick.json").read_text())
    case = case.get("case", case)
    good = json.dumps({**case, "board": 1})
    text = "[" + ", ".join([good, good.replace('"board": 1', f'"board": {bad}'),
                            good.replace('"board": 1', '"board": 3')]) + "]"
    entries = read_boards(text, fmt="json", name="boards.json")
    assert [e.ok for e in entries] == [True, False, True]
    assert "board" in entries[1].error.message


def test_cli_rules_the_other_boards_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                                ) -> None:
    path = tmp_path / "boards.pbn"
    path.write_text(_pbn_boards("\u00b2"))
    assert main(["rule", "--no-equity", "--json", str(path)]) == 1
    captured = capsys.readouterr()
    assert "line" in captured.err and "Board" in captured.err
    rulings = json.loads(captured.out)
    assert [r["board"] for r in rulings if "board" in r][:1] == [1]


def _second_unnumbered_and_bad(fmt: str) -> str:
    """Two boards in ``fmt``: board 9, then the same board without a number and with a card that
    cannot be read."""
    if fmt == "pbn":
        good = dumps_pbn(CASE)
        bad = good.replace(f'[Board "{CASE.board}"]', '[Board "?"]').replace("S3 S2 S5 S6",
                                                                           "S3 S2 S5 XX")
        return good + "\n" + bad
    if fmt == "json":
        case = json.loads((CASES / "p09-64A1-one-trick.json").read_text())["case"]
        bad = {k: v for k, v in case.items() if k != "board"}
        bad["play"] = ["XX", *bad["play"][1:]]
        return json.dumps([case, bad])
    good = dumps_lin(CASE)
    bad = good.replace(f"ah|Board {CASE.board}|", "").replace("pc|S3|", "pc|XX|")
    if fmt == "lin":
        return good + "\n" + bad
    return "\n".join(f"{HANDVIEWER}?lin={quote(record, safe='')}" for record in (good, bad))


@pytest.mark.parametrize("fmt", ["pbn", "json", "lin", "url"])
def test_a_board_without_a_number_is_named_by_its_place_in_the_input(fmt: str) -> None:
    entries = read_boards(_second_unnumbered_and_bad(fmt), fmt=fmt, name="boards")
    assert [e.ok for e in entries] == [True, False]
    assert entries[1].board is None and entries[1].error is not None
    assert str(entries[1].error).startswith("board 2 of the input, "), str(entries[1].error)


def test_a_single_json_case_without_a_number_is_not_named_by_a_question_mark() -> None:
    case = json.loads((CASES / "p09-64A1-one-trick.json").read_text())["case"]
    bad = {k: v for k, v in case.items() if k != "board"} | {"contract": "0S"}
    (entry,) = read_boards(json.dumps(bad), fmt="json")
    assert entry.error is not None and str(entry.error).startswith("contract: "), str(entry.error)

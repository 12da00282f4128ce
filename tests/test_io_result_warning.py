"""A PBN ``Result`` that a complete play record contradicts: the board is read and ruled on its
play, with a warning naming the board and the line, since a result entered after a revoke transfer
rightly differs from the tricks as played."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from revoke_equity import cli
from revoke_equity.io import read_boards
from revoke_equity.io.json_case import loads
from revoke_equity.io.pbn import dumps_pbn, loads_pbn, read_pbn

CASES = Path(__file__).parent / "data" / "cases"
P01 = loads((CASES / "p01-64A1-offender-won-revoke-trick.json").read_text())[0]
"""Board 1, 5C by North, all 52 cards played: declarer's side took 10 tricks as played."""
P14 = loads((CASES / "p14-claim-establishes.json").read_text())[0]
PBN = dumps_pbn(P01)
RESULT = '[Result "10"]'
RESULT_LINE = PBN.splitlines().index(RESULT) + 1


def _with_result(value: str) -> str:
    assert RESULT in PBN
    return PBN.replace(RESULT, f'[Result "{value}"]')


def test_a_result_the_play_contradicts_is_a_warning_naming_the_board() -> None:
    (entry,) = read_pbn(_with_result("11"))
    assert entry.error is None and entry.case == P01  # read, and ruled on its play
    assert entry.warnings == (
        f"board 1, line {RESULT_LINE}: the Result tag says 11 tricks, but the play as recorded gives "
        "declarer 10 before any revoke transfer (a table result that includes a transfer differs "
        "by it); the play is ruled on",
    )


@pytest.mark.parametrize("value", ["10", "?", "", " 10 "], ids=["agrees", "unknown", "empty", "spaced"])
def test_a_result_that_agrees_or_is_unknown_says_nothing(value: str) -> None:
    (entry,) = read_pbn(_with_result(value))
    assert entry.error is None and entry.warnings == ()


def test_a_result_that_is_not_a_number_of_tricks_is_not_checked_and_says_so() -> None:
    (entry,) = read_pbn(_with_result("14"))
    assert entry.case == P01
    (warning,) = entry.warnings
    assert warning.startswith(f"board 1, line {RESULT_LINE}: the Result tag '14' is not a number of tricks")


def test_a_claim_takes_its_tricks_from_the_result_and_gives_no_warning() -> None:
    (entry,) = read_pbn(dumps_pbn(P14))
    assert entry.case == P14 and entry.warnings == ()


def test_the_strict_reader_still_returns_the_case() -> None:
    assert loads_pbn(_with_result("9")) == [P01]


def test_each_board_of_a_file_has_its_own_warnings() -> None:
    text = _with_result("9") + "\n" + dumps_pbn(P14) + "\n" + _with_result("9").replace(
        '[Board "1"]', '[Board "5"]')
    entries = read_pbn(text)
    assert [e.board for e in entries] == [1, 14, 5]
    assert [len(e.warnings) for e in entries] == [1, 0, 1]
    assert entries[2].warnings[0].startswith("board 5, line ")
    assert "says 9 tricks" in entries[2].warnings[0]


def test_a_board_without_a_number_is_named_by_its_place() -> None:
    text = _with_result("9").replace('[Board "1"]\n', "")
    (entry,) = read_boards(text, fmt="pbn")
    assert entry.warnings[0].startswith("board 1 of the input, line ")


def test_the_reader_s_warnings_are_kept_with_the_board_not_with_a_bad_one() -> None:
    bad = _with_result("9").replace("C6 CQ HQ CA", "C6 CQ HQ C2")
    (entry,) = read_pbn(bad)
    assert entry.error is not None and entry.warnings == ()


def test_the_command_line_rules_the_board_and_says_the_warning(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """On standard error and in the ruling's ``warnings``."""
    path = tmp_path / "board.pbn"
    path.write_text(_with_result("11"))
    assert cli.main(["rule", str(path), "--no-equity", "--format", "json"]) == 0
    out, err = capsys.readouterr()
    (warning,) = read_pbn(_with_result("11"))[0].warnings
    assert f"revoke-equity rule: warning: {warning}" in err.splitlines()
    ruling = json.loads(out)
    assert ruling["board"] == 1 and ruling["warnings"] == [warning]


def test_the_service_lists_the_warning_in_the_ruling(tmp_path: Path, dds_solver: Any) -> None:
    from revoke_equity.service.app import create_app
    from revoke_equity.service.in_process import InProcessPool

    app = create_app(tmp_path / "log.sqlite", pool=InProcessPool(dds_solver))

    async def post() -> httpx.Response:
        async with app.router.lifespan_context(app), httpx.AsyncClient(
                transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1") as client:
            return await client.post("/api/v1/rulings", content=_with_result("11"),
                                     params={"estimate": "dd"},
                                     headers={"content-type": "text/plain"})

    answer = asyncio.run(post())
    assert answer.status_code == 200, answer.text
    (warning,) = read_pbn(_with_result("11"))[0].warnings
    assert answer.json()["warnings"] == [warning]

"""The auction in the ruling's outputs: the JSON carries it and warns when the case's contract is
not what it reached; the text report, the HTML sheet and the PBN ruling show the calls and what
each seat showed; the service answers the same warning and, with ``also_players``, how the
recommendation moves with the class of player."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from revoke_equity.equity.estimate import EstimateOptions
from revoke_equity.io.json_case import case_from_dict
from revoke_equity.model.auction import Auction
from revoke_equity.model.contract import Contract
from revoke_equity.model.seats import Seat
from revoke_equity.report.auction import auction_grid
from revoke_equity.report.html import SheetFields, ruling_sheet
from revoke_equity.report.pbn import ruled_board_pbn
from revoke_equity.report.text import render
from revoke_equity.ruling import rule
from revoke_equity.ruling.sensitivity import other_classes, sensitivity_entry
from revoke_equity.service.app import create_app
from revoke_equity.service.workers import WorkerPool

from conftest import DD

BOARD = Path(__file__).parent / "data" / "auction" / "board-9-1c-opening.json"
"""N deals, 1C 1H P 4H 5C 5H P P P: 5H by East, as the case says."""
SD = EstimateOptions(estimate="sd", worlds=4, max_worlds=4, playouts=40)


def board(contract: str | None = None) -> dict[str, Any]:
    data = json.loads(BOARD.read_text())
    if contract is not None:
        data["contract"] = contract
    return data


def test_the_grid_puts_each_call_under_its_seat() -> None:
    auction = Auction.parse(Seat.E, ["3S!", "X", "P", "4H", "P", "P", "P"], frozenset({0}))
    grid = auction_grid(auction)
    # West, North, East, South: East deals, so the first round starts in the third column
    assert grid.rows == [["", "", "3S!", "X"], ["Pass", "4H", "Pass", "Pass"],
                         ["Pass", "", "", ""]]
    assert grid.alerted


def test_the_ruling_json_gives_the_auction_and_warns_on_another_contract(dds_solver: Any) -> None:
    same = rule(case_from_dict(board()), dds_solver, options=DD).to_dict()
    assert same["auction"] == {"dealer": "N", "calls": board()["auction"], "alerted": []}
    assert "warnings" not in same
    other = rule(case_from_dict(board("5HX")), dds_solver, options=DD).to_dict()
    assert len(other["warnings"]) == 1
    assert "reached 5H by E" in other["warnings"][0] and "5HX by E" in other["warnings"][0]
    # the case's contract is the one ruled on
    assert other["contract"] == "5HX" and other["table"]["score_ns"] != same["table"]["score_ns"]


def test_the_outputs_show_the_calls_and_what_each_seat_showed(dds_solver: Any) -> None:
    case = case_from_dict(board())
    ruled = rule(case, dds_solver, options=SD)
    data = ruled.to_dict()
    used = data["equity"]["shown_from"]
    assert used, "the 1C opening shows clubs and points"
    text = render(ruled)
    auction = text[text.index("Auction\n"):text.index("Play\n")]
    assert re.search(r"West\s+North\s+East\s+South", auction)
    assert re.search(r"^\s+1C\s+1H\s+Pass$", auction, re.M)
    sheet = ruling_sheet(ruled, data, SheetFields())
    section = sheet[sheet.index("<h2>The auction</h2>"):]
    section = section[:section.index("</section>")]
    assert section.count("<tr>") == 1 + 3  # the seats, then three rounds
    for seat, sources in used.items():
        for source in sources:
            assert f"<li>{seat}: " in section and source in section
    pbn = "\n".join(ruled_board_pbn(case, data))
    assert '[Auction "N"]' in pbn and "1C 1H Pass 4H" in pbn
    commentary = pbn[pbn.index("{"):pbn.index("}")]
    for seat, sources in used.items():
        assert any(line.startswith(f"{seat}: ") and sources[0].split(" (")[0] in line
                   for line in commentary.splitlines())
    # without the auction nothing is said of what it showed
    ignoring = rule(case, dds_solver, options=dataclasses.replace(SD, ignore_auction=True))
    plain = "\n".join(ruled_board_pbn(case, ignoring.to_dict()))
    assert "What the auction showed" not in plain and "What the auction showed" in pbn
    # and the ruling says the auction was ignored, in its parameters and its sd sentence
    said = [line for line in ignoring.explanation if "(sd, " in line]
    assert said and all("the auction ignored" in line for line in said)
    assert not any("the auction ignored" in line for line in data["explanation"])
    sd = ignoring.to_dict()["equity"]["estimates"]["sd"]["parameters"]
    assert sd.get("ignore_auction") is True
    assert "ignore_auction" not in data["equity"]["estimates"]["sd"]["parameters"]


def test_other_classes_are_checked_and_listed_once() -> None:
    assert other_classes("club, expert,club", "strong") == ("expert", "club")
    assert other_classes("strong", "strong") == ()
    with pytest.raises(ValueError, match="'wizard'"):
        other_classes("expert,wizard", "strong")


def test_the_service_warns_and_says_how_firm_the_ruling_is(tmp_path: Path,
                                                          dds_solver: Any) -> None:
    pool = WorkerPool(1)
    app = create_app(tmp_path / "log.sqlite", pool=pool)
    body = json.dumps(board("5HX"))

    async def scenario() -> tuple[httpx.Response, httpx.Response]:
        async with app.router.lifespan_context(app), httpx.AsyncClient(
                transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1") as client:
            headers = {"content-type": "application/json"}
            posted = await client.post("/api/v1/rulings", content=body, headers=headers,
                                       params={"estimate": "table", "worlds": "4", "playouts": "40",
                                               "also_players": "club,expert"})
            bad = await client.post("/api/v1/rulings", content=body, headers=headers,
                                    params={"estimate": "dd", "also_players": "wizard"})
            return posted, bad

    posted, bad = asyncio.run(scenario())
    assert posted.status_code == 200, posted.text
    answer = posted.json()
    case = case_from_dict(board("5HX"))
    assert case.contract == Contract.from_str("5HX")
    assert answer["warnings"] == rule(case, dds_solver, options=DD).to_dict()["warnings"]
    expected = [sensitivity_entry(name, rule(case, dds_solver, options=EstimateOptions(
        estimate="table", players=name, worlds=4, playouts=40)).to_dict())
        for name in ("expert", "club")]
    assert answer["sensitivity"] == expected
    assert bad.status_code == 422 and "wizard" in bad.json()["detail"]

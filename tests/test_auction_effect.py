"""Whether the auction moved the likely result: the ruling's ``auction_effect`` against a ruling
made separately with ``ignore_auction``, on the board where the auction decides the finesse and
on one where nothing was shown; the words, the JSON against its schema, the command line."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from revoke_equity import cli
from revoke_equity.equity.estimate import EstimateOptions
from revoke_equity.io.json_case import case_from_dict
from revoke_equity.report.text import render
from revoke_equity.ruling import rule
from revoke_equity.ruling.auction_effect import AuctionEffect
from revoke_equity.ruling.schema import RulingJSON
from test_ruling_schema import mismatches

DATA = Path(__file__).parent / "data"
FINESSE = DATA / "auction" / "board-8-pre-empt-finesse.json"
"""West opened 3S; South's two-way heart finesse is decided by it (README)."""
SMALL = EstimateOptions(estimate="sd", worlds=4, max_worlds=4, playouts=40, auction_effect=True)


def test_the_words_say_whether_it_moved() -> None:
    moved = AuctionEffect((11,), (10,), 460, 460, 1.0)
    assert moved.moved
    assert moved.text == ("The auction moved the likely result from 10 to 11 tricks; the "
                          "recommended score is NS +460 either way.")
    same = AuctionEffect((10, 11), (10, 11), 430, 460, 1.0)
    assert not same.moved
    assert same.text.startswith("The auction did not move the likely result (10 or 11 tricks")
    assert "NS +430 with it, NS +460 ignoring it" in same.text
    assert AuctionEffect((), (9,), 0, 0, 0).text.startswith(
        "The auction moved the likely result from 9 tricks to no single result")


def test_the_effect_is_the_ruling_against_the_same_ruling_ignoring_the_auction(
        dds_solver: Any) -> None:
    case = case_from_dict(json.loads(FINESSE.read_text()))
    dds_solver.clear_cache()  # the second ruling's solver time is measured: none of it cached
    ruled = rule(case, dds_solver, options=SMALL)
    ignoring = rule(case, dds_solver, options=dataclasses.replace(
        SMALL, ignore_auction=True, auction_effect=False))
    effect = ruled.auction_effect
    assert effect is not None and ruled.estimate is not None and ignoring.estimate is not None
    assert effect.likely == ruled.estimate.distribution.likely(SMALL.likely)
    assert effect.likely_without == ignoring.estimate.distribution.likely(SMALL.likely)
    assert effect.score_ns == ruled.to_dict()["recommendation"]["score_ns"]
    assert effect.score_ns_without == ignoring.to_dict()["recommendation"]["score_ns"]
    assert effect.moved == (effect.likely != effect.likely_without)
    # the estimate with the auction is not changed by asking for its effect
    plain = rule(case, dds_solver, options=dataclasses.replace(SMALL, auction_effect=False))
    assert plain.estimate is not None
    assert plain.estimate.distribution == ruled.estimate.distribution
    assert plain.auction_effect is None
    data = ruled.to_dict()
    assert mismatches(data, RulingJSON) == []
    assert data["auction_effect"]["text"] == effect.text
    assert 0 < data["auction_effect"]["solver_seconds"] <= data["solver"]["seconds"]
    assert effect.text in render(ruled).replace("\n", " ")
    # the HTML sheet and the PBN ruling's commentary say it too
    from revoke_equity.report.html import SheetFields, ruling_sheet
    from revoke_equity.report.pbn import ruled_board_pbn

    assert f'<p class="auction-effect">{effect.text}</p>' in ruling_sheet(ruled, data, SheetFields())
    pbn = " ".join(" ".join(ruled_board_pbn(case, data)).split())
    assert effect.text in pbn


@pytest.mark.slow
def test_the_pre_empt_moves_the_likely_result_at_the_default_options(dds_solver: Any) -> None:
    """The README's board: with the 3S opening declarer finesses East (11 tricks likely);
    ignoring it the queen is a guess (10)."""
    case = case_from_dict(json.loads(FINESSE.read_text()))
    effect = rule(case, dds_solver, options=EstimateOptions(
        estimate="sd", auction_effect=True)).auction_effect
    assert effect is not None and effect.moved
    assert effect.likely == (11,) and 11 not in effect.likely_without


def test_nothing_is_said_without_constraints_or_when_the_auction_is_ignored(
        dds_solver: Any) -> None:
    plain = json.loads((DATA / "cases" / "p01-64A1-offender-won-revoke-trick.json").read_text())
    case = case_from_dict({k: v for k, v in plain["case"].items()
                           if k not in ("auction", "dealer", "alerted", "shown")})
    assert rule(case, dds_solver, options=SMALL).auction_effect is None
    finesse = case_from_dict(json.loads(FINESSE.read_text()))
    ignoring = rule(finesse, dds_solver, options=dataclasses.replace(SMALL, ignore_auction=True))
    assert ignoring.auction_effect is None and "auction_effect" not in ignoring.to_dict()
    # the double-dummy estimate imagines no layouts: no constraint shaped it
    dd = rule(finesse, dds_solver, options=dataclasses.replace(SMALL, estimate="dd"))
    assert dd.auction_effect is None


def test_the_command_line_says_it(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["rule", str(FINESSE), "--estimate", "sd", "--worlds", "4", "--max-worlds",
                     "4", "--playouts", "40", "--auction-effect", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["auction_effect"]["text"].startswith("The auction ")
    assert data["auction_effect"]["moved"] == (
        data["auction_effect"]["likely"] != data["auction_effect"]["likely_without"])


def test_the_service_takes_shown_and_answers_the_effect(tmp_path: Path) -> None:
    """The API's ``shown`` replaces what the auction shows (and a bad one is refused);
    ``auction_effect`` answers whether the auction moved the likely result."""
    import asyncio

    import httpx

    from revoke_equity.service.app import create_app
    from revoke_equity.service.workers import WorkerPool

    app = create_app(tmp_path / "log.sqlite", pool=WorkerPool(1))
    small = {"estimate": "sd", "worlds": "4", "playouts": "40"}
    headers = {"content-type": "application/json"}
    body = FINESSE.read_text()

    async def scenario() -> list[httpx.Response]:
        async with app.router.lifespan_context(app), httpx.AsyncClient(
                transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1") as client:
            asked = [{**small, "shown": "E: HCP 0-5"}, {**small, "auction_effect": "true"},
                     {**small, "shown": "E: S 9-7"}]
            return [await client.post("/api/v1/rulings", content=body, headers=headers,
                                      params=params, timeout=300) for params in asked]

    directed, effect, bad = asyncio.run(scenario())
    assert directed.status_code == 200, directed.text
    assert directed.json()["equity"]["shown_from"] == {"E": ["director"]}
    assert "auction_effect" not in directed.json()
    assert effect.status_code == 200, effect.text
    answer = effect.json()["auction_effect"]
    assert answer["text"].startswith("The auction ") and answer["likely"]
    assert bad.status_code == 422 and "9-7" in bad.json()["detail"]

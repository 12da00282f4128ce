"""The score rests on one estimate (double-dummy by default); the estimates shown beside it each
give the score they would lead to by the same rule, never the score to enter."""

from __future__ import annotations

import json
from typing import Any

import pytest

from revoke_equity.cli import main
from revoke_equity.equity.estimate import (
    DEFAULT_ALSO,
    DEFAULT_ESTIMATE,
    EstimateOptions,
    estimate_and_also,
)
from revoke_equity.io.json_case import case_from_dict
from revoke_equity.ruling import rule
from revoke_equity.service.context import unfinished_note

from conftest import CASES

CHEAP = {"worlds": 4, "max_worlds": 4, "playouts": 40}
"""Few layouts and playouts: what is checked is where the numbers go, not the numbers."""


def _case(name: str) -> Any:
    return case_from_dict(json.loads((CASES / f"{name}.json").read_text())["case"])


def test_the_default_is_dd_with_sd_beside_it_and_naming_one_shows_only_what_is_named() -> None:
    assert (DEFAULT_ESTIMATE, DEFAULT_ALSO) == ("dd", ("sd",))
    assert estimate_and_also(None, None) == ("dd", ("sd",))
    assert estimate_and_also("dd", None) == ("dd", ())  # the fast one, alone
    assert estimate_and_also("sd", None) == ("sd", ())
    assert estimate_and_also(None, "") == ("dd", ())
    assert estimate_and_also("sd", " table, dd,table") == ("sd", ("table", "dd"))
    assert EstimateOptions(estimate="sd", extra=("sd", "dd", "dd")).beside == ("dd",)
    with pytest.raises(ValueError, match="unknown estimate 'bogus'"):
        estimate_and_also(None, "sd,bogus")
    assert EstimateOptions().extra == ()  # the library computes what it is asked for


@pytest.mark.parametrize("name", ["p08-both-sides-64C2b", "p11-64B2-repeat-then-64C2a"])
def test_the_score_beside_is_the_one_a_ruling_on_that_estimate_gives(name: str,
                                                                     dds_solver: Any) -> None:
    """Both sides revoked (p08, one comparison) and a repeated revoke (p11, Law 64C2(a) weighed
    beside 64C1): sd beside dd gives exactly the recommendation of a ruling on sd (its weights'
    intervals and flags included), and changes nothing of the dd ruling, its score to enter
    included."""
    case = _case(name)
    with_sd = rule(case, dds_solver, options=EstimateOptions(extra=("sd",), **CHEAP)).to_dict()
    on_sd = rule(case, dds_solver, options=EstimateOptions(estimate="sd", **CHEAP)).to_dict()
    on_dd = rule(case, dds_solver, options=EstimateOptions(**CHEAP)).to_dict()
    assert with_sd["beside"] == [on_sd["recommendation"]]
    assert with_sd["recommendation"] == on_dd["recommendation"]
    assert with_sd["score_to_enter"] == on_dd["score_to_enter"]
    assert "beside" not in on_dd and "beside" not in on_sd
    assert with_sd["recommendation"]["estimate"] == "dd"
    assert with_sd["beside"][0]["estimate"] == "sd"


def test_a_weighted_score_beside_is_said_and_not_entered(dds_solver: Any) -> None:
    """p08: double-dummy gives one result; single-dummy players weigh two. The steps and the
    results table say what sd would lead to, and the score to enter stays the dd one."""
    from revoke_equity.report.text import render

    ruling = rule(_case("p08-both-sides-64C2b"), dds_solver,
                  options=EstimateOptions(extra=("sd",), **CHEAP))
    (other,) = ruling.beside
    assert other.weighted is not None and len(other.weighted.components) > 1
    assert ruling.recommendation.weighted is not None
    assert len(ruling.recommendation.weighted.components) == 1
    step = ruling.explanation[-1]
    assert step.startswith("Beside it, single-dummy (sd): adjusted score, most likely declarer ")
    assert other.weighted.notation() in step and f"net NS {other.weighted.score_ns:+g}" in step
    text = render(ruling)
    assert "Beside it, sd weighted, net" in text and "(not the score to enter)" in text
    view = ruling.beside_views[0]  # what stands behind it, said of the estimate beside
    assert view.weight_error is not None and ruling.weight_error is None
    assert "Weights (sd, shown beside) with the estimate's error (95%): " in text
    from revoke_equity.report.html import ruling_sheets_html

    data = ruling.to_dict()
    sheet = ruling_sheets_html([(ruling, data)])
    assert "Beside it: sd (Law 64C2(b))" in sheet and "weighted, net; not the score to enter" in sheet
    assert sheet.index("Beside it: sd") < sheet.index('<tr class="rec"><th>Recommended')
    enter = data["score_to_enter"][0]
    assert not enter.get("weighted")
    assert enter["text"].endswith(f"NS {ruling.score(ruling.recommendation.declarer_tricks):+d}")


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_line_shows_sd_beside_unless_an_estimate_is_named(
        capsys: pytest.CaptureFixture[str]) -> None:
    board = str(CASES / "p05-64B3-dummy-revoke.json")
    cheap = ["--worlds", "2", "--max-worlds", "2", "--playouts", "20", "--quiet", "--json"]
    code, out, err = _run(["rule", board, *cheap], capsys)
    assert code == 0, err
    ruling = json.loads(out)
    assert ruling["recommendation"]["estimate"] == "dd"
    assert [b["estimate"] for b in ruling["beside"]] == ["sd"]
    for named in (["--estimate", "dd"], ["--also", ""]):
        code, out, err = _run(["rule", board, *cheap, *named], capsys)
        assert code == 0, err
        ruling = json.loads(out)
        assert "beside" not in ruling and set(ruling["equity"]["estimates"]) == {"dd"}
    code, out, err = _run(["rule", board, *cheap, "--also-players", "club"], capsys)
    assert code == 0, err
    (entry,) = json.loads(out)["sensitivity"]  # the classes move the sd beside the default dd
    assert entry["players"] == "club" and entry["estimate"] == "sd"


def test_the_service_says_which_estimate_did_not_finish() -> None:
    beside = unfinished_note(EstimateOptions(extra=("sd",)), 5.0)
    assert beside["estimate"] == "sd"
    assert "shown beside the double-dummy one did not finish" in beside["message"]
    assert "--also sd" in beside["message"]
    asked = unfinished_note(EstimateOptions(estimate="sd"), 5.0)
    assert asked["estimate"] == "sd" and "rests on the double-dummy estimate" in asked["message"]


@pytest.mark.parametrize("path", sorted(CASES.glob("p*.json")), ids=lambda p: p.stem[:3])
def test_the_default_score_is_the_same_under_every_seed(path: Any, dds_solver: Any) -> None:
    """The rule that picks the default estimate asks for a score to enter that holds still
    under other seeds: the double-dummy ruling of each worked case is the same JSON under two
    seeds (the seed shapes only the single-dummy estimates beside it)."""
    case = case_from_dict(json.loads(path.read_text())["case"])
    first, other = (rule(case, dds_solver, options=EstimateOptions(seed=seed)).to_dict()
                    for seed in (1, 2))
    first.pop("solver", None)
    other.pop("solver", None)
    assert first == other


def test_the_auction_effect_is_that_of_the_estimate_beside_that_reads_the_auction(
        dds_solver: Any) -> None:
    """Double-dummy play sees every card, so the auction cannot move it: with the default, the
    auction's effect is measured on the single-dummy players beside it, and is the effect a
    ruling on sd finds (West's 3S pre-empt places the heart queen)."""
    from pathlib import Path

    path = Path(__file__).parent / "data" / "auction" / "board-8-pre-empt-finesse.json"
    case = case_from_dict(json.loads(path.read_text()))
    beside = rule(case, dds_solver, options=EstimateOptions(
        extra=("sd",), auction_effect=True, **CHEAP)).auction_effect
    on_sd = rule(case, dds_solver, options=EstimateOptions(
        estimate="sd", auction_effect=True, **CHEAP)).auction_effect
    assert beside is not None and on_sd is not None
    assert beside.beside == "sd" and on_sd.beside is None
    assert (beside.likely, beside.likely_without, beside.score_ns, beside.score_ns_without) == (
        on_sd.likely, on_sd.likely_without, on_sd.score_ns, on_sd.score_ns_without)
    assert beside.moved and "likely result of sd (shown beside)" in beside.text
    assert "the score it leads to" in beside.text

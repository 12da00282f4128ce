"""The atlas: each ruling judged on the dd and the sd estimate, the tallies and their plain words,
and a small hidden-card study played single-dummy, the same with one and two workers."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from revoke_equity.equity.error_model import PLAYER_CLASSES
from revoke_equity.equity.estimate import DEFAULT_MAX_WORLDS, EstimateOptions
from revoke_equity.model.edition import Edition
from revoke_equity.ruling import rule
from revoke_equity.study.atlas import AtlasTally, atlas_markdown, summarize_atlas
from revoke_equity.study.generate import StudyKind, generate_case
from revoke_equity.study.outputs import OUTPUT_FILES
from revoke_equity.study.plots import compensation_title
from revoke_equity.study.records import IDENTITY_COLUMNS
from revoke_equity.study.runner import StudyParams, run_study
from revoke_equity.study.verdicts import verdict

CASES = [(StudyKind.HIDDEN_DEFENDER, 2), (StudyKind.HIDDEN_DUMMY, 5),
         (StudyKind.HIDDEN_BOTH_SIDES, 1), (StudyKind.DEFENDER_DISCARD, 0)]
"""Cheap cases of seed 5 (kind, index)."""


@pytest.mark.parametrize("edition", [Edition.LAWS_1997, Edition.LAWS_2017], ids=str)
def test_verdicts_on_each_estimate_are_the_rulings_own(edition: Edition, dds_solver: Any) -> None:
    """Adjudicating again on the dd estimate of an sd ruling gives the recommendation of the dd
    ruling, and on its sd estimate the sd ruling's own."""
    sd = EstimateOptions(estimate="sd", worlds=2, playouts=20, seed=1)
    for kind, index in CASES:
        case = replace(generate_case(5, index, {kind: 1.0}, dds_solver).case, laws=edition)
        on_sd = rule(case, dds_solver, options=sd, trace=False)
        on_dd = rule(case, dds_solver, options=replace(sd, estimate="dd"), trace=False)
        first = on_sd.revokes[0].player.side.other
        assert verdict(on_sd, "sd", first).recommendation == on_sd.recommendation
        v = verdict(on_sd, "dd", first)
        assert v is not None and v.recommendation == on_dd.recommendation
        assert verdict(on_dd, "sd", first) is None  # not computed
        # on a point mass the weighted score is the score of the dd result, and the comparison
        # in points has the sign of the comparison in tricks
        assert v.weighted.score_ns == on_dd.score(round(v.expected))
        declarer_side = case.declarer.side
        mechanical = on_dd.mechanical_tricks if first is declarer_side \
            else 13 - on_dd.mechanical_tricks
        likely = v.expected if first is declarer_side else 13 - v.expected
        assert (v.score_diff > 0) == (mechanical > likely)
        assert (v.score_diff < 0) == (mechanical < likely)


def _record(edition: str, kind: str, trick: int, dd: float, sd: float | None,
            dd_entered: float, sd_entered: float | None) -> dict[str, Any]:
    def est(name: str, diff: float | None, entered: float | None) -> dict[str, Any]:
        if diff is None:
            return {f"{name}_score_diff": None}
        outcome = "under" if diff < 0 else "exact" if diff == 0 else "over"
        return {f"{name}_score_diff": diff, f"{name}_compensation": outcome,
                f"{name}_rec_adjusted": diff < 0, f"{name}_entered_score_ns": entered}

    return {"edition": edition, "kind": kind, "revoke_trick": trick,
            **est("dd", dd, dd_entered), **est("sd", sd, sd_entered)}


def test_atlas_tallies_by_hand() -> None:
    records = [
        _record("2017", "hidden-defender", 3, -100, -50.5, 420, 390),
        _record("2017", "hidden-defender", 3, 0, -20, 400, 380),
        _record("2017", "hidden-defender", 7, 50, 50, 100, 100),
        _record("2017", "dummy", 7, -30, None, -50, None),
    ]
    tally = AtlasTally().add_all(records)
    atlas = summarize_atlas(tally, ["2017"], ["hidden-defender", "dummy", "all"],
                            {"laws": ["2017"], "players": "club", "play": "sd"})
    rows = {(r["kind"], r["estimate"]): r for r in atlas["compensation"]}
    dd = rows["hidden-defender", "dd"]
    assert (dd["n"], dd["under"]["count"], dd["exact"]["count"], dd["over"]["count"]) == (3, 1, 1, 1)
    assert dd["score_diff"]["mean"] == round(-50 / 3, 3) and dd["mean_abs_score_diff"] == 50
    sd = rows["hidden-defender", "sd"]
    assert (sd["under"]["count"], sd["over"]["count"], sd["adjusted"]["count"]) == (2, 1, 2)
    assert sd["mean_abs_score_diff"] == round(120.5 / 3, 3)
    assert rows["all", "dd"]["n"] == 4 and rows["all", "sd"]["n"] == 3
    assert ("dummy", "sd") not in rows
    differs = {r["kind"]: r for r in atlas["recommendation_differs"]}
    assert (differs["all"]["n"], differs["all"]["count"]) == (3, 2)
    by_trick = {(r["estimate"], r["trick"]): r for r in atlas["by_trick"]}
    assert by_trick["dd", 7]["n"] == 2 and by_trick["dd", 7]["under"]["count"] == 1
    assert by_trick["sd", 3]["under"]["share"] == 1.0
    differs_by_trick = {r["trick"]: r for r in atlas["recommendation_differs_by_trick"]}
    assert (differs_by_trick[3]["count"], differs_by_trick[7]["n"],
            differs_by_trick[7]["count"]) == (2, 1, 0)
    text = " ".join(atlas["sentences"])
    assert "A defender's hidden-card revoke: the mechanical result under-compensates the " \
        "non-offenders in 66.7% [" in text
    assert "of club players (33.3% [" in text
    assert "differs between the double-dummy and the single-dummy estimate in 66.7% [" in text
    assert atlas["left_out"]
    markdown = atlas_markdown(atlas, {"players": "club", "play": "sd"})
    assert "| 2017 | hidden-defender | sd | 3 |" in markdown and "## In plain words" in markdown
    club = PLAYER_CLASSES["club"]
    assert (f"Single-dummy model: club players, softmax temperature {club.tau:g} among the "
            f"genuine guesses, a dominated card played at the slip rate {club.slip:g}, every "
            "difference between two cards counted whole; the play: "
            "8 layouts a decision") in markdown
    assert "Single-dummy model" not in atlas_markdown(atlas, {"play": "dd", "estimate": "dd"})
    judged = atlas_markdown(atlas, {"play": "dd", "estimate": "sd", "worlds": 4})
    assert f"the likely result: 4 layouts a decision first, up to {DEFAULT_MAX_WORLDS}" in judged
    assert "| 2017 | 3 | 2 | 100.0% [" in markdown


def test_a_hidden_card_study_played_single_dummy(tmp_path: Path) -> None:
    """``--play sd --estimate sd`` on hidden-card revokes: the same records with one and two
    workers, and the atlas with both estimates."""
    params = StudyParams(deals=2, seed=3, chunk_size=1, estimate="sd", worlds=2, playouts=20,
                         editions=(Edition.LAWS_2017,), play="sd", players="club",
                         mix=((StudyKind.HIDDEN_DEFENDER, 1.0),))
    one = run_study(params, tmp_path / "one", jobs=1, progress=False)
    two = run_study(params, tmp_path / "two", jobs=2, progress=False, finish=False)
    assert (one.cases_run, two.cases_run) == (2, 2)
    chunks = sorted((tmp_path / "two" / "chunks").glob("chunk-*.parquet"))
    tables = [pq.read_table(tmp_path / "one" / "records.parquet"),
              pa.concat_tables([pq.read_table(c) for c in chunks])]
    tables = [t.select(list(IDENTITY_COLUMNS)) for t in tables]
    assert tables[0].equals(tables[1])
    records = tables[0].to_pylist()
    for r in records:
        assert (r["play_model"], r["players"], r["n_hidden"]) == ("sd", "club", 1)
        assert r["hidden"].startswith(r["revoke_seat"]) and r["revokes"].startswith(
            f"{r['revoke_trick']} {r['revoke_seat']} {r['revoke_card']}")
        assert r["sd_rec_adjusted"] == r["rec_adjusted"] and r["sd_rec_law"] == r["rec_law"]
        if r["n_revokes"] == 1:  # one comparison point: the study's own dd comparison
            assert r["dd_compensation"] == r["compensation"]
    summary = json.loads((tmp_path / "one" / "summary.json").read_text())
    atlas = summary["atlas"]
    assert atlas["estimates"] == ["dd", "sd"] and atlas["sentences"]
    assert {r["estimate"] for r in atlas["compensation"]} == {"dd", "sd"}
    for name in OUTPUT_FILES:
        assert (tmp_path / "one" / name).stat().st_size > 0
    assert "## The atlas" in (tmp_path / "one" / "summary.md").read_text()


def test_the_compensation_plot_names_the_estimates_the_study_made() -> None:
    assert compensation_title(["dd"], "2017") == (
        "The mechanical result against the dd likely result (2017 Laws)")
    assert compensation_title(["dd", "sd"], "1997") == (
        "The mechanical result against the dd and the sd likely result (1997 Laws)")

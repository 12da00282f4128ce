"""The README's atlas numbers are those of the published runs' summaries (``docs/atlas-*``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from revoke_equity.study.summary import ALL_KINDS, share_text

ROOT = Path(__file__).resolve().parent.parent
RUNS = sorted(p.parent for p in ROOT.glob("docs/atlas-*/summary.json"))


def _all_kinds(run: Path, edition: str) -> list[dict]:
    atlas = json.loads((run / "summary.json").read_text())["atlas"]
    return [r for r in atlas["compensation"]
            if r["edition"] == edition and r["kind"] == ALL_KINDS]


def test_every_published_run_is_found() -> None:
    assert {p.name for p in RUNS} >= {"atlas-dd-10k", "atlas-sd-1k", "atlas-sdplay-500",
                                      "atlas-sdsd-300"}


@pytest.mark.parametrize("run", RUNS, ids=lambda p: p.name)
def test_the_readme_quotes_each_runs_under_compensated_share(run: Path) -> None:
    """The 2017 under-compensated share over every kind, against the run's own estimate (sd when
    it made one), as the README prints it."""
    readme = (ROOT / "README.md").read_text()
    rows = {r["estimate"]: r for r in _all_kinds(run, "2017")}
    main = rows.get("sd") or rows["dd"]
    assert share_text(main["under"]) in readme, run.name


@pytest.mark.parametrize("run", RUNS, ids=lambda p: p.name)
def test_the_summary_markdown_is_the_json(run: Path) -> None:
    markdown = (run / "summary.md").read_text()
    for row in _all_kinds(run, "2017"):
        assert share_text(row["under"]) in markdown

"""Published revoke rulings (tests/data/published, docs/published-rulings.md) as tests.

The law path of every case (revokes found, established or not, each rectification's law and
tricks, the mechanical result) must equal the published one, per the case's edition. Each estimate's
score to enter is compared with the published result where the source gives one; a disagreement
that the case records under ``known_disagreements`` must be exactly the one recorded, so that a
change either way is seen.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from revoke_equity.equity.estimate import EstimateOptions
from revoke_equity.io import read_path
from revoke_equity.ruling import rule

PUBLISHED = Path(__file__).parent / "data" / "published"
FILES = sorted(PUBLISHED.glob("pub*.json"))
META_KEYS = {"name", "case", "edition", "source", "published", "reconstructed", "known_disagreements"}
PUBLISHED_KEYS = {"ruling", "revokes", "rectifications", "mechanical_declarer_tricks", "law",
                  "declarer_tricks", "adjusted"}

# Published rulings this product gets wrong on the law path (reported, not fixed here).
LAW_PATH_BUGS: dict[str, str] = {}


def _load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text())


def _params() -> list[Any]:
    params = []
    for path in FILES:
        data = _load(path)
        marks = []
        if data["name"] in LAW_PATH_BUGS:
            marks.append(pytest.mark.xfail(strict=True, reason=LAW_PATH_BUGS[data["name"]]))
        params.append(pytest.param(path, marks=marks, id=path.stem))
    return params


def _case(path: Path) -> Any:
    """The case as a user would read it: the file itself through the JSON reader (it ignores the
    metadata beside ``case``)."""
    boards = read_path(path)
    assert len(boards) == 1 and boards[0].case is not None, boards[0].error
    return boards[0].case


def _law_path(ruling: dict[str, Any]) -> dict[str, Any]:
    return {
        "revokes": [{"trick": r["trick"], "player": r["player"], "established": r["established"]}
                    for r in ruling["revokes"]],
        "rectifications": [{"trick": r["trick"], "player": r["player"], "law": r["law"],
                            "tricks": r["tricks"]} for r in ruling["rectifications"]],
        "mechanical_declarer_tricks": ruling["mechanical"]["declarer_tricks"],
    }


def test_there_are_at_least_ten_published_cases() -> None:
    assert len(FILES) >= 10


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_metadata_is_complete(path: Path) -> None:
    """Every case names its source, states the published ruling and what was reconstructed; its
    edition is the case's own ``laws``."""
    data = _load(path)
    assert set(data) == META_KEYS
    assert data["name"] == path.stem
    assert data["edition"] == data["case"]["laws"]
    assert {"title", "author", "url", "date"} <= set(data["source"])
    assert set(data["published"]) == PUBLISHED_KEYS
    assert data["published"]["ruling"] and data["reconstructed"]
    for name, entry in data["known_disagreements"].items():
        assert name in {"dd", "sd", "table"} and entry["reason"]
        assert isinstance(entry["declarer_tricks"], int)


@pytest.mark.parametrize("path", _params())
def test_law_path_is_the_published_one(path: Path) -> None:
    """Laws 61-64 need no solver: revokes, establishment, rectifications and the mechanical result
    equal the published ruling's (a field the source leaves open, null, is not compared)."""
    data = _load(path)
    ruling = rule(_case(path)).to_dict()
    ours = _law_path(ruling)
    published = data["published"]
    for key, value in ours.items():
        if published[key] is not None:
            assert value == published[key], key


def _estimate_params(estimate: str) -> list[Any]:
    params = []
    for path in FILES:
        data = _load(path)
        if data["published"]["declarer_tricks"] is None and data["published"]["law"] is None:
            continue
        marks = [pytest.mark.slow] if estimate != "dd" else []
        if data["name"] in LAW_PATH_BUGS:
            marks.append(pytest.mark.xfail(strict=True, reason=LAW_PATH_BUGS[data["name"]]))
        params.append(pytest.param(path, estimate, marks=marks, id=f"{path.stem}-{estimate}"))
    return params


@pytest.mark.parametrize(
    ("path", "estimate"),
    _estimate_params("dd") + _estimate_params("sd") + _estimate_params("table"),
)
def test_estimate_against_the_published_result(path: Path, estimate: str, dds_solver: Any) -> None:
    """The score to enter under ``estimate`` (strong players, seed 2024) gives the published
    declarer tricks and law, or exactly the disagreement the case records for that estimate."""
    data = _load(path)
    options = EstimateOptions(estimate=estimate, players="strong", seed=2024)
    recommendation = rule(_case(path), dds_solver, options=options).to_dict()["recommendation"]
    published = data["published"]
    known = data["known_disagreements"].get(estimate)
    if known is not None:
        assert recommendation["declarer_tricks"] == known["declarer_tricks"]
        assert recommendation["declarer_tricks"] != published["declarer_tricks"]
        return
    if published["declarer_tricks"] is not None:
        assert recommendation["declarer_tricks"] == published["declarer_tricks"]
    if published["law"] is not None:
        assert recommendation["law"] == published["law"]
    if published["adjusted"] is not None:
        assert recommendation["adjusted"] == published["adjusted"]

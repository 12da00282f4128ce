"""The estimators' and the editions' registries: an estimator or an edition added there is found on
every surface, the command line (rule and study), the API's validation, its OpenAPI and the page,
and an added estimator is made, explained and written by the ruling."""

from __future__ import annotations

import argparse
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from revoke_equity.cli import build_parser
from revoke_equity.equity import estimate as registry
from revoke_equity.equity.estimate import Estimate, EstimateOptions, EstimatorInfo
from revoke_equity.io.json_case import case_from_dict
from revoke_equity.model import edition
from revoke_equity.model.distribution import TrickDistribution
from revoke_equity.ruling import rule
from revoke_equity.service.app import create_app

CASE = Path(__file__).parent / "data" / "cases" / "p01-64A1-offender-won-revoke-trick.json"


@dataclass
class Always:
    """An estimator that says declarer takes ``tricks`` whatever the play."""

    tricks: int
    name: str = "always"

    def estimate(self, point: Any, solver: Any) -> Estimate:
        return Estimate(self.name, TrickDistribution.point(self.tricks), {}, 0)


ALWAYS = EstimatorInfo("always", "Always eleven", "declarer takes eleven tricks whatever the play",
                       "always eleven (a test's estimator)",
                       build=lambda record, options: Always(11))


@pytest.fixture
def added(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "ESTIMATORS", (*registry.ESTIMATORS, ALWAYS))
    monkeypatch.setattr(edition, "EDITIONS", (*edition.EDITIONS, "2027"))


def _subcommand(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return sub.choices[name]


def _option(parser: argparse.ArgumentParser, flag: str) -> argparse.Action:
    return next(a for a in parser._actions if flag in a.option_strings)


def test_without_the_addition_no_surface_has_it() -> None:
    rule_parser = _subcommand(build_parser(), "rule")
    assert "always" not in _option(rule_parser, "--estimate").choices
    assert "2027" not in _option(rule_parser, "--laws").choices


def test_the_command_line_offers_them(added: None) -> None:
    parser = build_parser()
    rule_parser = _subcommand(parser, "rule")
    estimate = _option(rule_parser, "--estimate")
    assert "always" in estimate.choices and "declarer takes eleven tricks" in str(estimate.help)
    assert estimate.default is None  # not given: the default, with the default ones beside it
    assert f"always {registry.find_estimator('always').words}" in str(estimate.help)
    default = registry.find_estimator(registry.DEFAULT_ESTIMATE)
    assert f"{default.name} {default.words} (default)" in str(estimate.help)
    assert "2027" in _option(rule_parser, "--laws").choices
    study = _subcommand(parser, "study")
    assert "always" in _option(study, "--estimate").choices
    assert "2027" in str(_option(study, "--laws").default).split(",")


def test_the_options_take_the_new_estimator(added: None) -> None:
    assert EstimateOptions(estimate="always").estimate == "always"
    with pytest.raises(ValueError, match="always"):  # the message lists every estimator
        EstimateOptions(estimate="never")


def test_the_api_and_the_page_offer_them(added: None, tmp_path: Path) -> None:
    app = create_app(tmp_path / "log.sqlite")
    parameters = {p["name"]: p["schema"]
                  for p in app.openapi()["paths"]["/api/v1/rulings"]["post"]["parameters"]}
    assert "always" in json.dumps(parameters["estimate"])  # an enum, or null: the default
    assert "2027" in json.dumps(parameters["laws"])
    transport = httpx.ASGITransport(app=app)

    async def get(path: str) -> httpx.Response:
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            return await client.get(path)

    import asyncio

    listed = asyncio.run(get("/api/v1/choices")).json()
    assert "always" in [e["name"] for e in listed["estimators"]] and "2027" in listed["editions"]
    page = asyncio.run(get("/")).text
    for select in ("estimate", "entry-estimate"):
        options = re.search(rf'<select id="{select}"[^>]*>(.*?)</select>', page, re.S)
        assert options and 'value="always"' in options.group(1), select
    for select in ("laws", "entry-laws"):
        options = re.search(rf'<select id="{select}"[^>]*>(.*?)</select>', page, re.S)
        assert options and 'value="2027"' in options.group(1), select
    served = re.search(r'<script type="application/json" id="choices">(.*?)</script>', page, re.S)
    assert served and "Always eleven" in json.loads(served.group(1))["estimators"][-1]["label"]


def test_a_ruling_makes_explains_and_writes_the_new_estimator(added: None, dds_solver: Any) -> None:
    case = case_from_dict(json.loads(CASE.read_text())["case"])
    ruling = rule(case, dds_solver, options=EstimateOptions(estimate="dd", extra=("always",)))
    assert ruling.comparisons and ruling.comparisons[0].estimates["always"].distribution.expected == 11
    assert "Always eleven (always): 11 tricks 100% (expected 11.00)." in ruling.explanation
    assert ruling.to_dict()["equity"]["estimates"]["always"]["distribution"] == {"11": 1.0}


def test_each_estimators_details_are_fields_of_the_ruling_format() -> None:
    from typing import get_type_hints

    from revoke_equity.ruling.schema import EstimateJSON

    fields = set(get_type_hints(EstimateJSON))
    for info in registry.estimators():
        assert set(info.details) <= fields, info.name
        assert set(info.options) <= set(EstimateOptions.__dataclass_fields__), info.name

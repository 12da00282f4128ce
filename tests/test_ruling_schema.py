"""The ruling JSON against its typed description (``ruling/schema.py``): real rulings of the worked
cases under every edition, checked recursively (every key there with its type, no other key); and
``docs/ruling-format.md`` against the same description."""

from __future__ import annotations

import json
import re
import types
import typing
from pathlib import Path
from typing import Any, NotRequired, Union, get_args, get_origin, get_type_hints

import pytest

from revoke_equity.equity.estimate import EstimateOptions
from revoke_equity.io import apply_overrides
from revoke_equity.io.json_case import case_from_dict
from revoke_equity.model.edition import Edition
from revoke_equity.ruling import rule, schema
from revoke_equity.ruling.schema import RulingJSON

from conftest import CASES, DD

DOCS = Path(__file__).parent.parent / "docs" / "ruling-format.md"
SHARED_CASES = Path(__file__).parent.parent.parent / "shared" / "cases"


def _is_typeddict(t: Any) -> bool:
    return isinstance(t, type) and typing.is_typeddict(t)


def mismatches(value: Any, expected: Any, where: str = "$") -> list[str]:
    """Where ``value`` departs from the type ``expected`` (empty when it fits)."""
    if _is_typeddict(expected):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not an object"]
        hints = get_type_hints(expected, include_extras=True)
        out = [f"{where}.{k}: missing" for k in sorted(expected.__required_keys__ - value.keys())]
        out += [f"{where}.{k}: not in the format" for k in sorted(value.keys() - hints.keys())]
        for key in value.keys() & hints.keys():
            hint = hints[key]
            if get_origin(hint) is NotRequired:
                hint = get_args(hint)[0]
            out += mismatches(value[key], hint, f"{where}.{key}")
        return out
    origin = get_origin(expected)
    if origin in (Union, types.UnionType):
        options = get_args(expected)
        if any(not mismatches(value, o, where) for o in options):
            return []
        return [f"{where}: {value!r} is none of {options}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__}, not a list"]
        (item,) = get_args(expected)
        return [m for i, v in enumerate(value) for m in mismatches(v, item, f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not an object"]
        key_type, item = get_args(expected)
        out = [f"{where}: key {k!r} is not a {key_type.__name__}" for k in value
               if not isinstance(k, key_type)]
        return out + [m for k, v in value.items() for m in mismatches(v, item, f"{where}.{k}")]
    if expected is type(None):
        return [] if value is None else [f"{where}: {value!r}, not null"]
    if expected is bool:
        return [] if isinstance(value, bool) else [f"{where}: {value!r}, not a boolean"]
    if expected is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        return [] if ok else [f"{where}: {value!r}, not a whole number"]
    if expected is float:  # a JSON number: a whole one is a float too
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        return [] if ok else [f"{where}: {value!r}, not a number"]
    if expected is str:
        return [] if isinstance(value, str) else [f"{where}: {value!r}, not a string"]
    raise TypeError(f"{where}: no check for the type {expected!r}")


def test_the_checker_finds_a_missing_an_extra_and_a_mistyped_field() -> None:
    """The checker itself can fail: a ruling with a field missing, one added, one of another type."""
    good = {"declarer_tricks": 9, "score_ns": 100}
    assert mismatches(good, schema.ResultJSON) == []
    assert mismatches({"declarer_tricks": 9}, schema.ResultJSON) == ["$.score_ns: missing"]
    assert mismatches({**good, "x": 1}, schema.ResultJSON) == ["$.x: not in the format"]
    assert mismatches({**good, "score_ns": "100"}, schema.ResultJSON) == [
        "$.score_ns: '100', not a whole number"]
    assert mismatches({**good, "declarer_tricks": True}, schema.ResultJSON) == [
        "$.declarer_tricks: True, not a whole number"]
    rec = {"law": "64A1", "adjusted": False, "estimate": None, "declarer_tricks": 9,
           "score_ns": 100, "words": "rectified result", "reason": "r", "label": "Law 64A1",
           "established_revoke": True, "enter": "result", "reason_parts": [{"text": "r"}],
           "result": "3N="}
    assert mismatches(rec, schema.RecommendationJSON) == []
    assert mismatches({**rec, "likely": [9, "10"]}, schema.RecommendationJSON) == [
        "$.likely[1]: '10', not a whole number"]


def _case_files() -> list[Any]:
    """Every worked case (tests/data/cases and ../shared/cases when there), by name."""
    found: dict[str, Path] = {p.stem: p for p in sorted(CASES.glob("p*.json"))}
    if SHARED_CASES.is_dir():
        for p in sorted(SHARED_CASES.glob("p*.json")):
            found.setdefault(p.stem, p)
    return [pytest.param(path, id=name) for name, path in sorted(found.items())]


@pytest.mark.parametrize("edition", list(Edition), ids=str)
@pytest.mark.parametrize("path", _case_files())
def test_worked_rulings_fit_the_schema(path: Path, edition: Edition, dds_solver: Any) -> None:
    """Each worked case under each edition: without a solver (no equity) and with the
    double-dummy estimate and the trace."""
    case = apply_overrides(case_from_dict(json.loads(path.read_text())["case"]), laws=edition)
    for ruling in (rule(case, trace=False), rule(case, dds_solver, options=DD)):
        data = ruling.to_dict()
        assert mismatches(data, RulingJSON) == []
        assert mismatches(json.loads(json.dumps(data)), RulingJSON) == []
        assert ["".join(p["text"] for p in step) for step in data["steps"]] == data["explanation"]
        assert data["recommendation"]["established_revoke"] == any(
            r["established"] for r in data["revokes"])


@pytest.mark.parametrize("name", ["p11-64B2-repeat-then-64C2a", "p04-62D-dummy-revoke-trick-12"])
def test_single_dummy_and_table_estimates_fit_the_schema(name: str, dds_solver: Any) -> None:
    """The ``sd`` estimate (intervals, parameters, decisions) and ``table`` (departures), with
    several comparisons (p11) and a Law 62D correction (p04)."""
    case = case_from_dict(json.loads((CASES / f"{name}.json").read_text())["case"])
    options = EstimateOptions(estimate="sd", extra=("table",), worlds=4, playouts=40)
    data = rule(case, dds_solver, options=options).to_dict()
    assert mismatches(data, RulingJSON) == []
    estimates = data["equity"]["estimates"] if data["equity"] else {}
    assert set(estimates) == {"dd", "sd", "table"}


# -- the documentation ------------------------------------------------------------------------

def _schema_keys() -> set[str]:
    """Every field name of every object of the format."""
    keys: set[str] = set()
    for name in schema.__all__:
        keys |= set(get_type_hints(getattr(schema, name)))
    return keys


_DOC_VALUES = {
    # values (not fields) the field descriptions quote
    "revoke-equity/ruling@2", "follow-suit", "penalty-card", "null", "none", "dd", "sd",
    "exact", "sampled", "expert", "strong", "club", "62D", "64A1", "64A2", "64B3", "64C1", "64C2a",
    "64C2b", "12C1(c)", "12C1(e)", "12C3", "12C2", "the result stands", "rectified result",
    "corrected result", "adjusted score", "Law 64A1", "no revoke", "result", "NS", "EW",
    "recommended",
}


def _documented_fields() -> set[str]:
    """The backquoted words of the "Fields" section, with what the command line and the API add,
    that name fields (``estimates.<name>`` gives ``estimates``)."""
    text = DOCS.read_text()
    section = text[text.index("## Fields"):text.index("## Definitions")]
    words: set[str] = set()
    for quoted in re.findall(r"`([^`]+)`", section):
        if quoted in _DOC_VALUES or quoted.startswith(('"', "64B", "--")) or re.fullmatch(
                r"(Law )?6\dC2\([ab]\)", quoted):
            continue
        words |= set(re.findall(r"\b[a-z_][a-zA-Z0-9_]*\b", quoted.split(".<")[0]))
    return words


def test_the_documented_fields_are_the_schema_fields() -> None:
    documented = _documented_fields()
    assert documented - _schema_keys() == set(), "documented but not in ruling/schema.py"
    assert _schema_keys() - documented == set(), "in ruling/schema.py but not documented"


def test_a_result_near_a_threshold_is_flagged_with_its_sampling_error(dds_solver: Any) -> None:
    """Each flagged result is within one sampling error (the interval's wider half / 1.96) of
    the threshold it names, and every result of the estimate that is, is flagged; the JSON and
    the text report carry them."""
    from revoke_equity.report.text import render

    text = (CASES / "p01-64A1-offender-won-revoke-trick.json").read_text()
    case = case_from_dict(json.loads(text)["case"])
    flagged = 0
    for seed in (2024,):
        options = EstimateOptions(estimate="sd", worlds=4, max_worlds=4, playouts=40, seed=seed)
        ruling = rule(case, dds_solver, options=options)
        estimate = ruling.estimate
        assert estimate is not None and estimate.interval is not None
        want = set()
        for t, (lo, hi) in estimate.interval.items():
            p = estimate.distribution[t]
            for name, value in (("likely", options.likely), ("probable", options.probable)):
                if abs(p - value) <= max(p - lo, hi - p) / 1.959963984540054:
                    want.add((t, name))
        got = {(n.declarer_tricks, n.threshold) for n in ruling.near_thresholds}
        assert got == want
        data = ruling.to_dict()["recommendation"]
        assert {(n["declarer_tricks"], n["threshold"])
                for n in data.get("near_threshold", [])} == want
        assert mismatches(ruling.to_dict(), RulingJSON) == []
        assert ("Near a threshold" in render(ruling)) == bool(want)
        flagged += bool(want)
    assert flagged

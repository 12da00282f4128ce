"""The editions as data: every edition fills every row of its table, the table says what
``ruling.md`` ("Editions") says, and no code compares law labels as strings."""

from __future__ import annotations

import ast
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from revoke_equity.cli import build_parser
from revoke_equity.laws.editions import EQUITY_CLAUSES, RULES, EditionRules
from revoke_equity.laws.law import Law
from revoke_equity.model.edition import EDITIONS, Edition
from revoke_equity.study.plots import _EDITION_COLOURS

from conftest import CASES, DD

SRC = Path(__file__).resolve().parents[1] / "src" / "revoke_equity"
B1_TO_B5 = ["64B1", "64B2", "64B3", "64B4", "64B5"]


def test_every_edition_has_a_table() -> None:
    assert set(RULES) == set(Edition)
    assert all(RULES[e].edition is e for e in Edition)


@pytest.mark.parametrize("edition", list(Edition), ids=str)
def test_every_edition_fills_every_row(edition: Edition) -> None:
    rules = RULES[edition]
    for f in dataclasses.fields(EditionRules):
        assert getattr(rules, f.name) is not None, f.name
    assert tuple(rules.equity) == EQUITY_CLAUSES
    assert rules.exceptions_64b and all(law.startswith("64B") for law in rules.exceptions_64b)
    # A 64B label the edition prints is one of its 64B items.
    for law in (rules.trick_twelve, rules.both_sides):
        assert not law.startswith("64B") or law in rules.exceptions_64b
    assert all(law.startswith("64C") for law in rules.equity.values())
    assert rules.weighted.startswith("12C") and rules.split.startswith("12C")
    assert rules.agreeing_to_claim.startswith("63A")
    # The no-transfer checks: each once, the edition's trick-12 and both-sides labels among them,
    # the others 64B items of the edition.
    checks = rules.checks_64b
    assert len(set(checks)) == len(checks) and {rules.trick_twelve, rules.both_sides} <= set(checks)
    assert set(checks) - {rules.trick_twelve, rules.both_sides} <= set(rules.exceptions_64b)


def test_the_64b_checks_keep_the_order_of_the_spec() -> None:
    """``ruling.md``: 64B4, 64B5, trick 12, 64B3, 64B2, both sides, 64B1, in every edition."""
    for rules in RULES.values():
        assert rules.checks_64b == (Law.L64B4, Law.L64B5, rules.trick_twelve, Law.L64B3,
                                    Law.L64B2, rules.both_sides, Law.L64B1)


def test_the_plots_give_each_edition_its_own_colour() -> None:
    assert list(_EDITION_COLOURS) == list(EDITIONS)
    assert len(set(_EDITION_COLOURS.values())) == len(EDITIONS)


# ruling.md, "Editions", row by row: (64A2 extra trick, trick-12 label, both-sides label,
# 64B7 needs established revokes, equity labels, weighted, split, other 64B items).
SPEC = {
    "1997": (True, "62D", "64C", True, ["64C"] * 3, "12C3", "12C2", B1_TO_B5),
    "2007": (False, "64B6", "64B7", False, ["64C"] * 3, "12C1(c)", "12C1(e)",
             [*B1_TO_B5, "64B6", "64B7"]),
    "2017": (False, "64B6", "64B7", True, ["64C1", "64C2a", "64C2b"], "12C1(c)", "12C1(e)",
             [*B1_TO_B5, "64B6", "64B7", "64B8"]),
}


@pytest.mark.parametrize("edition", list(Edition), ids=str)
def test_each_table_says_what_the_spec_says(edition: Edition) -> None:
    r = RULES[edition]
    got = (r.extra_trick_64a2, r.trick_twelve, r.both_sides, r.both_sides_need_established_revokes,
           list(r.equity.values()), r.weighted, r.split, list(r.exceptions_64b))
    assert got == SPEC[edition.value]
    # 1997: the split pair is the rule itself (12C2); 2017 moved agreeing to a claim into 63A4.
    assert r.split_pair_is_the_score is (edition is Edition.LAWS_1997)
    assert r.agreeing_to_claim == ("63A4" if edition is Edition.LAWS_2017 else "63A3")


def test_the_editions_are_listed_once() -> None:
    assert tuple(SPEC) == EDITIONS
    laws = next(a for a in build_parser()._subparsers._group_actions[0].choices["rule"]._actions
                if a.dest == "laws")
    assert tuple(laws.choices) == EDITIONS


def test_law_labels_print_as_before() -> None:
    assert [str(law) for law in (Law.L64C2A, Law.L12C1C, Law.L12C1E, Law.NONE)] == [
        "64C2a", "12C1(c)", "12C1(e)", "none"]
    assert f"Law {Law.L62D}" == "Law 62D"
    assert len({law.value for law in Law}) == len(Law)


def _compared_labels(tree: ast.AST) -> list[tuple[int, str]]:
    """String constants that are law labels and are compared (``==``, ``!=``, ``in``) with
    something."""
    labels = {law.value for law in Law}
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        for side in (node.left, *node.comparators):
            items = side.elts if isinstance(side, ast.Tuple | ast.List | ast.Set) else [side]
            found += [(node.lineno, i.value) for i in items
                      if isinstance(i, ast.Constant) and i.value in labels]
    return found


def test_no_code_compares_law_labels() -> None:
    offences = [f"{path.relative_to(SRC)}:{line}: {label!r}"
                for path in sorted(SRC.rglob("*.py"))
                for line, label in _compared_labels(ast.parse(path.read_text()))]
    assert offences == []


@pytest.mark.parametrize("path", sorted(CASES.glob("p*.json")), ids=lambda p: p.stem[:3])
@pytest.mark.parametrize("edition", list(Edition), ids=str)
def test_printed_labels_are_the_laws_own_and_json_codes_stay(path: Any, edition: Edition,
                                                             dds_solver: Any) -> None:
    """Every worked case, every edition: the printed text (steps, reason, label) writes 64C2(a) and
    64C2(b) as the Laws do, never the JSON codes 64C2a / 64C2b, which stay the codes."""
    from revoke_equity.io.json_case import case_from_dict
    from revoke_equity.report.text import render
    from revoke_equity.ruling import rule

    case = dataclasses.replace(case_from_dict(json.loads(path.read_text())["case"]), laws=edition)
    ruling = rule(case, dds_solver, options=DD)
    out = ruling.to_dict()
    printed = [*out["explanation"], out["recommendation"]["reason"],
               out["recommendation"]["label"], render(ruling)]
    for text in printed:
        assert "64C2a" not in text and "64C2b" not in text, text
    codes = {r["law"] for r in out["rectifications"]} | {out["recommendation"]["law"]}
    codes |= {c["law"] for c in out["equity"].get("comparisons", [out["equity"]["comparison"]])
              } if out["equity"] else set()
    assert not codes & {"64C2(a)", "64C2(b)"}
    if edition is Edition.LAWS_2017 and path.stem.startswith(("p08", "p11")):
        wanted = "64C2(b)" if path.stem.startswith("p08") else "64C2(a)"
        assert any(f"Law {wanted}" in text for text in printed)
        assert wanted.replace("(", "").replace(")", "") in codes

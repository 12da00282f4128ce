"""The score to enter for each kind of ruling in each output of ``rule --format``: an assigned
result (``5C+1 by N, NS +620``), a weighted score component by component with its net only
labelled as such, and 1997's Law 12C2 split pair, each side its own result (the page's lines are
checked in ``test_service_browser_score.py``).

The kinds come from worked cases: p01's result stands (dd), p07's dummy revoke then Law 64C1
gives two likely results under the table estimate, so a weighted score under 2017 and a split
pair under 1997. Each test first checks its ruling is of its kind, so a changed case cannot make
it pass vacuously.
"""

from __future__ import annotations

import json
from functools import cache
from html.parser import HTMLParser
from typing import Any

import pytest

from revoke_equity.cli import main

from conftest import CASES

KINDS = {
    "assigned": ["p01-64A1-offender-won-revoke-trick.json", "--estimate", "dd"],
    "weighted": ["p07-64B3-dummy-then-64C1.json", "--estimate", "table"],
    "split": ["p07-64B3-dummy-then-64C1.json", "--estimate", "table", "--laws", "1997"],
}
EACH_THEN_WEIGHT = "score each component, then weight; net "


def _out(kind: str, *more: str) -> str:
    import contextlib
    import io

    name, *options = KINDS[kind]
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        code = main(["rule", str(CASES / name), "--quiet", *options, *more])
    assert code == 0
    return buffer.getvalue()


@cache
def _outputs(kind: str) -> dict[str, str]:
    """The kind's ruling in every format: json, text, pbn, html."""
    return {"json": _out(kind, "--format", "json"), "text": _out(kind),
            "pbn": _out(kind, "--format", "pbn", "--event", "Club pairs"),
            "html": _out(kind, "--format", "html", "--event", "Club pairs")}


def _lines(component: dict[str, Any], side: str) -> str:
    weight = "" if component["percent"] == 100 else f"{component['percent']}% of "
    return f"{weight}{component['result']} by {component['declarer']}, {side} {component['score']:+d}"


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_json_carries_each_components_result_and_declarer(kind: str) -> None:
    data = json.loads(_outputs(kind)["json"])
    rec = data["recommendation"]
    ns, ew = data["score_to_enter"]
    assert (ns["side"], ew["side"]) == ("NS", "EW")
    for side in (ns, ew):
        for c in side["components"]:
            assert c["declarer"] == data["declarer"] and c["result"].startswith(data["contract"][:2])
    if kind == "assigned":
        assert rec["enter"] == "result" and not rec["adjusted"]
        assert [c["result"] for c in ns["components"]] == ["5C+1"] and ns["text"] == "5C+1 by N, NS +620"
        assert ew["text"] == "5C+1 by N, EW -620" and ns["score"] == -ew["score"] == rec["score_ns"]
    elif kind == "weighted":
        assert rec["enter"] == "weighted" and ns["weighted"] and ew["weighted"]
        weighted = rec["weighted"]["components"]
        assert len(ns["components"]) == len(weighted) == 2
        assert sum(c["percent"] for c in ns["components"]) == 100
        # each component the recommendation's, in scorers' notation, for each side
        assert sorted((c["result"], c["declarer"], c["score"]) for c in ns["components"]) == sorted(
            (w["result"], w["declarer"], w["score_ns"]) for w in weighted)
        assert [c["score"] for c in ew["components"]] == [-c["score"] for c in ns["components"]]
        net = sum(c["percent"] * c["score"] for c in ns["components"]) / 100
        assert ns["score"] == pytest.approx(net) and ew["score"] == pytest.approx(-net)
        for side in (ns, ew):  # components joined, then the net labelled as such
            joined = "; ".join(_lines(c, side["side"]) for c in side["components"])
            assert side["text"].startswith(joined + f" ({EACH_THEN_WEIGHT}{side['side']} ")
    else:
        split = rec["split"]
        assert rec["enter"] == "split" and split["law"] == "12C2" and data["laws"] == "1997"
        ours = split["non_offending_side"]
        for side in (ns, ew):
            result = split["non_offenders" if side["side"] == ours else "offenders"]
            sign = 1 if side["side"] == "NS" else -1
            (c,) = side["components"]
            assert c["score"] == sign * result["score_ns"] and side["score"] == c["score"]
            who = "non-offenders" if side["side"] == ours else "offenders"
            assert side["text"] == _lines(c, side["side"]) + f" (Law 12C2, the {who}' score)"


def _sides(kind: str) -> list[dict[str, Any]]:
    return json.loads(_outputs(kind)["json"])["score_to_enter"]


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_text_report_gives_each_sides_line(kind: str) -> None:
    text = _outputs(kind)["text"]
    block = text.split("Score to enter\n--------------\n", 1)[1].splitlines()
    assert block[:2] == [s["text"] for s in _sides(kind)]
    # the recommendation's one result is named the most likely when the lines are not that one
    (step,) = [line for line in text.splitlines() if ". Recommendation (" in line]
    assert ("): most likely declarer " in step) == (kind != "assigned"), step


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_pbn_gives_each_sides_line_and_score(kind: str) -> None:
    from endplay.parsers import pbn as endplay_pbn

    text = _outputs(kind)["pbn"]
    sides = _sides(kind)
    comment = text.split("Score to enter:\r\n", 1)[1].split("\r\n")
    assert comment[:2] == [s["text"] for s in sides[:1]] + [sides[1]["text"] + "}"]
    info = endplay_pbn.loads(text)[0].info
    named, other = ("RulingNet", "RulingScore") if kind == "weighted" else ("RulingScore",
                                                                            "RulingNet")
    assert float(info[named + "NS"]) == sides[0]["score"]
    assert float(info[named + "EW"]) == sides[1]["score"]
    assert other + "NS" not in info and other + "EW" not in info
    if kind == "weighted":
        parts = [part.split() for part in info["RulingWeighted"].split(";")]
        assert [int(p) for p, _, _ in parts] == [c["percent"] for c in sides[0]["components"]]
        assert [int(s) for _, _, s in parts] == [c["score"] for c in sides[0]["components"]]
    else:
        assert "RulingWeighted" not in info


class _EnterLines(HTMLParser):
    """The text of each ``<p class="enter-line">``."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []
        self._in = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._in = tag == "p" and ("class", "enter-line") in attrs
        if self._in:
            self.lines.append("")

    def handle_endtag(self, tag: str) -> None:
        self._in = False

    def handle_data(self, data: str) -> None:
        if self._in:
            self.lines[-1] += data


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_html_sheet_gives_each_sides_line(kind: str) -> None:
    parser = _EnterLines()
    html = _outputs(kind)["html"]
    parser.feed(html)
    assert parser.lines == [s["text"] for s in _sides(kind)]
    # the verdict names one result as the most likely when the lines to enter are not that one
    data = json.loads(_outputs(kind)["json"])
    kind_line = html.split('<p class="kind">', 1)[1].split("</p>", 1)[0]
    one = f"{data['contract']} by {data['declarer']}, {data['recommendation']['declarer_tricks']} tricks"
    assert (f": most likely {one}" in kind_line) == (kind != "assigned") and one in kind_line


def test_a_weighted_score_of_one_result_is_entered_as_that_result_in_the_steps() -> None:
    """p11 under the dd estimate: 12 tricks for certain, so the weighted score is 100% of one
    result; the steps name that result and no net, the score to enter is the assigned result."""
    import contextlib
    import io

    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        assert main(["rule", str(CASES / "p11-64B2-repeat-then-64C2a.json"), "--quiet",
                     "--estimate", "dd", "--format", "json"]) == 0
    data = json.loads(buffer.getvalue())
    components = data["recommendation"]["weighted"]["components"]
    assert [(c["weight"], c["declarer_tricks"]) for c in components] == [(1.0, 12)]
    steps = data["explanation"]
    assert "the score of 12 tricks (NS -420)" in data["recommendation"]["reason"]
    assert "Weighted score (Law 12C1(c)): 100% of 12 tricks (NS -420)." in steps
    assert not [s for s in steps if "net NS" in s or "then weight" in s]
    assert [s["text"] for s in data["score_to_enter"]] == ["5C+1 by E, NS -420", "5C+1 by E, EW +420"]

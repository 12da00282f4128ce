"""The score to enter on the page, as scorers write it: on the ruling's first screen at 1280 px and
within its first two at 375 px, each side's line the ruling JSON's ``score_to_enter``, for an
assigned result, a weighted score of two components and 1997's Law 12C2 split pair; no element
wider than the screen at either width.

With ``REVOKE_EQUITY_SCREENSHOTS`` naming a folder, the weighted ruling's first screen at each
width is kept there for the README (``scripts/screenshots.sh``).

Skipped, with the reason, when Chromium, its driver or Selenium is missing; CI installs them.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import httpx
import pytest

from browser_helpers import PHONE, needs_chromium, reset_viewport, set_viewport, too_wide, wait_for
from service_helpers import Server

CASES = Path(__file__).parent / "data" / "cases"
ASSIGNED = CASES / "p01-64A1-offender-won-revoke-trick.json"
DUMMY_THEN_64C1 = CASES / "p07-64B3-dummy-then-64C1.json"
pytestmark = needs_chromium

KINDS = {
    # (case, query): the table estimate gives p07 two likely results, so a weighted score
    # under 2017 and a split pair under 1997 (each side its own line)
    "assigned": (ASSIGNED, {"estimate": "dd"}),
    "weighted": (DUMMY_THEN_64C1, {"estimate": "table"}),
    "split": (DUMMY_THEN_64C1, {"estimate": "table", "laws": "1997"}),
}
SIZES = [(1280, 800, 1), (PHONE[0], 667, 2)]


@pytest.fixture(scope="module")
def posted(server: Server) -> dict[str, dict[str, Any]]:
    """Each kind of ruling logged once, as the service's JSON."""
    out = {}
    for kind, (case, query) in KINDS.items():
        out[kind] = httpx.post(server.url + "/api/v1/rulings", content=case.read_text(),
                               params=query, headers={"content-type": "application/json"},
                               timeout=180).json()
    return out


def _is_kind(kind: str, ruling: dict[str, Any]) -> bool:
    """The ruling is of the kind its test says: the check that keeps the cases honest."""
    rec = ruling["recommendation"]
    sides = ruling["score_to_enter"]
    if kind == "assigned":
        return not any(s["weighted"] for s in sides) and " by " in sides[0]["text"]
    if kind == "weighted":
        return rec["enter"] == "weighted" and all(len(s["components"]) == 2 for s in sides)
    return rec["enter"] == "split" and all("Law 12C2" in s["text"] for s in sides)


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize(("width", "height", "screens"), SIZES)
def test_the_score_to_enter_is_on_the_rulings_first_screens(
        server: Server, browser: Any, posted: dict[str, dict[str, Any]], kind: str,
        width: int, height: int, screens: int, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    ruling = posted[kind]
    assert _is_kind(kind, ruling), ruling["score_to_enter"]
    sides = {s["side"]: s for s in ruling["score_to_enter"]}
    set_viewport(browser, width, height)
    try:
        browser.get("about:blank")  # a new page: the hash alone would not load it again
        browser.get(f"{server.url}/#ruling={ruling['id']}")
        sheet = wait_for(browser, f"article.ruling[data-ruling-id='{ruling['id']}']")
        block = sheet.find_element(By.CSS_SELECTOR, ".verdict .score-to-enter")
        shown = {side.get_attribute("data-side"): side for side in
                 block.find_elements(By.CSS_SELECTOR, ".enter-side")}
        assert set(shown) == {"NS", "EW"}
        for name, side in sides.items():
            # one line per component, then what the line adds: the net labelled as such, or
            # the 12C2 side's note
            lines = [line.text for line in shown[name].find_elements(By.CSS_SELECTOR, ".enter-line")]
            assert lines == [("" if c["percent"] == 100 else f"{c['percent']}% of ")
                             + f"{c['result']} by {c['declarer']}, {name} {c['score']:+d}"
                             for c in side["components"]]
            notes = [n.text for n in shown[name].find_elements(By.CSS_SELECTOR, ".enter-note")]
            assert side["text"] == "; ".join(lines) + "".join(f" ({n})" for n in notes)
            if kind == "weighted":
                assert notes[0].startswith("score each component, then weight; net ")
            elif kind == "split":
                offenders = ruling["recommendation"]["split"]["non_offending_side"] != name
                assert notes == [f"Law 12C2, the {'' if offenders else 'non-'}offenders' score"]
            else:
                assert notes == []
        # A weighted score or a split pair is entered as its lines, never as the headline's one
        # figure; an assigned result's headline gives its score
        headline = sheet.find_elements(By.CSS_SELECTOR, ".verdict-main .verdict-score")
        tricks = sheet.find_element(By.CSS_SELECTOR, ".verdict-main .verdict-tricks").text
        if kind == "assigned":
            assert [h.text.replace("\u2212", "-") for h in headline] == [f"NS {sides['NS']['score']:+d}"]
        else:
            assert headline == [] and tricks.startswith("Most likely: ")
        # Scrolled to the ruling, the score to enter ends within its first screen(s)
        top, bottom, inner = browser.execute_script(
            "arguments[0].scrollIntoView({block: 'start'});"
            "return [arguments[0].getBoundingClientRect().top,"
            " arguments[1].getBoundingClientRect().bottom, window.innerHeight];", sheet, block)
        assert inner == height and bottom - top <= screens * inner, (top, bottom, inner)
        wide = too_wide(browser)
        assert wide["scroll"] <= wide["viewport"] and not wide["wide"], wide
        folder = os.environ.get("REVOKE_EQUITY_SCREENSHOTS")
        if kind == "weighted" and folder:
            shot = tmp_path / f"ruling-score-{width}.png"
            browser.save_screenshot(str(shot))
            shutil.copy(shot, Path(folder) / shot.name)
    finally:
        reset_viewport(browser)


def test_a_weighted_score_is_entered_component_by_component(server: Server, browser: Any) -> None:
    """p07 (64B3 then 64C1) single-dummy: a weighted score. Each component is its own line with
    its contract, result and declarer; the net is shown only after "score each component, then
    weight"; how firm it is gives each weight's interval and the net's range."""
    from selenium.webdriver.common.by import By

    case = DUMMY_THEN_64C1
    posted = httpx.post(server.url + "/api/v1/rulings", content=case.read_text(),
                        params={"estimate": "sd", "worlds": 4, "playouts": 8},
                        headers={"content-type": "application/json"}, timeout=600).json()
    ns = posted["score_to_enter"][0]
    if not ns["weighted"]:
        pytest.skip("the ruling is not weighted with these options")
    browser.get("about:blank")  # a new page, not a hash change on the last one
    browser.get(f"{server.url}/#ruling={posted['id']}")
    side = wait_for(browser, '.score-to-enter .enter-side[data-side="NS"]')
    lines = [line.text for line in side.find_elements(By.CSS_SELECTOR, ".enter-line")]
    assert len(lines) == len(ns["components"]) > 1
    for line, component in zip(lines, ns["components"], strict=True):
        assert line.startswith(f"{component['percent']}% of {component['result']} by "
                               f"{component['declarer']}, NS ")
    note = side.find_element(By.CSS_SELECTOR, ".enter-note").text
    assert note.startswith("score each component, then weight; net NS ")
    assert "; ".join(lines) + f" ({note})" == ns["text"]
    # how firm: each weight with its 95% interval, and the net's range within them
    weighted = posted["recommendation"]["weighted"]
    error = browser.find_element(By.CSS_SELECTOR, ".firmness-block p.weight-error").text
    for c in weighted["components"]:
        lo, hi = (round(100 * x) for x in c["weight_interval"])
        assert f"{c['declarer_tricks']} tricks {round(100 * c['weight'])}% ({lo}-{hi}%)" in error
    low, high = (f"{round(x):+d}".replace("-", "\N{MINUS SIGN}") for x in weighted["score_ns_range"])
    assert error.endswith(f"the net is NS {low} to NS {high} within them.")


def test_the_score_beside_the_default_is_shown_with_its_error(server: Server,
                                                              browser: Any) -> None:
    """p07 with no estimate named: the score rests on dd, and the single-dummy players beside it
    weigh two results. The results table has their row (never the score to enter) and "How firm
    it is" their weights' error, said to be of the estimate shown beside."""
    from selenium.webdriver.common.by import By

    posted = httpx.post(server.url + "/api/v1/rulings", content=DUMMY_THEN_64C1.read_text(),
                        params={"worlds": 4, "playouts": 8},
                        headers={"content-type": "application/json"}, timeout=600).json()
    (beside,) = posted["beside"]
    assert posted["recommendation"]["estimate"] == "dd" and beside["estimate"] == "sd"
    if "score_ns_range" not in beside.get("weighted", {}):
        pytest.skip("the single-dummy score beside is not weighted with these options")
    browser.get("about:blank")
    browser.get(f"{server.url}/#ruling={posted['id']}")
    row = wait_for(browser, "table.results tr.beside").text
    assert row.startswith("Beside it: Single-dummy (sd)") and "not the score to enter" in row
    firm = browser.find_element(By.CSS_SELECTOR, ".firmness-block").text
    assert "The weights' error (single-dummy, shown beside)" in firm
    for c in beside["weighted"]["components"]:
        lo, hi = (round(100 * x) for x in c["weight_interval"])
        assert f"{c['declarer_tricks']} tricks {round(100 * c['weight'])}% ({lo}-{hi}%)" in firm
    enter = browser.find_element(By.CSS_SELECTOR, ".score-to-enter").text
    assert "score each component" not in enter  # the dd result is entered, one line a side

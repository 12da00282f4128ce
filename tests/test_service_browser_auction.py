"""The ruling page in a real headless Chromium shows what the ruling JSON says of the auction and of
how firm the recommendation is: the calls under their seats, what each seat showed, the warning
when the case's contract is not what the auction reached, the results near a threshold, the
recommendation under another class of player, and the line behind each outcome.

Skipped, with the reason, when Chromium, its driver or Selenium is missing; CI installs them.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import httpx

from browser_helpers import needs_chromium, wait_for
from service_helpers import Server

BOARD = Path(__file__).parent / "data" / "auction" / "board-9-1c-opening.json"
pytestmark = needs_chromium


def _board() -> str:
    """The board with 5HX as its contract: the auction reached 5H undoubled."""
    data = json.loads(BOARD.read_text())
    data["contract"] = "5HX"
    return json.dumps(data)


def _texts(browser: Any, css: str) -> list[str]:
    from selenium.webdriver.common.by import By

    return [" ".join((e.get_attribute("textContent") or "").split())
            for e in browser.find_elements(By.CSS_SELECTOR, css)]


def test_the_page_shows_the_auction_and_how_firm_the_ruling_is(server: Server,
                                                               browser: Any) -> None:
    # cheap single-dummy options for club players (more than one outcome); the "at all probable"
    # threshold set at the second outcome's probability (read from a first ruling, same seed, all
    # its playouts played: precision 0, so that the threshold cannot stop them sooner), so that it
    # has a line and sits near the threshold
    params = {"estimate": "sd", "worlds": "4", "players": "club", "also_players": "expert",
              "playouts": "60", "precision": "0", "include_case": "true"}
    with httpx.Client(base_url=server.url, timeout=120, headers=server.headers) as api:
        def rule(**more: str) -> Any:
            answer = api.post("/api/v1/rulings", content=_board(), params={**params, **more},
                              headers={"content-type": "application/json"})
            assert answer.status_code == 200, answer.text
            return answer.json()

        first = rule()["equity"]["estimates"]["sd"]["distribution"]
        second = sorted(first.values(), reverse=True)[1]
        ruling = rule(probable=f"{math.floor(second * 1000) / 1000:.3f}")
    lines = ruling["equity"]["estimates"]["sd"]["lines"]
    near = ruling["recommendation"]["near_threshold"]
    assert len(lines) >= 2 and near and ruling["warnings"] and ruling["equity"]["shown_from"]

    browser.get(server.url + "/#ruling=" + ruling["id"])
    wait_for(browser, ".auction-block")
    # the calls, row by row under West, North, East and South (North dealt: West's cell is empty)
    cells = _texts(browser, "table.auction tbody td")
    calls = ["Pass" if c == "P" else c for c in ruling["auction"]["calls"]]
    assert cells[0] == "" and [c for c in cells if c] == [
        c.replace("C", "♣").replace("H", "♥") for c in calls]
    assert _texts(browser, "table.auction thead th") == ["West", "North", "East", "South"]
    shown = _texts(browser, "ul.shown li")
    for seat, sources in ruling["equity"]["shown_from"].items():
        assert any(s.startswith({"N": "North", "E": "East", "S": "South", "W": "West"}[seat])
                   and sources[0] in s for s in shown)
    assert _texts(browser, ".warnings-block li") == ruling["warnings"]
    # how firm it is: each result near a threshold, and the other class's ruling
    firm = _texts(browser, ".firmness-block")[0]
    assert firm.startswith("How firm it is")
    assert len(_texts(browser, "ul.near-threshold li")) == len(near)
    for n in near:
        percent = 100 * n["probability"]  # the page gives one decimal below 10%
        assert any(f"{n['declarer_tricks']} tricks at {text}%" in firm
                   for text in (f"{percent:.1f}", f"{round(percent)}")), firm
    rows = _texts(browser, "table.sensitivity tbody tr")
    assert len(rows) == len(ruling["sensitivity"]) == 1
    other = ruling["sensitivity"][0]
    assert rows[0].startswith("expert") and str(other["declarer_tricks"]) in rows[0]
    # the line behind each outcome, under the sd estimate's bars
    behind = _texts(browser, ".lines li")
    assert len(behind) == len(lines)
    for shown_line, line in zip(behind, lines, strict=True):
        assert shown_line.startswith(line["text"])


def test_the_form_asks_for_the_other_classes(server: Server, browser: Any) -> None:
    """With the box ticked, the page asks for the other classes of player and shows them. The
    double-dummy estimate models no players, but as the default it has single-dummy players shown
    beside it, so the box and the class stay enabled."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    browser.get(server.url + "/")
    wait_for(browser, "#case-text")
    browser.find_element(By.ID, "tab-paste").click()
    browser.execute_script("document.getElementById('case-text').value = arguments[0];", _board())
    box, players = browser.find_element(By.ID, "also-players"), browser.find_element(By.ID, "players")
    estimate = Select(browser.find_element(By.ID, "estimate"))
    estimate.select_by_value("dd")
    assert box.is_enabled() and players.is_enabled()
    estimate.select_by_value("table")
    assert box.is_enabled() and players.is_enabled()
    box.click()
    browser.find_element(By.ID, "submit").click()
    wait_for(browser, "table.sensitivity")
    players = [e.get_attribute("data-players")
               for e in browser.find_elements(By.CSS_SELECTOR, "table.sensitivity tbody tr")]
    assert players == ["expert", "club"]  # the page's own class (strong) left out


FINESSE = Path(__file__).parent / "data" / "auction" / "board-8-pre-empt-finesse.json"


def test_the_page_says_whether_the_auction_moved_the_likely_result(server: Server,
                                                                   browser: Any) -> None:
    params = {"estimate": "sd", "worlds": "4", "playouts": "40", "auction_effect": "true",
              "shown": "E: HCP 0-5", "include_case": "true"}
    with httpx.Client(base_url=server.url, timeout=300, headers=server.headers) as api:
        answer = api.post("/api/v1/rulings", content=FINESSE.read_text(), params=params,
                          headers={"content-type": "application/json"})
    assert answer.status_code == 200, answer.text
    ruling = answer.json()
    browser.get(server.url + "/#ruling=" + ruling["id"])
    wait_for(browser, ".auction-block .auction-effect")
    assert _texts(browser, ".auction-effect") == [ruling["auction_effect"]["text"]]
    assert any(s.startswith("East: 0-5 HCP, from director") for s in _texts(browser, "ul.shown li"))


def test_the_form_sends_shown_and_the_auction_choices(server: Server, browser: Any) -> None:
    """What the director types and ticks goes to the service as ``shown``, ``ignore_auction`` and
    ``auction_effect`` (the URLs the page asks are recorded; the dd estimate keeps it quick)."""
    from urllib.parse import parse_qs, urlsplit

    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    browser.get(server.url + "/")
    wait_for(browser, "#case-text")
    browser.execute_script(
        "window.askedUrls = []; const original = window.fetch;"
        "window.fetch = (url, init) => { window.askedUrls.push(String(url));"
        " return original(url, init); };")
    browser.find_element(By.ID, "tab-paste").click()
    browser.execute_script("document.getElementById('case-text').value = arguments[0];",
                           FINESSE.read_text())
    Select(browser.find_element(By.ID, "estimate")).select_by_value("dd")
    browser.find_element(By.ID, "shown").send_keys("W: S 7+, HCP 5-10")
    browser.find_element(By.ID, "ignore-auction").click()
    browser.find_element(By.ID, "auction-effect").click()
    browser.find_element(By.ID, "submit").click()
    wait_for(browser, ".auction-block")
    asked = [u for u in browser.execute_script("return window.askedUrls;")
             if urlsplit(u).path.endswith("/rulings")]
    assert asked, "the page posted no ruling"
    query = parse_qs(urlsplit(asked[0]).query)
    assert query["shown"] == ["W: S 7+, HCP 5-10"]
    assert query["ignore_auction"] == ["true"] and query["auction_effect"] == ["true"]
    # a fresh page starts with them empty and unticked
    browser.get(server.url + "/")
    wait_for(browser, "#case-text")
    assert browser.find_element(By.ID, "shown").get_attribute("value") == ""
    assert not browser.find_element(By.ID, "ignore-auction").is_selected()

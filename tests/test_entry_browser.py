"""Entering a board at the table, in headless Chromium: a hand record opened, the play clicked
card by card or typed as each player's quitted cards, the claim and the other facts, saved as JSON
and PBN, and ruled by the service; at a phone's width and a desktop's.

The worked cases are the oracle: the board entered through the form must get the same ruling from
the service as the case file posted as it is. Skipped when Chromium, its driver or Selenium is
missing (CI installs them). Screenshots go to ``<pytest tmp dir>/test-output/``; with
``REVOKE_EQUITY_SCREENSHOTS=DIR`` the README's are also written to DIR (``docs/``).
"""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from browser_helpers import (
    DESKTOP,
    PHONE,
    check_boxes,
    chromium,
    hand_record,
    needs_chromium,
    screen_at,
    screenshot,
    set_viewport,
    severe_console_messages,
    too_wide,
    wait_for,
    wait_until,
    worked_case,
)
from revoke_equity.io import case_from_dict, case_to_dict, loads_pbn
from service_helpers import Server

CASES = Path(__file__).parent / "data" / "cases"
COMPARED = ("table", "revokes", "rectifications", "mechanical", "recommendation")
"""The ruling fields an entered board must share with its case file."""
pytestmark = needs_chromium


@pytest.fixture(scope="module")
def downloads(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("downloads")


@pytest.fixture(scope="module")
def browser(downloads: Path) -> Iterator[Any]:
    with chromium() as driver:
        driver.execute_cdp_cmd("Browser.setDownloadBehavior",
                               {"behavior": "allow", "downloadPath": str(downloads)})
        yield driver


@pytest.fixture
def output_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "test-output"
    folder.mkdir()
    return folder


def _keep(path: Path) -> None:
    """Copy a screenshot for the README when REVOKE_EQUITY_SCREENSHOTS names a folder."""
    folder = os.environ.get("REVOKE_EQUITY_SCREENSHOTS")
    if folder:
        shutil.copy(path, Path(folder) / path.name)


def _select(browser: Any, element_id: str, value: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    Select(browser.find_element(By.ID, element_id)).select_by_value(value)


def _open_page(browser: Any, server: Server, size: tuple[int, int], *, auto: bool = False) -> None:
    """The page at ``size``; forced cards play themselves only with ``auto`` (these tests tap
    every card; test_entry_taps_browser.py counts the taps the page saves)."""
    set_viewport(browser, *size)
    severe_console_messages(browser)  # drop what earlier tests logged
    browser.get(server.url + "/")
    wait_for(browser, "#entry-form")
    wait_until(browser, "window.RevokeEquityEntry !== undefined")
    if not auto:
        browser.execute_script("const box = document.getElementById('entry-auto'); box.checked = false;"
                               " box.dispatchEvent(new Event('change'));")


def _set_contract(browser: Any, contract: str, declarer: str) -> None:
    _select(browser, "entry-level", contract[0])
    _select(browser, "entry-strain", contract[1])
    _select(browser, "entry-doubled", contract[2:])
    _select(browser, "entry-declarer", declarer)


def _click_card(browser: Any, card: str) -> None:
    from selenium.webdriver.common.by import By

    css = f'#entry-table button[data-card="{card}"]:not([disabled])'
    playable = browser.find_elements(By.CSS_SELECTOR, css)
    assert playable, f"{card} cannot be clicked: {browser.find_element(By.ID, 'play-status').text}"
    playable[0].click()


def _enabled_seats(browser: Any) -> set[str]:
    from selenium.webdriver.common.by import By

    buttons = browser.find_elements(By.CSS_SELECTOR, "#entry-table button.card-button:not([disabled])")
    return {b.get_attribute("data-seat") for b in buttons}


def _rule(browser: Any, server: Server) -> dict[str, Any]:
    """Press Rule and return the stored ruling the page shows (GET, the POST answer's shape)."""
    from selenium.webdriver.common.by import By

    before = {e.get_attribute("data-ruling-id")
              for e in browser.find_elements(By.CSS_SELECTOR, "article.ruling")}
    # the double-dummy estimate: these tests are about entering the board, not the estimate
    browser.execute_script("document.getElementById('entry-estimate').value = 'dd';"
                           " document.getElementById('entry-also').checked = false")
    browser.find_element(By.ID, "entry-rule").click()
    ruling_id = wait_until(browser, "(() => { const a = document.querySelector('article.ruling');"
                                    " return a && a.getAttribute('data-ruling-id'); })()")
    assert ruling_id not in before
    return httpx.get(f"{server.url}/api/v1/rulings/{ruling_id}", timeout=60).json()


def _file_ruling(server: Server, name: str) -> dict[str, Any]:
    text = next(CASES.glob(f"{name}-*.json")).read_text()
    response = httpx.post(f"{server.url}/api/v1/rulings", content=text, params={"estimate": "dd"},
                          headers={"content-type": "application/json"}, timeout=60)
    assert response.status_code == 200, response.text
    return response.json()


def _wait_for_download(folder: Path, name: str, timeout: float = 20) -> Path:
    path = folder / name
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.exists() and path.stat().st_size and not (folder / (name + ".crdownload")).exists():
            return path
        time.sleep(0.1)
    raise AssertionError(f"{name} was not downloaded: {sorted(p.name for p in folder.iterdir())}")


def test_enter_p11_by_clicks_from_a_hand_record(server: Server, browser: Any, tmp_path: Path,
                                               output_dir: Path, downloads: Path) -> None:
    """p11 (South revokes twice in spades: 64A2, then 64B2 and 64C2a) entered card by card."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    case = worked_case("p11")
    record = tmp_path / "hand-record.pbn"
    record.write_text(hand_record([worked_case(name) for name in ("p01", "p02", "p11", "p14")]))
    _open_page(browser, server, DESKTOP)
    browser.find_element(By.ID, "hand-record").send_keys(str(record))
    boards = wait_until(browser, "document.getElementById('hand-record-board').options.length === 5 &&"
                                 " Array.from(document.getElementById('hand-record-board').options)"
                                 ".map(o => o.text)")
    assert boards[1:] == ["Board 1", "Board 2", "Board 11", "Board 14"]
    Select(browser.find_element(By.ID, "hand-record-board")).select_by_visible_text("Board 11")
    assert browser.find_element(By.ID, "hand-N").get_attribute("value") == case["deal"].split()[0][2:]
    facts = browser.find_element(By.ID, "entry-board-facts").text
    assert "dealer South" in facts and "NS" in facts  # dealer from the number, NS from the record
    _set_contract(browser, case["contract"], case["declarer"])

    # Turn order: South (declarer East's left-hand opponent) leads; nobody else can play
    assert _enabled_seats(browser) == {"S"}
    _click_card(browser, "S9")
    assert _enabled_seats(browser) == {"W"}
    browser.find_element(By.ID, "entry-undo").click()  # undo: S9 goes back to South's hand
    assert _enabled_seats(browser) == {"S"}
    assert browser.find_elements(By.CSS_SELECTOR, '#entry-table button[data-card="S9"]:not([disabled])')

    for index, card in enumerate(case["play"]):
        if index == 5:  # trick 2, South to play on a spade lead: his diamonds would be a revoke
            marked = browser.find_element(By.CSS_SELECTOR, '#entry-table button[data-card="D3"]')
            assert "would-revoke" in marked.get_attribute("class")
        if index == 34:  # trick 9 under way, both revokes in the table: the README's picture
            shot = output_dir / "entry-form.png"
            screenshot(browser, shot, DESKTOP[0])
            _keep(shot)
        _click_card(browser, card)
    revokes = browser.find_elements(By.CSS_SELECTOR, "#entry-tricks td.revoke")
    assert [(r.find_element(By.XPATH, "..").get_attribute("data-trick"), r.get_attribute("data-seat"))
            for r in revokes] == [("2", "S"), ("8", "S")]
    assert "All 13 tricks played" in browser.find_element(By.ID, "play-status").text
    assert _enabled_seats(browser) == set()

    entered = _rule(browser, server)
    expected = _file_ruling(server, "p11")
    for field in COMPARED:
        assert entered[field] == expected[field], field
    assert entered["board"] == 11 and entered["vulnerable"] == "NS"
    assert not severe_console_messages(browser)

    # Saved as JSON and PBN: both read back as the worked case
    browser.find_element(By.ID, "save-json").click()
    saved = json.loads(_wait_for_download(downloads, "board-11-5CE.json").read_text())
    assert case_to_dict(case_from_dict(saved)) == case_to_dict(case_from_dict(case))
    browser.find_element(By.ID, "save-pbn").click()
    pbn = _wait_for_download(downloads, "board-11-5CE.pbn").read_text()
    assert case_to_dict(loads_pbn(pbn)[0]) == case_to_dict(case_from_dict(case))


def test_enter_p14_as_quitted_cards_with_a_claim(server: Server, browser: Any) -> None:
    """p14: a typed deal, each player's quitted cards typed in order, a claim after trick 4."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    case = worked_case("p14")
    _open_page(browser, server, DESKTOP)
    browser.find_element(By.ID, "hand-S").send_keys(case["deal"], Keys.TAB)  # a deal in one box
    assert browser.find_element(By.ID, "hand-W").get_attribute("value") == case["deal"].split()[3]
    board = browser.find_element(By.ID, "entry-board")
    board.clear()
    board.send_keys(str(case["board"]))
    _select(browser, "entry-vul", case["vulnerable"])
    _set_contract(browser, case["contract"], case["declarer"])
    browser.find_element(By.ID, "tab-typed").click()

    # Each player's cards in the order he played them (the play record, grouped by seat)
    from revoke_equity.model.play import replay

    record = replay(case_from_dict(case))
    quitted: dict[str, list[str]] = {"N": [], "E": [], "S": [], "W": []}
    for trick in record.tricks:
        for seat, card in trick.played():
            quitted[str(seat)].append(str(card))
    # West's first card mistyped as North's: the error names the trick, the seat and the card
    wrong = dict(quitted)
    wrong["W"] = [quitted["N"][0], *quitted["W"][1:]]
    for seat, cards in wrong.items():
        box = browser.find_element(By.ID, f"quitted-{seat}")
        box.clear()
        box.send_keys(" ".join(cards))
    browser.find_element(By.ID, "derive-tricks").click()
    status = browser.find_element(By.ID, "entry-status")
    assert "error" in status.get_attribute("class")
    assert "Trick 1" in status.text and quitted["N"][0] in status.text and "West" in status.text
    box = browser.find_element(By.ID, "quitted-W")
    box.clear()
    box.send_keys(" ".join(quitted["W"]).lower())  # lower case is read too
    browser.find_element(By.ID, "derive-tricks").click()
    assert "4 tricks made" in status.text

    browser.find_element(By.ID, "claim-made").click()
    tricks = browser.find_element(By.ID, "claim-tricks")
    tricks.clear()
    tricks.send_keys(str(case["claim"]["declarer_tricks"]))
    assert browser.execute_script("return RevokeEquityEntry.caseJson().claim") == case["claim"]
    entered = _rule(browser, server)
    expected = _file_ruling(server, "p14")
    for field in COMPARED:
        assert entered[field] == expected[field], field
    assert not severe_console_messages(browser)


def test_claim_by_the_other_side_and_requirements_go_into_the_case(server: Server, browser: Any) -> None:
    """Who claimed, whether it was agreed, penalty cards and requirements are fields of the case."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    case = worked_case("p14")
    _open_page(browser, server, DESKTOP)
    browser.find_element(By.ID, "hand-N").send_keys(case["deal"], Keys.TAB)
    _set_contract(browser, case["contract"], case["declarer"])
    for card in case["play"][:4]:
        _click_card(browser, card)
    browser.find_element(By.ID, "claim-made").click()
    _select(browser, "claim-by", "E")
    browser.find_element(By.ID, "claim-agreed").click()
    browser.find_element(By.ID, "add-penalty").click()
    browser.find_element(By.CSS_SELECTOR, "#penalty-rows .row-card").send_keys("h3")
    browser.find_element(By.ID, "add-requirement").click()
    row = browser.find_element(By.CSS_SELECTOR, "#requirement-rows .extra-row")
    trick = row.find_element(By.CSS_SELECTOR, ".row-trick")
    trick.clear()
    trick.send_keys("2")
    from selenium.webdriver.support.ui import Select

    Select(row.find_element(By.CSS_SELECTOR, ".row-kind")).select_by_value("lead")
    Select(row.find_element(By.CSS_SELECTOR, ".row-suit")).select_by_value("H")
    _select(browser, "entry-noticed", "during-play")
    built = browser.execute_script("return RevokeEquityEntry.caseJson()")
    assert built["claim"] == {"after_trick": 1, "declarer_tricks": 0, "by": "E", "agreed": False}
    assert built["penalty_cards"] == [{"player": "W", "card": "H3", "from_trick": 1}]
    assert built["requirements"] == [{"trick": 2, "player": "W", "kind": "lead", "suit": "H"}]
    assert built["noticed"] == "during-play"


def test_phone_and_desktop_layout(server: Server, browser: Any, output_dir: Path) -> None:
    """At 375 x 812 nothing is wider than the screen: the entry form while the play is entered,
    and the ruling (hands, trick table, results); card buttons are big enough to tap."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    case = worked_case("p11")
    for size in (PHONE, DESKTOP):
        _open_page(browser, server, size)
        browser.find_element(By.ID, "hand-N").send_keys(case["deal"], Keys.TAB)
        board = browser.find_element(By.ID, "entry-board")
        board.clear()
        board.send_keys(str(case["board"]))
        _select(browser, "entry-vul", case["vulnerable"])
        _set_contract(browser, case["contract"], case["declarer"])
        for card in case["play"][:22]:
            _click_card(browser, card)
        layout = too_wide(browser)
        assert layout["scroll"] <= layout["viewport"] and not layout["wide"], (size, layout)
        if size == PHONE:
            sizes = browser.execute_script(
                "return Array.from(document.querySelectorAll('#entry-table button:not([disabled])'))"
                ".map(b => [b.getBoundingClientRect().width, b.getBoundingClientRect().height])")
            assert sizes and all(w >= 36 and h >= 40 for w, h in sizes), sizes
            # the hands stay put whoever is to play (N E / W S), the trick on the table above them
            tops = {h.get_attribute("data-seat"): h.location["y"]
                    for h in browser.find_elements(By.CSS_SELECTOR, "#entry-table .entry-hand")}
            centre = browser.find_element(By.CSS_SELECTOR, ".entry-centre")
            lefts = {h.get_attribute("data-seat"): h.location["x"]
                     for h in browser.find_elements(By.CSS_SELECTOR, "#entry-table .entry-hand")}
            assert centre.location["y"] < tops["N"] == tops["E"] < tops["W"] == tops["S"], tops
            assert lefts["N"] == lefts["W"] < lefts["E"] == lefts["S"], lefts
            screenshot(browser, output_dir / "phone-entry-page.png", PHONE[0])
            shot = output_dir / "phone-entry.png"
            screen_at(browser, shot, "#play-status")
            _keep(shot)
        for card in case["play"][22:]:
            _click_card(browser, card)
        _rule(browser, server)
        sheet = browser.find_element(By.CSS_SELECTOR, "article.ruling")
        assert len(sheet.find_elements(By.CSS_SELECTOR, ".diagram .hand")) == 4
        layout = too_wide(browser)
        assert layout["scroll"] <= layout["viewport"] and not layout["wide"], (size, layout)
        for css in (".diagram", "table.tricks", "table.results", "table.revokes", ".verdict"):
            box = browser.find_element(By.CSS_SELECTOR, css).rect
            assert box["x"] >= 0 and box["x"] + box["width"] <= size[0] + 0.5, (size, css, box)
        screenshot(browser, output_dir / f"ruling-{size[0]}.png", size[0])
        if size == PHONE:
            shot = output_dir / "phone-ruling.png"
            screen_at(browser, shot, "article.ruling .verdict")
            _keep(shot)
        assert not severe_console_messages(browser)


CHECK_BOXES = {"entry-auto", "entry-also", "claim-made", "claim-agreed", "also", "also-players",
               "ignore-auction", "auction-effect"}
"""The check boxes of the entry form (the claim's agreed one once a claim is ticked) and of the
paste form."""
CHECK_GAP = 16
"""The most CSS pixels between a check box and its words."""


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["375px", "1280px"])
def test_each_check_box_sits_beside_its_words(server: Server, browser: Any,
                                              size: tuple[int, int]) -> None:
    """Every check box of both forms sits just left of its words (at most ``CHECK_GAP`` px from
    them, never over them) and level with their first line, on a phone and on a desktop."""
    from selenium.webdriver.common.by import By

    _open_page(browser, server, size)
    browser.find_element(By.ID, "claim-made").click()  # shows "The other side agreed"
    measured = check_boxes(browser)
    browser.find_element(By.ID, "tab-paste").click()
    measured += check_boxes(browser)
    assert {m["id"] for m in measured} == CHECK_BOXES, measured
    for m in measured:
        assert 0 <= m["gap"] <= CHECK_GAP, (size, m)
        assert m["line"][0] <= m["middle"] <= m["line"][1], (size, m)

"""A board entered in few taps, in headless Chromium at a phone's width and a desktop's: p11 from a
hand record, counted tap by tap, first as the page needed it before (every card tapped, the
contract set by hand), then with what the page now does for the director (the contract and
declarer from the hand record's tags, forced cards playing themselves, "the rest of the trick
follows low"); the hands stay where they are, so a second quick tap never plays for the next
player; the auction entered by tapping calls. The ruling of the board entered is the worked case's.

Skipped, with the reason, when Chromium, its driver or Selenium is missing (CI installs them).
With ``REVOKE_EQUITY_SCREENSHOTS=DIR`` the 375 px screenshot of the entry is also written to DIR.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from browser_helpers import (
    DESKTOP,
    PHONE,
    hand_record,
    needs_chromium,
    screen_at,
    set_viewport,
    severe_console_messages,
    too_wide,
    wait_for,
    wait_until,
    worked_case,
)
from service_helpers import Server

CASES = Path(__file__).parent / "data" / "cases"
COMPARED = ("table", "revokes", "rectifications", "mechanical", "recommendation")
pytestmark = needs_chromium


class Taps:
    """The director's taps: a click is one, choosing from a list two (open it, choose)."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.count = 0

    def click(self, css: str) -> None:
        from selenium.webdriver.common.by import By

        self.browser.find_element(By.CSS_SELECTOR, css).click()
        self.count += 1

    def choose(self, element_id: str, value: str) -> None:
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import Select

        Select(self.browser.find_element(By.ID, element_id)).select_by_value(value)
        self.count += 2

    def open_file(self, path: Path) -> None:
        from selenium.webdriver.common.by import By

        self.browser.find_element(By.ID, "hand-record").send_keys(str(path))
        self.count += 1


def _open(browser: Any, server: Server, size: tuple[int, int], auto: bool) -> None:
    set_viewport(browser, *size)
    severe_console_messages(browser)
    browser.get(server.url + "/")
    wait_for(browser, "#entry-form")
    wait_until(browser, "window.RevokeEquityEntry !== undefined")
    browser.execute_script("const box = document.getElementById('entry-auto');"
                           f" box.checked = {'true' if auto else 'false'};"
                           " box.dispatchEvent(new Event('change'));")


def _load(browser: Any, taps: Taps, record: Path, board: int) -> None:
    taps.open_file(record)
    wait_until(browser, "document.getElementById('hand-record-board').options.length === 2")
    taps.choose("hand-record-board", "0")
    assert browser.find_element("id", "entry-board").get_attribute("value") == str(board)


def _played(browser: Any) -> int:
    return int(browser.execute_script("return window.RevokeEquityEntry.played()"))


def _settle(browser: Any) -> None:
    """Wait while a forced card is on its way to playing itself."""
    deadline = time.monotonic() + 10
    while browser.execute_script("return window.RevokeEquityEntry.pending()"):
        assert time.monotonic() < deadline, "a forced card did not play itself"
        time.sleep(0.05)


def _enter_play(browser: Any, taps: Taps, play: list[str], *, helped: bool) -> None:
    """Enter ``play``: each card tapped, or (``helped``) what the page plays by itself waited
    for and the rest of a trick that follows low given in one tap."""
    while _played(browser) < len(play):
        if helped:
            _settle(browser)
            done = _played(browser)
            if done == len(play):
                break
            low = browser.execute_script("return window.RevokeEquityEntry.followLowCards()")
            if len(low) >= 2 and play[done:done + len(low)] == low:
                taps.click("#entry-follow")
                continue
        done = _played(browser)
        taps.click(f'#entry-table button[data-card="{play[done]}"]:not([disabled])')
        assert _played(browser) == done + 1


def _rule(browser: Any, server: Server, taps: Taps) -> dict[str, Any]:
    browser.execute_script("document.getElementById('entry-estimate').value = 'dd';"
                           " document.getElementById('entry-also').checked = false")
    taps.click("#entry-rule")
    ruling_id = wait_until(browser, "(() => { const a = document.querySelector('article.ruling');"
                                    " return a && a.getAttribute('data-ruling-id'); })()")
    return httpx.get(f"{server.url}/api/v1/rulings/{ruling_id}", timeout=60).json()


def _file_ruling(server: Server, name: str) -> dict[str, Any]:
    text = next(CASES.glob(f"{name}-*.json")).read_text()
    response = httpx.post(f"{server.url}/api/v1/rulings", content=text, params={"estimate": "dd"},
                          headers={"content-type": "application/json"}, timeout=60)
    assert response.status_code == 200, response.text
    return response.json()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["375px", "1280px"])
def test_p11_from_its_hand_record_in_fewer_taps(server: Server, browser: Any, tmp_path: Path,
                                                size: tuple[int, int]) -> None:
    case = worked_case("p11")
    expected = _file_ruling(server, "p11")
    plain, tagged = tmp_path / "record.pbn", tmp_path / "scored.pbn"
    plain.write_text(hand_record([case], contract=False))
    tagged.write_text(hand_record([case], contract=True))

    # Before: the hand record's deal, the contract chosen from the lists, every card tapped (the
    # same count at either width: counted once, at the phone's)
    before = Taps(browser)
    if size == PHONE:
        _open(browser, server, size, auto=False)
        _load(browser, before, plain, case["board"])
        before.choose("entry-level", case["contract"][0])
        before.choose("entry-strain", case["contract"][1])
        before.choose("entry-declarer", case["declarer"])
        _enter_play(browser, before, case["play"], helped=False)
        entered = _rule(browser, server, before)
        assert all(entered[f] == expected[f] for f in COMPARED)
        assert before.count == 1 + 2 + 3 * 2 + len(case["play"]) + 1
    else:
        before.count = 1 + 2 + 3 * 2 + len(case["play"]) + 1  # the file, the board, 3 lists, Rule

    # After: the contract from the tags, forced cards by themselves, low follows in one tap
    _open(browser, server, size, auto=True)
    after = Taps(browser)
    _load(browser, after, tagged, case["board"])
    assert browser.find_element("id", "entry-declarer").get_attribute("value") == case["declarer"]
    _enter_play(browser, after, case["play"], helped=True)
    assert "All 13 tricks played" in browser.find_element("id", "play-status").text
    layout = too_wide(browser)
    assert layout["scroll"] <= layout["viewport"] and not layout["wide"], (size, layout)
    entered = _rule(browser, server, after)
    assert all(entered[f] == expected[f] for f in COMPARED)
    assert not severe_console_messages(browser)
    print(f"\np11 at {size[0]} px: {before.count} taps before, {after.count} after")
    assert after.count < before.count - 15, (before.count, after.count)


def test_a_second_quick_tap_never_plays_for_the_next_player(server: Server, browser: Any,
                                                             tmp_path: Path) -> None:
    """At 375 px: where a card was tapped, the next tap finds that player's hand (not to play
    now), never the next player's cards; a forced card plays itself after a visible delay, and
    Undo takes it back without it playing itself again."""
    from selenium.webdriver.common.by import By

    case = worked_case("p11")
    record = tmp_path / "scored.pbn"
    record.write_text(hand_record([case], contract=True))
    _open(browser, server, PHONE, auto=False)
    taps = Taps(browser)
    _load(browser, taps, record, case["board"])
    for card in case["play"][:30]:
        button = browser.find_element(By.CSS_SELECTOR, f'#entry-table button[data-card="{card}"]')
        box = browser.execute_script("const r = arguments[0].getBoundingClientRect();"
                                     " return [r.left + r.width / 2, r.top + r.height / 2];", button)
        seat = button.get_attribute("data-seat")
        button.click()
        under = browser.execute_script(
            "const n = document.elementFromPoint(arguments[0], arguments[1]);"
            " const b = n && n.closest('button.card-button');"
            " return b ? [b.getAttribute('data-seat'), b.disabled] : null;", *box)
        assert under is None or under == [seat, True] or under[1] is True, (card, seat, under)
    layout = too_wide(browser)
    assert layout["scroll"] <= layout["viewport"] and not layout["wide"], layout
    shot = tmp_path / "phone-entry.png"
    screen_at(browser, shot, "#play-status")
    folder = os.environ.get("REVOKE_EQUITY_SCREENSHOTS")
    if folder:
        shutil.copy(shot, Path(folder) / shot.name)

    # the last trick: every card is forced; the first shows, then plays itself
    for card in case["play"][30:48]:
        browser.find_element(By.CSS_SELECTOR, f'#entry-table button[data-card="{card}"]').click()
    browser.execute_script("const box = document.getElementById('entry-auto'); box.checked = true;"
                           " box.dispatchEvent(new Event('change'));")
    forced = wait_for(browser, "#entry-table button.card-button.forced")
    assert forced.get_attribute("data-card") == case["play"][48]
    assert _played(browser) == 48 and "plays itself" in browser.find_element(By.ID, "play-status").text
    wait_until(browser, "window.RevokeEquityEntry.played() === 52", timeout=10)
    for _ in range(4):
        browser.find_element(By.ID, "entry-undo").click()
    time.sleep(1.5)  # twice the delay: the card taken back stays in the hand
    assert _played(browser) == 48
    assert not severe_console_messages(browser)


def test_the_auction_tapped_sets_the_contract_and_goes_into_the_case(server: Server, browser: Any,
                                                                    tmp_path: Path) -> None:
    """Board 11, South deals: Pass, Pass, Pass, 5C by East, three passes: 5C by East, and the case
    carries the auction (docs/auction.md) that the service accepts."""
    from selenium.webdriver.common.by import By

    case = worked_case("p11")
    record = tmp_path / "record.pbn"
    record.write_text(hand_record([case], contract=False))
    _open(browser, server, DESKTOP, auto=True)
    taps = Taps(browser)
    _load(browser, taps, record, case["board"])
    taps.click("#auction-entry summary")
    assert "South to call" in browser.find_element(By.ID, "auction-status").text
    assert browser.find_element(By.CSS_SELECTOR, '#call-grid button[data-call="X"]').get_attribute("disabled")
    for call in ["P", "P", "P", "5C"]:
        taps.click(f'#call-grid button[data-call="{call}"]')
    below = browser.find_element(By.CSS_SELECTOR, '#call-grid button[data-call="4S"]')
    assert below.get_attribute("disabled")
    for call in ["P", "P", "P"]:
        taps.click(f'#call-grid button[data-call="{call}"]')
    assert "5C by East" in browser.find_element(By.ID, "auction-status").text
    assert browser.find_element(By.ID, "entry-declarer").get_attribute("value") == "E"
    assert browser.find_element(By.ID, "entry-strain").get_attribute("value") == "C"
    _enter_play(browser, taps, case["play"], helped=True)
    entered = browser.execute_script("return window.RevokeEquityEntry.caseJson()")
    assert entered["auction"] == ["P", "P", "P", "5C", "P", "P", "P"] and "dealer" not in entered
    posted = httpx.post(f"{server.url}/api/v1/rulings", json=entered, params={"estimate": "dd"},
                        timeout=60)
    assert posted.status_code == 200, posted.text
    assert posted.json()["recommendation"] == _file_ruling(server, "p11")["recommendation"]


def test_the_auction_typed_with_an_alert_goes_into_the_case(server: Server, browser: Any,
                                                            tmp_path: Path) -> None:
    """Board 11, South deals: the calls typed (an illegal one refused, naming it), 5C alerted;
    the case carries the calls and the alert, which the service reads back."""
    from selenium.webdriver.common.by import By

    case = worked_case("p11")
    record = tmp_path / "record.pbn"
    record.write_text(hand_record([case], contract=False))
    _open(browser, server, DESKTOP, auto=True)
    taps = Taps(browser)
    _load(browser, taps, record, case["board"])
    taps.click("#auction-entry summary")

    def typed(text: str) -> None:
        field = browser.find_element(By.ID, "auction-typed")
        field.clear()
        field.send_keys(text)
        taps.click("#auction-use-typed")

    typed("P P P 5C! P P 4S")
    status = browser.find_element(By.ID, "entry-status").text
    assert "Call 7 (North)" in status and "4S" in status, status
    empty = "return document.querySelectorAll('#auction-table td:not(:empty)').length"
    assert browser.execute_script(empty) == 0  # the auction is left as it was
    typed("pass p p 5c! p p p")
    assert "5C by East" in browser.find_element(By.ID, "auction-status").text
    assert browser.find_element(By.ID, "entry-declarer").get_attribute("value") == "E"
    cells = [c.text for c in browser.find_elements(By.CSS_SELECTOR, "#auction-table td") if c.text]
    assert cells == ["Pass", "Pass", "Pass", "5♣!", "Pass", "Pass", "Pass"]
    # the alert of the last call toggles on and off
    taps.click("#auction-alert")
    assert browser.find_element(By.ID, "auction-alert").get_attribute("aria-pressed") == "true"
    taps.click("#auction-alert")
    _enter_play(browser, taps, case["play"], helped=True)
    entered = browser.execute_script("return window.RevokeEquityEntry.caseJson()")
    assert entered["auction"] == ["P", "P", "P", "5C", "P", "P", "P"] and entered["alerted"] == [3]
    posted = httpx.post(f"{server.url}/api/v1/rulings", json=entered, params={"estimate": "dd"},
                        timeout=60)
    assert posted.status_code == 200, posted.text
    assert posted.json()["auction"]["alerted"] == [3]

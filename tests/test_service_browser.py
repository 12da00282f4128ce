"""The directors' page in a real headless Chromium (Debian's ``chromium`` + ``chromium-driver``,
driven by Selenium): paste a PBN board, rule, see the revoke marked and the law cited.

Skipped, with the reason, when Chromium, its driver or Selenium is missing; CI installs them.
Screenshots go to ``<pytest tmp dir>/test-output/`` and their paths are printed.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from browser_helpers import (
    DESKTOP,
    board_1_pbn,
    needs_chromium,
    reset_viewport,
    screenshot,
    severe_console_messages,
    wait_for,
    wait_until,
)
from service_helpers import Server

CASES = Path(__file__).parent / "data" / "cases"
pytestmark = needs_chromium


@pytest.fixture
def output_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "test-output"
    folder.mkdir()
    return folder


def test_paste_pbn_rule_and_see_the_revoke(server: Server, browser: Any, output_dir: Path) -> None:
    from selenium.webdriver.common.by import By

    browser.get(server.url + "/")
    wait_for(browser, "#case-text")
    assert "Revoke ruling" in browser.title
    browser.find_element(By.ID, "tab-paste").click()
    browser.find_element(By.ID, "case-text").send_keys(board_1_pbn())
    from selenium.webdriver.support.ui import Select

    Select(browser.find_element(By.ID, "estimate")).select_by_value("dd")
    browser.find_element(By.ID, "submit").click()
    sheet = wait_for(browser, "article.ruling")

    # The revoke at trick 4 (East's C2) is marked in the trick table
    revoke = sheet.find_element(By.CSS_SELECTOR, 'table.tricks td.revoke[data-trick="4"]')
    assert revoke.get_attribute("data-seat") == "E"
    assert "2" in revoke.text and "R" in revoke.text
    assert "REVOKE" in revoke.get_attribute("title")
    assert len(sheet.find_elements(By.CSS_SELECTOR, "table.tricks td.revoke")) == 1
    # Law 64A1 in the ruling steps, the verdict and the revoke table
    steps = sheet.find_element(By.CSS_SELECTOR, "ol.steps").text
    assert "Law 64A1" in steps and "Law 61A" in steps
    # each citation in bold from the ruling's steps, with the clauses it cites
    cited = {(c.text, c.get_attribute("data-laws"))
             for c in sheet.find_elements(By.CSS_SELECTOR, "ol.steps strong.law-ref")}
    assert {("Law 61A", "61A"), ("Law 63A1", "63A1"), ("Law 64A1", "64A1")} <= cited
    verdict = sheet.find_element(By.CSS_SELECTOR, ".verdict").text
    assert "Law 64A1" in verdict and "12 tricks" in verdict and "NS +620" in verdict
    because = {(c.text, c.get_attribute("data-laws"))
               for c in sheet.find_elements(By.CSS_SELECTOR, ".verdict-kind strong.law-ref")}
    assert ("Law 64A1", "64A1") in because
    results = sheet.find_element(By.CSS_SELECTOR, "table.results").text
    for label in ("Table result", "After rectification", "Double-dummy (dd)", "Recommended"):
        assert label in results
    # the default estimate is left to the service, which shows single-dummy players beside it
    assert "Beside it: Single-dummy (sd)" in results and "not the score to enter" in results
    likely = sheet.find_element(By.CSS_SELECTOR, "section.distribution-block")
    assert "the likely result without the revoke" in likely.text.lower() and "Law 64C1" in likely.text
    assert likely.find_elements(By.CSS_SELECTOR, ".bar-row.likely")
    assert "NS −100" in results and "NS +600" in results
    # The four hands, a handviewer link and the ruling id
    assert len(sheet.find_elements(By.CSS_SELECTOR, ".diagram .hand")) == 4
    link = sheet.find_element(By.PARTIAL_LINK_TEXT, "handviewer").get_attribute("href")
    assert link.startswith("https://www.bridgebase.com/tools/handviewer.html?lin=")
    ruling_id = sheet.get_attribute("data-ruling-id")
    assert len(ruling_id) == 32 and ruling_id in sheet.text
    assert not severe_console_messages(browser)

    screen = output_dir / "ruling-page.png"
    screenshot(browser, screen, DESKTOP[0])
    print(f"\nscreenshot: {screen}")

    # Print media hides the form (the ruling sheet itself is the service's: test_sheet_browser.py)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        assert not browser.find_element(By.ID, "input-panel").is_displayed()
        printed = output_dir / "ruling-print.png"
        screenshot(browser, printed, DESKTOP[0])
        print(f"print view: {printed}")
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})

    # The stored ruling opens again from its link (#ruling=id)
    browser.get(f"{server.url}/#ruling={ruling_id}")
    again = wait_for(browser, "article.ruling")
    assert again.get_attribute("data-ruling-id") == ruling_id
    assert again.find_elements(By.CSS_SELECTOR, 'table.tricks td.revoke[data-trick="4"]')


def test_bad_board_shows_where_it_is_wrong(server: Server, browser: Any, output_dir: Path) -> None:
    from selenium.webdriver.common.by import By

    browser.get(server.url + "/")
    browser.find_element(By.ID, "tab-paste").click()
    text = board_1_pbn().replace("C2 H9 H4 H7", "C2 H9 H4 SA")  # North cannot hold SA
    box = browser.find_element(By.ID, "case-text")
    box.send_keys(text)
    browser.find_element(By.ID, "submit").click()
    error = wait_for(browser, ".error-box")
    # the error is brought into view and focused, and the status line says where to look
    wait_until(browser, "(() => { const box = document.querySelector('.error-box')"
                        ".getBoundingClientRect(); return box.top >= 0 && box.top < innerHeight; })()")
    assert browser.execute_script("return document.activeElement.classList.contains('error-box')")
    assert "Could not rule" in browser.find_element(By.ID, "status").text
    assert "trick 4" in error.text.lower() or "4" in error.find_element(By.CSS_SELECTOR, "tbody").text
    cells = [td.text for td in error.find_elements(By.CSS_SELECTOR, "tbody td")]
    assert cells[0] == "1" and cells[2] == "4" and cells[3] == "North" and "A" in cells[4]
    assert "does not hold SA" in error.text
    # Request data is shown as text, never as markup: a card that is an HTML image tag comes back
    # in the error message, which must show it literally and not run its handler.
    payload = '<img src=x onerror="window.injected=1">'
    case = json.loads((CASES / "p01-64A1-offender-won-revoke-trick.json").read_text())["case"]
    case["play"][5] = payload
    browser.find_element(By.ID, "clear").click()
    box = browser.find_element(By.ID, "case-text")
    browser.execute_script("arguments[0].value = arguments[1]", box, json.dumps(case))
    browser.find_element(By.ID, "submit").click()
    error = wait_for(browser, ".error-box")
    assert payload in error.text
    assert not browser.find_elements(By.CSS_SELECTOR, "img")
    time.sleep(0.5)  # an image that failed to load would have run its handler by now
    assert browser.execute_script("return window.injected") is None
    screenshot(browser, output_dir / "error.png", DESKTOP[0])


def test_api_docs_render_offline(server: Server, browser: Any, output_dir: Path) -> None:
    """/docs (Swagger UI) renders every operation from files this server serves: no other host is
    reachable from this browser (see browser_helpers), and the page's policy allows none."""
    from selenium.webdriver.common.by import By

    reset_viewport(browser)
    severe_console_messages(browser)  # drop what earlier tests logged
    browser.get(server.url + "/docs")
    wait_until(browser, "document.querySelectorAll('.opblock').length >= 5")
    paths = {e.text for e in browser.find_elements(By.CSS_SELECTOR, ".opblock-summary-path")}
    assert {"/api/v1/rulings", "/api/v1/rulings/{ruling_id}", "/api/v1/health"} <= paths, paths
    loaded = browser.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name)")
    assert any("/static-docs/swagger-ui-bundle.js" in url for url in loaded)
    assert all(url.startswith(server.url) for url in loaded), loaded
    assert not severe_console_messages(browser)
    screenshot(browser, output_dir / "docs.png", DESKTOP[0])


def test_disputed_claim_is_shown_in_the_trick_table(server: Server, browser: Any) -> None:
    """l01: declarer S claimed after E's revoke at trick 6 and the defenders did not agree."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    reset_viewport(browser)
    browser.get(server.url + "/")
    wait_for(browser, "#case-text")
    severe_console_messages(browser)  # drop the messages of earlier tests
    browser.find_element(By.ID, "tab-paste").click()
    text = (CASES.parent / "laws" / "l01-claim-disputed.json").read_text()
    browser.execute_script("document.getElementById('case-text').value = arguments[0]", text)
    Select(browser.find_element(By.ID, "estimate")).select_by_value("dd")
    beside = browser.find_element(By.ID, "also")
    assert beside.is_selected() and "single-dummy (sd) beside it" in beside.find_element(
        By.XPATH, "..").text
    beside.click()  # double-dummy alone: no estimate beside it
    browser.find_element(By.ID, "submit").click()
    sheet = wait_for(browser, "article.ruling")
    assert not sheet.find_elements(By.CSS_SELECTOR, "table.results tr.beside")
    claim = sheet.find_element(By.CSS_SELECTOR, "table.tricks tr.claim-row").text
    assert "Claim after trick 6 by South, not agreed by the other side" in claim
    steps = sheet.find_element(By.CSS_SELECTOR, "ol.steps").text
    assert "Not established" in steps and "did not agree" in steps
    # the DD column follows the corrected play (Law 62): E's H2 withdrawn, D8 played
    note = sheet.find_element(By.CSS_SELECTOR, "p.trace-changes").text
    assert note.startswith("From trick 6 the DD column follows the corrected play")
    assert "trick 6, East:" in note and "(Law 62B1)" in note
    assert not severe_console_messages(browser)



def test_results_not_drawn_are_named_under_the_bars(server: Server, browser: Any) -> None:
    """p02 ruled single-dummy (sampled playouts): under the sd bars, one line names the results
    the ruling gives an interval but no probability, with their highest upper bound (the Wilson
    bound of 0 of the playouts, worked out here); the drawn results keep their bars."""
    import httpx
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    reset_viewport(browser)
    browser.get(server.url + "/")
    wait_for(browser, "#case-text")
    severe_console_messages(browser)  # drop the messages of earlier tests
    browser.find_element(By.ID, "tab-paste").click()
    text = (CASES / "p02-64A2-declarer-revoked.json").read_text()
    browser.execute_script("document.getElementById('case-text').value = arguments[0]", text)
    Select(browser.find_element(By.ID, "estimate")).select_by_value("sd")
    browser.find_element(By.ID, "submit").click()
    sheet = wait_for(browser, "article.ruling", 300)  # seconds of work today
    with httpx.Client(base_url=server.url, timeout=60) as api:
        stored = api.get(f"/api/v1/rulings/{sheet.get_attribute('data-ruling-id')}").json()
    sd = stored["equity"]["estimates"]["sd"]
    n = sd["parameters"]["playouts"]
    unseen = sorted(int(t) for t in set(sd["interval"]) - set(sd["distribution"]))
    assert unseen  # 60 or 80 playouts of p02 draw two or three of its six results
    runs: list[list[int]] = []
    for t in unseen:
        if runs and runs[-1][-1] == t - 1:
            runs[-1].append(t)
        else:
            runs.append([t])
    ranges = ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)
    z2 = 1.959963984540054 ** 2
    lines = sheet.find_elements(By.CSS_SELECTOR, "section.distribution-block .estimate-unseen")
    assert [e.text for e in lines] == [
        f"Not seen in {n} playouts: {ranges} tricks, {'each ' if len(unseen) > 1 else ''}at "
        f"most {100 * z2 / (n + z2):.1f}% (95% interval)."]
    assert not severe_console_messages(browser)


def test_a_job_the_service_no_longer_knows_is_not_followed_for_ever(server: Server,
                                                                    browser: Any) -> None:
    """When the job's progress URL answers 404 (the service restarted), the page stops polling,
    says so, and the Rule button works again."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    browser.get(server.url + "/")
    wait_for(browser, "#case-text")
    browser.execute_script("""
        window.polls = 0;
        const real = window.fetch;
        window.fetch = (url, options) => {
          if (String(url).includes("/api/v1/jobs/") && !(options && options.method === "DELETE")) {
            window.polls += 1;
            return Promise.resolve(new Response(JSON.stringify({detail: "no ruling job 'x'"}),
              {status: 404, headers: {"content-type": "application/json"}}));
          }
          return real(url, options);
        };
    """)
    browser.find_element(By.ID, "tab-paste").click()
    browser.find_element(By.ID, "case-text").send_keys(board_1_pbn())
    Select(browser.find_element(By.ID, "estimate")).select_by_value("dd")
    browser.find_element(By.ID, "submit").click()
    error = wait_for(browser, ".error-box")
    assert "no longer knows this ruling job" in error.text and "no ruling job 'x'" in error.text
    polls = browser.execute_script("return window.polls")
    time.sleep(1.0)  # four polls a second were it still following
    assert browser.execute_script("return window.polls") == polls == 1
    assert browser.find_element(By.ID, "submit").is_enabled()
    assert not browser.find_elements(By.ID, "job-progress")

"""The page's progress and cancel in a real headless Chromium: pressing Rule shows the stage, a bar
that moves as the estimate's playouts advance, and the elapsed time of the ruling job; Cancel stops
it (no ruling shown or logged, the worker
replaced, the pool whole again), and a ruling followed to its end is shown as before.

Skipped, with the reason, when Chromium, its driver or Selenium is missing; CI installs them.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx

from browser_helpers import DESKTOP, needs_chromium, screenshot, wait_for, wait_until
from service_helpers import Server
from service_helpers import wait_until as wait_for_condition

EXAMPLE = (Path(__file__).parents[1] / "src" / "revoke_equity" / "examples"
           / "two-revokes-same-suit.json").read_text()
pytestmark = needs_chromium
BAR_MOVED = r"""(() => {
  const stage = document.getElementById('job-stage'), bar = document.getElementById('job-bar');
  if (!stage || !bar) return false;
  const text = stage.textContent, value = Number(bar.value);
  const playouts = text.match(/ playouts, \+\/-[0-9.]+ (\(.+\))$/);
  if (!playouts) return false;
  const first = window.barAtFirstPlayouts || (window.barAtFirstPlayouts = {});
  if (!(playouts[1] in first)) { first[playouts[1]] = value; return false; }
  return value > first[playouts[1]];
})()"""
"""Whether the bar stands higher than when the estimate now running first showed its playouts:
the bar moves within an estimate, not only from one stage to the next."""


def _rule(browser: Any, server: Server, estimate: str) -> float:
    """Paste the bundled example and press Rule; the time the press was made."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    browser.get(server.url + "/")
    wait_for(browser, "#case-text")
    browser.find_element(By.ID, "tab-paste").click()
    browser.execute_script("document.getElementById('case-text').value = arguments[0];", EXAMPLE)
    Select(browser.find_element(By.ID, "estimate")).select_by_value(estimate)
    pressed = time.monotonic()
    browser.find_element(By.ID, "submit").click()
    return pressed


def test_progress_is_shown_and_cancel_stops_the_ruling(server: Server, browser: Any,
                                                      tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    with httpx.Client(base_url=server.url, timeout=60) as api:
        before = api.get("/api/v1/health").json()["workers"]
        logged = api.get("/api/v1/rulings").json()["total"]
        pressed = _rule(browser, server, "sd")  # the single-dummy ruling: seconds of work
        wait_for(browser, "#job-progress")
        first = time.monotonic() - pressed
        # The stage the worker reports (its advance first: the trunk's decisions, the playouts),
        # a bar and the elapsed time
        wait_until(browser, "document.getElementById('job-stage').textContent"
                            ".includes('estimate')", 120)
        stage = browser.find_element(By.ID, "job-stage").text
        assert "estimate" in stage and "Law 64C" in stage
        bar = browser.find_element(By.ID, "job-bar")
        assert bar.tag_name == "progress" and 0 <= float(bar.get_attribute("value")) < 1
        wait_until(browser, BAR_MOVED, 120)
        assert float(bar.get_attribute("value")) < 1
        assert browser.find_element(By.ID, "job-elapsed").text.endswith(" s")
        screenshot(browser, tmp_path / "progress.png", DESKTOP[0])
        print(f"\nfirst progress {first:.2f} s after Rule; screenshot: {tmp_path / 'progress.png'}")

        browser.find_element(By.ID, "job-cancel").click()
        wait_until(browser, "document.getElementById('status').textContent"
                            ".startsWith('Cancelled')", 30)
        assert not browser.find_elements(By.CSS_SELECTOR, "article.ruling")
        assert wait_for_condition(lambda: api.get("/api/v1/health").json()["workers"]["replaced"]
                                  == before["replaced"] + 1, 60)
        assert wait_for_condition(lambda: api.get("/api/v1/health").json()["workers"]["alive"]
                                  == before["configured"], 120)
        assert api.get("/api/v1/rulings").json()["total"] == logged


def test_a_followed_ruling_is_shown_and_logged_once(server: Server, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    _rule(browser, server, "dd")
    sheet = wait_for(browser, "article.ruling", 120)
    ruling_id = sheet.get_attribute("data-ruling-id")
    assert "board ruled" in browser.find_element(By.ID, "status").text
    assert not browser.find_elements(By.ID, "job-progress")
    with httpx.Client(base_url=server.url, timeout=60) as api:
        ids = [r["id"] for r in api.get("/api/v1/rulings", params={"limit": 500}).json()["items"]]
        assert ids.count(ruling_id) == 1
        assert api.get(f"/api/v1/rulings/{ruling_id}").json()["id"] == ruling_id

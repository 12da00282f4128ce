"""The directors' page in a real headless Chromium (Debian's ``chromium`` + ``chromium-driver``,
driven by Selenium): paste a PBN board, rule, see the revoke marked and the law cited.

Skipped, with the reason, when Chromium, its driver or Selenium is missing; CI installs them.
Screenshots go to ``<pytest tmp dir>/test-output/`` and their paths are printed.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from service_helpers import Server

CASES = Path(__file__).parent / "data" / "cases"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage", "--window-size=1280,1000", "--lang=en-GB",
]

pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (apt-get install chromium)"),
    pytest.mark.skipif(CHROMEDRIVER is None,
                       reason="chromedriver is not installed (apt-get install chromium-driver)"),
]


def _board_1_pbn() -> str:
    """Board 1 of p-boards.pbn (p01: East revokes at trick 4 and wins it, Law 64A1)."""
    text = (CASES / "p-boards.pbn").read_text()
    second = text.index("[Event", text.index("[Event") + 1)
    return text[:second].strip() + "\n"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("browser")
    srv = Server(folder / "log.sqlite", folder / "server.log").start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    webdriver = pytest.importorskip("selenium.webdriver", reason="Selenium is not installed")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="revoke-equity-chromium-")
    for flag in [*CHROMIUM_FLAGS, f"--user-data-dir={profile}"]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def output_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "test-output"
    folder.mkdir()
    return folder


def _wait(driver: Any, css: str, timeout: float = 60) -> Any:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout).until(
        expected_conditions.presence_of_element_located((By.CSS_SELECTOR, css)))


def _full_page_screenshot(driver: Any, path: Path) -> None:
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(1280, min(int(height) + 40, 6000))
    driver.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.3)
    driver.save_screenshot(str(path))
    driver.set_window_size(1280, 1000)


def _severe_console_messages(driver: Any) -> list[str]:
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def test_paste_pbn_rule_and_see_the_revoke(server: Server, browser: Any, output_dir: Path) -> None:
    from selenium.webdriver.common.by import By

    browser.get(server.url + "/")
    _wait(browser, "#case-text")
    assert "Revoke ruling" in browser.title
    browser.find_element(By.ID, "case-text").send_keys(_board_1_pbn())
    browser.find_element(By.ID, "submit").click()
    sheet = _wait(browser, "article.ruling")

    # The revoke at trick 4 (East's C2) is marked in the trick table
    revoke = sheet.find_element(By.CSS_SELECTOR, 'table.tricks td.revoke[data-trick="4"]')
    assert revoke.get_attribute("data-seat") == "E"
    assert "2" in revoke.text and "R" in revoke.text
    assert "REVOKE" in revoke.get_attribute("title")
    assert len(sheet.find_elements(By.CSS_SELECTOR, "table.tricks td.revoke")) == 1
    # Law 64A1 in the ruling steps, the verdict and the revoke table
    steps = sheet.find_element(By.CSS_SELECTOR, "ol.steps").text
    assert "Law 64A1" in steps and "Law 61A" in steps
    verdict = sheet.find_element(By.CSS_SELECTOR, ".verdict").text
    assert "Law 64A1" in verdict and "12 tricks" in verdict and "NS +620" in verdict
    results = sheet.find_element(By.CSS_SELECTOR, "table.results").text
    for label in ("Table result", "After rectification", "Double-dummy equity", "Replay estimate",
                  "Recommended"):
        assert label in results
    assert "NS −100" in results and "NS +600" in results
    # The four hands, a handviewer link and the ruling id
    assert len(sheet.find_elements(By.CSS_SELECTOR, ".diagram .hand")) == 4
    link = sheet.find_element(By.PARTIAL_LINK_TEXT, "handviewer").get_attribute("href")
    assert link.startswith("https://www.bridgebase.com/tools/handviewer.html?lin=")
    ruling_id = sheet.get_attribute("data-ruling-id")
    assert len(ruling_id) == 32 and ruling_id in sheet.text
    assert not _severe_console_messages(browser)

    screen = output_dir / "ruling-page.png"
    _full_page_screenshot(browser, screen)
    print(f"\nscreenshot: {screen}")

    # The printable sheet: print media hides the form and shows the signature lines
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        assert not browser.find_element(By.ID, "input-panel").is_displayed()
        assert sheet.find_element(By.CSS_SELECTOR, ".signature").is_displayed()
        printed = output_dir / "ruling-print.png"
        _full_page_screenshot(browser, printed)
        print(f"print view: {printed}")
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})

    # The stored ruling opens again from its link (#ruling=id)
    browser.get(f"{server.url}/#ruling={ruling_id}")
    again = _wait(browser, "article.ruling")
    assert again.get_attribute("data-ruling-id") == ruling_id
    assert again.find_elements(By.CSS_SELECTOR, 'table.tricks td.revoke[data-trick="4"]')


def test_bad_board_shows_where_it_is_wrong(server: Server, browser: Any, output_dir: Path) -> None:
    from selenium.webdriver.common.by import By

    browser.get(server.url + "/")
    text = _board_1_pbn().replace("C2 H9 H4 H7", "C2 H9 H4 SA")  # North cannot hold SA
    box = browser.find_element(By.ID, "case-text")
    box.send_keys(text)
    browser.find_element(By.ID, "submit").click()
    error = _wait(browser, ".error-box")
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
    error = _wait(browser, ".error-box")
    assert payload in error.text
    assert not browser.find_elements(By.CSS_SELECTOR, "img")
    time.sleep(0.5)  # an image that failed to load would have run its handler by now
    assert browser.execute_script("return window.injected") is None
    _full_page_screenshot(browser, output_dir / "error.png")

"""Headless Chromium for the page's tests: Debian's ``chromium`` and ``chromium-driver`` driven by
Selenium (never a downloaded browser or driver), with no network but this machine.

Every host name but ``127.0.0.1`` and ``localhost`` is made unresolvable (``--host-resolver-rules``),
so a page that would load anything from a CDN fails here as it would at a club with no internet.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from revoke_equity.model.contract import dealer_for_board

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage", "--window-size=1280,1000", "--lang=en-GB",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
]
CASES = Path(__file__).parent / "data" / "cases"
PHONE = (375, 812)
"""A phone's viewport in CSS pixels (iPhone X/11 Pro/12 mini class)."""
DESKTOP = (1280, 1000)

needs_chromium = [
    pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (apt-get install chromium)"),
    pytest.mark.skipif(CHROMEDRIVER is None,
                       reason="chromedriver is not installed (apt-get install chromium-driver)"),
]


@contextmanager
def chromium() -> Iterator[Any]:
    """A headless Chromium session (Selenium WebDriver); skips when Selenium is missing."""
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


def wait_for(driver: Any, css: str, timeout: float = 60) -> Any:
    """The first element matching ``css``, once there (at most ``timeout`` seconds)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout).until(
        expected_conditions.presence_of_element_located((By.CSS_SELECTOR, css)))


def wait_until(driver: Any, script: str, timeout: float = 60) -> Any:
    """The value of the JavaScript expression ``script`` once it is truthy."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout).until(lambda d: d.execute_script("return " + script))


def set_viewport(driver: Any, width: int, height: int) -> None:
    """Make the page's viewport ``width`` x ``height`` CSS pixels (device metrics emulation, so the
    window's own frame does not count), with touch input as a phone has it when narrow."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": width < 600})


def reset_viewport(driver: Any) -> None:
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def too_wide(driver: Any) -> dict[str, Any]:
    """What sticks out of the viewport: the page's scroll width and every visible element whose
    box passes the viewport's left or right edge (no exception for boxes that scroll)."""
    return driver.execute_script("""
        const width = document.documentElement.clientWidth;
        const wide = [];
        for (const node of document.querySelectorAll("body *")) {
          const box = node.getBoundingClientRect();
          if (!box.width || !box.height || getComputedStyle(node).visibility === "hidden") continue;
          if (box.right > width + 0.5 || box.left < -0.5) {
            wide.push((node.id ? "#" + node.id : node.tagName.toLowerCase() + "." + node.className)
                      + " " + Math.round(box.left) + ".." + Math.round(box.right));
          }
        }
        return {viewport: width, scroll: document.documentElement.scrollWidth, wide: wide.slice(0, 20)};
    """)


def check_boxes(driver: Any) -> list[dict[str, Any]]:
    """Each shown check box in a ``<label>`` and where its words are: ``id``, ``gap`` (CSS pixels
    from the box's right edge to the words' left edge), ``middle`` (the box's vertical centre)
    and ``line`` (the top and bottom of the words' first line)."""
    return list(driver.execute_script("""
        const out = [];
        for (const label of document.querySelectorAll("label")) {
          const box = label.querySelector("input[type=checkbox]");
          if (!box || !label.getClientRects().length) continue;
          const texts = [...label.childNodes].filter((n) => n.nodeType === 3 && n.textContent.trim());
          const first = texts[0], last = texts[texts.length - 1];
          const words = document.createRange();
          words.setStart(first, first.textContent.search(/\\S/));
          words.setEnd(last, last.textContent.trimEnd().length);
          const line = words.getClientRects()[0], rect = box.getBoundingClientRect();
          out.push({id: box.id, gap: line.left - rect.right, middle: (rect.top + rect.bottom) / 2,
                    line: [line.top, line.bottom]});
        }
        return out;
    """))


def screenshot(driver: Any, path: Path, width: int) -> None:
    """A full-page screenshot at ``width`` CSS pixels (the height of the whole page)."""
    set_viewport(driver, width, 800)
    height = int(driver.execute_script("return document.documentElement.scrollHeight"))
    set_viewport(driver, width, min(height, 8000))
    driver.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.3)
    path.parent.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(path))
    set_viewport(driver, width, PHONE[1] if width < 600 else DESKTOP[1])


def screen_at(driver: Any, path: Path, css: str) -> None:
    """A screenshot of the viewport as it is, scrolled to the element ``css`` (what a phone shows)."""
    driver.execute_script(f"document.querySelector({css!r}).scrollIntoView({{block: 'start'}})")
    time.sleep(0.3)
    path.parent.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(path))


def severe_console_messages(driver: Any) -> list[str]:
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium session for a test module (import it into the module to use it)."""
    with chromium() as driver:
        yield driver


@pytest.fixture(scope="module")
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The service on loopback for a test module, with its own log and ruling store."""
    from service_helpers import Server

    folder = tmp_path_factory.mktemp(request.module.__name__.removeprefix("test_"))
    with Server(folder / "log.sqlite", folder / "server.log") as srv:
        yield srv


def worked_case(name: str) -> dict[str, Any]:
    """The case of the worked case file ``name`` (``p11``: tests/data/cases/p11-*.json)."""
    return dict(json.loads(next(CASES.glob(f"{name}-*.json")).read_text())["case"])


def hand_record(cases: list[dict[str, Any]], *, contract: bool = False) -> str:
    """A dealing machine's hand record of ``cases``' deals (Board, Dealer, Vulnerable, Deal; no
    play); with ``contract``, as a scoring program writes it after the session (its Declarer and
    Contract tags too)."""
    lines = ["% PBN 2.1", "% hand record", ""]
    for case in cases:
        board = case["board"]
        lines += ['[Event "Club pairs"]', f'[Board "{board}"]',
                  f'[Dealer "{dealer_for_board(board)}"]',
                  f'[Vulnerable "{case["vulnerable"]}"]', f'[Deal "{case["deal"]}"]']
        if contract:
            lines += [f'[Declarer "{case["declarer"]}"]', f'[Contract "{case["contract"]}"]']
        lines.append("")
    return "\n".join(lines)


def board_1_pbn() -> str:
    """Board 1 of p-boards.pbn (p01: East revokes at trick 4 and wins it, Law 64A1)."""
    text = (CASES / "p-boards.pbn").read_text()
    second = text.index("[Event", text.index("[Event") + 1)
    return text[:second].strip() + "\n"

"""The printed ruling sheet, in headless Chromium: the page prints the service's sheet (the one
``rule --format html`` writes) with the event, session, table and pairs typed on the page, and each
worked case's sheet prints on one A4 page (Chromium's print to PDF, its pages counted).

Skipped, with the reason, when Chromium, its driver or Selenium is missing; CI installs them.
"""

from __future__ import annotations

import base64
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from browser_helpers import (
    DESKTOP,
    needs_chromium,
    set_viewport,
    severe_console_messages,
    wait_for,
    wait_until,
)
from service_helpers import Server

CASES = Path(__file__).parent / "data" / "cases"
WORKED = sorted(CASES.glob("p*.json"))
pytestmark = needs_chromium


def _post(server: Server, path: Path) -> dict[str, Any]:
    response = httpx.post(f"{server.url}/api/v1/rulings", content=path.read_text(),
                          params={"estimate": "dd"}, headers={"content-type": "application/json"},
                          timeout=120)
    assert response.status_code == 200, response.text
    return response.json()


def _pdf_pages(pdf: bytes) -> int:
    """The pages of a PDF as Chromium writes it: its page objects (``/Type /Page``, not ``/Pages``)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


def test_the_page_prints_the_services_sheet(server: Server, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    ruling = _post(server, next(CASES.glob("p11-*.json")))
    set_viewport(browser, *DESKTOP)
    browser.get(f"{server.url}/#ruling={ruling['id']}")
    sheet = wait_for(browser, "article.ruling")
    for field, value in (("sheet-event", "Club pairs"), ("sheet-session", "Evening"),
                         ("sheet-table", "7"), ("sheet-ns", "3"), ("sheet-ew", "12")):
        browser.find_element(By.ID, field).send_keys(value)
    sheet.find_element(By.XPATH, ".//button[text()='Print ruling sheet']").click()
    wait_until(browser, "document.getElementById('sheet-frame') &&"
                        " document.getElementById('sheet-frame').dataset.loaded === 'true'")
    framed = browser.execute_script(
        "return document.getElementById('sheet-frame').contentDocument.documentElement.outerHTML")
    served = httpx.get(f"{server.url}/api/v1/rulings/{ruling['id']}/sheet",
                       params={"event": "Club pairs", "session": "Evening", "table": "7",
                               "ns_pair": "3", "ew_pair": "12"}, timeout=60)
    assert served.status_code == 200 and served.headers["content-type"].startswith("text/html")
    # the frame holds the served document, its style applied (allowed by the page's policy)
    assert 'class="sheet"' in framed and "Score to enter" in framed
    for value in ("Club pairs", "Evening", "7", "12"):
        assert f'<span class="value">{value}</span>' in framed
    assert framed.count('class="enter-line"') == served.text.count('class="enter-line"') >= 1
    style = browser.execute_script(
        "const d = document.getElementById('sheet-frame').contentDocument;"
        "return getComputedStyle(d.querySelector('.verdict')).borderTopStyle")
    assert style == "solid"
    # the page no longer carries a sheet of its own for print
    assert not browser.find_elements(By.CSS_SELECTOR, ".signature, .print-only")
    assert not severe_console_messages(browser)


@pytest.mark.parametrize("path", WORKED, ids=[p.name.split("-")[0] for p in WORKED])
def test_each_worked_case_prints_on_one_a4_page(server: Server, browser: Any, path: Path) -> None:
    from selenium.webdriver.common.print_page_options import PrintOptions

    ruling = _post(server, path)
    browser.get(f"{server.url}/api/v1/rulings/{ruling['id']}/sheet?event=Club%20pairs&table=7")
    wait_for(browser, "article.sheet")
    options = PrintOptions()
    options.page_width, options.page_height = 21.0, 29.7  # A4 in cm, WebDriver's 1 cm margins
    options.background = True
    pdf = base64.b64decode(browser.print_page(options))
    assert pdf.startswith(b"%PDF")
    assert _pdf_pages(pdf) == 1


def test_the_sheet_is_printed_with_the_access_token(tmp_path: Path, browser: Any) -> None:
    """Beyond loopback the sheet wants the token like every ``/api/`` route: the page sends it."""
    from selenium.webdriver.common.by import By

    token = "a-sheet-test-token-0123456789"
    with Server(tmp_path / "log.sqlite", tmp_path / "server.log", workers=1, token=token) as srv:
        response = httpx.post(f"{srv.url}/api/v1/rulings", params={"estimate": "dd"},
                              content=next(CASES.glob("p02-*.json")).read_text(),
                              headers={"content-type": "application/json", **srv.headers}, timeout=120)
        assert response.status_code == 200, response.text
        ruling_id = response.json()["id"]
        assert httpx.get(f"{srv.url}/api/v1/rulings/{ruling_id}/sheet", timeout=30).status_code == 401
        browser.get(f"{srv.url}/#token={token}")
        wait_until(browser, "localStorage.getItem('revoke-equity-token') !== null")
        browser.get(f"{srv.url}/#ruling={ruling_id}")
        sheet = wait_for(browser, "article.ruling")
        sheet.find_element(By.XPATH, ".//button[text()='Print ruling sheet']").click()
        wait_until(browser, "document.getElementById('sheet-frame') &&"
                            " document.getElementById('sheet-frame').dataset.loaded === 'true'")
        framed = browser.execute_script(
            "return document.getElementById('sheet-frame').contentDocument.body.innerHTML")
        assert 'class="enter-line"' in framed and "Score to enter" in framed
        browser.execute_script("localStorage.clear()")

"""The directors' page with an access token, in headless Chromium: it asks for the token once,
keeps it, sends it as a bearer token, and takes it from a ``#token=`` link too.

Skipped, like the other browser test, when Chromium, its driver or Selenium is missing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from browser_helpers import board_1_pbn, needs_chromium, wait_for, wait_until
from service_helpers import Server

TOKEN = "a-browser-test-token-0123456789"
pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("browser-token")
    with Server(folder / "log.sqlite", folder / "server.log", workers=1, token=TOKEN) as srv:
        yield srv


def _forget_token(server: Server, driver: Any) -> None:
    """Clear the page's storage from a page of the same origin that runs no script."""
    driver.get(server.url + "/static/style.css")
    driver.execute_script("localStorage.clear()")


def _health_text(driver: Any) -> str:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    node = driver.find_element(By.ID, "health")
    WebDriverWait(driver, 30).until(lambda _: "ready" in node.text or "unreachable" in node.text)
    return str(node.text)


def test_page_asks_for_the_token_once_and_keeps_it(server: Server, browser: Any) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait

    _forget_token(server, browser)
    browser.get(server.url + "/")
    asked = 0
    while True:  # the page's first API requests get 401: it asks (concurrent requests: once)
        try:
            prompt = WebDriverWait(browser, 5).until(expected_conditions.alert_is_present())
        except Exception:
            break
        asked += 1
        prompt.send_keys(TOKEN)
        prompt.accept()
    assert asked == 1
    assert "ready" in _health_text(browser)
    assert browser.execute_script("return localStorage.getItem('revoke-equity-token')") == TOKEN
    from selenium.webdriver.support.ui import Select

    browser.find_element(By.ID, "tab-paste").click()
    browser.find_element(By.ID, "case-text").send_keys(board_1_pbn())
    Select(browser.find_element(By.ID, "estimate")).select_by_value("dd")
    browser.find_element(By.ID, "submit").click()
    assert wait_for(browser, "article.ruling").get_attribute("data-ruling-id")
    browser.get(server.url + "/")  # kept: not asked again
    assert "ready" in _health_text(browser)
    with pytest.raises(Exception):  # noqa: B017 (selenium's NoAlertPresentException)
        browser.switch_to.alert.text  # noqa: B018


def test_token_from_a_link(server: Server, browser: Any) -> None:
    _forget_token(server, browser)
    browser.get(f"{server.url}/#token={TOKEN}")
    assert "ready" in _health_text(browser)
    assert browser.execute_script("return location.hash") == ""  # not left in the address bar
    assert browser.execute_script("return localStorage.getItem('revoke-equity-token')") == TOKEN


def test_api_docs_send_the_token_given_to_authorize(server: Server, browser: Any) -> None:
    """/docs: the token typed into Swagger UI's Authorize dialog goes with "Try it out" (the
    health request answers 200 with it, where it answers 401 without)."""
    from selenium.webdriver.common.by import By

    def health_status() -> str:
        block = wait_for(browser, "[id^='operations-'][id$='health_api_v1_health_get']")
        if not block.find_elements(By.CSS_SELECTOR, ".try-out__btn"):
            block.find_element(By.CSS_SELECTOR, ".opblock-summary-control").click()
        wait_for(browser, ".try-out__btn").click()
        wait_for(browser, ".btn.execute").click()
        status = "'.live-responses-table tbody .response-col_status'"
        return str(wait_until(browser, f"(document.querySelector({status}) || {{}}).innerText"))

    browser.get(server.url + "/docs")
    assert health_status().split()[0] == "401"
    browser.get(server.url + "/docs")
    wait_for(browser, ".btn.authorize").click()
    wait_for(browser, ".auth-container input").send_keys(TOKEN)
    browser.find_element(By.CSS_SELECTOR, ".auth-btn-wrapper .btn.authorize").click()
    browser.find_element(By.CSS_SELECTOR, ".auth-btn-wrapper .btn-done").click()
    assert health_status().split()[0] == "200"

"""The score to enter on the page, as scorers write it: on the ruling's first screen at 1280 px and
within its first two at 375 px, each side's line the ruling JSON's ``score_to_enter``.

Skipped, with the reason, when Chromium, its driver or Selenium is missing; CI installs them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from browser_helpers import PHONE, chromium, needs_chromium, reset_viewport, set_viewport, too_wide, wait_for
from service_helpers import Server

CASE = Path(__file__).parent / "data" / "cases" / "p01-64A1-offender-won-revoke-trick.json"
pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("browser-score")
    with Server(folder / "log.sqlite", folder / "server.log") as srv:
        yield srv


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as driver:
        yield driver


@pytest.mark.parametrize(("width", "height", "screens"), [(1280, 800, 1), (PHONE[0], PHONE[1], 2)])
def test_the_score_to_enter_is_on_the_rulings_first_screens(
        server: Server, browser: Any, width: int, height: int, screens: int) -> None:
    from selenium.webdriver.common.by import By

    posted = httpx.post(server.url + "/api/v1/rulings", content=CASE.read_text(),
                        params={"estimate": "dd"}, headers={"content-type": "application/json"},
                        timeout=120).json()
    expected = {s["side"]: s["text"] for s in posted["score_to_enter"]}
    assert expected["NS"].endswith("NS +620") and " by " in expected["NS"]
    set_viewport(browser, width, height)
    try:
        browser.get("about:blank")  # a new page, not a hash change on the last one
        browser.get(f"{server.url}/#ruling={posted['id']}")
        sheet = wait_for(browser, "article.ruling")
        block = sheet.find_element(By.CSS_SELECTOR, ".verdict .score-to-enter")
        shown = {side.get_attribute("data-side"): side.text
                 for side in block.find_elements(By.CSS_SELECTOR, ".enter-side")}
        assert shown == expected
        # Scrolled to the ruling, the score to enter ends within its first screen(s)
        top, bottom = browser.execute_script(
            "arguments[0].scrollIntoView({block: 'start'});"
            "return [arguments[0].getBoundingClientRect().top,"
            " arguments[1].getBoundingClientRect().bottom];", sheet, block)
        assert bottom - top <= screens * height, (top, bottom)
        wide = too_wide(browser)
        assert wide["scroll"] <= wide["viewport"], wide
    finally:
        reset_viewport(browser)


def test_a_weighted_score_is_entered_component_by_component(server: Server, browser: Any) -> None:
    """p07 (64B3 then 64C1) single-dummy: a weighted score. Each component is its own line with
    its contract, result and declarer; the net is shown only after "score each component, then
    weight"."""
    from selenium.webdriver.common.by import By

    case = CASE.parent / "p07-64B3-dummy-then-64C1.json"
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

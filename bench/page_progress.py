"""How soon the page shows progress after Rule is pressed, in a real headless Chromium.

``PYTHONPATH=src:. python -m bench.page_progress [ROUNDS]``

Starts the service at its defaults, opens the page in Debian's ``chromium`` through Selenium and
``chromedriver``, pastes the bundled example and presses Rule (single-dummy estimate) ``ROUNDS``
times. The page itself times, with ``performance.now()`` and a ``MutationObserver``: the press, the
first progress line (``#job-progress``, shown once the job is accepted), and the first stage a
worker reported (the line no longer says it waits, for the job or for a worker). Each ruling is
cancelled once its first stage is seen. Not part of ``python -m bench`` (it needs Chromium).
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from statistics import median
from typing import Any

from bench.service_load import service

EXAMPLE = (Path(__file__).resolve().parents[1] / "src" / "revoke_equity" / "examples"
           / "two-revokes-same-suit.json").read_text()
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-dev-shm-usage", "--window-size=1280,1000",
         "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"]
OBSERVE = """
window.__times = {};
const t = window.__times;
document.getElementById('submit').addEventListener('click', () => { t.pressed = performance.now(); },
                                                   true);
new MutationObserver(() => {
  const stage = document.getElementById('job-stage');
  if (stage && t.shown === undefined) t.shown = performance.now();
  if (stage && t.worker === undefined && stage.textContent && !/waiting/.test(stage.textContent))
    t.worker = performance.now();
}).observe(document.body, {subtree: true, childList: true, characterData: true});
"""


def _driver(profile: str) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for flag in [*FLAGS, f"--user-data-dir={profile}"]:
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(executable_path=shutil.which("chromedriver")),
                            options=options)


def measure(rounds: int = 5) -> dict[str, Any]:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    shown: list[float] = []
    worker: list[float] = []
    with service([]) as srv, tempfile.TemporaryDirectory() as profile:
        driver = _driver(profile)
        try:
            for _ in range(rounds):
                driver.get(srv.url + "/")
                WebDriverWait(driver, 60).until(lambda d: d.find_elements(By.ID, "case-text"))
                if srv.headers:  # the page asks for the token the way it stores it
                    token = srv.headers["authorization"].split()[1]
                    driver.execute_script("try { localStorage.setItem('revoke-equity-token', "
                                          "arguments[0]); } catch (e) {}", token)
                driver.find_element(By.ID, "tab-paste").click()
                driver.execute_script("document.getElementById('case-text').value = arguments[0];",
                                      EXAMPLE)
                Select(driver.find_element(By.ID, "estimate")).select_by_value("sd")
                driver.execute_script(OBSERVE)
                driver.find_element(By.ID, "submit").click()
                times = WebDriverWait(driver, 120, poll_frequency=0.05).until(
                    lambda d: (lambda t: t if "worker" in t else None)(
                        d.execute_script("return window.__times")))
                shown.append((times["shown"] - times["pressed"]) / 1000)
                worker.append((times["worker"] - times["pressed"]) / 1000)
                driver.find_element(By.ID, "job-cancel").click()
                time.sleep(1.0)
        finally:
            driver.quit()
    return {"rounds": rounds, "first_progress_s": shown, "first_worker_stage_s": worker,
            "first_progress_median_s": median(shown), "first_progress_max_s": max(shown),
            "first_worker_stage_median_s": median(worker), "load_average": os.getloadavg()}


if __name__ == "__main__":
    print(json.dumps(measure(int(sys.argv[1]) if len(sys.argv) > 1 else 5), indent=2))

#!/usr/bin/env bash
# The README's screenshots of the page, made again in headless Chromium from a test server: the
# browser tests that take them run with REVOKE_EQUITY_SCREENSHOTS=docs, so each kept screenshot
# is the page as its test checked it (entry-form.png, phone-entry.png, phone-ruling.png, and the
# ruling's first screen with the score to enter at 1280 and 375 px, ruling-score-1280.png and
# ruling-score-375.png). Needs Chromium, chromium-driver and Selenium (the test extras); the
# tests skip, and keep nothing, without them. Python: $PYTHON, else ./.venv's, else python3.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-$([ -x .venv/bin/python ] && echo .venv/bin/python || echo python3)}
for tool in chromium chromedriver; do
  command -v "$tool" >/dev/null || { echo "screenshots: $tool is not installed" >&2; exit 1; }
done
REVOKE_EQUITY_SCREENSHOTS=docs "$python" -m pytest -q -p no:cacheprovider \
  tests/test_entry_browser.py \
  tests/test_entry_taps_browser.py \
  tests/test_service_browser_score.py
git status --short docs/*.png

#!/usr/bin/env bash
# The README's test command: install with the test extras, lint, run the tests (slow ones excluded).
set -euo pipefail
cd "$(dirname "$0")/.."
python -m pip install --quiet -e ".[test]"
python -m ruff check
python -m pytest -q -m "not slow"

#!/usr/bin/env bash
# The README's test command: install with the test extras, lint, check the import contracts
# ([tool.importlinter] in pyproject.toml) and the types (mypy --strict, [tool.mypy]), run the tests
# (slow ones excluded) in two processes.
# Inside a virtual environment (as CI's .ci/run makes) it installs there; otherwise it makes and
# uses ./.venv, so it also works on a distribution's Python that refuses system-wide installs.
set -euo pipefail
cd "$(dirname "$0")/.."
if python3 -c 'import sys; sys.exit(sys.prefix == sys.base_prefix)'; then
  python=python3
else
  [ -x .venv/bin/python ] || python3 -m venv .venv
  python=.venv/bin/python
fi
"$python" -m pip install --quiet -e ".[test]"
"$python" -m ruff check
"$(dirname "$(command -v "$python")")/lint-imports" --no-cache
"$python" -m mypy
# Two processes, each file's tests in one of them (its module fixtures, a server or a browser,
# start once); each process has its own DDS, so nothing is shared across threads.
"$python" -m pytest -q -m "not slow" -n 2 --dist loadfile

#!/usr/bin/env bash
# Mutation testing of the law engine, the estimates and the ruling pipeline (docs/mutation.md):
# mutmut with one worker, then the list of mutants the tests did not kill. Not part of CI: a full
# run takes over an hour on two shared cores (docs/mutation.md gives the measured times).
set -euo pipefail
cd "$(dirname "$0")/.."
python -m pip install --quiet -e ".[test,mutation]"
rm -rf mutants
time mutmut run --max-children "${MUTATION_WORKERS:-1}"
mutmut results

#!/usr/bin/env bash
# Set up a virtual environment and run every check CI runs: ruff, mypy, the docs, the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/venv.sh
echo "== ruff";   ruff check tarokpgn tests bench scripts && ruff format --check tarokpgn tests bench scripts
echo "== mypy";   mypy
echo "== docs";   sphinx-build -q -W -b html docs build/docs
echo "== pytest"; pytest -n 2 "$@"

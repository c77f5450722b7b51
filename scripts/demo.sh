#!/usr/bin/env bash
# Set up a virtual environment and run the main job on the bundled sample data.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/venv.sh
tarokpgn check examples/*.tpgn

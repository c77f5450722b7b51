# Sourced by the other scripts: create .venv on first use, install tarokpgn with its dev tools.
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".[dev]"
. .venv/bin/activate

# Sourced by the other scripts: create .venv on first use, install tarokpgn with its dev tools.
#
# The install compiles the hot modules with mypyc (about two minutes), so it is redone only when
# pyproject.toml, hatch_build.py or a compiled module's source changed since the last one (a
# hash of them is kept in .venv). HATCH_BUILD_NO_HOOKS=true installs pure Python instead.
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
case "${HATCH_BUILD_NO_HOOKS:-}" in
  1 | true | TRUE | True) tarokpgn_pure=yes ;;
  *) tarokpgn_pure=no ;;
esac
tarokpgn_stamp="$(.venv/bin/python - "$tarokpgn_pure" <<'PY'
import hashlib, pathlib, sys, tomllib

config = tomllib.loads(pathlib.Path("pyproject.toml").read_text(encoding="utf-8"))
hook = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
files = {pathlib.Path("pyproject.toml"), pathlib.Path("hatch_build.py")}
files.update(pathlib.Path("tarokpgn").rglob("*.c"))  # the module in C built with them
for pattern in hook["include"]:
    path = pathlib.Path(pattern.strip("/"))
    files.update(path.rglob("*.py") if pattern.endswith("/") else [path])
digest = hashlib.sha256(f"{sys.version} pure={sys.argv[1]}".encode())
for path in sorted(files):
    digest.update(str(path).encode() + b"\0" + path.read_bytes() + b"\0")
print(digest.hexdigest())
PY
)"
tarokpgn_current=no
if [ "$(cat .venv/.tarokpgn-build 2>/dev/null)" = "$tarokpgn_stamp" ]; then
  # A compiled install also needs its shared library in the checkout (not deleted since),
  # unless mypyc could not compile here and the install fell back to pure Python.
  if [ "$tarokpgn_pure" = yes ] || compgen -G "./*__mypyc.*.so" > /dev/null ||
    [ -e .venv/.tarokpgn-fallback ]; then
    tarokpgn_current=yes
  fi
fi
if [ "$tarokpgn_current" = yes ]; then
  # Same sources as the installed build: mark a compiled build current for the stale-module
  # check in tarokpgn/__init__.py (a checkout or a `touch` changes times, not contents).
  touch -c ./*__mypyc.*.so
else
  rm -f .venv/.tarokpgn-build
  if [ "$tarokpgn_pure" = yes ]; then
    # An earlier compiled editable install left .so files that would shadow the sources.
    find tarokpgn -name '*.so' -delete
    rm -f ./*__mypyc.*.so
  else
    echo "== installing tarokpgn, compiling its hot path with mypyc (about 2 minutes)" >&2
  fi
  .venv/bin/python -m pip install -q --disable-pip-version-check -e ".[dev]"
  rm -f .venv/.tarokpgn-fallback
  if [ "$tarokpgn_pure" = no ] && ! compgen -G "./*__mypyc.*.so" > /dev/null; then
    # hatch_build.py fell back (no C compiler, ...): pip -q hides its warning, so say it here.
    echo "== mypyc could not compile: installed pure Python (docs/install.rst); to retry:" \
      "rm .venv/.tarokpgn-build" >&2
    touch .venv/.tarokpgn-fallback
  fi
  # The optional OpenSpiel reader: its tests skip without it (CI requires it, see .ci/run).
  .venv/bin/python -m pip install -q --disable-pip-version-check "open_spiel>=2.0" ||
    echo "== open_spiel did not install: the OpenSpiel converter's tests will be skipped" >&2
  # The optional Dask extra (tarokpgn[dask]): its tests skip without it (CI requires it).
  .venv/bin/python -m pip install -q --disable-pip-version-check "dask[distributed]>=2024.8" ||
    echo "== dask did not install: the cluster tests (tests/test_distributed.py) will be skipped" >&2
  echo "$tarokpgn_stamp" > .venv/.tarokpgn-build
fi
unset tarokpgn_pure tarokpgn_stamp tarokpgn_current
. .venv/bin/activate

#!/usr/bin/env bash
# Build the release artifacts and test each one in a fresh virtual environment (docs/install.rst):
#
#   OUT/tarokpgn-V.tar.gz                    the sdist
#   OUT/tarokpgn-V-cpXY-cpXY-PLATFORM.whl    compiled with mypyc, for this machine's Python
#   OUT/tarokpgn-V-py3-none-any.whl          pure Python, for every other platform
#   OUT/wheelhouse/*.whl                     manylinux and musllinux wheels, built by cibuildwheel
#                                            ([tool.cibuildwheel] in pyproject.toml), only where
#                                            docker or podman runs
#
# Each wheel and the sdist are installed (the sdist with the C compiler hidden: it must fall
# back to pure Python, with its one warning) and pass the smoke test
# (tests/helpers/install_smoke.py: check, verify, index, query); the compiled and the pure
# install must print the same outputs over examples/ and tests/golden/. pipx and uv install the
# compiled wheel as a command where they install. What could not run is said, not skipped
# silently. Needs Python 3.11+ with venv, a C compiler and the Python headers, and a package
# index (pip's usual one) for the build tools and tarokpgn's dependencies.
#
# Usage: bash scripts/wheels.sh [OUT]     (OUT defaults to dist/; PYTHON=python3.12 to choose)
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
out="$(mkdir -p "${1:-dist}" && cd "${1:-dist}" && pwd)"
python="${PYTHON:-python3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
version="$(sed -n 's/^version = "\(.*\)"$/\1/p' pyproject.toml | head -n 1)"
skipped=()

say() { printf '== %s\n' "$*" >&2; }

venv() { # venv NAME: a fresh virtual environment, its python printed
  "$python" -m venv "$work/$1"
  echo "$work/$1/bin/python"
}

say "build tools (build, and auditwheel where it installs) in $work/tools"
tools="$(venv tools)"
"$tools" -m pip install -q --disable-pip-version-check build

say "sdist and the compiled wheel (from the sdist); a failed compile fails the build here"
rm -f "$out/tarokpgn-$version.tar.gz" "$out/tarokpgn-$version-"*.whl
HATCH_BUILD_HOOK_ENABLE_MYPYC=true "$tools" -m build --outdir "$out" . > "$work/build.log" 2>&1 ||
  { tail -n 40 "$work/build.log" >&2; exit 1; }
say "the pure Python wheel (HATCH_BUILD_NO_HOOKS=true)"
HATCH_BUILD_NO_HOOKS=true "$tools" -m build --wheel --outdir "$out" . > "$work/build-pure.log" 2>&1 ||
  { tail -n 40 "$work/build-pure.log" >&2; exit 1; }

sdist="$out/tarokpgn-$version.tar.gz"
pure="$out/tarokpgn-$version-py3-none-any.whl"
compiled="$(ls "$out/tarokpgn-$version-"*.whl | grep -v -- '-py3-none-any\.whl$' || true)"
[ "$(echo "$compiled" | wc -l)" = 1 ] || { say "expected one compiled wheel, found: $compiled"; exit 1; }
for artifact in "$sdist" "$pure" "$compiled"; do
  [ -f "$artifact" ] || { say "missing: $artifact"; exit 1; }
done
case "$(basename "$compiled")" in
  *-cp3*-cp3*-*.whl) ;;
  *) say "the compiled wheel has no CPython platform tag: $compiled"; exit 1 ;;
esac
"$tools" - "$pure" "$compiled" <<'PY'
import sys, zipfile
pure, compiled = (zipfile.ZipFile(p).namelist() for p in sys.argv[1:])
native = lambda names: [n for n in names if n.endswith((".so", ".pyd"))]
assert native(pure) == [], f"the pure wheel holds compiled modules: {native(pure)}"
assert any("__mypyc" in n for n in native(compiled)), "the compiled wheel holds no mypyc library"
assert "tarokpgn/replayer.py" in compiled  # sources stay beside the compiled modules
print(f"== wheels: pure {len(pure)} files, none compiled; compiled {len(native(compiled))} "
      f"compiled modules", file=sys.stderr)
PY

if "$tools" -m pip install -q --disable-pip-version-check auditwheel 2> /dev/null; then
  say "auditwheel show (what manylinux tag the compiled wheel could be repaired to)"
  "$work/tools/bin/auditwheel" show "$compiled" >&2 || skipped+=("auditwheel show failed (see above)")
else
  skipped+=("auditwheel: did not install")
fi

smoke() { # smoke NAME ARTIFACT EXPECT [ENV...]: install into a fresh venv, run the smoke test
  local name="$1" artifact="$2" expect="$3" py
  shift 3
  say "install $(basename "$artifact") into a fresh venv ($name${*:+, $*}), then the smoke test"
  py="$(venv "$name")"
  env "$@" "$py" -m pip install -v --disable-pip-version-check "$artifact" > "$work/$name.log" 2>&1 ||
    { tail -n 40 "$work/$name.log" >&2; exit 1; }
  (cd "$work" && "$py" "$root/tests/helpers/install_smoke.py" smoke --expect "$expect" \
    --examples "$root/examples") >&2
}

smoke compiled "$compiled" compiled
smoke pure "$pure" pure
smoke sdist-no-cc "$sdist" pure CC=false CXX=false
warnings="$(grep -c 'tarokpgn: building pure Python' "$work/sdist-no-cc.log" || true)"
[ "$warnings" = 1 ] || { say "expected one fallback warning in the sdist build, got $warnings"; exit 1; }
say "the sdist without a compiler: $(grep -o 'tarokpgn: building pure Python.*' "$work/sdist-no-cc.log" | cut -c1-160)"

say "the compiled and the pure install print the same outputs over examples/ and tests/golden/"
"$work/compiled/bin/python" tests/helpers/install_smoke.py outputs > "$work/compiled.json"
"$work/pure/bin/python" tests/helpers/install_smoke.py outputs > "$work/pure.json"
cmp "$work/compiled.json" "$work/pure.json"
"$tools" -c 'import json, sys; print(f"== same outputs: {len(json.load(open(sys.argv[1])))} runs", file=sys.stderr)' "$work/compiled.json"

say "pipx and uv: install the compiled wheel as a command"
if "$tools" -m pip install -q --disable-pip-version-check pipx 2> /dev/null; then
  PIPX_HOME="$work/pipx" PIPX_BIN_DIR="$work/pipx-bin" "$work/tools/bin/pipx" install "$compiled" >&2
  "$work/pipx-bin/tarokpgn" --version >&2
else
  skipped+=("pipx: did not install")
fi
if "$tools" -m pip install -q --disable-pip-version-check uv 2> /dev/null; then
  UV_TOOL_DIR="$work/uv" UV_TOOL_BIN_DIR="$work/uv-bin" "$work/tools/bin/uv" tool install \
    --python "$python" "$compiled" >&2
  "$work/uv-bin/tarokpgn" --version >&2
else
  skipped+=("uv: did not install")
fi

say "manylinux and musllinux wheels (cibuildwheel)"
engine=""
for candidate in docker podman; do
  if command -v "$candidate" > /dev/null && "$candidate" info > /dev/null 2>&1; then
    engine="$candidate"
    break
  fi
done
if [ -n "$engine" ] && "$tools" -m pip install -q --disable-pip-version-check cibuildwheel; then
  CIBW_CONTAINER_ENGINE="$engine" "$work/tools/bin/cibuildwheel" --platform linux \
    --output-dir "$out/wheelhouse" . >&2
  ls "$out/wheelhouse" >&2
else
  skipped+=("cibuildwheel: no docker or podman daemon runs here, so the manylinux and musllinux wheels (auditwheel-repaired) were not built; macOS and Windows wheels build on those systems only")
fi

say "built in $out:"
ls -l "$sdist" "$pure" "$compiled" >&2
for line in "${skipped[@]}"; do
  say "SKIPPED: $line"
done

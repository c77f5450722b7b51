#!/usr/bin/env bash
# Set up a virtual environment and run the main job on the bundled sample data: check and
# verify the deals, convert other programs' logs, index the deals into a DuckDB archive, print
# the statistics, draw a chart and a replay page, and run one query.
# The database goes to demo-out/ (or the folder given as the first argument).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/venv.sh
out=${1:-demo-out}
mkdir -p "$out"
db="$out/tarok.duckdb"
rm -f "$db" "$db.wal"
sample=(examples/sample-archive/*/*.tpgn)

echo "== check: every example and the ${#sample[@]} files of the sample archive are well formed"
tarokpgn check examples/*.tpgn "${sample[@]}"

echo "== verify: every deal of the sample archive is legal and scored right"
tarokpgn verify -q "${sample[@]}"

echo "== verify: the hand-written examples of every variant (one revoke, claimed and proven, is reported)"
tarokpgn verify -q examples/*.tpgn

echo "== convert: OpenSpiel games, a MachTarok deal code and a club score sheet (examples/convert/)"
logs=(examples/convert/*.taroky examples/convert/*.csv)
if python -c "import pyspiel" 2> /dev/null; then
  logs=(examples/convert/*.openspiel "${logs[@]}")
else
  echo "(OpenSpiel is not installed: its games are left out; pip install 'tarokpgn[openspiel]')"
fi
tarokpgn convert --to tpgn "${logs[@]}" -o "$out/converted.tpgn" --report "$out/converted-notes.jsonl"
echo "== verify the converted deals (the score sheet's klop cannot be checked without card points)"
tarokpgn verify -q "$out/converted.tpgn"

echo "== index into $db"
tarokpgn index --db "$db" examples/*.tpgn examples/sample-archive
echo "== index again: nothing changes"
tarokpgn index --db "$db" examples/*.tpgn examples/sample-archive

echo "== stats (the sample archive is generated data: --include-generated counts it)"
tarokpgn stats --db "$db" --include-generated

echo "== plot: contract frequencies and success rates as a chart"
tarokpgn plot --db "$db" contracts --include-generated --out "$out/contracts.svg"

echo "== show: a replay page of the renons example (open it in a browser)"
tarokpgn show examples/renons.tpgn --html "$out/renons.html"

echo "== query: how often does three win when the called king lay in the talon?"
tarokpgn query --db "$db" "
  SELECT variant, called_in_talon, count(*) AS deals,
         round(100.0 * count(*) FILTER (WHERE won) / count(*), 1) AS won_pct
  FROM deals WHERE contract = 'three' AND called_in_talon IS NOT NULL
  GROUP BY ALL ORDER BY ALL"

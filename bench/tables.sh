#!/usr/bin/env bash
# Tables for analysis (issue 28, spec/tables.md):
# 1. Peak memory (maximum resident set, /usr/bin/time -v) and wall time of
#    `tarok convert --to parquet` (and `--to arrow`) on a file of N
#    generated Königrufen deals (default 100,000: about 150 MB of JSON
#    Lines), given once and given 10 times (10 x N deals, 1,000,000 by
#    default, each copy its own session; a file of a million would be 1.5 GB).
#    Flat memory means about the same peak for both. (Arrow IPC files are
#    uncompressed, about 0.9 KB a deal: 3 copies, not 10, to keep them small.) (Not piped: `tarok
#    verify -` itself holds JSON Lines read from standard input, 239 MB for
#    30,000 deals, where a file takes 26 MB.)
# 2. The Done-when of issue 28: python/tests/test_tables.py on 100,000
#    generated deals (4 variants x 25,000) read back with DuckDB and Polars
#    ($PYTHON with the package, pytest, duckdb, polars, pyarrow, pandas);
#    skipped when $PYTHON lacks them.
#
# Needs the release binary ($TAROK, default target/release/tarok: cargo build
# --release). The tables are written in a temporary folder and deleted.
#
#   bench/tables.sh
#   N=20000 PYTHON=.venv/bin/python bench/tables.sh
set -euo pipefail
cd "$(dirname "$0")/.."

TAROK=${TAROK:-target/release/tarok}
N=${N:-100000}
PY=${PYTHON:-python3}
[ -x "$TAROK" ] || { echo "no tarok binary: cargo build --release, or set TAROK" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian: apt-get install time)" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$TAROK" gen --variant koenigrufen --seed 11 --count "$N" --to jsonl > "$tmp/deals.jsonl"

measure() { # FORM COPIES
  local files=() rss wall size
  for _ in $(seq 1 "$2"); do files+=("$tmp/deals.jsonl"); done
  /usr/bin/time -v "$TAROK" -q convert --to "$1" --out "$tmp/t" "${files[@]}" 2> "$tmp/time"
  rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$tmp/time")
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$tmp/time")
  size=$(du -sh "$tmp/t" | cut -f1)
  printf '%-8s %9d deals: peak RSS %7d KB, wall %s, tables %s\n' "$1" $((N * $2)) "$rss" "$wall" "$size"
  rm -rf "$tmp/t"
}

echo "== peak memory of convert --to parquet / arrow (Königrufen, $N deals a file)"
measure parquet 1
measure parquet 10
measure arrow 1
measure arrow 3

echo "== python/tests/test_tables.py on 100,000 deals (DuckDB, Polars)"
if "$PY" -c 'import tarok, pytest, duckdb, polars, pyarrow, pandas' 2>/dev/null; then
  TAROK="$TAROK" TAROK_DEALS=100000 "$PY" -m pytest -q python/tests/test_tables.py
else
  echo "skipped: $PY lacks tarok, pytest, duckdb, polars, pyarrow or pandas"
fi

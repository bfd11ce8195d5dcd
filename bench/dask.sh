#!/usr/bin/env bash
# The Dask example (python/examples/dask_verify.py, issue 28): deals verified
# a second on one worker (one core) and on two, wall clock from start to the
# Parquet written (the cluster's start included), on a folder of FILES JSON
# Lines files of N deals in all (Königrufen and French Tarot), and beside it
# `tarok verify` on one core (taskset) on the same folder.
#
# Needs a Python with the package built in release (`pip install ./python`,
# or `maturin develop --release`) and dask[distributed], pandas, pyarrow
# ($PYTHON, default python3), and the release binary ($TAROK). Inputs are
# made in a temporary folder and deleted (about 1 KB a deal).
#
#   PYTHON=.venv/bin/python bench/dask.sh
#   N=200000 FILES=8 PYTHON=... bench/dask.sh
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3}
TAROK=${TAROK:-target/release/tarok}
N=${N:-100000}
FILES=${FILES:-8}
[ -x "$TAROK" ] || { echo "no tarok binary: cargo build --release, or set TAROK" >&2; exit 2; }
"$PY" -c 'import tarok, distributed, pandas, pyarrow' ||
  { echo "$PY lacks tarok, dask[distributed], pandas or pyarrow" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/in"
for i in $(seq 1 "$FILES"); do
  v=koenigrufen; [ $((i % 2)) -eq 0 ] && v=french-tarot
  "$TAROK" gen --variant "$v" --seed "$i" --count $((N / FILES)) --to jsonl > "$tmp/in/$i.jsonl"
done
deals=$(( (N / FILES) * FILES ))

rate() { # SECONDS
  awk -v n="$deals" -v s="$1" 'BEGIN { printf "%d deals/s (%.1f s)", n / s, s }'
}
seconds() { # COMMAND...
  local t0 t1
  t0=$(date +%s.%N); "$@" > /dev/null; t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }'
}

echo "$deals deals in $FILES files"
# CPU time (user + system) of verify pinned to one core: the machine may be
# shared, and wall time then says more of the others than of tarok.
/usr/bin/time -f "%U %S" -o "$tmp/cpu" taskset -c 0 "$TAROK" -q verify "$tmp/in" > /dev/null || true
s=$(awk '{ print $1 + $2 }' "$tmp/cpu")
echo "tarok verify, one core (CPU time): $(rate "$s")"
for w in 1 2; do
  rm -rf "$tmp/out"
  s=$(seconds "$PY" python/examples/dask_verify.py "$tmp/in" "$tmp/out" --workers "$w")
  echo "dask_verify.py, $w worker(s):      $(rate "$s")"
done

#!/usr/bin/env bash
# Issue 23: `tarok report` in memory that does not grow with the deals.
# Wall time and peak memory (/usr/bin/time -v) of `report --format F`, every
# format (text, markdown, csv, html, json), on
#   - COUNT generated Königrufen deals in one session file (default 1,000,000:
#     652 MB);
#   - FILES one-deal files in one folder (default 100,000: about 400 MB of
#     blocks).
# One input at a time, deleted when measured. The inputs, and the report's own
# temporary files (its lists past 256 KiB, unnamed), go to TMPDIR: e.g.
# TMPDIR=/dev/shm keeps them off the disk.
# Usage: bench/report-memory.sh [COUNT] [FILES]
#   TAROK=path/to/tarok (default target/release/tarok);
#   BASE=path/to/another/tarok measures it too, on the next line.
# Figures: bench/README.md, "Issue 23: bounded cost", the report.
set -euo pipefail
cd "$(dirname "$0")/.."
TAROK=${TAROK:-target/release/tarok}
COUNT=${1:-1000000}
FILES=${2:-100000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

printf '%-24s %-22s %-6s %9s %10s %s\n' command input binary wall_s peak_MiB exit
one() {
  local label=$1 input=$2 which=$3 bin=$4
  shift 4
  /usr/bin/time -v -o "$tmp/time" "$bin" "$@" > /dev/null 2>&1 && code=0 || code=$?
  local wall peak
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s }' "$tmp/time")
  peak=$(awk -F': ' '/Maximum resident/ { printf "%.1f", $2 / 1024 }' "$tmp/time")
  printf '%-24s %-22s %-6s %9s %10s %s\n' "$label" "$input" "$which" "$wall" "$peak" "$code"
}
run() {
  local label=$1 input=$2
  shift 2
  one "$label" "$input" this "$TAROK" "$@"
  if [[ -n ${BASE:-} ]]; then
    one "$label" "$input" base "$BASE" "$@"
  fi
}
formats=(text markdown csv html json)

if (( COUNT > 0 )); then
  "$TAROK" gen --variant koenigrufen --seed 4 --count "$COUNT" > "$tmp/deals.tarok"
  for f in "${formats[@]}"; do
    run "report --format $f" "$COUNT deals, one file" report --format "$f" "$tmp/deals.tarok"
  done
  rm "$tmp/deals.tarok"
fi

if (( FILES > 0 )); then
  mkdir "$tmp/folder"
  "$TAROK" gen --variant koenigrufen --seed 5 --count "$FILES" --to jsonl \
    | split -l 1 -d -a 6 --additional-suffix=.jsonl - "$tmp/folder/deal-"
  for f in "${formats[@]}"; do
    run "report --format $f" "$FILES one-deal files" report --format "$f" "$tmp/folder"
  done
  rm -rf "$tmp/folder"
fi

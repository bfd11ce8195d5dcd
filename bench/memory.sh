#!/usr/bin/env bash
# Issues 23 and 29 (item 3): peak resident memory (/usr/bin/time -v) and wall
# time of every command on COUNT generated deals (default 1,000,000), in one
# table. Each command reads the deals from `tarok gen` through a pipe (`-`):
# a million Königrufen deals are 652 MB of text, more than should sit on
# this machine's disk, and the pipe keeps the input out of the page cache.
# Only the command's own process is measured (the generator runs beside it).
#   - verify, verify --format json, explain, explain --format html, fmt -,
#     convert --to json / --to jsonl, convert --to text (from JSON Lines),
#     convert --to parquet / --to arrow (`--out` a temporary folder),
#     report in every format, report --independent (each deal a session);
#   - gen itself (text and JSON Lines, to /dev/null); rules;
#   - report on BOARDS deals given five times in one stream (default
#     200,000: a million deals, each board at five tables), text and JSON.
# The report's and the tables' own files go to TMPDIR (TMPDIR=/dev/shm keeps
# them off the disk). VARIANT (default koenigrufen) picks the deals.
# BOARDS_FILE=b.tarok: the boards' deals are that file (`tarok gen --seed 4
# --count BOARDS`, made once) rather than generated five times.
# FILE=deals.tarok REPEAT=5: the deals are FILE given REPEAT times (cat)
# instead of `tarok gen` (COUNT is then only the label: the generator costs
# more CPU than most commands, which matters on a loaded machine); the JSON
# Lines input is then FILE converted as it is read.
# Usage: bench/memory.sh [COUNT] [BOARDS]
#   TAROK=path/to/tarok (default target/release/tarok);
#   ONLY="verify,report --format" measures the commands whose label starts
#   with one of the comma-separated prefixes.
# Figures: bench/README.md, "Every command on a million deals".
set -euo pipefail
cd "$(dirname "$0")/.."
TAROK=${TAROK:-target/release/tarok}
COUNT=${1:-1000000}
BOARDS=${2:-200000}
VARIANT=${VARIANT:-koenigrufen}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

printf '%-34s %-28s %9s %10s %s\n' command input wall_s peak_MiB exit
wanted() {
  [[ -z ${ONLY:-} ]] && return 0
  local w
  IFS=, read -ra prefixes <<< "$ONLY"
  for w in "${prefixes[@]}"; do
    [[ $1 == "$w"* ]] && return 0
  done
  return 1
}
# measure LABEL INPUT FEED ARGS...: FEED (a function writing the deals, or
# `none`) piped into `tarok ARGS...`, whose peak memory is taken.
measure() {
  local label=$1 input=$2 feed=$3
  shift 3
  wanted "$label" || return 0
  local code=0
  if [[ $feed == none ]]; then
    /usr/bin/time -v -o "$tmp/time" "$TAROK" "$@" > /dev/null 2> "$tmp/err" || code=$?
  else
    set +o pipefail
    "$feed" | { /usr/bin/time -v -o "$tmp/time" "$TAROK" "$@" > /dev/null 2> "$tmp/err" || code=$?; echo "$code" > "$tmp/code"; }
    set -o pipefail
    code=$(cat "$tmp/code")
  fi
  local wall peak
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s }' "$tmp/time")
  peak=$(awk -F': ' '/Maximum resident/ { printf "%.1f", $2 / 1024 }' "$tmp/time")
  printf '%-34s %-28s %9s %10s %s\n' "$label" "$input" "$wall" "$peak" "$code"
  rm -rf "$tmp/out"
}
text() {
  if [[ -n ${FILE:-} ]]; then
    for _ in $(seq "${REPEAT:-1}"); do cat "$FILE"; done
  else
    "$TAROK" gen --variant "$VARIANT" --seed 4 --count "$COUNT"
  fi
}
lines() {
  if [[ -n ${FILE:-} ]]; then
    text | "$TAROK" -q convert --to jsonl -
  else
    "$TAROK" gen --variant "$VARIANT" --seed 4 --count "$COUNT" --to jsonl
  fi
}
boards() {
  for _ in 1 2 3 4 5; do
    if [[ -n ${BOARDS_FILE:-} ]]; then
      cat "$BOARDS_FILE"
    else
      "$TAROK" gen --variant "$VARIANT" --seed 4 --count "$BOARDS"
    fi
  done
}
n="$COUNT deals"

measure "gen" "$n, to /dev/null" none gen --variant "$VARIANT" --seed 4 --count "$COUNT"
measure "gen --to jsonl" "$n, to /dev/null" none gen --variant "$VARIANT" --seed 4 --count "$COUNT" --to jsonl
measure "rules" "-" none rules "$VARIANT"
measure "verify" "$n" text verify -
measure "verify --format json" "$n" text verify --format json -
measure "explain" "$n" text explain -
measure "explain --format html" "$n" text explain --format html -
measure "fmt -" "$n" text fmt -
measure "convert --to json" "$n" text convert --to json -
measure "convert --to jsonl" "$n" text convert --to jsonl -
measure "convert --to text" "$n (JSON Lines)" lines convert --to text -
measure "convert --to parquet" "$n" text -q convert --to parquet --out "$tmp/out" -
measure "convert --to arrow" "$n" text -q convert --to arrow --out "$tmp/out" -
for f in text markdown csv html json; do
  measure "report --format $f" "$n" text report --format "$f" -
done
measure "report --independent" "$n, a session each" text report --independent -
measure "report --independent --format json" "$n, a session each" text report --independent --format json -
measure "report (boards)" "$BOARDS boards x 5 tables" boards report -
measure "report --format json (boards)" "$BOARDS boards x 5 tables" boards report --format json -

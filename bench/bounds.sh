#!/usr/bin/env bash
# Issue 23: the cost of every command on large inputs, to show it is bounded:
# wall time and peak memory (/usr/bin/time -v) of each command on
#   - COUNT generated deals (default 1,000,000; `tarok gen`), one session file;
#   - one record of about 15 MB of duplicate cards (lines of 100,000 `SK`);
#   - one record of 200,000 tricks that repeat the same four cards (800,000
#     findings: the JSON of every one is written);
#   - a folder of FILES one-deal files (default 2,000) for `tarok report`.
# Usage: bench/bounds.sh [COUNT]   (TAROK=path/to/tarok, default target/release/tarok)
# Figures: bench/README.md, "Issue 23: bounded cost".
set -euo pipefail
cd "$(dirname "$0")/.."
TAROK=${TAROK:-target/release/tarok}
COUNT=${1:-1000000}
FILES=${FILES:-2000}
VARIANT=${VARIANT:-koenigrufen}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$TAROK" gen --variant "$VARIANT" --seed 4 --count "$COUNT" > "$tmp/deals.tarok"
python3 - "$tmp" <<'PY'
import sys
tmp = sys.argv[1]
head = '[Variant "skill7-tarock"]\n[Dealer "0"]\n\n'
# About 15 MB: 50 lines of 100,000 duplicate cards each.
line = " ".join(["SK"] * 100_000)
with open(f"{tmp}/duplicates.tarok", "w") as f:
    f.write(head + "hand 0: " + "\n ".join([line] * 50) + "\n")
with open(f"{tmp}/findings.tarok", "w") as f:
    f.write(head + "".join(f"trick {i + 1}: SK SQ SN SJ\n" for i in range(200_000)))
PY
mkdir "$tmp/folder"
"$TAROK" gen --variant "$VARIANT" --seed 5 --count "$FILES" --to jsonl \
  | split -l 1 -d -a 6 --additional-suffix=.jsonl - "$tmp/folder/deal-"

printf '%-44s %-22s %9s %10s %s\n' command input wall_s peak_MiB exit
run() {
  local label=$1 input=$2
  shift 2
  /usr/bin/time -v -o "$tmp/time" "$@" > /dev/null 2>&1 && code=0 || code=$?
  local wall peak
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s }' "$tmp/time")
  peak=$(awk -F': ' '/Maximum resident/ { printf "%.1f", $2 / 1024 }' "$tmp/time")
  printf '%-44s %-22s %9s %10s %s\n' "$label" "$input" "$wall" "$peak" "$code"
}
d="$tmp/deals.tarok"
run "verify" "$COUNT deals" "$TAROK" verify "$d"
run "verify --format json" "$COUNT deals" "$TAROK" verify --format json "$d"
run "explain" "$COUNT deals" "$TAROK" explain "$d"
run "explain --format html" "$COUNT deals" "$TAROK" explain --format html "$d"
run "convert --to jsonl" "$COUNT deals" "$TAROK" convert --to jsonl "$d"
run "fmt - (stdin to stdout)" "$COUNT deals" sh -c "'$TAROK' fmt - < '$d'"
cp "$d" "$tmp/copy.tarok"
run "fmt --check" "$COUNT deals" "$TAROK" fmt --check "$tmp/copy.tarok"
for f in duplicates findings; do
  size=$(( $(stat -c %s "$tmp/$f.tarok") / 1000000 ))
  run "verify" "$f ($size MB)" "$TAROK" verify "$tmp/$f.tarok"
  run "verify --format json" "$f ($size MB)" "$TAROK" verify --format json "$tmp/$f.tarok"
  run "explain" "$f ($size MB)" "$TAROK" explain "$tmp/$f.tarok"
  run "explain --format html" "$f ($size MB)" "$TAROK" explain --format html "$tmp/$f.tarok"
done
run "report" "$FILES one-deal files" "$TAROK" report "$tmp/folder"
run "verify" "$FILES one-deal files" "$TAROK" verify "$tmp/folder"

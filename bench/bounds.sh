#!/usr/bin/env bash
# Issue 23: the cost of every command on large and hostile inputs, to show it
# is bounded (64 MiB): wall time and peak memory (/usr/bin/time -v) on
#   - COUNT generated deals (default 1,000,000; `tarok gen`), one session file;
#   - one record of 15 MB of duplicate cards (50 lines of 100,000 `SK`): past
#     the record limits (2 MiB, 1,000 cards), refused at its first line;
#   - one record of 200,000 tricks of the same four cards (5 MB): refused;
#   - one hand of 600,000 duplicate cards (1.8 MB, under the byte limit): read
#     whole, then refused for its cards (the worst case of the card limit);
#   - one record of 1.9 MB of comments (legal: under 2 MiB, lines under
#     1 MiB) and one trick;
#   - one record at the card limit, 250 tricks of the same four cards
#     (1,000 cards, about 1,000 findings, every one listed by JSON);
#   - a folder of FILES one-deal files (default 2,000) for `tarok report`
#     in text, HTML and JSON, and `verify`. 100,000 files take about 400 MB
#     of blocks: put them in memory, `TMPDIR=/dev/shm FILES=100000`.
# Usage: bench/bounds.sh [COUNT]   (TAROK=path/to/tarok, default target/release/tarok;
# BASE=path/to/another/tarok runs every measure with it too, on the next line)
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
line = " ".join(["SK"] * 100_000)
with open(f"{tmp}/duplicates.tarok", "w") as f:
    f.write(head + "hand 0: " + "\n ".join([line] * 50) + "\n")
with open(f"{tmp}/findings.tarok", "w") as f:
    f.write(head + "".join(f"trick {i + 1}: SK SQ SN SJ\n" for i in range(200_000)))
with open(f"{tmp}/cards.tarok", "w") as f:
    f.write(head + "hand 0: " + "\n ".join([line] * 6) + "\n")
with open(f"{tmp}/comments.tarok", "w") as f:
    f.write(head + "{" + "c" * 1_000_000 + "}\n{" + "c" * 900_000 + "}\ntrick 1: SK SQ SN SJ\n")
with open(f"{tmp}/limit.tarok", "w") as f:
    f.write(head + "".join(f"trick {i + 1}: SK SQ SN SJ\n" for i in range(250)))
PY
mkdir "$tmp/folder"
"$TAROK" gen --variant "$VARIANT" --seed 5 --count "$FILES" --to jsonl \
  | split -l 1 -d -a 6 --additional-suffix=.jsonl - "$tmp/folder/deal-"

printf '%-30s %-26s %-6s %9s %10s %s\n' command input binary wall_s peak_MiB exit
one() {
  local label=$1 input=$2 which=$3 bin=$4
  shift 4
  local args=("$@")
  /usr/bin/time -v -o "$tmp/time" "$bin" "${args[@]}" > /dev/null 2>&1 && code=0 || code=$?
  local wall peak
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s }' "$tmp/time")
  peak=$(awk -F': ' '/Maximum resident/ { printf "%.1f", $2 / 1024 }' "$tmp/time")
  printf '%-30s %-26s %-6s %9s %10s %s\n' "$label" "$input" "$which" "$wall" "$peak" "$code"
}
# run LABEL INPUT ARGS...: the measure with TAROK, then with BASE if given.
run() {
  local label=$1 input=$2
  shift 2
  one "$label" "$input" this "$TAROK" "$@"
  if [[ -n ${BASE:-} ]]; then
    one "$label" "$input" base "$BASE" "$@"
  fi
}
d="$tmp/deals.tarok"
run "verify" "$COUNT deals" verify "$d"
run "verify --format json" "$COUNT deals" verify --format json "$d"
run "explain" "$COUNT deals" explain "$d"
run "explain --format html" "$COUNT deals" explain --format html "$d"
run "convert --to jsonl" "$COUNT deals" convert --to jsonl "$d"
cp "$d" "$tmp/copy.tarok"
run "fmt --check" "$COUNT deals" fmt --check "$tmp/copy.tarok"
rm "$tmp/copy.tarok"
for f in duplicates findings cards comments limit; do
  size=$(stat -c %s "$tmp/$f.tarok")
  label="$f ($((size / 1000)) kB)"
  run "verify" "$label" verify "$tmp/$f.tarok"
  run "verify --format json" "$label" verify --format json "$tmp/$f.tarok"
  run "explain" "$label" explain "$tmp/$f.tarok"
  run "explain --format html" "$label" explain --format html "$tmp/$f.tarok"
  run "fmt --check" "$label" fmt --check "$tmp/$f.tarok"
  run "convert --to json" "$label" convert --to json "$tmp/$f.tarok"
  run "report" "$label" report "$tmp/$f.tarok"
done
for format in text html json; do
  run "report --format $format" "$FILES one-deal files" report --format "$format" "$tmp/folder"
done
run "verify" "$FILES one-deal files" verify "$tmp/folder"

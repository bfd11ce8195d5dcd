#!/usr/bin/env bash
# The director's report on a large input, against `verify` on the same
# input: wall clock, CPU time and peak memory of whole-program runs.
#
#   bench/report.sh [COUNT]      # default 25000 deals per variant
#
# The input is a folder of four generated sessions (one file per variant,
# COUNT deals each). `verify` streams; the report keeps what it needs of
# every deal until the end, so its memory grows with the input.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-25000}
cargo build --release --quiet
tarok=target/release/tarok
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/round"
for v in danish-tarok french-tarot koenigrufen skill7-tarock; do
  "$tarok" gen --variant "$v" --seed 11 --count "$count" > "$tmp/round/$v.tarok"
done
echo "input: $(du -sh "$tmp/round" | cut -f1), $((4 * count)) deals in 4 files"
run() {
  local label=$1
  shift
  /usr/bin/time -f "$label: %e s wall, %U s user, %M KB peak" "$@" > /dev/null
}
run "verify --format json" "$tarok" verify --format json "$tmp/round"
run "report --format json" "$tarok" report --format json "$tmp/round"
run "report --format text" "$tarok" report --format text "$tmp/round"
run "report --format html" "$tarok" report --format html "$tmp/round"

#!/usr/bin/env bash
# One session file verified on one core and on two: `tarok verify` parses and
# replays the deals of a file on every thread and settles them in order
# (`src/pipeline.rs`), so two cores should take about half the time of one. Prints the median wall clock and
# CPU time of 3 runs each, MB/s, and the speedup.
#
#   bench/cores.sh [FILE]     # default: 20,000 generated Danish deals
#
# The machine must be otherwise idle for the wall clock to mean anything.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
tarok=${CARGO_TARGET_DIR:-$PWD/target}/release/tarok
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
file=${1:-}
if [ -z "$file" ]; then
  file=$tmp/danish.tarok
  "$tarok" gen --variant danish-tarok --seed 4 --count 20000 > "$file"
fi
bytes=$(wc -c < "$file")
median() { sort -n | sed -n 2p; }
run() { # CPUS -> "wall user" per line
  for _ in 1 2 3; do
    /usr/bin/time -f "%e %U" -o "$tmp/t" taskset -c "$1" "$tarok" verify "$file" > /dev/null 2>&1 || true
    cat "$tmp/t"
  done
}
run 0 > "$tmp/one"
run 0,1 > "$tmp/two"
w1=$(cut -d' ' -f1 "$tmp/one" | median); u1=$(cut -d' ' -f2 "$tmp/one" | median)
w2=$(cut -d' ' -f1 "$tmp/two" | median); u2=$(cut -d' ' -f2 "$tmp/two" | median)
awk -v b="$bytes" -v w1="$w1" -v u1="$u1" -v w2="$w2" -v u2="$u2" 'BEGIN {
  printf "one core  %6.2f s wall %6.2f s user %7.1f MB/s\n", w1, u1, b / w1 / 1e6
  printf "two cores %6.2f s wall %6.2f s user %7.1f MB/s\n", w2, u2, b / w2 / 1e6
  printf "speedup   %6.2fx\n", w1 / w2
}'

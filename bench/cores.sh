#!/usr/bin/env bash
# One session file verified on one core and on two: `tarok verify` parses and
# replays the deals of a file on every thread and settles them in order
# (`src/pipeline.rs`), so two cores should take about half the time of one.
# Runs one core and two cores alternately, RUNS times each (paired, so that a
# neighbour's load falls on both alike), and prints the median wall clock and
# CPU time of each, MB/s, the speedup of the medians, and the median, lowest
# and highest speedup of the pairs.
#
#   bench/cores.sh [FILE]     # default: 20,000 generated Danish deals
#
# Environment: RUNS=N pairs of runs (default 7); TAROK=PATH the binary
# measured (default: this tree's release build, built first); BASE=PATH a
# base build measured in the same rounds (each round runs the base's pair,
# then the new one's), its figures printed first.
#
# The machine must be otherwise idle for the wall clock to mean anything; on
# a shared one, take the median of many pairs.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-7}
if [ -z "${TAROK:-}" ]; then
  cargo build --release --quiet
fi
tarok=${TAROK:-${CARGO_TARGET_DIR:-$PWD/target}/release/tarok}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
file=${1:-}
if [ -z "$file" ]; then
  file=$tmp/danish.tarok
  "$tarok" gen --variant danish-tarok --seed 4 --count 20000 > "$file"
fi
bytes=$(wc -c < "$file")
once() { # BINARY CPUS -> "wall cpu"
  /usr/bin/time -f "%e %U %S" -o "$tmp/t" taskset -c "$2" "$1" verify "$file" > /dev/null 2>&1 || true
  # The last line: before it, time says when the command exited non-zero.
  tail -n 1 "$tmp/t" | awk '{ printf "%s %.2f\n", $1, $2 + $3 }'
}
builds=("$tarok")
[ -n "${BASE:-}" ] && builds=("$BASE" "$tarok")
for _ in $(seq "$runs"); do
  for i in "${!builds[@]}"; do
    echo "$(once "${builds[$i]}" 0) $(once "${builds[$i]}" 0,1)" >> "$tmp/pairs$i"
  done
done
for i in "${!builds[@]}"; do
  [ ${#builds[@]} -gt 1 ] && echo "${builds[$i]}:"
  awk -v b="$bytes" '
  function median(a, n,   i, j, t) {
    for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  { n++; w1[n] = $1; c1[n] = $2; w2[n] = $3; c2[n] = $4; r[n] = $1 / $3 }
  END {
    lo = hi = r[1]; for (i = 2; i <= n; i++) { if (r[i] < lo) lo = r[i]; if (r[i] > hi) hi = r[i] }
    m1 = median(w1, n); m2 = median(w2, n)
    printf "one core  %6.2f s wall %6.2f s CPU %7.1f MB/s\n", m1, median(c1, n), b / m1 / 1e6
    printf "two cores %6.2f s wall %6.2f s CPU %7.1f MB/s\n", m2, median(c2, n), b / m2 / 1e6
    printf "speedup   %6.2fx (medians); pairs: median %.2fx, %.2fx to %.2fx, %d pairs\n", m1 / m2, median(r, n), lo, hi, n
  }' "$tmp/pairs$i"
done

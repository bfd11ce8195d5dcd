#!/usr/bin/env bash
# `tarok gen` deals a second, per variant: random playouts through
# `tarok_verifier::game::Game` written as text (issue 29 item 5). CPU
# seconds (user + sys, `/usr/bin/time`) of
# `tarok gen --variant V --seed 3 --count N > /dev/null`, the median of RUNS
# runs (default 3), pinned to one core; with BASE=binary the base is run in
# the same rounds, alternating run for run, and the outputs are compared
# byte for byte (same seed, same deals).
#
#   bench/gen.sh                                  # target/release/tarok
#   BASE=./base-tarok RUNS=5 N=10000 bench/gen.sh
#   VARIANTS="danish-tarok koenigrufen" bench/gen.sh
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
N=${N:-5000}
NEW=${NEW:-target/release/tarok}
BASE=${BASE:-}
VARIANTS=${VARIANTS:-danish-tarok french-tarot koenigrufen skill7-tarock}
CORE=${CORE:-0}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cpu() { # binary variant -> CPU seconds
  /usr/bin/time -f "%U %S" -o "$tmp/t" taskset -c "$CORE" "$1" gen --variant "$2" --seed 3 \
    --count "$N" >/dev/null
  awk '{print $1 + $2}' "$tmp/t"
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
for v in $VARIANTS; do
  : >"$tmp/new"
  : >"$tmp/base"
  for _ in $(seq "$RUNS"); do
    [ -n "$BASE" ] && cpu "$BASE" "$v" >>"$tmp/base"
    cpu "$NEW" "$v" >>"$tmp/new"
  done
  new=$(median <"$tmp/new")
  line=$(awk -v v="$v" -v n="$N" -v s="$new" \
    'BEGIN {printf "%-14s %6d deals  new %6.2f s  %7.0f deals/s", v, n, s, n / s}')
  if [ -n "$BASE" ]; then
    base=$(median <"$tmp/base")
    "$BASE" gen --variant "$v" --seed 3 --count "$N" >"$tmp/a"
    "$NEW" gen --variant "$v" --seed 3 --count "$N" >"$tmp/b"
    same=$(cmp -s "$tmp/a" "$tmp/b" && echo "same output" || echo "OUTPUT DIFFERS")
    line="$line$(awk -v n="$N" -v s="$base" -v t="$new" -v same="$same" \
      'BEGIN {printf "  | base %6.2f s  %7.0f deals/s  | x%.2f  %s", s, n / s, s / t, same}')"
  fi
  echo "$line"
done

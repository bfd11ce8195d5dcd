#!/usr/bin/env bash
# Random playouts through `tarok_verifier::game::Game`, per variant: the
# median over RUNS runs (default 3) of the milliseconds per playout that the
# test `verifier/tests/game.rs` prints (CASES playouts per variant, default
# 60; each playout also probes illegal moves, one step in six, and verifies
# its record at the end). Release build, one test thread.
#
#   bench/game.sh                  # RUNS=3 CASES=60
#   RUNS=5 CASES=100 bench/game.sh
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
CASES=${CASES:-60}
cargo test --release -p tarok-verifier --test game --no-run >/dev/null 2>&1
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for _ in $(seq "$RUNS"); do
  TAROK_GAME_CASES=$CASES cargo test --release -p tarok-verifier --test game -- playouts \
    --nocapture --test-threads 1 2>&1 | grep -o '[a-z0-9-]*: [0-9]* playouts.*ms per playout' >>"$out"
done
for v in danish-tarok french-tarot koenigrufen skill7-tarock; do
  grep "^$v:" "$out" | sed 's/.*, \([0-9.]*\) ms per playout/\1/' | sort -n |
    awk -v v="$v" -v runs="$RUNS" -v cases="$CASES" \
      '{a[NR]=$1} END {printf "%-14s median %7.1f ms per playout (%d runs of %d playouts; min %.1f, max %.1f)\n", v, a[int((NR+1)/2)], runs, cases, a[1], a[NR]}'
done

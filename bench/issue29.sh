#!/usr/bin/env bash
# Every figure of issue 29 in one run, each against a base build measured in
# the same rounds (paired, run for run), by the scripts that measure each:
#
#   item 1  `verify` on one core: MB/s and deals/s, and over the chess
#           baseline's MB/s (bench/speed.sh ONLY="parse verify", per variant);
#           two cores over one on one Danish session file (bench/cores.sh)
#   item 2  parsing alone (`convert --to none`), JSON Lines in (read alone:
#           `convert --to none` of them, records/s beside parse's) and out
#           (bench/speed.sh ONLY="parse text-jsonl jsonl-none jsonl-text",
#           per variant)
#   item 3  peak memory of every command on 1,000,000 deals (bench/memory.sh,
#           the new build only: it takes minutes; ITEMS must name it)
#   item 4  Python against the command line (bench/python.sh SECTIONS=3;
#           PYTHON must name a Python with the package installed)
#   item 5  `tarok gen` deals a second (bench/gen.sh, outputs compared byte
#           for byte) and random playouts through `Game`
#           (verifier/examples/game_speed.rs; BASE_GAME=the base's build of it)
#
# The targets are printed beside each section. Usage:
#
#   BASE=/path/to/base/tarok bench/issue29.sh
#   BASE=... BASE_GAME=/path/to/base/game_speed ITEMS="1 2 5" RUNS=5 bench/issue29.sh
#
# Environment: TAROK (default: this tree's release build, built first), BASE
# (optional: without it only the new build is measured), BASE_GAME, ITEMS
# (default "1 2 4 5"; 4 is skipped without PYTHON), RUNS (default 5), COUNT
# deals per variant for items 1 and 2 (default 100,000), CORES_COUNT Danish
# deals of the two-core file (default 300,000: shorter runs are below what
# /usr/bin/time resolves), GEN_N (default 50,000), GAME_N (default 2,000),
# VARIANTS (default all four). The inputs are written to TMPDIR (default
# /dev/shm when it exists, so that the disk is not measured) and removed.
#
# Seconds need an otherwise idle machine; two cores above all (a build on
# the other core makes two cores measure as one).
set -euo pipefail
cd "$(dirname "$0")/.."
items=${ITEMS:-1 2 4 5}
runs=${RUNS:-5}
count=${COUNT:-100000}
variants=${VARIANTS:-danish-tarok french-tarot koenigrufen skill7-tarock}
if [[ -z ${TAROK:-} ]]; then
  cargo build --release --quiet
  TAROK=${CARGO_TARGET_DIR:-$PWD/target}/release/tarok
fi
export TAROK
base=${BASE:-}
if [[ -z ${TMPDIR:-} && -d /dev/shm ]]; then
  export TMPDIR=/dev/shm
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
has() { [[ " $items " == *" $1 "* ]]; }
title() { printf '\n## %s\n' "$1"; }

if has 1 || has 2; then
  only=""
  has 1 && only="verify"
  has 2 && only="$only text-jsonl jsonl-none jsonl-text"
  title "Items 1 and 2, one core: target verify >= 2x chess MB/s and >= 200,000 deals/s; parse >= 500 MB/s; JSON Lines in and out >= the text"
  for v in $variants; do
    "$TAROK" gen --variant "$v" --seed 4 --count "$count" >"$tmp/$v.tarok"
    echo "### $v, $count deals, $(stat -c %s "$tmp/$v.tarok") bytes"
    BASE=$base RUNS=$runs CORES=1 ONLY="parse $only" bench/speed.sh "$tmp/$v.tarok"
    rm -f "$tmp/$v.tarok"
  done
fi

if has 1; then
  cores_count=${CORES_COUNT:-300000}
  title "Item 1, two cores on one Danish session file: target >= 1.85x one core"
  "$TAROK" gen --variant danish-tarok --seed 5 --count "$cores_count" >"$tmp/session.tarok"
  BASE=$base RUNS=$runs bench/cores.sh "$tmp/session.tarok"
  rm -f "$tmp/session.tarok"
fi

if has 3; then
  title "Item 3, peak memory on 1,000,000 deals (new build): target < 64 MiB every command"
  bench/memory.sh 1000000
fi

if has 4; then
  title "Item 4, Python: target >= 0.9x the CLI's records/s on one core, < 64 MiB, a pool of two >= 1.7x"
  if [[ -z ${PYTHON:-} ]]; then
    echo "skipped: PYTHON is not set (a Python with \`pip install ./python\` done)"
  else
    SECTIONS=3 RUNS=$runs N=$count bench/python.sh
  fi
fi

if has 5; then
  title "Item 5, tarok gen written as text: target >= 100,000 deals/s (CPU time, one core)"
  BASE=$base NEW=$TAROK RUNS=$runs N=${GEN_N:-50000} VARIANTS=$variants bench/gen.sh
  title "Item 5, random playouts through Game, one core: target >= 100,000 playouts/s, a cheap clone"
  cargo build --release --quiet -p tarok-verifier --example game_speed
  game=${CARGO_TARGET_DIR:-$PWD/target}/release/examples/game_speed
  # One name per variant: the example reads variants by their names.
  echo "new:"
  taskset -c 0 "$game" "${GAME_N:-2000}" $variants
  if [[ -n ${BASE_GAME:-} ]]; then
    echo "base:"
    taskset -c 0 "$BASE_GAME" "${GAME_N:-2000}" $variants
  fi
fi

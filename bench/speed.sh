#!/usr/bin/env bash
# Whole-program speed of `tarok`: MB/s and records/s of each command on one
# core and on two, with `cat` beside them as the I/O floor, and peak memory.
#
#   bench/speed.sh [FILE.tarok]          # default: 20,000 generated Danish deals
#
# Environment:
#   RUNS=N          runs per measure; the median is shown (default 3)
#   VARIANT=V       the variant generated when no file is given (default danish-tarok)
#   COUNT=N         the deals generated when no file is given (default 20000)
#   CORES="1 2"     the core counts measured (`taskset -c 0` and `taskset -c 0,1`)
#   ONLY="verify"   only the measures named (cat parse verify text-jsonl jsonl-none
#                   jsonl-text fmt)
#   TAROK=PATH      the binary measured (default: this tree's release build, built first)
#   CHESS=PATH      the chess baseline (default: bench/chess built in release into
#                   target/chess, once); CHESS=none leaves it out
#   BASE=PATH       a second binary measured in the same runs, paired (run for run,
#                   alternating), e.g. BASE=/work/baseline/tarok: its lines follow, marked `base`
#
# Measures (every one reads the whole input and writes to /dev/null):
#   cat         cat FILE                        the I/O floor
#   chess       chess-baseline validate GAMES   run with verify, paired run for run: the
#                                               baseline of issue 29, pgn-reader reading and
#                                               shakmaty validating every move of as many
#                                               chess games as there are records (`bench/chess`,
#                                               random legal games); then verify's MB/s over
#                                               chess's, of wall time and of CPU time
#   parse       tarok convert --to none FILE    read, cut and parse every record, write nothing
#   verify      tarok verify FILE               the default text report
#   text-jsonl  tarok convert --to jsonl FILE
#   jsonl-none  tarok convert --to none FILE.jsonl   read and parse every record of the
#                                               JSON Lines form, write nothing (MB/s of the
#                                               JSON Lines input; records/s compare with parse)
#   jsonl-text  tarok convert --to text FILE.jsonl   (MB/s of the JSON Lines input)
#   fmt         tarok fmt COPY                  a canonical copy: read, print, compare with
#                                               the original, temporary file synced, not renamed
#
# Columns: median wall time, MB/s and records/s from it, median CPU time (user +
# system) and CPU / wall (1.00 on one core means no time lost waiting; above the
# core count would mean spinning), MB per CPU second (the fairer figure when
# others load the machine: on one core it is the MB/s of a quiet core), and the
# largest peak resident memory of the runs.
# The machine is shared: compare paired runs (BASE) or instruction counts
# (valgrind --tool=callgrind), not figures of different moments.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
cores_list=${CORES:-1 2}
only=${ONLY:-cat parse verify text-jsonl jsonl-none jsonl-text fmt}
if [[ -z ${TAROK:-} ]]; then
  cargo build --release --quiet
  TAROK=${CARGO_TARGET_DIR:-$PWD/target}/release/tarok
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [[ $# -ge 1 ]]; then
  input=$1
else
  input=$tmp/input.tarok
  "$TAROK" gen --variant "${VARIANT:-danish-tarok}" --seed 4 --count "${COUNT:-20000}" > "$input"
fi
records=$(grep -c '^\[Variant[[:blank:]]' "$input" || true)
bytes=$(stat -c %s "$input")
# The JSON Lines form of the same records, and a canonical copy for `fmt`.
"$TAROK" convert --to jsonl "$input" > "$tmp/input.jsonl"
jsonl_bytes=$(stat -c %s "$tmp/input.jsonl")
"$TAROK" fmt - < "$input" > "$tmp/fmt.tarok" || true
fmt_bytes=$(stat -c %s "$tmp/fmt.tarok")

# The chess baseline and its games: as many as there are records.
chess=${CHESS:-}
if [[ $only == *verify* && $chess != none ]]; then
  if [[ -z $chess ]]; then
    CARGO_TARGET_DIR=$PWD/target/chess cargo build --release --quiet \
      --manifest-path bench/chess/Cargo.toml
    chess=$PWD/target/chess/release/chess-baseline
  fi
  "$chess" gen 4 "$records" > "$tmp/games.pgn"
  chess_bytes=$(stat -c %s "$tmp/games.pgn")
else
  chess=none
fi

# A binary from before `convert --to none` has no parse measure. Asked on
# an empty regular file: `tarok` refuses to read /dev/null (a character
# device), which made every base look too old to have one.
base_parse=no
: > "$tmp/probe.tarok"
if [[ -n ${BASE:-} ]] && "$BASE" convert --to none "$tmp/probe.tarok" > /dev/null 2>&1; then
  base_parse=yes
fi

printf 'input: %s, %d records, %.1f MB (JSON Lines %.1f MB); %s runs each, median\n' \
  "$input" "$records" "$(echo "$bytes / 1000000" | bc -l)" \
  "$(echo "$jsonl_bytes / 1000000" | bc -l)" "$runs"
printf '%-11s %-5s %-5s %8s %9s %12s %8s %7s %9s %9s\n' \
  measure cores bin wall_s MB/s records/s cpu_s cpu/wall MB/cpu_s peak_MiB

# The command of a measure, for binary $1.
command_of() {
  local bin=$1 what=$2
  case $what in
    cat) echo "cat $input" ;;
    chess) echo "$bin validate $tmp/games.pgn" ;;
    parse) echo "$bin convert --to none $input" ;;
    verify) echo "$bin verify $input" ;;
    text-jsonl) echo "$bin convert --to jsonl $input" ;;
    jsonl-none) echo "$bin convert --to none $tmp/input.jsonl" ;;
    jsonl-text) echo "$bin convert --to text $tmp/input.jsonl" ;;
    fmt) echo "$bin fmt $tmp/fmt.tarok" ;;
  esac
}

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# One run: appends "wall cpu peak_kb" to file $2.
run_once() {
  local cmd=$1 out=$2 pin=$3 t0 t1
  t0=$(date +%s%N)
  # Exit code 1 (findings) is a result, not a failure of the run.
  taskset -c "$pin" /usr/bin/time -f '%U %S %M' -o "$tmp/time" $cmd > /dev/null 2> /dev/null || true
  t1=$(date +%s%N)
  read -r user sys peak < <(tail -1 "$tmp/time")
  echo "$(( (t1 - t0) / 1000 )) $user $sys $peak" >> "$out"
}

report() {
  local what=$1 cores=$2 label=$3 out=$4 size=$5
  local wall cpu peak
  wall=$(awk '{ print $1 / 1e6 }' "$out" | median)
  cpu=$(awk '{ print $2 + $3 }' "$out" | median)
  peak=$(awk '{ if ($4 > m) m = $4 } END { print m }' "$out")
  local per_cpu=0
  if [[ $(echo "$cpu > 0" | bc) == 1 ]]; then per_cpu=$(echo "$size / $cpu / 1000000" | bc -l); fi
  printf '%-11s %-5s %-5s %8.3f %9.1f %12.0f %8.2f %7.2f %9.1f %9.1f\n' \
    "$what" "$cores" "$label" "$wall" \
    "$(echo "$size / $wall / 1000000" | bc -l)" \
    "$(echo "$records / $wall" | bc -l)" \
    "$cpu" "$(echo "$cpu / $wall" | bc -l)" "$per_cpu" "$(echo "$peak / 1024" | bc -l)"
}

for what in $only; do
  size=$bytes
  [[ $what == jsonl-text || $what == jsonl-none ]] && size=$jsonl_bytes
  [[ $what == fmt ]] && size=$fmt_bytes
  for cores in $cores_list; do
    pin=$(seq -s, 0 $((cores - 1)))
    : > "$tmp/new" ; : > "$tmp/base" ; : > "$tmp/chess"
    for _ in $(seq "$runs"); do
      run_once "$(command_of "$TAROK" "$what")" "$tmp/new" "$pin"
      if [[ -n ${BASE:-} && $what != cat && ( $what != parse && $what != jsonl-none || $base_parse == yes ) ]]; then
        run_once "$(command_of "$BASE" "$what")" "$tmp/base" "$pin"
      fi
      if [[ $what == verify && $chess != none ]]; then
        run_once "$(command_of "$chess" chess)" "$tmp/chess" "$pin"
      fi
    done
    report "$what" "$cores" new "$tmp/new" "$size"
    if [[ -s $tmp/base ]]; then
      report "$what" "$cores" base "$tmp/base" "$size"
    fi
    if [[ -s $tmp/chess ]]; then
      report chess "$cores" pgn "$tmp/chess" "$chess_bytes"
      for label in new base; do
        [[ -s $tmp/$label ]] || continue
        # MB/s of verify over MB/s of chess, from the medians of wall and CPU time.
        awk -v b="$bytes" -v c="$chess_bytes" -v label="$label" -v cores="$cores" '
          function median(a, n,   i, j, t) {
            for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
            return a[int((n + 1) / 2)]
          }
          FNR == 1 { f++ }
          f == 1 { n1++; w1[n1] = $1; c1[n1] = $2 + $3 }
          f == 2 { n2++; w2[n2] = $1; c2[n2] = $2 + $3 }
          END {
            printf "verify/chess %s %s: %.2fx MB/s of wall time, %.2fx MB per CPU second\n", cores, label,
              (b / median(w1, n1)) / (c / median(w2, n2)), (b / median(c1, n1)) / (c / median(c2, n2))
          }' "$tmp/$label" "$tmp/chess"
      done
    fi
  done
done

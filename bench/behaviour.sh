#!/usr/bin/env bash
# Behaviour fingerprint: a checksum of what `tarok verify --format json` and
# `tarok explain` say about generated deals of every variant, clean and
# mutated (cards swapped between tricks, a card cut from a trick and from a hand),
# and with random faults (`bench/faults.py`: up to three a record), so
# that a refactoring or a speed change can show it changed nothing.
#
#   bench/behaviour.sh [COUNT]      # default 100000 deals per variant
#   TAROK=/path/to/tarok bench/behaviour.sh [COUNT]   # another build, e.g. an older commit's
#
# Run it before and after a change on the same commit of the generator and
# compare the printed lines. The generator's own output is part of the input,
# so compare only runs whose `gen` is the same code: GEN=/path/to/tarok takes
# the deals from that build's generator (e.g. the older commit's, when the
# generators changed between the two builds).
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-100000}
if [ -z "${TAROK:-}" ]; then
  cargo build --release --quiet
fi
tarok=${TAROK:-${CARGO_TARGET_DIR:-$PWD/target}/release/tarok}
# Absolute: verify runs from inside the temporary folder (a relative TAROK
# found no binary there, and every verify checksum was that of nothing).
tarok=$(realpath "$tarok")
gen=$(realpath "${GEN:-$tarok}")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mutate() {
  # Every 3rd record: swap the second card of trick 3 and trick 8.
  # Every 5th record: drop the last card of trick 6. Every 7th record: drop a hand's last card.
  awk '
    function swap2(line, card,   a, i, out) {
      split(line, a, " "); out=a[1]; a[4]=card;
      for (i = 2; i <= length(a); i++) out = out " " a[i];
      return out
    }
    /^\[Variant / { n++ }
    { lines[NR]=$0; rec[NR]=n }
    /^trick 3:/ { split($0, a, " "); if (4 in a) { c3[n]=a[4]; l3[n]=NR } }
    /^trick 8:/ { split($0, a, " "); if (4 in a) { c8[n]=a[4]; l8[n]=NR } }
    END {
      for (i = 1; i <= NR; i++) {
        r = rec[i]; line = lines[i]
        if (r % 3 == 0 && (r in l3) && (r in l8)) {
          if (i == l3[r]) line = swap2(line, c8[r])
          else if (i == l8[r]) line = swap2(line, c3[r])
        }
        if (r % 5 == 0 && line ~ /^trick 6:/) sub(/ [^ ]+$/, "", line)
        if (r % 7 == 0 && line ~ /^hand 1:/) sub(/ [^ ]+$/, "", line)
        print line
      }
    }' "$1"
}

for variant in danish-tarok french-tarot koenigrufen skill7-tarock; do
  "$gen" gen --variant "$variant" --seed 11 --count "$count" > "$tmp/clean.tarok"
  mutate "$tmp/clean.tarok" > "$tmp/mutated.tarok"
  python3 bench/faults.py 5 < "$tmp/clean.tarok" > "$tmp/faults.tarok"
  for kind in clean mutated faults; do
    f="$tmp/$kind.tarok"
    # From inside the folder: the JSON names the file, and a temporary
    # folder's name would change the checksum on every run.
    v=$(cd "$tmp" && "$tarok" verify --format json "$kind.tarok" 2>/dev/null | sha256sum | cut -c1-16) || true
    e=$(head -c 2000000 "$f" | "$tarok" explain - 2>/dev/null | sha256sum | cut -c1-16) || true
    printf '%-14s %-8s verify-json %s explain %s\n' "$variant" "$kind" "$v" "$e"
  done
done

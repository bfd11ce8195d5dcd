#!/bin/sh
# Time `tarok explain --format html` on each corpus lesson (the pages that
# show legal cards: a revoke's, a quiz's), best of 3 runs.
#   bench/lesson.sh [path/to/tarok]     (default target/release/tarok)
set -eu
bin=${1:-target/release/tarok}
for f in corpus/*/90-lesson.tarok corpus/french-tarot/30-revoke-follow-suit.tarok corpus/koenigrufen/24-play-faults.tarok corpus/danish-tarok/20-revoke.tarok; do
  [ -f "$f" ] || continue
  best=
  for _ in 1 2 3; do
    s=$(date +%s%N)
    "$bin" explain --format html "$f" >/dev/null 2>&1 || true
    e=$(date +%s%N)
    t=$(( (e - s) / 1000000 ))
    if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
  done
  printf '%6d ms  %s\n' "$best" "$f"
done

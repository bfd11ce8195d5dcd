#!/bin/bash
# CPU time (user + system, best of 3) of `tarok explain --format html` on
# the corpus lessons and on the files whose pages show the most legal cards
# (revokes), and on every corpus file together. The legal cards come from
# verifier::game::Game, which replays the record once per move it judges:
# this is where that cost shows.
#   bench/lesson.sh [path/to/tarok]     (default target/release/tarok)
set -eu
bin=${1:-target/release/tarok}
TIMEFORMAT='%U %S'
cpu() {  # milliseconds of CPU for one run of the command
  local t
  t=$( { time "$@" >/dev/null 2>&1; } 2>&1 ) || true
  awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%d", (a[1] + a[2]) * 1000 }'
}
best() {
  local b= t
  for _ in 1 2 3; do
    t=$(cpu "$@")
    if [ -z "$b" ] || [ "$t" -lt "$b" ]; then b=$t; fi
  done
  echo "$b"
}
for f in corpus/*/90-lesson.tarok corpus/french-tarot/30-revoke-follow-suit.tarok \
         corpus/koenigrufen/24-play-faults.tarok corpus/danish-tarok/20-revoke.tarok \
         corpus/danish-tarok/50-wrong-renaming-and-revoke.tarok; do
  [ -f "$f" ] || continue
  printf '%6d ms  %s\n' "$(best "$bin" explain --format html "$f")" "$f"
done
all() { for f in corpus/*/*.tarok; do "$bin" explain --format html "$f" >/dev/null 2>&1 || true; done; }
printf '%6d ms  every corpus file, one page each\n' "$(best all)"

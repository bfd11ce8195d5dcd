#!/bin/sh
# Makes docs/quiz.png, the README's picture of a lesson's quiz: the
# Königrufen lesson of the corpus (corpus/koenigrufen/90-lesson.tarok) at its
# quiz step in headless Chromium at 1280×800, after the student clicked a
# card that is not legal there.
#
#   docs/quiz-screenshot.sh [path/to/tarok]    (default: target/debug/tarok)
#
# Needs Debian's chromium (CHROMIUM=... for another binary) and pngquant. The lesson page
# is loaded in a frame of a small wrapper page that steps to the quiz and
# clicks the card, as the browser tests do (tests/it/lesson_browser.rs).
set -eu
tarok=${1:-target/debug/tarok}
chromium=${CHROMIUM:-chromium}
out=docs/quiz.png
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$tarok" explain --format html corpus/koenigrufen/90-lesson.tarok > "$dir/lesson.html" || [ $? -eq 1 ]
cat > "$dir/wrapper.html" <<'HTML'
<!DOCTYPE html><html><head><style>
html,body{margin:0;height:100%;overflow:hidden}
iframe{border:0;width:100%;height:100%;display:block}
</style></head><body>
<iframe src="lesson.html" onload="quiz(this)"></iframe>
<script>
function quiz(f) {
  var d = f.contentDocument;
  var deal = d.querySelector("article.deal[data-tricks]");
  var step = deal.querySelector(".script .step[data-phase=quiz]");
  deal.show(parseInt(step.getAttribute("data-step"), 10));
  var q = step.querySelector(".quiz");
  var seat = q.getAttribute("data-seat");
  var legal = (q.getAttribute("data-legal") || "").split(" ");
  var cards = Array.prototype.slice.call(deal.querySelectorAll('.seat[data-seat="' + seat + '"] .hand .card:not(.gone)'));
  var wrong = cards.filter(function (c) { return legal.indexOf(c.getAttribute("data-card")) < 0; })[0];
  if (wrong) { wrong.click(); }
  d.querySelector("#d1-stage").scrollIntoView();
}
</script></body></html>
HTML
profile="$dir/profile"
"$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$profile" --allow-file-access-from-files --hide-scrollbars \
  --window-size=1280,800 --virtual-time-budget=10000 \
  --screenshot="$dir/quiz.png" "file://$dir/wrapper.html" 2>/dev/null
# A page of flat colours loses nothing seen in 64 colours, and the file
# stays small for the README (Debian: apt-get install pngquant).
if command -v pngquant >/dev/null 2>&1; then
  pngquant --force --strip --speed 1 --output "$out" 64 "$dir/quiz.png"
else
  echo "pngquant not found: docs/quiz.png is written unquantized (large)" >&2
  cp "$dir/quiz.png" "$out"
fi
ls -l "$out"

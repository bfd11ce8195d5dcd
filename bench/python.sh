#!/usr/bin/env bash
# The Python package (issue 24), on two cores:
# 1. `tarok.verify(records, independent=True)` (batches replayed in
#    parallel) against the sequential reference, a `tarok.Session(
#    independent=True)` fed record by record, and `tarok.verify(records)`
#    (one session) against `tarok.Session()`: wall time and CPU time (every
#    thread), median of $RUNS runs, the two ways alternating run by run.
# 2. Peak memory (maximum resident set, `/usr/bin/time -f %M`) of
#    verifying $N deals streamed: a path (`tarok.verify(path)`) and an
#    iterable (`tarok.verify(tarok.read(path))`), each report dropped as it
#    comes; beside it, the interpreter with the package imported.
#
# 3. Against the command line (issue 29 item 4): `for r in
#    tarok.verify(path)` (a report object a record) against `tarok verify
#    PATH` and the package's one whole-file call (`tarok._tarok._frames`,
#    the tables of `tarok.frames` as Arrow IPC bytes) on one core
#    (`taskset -c 0`), records a second and CPU seconds, median of $RUNS
#    paired runs, and the peak RSS of each; then two files verified by a
#    thread pool of two against the same two one after the other, on cores
#    0,1 (the GIL is released while verifying, so the pool should near 2x),
#    each file on one thread (RAYON_NUM_THREADS=1) and on both cores, beside
#    the control: two `tarok verify` processes at once (what two cores give
#    on a shared machine).
#
# Needs a Python with the package installed ($PYTHON, default python3:
# `pip install ./python`) and the tarok binary to write the inputs ($TAROK,
# default target/release/tarok, else target/debug/tarok). Inputs are made in
# a temporary folder and deleted (the $N-deal file is about 0.9 KB a deal).
#
#   PYTHON=.venv/bin/python bench/python.sh
#   RUNS=5 N=100000 CORES=0,1 PYTHON=... bench/python.sh
#   SECTIONS=3 PYTHON=... bench/python.sh     (only section 3; "1 2 3" is all)
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3}
RUNS=${RUNS:-7}
N=${N:-100000}
DEALS=${DEALS:-20000}
CORES=${CORES:-0,1}
SECTIONS=" ${SECTIONS:-1 2 3} "
section() { [[ "$SECTIONS" == *" $1 "* ]]; }
if [ -z "${TAROK:-}" ]; then
  TAROK=target/release/tarok
  [ -x "$TAROK" ] || TAROK=target/debug/tarok
fi
[ -x "$TAROK" ] || { echo "no tarok binary: cargo build, or set TAROK" >&2; exit 2; }
"$PY" -c 'import tarok' || { echo "$PY has no tarok package: pip install ./python" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

section 1 && for v in danish-tarok french-tarot; do
  "$TAROK" gen --variant "$v" --count "$DEALS" --seed 7 > "$tmp/$v.tarok"
done
"$TAROK" gen --variant danish-tarok --count "$N" --seed 11 > "$tmp/many.tarok"

if section 1; then
echo "== speed: $DEALS deals a variant, cores $CORES, median of $RUNS runs (seconds); $(uptime | sed 's/.*load/load/')"
for v in danish-tarok french-tarot; do
  taskset -c "$CORES" "$PY" - "$tmp/$v.tarok" "$RUNS" <<'EOF'
import resource, statistics, sys, time

import tarok

path, runs = sys.argv[1], int(sys.argv[2])
records = tarok.parse(path)


def one_by_one(independent: bool) -> list[tarok.Report]:
    session = tarok.Session(independent=independent)
    return [session.verify(r) for r in records]


def batched(independent: bool) -> list[tarok.Report]:
    return list(tarok.verify(records, independent=independent))


def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)  # every thread of the process
    return r.ru_utime + r.ru_stime


def timed(f, independent):
    start, used = time.perf_counter(), cpu()
    f(independent)
    return time.perf_counter() - start, cpu() - used


name = path.rsplit("/", 1)[-1]
for independent in (True, False):
    # Paired: the two ways alternate run by run, so a load that comes and
    # goes weighs on both.
    a, b = [], []
    for _ in range(runs):
        a.append(timed(one_by_one, independent))
        b.append(timed(batched, independent))
    wa, wb = statistics.median(w for w, _ in a), statistics.median(w for w, _ in b)
    ca, cb = statistics.median(c for _, c in a), statistics.median(c for _, c in b)
    print(
        f"{name:20} independent={independent!s:5}  wall: one by one {wa:6.3f}  verify() {wb:6.3f}"
        f"  ratio {wb / wa:4.2f}   cpu: {ca:6.3f} {cb:6.3f}"
    )
EOF
done
fi

if section 2; then
echo "== memory: $N deals ($(du -m "$tmp/many.tarok" | cut -f1) MB), peak resident set (KiB)"
rss() { /usr/bin/time -f %M taskset -c "$CORES" "$PY" -c "$1" "$tmp/many.tarok" 2>&1 >/dev/null | tail -1; }
echo "import tarok only:             $(rss 'import sys, tarok')"
echo "verify(path):                  $(rss 'import sys, tarok
n = 0
for r in tarok.verify(sys.argv[1]):
    n += 1
assert n == '"$N"', n')"
echo "verify(read(path)):            $(rss 'import sys, tarok
n = 0
for r in tarok.verify(tarok.read(sys.argv[1])):
    n += 1
assert n == '"$N"', n')"
echo "verify(read(path), indep.):    $(rss 'import sys, tarok
n = 0
for r in tarok.verify(tarok.read(sys.argv[1]), independent=True):
    n += 1
assert n == '"$N"', n')"
fi

section 3 || exit 0
echo "== against the CLI: $N Danish deals, one core, median of $RUNS paired runs"
cp "$tmp/many.tarok" "$tmp/many2.tarok"
taskset -c 0 "$PY" - "$tmp/many.tarok" "$RUNS" "$TAROK" <<'EOF'
import resource, statistics, subprocess, sys, time

import tarok

path, runs, cli = sys.argv[1], int(sys.argv[2]), sys.argv[3]


def python_side() -> int:
    n = 0
    for _ in tarok.verify(path):
        n += 1
    return n


def batch_side() -> None:
    # The one call of the package that verifies a whole file and gives back
    # no object a record: the three tables of `tarok.frames` as Arrow IPC
    # bytes (what `tarok convert --to arrow` writes), without pyarrow.
    tarok._tarok._frames([path], False)


def cli_side() -> None:
    # Exit 1 is "violations found", a verdict, not a failure.
    done = subprocess.run([cli, "verify", path], stdout=subprocess.DEVNULL)
    assert done.returncode in (0, 1), done.returncode


def cpu(who: int) -> float:
    r = resource.getrusage(who)  # every thread of the process, or the children
    return r.ru_utime + r.ru_stime


def timed(f, who):
    start, used = time.perf_counter(), cpu(who)
    f()
    return time.perf_counter() - start, cpu(who) - used


py, sh, fr = [], [], []
n = python_side()
for _ in range(runs):
    # Paired: the three alternate run by run, so a load that comes and goes
    # weighs on all.
    py.append(timed(python_side, resource.RUSAGE_SELF))
    sh.append(timed(cli_side, resource.RUSAGE_CHILDREN))
    fr.append(timed(batch_side, resource.RUSAGE_SELF))
p, c, f = (statistics.median(w for w, _ in x) for x in (py, sh, fr))
pc, cc, fc = (statistics.median(u for _, u in x) for x in (py, sh, fr))
print(f"python verify(path): {n / p:9.0f} records/s ({p:.3f} s; cpu {pc:.3f} s)")
print(f"tarok verify:        {n / c:9.0f} records/s ({c:.3f} s; cpu {cc:.3f} s)")
print(f"python / cli:        {c / p:9.2f} (wall), {cc / pc:.2f} (cpu)")
print(f"python _frames:      {n / f:9.0f} records/s ({f:.3f} s; cpu {fc:.3f} s); / cli {c / f:.2f} (wall), {cc / fc:.2f} (cpu)")
EOF
echo "peak RSS (KiB), one core: verify(path) $(/usr/bin/time -f %M taskset -c 0 "$PY" -c 'import sys, tarok
for r in tarok.verify(sys.argv[1]):
    pass' "$tmp/many.tarok" 2>&1 >/dev/null | tail -1), _frames $(/usr/bin/time -f %M taskset -c 0 "$PY" -c 'import sys, tarok
tarok._tarok._frames([sys.argv[1]], False)' "$tmp/many.tarok" 2>&1 >/dev/null | tail -1), tarok verify $(/usr/bin/time -f %M taskset -c 0 "$TAROK" verify "$tmp/many.tarok" 2>&1 >/dev/null | tail -1)"
# The control: what two cores give here at all (a shared machine may not
# have two free): two `tarok verify` processes at once against one after
# the other, each on one thread.
RAYON_NUM_THREADS=1 taskset -c 0,1 "$PY" - "$tmp/many.tarok" "$tmp/many2.tarok" "$RUNS" "$TAROK" <<'EOF'
import statistics, subprocess, sys, time

paths, runs, cli = sys.argv[1:3], int(sys.argv[3]), sys.argv[4]
one, two = [], []
for _ in range(runs):
    start = time.perf_counter()
    for p in paths:
        subprocess.run([cli, "verify", p], stdout=subprocess.DEVNULL)
    one.append(time.perf_counter() - start)
    start = time.perf_counter()
    both = [subprocess.Popen([cli, "verify", p], stdout=subprocess.DEVNULL) for p in paths]
    for b in both:
        b.wait()
    two.append(time.perf_counter() - start)
a, b = statistics.median(one), statistics.median(two)
print(f"control: two tarok verify, one after the other {a:.3f} s, at once {b:.3f} s; scaling {a / b:.2f}x")
EOF
# Each file verified on one thread (RAYON_NUM_THREADS=1: the pipeline's
# one-thread way, as on one core), so that the pool's scaling measures the
# GIL; then as the package does by default, each file on both cores.
for threads in 1 default; do
  if [ "$threads" = 1 ]; then export RAYON_NUM_THREADS=1; else unset RAYON_NUM_THREADS; fi
  echo -n "threads a file: $threads; "
  taskset -c 0,1 "$PY" - "$tmp/many.tarok" "$tmp/many2.tarok" "$RUNS" <<'EOF'
import statistics, sys, time
from concurrent.futures import ThreadPoolExecutor

import tarok

paths, runs = sys.argv[1:3], int(sys.argv[3])


def count(path: str) -> int:
    return sum(1 for _ in tarok.verify(path))


one, two = [], []
for _ in range(runs):
    start = time.perf_counter()
    for p in paths:
        count(p)
    one.append(time.perf_counter() - start)
    start = time.perf_counter()
    with ThreadPoolExecutor(2) as pool:
        list(pool.map(count, paths))
    two.append(time.perf_counter() - start)
a, b = statistics.median(one), statistics.median(two)
print(f"two files one after the other: {a:.3f} s; a pool of two threads: {b:.3f} s; scaling {a / b:.2f}x")
EOF
done

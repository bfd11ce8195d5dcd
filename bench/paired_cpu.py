#!/usr/bin/env python3
"""CPU time of `tarok verify` for several builds on one file, paired.

    bench/paired_cpu.py FILE BIN [BIN...]     # e.g. target/release/tarok /work/baseline/tarok

Each round runs every binary once, in turn, pinned to one core (`taskset -c 0`),
output to /dev/null; RUNS (default 15) rounds. For each binary: the median and
the least CPU time (user + system, from getrusage: microseconds, where
`/usr/bin/time` gives hundredths) and the median wall time; then each binary's
median and least CPU time over the first's. On a machine shared with other jobs
the least CPU time is the steadiest figure (interference only ever adds time);
`bench/speed.sh` gives MB/s, records/s and memory.
"""

import os
import resource
import statistics
import subprocess
import sys
import time


def run(binary: str, path: str) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        ["taskset", "-c", "0", binary, "verify", path],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def main() -> None:
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    path, binaries = sys.argv[1], sys.argv[2:]
    runs = int(os.environ.get("RUNS", "15"))
    records = sum(1 for line in open(path, "rb") if line.startswith(b"[Variant "))
    cpu: dict[str, list[float]] = {b: [] for b in binaries}
    wall: dict[str, list[float]] = {b: [] for b in binaries}
    for _ in range(runs):
        for b in binaries:
            c, w = run(b, path)
            cpu[b].append(c)
            wall[b].append(w)
    first = binaries[0]
    print(f"{path}: {records} records, {runs} rounds")
    print(f"{'binary':40} {'cpu med s':>10} {'cpu min s':>10} {'wall med s':>10} "
          f"{'rec/cpu s':>10} {'med/first':>9} {'min/first':>9}")
    for b in binaries:
        med, low = statistics.median(cpu[b]), min(cpu[b])
        print(f"{b[-40:]:40} {med:10.3f} {low:10.3f} {statistics.median(wall[b]):10.3f} "
              f"{records / med:10.0f} {med / statistics.median(cpu[first]):9.3f} "
              f"{low / min(cpu[first]):9.3f}")


if __name__ == "__main__":
    main()

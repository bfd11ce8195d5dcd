"""Verify a folder of JSON Lines on a Dask cluster and write the findings as
Parquet (issue 28).

Each ``.jsonl`` file is one task: a file is one session (scores, pots and the
dealer's turn carry over from deal to deal), as ``tarok verify`` makes it, so
a file is never split. Each worker verifies its files with the tarok package
(``tarok.verify(path)``, the CLI's own reader and pipeline) and the results
go to two Parquet datasets, written by the workers:

- ``OUT/findings/``: one row a finding (file, record, kind, rule, seat,
  trick, card, claimed, computed, line, column, message);
- ``OUT/deals/``: one row a deal (file, record, variant, settled, the
  number of findings, ``total_0`` .. ``total_3``: the totals by seat).

Run it on a machine (a ``LocalCluster``)::

    python dask_verify.py archive/ out/ --workers 4

or on a cluster you already have (every worker needs ``pip install tarok``)::

    python dask_verify.py archive/ out/ --scheduler tcp://10.0.0.5:8786

Needs ``dask[distributed]``, pandas and pyarrow. Each worker is given one
thread, and tarok one thread in it (``RAYON_NUM_THREADS=1``), so that the
cluster's cores are Dask's to share out.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import sys
from typing import Any, Optional

# Before tarok is loaded in a worker (the workers inherit the environment).
os.environ.setdefault("RAYON_NUM_THREADS", "1")

import dask.dataframe as dd
import pandas as pd
import pyarrow as pa  # type: ignore[import-untyped]
from dask.base import compute
from dask.delayed import Delayed, delayed
from distributed import Client, LocalCluster

import tarok

FINDINGS = pa.schema(
    [
        ("file", pa.string()),
        ("record", pa.int64()),
        ("kind", pa.string()),
        ("rule", pa.string()),
        ("seat", pa.int64()),
        ("trick", pa.int64()),
        ("card", pa.string()),
        ("claimed", pa.int64()),
        ("computed", pa.int64()),
        ("line", pa.int64()),
        ("column", pa.int64()),
        ("message", pa.string()),
    ]
)
DEALS = pa.schema(
    [
        ("file", pa.string()),
        ("record", pa.int64()),
        ("variant", pa.string()),
        ("settled", pa.bool_()),
        ("findings", pa.int64()),
    ]
    # The totals by seat, a column a seat (null for a seat not at the table,
    # or a deal not settled): plain columns, which every engine reads.
    + [(f"total_{seat}", pa.int64()) for seat in range(4)]
)


def verify_file(path: str) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The findings and the deals of one file, as two frames (run on a worker)."""
    findings: list[dict[str, Any]] = []
    deals: list[dict[str, Any]] = []
    for index, report in enumerate(tarok.verify(path)):
        for f in report.findings:
            findings.append(
                {
                    "file": path, "record": index, "kind": f.kind, "rule": f.rule,
                    "seat": f.seat, "trick": f.trick, "card": f.card, "claimed": f.claimed,
                    "computed": f.computed, "line": f.line, "column": f.column,
                    "message": f.message,
                }
            )
        deals.append(
            {
                "file": path, "record": index, "variant": report.variant,
                "settled": report.settled, "findings": len(report.findings),
            }
            | {f"total_{seat}": total for seat, total in enumerate(report.totals)}
        )
    return (
        pa.Table.from_pylist(findings, schema=FINDINGS).to_pandas(),
        pa.Table.from_pylist(deals, schema=DEALS).to_pandas(),
    )


def run(folder: pathlib.Path, out: pathlib.Path, client: Client) -> int:
    """Verifies every ``.jsonl`` file under ``folder`` on ``client``'s cluster,
    writes ``out/findings`` and ``out/deals``; returns the number of files."""
    files = sorted(str(p) for p in folder.rglob("*.jsonl"))
    if not files:
        raise SystemExit(f"{folder}: no .jsonl file")
    parts = [delayed(verify_file, pure=True)(f) for f in files]
    findings = dd.from_delayed([p[0] for p in parts], meta=FINDINGS.empty_table().to_pandas())
    deals = dd.from_delayed([p[1] for p in parts], meta=DEALS.empty_table().to_pandas())
    writes: list[Delayed] = [
        findings.to_parquet(out / "findings", schema=FINDINGS, write_index=False, compute=False),
        deals.to_parquet(out / "deals", schema=DEALS, write_index=False, compute=False),
    ]
    # One graph: each file is verified once for both datasets.
    compute(*writes)  # type: ignore[no-untyped-call]
    return len(files)


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("folder", type=pathlib.Path, help="a folder of .jsonl files (walked)")
    ap.add_argument("out", type=pathlib.Path, help="where OUT/findings and OUT/deals go")
    ap.add_argument("--workers", type=int, default=2, help="local workers (default 2)")
    ap.add_argument("--scheduler", help="the address of a running scheduler instead")
    args = ap.parse_args(argv)
    # distributed's constructors (and dask's compute) carry no type hints: hence the ignores.
    if args.scheduler:
        with Client(args.scheduler) as client:  # type: ignore[no-untyped-call]
            n = run(args.folder, args.out, client)
    else:
        cluster = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=args.workers, threads_per_worker=1, processes=True
        )
        with cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
            n = run(args.folder, args.out, client)
    print(f"{n} file(s) verified; findings in {args.out / 'findings'}, deals in {args.out / 'deals'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

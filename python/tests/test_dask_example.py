"""Issue 28, beyond one machine: ``python/examples/dask_verify.py`` verifies a
folder of JSON Lines on a ``LocalCluster`` of two workers and writes the
findings and deals as Parquet; its totals and findings are those of ``tarok
verify --format json`` on each file. Needs the tarok binary (``target/`` or
``$TAROK``) for the inputs and the comparison, and dask[distributed],
pandas, pyarrow; skipped, with the reason, without them.
"""

import json
import pathlib
import subprocess
import sys
from typing import Any, Optional

import pytest

from _cli import ROOT, TAROK

pytest.importorskip("distributed", reason="dask[distributed] is not installed")
pd = pytest.importorskip("pandas", reason="pandas is not installed")
pytest.importorskip("pyarrow", reason="pyarrow is not installed")

EXAMPLE = ROOT / "python/examples/dask_verify.py"

pytestmark = pytest.mark.skipif(TAROK is None, reason="no tarok binary built (cargo build, or set $TAROK)")


def tarok_cli(*args: str, stdout: Any = subprocess.PIPE) -> "subprocess.CompletedProcess[str]":
    assert TAROK is not None
    return subprocess.run([str(TAROK), "-q", *args], stdout=stdout, stderr=subprocess.PIPE, text=True,
                          env={"NO_COLOR": "1"})


def test_dask_example_gives_verifys_totals(tmp_path: pathlib.Path) -> None:
    archive = tmp_path / "archive"
    (archive / "sub").mkdir(parents=True)
    files = [archive / "danish.jsonl", archive / "koenigrufen.jsonl", archive / "sub" / "french.jsonl"]
    for seed, (path, variant) in enumerate(zip(files, ["danish-tarok", "koenigrufen", "french-tarot"]), 1):
        with path.open("w") as sink:
            done = tarok_cli("gen", "--variant", variant, "--seed", str(seed), "--count", "40", "--to", "jsonl",
                             stdout=sink)
        assert done.returncode == 0, done.stderr
    # A claim off by two in one deal: a finding to find, with its amounts.
    lines = files[1].read_text(encoding="utf-8").splitlines()
    deal = json.loads(lines[3])
    deal["claim"]["entries"][1]["amount"] -= 2
    lines[3] = json.dumps(deal)
    files[1].write_text("\n".join(lines) + "\n", encoding="utf-8")

    out = tmp_path / "out"
    done = subprocess.run([sys.executable, str(EXAMPLE), str(archive), str(out), "--workers", "2"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "3 file(s) verified" in done.stdout

    deals = pd.read_parquet(out / "deals")
    findings = pd.read_parquet(out / "findings")
    want_deals = []
    want_findings = []
    for path in files:
        for line in tarok_cli("verify", "--format", "json", str(path)).stdout.splitlines():
            v = json.loads(line)
            totals = v.get("totals", [])
            want_deals.append((str(path), v["record"], v["variant"], len(v["violations"]))
                              + tuple(totals[s] if s < len(totals) else None for s in range(4)))
            want_findings += [(str(path), v["record"], f["kind"], f.get("rule"), f.get("claimed"), f.get("computed"))
                              for f in v["violations"]]

    def total(x: Any) -> Optional[int]:
        return None if pd.isna(x) else int(x)

    got_deals = sorted(
        (r.file, int(r.record), r.variant, int(r.findings), total(r.total_0), total(r.total_1), total(r.total_2),
         total(r.total_3))
        for r in deals.itertuples()
    )
    assert got_deals == sorted(want_deals)
    assert len(got_deals) == 120

    def opt(x: Any) -> Any:
        return None if pd.isna(x) else (int(x) if isinstance(x, float) else x)

    got_findings = sorted((r.file, int(r.record), r.kind, opt(r.rule), opt(r.claimed), opt(r.computed))
                          for r in findings.itertuples())
    assert got_findings == sorted(want_findings)
    assert any(f[2] == "claim-mismatch" for f in got_findings)
